"""OpInfo-style table of the functional operators (the pattern of PyTorch's ``OpInfo``).

Each ``OpInfo`` names an op of ``sporetorch.ops``, its reference (``"numpy"``,
``"torch"`` — called directly on torch tensors, bypassing our wrapper — or
``"mindspore"``: values recorded from real MindSpore 2.10 as literals), the
sample inputs (over dtypes and broadcast shapes), the expected output dtype where
MindSpore fixes it, and whether the op is differentiable (checked with
``torch.autograd.gradcheck`` on float64 through the wrapper).

Sample arguments use placeholders resolved per dtype: ``T(shape)`` a random tensor
of the sample dtype, ``Pos(shape)`` a positive one, ``U(shape)`` values in (-1, 1),
``I(shape, high)`` Int64 indices, ``B(shape)`` a Bool mask, ``L(values, dtype)``
literal data. Anything else passes through unchanged.
"""
import math
import os
import tempfile
from dataclasses import dataclass, field

import numpy as np
import torch
import torch.nn.functional as F


# ---------------------------------------------------------------------------- placeholders
@dataclass
class T:
    shape: tuple
    low: float = -2.0
    high: float = 2.0
    dtype: str = None          # None: the sample's dtype
    grad: bool = True

    def make(self, dtype, gen):
        dt = getattr(torch, self.dtype) if self.dtype else dtype
        if dt.is_floating_point:
            return (torch.rand(self.shape, generator=gen, dtype=torch.float64) * (self.high - self.low)
                    + self.low).to(dt)
        if dt == torch.bool:
            return torch.rand(self.shape, generator=gen) > 0.5
        return torch.randint(int(self.low), int(self.high) + 1, self.shape, generator=gen, dtype=dt)


def Pos(shape, low=0.5, high=2.0, **kw):
    return T(shape, low, high, **kw)


def U(shape, **kw):
    return T(shape, -0.9, 0.9, **kw)


@dataclass
class I:
    shape: tuple
    high: int
    dtype: str = "int64"

    def make(self, dtype, gen):
        return torch.randint(0, self.high, self.shape, generator=gen, dtype=getattr(torch, self.dtype))


@dataclass
class B:
    shape: tuple

    def make(self, dtype, gen):
        return torch.rand(self.shape, generator=gen) > 0.5


@dataclass
class L:
    values: object
    dtype: str = None

    def make(self, dtype, gen):
        dt = getattr(torch, self.dtype) if self.dtype else dtype
        return torch.tensor(self.values, dtype=dt)


@dataclass
class Seq:
    """A list (or tuple) of placeholders, resolved element by element."""
    items: tuple
    as_tuple: bool = False


@dataclass
class S:
    """One sample: positional args and keyword args (placeholders allowed in both)."""
    args: tuple
    kwargs: dict = field(default_factory=dict)


# ---------------------------------------------------------------------------- entries
F32, F64 = ("float32",), ("float64",)
FLOAT = ("float32", "float64")
INT = ("int32", "int64")


@dataclass
class OpInfo:
    name: str
    ref: object = None                  # callable(*args, **kwargs) or literal expected values
    ref_kind: str = "torch"             # "numpy" | "torch" | "mindspore" | "property"
    samples: list = None
    dtypes: tuple = FLOAT
    differentiable: bool = False
    grad_sample: int = 0                # which sample gradcheck uses
    out_dtype: object = None            # MindSpore dtype name(s) the output must have
    atol: float = 1e-5
    rtol: float = 1e-4
    check_dtype: bool = True            # compare with the reference's dtype when out_dtype is None
    grad_args: tuple = None             # positional args gradcheck differentiates (None: every float tensor)
    functional: bool = True             # False: samples for a Primitive / Tensor method with no ops.<name> function
    note: str = ""


OPS = []


def add(*infos):
    OPS.extend(infos)


# binary sample shapes: same shape, broadcasting, and a Python scalar on the right
def _binary_samples(lo=-2.0, hi=2.0):
    return [S((T((2, 3), lo, hi), T((2, 3), lo, hi))), S((T((2, 1, 3), lo, hi), T((4, 3), lo, hi))),
            S((T((3,), lo, hi), 0.75))]


def _unary_samples(lo=-2.0, hi=2.0):
    return [S((T((2, 3), lo, hi),)), S((T((4,), lo, hi),))]


# ---------------------------------------------------------------------------- element-wise unary (NumPy refs)
_UNARY_NP = [
    # name, numpy reference, domain, differentiable
    ("abs", np.abs, (-2, 2), True), ("absolute", np.abs, (-2, 2), True),
    ("acos", np.arccos, (-0.9, 0.9), True), ("arccos", np.arccos, (-0.9, 0.9), True),
    ("acosh", np.arccosh, (1.2, 3), True), ("arccosh", np.arccosh, (1.2, 3), True),
    ("asin", np.arcsin, (-0.9, 0.9), True), ("arcsin", np.arcsin, (-0.9, 0.9), True),
    ("asinh", np.arcsinh, (-2, 2), True), ("arcsinh", np.arcsinh, (-2, 2), True),
    ("atan", np.arctan, (-2, 2), True), ("arctan", np.arctan, (-2, 2), True),
    ("atanh", np.arctanh, (-0.9, 0.9), True), ("arctanh", np.arctanh, (-0.9, 0.9), True),
    ("ceil", np.ceil, (-2, 2), False), ("cos", np.cos, (-2, 2), True), ("cosh", np.cosh, (-2, 2), True),
    ("deg2rad", np.deg2rad, (-90, 90), True), ("rad2deg", np.rad2deg, (-2, 2), True),
    ("exp", np.exp, (-2, 2), True), ("tensor_exp", np.exp, (-2, 2), True), ("exp2", np.exp2, (-2, 2), True),
    ("expm1", np.expm1, (-2, 2), True), ("tensor_expm1", np.expm1, (-2, 2), True),
    ("floor", np.floor, (-2, 2), False), ("frac", lambda x: x - np.trunc(x), (-2, 2), False),
    ("trunc", np.trunc, (-2, 2), False),
    ("inv", np.reciprocal, (0.5, 2), True), ("reciprocal", np.reciprocal, (0.5, 2), True),
    ("log", np.log, (0.5, 3), True), ("log10", np.log10, (0.5, 3), True), ("log1p", np.log1p, (-0.5, 2), True),
    ("log2", np.log2, (0.5, 3), True), ("neg", np.negative, (-2, 2), True), ("negative", np.negative, (-2, 2), True),
    ("positive", np.positive, (-2, 2), True), ("rsqrt", lambda x: 1 / np.sqrt(x), (0.5, 3), True),
    ("sign", np.sign, (-2, 2), False), ("sgn", np.sign, (-2, 2), False), ("sin", np.sin, (-2, 2), True),
    ("sinc", np.sinc, (-2, 2), True), ("sinh", np.sinh, (-2, 2), True), ("sqrt", np.sqrt, (0.5, 3), True),
    ("square", np.square, (-2, 2), True), ("tan", np.tan, (-1, 1), True), ("tanh", np.tanh, (-2, 2), True),
    ("tanh_", np.tanh, (-2, 2), True), ("isfinite", np.isfinite, (-2, 2), False),
    ("isinf", np.isinf, (-2, 2), False), ("isnan", np.isnan, (-2, 2), False),
    ("isneginf", np.isneginf, (-2, 2), False), ("isposinf", np.isposinf, (-2, 2), False),
    ("isreal", np.isreal, (-2, 2), False), ("signbit", np.signbit, (-2, 2), False),
    ("logical_not", np.logical_not, (-2, 2), False), ("real", np.real, (-2, 2), True),
    ("conj", np.conj, (-2, 2), True), ("angle", np.angle, (-2, 2), False),
    ("sigmoid", lambda x: 1 / (1 + np.exp(-x)), (-3, 3), True),
    ("inplace_sigmoid", lambda x: 1 / (1 + np.exp(-x)), (-3, 3), True),
    ("erf", np.vectorize(math.erf, otypes=[float]), (-2, 2), True),
    ("erfc", np.vectorize(math.erfc, otypes=[float]), (-2, 2), True),
    ("lgamma", np.vectorize(math.lgamma, otypes=[float]), (0.5, 3), True),
    ("relu", lambda x: np.maximum(x, 0), (-2, 2), False),
    ("relu6", lambda x: np.clip(x, 0, 6), (-2, 8), False),
    ("silu", lambda x: x / (1 + np.exp(-x)), (-3, 3), True),
    ("softsign", lambda x: x / (1 + np.abs(x)), (-3, 3), True),
    ("logsigmoid", lambda x: -np.log1p(np.exp(-x)), (-3, 3), True),
    ("fast_gelu", lambda x: x / (1 + np.exp(-1.702 * x)), (-3, 3), True),
    ("hardsigmoid", lambda x: np.clip(x / 6 + 0.5, 0, 1), (-5, 5), False),
    ("hardswish", lambda x: x * np.clip(x / 6 + 0.5, 0, 1), (-5, 5), False),
    ("tanhshrink", lambda x: x - np.tanh(x), (-3, 3), True),
    ("mish", lambda x: x * np.tanh(np.log1p(np.exp(x))), (-3, 3), True),
    ("selu", lambda x: 1.0507009873554805 * np.where(x > 0, x, 1.6732632423543772 * np.expm1(x)), (-3, 3), True),
]
for _name, _ref, (_lo, _hi), _grad in _UNARY_NP:
    add(OpInfo(_name, _ref, "numpy", _unary_samples(_lo, _hi), differentiable=_grad,
               check_dtype=_name not in ("erf", "erfc", "lgamma")))

_UNARY_TORCH = [
    ("digamma", torch.digamma, (0.5, 3), True), ("erfinv", torch.erfinv, (-0.9, 0.9), True),
    ("i0", torch.special.i0, (-2, 2), True), ("bessel_i0", torch.special.i0, (-2, 2), True),
    ("bessel_i0e", torch.special.i0e, (-2, 2), True), ("bessel_i1", torch.special.i1, (-2, 2), True),
    ("bessel_i1e", torch.special.i1e, (-2, 2), True), ("bessel_j0", torch.special.bessel_j0, (-2, 2), False),
    ("bessel_j1", torch.special.bessel_j1, (-2, 2), False),
    ("bessel_k0", torch.special.modified_bessel_k0, (0.5, 2), False),
    ("bessel_k0e", torch.special.scaled_modified_bessel_k0, (0.5, 2), False),
    ("bessel_k1", torch.special.modified_bessel_k1, (0.5, 2), False),
    ("bessel_k1e", torch.special.scaled_modified_bessel_k1, (0.5, 2), False),
    ("bessel_y0", torch.special.bessel_y0, (0.5, 2), False), ("bessel_y1", torch.special.bessel_y1, (0.5, 2), False),
    ("imag", lambda t: torch.imag(torch.complex(t, 2 * t)), (-2, 2), False),
]
for _name, _ref, (_lo, _hi), _grad in _UNARY_TORCH:
    _s = _unary_samples(_lo, _hi)
    if _name == "imag":
        _s = [S((L([[1 + 2j, 3 - 1j]], "complex64"),))]
        _ref = [np.array([[2.0, -1.0]], np.float32)]
        add(OpInfo(_name, _ref, "mindspore", _s, dtypes=F32))
        continue
    add(OpInfo(_name, _ref, "torch", _s, differentiable=_grad))

add(
    OpInfo("invert", np.invert, "numpy", [S((T((2, 3), -5, 5),))], dtypes=INT),
    OpInfo("population_count", [np.array([0, 1, 1, 2, 8], np.uint8)], "mindspore",
           [S((L([0, 1, 2, 3, -1], "int8"),))], dtypes=F32, note="MindSpore: counts bits of the two's complement"),
    OpInfo("round", np.round, "numpy", [S((L([0.5, 1.5, 2.5, -0.5, -1.7]),)), S((T((2, 3)),))]),
    OpInfo("logit", lambda x, eps=None: np.log(x / (1 - x)), "numpy", [S((T((2, 3), 0.1, 0.9),))],
           differentiable=True),
    OpInfo("nan_to_num", [np.array([0.0, 3.4028235e38, -3.4028235e38, 1.0], np.float32)], "mindspore",
           [S((L([float("nan"), float("inf"), float("-inf"), 1.0]),))], dtypes=F32),
    OpInfo("is_complex", lambda x: False, "numpy", [S((T((2,)),))]),
    OpInfo("is_floating_point", lambda x: True, "numpy", [S((T((2,)),))]),
    OpInfo("is_nonzero", lambda x: bool(x.reshape(-1)[0] != 0), "numpy", [S((T((1,), 1, 2),))]),
    OpInfo("mvlgamma", torch.mvlgamma, "torch", [S((T((2, 3), 2.0, 4.0), 2))], differentiable=True),
    OpInfo("polygamma", torch.polygamma, "torch", [S((1, T((2, 3), 0.5, 3.0)))], differentiable=True,
           grad_sample=0),
)

