"""Segment operators: ``unsorted_segment_*`` and ``sparse_segment_mean``.

Empty segments hold the reduction's identity as MindSpore defines it: 0 for sum,
1 for prod, the dtype's lowest value for max and its highest for min.
"""
import math

import torch

from ...common import dtype as mstype
from ...common.tensor import _wrap
from ._prim_checks import (
    I32_64,
    NUMBERS,
    _check_dtypes,
    _check_ndim,
    _ints,
    _rank,
    call_as,
    tensor_of,
)
from ._utils import _desc, _fail, _guard_module, _number, _tensor_arg, _ut

__all__ = ["unsorted_segment_sum", "unsorted_segment_max", "unsorted_segment_min", "unsorted_segment_prod",
           "sparse_segment_mean"]


def _segments(op, x, segment_ids, num_segments):
    t = x._t
    ids = _ut(segment_ids, t)
    if ids.dtype not in (torch.int32, torch.int64):
        raise TypeError(f"For '{op}', the 'segment_ids' must be an Int32/Int64 tensor, but got {_desc(segment_ids)}")
    if hasattr(num_segments, "_t") and (num_segments._t.dim() != 0 or
                                        num_segments._t.dtype not in (torch.int32, torch.int64)):
        raise TypeError(f"For '{op}', the 'num_segments' must be an int or a 0-D Int32/Int64 Tensor, but got "
                        f"{_desc(num_segments)}")
    if t.dtype == torch.bool:
        raise TypeError(f"For '{op}', the 'x' does not support Bool, but got {_desc(x)}")
    n = int(_number(num_segments))
    if tuple(t.shape[:ids.dim()]) != tuple(ids.shape):
        raise ValueError(f"For '{op}', the 'segment_ids' shape {tuple(ids.shape)} must be a prefix of the input "
                         f"shape {tuple(t.shape)}")
    flat = t.reshape((-1,) + tuple(t.shape[ids.dim():]))
    ids = ids.reshape(-1).long()
    if ids.numel() and int(ids.max()) >= n:  # MindSpore 2.10's CPU kernel fails (Ascend's too)
        raise RuntimeError(f"For '{op}', the 'segment_ids' must be less than num_segments={n}, but got "
                           f"{int(ids.max())}")
    # Negative ids are dropped, as MindSpore documents.
    keep = ids >= 0
    if not bool(keep.all()):
        flat, ids = flat[keep], ids[keep]
    index = ids.reshape((-1,) + (1,) * (flat.dim() - 1)).expand_as(flat)
    return t, flat, index, n


def _identity(t, reduce):
    if reduce == "amax":
        return torch.finfo(t.dtype).min if t.is_floating_point() else torch.iinfo(t.dtype).min
    if reduce == "amin":
        return torch.finfo(t.dtype).max if t.is_floating_point() else torch.iinfo(t.dtype).max
    return 1 if reduce == "prod" else 0


def _segment_reduce(op, x, segment_ids, num_segments, reduce):
    t, flat, index, n = _segments(op, x, segment_ids, num_segments)
    out = torch.full((n,) + tuple(flat.shape[1:]), _identity(t, reduce), dtype=t.dtype, device=t.device)
    try:
        if reduce == "sum":
            return _wrap(out.scatter_add(0, index, flat))
        return _wrap(out.scatter_reduce(0, index, flat, reduce, include_self=True))
    except RuntimeError as e:
        _fail(op, e, ValueError, x=x, segment_ids=segment_ids)


def unsorted_segment_sum(input_x, segment_ids, num_segments):
    """Sum of the entries of ``input_x`` that share a segment id, for ``num_segments`` segments."""
    return _segment_reduce("unsorted_segment_sum", input_x, segment_ids, num_segments, "sum")


def unsorted_segment_max(x, segment_ids, num_segments):
    """Maximum per segment (empty segments: the dtype's lowest value)."""
    return _segment_reduce("unsorted_segment_max", x, segment_ids, num_segments, "amax")


def unsorted_segment_min(x, segment_ids, num_segments):
    """Minimum per segment (empty segments: the dtype's highest value)."""
    return _segment_reduce("unsorted_segment_min", x, segment_ids, num_segments, "amin")


def unsorted_segment_prod(x, segment_ids, num_segments):
    """Product per segment (empty segments: 1)."""
    return _segment_reduce("unsorted_segment_prod", x, segment_ids, num_segments, "prod")


def sparse_segment_mean(x, indices, segment_ids):
    """Mean of the rows ``x[indices]`` per sorted segment id."""
    return sparse_segment_reduce(x, indices, segment_ids, None, "mean")


