"""Math layers: ReduceLogSumExp, Range, LGamma, DiGamma, IGamma, LBeta, MatMul, Moments, MatInverse, MatDet."""
import numpy as np
import torch

from ...common import dtype as mstype
from ...common.tensor import Tensor, _wrap
from ...ops.function.array_func import cast
from ...ops.function.linalg_func import det, inverse, matmul
from ...ops.function.math_func import digamma, igamma, lgamma
from ...ops.function.reduce_func import logsumexp, var_mean
from ..cell import Cell
from ._checks import FLOATS, NoArgCell, check_bool, check_dtype

__all__ = ["ReduceLogSumExp", "Range", "LGamma", "DiGamma", "IGamma", "LBeta", "MatMul", "Moments", "MatInverse",
           "MatDet"]


def _axis_dims(axis):
    """MindSpore's () means every axis; torch takes None for that."""
    if axis == () or axis is None:
        return None
    return axis


class ReduceLogSumExp(Cell):
    r""":math:`\log \sum e^{x}` over ``axis``.

    Args:
        axis (int or tuple): the reduced axes; () means all.
        keep_dims (bool): keep the reduced axes with size 1. Default: False.

    Inputs:
        - **x** (Tensor) - floating.

    Outputs:
        Tensor of the reduced shape.
    """

    def __init__(self, axis, keep_dims=False):
        super().__init__()
        if not isinstance(axis, (int, tuple, list)) or isinstance(axis, bool):
            raise TypeError(f"For 'ReduceLogSumExp', the 'axis' must be an int, tuple or list, but got {axis!r}")
        self.axis, self.keep_dims = axis, check_bool(keep_dims, "keep_dims", "ReduceLogSumExp")
        self._dims = _axis_dims(tuple(axis) if isinstance(axis, list) else axis)

    def construct(self, x):
        t = check_dtype(self, "x", x._t, FLOATS)
        dims = self._dims if self._dims is not None else tuple(range(t.dim()))
        return logsumexp(x, dims, self.keep_dims)


class Range(Cell):
    r"""A constant arithmetic sequence ``[start, limit)`` with step ``delta`` (``[0, start)`` without ``limit``).

    Args:
        start (int or float): first value (or the end when ``limit`` is None).
        limit (int or float): end (exclusive). Default: None.
        delta (int or float): non-zero step. Default: 1.

    Outputs:
        1-D Tensor: Int32 for integer arguments, Float32 otherwise.
    """

    def __init__(self, start, limit=None, delta=1):
        super().__init__()
        if delta == 0:
            raise ValueError("For 'Range', the 'delta' can not be zero")
        data = np.arange(start, limit, delta)
        dtype = mstype.float32 if data.dtype.kind == "f" else mstype.int32
        self.result_tensor = Tensor(data, dtype=dtype)

    def construct(self):
        return self.result_tensor


class LGamma(NoArgCell):
    r""":math:`\log |\Gamma(x)|`.

    Inputs:
        - **x** (Tensor) - float16 or float32.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def construct(self, x):
        check_dtype(self, "x", x._t, FLOATS)
        return lgamma(x)


class DiGamma(NoArgCell):
    r""":math:`\psi(x) = \frac{d}{dx} \log \Gamma(x)`.

    Inputs:
        - **x** (Tensor) - float16 or float32.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def construct(self, x):
        check_dtype(self, "x", x._t, FLOATS)
        return digamma(x)


class IGamma(NoArgCell):
    r"""Regularised lower incomplete gamma function :math:`P(a, x)`.

    Inputs:
        - **a** (Tensor) - positive.
        - **x** (Tensor) - non-negative, broadcastable with ``a``.

    Outputs:
        Tensor of the broadcast shape.
    """

    def construct(self, a, x):
        check_dtype(self, "a", a._t, FLOATS), check_dtype(self, "x", x._t, FLOATS)
        return igamma(a, x)


class LBeta(NoArgCell):
    r""":math:`\log B(x, y) = \log\Gamma(x) + \log\Gamma(y) - \log\Gamma(x + y)`.

    Inputs:
        - **x** (Tensor) - positive.
        - **y** (Tensor) - positive, broadcastable with ``x``.

    Outputs:
        Tensor of the broadcast shape.
    """

    def construct(self, x, y):
        check_dtype(self, "x", x._t, FLOATS), check_dtype(self, "y", y._t, FLOATS)
        return lgamma(x) + lgamma(y) - lgamma(x + y)


