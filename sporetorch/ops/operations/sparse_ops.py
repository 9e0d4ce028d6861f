"""Sparse and ragged Primitive classes: Coalesce, SparseSlice, RaggedRange."""
import math

import torch

from ...common import dtype as mstype
from ...common.tensor import _wrap
from ..function._utils import FLOATS, _ut
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
