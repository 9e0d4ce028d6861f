"""Sparse layers: ``SparseToDense`` and ``SparseTensorDenseMatmul``."""
import torch

from ...common.tensor import Tensor, _wrap
from ...ops.function._utils import _ut
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
        i = _ut(indices, v).long()
        shape = tuple(int(s) for s in (sparse_shape.asnumpy() if hasattr(sparse_shape, "asnumpy") else sparse_shape))
        if i.dim() != 2 or i.shape[1] != 2 or len(shape) != 2 or d.dim() != 2:
            raise ValueError(f"For 'SparseTensorDenseMatmul', 'indices' must be (nnz, 2), 'sparse_shape' 2-D and "
                             f"'dense' 2-D, but got {tuple(i.shape)}, {shape} and {tuple(d.shape)}.")
        # nn.SparseTensorDenseMatmul's COO operand and product: no dense-Tensor op in ops to call
        a = torch.sparse_coo_tensor(i.t(), v, shape, check_invariants=True)
        if self.adjoint_st:
            a = a.t()
        b = d.t() if self.adjoint_dt else d
        if a.shape[1] != b.shape[0]:
            raise ValueError(f"For 'SparseTensorDenseMatmul', op(A) of shape {tuple(a.shape)} and op(B) of shape "
                             f"{tuple(b.shape)} cannot be multiplied.")
        return _wrap(torch.sparse.mm(a, b))
