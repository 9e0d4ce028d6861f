"""Tensor methods that mirror the functional ops, attached to ``Tensor`` at import.

MindSpore 2.10 overloads many methods: ``x.sum(axis=0, keepdims=True)`` (NumPy style)
and ``x.sum(dim=0, keepdim=True)`` (PyTorch style) are both valid, and ``x.max(axis=0)``
returns values while ``x.max(dim=0)`` returns ``(values, indices)``. Each method here
accepts the spellings MindSpore accepts, unwraps ``_t``, calls torch once and wraps.
"""
import ast
import builtins
import inspect
import types

import torch

from ..autodiff._core import state as _autodiff_state
from . import dtype as mstype
from .parameter import Parameter
from .tensor import Tensor, _unwrap_index, _wrap

_to_torch_dtype = mstype.to_torch
_Type = mstype.Type
_int32 = torch.int32
_float32 = torch.float32

__all__ = []


def _u(x):
    """Unwrap a Tensor operand; Python scalars and torch tensors pass through."""
    return x._t if isinstance(x, Tensor) else x


def _dims(axis):
    """MindSpore axis (None, int, tuple, list, empty tuple = all) → torch ``dim``."""
    if axis is None or axis == ():
        return None
    if isinstance(axis, list):
        return tuple(axis)
    return axis


def _pick(primary, *aliases, default=None):
    """The first of ``primary`` and its alias keywords that was given."""
    if primary is not None:
        return primary
    for a in aliases:
        if a is not None:
            return a
    return default


def _fail(name, exc, self):
    """Re-raise a torch error from ``Tensor.name`` as MindSpore does: TypeError for dtypes, ValueError otherwise,
    naming the method and the tensor's shape and dtype."""
    msg = str(exc).split("\n")[0]
    low = msg.lower()
    kind = TypeError if ("dtype" in low or "not implemented for" in low or "expected scalar type" in low) else ValueError
    raise kind(f"For 'Tensor.{name}' on a tensor of shape {tuple(self._t.shape)} and dtype {self.dtype}: {msg}") from None


_functional = {}


def _op(name):
    """The functional op ``name`` (``ops`` imports ``common``, so it is looked up on first use)."""
    fn = _functional.get(name)
    if fn is None:
        from ..ops import function
        fn = _functional[name] = getattr(function, name)
    return fn


def _no_bool(name, self):
    """TypeError for a Bool tensor, which MindSpore 2.10's kernel for ``Tensor.name`` does not take."""
    if self._t.dtype == torch.bool:
        raise TypeError(f"For 'Tensor.{name}', the input must not be Bool")


def _float_only(name, self):
    """TypeError unless the tensor is floating-point (MindSpore 2.10 has no integer or Bool kernel)."""
    if not self._t.is_floating_point():
        raise TypeError(f"For 'Tensor.{name}', the input must be a float Tensor, but got {self.dtype}")


def _float_or_complex(name, self):
    """TypeError unless the tensor is float or complex (MindSpore 2.10 has no integer or Bool kernel)."""
    t = self._t
    if not (t.is_floating_point() or t.is_complex()):
        raise TypeError(f"For 'Tensor.{name}', the input must be a float or complex Tensor, but got {self.dtype}")


def _complex_only(name, self):
    """TypeError unless the tensor is complex (MindSpore 2.10's kernel takes no other)."""
    if not self._t.is_complex():
        raise TypeError(f"For 'Tensor.{name}', the input must be a complex Tensor, but got {self.dtype}")


def _integral(name, self):
    """TypeError for a float or complex tensor (a bitwise kernel takes integers and Bool only)."""
    t = self._t
    if t.is_floating_point() or t.is_complex():
        raise TypeError(f"For 'Tensor.{name}', the input must be an integer or Bool Tensor, but got {self.dtype}")


def _rank_at_least_1(name, self):
    """ValueError for a 0-d tensor, which MindSpore 2.10's cumulative kernels refuse."""
    if self._t.dim() == 0:
        raise ValueError(f"For 'Tensor.{name}', the rank of the input must be greater than 0, but got 0")


# The dtype check of a method whose MindSpore 2.10 kernel takes fewer dtypes than its functional op (which
# computes integers in Float32): ``Tensor.acos`` runs the ``ACos`` Primitive, which has no integer or Bool kernel.
_METHOD_CHECKS = {
    **dict.fromkeys(("acos", "acosh", "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctanh", "asin",
                     "asinh", "atan", "atanh", "cos", "cosh", "exp", "expm1", "log", "log10", "log1p", "log2",
                     "rsqrt", "sin", "sinh", "tan"), _float_or_complex),
    **dict.fromkeys(("erf", "erfc", "erfinv", "floor", "isinf", "isneginf", "isposinf", "logit", "nan_to_num"),
                    _float_only),
    "sgn": _no_bool, "sign": _no_bool, "angle": _complex_only, "minimum": _no_bool, "bitwise_not": _integral,
    "cummin": _rank_at_least_1, "cumprod": _rank_at_least_1,
}


def _promotes_to_float(name, self, other):
    """TypeError unless the tensor and ``other`` promote to a float or complex dtype: MindSpore 2.10's kernel for
    ``Tensor.name`` (Atan2, Xlogy) is float only."""
    dt = torch.result_type(self._t, _u(other))
    if not (dt.is_floating_point or dt.is_complex):
        raise TypeError(f"For 'Tensor.{name}', the inputs must promote to a float Tensor, but got {self.dtype} "
                        f"and {other.dtype if isinstance(other, Tensor) else builtins.type(other).__name__}")


def _shape_args(shape):
    """``f(2, 3)`` and ``f((2, 3))`` both mean shape (2, 3)."""
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        return tuple(shape[0])
    return shape


# ---------------------------------------------------------------------------- shape
def reshape(self, *shape):
    """Return a tensor with the same data and a new shape (``-1`` infers one dimension)."""
    shape = _shape_args(shape)
    try:
        return _wrap(self._t.reshape(shape))
    except RuntimeError as e:
        raise ValueError(f"For 'Tensor.reshape', cannot reshape a tensor of shape {tuple(self._t.shape)} "
                         f"into shape {tuple(shape)}: {e}") from None


def view(self, *shape):
    """Reshape (``view(2, -1)``/``view((2, 3))``) or reinterpret the bytes as a dtype (``view(ms.int32)``)."""
    if not shape:
        raise TypeError("For 'Tensor.view', a shape or a dtype is required, but got no argument")
    if len(shape) == 1 and isinstance(shape[0], _Type):
        return _wrap(self._t.view(shape[0]._torch))
    shape = _shape_args(shape)
    try:
        return _wrap(self._t.reshape(shape))
    except RuntimeError as e:
        raise ValueError(f"For 'Tensor.view', cannot view a tensor of shape {tuple(self._t.shape)} "
                         f"as shape {tuple(shape)}: {e}") from None


def reshape_as(self, other):
    try:
        return _wrap(self._t.reshape(other._t.shape))
    except (RuntimeError, IndexError) as e:
        _fail("reshape_as", e, self)


def expand_dims(self, axis):
    """Insert a dimension of size 1 at ``axis``."""
    n = self._t.dim() + 1
    if not -n <= axis < n:
        raise ValueError(f"For 'Tensor.expand_dims', the 'axis' must be in range of [{-n}, {n}), but got {axis}")
    return _wrap(self._t.unsqueeze(axis))


def unsqueeze(self, dim):
    try:
        return _wrap(self._t.unsqueeze(dim))
    except (RuntimeError, IndexError) as e:
        _fail("unsqueeze", e, self)


def squeeze(self, *axis, **kwargs):
    """Remove size-1 dimensions: all of them, or those in ``axis`` (int or tuple, also given as the
    keyword ``axis`` or ``dim``); others are kept."""
    if kwargs:
        unknown = set(kwargs) - {"axis", "dim"}
        if unknown or axis or len(kwargs) > 1:
            raise TypeError(f"For 'Tensor.squeeze', the arguments must be 'axis' (or 'dim') once, but got "
                            f"{len(axis)} positional and the keywords {sorted(kwargs)}")
        axis = tuple(kwargs.values())
    try:
        if not axis or axis == (None,):
            return _wrap(self._t.squeeze())
        if len(axis) == 1:
            axis = axis[0]
        if isinstance(axis, list):
            axis = tuple(axis)
        return _wrap(self._t.squeeze(axis))
    except (RuntimeError, IndexError) as e:
        _fail("squeeze", e, self)


def transpose(self, *axes):
    """NumPy-style: ``transpose()`` reverses the axes, ``transpose(2, 0, 1)`` or ``transpose((2, 0, 1))``
    permutes them; with two axes on a tensor of higher rank the two axes are swapped (``dim0, dim1``)."""
    try:
        t = self._t
        if not axes or axes == (None,):
            return _wrap(t.permute(*range(t.dim() - 1, -1, -1)))
        if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
            axes = tuple(axes[0])
        if len(axes) == 2 and t.dim() != 2:
            return _wrap(t.transpose(axes[0], axes[1]))
        if len(axes) != t.dim():
            raise ValueError(f"For 'Tensor.transpose', the permutation {axes} must have one entry per dimension "
                             f"of the tensor of shape {tuple(t.shape)}")
        return _wrap(t.permute(axes))
    except (RuntimeError, IndexError) as e:
        _fail("transpose", e, self)


def permute(self, *dims):
    try:
        return _wrap(self._t.permute(_shape_args(dims)))
    except (RuntimeError, IndexError) as e:
        _fail("permute", e, self)


def swapaxes(self, axis0, axis1):
    try:
        return _wrap(self._t.transpose(axis0, axis1))
    except (RuntimeError, IndexError) as e:
        _fail("swapaxes", e, self)


def swapdims(self, dim0, dim1):
    return _wrap(self._t.transpose(dim0, dim1))


def moveaxis(self, source, destination):
    try:
        return _wrap(torch.movedim(self._t, source, destination))
    except (RuntimeError, IndexError) as e:
        _fail("moveaxis", e, self)


movedim = moveaxis


def t(self):
    return _wrap(self._t.t())


