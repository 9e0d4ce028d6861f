"""``mint`` element-wise, comparison, logical and matrix-product functions.

Each name translates torch-style arguments (``alpha``, ``value``, ``rounding_mode``) and calls the op's one
implementation in :mod:`sporetorch.ops`.
"""
from .. import ops
from ..common.dtype import bool_ as ms_bool
from ..common.tensor import Tensor
from ..ops.function import linalg_func
from ..ops.function.math_func import _add_ext

__all__ = [
    "abs", "acos", "acosh", "add", "addbmm", "addcdiv", "addcmul", "addmm", "addmv", "addr_", "allclose", "arccos",
    "arccosh", "arcsin", "arcsinh", "arctan", "arctan2", "arctanh", "asin", "asinh", "atan", "atan2", "atanh",
    "baddbmm", "bitwise_and", "bitwise_not", "bitwise_or", "bitwise_xor", "bmm", "cdist", "cdist_", "ceil", "clamp",
    "clip", "cos", "cosh", "cross", "div", "divide", "dot", "einsum", "eq", "equal", "equal_ext_op", "erf", "erfc",
    "erfinv", "exp", "exp2", "expm1", "fix", "float_power", "floor", "floor_divide", "fmod", "frac", "gcd", "ge",
    "greater", "greater_equal", "gt", "imag", "inverse", "isclose", "isfinite", "isinf", "isnan", "isneginf", "le",
    "lerp", "less", "less_equal", "log", "log10", "log1p", "log2", "logaddexp", "logaddexp2", "logical_and",
    "logical_not", "logical_or", "logical_xor", "lt", "matmul", "maximum", "minimum", "mm", "mul", "mv",
    "nan_to_num", "ne", "neg", "negative", "not_equal", "outer", "polar", "pow", "real", "reciprocal", "remainder",
    "round", "rsqrt", "sigmoid", "sign", "sin", "sinc", "sinh", "sqrt", "square", "sub", "tan", "tanh",
    "triangular_solve", "trunc", "vdot", "xlogy",
]


# Same name, same arguments as the ``ops`` function: MindSpore's mint exports these unchanged.
abs = ops.abs
acos = arccos = ops.acos
acosh = arccosh = ops.acosh
asin = ops.asin
arcsin = ops.arcsin
asinh = arcsinh = ops.asinh
atan = arctan = ops.atan
atan2 = arctan2 = ops.atan2
atanh = arctanh = ops.atanh
ceil = ops.ceil
cos = ops.cos
cosh = ops.cosh
erf = ops.erf
erfc = ops.erfc
erfinv = ops.erfinv
exp = ops.exp
exp2 = ops.exp2
expm1 = ops.expm1
floor = ops.floor
isfinite = ops.isfinite
isinf = ops.isinf
isneginf = ops.isneginf
log = ops.log
log10 = ops.log10
log1p = ops.log1p
log2 = ops.log2
logical_not = ops.logical_not
neg = ops.neg
negative = ops.negative
reciprocal = ops.reciprocal
rsqrt = ops.rsqrt
sigmoid = ops.sigmoid
sign = ops.sign
sin = ops.sin
sinc = ops.sinc
sinh = ops.sinh
square = ops.square
tan = ops.tan
tanh = ops.tanh
trunc = ops.trunc
nan_to_num = ops.nan_to_num
round = ops.round
imag = ops.imag
real = ops.real
polar = ops.polar

mul = ops.mul
floor_divide = ops.floor_divide
fmod = ops.fmod
remainder = ops.remainder
float_power = ops.float_power
maximum = ops.maximum
minimum = ops.minimum
logaddexp = ops.logaddexp
logaddexp2 = ops.logaddexp2
gcd = ops.gcd
xlogy = ops.xlogy
lerp = ops.lerp
bitwise_and = ops.bitwise_and
bitwise_or = ops.bitwise_or
bitwise_xor = ops.bitwise_xor
logical_and = ops.logical_and
logical_or = ops.logical_or
logical_xor = ops.logical_xor
eq = ops.eq
ne = not_equal = ops.ne
ge = greater_equal = ops.ge
gt = greater = ops.gt
le = less_equal = ops.le
lt = less = ops.lt
isclose = ops.isclose

addmm = ops.addmm
addbmm = ops.addbmm
addmv = ops.addmv
mm = ops.mm
matmul = ops.matmul


def outer(input, vec2):
    """Outer product of two 1-D tensors (``mindspore.mint.outer``)."""
    return linalg_func.outer_ext(input, vec2)


inverse = ops.inverse
einsum = ops.einsum
cross = ops.cross


def sqrt(input):
    """Element-wise square root (``mindspore.mint.sqrt``)."""
    return ops.sqrt(input)


def isnan(tensor):
    """Element-wise NaN test (``mindspore.mint.isnan``; MindSpore names the argument ``tensor``)."""
    return ops.isnan(tensor)


def fix(input):
    """Round towards zero; alias of :func:`trunc` (``mindspore.mint.fix``)."""
    return ops.trunc(input)


