"""Sparse and ragged Primitive classes: Coalesce, SparseSlice, RaggedRange."""

import torch

from ... import _checkparam as validator
from ...common import dtype as mstype
from ...common.tensor import Tensor, _wrap
from ..function import sparse_func
from ..function._prim_checks import _check_dtypes, _check_ndim, _ints
from ..function._utils import (
    FLOATS,
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
        return sparse_func.sparse_slice(indices, values, shape, start, size)


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
        return sparse_func.ragged_range(starts, limits, deltas, Tsplits=self.Tsplits)


class SparseToDense(Primitive):
    """A dense tensor of ``sparse_shape`` from COO ``indices`` (N x ndim) and ``values``."""

    def __init__(self):
        super().__init__("SparseToDense")

    def __call__(self, indices, values, sparse_shape):
        return sparse_func.sparse_to_dense(indices, values, sparse_shape)


class SparseTensorDenseMatmul(Primitive):
    """COO sparse (``indices``, ``values``, ``sparse_shape``) times a dense matrix."""

    @prim_attr_register
    def __init__(self, adjoint_st=False, adjoint_dt=False):
        validator.check_value_type("adjoint_st", adjoint_st, [bool], self.name)
        validator.check_value_type("adjoint_dt", adjoint_dt, [bool], self.name)

    def __call__(self, indices, values, sparse_shape, dense):
        return sparse_func.sparse_tensor_dense_matmul(indices, values, sparse_shape, dense,
                                                     adjoint_st=self.adjoint_st, adjoint_dt=self.adjoint_dt)


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


class _SparseSegment(Primitive):
    """``x[indices]`` rows reduced per segment id (``_MODE``), ``num_segments`` rows for the ...WithNumSegments
    forms (an empty segment gives zeros)."""

    _MODE = "sum"
    _GAPS = None  # the ValueError's text where the segment ids must be sorted without gaps

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, x, indices, segment_ids, num_segments=None):
        if self._GAPS is not None and segment_ids.shape[0] > 1:
            steps = segment_ids._t[1:] - segment_ids._t[:-1]
            if bool(((steps != 0) & (steps != 1)).any()):
                raise ValueError(f"For '{self.name}', {self._GAPS}")
        return sparse_func.sparse_segment_reduce(x, indices, segment_ids, num_segments, self._MODE)


def _segment_class(name, mode, with_num, gaps=None):
    doc = (f"``{name}()(x, indices, segment_ids{', num_segments' if with_num else ''})``: the rows ``x[indices]`` "
           f"{'summed' if mode == 'sum' else 'averaged' if mode == 'mean' else 'summed over sqrt(count)'} per "
           "segment id" + (" (sorted, without gaps)." if gaps else "."))
    return type(name, (_SparseSegment,), {"__doc__": doc, "_MODE": mode, "_GAPS": gaps})


SparseSegmentSum = _segment_class("SparseSegmentSum", "sum", False, "indices in 'segment_ids' should be contiguous.")
SparseSegmentSumWithNumSegments = _segment_class("SparseSegmentSumWithNumSegments", "sum", True)
SparseSegmentSqrtN = _segment_class("SparseSegmentSqrtN", "sqrtn", False,
                                    "segment_ids should be sorted and contiguous.")
SparseSegmentSqrtNWithNumSegments = _segment_class("SparseSegmentSqrtNWithNumSegments", "sqrtn", True)
SparseSegmentMeanWithNumSegments = _segment_class("SparseSegmentMeanWithNumSegments", "mean", True)

__all__ += ["SparseSegmentSum", "SparseSegmentSumWithNumSegments", "SparseSegmentSqrtN",
            "SparseSegmentSqrtNWithNumSegments", "SparseSegmentMeanWithNumSegments"]


def _coo_prim(name, fn, doc, init_args=()):
    """A Primitive ``name`` whose call is ``fn(self, *inputs)`` over ``sparse_coo_func``."""
    def __init__(self, *args, **kwargs):
        Primitive.__init__(self, name)
        values = {k: d for k, d in init_args}
        for (key, _), arg in zip(init_args, args):
            values[key] = arg
        values.update(kwargs)
        for key, value in values.items():
            self.add_prim_attr(key, value)
            setattr(self, key, value)
    return type(name, (Primitive,), {"__init__": __init__, "__call__": fn, "__doc__": doc,
                                     "__module__": __name__, "__qualname__": name})


