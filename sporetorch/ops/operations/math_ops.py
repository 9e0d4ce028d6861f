"""Primitive classes of math operators: element-wise arithmetic, comparison, reductions, matmul."""

import torch

from ... import _checkparam as validator
from ...common import dtype as mstype
from ...common.tensor import Tensor, _wrap
from ..function import (
    array_func,
    creation_func,
    fft_func,
    image_func,
    linalg_func,
    math_func,
    random_func,
    reduce_func,
    scalar_func,
)
from ..function._math_dtypes import KERNEL_DTYPES
from ..function._math_dtypes import check as _kernel_dtype
from ..function._prim_checks import _check_dtypes, _check_ndim
from ..function._utils import (
    FLOATS,
    _check_dtype,
)
from ..function.math_func import (
    _complex,
    _div_no_nan,
    _mod,
    _mul_no_nan,
    _squared_difference,
)
from ..primitive import Primitive, prim_attr_register
from ._errors import (
    complex_input,
    float_input,
    functional,
    not_bool,
    tensor_sequence,
)

_to_torch_dtype = mstype.to_torch


def _axes(axis):
    """MindSpore reduction axis (``()`` or None = all) → torch ``dim``."""
    if axis is None or axis == () or axis == []:
        return None
    if isinstance(axis, list):
        return tuple(axis)
    if isinstance(axis, Tensor):
        v = axis._t.tolist()
        return tuple(v) if isinstance(v, list) else v
    return axis


def _unary_class(name, fn, doc, check=None):
    """A one-input Primitive. ``fn`` is a torch function, or the name of the functional op whose MindSpore
    2.10 behaviour the Primitive has (the Primitive and op sweeps check it case by case): then it calls it."""
    def __init__(self):
        Primitive.__init__(self, name)

    if isinstance(fn, str):
        def __call__(self, x):
            if check is not None:
                check(name, x)
            return functional(name, fn, x)

        return type(name, (Primitive,), {"__init__": __init__, "__call__": __call__, "__doc__": doc,
                                         "__module__": __name__})

    def __call__(self, x):
        if check is not None:
            check(name, x)
        try:
            return _wrap(fn(x._t))
        except AttributeError:
            raise TypeError(f"For '{name}', the input must be a Tensor, but got {type(x).__name__}") from None

    return type(name, (Primitive,), {"__init__": __init__, "__call__": __call__, "__doc__": doc,
                                     "__module__": __name__})


def _binary_class(name, fn, doc, tensor_only=False, check=None):
    """A two-input Primitive; ``fn`` as for ``_unary_class``; ``check(name, x, y)`` validates the inputs first."""
    def __init__(self):
        Primitive.__init__(self, name)

    if isinstance(fn, str):
        def __call__(self, x, y):
            if check is not None:
                check(name, x, y)
            return functional(name, fn, x, y)
    elif tensor_only:
        # The torch function takes only tensors: a number becomes a 0-d tensor (promotes like a scalar).
        def __call__(self, x, y):
            if check is not None:
                check(name, x, y)
            a = math_func._left_operand(x, y)
            try:
                return math_func._binary_kernel(fn, a, y, tensor_only=True)
            except (TypeError, RuntimeError) as e:
                _binary_error(name, x, y, e)
    else:
        def __call__(self, x, y):
            if check is not None:
                check(name, x, y)
            try:
                return math_func._binary_kernel(fn, math_func._left_operand(x, y), y)
            except (TypeError, RuntimeError) as e:
                _binary_error(name, x, y, e)

    return type(name, (Primitive,), {"__init__": __init__, "__call__": __call__, "__doc__": doc,
                                     "__module__": __name__})


def _no_bool(name, x):
    if x.dtype == mstype.bool_:
        raise TypeError(f"For '{name}', the input must not be Bool, but got {_describe(x)}")


def _no_bool_or_scalar(name, x):
    """MindSpore 2.10's Argmax/Argmin refuse Bool (TypeError) and a 0-d input (ValueError)."""
    _no_bool(name, x)
    if x._t.dim() == 0:
        raise ValueError(f"For '{name}', the input must have at least one dimension, but got {_describe(x)}")


def _describe(v):
    if isinstance(v, Tensor):
        return f"Tensor(shape={tuple(v._t.shape)}, dtype={v.dtype})"
    return type(v).__name__


def _binary_error(name, x, y, exc):
    """MindSpore-style error for a binary primitive: TypeError for dtypes/types, ValueError for shapes."""
    msg = str(exc).splitlines()[0]
    kind = ValueError if "size of tensor" in msg or "shape" in msg or "broadcast" in msg else TypeError
    raise kind(f"For '{name}', the inputs x={_describe(x)} and y={_describe(y)} are not valid: {msg}") from None


def _tensors_only(name, x, y):
    """MindSpore 2.10's kernel takes two Tensors here: a Python number is a TypeError."""
    for arg, v in (("x", x), ("y", y)):
        if not isinstance(v, Tensor):
            raise TypeError(f"For '{name}', '{arg}' must be a Tensor, but got {type(v).__name__}")


def _float_operand(name, x, y):
    """Two Tensors, at least one of them floating-point (MindSpore has no integer or Bool kernel)."""
    _tensors_only(name, x, y)
    if not (x._t.is_floating_point() or y._t.is_floating_point()):
        raise TypeError(f"For '{name}', one input must be a float Tensor, but got {x.dtype} and {y.dtype}")


def _same_float(name, x, y):
    """Two float Tensors of one dtype and one shape (MindSpore does not broadcast here)."""
    _tensors_only(name, x, y)
    if not x._t.is_floating_point() or x.dtype != y.dtype:
        raise TypeError(f"For '{name}', the inputs must be float Tensors of one dtype, but got {x.dtype} and "
                        f"{y.dtype}")
    if x._t.shape != y._t.shape:
        raise ValueError(f"For '{name}', the inputs must have the same shape, but got {tuple(x._t.shape)} and "
                         f"{tuple(y._t.shape)}")


def _float_result(name, x, y):
    """A float Tensor or Python float among the operands (MindSpore 2.10 has no integer or Bool kernel)."""
    if not any(isinstance(v, float) or (isinstance(v, Tensor) and v._t.is_floating_point()) for v in (x, y)):
        raise TypeError(f"For '{name}', one input must be a float Tensor, but got {_describe(x)} and {_describe(y)}")


def _no_bool_result(name, x, y):
    """MindSpore 2.10's Minimum kernel has no Bool version: two Bool operands (or Bool and a bool) are a TypeError."""
    if all(isinstance(v, bool) or (isinstance(v, Tensor) and v._t.dtype == torch.bool) for v in (x, y)):
        raise TypeError(f"For '{name}', the inputs must not both be Bool, but got {_describe(x)} and {_describe(y)}")


_CHECKS = {"DivNoNan": _float_result, "MulNoNan": _no_bool_result, "Xlogy": _float_operand, "Zeta": _same_float,
           "Atan2": _float_result, "Minimum": _no_bool_result,
           **{name: _kernel_dtype for name in ("NextAfter", "Igamma", "Igammac", "Complex", "Gcd", "SquaredDifference",
                                               "LeftShift", "RightShift", "Fmax", "Fmin")}}


def _square_first(prim, x):
    """MindSpore 2.10's determinant and Cholesky Primitives check for square matrices (ValueError) before the dtype."""
    if isinstance(x, Tensor) and (x._t.dim() < 2 or x._t.shape[-1] != x._t.shape[-2]):
        raise ValueError(f"For '{prim}', the input must be a batch of square matrices, but got shape "
                         f"{tuple(x._t.shape)}")
    _kernel_dtype(prim, x)