# ---------------------------------------------------------------------------- element-wise binary
_BINARY_NP = [
    ("add", np.add, True), ("tensor_add", np.add, True), ("sub", np.subtract, True),
    ("tensor_sub", np.subtract, True), ("mul", np.multiply, True), ("multiply", np.multiply, True),
    ("tensor_mul", np.multiply, True), ("tensor_muls", np.multiply, True), ("maximum", np.maximum, True),
    ("minimum", np.minimum, True), ("fmax", np.fmax, True), ("fmin", np.fmin, True),
    ("atan2", np.arctan2, True), ("arctan2", np.arctan2, True), ("hypot", np.hypot, True),
    ("logaddexp", np.logaddexp, True), ("logaddexp2", np.logaddexp2, True), ("copysign", np.copysign, False),
    ("nextafter", np.nextafter, False), ("logical_and", np.logical_and, False),
    ("logical_or", np.logical_or, False), ("logical_xor", np.logical_xor, False),
    ("eq", np.equal, False), ("equal", np.equal, False), ("ne", np.not_equal, False),
    ("not_equal", np.not_equal, False), ("ge", np.greater_equal, False), ("greater_equal", np.greater_equal, False),
    ("tensor_ge", np.greater_equal, False), ("gt", np.greater, False), ("greater", np.greater, False),
    ("tensor_gt", np.greater, False), ("le", np.less_equal, False), ("less_equal", np.less_equal, False),
    ("tensor_le", np.less_equal, False), ("lt", np.less, False), ("less", np.less, False),
    ("tensor_lt", np.less, False), ("isclose", np.isclose, False),
]
# MindSpore 2.10 refuses a Python number as the second operand of these (TypeError): Tensor samples only.
_TENSOR_OPERANDS = {"logaddexp", "logaddexp2", "nextafter", "logical_and", "logical_or", "logical_xor", "isclose"}
for _name, _ref, _grad in _BINARY_NP:
    add(OpInfo(_name, _ref, "numpy", _binary_samples()[:2 if _name in _TENSOR_OPERANDS else 3], differentiable=_grad,
               check_dtype=_name not in ("nextafter",)))

_DIVLIKE = [
    ("div", np.true_divide), ("divide", np.true_divide), ("true_divide", np.true_divide),
    ("tensor_div", np.true_divide), ("floor_divide", np.floor_divide), ("floordiv", np.floor_divide),
    ("tensor_floordiv", np.floor_divide), ("floor_div", np.floor_divide), ("floor_mod", np.mod),
    ("floormod", np.mod), ("remainder", np.mod), ("tensor_mod", np.mod), ("fmod", np.fmod),
    ("truncate_mod", np.fmod), ("truncate_div", lambda a, b: np.trunc(a / b)),
    ("xdivy", lambda a, b: np.where(a == 0, 0.0, a / b)), ("xlogy", lambda a, b: a * np.log(b)),
    ("pow", np.power), ("pows", np.power), ("tensor_pow", np.power), ("float_power", np.float_power),
    ("float_power_ext", np.float_power),
]
for _name, _ref in _DIVLIKE:
    _grad = _name in ("div", "divide", "true_divide", "tensor_div", "xlogy", "pow", "pows", "tensor_pow",
                      "float_power", "float_power_ext")
    add(OpInfo(_name, _ref, "numpy", _binary_samples(0.5, 3.0), differentiable=_grad,
               check_dtype=not _name.startswith("float_power") and _name != "xlogy"))

add(
    OpInfo("subtract", lambda a, b, alpha=1: a - alpha * b, "numpy",
           [S((T((2, 3)), T((3,))), {"alpha": 2})], differentiable=True),
    OpInfo("ldexp", lambda a, b: a * 2.0 ** b, "numpy", [S((T((2, 3)), T((2, 3), -2, 2, "int64")))],
           check_dtype=False),
    OpInfo("heaviside", np.heaviside, "numpy", [S((L([-1.0, 0.0, 2.0]), L([0.5, 0.5, 0.5])))]),
    OpInfo("gcd", np.gcd, "numpy", [S((T((2, 3), 1, 20), T((2, 3), 1, 20)))], dtypes=INT),
    OpInfo("lcm", np.lcm, "numpy", [S((T((2, 3), 1, 20), T((2, 3), 1, 20)))], dtypes=INT),
    OpInfo("bitwise_and", np.bitwise_and, "numpy", [S((T((2, 3), 0, 9), T((3,), 0, 9)))], dtypes=INT),
    OpInfo("bitwise_or", np.bitwise_or, "numpy", [S((T((2, 3), 0, 9), T((3,), 0, 9)))], dtypes=INT),
    OpInfo("bitwise_xor", np.bitwise_xor, "numpy", [S((T((2, 3), 0, 9), T((3,), 0, 9)))], dtypes=INT),
    OpInfo("bitwise_left_shift", np.left_shift, "numpy", [S((T((2, 3), 0, 9), T((3,), 0, 3)))], dtypes=INT),
    OpInfo("bitwise_right_shift", np.right_shift, "numpy", [S((T((2, 3), 0, 9), T((3,), 0, 3)))], dtypes=INT),
    OpInfo("igamma", torch.special.gammainc, "torch", [S((Pos((2, 3)), Pos((2, 3))))]),
    OpInfo("igammac", torch.special.gammaincc, "torch", [S((Pos((2, 3)), Pos((2, 3))))]),
    OpInfo("zeta", torch.special.zeta, "torch", [S((T((2, 3), 2, 4), T((2, 3), 1, 3)))]),
    OpInfo("lerp", lambda a, b, w: a + w * (b - a), "numpy", [S((T((2, 3)), T((2, 3)), 0.3))],
           differentiable=True),
    OpInfo("addcdiv", lambda a, b, c, value=1: a + value * b / c, "numpy",
           [S((T((2, 3)), T((2, 3)), Pos((2, 3))), {"value": 0.5})], differentiable=True),
    OpInfo("addcmul", lambda a, b, c, value=1: a + value * b * c, "numpy",
           [S((T((2, 3)), T((2, 3)), T((3,))), {"value": 0.5})], differentiable=True),
    OpInfo("addn", lambda xs: sum(xs), "numpy", [S((Seq((T((2, 3)), T((2, 3)), T((2, 3)))),))], differentiable=True),
    OpInfo("accumulate_n", lambda xs: sum(xs), "numpy", [S((Seq((T((2, 3)), T((2, 3)))),))], differentiable=True),
    OpInfo("approximate_equal", lambda a, b, tolerance=1e-5: np.abs(a - b) < tolerance, "numpy",
           [S((T((2, 3)), T((2, 3))), {"tolerance": 0.5})]),
)

# ---------------------------------------------------------------------------- reductions (MindSpore axis/keep_dims)
def _np_red(fn):
    def ref(x, axis=None, keep=False):
        if isinstance(axis, list):
            axis = tuple(axis)
        return fn(x, axis=axis if axis != () else None, keepdims=keep)
    return ref


add(
    OpInfo("sum", lambda x, dim=None, keepdim=False: np.sum(x, axis=dim, keepdims=keepdim), "numpy",
           [S((T((2, 3, 4)),)), S((T((2, 3, 4)), 1, True)), S((T((2, 3, 4)), (0, 2)))], differentiable=True),
    OpInfo("reduce_sum", _np_red(np.sum), "numpy", [S((T((2, 3)),)), S((T((2, 3)), 1))], differentiable=True),
    OpInfo("mean", _np_red(np.mean), "numpy", [S((T((2, 3, 4)),)), S((T((2, 3, 4)), (0, 1), True))],
           differentiable=True),
    OpInfo("reduce_mean", _np_red(np.mean), "numpy", [S((T((2, 3)), 1))], differentiable=True),
    OpInfo("prod", _np_red(np.prod), "numpy", [S((T((2, 3)),)), S((T((2, 3)), 1, True))], differentiable=True),
    OpInfo("amax", _np_red(np.amax), "numpy", [S((T((2, 3, 4)),)), S((T((2, 3, 4)), (0, 2), True))],
           differentiable=True),
    OpInfo("amin", _np_red(np.amin), "numpy", [S((T((2, 3, 4)), 1))], differentiable=True),
    OpInfo("reduce_max", _np_red(np.amax), "numpy", [S((T((2, 3)), 1))], differentiable=True),
    OpInfo("reduce_min", _np_red(np.amin), "numpy", [S((T((2, 3)), 0))], differentiable=True),
    OpInfo("all", _np_red(np.all), "numpy", [S((B((2, 3)),)), S((B((2, 3)), 1))]),
    OpInfo("any", _np_red(np.any), "numpy", [S((B((2, 3)),)), S((B((2, 3)), 1, True))]),
    OpInfo("std", lambda x, axis=None, ddof=0, keep=False: np.std(x, axis=axis, ddof=ddof, keepdims=keep),
           "numpy", [S((T((3, 4)),)), S((T((3, 4)), 1, 1))], differentiable=True),
    OpInfo("var", lambda x, axis=None, ddof=0, keep=False: np.var(x, axis=axis, ddof=ddof, keepdims=keep),
           "numpy", [S((T((3, 4)), 0))], differentiable=True),
    OpInfo("std_mean", lambda x, axis=None: (np.std(x, axis=axis), np.mean(x, axis=axis)), "numpy",
           [S((T((3, 4)), 1))], differentiable=True),
    OpInfo("var_mean", lambda x, axis=None: (np.var(x, axis=axis), np.mean(x, axis=axis)), "numpy",
           [S((T((3, 4)), 1))], differentiable=True),
    OpInfo("nanmean", _np_red(np.nanmean), "numpy", [S((L([[1.0, float("nan")], [3.0, 4.0]]), 1))]),
    OpInfo("nansum", _np_red(np.nansum), "numpy", [S((L([[1.0, float("nan")], [3.0, 4.0]]), 0))]),
    OpInfo("logsumexp", lambda x, dim, keepdim=False: np.log(np.sum(np.exp(x), axis=dim, keepdims=keepdim)),
           "numpy", [S((T((2, 3)), 1)), S((T((2, 3)), (0, 1), True))], differentiable=True),
    OpInfo("quantile", lambda x, q, axis=None: np.quantile(x, q, axis=axis), "numpy", [S((T((3, 4)), 0.3, 1))]),
    OpInfo("nanquantile", lambda x, q, axis=None: np.nanquantile(x, q, axis=axis), "numpy",
           [S((L([[1.0, float("nan"), 3.0]]), 0.5, 1))]),
    # integer inputs keep their dtype in MindSpore (NumPy widens them), see test_op_semantics
    OpInfo("cumsum", lambda x, axis: np.cumsum(x, axis), "numpy", [S((T((2, 3)), 1)), S((T((2, 3)), 0))],
           dtypes=FLOAT + INT, differentiable=True, check_dtype=False),
    OpInfo("cumprod", lambda x, dim: np.cumprod(x, dim), "numpy", [S((T((2, 3)), 1))], dtypes=FLOAT + INT,
           differentiable=True, check_dtype=False),
    OpInfo("logcumsumexp", lambda x, axis: np.log(np.cumsum(np.exp(x), axis)), "numpy", [S((T((2, 3)), 1))],
           differentiable=True),
    OpInfo("trace", np.trace, "numpy", [S((T((3, 3)),))], differentiable=True),
    OpInfo("diff", lambda x, n=1, axis=-1: np.diff(x, n, axis), "numpy", [S((T((3, 4)),)), S((T((3, 4)), 2, 0))],
           differentiable=True),
    OpInfo("histc", [np.array([2.0, 1.0, 1.0, 2.0], np.float32)], "mindspore",
           [S((L([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0]]), 4, 0.0, 5.0))], dtypes=F32),
    # MindSpore 2.10 returns Float32 counts when no weights are given
    OpInfo("bincount", [np.array([0.0, 2.0, 0.0, 1.0], np.float32)], "mindspore",
           [S((L([1, 1, 3], "int32"),))], dtypes=F32, out_dtype="Float32"),
    # index outputs: argmax Int64, argmin Int32 (MindSpore 2.10)
    OpInfo("argmax", [np.array([0, 1], np.int64)], "mindspore", [S((L([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0]]), 1))],
           out_dtype="Int64"),
    OpInfo("argmin", [np.array([1, 0], np.int32)], "mindspore", [S((L([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0]]), 1))],
           out_dtype="Int32"),
    OpInfo("max", [np.array([4.0, 5.0], np.float32), np.array([0, 1], np.int64)], "mindspore",
           [S((L([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0]]), 1), {"initial": 4.0})], dtypes=F32,
           out_dtype=("Float32", "Int64")),
    OpInfo("min", [np.array([[1.0], [0.0]], np.float32), np.array([[1], [0]], np.int64)], "mindspore",
           [S((L([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0]]), 1, True))], dtypes=F32, out_dtype=("Float32", "Int64")),
    OpInfo("aminmax", [np.array([1.0, 0.0], np.float32), np.array([3.0, 5.0], np.float32)], "mindspore",
           [S((L([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0]]),), {"axis": 1})], dtypes=F32),
    OpInfo("median", [np.array([2.0, 4.0], np.float32), np.array([2, 2], np.int64)], "mindspore",
           [S((L([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0]]),))], dtypes=F32, out_dtype=("Float32", "Int64")),
    OpInfo("nanmedian", [np.array([2.0, 4.0], np.float32), np.array([2, 2], np.int64)], "mindspore",
           [S((L([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0]]),))], dtypes=F32),
    OpInfo("count_nonzero", [np.array([3, 2], np.int32)], "mindspore",
           [S((L([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0]]), 1))], dtypes=F32, out_dtype="Int32"),
    OpInfo("cummax", [np.array([[3.0, 3.0, 3.0], [0.0, 5.0, 5.0]], np.float32),
                      np.array([[0, 0, 0], [0, 1, 1]], np.int64)], "mindspore",
           [S((L([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0]]), 1))], dtypes=F32, out_dtype=("Float32", "Int64")),
    OpInfo("cummin", lambda x, axis: (np.minimum.accumulate(x, axis),
                                      np.array([[0, 1, 1], [0, 0, 0]], np.int32)), "numpy",
           [S((L([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0]]), 1))], dtypes=F32, out_dtype=("Float32", "Int32")),
    # MindSpore 2.10: label smoothing mixes in the class-mean of -log p
    OpInfo("nll_loss", [np.array(1.0955058, np.float32)], "mindspore",
           [S((L([[-1.4318228, -0.7663194, -1.2160233], [-1.1357859, -1.6206995, -0.73174226]]),
               L([0, 2], "int32")), {"label_smoothing": 0.2})], dtypes=F32),
)