def sparse_segment_reduce(x, indices, segment_ids, num_segments, mode):
    """The rows ``x[indices]`` reduced per segment id: ``mode`` 'sum', 'mean' (divided by the row count) or
    'sqrtn' (divided by its square root); ``num_segments`` rows (None: the largest id + 1), an empty segment
    gives zeros."""
    t = x._t
    rows = t.index_select(0, _ut(indices, t).long())
    ids = _ut(segment_ids, t).long()
    if num_segments is None:
        n = int(ids.max()) + 1 if ids.numel() else 0
    else:
        n = int(_ut(num_segments, t).reshape(-1)[0])
    index = ids.reshape((-1,) + (1,) * (rows.dim() - 1)).expand_as(rows)
    sums = torch.zeros((n,) + tuple(rows.shape[1:]), dtype=t.dtype, device=t.device).scatter_add(0, index, rows)
    if mode == "sum":
        return _wrap(sums)
    counts = torch.bincount(ids, minlength=n)[:n].clamp(min=1).to(t.dtype)
    if mode == "sqrtn":
        counts = counts.sqrt()
    return _wrap(sums / counts.reshape((-1,) + (1,) * (rows.dim() - 1)))


def coalesce(x_indices, x_values, x_shape):
    """Sort the entries of a COO sparse tensor by index and sum the values of repeated indices.

    Args:
        x_indices (Tensor): (ndim, nnz) int64 indices.
        x_values (Tensor): (nnz,) values.
        x_shape (Tensor): (ndim,) int64 dense shape.

    Outputs:
        ``(y_indices, y_values, y_shape)`` of the coalesced tensor.
    """
    i, v = _ut(x_indices, x_values._t), x_values._t
    if i.dim() != 2 or v.dim() != 1 or i.shape[1] != v.shape[0]:
        raise ValueError(f"For 'coalesce', 'x_indices' must be (ndim, nnz) and 'x_values' (nnz,), but got "
                         f"{tuple(i.shape)} and {tuple(v.shape)}")
    shape = _ut(x_shape, v)
    sp = torch.sparse_coo_tensor(i.long(), v, tuple(shape.tolist()), check_invariants=True).coalesce()
    return _wrap(sp.indices()), _wrap(sp.values()), _wrap(shape.clone())


__all__ += ["coalesce"]

def _segment_sorted(x, segment_ids, reduce, op):
    """A reduction over the runs of equal ids in the sorted 1-D ``segment_ids``, after MindSpore 2.10's checks."""
    _tensor_arg(op, "segment_ids", segment_ids)
    tensor_of(op, "input_x", x, NUMBERS)
    tensor_of(op, "segment_ids", segment_ids, I32_64)
    _rank(op, "segment_ids", segment_ids, (1,))
    ids = segment_ids._t.long()
    if ids.numel() and (bool((ids < 0).any()) or bool((ids[1:] < ids[:-1]).any())):
        raise ValueError(f"For '{op}', the 'segment_ids' must be non-negative and sorted in ascending order, but got "
                         f"{ids.tolist()}")
    n = int(ids.max().item()) + 1 if ids.numel() else 0
    fn = {"sum": "unsorted_segment_sum", "mean": "unsorted_segment_sum", "amax": "unsorted_segment_max",
          "amin": "unsorted_segment_min", "prod": "unsorted_segment_prod"}[reduce]
    out = call_as(op, fn, globals()[fn], x, segment_ids, n)._t
    if reduce == "sum" or reduce == "prod":
        return _wrap(out)
    counts = torch.bincount(ids, minlength=n).reshape((-1,) + (1,) * (out.dim() - 1))
    if reduce == "mean":  # integers keep their dtype, truncated (MindSpore 2.10)
        exact = out.is_floating_point() or out.is_complex()
        return _wrap(torch.div(out, counts.clamp_min(1).to(out.dtype), rounding_mode=None if exact else "trunc"))
    return _wrap(torch.where(counts > 0, out, torch.zeros_like(out)))  # empty segments hold 0


# The maths of Primitives that have no functional op in MindSpore 2.10 (their classes in ops/operations
# adapt the attributes and call these; not exported).
def sparse_slice(indices, values, shape, start, size):
    """``SparseSlice``: Slice a COO sparse tensor: the entries with ``start <= index < start + size``."""
    i, v = _ut(indices, values._t), values._t
    if i.dim() != 2 or v.dim() != 1 or i.shape[0] != v.shape[0]:
        raise ValueError(f"For 'SparseSlice', 'indices' must be (nnz, rank) and 'values' (nnz,), but got "
                         f"{tuple(i.shape)} and {tuple(v.shape)}")
    dense, lo, n = _ut(shape, v).long(), _ut(start, v).long(), _ut(size, v).long()
    hi = torch.minimum(lo + n, dense)
    inside = ((i >= lo) & (i < hi)).all(dim=1)
    return _wrap(i[inside] - lo), _wrap(v[inside]), _wrap((hi - lo).clamp(min=0))


