"""``mint.nn`` convolutions with torch.nn's arguments: Conv1d/2d/3d and ConvTranspose2d.

Parameters are ``weight`` (out, in/groups, *kernel) (transposed: (in, out/groups, *kernel)) and ``bias``, both
initialised from U(-1/sqrt(fan_in), 1/sqrt(fan_in)) as in MindSpore 2.10 (torch's kaiming_uniform(a=sqrt(5))).
"""
import math

from ....common import dtype as mstype
from ....common.initializer import Uniform, initializer
from ....common.parameter import Parameter
from ....nn.cell import Cell
from ....nn.layer._checks import positive_int
from .. import functional as mF

__all__ = ["Conv1d", "Conv2d", "Conv3d", "ConvTranspose2d"]

_PADDING_MODES = ('zeros', 'reflect', 'replicate', 'circular')


def _ntuple(cls, name, value, n):
    if isinstance(value, int) and not isinstance(value, bool):
        return (value,) * n
    if isinstance(value, (tuple, list)) and len(value) == n and all(isinstance(v, int) for v in value):
        return tuple(value)
    raise ValueError(f"For '{cls}', the '{name}' must be an int or a tuple of {n} ints, but got {value!r}")


class _ConvNd(Cell):
    """Shared construction of the convolution layers: argument checks, ``weight`` and ``bias``."""

    _n = 2
    _transposed = False

    def __init__(self, in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias,
                 padding_mode, dtype, output_padding=0):
        super().__init__()
        cls, n = type(self).__name__, self._n
        self.in_channels = positive_int(in_channels, "in_channels", cls)
        self.out_channels = positive_int(out_channels, "out_channels", cls)
        self.groups = positive_int(groups, "groups", cls)
        if in_channels % groups or out_channels % groups:
            raise ValueError(f"For '{cls}', the 'in_channels' ({in_channels}) and 'out_channels' ({out_channels}) "
                             f"must be divisible by 'groups' ({groups})")
        if padding_mode not in _PADDING_MODES:
            raise ValueError(f"For '{cls}', the 'padding_mode' must be one of {list(_PADDING_MODES)}, "
                             f"but got {padding_mode!r}")
        self.kernel_size = _ntuple(cls, "kernel_size", kernel_size, n)
        self.stride = _ntuple(cls, "stride", stride, n)
        self.dilation = _ntuple(cls, "dilation", dilation, n)
        if isinstance(padding, str):
            if padding not in ('same', 'valid'):
                raise ValueError(f"For '{cls}', the 'padding' must be 'same', 'valid', an int or a tuple, "
                                 f"but got {padding!r}")
            if padding == 'same' and any(s != 1 for s in self.stride):
                raise ValueError(f"For '{cls}', padding='same' is not supported for strided convolutions")
            self.padding = padding
        else:
            self.padding = _ntuple(cls, "padding", padding, n)
        self.transposed = self._transposed
        self.output_padding = _ntuple(cls, "output_padding", output_padding, n)
        self.padding_mode = padding_mode
        dtype = mstype.float32 if dtype is None else dtype
        if self._transposed:
            shape = (in_channels, out_channels // groups) + self.kernel_size
        else:
            shape = (out_channels, in_channels // groups) + self.kernel_size
        bound = 1 / math.sqrt(shape[1] * math.prod(self.kernel_size))
        self.weight = Parameter(initializer(Uniform(bound), shape, dtype), name="weight")
        self.bias = Parameter(initializer(Uniform(bound), (out_channels,), dtype), name="bias") if bias else None

    def _padded(self, input):
        """``input`` and the padding left to the convolution: non-zero ``padding_mode`` pads here first."""
        if self.padding_mode == 'zeros' or self.padding == 'valid':
            return input, self.padding
        if self.padding == 'same':
            # torch's split of the total padding d * (k - 1): the extra element goes at the end.
            totals = [d * (k - 1) for d, k in zip(reversed(self.dilation), reversed(self.kernel_size))]
            pad = tuple(p for t in totals for p in (t // 2, t - t // 2))
        else:
            pad = tuple(p for p in reversed(self.padding) for _ in range(2))
        return mF.pad(input, pad, self.padding_mode), 0

    def extend_repr(self):
        return (f"input_channels={self.in_channels}, output_channels={self.out_channels}, "
                f"kernel_size={self.kernel_size}, stride={self.stride}, padding={self.padding}, "
                f"dilation={self.dilation}, groups={self.groups}, bias={self.bias is not None}")


class _Conv(_ConvNd):
    """A forward convolution with torch.nn.ConvNd's arguments; ``_conv`` is its functional op."""

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1, bias=True,
                 padding_mode='zeros', dtype=None):
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias,
                         padding_mode, dtype)

    def construct(self, input):
        input, padding = self._padded(input)
        return self._conv(input, self.weight, self.bias, self.stride, padding, self.dilation, self.groups)


class Conv1d(_Conv):
    r"""1-D convolution over (N, C_in, L) (or (C_in, L)).

    Args:
        in_channels, out_channels (int), kernel_size (int or tuple), stride (default 1), padding (int, tuple,
        'same' or 'valid'; default 0), dilation (default 1), groups (default 1), bias (default True),
        padding_mode ('zeros', 'reflect', 'replicate' or 'circular'), dtype (default Float32): as torch.nn.Conv1d.

    Inputs:
        - **input** (Tensor) - shape :math:`(N, C_{in}, L_{in})`.

    Outputs:
        Tensor of shape :math:`(N, C_{out}, L_{out})`.
    """

    _n = 1
    _conv = staticmethod(mF.conv1d)


class Conv2d(_Conv):
    r"""2-D convolution over (N, C_in, H, W), with torch.nn.Conv2d's arguments (see :class:`Conv1d`)."""

    _n = 2
    _conv = staticmethod(mF.conv2d)


class Conv3d(_Conv):
    r"""3-D convolution over (N, C_in, D, H, W), with torch.nn.Conv3d's arguments (see :class:`Conv1d`)."""

    _n = 3
    _conv = staticmethod(mF.conv3d)


class ConvTranspose2d(_ConvNd):
    r"""2-D transposed convolution over (N, C_in, H, W), with torch.nn.ConvTranspose2d's arguments.

    ``weight`` has shape (in_channels, out_channels / groups, kH, kW). Only ``padding_mode='zeros'`` is supported,
    as in torch.

    Inputs:
        - **input** (Tensor) - shape :math:`(N, C_{in}, H_{in}, W_{in})`.
        - **output_size** (tuple, optional) - the wanted output size, settling the ``output_padding``.
    """

    _n = 2
    _transposed = True

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, padding=0, output_padding=0, groups=1,
                 bias=True, dilation=1, padding_mode='zeros', dtype=None):
        if padding_mode != 'zeros':
            raise ValueError(f"For 'ConvTranspose2d', only padding_mode='zeros' is supported, but got {padding_mode!r}")
        if isinstance(padding, str):
            raise ValueError(f"For 'ConvTranspose2d', the 'padding' must be an int or a tuple, but got {padding!r}")
        super().__init__(in_channels, out_channels, kernel_size, stride, padding, dilation, groups, bias,
                         padding_mode, dtype, output_padding)

    def construct(self, input, output_size=None):
        output_padding = self.output_padding
        if output_size is not None:
            output_padding = self._output_padding(input, output_size)
        return mF.conv_transpose2d(input, self.weight, self.bias, self.stride, self.padding, output_padding,
                                  self.groups, self.dilation)

    def _output_padding(self, input, output_size):
        """The ``output_padding`` that makes the output spatial size ``output_size``."""
        sizes = tuple(output_size)[-2:]
        out = []
        for d in range(2):
            smallest = ((input.shape[d - 2] - 1) * self.stride[d] - 2 * self.padding[d]
                        + self.dilation[d] * (self.kernel_size[d] - 1) + 1)
            extra = sizes[d] - smallest
            if not 0 <= extra < max(self.stride[d], self.dilation[d]):
                raise ValueError(f"For 'ConvTranspose2d', the 'output_size' {tuple(output_size)} cannot be reached "
                                 f"from input shape {tuple(input.shape)}")
            out.append(extra)
        return tuple(out)



def _pair(x, arg_name, class_name):
    """``x`` as a pair: an int twice, a 1-sequence's item twice, a longer sequence as given."""
    if isinstance(x, int):
        return (x, x)
    if isinstance(x, (tuple, list)):
        return (x[0], x[-1]) if len(x) == 1 else x
    raise ValueError(f"For '{class_name}', '{arg_name}'", f" should be int, tuple or list, but got {x}")


def batchify(input, num_spatial_dims, ops_name):
    """``(input with a batch axis, whether it had one)`` for an input of ``num_spatial_dims`` spatial axes."""
    no_batch = num_spatial_dims + 1
    is_batched = input.ndim == no_batch + 1
    if not (input.ndim == no_batch or is_batched):
        raise TypeError(f"For {ops_name}, Expected {no_batch}D (unbatched) or {no_batch + 1}D (batched),but got "
                        f"input of ndim: {input.ndim}D")
    return (input, is_batched) if is_batched else (input.unsqueeze(0), is_batched)