def _coo():
    from ..function import sparse_coo_func
    return sparse_coo_func


SparseDenseCwiseAdd = _coo_prim(
    "SparseDenseCwiseAdd", lambda self, i, v, s, d: _coo().dense_cwise("add", i, v, s, d),
    "``(x1_indices, x1_values, x1_shape, x2)``: the COO values plus the dense ``x2`` (broadcast) at their indices.")
SparseDenseCwiseMul = _coo_prim(
    "SparseDenseCwiseMul", lambda self, i, v, s, d: _coo().dense_cwise("mul", i, v, s, d),
    "``(x1_indices, x1_values, x1_shape, x2)``: the COO values times the dense ``x2`` (broadcast) at their indices.")
SparseReorder = _coo_prim(
    "SparseReorder", lambda self, i, v, s: _coo().reorder(i, v, s),
    "``(indices, values, shape)`` -> ``(indices, values)`` in row-major order.")
SparseSoftmax = _coo_prim(
    "SparseSoftmax", lambda self, i, v, s: _coo().softmax(i, v, s),
    "``(indices, values, shape)``: softmax of the values sharing all but the last index.")
SparseSparseMaximum = _coo_prim(
    "SparseSparseMaximum", lambda self, *a: _coo().sparse_extreme(True, *a),
    "Element-wise maximum of two COO tensors ``(x1_indices, x1_values, x1_shape, x2_indices, x2_values, "
    "x2_shape)`` -> ``(indices, values)``.")
SparseSparseMinimum = _coo_prim(
    "SparseSparseMinimum", lambda self, *a: _coo().sparse_extreme(False, *a),
    "Element-wise minimum of two COO tensors ``(x1_indices, x1_values, x1_shape, x2_indices, x2_values, "
    "x2_shape)`` -> ``(indices, values)``.")
SparseConcat = _coo_prim(
    "SparseConcat", lambda self, i, v, s: _coo().concat(i, v, s, self.concat_dim),
    "``SparseConcat(concat_dim)(indices_seq, values_seq, shapes_seq)`` -> ``(indices, values, shape)``.",
    (("concat_dim", 0),))
SparseTensorToCSRSparseMatrix = _coo_prim(
    "SparseTensorToCSRSparseMatrix", lambda self, i, v, s: _coo().coo_to_csr(i, v, s),
    "``(x_indices, x_values, x_dense_shape)`` -> ``(dense_shape, batch_pointers, row_pointers, col_indices, "
    "values)``.")
CSRSparseMatrixToSparseTensor = _coo_prim(
    "CSRSparseMatrixToSparseTensor", lambda self, *a: _coo().csr_to_coo(*a),
    "``(dense_shape, batch_pointers, row_pointers, col_indices, values)`` -> ``(indices, values, dense_shape)``.")
CSRSparseMatrixToDense = _coo_prim(
    "CSRSparseMatrixToDense", lambda self, *a: _coo().csr_to_dense(*a),
    "``(dense_shape, batch_pointers, row_pointers, col_indices, values)`` -> the dense Tensor.")
DenseToCSRSparseMatrix = _coo_prim(
    "DenseToCSRSparseMatrix", lambda self, d, i: _coo().dense_to_csr(d, i),
    "``(dense_input, indices)`` -> the CSR matrix ``(dense_shape, batch_pointers, row_pointers, col_indices, "
    "values)`` of the entries at ``indices``.")

__all__ += ["SparseDenseCwiseAdd", "SparseDenseCwiseMul", "SparseReorder", "SparseSoftmax",
            "SparseSparseMaximum", "SparseSparseMinimum", "SparseConcat", "SparseTensorToCSRSparseMatrix",
            "CSRSparseMatrixToSparseTensor", "CSRSparseMatrixToDense", "DenseToCSRSparseMatrix"]


