"""Combined layers: Conv2dBnAct and DenseBnAct (a layer, an optional BatchNorm, an optional activation)."""
from ..cell import Cell
from ._checks import check_bool
from .activation import LeakyReLU, get_activation
from .basic import Dense
from .conv import Conv2d
from .normalization import BatchNorm1d, BatchNorm2d

__all__ = ["Conv2dBnAct", "DenseBnAct"]


def _activation(activation, alpha, cls):
    if activation == "leakyrelu":
        return LeakyReLU(alpha)
    act = get_activation(activation) if isinstance(activation, str) else activation
    if activation is not None and not isinstance(act, Cell):
        raise TypeError(f"For '{cls}', the 'activation' must be a str or a Cell, but got {type(activation).__name__}")
    return act


class Conv2dBnAct(Cell):
    r"""Conv2d followed by an optional BatchNorm2d (``batchnorm``) and an optional activation.

    Args:
        in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group, has_bias: as Conv2d.
        weight_init: Default: ``"normal"``. bias_init: Default: ``"zeros"``.
        has_bn (bool): add BatchNorm2d(out_channels, eps, momentum). Default: False.
        momentum (float): BatchNorm momentum. Default: 0.997.
        eps (float): BatchNorm eps. Default: 1e-5.
        activation (str or Cell): ``"leakyrelu"`` uses ``alpha``. Default: None.
        alpha (float): LeakyReLU slope. Default: 0.2.
        after_fake (bool): quantisation flag, kept for compatibility. Default: True.

    Inputs:
        - **x** (Tensor) - :math:`(N, C_{in}, H, W)`.

    Outputs:
        Tensor :math:`(N, C_{out}, H_{out}, W_{out})`.
    """

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same", padding=0, dilation=1,
                 group=1, has_bias=False, weight_init="normal", bias_init="zeros", has_bn=False, momentum=0.997,
                 eps=1e-5, activation=None, alpha=0.2, after_fake=True):
        super().__init__()
        self.conv = Conv2d(in_channels, out_channels, kernel_size=kernel_size, stride=stride, pad_mode=pad_mode,
                           padding=padding, dilation=dilation, group=group, has_bias=has_bias,
                           weight_init=weight_init, bias_init=bias_init)
        self.has_bn = check_bool(has_bn, "has_bn", "Conv2dBnAct")
        self.has_act = activation is not None
        self.after_fake = check_bool(after_fake, "after_fake", "Conv2dBnAct")
        if has_bn:
            self.batchnorm = BatchNorm2d(out_channels, eps, momentum)
        self.activation = _activation(activation, alpha, "Conv2dBnAct")

    def construct(self, x):
        x = self.conv(x)
        if self.has_bn:
            x = self.batchnorm(x)
        if self.has_act:
            x = self.activation(x)
        return x


class DenseBnAct(Cell):
    r"""Dense followed by an optional BatchNorm1d (``batchnorm``) and an optional activation.

    Args:
        in_channels, out_channels (int): as Dense.
        weight_init: Default: ``"normal"``. bias_init: Default: ``"zeros"``.
        has_bias (bool): Default: True.
        has_bn (bool): add BatchNorm1d(out_channels, eps, momentum). Default: False.
        momentum (float): Default: 0.9.
        eps (float): Default: 1e-5.
        activation (str or Cell): ``"leakyrelu"`` uses ``alpha``. Default: None.
        alpha (float): Default: 0.2.
        after_fake (bool): kept for compatibility. Default: True.

    Inputs:
        - **x** (Tensor) - :math:`(N, in\_channels)`.

    Outputs:
        Tensor :math:`(N, out\_channels)`.
    """

    def __init__(self, in_channels, out_channels, weight_init="normal", bias_init="zeros", has_bias=True,
                 has_bn=False, momentum=0.9, eps=1e-5, activation=None, alpha=0.2, after_fake=True):
        super().__init__()
        self.dense = Dense(in_channels, out_channels, weight_init, bias_init, has_bias)
        self.has_bn = check_bool(has_bn, "has_bn", "DenseBnAct")
        self.has_act = activation is not None
        self.after_fake = check_bool(after_fake, "after_fake", "DenseBnAct")
        if has_bn:
            self.batchnorm = BatchNorm1d(out_channels, eps, momentum)
        self.activation = _activation(activation, alpha, "DenseBnAct")

    def construct(self, x):
        x = self.dense(x)
        if self.has_bn:
            x = self.batchnorm(x)
        if self.has_act:
            x = self.activation(x)
        return x