def _via_float32(prim, fn, *args):
    """``functional(prim, fn, *args)`` with Float16 Tensors computed in Float32 and the results given back in
    Float16: MindSpore 2.10 has Float16 kernels for these linear-algebra Primitives, torch's CPU none."""
    if not any(isinstance(a, Tensor) and a._t.dtype == torch.float16 for a in args):
        return functional(prim, fn, *args)
    out = functional(prim, fn, *(_wrap(a._t.float()) if isinstance(a, Tensor) and a._t.dtype == torch.float16
                                 else a for a in args))
    if isinstance(out, tuple):
        return tuple(_wrap(o._t.half()) if o._t.is_floating_point() else o for o in out)
    return _wrap(out._t.half())


_UNARY = {
    "Abs": ("abs", "Absolute value."),
    "Neg": ("neg", "Negation."),
    "Exp": ("exp", "Exponential, :math:`e^x`."),
    "Expm1": ("expm1", ":math:`e^x - 1`."),
    "Log": ("log", "Natural logarithm."),
    "Log1p": ("log1p", ":math:`\\log(1 + x)`."),
    "Sqrt": ("sqrt", "Square root."),
    "Rsqrt": ("rsqrt", "Reciprocal square root."),
    "Square": ("square", "Square."),
    "Sign": ("sgn", "Sign (-1, 0 or 1); :math:`x / |x|` for a complex input."),
    "Floor": ("floor", "Round down."),
    "Ceil": ("ceil", "Round up."),
    "Round": ("round", "Round half to even."),
    "Trunc": ("trunc", "Round towards zero."),
    "Reciprocal": ("reciprocal", "Reciprocal, :math:`1/x`."),
    "Inv": ("inv", "Reciprocal, :math:`1/x`."),
    "Sin": ("sin", "Sine."),
    "Cos": ("cos", "Cosine."),
    "Tan": ("tan", "Tangent."),
    "Asin": ("asin", "Arcsine."),
    "ACos": ("acos", "Arccosine."),
    "Atan": ("atan", "Arctangent."),
    "Sinh": ("sinh", "Hyperbolic sine."),
    "Cosh": ("cosh", "Hyperbolic cosine."),
    "Asinh": ("asinh", "Inverse hyperbolic sine."),
    "Acosh": ("acosh", "Inverse hyperbolic cosine."),
    "Atanh": ("atanh", "Inverse hyperbolic tangent."),
    "Erf": ("erf", "Gauss error function."),
    "Erfc": ("erfc", "Complementary error function."),
    "Erfinv": ("erfinv", "Inverse error function."),
    "Lgamma": ("lgamma", "Log-gamma."),
    "Digamma": ("digamma", "Digamma."),
    "BesselI0": ("bessel_i0", "Modified Bessel function of order 0."),
    "IsNan": ("isnan", "Whether each element is NaN."),
    "IsInf": ("isinf", "Whether each element is infinite."),
    "IsFinite": ("isfinite", "Whether each element is finite."),
    "LogicalNot": ("logical_not", "Logical NOT."),
    "Invert": ("invert", "Bitwise NOT."),
    "Conj": ("conj", "Complex conjugate."),
    "Real": ("real", "Real part."),
    "Imag": ("imag", "Imaginary part."),
    "MatrixDeterminant": ("matrix_determinant", "Matrix determinant."),
    "MatrixExp": ("matrix_exp", "Matrix exponential."),
    "Rint": ("round", "Round half to even."),
    "Sinc": ("sinc", "Normalised sinc, :math:`\\sin(\\pi x) / (\\pi x)`."),
    "Angle": ("angle", "Argument of a complex number."),
    "ComplexAbs": ("abs", "Modulus of a complex number."),
    "BesselI0e": ("bessel_i0e", "Exponentially scaled modified Bessel function of order 0."),
    "BesselI1": ("bessel_i1", "Modified Bessel function of order 1."),
    "BesselI1e": ("bessel_i1e", "Exponentially scaled modified Bessel function of order 1."),
    "BesselJ0": ("bessel_j0", "Bessel function of the first kind of order 0."),
    "BesselJ1": ("bessel_j1", "Bessel function of the first kind of order 1."),
    "BesselY0": ("bessel_y0", "Bessel function of the second kind of order 0."),
    "BesselY1": ("bessel_y1", "Bessel function of the second kind of order 1."),
    "BesselK0": ("bessel_k0", "Modified Bessel function of the second kind of order 0."),
    "BesselK0e": ("bessel_k0e", "Scaled modified Bessel function K0."),
    "BesselK1": ("bessel_k1", "Modified Bessel function of the second kind of order 1."),
    "BesselK1e": ("bessel_k1e", "Scaled modified Bessel function K1."),
    "Eps": ("eps", "The smallest positive normal of the dtype."),
}

_BINARY = {
    "Add": ("add", "Element-wise sum with broadcasting."),
    "Sub": ("sub", "Element-wise difference with broadcasting."),
    "Mul": ("mul", "Element-wise product with broadcasting."),
    "RealDiv": ("tensor_div", "Element-wise division (truncated for integer operands)."),
    "Div": ("div", "Element-wise division."),
    "DivNoNan": (_div_no_nan, "Element-wise division, 0 where the divisor is 0."),
    "Xdivy": ("xdivy", "Element-wise division, 0 where the dividend is 0."),
    "Xlogy": ("xlogy", ":math:`x \\log y`, 0 where x is 0."),
    "FloorDiv": ("floor_divide", "Element-wise division rounded down."),
    "FloorMod": ("floor_mod", "Element-wise remainder with the sign of the divisor."),
    "Mod": (_mod, "Element-wise remainder with the sign of the dividend."),
    "TruncateDiv": ("truncate_div", "Division rounded towards zero."),
    "TruncateMod": ("truncate_mod", "Remainder of the division rounded towards zero."),
    "Pow": ("pow", "Element-wise power."),
    "Maximum": ("maximum", "Element-wise maximum."),
    "Minimum": ("minimum", "Element-wise minimum."),
    "SquaredDifference": (_squared_difference, ":math:`(x - y)^2`."),
    "Atan2": ("atan2", "Arctangent of x/y using the signs of both."),
    "Equal": ("equal", "Element-wise ``==``."),
    "NotEqual": ("ne", "Element-wise ``!=``."),
    "Greater": ("gt", "Element-wise ``>``."),
    "GreaterEqual": ("ge", "Element-wise ``>=``."),
    "Less": ("less", "Element-wise ``<``."),
    "LessEqual": ("le", "Element-wise ``<=``."),
    "LogicalAnd": ("logical_and", "Logical AND."),
    "LogicalOr": ("logical_or", "Logical OR."),
    "LogicalXor": ("logical_xor", "Logical XOR."),
    "BitwiseAnd": ("bitwise_and", "Bitwise AND."),
    "BitwiseOr": ("bitwise_or", "Bitwise OR."),
    "BitwiseXor": ("bitwise_xor", "Bitwise XOR."),
    "Gcd": ("gcd", "Greatest common divisor."),
    "Lcm": ("lcm", "Least common multiple."),
    "NextAfter": ("nextafter", "Next representable float towards y."),
    "Heaviside": ("heaviside", "Heaviside step function."),
    "Hypot": ("hypot", "Hypotenuse."),
    "Fmax": ("fmax", "Element-wise maximum ignoring NaN."),
    "Fmin": ("fmin", "Element-wise minimum ignoring NaN."),
    "LeftShift": ("bitwise_left_shift", "Bitwise left shift."),
    "RightShift": ("bitwise_right_shift", "Bitwise right shift."),
    "MulNoNan": (_mul_no_nan, "Element-wise product, 0 where y is 0."),
    "Igamma": ("igamma", "Regularised lower incomplete gamma function."),
    "Igammac": ("igammac", "Regularised upper incomplete gamma function."),
    "Zeta": ("zeta", "Hurwitz zeta function."),
    "Complex": (_complex, "A complex tensor from real and imaginary parts."),
    "Polar": ("polar", "A complex tensor from absolute value and angle."),
    "Ger": ("ger", "Outer product of two vectors."),
}