# ---------------------------------------------------------------------------- array manipulation
_A = L([[3.0, 1.0, 2.0], [0.0, 5.0, 4.0]])
add(
    OpInfo("reshape", lambda x, s: np.reshape(x, s), "numpy", [S((T((2, 3)), (3, -1)))], differentiable=True),
    OpInfo("reshape_", lambda x, s: np.reshape(x, s), "numpy", [S((T((2, 3)), (6,)))], differentiable=True),
    OpInfo("permute", lambda x, a: np.transpose(x, a), "numpy", [S((T((2, 3, 4)), (2, 0, 1)))], differentiable=True),
    OpInfo("transpose", lambda x, a: np.transpose(x, a), "numpy", [S((T((2, 3, 4)), (1, 2, 0)))],
           differentiable=True),
    OpInfo("swapaxes", np.swapaxes, "numpy", [S((T((2, 3, 4)), 0, 2))], differentiable=True),
    OpInfo("swapdims", np.swapaxes, "numpy", [S((T((2, 3, 4)), 0, -1))], differentiable=True),
    OpInfo("moveaxis", np.moveaxis, "numpy", [S((T((2, 3, 4)), 0, 2))], differentiable=True),
    OpInfo("movedim", np.moveaxis, "numpy", [S((T((2, 3, 4)), -1, 0))], differentiable=True),
    OpInfo("t", np.transpose, "numpy", [S((T((2, 3)),))], differentiable=True),
    OpInfo("adjoint", lambda x: np.swapaxes(x, -1, -2), "numpy", [S((T((2, 3, 4)),))], differentiable=True),
    OpInfo("expand_dims", np.expand_dims, "numpy", [S((T((2, 3)), 1)), S((T((2, 3)), -1))], differentiable=True),
    OpInfo("unsqueeze", np.expand_dims, "numpy", [S((T((2, 3)), 0))], differentiable=True),
    OpInfo("squeeze", lambda x, axis=None: np.squeeze(x, axis), "numpy", [S((T((2, 1, 3, 1)),)),
                                                                          S((T((2, 1, 3, 1)), 1))],
           differentiable=True),
    # MindSpore's flatten keeps axis 0 by default
    OpInfo("flatten", lambda x: x.reshape(x.shape[0], -1), "numpy", [S((T((2, 3, 4)),))], differentiable=True),
    OpInfo("ravel", np.ravel, "numpy", [S((T((2, 3)),))], differentiable=True),
    OpInfo("concat", lambda xs, axis=0: np.concatenate(xs, axis), "numpy",
           [S((Seq((T((2, 3)), T((1, 3)))),)), S((Seq((T((2, 3)), T((2, 2)))), 1))], differentiable=True),
    OpInfo("cat", lambda xs, axis=0: np.concatenate(xs, axis), "numpy", [S((Seq((T((2, 3)), T((2, 3)))), -1))],
           differentiable=True),
    OpInfo("stack", lambda xs, axis=0: np.stack(xs, axis), "numpy",
           [S((Seq((T((2, 3)), T((2, 3)))),)), S((Seq((T((2, 3)), T((2, 3)))), -1))], differentiable=True),
    OpInfo("hstack", np.hstack, "numpy", [S((Seq((T((2, 3)), T((2, 1)))),))], differentiable=True),
    OpInfo("vstack", np.vstack, "numpy", [S((Seq((T((2, 3)), T((1, 3)))),))], differentiable=True),
    OpInfo("row_stack", np.vstack, "numpy", [S((Seq((T((3,)), T((3,)))),))], differentiable=True),
    OpInfo("dstack", np.dstack, "numpy", [S((Seq((T((2, 3)), T((2, 3)))),))], differentiable=True),
    OpInfo("column_stack", np.column_stack, "numpy", [S((Seq((T((3,)), T((3, 2)))),))], differentiable=True),
    OpInfo("unstack", lambda x, axis=0: tuple(np.moveaxis(x, axis, 0)), "numpy", [S((T((2, 3)), 1))],
           differentiable=True),
    OpInfo("unbind", lambda x, dim=0: tuple(np.moveaxis(x, dim, 0)), "numpy", [S((T((2, 3)),))],
           differentiable=True),
    OpInfo("split", lambda x, s, axis=0: tuple(np.split(x, [3, 6, 9], axis)) if s == 3 else
           tuple(np.split(x, np.cumsum(s)[:-1], axis)), "numpy",
           [S((T((10, 2)), 3)), S((T((10, 2)), [2, 3, 5]))], differentiable=True),
    OpInfo("tensor_split", lambda x, n, axis=0: tuple(np.array_split(x, n, axis)), "numpy",
           [S((T((7, 2)), 3))], differentiable=True),
    OpInfo("chunk", lambda x, n, axis=0: tuple(np.split(x, [3, 6], axis)), "numpy", [S((T((7, 2)), 3))],
           differentiable=True),
    OpInfo("hsplit", lambda x, n: tuple(np.hsplit(x, n)), "numpy", [S((T((2, 4)), 2))]),
    OpInfo("vsplit", lambda x, n: tuple(np.vsplit(x, n)), "numpy", [S((T((4, 2)), 2))]),
    OpInfo("dsplit", lambda x, n: tuple(np.dsplit(x, n)), "numpy", [S((T((1, 2, 4)), 2))]),
    OpInfo("tile", np.tile, "numpy", [S((T((2, 3)), (2, 1))), S((T((3,)), (2, 2)))], differentiable=True),
    OpInfo("broadcast_to", lambda x, s: np.broadcast_to(x, (2, 3) if -1 in s else s), "numpy",
           [S((T((1, 3)), (2, 3))), S((T((1, 3)), (2, -1)))], differentiable=True),
    OpInfo("expand", lambda x, s: np.broadcast_to(x, s), "numpy", [S((T((1, 3)), (4, 3)))], differentiable=True),
    OpInfo("expand_as", lambda x, o: np.broadcast_to(x, o.shape), "numpy", [S((T((1, 3)), T((2, 3))))]),
    OpInfo("flip", np.flip, "numpy", [S((T((2, 3)), (0, 1))), S((T((2, 3)), (1,)))], differentiable=True),
    OpInfo("reverse", np.flip, "numpy", [S((T((2, 3)), (1,)))], differentiable=True),
    OpInfo("fliplr", np.fliplr, "numpy", [S((T((2, 3)),))], differentiable=True),
    OpInfo("flipud", np.flipud, "numpy", [S((T((2, 3)),))], differentiable=True),
    OpInfo("roll", lambda x, s, d=None: np.roll(x, s, d), "numpy", [S((T((2, 3)), 1, 1)), S((T((2, 3)), 2))],
           differentiable=True),
    OpInfo("rot90", lambda x, k, d: np.rot90(x, k, d), "numpy", [S((T((2, 3)), 1, (0, 1)))], differentiable=True),
    # MindSpore gather = NumPy take along axis (with batch_dims)
    OpInfo("gather", lambda p, i, axis, batch_dims=0: np.take(p, i, axis) if batch_dims == 0 else
           np.take_along_axis(p, i, 1), "numpy",
           [S((T((3, 4)), I((2, 2), 4), 1)), S((T((3, 4)), I((5,), 3), 0)), S((T((3, 4)), I((3, 1), 4), 1, 1))],
           differentiable=True),
    OpInfo("gather_elements", lambda x, d, i: np.take_along_axis(x, i, d), "numpy",
           [S((T((3, 4)), 1, I((3, 2), 4)))], differentiable=True),
    OpInfo("gather_d", lambda x, d, i: np.take_along_axis(x, i, d), "numpy", [S((T((3, 4)), 0, I((2, 4), 3)))],
           differentiable=True),
    OpInfo("gather_nd", lambda x, i: x[tuple(np.moveaxis(i, -1, 0))], "numpy", [S((T((3, 4)), I((5, 2), 3)))],
           differentiable=True),
    OpInfo("index_select", lambda x, a, i: np.take(x, i, a), "numpy", [S((T((3, 4)), 1, I((3,), 4)))],
           differentiable=True),
    OpInfo("take", lambda x, i: np.take(x, i), "numpy", [S((T((3, 4)), I((2, 2), 12)))], differentiable=True),
    OpInfo("masked_fill", lambda x, m, v: np.where(m, v, x), "numpy", [S((T((2, 3)), B((3,)), 7.0))],
           differentiable=True),
    OpInfo("masked_select", lambda x, m: x[np.broadcast_to(m, x.shape)], "numpy", [S((T((2, 3)), B((2, 3)))),
                                                                                  S((T((2, 3)), B((3,))))],
           differentiable=True),
    OpInfo("where", np.where, "numpy", [S((B((2, 3)), T((2, 3)), T((3,)))), S((B((2, 3)), T((2, 3)), 0.0))],
           differentiable=True, grad_sample=0),
    OpInfo("select", np.where, "numpy", [S((B((2, 3)), T((2, 3)), T((2, 3))))], differentiable=True),
)


def _np_scatter_rows(op):
    def ref(x, idx, upd):
        out = x.copy()
        for k, i in enumerate(idx.reshape(-1)):
            u = upd.reshape((-1,) + x.shape[1:])[k]
            out[i] = {"add": out[i] + u, "update": u, "mul": out[i] * u, "div": out[i] / u,
                      "max": np.maximum(out[i], u), "min": np.minimum(out[i], u)}[op]
        return out
    return ref


def _np_scatter_nd(op):
    def ref(x, idx, upd):
        out = x.copy()
        for k, i in enumerate(idx.reshape(-1, idx.shape[-1])):
            u = upd.reshape((-1,) + x.shape[idx.shape[-1]:])[k]
            i = tuple(i)
            out[i] = {"add": out[i] + u, "sub": out[i] - u, "update": u, "mul": out[i] * u, "div": out[i] / u,
                      "max": np.maximum(out[i], u), "min": np.minimum(out[i], u)}[op]
        return out
    return ref


_UNIQUE_ROWS = L([2, 0], "int64")
for _op in ("add", "update", "mul", "div", "max", "min"):
    add(OpInfo(f"scatter_{_op}", _np_scatter_rows(_op), "numpy",
               [S((T((3, 2)), _UNIQUE_ROWS, Pos((2, 2))))]))
