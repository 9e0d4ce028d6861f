"""Element-wise and linear-algebra methods of ``Tensor``: the methods that are their functional op, add, clamp, softmax, ..."""
import ast
import builtins
import inspect
import types

import torch

from ...ops.function import array_func, clip_func, linalg_func, math_func
from .. import dtype as mstype
from ..tensor import Tensor, _wrap
from ._common import (
    _METHOD_CHECKS,
    _float_only,
    _integral,
    _no_bool,
    _op,
    _pick,
    _promotes_to_float,
)


def bitwise_not(self):
    """Bitwise NOT of an integer or Bool tensor (MindSpore 2.10's method refuses floats, unlike ``~``)."""
    _integral("bitwise_not", self)
    return math_func._invert_ext(self)


def xlogy(self, other):
    """``ops.xlogy``; MindSpore 2.10's kernel is float only: two integer or Bool tensors raise TypeError (a number
    ``other`` is taken as a float)."""
    if isinstance(other, Tensor):
        _promotes_to_float("xlogy", self, other)
    return _op("xlogy")(self, other)


def atan2(self, other):
    """``ops.atan2``; MindSpore 2.10's kernel is float only (TypeError unless the operands promote to a float)."""
    _promotes_to_float("atan2", self, other)
    return _op("atan2")(self, other)


def arctan2(self, other):
    """``ops.arctan2`` (see ``atan2``)."""
    _promotes_to_float("arctan2", self, other)
    return _op("arctan2")(self, other)


def bitwise_right_shift(self, other):
    """``ops.bitwise_right_shift``; a float Tensor ``other`` of an integer tensor is cast to the tensor's dtype first,
    as MindSpore 2.10's method does."""
    if isinstance(other, Tensor) and other._t.is_floating_point() and not self._t.is_floating_point() \
            and self._t.dtype != torch.bool:
        other = _wrap(other._t.to(self._t.dtype))
    return _op("bitwise_right_shift")(self, other)


def top_k(self, k, sorted=True):
    """``ops.top_k``: the ``k`` largest entries along the last axis and their Int32 indices; MindSpore 2.10's
    method refuses a Bool tensor."""
    _no_bool("top_k", self)
    if self._t.dim() == 0:
        raise RuntimeError("For 'Tensor.top_k', the dimension of input must be greater than 0, but got a 0-d tensor")
    return array_func.top_k(self, k, sorted)