__all__ = []
# MindSpore 2.10's kernels of these take float (or complex) input only; the rest: _math_dtypes.
_UNARY_CHECKS = {"Sin": float_input, "Log1p": float_input, "Rint": float_input,
                 "Digamma": float_input, "ComplexAbs": complex_input,
                 **{name: _kernel_dtype for name in KERNEL_DTYPES if name in _UNARY},
                 "MatrixDeterminant": _square_first}
for _name, (_fn, _doc) in _UNARY.items():
    globals()[_name] = _unary_class(_name, _fn, _doc, _UNARY_CHECKS.get(_name))
    __all__.append(_name)
_TENSOR_ONLY = {"Maximum", "Minimum", "Atan2", "LogicalAnd", "LogicalOr", "LogicalXor", "NextAfter", "Hypot", "Fmax",
                "Fmin", "Gcd", "Lcm", "Igamma", "Igammac", "Zeta", "Complex", "Polar", "Heaviside"}
for _name, (_fn, _doc) in _BINARY.items():
    globals()[_name] = _binary_class(_name, _fn, _doc, _name in _TENSOR_ONLY, _CHECKS.get(_name))
    __all__.append(_name)


def _counted_inputs(cls, n):
    """MindSpore 2.10 counts these Primitives' inputs itself: a wrong count is its ValueError, not Python's TypeError."""
    call = cls.__call__

    def __call__(self, *args):
        if len(args) != n:
            raise ValueError(f"For '{cls.__name__}', the number of inputs must be {n}, but got {len(args)}")
        return call(self, *args)

    __call__.__doc__ = call.__doc__
    cls.__call__ = __call__


for _name in ("Fmax", "Fmin"):
    _counted_inputs(globals()[_name], 2)


class AddN(Primitive):
    """Sum of a tuple or list of tensors of the same shape."""

    def __init__(self):
        super().__init__("AddN")

    def __call__(self, x):
        tensor_sequence("AddN", x)
        out = x[0]._t
        for v in x[1:]:
            out = out + v._t
        return _wrap(out)


class ApproximateEqual(Primitive):
    """Whether ``|x - y| < tolerance`` element-wise."""

    @prim_attr_register
    def __init__(self, tolerance=1e-05):
        pass

    def __call__(self, x, y):
        return functional("ApproximateEqual", "approximate_equal", x, y, self.tolerance)


class IsClose(Primitive):
    """``|x - y| <= atol + rtol * |y|`` element-wise."""

    @prim_attr_register
    def __init__(self, rtol=1e-05, atol=1e-08, equal_nan=True):
        pass

    def __call__(self, input, other):
        _kernel_dtype("IsClose", input, other)
        return math_func.isclose(input, other, self.rtol, self.atol, self.equal_nan)


class Lerp(Primitive):
    """Linear interpolation ``start + weight * (end - start)``."""

    def __init__(self):
        super().__init__("Lerp")

    def __call__(self, start, end, weight):
        _kernel_dtype("Lerp", start, end)
        return functional("Lerp", "lerp", start, end, weight)


class Addcmul(Primitive):
    """``input_data + value * x1 * x2``."""

    def __init__(self):
        super().__init__("Addcmul")

    def __call__(self, input_data, x1, x2, value):
        _kernel_dtype("Addcmul", input_data, x1, x2, value)
        # MindSpore 2.10 casts value to the input's dtype (1.7 is 1 for an Int32 input).
        t = input_data._t
        return _wrap(t + value._t.to(t.dtype) * x1._t * x2._t)


class Addcdiv(Primitive):
    """``input_data + value * x1 / x2``."""

    def __init__(self):
        super().__init__("Addcdiv")

    def __call__(self, input_data, x1, x2, value):
        _kernel_dtype("Addcdiv", input_data, x1, x2, value)
        t = input_data._t
        if t.is_floating_point():
            return _wrap(t + value._t.to(t.dtype) * x1._t / x2._t)
        # The Int64 kernel divides in floating point and truncates the sum (MindSpore 2.10: 1 + 2 * 3 / 5 is 2).
        return _wrap((t + value._t.double() * x1._t / x2._t).to(t.dtype))


class MatMul(Primitive):
    """2-D matrix product, optionally transposing either operand.

    Args:
        transpose_a (bool): use the transpose of the first input. Default: False.
        transpose_b (bool): use the transpose of the second input. Default: False.
    """

    @prim_attr_register
    def __init__(self, transpose_a=False, transpose_b=False):
        pass

    def __call__(self, x, y):
        a, b = x._t, y._t
        if a.dim() != 2 or b.dim() != 2:
            raise ValueError(f"For 'MatMul', the inputs must be 2-D, but got shapes {tuple(a.shape)} and {tuple(b.shape)}")
        if self.transpose_a:
            a = a.t()
        if self.transpose_b:
            b = b.t()
        if a.shape[1] != b.shape[0]:
            raise ValueError(f"For 'MatMul', the inner dimensions must match, but got shapes {tuple(x._t.shape)} "
                             f"and {tuple(y._t.shape)} (transpose_a={self.transpose_a}, "
                             f"transpose_b={self.transpose_b})")
        return functional("MatMul", "mm", _wrap(a), _wrap(b))


class BatchMatMul(Primitive):
    """Batched matrix product over the leading dimensions, optionally transposing the last two axes."""

    @prim_attr_register
    def __init__(self, transpose_a=False, transpose_b=False):
        pass

    def __call__(self, x, y):
        # MindSpore 2.10 checks the shapes before the dtypes here.
        a, b = x._t, y._t
        for arg, t in (("x", a), ("y", b)):
            if t.dim() < 2:
                raise ValueError(f"For 'BatchMatMul', the input '{arg}' must be a 2D or higher dimensional Tensor, "
                                 f"but got shape {tuple(t.shape)}")
        if self.transpose_a:
            a = a.transpose(-1, -2)
        if self.transpose_b:
            b = b.transpose(-1, -2)
        if a.shape[-1] != b.shape[-2]:
            raise ValueError(f"For 'BatchMatMul', the inner dimensions of x {tuple(x._t.shape)} and y "
                             f"{tuple(y._t.shape)} must match (transpose_a={self.transpose_a}, "
                             f"transpose_b={self.transpose_b})")
        _kernel_dtype("BatchMatMul", x, y)
        return functional("BatchMatMul", "bmm", _wrap(a), _wrap(b))


class _Reduce(Primitive):
    """Base of the ``Reduce*`` primitives: ``op(x, axis=())`` reduces over ``axis`` (all when empty)."""

    @prim_attr_register
    def __init__(self, keep_dims=False):
        pass


