"""BiDense: the bilinear layer."""
import math


from ...common import dtype as mstype
from ...common.initializer import Uniform, initializer
from ...common.parameter import Parameter
from ...common.tensor import Tensor, _wrap
from ...ops.function.nn_func import bidense
from ..cell import Cell
from ._checks import check_bool, positive_int

__all__ = ["BiDense"]


class BiDense(Cell):
    r"""Bilinear layer: :math:`y_k = x_1^T W_k x_2 + b_k`.

    Args:
        in1_channels (int): size of the last dimension of ``input1``.
        in2_channels (int): size of the last dimension of ``input2``.
        out_channels (int): output size.
        weight_init: Default: U(-1/sqrt(in1_channels), 1/sqrt(in1_channels)).
        bias_init: Default: the same uniform distribution.
        has_bias (bool): Default: True.
        dtype: the Parameters' dtype. Default: Float32.

    Inputs:
        - **input1** (Tensor) - shape :math:`(*, in1\_channels)`.
        - **input2** (Tensor) - shape :math:`(*, in2\_channels)`, same leading shape.

    Outputs:
        Tensor of shape :math:`(*, out\_channels)`.

    Differences from PyTorch: ``torch.nn.Bilinear`` with ``bias`` named ``has_bias``.
    """

    def __init__(self, in1_channels, in2_channels, out_channels, weight_init=None, bias_init=None, has_bias=True,
                 dtype=mstype.float32):
        super().__init__()
        self.in1_channels = positive_int(in1_channels, "in1_channels", "BiDense")
        self.in2_channels = positive_int(in2_channels, "in2_channels", "BiDense")
        self.out_channels = positive_int(out_channels, "out_channels", "BiDense")
        self.has_bias = check_bool(has_bias, "has_bias", "BiDense")
        shape = (out_channels, in1_channels, in2_channels)
        if isinstance(weight_init, Tensor) and tuple(weight_init.shape) != shape:
            raise ValueError(f"For 'BiDense', the shape of 'weight_init' must be {shape}, but got {weight_init.shape}")
        bound = 1 / math.sqrt(in1_channels)
        self.weight = Parameter(initializer(Uniform(bound) if weight_init is None else weight_init, shape, dtype),
                                name="weight")
        self.bias = None
        if has_bias:
            self.bias = Parameter(initializer(Uniform(bound) if bias_init is None else bias_init, [out_channels],
                                              dtype), name="bias")

    def construct(self, input1, input2):
        a, b = input1._t, input2._t
        if a.shape[-1] != self.in1_channels or b.shape[-1] != self.in2_channels or a.shape[:-1] != b.shape[:-1]:
            raise ValueError(f"For 'BiDense', the inputs must have last dimensions {self.in1_channels} and "
                             f"{self.in2_channels} and equal leading shapes, but got {tuple(a.shape)} and "
                             f"{tuple(b.shape)}")
        if b.dtype != a.dtype and a.is_floating_point() and (
                not b.is_floating_point() or b.itemsize < a.itemsize):
            b = b.to(a.dtype)  # MindSpore 2.10 multiplies by input2, which promotes it to input1's dtype
        return bidense(input1, _wrap(b), self.weight, self.bias)

    def extend_repr(self):
        s = f"in1_channels={self.in1_channels}, in2_channels={self.in2_channels}, output_channels={self.out_channels}"
        if self.has_bias:
            s += f", has_bias={self.has_bias}"
        return s
