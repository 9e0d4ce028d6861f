"""Basic layers: ``Dense``, ``Flatten``, ``Identity``."""
import math

import torch
import torch.nn.functional as F

from ...common import dtype as mstype
from ...common.initializer import HeUniform, Uniform, initializer
from ...common.parameter import Parameter
from ...common.tensor import Tensor, _wrap
from ..cell import Cell
from .activation import get_activation


class Dense(Cell):
    r"""Fully connected layer: :math:`y = activation(x W^T + b)`.

    Args:
        in_channels (int): size of the last input dimension.
        out_channels (int): size of the last output dimension.
        weight_init: initialiser of ``weight`` (out_channels, in_channels). Default: HeUniform(sqrt(5)).
        bias_init: initialiser of ``bias`` (out_channels,). Default: U(-1/sqrt(in), 1/sqrt(in)).
        has_bias (bool): whether to add ``bias``. Default: True.
        activation: an activation name (``"relu"``) or Cell applied to the output. Default: None.
        dtype: the Parameters' dtype. Default: Float32.

    Inputs:
        - **x** (Tensor) - shape :math:`(*, in\_channels)`.

    Outputs:
        Tensor of shape :math:`(*, out\_channels)`.

    Differences from PyTorch: ``torch.nn.Linear(in, out)``; MindSpore adds ``activation``.
    """

    def __init__(self, in_channels, out_channels, weight_init=None, bias_init=None, has_bias=True,
                 activation=None, dtype=mstype.float32):
        super().__init__()
        for arg, value in (("in_channels", in_channels), ("out_channels", out_channels)):
            if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
                raise ValueError(f"For 'Dense', the '{arg}' must be a positive int, but got {value!r}")
        self.in_channels = in_channels
        self.out_channels = out_channels
        self.has_bias = bool(has_bias)
        if isinstance(weight_init, Tensor) and tuple(weight_init.shape) != (out_channels, in_channels):
            raise ValueError(f"For 'Dense', the shape of 'weight_init' must be {(out_channels, in_channels)}, "
                             f"but got {weight_init.shape}")
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        self.weight = Parameter(initializer(weight_init, [out_channels, in_channels], dtype), name="weight")
        self.bias = None
        if self.has_bias:
            if isinstance(bias_init, Tensor) and tuple(bias_init.shape) != (out_channels,):
                raise ValueError(f"For 'Dense', the shape of 'bias_init' must be {(out_channels,)}, "
                                 f"but got {bias_init.shape}")
            if bias_init is None:
                bias_init = Uniform(1 / math.sqrt(in_channels))
            self.bias = Parameter(initializer(bias_init, [out_channels], dtype), name="bias")
        self.activation = get_activation(activation) if isinstance(activation, str) else activation
        if activation is not None and not isinstance(self.activation, Cell):
            raise TypeError(f"For 'Dense', the 'activation' must be a str or a Cell, "
                            f"but got {type(activation).__name__}")
        self.activation_flag = self.activation is not None

    def construct(self, x):
        t = x._t
        if t.shape[-1] != self.in_channels:
            raise ValueError(f"For 'Dense', the last dimension of the input must equal in_channels "
                             f"{self.in_channels}, but got input shape {tuple(t.shape)}")
        out = _wrap(F.linear(t, self.weight._t, None if self.bias is None else self.bias._t))
        if self.activation_flag:
            out = self.activation(out)
        return out

    def extend_repr(self):
        s = f"input_channels={self.in_channels}, output_channels={self.out_channels}, has_bias={self.has_bias}"
        if self.activation_flag:
            s += f", activation={self.activation}"
        return s


class Flatten(Cell):
    r"""Flatten the dimensions from ``start_dim`` to ``end_dim`` into one.

    Args:
        start_dim (int): first dimension to flatten. Default: 1.
        end_dim (int): last dimension to flatten. Default: -1.

    Inputs:
        - **x** (Tensor) - at least ``start_dim + 1`` dimensions.

    Outputs:
        Tensor with the flattened dimensions merged.
    """

    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim = start_dim
        self.end_dim = end_dim

    def construct(self, x):
        return _wrap(torch.flatten(x._t, self.start_dim, self.end_dim))


class Identity(Cell):
    """Return the input unchanged."""

    def construct(self, x):
        return x
