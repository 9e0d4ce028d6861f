"""Element-wise math, comparison, logical and bitwise operators (``mindspore.ops`` math functions).

Each op unwraps its Tensors, makes one torch call and wraps the result. Python
scalars are accepted wherever MindSpore accepts them. Torch errors (shape or dtype
mismatches) are re-raised naming the op and its arguments.
"""
import torch

from ...common import dtype as mstype
from ...common.tensor import Tensor, _new, _wrap
from ._prim_checks import _check_dtypes, _check_ndim
from ._utils import (
    FLOATS,
    FLOATS_BF16,
    _result_dtype,
    _check_dtype,
    _desc,
    _fail,
    _float_of,
    _guard_module,
    _inline_checked,
    _number,
    _same_dtype,
    _tensor_arg,
    _u,
    _ut,
)

__all__ = [
    # unary
    "abs", "absolute", "acos", "arccos", "acosh", "arccosh", "asin", "arcsin", "asinh", "arcsinh", "atan",
    "arctan", "atanh", "arctanh", "angle", "ceil", "conj", "cos", "cosh", "deg2rad", "rad2deg", "digamma",
    "erf", "erfc", "erfinv", "exp", "exp2", "expm1", "floor", "frac", "i0", "imag", "real", "inv", "invert",
    "isfinite", "isinf", "isnan", "isneginf", "isposinf", "isreal", "is_complex", "is_floating_point",
    "lgamma", "log", "log10", "log1p", "log2", "logit", "neg", "negative", "positive", "reciprocal", "round",
    "rsqrt", "sgn", "sign", "signbit", "sin", "sinc", "sinh", "sqrt", "square", "tan", "trunc", "nan_to_num",
    "mvlgamma", "polygamma", "bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e", "bessel_j0",
    "bessel_j1", "bessel_k0", "bessel_k0e", "bessel_k1", "bessel_k1e", "bessel_y0", "bessel_y1",
    "tensor_exp", "tensor_expm1", "logical_not", "population_count",
    # binary
    "add", "tensor_add", "sub", "subtract", "tensor_sub", "mul", "multiply", "tensor_mul", "tensor_muls",
    "div", "divide", "true_divide", "tensor_div", "floor_div", "floor_divide", "floordiv", "tensor_floordiv",
    "floor_mod", "floormod", "fmod", "remainder", "tensor_mod", "truncate_div", "truncate_mod", "xdivy",
    "xlogy", "pow", "pows", "tensor_pow", "float_power", "float_power_ext", "maximum", "minimum", "fmax",
    "fmin", "atan2", "arctan2", "hypot", "copysign", "ldexp", "logaddexp", "logaddexp2", "nextafter", "gcd",
    "lcm", "heaviside", "igamma", "igammac", "zeta", "lerp", "addcdiv", "addcmul", "addn", "accumulate_n",
    "bitwise_and", "bitwise_or", "bitwise_xor", "bitwise_left_shift", "bitwise_right_shift",
    "logical_and", "logical_or", "logical_xor",
    # comparison
    "eq", "equal", "ne", "not_equal", "ge", "greater_equal", "tensor_ge", "gt", "greater", "tensor_gt", "le",
    "less_equal", "tensor_le", "lt", "less", "tensor_lt", "isclose", "approximate_equal",
    "is_nonzero",
]


# ---------------------------------------------------------------------------- factories
_COMPLEXES = (torch.complex64, torch.complex128)
_INTS = (torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8, torch.uint16, torch.uint32, torch.uint64)
_NOT_BOOL = FLOATS_BF16 + _COMPLEXES + _INTS
# The dtypes MindSpore 2.10's primitive checks accept (on every device, before a kernel is chosen), for the
# ops whose check is narrower than what torch computes. An op missing here takes what torch takes; integer
# and bool inputs of the float functions (sin, exp, log, ...) are cast to float as MindSpore's Ascend
# kernels do (its CPU kernels lack them: tests/data/op_sweep_deliberate/math.json).
_DTYPES = {
    "bessel_i0": FLOATS, "bessel_i0e": FLOATS, "bessel_i1": FLOATS, "bessel_j0": FLOATS, "bessel_j1": FLOATS,
    "bessel_k0": FLOATS, "bessel_k0e": FLOATS, "bessel_k1": FLOATS, "bessel_k1e": FLOATS, "bessel_y0": FLOATS,
    "bessel_y1": FLOATS, "i0": FLOATS, "bessel_i1e": _NOT_BOOL, "deg2rad": FLOATS, "rad2deg": FLOATS,
    "ceil": FLOATS_BF16, "conj": _NOT_BOOL, "invert": _INTS, "square": _NOT_BOOL,
    "exp": FLOATS_BF16 + _COMPLEXES + (torch.bool, torch.int64),
    "tensor_exp": FLOATS_BF16 + _COMPLEXES + (torch.bool, torch.int64),
    "inv": FLOATS + _COMPLEXES + (torch.int16, torch.int32, torch.int64),
    "nextafter": (torch.float32, torch.float64), "gcd": (torch.int16, torch.int32, torch.int64),
    "lcm": (torch.int32, torch.int64),
    "truncate_mod": FLOATS + (torch.int8, torch.uint8, torch.int32), "tensor_div": _NOT_BOOL,
    "hypot": (torch.float32, torch.float64), "igamma": (torch.float32, torch.float64),
    "igammac": (torch.float32, torch.float64),
    "fmax": FLOATS + (torch.int32, torch.int64), "fmin": FLOATS + (torch.int32, torch.int64),
    "xdivy": FLOATS + _COMPLEXES, "zeta": (torch.float32, torch.float64),
    "approximate_equal": FLOATS, "logaddexp": FLOATS_BF16, "logaddexp2": FLOATS_BF16, "add": _NOT_BOOL,
    "tensor_add": _NOT_BOOL,
}
# Binary ops whose check applies to each operand's own dtype rather than to the promoted one.
_EACH = {"logaddexp", "logaddexp2", "zeta", "igamma", "igammac"}


def _unary(fn, name, float_only=False):
    """Build an element-wise op ``name(input)`` that calls ``fn`` on the torch tensor."""
    allowed = _DTYPES.get(name)

    def op(input):
        try:
            t = input._t
        except AttributeError:
            raise TypeError(f"For '{name}', the 'input' must be a Tensor, but got {type(input).__name__}") from None
        if allowed is not None and t.dtype not in allowed:
            _check_dtype(name, "input", input, allowed)
        try:
            return _wrap(fn(_float_of(t) if float_only else t))
        except (RuntimeError, TypeError) as e:
            _fail(name, e, TypeError, input=input)
    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"Element-wise ``{name}`` of ``input`` (``mindspore.ops.{name}``)."
    op._checks_inputs = True
    return op


def _unary_x(fn, name, float_only=False):
    """Like :func:`_unary` for the ops whose MindSpore parameter is named ``x``."""
    allowed = _DTYPES.get(name)

    def op(x):
        try:
            t = x._t
        except AttributeError:
            raise TypeError(f"For '{name}', the 'x' must be a Tensor, but got {type(x).__name__}") from None
        if allowed is not None and t.dtype not in allowed:
            _check_dtype(name, "x", x, allowed)
        try:
            return _wrap(fn(_float_of(t) if float_only else t))
        except (RuntimeError, TypeError) as e:
            _fail(name, e, TypeError, x=x)
    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"Element-wise ``{name}`` of ``x`` (``mindspore.ops.{name}``)."
    op._checks_inputs = True
    return op


def _binary_args(a, b):
    """Torch operands for a binary op: scalars become 0-d tensors so they never widen a Tensor's dtype."""
    if isinstance(a, Tensor) or not isinstance(b, Tensor):
        ta = _ut(a)
        return ta, _ut(b, ta)
    tb = b._t
    return _ut(a, tb), tb


