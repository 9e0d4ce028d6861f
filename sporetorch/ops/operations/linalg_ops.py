"""Linear-algebra Primitive classes of MindSpore's ``ops.operations.linalg_ops``."""
from ..function import linalg_func
from ..primitive import Primitive, prim_attr_register

__all__ = ["Eigh"]


class Eigh(Primitive):
    """Eigen-decomposition of a Hermitian matrix from its ``lower`` (else upper) triangle: ``(eigenvalues,
    eigenvectors)`` with ``compute_eigenvectors``, else the eigenvalues.

    Inputs:
        - **A** (Tensor) - a square (batch of) float or complex matrix.
    """

    @prim_attr_register
    def __init__(self, compute_eigenvectors=True, lower=True):
        pass

    def __call__(self, A):
        return linalg_func._eigh(A, self.compute_eigenvectors, self.lower)
