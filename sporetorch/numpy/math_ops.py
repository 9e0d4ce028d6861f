"""Math functions of ``mindspore.numpy``: element-wise arithmetic, reductions, linear algebra,
polynomials and histograms, as façades over :mod:`sporetorch.ops` and the Tensor methods."""
import builtins

import numpy as onp

from .. import ops
from ..common import dtype as mstype
from ..common.tensor import Tensor
from ..ops.function.math_func import _gradient, _histogram_counts
from .array_creations import arange, histogram_bin_edges, zeros
from .dtypes import _promote, _to_dtype
from .utils import (_apply_binary, _apply_unary, _cast, _cast_out, _check_axis, _is_float, _one, _to_common,
                    _to_float, _to_tensor)

__all__ = ["mean", "inner", "add", "subtract", "multiply", "divide", "true_divide", "power", "dot", "outer",
           "tensordot", "absolute", "std", "var", "average", "minimum", "matmul", "square", "sqrt", "reciprocal", "log",
           "maximum", "heaviside", "amax", "amin", "hypot", "float_power", "floor", "ptp", "deg2rad", "rad2deg",
           "count_nonzero", "positive", "negative", "clip", "floor_divide", "remainder", "fix", "fmod", "trunc", "exp",
           "expm1", "exp2", "kron", "promote_types", "divmod_", "diff", "cbrt", "cross", "ceil", "trapz", "gcd", "lcm",
           "convolve", "log1p", "logaddexp", "log2", "logaddexp2", "log10", "ediff1d", "nansum", "nanmean", "nanvar",
           "nanstd", "cumsum", "nancumsum", "sin", "cos", "tan", "arcsin", "arccos", "arctan", "sinh", "cosh", "tanh",
           "arcsinh", "arccosh", "arctanh", "arctan2", "cov", "multi_dot", "nanmax", "nanmin", "argmax", "argmin",
           "searchsorted", "interp", "sum_", "corrcoef", "gradient", "sign", "copysign", "digitize", "bincount",
           "histogram", "histogramdd", "histogram2d", "matrix_power", "around", "polyadd", "polysub", "polyval",
           "polyder", "polymul", "polyint", "result_type", "unwrap", "cumprod", "ravel_multi_index", "norm",
           "bitwise_and", "bitwise_or", "bitwise_xor", "invert", "rint", "correlate", "radians"]


# ---------------------------------------------------------------- element-wise, two inputs
def add(x1, x2, dtype=None):
    """``x1 + x2`` element-wise (Python numbers count as int32/float32 arrays in the promotion)."""
    return _apply_binary(ops.add, x1, x2, dtype)


def subtract(x1, x2, dtype=None):
    """``x1 - x2`` element-wise."""
    return _apply_binary(ops.sub, x1, x2, dtype)


def multiply(x1, x2, dtype=None):
    """``x1 * x2`` element-wise."""
    return _apply_binary(ops.mul, x1, x2, dtype)


def divide(x1, x2, dtype=None):
    """True division; integer inputs give float32."""
    return _apply_binary(ops.div, x1, x2, dtype, to_float=True)


def true_divide(x1, x2, dtype=None):
    """True division (as :func:`divide`)."""
    return divide(x1, x2, dtype)


def power(x1, x2, dtype=None):
    """``x1 ** x2`` element-wise."""
    return _apply_binary(ops.pow, x1, x2, dtype)


def float_power(x1, x2, dtype=None):
    """``x1 ** x2`` computed in float (float64 inputs stay float64, others give float32)."""
    x1, x2 = _to_common(x1, x2)
    target = mstype.float64 if x1.dtype == mstype.float64 else mstype.float32
    return _cast_out(ops.pow(_cast(x1, target), _cast(x2, target)), dtype)


def _extremum(op, x1, x2, dtype):
    x1, x2 = _one(x1), _one(x2)
    # As in MindSpore, a 0-d operand takes the other operand's dtype for the result.
    if dtype is None and (x1.ndim == 0) != (x2.ndim == 0):
        dtype = x2.dtype if x1.ndim == 0 else x1.dtype
    return _apply_binary(op, x1, x2, dtype)


def minimum(x1, x2, dtype=None):
    """Element-wise minimum (NaN propagates; a 0-d operand takes the other's dtype)."""
    return _extremum(ops.minimum, x1, x2, dtype)


def maximum(x1, x2, dtype=None):
    """Element-wise maximum (NaN propagates; a 0-d operand takes the other's dtype)."""
    return _extremum(ops.maximum, x1, x2, dtype)


def heaviside(x1, x2, dtype=None):
    """0 where ``x1 < 0``, 1 where ``x1 > 0``, else ``x2`` (also for NaN, as in MindSpore)."""
    x1, x2 = _to_common(x1, x2)
    shape = onp.broadcast_shapes(x1.shape, x2.shape)
    x1, x2 = ops.broadcast_to(x1, shape), ops.broadcast_to(x2, shape)
    zero, one = ops.zeros_like(x1), ops.ones_like(x1)
    return _cast_out(ops.where(x1 < 0, zero, ops.where(x1 > 0, one, x2)), dtype)


def hypot(x1, x2, dtype=None):
    """``sqrt(x1**2 + x2**2)`` element-wise."""
    return _apply_binary(ops.hypot, x1, x2, dtype, to_float=True)