def _check_binary(name, a, b, same=False, tensors=False, names=("input", "other")):
    """MindSpore's TypeErrors for a binary op's operands (see :func:`_binary`), before torch runs."""
    if tensors:
        for arg_name, v in zip(names, (a, b)):
            if not (tensors == "bool" and isinstance(v, bool)):
                _tensor_arg(name, arg_name, v)
    if same and isinstance(a, Tensor) and isinstance(b, Tensor):
        _same_dtype(name, names, a, b)
    allowed = _DTYPES.get(name)
    if allowed is not None and name in _EACH:
        for arg_name, v in zip(names, (a, b)):
            if isinstance(v, Tensor):
                _check_dtype(name, arg_name, v, allowed)
    elif allowed is not None and (isinstance(a, Tensor) or isinstance(b, Tensor)):
        if type(a) is Tensor and type(b) is Tensor and a._t.dtype == b._t.dtype:
            dtype = a._t.dtype  # the common case, without building the promotion's operands
        else:
            try:
                operands = _binary_args(a, b)
            except TypeError as e:
                raise TypeError(f"For '{name}', {e}") from None
            dtype = _result_dtype(*operands)
        if dtype not in allowed:
            raise _promoted_error(name, names, a, b, dtype, allowed)


def _promoted_error(name, names, a, b, dtype, allowed):
    """TypeError naming both operands and the promoted dtype that MindSpore's primitive check refuses."""
    accepted = ", ".join(str(mstype._TORCH_TO_TYPE[d]) for d in allowed)
    return TypeError(f"For '{name}', the inputs must be Tensors of {{{accepted}}} (after type promotion), but got "
                     f"'{names[0]}': {_desc(a)}, '{names[1]}': {_desc(b)}, promoted to {mstype._TORCH_TO_TYPE[dtype]}")


def _takes_python_scalar(fn):
    """Whether ``fn(tensor, number)`` works (probed once, so traced code never relies on catching it)."""
    try:
        fn(torch.ones(1), 1)
        return True
    except (TypeError, RuntimeError):
        return False


def _binary(fn, name, same=False, tensors=False):
    """Build a broadcasting op ``name(input, other)``; either side may be a Python scalar.

    ``same``: MindSpore's primitive needs one dtype for two Tensors (no implicit promotion; a Python
    number takes the Tensor's dtype); ``tensors``: it takes no Python number (``"bool"``: none but a
    bool); ``_DTYPES[name]``: the dtypes its check accepts, after the operands' implicit promotion.
    """
    scalar_ok = _takes_python_scalar(fn)
    checked = same or tensors or name in _DTYPES

    def op(input, other):
        if checked:
            _check_binary(name, input, other, same, tensors)
        if type(input) is Tensor:
            kind = type(other)
            # The hot path of the Tensor operators, which are these functions: the result fills a new wrapper in
            # place (no _wrap frame), and the try costs nothing unless torch raises.
            if kind is Tensor:
                try:
                    out = _new(Tensor)
                    out._t = fn(input._t, other._t)
                    return out
                except (RuntimeError, TypeError) as e:
                    _fail(name, e, input=input, other=other)
            if scalar_ok and (kind is float or kind is int):
                # torch's Python-scalar promotion is MindSpore's: the scalar never widens the Tensor's dtype.
                try:
                    out = _new(Tensor)
                    out._t = fn(input._t, other)
                    return out
                except (RuntimeError, TypeError) as e:
                    _fail(name, e, input=input, other=other)
        try:
            return _wrap(fn(*_binary_args(input, other)))
        except (RuntimeError, TypeError) as e:
            _fail(name, e, input=input, other=other)
    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"Element-wise ``{name}`` of ``input`` and ``other`` with broadcasting (``mindspore.ops.{name}``)."
    op._checks_inputs = True  # it translates its errors itself: _guard_module adds no frame to the operators
    return op


def _binary_xy(fn, name):
    """Like :func:`_binary` for the ops whose MindSpore parameters are ``x`` and ``y``."""
    checked = name in _DTYPES

    def op(x, y):
        if checked:
            _check_binary(name, x, y, names=("x", "y"))
        try:
            return _wrap(fn(*_binary_args(x, y)))
        except (RuntimeError, TypeError) as e:
            _fail(name, e, x=x, y=y)
    op.__name__ = op.__qualname__ = name
    op.__doc__ = f"Element-wise ``{name}`` of ``x`` and ``y`` with broadcasting (``mindspore.ops.{name}``)."
    op._checks_inputs = True
    return op


def _frac(t):
    """Fractional part; an integer input gives zeros of its dtype, a Bool one Int64 zeros (MindSpore 2.10)."""
    if t.is_floating_point() or t.is_complex():
        return torch.frac(t)
    return torch.zeros_like(t, dtype=torch.int64 if t.dtype == torch.bool else t.dtype)


def _inv(t):
    """Reciprocal; integer inputs keep their dtype with C division (``1 / 0`` is the dtype's minimum for
    32/64-bit integers, 0 for Int16), as MindSpore 2.10's Inv kernel computes it."""
    if t.is_floating_point() or t.is_complex():
        return torch.reciprocal(t)
    safe = torch.where(t == 0, torch.ones_like(t), t)
    info = torch.iinfo(t.dtype)
    reciprocal = torch.div(1, safe, rounding_mode="trunc")
    return torch.where(t == 0, torch.full_like(t, info.min if info.bits >= 32 else 0), reciprocal)


def _bessel(fn, below_zero=None):
    """A Bessel function as MindSpore 2.10 computes it: a Float16 input in Float32 and cast back (torch's
    kernels lack Half), and ``below_zero`` (K: +inf, Y: -inf) for negative arguments where torch gives NaN."""
    def f(t):
        out = fn(t.float()).to(t.dtype) if t.dtype == torch.float16 else fn(t)
        return out if below_zero is None else torch.where(t < 0, out.new_tensor(below_zero), out)
    return f


def _bool_or_number(fn, for_bool):
    """``fn`` for numbers; ``for_bool`` for two Bool operands (MindSpore 2.10's Bool kernels)."""
    return lambda a, b: for_bool(a, b) if a.dtype == torch.bool and b.dtype == torch.bool else fn(a, b)


# x // y and x % y of Bools as MindSpore 2.10 computes them (dividing by False leaves x, x % False is x).
def _bool_floordiv(a, b):
    return torch.broadcast_tensors(a, b)[0].clone()


def _bool_mod(a, b):
    return a & ~b


def _nan_at_zero_order(fn, zero_at_zero=False):
    """A regularized incomplete gamma function, NaN for the order ``a == 0`` as MindSpore 2.10 gives it (but 0 at
    ``a == x == 0`` with ``zero_at_zero``, as its Igamma gives)."""
    def f(a, b):
        out = fn(a, b)
        zero_order = torch.as_tensor(a, device=out.device) == 0
        out = torch.where(zero_order, out.new_tensor(float("nan")), out)
        if zero_at_zero:
            out = torch.where(zero_order & (torch.as_tensor(b, device=out.device) == 0), out.new_tensor(0.0), out)
        return out
    return f


def _real_div(a, b):
    """MindSpore's RealDiv: true division, but integer operands divide in their integer dtype, truncating."""
    dtype = _result_dtype(a, b)
    if dtype.is_floating_point or dtype.is_complex:
        return torch.true_divide(a, b)
    return torch.div(a, b, rounding_mode="trunc")


def _xlogy(a, b):
    """``a * log(b)`` as MindSpore defines it: 0 only where ``a`` is 0 and ``log(b)`` finite (NaN for ``b <= 0``)."""
    a = _float_of(a)
    out = torch.xlogy(a, b)
    return torch.where((a == 0) & (b <= 0), out.new_tensor(float("nan")), out)


def _int_zero_divisor(fn, kind):
    """``fn`` (an integer division or remainder) with MindSpore 2.10's results for a zero divisor,
    where torch raises: ``"div"`` gives the dtype's max/min by the dividend's sign (0 for 0), ``"keep"``
    the dividend, ``"min"`` the dtype's minimum for 32/64-bit integers (0 for narrower ones), ``"zero"`` 0.
    Float operands go to ``fn`` unchanged."""
    def f(a, b):
        if not isinstance(b, torch.Tensor):
            if isinstance(b, float) or b != 0:
                return fn(a, b)
            b = torch.zeros((), dtype=a.dtype, device=a.device)
        dtype = _result_dtype(a, b)
        if dtype.is_floating_point or dtype.is_complex or dtype == torch.bool:
            return fn(a, b)
        zero = b == 0
        out = fn(a, torch.where(zero, torch.ones_like(b), b))
        info = torch.iinfo(dtype)
        if kind == "div":
            fill = torch.where(a > 0, out.new_tensor(info.max),
                               torch.where(a < 0, out.new_tensor(info.min), out.new_tensor(0)))
        elif kind == "keep":
            fill = a.to(dtype)
        else:
            fill = out.new_tensor(info.min if kind == "min" and info.bits >= 32 else 0)
        return torch.where(zero, fill, out)
    return f


