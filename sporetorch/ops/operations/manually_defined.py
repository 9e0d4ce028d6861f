"""Control-flow Primitive classes (``mindspore.ops.operations.manually_defined``): loops and scans."""


from ...common.tensor import _u
from ..primitive import Primitive
from ._infer_value import (_infer_value_for_max_min, infer_value_for_Diag,  # noqa: F401 - ops_def names
                           infer_value_for_EqualExt, infer_value_for_GatherD, infer_value_for_Max, infer_value_for_Min,
                           infer_value_for_ReduceAll, infer_value_for_ReduceAny, infer_value_for_ReduceMax,
                           infer_value_for_ReduceMin, infer_value_for_Softmax, infer_value_for_Tile)
from ._scalar_ops import (ScalarAdd, ScalarBool, ScalarDiv, ScalarEq, ScalarFloorDiv, ScalarGe,  # noqa: F401 - ops_def names
                          ScalarGt, ScalarLe, ScalarLog, ScalarLt, ScalarMax, ScalarMin, ScalarMod, ScalarMul,
                          ScalarPow, ScalarSub, ScalarUadd, ScalarUsub)

__all__ = []

# ops_def's ready-made instance of ScalarBool
scalar_bool = ScalarBool()


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