for _op in ("add", "sub", "mul", "div", "max", "min", "update"):
    _idx = L([[0, 1], [2, 0]], "int64")
    add(OpInfo(f"scatter_nd_{_op}", _np_scatter_nd(_op), "numpy", [S((T((3, 2)), _idx, Pos((2,))))]))
    add(OpInfo(f"tensor_scatter_{_op}", _np_scatter_nd(_op), "numpy", [S((T((3, 2)), _idx, Pos((2,))))],
               differentiable=_op in ("add", "sub", "update")))

add(
    OpInfo("scatter", lambda x, a, i, s: torch.scatter(x, a, i, s), "torch", [S((T((3, 4)), 1, L([[0], [2], [3]],
                                                                                               "int64"), T((3, 1))))]),
    OpInfo("scatter_nd", [np.array([[0.0, 0.0], [0.0, 5.0], [3.0, 0.0]], np.float32)], "mindspore",
           [S((L([[1, 1], [2, 0], [1, 1]], "int64"), L([2.0, 3.0, 3.0]), (3, 2)))], dtypes=F32,
           note="duplicate indices accumulate"),
    OpInfo("tensor_scatter_elements", lambda x, i, u, axis=0, reduction="none": torch.scatter_add(x, axis, i, u)
           if reduction == "add" else torch.scatter(x, axis, i, u), "torch",
           [S((T((3, 3)), L([[1, 0, 2]], "int64"), T((1, 3)))), S((T((3, 3)), L([[1, 0, 2]], "int64"), T((1, 3))),
                                                                  {"axis": 0, "reduction": "add"})]),
    OpInfo("index_add", lambda x, i, y, a: torch.index_add(x, a, i, y), "torch",
           [S((T((3, 2)), L([0, 2], "int64"), T((2, 2)), 0))]),
    OpInfo("inplace_index_add", lambda x, i, y, a: torch.index_add(x, a, i, y), "torch",
           [S((T((3, 2)), L([0, 2], "int64"), T((2, 2)), 0))]),
    OpInfo("index_fill", lambda x, a, i, v: torch.index_fill(x, a, i, v), "torch",
           [S((T((3, 2)), 0, L([0, 2], "int64"), 9.0))]),
    OpInfo("inplace_update", lambda x, v, i: torch.index_copy(x, 0, torch.tensor(i), v), "torch",
           [S((T((3, 2)), T((2, 2)), (0, 2)))]),
    OpInfo("inplace_add", lambda x, v, i: torch.index_add(x, 0, torch.tensor(i), v), "torch",
           [S((T((3, 2)), T((2, 2)), (0, 2)))]),
    OpInfo("inplace_sub", lambda x, v, i: torch.index_add(x, 0, torch.tensor(i), -v), "torch",
           [S((T((3, 2)), T((2, 2)), (0, 2)))]),
    OpInfo("put_", lambda x, i, s, accumulate=False: x.clone().put_(i, s, accumulate), "torch",
           [S((T((2, 3)), L([0, 4], "int64"), T((2,))))]),
    OpInfo("narrow", lambda x, a, s, n: np.take(x, range(s, s + n), a), "numpy", [S((T((3, 4)), 1, 1, 2))],
           differentiable=True),
    OpInfo("slice", lambda x, b, s: x[b[0]:b[0] + s[0], b[1]:], "numpy", [S((T((3, 4)), (1, 1), (2, -1)))],
           differentiable=True),
    OpInfo("tensor_slice", lambda x, b, s: x[b[0]:b[0] + s[0], b[1]:b[1] + s[1]], "numpy",
           [S((T((3, 4)), (0, 1), (2, 2)))]),
    OpInfo("strided_slice", lambda x, b, e, s, *masks: x[0:3:2, ::-1] if s[1] < 0 else x[1:3, 0:4:2], "numpy",
           [S((T((3, 4)), (1, 0), (3, 4), (1, 2))), S((T((3, 4)), (0, -1), (3, -5), (2, -1)))],
           differentiable=True),
    OpInfo("select_scatter", torch.select_scatter, "torch", [S((T((3, 4)), T((4,)), 0, 1))]),
    OpInfo("slice_scatter", torch.slice_scatter, "torch", [S((T((4, 2)), T((2, 2)), 0, 1, 3))]),
    OpInfo("diagonal_scatter", torch.diagonal_scatter, "torch", [S((T((3, 3)), T((3,))))]),
    # MindSpore one_hot: out-of-range (and negative) indices give all off_value; Int64 by default
    OpInfo("one_hot", [np.array([[1, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 1]], np.int64)], "mindspore",
           [S((L([0, -1, 5, 2], "int32"), 3))], dtypes=F32, out_dtype="Int64"),
    OpInfo("pad", [np.array([[0.0, 3.0, 1.0, 2.0, 0.0], [0.0, 0.0, 5.0, 4.0, 0.0]], np.float32)], "mindspore",
           [S((_A, (1, 1)))], dtypes=F32),
    OpInfo("sort", [np.array([[1.0, 2.0, 3.0], [0.0, 4.0, 5.0]], np.float32),
                    np.array([[1, 2, 0], [0, 2, 1]], np.int32)], "mindspore", [S((_A,))], dtypes=F32,
           out_dtype=("Float32", "Int32")),
    OpInfo("argsort", [np.array([[1, 2, 0], [0, 2, 1]], np.int32)], "mindspore", [S((_A,))], dtypes=F32,
           out_dtype="Int32"),
    OpInfo("msort", lambda x: np.sort(x, 0), "numpy", [S((T((3, 2)),))]),
    OpInfo("topk", [np.array([[3.0, 2.0], [5.0, 4.0]], np.float32), np.array([[0, 2], [1, 2]], np.int32)],
           "mindspore", [S((_A, 2))], dtypes=F32, out_dtype=("Float32", "Int32")),
    OpInfo("top_k", [np.array([[3.0, 2.0], [5.0, 4.0]], np.float32), np.array([[0, 2], [1, 2]], np.int32)],
           "mindspore", [S((_A, 2))], dtypes=F32, out_dtype=("Float32", "Int32")),
    # MindSpore unique keeps first-occurrence order
    OpInfo("unique", [np.array([3, 1, 2], np.int32), np.array([0, 1, 0, 2], np.int32)], "mindspore",
           [S((L([3, 1, 3, 2], "int32"),))], dtypes=F32, out_dtype=("Int32", "Int32")),
    OpInfo("unique_with_pad", [np.array([3, 1, 2, 0], np.int32), np.array([0, 1, 0, 2], np.int32)], "mindspore",
           [S((L([3, 1, 3, 2], "int32"), 0))], dtypes=F32),
    OpInfo("unique_consecutive", lambda x, *a: torch.unique_consecutive(x), "torch",
           [S((L([1, 1, 2, 2, 3, 1], "int64"),))]),
    OpInfo("nonzero", [np.array([[0, 0], [0, 1], [0, 2], [1, 1], [1, 2]], np.int64)], "mindspore", [S((_A,))],
           dtypes=F32, out_dtype="Int64"),
    OpInfo("argwhere", lambda x: np.argwhere(x), "numpy", [S((_A,))], dtypes=F32, out_dtype="Int64"),
    OpInfo("searchsorted", [np.array([2], np.int64)], "mindspore", [S((L([1.0, 2.0, 3.0]), L([2.5])))], dtypes=F32,
           out_dtype="Int64"),
    OpInfo("bucketize", [np.array([0, 2], np.int32)], "mindspore", [S((L([1.0, 5.0]), [2.0, 4.0]))], dtypes=F32,
           out_dtype="Int32"),
    OpInfo("repeat_elements", lambda x, r, axis=0: np.repeat(x, r, axis), "numpy", [S((T((2, 3)), 2, 1))],
           differentiable=True),
    OpInfo("repeat_interleave", lambda x, r, axis=None: np.repeat(x, r, axis), "numpy",
           [S((T((2, 3)), 2, 0)), S((T((2, 3)), 3))], differentiable=True),
    OpInfo("reverse_sequence", [np.array([[2.0, 1.0, 3.0], [6.0, 5.0, 4.0]], np.float32)], "mindspore",
           [S((L([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]), L([2, 3], "int64"), 1))], dtypes=F32),
    OpInfo("meshgrid", lambda *xs, indexing="xy": tuple(np.meshgrid(*xs, indexing=indexing)), "numpy",
           [S((T((3,)), T((2,)))), S((T((3,)), T((2,))), {"indexing": "ij"})]),
    OpInfo("cartesian_prod", lambda *xs: torch.cartesian_prod(*xs), "torch", [S((T((3,)), T((2,))))]),
    OpInfo("combinations", torch.combinations, "torch", [S((T((4,)),))]),
    # MindSpore 2.10's diag puts any input on the diagonal of a tensor of shape input.shape * 2.
    OpInfo("diag", lambda x: np.diag(x.reshape(-1)).reshape(x.shape * 2), "numpy", [S((T((3,)),)), S((T((3, 3)),))],
           differentiable=True),
    OpInfo("diagflat", np.diagflat, "numpy", [S((T((2, 2)),)), S((T((2,)), 1))], differentiable=True),
    OpInfo("diag_embed", torch.diag_embed, "torch", [S((T((2, 3)),))], differentiable=True),
    OpInfo("diagonal", lambda x, o=0, a=0, b=1: np.diagonal(x, o, a, b), "numpy", [S((T((3, 4)),)),
                                                                                  S((T((2, 3, 3)), 1, 1, 2))],
           differentiable=True),
    OpInfo("tril", np.tril, "numpy", [S((T((3, 4)),)), S((T((3, 4)), 1))], differentiable=True),
    OpInfo("triu", np.triu, "numpy", [S((T((3, 4)), -1))], differentiable=True),
    OpInfo("block_diag", torch.block_diag, "torch", [S((T((2, 2)), T((1, 3))))], differentiable=True),
    OpInfo("matrix_band_part", lambda x, lo, up: np.triu(np.tril(x, up), -lo), "numpy", [S((T((4, 4)), 1, 2))]),
    OpInfo("atleast_1d", np.atleast_1d, "numpy", [S((L(1.5),))]),
    OpInfo("atleast_2d", np.atleast_2d, "numpy", [S((T((3,)),))]),
    OpInfo("atleast_3d", np.atleast_3d, "numpy", [S((T((3,)),))]),
    OpInfo("shape", lambda x: x.shape, "numpy", [S((T((2, 3)),))]),
    OpInfo("shape_", lambda x: x.shape, "numpy", [S((T((2, 3)),))]),
    OpInfo("dyn_shape", lambda x: np.array(x.shape, np.int64), "numpy", [S((T((2, 3)),))]),
    OpInfo("rank", np.ndim, "numpy", [S((T((2, 3)),))]),
    OpInfo("size", np.size, "numpy", [S((T((2, 3)),))]),
    OpInfo("numel", np.size, "numpy", [S((T((2, 3)),))]),
    OpInfo("dtype", lambda x: None, "property", [S((T((2, 3)),))]),
    OpInfo("cast", lambda x, d: x.astype(np.int32), "numpy", [S((L([1.7, -1.7, 2.0]), "INT32"))], dtypes=F32,
           out_dtype="Int32", note="float to int truncates toward zero"),
    OpInfo("type_as", lambda x, o: x.astype(o.dtype), "numpy", [S((T((2, 3)), T((2,), 0, 5, "int32")))],
           dtypes=F32),
    OpInfo("view_as", lambda x, o: x.reshape(o.shape), "numpy", [S((T((2, 3)), T((3, 2))))]),
    OpInfo("identity", lambda x: x, "numpy", [S((T((2, 3)),))], differentiable=True),
    OpInfo("deepcopy", lambda x: x, "numpy", [S((T((2, 3)),))]),
    OpInfo("depend", lambda v, e: v, "numpy", [S((T((2, 3)), T((1,))))]),
    OpInfo("assign", lambda v, x: x, "numpy", [S((T((2, 3)), T((2, 3))))]),
    OpInfo("assign_add", lambda v, x: v + x, "numpy", [S((T((2, 3)), T((2, 3))))]),
    OpInfo("assign_sub", lambda v, x: v - x, "numpy", [S((T((2, 3)), T((2, 3))))]),
    OpInfo("sequence_mask", lambda n, m=None: np.arange(m) < n[..., None], "numpy", [S((L([1, 3], "int64"), 4))]),
    OpInfo("view_as_real", lambda x: torch.view_as_real(x), "torch", [S((L([1 + 2j], "complex64"),))], dtypes=F32),
    OpInfo("polar", torch.polar, "torch", [S((Pos((3,)), T((3,))))]),
    OpInfo("move_to", lambda x, to="CPU": x, "numpy", [S((T((2,)),))]),
    OpInfo("vander", lambda x, n=None: np.vander(x, n), "numpy", [S((T((3,)), 3))], check_dtype=False),
    OpInfo("scalar_to_tensor", lambda v, d=None: np.float32(v), "numpy", [S((2.5,))], out_dtype="Float32"),
    OpInfo("tuple_to_array", lambda v: np.array(v, np.int64), "numpy", [S(((1, 2, 3),))]),
    OpInfo("intopk", [np.array([True, False])], "mindspore",
           [S((L([[0.1, 0.9, 0.0], [0.8, 0.1, 0.1]]), L([1, 2], "int32"), 1))], dtypes=F32),
    OpInfo("channel_shuffle", lambda x, g: F.channel_shuffle(x, g), "torch", [S((T((1, 4, 2, 2)), 2))]),
)