SparseMatrixNNZ = _coo_prim(
    "SparseMatrixNNZ", lambda self, *a: _coo().csr_nnz(*a),
    "``(dense_shape, batch_pointers, row_pointers, col_indices, values)`` -> the entry count of each batch.")
SparseMatrixTranspose = _coo_prim(
    "SparseMatrixTranspose", lambda self, *a: _coo().csr_transpose(*a, conjugate=self.conjugate),
    "The (``conjugate``) transpose of a CSR matrix, as a CSR matrix.", (("conjugate", False),))

__all__ += ["SparseMatrixNNZ", "SparseMatrixTranspose"]


class SparseMatrixMatMul(Primitive):
    """A CSR matrix times a dense one: ``(x1_dense_shape, x1_batch_pointers, x1_row_pointers, x1_col_indices,
    x1_values, x2_dense)``, each operand transposed or adjointed as asked, the product transposed and/or
    conjugated as asked."""

    @prim_attr_register
    def __init__(self, transpose_x1=False, transpose_x2=False, adjoint_x1=False, adjoint_x2=False,
                 transpose_output=False, conjugate_output=False):
        pass

    def __call__(self, x1_dense_shape, x1_batch_pointers, x1_row_pointers, x1_col_indices, x1_values, x2_dense):
        a = _coo().csr_to_dense(x1_dense_shape, x1_batch_pointers, x1_row_pointers, x1_col_indices, x1_values)._t
        b = x2_dense._t
        if self.transpose_x1 or self.adjoint_x1:
            a = a.mT.conj() if self.adjoint_x1 else a.mT
        if self.transpose_x2 or self.adjoint_x2:
            b = b.mT.conj() if self.adjoint_x2 else b.mT
        out = a @ b
        if self.transpose_output:
            out = out.mT
        if self.conjugate_output:
            out = out.conj()
        return _wrap(out)


__all__ += ["SparseMatrixMatMul"]


DenseToDenseSetOperation = _coo_prim(
    "DenseToDenseSetOperation", lambda self, a, b: _coo().dense_set_operation(a, b, self.set_operation),
    "``DenseToDenseSetOperation(set_operation)(x1, x2)``: the set operation ('a-b', 'b-a', 'intersection', "
    "'union') of each pair of last-axis rows, as a COO tensor ``(indices, values, shape)``.",
    (("set_operation", ""), ("validate_indices", True)))

__all__ += ["DenseToDenseSetOperation"]


SparseToDenseV2 = _coo_prim(
    "SparseToDenseV2", lambda self, i, s, v, d: _coo().to_dense(i, s, v, d),
    "``SparseToDenseV2(validate_indices)(indices, output_shape, values, default_value)``: a dense Tensor filled "
    "with ``default_value`` and ``values`` at ``indices``.", (("validate_indices", True),))
SparseAdd = _coo_prim(
    "SparseAdd", lambda self, *a: _coo().sparse_add(*a),
    "``SparseAdd()(x1_indices, x1_values, x1_shape, x2_indices, x2_values, x2_shape, thresh)`` -> ``(indices, "
    "values, shape)``: the sum, keeping the entries of magnitude at least ``thresh``.")
SparseFillEmptyRows = _coo_prim(
    "SparseFillEmptyRows", lambda self, *a: _coo().fill_empty_rows(*a),
    "``SparseFillEmptyRows()(indices, values, dense_shape, default_value)`` -> ``(output_indices, output_values, "
    "empty_row_indicator, reverse_index_map)``.")

__all__ += ["SparseToDenseV2", "SparseAdd", "SparseFillEmptyRows"]


SparseMatrixAdd = _coo_prim(
    "SparseMatrixAdd", lambda self, *a: _coo().csr_add(a[0:5], a[5:10], a[10], a[11]),
    "``SparseMatrixAdd()(*x1_csr, *x2_csr, alpha, beta)``: ``alpha * x1 + beta * x2`` of two CSR matrices "
    "(five Tensors each), as a CSR matrix.")

__all__ += ["SparseMatrixAdd"]