# Methods whose MindSpore 2.10 behaviour is their functional op's, with the same parameters after the
# Tensor (the Tensor-method and op sweeps check it case by case): they call it, so one implementation
# serves both.
_AS_FUNCTIONAL = {  # name: its parameters after the Tensor (those of the functional op)
    "abs": "",
    "absolute": "",
    "acos": "",
    "acosh": "",
    "addbmm": "batch1, batch2, *, beta=1, alpha=1",
    "addmm": "mat1, mat2, *, beta=1, alpha=1",
    "addmv": "mat, vec, *, beta=1, alpha=1",
    "adjoint": "",
    "angle": "",
    "arccos": "",
    "arccosh": "",
    "arcsin": "",
    "arcsinh": "",
    "arctan": "",
    "arctanh": "",
    "argwhere": "",
    "asin": "",
    "asinh": "",
    "atan": "",
    "atanh": "",
    "baddbmm": "batch1, batch2, *, beta=1, alpha=1",
    "bincount": "weights=None, minlength=0",
    "bitwise_and": "other",
    "bitwise_left_shift": "other",
    "bitwise_or": "other",
    "bitwise_xor": "other",
    "ceil": "",
    "cholesky": "upper=False",
    "cholesky_inverse": "upper=False",
    "cholesky_solve": "input2, upper=False",
    "conj": "",
    "copysign": "other",
    "cos": "",
    "cosh": "",
    "cov": "*, correction=1, fweights=None, aweights=None",
    "cross": "other, dim=None",
    "cummin": "axis",
    "cumprod": "dim, dtype=None",
    "deg2rad": "",
    "det": "",
    "diagflat": "offset=0",
    "diagonal_scatter": "src, offset=0, dim1=0, dim2=1",
    "diff": "n=1, axis=-1, prepend=None, append=None",
    "digamma": "",
    "dot": "other",
    "dsplit": "indices_or_sections",
    "eigvals": "",
    "eq": "other",
    "equal": "other",
    "erf": "",
    "erfc": "",
    "erfinv": "",
    "exp": "",
    "expand_as": "other",
    "expm1": "",
    "fills": "value",
    "fliplr": "",
    "flipud": "",
    "float_power": "other",
    "floor": "",
    "floor_divide": "other",
    "fmax": "other",
    "fmin": "other",
    "fmod": "other",
    "frac": "",
    "gather_nd": "indices",
    "gcd": "other",
    "ge": "other",
    "geqrf": "",
    "ger": "vec2",
    "greater": "other",
    "greater_equal": "other",
    "gt": "other",
    "hardshrink": "lambd=0.5",
    "heaviside": "values",
    "histc": "bins=100, min=0.0, max=0.0",
    "hypot": "other",
    "i0": "",
    "index_fill": "axis, index, value",
    "inner": "other",
    "inplace_update": "v, indices",
    "inv": "",
    "inverse": "",
    "invert": "",
    "isclose": "other, rtol=1e-05, atol=1e-08, equal_nan=False",
    "isfinite": "",
    "isinf": "",
    "isnan": "",
    "isneginf": "",
    "isposinf": "",
    "isreal": "",
    "lcm": "other",
    "ldexp": "other",
    "le": "other",
    "less": "other",
    "less_equal": "other",
    "lgamma": "",
    "log": "",
    "log10": "",
    "log1p": "",
    "log2": "",
    "log_matrix_determinant": "",
    "logaddexp": "other",
    "logaddexp2": "other",
    "logdet": "",
    "logical_and": "other",
    "logical_not": "",
    "logical_or": "other",
    "logical_xor": "other",
    "logit": "eps=None",
    "lstsq": "A",
    "lt": "other",
    "lu_solve": "LU_data, LU_pivots",
    "masked_select": "mask",
    "matrix_determinant": "",
    "matrix_power": "n",
    "maximum": "other",
    "minimum": "other",
    "msort": "",
    "mul": "other",
    "nan_to_num": "nan=None, posinf=None, neginf=None",
    "nanmean": "axis=None, keepdims=False, *, dtype=None",
    "nanquantile": "q, axis=None, keepdims=False",
    "ne": "other",
    "neg": "",
    "negative": "",
    "nextafter": "other",
    "nonzero": "*, as_tuple=False",
    "not_equal": "other",
    "orgqr": "input2",
    "outer": "vec2",
    "positive": "",
    "quantile": "q, axis=None, keepdims=False",
    "rad2deg": "",
    "reciprocal": "",
    "remainder": "other",
    "renorm": "p, axis, maxnorm",
    "reverse": "axis",
    "rsqrt": "",
    "sgn": "",
    "sigmoid": "",
    "sign": "",
    "signbit": "",
    "sin": "",
    "sinc": "",
    "sinh": "",
    "slice_scatter": "src, axis=0, start=None, end=None, step=1",
    "slogdet": "",
    "soft_shrink": "lambd=0.5",
    "sqrt": "",
    "square": "",
    "svd": "full_matrices=False, compute_uv=True",
    "tan": "",
    "tanh": "",
    "tensor_split": "indices_or_sections, axis=0",
    "true_divide": "other",
    "trunc": "",
    "unfold": "kernel_size, dilation=1, padding=0, stride=1",
    "unsorted_segment_max": "segment_ids, num_segments",
    "unsorted_segment_min": "segment_ids, num_segments",
    "unsorted_segment_prod": "segment_ids, num_segments",
    "view_as": "other",
    "xdivy": "y",
}


