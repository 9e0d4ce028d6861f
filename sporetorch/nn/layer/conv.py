"""Convolution layers."""
import math

import torch
import torch.nn.functional as F

from ...common import dtype as mstype
from ...common.initializer import HeUniform, Uniform, initializer
from ...common.parameter import Parameter
from ...common.tensor import Tensor, _wrap
from ..cell import Cell


def _tuple(value, n, name, cls):
    if isinstance(value, int) and not isinstance(value, bool):
        return (value,) * n
    if isinstance(value, (tuple, list)) and len(value) == n and all(isinstance(v, int) for v in value):
        return tuple(value)
    raise ValueError(f"For '{cls}', the '{name}' must be an int or a tuple of {n} ints, but got {value!r}")


def _same_pads(in_sizes, kernel, stride, dilation):
    """TensorFlow-style 'same' padding: output = ceil(in / stride); extra padding goes after."""
    pads = []
    for size, k, s, d in zip(in_sizes, kernel, stride, dilation):
        out = (size + s - 1) // s
        total = max((out - 1) * s + (k - 1) * d + 1 - size, 0)
        pads.append((total // 2, total - total // 2))
    return pads


class _Conv(Cell):
    """Shared construction and validation of Conv layers."""

    _nd = 2

    def __init__(self, in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group,
                 has_bias, weight_init, bias_init, data_format, dtype, weight_shape_fn=None):
        super().__init__()
        cls = type(self).__name__
        for arg, value in (("in_channels", in_channels), ("out_channels", out_channels), ("group", group)):
            if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
                raise ValueError(f"For '{cls}', the '{arg}' must be a positive int, but got {value!r}")
        if in_channels % group or out_channels % group:
            raise ValueError(f"For '{cls}', 'in_channels' ({in_channels}) and 'out_channels' ({out_channels}) "
                             f"must be divisible by 'group' ({group})")
        if pad_mode not in ("same", "valid", "pad"):
            raise ValueError(f"For '{cls}', the 'pad_mode' must be 'same', 'valid' or 'pad', but got {pad_mode!r}")
        n = self._nd
        self.in_channels, self.out_channels = in_channels, out_channels
        self.kernel_size = _tuple(kernel_size, n, "kernel_size", cls)
        self.stride = _tuple(stride, n, "stride", cls)
        self.dilation = _tuple(dilation, n, "dilation", cls)
        if isinstance(padding, int) and not isinstance(padding, bool):
            if padding < 0:
                raise ValueError(f"For '{cls}', the 'padding' must be non-negative, but got {padding}")
        elif not (isinstance(padding, tuple) and len(padding) in (n, 2 * n)):
            raise ValueError(f"For '{cls}', the 'padding' must be an int or a tuple of {n} or {2 * n} ints, "
                             f"but got {padding!r}")
        if pad_mode != "pad" and padding != 0 and padding != (0,) * len(padding if isinstance(padding, tuple) else ()):
            raise ValueError(f"For '{cls}', the 'padding' must be 0 when 'pad_mode' is {pad_mode!r}, "
                             f"but got {padding!r}")
        self.pad_mode, self.padding, self.group = pad_mode, padding, group
        self.has_bias = bool(has_bias)
        self.data_format = data_format
        self.format = data_format
        self.weight_init, self.bias_init = weight_init, bias_init
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        shape = [out_channels, in_channels // group, *self.kernel_size]
        self.weight = Parameter(initializer(weight_init, shape, dtype), name="weight")
        self.bias = None
        if self.has_bias:
            if bias_init is None:
                fan_in = in_channels // group * math.prod(self.kernel_size)
                bias_init = Uniform(1 / math.sqrt(fan_in))
            self.bias = Parameter(initializer(bias_init, [out_channels], dtype), name="bias")
        self._torch_padding = self._static_padding()

    def _static_padding(self):
        """The symmetric padding torch can take directly, or None when it depends on the input."""
        n = self._nd
        if self.pad_mode == "valid":
            return (0,) * n
        if self.pad_mode == "pad":
            if isinstance(self.padding, int):
                return (self.padding,) * n
            if len(self.padding) == n:
                return tuple(self.padding)
            pairs = [self.padding[2 * i:2 * i + 2] for i in range(n)]
            if all(a == b for a, b in pairs):
                return tuple(a for a, _ in pairs)
            return None
        if all(s == 1 for s in self.stride) and all(((k - 1) * d) % 2 == 0
                                                     for k, d in zip(self.kernel_size, self.dilation)):
            return tuple((k - 1) * d // 2 for k, d in zip(self.kernel_size, self.dilation))
        return None

    def _pad_input(self, t):
        """Explicitly pad ``t`` for 'same' with stride/odd kernels and asymmetric 'pad'."""
        n = self._nd
        if self.pad_mode == "same":
            pairs = _same_pads(t.shape[-n:], self.kernel_size, self.stride, self.dilation)
        else:
            pairs = [tuple(self.padding[2 * i:2 * i + 2]) for i in range(n)]
        flat = []
        for before, after in reversed(pairs):
            flat += [before, after]
        return F.pad(t, flat)

    def _check_input(self, t):
        cls = type(self).__name__
        if t.dim() != self._nd + 2:
            raise ValueError(f"For '{cls}', the input must be {self._nd + 2}-D, but got shape {tuple(t.shape)}")
        if t.shape[1] != self.in_channels:
            raise ValueError(f"For '{cls}', the input channel dimension must equal in_channels "
                             f"{self.in_channels}, but got input shape {tuple(t.shape)}")

    def extend_repr(self):
        return (f"input_channels={self.in_channels}, output_channels={self.out_channels}, "
                f"kernel_size={self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}, "
                f"padding={self.padding}, dilation={self.dilation}, group={self.group}, "
                f"has_bias={self.has_bias}, weight_init={self.weight_init}, bias_init={self.bias_init}, "
                f"format={self.data_format}")


class Conv2d(_Conv):
    r"""2-D convolution over an input of shape :math:`(N, C_{in}, H, W)`.

    Args:
        in_channels (int), out_channels (int): channel counts.
        kernel_size (int or tuple): kernel height and width.
        stride (int or tuple): Default: 1.
        pad_mode (str): ``"same"`` (output = ceil(input / stride), extra padding after),
            ``"valid"`` (no padding) or ``"pad"`` (``padding`` is used). Default: ``"same"``.
        padding (int or tuple): with ``pad_mode="pad"``, one value, (top/bottom, left/right)
            or (top, bottom, left, right). Default: 0.
        dilation (int or tuple): Default: 1.
        group (int): Default: 1.
        has_bias (bool): Default: False.
        weight_init, bias_init: initialisers. Default: HeUniform(sqrt(5)) and U(-1/sqrt(fan_in), 1/sqrt(fan_in)).
        data_format (str): only ``"NCHW"``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C_{in}, H_{in}, W_{in})`.

    Outputs:
        Tensor of shape :math:`(N, C_{out}, H_{out}, W_{out})`.

    Differences from PyTorch: ``pad_mode="same"`` and ``has_bias=False`` are the defaults
    (``torch.nn.Conv2d`` pads 0 and has a bias); ``group`` instead of ``groups``.
    """

    _nd = 2

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same", padding=0,
                 dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None, data_format="NCHW",
                 dtype=mstype.float32):
        if data_format != "NCHW":
            raise ValueError(f"For 'Conv2d', only data_format 'NCHW' is supported, but got {data_format!r}")
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group,
                         has_bias, weight_init, bias_init, data_format, dtype)

    def construct(self, x):
        t = x._t
        if t.dim() != 4 or t.shape[1] != self.in_channels:
            self._check_input(t)
        pad = self._torch_padding
        if pad is None:
            t = self._pad_input(t)
            pad = 0
        return _wrap(F.conv2d(t, self.weight._t, None if self.bias is None else self.bias._t,
                              self.stride, pad, self.dilation, self.group))
