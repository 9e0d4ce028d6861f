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


def _get_max_pool3d_grad_pads_by_pad_mode(input_shape, kernel_size, strides, pad_mode):
    """The six pads (front, back, top, bottom, left, right) of MaxPool3D's gradient: 'SAME' pads each spatial
    axis to cover a last window (the extra pad at the end), any other mode pads nothing."""
    def pad_of(size, ksize, stride):
        tail = size % stride
        pad = max((ksize - tail) if tail > 0 else (ksize - stride), 0)
        return pad // 2, pad // 2 + pad % 2

    if pad_mode != "SAME":
        return (0, 0, 0, 0, 0, 0)
    pads = ()
    for size, ksize, stride in zip(input_shape[2:], kernel_size[2:], strides[2:]):
        pads += pad_of(size, ksize, stride)
    return pads