def _bool_unchanged(fn):
    """``fn`` for numbers; a Bool input comes back as it is (MindSpore 2.10's abs/trunc/positive of Bool)."""
    return lambda t: t if t.dtype == torch.bool else fn(t)


# ---------------------------------------------------------------------------- unary ops
abs = _unary(_bool_unchanged(torch.abs), "abs")
absolute = _unary(_bool_unchanged(torch.abs), "absolute")
acos = _unary(torch.acos, "acos", True)
arccos = _unary(torch.acos, "arccos", True)
acosh = _unary(torch.acosh, "acosh", True)
arccosh = _unary(torch.acosh, "arccosh", True)
asin = _unary(torch.asin, "asin", True)
arcsin = _unary_x(torch.asin, "arcsin", True)
asinh = _unary(torch.asinh, "asinh", True)
arcsinh = _unary(torch.asinh, "arcsinh", True)
atan = _unary(torch.atan, "atan", True)
arctan = _unary(torch.atan, "arctan", True)
atanh = _unary(torch.atanh, "atanh", True)
arctanh = _unary(torch.atanh, "arctanh", True)
angle = _unary(torch.angle, "angle")
ceil = _unary(torch.ceil, "ceil")
conj = _unary(torch.conj_physical, "conj")
cos = _unary(torch.cos, "cos", True)
cosh = _unary(torch.cosh, "cosh", True)
deg2rad = _unary_x(torch.deg2rad, "deg2rad", True)
rad2deg = _unary_x(torch.rad2deg, "rad2deg", True)
digamma = _unary(torch.digamma, "digamma", True)
erf = _unary(torch.erf, "erf", True)
erfc = _unary(torch.erfc, "erfc", True)
erfinv = _unary(torch.erfinv, "erfinv", True)
exp = _unary(torch.exp, "exp", True)
tensor_exp = _unary(torch.exp, "tensor_exp", True)
exp2 = _unary(torch.exp2, "exp2", True)
expm1 = _unary(torch.expm1, "expm1", True)
tensor_expm1 = _unary(torch.expm1, "tensor_expm1", True)
floor = _unary(torch.floor, "floor")
frac = _unary_x(_frac, "frac")
i0 = _unary(torch.special.i0, "i0", True)
imag = _unary(lambda t: torch.imag(t) if t.is_complex() else torch.zeros_like(t), "imag")
real = _unary(lambda t: torch.real(t) if t.is_complex() else t, "real")
inv = _unary_x(_inv, "inv")
invert = _unary_x(torch.bitwise_not, "invert")
logical_not = _unary(torch.logical_not, "logical_not")
isfinite = _unary(torch.isfinite, "isfinite")
isinf = _unary(torch.isinf, "isinf")
isnan = _unary(torch.isnan, "isnan")
isneginf = _unary(torch.isneginf, "isneginf")
isposinf = _unary(torch.isposinf, "isposinf")
isreal = _unary(torch.isreal, "isreal")
lgamma = _unary(torch.lgamma, "lgamma", True)
log = _unary(torch.log, "log", True)
log10 = _unary(torch.log10, "log10", True)
log1p = _unary(torch.log1p, "log1p", True)
log2 = _unary(torch.log2, "log2", True)
neg = _unary(torch.neg, "neg")
negative = _unary(torch.neg, "negative")
positive = _unary(_bool_unchanged(torch.positive), "positive")
reciprocal = _unary(torch.reciprocal, "reciprocal")
rsqrt = _unary(torch.rsqrt, "rsqrt", True)
sgn = _unary(torch.sgn, "sgn")
sign = _unary(torch.sign, "sign")
signbit = _unary(torch.signbit, "signbit")
sin = _unary(torch.sin, "sin", True)
sinc = _unary(torch.sinc, "sinc", True)
sinh = _unary(torch.sinh, "sinh", True)
sqrt = _unary_x(torch.sqrt, "sqrt", True)
square = _unary(torch.square, "square")
tan = _unary(torch.tan, "tan", True)
trunc = _unary(_bool_unchanged(torch.trunc), "trunc")
bessel_i0 = _unary_x(torch.special.i0, "bessel_i0", True)
bessel_i0e = _unary_x(torch.special.i0e, "bessel_i0e", True)
bessel_i1 = _unary_x(torch.special.i1, "bessel_i1", True)
bessel_i1e = _unary_x(torch.special.i1e, "bessel_i1e", True)
bessel_j0 = _unary_x(_bessel(torch.special.bessel_j0), "bessel_j0", True)
bessel_j1 = _unary_x(_bessel(torch.special.bessel_j1), "bessel_j1", True)
bessel_k0 = _unary_x(_bessel(torch.special.modified_bessel_k0, float("inf")), "bessel_k0", True)
bessel_k0e = _unary_x(_bessel(torch.special.scaled_modified_bessel_k0, float("inf")), "bessel_k0e", True)
bessel_k1 = _unary_x(_bessel(torch.special.modified_bessel_k1, float("inf")), "bessel_k1", True)
bessel_k1e = _unary_x(_bessel(torch.special.scaled_modified_bessel_k1, float("inf")), "bessel_k1e", True)
bessel_y0 = _unary_x(_bessel(torch.special.bessel_y0, float("-inf")), "bessel_y0", True)
bessel_y1 = _unary_x(_bessel(torch.special.bessel_y1, float("-inf")), "bessel_y1", True)


def population_count(input_x):
    """Number of set bits of each element of an integer tensor (``mindspore.ops.population_count``)."""
    _check_dtype("population_count", "input_x", input_x, _INTS)
    t = input_x._t
    bits = t.element_size() * 8
    u = t.to(torch.int64) & ((1 << bits) - 1)
    count = torch.zeros_like(u)
    for _ in range(bits):
        count += u & 1
        u = u >> 1
    return _wrap(count.to(torch.uint8))


def round(input, *, decimals=0):
    """Round half to even, optionally to ``decimals`` places (``mindspore.ops.round``)."""
    return _wrap(torch.round(input._t, decimals=decimals) if decimals else torch.round(input._t))


def logit(input, eps=None):
    """``log(p / (1 - p))``, with ``p`` clamped to ``[eps, 1 - eps]`` when ``eps`` is given."""
    return _wrap(torch.logit(_float_of(input._t), eps))


def nan_to_num(input, nan=None, posinf=None, neginf=None):
    """Replace NaN with ``nan`` (default 0) and infinities with ``posinf``/``neginf`` (default: dtype limits)."""
    return _wrap(torch.nan_to_num(input._t, 0.0 if nan is None else nan, posinf, neginf))


def is_complex(input):
    """Whether ``input``'s dtype is complex."""
    return input._t.is_complex()


def is_floating_point(input):
    """Whether ``input``'s dtype is a floating-point type."""
    return input._t.is_floating_point()


def is_nonzero(input):
    """Whether a single-element tensor is non-zero."""
    t = input._t
    if t.numel() != 1:
        raise ValueError(f"For 'is_nonzero', the input must have exactly one element, but got shape {tuple(t.shape)}")
    return bool(t.reshape(()) != 0)


def mvlgamma(input, p):
    """Multivariate log-gamma of dimension ``p``."""
    return _wrap(torch.mvlgamma(input._t, p))


def polygamma(n, input):
    """The ``n``-th derivative of the digamma function."""
    return _wrap(torch.polygamma(int(_number(n)), _float_of(input._t)))