# ---------------------------------------------------------------------------- creation
add(
    OpInfo("zeros", lambda s, d=None: np.zeros(s, np.float32), "numpy", [S(((2, 3),)), S((4,))],
           out_dtype="Float32"),
    OpInfo("ones", lambda s, d=None: np.ones(s, np.float32), "numpy", [S(((2, 3),))], out_dtype="Float32"),
    OpInfo("zeros_like", np.zeros_like, "numpy", [S((T((2, 3)),))]),
    OpInfo("ones_like", np.ones_like, "numpy", [S((T((2, 3)),))]),
    OpInfo("full", lambda s, v: np.full(s, v), "numpy", [S(((2, 2), 7))], out_dtype="Int64"),
    OpInfo("full_like", np.full_like, "numpy", [S((T((2, 3)), 1.5))]),
    OpInfo("scalar_cast", lambda v, d: int(v), "numpy", [S((2.7, "INT64"))]),
    OpInfo("fill", lambda d, s, v: np.full(s, v, np.int32), "numpy", [S(("INT32", (2,), 3))], out_dtype="Int32"),
    OpInfo("fills", np.full_like, "numpy", [S((T((2, 3)), 2.0))]),
    OpInfo("zero_", np.zeros_like, "numpy", [S((T((2, 3)),))]),
    OpInfo("arange", lambda *a: np.arange(*a), "numpy", [S((3,)), S((0, 1, 0.25))], check_dtype=False),
    OpInfo("range", lambda s, e, st: np.arange(s, e, st), "numpy",
           [S((L(0, "int32"), L(5, "int32"), L(2, "int32")))], dtypes=F32, check_dtype=False),
    OpInfo("tensor_range", lambda s, e, st: np.arange(s, e, st), "numpy",
           [S((L(0.0), L(1.0), L(0.25)))], dtypes=F32, check_dtype=False),
    OpInfo("linspace", lambda a, b, n: np.linspace(a, b, n, dtype=np.float32), "numpy", [S((0, 1, 5))],
           out_dtype="Float32"),
    OpInfo("logspace", lambda a, b, n: np.logspace(a, b, n, dtype=np.float32), "numpy", [S((0.0, 2.0, 3))]),
    OpInfo("eye", lambda n, m=None, d=None: np.eye(n, m, dtype=np.float32), "numpy", [S((2,)), S((2, 3))],
           out_dtype="Float32"),
    OpInfo("tril_indices", lambda r, c, o=0: np.stack(np.tril_indices(r, o, c)), "numpy", [S((3, 3))],
           out_dtype="Int64"),
    OpInfo("triu_indices", lambda r, c, o=0: np.stack(np.triu_indices(r, o, c)), "numpy", [S((3, 4, 1))],
           out_dtype="Int64"),
    OpInfo("bartlett_window", lambda n: torch.bartlett_window(n, dtype=torch.float64), "torch", [S((5,))]),
    OpInfo("blackman_window", lambda n: torch.blackman_window(n, dtype=torch.float64), "torch", [S((5,))]),
    OpInfo("hamming_window", lambda n: torch.hamming_window(n, dtype=torch.float32), "torch", [S((5,))],
           out_dtype="Float32"),
    OpInfo("hann_window", [np.array([0.0, 0.5, 1.0, 0.5])], "mindspore", [S((4,))], out_dtype="Float64"),
    OpInfo("kaiser_window", lambda n: torch.kaiser_window(n, dtype=torch.float64), "torch", [S((5,))]),
)

# ---------------------------------------------------------------------------- random (property checks)
_RANDOM = {
    "uniform": S(((3, 4), L(1.0, "float32"), L(2.0, "float32")), {"seed": 3}),
    "normal": S(((3, 4), L(0.0, "float32"), L(1.0, "float32")), {"seed": 3}),
    "standard_normal": S(((3, 4),), {"seed": 3}), "standard_laplace": S(((3, 4),), {"seed": 3}),
    "laplace": S(((3, 4), L(0.0, "float32"), L(1.0, "float32")), {"seed": 3}),
    "gamma": S(((3, 4), L(1.0, "float32"), L(1.0, "float32")), {"seed": 3}),
    "random_gamma": S(((3, 4), L([1.0], "float32")), {"seed": 3}),
    "poisson": S(((3, 4), L(2.0, "float32")), {"seed": 3}),
    "random_poisson": S(((3, 4), L(2.0, "float32")), {"seed": 3}),
    "randint": S((0, 5, (3, 4)), {"seed": 3}), "randint_like": S((T((3, 4), dtype="int32"), 0, 5), {"seed": 3}),
    "rand": S((3, 4), {"seed": 3}), "rand_like": S((T((3, 4)),), {"seed": 3}),
    "randn": S((3, 4), {"seed": 3}), "randn_like": S((T((3, 4)),), {"seed": 3}),
    "multinomial": S((L([[0.2, 0.8, 0.0]], "float32"), 4), {"seed": 3}),
    "shuffle": S((T((5, 2)),), {"seed": 3}), "randperm": S((6,), {"seed": 3}),
    "random_categorical": S((L([[0.2, 0.8, 0.1]], "float32"), 4), {"seed": 3}),
    "bernoulli": S((T((3, 4)), 0.5), {"seed": 3}),
    "uniform_": S((T((3, 4)),)), "normal_": S((T((3, 4)),)), "exponential_": S((T((3, 4)),)),
    "random_": S((T((3, 4)), 0, 5)), "bernoulli_": S((T((3, 4)),)),
    "rrelu": S((T((3, 4)),)), "gumbel_softmax": S((T((3, 4)),)),
    "dropout": S((T((3, 4)), 0.5), {"seed": 3}), "dropout1d": S((T((2, 3, 4)),)),
    "dropout2d": S((T((2, 3, 4, 4)),)), "dropout3d": S((T((2, 3, 2, 2, 2)),)),
}
_RANDOM_DTYPES = {"randint": "Int64", "randperm": "Int64", "multinomial": "Int32", "random_categorical": "Int64",
                  "randn_like": "Float32", "randint_like": "Int32",
                  "rand": "Float32", "randn": "Float32", "uniform": "Float32", "standard_normal": "Float32"}
for _name, _s in _RANDOM.items():
    add(OpInfo(_name, None, "property", [_s], dtypes=F32, out_dtype=_RANDOM_DTYPES.get(_name)))

# ---------------------------------------------------------------------------- nn: activations
_X = L([[-2.0, -0.5, 0.0], [0.5, 1.0, 3.0]])
add(
    OpInfo("softmax", lambda x, axis=-1: torch.softmax(x, axis), "torch", [S((T((2, 3)),)), S((T((2, 3)), 0))],
           differentiable=True),
    OpInfo("log_softmax", lambda x, axis=-1: torch.log_softmax(x, axis), "torch", [S((T((2, 3)),)),
                                                                                  S((T((2, 3)), 0))],
           differentiable=True),
    OpInfo("softmin", lambda x, axis=-1: torch.softmax(-x, axis), "torch", [S((T((2, 3)),))], differentiable=True),
    OpInfo("gelu", lambda x, approximate="none": F.gelu(x, approximate=approximate), "torch",
           [S((T((2, 3)),)), S((T((2, 3)),), {"approximate": "tanh"})], differentiable=True),
    # MindSpore's default slope is 0.2
    OpInfo("leaky_relu", lambda x, alpha=0.2: np.where(x > 0, x, alpha * x), "numpy",
           [S((T((2, 3)),)), S((T((2, 3)), 0.1))], differentiable=True),
    OpInfo("softplus", lambda x, beta=1, threshold=20: F.softplus(x, beta, threshold), "torch",
           [S((T((2, 3)),)), S((T((2, 3)), 2, 1))], differentiable=True),
    OpInfo("elu", lambda x, alpha=1.0: np.where(x > 0, x, alpha * np.expm1(x)), "numpy", [S((T((2, 3)),))],
           differentiable=True),
    OpInfo("celu", lambda x, alpha=1.0: np.maximum(x, 0) + np.minimum(0, alpha * np.expm1(x / alpha)), "numpy",
           [S((T((2, 3)),))], differentiable=True),
    OpInfo("hardtanh", lambda x, a=-1.0, b=1.0: np.clip(x, a, b), "numpy", [S((T((2, 3)),))]),
    OpInfo("hardshrink", lambda x, l=0.5: np.where(np.abs(x) > l, x, 0), "numpy", [S((T((2, 3)),))]),
    OpInfo("softshrink", lambda x, l=0.5: np.sign(x) * np.maximum(np.abs(x) - l, 0), "numpy", [S((T((2, 3)),))]),
    OpInfo("soft_shrink", lambda x, l=0.5: np.sign(x) * np.maximum(np.abs(x) - l, 0), "numpy", [S((T((2, 3)),))]),
    OpInfo("prelu", lambda x, w: np.where(x > 0, x, w.reshape(1, -1) * x), "numpy", [S((T((2, 3)), Pos((3,))))],
           differentiable=True),
    OpInfo("glu", lambda x, axis=-1: x[:, :2] / (1 + np.exp(-x[:, 2:])), "numpy", [S((T((2, 4)),))],
           differentiable=True),
    OpInfo("swiglu", lambda x, dim=-1: x[:, :2] / (1 + np.exp(-x[:, :2])) * x[:, 2:], "numpy", [S((T((2, 4)),))],
           differentiable=True),
    OpInfo("threshold", [np.array([[9.0, 9.0, 9.0], [0.5, 1.0, 3.0]], np.float32)], "mindspore",
           [S((_X, 0.2, 9.0))], dtypes=F32),
)