def flatten(self, start_dim=0, end_dim=-1, *, order="C"):
    """Flatten dimensions ``start_dim``..``end_dim`` (all by default); ``order='F'`` flattens column-major."""
    try:
        t = self._t
        if order == "F":
            t = t.permute(*range(t.dim() - 1, -1, -1))
        if t.dim() == 0:
            return _wrap(t.reshape(1))
        return _wrap(t.flatten(start_dim, end_dim))
    except (RuntimeError, IndexError) as e:
        _fail("flatten", e, self)


def ravel(self):
    return _wrap(self._t.reshape(-1))


def broadcast_to(self, *shape):
    try:
        return _wrap(self._t.expand(_shape_args(shape)))
    except (RuntimeError, IndexError) as e:
        _fail("broadcast_to", e, self)


def expand(self, *size):
    try:
        return _wrap(self._t.expand(_shape_args(size)))
    except (RuntimeError, IndexError) as e:
        _fail("expand", e, self)


def tile(self, dims):
    try:
        return _wrap(self._t.tile(dims))
    except (RuntimeError, IndexError) as e:
        _fail("tile", e, self)


def repeat(self, *repeats, axis=None):
    """Repeat the tensor ``repeats[i]`` times along dimension ``i`` (``repeat(3, 2)`` or ``repeat((3, 2))``).

    With ``axis``, or fewer repeats than dimensions, it is NumPy's ``repeat``: each element
    is repeated ``repeats`` times along ``axis`` (the flattened tensor when ``axis`` is None).
    """
    if not repeats:
        raise TypeError("For 'Tensor.repeat', the 'repeats' is required, but got no argument")
    try:
        t = self._t
        if len(repeats) == 1 and isinstance(repeats[0], (tuple, list)):
            repeats = tuple(repeats[0])
        if axis is None and len(repeats) >= builtins.max(t.dim(), 1):
            return _wrap(t.repeat(repeats))
        r = repeats[0] if len(repeats) == 1 else torch.tensor(repeats, device=t.device)
        r = r._t if isinstance(r, Tensor) else r
        if axis is None:
            return _wrap(t.reshape(-1).repeat_interleave(r))
        return _wrap(t.repeat_interleave(r, axis))
    except (RuntimeError, IndexError) as e:
        _fail("repeat", e, self)


def repeat_interleave(self, repeats, dim=None, *, output_size=None):
    """``ops.repeat_interleave(self, repeats, dim)`` (``output_size`` is only a hint of the result's length)."""
    return _op("repeat_interleave")(self, repeats, dim)


def narrow(self, dim, start, length):
    try:
        return _wrap(self._t.narrow(dim, start, length))
    except (RuntimeError, IndexError) as e:
        _fail("narrow", e, self)


def select(self, dim, index):
    """Two MindSpore overloads: ``select(dim, index)`` picks one slice along ``dim``; ``select(condition, y)``
    is ``ops.select(condition, self, y)`` (a Bool ``condition``; MindSpore 2.10 refuses others with TypeError)."""
    if isinstance(dim, Tensor):
        if dim._t.dtype != torch.bool:
            raise TypeError(f"For 'Tensor.select', the 'condition' must be a Bool Tensor, but got {dim.dtype}")
        return _op("select")(dim, self, index)
    try:
        return _wrap(self._t.select(dim, index))
    except (RuntimeError, IndexError) as e:
        _fail("select", e, self)


def unbind(self, dim=0):
    try:
        return tuple(_wrap(o) for o in self._t.unbind(dim))
    except (RuntimeError, IndexError) as e:
        _fail("unbind", e, self)


def split(self, split_size_or_sections, axis=0, *, dim=None):
    """Split into chunks of ``split_size_or_sections`` rows (int) or of the listed sizes."""
    try:
        out = self._t.split(split_size_or_sections, _pick(dim, default=axis))
        return tuple(_wrap(o) for o in out)
    except (RuntimeError, IndexError) as e:
        _fail("split", e, self)


def chunk(self, chunks, dim=0, *, axis=None):
    try:
        return tuple(_wrap(o) for o in self._t.chunk(chunks, _pick(axis, default=dim)))
    except (RuntimeError, IndexError) as e:
        _fail("chunk", e, self)


def hsplit(self, indices_or_sections):
    """``ops.hsplit``: an int splits axis 1 into nearly equal parts."""
    return _op("hsplit")(self, indices_or_sections)


def vsplit(self, indices_or_sections):
    """``ops.vsplit``: an int splits axis 0 into nearly equal parts."""
    return _op("vsplit")(self, indices_or_sections)


def flip(self, dims):
    try:
        return _wrap(self._t.flip(dims if isinstance(dims, (tuple, list)) else (dims,)))
    except (RuntimeError, IndexError) as e:
        _fail("flip", e, self)


def roll(self, shifts, dims=None):
    try:
        return _wrap(self._t.roll(shifts, dims))
    except (RuntimeError, IndexError) as e:
        _fail("roll", e, self)


def rot90(self, k, dims):
    return _wrap(self._t.rot90(k, dims))


def diagonal(self, offset=0, axis1=0, axis2=1):
    try:
        return _wrap(self._t.diagonal(offset, axis1, axis2))
    except (RuntimeError, IndexError) as e:
        _fail("diagonal", e, self)


def diag(self):
    from ..ops.function import array_func  # ops imports common: a module-level import would be circular
    return array_func.diag(self)


def tril(self, diagonal=0):
    try:
        return _wrap(self._t.tril(diagonal))
    except (RuntimeError, IndexError) as e:
        _fail("tril", e, self)


def triu(self, diagonal=0):
    try:
        return _wrap(self._t.triu(diagonal))
    except (RuntimeError, IndexError) as e:
        _fail("triu", e, self)


def trace(self, offset=0, axis1=0, axis2=1, dtype=None):
    """Sum along a diagonal (over ``axis1`` and ``axis2``); integers sum to Int64, a Bool tensor gives Bool
    (whether the diagonal holds a True), as MindSpore 2.10's ``Tensor.trace``."""
    t = self._t
    if t.dim() < 2:
        raise RuntimeError(f"For 'Tensor.trace', the tensor must have at least 2 dimensions, but got shape "
                           f"{tuple(t.shape)}")
    try:
        out = t.diagonal(offset, axis1, axis2).sum(-1)
    except (RuntimeError, IndexError) as e:
        _fail("trace", e, self)
    if dtype is not None:
        return _wrap(out.to(_to_torch_dtype(dtype)))
    return _wrap(out.bool() if t.dtype == torch.bool else out)


def resize(self, *new_shape):
    """A new tensor of ``new_shape`` holding the data in order, cut or padded with zeros (MindSpore 2.10; NumPy's
    ``resize`` repeats the data instead); without a shape, a copy."""
    if not new_shape:
        return _wrap(self._t.clone())
    shape = _shape_args(new_shape)
    flat = self._t.reshape(-1)
    n = 1
    for s in shape:
        n *= s
    if n > flat.numel():
        flat = torch.cat([flat, flat.new_zeros(n - flat.numel())])
    return _wrap(flat[:n].reshape(shape))


def sum_to_size(self, *size):
    return _wrap(self._t.sum_to_size(_shape_args(size)))


# ---------------------------------------------------------------------------- reductions
def _reduce_args(axis, dim, keepdims, keepdim, keep_dims):
    return _dims(_pick(dim, default=axis)), bool(_pick(keepdim, keep_dims, default=keepdims))


def sum(self, axis=None, dtype=None, keepdims=False, initial=None, *, dim=None, keepdim=None, keep_dims=None):
    """Sum over ``axis`` (int, tuple, None = all). Integer and bool inputs sum to Int64 as in MindSpore.

    Both MindSpore overloads are accepted: ``sum(axis, dtype, keepdims, initial)`` and
    ``sum(dim, keepdim, *, dtype)`` (a bool second argument is ``keepdim``)."""
    try:
        if axis is None and dtype is None and initial is None and dim is None and not keepdims \
                and keepdim is None and keep_dims is None:
            # The sum of all elements, as losses take it: torch's shortest overload parses fastest.
            return _wrap(torch.sum(self._t))
        if dtype is not None and not isinstance(dtype, _Type):
            keepdims, dtype = dtype, None
        d, k = _reduce_args(axis, dim, keepdims, keepdim, keep_dims)
        t = self._t
        if dtype is not None:
            t = t.to(dtype._torch)
        out = torch.sum(t, d, k)
        if initial is not None:
            out = out + initial
        return _wrap(out)
    except (RuntimeError, IndexError) as e:
        _fail("sum", e, self)


def nansum(self, axis=None, keepdims=False, *, dtype=None, dim=None, keepdim=None):
    """``ops.nansum``; ``dim``/``keepdim`` are the PyTorch-style spellings MindSpore also accepts."""
    d, k = _reduce_args(axis, dim, keepdims, keepdim, None)
    return _op("nansum")(self, d, k, dtype=dtype)


def mean(self, axis=None, keep_dims=False, *, dtype=None, dim=None, keepdim=None, keepdims=None):
    """Mean over ``axis``; integer inputs give a truncated mean of their own dtype, as in MindSpore."""
    _no_bool_kernel("mean", self)
    try:
        d = _dims(_pick(dim, default=axis))
        k = bool(_pick(keepdim, keepdims, default=keep_dims))
        t = self._t
        if dtype is not None:
            t = t.to(_to_torch_dtype(dtype))
        if t.is_floating_point() or t.is_complex():
            return _wrap(torch.mean(t, d, k))
        return _wrap(torch.mean(t.double(), d, k).to(t.dtype))
    except (RuntimeError, IndexError) as e:
        _fail("mean", e, self)


def prod(self, axis=None, keep_dims=False, dtype=None, *, dim=None, keepdim=None, keepdims=None):
    """Product over ``axis`` (int, tuple or None)."""
    try:
        d = _dims(_pick(dim, default=axis))
        k = bool(_pick(keepdim, keepdims, default=keep_dims))
        t = self._t
        if dtype is not None:
            t = t.to(_to_torch_dtype(dtype))
        if d is None:
            out = torch.prod(t)
            if k:
                out = out.reshape((1,) * t.dim())
            return _wrap(out)
        if isinstance(d, tuple):
            for a in sorted((a % t.dim() for a in d), reverse=True):
                t = torch.prod(t, a, k)
            return _wrap(t)
        return _wrap(torch.prod(t, d, k))
    except (RuntimeError, IndexError) as e:
        _fail("prod", e, self)