# ---------------------------------------------------------------------------- binary arithmetic
add = _binary(torch.add, "add")
# mint.add's primitive (AddExt) has no dtype check: two Bool Tensors give Bool (MindSpore 2.10).
_add_ext = _binary(torch.add, "add_ext")


def _sub_promoting_bool(a, b):
    """MindSpore 2.10's SubExt (the ``-`` operator): two Bools give their xor (Bool), a Bool operand beside a
    number is promoted first (torch's ``-`` refuses Bool)."""
    if a.dtype != torch.bool and getattr(b, "dtype", None) != torch.bool:
        return torch.sub(a, b)
    b = torch.as_tensor(b, device=a.device)
    if a.dtype == torch.bool and b.dtype == torch.bool:
        return torch.logical_xor(a, b)
    dtype = _result_dtype(a, b)
    return torch.sub(a.to(dtype), b.to(dtype))


def _invert_any(t):
    """MindSpore 2.10's ``~``: bitwise NOT of integers and Bool, logical NOT (``x == 0``) of floats."""
    return torch.logical_not(t) if t.is_floating_point() or t.is_complex() else torch.bitwise_not(t)


# The primitives of the Tensor operators ``-`` and ``~`` (SubExt, and the invert of ``Tensor.__invert__``) take
# every dtype, unlike ``ops.sub``/``ops.invert``.
_sub_ext = _binary(_sub_promoting_bool, "sub_ext")
_invert_ext = _unary(_invert_any, "bitwise_not")
tensor_add = _binary(torch.add, "tensor_add")
mul = _binary(torch.mul, "mul")
multiply = _binary(torch.mul, "multiply")
tensor_mul = _binary(torch.mul, "tensor_mul")
tensor_muls = _binary(torch.mul, "tensor_muls")
floor_divide = _binary(_bool_or_number(_int_zero_divisor(torch.floor_divide, "div"), _bool_floordiv), "floor_divide")
floordiv = _binary(_bool_or_number(_int_zero_divisor(torch.floor_divide, "div"), _bool_floordiv), "floordiv")
tensor_floordiv = _binary(_int_zero_divisor(torch.floor_divide, "div"), "tensor_floordiv")
fmod = _binary(_bool_or_number(_int_zero_divisor(torch.fmod, "keep"), _bool_mod), "fmod")
remainder = _binary(_bool_or_number(_int_zero_divisor(torch.remainder, "keep"), _bool_mod), "remainder")
maximum = _binary(torch.maximum, "maximum")
minimum = _binary(torch.minimum, "minimum")
fmax = _binary(torch.fmax, "fmax")
fmin = _binary(torch.fmin, "fmin")
atan2 = _binary(lambda a, b: torch.atan2(_float_of(a), b), "atan2")
arctan2 = _binary(lambda a, b: torch.atan2(_float_of(a), b), "arctan2")
hypot = _binary(torch.hypot, "hypot")
logaddexp = _binary(torch.logaddexp, "logaddexp", tensors=True)
logaddexp2 = _binary(torch.logaddexp2, "logaddexp2", tensors=True)
nextafter = _binary(torch.nextafter, "nextafter", same=True, tensors=True)
gcd = _binary(torch.gcd, "gcd", tensors=True)
lcm = _binary(torch.lcm, "lcm")
xlogy = _binary(_xlogy, "xlogy")
igamma = _binary(_nan_at_zero_order(torch.special.gammainc, True), "igamma", same=True, tensors=True)
igammac = _binary(_nan_at_zero_order(torch.special.gammaincc), "igammac", same=True, tensors=True)
zeta = _binary(torch.special.zeta, "zeta", same=True)
bitwise_and = _binary(torch.bitwise_and, "bitwise_and")
bitwise_or = _binary(torch.bitwise_or, "bitwise_or")
bitwise_xor = _binary(torch.bitwise_xor, "bitwise_xor")
bitwise_left_shift = _binary(torch.bitwise_left_shift, "bitwise_left_shift", same=True)
bitwise_right_shift = _binary(torch.bitwise_right_shift, "bitwise_right_shift", same=True)
logical_and = _binary(torch.logical_and, "logical_and", tensors="bool")
logical_or = _binary(torch.logical_or, "logical_or", tensors="bool")
logical_xor = _binary(torch.logical_xor, "logical_xor", tensors="bool")
tensor_div = _binary_xy(_int_zero_divisor(_real_div, "div"), "tensor_div")
tensor_mod = _binary_xy(_int_zero_divisor(torch.remainder, "min"), "tensor_mod")
floor_div = _binary_xy(_bool_or_number(_int_zero_divisor(torch.floor_divide, "div"), _bool_floordiv), "floor_div")
floor_mod = _binary_xy(_int_zero_divisor(torch.remainder, "min"), "floor_mod")
floormod = _binary_xy(_int_zero_divisor(torch.remainder, "min"), "floormod")
truncate_div = _binary_xy(_int_zero_divisor(lambda a, b: torch.div(a, b, rounding_mode="trunc"), "div"), "truncate_div")
truncate_mod = _binary_xy(_int_zero_divisor(torch.fmod, "zero"), "truncate_mod")
xdivy = _binary_xy(lambda a, b: torch.where(a == 0, torch.zeros_like(a / b), a / b), "xdivy")


def _bool_promoted(a, b):
    """``a, b`` with a Bool operand cast to the promoted dtype (torch subtracts no Bool; MindSpore promotes)."""
    if a.dtype == torch.bool or b.dtype == torch.bool:
        dtype = _result_dtype(a, b)
        return a.to(dtype), b.to(dtype)
    return a, b


@_inline_checked
def sub(input, other):
    """Element-wise ``input - other`` with broadcasting (``mindspore.ops.sub``)."""
    a, b = _binary_args(input, other)
    if a.dtype == torch.bool and b.dtype == torch.bool:
        _check_dtype("sub", "input", input if isinstance(input, Tensor) else other, _NOT_BOOL)
    a, b = _bool_promoted(a, b)
    try:
        return _wrap(torch.sub(a, b))
    except (RuntimeError, TypeError) as e:
        _fail("sub", e, input=input, other=other)


def tensor_sub(*args):
    """Element-wise ``x - y`` (``mindspore.ops.tensor_sub``)."""
    return sub(*args)


@_inline_checked
def subtract(input, other, *, alpha=1):
    """Element-wise ``input - alpha * other`` (``mindspore.ops.subtract``); two Bools subtract as Int64."""
    try:
        a, b = _binary_args(input, other)
        # MindSpore 2.10 takes a Bool operand as Int64 here (Int32 - Bool gives Int64).
        a, b = (a.long() if a.dtype == torch.bool else a), (b.long() if b.dtype == torch.bool else b)
        return _wrap(torch.sub(a, b, alpha=alpha))
    except (RuntimeError, TypeError) as e:
        _fail("subtract", e, input=input, other=other)


@_inline_checked
def div(input, other, *, rounding_mode=None):
    """True division, or ``"floor"``/``"trunc"`` rounded division (``mindspore.ops.div``).

    Integer inputs give a float result unless a rounding mode is given, as in MindSpore.
    """
    if rounding_mode is None and type(input) is Tensor and type(other) is Tensor:
        try:  # the hot path of ``Tensor.__truediv__`` (which is this function)
            out = _new(Tensor)
            out._t = torch.div(input._t, other._t)
            return out
        except (RuntimeError, TypeError) as e:
            _fail("div", e, input=input, other=other)
    if rounding_mode not in (None, "floor", "trunc"):
        raise ValueError(f"For 'div', the 'rounding_mode' must be None, 'floor' or 'trunc', but got {rounding_mode!r}")
    try:
        return _wrap(torch.div(*_binary_args(input, other), rounding_mode=rounding_mode))
    except (RuntimeError, TypeError) as e:
        _fail("div", e, input=input, other=other)


def divide(input, other, *, rounding_mode=None):
    """Alias of :func:`div` (``mindspore.ops.divide``)."""
    return div(input, other, rounding_mode=rounding_mode)


def true_divide(dividend, divisor):
    """Element-wise true division (``mindspore.ops.true_divide``)."""
    return div(dividend, divisor)