class _Functional:
    """A Tensor method that is its functional op: ``x.name(...)`` is ``ops.name(x, ...)``. Its signature
    (``(self, <params>)``) is built when asked for, so that importing the package stays quick."""

    def __init__(self, name, params):
        self.__name__ = self.__qualname__ = name
        call = f"self, {params}" if params else "self"
        self.__doc__ = f"``ops.{name}({call})``, as MindSpore 2.10's ``Tensor.{name}`` is."
        self._params = params
        self._check = _METHOD_CHECKS.get(name)

    def __get__(self, tensor, owner=None):
        return self if tensor is None else types.MethodType(self, tensor)

    def __call__(self, tensor, *args, **kwargs):
        if self._check is not None:
            self._check(self.__name__, tensor)
        return _op(self.__name__)(tensor, *args, **kwargs)

    @property
    def __signature__(self):
        args = ast.parse(f"def f(self, {self._params}): pass").body[0].args
        kinds = [(a, inspect.Parameter.POSITIONAL_OR_KEYWORD) for a in args.args] + \
            [(a, inspect.Parameter.KEYWORD_ONLY) for a in args.kwonlyargs]
        defaults = [None] * (len(args.args) - len(args.defaults)) + args.defaults + args.kw_defaults
        return inspect.Signature([
            inspect.Parameter(a.arg, kind, default=inspect.Parameter.empty if d is None else ast.literal_eval(d))
            for (a, kind), d in zip(kinds, defaults)])


for _name, _params in _AS_FUNCTIONAL.items():
    globals()[_name] = _Functional(_name, _params)


def multiply(self, value):
    """``ops.mul(self, value)``."""
    return math_func.mul(self, value)


def matmul(self, tensor2):
    """``ops.matmul(self, tensor2)``: NumPy broadcasting, 1-D operands are vectors."""
    return _op("matmul")(self, tensor2)


def mm(self, mat2):
    """``ops.mm(self, mat2)``."""
    return linalg_func.mm(self, mat2)


def bmm(self, mat2):
    """``ops.bmm(self, mat2)``."""
    return linalg_func.bmm(self, mat2)


def add(self, other, *, alpha=1):
    """``self + alpha * other`` as ``mint.add`` (AddExt, which takes Bool)."""
    return math_func._add_ext(self, other if alpha == 1 else math_func.mul(other, alpha))


def sub(self, other, *, alpha=1):
    """``self - alpha * other``; two Bool tensors give their exclusive or (Bool), as MindSpore 2.10's method does
    (``ops.sub`` refuses Bool)."""
    return math_func._sub_ext(self, other if alpha == 1 else math_func.mul(other, alpha))


subtract = sub


def div(self, other, *, rounding_mode=None):
    """True division (integers divide to Float32); ``rounding_mode`` 'floor' or 'trunc' rounds the quotient."""
    return math_func.div(self, other, rounding_mode=rounding_mode)


divide = div


def pow(self, exponent):
    """``ops.pow(self, exponent)``."""
    return math_func.pow(self, exponent)


def clamp(self, min=None, max=None):
    """``ops.clamp`` into ``[min, max]`` (Tensors or numbers; either may be None)."""
    return clip_func.clamp(self, min, max)


clip = clamp


def round(self, decimals=0):
    t = self._t
    if t.dtype == torch.bool:
        raise RuntimeError("For 'Tensor.round', MindSpore 2.10 has no kernel for a Bool tensor")
    if not t.is_floating_point():
        return _wrap(t.clone())
    return math_func.round(self, decimals=decimals)


def softmax(self, axis=None, dtype=None, *, dim=None):
    """Softmax along ``axis`` (or ``dim``), which MindSpore 2.10's method requires."""
    if axis is None and dim is None:
        raise TypeError("Tensor.softmax() missing 1 required positional argument: 'axis'")
    return _op("softmax")(self, _pick(dim, default=axis), dtype=dtype)


def lerp(self, end, weight):
    """``ops.lerp``; MindSpore 2.10's method takes float tensors only."""
    _float_only("lerp", self)
    return math_func.lerp(self, end, weight)


def allclose(self, other, rtol=1e-05, atol=1e-08, equal_nan=False):
    if isinstance(other, Tensor) and other._t.dtype != self._t.dtype:
        raise TypeError(f"For 'Tensor.allclose', the inputs must have the same dtype, but got {self.dtype} and "
                        f"{other.dtype}")
    return builtins.bool(math_func.isclose(self, other, rtol, atol, equal_nan).all())


