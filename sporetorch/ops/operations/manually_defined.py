"""Control-flow Primitive classes (``mindspore.ops.operations.manually_defined``): loops and scans."""


from ...common.tensor import _u
from ..primitive import Primitive
from ._infer_value import *  # noqa: F401,F403 - ops_def's infer_value_for_<Op> names
from ._infer_value import _infer_value_for_max_min, _infer_value_for_Reduce, _infer_value_for_ReduceExtand  # noqa: F401
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


def batch_norm_(input_x, scale, bias, mean, variance, is_training=False, epsilon=1e-5, momentum=0.1,
                data_format="NCHW"):
    """``BatchNorm(is_training, epsilon, momentum, data_format)(input_x, scale, bias, mean, variance)``:
    ``(y, batch_mean, batch_variance, reserve_space_1, reserve_space_2)``."""
    from .nn_ops import BatchNorm
    return BatchNorm(is_training, epsilon, momentum, data_format)(input_x, scale, bias, mean, variance)


class TensorReport(Primitive):
    """``TensorReport()(file, input_x)``: reports a Tensor to a channel of MindSpore's graph runtime; eagerly
    it only logs a warning and returns None, as MindSpore 2.10 does in PyNative mode."""

    def __init__(self):
        super().__init__("TensorReport")
        self.add_prim_attr("side_effect_mem", True)
        self.add_prim_attr("channel_name", "ms_tensor_report")

    def __call__(self, file, input_x):
        from ... import log as logger
        logger.warning("TensorReport doesn't support pynative mode.")
