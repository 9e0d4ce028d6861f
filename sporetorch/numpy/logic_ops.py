"""Comparison and logic functions of ``mindspore.numpy``."""
import numpy as onp

from .. import ops
from ..common import dtype as mstype
from ..common.tensor import Tensor
from ..ops.function.array_func import _isin
from .utils import _apply_binary, _apply_unary, _cast, _cast_out, _is_float, _one, _to_common

__all__ = ["not_equal", "less_equal", "less", "greater_equal", "greater", "equal", "isfinite", "isnan", "isinf",
           "isposinf", "isneginf", "isscalar", "logical_and", "logical_not", "logical_or", "logical_xor", "in1d",
           "isin", "isclose", "signbit", "sometrue", "array_equal", "array_equiv", "setdiff1d"]


def equal(x1, x2, dtype=None):
    """``x1 == x2`` element-wise."""
    return _apply_binary(ops.equal, x1, x2, dtype)


def not_equal(x1, x2, dtype=None):
    """``x1 != x2`` element-wise."""
    return _apply_binary(ops.not_equal, x1, x2, dtype)


def less(x1, x2, dtype=None):
    """``x1 < x2`` element-wise."""
    return _apply_binary(ops.less, x1, x2, dtype)


def less_equal(x1, x2, dtype=None):
    """``x1 <= x2`` element-wise."""
    return _apply_binary(ops.less_equal, x1, x2, dtype)


def greater(x1, x2, dtype=None):
    """``x1 > x2`` element-wise."""
    return _apply_binary(ops.greater, x1, x2, dtype)


def greater_equal(x1, x2, dtype=None):
    """``x1 >= x2`` element-wise."""
    return _apply_binary(ops.greater_equal, x1, x2, dtype)


def isfinite(x, dtype=None):
    """Whether each element is finite."""
    return _apply_unary(ops.isfinite, x, dtype)


def isnan(x, dtype=None):
    """Whether each element is NaN."""
    return _apply_unary(ops.isnan, x, dtype)


def isinf(x, dtype=None):
    """Whether each element is +-inf."""
    return _apply_unary(ops.isinf, x, dtype)


def isposinf(x):
    """Whether each element is +inf."""
    return ops.isposinf(_one(x))


def isneginf(x):
    """Whether each element is -inf."""
    return ops.isneginf(_one(x))


def signbit(x, dtype=None):
    """Whether each element is negative (``-0.0`` is not, unlike numpy: MindSpore tests ``x < 0``)."""
    x = _one(x)
    if x.dtype == mstype.bool_:
        raise TypeError("For 'signbit', the input dtype must not be bool.")
    return _cast_out(ops.less(x, ops.zeros((), x.dtype)), dtype)


def isscalar(element):
    """Whether ``element`` is a Python scalar (a Tensor is not)."""
    return isinstance(element, (int, float, complex, bool, str, bytes))


def _bool(x):
    return _cast(_one(x), mstype.bool_)


def logical_and(x1, x2, dtype=None):
    """Element-wise logical AND."""
    return _cast_out(ops.logical_and(_bool(x1), _bool(x2)), dtype)


def logical_or(x1, x2, dtype=None):
    """Element-wise logical OR."""
    return _cast_out(ops.logical_or(_bool(x1), _bool(x2)), dtype)


def logical_xor(x1, x2, dtype=None):
    """Element-wise logical XOR."""
    return _cast_out(ops.logical_xor(_bool(x1), _bool(x2)), dtype)


def logical_not(a, dtype=None):
    """Element-wise logical NOT."""
    return _cast_out(ops.logical_not(_bool(a)), dtype)


def isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False):
    """Whether ``|a - b| <= atol + rtol * |b|`` element-wise."""
    a, b = _to_common(a, b)
    shape = onp.broadcast_shapes(a.shape, b.shape)
    return ops.isclose(ops.broadcast_to(a, shape), ops.broadcast_to(b, shape), rtol, atol, equal_nan)


def in1d(ar1, ar2, invert=False):
    """Whether each element of the flattened ``ar1`` is in ``ar2``."""
    a1, a2 = _to_common(ar1, ar2)
    return _isin(a1.reshape(-1), a2, invert)


def isin(element, test_elements, invert=False):
    """Whether each element of ``element`` is in ``test_elements`` (``element``'s shape)."""
    e, t = _to_common(element, test_elements)
    return _isin(e, t, invert)


def sometrue(a, axis=None, keepdims=False):
    """Whether any element (along ``axis``) is true."""
    return ops.any(_bool(a), axis, keepdims) if axis is not None or keepdims else ops.any(_bool(a))


def array_equal(a1, a2, equal_nan=False):
    """Whether the arrays have the same shape and elements (a 0-d bool Tensor)."""
    a1, a2 = _to_common(a1, a2)
    if a1.shape != a2.shape:
        return Tensor(False)
    eq = ops.equal(a1, a2)
    if equal_nan and _is_float(a1):
        eq = ops.logical_or(eq, ops.logical_and(ops.isnan(a1), ops.isnan(a2)))
    return ops.all(eq)


def array_equiv(a1, a2):
    """Whether the arrays are equal after broadcasting (a 0-d bool Tensor)."""
    a1, a2 = _to_common(a1, a2)
    try:
        shape = onp.broadcast_shapes(a1.shape, a2.shape)
    except ValueError:
        return Tensor(False)
    return ops.all(ops.equal(ops.broadcast_to(a1, shape), ops.broadcast_to(a2, shape)))


def setdiff1d(ar1, ar2, assume_unique=False):
    """The sorted unique values of ``ar1`` not in ``ar2``."""
    a1, a2 = _to_common(ar1, ar2)
    v1 = a1.reshape(-1) if assume_unique else ops.sort(ops.unique(a1)[0])[0]
    return v1[_isin(v1, a2, invert=True)]


# ---------------------------------------------------------------------------- MindSpore 2.10's private helpers
# of ``numpy.logic_ops`` (model code imports them), as adapters of ``ops``.
def _isinf(x):
    """Bool: ``x`` is infinite."""
    return ops.isinf(x)


def _is_sign_inf(x, fn):
    """Bool: ``x`` is infinite and ``fn(x, 0)`` holds (``fn`` is ``ops.less`` or ``ops.greater``)."""
    return ops.logical_and(ops.isinf(x), fn(x, ops.zeros(x.shape, mstype.float32)))