def _extreme(self, name, fn_all, fn_dim, axis, keepdims, dim, keepdim, initial, where, return_indices):
    t = self._t
    if dim is not None:
        # PyTorch-style overload: (values, Int64 indices).
        v, i = fn_dim(t, dim, bool(keepdim))
        return _wrap(v), _wrap(i)
    if return_indices:
        v, i = fn_dim(t, 0 if axis is None else axis, bool(keepdims))
        return _wrap(v), _wrap(i)
    if where is not None:
        fill = initial if initial is not None else (float("-inf") if name == "max" else float("inf"))
        t = torch.where(_u(where), t, torch.as_tensor(fill, dtype=t.dtype, device=t.device))
    d = _dims(axis)
    out = fn_all(t, () if d is None else d, bool(keepdims))
    if initial is not None:
        out = (torch.clamp_min if name == "max" else torch.clamp_max)(out, initial)
    return _wrap(out)


def _no_bool_kernel(name, self):
    """RuntimeError for a Bool tensor: MindSpore 2.10's CPU reduction kernel for ``Tensor.name`` has none."""
    if self._t.dtype == torch.bool:
        raise RuntimeError(f"For 'Tensor.{name}', MindSpore 2.10 has no kernel for a Bool tensor")


def _no_bool_extreme(name, self, dim, axis):
    """MindSpore 2.10 has no Bool kernel for ``Tensor.max``/``min``: the reduction of all elements is a RuntimeError,
    one along an axis (MaxDim, ArgMaxWithValue) a TypeError."""
    if self._t.dtype == torch.bool:
        if dim is None and axis is None:
            _no_bool_kernel(name, self)
        _no_bool(name, self)


def _extreme_overload(name, dim, keepdim, axis, keepdims, initial, where, return_indices):
    """MindSpore's choice between ``max``/``min``'s two overloads: a NumPy-style keyword (``keepdims``,
    ``initial``, ``where``, ``return_indices``) makes a positional first argument the ``axis`` of the
    overload that returns values, as in ``x.max(0, keepdims=True)``; without one, ``x.max(0)`` is the
    PyTorch-style ``(values, indices)``. Returns ``(dim, keepdim, axis, keepdims)``."""
    if keepdims is None and initial is None and where is None and not return_indices:
        return dim, keepdim, axis, False
    if keepdim is not None and keepdims is not None:
        raise TypeError(f"{name}() got multiple values for argument 'keepdims'.")
    if dim is not None and axis is None:
        dim, axis = None, dim
    return dim, keepdim, axis, bool(keepdims or keepdim)


def max(self, dim=None, keepdim=None, *, axis=None, keepdims=None, initial=None, where=None,
        return_indices=False):
    """Maximum. ``max(axis=..., keepdims=...)`` returns values; ``max(dim)`` returns ``(values, indices)``
    (see ``_extreme_overload``)."""
    _no_bool_extreme("max", self, dim, axis)
    dim, keepdim, axis, keepdims = _extreme_overload("max", dim, keepdim, axis, keepdims, initial, where,
                                                     return_indices)
    try:
        if dim is None and axis is None and initial is None and where is None and not return_indices:
            return _wrap(torch.amax(self._t, (), bool(keepdims or keepdim)))
        return _extreme(self, "max", torch.amax, torch.max, axis, keepdims, dim, keepdim, initial, where,
                        return_indices)
    except (RuntimeError, IndexError) as e:
        _fail("max", e, self)


def min(self, dim=None, keepdim=None, *, axis=None, keepdims=None, initial=None, where=None,
        return_indices=False):
    """Minimum. ``min(axis=..., keepdims=...)`` returns values; ``min(dim)`` returns ``(values, indices)``
    (see ``_extreme_overload``)."""
    _no_bool_extreme("min", self, dim, axis)
    dim, keepdim, axis, keepdims = _extreme_overload("min", dim, keepdim, axis, keepdims, initial, where,
                                                     return_indices)
    try:
        if dim is None and axis is None and initial is None and where is None and not return_indices:
            return _wrap(torch.amin(self._t, (), bool(keepdims or keepdim)))
        return _extreme(self, "min", torch.amin, torch.min, axis, keepdims, dim, keepdim, initial, where,
                        return_indices)
    except (RuntimeError, IndexError) as e:
        _fail("min", e, self)


def amax(self, axis=None, keepdims=False, *, initial=None, where=None):
    _no_bool("amax", self)
    try:
        return _extreme(self, "max", torch.amax, torch.max, axis, keepdims, None, None, initial, where, False)
    except (RuntimeError, IndexError) as e:
        _fail("amax", e, self)


def amin(self, axis=None, keepdims=False, *, initial=None, where=None):
    _no_bool("amin", self)
    try:
        return _extreme(self, "min", torch.amin, torch.min, axis, keepdims, None, None, initial, where, False)
    except (RuntimeError, IndexError) as e:
        _fail("amin", e, self)


def aminmax(self, *, axis=0, keepdims=False):
    _no_bool("aminmax", self)
    lo, hi = torch.aminmax(self._t, dim=axis, keepdim=keepdims)
    return _wrap(lo), _wrap(hi)


def ptp(self, axis=None, keepdims=False):
    _no_bool("ptp", self)
    try:
        d = () if axis is None else axis
        return _wrap(torch.amax(self._t, d, keepdims) - torch.amin(self._t, d, keepdims))
    except (RuntimeError, IndexError) as e:
        _fail("ptp", e, self)


def argmax(self, axis=None, keepdims=False, *, dim=None, keepdim=None):
    """Index of the maximum (Int64), over the flattened tensor when ``axis`` is None (a Bool tensor's first True,
    as MindSpore 2.10's)."""
    t = self._t
    if t.dtype == torch.bool:
        t = t.to(torch.uint8)
    try:
        return _wrap(torch.argmax(t, _pick(dim, default=axis), bool(_pick(keepdim, default=keepdims))))
    except (RuntimeError, IndexError) as e:
        _fail("argmax", e, self)


def argmin(self, axis=None, keepdims=False, *, dim=None, keepdim=None):
    """``ops.argmin``; ``dim``/``keepdim`` are the PyTorch-style spellings MindSpore also accepts."""
    return _op("argmin")(self, _pick(dim, default=axis), bool(_pick(keepdim, default=keepdims)))


def argmax_with_value(self, axis=0, keep_dims=False):
    """``(values, Int64 indices)`` of the maxima along ``axis``."""
    _no_bool("argmax_with_value", self)
    v, i = torch.max(self._t, axis, keep_dims)
    return _wrap(v), _wrap(i)


def argmin_with_value(self, axis=0, keep_dims=False):
    """``(values, Int64 indices)`` of the minima along ``axis``."""
    _no_bool("argmin_with_value", self)
    v, i = torch.min(self._t, axis, keep_dims)
    return _wrap(v), _wrap(i)


def all(self, axis=None, keep_dims=False, *, keepdims=None, dim=None, keepdim=None):
    try:
        d = _dims(_pick(dim, default=axis))
        k = bool(_pick(keepdim, keepdims, default=keep_dims))
        t = self._t
        if d is None:
            out = torch.all(t)
            return _wrap(out.reshape((1,) * t.dim()) if k else out)
        return _wrap(torch.all(t, d, k))
    except (RuntimeError, IndexError) as e:
        _fail("all", e, self)


def any(self, axis=None, keep_dims=False, *, keepdims=None, dim=None, keepdim=None):
    try:
        d = _dims(_pick(dim, default=axis))
        k = bool(_pick(keepdim, keepdims, default=keep_dims))
        t = self._t
        if d is None:
            out = torch.any(t)
            return _wrap(out.reshape((1,) * t.dim()) if k else out)
        return _wrap(torch.any(t, d, k))
    except (RuntimeError, IndexError) as e:
        _fail("any", e, self)


def _variance(self, name, axis, ddof, keepdims, dim, correction, keepdim, unbiased):
    """The variance of ``Tensor.var``/``Tensor.std``. An integer tensor's deviations are taken from its truncated
    integer mean (``Tensor.mean``'s), in Float32, as MindSpore 2.10 computes them; it has no Bool kernel."""
    _no_bool_kernel(name, self)
    d, k = _reduce_args(axis, dim, keepdims, keepdim, None)
    c = _pick(correction, default=ddof if unbiased is None else int(unbiased))
    t = self._t
    if t.is_floating_point() or t.is_complex():
        return torch.var(t, d, correction=c, keepdim=k)
    centred = (t - mean(self, d, True)._t).to(_float32)
    n = centred.numel() // builtins.max(torch.sum(centred, d, k).numel(), 1)
    return torch.sum(centred * centred, d, k) / (n - c)


def std(self, axis=None, ddof=0, keepdims=False, *, dim=None, correction=None, keepdim=None, unbiased=None):
    """Standard deviation with ``ddof`` (default 0: population, as MindSpore's ``Tensor.std``)."""
    try:
        return _wrap(torch.sqrt(_variance(self, "std", axis, ddof, keepdims, dim, correction, keepdim, unbiased)))
    except (RuntimeError, IndexError) as e:
        if str(e).startswith("For '"):
            raise
        _fail("std", e, self)


def var(self, axis=None, ddof=0, keepdims=False, *, dim=None, correction=None, keepdim=None, unbiased=None):
    """Variance with ``ddof`` (default 0: population, as MindSpore's ``Tensor.var``)."""
    try:
        return _wrap(_variance(self, "var", axis, ddof, keepdims, dim, correction, keepdim, unbiased))
    except (RuntimeError, IndexError) as e:
        if str(e).startswith("For '"):
            raise
        _fail("var", e, self)


def logsumexp(self, dim, keepdim=False, *, axis=None, keepdims=None):
    _float_only("logsumexp", self)
    try:
        return _wrap(torch.logsumexp(self._t, _pick(axis, default=dim), bool(_pick(keepdims, default=keepdim))))
    except (RuntimeError, IndexError) as e:
        _fail("logsumexp", e, self)