def floor_divide(x1, x2, dtype=None):
    """Floor division."""
    return _apply_binary(ops.floor_divide, x1, x2, dtype)


def remainder(x1, x2, dtype=None):
    """Remainder with the sign of the divisor (Python's ``%``)."""
    return _apply_binary(ops.remainder, x1, x2, dtype)


def fmod(x1, x2, dtype=None):
    """Remainder with the sign of the dividend (C's ``fmod``)."""
    return _apply_binary(ops.fmod, x1, x2, dtype)


def divmod_(x1, x2, dtype=None):
    """``(floor_divide(x1, x2), remainder(x1, x2))``."""
    return floor_divide(x1, x2, dtype), remainder(x1, x2, dtype)


def arctan2(x1, x2, dtype=None):
    """Element-wise arc tangent of ``x1 / x2`` in the right quadrant."""
    return _apply_binary(ops.atan2, x1, x2, dtype, to_float=True)


def copysign(x1, x2, dtype=None):
    """``x1`` with the sign of ``x2``."""
    x1, x2 = _to_common(x1, x2)
    res = ops.copysign(_to_float(x1), _to_float(x2))
    return _cast(res, dtype if dtype is not None else x1.dtype)


def gcd(x1, x2, dtype=None):
    """Greatest common divisor of integers."""
    return _apply_binary(ops.gcd, x1, x2, dtype)


def lcm(x1, x2, dtype=None):
    """Least common multiple of integers."""
    return _apply_binary(ops.lcm, x1, x2, dtype)


def logaddexp(x1, x2, dtype=None):
    """``log(exp(x1) + exp(x2))``."""
    return _apply_binary(ops.logaddexp, x1, x2, dtype, to_float=True)


def logaddexp2(x1, x2, dtype=None):
    """``log2(2**x1 + 2**x2)``."""
    return _apply_binary(ops.logaddexp2, x1, x2, dtype, to_float=True)


def bitwise_and(x1, x2, dtype=None):
    """Bitwise AND of integers or booleans."""
    return _apply_binary(ops.bitwise_and, x1, x2, dtype)


def bitwise_or(x1, x2, dtype=None):
    """Bitwise OR of integers or booleans."""
    return _apply_binary(ops.bitwise_or, x1, x2, dtype)


def bitwise_xor(x1, x2, dtype=None):
    """Bitwise XOR of integers or booleans."""
    return _apply_binary(ops.bitwise_xor, x1, x2, dtype)


# ---------------------------------------------------------------- element-wise, one input
def absolute(x, dtype=None):
    """``|x|`` element-wise."""
    x = _one(x)
    if x.dtype == mstype.bool_:
        return _cast_out(x, dtype)
    return _apply_unary(ops.abs, x, dtype)


def negative(a, dtype=None):
    """``-a`` element-wise."""
    return _apply_unary(ops.neg, a, dtype)


def positive(a, dtype=None):
    """A copy of ``a``."""
    return _apply_unary(lambda x: Tensor(x._t.clone()), a, dtype)


def square(x, dtype=None):
    """``x * x``."""
    return _apply_unary(ops.square, x, dtype)


def reciprocal(x, dtype=None):
    """``1 / x``; integer inputs stay integers (truncated, ``1 / 0`` the dtype's maximum), as in MindSpore."""
    x = _one(x)
    if _is_float(x):
        return _apply_unary(ops.reciprocal, x, dtype)
    res = ops.trunc(ops.reciprocal(_cast(x, mstype.float64)))
    big = Tensor(onp.array(onp.iinfo(mstype.dtype_to_nptype(x.dtype)).max, onp.float64))  # exact in float64
    res = ops.where(ops.isinf(res), big, res)
    return _cast_out(_cast(res, x.dtype), dtype)


def sign(x, dtype=None):
    """-1, 0 or 1 by the sign of ``x`` (float32 for integer inputs, NaN for NaN)."""
    x = _to_float(_one(x))
    return _cast_out(ops.where(ops.isnan(x), x, ops.sign(x)), dtype)


def _float_unary(op, doc, trig=False):
    def fn(x, dtype=None):
        return _apply_unary(op, x, dtype, to_float="trig" if trig else True)
    fn.__doc__ = doc
    return fn


sqrt = _float_unary(ops.sqrt, "Element-wise square root.")
log = _float_unary(ops.log, "Element-wise natural logarithm.")
log2 = _float_unary(ops.log2, "Element-wise base-2 logarithm.")
log10 = _float_unary(ops.log10, "Element-wise base-10 logarithm.")
log1p = _float_unary(ops.log1p, "Element-wise ``log(1 + x)``.")
exp = _float_unary(ops.exp, "Element-wise exponential.")
expm1 = _float_unary(ops.expm1, "Element-wise ``exp(x) - 1``.")
sin = _float_unary(ops.sin, "Element-wise sine.", trig=True)
cos = _float_unary(ops.cos, "Element-wise cosine.", trig=True)
tan = _float_unary(ops.tan, "Element-wise tangent.", trig=True)
arcsin = _float_unary(ops.asin, "Element-wise inverse sine.", trig=True)
arctan = _float_unary(ops.atan, "Element-wise inverse tangent.", trig=True)
sinh = _float_unary(ops.sinh, "Element-wise hyperbolic sine.", trig=True)
cosh = _float_unary(ops.cosh, "Element-wise hyperbolic cosine.", trig=True)
tanh = _float_unary(ops.tanh, "Element-wise hyperbolic tangent.", trig=True)
arcsinh = _float_unary(ops.asinh, "Element-wise inverse hyperbolic sine.", trig=True)
arccosh = _float_unary(ops.acosh, "Element-wise inverse hyperbolic cosine.", trig=True)
arctanh = _float_unary(ops.atanh, "Element-wise inverse hyperbolic tangent.", trig=True)
floor = _float_unary(ops.floor, "Element-wise floor.")
ceil = _float_unary(ops.ceil, "Element-wise ceiling.")
trunc = _float_unary(ops.trunc, "Element-wise truncation toward zero.")
rint = _float_unary(ops.round, "Element-wise rounding to the nearest integer (half to even).")
deg2rad = _float_unary(ops.deg2rad, "Degrees to radians.")
radians = _float_unary(ops.deg2rad, "Degrees to radians.")
rad2deg = _float_unary(ops.rad2deg, "Radians to degrees.")


