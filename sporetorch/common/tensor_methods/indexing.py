"""Indexing, selection and sorting methods of ``Tensor``: gather, scatter, masked_fill, sort, topk ..."""
import builtins

import torch

from ...ops.function import array_func
from ..tensor import Tensor, _wrap
from ._common import _fail, _op, _pick, _u


def gather(self, input_indices, axis=None, batch_dims=0, *, dim=None, index=None):
    """Two MindSpore overloads: ``gather(input_indices, axis)`` takes whole slices along ``axis``
    (``ops.gather``), ``gather(dim, index)`` picks elements (``ops.gather_elements``)."""
    if index is not None or isinstance(input_indices, int) and isinstance(axis, Tensor):
        return array_func.gather_elements(self, _pick(dim, default=input_indices), _pick(index, default=axis))
    for name, value in (("axis", axis), ("batch_dims", batch_dims)):
        if value is not None and not isinstance(value, int):
            raise TypeError(f"For 'Tensor.gather', the '{name}' must be an int, but got {builtins.type(value).__name__}")
    if isinstance(input_indices, Tensor) and input_indices._t.is_floating_point():
        raise TypeError(f"For 'Tensor.gather', the 'input_indices' must be an integer tensor, but got "
                        f"{input_indices.dtype}")
    return array_func.gather(self, input_indices, 0 if axis is None else axis, batch_dims)


def gather_elements(self, dim, index):
    """``ops.gather_elements(self, dim, index)``."""
    return _op("gather_elements")(self, dim, index)


def index_select(self, axis, index):
    """``ops.index_select(self, axis, index)``; MindSpore 2.10's method takes an int ``axis`` only (TypeError)."""
    if not isinstance(axis, int):
        raise TypeError(f"For 'Tensor.index_select', the 'axis' must be an int, but got {builtins.type(axis).__name__}")
    return array_func.index_select(self, axis, index)


def take(self, indices, axis=None, mode="clip"):
    """NumPy ``take``: out-of-range indices are clipped (``mode='clip'``) or wrapped (``'wrap'``). The indices
    must be an Int32/Int64 Tensor (MindSpore 2.10: TypeError otherwise)."""
    if not isinstance(indices, Tensor) or indices._t.dtype not in (torch.int32, torch.int64):
        got = indices.dtype if isinstance(indices, Tensor) else builtins.type(indices).__name__
        raise TypeError(f"For 'Tensor.take', the 'indices' must be an Int32 or Int64 Tensor, but got {got}")
    x = self
    if axis is None:
        x, axis = self.reshape(-1), 0
    n = x.shape[axis]
    if mode == "raise":
        raise NotImplementedError('For \'Tensor.take\', "raise" mode is not implemented')
    # MindSpore 2.10's 'clip' counts an index in [-n, 0) from the end and clips the others into [0, n).
    idx = indices.clamp(-n, n - 1).remainder(n) if mode == "clip" else indices.remainder(n) if mode == "wrap" \
        else indices
    return array_func.gather(x, idx, axis)


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
    """``ops.where(condition, self, y)``."""
    return array_func.where(condition, self, y)


def index_add(self, indices, y, axis, use_lock=True, check_index_bound=True):
    try:
        return _wrap(self._t.index_add(axis, _u(indices), _u(y)))
    except (RuntimeError, IndexError) as e:
        _fail("index_add", e, self)


def index_put(self, indices, values, accumulate=False):
    return _wrap(self._t.index_put(tuple(_u(i) for i in indices), _u(values), accumulate))


def scatter(self, axis, index, src, *, dim=None, value=None, reduce=None):
    d = _pick(dim, default=axis)
    if reduce is None:
        return array_func.scatter(self, d, index, _pick(value, default=src))
    try:
        return _wrap(self._t.scatter(d, _u(index), _pick(value, default=_u(src)), reduce=reduce))
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
    """``ops.select_scatter(self, src, axis, index)``."""
    return _op("select_scatter")(self, src, axis, index)


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
    """Pick each element from ``choices[self]`` (the index array is this tensor); ``mode`` 'clip' or 'wrap'
    brings out-of-range indices into range."""
    return array_func._choose(self, choices, mode)


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
    return array_func.topk(self, k, dim, largest, sorted)


def unique(self, sorted=True, return_inverse=False, return_counts=False, dim=None):
    """``mint.unique``: the sorted unique elements, with the inverse indices and counts on request."""
    return array_func.unique_ext(self, sorted, return_inverse, return_counts, dim)


def unique_consecutive(self, return_inverse=False, return_counts=False, dim=None):
    """``ops.unique_consecutive``."""
    return array_func.unique_consecutive(self, return_inverse, return_counts, dim)