@_inline_checked
def pow(input, exponent):
    """Element-wise ``input ** exponent`` with broadcasting (``mindspore.ops.pow``)."""
    try:
        if type(input) is Tensor:
            return _wrap(torch.pow(input._t, _u(exponent)))
        return _wrap(torch.pow(*_binary_args(input, exponent)))
    except (RuntimeError, TypeError) as e:
        _fail("pow", e, input=input, exponent=exponent)


@_inline_checked
def float_power(input, exponent):
    """``input ** exponent`` computed in double precision (``mindspore.ops.float_power``)."""
    try:
        return _wrap(torch.float_power(*_binary_args(input, exponent)))
    except (RuntimeError, TypeError) as e:
        _fail("float_power", e, input=input, exponent=exponent)


def float_power_ext(input, exponent):
    """Alias of :func:`float_power`."""
    return float_power(input, exponent)


def pows(input, exponent):
    """Alias of :func:`pow` (``mindspore.ops.pows``)."""
    return pow(input, exponent)


def tensor_pow(input, exponent):
    """Alias of :func:`pow` (``mindspore.ops.tensor_pow``)."""
    return pow(input, exponent)


@_inline_checked
def copysign(x, other):
    """Magnitude of ``x`` with the sign of ``other``; Bool Tensors are refused, as in MindSpore.

    As in MindSpore 2.10 the result has a float ``x``'s dtype (a Float16 ``x`` with a Float32 sign
    stays Float16), and Float32 for an integer ``x``.
    """
    for name, v in (("x", x), ("other", other)):
        if isinstance(v, Tensor) and v._t.dtype == torch.bool:
            raise TypeError(f"For 'copysign', the '{name}' must not be Bool, but got {_desc(v)}")
    a, b = _binary_args(x, other)
    try:
        out = torch.copysign(a, b.to(torch.int64) if b.dtype == torch.bool else b)
        return _wrap(out.to(a.dtype if a.is_floating_point() else torch.float32))
    except (RuntimeError, TypeError) as e:
        _fail("copysign", e, x=x, other=other)


@_inline_checked
def ldexp(x, other):
    """``x * 2 ** other`` (a Python bool ``other`` counts as 0 or 1)."""
    try:
        return _wrap(torch.ldexp(*_binary_args(x, int(other) if isinstance(other, bool) else other)))
    except (RuntimeError, TypeError) as e:
        _fail("ldexp", e, x=x, other=other)


@_inline_checked
def heaviside(input, values):
    """Heaviside step: 0 below zero, 1 above, ``values`` at zero (Tensors of one non-Bool dtype)."""
    _tensor_arg("heaviside", "values", values)
    for name, v in (("input", input), ("values", values)):
        if isinstance(v, Tensor):
            _check_dtype("heaviside", name, v, _NOT_BOOL)
    _same_dtype("heaviside", ("input", "values"), input, values)
    try:
        return _wrap(torch.heaviside(*_binary_args(input, values)))
    except (RuntimeError, TypeError) as e:
        _fail("heaviside", e, input=input, values=values)


def lerp(input, end, weight):
    """Linear interpolation ``input + weight * (end - input)``."""
    try:
        return _wrap(torch.lerp(input._t, _ut(end, input._t), _u(weight)))
    except (RuntimeError, TypeError) as e:
        _fail("lerp", e, input=input, end=end, weight=weight)


def addcdiv(input, tensor1, tensor2, value=1):
    """``input + value * tensor1 / tensor2``."""
    try:
        return _wrap(torch.addcdiv(input._t, tensor1._t, tensor2._t, value=_number(value)))
    except (RuntimeError, TypeError) as e:
        _fail("addcdiv", e, input=input, tensor1=tensor1, tensor2=tensor2)


def addcmul(input, tensor1, tensor2, value=1):
    """``input + value * tensor1 * tensor2``."""
    try:
        return _wrap(torch.addcmul(input._t, tensor1._t, tensor2._t, value=_number(value)))
    except (RuntimeError, TypeError) as e:
        _fail("addcmul", e, input=input, tensor1=tensor1, tensor2=tensor2)


def addn(x):
    """Sum of a list or tuple of tensors of the same shape and dtype (``mindspore.ops.addn``)."""
    if not isinstance(x, (list, tuple)) or not x:
        raise TypeError(f"For 'addn', the 'x' must be a non-empty list or tuple of Tensors, but got {type(x).__name__}")
    shapes = {tuple(v._t.shape) for v in x}
    if len(shapes) != 1:
        raise ValueError(f"For 'addn', all inputs must have the same shape, but got {[tuple(v._t.shape) for v in x]}")
    out = x[0]._t
    for v in x[1:]:
        out = out + v._t
    return _wrap(out)


def accumulate_n(x):
    """Alias of :func:`addn` (``mindspore.ops.accumulate_n``)."""
    return addn(x)


# ---------------------------------------------------------------------------- comparison
eq = _binary(torch.eq, "eq")
equal = _binary(torch.eq, "equal")
ne = _binary(torch.ne, "ne")
not_equal = _binary(torch.ne, "not_equal")
ge = _binary(torch.ge, "ge")
greater_equal = _binary(torch.ge, "greater_equal")
tensor_ge = _binary(torch.ge, "tensor_ge")
gt = _binary(torch.gt, "gt")
greater = _binary(torch.gt, "greater")
tensor_gt = _binary(torch.gt, "tensor_gt")
le = _binary(torch.le, "le")
less_equal = _binary(torch.le, "less_equal")
tensor_le = _binary(torch.le, "tensor_le")
_lt = _binary(torch.lt, "lt")


def lt(*args, **kwargs):
    """Element-wise ``input < other`` with broadcasting (``mindspore.ops.lt``); arguments ``(input, other)``."""
    return _lt(*args, **kwargs)


def less(*args, **kwargs):
    """Element-wise ``input < other`` (``mindspore.ops.less``); arguments ``(input, other)``."""
    return _lt(*args, **kwargs)


def tensor_lt(*args, **kwargs):
    """Element-wise ``input < other`` (``mindspore.ops.tensor_lt``); arguments ``(input, other)``."""
    return _lt(*args, **kwargs)