class ReduceSum(_Reduce):
    """Sum over ``axis``; with ``skip_mode`` an empty ``axis`` returns the input unchanged."""

    @prim_attr_register
    def __init__(self, keep_dims=False, skip_mode=False):
        pass

    def __call__(self, x, axis=()):
        d = _axes(axis)
        if d is None and self.skip_mode:
            return x
        return reduce_func._reduce_sum("ReduceSum", x, d, self.keep_dims)


class ReduceMean(_Reduce):
    """Mean over ``axis`` (all axes when ``axis`` is ``()``)."""

    def __call__(self, x, axis=()):
        return reduce_func._mean("ReduceMean", x, _axes(axis), self.keep_dims)


class ReduceMax(_Reduce):
    """Maximum over ``axis``."""

    def __call__(self, x, axis=()):
        not_bool("ReduceMax", x)
        return functional("ReduceMax", "amax", x, _axes(axis), self.keep_dims)


class ReduceMin(_Reduce):
    """Minimum over ``axis``."""

    def __call__(self, x, axis=()):
        not_bool("ReduceMin", x)
        return functional("ReduceMin", "amin", x, _axes(axis), self.keep_dims)


class ReduceProd(_Reduce):
    """Product over ``axis``."""

    def __call__(self, x, axis=()):
        # MindSpore 2.10 keeps an integer dtype (wrapping) and multiplies Bool as a logical AND.
        out = functional("ReduceProd", "prod", x, _axes(axis), self.keep_dims)
        return out if out.dtype == x.dtype else array_func.cast(out, x.dtype)


class ReduceAll(_Reduce):
    """Logical AND over ``axis``."""

    def __call__(self, x, axis=()):
        return functional("ReduceAll", "all", x, _axes(axis), self.keep_dims)


class ReduceAny(_Reduce):
    """Logical OR over ``axis``."""

    def __call__(self, x, axis=()):
        out = functional("ReduceAny", "any", x, _axes(axis), self.keep_dims)
        return out if out.dtype == mstype.bool_ else array_func.cast(out, mstype.bool_)


class ReduceStd(Primitive):
    """``(std, mean)`` over ``axis``."""

    @prim_attr_register
    def __init__(self, axis=(), unbiased=True, keep_dims=False):
        pass

    def __call__(self, input_x):
        _kernel_dtype("ReduceStd", input_x)
        float_input("ReduceStd", input_x)  # std_mean computes integers in float; MindSpore's kernel refuses them
        return functional("ReduceStd", "std_mean", input_x, _axes(self.axis), int(self.unbiased), self.keep_dims)


class Argmax(Primitive):
    """Index of the maximum along ``axis``; Int32 by default (``output_type``)."""

    @prim_attr_register
    def __init__(self, axis=-1, output_type=mstype.int32):
        pass

    def __call__(self, x):
        _kernel_dtype("Argmax", x)
        _no_bool_or_scalar("Argmax", x)
        return _wrap(functional("Argmax", "argmax", x, self.axis)._t.to(_to_torch_dtype(self.output_type)))


class Argmin(Primitive):
    """Index of the minimum along ``axis``; Int32 by default (``output_type``)."""

    @prim_attr_register
    def __init__(self, axis=-1, output_type=mstype.int32):
        pass

    def __call__(self, x):
        _kernel_dtype("Argmin", x)
        _no_bool_or_scalar("Argmin", x)
        return _wrap(functional("Argmin", "argmin", x, self.axis)._t.to(_to_torch_dtype(self.output_type)))


class ArgMaxWithValue(Primitive):
    """``(index, value)`` of the maximum along ``axis``."""

    @prim_attr_register
    def __init__(self, axis=0, keep_dims=False):
        pass

    def __call__(self, x):
        _kernel_dtype("ArgMaxWithValue", x)
        v, i = functional("ArgMaxWithValue", "max", x, self.axis, self.keep_dims)
        return i, v


class ArgMinWithValue(Primitive):
    """``(index, value)`` of the minimum along ``axis``."""

    @prim_attr_register
    def __init__(self, axis=0, keep_dims=False):
        pass

    def __call__(self, x):
        _kernel_dtype("ArgMinWithValue", x)
        v, i = functional("ArgMinWithValue", "min", x, self.axis, self.keep_dims)
        return i, v


def _check_not_bool(op, t):
    # MindSpore's CumSum/CumProd kernels have no Bool version, nor a 0-d input.
    if t.dtype == torch.bool:
        raise TypeError(f"For '{op}', the input 'x' must be a numeric Tensor, but got Tensor[Bool].")
    _at_least_1d(op, "x", t)


def _at_least_1d(op, name, t):
    if t.dim() == 0:
        raise ValueError(f"For '{op}', the rank of '{name}' must be greater than 0, but got 0.")


class CumSum(Primitive):
    """Cumulative sum along ``axis``; ``exclusive`` starts from 0, ``reverse`` runs from the end."""

    @prim_attr_register
    def __init__(self, exclusive=False, reverse=False):
        pass

    def __call__(self, x, axis):
        t = x._t
        _check_not_bool("CumSum", t)
        return reduce_func._scan("sum", x, axis, self.exclusive, self.reverse)


class CumProd(Primitive):
    """Cumulative product along ``axis``; ``exclusive`` starts from 1, ``reverse`` runs from the end.
    Unlike ``ops.cumprod``, integer inputs keep their dtype (wrapping on overflow)."""

    @prim_attr_register
    def __init__(self, exclusive=False, reverse=False):
        pass

    def __call__(self, x, axis):
        t = x._t
        _check_not_bool("CumProd", t)
        return reduce_func._scan("prod", x, axis, self.exclusive, self.reverse)


class LpNorm(Primitive):
    """p-norm over ``axis`` (an int or a list of ints).

    Args:
        axis (Union[int, list[int]]): the axes to reduce.
        p (int): the order of the norm. Default: 2.
        keep_dims (bool): keep the reduced axes with size 1. Default: False.
        epsilon (float): a lower bound on the result. Default: 1e-12.
    """

    @prim_attr_register
    def __init__(self, axis, p=2, keep_dims=False, epsilon=1e-12):
        self.add_prim_attr("axis", [axis] if isinstance(axis, int) else list(axis))

    def __call__(self, input):
        return reduce_func.lp_norm(input, p=self.p, keep_dims=self.keep_dims, axis=self.axis)


class Einsum(Primitive):
    """Einstein summation over a tuple of tensors."""

    @prim_attr_register
    def __init__(self, equation):
        pass

    def __call__(self, x):
        xs = (x,) if isinstance(x, Tensor) else x
        tensor_sequence("Einsum", xs)
        for i, v in enumerate(xs):
            _check_dtype("Einsum", f"x[{i}]", v, FLOATS)
            if v._t.dim() == 0:
                raise ValueError(f"For 'Einsum', the dim of inputs' shape can not be zero, but got input[{i}] shape: ().")
        if len({v._t.dtype for v in xs}) > 1:
            raise TypeError(f"For 'Einsum', the inputs must have one dtype, but got {[str(v.dtype) for v in xs]}")
        return functional("Einsum", "einsum", self.equation, *xs)


class Cdist(Primitive):
    """Pairwise p-norm distances between the rows of two batches of matrices."""

    @prim_attr_register
    def __init__(self, p=2.0):
        pass

    def __call__(self, input_x, input_y):
        return _via_float32("Cdist", "cdist", input_x, input_y, self.p)


class Cross(Primitive):
    """Cross product along ``dim``."""

    @prim_attr_register
    def __init__(self, dim=-65530):
        pass

    def __call__(self, x1, x2):
        return functional("Cross", "cross", x1, x2, None if self.dim == -65530 else self.dim)


