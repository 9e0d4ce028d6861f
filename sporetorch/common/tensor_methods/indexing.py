"""Indexing, selection and sorting methods of ``Tensor``: gather, scatter, masked_fill, sort, topk ..."""
import builtins

import torch

from ..tensor import Tensor, _wrap
from ._common import _fail, _int32, _op, _pick, _u


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
    """``ops.gather_elements(self, dim, index)``."""
    return _op("gather_elements")(self, dim, index)


def index_select(self, axis, index):
    # torch call: MindSpore 2.10's method reports a bad index dtype as TypeError where ops.index_select's
    # kernel reports ValueError.
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
