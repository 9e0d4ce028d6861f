"""Functional operators on sparse tensors (``mindspore.ops.coo_*``, ``csr_*``, ``row_tensor_*``,
conversions and constructors), exported by ``sporetorch.ops``.

Elementwise ops apply the dense operator of ``sporetorch.ops.function`` to the stored values and
keep the indices, as MindSpore does (so ``coo_exp`` leaves the implicit zeros at 0, not 1).
"""
import torch

from ..ops import function as _function
from .sparse_tensor import COOTensor, CSRTensor, RowTensor, SparseTensor, _csr_rows
from .tensor import Tensor, _wrap

_UNARY = ("abs", "acos", "acosh", "asin", "asinh", "atan", "atanh", "ceil", "cos", "cosh", "exp", "expm1", "floor",
          "inv", "isfinite", "isinf", "isnan", "log", "log1p", "neg", "relu", "relu6", "round", "sigmoid", "sin",
          "sinh", "softsign", "sqrt", "square", "tan", "tanh")

__all__ = ([f"coo_{n}" for n in _UNARY] + [f"csr_{n}" for n in _UNARY] + [
    "coo_add", "coo_concat", "coo_tensor_get_indices", "coo_tensor_get_values", "coo_tensor_get_dense_shape",
    "csr_add", "csr_mul", "csr_div", "csr_mv", "csr_mm", "csr_reduce_sum", "csr_softmax", "csr_gather", "csr_to_coo",
    "csr_to_dense", "csr_tensor_get_indptr", "csr_tensor_get_indices", "csr_tensor_get_values",
    "csr_tensor_get_dense_shape", "coo2csr", "csr2coo", "dense_to_sparse_coo", "dense_to_sparse_csr",
    "row_tensor_add", "row_tensor_get_indices", "row_tensor_get_values", "row_tensor_get_dense_shape",
    "make_coo_tensor", "make_csr_tensor", "make_row_tensor", "make_row_tensor_inner", "make_sparse_tensor"])


def _check(x, cls, fn):
    if not isinstance(x, cls):
        raise TypeError(f"For '{fn}', the input must be a {cls.__name__}, but got {type(x).__name__}.")


def _unpack(fn, args, names):
    """The positional arguments of an op MindSpore defines as a Primitive instance (``fn(*args)``)."""
    if len(args) != len(names):
        raise TypeError(f"For '{fn}', {len(names)} inputs are required ({', '.join(names)}), but got {len(args)}.")
    return args


def _unary(prefix, cls, name, kept):
    dense_op = getattr(_function, name)

    def op(x):
        _check(x, cls, f"{prefix}_{name}")
        return x._with_values(dense_op(_wrap(x._values))._t)
    op.__name__ = op.__qualname__ = f"{prefix}_{name}"
    op.__doc__ = f"``ops.{name}`` of the stored values of a {cls.__name__}; {kept} kept."
    return op


def _getter(fn, cls, attr):
    """``fn(x)``: the ``attr`` of a ``cls`` (an op MindSpore defines as a Primitive instance)."""
    def op(*args):
        x, = _unpack(fn, args, ("x",))
        _check(x, cls, fn)
        return getattr(x, attr)
    op.__name__ = op.__qualname__ = fn
    op.__doc__ = f"``{fn}(x)``."
    return op


for _name in _UNARY:
    globals()[f"coo_{_name}"] = _unary("coo", COOTensor, _name, "the indices are")
    globals()[f"csr_{_name}"] = _unary("csr", CSRTensor, _name, "indptr and indices are")


# --- COO --------------------------------------------------------------------------------------------------
def coo_add(x1, x2, thresh):
    """``x1 + x2`` of two COOTensors; results with magnitude below ``thresh`` are dropped."""
    _check(x1, COOTensor, "coo_add")
    return x1.add(x2, thresh)


