"""Sparse tensors: ``COOTensor``, ``CSRTensor``, ``RowTensor`` (and the deprecated ``SparseTensor``).

Each keeps its index and value Tensors in MindSpore's layout (COO indices are ``[nnz, ndim]``,
torch's are ``[ndim, nnz]``) and converts to ``torch.sparse_coo_tensor`` /
``torch.sparse_csr_tensor`` for the computations (densifying, coalescing, sparse-dense products).
"""
import warnings

import torch

from . import dtype as mstype
from ._tensor_format import _header, _value_text
from .tensor import Tensor, _wrap

__all__ = ["COOTensor", "CSRTensor", "RowTensor", "SparseTensor"]

_INDEX_TYPES = (torch.int16, torch.int32, torch.int64)


def _to_csr(t):
    """``t.to_sparse_csr()`` without torch's "CSR support is in beta" warning."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Sparse CSR tensor support is in beta")
        return t.to_sparse_csr()


def _as_torch(x, name, cls):
    if isinstance(x, Tensor):
        return x._t
    raise TypeError(f"For {cls}, '{name}' must be a Tensor, but got {type(x).__name__}.")


def _check_shape(shape, cls):
    if not isinstance(shape, (tuple, list)) or not all(isinstance(s, int) and not isinstance(s, bool) and s > 0
                                                       for s in shape):
        raise TypeError(f"For {cls}, 'shape' must be a tuple of positive int, but got {shape}.")
    return tuple(shape)


def _check_index_dtype(t, name, cls):
    if t.dtype not in _INDEX_TYPES:
        raise TypeError(f"For {cls}, the type of '{name}' must be one of [int16, int32, int64], but got "
                        f"{mstype._TORCH_TO_TYPE[t.dtype]}.")


def _sparse_text(t):
    """A Tensor as sparse reprs show it: NumPy-style values, no commas (MindSpore 2.10)."""
    data = t.detach().cpu()
    body = _value_text(data).replace(",\n", "\n").replace(", ", " ").replace(",", "")
    return _header(data.shape, mstype._TORCH_TO_TYPE[t.dtype]) + ("\n" if data.dim() > 1 else "") + body + ")"


def _csr_rows(indptr, n_rows):
    """The row of each value a CSR ``indptr`` stores (COO row indices)."""
    counts = indptr[1:].long() - indptr[:-1].long()
    return torch.repeat_interleave(torch.arange(n_rows, device=counts.device), counts)


def _check_same_shape(sparse, other):
    if not isinstance(other, Tensor):
        raise TypeError(f"For {type(sparse).__name__}, the other operand must be a Tensor, but got "
                        f"{type(other).__name__}.")
    if tuple(other._t.shape) != sparse.shape:
        raise ValueError("Input tensors should have the same shape.")
    return other._t


class _Sparse:
    """What every sparse format holds: index Tensor(s) in ``_indices`` (and ``_indptr``), the values
    in ``_values`` and the dense shape in ``_shape``."""

    def _copy_of(self, other, cls, arg):
        """Share the index and value tensors of ``other`` (the ``coo_tensor=``-style copy argument)."""
        if not isinstance(other, cls):
            raise TypeError(f"For {cls.__name__}, '{arg}' must be a {cls.__name__}, but got {type(other).__name__}.")
        vars(self).update(vars(other))

    @property
    def indices(self):
        """The indices."""
        return _wrap(self._indices)

    @property
    def values(self):
        """The stored values."""
        return _wrap(self._values)


class _SparseMatrix(_Sparse):
    """What COOTensor and CSRTensor share; ``_with_values(v)`` is the same structure holding ``v``."""

    @property
    def shape(self):
        """The dense shape."""
        return self._shape

    @property
    def dtype(self):
        """The dtype of the values."""
        return mstype._TORCH_TO_TYPE[self._values.dtype]

    @property
    def itemsize(self):
        """Bytes per value."""
        return self._values.element_size()

    @property
    def ndim(self):
        return len(self._shape)

    def to_dense(self):
        """The dense Tensor (repeated COO positions add up)."""
        return _wrap(self._torch_sparse().to_dense())

    def astype(self, dtype):
        """The same structure with the values cast to ``dtype``."""
        return self._with_values(self._values.to(mstype.to_torch(dtype)))

    def abs(self):
        """Elementwise absolute value."""
        return self._with_values(self._values.abs())

    def __neg__(self):
        return self._with_values(-self._values)


class COOTensor(_SparseMatrix):
    """A sparse tensor in coordinate format: ``values[i]`` sits at ``indices[i]``.

    Args:
        indices (Tensor): ``[nnz, 2]`` int16/int32/int64 coordinates.
        values (Tensor): ``[nnz]`` values.
        shape (tuple(int)): the dense shape ``(rows, cols)``.
        coo_tensor (COOTensor): copy this COOTensor instead.

    Positions listed twice add up when densified. Indices are not bounds-checked until the
    tensor is densified.

    Differences from MindSpore: a dense Tensor multiplies from the right only (``coo * dense``;
    ``dense * coo`` is a TypeError because Tensor's own ``*`` takes dense operands).
    """

    def __init__(self, indices=None, values=None, shape=None, coo_tensor=None):
        if coo_tensor is not None:
            self._copy_of(coo_tensor, COOTensor, "coo_tensor")
            return
        ind = _as_torch(indices, "indices", "COOTensor")
        val = _as_torch(values, "values", "COOTensor")
        shape = _check_shape(shape, "COOTensor")
        _check_index_dtype(ind, "indices", "COOTensor")
        if ind.dim() != 2:
            raise ValueError("For COOTensor, 'indices' must be a 2-dimensional tensor, but got a "
                             f"{ind.dim()}-dimensional tensor.")
        if val.dim() != 1:
            raise ValueError("For COOTensor, 'values' must be a 1-dimensional tensor, but got a "
                             f"{val.dim()}-dimensional tensor.")
        if len(shape) != 2:
            raise ValueError(f"For COOTensor, the length of 'shape' must be 2, but got {shape}.")
        if ind.shape[1] != 2:
            raise ValueError(f"For COOTensor, 'indices.shape[1]' must be 2, but got {ind.shape[1]}.")
        if ind.shape[0] != val.shape[0]:
            raise ValueError("For COOTensor, 'indices.shape[0]' must be euqal to 'values.shape[0]', but got "
                             f"'indices.shape[0]' = {ind.shape[0]} and 'values.shape[0]' = {val.shape[0]}.")
        self._indices, self._values, self._shape = ind, val, shape

    @classmethod
    def _make(cls, indices, values, shape):
        out = cls.__new__(cls)
        out._indices, out._values, out._shape = indices, values, shape
        return out

    @classmethod
    def _from_torch(cls, c, index_dtype):
        """A COOTensor of a coalesced ``torch.sparse_coo_tensor`` (``[nnz, ndim]`` indices of ``index_dtype``)."""
        return cls._make(c.indices().t().to(index_dtype).contiguous(), c.values(), tuple(c.shape))

    def _with_values(self, values):
        return COOTensor._make(self._indices, values, self._shape)

    def _torch_sparse(self):
        bad = (self._indices < 0) | (self._indices >= torch.tensor(self._shape, device=self._indices.device))
        if bool(bad.any()):
            row = int(bad.any(1).nonzero()[0])
            raise ValueError(f"For COOTensor, indices[{row}] = {self._indices[row].tolist()} is out of range for the "
                             f"shape {list(self._shape)}.")
        return torch.sparse_coo_tensor(self._indices.t().long(), self._values, self._shape, check_invariants=False)

    @property
    def size(self):
        """The number of stored values."""
        return self._values.numel()

    def to_tuple(self):
        """``(indices, values, shape)``."""
        return self.indices, self.values, self._shape

    def to_csr(self):
        """The same matrix as a CSRTensor (repeated positions summed; index dtype kept)."""
        return CSRTensor._from_torch(self._torch_sparse().coalesce(), self._indices.dtype, self._indices.dtype)

    def coalesce(self):
        """Sum repeated positions and sort the indices (row-major)."""
        return COOTensor._from_torch(self._torch_sparse().coalesce(), self._indices.dtype)

    def add(self, other, thresh):
        """``self + other`` for another COOTensor; results whose magnitude is below ``thresh`` are dropped."""
        if not isinstance(other, COOTensor):
            raise TypeError(f"For 'COOTensor.add', 'other' must be a COOTensor, but got {type(other).__name__}.")
        if other.shape != self._shape:
            raise ValueError(f"For 'COOTensor.add', the shapes must be equal, but got {list(self._shape)} and "
                             f"{list(other.shape)}.")
        c = (self._torch_sparse() + other._torch_sparse()).coalesce()
        limit = thresh._t if isinstance(thresh, Tensor) else torch.tensor(thresh)
        keep = c.values().abs() >= limit.to(c.values().dtype)
        return COOTensor._make(c.indices().t()[keep].to(self._indices.dtype).contiguous(), c.values()[keep],
                               self._shape)

    def __add__(self, other):
        if isinstance(other, COOTensor):
            return self.add(other, Tensor(0, self.dtype))
        dense = _check_same_shape(self, other)
        return _wrap(self._torch_sparse().to_dense() + dense)

    def __sub__(self, other):
        if isinstance(other, COOTensor):
            return self.add(-other, Tensor(0, self.dtype))
        dense = _check_same_shape(self, other)
        return _wrap(self._torch_sparse().to_dense() - dense)

    def _gathered(self, other):
        dense = _check_same_shape(self, other)
        return dense[tuple(self._indices.long().t())]

    def __mul__(self, other):
        return self._with_values(self._values * self._gathered(other))

    def __truediv__(self, other):
        return self._with_values(self._values / self._gathered(other))

    def __repr__(self):
        return (f"COOTensor(shape={list(self._shape)}, dtype={self.dtype}, indices={_sparse_text(self._indices)}, "
                f"values={_sparse_text(self._values)})")


class SparseTensor(COOTensor):
    """MindSpore's deprecated name for a COOTensor built from ``(indices, values, shape)``."""

    def __init__(self, indices, values, shape):
        super().__init__(indices, values, shape)


class CSRTensor(_SparseMatrix):
    """A sparse matrix in compressed sparse row format.

    Args:
        indptr (Tensor): ``[rows + 1]`` offsets: row ``i`` holds ``values[indptr[i]:indptr[i+1]]``.
        indices (Tensor): ``[nnz]`` column of each value.
        values (Tensor): ``[nnz, *shape[2:]]`` values.
        shape (tuple(int)): the dense shape, at least 2-D.
        csr_tensor (CSRTensor): copy this CSRTensor instead.
    """

    def __init__(self, indptr=None, indices=None, values=None, shape=None, csr_tensor=None):
        if csr_tensor is not None:
            self._copy_of(csr_tensor, CSRTensor, "csr_tensor")
            return
        ptr = _as_torch(indptr, "indptr", "CSRTensor")
        ind = _as_torch(indices, "indices", "CSRTensor")
        val = _as_torch(values, "values", "CSRTensor")
        shape = _check_shape(shape, "CSRTensor")
        _check_index_dtype(ptr, "indptr", "CSRTensor")
        _check_index_dtype(ind, "indices", "CSRTensor")
        if ptr.dim() != 1 or ind.dim() != 1:
            raise ValueError("For CSRTensor, 'indptr' and 'indices' must be 1-dimensional, but got "
                             f"{ptr.dim()} and {ind.dim()} dimensions.")
        if val.dim() != len(shape) - 1:
            raise ValueError("Values' dimension should equal to CSRTensor's dimension - 1, but got"
                             f"Values' dimension: {val.dim()} , CSRTensor's dimension: {len(shape)}")
        if ptr.shape[0] != shape[0] + 1:
            raise ValueError(f"For CSRTensor, indptr must have length (1 + shape[0]), but got: {ptr.shape[0]}")
        if ind.shape[0] != val.shape[0]:
            raise ValueError("For CSRTensor, indices and values must have the same length, but got "
                             f"{ind.shape[0]} and {val.shape[0]}.")
        if tuple(val.shape[1:]) != shape[2:]:
            raise ValueError(f"For CSRTensor, values.shape[1:] must equal shape[2:], but got {tuple(val.shape)} and "
                             f"{shape}.")
        self._indptr, self._indices, self._values, self._shape = ptr, ind, val, shape

    @classmethod
    def _make(cls, indptr, indices, values, shape):
        out = cls.__new__(cls)
        out._indptr, out._indices, out._values, out._shape = indptr, indices, values, shape
        return out

    @classmethod
    def _from_torch(cls, t, indptr_dtype, indices_dtype):
        """A CSRTensor of a dense or sparse torch matrix (``indptr``/``indices`` of the given dtypes)."""
        csr = _to_csr(t)
        return cls._make(csr.crow_indices().to(indptr_dtype), csr.col_indices().to(indices_dtype), csr.values(),
                         tuple(csr.shape))

    def _with_values(self, values):
        return CSRTensor._make(self._indptr, self._indices, values, self._shape)

    def _torch_sparse(self):
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message="Sparse CSR tensor support is in beta")
            try:
                return torch.sparse_csr_tensor(self._indptr.long(), self._indices.long(), self._values, self._shape,
                                               check_invariants=True)
            except RuntimeError as e:
                raise ValueError(f"For CSRTensor, indptr {self._indptr.tolist()} and indices do not describe a "
                                 f"{list(self._shape)} matrix: {e}") from None

    def _rows(self):
        return _csr_rows(self._indptr, self._shape[0])

    @property
    def indptr(self):
        return _wrap(self._indptr)

    @property
    def size(self):
        """The number of stored values."""
        return self._values.shape[0]

    def to_tuple(self):
        """``(indptr, indices, values, shape)``."""
        return self.indptr, self.indices, self.values, self._shape

    def to_coo(self):
        """The same matrix as a COOTensor (``[nnz, 2]`` indices of the indices' dtype)."""
        if len(self._shape) != 2:
            raise ValueError(f"For 'CSRTensor.to_coo', only 2-D CSRTensors convert, but got shape {list(self._shape)}.")
        coords = torch.stack([self._rows().to(self._indices.dtype), self._indices], 1)
        return COOTensor._make(coords, self._values, self._shape)

    def _check_2d(self, fn):
        if len(self._shape) != 2:
            raise ValueError(f"For 'CSRTensor.{fn}', the CSRTensor must be 2-D, but got shape {list(self._shape)}.")

    def mv(self, dense_vector):
        """``self @ dense_vector`` for a ``[cols, 1]`` dense Tensor; returns ``[rows, 1]``."""
        self._check_2d("mv")
        v = _as_torch(dense_vector, "dense_vector", "CSRTensor.mv")
        if tuple(v.shape) != (self._shape[1], 1):
            raise ValueError(f"For 'CSRTensor.mv', the dense_vector must have shape ({self._shape[1]}, 1), but got "
                             f"{tuple(v.shape)}.")
        return _wrap(self._torch_sparse() @ v)

    def mm(self, matrix):
        """``self @ matrix`` for a ``[cols, k]`` dense Tensor (returns a dense ``[rows, k]`` Tensor) or a
        CSRTensor (returns a CSRTensor)."""
        self._check_2d("mm")
        if isinstance(matrix, CSRTensor):
            return CSRTensor._from_torch(self._torch_sparse() @ matrix._torch_sparse(), self._indptr.dtype,
                                         self._indices.dtype)
        m = _as_torch(matrix, "matrix", "CSRTensor.mm")
        if m.dim() != 2 or m.shape[0] != self._shape[1]:
            raise ValueError(f"For 'CSRTensor.mm', the matrix must have shape ({self._shape[1]}, k), but got "
                             f"{tuple(m.shape)}.")
        return _wrap(self._torch_sparse() @ m)

    def sum(self, axis):
        """Sum over ``axis`` (0 or 1, negative allowed), keeping it as a dimension of size 1."""
        self._check_2d("sum")
        if not isinstance(axis, int) or not -2 <= axis <= 1:
            raise ValueError(f"For 'CSRTensor.sum', axis must be an int in [-2, 1], but got {axis}.")
        return _wrap(self._torch_sparse().to_dense().sum(axis % 2, keepdim=True))

    def add(self, b, alpha, beta):
        """``alpha * self + beta * b`` for a CSRTensor ``b`` of the same shape; returns a CSRTensor."""
        self._check_2d("add")
        if not isinstance(b, CSRTensor) or b.shape != self._shape:
            raise ValueError(f"For 'CSRTensor.add', 'b' must be a CSRTensor of shape {list(self._shape)}.")
        a_t = alpha._t if isinstance(alpha, Tensor) else torch.tensor(alpha)
        b_t = beta._t if isinstance(beta, Tensor) else torch.tensor(beta)
        total = (self.to_coo()._torch_sparse() * a_t + b.to_coo()._torch_sparse() * b_t).coalesce()
        return CSRTensor._from_torch(total, self._indptr.dtype, self._indices.dtype)

    def __add__(self, other):
        if isinstance(other, CSRTensor):
            return self.add(other, Tensor(1, self.dtype), Tensor(1, self.dtype))
        raise TypeError(f"For CSRTensor, '+' takes another CSRTensor, but got {type(other).__name__}.")

    def __sub__(self, other):
        if isinstance(other, CSRTensor):
            return self.add(other, Tensor(1, self.dtype), Tensor(-1, self.dtype))
        raise TypeError(f"For CSRTensor, '-' takes another CSRTensor, but got {type(other).__name__}.")

    def _gathered(self, other, op):
        if not isinstance(other, Tensor):
            raise TypeError(f"For CSRTensor, '{op}' takes a dense Tensor, but got {type(other).__name__}.")
        self._check_2d(op)
        dense = other._t.expand(self._shape) if other._t.dim() <= 2 else other._t
        if tuple(dense.shape) != self._shape:
            raise ValueError(f"For CSRTensor, the dense operand must broadcast to {list(self._shape)}, but got "
                             f"{list(other._t.shape)}.")
        return dense[self._rows(), self._indices.long()]

    def __mul__(self, other):
        """Elementwise product with a dense Tensor broadcastable to the shape; a CSRTensor."""
        return self._with_values(self._values * self._gathered(other, "*"))

    def __truediv__(self, other):
        return self._with_values(self._values / self._gathered(other, "/"))

    def __repr__(self):
        return (f"CSRTensor(shape={list(self._shape)}, dtype={self.dtype}, indptr={_sparse_text(self._indptr)}, "
                f"indices={_sparse_text(self._indices)}, values={_sparse_text(self._values)})")