def arccos(input, dtype=None):  # noqa: A002 - MindSpore's name
    """Element-wise inverse cosine."""
    return _apply_unary(ops.acos, input, dtype, to_float="trig")


def cbrt(x, dtype=None):
    """Element-wise cube root (negative inputs give negative roots)."""
    x = _to_float(_one(x))
    return _cast_out(ops.sign(x) * ops.pow(ops.abs(x), 1.0 / 3), dtype)


def fix(x):
    """Round toward zero, in float."""
    return trunc(x)


def exp2(x, dtype=None):
    """``2 ** x`` (integer inputs stay integers)."""
    x = _one(x)
    return _cast_out(power(_cast(_to_tensor(2), x.dtype), x), dtype)


def invert(x, dtype=None):
    """Bitwise NOT of integers or booleans."""
    return _apply_unary(ops.bitwise_not if hasattr(ops, "bitwise_not") else ops.invert, x, dtype)


def around(a, decimals=0):
    """Round to ``decimals`` decimals (half to even)."""
    a = _one(a)
    if not _is_float(a):
        return a
    return ops.round(a, decimals=decimals)


def clip(x, xmin, xmax, dtype=None):
    """Clip values to ``[xmin, xmax]`` (either may be None); the dtype stays ``x``'s."""
    x = _one(x)
    if xmin is None and xmax is None:
        raise ValueError("One of max or min must be given.")
    res = x
    if xmin is not None:
        res = maximum(res, xmin)
    if xmax is not None:
        res = minimum(res, xmax)
    return _cast(res, dtype if dtype is not None else x.dtype)


# ---------------------------------------------------------------- reductions
def _axis(axis):
    return tuple(axis) if isinstance(axis, list) else axis


def sum_(a, axis=None, dtype=None, keepdims=False, initial=None):
    """Sum over ``axis`` (integers and booleans are summed in int64, as Tensor.sum does)."""
    return _cast_out(_one(a).sum(_axis(axis), dtype, keepdims, initial), dtype)


def mean(a, axis=None, keepdims=False, dtype=None):
    """Mean over ``axis``; integer inputs give a truncated mean of their own dtype (MindSpore)."""
    res = _one(a).mean(_axis(axis), keepdims)
    return _cast_out(res, dtype)


def _var(x, axis, ddof, keepdims):
    x = _one(x)
    if _is_float(x):
        return x.var(_axis(axis), ddof, keepdims)
    # MindSpore centres integers on their truncated integer mean, then works in float32.
    m = _cast(x.mean(_axis(axis), True), mstype.float32)
    dev = _cast(x, mstype.float32) - m
    count = x.size if axis is None else int(onp.prod([x.shape[i] for i in _norm_axes(axis, x.ndim)]))
    return (dev * dev).sum(_axis(axis), keepdims=keepdims) / (count - ddof)


def std(x, axis=None, ddof=0, keepdims=False):
    """Standard deviation with ``ddof`` degrees of freedom removed."""
    x = _one(x)
    if _is_float(x):
        return x.std(_axis(axis), ddof, keepdims)
    return ops.sqrt(_var(x, axis, ddof, keepdims))


def var(x, axis=None, ddof=0, keepdims=False):
    """Variance with ``ddof`` degrees of freedom removed (integers: about their truncated mean,
    as MindSpore computes it)."""
    return _var(x, axis, ddof, keepdims)


def amax(a, axis=None, keepdims=False, initial=None, where=True):
    """Maximum over ``axis`` (``initial`` and ``where`` as in numpy)."""
    a = _one(a)
    if where is not True:
        return a.max(axis=_axis(axis), keepdims=keepdims, initial=initial, where=_one(where))
    return a.max(axis=_axis(axis), keepdims=keepdims, initial=initial)


def amin(a, axis=None, keepdims=False, initial=None, where=True):
    """Minimum over ``axis`` (``initial`` and ``where`` as in numpy)."""
    a = _one(a)
    if where is not True:
        return a.min(axis=_axis(axis), keepdims=keepdims, initial=initial, where=_one(where))
    return a.min(axis=_axis(axis), keepdims=keepdims, initial=initial)


def ptp(x, axis=None, keepdims=False):
    """Maximum minus minimum over ``axis``."""
    return _one(x).ptp(_axis(axis), keepdims)