@_inline_checked
def isclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Element-wise ``|input - other| <= atol + rtol * |other|``; Tensors of one dtype, as in MindSpore."""
    _tensor_arg("isclose", "other", other)
    if isinstance(input, Tensor):
        _same_dtype("isclose", ("input", "other"), input, other)
    try:
        # Broadcast first: torch 2.11's isclose fails where the result is larger than the input.
        return _wrap(torch.isclose(*torch.broadcast_tensors(*_binary_args(input, other)), rtol=rtol, atol=atol,
                                   equal_nan=equal_nan))
    except (RuntimeError, TypeError) as e:
        _fail("isclose", e, input=input, other=other)


def approximate_equal(x, y, tolerance=1e-05):
    """Element-wise ``|x - y| < tolerance`` of float Tensors of one shape (no broadcasting, as in MindSpore).

    A shape mismatch is MindSpore's RuntimeError (its kernel checks the shapes).
    """
    _check_binary("approximate_equal", x, y, names=("x", "y"))
    tx, ty = _bool_promoted(*_binary_args(x, y))
    if ty.shape != tx.shape:
        raise RuntimeError(f"For 'approximate_equal', 'x' must have the same shape as 'y', but got "
                           f"{_desc(x)} and {_desc(y)}")
    try:
        return _wrap(torch.abs(tx - ty) < tolerance)
    except (RuntimeError, TypeError) as e:
        _fail("approximate_equal", e, x=x, y=y)


def _betainc(a, b, x, iterations=300):
    """The regularized incomplete beta function I_x(a, b) by its continued fraction (float64)."""
    tiny = 1e-300

    def fraction(a, b, x):
        qab, qap, qam = a + b, a + 1, a - 1
        c = torch.ones_like(x)
        d = 1 - qab * x / qap
        d = 1 / torch.where(d.abs() < tiny, torch.full_like(d, tiny), d)
        h = d
        for m in range(1, iterations + 1):
            m2 = 2 * m
            for aa in (m * (b - m) * x / ((qam + m2) * (a + m2)), -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))):
                d = 1 + aa * d
                d = 1 / torch.where(d.abs() < tiny, torch.full_like(d, tiny), d)
                c = 1 + aa / c
                c = torch.where(c.abs() < tiny, torch.full_like(c, tiny), c)
                h = h * d * c
        return h

    inner = (0 < x) & (x < 1)
    xs = torch.where(inner, x, torch.full_like(x, 0.5))
    log_front = torch.lgamma(a + b) - torch.lgamma(a) - torch.lgamma(b) + a * torch.log(xs) + b * torch.log1p(-xs)
    front = torch.exp(log_front)
    direct = xs < (a + 1) / (a + b + 2)
    value = torch.where(direct, front * fraction(a, b, xs) / a, 1 - front * fraction(b, a, 1 - xs) / b)
    return torch.where(inner, value, torch.where(x <= 0, torch.zeros_like(x), torch.ones_like(x)))


# The maths of Primitives that have no functional op in MindSpore 2.10 (their classes in ops/operations
# adapt the attributes and call these; not exported).
def betainc(a, b, x):
    """``Betainc``: The regularized incomplete beta function ``I_x(a, b)``, element-wise."""
    ta, tb, tx = a._t, b._t, x._t
    if not (ta.dtype == tb.dtype == tx.dtype) or ta.dtype not in (torch.float32, torch.float64):
        raise TypeError(f"For 'Betainc', 'a', 'b' and 'x' must all be float32 or all float64, but got "
                        f"{a.dtype}, {b.dtype} and {x.dtype}")
    if not (ta.shape == tb.shape == tx.shape):
        raise ValueError(f"For 'Betainc', 'a', 'b' and 'x' must have the same shape, but got "
                         f"{tuple(ta.shape)}, {tuple(tb.shape)} and {tuple(tx.shape)}")
    a64, b64, x64 = ta.double(), tb.double(), tx.double()
    # outside the domain (a, b > 0, 0 <= x <= 1) the result is NaN, as MindSpore 2.10's kernel gives it
    outside = (a64 <= 0) | (b64 <= 0) | (x64 < 0) | (x64 > 1)
    value = _betainc(a64.clamp_min(1e-300), b64.clamp_min(1e-300), x64.clamp(0, 1))
    return _wrap(torch.where(outside, torch.full_like(value, float("nan")), value).to(ta.dtype))


def equal_count(x, y):
    """``EqualCount``: The number of equal elements of ``x`` and ``y``, as a 1-element tensor of their dtype."""
    _check_dtypes("EqualCount", x=x, y=y)
    if x._t.shape != y._t.shape:
        raise ValueError(f"For 'EqualCount', the shapes of 'x' and 'y' must be the same, but got "
                         f"{tuple(x._t.shape)} and {tuple(y._t.shape)}")
    if x._t.dtype == torch.bool:  # found after the shapes, when MindSpore 2.10 selects the kernel
        raise TypeError("For 'EqualCount', the inputs must not be Bool")
    return _wrap(torch.eq(x._t, y._t).sum().reshape(1).to(x._t.dtype))


def histogram_fixed_width(x, range, *, nbins):
    """``HistogramFixedWidth``: Counts of ``x`` in ``nbins`` equal bins over ``range`` (values outside go to the
    edge bins)."""
    _check_dtypes("HistogramFixedWidth", x=x, range=range)
    _check_ndim("HistogramFixedWidth", "range", range, 1)
    if range._t.shape[0] != 2:
        raise ValueError(f"For 'HistogramFixedWidth', the 'range' must have 2 elements, but got shape "
                         f"{tuple(range._t.shape)}")
    lo, hi = (float(v) for v in _u(range).tolist())
    idx = torch.floor((x._t.double() - lo) / (hi - lo) * nbins).clamp(0, nbins - 1).long()
    return _wrap(torch.bincount(idx.reshape(-1), minlength=nbins).to(torch.int32))


def compare_and_bitpack(x, threshold):
    """``CompareAndBitpack``: Pack ``x > threshold`` along the last axis, 8 values per UInt8."""
    _check_dtypes("CompareAndBitpack", x=x, threshold=threshold)
    _check_ndim("CompareAndBitpack", "threshold", threshold, 0)
    if x._t.dim() == 0 or x._t.shape[-1] % 8:
        raise ValueError(f"For 'CompareAndBitpack', the last dimension of 'x' must be a multiple of 8, but got "
                         f"shape {tuple(x._t.shape)}")
    # As MindSpore 2.10 packs them: x > threshold with the first of each 8 in the highest bit, but a Bool x
    # itself (threshold unused) with the first in the lowest bit.
    t = x._t
    bits = (t if t.dtype == torch.bool else t > threshold._t).to(torch.uint8)
    bits = bits.reshape(bits.shape[:-1] + (bits.shape[-1] // 8, 8))
    weights = torch.tensor([128, 64, 32, 16, 8, 4, 2, 1], dtype=torch.uint8, device=bits.device)
    if t.dtype == torch.bool:
        weights = weights.flip(0)
    return _wrap((bits * weights).sum(-1).to(torch.uint8))


def float_status(x):
    """``[1.]`` when ``x`` holds a NaN or an infinity, ``[0.]`` otherwise."""
    return _wrap((~torch.isfinite(x._t)).any().reshape(1).to(torch.float32))


def confusion_matrix(labels, logits, weights=None, *, num_classes):
    """``num_classes`` x ``num_classes`` counts (or summed ``weights``) of (label, prediction) pairs."""
    _check_dtypes("ConfusionMatrix", labels=labels, predictions=logits, weights=weights)
    _check_ndim("ConfusionMatrix", "labels", labels, 1)
    for name, other in (("predictions", logits), ("weights", weights)):
        if other is not None and other._t.shape != labels._t.shape:
            raise ValueError(f"For 'ConfusionMatrix', the shape of '{name}' must be the shape of 'labels' "
                             f"{tuple(labels._t.shape)}, but got {tuple(other._t.shape)}")
    n = num_classes
    flat = labels._t.long() * n + logits._t.long()
    w = None if weights is None else weights._t
    out = torch.bincount(flat, w, minlength=n * n).reshape(n, n)
    return _wrap(out.to(torch.int32 if w is None else w.dtype))


_fmod_min = _int_zero_divisor(torch.fmod, "min")


def _mod(x, y):
    """Remainder with the dividend's sign; an integer x % 0 is the dtype's minimum (32/64-bit; 0 for narrower
    dtypes) and 0 % 0 is 0, as MindSpore 2.10's Mod kernel gives them."""
    out = _fmod_min(x, y)
    if out.is_floating_point() or out.is_complex() or not isinstance(y, torch.Tensor):
        return out
    return torch.where((y == 0) & (x == 0), torch.zeros((), dtype=out.dtype, device=out.device), out)


def _squared_difference(x, y):
    x, y = _bool_promoted(x, y if isinstance(y, torch.Tensor) else torch.as_tensor(y, device=x.device))
    return torch.square(torch.sub(x, y))


def _mul_no_nan(x, y):
    """The MulNoNan Primitive's kernel: ``x * y``, 0 where ``y`` is 0 (on torch values)."""
    return torch.where(torch.as_tensor(y == 0), torch.zeros((), dtype=_result_dtype(x, y)), torch.mul(x, y))


def _div_no_nan(x, y):
    q = torch.true_divide(x, y)
    return torch.where(torch.as_tensor(y == 0, device=q.device), torch.zeros((), dtype=q.dtype, device=q.device), q)



# ---------------------------------------------------------------------------- numerical gradient, histogram counts
# MindSpore has no functional counterparts of these; ``mindspore.numpy.gradient`` and ``histogram``/``histogramdd``/
# ``histogram2d`` compute through them.
def _gradient(f, spacing, axes, edge_order=1):
    """The gradient of the float Tensor ``f`` along ``axes`` (a list, one Tensor per axis): central differences
    inside, one-sided ones at the ends. ``spacing`` holds, per axis, a float step or a Tensor of coordinates."""
    res = torch.gradient(f._t, spacing=[s._t if isinstance(s, Tensor) else s for s in spacing], dim=axes,
                         edge_order=edge_order)
    return [_wrap(r) for r in res]


