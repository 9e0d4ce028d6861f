"""In-place methods of ``Tensor`` (``add_``, ``fill_``, ``x[i] = v``, ...), all through ``_set``."""
import torch

from ...ops import _errors
from ...ops.function import array_func, creation_func, math_func
from .._inplace import _recording, _set
from ..parameter import Parameter
from ..tensor import Tensor, _unwrap_index, _wrap
from ._common import _float_or_complex, _no_bool, _op, _u
from .elementwise import add, clamp, sub


def __setitem__(self, index, value):
    """``x[index] = value``: in place, or (while autograd records) on a copy that keeps the graph."""
    t = self._t
    v = _u(value)
    if isinstance(v, torch.Tensor) and v.dtype != t.dtype:
        v = v.to(t.dtype)
    index = _unwrap_index(index)
    try:
        if _recording(t, v):
            t = t.clone()
            t[index] = v
            self._t = t.detach() if isinstance(self, Parameter) else t
        else:
            t[index] = v
    except RuntimeError as e:  # a value that does not broadcast to the selection: MindSpore 2.10's ValueError
        _errors.fail("Tensor.__setitem__", e, input=self, value=value)


def assign_value(self, value):
    """``ops.assign``: replace the data of this tensor by ``value`` (same shape after broadcasting)."""
    return array_func.assign(self, value)


def copy_(self, src, non_blocking=False):
    return assign_value(self, src)


def _update(self, new):
    """The result of an in-place arithmetic method: ``self``, updated to ``new``, when ``new`` keeps the tensor's
    dtype and shape; otherwise ``new`` itself, ``self`` unchanged. MindSpore 2.10 returns the out-of-place result
    (an Int32 tensor plus a float operand is Float32, a 0-d tensor times a matrix is a matrix, integer true
    division is Float32), so a result that does not fit the tensor is returned rather than cast into it."""
    t = self._t
    if new.dtype != t.dtype or new.shape != t.shape:
        return _wrap(new)
    return _set(self, new)


def add_(self, other, *, alpha=1):
    """``self += alpha * other`` in place; returns ``self`` (a result that promotes or broadcasts beyond the
    tensor is returned as a new tensor, as MindSpore 2.10 returns it)."""
    t, o = self._t, _u(other)
    if not _recording(t, o):
        try:
            t.add_(o, alpha=alpha)
            return self
        except (RuntimeError, TypeError):  # the sum does not fit the tensor's dtype or shape: the op decides
            pass
    return _update(self, add(self, other, alpha=alpha)._t)


def sub_(self, other, *, alpha=1):
    """``self -= alpha * other`` in place; returns ``self`` (see ``add_``). MindSpore 2.10 refuses a Bool tensor."""
    _no_bool("sub_", self)
    t, o = self._t, _u(other)
    if not _recording(t, o):
        try:
            t.sub_(o, alpha=alpha)
            return self
        except (RuntimeError, TypeError):
            pass
    return _update(self, sub(self, other, alpha=alpha)._t)


def mul_(self, other):
    """``self *= other`` in place; returns ``self`` (see ``add_``)."""
    t, o = self._t, _u(other)
    if not _recording(t, o):
        try:
            t.mul_(o)
            return self
        except (RuntimeError, TypeError):
            pass
    return _update(self, math_func.mul(self, other)._t)


def div_(self, other, *, rounding_mode=None):
    """``self /= other`` in place; returns ``self``. Integer and Bool tensors divide to Float32, returned as a new
    tensor (see ``add_``), as MindSpore 2.10's ``Tensor.div_`` returns them."""
    t, o = self._t, _u(other)
    if not _recording(t, o) and t.is_floating_point():
        try:
            t.div_(o, rounding_mode=rounding_mode)
            return self
        except (RuntimeError, TypeError):
            pass
    return _update(self, math_func.div(self, other, rounding_mode=rounding_mode)._t)


def fill_(self, value):
    """Fill with ``value`` in place; returns ``self``."""
    t, v = self._t, _u(value)
    if _recording(t, v):
        return _set(self, creation_func.fills(self, v)._t if not isinstance(v, torch.Tensor) else v.expand(t.shape))
    t.fill_(v)
    return self


def zero_(self):
    """Fill with zeros in place; returns ``self``."""
    t = self._t
    if _recording(t, None):
        return _set(self, creation_func.zeros_like(self)._t)
    t.zero_()
    return self


def clamp_(self, min=None, max=None):
    """Clamp into ``[min, max]`` in place; returns ``self``."""
    return _set(self, clamp(self, min, max)._t)


def masked_fill_(self, mask, value):
    return _set(self, self._t.masked_fill(_u(mask), _u(value)))


def masked_scatter_(self, mask, source):
    return _set(self, self._t.masked_scatter(_u(mask), _u(source)))


def index_fill_(self, dim, index, value):
    return _set(self, self._t.index_fill(dim, _u(index), _u(value)))


def index_add_(self, dim, index, source, *, alpha=1):
    return _set(self, self._t.index_add(dim, _u(index), _u(source), alpha=alpha))


def index_copy_(self, dim, index, tensor):
    return _set(self, self._t.index_copy(dim, _u(index), _u(tensor)))


def index_put_(self, indices, values, accumulate=False):
    return _set(self, self._t.index_put(tuple(_u(i) for i in indices), _u(values), accumulate))


def put_(self, index, source, accumulate=False):
    return _set(self, self._t.put(_u(index), _u(source), accumulate))


def scatter_(self, dim, index, src, *, reduce=None):
    s = _u(src)
    new = self._t.scatter(dim, _u(index), s) if reduce is None else self._t.scatter(dim, _u(index), s, reduce=reduce)
    return _set(self, new)


def scatter_add_(self, dim, index, src):
    return _set(self, self._t.scatter_add(dim, _u(index), _u(src)))


def fill_diagonal_(self, fill_value, wrap=False):
    return _set(self, self._t.clone().fill_diagonal_(fill_value, wrap))


def floor_divide_(self, other):
    """``ops.floor_divide(self, other)`` in place; returns ``self`` (see ``add_``)."""
    return _update(self, _op("floor_divide")(self, other)._t)


def remainder_(self, other):
    """``self % other`` in place; returns ``self`` (see ``add_``). MindSpore 2.10 refuses a Bool tensor."""
    _no_bool("remainder_", self)
    return _update(self, _op("remainder")(self, other)._t)


def exp_(self):
    _float_or_complex("exp_", self)
    return _set(self, _op("exp")(self)._t)


def log_(self):
    return _set(self, _op("log")(self)._t)


def floor_(self):
    _no_bool("floor_", self)
    return _set(self, _op("floor")(self)._t)


def sigmoid_(self):
    return _set(self, _op("sigmoid")(self)._t)


def tanh_(self):
    return _set(self, _op("tanh")(self)._t)


def sign_(self):
    return _set(self, _op("sign")(self)._t)


def erfinv_(self):
    return _set(self, _op("erfinv")(self)._t)


def addmm_(self, mat1, mat2, *, beta=1, alpha=1):
    """``ops.addmm`` in place. MindSpore 2.10's in-place kernel reports every bad input when it runs: RuntimeError."""
    try:
        new = _op("addmm")(self, mat1, mat2, beta=beta, alpha=alpha)
    except (TypeError, ValueError) as e:
        if not (isinstance(mat1, Tensor) and isinstance(mat2, Tensor)):
            raise  # a non-Tensor argument is refused before the kernel runs (TypeError)
        raise RuntimeError(str(e)) from None
    return _set(self, new._t)


def requires_grad_(self, requires_grad=True):
    self._t.requires_grad_(requires_grad)
    return self
