"""Helpers shared by the Tensor method families: operand unwrapping, axis spellings, the dtype checks of
the legacy methods whose MindSpore 2.10 kernel is stricter than their functional op."""
import builtins

import torch

from ...ops import function as _function
from .. import dtype as mstype
from ..tensor import Tensor, _u

_to_torch_dtype = mstype.to_torch
_Type = mstype.Type
_int32 = torch.int32
_float32 = torch.float32

__all__ = []


def _dims(axis):
    """MindSpore axis (None, int, tuple, list, empty tuple = all) → torch ``dim``."""
    if axis is None or axis == ():
        return None
    if isinstance(axis, list):
        return tuple(axis)
    return axis


def _pick(primary, *aliases, default=None):
    """The first of ``primary`` and its alias keywords that was given."""
    if primary is not None:
        return primary
    for a in aliases:
        if a is not None:
            return a
    return default


def _fail(name, exc, self):
    """Re-raise a torch error from ``Tensor.name`` as MindSpore does: TypeError for dtypes, ValueError otherwise,
    naming the method and the tensor's shape and dtype."""
    msg = str(exc).split("\n")[0]
    low = msg.lower()
    kind = TypeError if ("dtype" in low or "not implemented for" in low or "expected scalar type" in low) else ValueError
    raise kind(f"For 'Tensor.{name}' on a tensor of shape {tuple(self._t.shape)} and dtype {self.dtype}: {msg}") from None


def _op(name):
    """The functional op ``name`` (``ops.function.name``)."""
    return getattr(_function, name)


def _no_bool(name, self):
    """TypeError for a Bool tensor, which MindSpore 2.10's kernel for ``Tensor.name`` does not take."""
    if self._t.dtype == torch.bool:
        raise TypeError(f"For 'Tensor.{name}', the input must not be Bool")


def _float_only(name, self):
    """TypeError unless the tensor is floating-point (MindSpore 2.10 has no integer or Bool kernel)."""
    if not self._t.is_floating_point():
        raise TypeError(f"For 'Tensor.{name}', the input must be a float Tensor, but got {self.dtype}")


def _float_or_complex(name, self):
    """TypeError unless the tensor is float or complex (MindSpore 2.10 has no integer or Bool kernel)."""
    t = self._t
    if not (t.is_floating_point() or t.is_complex()):
        raise TypeError(f"For 'Tensor.{name}', the input must be a float or complex Tensor, but got {self.dtype}")


def _complex_only(name, self):
    """TypeError unless the tensor is complex (MindSpore 2.10's kernel takes no other)."""
    if not self._t.is_complex():
        raise TypeError(f"For 'Tensor.{name}', the input must be a complex Tensor, but got {self.dtype}")


def _integral(name, self):
    """TypeError for a float or complex tensor (a bitwise kernel takes integers and Bool only)."""
    t = self._t
    if t.is_floating_point() or t.is_complex():
        raise TypeError(f"For 'Tensor.{name}', the input must be an integer or Bool Tensor, but got {self.dtype}")


def _rank_at_least_1(name, self):
    """ValueError for a 0-d tensor, which MindSpore 2.10's cumulative kernels refuse."""
    if self._t.dim() == 0:
        raise ValueError(f"For 'Tensor.{name}', the rank of the input must be greater than 0, but got 0")


# The dtype check of a method whose MindSpore 2.10 kernel takes fewer dtypes than its functional op (which
# computes integers in Float32): ``Tensor.acos`` runs the ``ACos`` Primitive, which has no integer or Bool kernel.
_METHOD_CHECKS = {
    **dict.fromkeys(("acos", "acosh", "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctanh", "asin",
                     "asinh", "atan", "atanh", "cos", "cosh", "exp", "expm1", "log", "log10", "log1p", "log2",
                     "rsqrt", "sin", "sinh", "tan"), _float_or_complex),
    **dict.fromkeys(("erf", "erfc", "erfinv", "floor", "isinf", "isneginf", "isposinf", "logit", "nan_to_num"),
                    _float_only),
    "sgn": _no_bool, "sign": _no_bool, "digamma": _float_only, "lgamma": _no_bool, "angle": _complex_only, "minimum": _no_bool, "bitwise_not": _integral,
    "cummin": _rank_at_least_1, "cumprod": _rank_at_least_1,
}


def _promotes_to_float(name, self, other):
    """TypeError unless the tensor and ``other`` promote to a float or complex dtype: MindSpore 2.10's kernel for
    ``Tensor.name`` (Atan2, Xlogy) is float only."""
    dt = torch.result_type(self._t, _u(other))
    if not (dt.is_floating_point or dt.is_complex):
        raise TypeError(f"For 'Tensor.{name}', the inputs must promote to a float Tensor, but got {self.dtype} "
                        f"and {other.dtype if isinstance(other, Tensor) else builtins.type(other).__name__}")


def _shape_args(shape):
    """``f(2, 3)`` and ``f((2, 3))`` both mean shape (2, 3)."""
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        return tuple(shape[0])
    return shape