def approximate_equal(self, other, tolerance=1e-05):
    """Whether ``|self - other| < tolerance`` element-wise; ``other`` must be a Tensor (MindSpore 2.10: ValueError)."""
    if not isinstance(other, Tensor):
        raise ValueError(  # noqa: TRY004 - MindSpore 2.10 raises ValueError
            f"For 'Tensor.approximate_equal', the 'other' must be a Tensor, but got {other}")
    x, y = self, other
    if x._t.dtype == torch.bool or y._t.dtype == torch.bool:
        x, y = x.astype(mstype.int8), y.astype(mstype.int8)
    return math_func.abs(x - y) < tolerance


def addcmul(self, tensor1, tensor2, value=1):
    if self._t.dtype not in _ADDCMUL_DTYPES:
        raise TypeError(f"For 'Tensor.addcmul', the input must be a BFloat16, Float16, Float32, Float64, Int8, "
                        f"UInt8, Int32 or Int64 Tensor, but got {self.dtype}")
    return math_func.addcmul(self, tensor1, tensor2, value)


_ADDCMUL_DTYPES = (torch.bfloat16, torch.float16, torch.float32, torch.float64, torch.int8, torch.uint8,
                   torch.int32, torch.int64)


def addcdiv(self, tensor1, tensor2, *, value=1):
    """``ops.addcdiv``. MindSpore 2.10's method has no integer or Bool kernel and says so when it runs:
    RuntimeError where the functional op's check raises TypeError."""
    try:
        return math_func.addcdiv(self, tensor1, tensor2, value)
    except TypeError as e:
        if not (isinstance(tensor1, Tensor) and isinstance(tensor2, Tensor)):
            raise  # a non-Tensor argument is refused before the kernel runs (TypeError)
        raise RuntimeError(str(e)) from None


def addr(self, vec1, vec2, beta=1, alpha=1):
    """``ops.addr`` (``beta`` and ``alpha`` may be given by position here)."""
    return _op("addr")(self, vec1, vec2, beta=beta, alpha=alpha)


def mvlgamma(self, p):
    _float_only("mvlgamma", self)
    return math_func.mvlgamma(self, p)


def _igamma_inputs(name, self, other):
    """MindSpore 2.10's Igamma/Igammac take two Float32 or Float64 Tensors of one dtype (TypeError otherwise)."""
    if self._t.dtype not in (torch.float32, torch.float64):
        raise TypeError(f"For 'Tensor.{name}', the input must be a Float32 or Float64 Tensor, but got {self.dtype}")
    if not isinstance(other, Tensor) or other._t.dtype != self._t.dtype:
        got = other.dtype if isinstance(other, Tensor) else builtins.type(other).__name__
        raise TypeError(f"For 'Tensor.{name}', the 'other' must be a Tensor of the input's dtype {self.dtype}, "
                        f"but got {got}")


def igamma(self, other):
    """``ops.igamma``, the regularised lower incomplete gamma function."""
    _igamma_inputs("igamma", self, other)
    return math_func.igamma(self, other)


def igammac(self, other):
    """``ops.igammac``, the regularised upper incomplete gamma function."""
    _igamma_inputs("igammac", self, other)
    return math_func.igammac(self, other)


def real(self):
    """``ops.real``: the real part (a real tensor is returned as it is)."""
    return math_func.real(self)


def imag(self):
    """``ops.imag``: the imaginary part (zeros for a real tensor)."""
    return math_func.imag(self)


# ---------------------------------------------------------------------------- linear algebra


def qr(self, some=True):
    """``ops.qr``: the reduced factorisation, or with ``some=False`` the complete one."""
    return _op("qr")(self, "reduced" if some else "complete")


def triangular_solve(self, A, upper=True, transpose=False, unitriangular=False):
    """``mint.triangular_solve(self, A, ...)``: ``(X, A)`` with ``A X = self``."""
    return linalg_func.triangular_solve(self, A, upper, transpose, unitriangular)


def ormqr(self, input2, input3, left=True, transpose=False):
    """``ops.ormqr(self, input2, input3, left, transpose)``."""
    return _op("ormqr")(self, input2, input3, left, transpose)