def coo_concat(sp_input, concat_dim=0):
    """Join COOTensors along ``concat_dim``; the result's indices are sorted row-major."""
    if not isinstance(sp_input, (tuple, list)):
        raise TypeError(f"For 'coo_concat', 'sp_input' must be a tuple or list of COOTensors, but got "
                        f"{type(sp_input).__name__}.")
    if len(sp_input) < 2:
        raise ValueError("For 'coo_concat', 'sp_input' must be a tuple or list of at least 2 COOTensors.")
    for x in sp_input:
        _check(x, COOTensor, "coo_concat")
    ndim = len(sp_input[0].shape)
    if not isinstance(concat_dim, int) or not -ndim <= concat_dim < ndim:
        raise ValueError(f"For 'coo_concat', 'concat_dim' must be in [{-ndim}, {ndim}), but got {concat_dim}.")
    dim = concat_dim % ndim
    for x in sp_input[1:]:
        if len(x.shape) != ndim or any(a != b for i, (a, b) in enumerate(zip(x.shape, sp_input[0].shape)) if i != dim):
            raise ValueError(f"For 'coo_concat', the shapes must agree except at dimension {dim}, but got "
                             f"{[list(t.shape) for t in sp_input]}.")
    index_dtype = sp_input[0]._indices.dtype
    offset, indices, values = 0, [], []
    for x in sp_input:
        ind = x._indices.long().clone()
        ind[:, dim] += offset
        indices.append(ind)
        values.append(x._values)
        offset += x.shape[dim]
    shape = tuple(s if i != dim else offset for i, s in enumerate(sp_input[0].shape))
    joined = torch.sparse_coo_tensor(torch.cat(indices).t(), torch.cat(values), shape,
                                     check_invariants=False).coalesce()
    return COOTensor._from_torch(joined, index_dtype)


coo_tensor_get_indices = _getter("coo_tensor_get_indices", COOTensor, "indices")
coo_tensor_get_values = _getter("coo_tensor_get_values", COOTensor, "values")
coo_tensor_get_dense_shape = _getter("coo_tensor_get_dense_shape", COOTensor, "shape")


# --- CSR --------------------------------------------------------------------------------------------------
def csr_add(a, b, alpha, beta):
    """``alpha * a + beta * b`` of two CSRTensors."""
    _check(a, CSRTensor, "csr_add")
    return a.add(b, alpha, beta)


def csr_mul(x, y):
    """Elementwise product of a CSRTensor and a dense Tensor broadcastable to its shape; a CSRTensor."""
    _check(x, CSRTensor, "csr_mul")
    return x * y


def csr_div(x, y):
    """Elementwise quotient of a CSRTensor by a dense Tensor broadcastable to its shape; a CSRTensor."""
    _check(x, CSRTensor, "csr_div")
    return x / y


def csr_mv(csr_tensor, dense):
    """``csr_tensor @ dense`` for a ``[cols, 1]`` dense Tensor."""
    _check(csr_tensor, CSRTensor, "csr_mv")
    return csr_tensor.mv(dense)


def csr_mm(a, b, trans_a=False, trans_b=False, adjoint_a=False, adjoint_b=False):
    """``op(a) @ op(b)`` for CSRTensors (op: transpose and/or conjugate); a CSRTensor."""
    _check(a, CSRTensor, "csr_mm")
    _check(b, CSRTensor, "csr_mm")

    def prepared(m, trans, adjoint):
        dense = m._torch_sparse().to_dense()
        if trans or adjoint:
            dense = dense.mT
        return dense.conj() if adjoint else dense
    return CSRTensor._from_torch(prepared(a, trans_a, adjoint_a) @ prepared(b, trans_b, adjoint_b), a._indptr.dtype,
                                 a._indices.dtype)


def csr_reduce_sum(csr_tensor, axis):
    """Sum over ``axis``, keeping it as a dimension of size 1; a dense Tensor."""
    _check(csr_tensor, CSRTensor, "csr_reduce_sum")
    return csr_tensor.sum(axis)


def csr_softmax(logits, dtype):
    """Softmax over the stored values of each row (the implicit zeros take no part); a CSRTensor."""
    _check(logits, CSRTensor, "csr_softmax")
    values = logits._values.to(torch.float32 if dtype is None else dtype.torch_dtype)
    rows = logits._rows()
    row_max = torch.full((logits.shape[0],), float("-inf"), dtype=values.dtype, device=values.device)
    row_max = row_max.scatter_reduce(0, rows, values, "amax")
    e = torch.exp(values - row_max[rows])
    denom = torch.zeros(logits.shape[0], dtype=values.dtype, device=values.device).index_add(0, rows, e)
    return logits._with_values(e / denom[rows])


def csr_gather(*args):
    """``csr_gather(indptr, indices, dense, dense_shape)``: the values of ``dense`` at the positions the CSR
    structure ``(indptr, indices, dense_shape)`` stores."""
    indptr, indices, dense, dense_shape = _unpack("csr_gather", args, ("indptr", "indices", "dense", "dense_shape"))
    ptr, ind, t = indptr._t, indices._t, dense._t
    return _wrap(t[_csr_rows(ptr, tuple(dense_shape)[0]), ind.long()])


def csr_to_coo(tensor):
    """The same matrix as a COOTensor."""
    _check(tensor, CSRTensor, "csr_to_coo")
    return tensor.to_coo()


def csr_to_dense(csr_tensor):
    """The dense Tensor."""
    _check(csr_tensor, CSRTensor, "csr_to_dense")
    return csr_tensor.to_dense()


