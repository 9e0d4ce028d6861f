"""Control-flow Primitive classes (``mindspore.ops.operations.manually_defined``): loops and scans."""


from ...common.tensor import _u
from ..primitive import Primitive
from ._scalar_ops import (ScalarAdd, ScalarBool, ScalarDiv, ScalarEq, ScalarFloorDiv, ScalarGe,  # noqa: F401 - ops_def names
                          ScalarGt, ScalarLe, ScalarLog, ScalarLt, ScalarMax, ScalarMin, ScalarMod, ScalarMul,
                          ScalarPow, ScalarSub, ScalarUadd, ScalarUsub)

__all__ = []


class WhileLoop(Primitive):
    """``while cond_func(val): val = loop_func(val)``; returns the final value."""

    def __init__(self):
        super().__init__("WhileLoop")

    def __call__(self, cond_func, loop_func, init_val):
        val = init_val
        while bool(cond_func(val)):
            val = loop_func(val)
        return val


class ForiLoop(Primitive):
    """``for i in range(lower, upper): val = loop_func(i, val)``; returns the final value."""

    def __init__(self):
        super().__init__("ForiLoop")

    def __call__(self, lower, upper, loop_func, init_val, unroll=True):
        val = init_val
        for i in range(int(_u(lower)), int(_u(upper))):
            val = loop_func(i, val)
        return val


class Scan(Primitive):
    """``carry, y = loop_func(carry, x)`` over ``xs``; returns ``(carry, [ys])``."""

    def __init__(self):
        super().__init__("Scan")

    def __call__(self, loop_func, init, xs, length=None, unroll=True):
        carry, ys = init, []
        items = range(length) if xs is None else xs
        for x in items:
            carry, y = loop_func(carry, None if xs is None else x)
            ys.append(y)
        return carry, ys

__all__ += ["ForiLoop", "Scan", "WhileLoop"]
