"""Gradient Primitives of MindSpore's sparse operators (``ops.operations._sparse_grad_ops``)."""
from ..function import sparse_coo_func
from ..primitive import Primitive, prim_attr_register

__all__ = ["SparseAddGrad"]


class SparseAddGrad(Primitive):
    """Gradient of SparseAdd: ``(val_grad, x1_indices, x2_indices, sum_indices)`` -> ``(dx1, dx2)``, the
    entries of ``val_grad`` (at ``sum_indices``) at each input's indices."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, val_grad, x1_indices, x2_indices, sum_indices):
        return sparse_coo_func.add_grad(val_grad, x1_indices, x2_indices, sum_indices)