def _histogram_counts(columns, edges, weights=None):
    """Float64 counts of the points whose coordinates are ``columns`` (one 1-D Tensor per dimension) in the bins
    between ``edges`` (one sorted 1-D Tensor per dimension; the last bin includes its right edge), each point
    weighted by ``weights`` (default 1); points outside the edges are not counted. Shape: the bins per dimension."""
    n = columns[0]._t.shape[0]
    device = columns[0]._t.device
    sizes = [e._t.shape[0] - 1 for e in edges]
    flat = torch.zeros(n, dtype=torch.long, device=device)
    valid = torch.ones(n, dtype=torch.bool, device=device)
    for col, e, size in zip(columns, edges, sizes):
        v, e = col._t.contiguous(), e._t
        idx = torch.searchsorted(e, v, right=True) - 1
        idx = torch.where(v == e[-1], torch.full_like(idx, size - 1), idx)
        valid &= (idx >= 0) & (idx < size)
        flat = flat * size + idx.clamp(0, size - 1)
    w = torch.ones(n, dtype=torch.float64, device=device) if weights is None else \
        weights._t.reshape(-1).to(torch.float64)
    total = 1
    for size in sizes:
        total *= size
    counts = torch.zeros(total, dtype=torch.float64, device=device).index_add_(0, flat[valid], w[valid])
    return _wrap(counts.reshape(sizes))


# ---------------------------------------------------------------------------- math Primitives
# The operand conventions and kernels of the math Primitives of ops/operations/math_ops.py that no functional op
# above computes (their classes check the inputs as MindSpore 2.10's do; not exported).
def _left_operand(x, other):
    """A binary Primitive's left operand as a torch value: Tensors unwrap, Python numbers become tensors like
    ``other`` (its dtype when the number's kind fits it, as MindSpore's scalar promotion)."""
    if isinstance(x, Tensor):
        return x._t
    if isinstance(x, torch.Tensor):
        return x
    like = other._t if isinstance(other, Tensor) else None
    if like is not None and isinstance(x, (bool, int, float)):
        dtype = like.dtype if (isinstance(x, float) <= like.is_floating_point()) else None
        return torch.as_tensor(x, dtype=dtype, device=like.device)
    return torch.as_tensor(x)


def _binary_kernel(fn, a, y, *, tensor_only=False):
    """The Primitive kernel ``fn`` of torch values on the left operand ``a`` (see :func:`_left_operand`) and
    ``y``; ``tensor_only``: a number ``y`` becomes a 0-d tensor (which promotes like a scalar)."""
    if isinstance(y, Tensor):
        b = y._t
    else:
        b = torch.as_tensor(y, device=a.device) if tensor_only else y
    return _wrap(fn(a, b))


def _complex(real, imag):
    """The Complex Primitive's kernel: a complex tensor from real and imaginary parts (torch values)."""
    return torch.complex(real, imag)


def _global_median(x, *, ignore_nan):
    """``Median(global_median=True)``: the median of all elements (NaNs ignored with ``ignore_nan``) and a 0-d
    Int64 zero in place of the index."""
    t = x._t
    value = torch.nanmedian(t) if ignore_nan else torch.median(t)
    return _wrap(value), _wrap(torch.zeros((), dtype=torch.int64))


_guard_module(globals(), __all__)


# ---------------------------------------------------------------------------- MindSpore 2.10's ``*_ext`` forms
# and private helpers of ``ops.function.math_func`` (model code imports them; each adapts an op of ``ops``).
def mean_ext(input, axis=None, keep_dims=False, dtype=None):
    """Mean over ``axis`` (all when None), computed in ``dtype`` when given."""
    from .array_func import cast
    from .reduce_func import mean
    return mean(input if dtype is None else cast(input, dtype), axis, keep_dims)


def mul_ext(input, other):
    """``input * other`` (``other`` a Tensor or a Python number)."""
    return mul(input, other)


def as_strided(x, shape=None, strides=None):
    """A copy of the elements of ``x`` read with ``shape`` and element ``strides`` from its first element."""
    from .array_func import reshape
    flat = reshape(x, (-1,))
    return _wrap(flat._t.as_strided(tuple(shape), tuple(strides)).clone())


def arrange(x):
    """``[0, 1, ..., x - 1]``."""
    return list(range(x))


def get_x_shape(x_shape):
    """``(number of elements of x_shape,)``."""
    size = 1
    for n in x_shape:
        size *= n
    return (size,)


def add_padding_to_shape(curr_shape, target_n_dim):
    """``curr_shape`` with leading 1s up to ``target_n_dim`` dimensions, as a list."""
    n = len(curr_shape)
    return [1] * (max(target_n_dim, n) - n) + list(curr_shape)


def _list_comprehensions(obj, item):
    return tuple(item for _ in range(obj))


def _tuple_setitem(tup, idx, value):
    tup = list(tup)
    tup[idx] = value
    return tuple(tup)


def _check_is_float(dtype):
    return dtype in (mstype.float16, mstype.float32)


def _check_same_type(dtype1, dtype2):
    return dtype1 == dtype2


def _check_is_tensor(param_name, input_tensor, cls_name):
    if not isinstance(input_tensor, Tensor):
        raise TypeError(f"For {cls_name}, {param_name} must be a Tensor, but got {type(input_tensor)}.")


def _check_value(items, max_size, msg_prefix, shape1, shape2):
    for item in items:
        if item not in (1, max_size):
            raise ValueError(f"{msg_prefix} operands could not be broadcast together with shape1 {shape1} and "
                             f"shape2 {shape2}.")


def _check_logits_tensor(logits):
    if not isinstance(logits, Tensor):
        raise TypeError("The input logits must be tensor")


def _check_logits_shape(logits):
    if not logits.shape:
        raise ValueError("For gumbel_softmax, the 0-D input is not supported.")


def _get_default_div_type(param):
    """``param`` as Float32 unless it is Float64."""
    from .array_func import cast
    return param if param.dtype == mstype.float64 else cast(param, mstype.float32)


def _normalize_axis_index(axis, ndim):
    if 0 <= axis < ndim:
        return axis
    if -ndim <= axis < 0:
        return ndim + axis
    raise ValueError("For norm, the dim is out of range.")


def _maybe_wrap_dims_n(ret_dim, input_dim):
    """``ret_dim`` (a list, changed in place) with negative dims wrapped; ValueError out of range."""
    input_dim = max(input_dim, 1)
    lo, hi = -input_dim, input_dim - 1
    for i, dim in enumerate(ret_dim):
        if dim < lo or dim > hi:
            raise ValueError(f"Dimension out of range, it must be in range of [{lo}, {hi}], but got {dim}.")
        if dim < 0:
            ret_dim[i] = dim + input_dim
    return ret_dim


def _einsum_convert_num_to_char(num):
    """The einsum label of a sublist number (``...`` for Ellipsis)."""
    if [num] == [Ellipsis]:
        return "..."
    if 0 <= num < 26:
        return chr(num + 65)
    if 26 <= num < 52:
        return chr(num + 71)
    raise ValueError(f"For Einsum, the number in sublist should be in range [0, 52), but got {num}")


def _diff_is_scalar_or_scalar_tensor(value):
    return isinstance(value, int) or (isinstance(value, Tensor) and value.shape == ())


def _diff_check(input_tensor, n, dim):
    """``ops.diff``'s argument checks."""
    if not isinstance(input_tensor, Tensor):
        raise TypeError("For 'diff', 'input' must be a tensor")
    if not _diff_is_scalar_or_scalar_tensor(n):
        raise TypeError("For 'diff', 'n' must be a int scalar or int scalar tensor")
    if not _diff_is_scalar_or_scalar_tensor(dim):
        raise TypeError("For 'diff', 'dim' must be a scalar or scalar tensor")
    if input_tensor.dtype in (mstype.complex64, mstype.complex128, mstype.float64, mstype.int16):
        raise TypeError("For 'diff', 'input' do not support complex64/complex128/float64/int16")