class RowTensor(_Sparse):
    """Rows of a dense tensor: ``values[i]`` is row ``indices[i]`` of a ``dense_shape`` tensor
    (the form of an embedding table's gradient).

    Args:
        indices (Tensor): ``[n]`` row indices.
        values (Tensor): ``[n, *dense_shape[1:]]`` rows.
        shape (tuple(int)): the dense shape.
        row_tensor (RowTensor): copy this RowTensor instead.
    """

    def __init__(self, indices=None, values=None, shape=None, row_tensor=None):
        if row_tensor is not None:
            self._copy_of(row_tensor, RowTensor, "row_tensor")
            return
        ind = _as_torch(indices, "indices", "RowTensor")
        val = _as_torch(values, "values", "RowTensor")
        shape = _check_shape(shape, "RowTensor")
        if ind.dim() != 1 or tuple(val.shape[1:]) != shape[1:] or val.shape[0] != ind.shape[0]:
            raise ValueError(f"For RowTensor, 'indices' must be 1-D and 'values' of shape [len(indices), "
                             f"*shape[1:]], but got indices {tuple(ind.shape)}, values {tuple(val.shape)} and shape "
                             f"{shape}.")
        self._indices, self._values, self._shape = ind, val, shape

    @property
    def dense_shape(self):
        return self._shape

    def __repr__(self):
        return (f"RowTensor(shape={list(self._shape)}, dtype={mstype._TORCH_TO_TYPE[self._values.dtype]}, "
                f"indices={_sparse_text(self._indices)}, values={_sparse_text(self._values)})")


# MindSpore's C++ row tensor, as model zoos import it from here
RowTensorInner = RowTensor