# ---------------------------------------------------------------------------- nn: linear, conv, pooling
_IMG = L(np.arange(32, dtype=np.float32).reshape(1, 2, 4, 4).tolist())
add(
    OpInfo("dense", lambda x, w, b=None: x @ w.T + (0 if b is None else b), "numpy",
           [S((T((2, 3)), T((4, 3)), T((4,)))), S((T((2, 3)), T((4, 3))))], differentiable=True),
    OpInfo("bidense", F.bilinear, "torch", [S((T((2, 3)), T((2, 4)), T((5, 3, 4)), T((5,))))], differentiable=True),
    OpInfo("bias_add", lambda x, b: x + b.reshape(-1, 1, 1), "numpy", [S((T((2, 3, 2, 2)), T((3,))))],
           differentiable=True),
    OpInfo("conv1d", lambda x, w: F.conv1d(x, w), "torch", [S((T((1, 2, 6)), T((3, 2, 3))))], differentiable=True),
    OpInfo("conv2d", lambda x, w, **k: F.conv2d(x, w, padding=1) if k.get("pad_mode") == "pad" else F.conv2d(x, w),
           "torch", [S((T((1, 1, 3, 3)), T((2, 1, 2, 2)))),
                     S((T((1, 2, 5, 5)), T((3, 2, 3, 3))), {"pad_mode": "pad", "padding": 1})],
           differentiable=True),
    OpInfo("conv3d", lambda x, w, **k: F.conv3d(x, w, padding=1), "torch",
           [S((T((1, 1, 2, 2, 2)), T((1, 1, 3, 3, 3))), {"pad_mode": "same"})], differentiable=True),
    OpInfo("conv_transpose2d", F.conv_transpose2d, "torch", [S((T((1, 2, 3, 3)), T((2, 3, 2, 2))))],
           differentiable=True),
    OpInfo("conv3d_transpose", lambda x, w: F.conv_transpose3d(x, w), "torch",
           [S((T((1, 2, 2, 2, 2)), T((2, 3, 2, 2, 2))))]),
    OpInfo("avg_pool1d", lambda x, k, s: F.avg_pool1d(x, k, s), "torch", [S((T((1, 2, 6)), 2, 2))],
           differentiable=True),
    OpInfo("avg_pool2d", [np.array([[[[2.5, 4.5], [10.5, 12.5]], [[18.5, 20.5], [26.5, 28.5]]]], np.float32)],
           "mindspore", [S((_IMG, 2, 2))], dtypes=F32),
    OpInfo("avg_pool3d", lambda x, k, s: F.avg_pool3d(x, k, s), "torch", [S((T((1, 1, 4, 4, 4)), 2, 2))]),
    OpInfo("max_pool2d", [np.array([[[[5.0, 7.0], [13.0, 15.0]], [[21.0, 23.0], [29.0, 31.0]]]], np.float32),
                          np.array([[[[5, 7], [13, 15]], [[5, 7], [13, 15]]]], np.int64)], "mindspore",
           [S((_IMG, 2, 2), {"return_indices": True})], dtypes=F32),
    OpInfo("max_pool3d", lambda x, k: F.max_pool3d(x, k), "torch", [S((T((1, 1, 4, 4, 4)), 2))]),
    OpInfo("adaptive_avg_pool1d", F.adaptive_avg_pool1d, "torch", [S((T((1, 2, 6)), 3))], differentiable=True),
    OpInfo("adaptive_avg_pool2d", [np.array([[[[7.5]], [[23.5]]]], np.float32)], "mindspore",
           [S((_IMG, (1, 1)))], dtypes=F32),
    OpInfo("adaptive_avg_pool2d_ext", F.adaptive_avg_pool2d, "torch", [S((T((1, 2, 4, 4)), 2))]),
    OpInfo("adaptive_avg_pool3d", F.adaptive_avg_pool3d, "torch", [S((T((1, 1, 4, 4, 4)), 2))]),
    OpInfo("adaptive_max_pool1d", F.adaptive_max_pool1d, "torch", [S((T((1, 2, 6)), 3))]),
    OpInfo("adaptive_max_pool2d", F.adaptive_max_pool2d, "torch", [S((T((1, 2, 4, 4)), 2))]),
    OpInfo("adaptive_max_pool3d", F.adaptive_max_pool3d, "torch", [S((T((1, 1, 4, 4, 4)), 2))]),
    OpInfo("lp_pool1d", F.lp_pool1d, "torch", [S((Pos((1, 2, 6)), 2, 2))]),
    OpInfo("lp_pool2d", F.lp_pool2d, "torch", [S((Pos((1, 2, 4, 4)), 2, 2))]),
    OpInfo("max_unpool1d", lambda x, i, k: F.max_unpool1d(x, i, k), "torch",
           [S((L([[[5.0, 7.0]]]), L([[[1, 3]]], "int64"), 2))]),
    OpInfo("max_unpool2d", lambda x, i, k: F.max_unpool2d(x, i, k), "torch",
           [S((L([[[[5.0]]]]), L([[[[3]]]], "int64"), 2))]),
    OpInfo("max_unpool3d", lambda x, i, k: F.max_unpool3d(x, i, k), "torch",
           [S((L([[[[[5.0]]]]]), L([[[[[7]]]]], "int64"), 2))]),
    OpInfo("interpolate", [np.array([0.8333333730697632, 2.1666667461395264, 3.500000238418579], np.float32)],
           "mindspore", [S((_IMG,), {"size": (3, 3), "mode": "bilinear"})], dtypes=F32,
           note="compared on the first row of the first channel"),
    OpInfo("upsample", lambda x, size=None, mode="nearest": F.interpolate(x, size, mode=mode), "torch",
           [S((T((1, 2, 3, 3)),), {"size": (6, 6)})]),
    OpInfo("pixel_shuffle", F.pixel_shuffle, "torch", [S((T((1, 4, 2, 2)), 2))], differentiable=True),
    OpInfo("pixel_unshuffle", F.pixel_unshuffle, "torch", [S((T((1, 1, 4, 4)), 2))], differentiable=True),
    OpInfo("unfold", F.unfold, "torch", [S((T((1, 2, 4, 4)), 2))], differentiable=True),
    OpInfo("fold", F.fold, "torch", [S((T((1, 8, 9)), (4, 4), 2))], differentiable=True),
    OpInfo("affine_grid", lambda t, s, a=False: F.affine_grid(t, list(s), a), "torch",
           [S((T((1, 2, 3)), (1, 1, 3, 3)))]),
    OpInfo("grid_sample", lambda x, g: F.grid_sample(x, g, align_corners=False), "torch",
           [S((T((1, 1, 3, 3)), U((1, 2, 2, 2))))]),
)

# ---------------------------------------------------------------------------- nn: normalisation, distances
add(
    OpInfo("batch_norm", lambda x, m, v, w, b: F.batch_norm(x, m, v, w, b), "torch",
           [S((T((2, 3, 2)), T((3,)), Pos((3,)), T((3,)), T((3,))))]),
    OpInfo("layer_norm", lambda x, s, w=None, b=None: F.layer_norm(x, s, w, b), "torch",
           [S((T((2, 3)), (3,), T((3,)), T((3,))))], differentiable=True),
    OpInfo("group_norm", F.group_norm, "torch", [S((T((2, 4, 3)), 2))], differentiable=True),
    OpInfo("rms_norm", lambda x, g: (x / np.sqrt((x * x).mean(-1, keepdims=True) + 1e-6) * g,
                                     1 / np.sqrt((x * x).mean(-1, keepdims=True) + 1e-6)), "numpy",
           [S((T((2, 3)), T((3,))))]),
    OpInfo("add_rms_norm", lambda a, b, g: ((a + b) / np.sqrt(((a + b) ** 2).mean(-1, keepdims=True) + 1e-6) * g,
                                            1 / np.sqrt(((a + b) ** 2).mean(-1, keepdims=True) + 1e-6), a + b),
           "numpy", [S((T((2, 3)), T((2, 3)), T((3,))))], differentiable=True),
    OpInfo("add_layer_norm", lambda a, b, g, be: (F.layer_norm(a + b, (3,), g, be),
                                                  (a + b).mean(-1, keepdim=True),
                                                  torch.rsqrt((a + b).var(-1, unbiased=False, keepdim=True) + 1e-5),
                                                  a + b), "torch", [S((T((2, 3)), T((2, 3)), T((3,)), T((3,))))],
           differentiable=True),
    OpInfo("rotary_position_embedding", lambda x, c, s, mode=0: x * c + np.concatenate(
        [-x[..., 2:], x[..., :2]], -1) * s if mode == 0 else x * c + np.stack(
        [-x[..., 1::2], x[..., ::2]], -1).reshape(x.shape) * s, "numpy",
           [S((T((1, 2, 3, 4)), U((1, 1, 3, 4)), U((1, 1, 3, 4)))),
            S((T((1, 2, 3, 4)), U((1, 1, 3, 4)), U((1, 1, 3, 4)), 1))], differentiable=True),
    # BSH layout with 2 heads and a causal mask (True = discard), against torch's SDPA
    OpInfo("flash_attention_score", lambda q, k, v, n, **kw: F.scaled_dot_product_attention(
        q.reshape(1, 3, 2, 2).transpose(1, 2), k.reshape(1, 3, 2, 2).transpose(1, 2),
        v.reshape(1, 3, 2, 2).transpose(1, 2), is_causal=True, scale=0.5).transpose(1, 2).reshape(1, 3, 4), "torch",
           [S((T((1, 3, 4)), T((1, 3, 4)), T((1, 3, 4)), 2),
              {"attn_mask": L(np.triu(np.ones((3, 3)), 1).astype(bool).tolist(), "bool"), "scalar_value": 0.5})],
           differentiable=True),
    OpInfo("lrn", [np.full((1, 3, 2, 2), 0.5, np.float32)], "mindspore", [S((L(np.ones((1, 3, 2, 2)).tolist()),))],
           dtypes=F32),
    OpInfo("embedding", lambda i, w: w[i], "numpy", [S((I((2, 3), 4), T((4, 2))))]),
    OpInfo("cosine_similarity", lambda a, b: F.cosine_similarity(a, b), "torch", [S((T((2, 3)), T((2, 3))))],
           differentiable=True),
    OpInfo("pdist", F.pdist, "torch", [S((T((3, 2)),))]),
    OpInfo("cdist", torch.cdist, "torch", [S((T((3, 2)), T((4, 2))))]),
    OpInfo("dist", torch.dist, "torch", [S((T((3, 2)), T((3, 2))))], differentiable=True),
)

# ---------------------------------------------------------------------------- nn: losses
_LOGITS = L([[-2.0, -0.5, 0.0], [0.5, 1.0, 3.0]])
add(
    OpInfo("cross_entropy", [np.array(1.3758453130722046, np.float32)], "mindspore",
           [S((_LOGITS, L([0, 2], "int32")))], dtypes=F32),
    OpInfo("nll_loss", lambda x, t: F.nll_loss(x, t), "torch", [S((T((3, 4)), I((3,), 4)))], differentiable=True),
    OpInfo("binary_cross_entropy", lambda p, y: F.binary_cross_entropy(p, y), "torch",
           [S((T((2, 3), 0.1, 0.9), T((2, 3), 0.0, 1.0)))], differentiable=True, grad_args=(0,)),
    OpInfo("binary_cross_entropy_with_logits", lambda x, y: F.binary_cross_entropy_with_logits(x, y), "torch",
           [S((T((2, 3)), T((2, 3), 0.0, 1.0)))], differentiable=True),
    OpInfo("mse_loss", lambda a, b, reduction="mean": F.mse_loss(a, b, reduction=reduction), "torch",
           [S((T((2, 3)), T((2, 3)))), S((T((2, 3)), T((2, 3)), "sum"))], differentiable=True),
    OpInfo("mse_loss_ext", lambda a, b: F.mse_loss(a, b), "torch", [S((T((2, 3)), T((2, 3))))]),
    OpInfo("l1_loss", lambda a, b: F.l1_loss(a, b), "torch", [S((T((2, 3)), T((2, 3))))], differentiable=True),
    # MindSpore's smooth_l1_loss defaults to reduction='none'
    OpInfo("smooth_l1_loss", [np.array([[1.5, 0.125, 0.0], [0.125, 0.5, 2.5]], np.float32)], "mindspore",
           [S((_X, L(np.zeros((2, 3)).tolist())))], dtypes=F32),
    OpInfo("huber_loss", [np.array(0.7916666865348816, np.float32)], "mindspore",
           [S((_X, L(np.zeros((2, 3)).tolist())))], dtypes=F32),
    OpInfo("kl_div", lambda a, b, reduction="mean": (b * (np.log(b) - a)).mean() if reduction == "mean" else
           (b * (np.log(b) - a)).sum() / a.shape[0], "numpy",
           [S((T((2, 3), -2, -0.1), Pos((2, 3), 0.1, 0.9))), S((T((2, 3), -2, -0.1), Pos((2, 3), 0.1, 0.9),
                                                                 "batchmean"))], differentiable=True),
    OpInfo("soft_margin_loss", F.soft_margin_loss, "torch", [S((T((2, 3)), L([[1.0, -1, 1], [-1, 1, 1]])))],
           differentiable=True, grad_args=(0,)),
    OpInfo("margin_ranking_loss", F.margin_ranking_loss, "torch", [S((T((3,)), T((3,)), L([1.0, -1, 1])))],
           differentiable=True, grad_args=(0, 1)),
    OpInfo("cosine_embedding_loss", F.cosine_embedding_loss, "torch", [S((T((2, 3)), T((2, 3)), L([1.0, -1])))]),
    OpInfo("hinge_embedding_loss", F.hinge_embedding_loss, "torch", [S((T((2, 3)), L([[1.0, -1, 1], [-1, 1, 1]])))]),
    OpInfo("triplet_margin_loss", F.triplet_margin_loss, "torch", [S((T((2, 3)), T((2, 3)), T((2, 3))))],
           differentiable=True),
    OpInfo("multi_margin_loss", F.multi_margin_loss, "torch", [S((T((2, 3)), L([0, 2], "int64")))]),
    OpInfo("multilabel_margin_loss", F.multilabel_margin_loss, "torch",
           [S((T((2, 3)), L([[0, 2, -1], [1, -1, 0]], "int64")))]),
    OpInfo("multilabel_soft_margin_loss", F.multilabel_soft_margin_loss, "torch",
           [S((T((2, 3)), L([[0.0, 1, 1], [1, 0, 0]])))], differentiable=True, grad_args=(0,)),
    OpInfo("gaussian_nll_loss", F.gaussian_nll_loss, "torch", [S((T((2, 3)), T((2, 3)), Pos((2, 3))))],
           differentiable=True),
    # MindSpore 2.10 values: the loss and the CTC forward variables log_alpha (N, T, 2S+1)
    OpInfo("ctc_loss", [np.array(0.8431995, np.float32),
                        np.array([[[-1.0986123, -1.0986123, -np.inf, -np.inf, -np.inf],
                                   [-2.1972246, -1.5040774, -2.1972246, -2.1972246, -np.inf],
                                   [-3.2958369, -2.1972246, -2.1972246, -1.9095426, -3.2958369],
                                   [-4.3944492, -3.0081549, -2.6026897, -2.0918641, -2.7850113]]], np.float32)],
           "mindspore", [S((L(np.log(np.full((4, 1, 3), 1 / 3)).tolist()), L([[1, 2]], "int32"), L([4], "int32"),
                            L([2], "int32")))], dtypes=F32),
)