class Trace(Primitive):
    """Sum of the main diagonal of a matrix."""

    def __init__(self):
        super().__init__("Trace")

    def __call__(self, x):
        _kernel_dtype("Trace", x)
        return functional("Trace", "trace", x)


class Cholesky(Primitive):
    """Cholesky factor of a symmetric positive-definite matrix."""

    @prim_attr_register
    def __init__(self, upper=False):
        pass

    def __call__(self, input_x):
        _square_first("Cholesky", input_x)
        return _via_float32("Cholesky", "cholesky", input_x, self.upper)


__all__ += ["AddN", "Addcdiv", "Addcmul", "ApproximateEqual", "ArgMaxWithValue", "ArgMinWithValue", "Argmax", "Argmin",
            "BatchMatMul", "Cdist", "Cholesky", "Cross", "CumProd", "CumSum", "Einsum", "IsClose", "Lerp", "LpNorm",
            "MatMul", "ReduceAll", "ReduceAny", "ReduceMax", "ReduceMean", "ReduceMin", "ReduceProd", "ReduceStd",
            "ReduceSum", "Trace"]


TensorAdd = globals()["Add"]
__all__ += ["TensorAdd"]


class MatrixInverse(Primitive):
    """Inverse of square matrices (of their conjugate transpose with ``adjoint``)."""

    @prim_attr_register
    def __init__(self, adjoint=False):
        pass

    def __call__(self, x):
        _kernel_dtype("MatrixInverse", x)
        return functional("MatrixInverse", "inverse", _wrap(x._t.mH) if self.adjoint else x)


class SquareSumAll(Primitive):
    """``(sum(x ** 2), sum(y ** 2))``."""

    def __init__(self):
        super().__init__("SquareSumAll")

    def __call__(self, x, y):
        return reduce_func.square_sum_all(x, y)


class Logit(Primitive):
    r""":math:`\log(x / (1 - x))`, with ``x`` clamped to ``[eps, 1 - eps]`` when ``eps >= 0``."""

    @prim_attr_register
    def __init__(self, eps=-1.0):
        pass

    def __call__(self, x):
        _kernel_dtype("Logit", x)
        return functional("Logit", "logit", x, None if self.eps < 0 else self.eps)


class Polygamma(Primitive):
    """The ``n``-th derivative of the digamma function."""

    def __init__(self):
        super().__init__("Polygamma")

    def __call__(self, n, x):
        # MindSpore 2.10 checks a's rank before the inputs' types.
        if isinstance(n, Tensor) and n._t.dim() != 0:
            raise ValueError(f"For 'Polygamma', 'a' must be a 0-d Tensor, but got shape {tuple(n._t.shape)}")
        _kernel_dtype("Polygamma", n, x)
        return functional("Polygamma", "polygamma", n, x)


class Mvlgamma(Primitive):
    """Multivariate log-gamma of dimension ``p``."""

    @prim_attr_register
    def __init__(self, p):
        pass

    def __call__(self, x):
        _kernel_dtype("Mvlgamma", x)
        return functional("Mvlgamma", "mvlgamma", x, self.p)


class NanToNum(Primitive):
    """Replace NaN by ``nan`` and infinities by ``posinf``/``neginf`` (the dtype's extremes by default)."""

    @prim_attr_register
    def __init__(self, nan=0.0, posinf=None, neginf=None):
        pass

    def __call__(self, x):
        _kernel_dtype("NanToNum", x)
        return functional("NanToNum", "nan_to_num", x, self.nan, self.posinf, self.neginf)


class CountNonZero(Primitive):
    """The number of non-zero elements over ``dims`` (Int64)."""

    @prim_attr_register
    def __init__(self, dims=None):
        pass

    def __call__(self, x):
        dims = None if self.dims is None or self.dims == [] else self.dims
        return reduce_func.count_nonzero(x, () if dims is None else dims, dtype=mstype.int64)


class Cummax(Primitive):
    """``(running maximum, its index)`` along ``axis``."""

    @prim_attr_register
    def __init__(self, axis):
        pass

    def __call__(self, input):
        _no_bool("Cummax", input)
        return functional("Cummax", "cummax", input, self.axis)


class Cummin(Primitive):
    """``(running minimum, its index)`` along ``axis``."""

    @prim_attr_register
    def __init__(self, axis):
        pass

    def __call__(self, input_x):
        _no_bool("Cummin", input_x)
        return functional("Cummin", "cummin", input_x, self.axis)


class CumulativeLogsumexp(Primitive):
    """Cumulative log-sum-exp along ``axis``."""

    @prim_attr_register
    def __init__(self, exclusive=False, reverse=False):
        pass

    def __call__(self, x, axis):
        _kernel_dtype("CumulativeLogsumexp", x, axis)
        _at_least_1d("CumulativeLogsumexp", "x", x._t)
        if axis._t.dim() != 0:
            raise ValueError(f"For 'CumulativeLogsumexp', the 'axis' must be a 0-d Tensor, but got shape "
                             f"{tuple(axis._t.shape)}")
        axis = int(axis._t)
        rank = x._t.dim()
        if not -rank <= axis < rank:  # found by MindSpore 2.10's kernel, hence its RuntimeError
            raise RuntimeError(f"For 'CumulativeLogsumexp', 'axis' must be in range [{-rank}, {rank}), but got: {axis}")
        return reduce_func._scan("logsumexp", x, axis, self.exclusive, self.reverse)


class Median(Primitive):
    """``(median, index)`` along ``axis`` (or over everything with ``global_median``)."""

    @prim_attr_register
    def __init__(self, global_median=False, axis=0, keep_dims=False, ignore_nan=False):
        pass

    def __call__(self, x):
        _kernel_dtype("Median", x)
        if self.global_median:
            return math_func._global_median(x, ignore_nan=self.ignore_nan)
        return functional("Median", "nanmedian" if self.ignore_nan else "median", x, self.axis, self.keep_dims)


class EuclideanNorm(Primitive):
    """L2 norm over ``axes``."""

    @prim_attr_register
    def __init__(self, keep_dims=False):
        pass

    def __call__(self, x, axes):
        _kernel_dtype("EuclideanNorm", x, axes)
        if axes._t.dim() != 1:
            raise ValueError(f"For 'EuclideanNorm', the 'axes' must be a 1-D Tensor, but got shape {tuple(axes._t.shape)}")
        t = x._t
        if t.is_floating_point() or t.is_complex():
            return linalg_func.vector_norm(x, 2, _axes(axes), self.keep_dims)
        # An integer input keeps its dtype (MindSpore 2.10's documented example: [[3, 5], [4, 12]] -> [[5, 13]]).
        norm = linalg_func.vector_norm(array_func.cast(x, mstype.float64), 2, _axes(axes), self.keep_dims)
        return array_func.cast(norm, x.dtype)


class MatrixPower(Primitive):
    """The ``n``-th power of square matrices."""

    @prim_attr_register
    def __init__(self, n):
        pass

    def __call__(self, x):
        _kernel_dtype("MatrixPower", x)
        return functional("MatrixPower", "matrix_power", x, self.n)


class MatrixSolve(Primitive):
    """Solve ``matrix @ x = rhs`` (``adjoint`` uses the conjugate transpose)."""

    @prim_attr_register
    def __init__(self, adjoint=False):
        pass

    def __call__(self, matrix, rhs):
        return _via_float32("MatrixSolve", "matrix_solve", matrix, rhs, self.adjoint)