csr_tensor_get_indptr = _getter("csr_tensor_get_indptr", CSRTensor, "indptr")
csr_tensor_get_indices = _getter("csr_tensor_get_indices", CSRTensor, "indices")
csr_tensor_get_values = _getter("csr_tensor_get_values", CSRTensor, "values")
csr_tensor_get_dense_shape = _getter("csr_tensor_get_dense_shape", CSRTensor, "shape")


def coo2csr(*args):
    """``coo2csr(coo_row_indices, height)``: the CSR ``indptr`` (``[height + 1]``) of sorted COO row indices."""
    coo_row_indices, height = _unpack("coo2csr", args, ("coo_row_indices", "height"))
    rows = coo_row_indices._t
    counts = torch.bincount(rows.long(), minlength=height)[:height]
    return _wrap(torch.cat([counts.new_zeros(1), counts.cumsum(0)]).to(rows.dtype))


def csr2coo(*args):
    """``csr2coo(indptr, length)``: the COO row index of each of the ``length`` values a CSR ``indptr`` stores."""
    indptr, length = _unpack("csr2coo", args, ("indptr", "length"))
    ptr = indptr._t
    rows = _csr_rows(ptr, ptr.shape[0] - 1)
    if rows.shape[0] != length:
        raise ValueError(f"For 'csr2coo', indptr describes {rows.shape[0]} values, but length is {length}.")
    return _wrap(rows.to(ptr.dtype))


def dense_to_sparse_coo(tensor):
    """A COOTensor of the nonzero entries of a 2-D Tensor (Int32 indices, row-major order)."""
    t = tensor._t
    if t.dim() != 2:
        raise ValueError(f"For 'dense_to_sparse_coo', the input must be 2-D, but got shape {tuple(t.shape)}.")
    coords = t.nonzero()
    return COOTensor._make(coords.to(torch.int32), t[tuple(coords.t())], tuple(t.shape))


def dense_to_sparse_csr(tensor):
    """A CSRTensor of the nonzero entries of a 2-D Tensor (Int32 indptr and indices)."""
    t = tensor._t
    if t.dim() != 2:
        raise ValueError(f"For 'dense_to_sparse_csr', the input must be 2-D, but got shape {tuple(t.shape)}.")
    if t.dtype not in (torch.float32, torch.float64, torch.complex64, torch.complex128):
        # MindSpore 2.10's DenseToCSRSparseMatrix takes float32/float64/complex64/complex128 only
        raise TypeError(f"For 'dense_to_sparse_csr', the input must be Float32, Float64, Complex64 or Complex128, "
                        f"but got {tensor.dtype}.")
    return CSRTensor._from_torch(t, torch.int32, torch.int32)


# --- RowTensor and constructors ----------------------------------------------------------------------------
def row_tensor_add(*args):
    """``row_tensor_add(x1, x2)``: a RowTensor whose rows are ``x1``'s plus the dense ``x2`` (broadcast)."""
    x1, x2 = _unpack("row_tensor_add", args, ("x1", "x2"))
    _check(x1, RowTensor, "row_tensor_add")
    if not isinstance(x2, Tensor):
        raise TypeError(f"For 'row_tensor_add', 'x2' must be a Tensor, but got {type(x2).__name__}.")
    return RowTensor(x1.indices, _wrap(x1._values + x2._t), x1.dense_shape)


row_tensor_get_indices = _getter("row_tensor_get_indices", RowTensor, "indices")
row_tensor_get_values = _getter("row_tensor_get_values", RowTensor, "values")
row_tensor_get_dense_shape = _getter("row_tensor_get_dense_shape", RowTensor, "dense_shape")


def make_coo_tensor(*args):
    """``make_coo_tensor(indices, values, dense_shape)``: a COOTensor."""
    return COOTensor(*_unpack("make_coo_tensor", args, ("indices", "values", "dense_shape")))


def make_csr_tensor(*args):
    """``make_csr_tensor(indptr, indices, values, dense_shape)``: a CSRTensor."""
    return CSRTensor(*_unpack("make_csr_tensor", args, ("indptr", "indices", "values", "dense_shape")))


def make_row_tensor(indices, values, dense_shape):
    """A RowTensor."""
    return RowTensor(indices, values, dense_shape)


def make_row_tensor_inner(*args):
    """``make_row_tensor_inner(indices, values, dense_shape)``: a RowTensor."""
    return RowTensor(*_unpack("make_row_tensor_inner", args, ("indices", "values", "dense_shape")))


def make_sparse_tensor(indices, values, dense_shape):
    """A (deprecated) SparseTensor."""
    return SparseTensor(indices, values, dense_shape)