def _diff_helper(input, n, dim):
    """The ``n``-th forward difference along ``dim`` (of an input already extended)."""
    from .reduce_func import diff
    return diff(input, n, dim)


def _diff_prepend_append_on_dim(input, prepend, append, dim):
    """``input`` with ``prepend`` before and ``append`` after it along ``dim``."""
    from .array_func import cat
    return cat(tuple(t for t in (prepend, input, append) if t is not None), dim)


def _combine_cov_weights(fweights, aweights):
    """The product of the frequency and analytic weights of ``cov`` (either one alone, or None)."""
    if fweights is not None and aweights is not None:
        return fweights * aweights
    return fweights if fweights is not None else aweights


def _check_cov_weights(weights, weights_name, num_observations, valid_type, valid_type_name):
    """``cov``'s checks of ``fweights`` / ``aweights``: at most 1-D, of ``valid_type``, one per observation."""
    if weights.ndim > 1:
        raise ValueError(f"For cov, the {weights_name} must have one or fewer dimensions, but got {weights.ndim} "
                         "dimensions.")
    if weights.dtype not in valid_type:
        raise TypeError(f"For cov, the dtype of {weights_name} must be {valid_type_name} type, but got type "
                        f"{weights.dtype}")
    if weights.size != num_observations:
        raise ValueError(f"For cov, the numel of {weights_name} must equal the number of columns of input, but got "
                         f"numel:{weights.size}, number of columns of input:{num_observations}.")
    return 0


def _complex_square(A):
    """``conj(A) * A`` for a complex ``A``, else ``A ** 2``."""
    return mul(conj(A), A) if is_complex(A) else square(A)


def _is_sign_inf(x, fn):
    """Bool: ``x`` is infinite and ``fn(x, 0)`` holds (``fn`` is ``ops.less`` or ``ops.greater``)."""
    from .creation_func import zeros
    return logical_and(isinf(x), fn(x, zeros(x.shape, mstype.float32)))


def _broadcast_to(x, shape_cur, shape_to, ndim_to):
    """``x`` tiled from ``shape_cur`` to ``shape_to`` (both of ``ndim_to`` dimensions)."""
    from .array_func import tile
    return tile(x, tuple(1 if cur == to else to for cur, to in zip(shape_cur[-ndim_to:], shape_to)))


def _moveaxis(x, source, destination):
    from .array_func import moveaxis
    return moveaxis(x, source, destination)


def _select(feat, dim, index):
    """The slice ``index`` of ``feat`` along ``dim``, ``dim`` removed."""
    from .array_func import narrow, squeeze
    size = feat.shape[dim]
    return squeeze(narrow(feat, dim, index % size if size else index, 1), dim)


def _reshape_matrix_norm(input, res, dim, keepdims):
    """``res`` reshaped with 1s at the two matrix ``dim`` of ``input``'s shape when ``keepdims``."""
    return _reshape_keepdim_matrix_norm(res, input.shape, dim) if keepdims else res


def _reshape_keepdim_matrix_norm(ret, in_shape, dim):
    from .array_func import reshape
    shape = list(in_shape)
    shape[dim[0]] = shape[dim[1]] = 1
    return reshape(ret, shape)


def zeros_like_except(y, dim):
    """Zeros of ``y``'s dtype and shape without ``dim``."""
    from .creation_func import zeros
    if not -y.ndim <= dim < max(y.ndim, 1):
        raise ValueError(f"dim {dim} is out of range [{-y.ndim}, {y.ndim})")
    dim = dim + y.ndim if dim < 0 else dim
    return zeros(y.shape[:dim] + y.shape[dim + 1:], y.dtype)


def trapezoid(y, dx, dim):
    """Trapezoidal integral of ``y`` along ``dim`` with spacing ``dx``."""
    if y.shape[dim] == 0:
        return zeros_like_except(y, dim)
    return dotrapezoid(y, dx, dim)


def dotrapezoid(y, dx, dim):
    from .linalg_func import trapz
    return trapz(y, dx=float(dx), dim=dim)


def trapezoid_tensor(y, x, dim):
    """Trapezoidal integral of ``y`` along ``dim`` at the sample points ``x``."""
    if y.shape[dim] == 0:
        return zeros_like_except(y, dim)
    if x.ndim == 1 and x.shape[0] != y.shape[dim]:
        raise RuntimeError("There must be one `x` value for each sample point")
    from .linalg_func import trapz
    return trapz(y, x, dim=dim)


def dotrapezoid_tensor(y, dx, dim):
    """``sum((y[1:] + y[:-1]) * dx) / 2`` along ``dim``, with the spacings ``dx``."""
    from .array_func import narrow
    from .reduce_func import sum as _sum
    n = y.shape[dim] - 1
    return div(_sum(mul(add(narrow(y, dim, 0, n), narrow(y, dim, 1, n)), dx), dim), 2.0)


def get(ts, depth, dim, index, r):
    """Append to ``r`` the item ``index`` of the first nested sequence of ``ts`` at depth ``dim``."""
    if depth == dim:
        r.append(ts[index])
        return 0
    for item in ts:
        return get(item, depth + 1, dim, index, r)
    return None


def _init_and_select_elem(input, initial, where, cmp_fn):
    """``input`` bounded by ``initial`` with ``cmp_fn`` (``maximum``/``minimum``), and ``initial`` where the
    Tensor ``where`` is False (``initial`` required then); a ``where`` that is not a Tensor is ignored."""
    from .array_func import _bound_and_mask
    return _bound_and_mask(input, initial, where if isinstance(where, Tensor) else None, cmp_fn)


def _einsum_convert_sublist(equation, operands):
    """``einsum``'s sublist form (``einsum(a, [0, 1], b, [1, 2], [0, 2])``) as ``(equation, operands)``; an
    equation string passes through."""
    def label(num):
        if num == Ellipsis:
            return "..."
        if 0 <= num < 26:
            return chr(num + ord("A"))
        if 26 <= num < 52:
            return chr(num + ord("a") - 26)
        raise ValueError(f"For einsum, the number in sublist must be in range [0, 52), but got {num}")
    if isinstance(equation, Tensor):
        items = (equation,) + tuple(operands)
        has_out = len(items) % 2 == 1
        pairs = items[:-1] if has_out else items
        equation = ",".join("".join(label(n) for n in pairs[i + 1]) for i in range(0, len(pairs), 2))
        if has_out:
            equation += "->" + "".join(label(n) for n in items[-1])
        operands = tuple(pairs[0::2])
    if len(operands) == 0:
        raise ValueError("For einsum, the 'operands' must have at least one operand.")
    return equation, operands


def _norm_vector_int_ord(A, ord, dim, keepdim):
    """The vector ``ord``-norm (an int: 0 counts nonzeros) of ``A`` over ``dim``."""
    from .linalg_func import vector_norm
    return vector_norm(A, ord, dim, keepdim)


def _norm_vector_other_ord(A, ord, dim, keepdim):
    """The vector ``ord``-norm (inf, -inf, 0, None for 2, or a float) of ``A`` over ``dim``."""
    from .linalg_func import vector_norm
    return vector_norm(A, 2 if ord is None else ord, dim, keepdim)


def _norm_immediate(A, dim, keepdim, ndim):
    """The 2-norm of ``A`` over ``dim``; with ``keepdim``, of shape ``(1,) * ndim``."""
    from .linalg_func import vector_norm
    ret = vector_norm(A, 2, dim)
    return ret.reshape(ndim * [1]) if keepdim else ret


def _compute_vector_norm_inf(x, dim, keepdims, norm_func):
    """The largest (``norm_func`` ``ops.max``) or smallest (``ops.min``) absolute value of ``x`` over ``dim``."""
    from .array_func import flatten, reshape
    if len(dim) == 1:
        return norm_func(abs(x), axis=dim[0], keepdims=keepdims)[0]
    start, end = min(dim), max(dim)
    ret = norm_func(abs(flatten(x, start_dim=start, end_dim=end)), axis=start, keepdims=False)[0]
    if keepdims is True:
        shape = list(x.shape)
        for i in dim:
            shape[i] = 1
        ret = reshape(ret, shape)
    return ret
