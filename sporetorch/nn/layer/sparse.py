"""Sparse layers: ``SparseToDense`` and ``SparseTensorDenseMatmul``."""
from ...common.tensor import Tensor, _wrap
from ...ops.function._utils import _ut
from ...ops.function.sparse_func import _check_coo, sparse_tensor_dense_matmul
from ..cell import Cell
from ._checks import INDICES, check_dtype

__all__ = ["SparseToDense", "SparseTensorDenseMatmul"]


class SparseToDense(Cell):
    """The dense Tensor of a ``COOTensor``.

    Inputs:
        - **sparse_tensor** (COOTensor) - the sparse tensor.

    Outputs:
        Tensor of ``sparse_tensor.shape``, zeros where no value is stored.
    """

    def construct(self, sparse_tensor):
        if not hasattr(sparse_tensor, "to_dense"):
            raise TypeError(f"For 'SparseToDense', the input must be a COOTensor, but got "
                            f"{type(sparse_tensor).__name__}.")
        return sparse_tensor.to_dense()


class SparseTensorDenseMatmul(Cell):
    """``A @ B`` for a 2-D COO sparse ``A`` (``indices``, ``values``, ``sparse_shape``) and a dense ``B``.

    Args:
        adjoint_st (bool): transpose ``A`` first. Default: False.
        adjoint_dt (bool): transpose ``B`` first. Default: False.

    Inputs:
        - **indices** (Tensor) - (nnz, 2) int32/int64.
        - **values** (Tensor) - (nnz,).
        - **sparse_shape** (tuple[int]) - ``A``'s shape.
        - **dense** (Tensor) - 2-D, of ``values``' dtype.

    Outputs:
        Tensor of shape (rows of op(A), columns of op(B)).
    """

    def __init__(self, adjoint_st=False, adjoint_dt=False):
        super().__init__()
        self.adjoint_st, self.adjoint_dt = adjoint_st, adjoint_dt

    def construct(self, indices, values, sparse_shape, dense):
        v, d = values._t, dense._t
        if isinstance(indices, Tensor):
            check_dtype(self, "indices", indices._t, INDICES)
        i = _ut(indices, v)
        shape = tuple(int(s) for s in (sparse_shape.asnumpy() if hasattr(sparse_shape, "asnumpy") else sparse_shape))
        if i.dim() != 2 or i.shape[1] != 2 or len(shape) != 2 or d.dim() != 2:
            raise ValueError(f"For 'SparseTensorDenseMatmul', 'indices' must be (nnz, 2), 'sparse_shape' 2-D and "
                             f"'dense' 2-D, but got {tuple(i.shape)}, {shape} and {tuple(d.shape)}.")
        a_shape = shape[::-1] if self.adjoint_st else shape
        b_shape = tuple(d.shape[::-1]) if self.adjoint_dt else tuple(d.shape)
        if a_shape[1] != b_shape[0]:
            raise ValueError(f"For 'SparseTensorDenseMatmul', op(A) of shape {a_shape} and op(B) of shape "
                             f"{b_shape} cannot be multiplied.")
        indices = _wrap(i)
        _check_coo("SparseTensorDenseMatmul", indices, values, shape)  # ValueError outside the shape, as MindSpore
        return sparse_tensor_dense_matmul(indices, values, shape, dense, adjoint_st=self.adjoint_st,
                                          adjoint_dt=self.adjoint_dt)