def median(self, axis=-1, keepdims=False, *, dim=None, keepdim=None):
    try:
        v, i = torch.median(self._t, _pick(dim, default=axis), bool(_pick(keepdim, default=keepdims)))
        return _wrap(v), _wrap(i)
    except (RuntimeError, IndexError) as e:
        _fail("median", e, self)


def nanmedian(self, axis=-1, keepdims=False):
    """Median ignoring NaN along ``axis``: ``(values, Int64 indices)``. MindSpore 2.10's kernel takes Float32,
    Float64, Int16, Int32 and Int64 tensors (TypeError for others)."""
    if self._t.dtype not in (torch.float32, torch.float64, torch.int16, torch.int32, torch.int64):
        raise TypeError(f"For 'Tensor.nanmedian', the input must be a Float32, Float64, Int16, Int32 or Int64 "
                        f"Tensor, but got {self.dtype}")
    v, i = torch.nanmedian(self._t, axis, keepdims)
    return _wrap(v), _wrap(i)


def count_nonzero(self, dim=None, *, axis=None):
    _no_bool("count_nonzero", self)
    try:
        return _wrap(torch.count_nonzero(self._t, _pick(axis, default=dim)).to(_int32))
    except (RuntimeError, IndexError) as e:
        _fail("count_nonzero", e, self)


def norm(self, ord=None, dim=None, keepdim=False, *, dtype=None):
    """``ops.norm``."""
    return _op("norm")(self, ord, dim, keepdim, dtype=dtype)


def kthvalue(self, k, dim=-1, keepdim=False):
    try:
        v, i = torch.kthvalue(self._t, k, dim, keepdim)
        return _wrap(v), _wrap(i)
    except (RuntimeError, IndexError) as e:
        _fail("kthvalue", e, self)


# ---------------------------------------------------------------------------- cumulative
_CUMSUM_TO_INT32 = (torch.bool, torch.int8, torch.int16, torch.uint8)


def cumsum(self, dim=None, *, dtype=None, axis=None):
    """Cumulative sum along ``dim`` (``axis``); the flattened tensor when neither is given."""
    _rank_at_least_1("cumsum", self)
    try:
        d = _pick(dim, default=axis)
        t = self._t
        if d is None:
            t, d = t.reshape(-1), 0
        if dtype is not None and _to_torch_dtype(dtype) != t.dtype:
            return _wrap(torch.cumsum(t, d, dtype=_to_torch_dtype(dtype)))
        # MindSpore sums Bool and integers narrower than Int32 in Int32 (also when dtype names the input's own
        # dtype) and keeps other dtypes; torch widens every integer to Int64, and has no UInt16+ kernel to ask for.
        return _wrap(torch.cumsum(t, d).to(torch.int32 if t.dtype in _CUMSUM_TO_INT32 else t.dtype))
    except (RuntimeError, IndexError) as e:
        _fail("cumsum", e, self)


def cummax(self, axis):
    _no_bool("cummax", self)
    _rank_at_least_1("cummax", self)
    try:
        v, i = torch.cummax(self._t, axis)
        return _wrap(v), _wrap(i)
    except (RuntimeError, IndexError) as e:
        _fail("cummax", e, self)


def logcumsumexp(self, axis):
    _float_only("logcumsumexp", self)
    _rank_at_least_1("logcumsumexp", self)
    return _wrap(torch.logcumsumexp(self._t, axis))


# ---------------------------------------------------------------------------- element-wise
def _unary(fn, name, doc=None):
    check = _METHOD_CHECKS.get(name)

    def method(self):
        if check is not None:
            check(name, self)
        return _wrap(fn(self._t))
    method.__name__ = method.__qualname__ = name
    method.__doc__ = doc or f"Element-wise ``{name}`` (``torch.{fn.__name__}``)."
    return method


def _binary(fn, name):
    def method(self, other):
        return _wrap(fn(self._t, other._t if isinstance(other, Tensor) else other))
    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"Element-wise ``{name}`` of the tensor and ``other`` (a Tensor or a number), broadcasting."
    return method


def _binary_tensor_other(fn, name):
    """A binary op whose torch function takes only tensors: a number ``other`` becomes a 0-d tensor,
    which promotes like a Python scalar."""
    def method(self, other):
        t = self._t
        o = other._t if isinstance(other, Tensor) else torch.as_tensor(other, device=t.device)
        return _wrap(fn(t, o))
    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"Element-wise ``{name}`` of the tensor and ``other`` (a Tensor or a number), broadcasting."
    return method


def _float_unary(fn, name):
    """A unary op MindSpore defines on floats: integer inputs are computed in Float32."""
    def method(self):
        t = self._t
        return _wrap(fn(t if t.is_floating_point() or t.is_complex() else t.to(_float32)))
    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"Element-wise ``{name}``; integer inputs are computed in Float32."
    return method


_UNARY = {
    "log1p": torch.log1p, "sqrt": torch.sqrt, "sin": torch.sin, "sinc": torch.sinc, "isnan": torch.isnan,
    "isinf": torch.isinf, "isfinite": torch.isfinite, "isreal": torch.isreal, "signbit": torch.signbit,
    "logical_not": torch.logical_not, "bitwise_not": torch.bitwise_not,
}
_FLOAT_UNARY = {"reciprocal": torch.reciprocal}


def digamma(self):
    """Digamma of a float tensor (MindSpore 2.10 refuses integers and Bool)."""
    _float_only("digamma", self)
    return _wrap(torch.digamma(self._t))


def lgamma(self):
    """Log-gamma (MindSpore 2.10 refuses Bool; integers are computed in Float32)."""
    _no_bool("lgamma", self)
    return _wrap(torch.lgamma(self._t if self._t.is_floating_point() else self._t.to(_float32)))

_BINARY = {
    "mul": torch.mul, "true_divide": torch.true_divide,
    "maximum": torch.maximum, "ldexp": torch.ldexp,
    "float_power": torch.float_power, "eq": torch.eq, "ne": torch.ne, "lt": torch.lt, "le": torch.le, "gt": torch.gt,
    "ge": torch.ge, "greater": torch.gt, "greater_equal": torch.ge, "less": torch.lt, "less_equal": torch.le,
    "not_equal": torch.ne, "equal": torch.eq,
}

for _name, _fn in _UNARY.items():
    globals()[_name] = _unary(_fn, _name)
for _name, _fn in _FLOAT_UNARY.items():
    globals()[_name] = _float_unary(_fn, _name)
_NEEDS_TENSOR_OTHER = {"maximum", "ldexp"}
for _name, _fn in _BINARY.items():
    globals()[_name] = (_binary_tensor_other if _name in _NEEDS_TENSOR_OTHER else _binary)(_fn, _name)


def xlogy(self, other):
    """``ops.xlogy``; MindSpore 2.10's kernel is float only: two integer or Bool tensors raise TypeError (a number
    ``other`` is taken as a float)."""
    if isinstance(other, Tensor):
        _promotes_to_float("xlogy", self, other)
    return _op("xlogy")(self, other)


def atan2(self, other):
    """``ops.atan2``; MindSpore 2.10's kernel is float only (TypeError unless the operands promote to a float)."""
    _promotes_to_float("atan2", self, other)
    return _op("atan2")(self, other)


def arctan2(self, other):
    """``ops.arctan2`` (see ``atan2``)."""
    _promotes_to_float("arctan2", self, other)
    return _op("arctan2")(self, other)


def bitwise_right_shift(self, other):
    """``ops.bitwise_right_shift``; a float Tensor ``other`` of an integer tensor is cast to the tensor's dtype first,
    as MindSpore 2.10's method does."""
    if isinstance(other, Tensor) and other._t.is_floating_point() and not self._t.is_floating_point() \
            and self._t.dtype != torch.bool:
        other = _wrap(other._t.to(self._t.dtype))
    return _op("bitwise_right_shift")(self, other)


def top_k(self, k, sorted=True):
    _no_bool("top_k", self)
    v, i = torch.topk(self._t, k, -1, True, sorted)
    return _wrap(v), _wrap(i.to(_int32))