# ---------------------------------------------------------------------------- linear algebra
add(
    OpInfo("matmul", np.matmul, "numpy", [S((T((2, 3)), T((3, 4)))), S((T((5, 2, 3)), T((3, 4)))),
                                          S((T((3,)), T((3,))))], differentiable=True),
    OpInfo("mm", np.matmul, "numpy", [S((T((2, 3)), T((3, 4))))], differentiable=True),
    OpInfo("bmm", np.matmul, "numpy", [S((T((2, 2, 3)), T((2, 3, 4))))], differentiable=True),
    OpInfo("dot", lambda a, b: np.tensordot(a, b, ([-1], [-2])), "numpy", [S((T((2, 3)), T((3, 2))))],
           differentiable=True),
    OpInfo("inner", np.inner, "numpy", [S((T((2, 3)), T((4, 3))))], differentiable=True),
    OpInfo("outer", np.outer, "numpy", [S((T((2,)), T((3,))))], differentiable=True),
    OpInfo("ger", np.outer, "numpy", [S((T((2,)), T((3,))))], differentiable=True),
    OpInfo("mv", np.matmul, "numpy", [S((T((2, 3)), T((3,))))], differentiable=True),
    OpInfo("addmm", lambda i, a, b, beta=1, alpha=1: beta * i + alpha * a @ b, "numpy",
           [S((T((2, 4)), T((2, 3)), T((3, 4))), {"beta": 0.5, "alpha": 2})], differentiable=True),
    OpInfo("addbmm", lambda i, a, b: i + (a @ b).sum(0), "numpy", [S((T((2, 4)), T((3, 2, 3)), T((3, 3, 4))))],
           differentiable=True),
    OpInfo("addmv", lambda i, a, v: i + a @ v, "numpy", [S((T((2,)), T((2, 3)), T((3,))))], differentiable=True),
    OpInfo("addr", lambda i, a, b: i + np.outer(a, b), "numpy", [S((T((2, 3)), T((2,)), T((3,))))],
           differentiable=True),
    OpInfo("baddbmm", lambda i, a, b: i + a @ b, "numpy", [S((T((2, 2, 4)), T((2, 2, 3)), T((2, 3, 4))))],
           differentiable=True),
    OpInfo("baddbmm_ext", lambda i, a, b: i + a @ b, "numpy", [S((T((2, 2, 4)), T((2, 2, 3)), T((2, 3, 4))))]),
    OpInfo("batch_dot", lambda a, b: np.einsum("bi,bi->b", a, b)[:, None], "numpy", [S((T((2, 3)), T((2, 3))))]),
    OpInfo("tensor_dot", lambda a, b, ax: np.tensordot(a, b, ax), "numpy", [S((T((2, 3)), T((3, 4)), 1))],
           differentiable=True),
    OpInfo("kron", np.kron, "numpy", [S((T((2, 2)), T((2, 3))))], differentiable=True),
    OpInfo("cross", lambda a, b: np.cross(a, b), "numpy", [S((T((2, 3)), T((2, 3))))], differentiable=True),
    OpInfo("vecdot", lambda a, b: (a * b).sum(-1), "numpy", [S((T((2, 3)), T((2, 3))))], differentiable=True),
    OpInfo("einsum", lambda eq, *ops: np.einsum(eq, *ops), "numpy", [S(("ij,jk->ik", T((2, 3)), T((3, 4))))],
           differentiable=True),
    OpInfo("einsum_ext", lambda eq, *ops: np.einsum(eq, *ops), "numpy", [S(("ii->i", T((3, 3))))]),
    OpInfo("norm", lambda a, o=None, d=None: np.linalg.norm(a, o, d), "numpy",
           [S((T((2, 3)),)), S((T((2, 3)), 1)), S((T((2, 3)), None, 1))], differentiable=True),
    OpInfo("vector_norm", lambda a, o=2, ax=None: np.linalg.norm(a.reshape(-1), o) if ax is None else
           np.linalg.norm(a, o, ax), "numpy", [S((T((2, 3)),)), S((T((2, 3)), 1, 1))], differentiable=True),
    OpInfo("matrix_norm", lambda a: np.linalg.norm(a), "numpy", [S((T((2, 3)),))], differentiable=True),
    OpInfo("renorm", torch.renorm, "torch", [S((T((2, 3)), 2, 0, 1.0))]),
    OpInfo("inverse", np.linalg.inv, "numpy", [S((L([[2.0, 1.0], [1.0, 3.0]]),))], differentiable=True),
    OpInfo("det", np.linalg.det, "numpy", [S((T((3, 3)),))], differentiable=True),
    OpInfo("matrix_determinant", np.linalg.det, "numpy", [S((T((3, 3)),))]),
    OpInfo("slogdet", lambda a: tuple(np.linalg.slogdet(a)), "numpy", [S((L([[2.0, 1.0], [1.0, 3.0]]),))]),
    OpInfo("log_matrix_determinant", lambda a: tuple(np.linalg.slogdet(a)), "numpy",
           [S((L([[2.0, 1.0], [1.0, 3.0]]),))]),
    OpInfo("logdet", lambda a: np.log(np.linalg.det(a)), "numpy", [S((L([[2.0, 1.0], [1.0, 3.0]]),))]),
    OpInfo("pinv", np.linalg.pinv, "numpy", [S((T((3, 2)),))]),
    OpInfo("svd", lambda a, full_matrices=False, compute_uv=True: np.linalg.svd(a, compute_uv=False), "numpy",
           [S((T((3, 2)),), {"compute_uv": False})]),
    OpInfo("qr", lambda a: tuple(np.abs(v) for v in np.linalg.qr(a)), "property", [S((T((3, 2)),))]),
    OpInfo("cholesky", np.linalg.cholesky, "numpy", [S((L([[4.0, 2.0], [2.0, 3.0]]),))]),
    OpInfo("cholesky_inverse", lambda c: np.linalg.inv(c @ c.T), "numpy", [S((L([[2.0, 0.0], [1.0, 1.5]]),))]),
    OpInfo("cholesky_solve", lambda b, c: np.linalg.solve(c @ c.T, b), "numpy",
           [S((L([[1.0], [2.0]]), L([[2.0, 0.0], [1.0, 1.5]])))]),
    # ops.lstsq(input, A) solves input @ X = A (MindSpore 2.10's documentation and results).
    OpInfo("lstsq", lambda x, a: np.linalg.lstsq(x, a, rcond=None)[0], "numpy",
           [S((L([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]]), L([[1.0], [2.0], [2.0]])))], atol=1e-4),
    OpInfo("lu_solve", lambda b, lu, piv: torch.linalg.lu_solve(lu, piv, b), "torch",
           [S((L([[1.0], [2.0]]), L([[2.0, 1.0], [0.5, 2.5]]), L([1, 2], "int32")))]),
    OpInfo("lu_unpack", lambda lu, piv: torch.lu_unpack(lu, piv), "torch",
           [S((L([[2.0, 1.0], [0.5, 2.5]]), L([1, 2], "int32")))]),
    OpInfo("matrix_exp", torch.linalg.matrix_exp, "torch", [S((T((3, 3), -0.5, 0.5),))], differentiable=True),
    OpInfo("matrix_power", np.linalg.matrix_power, "numpy", [S((T((3, 3)), 3))], differentiable=True),
    OpInfo("matrix_solve", lambda a, b: np.linalg.solve(a, b), "numpy",
           [S((L([[2.0, 1.0], [1.0, 3.0]]), L([[1.0], [2.0]])))]),
    OpInfo("eig", lambda a: tuple(torch.linalg.eig(a)), "torch", [S((L([[2.0, 0.0], [0.0, 3.0]]),))]),
    OpInfo("eigvals", lambda a: torch.linalg.eigvals(a), "torch", [S((L([[2.0, 0.0], [0.0, 3.0]]),))]),
    OpInfo("cond", lambda a, p=None: np.linalg.cond(a, p), "numpy", [S((L([[2.0, 1.0], [1.0, 3.0]]),))]),
    OpInfo("geqrf", torch.geqrf, "torch", [S((T((3, 2)),))]),
    OpInfo("orgqr", lambda a, tau: torch.linalg.householder_product(a, tau), "torch", [S((T((3, 2)), T((2,))))]),
    OpInfo("ormqr", torch.ormqr, "torch", [S((T((3, 2)), T((2,)), T((3, 3))))]),
    OpInfo("cov", lambda a: np.cov(a), "numpy", [S((T((2, 5)),))], differentiable=True, check_dtype=False),
    OpInfo("trapz", lambda y, x=None: np.trapezoid(y, x) if hasattr(np, "trapezoid") else np.trapz(y, x), "numpy",
           [S((T((2, 5)),))], differentiable=True),
)

# ---------------------------------------------------------------------------- clip, segment, fft
add(
    OpInfo("clamp", lambda x, min=None, max=None: np.clip(x, min, max), "numpy",
           [S((T((2, 3)), -1.0, 1.0)), S((T((2, 3)),), {"min": 0.0}), S((T((2, 3)), T((3,)), 1.5))],
           differentiable=True),
    OpInfo("clamp_", lambda x, a=None, b=None: np.clip(x, a, b), "numpy", [S((T((2, 3)), -1.0, 1.0))]),
    OpInfo("clip", lambda x, a=None, b=None: np.clip(x, a, b), "numpy", [S((T((2, 3)), -1.0, 1.0))],
           differentiable=True),
    OpInfo("clip_by_value", lambda x, a, b: np.clip(x, a, b), "numpy", [S((T((2, 3)), L(-1.0), L(1.0)))]),
    OpInfo("clip_by_norm", [np.array([0.6, 0.8], np.float32)], "mindspore", [S((L([3.0, 4.0]), 1.0))],
           dtypes=F32, atol=1e-5),
    OpInfo("clip_by_global_norm", [np.array([0.6, 0.8], np.float32)], "mindspore",
           [S((Seq((L([3.0, 4.0]),), as_tuple=True), 1.0))], dtypes=F32),
    # MindSpore 2.10: empty segments hold the dtype's lowest/highest value for max/min, 1 for prod
    OpInfo("unsorted_segment_sum", [np.array([[0.0, 5.0, 4.0], [3.0, 1.0, 2.0], [0.0, 0.0, 0.0]], np.float32)],
           "mindspore", [S((_A, L([1, 0], "int32"), 3))], dtypes=F32),
    OpInfo("unsorted_segment_max", [np.array([[-3.4028234663852886e38] * 3, [3.0, 5.0, 4.0],
                                              [-3.4028234663852886e38] * 3], np.float32)], "mindspore",
           [S((_A, L([1, 1], "int32"), 3))], dtypes=F32),
    OpInfo("unsorted_segment_min", [np.array([[3.4028234663852886e38] * 3, [0.0, 1.0, 2.0],
                                              [3.4028234663852886e38] * 3], np.float32)], "mindspore",
           [S((_A, L([1, 1], "int32"), 3))], dtypes=F32),
    OpInfo("unsorted_segment_prod", [np.array([[1.0, 1.0, 1.0], [0.0, 5.0, 8.0], [1.0, 1.0, 1.0]], np.float32)],
           "mindspore", [S((_A, L([1, 1], "int32"), 3))], dtypes=F32),
    OpInfo("sparse_segment_mean", lambda x, i, s: np.stack([x[i[:2]].mean(0), x[i[2:]].mean(0)]), "numpy",
           [S((T((4, 2)), L([0, 1, 3], "int64"), L([0, 0, 1], "int64")))]),
)
for _name in ("fft", "ifft", "rfft", "ihfft"):
    add(OpInfo(_name, getattr(torch.fft, _name), "torch", [S((T((2, 8)),))]))
for _name in ("irfft", "hfft"):
    # The default argument binds this iteration's function.
    add(OpInfo(_name, lambda x, _f=getattr(torch.fft, _name): _f(torch.fft.rfft(x)),  # noqa: B008
               "property", [S((T((2, 8)),))]))
for _name in ("fft2", "ifft2", "rfft2", "ihfft2", "fftn", "ifftn", "rfftn", "ihfftn"):
    add(OpInfo(_name, getattr(torch.fft, _name), "torch", [S((T((2, 4, 4)),))]))
