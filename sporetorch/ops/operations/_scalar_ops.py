"""Scalar Primitives (``mindspore.ops.operations._scalar_ops``, defined in MindSpore 2.10's
``manually_defined.ops_def``): Python-number arithmetic and comparisons as Primitive classes.

Each class adapts the call to the ``scalar_*`` function of ``ops.function.scalar_func``, where the
semantics live. ``bit_and``, ``bit_or`` and ``bool_not`` are the lower-case Primitive classes MindSpore's
graph compiler uses for ``&``, ``|`` and ``not`` on scalars.
"""
import operator

from ..function import scalar_func as _sf
from ..primitive import Primitive

__all__ = []


def _division(fn, op, message):
    """A division-like ``__call__``: MindSpore's Primitive raises its own ValueError on a zero divisor."""
    def call(self, x, y):
        if y == 0:
            raise ValueError(message)
        return fn(x, y)
    call.__name__ = "__call__"
    call.__doc__ = f"``{op}``; a zero divisor raises ValueError."
    return call


_ZERO_DIV = "The divisor could not be zero. But the divisor is zero now."

# name -> (__call__, one-line description)
_SCALAR_PRIMS = {
    "ScalarAdd": (lambda self, x, y: _sf.scalar_add(x, y), "``x + y`` of two scalars."),
    "ScalarSub": (lambda self, x, y: _sf.scalar_sub(x, y), "``x - y`` of two scalars."),
    "ScalarMul": (lambda self, x, y: _sf.scalar_mul(x, y), "``x * y`` of two scalars."),
    "ScalarDiv": (_division(_sf.scalar_div, "x / y", _ZERO_DIV), "True division ``x / y`` of two scalars."),
    "ScalarFloorDiv": (_division(_sf.scalar_floordiv, "x // y", _ZERO_DIV), "Floor division ``x // y``."),
    "ScalarMod": (_division(_sf.scalar_mod, "x % y", "Cannot perform modulo operation on zero."),
                  "``x % y`` of two scalars."),
    "ScalarPow": (lambda self, x, y: _sf.scalar_pow(x, y), "``pow(x, y)`` of two scalars."),
    "ScalarLog": (lambda self, x: _sf.scalar_log(x), "Natural logarithm of a scalar."),
    "ScalarUadd": (lambda self, x: _sf.scalar_uadd(x), "``+x`` of a scalar."),
    "ScalarUsub": (lambda self, x: _sf.scalar_usub(x), "``-x`` of a scalar."),
    "ScalarBool": (lambda self, x: bool(x), "Truth value ``bool(x)`` of a scalar."),
    "ScalarEq": (lambda self, x, y: _sf.scalar_eq(x, y), "``x == y`` of two scalars."),
    "ScalarGe": (lambda self, x, y: _sf.scalar_ge(x, y), "``x >= y`` of two scalars."),
    "ScalarGt": (lambda self, x, y: _sf.scalar_gt(x, y), "``x > y`` of two scalars."),
    "ScalarLe": (lambda self, x, y: _sf.scalar_le(x, y), "``x <= y`` of two scalars."),
    "ScalarLt": (lambda self, x, y: _sf.scalar_lt(x, y), "``x < y`` of two scalars."),
    "ScalarMax": (lambda self, x, y: _sf.scalar_max(x, y), "``max(x, y)`` of two scalars."),
    "ScalarMin": (lambda self, x, y: _sf.scalar_min(x, y), "``min(x, y)`` of two scalars."),
    "bit_and": (lambda self, x, y: operator.and_(x, y), "Bitwise ``x & y`` of two integer scalars."),
    "bit_or": (lambda self, x, y: operator.or_(x, y), "Bitwise ``x | y`` of two integer scalars."),
    "bool_not": (lambda self, x: not x, "Logical ``not x`` of a scalar."),
}


def _init(self):
    Primitive.__init__(self, type(self).__name__)


def _make(name, call, doc):
    """A Primitive class ``name`` taking no attributes whose call is ``call``."""
    call.__name__ = "__call__"
    return type(name, (Primitive,), {
        "__module__": __name__, "__qualname__": name, "__init__": _init, "__call__": call,
        "__doc__": f"{doc}\n\n    Inputs: the scalar operand(s). Outputs: a Python scalar, as in MindSpore 2.10.\n"})


for _name, (_call, _doc) in _SCALAR_PRIMS.items():
    globals()[_name] = _make(_name, _call, _doc)
    __all__.append(_name)
del _name, _call, _doc