def average(x, axis=None, weights=None, returned=False):
    """The (weighted) mean over ``axis``; with ``returned``, also the sum of the weights."""
    x = _one(x)
    if weights is None:
        res = mean(x, axis)
        count = x.size if axis is None else int(onp.prod([x.shape[a] for a in _norm_axes(axis, x.ndim)]))
        wsum = _cast(_to_tensor(float(count)), res.dtype if _is_float(res) else mstype.float32)
    else:
        w = _one(weights)
        x, w = _to_common(x, w)
        if w.shape != x.shape:
            if axis is None or w.ndim != 1:
                raise ValueError("Axis must be specified when shapes of x and weights differ.")
            shape = [1] * x.ndim
            shape[_check_axis(axis, x.ndim)] = -1
            w = w.reshape(tuple(shape))
            w = ops.broadcast_to(w, x.shape)
        wsum = w.sum(_axis(axis)).astype(x.dtype) if axis is not None else w.sum().astype(x.dtype)
        res = (x * w).sum(_axis(axis)).astype(x.dtype) / wsum if axis is not None \
            else (x * w).sum().astype(x.dtype) / wsum
    if returned:
        return res, ops.broadcast_to(wsum, res.shape) if wsum.shape != res.shape else wsum
    return res


def _norm_axes(axis, ndim):
    axis = (axis,) if isinstance(axis, int) else tuple(axis)
    return tuple(_check_axis(a, ndim) for a in axis)


def count_nonzero(x, axis=None, keepdims=False):
    """The number of non-zero values over ``axis`` (int32)."""
    x = _one(x)
    res = (x != 0).astype(mstype.int32).sum(_axis(axis), keepdims=keepdims)
    return _cast(res, mstype.int32)


def argmax(a, axis=None):
    """Indices of the maxima (over the flattened array when ``axis`` is None)."""
    a = _one(a)
    return a.reshape(-1).argmax(0) if axis is None else a.argmax(axis)


def argmin(a, axis=None):
    """Indices of the minima (over the flattened array when ``axis`` is None)."""
    a = _one(a)
    return a.reshape(-1).argmin(0) if axis is None else a.argmin(axis)


def _nan_to(a, value):
    return ops.where(ops.isnan(a), Tensor(value, a.dtype), a) if _is_float(a) else a


def nansum(a, axis=None, dtype=None, keepdims=False):
    """Sum treating NaN as zero (the input's dtype kept)."""
    a = _one(a)
    res = _nan_to(a, 0.0).sum(_axis(axis), keepdims=keepdims)
    return _cast(res, dtype if dtype is not None else a.dtype)


def _nan_count(a, axis, keepdims):
    valid = ops.logical_not(ops.isnan(a)).astype(a.dtype)
    return valid.sum(_axis(axis), keepdims=keepdims)


def nanmean(a, axis=None, dtype=None, keepdims=False):
    """Mean ignoring NaN."""
    a = _to_float(_one(a))
    res = _nan_to(a, 0.0).sum(_axis(axis), keepdims=keepdims) / _nan_count(a, axis, keepdims)
    return _cast_out(res, dtype)


def nanvar(a, axis=None, dtype=None, ddof=0, keepdims=False):
    """Variance ignoring NaN."""
    a = _to_float(_one(a))
    m = nanmean(a, axis, keepdims=True)
    dev = _nan_to(a - m, 0.0)
    res = (dev * dev).sum(_axis(axis), keepdims=keepdims) / (_nan_count(a, axis, keepdims) - ddof)
    return _cast_out(res, dtype)


def nanstd(a, axis=None, dtype=None, ddof=0, keepdims=False):
    """Standard deviation ignoring NaN."""
    return _cast_out(ops.sqrt(nanvar(a, axis, None, ddof, keepdims)), dtype)


def nanmax(a, axis=None, dtype=None, keepdims=False):
    """Maximum ignoring NaN."""
    a = _one(a)
    res = amax(_nan_to(a, -float("inf")), axis, keepdims)
    return _cast_out(res, dtype)


def nanmin(a, axis=None, dtype=None, keepdims=False):
    """Minimum ignoring NaN."""
    a = _one(a)
    res = amin(_nan_to(a, float("inf")), axis, keepdims)
    return _cast_out(res, dtype)


def cumsum(a, axis=None, dtype=None):
    """Cumulative sum (over the flattened array when ``axis`` is None); booleans give int32."""
    a = _one(a)
    if a.dtype == mstype.bool_:
        a = a.astype(mstype.int32)
    if axis is None:
        a, axis = a.reshape(-1), 0
    return _cast_out(ops.cumsum(a, axis), dtype)


def nancumsum(a, axis=None, dtype=None):
    """Cumulative sum treating NaN as zero."""
    return cumsum(_nan_to(_one(a), 0.0), axis, dtype)


def cumprod(a, axis=None, dtype=None):
    """Cumulative product (over the flattened array when ``axis`` is None)."""
    a = _one(a)
    if a.dtype == mstype.bool_:
        a = a.astype(mstype.int32)
    if axis is None:
        a, axis = a.reshape(-1), 0
    return _cast(ops.cumprod(a, axis), a.dtype if dtype is None else dtype)


# ---------------------------------------------------------------- linear algebra
def matmul(x1, x2, dtype=None):
    """Matrix product with numpy's rules for 1-D operands and broadcast batches."""
    return _apply_binary(ops.matmul, x1, x2, dtype)