# Methods whose MindSpore 2.10 behaviour is their functional op's, with the same parameters after the
# Tensor (the Tensor-method and op sweeps check it case by case): they call it, so one implementation
# serves both.
_AS_FUNCTIONAL = {  # name: its parameters after the Tensor (those of the functional op)
    "abs": "",
    "absolute": "",
    "acos": "",
    "acosh": "",
    "addbmm": "batch1, batch2, *, beta=1, alpha=1",
    "addmm": "mat1, mat2, *, beta=1, alpha=1",
    "addmv": "mat, vec, *, beta=1, alpha=1",
    "adjoint": "",
    "angle": "",
    "arccos": "",
    "arccosh": "",
    "arcsin": "",
    "arcsinh": "",
    "arctan": "",
    "arctanh": "",
    "argwhere": "",
    "asin": "",
    "asinh": "",
    "atan": "",
    "atanh": "",
    "baddbmm": "batch1, batch2, *, beta=1, alpha=1",
    "bincount": "weights=None, minlength=0",
    "bitwise_and": "other",
    "bitwise_left_shift": "other",
    "bitwise_or": "other",
    "bitwise_xor": "other",
    "ceil": "",
    "cholesky": "upper=False",
    "cholesky_inverse": "upper=False",
    "cholesky_solve": "input2, upper=False",
    "conj": "",
    "copysign": "other",
    "cos": "",
    "cosh": "",
    "cov": "*, correction=1, fweights=None, aweights=None",
    "cross": "other, dim=None",
    "cummin": "axis",
    "cumprod": "dim, dtype=None",
    "deg2rad": "",
    "det": "",
    "diagflat": "offset=0",
    "diagonal_scatter": "src, offset=0, dim1=0, dim2=1",
    "diff": "n=1, axis=-1, prepend=None, append=None",
    "dot": "other",
    "dsplit": "indices_or_sections",
    "eigvals": "",
    "erf": "",
    "erfc": "",
    "erfinv": "",
    "exp": "",
    "expand_as": "other",
    "expm1": "",
    "fills": "value",
    "fliplr": "",
    "flipud": "",
    "floor": "",
    "floor_divide": "other",
    "fmax": "other",
    "fmin": "other",
    "fmod": "other",
    "frac": "",
    "gather_nd": "indices",
    "gcd": "other",
    "geqrf": "",
    "ger": "vec2",
    "hardshrink": "lambd=0.5",
    "heaviside": "values",
    "histc": "bins=100, min=0.0, max=0.0",
    "hypot": "other",
    "i0": "",
    "index_fill": "axis, index, value",
    "inner": "other",
    "inplace_update": "v, indices",
    "inv": "",
    "inverse": "",
    "invert": "",
    "isclose": "other, rtol=1e-05, atol=1e-08, equal_nan=False",
    "isneginf": "",
    "isposinf": "",
    "lcm": "other",
    "log": "",
    "log10": "",
    "log2": "",
    "log_matrix_determinant": "",
    "logaddexp": "other",
    "logaddexp2": "other",
    "logdet": "",
    "logical_and": "other",
    "logical_or": "other",
    "logical_xor": "other",
    "logit": "eps=None",
    "lstsq": "A",
    "lu_solve": "LU_data, LU_pivots",
    "masked_select": "mask",
    "matrix_determinant": "",
    "matrix_power": "n",
    "minimum": "other",
    "msort": "",
    "nan_to_num": "nan=None, posinf=None, neginf=None",
    "nanmean": "axis=None, keepdims=False, *, dtype=None",
    "nanquantile": "q, axis=None, keepdims=False",
    "neg": "",
    "negative": "",
    "nextafter": "other",
    "nonzero": "*, as_tuple=False",
    "orgqr": "input2",
    "outer": "vec2",
    "positive": "",
    "quantile": "q, axis=None, keepdims=False",
    "rad2deg": "",
    "remainder": "other",
    "renorm": "p, axis, maxnorm",
    "reverse": "axis",
    "rsqrt": "",
    "sgn": "",
    "sigmoid": "",
    "sign": "",
    "sinh": "",
    "slice_scatter": "src, axis=0, start=None, end=None, step=1",
    "slogdet": "",
    "soft_shrink": "lambd=0.5",
    "square": "",
    "svd": "full_matrices=False, compute_uv=True",
    "tan": "",
    "tanh": "",
    "tensor_split": "indices_or_sections, axis=0",
    "trunc": "",
    "unfold": "kernel_size, dilation=1, padding=0, stride=1",
    "unsorted_segment_max": "segment_ids, num_segments",
    "unsorted_segment_min": "segment_ids, num_segments",
    "unsorted_segment_prod": "segment_ids, num_segments",
    "view_as": "other",
    "xdivy": "y",
}


class _Functional:
    """A Tensor method that is its functional op: ``x.name(...)`` is ``ops.name(x, ...)``. Its signature
    (``(self, <params>)``) is built when asked for, so that importing the package stays quick."""

    def __init__(self, name, params):
        self.__name__ = self.__qualname__ = name
        call = f"self, {params}" if params else "self"
        self.__doc__ = f"``ops.{name}({call})``, as MindSpore 2.10's ``Tensor.{name}`` is."
        self._params = params
        self._check = _METHOD_CHECKS.get(name)

    def __get__(self, tensor, owner=None):
        return self if tensor is None else types.MethodType(self, tensor)

    def __call__(self, tensor, *args, **kwargs):
        if self._check is not None:
            self._check(self.__name__, tensor)
        return _op(self.__name__)(tensor, *args, **kwargs)

    @property
    def __signature__(self):
        args = ast.parse(f"def f(self, {self._params}): pass").body[0].args
        kinds = [(a, inspect.Parameter.POSITIONAL_OR_KEYWORD) for a in args.args] + \
            [(a, inspect.Parameter.KEYWORD_ONLY) for a in args.kwonlyargs]
        defaults = [None] * (len(args.args) - len(args.defaults)) + args.defaults + args.kw_defaults
        return inspect.Signature([
            inspect.Parameter(a.arg, kind, default=inspect.Parameter.empty if d is None else ast.literal_eval(d))
            for (a, kind), d in zip(kinds, defaults)])


for _name, _params in _AS_FUNCTIONAL.items():
    globals()[_name] = _Functional(_name, _params)


def multiply(self, value):
    return _wrap(torch.mul(self._t, _u(value)))


def matmul(self, tensor2):
    """``ops.matmul(self, tensor2)``: NumPy broadcasting, 1-D operands are vectors."""
    return _op("matmul")(self, tensor2)


def mm(self, mat2):
    try:
        return _wrap(torch.mm(self._t, _u(mat2)))
    except (RuntimeError, IndexError) as e:
        _fail("mm", e, self)


def bmm(self, mat2):
    try:
        return _wrap(torch.bmm(self._t, _u(mat2)))
    except (RuntimeError, IndexError) as e:
        _fail("bmm", e, self)


def add(self, other, *, alpha=1):
    o = other._t if isinstance(other, Tensor) else other
    return _wrap(torch.add(self._t, o) if alpha == 1 else torch.add(self._t, o, alpha=alpha))


def sub(self, other, *, alpha=1):
    """``self - alpha * other``; two Bool tensors give their exclusive or (Bool), as MindSpore 2.10's method does
    (``ops.sub`` refuses Bool)."""
    t = self._t
    o = other._t if isinstance(other, Tensor) else other
    if t.dtype == torch.bool and isinstance(o, torch.Tensor) and o.dtype == torch.bool:
        return _wrap(torch.logical_xor(t, o))
    return _wrap(torch.sub(t, o) if alpha == 1 else torch.sub(t, o, alpha=alpha))


subtract = sub


def div(self, other, *, rounding_mode=None):
    """True division (integers divide to Float32); ``rounding_mode`` 'floor' or 'trunc' rounds the quotient."""
    o = other._t if isinstance(other, Tensor) else other
    return _wrap(torch.div(self._t, o, rounding_mode=rounding_mode))


divide = div


def pow(self, exponent):
    return _wrap(torch.pow(self._t, exponent._t if isinstance(exponent, Tensor) else exponent))


def clamp(self, min=None, max=None):
    """Clamp into ``[min, max]`` (Tensors or numbers; either may be None)."""
    try:
        lo, hi = _u(min), _u(max)
        if isinstance(lo, torch.Tensor) != isinstance(hi, torch.Tensor) and lo is not None and hi is not None:
            t = self._t
            lo = lo if isinstance(lo, torch.Tensor) else torch.as_tensor(lo, dtype=t.dtype, device=t.device)
            hi = hi if isinstance(hi, torch.Tensor) else torch.as_tensor(hi, dtype=t.dtype, device=t.device)
        return _wrap(torch.clamp(self._t, lo, hi))
    except (RuntimeError, IndexError) as e:
        _fail("clamp", e, self)


clip = clamp


def round(self, decimals=0):
    t = self._t
    if t.dtype == torch.bool:
        raise RuntimeError("For 'Tensor.round', MindSpore 2.10 has no kernel for a Bool tensor")
    if not t.is_floating_point():
        return _wrap(t.clone())
    return _wrap(torch.round(t, decimals=decimals) if decimals else torch.round(t))


def softmax(self, axis=None, dtype=None, *, dim=None):
    """Softmax along ``axis`` (or ``dim``), which MindSpore 2.10's method requires."""
    if axis is None and dim is None:
        raise TypeError("Tensor.softmax() missing 1 required positional argument: 'axis'")
    try:
        t = self._t if dtype is None else self._t.to(_to_torch_dtype(dtype))
        return _wrap(torch.softmax(t, _pick(dim, default=axis)))
    except (RuntimeError, IndexError) as e:
        _fail("softmax", e, self)


def lerp(self, end, weight):
    _float_only("lerp", self)
    return _wrap(torch.lerp(self._t, _u(end), _u(weight)))