class MatrixBandPart(Primitive):
    """Keep the band of ``lower`` sub- and ``upper`` super-diagonals (-1 keeps a whole triangle)."""

    def __init__(self):
        super().__init__("MatrixBandPart")

    def __call__(self, x, lower, upper):
        # MindSpore 2.10 checks lower and upper (int32/int64 Tensors of rank 0, or ints) before x's rank.
        _kernel_dtype("MatrixBandPart", x, lower, upper)
        for name, v in (("lower", lower), ("upper", upper)):
            if isinstance(v, Tensor):
                if v._t.dim() != 0:
                    raise ValueError(f"For 'MatrixBandPart', the rank of '{name}' must be equal to 0, but got "
                                     f"{v._t.dim()}")
            elif not isinstance(v, int) or isinstance(v, bool):
                raise TypeError(f"For 'MatrixBandPart', the '{name}' must be an int or an Int32/Int64 Tensor, but "
                                f"got {type(v).__name__}")
        if isinstance(x, Tensor) and x._t.dim() < 2:
            raise ValueError(f"For 'MatrixBandPart', the rank of 'x' must be at least 2, but got shape "
                             f"{tuple(x._t.shape)}")
        return array_func.matrix_band_part(x, lower, upper)


class LogMatrixDeterminant(Primitive):
    """``(sign, log|det|)`` of square matrices."""

    def __init__(self):
        super().__init__("LogMatrixDeterminant")

    def __call__(self, x):
        _square_first("LogMatrixDeterminant", x)
        sign, logdet = _via_float32("LogMatrixDeterminant", "log_matrix_determinant", x)
        # MindSpore 2.10 gives log|det| of a complex input in its complex dtype.
        return sign, (_wrap(logdet._t.to(x._t.dtype)) if x._t.is_complex() else logdet)


class Svd(Primitive):
    """Singular value decomposition: ``(s, u, v)``."""

    @prim_attr_register
    def __init__(self, full_matrices=False, compute_uv=True):
        pass

    def __call__(self, a):
        _kernel_dtype("Svd", a)
        if a._t.dim() < 2:
            raise ValueError(f"For 'Svd', the rank of 'input' must be at least 2, but got shape {tuple(a._t.shape)}")
        # MindSpore 2.10 gives the singular values of a complex input in its complex dtype.
        if not self.compute_uv:
            s = linalg_func.svd(a, compute_uv=False)
            return array_func.cast(s, a.dtype), creation_func.zeros(()), creation_func.zeros(())
        s, u, v = linalg_func.svd(a, full_matrices=self.full_matrices)
        return array_func.cast(s, a.dtype), u, v


class Qr(Primitive):
    """QR decomposition ``(q, r)``; ``full_matrices`` gives the complete factorisation."""

    @prim_attr_register
    def __init__(self, full_matrices=False):
        pass

    def __call__(self, x):
        return _via_float32("Qr", "qr", x, "complete" if self.full_matrices else "reduced")


class Geqrf(Primitive):
    """Householder QR: ``(a, tau)`` as LAPACK's geqrf returns them."""

    def __init__(self):
        super().__init__("Geqrf")

    def __call__(self, x):
        _kernel_dtype("Geqrf", x)
        return _via_float32("Geqrf", "geqrf", x)


class Orgqr(Primitive):
    """The orthogonal matrix from Householder reflectors (``torch.linalg.householder_product``)."""

    def __init__(self):
        super().__init__("Orgqr")

    def __call__(self, x, tau):
        return functional("Orgqr", "orgqr", x, tau)


class CholeskyInverse(Primitive):
    """Inverse of a matrix from its Cholesky factor."""

    @prim_attr_register
    def __init__(self, upper=False):
        pass

    def __call__(self, x):
        _square_first("CholeskyInverse", x)
        return _via_float32("CholeskyInverse", "cholesky_inverse", x, self.upper)


class CholeskySolve(Primitive):
    """Solve ``A x = b`` given the Cholesky factor of ``A``."""

    @prim_attr_register
    def __init__(self, upper=False):
        pass

    def __call__(self, x1, x2):
        return functional("CholeskySolve", "cholesky_solve", x1, x2, self.upper)


class LuSolve(Primitive):
    """Solve ``A x = b`` from the LU factorisation of ``A``."""

    def __init__(self):
        super().__init__("LuSolve")

    def __call__(self, x, lu_data, lu_pivots):
        _kernel_dtype("LuSolve", x, lu_data, lu_pivots)
        return _via_float32("LuSolve", "lu_solve", x, lu_data, lu_pivots)


class MatrixTriangularSolve(Primitive):
    """Solve triangular systems ``matrix @ x = rhs``."""

    @prim_attr_register
    def __init__(self, lower=True, adjoint=False):
        pass

    def __call__(self, matrix, rhs):
        return linalg_func.matrix_triangular_solve(matrix, rhs, adjoint=self.adjoint, lower=self.lower)


class Renorm(Primitive):
    """Rescale each slice along ``dim`` whose ``p``-norm exceeds ``maxnorm``."""

    @prim_attr_register
    def __init__(self, p, dim, maxnorm):
        pass

    def __call__(self, input_x):
        _kernel_dtype("Renorm", input_x)
        return functional("Renorm", "renorm", input_x, self.p, self.dim, self.maxnorm)


class Bincount(Primitive):
    """Counts (or summed ``weights``) of each value in ``[0, size)``."""

    def __init__(self):
        super().__init__("Bincount")

    def __call__(self, array, size, weights):
        _kernel_dtype("Bincount", array, size, weights)
        if size._t.dim() != 0:
            raise ValueError(f"For 'Bincount', the 'size' must be a 0-d Tensor, but got shape {tuple(size._t.shape)}")
        n = int(size._t)
        out = reduce_func.bincount(array_func.reshape(array, (-1,)), array_func.reshape(weights, (-1,)), n)
        return array_func.cast(out[:n], weights.dtype)


class Bucketize(Primitive):
    """The index of the bucket of ``boundaries`` each value falls into."""

    @prim_attr_register
    def __init__(self, boundaries):
        pass

    def __call__(self, input):
        _kernel_dtype("Bucketize", input)
        # The float boundaries are not rounded to an integer input's dtype (MindSpore 2.10: 0 is below 0.2).
        return array_func.bucketize(input, list(self.boundaries), right=True)


class Histogram(Primitive):
    """Histogram of ``bins`` equal bins over ``[min, max]``."""

    @prim_attr_register
    def __init__(self, bins=100, min=0.0, max=0.0):
        pass

    def __call__(self, x):
        _kernel_dtype("Histogram", x)
        # MindSpore 2.10 counts in Float32, and in Int32 for an Int32 input.
        return reduce_func.histc(x, self.bins, self.min, self.max)


class LinSpace(Primitive):
    """``num`` evenly spaced values from ``start`` to ``stop``."""

    def __init__(self):
        super().__init__("LinSpace")

    def __call__(self, start, stop, num):
        # MindSpore 2.10 converts num to an int first, then checks start and stop: 0-d Float32/Float64 Tensors.
        n = _linspace_num(num)
        _kernel_dtype("LinSpace", start, stop)
        for name, v in (("start", start), ("stop", stop)):
            if v._t.dim() != 0:
                raise ValueError(f"For 'LinSpace', the rank of '{name}' must be equal to 0, but got {v._t.dim()}")
        if n <= 0:
            raise ValueError(f"For 'LinSpace', the num must be greater than 0, but got {n}")
        return creation_func.linspace(start, stop, n, dtype=start.dtype)


