"""The Tensor operators (``+``, ``-``, ``@``, ``<``, ``~`` ...): each *is* the functional op of the primitive
MindSpore 2.10 runs for it, so the operator has the op's checks and its translated errors at no extra call.

``a + b`` calls ``Tensor.__add__(a, b)``, which is the functional op ``add_ext(input, other)`` (AddExt, as
``mint.add``): its argument order is the operator's. A reflected operator (``1 - a``) swaps the operands
in a one-line method. ``==``/``!=`` compare with Tensors and Python numbers only, as in MindSpore; anything
else (None, str, arrays) is unequal.
"""
from ...ops.function import linalg_func, math_func
from ..tensor import Tensor

__all__ = []

_eq, _ne = math_func.eq, math_func.ne

# operator -> the functional op it is (MindSpore 2.10's primitive for the operator in the comment).
_OPERATORS = {
    "__add__": math_func._add_ext,          # AddExt (no dtype check: Bool + Bool is Bool)
    "__sub__": math_func._sub_ext,          # SubExt (Bool - Bool is their xor)
    "__mul__": math_func.mul,               # Mul
    "__truediv__": math_func.div,           # Div
    "__floordiv__": math_func.floor_divide,  # FloorDiv
    "__mod__": math_func.floor_mod,         # FloorMod
    "__pow__": math_func.pow,               # Pow
    "__matmul__": linalg_func.matmul,       # MatMul
    "__and__": math_func.bitwise_and,       # BitwiseAnd
    "__or__": math_func.bitwise_or,         # BitwiseOr
    "__xor__": math_func.bitwise_xor,       # BitwiseXor
    "__lshift__": math_func.bitwise_left_shift,
    "__rshift__": math_func.bitwise_right_shift,
    "__lt__": math_func._lt,                # Less
    "__le__": math_func.le,                 # LessEqual
    "__gt__": math_func.gt,                 # Greater
    "__ge__": math_func.ge,                 # GreaterEqual
    "__neg__": math_func.neg,               # Neg (TypeError for Bool)
    "__abs__": math_func.abs,               # Abs
    "__invert__": math_func._invert_ext,    # ~ (logical NOT of floats)
}
_REFLECTED = {
    "__radd__": "__add__", "__rsub__": "__sub__", "__rmul__": "__mul__", "__rtruediv__": "__truediv__",
    "__rfloordiv__": "__floordiv__", "__rmod__": "__mod__", "__rpow__": "__pow__", "__rmatmul__": "__matmul__",
    "__rand__": "__and__", "__ror__": "__or__", "__rxor__": "__xor__",
}


def _reflected(op, name):
    """``other <op> self`` for the reflected operator ``name``: ``op(other, self)``."""
    def method(self, other):
        return op(other, self)
    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"``other {name}`` the tensor: ``{op.__name__}(other, self)``."
    return method


def __eq__(self, other):
    """Element-wise ``==`` with a Tensor or a Python number (``ops.equal``); anything else is unequal."""
    if isinstance(other, (Tensor, int, float)):
        return _eq(self, other)
    return False


def __ne__(self, other):
    """Element-wise ``!=`` with a Tensor or a Python number (``ops.not_equal``); anything else is unequal."""
    if isinstance(other, (Tensor, int, float)):
        return _ne(self, other)
    return True


def __pos__(self):
    return self


def _attach(cls):
    """Bind the operators on ``cls`` (the Tensor class)."""
    for name, op in _OPERATORS.items():
        setattr(cls, name, op)
    for name, forward in _REFLECTED.items():
        setattr(cls, name, _reflected(_OPERATORS[forward], name))
    for fn in (__eq__, __ne__, __pos__):
        setattr(cls, fn.__name__, fn)
    cls.__hash__ = object.__hash__  # defining __eq__ would otherwise clear it