def allclose(self, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    if isinstance(other, Tensor) and other._t.dtype != self._t.dtype:
        raise TypeError(f"For 'Tensor.allclose', the inputs must have the same dtype, but got {self.dtype} and "
                        f"{other.dtype}")
    return torch.allclose(self._t, _u(other), rtol, atol, equal_nan)


def approximate_equal(self, other, tolerance=1e-05):
    """Whether ``|self - other| < tolerance`` element-wise; ``other`` must be a Tensor (MindSpore 2.10: ValueError)."""
    if not isinstance(other, Tensor):
        raise ValueError(  # noqa: TRY004 - MindSpore 2.10 raises ValueError
            f"For 'Tensor.approximate_equal', the 'other' must be a Tensor, but got {other}")
    t, o = self._t, other._t
    if t.dtype == torch.bool or o.dtype == torch.bool:
        t, o = t.to(torch.int8), o.to(torch.int8)
    return _wrap(torch.abs(t - o) < tolerance)


def addcmul(self, tensor1, tensor2, value=1):
    if self._t.dtype not in _ADDCMUL_DTYPES:
        raise TypeError(f"For 'Tensor.addcmul', the input must be a BFloat16, Float16, Float32, Float64, Int8, "
                        f"UInt8, Int32 or Int64 Tensor, but got {self.dtype}")
    return _wrap(torch.addcmul(self._t, _u(tensor1), _u(tensor2), value=_u(value)))


_ADDCMUL_DTYPES = (torch.bfloat16, torch.float16, torch.float32, torch.float64, torch.int8, torch.uint8,
                   torch.int32, torch.int64)


def addcdiv(self, tensor1, tensor2, *, value=1):
    return _wrap(torch.addcdiv(self._t, _u(tensor1), _u(tensor2), value=_u(value)))


def addr(self, vec1, vec2, beta=1, alpha=1):
    """``ops.addr`` (``beta`` and ``alpha`` may be given by position here)."""
    return _op("addr")(self, vec1, vec2, beta=beta, alpha=alpha)


def mvlgamma(self, p):
    _float_only("mvlgamma", self)
    return _wrap(torch.mvlgamma(self._t, p))


def _igamma_inputs(name, self, other):
    """MindSpore 2.10's Igamma/Igammac take two Float32 or Float64 Tensors of one dtype (TypeError otherwise)."""
    if self._t.dtype not in (torch.float32, torch.float64):
        raise TypeError(f"For 'Tensor.{name}', the input must be a Float32 or Float64 Tensor, but got {self.dtype}")
    if not isinstance(other, Tensor) or other._t.dtype != self._t.dtype:
        got = other.dtype if isinstance(other, Tensor) else builtins.type(other).__name__
        raise TypeError(f"For 'Tensor.{name}', the 'other' must be a Tensor of the input's dtype {self.dtype}, "
                        f"but got {got}")
    return self._t, other._t


def igamma(self, other):
    return _wrap(torch.special.gammainc(*_igamma_inputs("igamma", self, other)))


def igammac(self, other):
    return _wrap(torch.special.gammaincc(*_igamma_inputs("igammac", self, other)))


def real(self):
    t = self._t
    return _wrap(torch.real(t) if t.is_complex() else t)


def imag(self):
    t = self._t
    return _wrap(torch.imag(t) if t.is_complex() else torch.zeros_like(t))


# ---------------------------------------------------------------------------- linear algebra


def qr(self, some=True):
    """``ops.qr``: the reduced factorisation, or with ``some=False`` the complete one."""
    return _op("qr")(self, "reduced" if some else "complete")


def triangular_solve(self, A, upper=True, transpose=False, unitriangular=False):
    """``mint.triangular_solve(self, A, ...)``: ``(X, A)`` with ``A X = self``."""
    # ops imports common: a module-level import would be circular
    from ..ops.function import linalg_func
    return linalg_func.triangular_solve(self, A, upper, transpose, unitriangular)


def ormqr(self, input2, input3, left=True, transpose=False):
    """``ops.ormqr(self, input2, input3, left, transpose)``."""
    return _op("ormqr")(self, input2, input3, left, transpose)


# ---------------------------------------------------------------------------- indexing and selection
def gather(self, input_indices, axis=None, batch_dims=0, *, dim=None, index=None):
    """Two MindSpore overloads: ``gather(input_indices, axis)`` takes whole slices along ``axis``
    (``ops.gather``), ``gather(dim, index)`` picks elements (``torch.gather``)."""
    t = self._t
    if index is not None or isinstance(input_indices, int) and isinstance(axis, Tensor):
        d = _pick(dim, default=input_indices)
        return _wrap(torch.gather(t, d, _u(_pick(index, default=axis))))
    idx = _u(input_indices)
    if not isinstance(idx, torch.Tensor):
        idx = torch.as_tensor(idx, device=t.device)
    if idx.is_floating_point():
        raise TypeError(f"For 'Tensor.gather', the 'input_indices' must be an integer tensor, but got {idx.dtype}")
    ax = (0 if axis is None else axis) % t.dim()
    if batch_dims:
        # The leading ``batch_dims`` axes of params and indices pair up: gather within each batch entry.
        b = batch_dims % idx.dim() if batch_dims < 0 else batch_dims
        lead = t.shape[:b]
        flat_t = t.reshape((-1,) + tuple(t.shape[b:]))
        flat_i = idx.reshape((-1,) + tuple(idx.shape[b:]))
        out = torch.stack([_take_along(p, i, ax - b) for p, i in zip(flat_t, flat_i)])
        return _wrap(out.reshape(tuple(lead) + tuple(out.shape[1:])))
    return _wrap(_take_along(t, idx, ax))


def _take_along(t, idx, ax):
    out = torch.index_select(t, ax, idx.reshape(-1))
    return out.reshape(t.shape[:ax] + idx.shape + t.shape[ax + 1:])


def gather_elements(self, dim, index):
    try:
        return _wrap(torch.gather(self._t, dim, _u(index)))
    except (RuntimeError, IndexError) as e:
        _fail("gather_elements", e, self)


def index_select(self, axis, index):
    try:
        return _wrap(torch.index_select(self._t, axis, _u(index)))
    except (RuntimeError, IndexError) as e:
        _fail("index_select", e, self)


def take(self, indices, axis=None, mode="clip"):
    """NumPy ``take``: out-of-range indices are clipped (``mode='clip'``) or wrapped (``'wrap'``). The indices
    must be an Int32/Int64 Tensor (MindSpore 2.10: TypeError otherwise)."""
    if not isinstance(indices, Tensor) or indices._t.dtype not in (torch.int32, torch.int64):
        got = indices.dtype if isinstance(indices, Tensor) else builtins.type(indices).__name__
        raise TypeError(f"For 'Tensor.take', the 'indices' must be an Int32 or Int64 Tensor, but got {got}")
    try:
        t = self._t
        idx = indices._t
        if axis is None:
            t, axis = t.reshape(-1), 0
        n = t.shape[axis]
        idx = idx.clamp(0, n - 1) if mode == "clip" else idx.remainder(n) if mode == "wrap" else idx
        out = torch.index_select(t, axis, idx.reshape(-1))
        return _wrap(out.reshape(t.shape[:axis] + idx.shape + t.shape[axis + 1:]))
    except (RuntimeError, IndexError) as e:
        _fail("take", e, self)


def index(self, indices):
    """``x[indices]`` for a tuple of index Tensors, one per leading dimension (MindSpore 2.10's ``Tensor.index``,
    which its CPU build does not run: NotImplementedError)."""
    if not isinstance(indices, (tuple, list)) or not builtins.all(isinstance(i, Tensor) for i in indices):
        raise TypeError(f"For 'Tensor.index', the 'indices' must be a tuple of Tensors, but got "
                        f"{builtins.type(indices).__name__}")
    try:
        return _wrap(self._t[tuple(i._t for i in indices)])
    except (RuntimeError, IndexError) as e:
        _fail("index", e, self)


def masked_fill(self, mask, value):
    try:
        return _wrap(self._t.masked_fill(_u(mask), _u(value)))
    except (RuntimeError, IndexError) as e:
        _fail("masked_fill", e, self)


def masked_scatter(self, mask, source):
    return _wrap(self._t.masked_scatter(_u(mask), _u(source)))


def where(self, condition, y):
    try:
        return _wrap(torch.where(_u(condition), self._t, _u(y)))
    except (RuntimeError, IndexError) as e:
        _fail("where", e, self)


def index_add(self, indices, y, axis, use_lock=True, check_index_bound=True):
    try:
        return _wrap(self._t.index_add(axis, _u(indices), _u(y)))
    except (RuntimeError, IndexError) as e:
        _fail("index_add", e, self)


def index_put(self, indices, values, accumulate=False):
    return _wrap(self._t.index_put(tuple(_u(i) for i in indices), _u(values), accumulate))


def scatter(self, axis, index, src, *, dim=None, value=None, reduce=None):
    try:
        s = _pick(value, default=_u(src))
        d = _pick(dim, default=axis)
        if reduce is None:
            return _wrap(self._t.scatter(d, _u(index), s))
        return _wrap(self._t.scatter(d, _u(index), s, reduce=reduce))
    except (RuntimeError, IndexError) as e:
        _fail("scatter", e, self)


def scatter_add(self, dim, index, src=None):
    """Two MindSpore overloads: ``scatter_add(dim, index, src)`` adds ``src`` along ``dim`` (``torch.scatter_add``),
    ``scatter_add(indices, updates)`` is ``ops.tensor_scatter_add``."""
    if src is None:
        if not isinstance(index, Tensor):
            raise TypeError(f"For 'Tensor.scatter_add', the 'updates' must be a Tensor, but got "
                            f"{builtins.type(index).__name__}")
        return _op("tensor_scatter_add")(self, dim, index)
    return _scatter_add_dim(self, dim, index, src)


def _scatter_add_dim(self, dim, index, src):
    try:
        return _wrap(self._t.scatter_add(dim, _u(index), _u(src)))
    except (RuntimeError, IndexError) as e:
        _fail("scatter_add", e, self)


# MindSpore 2.10's deprecated ``Tensor.scatter_<op>(indices, updates)`` are ``ops.tensor_scatter_<op>``
# (N-d indices), not the row-wise ``ops.scatter_<op>``.
def scatter_sub(self, indices, updates):
    return _op("tensor_scatter_sub")(self, indices, updates)


def scatter_mul(self, indices, updates):
    return _op("tensor_scatter_mul")(self, indices, updates)


def scatter_div(self, indices, updates):
    return _op("tensor_scatter_div")(self, indices, updates)


def scatter_max(self, indices, updates):
    return _op("tensor_scatter_max")(self, indices, updates)


def scatter_min(self, indices, updates):
    return _op("tensor_scatter_min")(self, indices, updates)


def select_scatter(self, src, axis, index):
    return _wrap(torch.select_scatter(self._t, _u(src), axis, index))


def searchsorted(self, v, side="left", sorter=None):
    """``ops.searchsorted(self, v)`` with Int32 indices; a number ``v`` needs a 1-D tensor (ValueError)."""
    if side not in ("left", "right"):
        raise ValueError(f"For 'Tensor.searchsorted', the 'side' must be 'left' or 'right', but got {side!r}")
    if not isinstance(v, Tensor):
        if self._t.dim() != 1:
            raise ValueError(f"For 'Tensor.searchsorted', 'v' can be a number only when the tensor is 1-D, but got "
                             f"shape {tuple(self._t.shape)}")
        v = Tensor(v)
    return _op("searchsorted")(self, v, out_int32=True, right=side == "right", sorter=sorter)


def choose(self, choices, mode="clip"):
    idx = self._t
    ch = torch.stack([_u(c) if isinstance(c, Tensor) else torch.as_tensor(c) for c in choices])
    n = ch.shape[0]
    idx = idx.clamp(0, n - 1) if mode == "clip" else idx.remainder(n) if mode == "wrap" else idx
    ch, idx = torch.broadcast_tensors(ch, idx.unsqueeze(0).expand((n,) + tuple(idx.shape)))
    return _wrap(torch.gather(ch, 0, idx[:1].long()).squeeze(0))


# ---------------------------------------------------------------------------- sorting
def sort(self, axis=-1, descending=False, *, dim=None, stable=False):
    """``ops.sort``: ``(values, Int32 indices)`` (``dim`` spells ``axis``); the sort is stable whatever
    ``stable`` says."""
    return _op("sort")(self, _pick(dim, default=axis), descending)


def argsort(self, axis=-1, descending=False, *, dim=None, stable=False):
    """``ops.argsort`` (``dim`` spells ``axis``); the sort is stable whatever ``stable`` says."""
    return _op("argsort")(self, _pick(dim, default=axis), descending)


def topk(self, k, dim=None, largest=True, sorted=True):
    """The ``k`` largest (or smallest) entries along ``dim`` (the last by default); Int32 indices."""
    if self._t.dim() == 0:
        raise RuntimeError("For 'Tensor.topk', the dimension of input must be greater than 0, but got a 0-d tensor")
    try:
        v, i = torch.topk(self._t, k, -1 if dim is None else dim, largest, sorted)
        return _wrap(v), _wrap(i.to(_int32))
    except (RuntimeError, IndexError) as e:
        _fail("topk", e, self)


def unique(self, sorted=True, return_inverse=False, return_counts=False, dim=None):
    out = torch.unique(self._t, sorted, return_inverse, return_counts, dim)
    if isinstance(out, tuple):
        return tuple(_wrap(o) for o in out)
    return _wrap(out)


def unique_consecutive(self, return_inverse=False, return_counts=False, dim=None):
    out = torch.unique_consecutive(self._t, return_inverse, return_counts, dim)
    if isinstance(out, tuple):
        return tuple(_wrap(o) for o in out)
    return _wrap(out)


# ---------------------------------------------------------------------------- conversion and creation
def bfloat16(self):
    return _wrap(self._t.to(torch.bfloat16))


def byte(self):
    return _wrap(self._t.to(torch.uint8))


def short(self):
    return _wrap(self._t.to(torch.int16))


def type(self, dtype=None):
    """The dtype name (``'Float32'``) without ``dtype``; otherwise a copy cast to ``dtype``."""
    if dtype is None:
        return str(self.dtype)
    return _wrap(self._t.to(_to_torch_dtype(dtype)))


def to(self, dtype=None, non_blocking=False, copy=False, *, device=None):
    """Cast and/or move: ``to(ms.float16)``, ``to("cpu")``/``to("GPU", ms.float16)`` or ``to(other)``
    (``other``'s dtype). ``copy=True`` always returns new memory."""
    t = self._t
    if isinstance(dtype, Tensor):
        dtype = dtype._t.dtype
    elif isinstance(dtype, str) and dtype.split(":")[0].upper() in ("CPU", "GPU", "CUDA", "ASCEND", "NPU"):
        device, dtype = dtype, (non_blocking if isinstance(non_blocking, (_Type, torch.dtype)) else None)
    if device is not None:
        name = str(device).upper()
        t = t.to("cpu" if name.startswith(("CPU", "ASCEND", "NPU")) else "cuda", non_blocking=bool(non_blocking))
    if dtype is not None:
        t = t.to(_to_torch_dtype(dtype))
    if copy and t is self._t:
        t = t.clone()
    return _wrap(t)


def type_as(self, other):
    return _wrap(self._t.to(other._t.dtype))


def ndimension(self):
    return self._t.dim()


def is_complex(self):
    return self._t.is_complex()


def is_signed(self):
    return self._t.is_signed()


def stride(self, dim=None):
    return self._t.stride() if dim is None else self._t.stride(dim)


def storage_offset(self):
    return self._t.storage_offset()


def data_ptr(self):
    return self._t.data_ptr()


def value(self):
    return self


def new_zeros(self, size, dtype=None):
    return _wrap(self._t.new_zeros(size, dtype=None if dtype is None else _to_torch_dtype(dtype)))


def new_ones(self, size, dtype=None):
    return _wrap(self._t.new_ones(size, dtype=None if dtype is None else _to_torch_dtype(dtype)))


def new_full(self, size, fill_value, *, dtype=None):
    return _wrap(self._t.new_full(size, _u(fill_value), dtype=None if dtype is None else _to_torch_dtype(dtype)))


def new_empty(self, size, *, dtype=None, device=None):
    return _wrap(self._t.new_empty(size, dtype=None if dtype is None else _to_torch_dtype(dtype)))


def fill(self, value):
    """A new tensor of this shape and dtype filled with ``value`` (MindSpore's deprecated ``Tensor.fill``)."""
    return _wrap(torch.full_like(self._t, _u(value)))




def fill_diagonal(self, fill_value, wrap=False):
    return _wrap(self._t.clone().fill_diagonal_(fill_value, wrap))


def itemset(self, *args):
    """``itemset(value)`` on a one-element tensor, or ``itemset(index, value)`` with a flat index or
    a tuple of indices: a copy with that element set. As in MindSpore, the tensor itself is left
    unchanged (NumPy's ``itemset`` writes in place)."""
    if len(args) == 1:
        if self._t.numel() != 1:
            raise IndexError("Only tensor which shape is (1,) support 1 arg that means omit index, but the tensor "
                             f"shape is {tuple(self._t.shape)} and got 1 input.")
        index, v = 0, args[0]
    else:
        index, v = args
    out = self._t.detach().clone(memory_format=torch.contiguous_format)
    if isinstance(index, tuple):
        out[index] = v
    else:
        size = out.numel()
        if not -size <= index < size:
            raise IndexError(f"index {index} is out of bounds for axis 0 with size {size}")
        out.view(-1)[index] = v
    return _wrap(out)


def to_coo(self):
    return _wrap(self._t.to_sparse_coo())


def to_csr(self):
    return _wrap(self._t.to_sparse_csr())


def get_bytes(self):
    return self.asnumpy().tobytes()


def register_hook(self, hook):
    """Call ``hook(grad)`` with this tensor's gradient during backward; returns a handle id."""
    def torch_hook(g):
        out = hook(_wrap(g))
        return None if out is None else out._t
    return self._t.register_hook(torch_hook)


def _size_arg(v):
    if isinstance(v, Tensor):
        v = v._t.tolist()
    return tuple(v) if isinstance(v, (list, tuple)) else v


def fold(self, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """Combine sliding blocks ``(N, C * prod(kernel_size), L)`` into ``(N, C, *output_size)`` (sums overlaps)."""
    return _wrap(torch.nn.functional.fold(self._t, _size_arg(output_size), _size_arg(kernel_size),
                                          _size_arg(dilation), _size_arg(padding), _size_arg(stride)))


def col2im(self, output_size, kernel_size, dilation, padding_value, stride):
    """``(N, C, prod(kernel_size), L)`` columns back to ``(N, C, *output_size)``."""
    t = self._t
    cols = t.reshape(t.shape[0], t.shape[1] * t.shape[2], t.shape[3])
    return _wrap(torch.nn.functional.fold(cols, _size_arg(output_size), _size_arg(kernel_size),
                                          _size_arg(dilation), _size_arg(padding_value), _size_arg(stride)))


def reverse_sequence(self, seq_lengths, seq_dim=0, batch_dim=0):
    """Reverse the first ``seq_lengths[b]`` elements along ``seq_dim`` of each batch entry ``b``."""
    from ..ops.function import array_func  # ops imports common: a module-level import would be circular
    return array_func.reverse_sequence(self, seq_lengths, seq_dim, batch_dim)


def unique_with_pad(self, pad_num):
    """``(unique values in first-appearance order padded with pad_num to the input length, index of each element)``."""
    from ..ops.function import array_func
    return array_func.unique_with_pad(self, pad_num)


def _device_of(name):
    name = str(name).upper()
    return torch.device("cuda" if name.startswith(("GPU", "CUDA")) else "cpu")


def to_(self, device=None, non_blocking=False):
    """Move this tensor to ``device`` ('CPU' or 'Ascend', as MindSpore 2.10 accepts: ValueError for others,
    None included) in place; returns ``self``."""
    if not isinstance(non_blocking, builtins.bool):
        raise ValueError(  # noqa: TRY004 - MindSpore 2.10 raises ValueError
            f"For 'Tensor.to_', the type of 'non_blocking' must be bool, but got {non_blocking}")
    if device not in ("Ascend", "CPU"):
        raise ValueError(f"For 'Tensor.to_', the value of 'device' must be one of ['Ascend', 'CPU'], but got {device}")
    if device is not None:
        self._t = self._t.to(_device_of(device), non_blocking=non_blocking)
    return self


def move_to(self, to, blocking=True):
    """A copy of this tensor on the device ``to`` ('CPU', 'GPU' or 'Ascend')."""
    return _wrap(self._t.to(_device_of(to), non_blocking=not blocking))


def set_dtype(self, dtype):
    """Change this tensor's dtype in place (the values are cast); returns ``self``."""
    self._t = self._t.to(_to_torch_dtype(dtype))
    return self


def set_(self, source=None, storage_offset=0, size=None, stride=None):
    """Make this tensor share ``source``'s data (a view of it with ``size``/``stride``); returns ``self``."""
    src = _u(source)
    if size is not None:
        src = src.as_strided(tuple(size), tuple(stride) if stride is not None else None, storage_offset)
    self._t = src
    return self


def to_dlpack(self):
    """A DLPack capsule sharing this tensor's memory."""
    return torch.utils.dlpack.to_dlpack(self._t)


def from_dlpack(dlpack):
    """A Tensor sharing the memory of a DLPack capsule (or an object with ``__dlpack__``)."""
    return _wrap(torch.from_dlpack(dlpack))


def remove_hook(self, handle):
    """Remove a hook added by ``register_hook`` (pass the handle it returned)."""
    handle.remove()


def pin_memory(self):
    """A copy in page-locked host memory (for fast transfer to a GPU); the tensor itself without CUDA."""
    return _wrap(self._t.pin_memory()) if torch.cuda.is_available() else self


def is_pinned(self):
    return self._t.is_pinned() if torch.cuda.is_available() else False


def is_shared(self):
    return self._t.is_shared()


def is_meta(self):
    return self._t.is_meta


def untyped_storage(self):
    return self._t.untyped_storage()


storage = untyped_storage


def data_sync(self, wait=True):
    """Wait for pending device work on this tensor (a CUDA synchronise; nothing to do on CPU)."""
    if wait and self._t.is_cuda:
        torch.cuda.synchronize(self._t.device)


def wait_pipeline(self):
    """Wait for pending device work on this tensor."""
    data_sync(self)


def symbolic_shape(self):
    """The shape; sporetorch shapes are always concrete."""
    return tuple(self._t.shape)


def const_arg(self):
    """Whether the tensor is a constant argument of a compiled network; sporetorch traces every Tensor."""
    return False


def set_const_arg(self, const_arg=True):
    """Accepted for compatibility: sporetorch's compiler specialises on shapes, not on marked constants."""
    return self


# ---------------------------------------------------------------------------- in-place updates
def _recording(t, new):
    """Whether autograd may need the current value of ``t`` (a differentiation is running,
    or either tensor is part of a graph)."""
    return torch.is_grad_enabled() and (_autodiff_state.depth > 0 or t.requires_grad
                                        or (isinstance(new, torch.Tensor) and new.requires_grad))


def _set(self, new):
    """Make ``new`` the value of ``self`` without breaking autograd.

    While autograd records, the wrapper is rebound to the new value, so tensors saved
    for backward are never overwritten; a plain Tensor keeps the graph of the update,
    a Parameter stores the value detached (its state never carries a graph into the next
    step). Otherwise the storage is updated in place, so every holder of the same torch
    tensor (views, a Parameter's data) sees the new value.
    """
    t = self._t
    if new.dtype != t.dtype:
        new = new.to(t.dtype)
    if _recording(t, new):
        if new.shape != t.shape:
            new = new.expand(t.shape).clone()
        self._t = new.detach() if isinstance(self, Parameter) else new
        return self
    with torch.no_grad():
        t.copy_(new)
    return self


def __setitem__(self, index, value):
    """``x[index] = value``: in place, or (while autograd records) on a copy that keeps the graph."""
    t = self._t
    v = _u(value)
    if isinstance(v, torch.Tensor) and v.dtype != t.dtype:
        v = v.to(t.dtype)
    index = _unwrap_index(index)
    if _recording(t, v):
        t = t.clone()
        t[index] = v
        self._t = t.detach() if isinstance(self, Parameter) else t
    else:
        t[index] = v


def assign_value(self, value):
    """Replace the data of this tensor by ``value`` (same shape after broadcasting)."""
    v = _u(value)
    if not isinstance(v, torch.Tensor):
        v = torch.as_tensor(v, dtype=self._t.dtype, device=self._t.device)
    return _set(self, v)


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
        except RuntimeError:  # the sum does not fit the tensor's dtype or shape
            pass
    return _update(self, torch.add(t, o, alpha=alpha))


def sub_(self, other, *, alpha=1):
    """``self -= alpha * other`` in place; returns ``self`` (see ``add_``). MindSpore 2.10 refuses a Bool tensor."""
    _no_bool("sub_", self)
    t, o = self._t, _u(other)
    if not _recording(t, o):
        try:
            t.sub_(o, alpha=alpha)
            return self
        except RuntimeError:
            pass
    return _update(self, torch.sub(t, o, alpha=alpha))


def mul_(self, other):
    """``self *= other`` in place; returns ``self`` (see ``add_``)."""
    t, o = self._t, _u(other)
    if not _recording(t, o):
        try:
            t.mul_(o)
            return self
        except RuntimeError:
            pass
    return _update(self, torch.mul(t, o))


def div_(self, other, *, rounding_mode=None):
    """``self /= other`` in place; returns ``self``. Integer and Bool tensors divide to Float32, returned as a new
    tensor (see ``add_``), as MindSpore 2.10's ``Tensor.div_`` returns them."""
    t, o = self._t, _u(other)
    if not _recording(t, o) and t.is_floating_point():
        try:
            t.div_(o, rounding_mode=rounding_mode)
            return self
        except RuntimeError:
            pass
    return _update(self, torch.div(t, o, rounding_mode=rounding_mode))


def fill_(self, value):
    """Fill with ``value`` in place; returns ``self``."""
    t, v = self._t, _u(value)
    if _recording(t, v):
        return _set(self, torch.full_like(t, v) if not isinstance(v, torch.Tensor) else v.expand(t.shape))
    t.fill_(v)
    return self


def zero_(self):
    """Fill with zeros in place; returns ``self``."""
    t = self._t
    if _recording(t, None):
        return _set(self, torch.zeros_like(t))
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
    return _update(self, torch.remainder(self._t, _u(other)))


def exp_(self):
    _float_or_complex("exp_", self)
    return _set(self, torch.exp(self._t))


def log_(self):
    return _set(self, torch.log(self._t))


def floor_(self):
    _no_bool("floor_", self)
    return _set(self, torch.floor(self._t))


def sigmoid_(self):
    return _set(self, torch.sigmoid(self._t))


def tanh_(self):
    return _set(self, torch.tanh(self._t))


def sign_(self):
    return _set(self, torch.sign(self._t))


def erfinv_(self):
    return _set(self, torch.erfinv(self._t))


def addmm_(self, mat1, mat2, *, beta=1, alpha=1):
    return _set(self, torch.addmm(self._t, _u(mat1), _u(mat2), beta=beta, alpha=alpha))


def requires_grad_(self, requires_grad=True):
    self._t.requires_grad_(requires_grad)
    return self


# ---------------------------------------------------------------------------- random
def _generator(generator):
    return None if generator is None else getattr(generator, "_generator", generator)


def uniform(self, from_=0.0, to=1.0, generator=None):
    """A new tensor like this one with values drawn uniformly from ``[from_, to)``."""
    return _wrap(torch.empty_like(self._t).uniform_(from_, to, generator=_generator(generator)))


def uniform_(self, from_=0, to=1, *, generator=None):
    return _set(self, torch.empty_like(self._t).uniform_(_u(from_), _u(to), generator=_generator(generator)))


def normal_(self, mean=0, std=1, *, generator=None):
    return _set(self, torch.empty_like(self._t).normal_(mean, std, generator=_generator(generator)))


def bernoulli(self, *, generator=None):
    return _wrap(torch.bernoulli(self._t, generator=_generator(generator)))


def bernoulli_(self, p=0.5, *, generator=None):
    return _set(self, torch.empty_like(self._t).bernoulli_(_u(p), generator=_generator(generator)))


def random_(self, from_=0, to=None, *, generator=None):
    g = _generator(generator)
    t = torch.empty_like(self._t)
    return _set(self, t.random_(from_, to, generator=g) if to is not None else t.random_(from_, generator=g))


def exponential_(self, lambd=1, *, generator=None):
    return _set(self, torch.empty_like(self._t).exponential_(lambd, generator=_generator(generator)))


def cauchy(self, median=0.0, sigma=1.0):
    return _set(self, torch.empty_like(self._t).cauchy_(median, sigma))


def log_normal(self, mean=1.0, std=2.0):
    return _set(self, torch.empty_like(self._t).log_normal_(mean, std))


def multinomial(self, num_samples, replacement=True, seed=None):
    """``num_samples`` category indices per row of the probabilities ``self`` (Int32, as MindSpore)."""
    return _wrap(torch.multinomial(self._t, num_samples, replacement).to(_int32))


def random_categorical(self, num_sample, seed=0, dtype=mstype.int64):
    out = torch.multinomial(torch.softmax(self._t, -1), num_sample, True)
    return _wrap(out.to(_to_torch_dtype(dtype)))


# ---------------------------------------------------------------------------- MindSpore runtime bookkeeping
# Attributes MindSpore's C++ tensor carries for its runtime (lazy initialisation, parameter-server caches,
# offloading, views of a parent tensor). A sporetorch Tensor is always materialised in torch, so they hold
# the values a plain MindSpore 2.10 Tensor reports. They are plain class attributes (not properties) so that
# Parameter, which sets some of them per instance, can still assign them.
_CONSTANTS = {"init_flag": False, "virtual_flag": False, "param_info": None, "init_finished": True, "delta_seed": 0,
              "index_of_parent_": None, "parent_tensor_": None}


def is_init(self):
    """Whether the tensor still waits for lazy initialisation: False, as for a MindSpore 2.10 Tensor."""
    return False


def hooks(self):
    """The backward hooks MindSpore's runtime keeps on the tensor object: ``[]`` (hooks registered with
    ``register_hook`` live in the autograd graph here)."""
    return []


def offload_file_path(self):
    """The file the tensor was offloaded to: ``''`` (tensors are never offloaded here)."""
    return ""


def flush_from_cache(self):
    """Write back a parameter-server cache (cache-enabled embeddings): nothing is cached here."""


# ---------------------------------------------------------------------------- attach
def _matrix(self, name):
    """The torch tensor, which must have at least 2 dimensions (MindSpore 2.10: ValueError)."""
    if self._t.dim() < 2:
        raise ValueError(f"For 'Tensor.{name}', the tensor must have at least 2 dimensions, but got shape "
                         f"{tuple(self._t.shape)}")
    return self._t


_PROPERTIES = {
    "mT": property(lambda self: _wrap(_matrix(self, "mT").mT), doc="The transpose of the last two dimensions."),
    "mH": property(lambda self: _wrap(_matrix(self, "mH").mH),
                   doc="The conjugate transpose of the last two dimensions."),
    "H": property(lambda self: _wrap(_matrix(self, "H").mH), doc="The conjugate transpose of a matrix."),
    "data": property(lambda self: _wrap(self._t.detach()), doc="The data without autograd history."),
}


def _attach(namespace):
    """Set every public function defined in this module on ``Tensor`` under its own name."""
    for name, prop in _PROPERTIES.items():
        setattr(Tensor, name, prop)
    for name, value in _CONSTANTS.items():
        setattr(Tensor, name, value)
    for name, fn in list(namespace.items()):
        if (name.startswith("_") and name != "__setitem__") or not callable(fn) \
                or getattr(fn, "__module__", None) != __name__:
            continue
        setattr(Tensor, name, staticmethod(fn) if name == "from_dlpack" else fn)
        __all__.append(name)


_attach(globals())