class MatMul(Cell):
    r"""Broadcasting matrix product with optional transposes of the last two dimensions.

    Args:
        transpose_x1 (bool): Default: False.
        transpose_x2 (bool): Default: False.

    Inputs:
        - **x1** (Tensor) - at least 1-D.
        - **x2** (Tensor) - at least 1-D.

    Outputs:
        Tensor of the broadcast product.
    """

    def __init__(self, transpose_x1=False, transpose_x2=False):
        super().__init__()
        self.transpose_x1 = check_bool(transpose_x1, "transpose_x1", "MatMul")
        self.transpose_x2 = check_bool(transpose_x2, "transpose_x2", "MatMul")

    def construct(self, x1, x2):
        a, b = x1._t, x2._t
        if self.transpose_x1 and a.dim() > 1:
            a = a.transpose(-1, -2)
        if self.transpose_x2 and b.dim() > 1:
            b = b.transpose(-1, -2)
        if a.shape[-1] != b.shape[-2 if b.dim() > 1 else -1]:
            raise ValueError(f"For 'MatMul', the column of 'x1' must equal the row of 'x2', but got shapes "
                             f"{tuple(x1.shape)} and {tuple(x2.shape)} (transpose_x1={self.transpose_x1}, "
                             f"transpose_x2={self.transpose_x2})")
        return matmul(_wrap(a), _wrap(b))


class Moments(Cell):
    r"""Mean and (biased) variance over ``axis``.

    Args:
        axis (int or tuple): Default: None (all axes).
        keep_dims (bool): Default: None (False).

    Inputs:
        - **x** (Tensor) - float16 or float32.

    Outputs:
        Tuple ``(mean, variance)``.
    """

    def __init__(self, axis=None, keep_dims=None):
        super().__init__()
        self.axis = () if axis is None else axis
        self.keep_dims = False if keep_dims is None else check_bool(keep_dims, "keep_dims", "Moments")

    def construct(self, x):
        t = x._t
        dims = _axis_dims(self.axis)
        dims = tuple(range(t.dim())) if dims is None else dims
        check_dtype(self, "input x", t, FLOATS)  # MindSpore 2.10's Moments refuses integers
        work = cast(x, mstype.float32) if t.dtype == torch.float16 else x  # float16 computed in float32
        var, mean = var_mean(work, dims, 0, self.keep_dims)
        return cast(mean, x.dtype), cast(var, x.dtype)


class MatInverse(NoArgCell):
    r"""Inverse of (batches of) square matrices.

    Inputs:
        - **a** (Tensor) - shape :math:`(*, n, n)`.

    Outputs:
        Tensor of the same shape.
    """

    def construct(self, a):
        return inverse(a)


class MatDet(NoArgCell):
    r"""Determinant of (batches of) square matrices.

    Inputs:
        - **a** (Tensor) - shape :math:`(*, n, n)`.

    Outputs:
        Tensor of shape :math:`(*)`.
    """

    def construct(self, a):
        return det(a)


def matmul_op_select(x1_shape, x2_shape, transpose_x1, transpose_x2):
    """The primitive ``nn.MatMul`` uses for operands of these ranks: ``Mul`` for two vectors, ``MatMul``
    up to rank 2 (a vector operand is never transposed), ``BatchMatMul`` above."""
    from ... import ops
    x1_dim, x2_dim = len(x1_shape), len(x2_shape)
    if x1_dim == 1 and x2_dim == 1:
        return ops.Mul()
    if x1_dim <= 2 and x2_dim <= 2:
        return ops.MatMul(False if x1_dim == 1 else transpose_x1, False if x2_dim == 1 else transpose_x2)
    if x1_dim == 1:
        return ops.BatchMatMul(False, transpose_x2)
    if x2_dim == 1:
        return ops.BatchMatMul(transpose_x1, False)
    return ops.BatchMatMul(transpose_x1, transpose_x2)


# ------------------------------------------------------------------ MindSpore's IGamma helpers
def _while_helper_func(cond, body, vals):
    """``vals = body(vals)`` while any element of ``cond(vals)`` is true."""
    while cond(vals).any():
        vals = body(vals)
    return vals


def _prefactor(x, a):
    from ... import ops
    return ops.exp(a * ops.log(x) - x - lgamma(a))


def _igamma_series(ax, x, a, enabled):
    """``ax / a`` times the power series of the regularized lower incomplete gamma function (which is
    ``P(a, x) * a / exp(a log x - x - lgamma(a))``) where ``enabled``, times 1 elsewhere."""
    from ... import ops
    series = igamma(a, x) * a / _prefactor(x, a)
    return ops.select(enabled, series, ops.ones_like(a)) * ax / a


def _igammac_continued_fraction(ax, x, a, enabled):
    """``ax`` times the continued fraction of the regularized upper incomplete gamma function (which is
    ``Q(a, x) / exp(a log x - x - lgamma(a))``) where ``enabled``, times its first convergent elsewhere."""
    from ... import ops
    from ...ops.function.math_func import igammac
    fraction = igammac(a, x) / _prefactor(x, a)
    z = x + (1 - a) + 1
    first = (x + 1) / (z * x)
    return ops.select(enabled, fraction, first) * ax