def _linspace_num(num):
    """LinSpace's ``num``: an int, or a one-element integer Tensor (MindSpore 2.10's TypeError otherwise)."""
    if isinstance(num, Tensor) and num._t.numel() == 1 and not (num._t.is_floating_point() or num._t.is_complex()
                                                                 or num._t.dtype == torch.bool):
        return int(num._t.item())
    if isinstance(num, int) and not isinstance(num, bool):
        return num
    raise TypeError(f"For 'LinSpace', the 'num' must be an int or an integer Tensor of one element, but got "
                    f"{_describe(num)}")


class InTopK(Primitive):
    """Whether each target class is among the ``k`` largest predictions of its row."""

    @prim_attr_register
    def __init__(self, k):
        pass

    def __call__(self, x1, x2):
        _kernel_dtype("InTopK", x1)
        return functional("InTopK", "intopk", x1, x2, self.k)


class NthElement(Primitive):
    """The ``n``-th smallest (or largest with ``reverse``) value along the last axis."""

    @prim_attr_register
    def __init__(self, reverse=False):
        pass

    def __call__(self, input, n):
        return array_func.nth_element(input, n, reverse=self.reverse)


class PopulationCount(Primitive):
    """The number of set bits of each integer (UInt8)."""

    def __init__(self):
        super().__init__("PopulationCount")

    def __call__(self, input_x):
        return math_func.population_count(input_x)


__all__ += ["Bincount", "Bucketize", "CholeskyInverse", "CholeskySolve", "CountNonZero", "Cummax", "Cummin",
            "CumulativeLogsumexp", "EuclideanNorm", "Geqrf", "Histogram", "InTopK", "LinSpace", "LogMatrixDeterminant",
            "Logit", "LuSolve", "MatrixBandPart", "MatrixInverse", "MatrixPower", "MatrixSolve",
            "MatrixTriangularSolve", "Median", "Mvlgamma", "NanToNum", "NthElement", "Orgqr", "Polygamma",
            "PopulationCount", "Qr", "Renorm", "SquareSumAll", "Svd"]


class MatrixSolveLs(Primitive):
    """Least-squares solution of ``matrix @ X = rhs`` (batched), regularised by ``l2_regularizer * |X|^2``."""

    @prim_attr_register
    def __init__(self, fast=True):
        validator.check_value_type("fast", fast, [bool], self.name)

    def __call__(self, matrix, rhs, l2_regularizer):
        return linalg_func.matrix_solve_ls(matrix, rhs, l2_regularizer)


class Quantile(Primitive):
    """The ``q`` quantiles along ``dim`` (NaN-aware with ``ignore_nan``)."""

    @prim_attr_register
    def __init__(self, dim=None, keep_dims=False, ignore_nan=False):
        pass

    def __call__(self, input, q):
        return functional("Quantile", "nanquantile" if self.ignore_nan else "quantile", input, q, self.dim,
                          self.keep_dims)


class Eig(Primitive):
    """Eigenvalues (and with ``compute_v`` eigenvectors) of square matrices (complex)."""

    @prim_attr_register
    def __init__(self, compute_v=False):
        pass

    def __call__(self, x):
        if self.compute_v:
            return functional("Eig", "eig", x)
        w = functional("Eig", "eigvals", x)
        return w, _wrap(w._t.new_zeros(()))  # MindSpore 2.10 gives a 0-d placeholder for the vectors  # MindSpore's placeholder


class LuUnpack(Primitive):
    """``(P, L, U)`` from a packed LU factorisation and its pivots."""

    @prim_attr_register
    def __init__(self, unpack_data=True, unpack_pivots=True):
        pass

    def __call__(self, LU_data, LU_pivots):
        return functional("LuUnpack", "lu_unpack", LU_data, LU_pivots, self.unpack_data, self.unpack_pivots)


class Cauchy(Primitive):
    """Cauchy samples of ``size`` with ``median`` and scale ``sigma``."""

    @prim_attr_register
    def __init__(self, size, median=0.0, sigma=1.0):
        pass

    def __call__(self):
        return random_func.cauchy(median=self.median, sigma=self.sigma, size=self.size)


class EqualCount(Primitive):
    """The number of equal elements of ``x`` and ``y``, as a 1-element tensor of their dtype."""

    def __init__(self):
        super().__init__("EqualCount")

    def __call__(self, x, y):
        return math_func.equal_count(x, y)


class HistogramFixedWidth(Primitive):
    """Counts of ``x`` in ``nbins`` equal bins over ``range`` (values outside go to the edge bins)."""

    @prim_attr_register
    def __init__(self, nbins, dtype="int32"):
        validator.check_value_type("nbins", nbins, [int], self.name)
        validator.check_int(nbins, 1, validator.GE, "nbins", self.name)
        validator.check_string(dtype, ["int32"], "dtype", self.name)

    def __call__(self, x, range):
        return math_func.histogram_fixed_width(x, range, nbins=self.nbins)


class CompareAndBitpack(Primitive):
    """Pack ``x > threshold`` along the last axis, 8 values per UInt8."""

    def __init__(self):
        super().__init__("CompareAndBitpack")

    def __call__(self, x, threshold):
        return math_func.compare_and_bitpack(x, threshold)


class LerpScalar(Primitive):
    """Linear interpolation with a Python-number ``weight``."""

    def __init__(self):
        super().__init__("LerpScalar")

    def __call__(self, input, end, weight):
        # MindSpore 2.10's argument parser takes only a Python float for weight (not an int, bool or Tensor).
        if not isinstance(weight, float):
            raise TypeError(f"For 'LerpScalar', the 'weight' must be a float, but got {type(weight).__name__}")
        _check_dtypes("LerpScalar", input=input, end=end)
        return functional("LerpScalar", "lerp", input, end, weight)


class FloatStatus(Primitive):
    """``[1.]`` when ``x`` holds a NaN or an infinity, ``[0.]`` otherwise."""

    def __init__(self):
        super().__init__("FloatStatus")

    def __call__(self, x):
        return math_func.float_status(x)


class NMSWithMask(Primitive):
    """Non-maximum suppression of (x1, y1, x2, y2, score) boxes: ``(boxes, indices, keep mask)``."""

    @prim_attr_register
    def __init__(self, iou_threshold=0.5):
        validator.check_value_type("iou_threshold", iou_threshold, [float], self.name)

    def __call__(self, bboxes):
        return image_func.nms_with_mask(bboxes, iou_threshold=self.iou_threshold)


class AccumulateNV2(Primitive):
    """Sum of a tuple or list of tensors of the same shape."""

    def __init__(self):
        super().__init__("AccumulateNV2")

    def __call__(self, inputs):
        if isinstance(inputs, Tensor):
            # MindSpore 2.10 takes a Tensor as the sequence of its rows (it asks for its length first).
            if inputs._t.dim() == 0:
                raise TypeError("For 'AccumulateNV2', the 'inputs' must be a tuple or list of Tensors, but got a "
                                "0-D Tensor, which has no length")
            inputs = [_wrap(row) for row in inputs._t.unbind(0)]
        return functional("AccumulateNV2", "addn", inputs)