def dot(a, b):
    """numpy's ``dot``: the sum product over the last axis of ``a`` and the second-to-last of ``b``."""
    a, b = _to_common(a, b)
    if a.ndim == 0 or b.ndim == 0:
        return a * b
    if a.shape[-1] != b.shape[-2 if b.ndim > 1 else -1]:
        raise ValueError(f"For 'dot', the last axis of a ({a.shape}) must match the second-to-last axis of b "
                         f"({b.shape}).")
    if b.ndim <= 2:
        return ops.matmul(a, b)
    return ops.tensor_dot(a, b, ((a.ndim - 1,), (b.ndim - 2,)))


def inner(a, b):
    """The sum product over the last axes."""
    a, b = _to_common(a, b)
    if a.ndim == 0 or b.ndim == 0:
        return a * b
    return ops.tensor_dot(a, b, ((a.ndim - 1,), (b.ndim - 1,)))


def outer(a, b):
    """The outer product of the flattened inputs."""
    a, b = _to_common(a, b)
    return ops.outer(a.reshape(-1), b.reshape(-1))


def tensordot(a, b, axes=2):
    """Sum products over the given axes (``axes`` an int or a pair of axis lists)."""
    a, b = _to_common(a, b)
    if isinstance(axes, int):
        axes = (tuple(range(a.ndim - axes, a.ndim)), tuple(range(axes)))
    return ops.tensor_dot(a, b, axes)


def kron(a, b):
    """The Kronecker product."""
    a, b = _to_common(a, b)
    return ops.kron(a, b)


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """The cross product of 2- or 3-vectors along the given axes."""
    a, b = _to_common(a, b)
    if axis is not None:
        axisa = axisb = axisc = axis
    a_v, b_v = ops.movedim(a, axisa, -1), ops.movedim(b, axisb, -1)
    if a_v.shape[-1] == 2:
        a_v = ops.pad(a_v, (0, 1))
    if b_v.shape[-1] == 2:
        b_v = ops.pad(b_v, (0, 1))
    shape = onp.broadcast_shapes(a_v.shape, b_v.shape)
    res = ops.cross(ops.broadcast_to(a_v, shape), ops.broadcast_to(b_v, shape), -1)
    if a.shape[axisa] == 2 and b.shape[axisb] == 2:
        return res[..., 2]
    return ops.movedim(res, -1, axisc)


def multi_dot(arrays):
    """The product of a chain of matrices (the first and last may be 1-D)."""
    if len(arrays) < 2:
        raise ValueError("Expecting at least 2 arrays.")
    res = _one(arrays[0])
    for arr in arrays[1:]:
        res = dot(res, arr)
    return res


def matrix_power(a, n):
    """``a`` (a stack of square matrices) raised to the integer power ``n``."""
    a = _one(a)
    if not isinstance(n, int):
        raise TypeError("exponent must be an integer")
    if _is_float(a):
        return ops.matrix_power(a, n)
    # torch's matrix_power has no integer kernel on every backend: multiply by squaring.
    res = ops.broadcast_to(ops.eye(a.shape[-1], a.shape[-1], a.dtype), a.shape).copy()
    base = a
    while n > 0:
        if n & 1:
            res = ops.matmul(res, base)
        base = ops.matmul(base, base)
        n >>= 1
    return res


def norm(x, ord=None, axis=None, keepdims=False):  # noqa: A002 - numpy's name
    """Matrix or vector norm as ``numpy.linalg.norm``."""
    x = _to_float(_one(x))
    if axis is None and ord is not None:
        axis = tuple(range(x.ndim))
    if isinstance(axis, int):
        axis = (axis,)
    return ops.norm(x, ord, None if axis is None else tuple(axis), keepdims)


def trapz(y, x=None, dx=1.0, axis=-1):
    """Integral by the trapezoidal rule."""
    y = _to_float(_one(y))
    return ops.trapz(y, None if x is None else _cast(_one(x), y.dtype), dx=dx, dim=axis)


def diff(a, n=1, axis=-1, prepend=None, append=None):
    """The ``n``-th discrete difference along ``axis``."""
    a = _one(a)
    if n < 0:
        raise ValueError(f"order must be non-negative but got {n}")
    pre = None if prepend is None else _prep(prepend, a, axis)
    app = None if append is None else _prep(append, a, axis)
    return ops.diff(a, n, axis, pre, app)


def _prep(v, a, axis):
    v = _cast(_one(v), a.dtype)
    if v.ndim == 0:
        shape = list(a.shape)
        shape[axis] = 1
        v = ops.broadcast_to(v, tuple(shape))
    return v


def ediff1d(ary, to_end=None, to_begin=None):
    """Differences between consecutive elements of the flattened array, with optional ends."""
    a = _one(ary).reshape(-1)
    parts = [] if to_begin is None else [_cast(_one(to_begin), a.dtype).reshape(-1)]
    parts.append(a[1:] - a[:-1])
    if to_end is not None:
        parts.append(_cast(_one(to_end), a.dtype).reshape(-1))
    return ops.concat(parts)


def gradient(f, *varargs, axis=None, edge_order=1):
    """The gradient by central differences inside and one-sided differences at the ends."""
    f = _to_float(_one(f))
    axes = list(range(f.ndim)) if axis is None else list(_norm_axes(axis, f.ndim))
    spacing = [float(v) if not isinstance(v, Tensor) else v for v in varargs] if varargs else [1.0]
    if len(spacing) == 1:
        spacing = spacing * len(axes)
    out = _gradient(f, spacing, axes, edge_order)
    return out[0] if len(out) == 1 else out