def bitwise_not(input):
    """Element-wise bitwise NOT (logical NOT for bool) (``mindspore.mint.bitwise_not``).

    MindSpore 2.10's BitwiseNot takes integral and Boolean tensors; ``ops.invert`` takes integers only.
    """
    if isinstance(input, Tensor) and input.dtype == ms_bool:
        return ops.logical_not(input)
    return ops.invert(input)


def _scaled(other, alpha):
    return other if alpha == 1 else ops.mul(other, alpha)


def add(input, other, *, alpha=1):
    """``input + alpha * other`` (``mindspore.mint.add``)."""
    return _add_ext(input, _scaled(other, alpha))


def sub(input, other, *, alpha=1):
    """``input - alpha * other`` (``mindspore.mint.sub``)."""
    return ops.sub(input, _scaled(other, alpha))


def div(input, other, *, rounding_mode=None):
    """True division, or ``"floor"``/``"trunc"`` rounded division (``mindspore.mint.div``)."""
    return ops.div(input, other, rounding_mode=rounding_mode)


def divide(input, other, *, rounding_mode=None):
    """Alias of :func:`div` (``mindspore.mint.divide``)."""
    return ops.div(input, other, rounding_mode=rounding_mode)


def pow(input, exponent):
    """Element-wise ``input ** exponent``; ``input`` may be a number (``mindspore.mint.pow``)."""
    return ops.pow(input, exponent)


def clamp(input, min=None, max=None):
    """Clamp into ``[min, max]`` (``mindspore.mint.clamp``)."""
    return ops.clamp(input, min, max)


def clip(input, min=None, max=None):
    """Alias of :func:`clamp` (``mindspore.mint.clip``)."""
    return ops.clamp(input, min, max)


def addcdiv(input, tensor1, tensor2, *, value=1):
    """``input + value * tensor1 / tensor2`` (``mindspore.mint.addcdiv``)."""
    return ops.addcdiv(input, tensor1, tensor2, value)


def addcmul(input, tensor1, tensor2, *, value=1):
    """``input + value * tensor1 * tensor2`` (``mindspore.mint.addcmul``)."""
    return ops.addcmul(input, tensor1, tensor2, value)


def addr_(input, vec1, vec2, beta=1, alpha=1):
    """``beta * input + alpha * outer(vec1, vec2)`` (``mindspore.mint.addr_``)."""
    return ops.addr(input, vec1, vec2, beta=beta, alpha=alpha)


def baddbmm(input, batch1, batch2, *, beta=1, alpha=1):
    """``beta * input + alpha * bmm(batch1, batch2)`` (``mindspore.mint.baddbmm``)."""
    return ops.baddbmm(input, batch1, batch2, beta, alpha)


def bmm(input, mat2):
    """Batched matrix product of 3-D tensors (``mindspore.mint.bmm``)."""
    return ops.bmm(input, mat2)


def mv(input, vec):
    """Matrix-vector product (``mindspore.mint.mv``)."""
    return ops.mv(input, vec)


def vdot(input, other):
    """Dot product of 1-D tensors, conjugating ``input`` first (``mindspore.mint.vdot``)."""
    return linalg_func.vdot(input, other)


def cdist(x1, x2, p=2.0, compute_mode='use_mm_for_euclid_dist_if_necessary'):
    """p-norm distances between the rows of ``x1`` and ``x2`` (``mindspore.mint.cdist``).

    ``compute_mode`` is accepted for torch compatibility; distances are computed exactly.
    """
    return ops.cdist(x1, x2, p)


def cdist_(x1, x2, p=2.0):
    """Alias of :func:`cdist` (``mindspore.mint.cdist_``)."""
    return ops.cdist(x1, x2, p)


def triangular_solve(b, A, upper=True, transpose=False, unitriangular=False):
    """Solve ``A X = b`` for triangular ``A``; returns ``(X, A)`` (``mindspore.mint.triangular_solve``)."""
    return linalg_func.triangular_solve(b, A, upper, transpose, unitriangular)


def equal(input, other):
    """True when both tensors have the same shape and elements (a Python bool) (``mindspore.mint.equal``)."""
    if not isinstance(other, Tensor) or tuple(input.shape) != tuple(other.shape):
        return False
    return bool(ops.all(ops.eq(input, other)))


def equal_ext_op(input, other):
    """Alias of :func:`equal` (``mindspore.mint.equal_ext_op``)."""
    return equal(input, other)


def allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """True when every element pair is close, as in :func:`isclose` (``mindspore.mint.allclose``)."""
    return bool(ops.all(ops.isclose(input, other, rtol, atol, equal_nan)))


def frac(input):
    """Fractional part ``input - trunc(input)`` (``mindspore.mint.frac``)."""
    return ops.frac(input)


def dot(input, other):
    """Dot product of two 1-D tensors of the same length and dtype (``mindspore.mint.dot``)."""
    if input.ndim != 1 or other.ndim != 1:
        raise ValueError(f"For 'dot', 'input' and 'other' must be 1-D, but got shapes {tuple(input.shape)} and "
                         f"{tuple(other.shape)}")
    return ops.inner(input, other)
