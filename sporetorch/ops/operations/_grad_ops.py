"""Gradient Primitives of ``mindspore.ops.operations._grad_ops`` that are closed forms of functional ops:
each ``__call__`` composes the ops of ``ops.function``. (The other names of MindSpore's module resolve
through the module tree.)"""
from ..function import math_func as _math
from ..function import nn_func as _nn
from ..primitive import Primitive, prim_attr_register

__all__ = ["InvGrad", "SoftplusGrad", "TanhGrad"]


class TanhGrad(Primitive):
    """Gradient of Tanh from its output: ``dy * (1 - y * y)``.

    Inputs:
        - **y** (Tensor) - the output of Tanh.
        - **dy** (Tensor) - the gradient of the output, of ``y``'s shape and dtype.
    """

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, y, dy):
        return _math.mul(dy, _math.sub(1, _math.square(y)))


class SoftplusGrad(Primitive):
    """Gradient of Softplus: ``dy * sigmoid(x)``.

    Inputs:
        - **dy** (Tensor) - the gradient of the output.
        - **x** (Tensor) - the input of Softplus.
    """

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, dy, x):
        return _math.mul(dy, _nn.sigmoid(x))


class InvGrad(Primitive):
    """Gradient of Inv (``1 / x``) from its output: ``-dy * y * y``.

    Inputs:
        - **y** (Tensor) - the output of Inv.
        - **dy** (Tensor) - the gradient of the output.
    """

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, y, dy):
        return _math.neg(_math.mul(dy, _math.square(y)))