def convolve(a, v, mode="full"):
    """Discrete linear convolution of two 1-D arrays."""
    a, v = _to_common(a, v)
    return _correlate(a, ops.flip(v, (0,)), mode)


def correlate(a, v, mode="valid"):
    """Cross-correlation of two 1-D arrays."""
    a, v = _to_common(a, v)
    return _correlate(a, v, mode)


def _correlate(a, v, mode):
    if a.ndim != 1 or v.ndim != 1:
        raise ValueError("only support 1-dimensional inputs.")
    if a.size == 0 or v.size == 0:
        raise ValueError("Inputs cannot be empty.")
    swap = a.shape[0] < v.shape[0]
    if swap:
        a, v = v, a
    n, m = a.shape[0], v.shape[0]
    pad = {"full": m - 1, "same": (m - 1) // 2, "valid": 0}.get(mode)
    if pad is None:
        raise ValueError("mode must be one of ['full', 'same', 'valid']")
    right = {"full": m - 1, "same": m - 1 - (m - 1) // 2, "valid": 0}[mode]
    work = a if _is_float(a) else _cast(a, mstype.float64)
    kern = _cast(v, work.dtype)
    padded = ops.pad(work.reshape(1, 1, -1), (pad, right))
    res = ops.conv1d(padded, kern.reshape(1, 1, -1)).reshape(-1)
    if swap:
        res = ops.flip(res, (0,))
    res = res if _is_float(a) else _cast(ops.round(res), a.dtype)
    return res[:builtins.max(n, m) if mode == "same" else None]


def cov(m, y=None, rowvar=True, bias=False, ddof=None, fweights=None, aweights=None, dtype=None):
    """The covariance matrix of the variables (rows, unless ``rowvar`` is False)."""
    m = _to_float(_one(m))
    if m.ndim == 1:
        m = m.reshape(1, -1)
    if not rowvar and m.shape[0] != 1:
        m = m.T
    if y is not None:
        y = _cast(_one(y), m.dtype)
        if y.ndim == 1:
            y = y.reshape(1, -1)
        if not rowvar and y.shape[0] != 1:
            y = y.T
        m = ops.concat((m, y), 0)
    correction = (0 if bias else 1) if ddof is None else ddof
    res = ops.cov(m, correction=correction, fweights=None if fweights is None else _one(fweights),
                  aweights=None if aweights is None else _cast(_one(aweights), m.dtype))
    return _cast_out(res, dtype)


def corrcoef(x, y=None, rowvar=True, dtype=None):
    """Pearson correlation coefficients."""
    c = cov(x, y, rowvar)
    if c.ndim == 0:
        return _cast_out(c / c, dtype)
    d = ops.diagonal(c)
    stddev = ops.sqrt(d)
    res = c / stddev.reshape(-1, 1) / stddev.reshape(1, -1)
    return _cast_out(ops.clamp(res, -1.0, 1.0), dtype)


# ---------------------------------------------------------------- searching, counting, histograms
def searchsorted(a, v, side="left", sorter=None):
    """Indices where ``v`` would be inserted into the sorted ``a`` (int32)."""
    if side not in ("left", "right"):
        raise ValueError(f"'{side}' is an invalid value for keyword 'side'")
    a, v = _to_common(a, v)
    if sorter is not None:
        a = a[_cast(_one(sorter), mstype.int64)]
    return ops.searchsorted(a, v, out_int32=True, right=side == "right")


def digitize(x, bins, right=False):
    """The indices of the bins (monotonic ``bins``) that ``x`` falls in (int32)."""
    x, bins = _to_common(x, bins)
    increasing = bins.size < 2 or bool(bins[-1] >= bins[0])
    if increasing:
        return ops.searchsorted(bins, x, out_int32=True, right=not right)
    idx = ops.searchsorted(ops.flip(bins, (0,)), x, out_int32=True, right=right)
    return bins.shape[0] - idx


def bincount(x, weights=None, minlength=0, length=None):
    """Counts (float32) of each non-negative integer in ``x`` (``length`` fixes the result's size)."""
    x = _one(x)
    if not _is_int(x):
        raise TypeError("`x` should be an integer array")
    res = ops.bincount(x, None if weights is None else _one(weights), minlength)
    if length is not None:
        res = res[:length] if res.shape[0] >= length else ops.pad(res, (0, length - res.shape[0]))
    # MindSpore 2.10 returns float32 counts, also without weights.
    return res if _is_float(res) else _cast(res, mstype.float32)


def _is_int(x):
    return x.dtype in mstype.int_type or x.dtype in mstype.uint_type


def histogram(a, bins=10, range=None, weights=None, density=False):  # noqa: A002 - numpy's name
    """Counts of ``a`` in ``bins`` and the bin edges (both float32, as in MindSpore)."""
    a = _to_float(_one(a)).reshape(-1)
    edges = histogram_bin_edges(a, bins, range)
    counts = _histogram_counts([a], [edges], None if weights is None else _one(weights))
    if density:
        counts = counts / (counts.sum() * ops.diff(edges))
    return _cast(counts, mstype.float32), edges


def histogramdd(sample, bins=10, range=None, weights=None, density=False):  # noqa: A002 - numpy's name
    """The multidimensional histogram of ``sample`` (N points x D dimensions) and its edges."""
    if isinstance(sample, (list, tuple)):
        sample = ops.stack([_to_float(_one(s)) for s in sample], axis=1)
    sample = _to_float(_one(sample))
    d = sample.shape[1]
    if isinstance(bins, int):
        bins = [bins] * d
    columns = [sample[:, i] for i in builtins.range(d)]
    edges = [histogram_bin_edges(columns[i], bins[i], None if range is None else range[i]) for i in builtins.range(d)]
    counts = _histogram_counts(columns, edges, None if weights is None else _one(weights))
    if density:
        vol = None
        for i, e in enumerate(edges):
            shape = [1] * d
            shape[i] = -1
            width = ops.diff(e).reshape(shape)
            vol = width if vol is None else vol * width
        counts = counts / counts.sum() / vol
    return _cast(counts, mstype.float32), edges


def histogram2d(x, y, bins=10, range=None, weights=None, density=False):  # noqa: A002 - numpy's name
    """The 2-D histogram of ``(x, y)`` and the two edge arrays."""
    counts, edges = histogramdd((x, y), bins, range, weights, density)
    return counts, edges[0], edges[1]


def interp(x, xp, fp, left=None, right=None):
    """Piecewise-linear interpolation of ``(xp, fp)`` at ``x`` (float32)."""
    x, xp, fp = (_cast(_one(v), mstype.float32) for v in (x, xp, fp))
    idx = ops.clamp(ops.searchsorted(xp, x, right=True), 1, xp.shape[0] - 1)
    x0, x1 = xp[idx - 1], xp[idx]
    y0, y1 = fp[idx - 1], fp[idx]
    res = y0 + (x - x0) * (y1 - y0) / (x1 - x0)
    res = ops.where(x < xp[0], fp[0] if left is None else float(left), res)
    res = ops.where(x > xp[-1], fp[-1] if right is None else float(right), res)
    return ops.where(x == xp[-1], fp[-1], res)


# ---------------------------------------------------------------- polynomials
def _poly(p):
    p = _one(p)
    if p.ndim != 1:
        raise ValueError("input p must be 1-d")
    return p


def polyadd(a1, a2):
    """The sum of two polynomials (highest power first)."""
    a1, a2 = _to_common(_poly(a1), _poly(a2))
    n = builtins.max(a1.shape[0], a2.shape[0])
    return add(ops.pad(a1, (n - a1.shape[0], 0)), ops.pad(a2, (n - a2.shape[0], 0)))


def polysub(a1, a2):
    """The difference of two polynomials."""
    return polyadd(a1, negative(_poly(a2)))


def polymul(a1, a2):
    """The product of two polynomials."""
    return convolve(_poly(a1), _poly(a2))


def polyval(p, x):
    """The polynomial ``p`` evaluated at ``x`` by Horner's scheme."""
    p, x = _to_common(_poly(p), x)
    p, x = _to_float(p), _to_float(x)
    res = zeros(x.shape, x.dtype)
    for i in builtins.range(p.shape[0]):
        res = res * x + p[i]
    return res


def polyder(p, m=1):
    """The ``m``-th derivative of a polynomial."""
    p = _poly(p)
    if m < 0:
        raise ValueError("Order of derivative must be positive")
    for _ in builtins.range(m):
        n = p.shape[0] - 1
        if n <= 0:
            return zeros((1,), p.dtype) if n == 0 else p
        p = p[:-1] * _cast(arange(n, 0, -1), p.dtype)
    return p


def polyint(p, m=1, k=None):
    """The ``m``-th antiderivative of a polynomial (integration constants ``k``)."""
    p = _to_float(_poly(p))
    if m < 0:
        raise ValueError("Order of integral must be positive")
    ks = [0.0] * m if k is None else ([k] * m if isinstance(k, (int, float)) else list(_one(k).asnumpy()))
    for i in builtins.range(m):
        n = p.shape[0]
        p = ops.concat((p / _cast(arange(n, 0, -1), p.dtype), _cast(_to_tensor([float(ks[i])]), p.dtype)))
    return p


# ---------------------------------------------------------------- dtypes and indices
def promote_types(type1, type2):
    """The smallest dtype both can be safely cast to (MindSpore's promotion table)."""
    return _promote(_to_dtype(type1), _to_dtype(type2))


def result_type(*arrays_and_dtypes):
    """The dtype of applying the promotion rules to the arguments (Python numbers count as int32/float32)."""
    def dtype_of(x):
        if isinstance(x, Tensor):
            return x.dtype
        if isinstance(x, bool):
            return mstype.bool_
        if isinstance(x, int):
            return mstype.int32
        if isinstance(x, float):
            return mstype.float32
        return _to_dtype(x)
    res = dtype_of(arrays_and_dtypes[0])
    for x in arrays_and_dtypes[1:]:
        res = _promote(res, dtype_of(x))
    return res


def unwrap(p, discont=3.141592653589793, axis=-1):
    """Unwrap phase jumps larger than ``discont`` along ``axis``."""
    p = _to_float(_one(p))
    d = ops.diff(p, 1, axis)
    dd = ops.remainder(d + onp.pi, 2 * onp.pi) - onp.pi
    dd = ops.where(ops.logical_and(dd == -onp.pi, d > 0), onp.pi, dd)
    correct = ops.where(ops.abs(d) < discont, 0.0, dd - d)
    rest = ops.narrow(p, axis, 1, p.shape[axis] - 1) + ops.cumsum(correct, axis)
    return ops.concat((ops.narrow(p, axis, 0, 1), rest), axis)


def ravel_multi_index(multi_index, dims, mode="clip", order="C"):
    """Flat indices from a tuple of index arrays into an array of shape ``dims``.

    Returned as float32, as MindSpore 2.10 does (numpy returns integers).
    """
    if mode not in ("clip", "wrap"):
        raise ValueError("invalid mode, expecting 'wrap' or 'clip'")
    idx = [_cast(_one(i), mstype.int64) for i in multi_index]
    dims = tuple(dims)
    if order == "F":
        idx, dims = idx[::-1], dims[::-1]
    flat = ops.zeros_like(idx[0])
    for i, d in zip(idx, dims):
        i = ops.clamp(i, 0, d - 1) if mode == "clip" else ops.remainder(i, d)
        flat = flat * d + i
    return _cast(flat, mstype.float32)


# ---------------------------------------------------------------------------- MindSpore 2.10's private helpers
# of ``numpy.math_ops`` (model code imports them), as adapters of the functions above and of ``ops``.
def _apply_tensor_op(fn, *args, dtype=None):
    """``fn`` of the array-likes as Tensors, cast to ``dtype`` when given."""
    args = tuple(_one(a) for a in args)
    return _cast_out(fn(*args), dtype)


def _reduce_nansum(x, axis, keepdims=False):
    """Sum over ``axis`` (all when ``()``) with NaN counted as zero."""
    x = ops.select(ops.isnan(x), ops.zeros_like(x), x)
    return ops.sum(x, axis if axis != () else None, keepdims)


def _count_nonnan(a, axis, keepdims=False):
    """The number of non-NaN elements over ``axis``, in ``a``'s dtype."""
    mask = ops.select(ops.isnan(a), ops.zeros_like(a), ops.ones_like(a))
    return ops.sum(mask, axis if axis != () else None, keepdims)


def _nanvar(a, axis, ddof=0, keepdims=False):
    """Variance over ``axis`` ignoring NaN, with ``ddof`` delta degrees of freedom."""
    dev = ops.pow(ops.sub(a, nanmean(a, axis=axis, keepdims=True)), 2)
    return divide(_reduce_nansum(dev, axis, keepdims), ops.sub(_count_nonnan(a, axis, keepdims), ddof))


def _prop_nan(fn, x1, x2):
    """``fn(x1, x2)``, NaN where either input is NaN."""
    has_nan = ops.logical_or(ops.isnan(x1), ops.isnan(x2))
    res = fn(x1, x2)
    return ops.select(has_nan, ops.fill(_promote(x1.dtype, x2.dtype), has_nan.shape, float("nan")), res)


def _to_poly1d(x):
    """Polynomial coefficients as a 1-D Tensor."""
    from .array_ops import atleast_1d
    x = atleast_1d(_one(x))
    if x.ndim > 1:
        raise ValueError("input array must be scalar or 1-d sequence")
    return x


def _get_strides(dims, order="C"):
    """Int32 Tensor of the element strides of a C- or Fortran-ordered array of shape ``dims``."""
    if order not in ("C", "F"):
        raise ValueError("invalid order. Expected 'C' or 'F'")
    strides = [1]
    for d in (dims[1:][::-1] if order == "C" else dims[:-1]):
        strides.append(strides[-1] * d)
    return _one(strides[::-1] if order == "C" else strides)


def _multi_dot(arrays, i, j, order):
    """The product of ``arrays[i..j]`` in the parenthesisation ``order`` (``multi_dot``'s split table)."""
    if i == j:
        return arrays[i]
    return dot(_multi_dot(arrays, i, order[i][j], order), _multi_dot(arrays, order[i][j] + 1, j, order))


def _infer_shape_rem(shape1, shape2, ndim1, ndim2, transpose_b):
    """The trailing dims of ``dot``'s result from its operands' shapes."""
    rem = ()
    if ndim1 >= 2:
        rem += (shape1[-2],)
    if transpose_b:
        if ndim2 >= 2:
            rem += (shape2[-2],)
    elif ndim1 >= 1:
        rem += (shape2[-1],)
    return rem


def comput_avg(x, axis, weights):
    """``(weighted mean of x over axis, sum of the weights)``."""
    axis = None if axis is None or axis == () else axis
    total = ops.sum(ops.mul(x, weights), axis)
    weight_sum = ops.sum(weights, axis)
    return ops.div(total, weight_sum), weight_sum


def _slice_along_axis(f, axis, slice_start, slice_end):
    """``f[..., slice_start:slice_end, ...]`` along ``axis``."""
    return ops.narrow(f, axis, slice_start, slice_end - slice_start)


def _process_index(index, dims, mode="raise"):
    """Each row ``index[i]`` clipped into or wrapped around ``dims[i]``."""
    if mode == "raise":
        raise NotImplementedError("'raise' mode is not implemented")
    if mode not in ("clip", "wrap"):
        raise ValueError("invalid mode. Expected 'wrap' or 'clip'")
    rows = [clip(idx, 0, d - 1) if mode == "clip" else remainder(idx, d) for idx, d in zip(index, dims)]
    return ops.reshape(ops.stack([ops.reshape(r, (-1,)) for r in rows]), index.shape)
