"""Sparse and ragged Primitive classes: Coalesce, SparseSlice, RaggedRange."""
import math

import torch

from ... import _checkparam as validator
from ...common import dtype as mstype
from ...common.tensor import Tensor, _wrap
from ..function._prim_checks import _check_dtypes, _check_ndim, _ints
from ..function._utils import (
    FLOATS,
    _ut,
)
from ..primitive import Primitive, prim_attr_register
from ._errors import functional, tensor_of

__all__ = ["Coalesce", "RaggedRange", "SparseSlice"]


class Coalesce(Primitive):
    """``ops.coalesce`` as a Primitive: ``Coalesce()(x_indices, x_values, x_shape)``."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, x_indices, x_values, x_shape):
        # MindSpore 2.10 checks the values' dtype first.
        tensor_of("Coalesce", "x_values", x_values, FLOATS)
        tensor_of("Coalesce", "x_indices", x_indices, (torch.int64,))
        tensor_of("Coalesce", "x_shape", x_shape, (torch.int64,))
        return functional("Coalesce", "coalesce", x_indices, x_values, x_shape)


class SparseSlice(Primitive):
    """Slice a COO sparse tensor: the entries with ``start <= index < start + size``.

    Inputs:
        - **indices** (Tensor) - (nnz, rank) int64.
        - **values** (Tensor) - (nnz,).
        - **shape** (Tensor) - (rank,) int64.
        - **start**, **size** (Tensor) - (rank,) int64.

    Outputs:
        ``(y_indices, y_values, y_shape)``: indices relative to ``start`` and the slice's dense shape
        ``min(start + size, shape) - start``.
    """

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, indices, values, shape, start, size):
        i, v = _ut(indices, values._t), values._t
        if i.dim() != 2 or v.dim() != 1 or i.shape[0] != v.shape[0]:
            raise ValueError(f"For 'SparseSlice', 'indices' must be (nnz, rank) and 'values' (nnz,), but got "
                             f"{tuple(i.shape)} and {tuple(v.shape)}")
        dense, lo, n = _ut(shape, v).long(), _ut(start, v).long(), _ut(size, v).long()
        hi = torch.minimum(lo + n, dense)
        inside = ((i >= lo) & (i < hi)).all(dim=1)
        return _wrap(i[inside] - lo), _wrap(v[inside]), _wrap((hi - lo).clamp(min=0))


class RaggedRange(Primitive):
    """The ragged tensor of the ranges ``range(starts[i], limits[i], deltas[i])``.

    Args:
        Tsplits (mindspore.dtype): dtype of the row splits, int32 or int64.

    Outputs:
        ``(rt_nested_splits, rt_dense_values)``: the row splits (``Tsplits``) and the concatenated ranges
        (the inputs' dtype).
    """

    @prim_attr_register
    def __init__(self, Tsplits):
        if Tsplits not in (mstype.int32, mstype.int64):
            raise TypeError(f"For 'RaggedRange', the 'Tsplits' must be int32 or int64, but got {Tsplits}")

    def __call__(self, starts, limits, deltas):
        s = starts._t
        lo, hi, step = (torch.broadcast_tensors(s, _ut(limits, s), _ut(deltas, s)))
        parts, sizes = [], [0]
        for a, b, d in zip(lo.reshape(-1).tolist(), hi.reshape(-1).tolist(), step.reshape(-1).tolist()):
            if d == 0:
                raise ValueError("For 'RaggedRange', the 'deltas' must not contain 0.")
            n = max(0, math.ceil((b - a) / d))
            parts.append(a + torch.arange(n, dtype=torch.float64 if s.is_floating_point() else torch.int64) * d)
            sizes.append(sizes[-1] + n)
        splits = torch.tensor(sizes, dtype=mstype.to_torch(self.Tsplits), device=s.device)
        values = torch.cat(parts).to(s.dtype).to(s.device) if parts else s.new_zeros((0,))
        return _wrap(splits), _wrap(values)


class SparseToDense(Primitive):
    """A dense tensor of ``sparse_shape`` from COO ``indices`` (N x ndim) and ``values``."""

    def __init__(self):
        super().__init__("SparseToDense")

    def __call__(self, indices, values, sparse_shape):
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


def _check_coo(prim, indices, values, shape):
    """ValueError, as MindSpore 2.10 raises it, unless there is one value per index and every index is inside ``shape``."""
    idx = indices._t
    if idx.shape[0] != values.shape[0] or idx.shape[1] != len(shape):
        raise ValueError(f"For '{prim}', the 'indices' must be (N, {len(shape)}) for {values.shape[0]} values, but got "
                         f"shape {tuple(idx.shape)}")
    bounds = torch.tensor(shape, device=idx.device)
    if bool(((idx < 0) | (idx >= bounds)).any()):
        raise ValueError(f"For '{prim}', the 'indices' must be inside the output shape {tuple(shape)}")


class SparseTensorDenseMatmul(Primitive):
    """COO sparse (``indices``, ``values``, ``sparse_shape``) times a dense matrix."""

    @prim_attr_register
    def __init__(self, adjoint_st=False, adjoint_dt=False):
        validator.check_value_type("adjoint_st", adjoint_st, [bool], self.name)
        validator.check_value_type("adjoint_dt", adjoint_dt, [bool], self.name)

    def __call__(self, indices, values, sparse_shape, dense):
        _check_dtypes("SparseTensorDenseMatmul", indices=indices, values=values, dense=dense)
        _check_ndim("SparseTensorDenseMatmul", "indices", indices, 2)
        _check_ndim("SparseTensorDenseMatmul", "values", values, 1)
        _check_ndim("SparseTensorDenseMatmul", "dense", dense, 2)
        v = values._t  # a repeated index adds its products, as MindSpore 2.10's kernel does
        a = torch.zeros(_ints(sparse_shape), dtype=v.dtype, device=v.device).index_put(
            tuple(indices._t.long().t()), v, accumulate=True)
        b = dense._t
        return _wrap((a.mH if self.adjoint_st else a) @ (b.mH if self.adjoint_dt else b))


class SparseTensorDenseAdd(Primitive):
    """COO sparse (``x1_indices``, ``x1_values``, ``x1_shape``) plus the dense ``x2``."""

    def __init__(self):
        super().__init__("SparseTensorDenseAdd")

    def __call__(self, x1_indices, x1_values, x1_shape, x2):
        _check_dtypes("SparseTensorDenseAdd", x1_indices=x1_indices)
        if isinstance(x1_shape, Tensor):
            _check_ndim("SparseTensorDenseAdd", "x1_shape", x1_shape, 1)
        if tuple(_ints(x1_shape)) != tuple(x2._t.shape):  # MindSpore 2.10 raises this one as RuntimeError
            raise RuntimeError(f"For 'SparseTensorDenseAdd', the 'x1_shape' {tuple(_ints(x1_shape))} must be the shape "
                               f"of 'x2' {tuple(x2._t.shape)} (no broadcasting)")
        return _wrap(x2._t.index_put(tuple(x1_indices._t.long().t()), x1_values._t, accumulate=True))

__all__ += ["SparseToDense", "SparseTensorDenseMatmul", "SparseTensorDenseAdd"]