for _name in ("irfft2", "hfft2", "irfftn", "hfftn"):
    add(OpInfo(_name, None, "property", [S((T((2, 4, 4)),))]))
add(
    OpInfo("fftshift", np.fft.fftshift, "numpy", [S((T((6,)),))]),
    OpInfo("ifftshift", np.fft.ifftshift, "numpy", [S((T((6,)),))]),
    OpInfo("fftfreq", lambda n, d=1.0: np.fft.fftfreq(n, d).astype(np.float32), "numpy", [S((8,))]),
    OpInfo("rfftfreq", lambda n, d=1.0: np.fft.rfftfreq(n, d).astype(np.float32), "numpy", [S((8,))]),
)

# ---------------------------------------------------------------------------- boxes, layout, scalars, misc
_BOX_A = L([[0.0, 0.0, 10.0, 10.0], [5.0, 5.0, 15.0, 15.0]])
_BOX_G = L([[0.0, 0.0, 10.0, 10.0], [0.0, 0.0, 5.0, 5.0], [2.0, 2.0, 8.0, 12.0]])
_IMG16 = L(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4).tolist())
_M23 = L([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
add(
    # MindSpore 2.10 values (areas use the +1 pixel convention; rows are ground-truth boxes)
    OpInfo("iou", [np.array([[1.0, 0.17475729], [0.29752067, 0.00641026], [0.46666667, 0.19277108]], np.float32)],
           "mindspore", [S((_BOX_A, _BOX_G))], dtypes=F32),
    OpInfo("bounding_box_encode", [np.array([[0.0, 0.13636364, -0.2006707, 0.0870114]], np.float32)], "mindspore",
           [S((L([[0.0, 0.0, 10.0, 10.0]]), L([[1.0, 1.0, 9.0, 12.0]])))], dtypes=F32),
    OpInfo("bounding_box_decode", [np.array([[0.5215597, 0.2757759, 11.67844, 14.124224]], np.float32)], "mindspore",
           [S((L([[0.0, 0.0, 10.0, 10.0]]), L([[0.1, 0.2, 0.1, 0.3]]), (100, 100)))], dtypes=F32),
    OpInfo("check_valid", [np.array([True, False])], "mindspore",
           [S((L([[20.0, 20.0, 40.0, 40.0], [0.0, 0.0, 300.0, 10.0]]), L([100.0, 200.0, 1.0])))], dtypes=F32),
    OpInfo("space_to_batch_nd", [np.array([[[[0.0, 2.0], [8.0, 10.0]]], [[[1.0, 3.0], [9.0, 11.0]]],
                                           [[[4.0, 6.0], [12.0, 14.0]]], [[[5.0, 7.0], [13.0, 15.0]]]], np.float32)],
           "mindspore", [S((_IMG16, (2, 2), ((0, 0), (0, 0))))], dtypes=F32),
    OpInfo("batch_to_space_nd", lambda x, b, c: torch.pixel_shuffle(
        x.reshape(2, 2, 1, 2, 2).permute(2, 0, 1, 3, 4).reshape(1, 4, 2, 2), 2), "torch",
           [S((T((4, 1, 2, 2)), (2, 2), ((0, 0), (0, 0))))]),
    OpInfo("col2im", lambda x, o, k, d, p, st: F.fold(x.reshape(1, 4, 9), o, k, d, p, st), "torch",
           [S((T((1, 1, 4, 9)), (4, 4), 2, 1, 0, 1))]),
    OpInfo("fractional_max_pool2d", None, "property", [S((T((1, 1, 5, 5)), 2), {"output_size": (3, 3)})]),
    OpInfo("fractional_max_pool3d", None, "property", [S((T((1, 1, 5, 5, 5)), 2), {"output_size": (3, 3, 3)})]),
    OpInfo("mirror_pad", [np.array([[2, 1, 1, 2, 3, 3, 2], [2, 1, 1, 2, 3, 3, 2], [5, 4, 4, 5, 6, 6, 5],
                                    [5, 4, 4, 5, 6, 6, 5]], np.float32)], "mindspore",
           [S((_M23, L([[1, 1], [2, 2]], "int32"), "SYMMETRIC"))], dtypes=F32),
    OpInfo("padding", [np.array([[8.0, 0.0, 0.0, 0.0], [10.0, 0.0, 0.0, 0.0]], np.float32)], "mindspore",
           [S((L([[8.0], [10.0]]), 4))], dtypes=F32),
    OpInfo("matrix_diag", lambda x, k=0: np.diag(x, k), "numpy", [S((T((3,)),)), S((T((2,)), 1))]),
    OpInfo("matrix_diag", [np.array([[9.0, 9, 9, 9], [1, 9, 9, 9], [9, 2, 9, 9]], np.float32)], "mindspore",
           [S((L([1.0, 2.0]), L(-1, "int32"), L(3, "int32"), L(4, "int32"), L(9.0)))], dtypes=F32),
    OpInfo("matrix_diag_part", [np.array([0.0, 4.0, 8.0], np.float32)], "mindspore",
           [S((L(np.arange(9.0).reshape(3, 3).tolist()), L(0, "int32"), L(0.0)))], dtypes=F32),
    OpInfo("matrix_set_diag", lambda x, d: torch.diagonal_scatter(x, d, 0, -2, -1), "torch",
           [S((T((2, 3, 3)), T((2, 3))))]),
    OpInfo("scalar_add", lambda x, y: x + y, "numpy", [S((2, 3.5))]),
    OpInfo("scalar_sub", lambda x, y: x - y, "numpy", [S((2, 3.5))]),
    OpInfo("scalar_mul", lambda x, y: x * y, "numpy", [S((2, 3.5))]),
    OpInfo("scalar_div", [np.array(1.5)], "mindspore", [S((3, 2))]),
    OpInfo("scalar_floordiv", [np.array(3)], "mindspore", [S((7, 2))]),
    OpInfo("scalar_mod", [np.array(1)], "mindspore", [S((7, 3))]),
    OpInfo("scalar_pow", [np.array(8)], "mindspore", [S((2, 3))]),
    OpInfo("scalar_log", [np.array(0.6931471805599453)], "mindspore", [S((2.0,))]),
    OpInfo("scalar_eq", lambda x, y: x == y, "numpy", [S((2, 2))]),
    OpInfo("scalar_ne", lambda x, y: x != y, "numpy", [S((2, 3))]),
    OpInfo("scalar_lt", lambda x, y: x < y, "numpy", [S((2, 3))]),
    OpInfo("scalar_le", lambda x, y: x <= y, "numpy", [S((2, 3))]),
    OpInfo("scalar_gt", lambda x, y: x > y, "numpy", [S((2, 3))]),
    OpInfo("scalar_ge", lambda x, y: x >= y, "numpy", [S((2, 3))]),
    OpInfo("scalar_max", max, "numpy", [S((2, 3))]),
    OpInfo("scalar_min", min, "numpy", [S((2, 3))]),
    OpInfo("scalar_uadd", lambda x: x, "numpy", [S((2,))]),
    OpInfo("scalar_usub", lambda x: -x, "numpy", [S((2,))]),
    OpInfo("scalar_to_array", lambda x: np.array(x, np.float32), "numpy", [S((2.5,))]),
    OpInfo("is_tensor", lambda x: True, "numpy", [S((T((2,)),))]),
    OpInfo("isconstant", lambda x: True, "numpy", [S((T((2,)),))]),
    OpInfo("eps", [np.array([1.1920929e-07], np.float32)], "mindspore", [S((L([1.0]),))], dtypes=F32),
    OpInfo("mixed_precision_cast", lambda d, x: x.astype(np.float16), "numpy", [S(("FLOAT16", T((2, 3))))],
           dtypes=F32, out_dtype="Float16"),
    OpInfo("print_", lambda *a: None, "property", [S((T((2,)), "a"))]),
    OpInfo("erfinv_", torch.erfinv, "torch", [S((U((2, 3)),))]),
    OpInfo("isnan_ext", torch.isnan, "torch", [S((L([float("nan"), 1.0]),))]),
    OpInfo("diff_ext", lambda x, n=1, d=-1: np.diff(x, n, d), "numpy", [S((T((3, 4)),))], differentiable=True),
    OpInfo("bernoulli_ext", None, "property", [S((T((3, 4), 0.0, 1.0),))], dtypes=F32),
    OpInfo("multinomial_with_replacement", None, "property",
           [S((L([[0.2, 0.8]]), 3, 0, 4, True))], dtypes=F32, out_dtype="Int64"),
    OpInfo("choice_with_mask", None, "property", [S((B((3, 3)), 4))], dtypes=F32, out_dtype=("Int32", "Bool")),
    OpInfo("stft", lambda x, n, window=None: torch.stft(x, n, window=window, return_complex=True,
                                                         pad_mode="reflect"), "torch",
           [S((T((64,)), 16), {"window": L(np.hanning(16).tolist())})]),
)

# ---------------------------------------------------------------------------- twins without a functional op
# MindSpore has these as Primitives or Tensor methods only; tests/ops/test_primitives*.py and
# tests/common/test_tensor_methods.py reuse the samples.
add(
    OpInfo("fix", np.trunc, "numpy", _unary_samples(), functional=False),
    OpInfo("bitwise_not", np.invert, "numpy", [S((T((2, 3), -5, 5),))], dtypes=INT, functional=False),
    OpInfo("allclose", lambda a, b: np.allclose(a, b), "numpy", [S((T((2, 3)), T((2, 3))))], functional=False),
    OpInfo("masked_scatter", torch.masked_scatter, "torch", [S((T((2, 3)), B((2, 3)), T((6,))))], functional=False),
    OpInfo("empty", lambda *s, **k: None, "property", [S(((2, 3),))], out_dtype="Float32", functional=False),
    OpInfo("empty_like", lambda x: None, "property", [S((T((2, 3)),))], functional=False),
    OpInfo("lp_norm", lambda a, ax, p=2: np.linalg.norm(a, p, ax), "numpy", [S((T((2, 3)), 1))], functional=False),
    OpInfo("matrix_inverse", np.linalg.inv, "numpy", [S((L([[2.0, 1.0], [1.0, 3.0]]),))], functional=False),
)

# ---------------------------------------------------------------------------- inventory additions
# Expected values recorded with MindSpore 2.10 on CPU (tests/ops/test_primitives_inventory.py has more cases).
_CROP_IMAGE = L(np.arange(40, dtype=np.float32).reshape(1, 4, 5, 2).tolist())
_CROP_BOXES = L([[0.1, 0.2, 0.8, 0.9], [0.5, 0.0, 1.2, 0.7]])
_CTC_LOGITS = L([[[0.6, 0.4, 0.2], [0.8, 0.6, 0.3]], [[0.0, 0.6, 0.0], [0.5, 0.4, 0.5]],
                 [[0.3, 0.2, 0.9], [0.7, 0.1, 0.6]], [[0.1, 0.8, 0.1], [0.1, 0.9, 0.3]]])
add(
    OpInfo("crop_and_resize", [np.array([[[[17.9, 18.9]]], [[[28.3, 29.3]]]], np.float32)], "mindspore",
           [S((_CROP_IMAGE, _CROP_BOXES, L([0, 0], "int32"), (1, 1)))], dtypes=F32),
    OpInfo("ctc_greedy_decoder", [np.array([[0, 0], [0, 1], [0, 2], [1, 0]]), np.array([0, 1, 1, 0]),
                                  np.array([2, 3]), np.array([[-2.9], [-2.0]], np.float32)], "mindspore",
           [S((_CTC_LOGITS, L([4, 3], "int32")))], dtypes=F32),
    OpInfo("coalesce", [np.array([[0, 1, 2], [1, 0, 1]]), np.array([5.0, 4.0, 1.0], np.float32), np.array([3, 3])],
           "mindspore", [S((L([[2, 0, 0, 1], [1, 1, 1, 0]], "int64"), L([1.0, 2.0, 3.0, 4.0]),
                            L([3, 3], "int64")))], dtypes=F32),
    OpInfo("uniform_candidate_sampler", None, "property", [S((L([[1], [3]], "int64"), 1, 3, True, 5))],
           dtypes=F32, out_dtype=("Int64", "Float32", "Float32")),
    OpInfo("log_uniform_candidate_sampler", None, "property", [S((L([[1], [3]], "int64"), 1, 3, True, 5))],
           dtypes=F32, out_dtype=("Int64", "Float32", "Float32")),
    OpInfo("tensordump", lambda *a: None, "property",
           [S((os.path.join(tempfile.gettempdir(), "sporetorch_opinfo_dump"), T((2,))))], dtypes=F32),
)

BY_NAME = {op.name: op for op in OPS}
