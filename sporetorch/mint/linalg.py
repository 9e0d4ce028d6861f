"""``mindspore.mint.linalg``: torch.linalg-style norms, inverse and QR over :mod:`sporetorch.ops`."""
from .. import ops

__all__ = ["inv", "matrix_norm", "norm", "qr", "vector_norm"]


def inv(input):
    """Inverse of square matrices (batched) (``mindspore.mint.linalg.inv``)."""
    return ops.inverse(input)


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    """Vector or matrix norm, as ``torch.linalg.norm`` (``mindspore.mint.linalg.norm``)."""
    return ops.norm(A, ord, dim, keepdim, dtype=dtype)


def vector_norm(x, ord=2, dim=None, keepdim=False, *, dtype=None):
    """Vector ``ord``-norm over ``dim`` (all elements when None) (``mindspore.mint.linalg.vector_norm``)."""
    return ops.vector_norm(x, ord, dim, keepdim, dtype=dtype)


def matrix_norm(A, ord='fro', dim=(-2, -1), keepdim=False, *, dtype=None):
    """Matrix norm over the two axes ``dim`` (``mindspore.mint.linalg.matrix_norm``)."""
    return ops.matrix_norm(A, ord, dim, keepdim, dtype=dtype)


def qr(A, mode='reduced'):
    """``(Q, R)`` of the QR decomposition (``mindspore.mint.linalg.qr``)."""
    return ops.qr(A, mode)