class TridiagonalMatMul(Primitive):
    """Product of a tridiagonal matrix (given by its three diagonals) with ``rhs``."""

    def __init__(self):
        super().__init__("TridiagonalMatMul")

    def __call__(self, superdiag, maindiag, subdiag, rhs):
        diags = {"superdiag": superdiag, "maindiag": maindiag, "subdiag": subdiag}
        _check_dtypes("TridiagonalMatMul", **diags, rhs=rhs)
        for name, value in (*diags.items(), ("rhs", rhs)):
            _check_ndim("TridiagonalMatMul", name, value, 2, at_least=True)
        r = rhs._t
        for name, value in diags.items():
            d = value._t
            if d.shape[-2] != 1 or d.shape[:-2] != r.shape[:-2] or d.shape[-1] != r.shape[-2]:
                raise ValueError(f"For 'TridiagonalMatMul', the '{name}' must have shape [..., 1, M] for 'rhs' of "
                                 f"shape [..., M, N] {tuple(r.shape)}, but got {tuple(d.shape)}")
        sup, main, sub = (v._t.mT for v in diags.values())  # (..., M, 1): one factor per row of rhs
        out = main * r
        out[..., :-1, :] += sup[..., :-1, :] * r[..., 1:, :]
        out[..., 1:, :] += sub[..., 1:, :] * r[..., :-1, :]
        return _wrap(out)


class Ormqr(Primitive):
    """Multiply ``other`` by the orthogonal matrix of Householder reflectors ``(x, tau)``."""

    @prim_attr_register
    def __init__(self, left=True, transpose=False):
        validator.check_value_type("left", left, [bool], self.name)
        validator.check_value_type("transpose", transpose, [bool], self.name)

    def __call__(self, *inputs):
        if len(inputs) != 3:  # MindSpore 2.10 counts the inputs itself (ValueError), not Python's call
            raise ValueError(f"For 'Ormqr', the number of inputs must be 3 (x, tau, other), but got {len(inputs)}")
        x, tau, other = inputs
        _check_dtypes("Ormqr", x=x, tau=tau, other=other)
        return functional("Ormqr", "ormqr", x, tau, other, self.left, self.transpose)


class STFT(Primitive):
    """Short-time Fourier transform of ``x`` with ``window``."""

    @prim_attr_register
    def __init__(self, n_fft, hop_length, win_length, normalized, onesided, return_complex):
        pass

    def __call__(self, x, window):
        return scalar_func.stft(x, self.n_fft, self.hop_length, self.win_length, window, center=False,
                                normalized=self.normalized, onesided=self.onesided, return_complex=self.return_complex)


class FFTWithSize(Primitive):
    """(Inverse) FFT over the last ``signal_ndim`` axes, complex or real (``rfft``/``irfft``)."""

    @prim_attr_register
    def __init__(self, signal_ndim, inverse, real, norm="backward", onesided=True, signal_sizes=()):
        pass

    def __call__(self, x):
        return fft_func.fft_with_size(x, real=self.real, inverse=self.inverse, onesided=self.onesided,
                                     signal_ndim=self.signal_ndim, signal_sizes=self.signal_sizes, norm=self.norm)


class MatrixLogarithm(Primitive):
    """Principal matrix logarithm of diagonalisable complex matrices (via eigendecomposition)."""

    def __init__(self):
        super().__init__("MatrixLogarithm")

    def __call__(self, x):
        return linalg_func.matrix_logarithm(x)


class Betainc(Primitive):
    """The regularized incomplete beta function ``I_x(a, b)``, element-wise.

    Inputs:
        - **a**, **b** (Tensor) - positive, float32 or float64.
        - **x** (Tensor) - in [0, 1], of the same shape and dtype.

    Outputs:
        Tensor of the inputs' shape and dtype.
    """

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, a, b, x):
        return math_func.betainc(a, b, x)

__all__ += ["MatrixSolveLs", "Quantile", "Eig", "LuUnpack", "Cauchy", "EqualCount", "HistogramFixedWidth", "CompareAndBitpack", "LerpScalar", "FloatStatus", "NMSWithMask", "AccumulateNV2", "TridiagonalMatMul", "Ormqr", "STFT", "FFTWithSize", "MatrixLogarithm", "Betainc"]


class AddV2(globals()["Add"]):
    """Element-wise ``x + y`` with broadcasting and type promotion (MindSpore's AddV2 kernel; Add's semantics)."""

    def __init__(self):
        super().__init__()
        self.name = "AddV2"


__all__ += ["AddV2"]


def _infer_shape_reduce(x, axis, keep_dims, prim_name):
    """The output shape of a reduce Primitive over ``axis`` (an int, or a tuple/list; empty: all axes) of an
    input of shape ``x``."""
    validator.check_value_type("axis", axis, [int, tuple, list], prim_name)
    dim = len(x)
    if not isinstance(axis, int) and not axis:
        return [1] * dim if keep_dims else []
    reduced = set()
    for index, one in enumerate([axis] if isinstance(axis, int) else axis):
        if not isinstance(axis, int):
            validator.check_value_type(f"axis[{index}]", one, [int], prim_name)
        validator.check_int_range(one, -dim, dim, validator.INC_LEFT, "axis", prim_name)
        reduced.add(one + dim if one < 0 else one)
    return [1 if i in reduced else x[i] for i in range(dim) if keep_dims or i not in reduced]


class _BinaryOp(Primitive):
    """Base of the binary Primitives: inputs ``x`` and ``y``, the output shape their broadcast."""

    @prim_attr_register
    def __init__(self):
        self.init_prim_io_names(inputs=["x", "y"], outputs=["output"])

    def infer_shape(self, x_shape, y_shape):
        """The broadcast of ``x_shape`` and ``y_shape`` (a ValueError naming the Primitive where they do not)."""
        out = []
        for k in range(1, max(len(x_shape), len(y_shape)) + 1):
            a = x_shape[-k] if k <= len(x_shape) else 1
            b = y_shape[-k] if k <= len(y_shape) else 1
            if a != b and 1 not in (a, b):
                raise ValueError(f"For '{self.name}', x.shape and y.shape need to broadcast. The value of x.shape"
                                 f"[{-k}] or y.shape[{-k}] must be 1 or -1 when they are not the same, but got "
                                 f"x.shape = {list(x_shape)} and y.shape = {list(y_shape)}.")
            out.append(b if a == 1 else a)
        return out[::-1]


class SparseSegmentMean(Primitive):
    """``SparseSegmentMean()(x, indices, segment_ids)``: the rows ``x[indices]`` averaged per segment id."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, x, indices, segment_ids):
        from ..function import sparse_func
        return sparse_func.sparse_segment_reduce(x, indices, segment_ids, None, "mean")


class SelfAdjointEig(Primitive):
    """Eigen-decomposition of a self-adjoint matrix (its lower triangle): ``(eigenvalues, eigenvectors)``;
    without ``compute_v`` the eigenvectors are an empty placeholder of the input's dtype."""

    @prim_attr_register
    def __init__(self, compute_v=True):
        pass

    def __call__(self, x):
        from ..function import linalg_func
        if self.compute_v:
            return linalg_func._eigh(x, True, True)
        from ..function import creation_func
        return linalg_func._eigh(x, False, True), creation_func.zeros((0,), x.dtype)


__all__ += ["SparseSegmentMean", "SelfAdjointEig"]


class TridiagonalSolve(Primitive):
    """``TridiagonalSolve(partial_pivoting)(diagonals, rhs)``: ``X`` with ``A X = rhs`` for the tridiagonal
    ``A`` given by ``diagonals`` (..., 3, M: superdiagonal, diagonal, subdiagonal)."""

    @prim_attr_register
    def __init__(self, partial_pivoting=True):
        pass

    def __call__(self, diagonals, rhs):
        from ..function import linalg_func
        return linalg_func.tridiagonal_solve(diagonals, rhs)


__all__ += ["TridiagonalSolve"]