def ragged_range(starts, limits, deltas, *, Tsplits):
    """``RaggedRange``: The ragged tensor of the ranges ``range(starts[i], limits[i], deltas[i])``."""
    s = starts._t
    lo, hi, step = (torch.broadcast_tensors(s, _ut(limits, s), _ut(deltas, s)))
    parts, sizes = [], [0]
    for a, b, d in zip(lo.reshape(-1).tolist(), hi.reshape(-1).tolist(), step.reshape(-1).tolist()):
        if d == 0:
            raise ValueError("For 'RaggedRange', the 'deltas' must not contain 0.")
        n = max(0, math.ceil((b - a) / d))
        parts.append(a + torch.arange(n, dtype=torch.float64 if s.is_floating_point() else torch.int64) * d)
        sizes.append(sizes[-1] + n)
    splits = torch.tensor(sizes, dtype=mstype.to_torch(Tsplits), device=s.device)
    values = torch.cat(parts).to(s.dtype).to(s.device) if parts else s.new_zeros((0,))
    return _wrap(splits), _wrap(values)


def sparse_tensor_dense_matmul(indices, values, sparse_shape, dense, *, adjoint_st, adjoint_dt):
    """``SparseTensorDenseMatmul``: COO sparse (``indices``, ``values``, ``sparse_shape``) times a dense matrix."""
    _check_dtypes("SparseTensorDenseMatmul", indices=indices, values=values, dense=dense)
    _check_ndim("SparseTensorDenseMatmul", "indices", indices, 2)
    _check_ndim("SparseTensorDenseMatmul", "values", values, 1)
    _check_ndim("SparseTensorDenseMatmul", "dense", dense, 2)
    v = values._t  # a repeated index adds its products, as MindSpore 2.10's kernel does
    a = torch.zeros(_ints(sparse_shape), dtype=v.dtype, device=v.device).index_put(
        tuple(indices._t.long().t()), v, accumulate=True)
    b = dense._t
    return _wrap((a.mH if adjoint_st else a) @ (b.mH if adjoint_dt else b))


def _check_coo(prim, indices, values, shape):
    """ValueError, as MindSpore 2.10 raises it, unless there is one value per index and every index is inside ``shape``."""
    idx = indices._t
    if idx.shape[0] != values.shape[0] or idx.shape[1] != len(shape):
        raise ValueError(f"For '{prim}', the 'indices' must be (N, {len(shape)}) for {values.shape[0]} values, but got "
                         f"shape {tuple(idx.shape)}")
    bounds = torch.tensor(shape, device=idx.device)
    if bool(((idx < 0) | (idx >= bounds)).any()):
        raise ValueError(f"For '{prim}', the 'indices' must be inside the output shape {tuple(shape)}")


def sparse_to_dense(indices, values, sparse_shape):
    """``SparseToDense``: A dense tensor of ``sparse_shape`` from COO ``indices`` (N x ndim) and ``values``."""
    _check_dtypes("SparseToDense", indices=indices)
    _check_ndim("SparseToDense", "indices", indices, 2)
    _check_ndim("SparseToDense", "values", values, 1)
    v = values._t
    out = torch.zeros(_ints(sparse_shape), dtype=v.dtype, device=v.device)
    _check_coo("SparseToDense", indices, v, out.shape)
    # MindSpore 2.10 writes the values in order: a repeated index keeps its last value.
    flat = (indices._t.long() * torch.tensor(out.stride(), device=v.device)).sum(1)
    positions, slot = torch.unique(flat, return_inverse=True)
    last = torch.zeros_like(positions).scatter_reduce(0, slot, torch.arange(len(flat), device=v.device), "amax")
    return _wrap(out.reshape(-1).index_put((positions,), v[last]).reshape(out.shape))


_guard_module(globals(), __all__)


# ---------------------------------------------------------------------------- MindSpore 2.10's private helpers
def _convert_shape(shape):
    """A dense shape as a tuple (shapes are always known here)."""
    return tuple(shape)


def is_scalar(tensor):
    """Whether ``tensor`` holds one element in at most two dims."""
    return tensor.size == 1 and len(tensor.shape) <= 2
