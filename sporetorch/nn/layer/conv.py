"""Convolution layers: Conv1d/2d/3d and their transposes.

Padding is resolved in ``__init__`` wherever it does not depend on the input size, so that
``construct`` is a single ``torch.nn.functional`` call in the common cases.
"""
import math

import torch
import torch.nn.functional as F

from ... import _accel
from ... import context as _context
from ...common import dtype as mstype
from ...common.initializer import HeUniform, Uniform, initializer
from ...common.parameter import Parameter
from ...common.tensor import Tensor, _wrap
from ...ops.function.array_func import pad
from ...ops.function.nn_func import _conv_padding
from ...ops.function.nn_func import _same_pad_flat as same_pad_flat  # noqa: F401 - shared with pooling, Unfold
from ..cell import Cell
from ._checks import check_bool, positive_int, weight_for

__all__ = ["Conv1d", "Conv2d", "Conv3d", "Conv1dTranspose", "Conv2dTranspose", "Conv3dTranspose"]

_state = _context.state
_CONV = {1: F.conv1d, 2: F.conv2d, 3: F.conv3d}
_CONV_T = {1: F.conv_transpose1d, 2: F.conv_transpose2d, 3: F.conv_transpose3d}


def _tuple(value, n, name, cls, minimum=1):
    if isinstance(value, int) and not isinstance(value, bool):
        value = (value,) * n
    if not (isinstance(value, (tuple, list)) and len(value) == n
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise ValueError(f"For '{cls}', the '{name}' must be an int or a tuple of {n} ints, but got {value!r}")
    if any(v < minimum for v in value):
        raise ValueError(f"For '{cls}', the '{name}' must be >= {minimum}, but got {value!r}")
    return tuple(value)


def _pad_pairs(padding, n, cls):
    """``padding`` (int, n-tuple or 2n-tuple) as n (before, after) pairs."""
    if isinstance(padding, int) and not isinstance(padding, bool):
        if padding < 0:
            raise ValueError(f"For '{cls}', the 'padding' must be non-negative, but got {padding}")
        return [(padding, padding)] * n
    if isinstance(padding, (tuple, list)) and len(padding) in (n, 2 * n) and all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in padding):
        if len(padding) == n:
            return [(p, p) for p in padding]
        return [tuple(padding[2 * i:2 * i + 2]) for i in range(n)]
    raise ValueError(f"For '{cls}', the 'padding' must be a non-negative int or a tuple of {n} or {2 * n} "
                     f"non-negative ints, but got {padding!r}")


def _fan_in(shape):
    return shape[1] * math.prod(shape[2:])


class _Conv(Cell):
    """Construction, validation and padding of the convolution layers.

    ``_nd`` is the number of spatial dimensions torch computes over; ``_transpose``
    selects the transposed convolution (weight ``(in, out/group, *k)``).
    """

    _nd = 2
    _transpose = False
    _zero_output_padding = False

    def __init__(self, in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group,
                 has_bias, weight_init, bias_init, data_format, dtype, output_padding=0, kernel_prefix=()):
        super().__init__()
        cls = type(self).__name__
        n = self._nd
        positive_int(in_channels, "in_channels", cls)
        positive_int(out_channels, "out_channels", cls)
        positive_int(group, "group", cls)
        if in_channels % group or out_channels % group:
            raise ValueError(f"For '{cls}', 'in_channels' ({in_channels}) and 'out_channels' ({out_channels}) "
                             f"must be divisible by 'group' ({group})")
        if pad_mode not in ("same", "valid", "pad"):
            raise ValueError(f"For '{cls}', the 'pad_mode' must be 'same', 'valid' or 'pad', but got {pad_mode!r}")
        k = _tuple(kernel_size, n, "kernel_size", cls)
        s = _tuple(stride, n, "stride", cls)
        d = _tuple(dilation, n, "dilation", cls)
        pairs = _pad_pairs(padding, n, cls)
        if pad_mode != "pad" and any(a or b for a, b in pairs):
            raise ValueError(f"For '{cls}', the 'padding' must be 0 when 'pad_mode' is {pad_mode!r}, "
                             f"but got {padding!r}")
        self.in_channels, self.out_channels, self.group = in_channels, out_channels, group
        # Conv1d layers present MindSpore's 2-D view: kernel_size (1, k) and a 4-D weight.
        self.kernel_size = kernel_prefix + k
        self.stride = kernel_prefix + s
        self.dilation = kernel_prefix + d
        self.pad_mode, self.padding = pad_mode, padding
        self.has_bias = check_bool(has_bias, "has_bias", cls)
        self.data_format = self.format = data_format
        self.bias_init = bias_init
        self._k, self._s, self._d, self._pairs = k, s, d, pairs
        if self._transpose:
            shape = [in_channels, out_channels // group, *self.kernel_size]
        else:
            shape = [out_channels, in_channels // group, *self.kernel_size]
        if isinstance(weight_init, Tensor) and tuple(weight_init.shape) != tuple(shape):
            raise ValueError(f"For '{cls}', the shape of 'weight_init' must be {tuple(shape)}, "
                             f"but got {weight_init.shape}")
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        self.weight_init = weight_init
        self.weight = Parameter(initializer(weight_init, shape, dtype), name="weight")
        self.bias = None
        if self.has_bias:
            if bias_init is None:
                fan_in = _fan_in(shape)
                bias_init = Uniform(1 / math.sqrt(fan_in)) if fan_in else "zeros"
            self.bias = Parameter(initializer(bias_init, [out_channels], dtype), name="bias")
        self._squeeze_weight = bool(kernel_prefix)
        self._fn = _CONV_T[n] if self._transpose else _CONV[n]
        if self._transpose:
            self._setup_transpose(output_padding, cls)
        else:
            self._torch_padding = self._static_padding()

    # ------------------------------------------------------------------ forward convolution
    def _static_padding(self):
        """The symmetric padding torch can take directly, or None when it must be applied to the input."""
        if self.pad_mode == "valid":
            return 0
        if self.pad_mode == "pad":
            if all(a == b for a, b in self._pairs):
                return tuple(a for a, _ in self._pairs)
            return None
        if all(s == 1 for s in self._s) and all(((k - 1) * d) % 2 == 0 for k, d in zip(self._k, self._d)):
            return tuple((k - 1) * d // 2 for k, d in zip(self._k, self._d))
        return None

    def _pad_input(self, t):
        """Pad ``t`` explicitly for 'same' with stride or even kernels, and for asymmetric 'pad', as the
        functional convolutions pad (torch tensors: the layer's fast path)."""
        padding = tuple(v for pair in self._pairs for v in pair)
        return _conv_padding(type(self).__name__, t, (None, None) + tuple(self._k), self._nd, self._s, self.pad_mode,
                             padding, self._d)[0]

    def _slow_input(self, t, w, b):
        """Shape/dtype checks off the fast path; returns the (possibly cast) weight and bias."""
        cls = type(self).__name__
        if t.dim() != self._nd + 2:
            raise ValueError(f"For '{cls}', the input must be {self._nd + 2}-D, but got shape {tuple(t.shape)}")
        if t.shape[1] != self.in_channels:
            # MindSpore 2.10 reports the channel mismatch from the 1-D/2-D kernels as a RuntimeError,
            # from the 3-D shape inference as a ValueError.
            raise (ValueError if self._nd == 3 else RuntimeError)(f"For '{cls}', the input channel dimension must equal in_channels "
                               f"{self.in_channels}, but got input shape {tuple(t.shape)}")
        if t.dtype is not w.dtype:
            w = weight_for(self, t, w)
            b = None if b is None else b.to(w.dtype)
        return w, b

    def construct(self, x):
        t = x._t
        w = self.weight._t
        b = None if self.bias is None else self.bias._t
        if t.dim() != self._nd + 2 or t.shape[1] != self.in_channels or t.dtype is not w.dtype:
            w, b = self._slow_input(t, w, b)
        if self._squeeze_weight:
            w = w.squeeze(2)
        pad = self._torch_padding
        if pad is None:
            t = self._pad_input(t)
            pad = 0
        if _state["tuned"] and self._fn is F.conv2d and not torch.compiler.is_compiling():
            out = _accel.conv2d(t, w, b, self._s, pad, self._d, self.group)
            if out is not None:
                return _wrap(out)
        try:
            return _wrap(self._fn(t, w, b, self._s, pad, self._d, self.group))
        except RuntimeError as e:
            if "Kernel size can't be greater than actual input size" not in str(e):
                raise
            raise ValueError(f"For '{type(self).__name__}', the input's spatial shape after padding must be at "
                             f"least the dilated kernel_size {self.kernel_size} (dilation {self.dilation}), but "
                             f"got input shape {tuple(x.shape)}, padded to {tuple(t.shape)} with padding "
                             f"{pad}") from None

    # ------------------------------------------------------------------ transposed convolution
    def _setup_transpose(self, output_padding, cls):
        """Crop (before, after) of the full transposed output per dimension, as MindSpore sizes it:
        'same' → in·stride, 'valid' → (in−1)·stride + K (at least in·stride), 'pad' → minus padding."""
        n = self._nd
        op = _tuple(output_padding, n, "output_padding", cls, minimum=0)
        if any(o and self.pad_mode != "pad" for o in op):
            raise ValueError(f"For '{cls}', the 'output_padding' must be 0 unless 'pad_mode' is 'pad', "
                             f"but got {output_padding!r}")
        if any(o >= max(s, d) for o, s, d in zip(op, self._s, self._d)):
            raise ValueError(f"For '{cls}', the 'output_padding' must be smaller than stride or dilation, "
                             f"but got {output_padding!r}")
        self.output_padding = output_padding
        # MindSpore's Conv2dTranspose appends output_padding as zeros after the bias is added;
        # Conv3dTranspose computes those positions (PyTorch's output_padding).
        self._zero_pad = [v for o in reversed(op) for v in (0, o)] if self._zero_output_padding and any(op) \
            else None
        if self._zero_pad is not None:
            op = (0,) * n
        crops = []
        for (pb, pa), k, s, d, o in zip(self._pairs, self._k, self._s, self._d, op):
            big_k = (k - 1) * d + 1
            if self.pad_mode == "pad":
                crops.append((pb, pa - o))
            elif self.pad_mode == "same":
                total = big_k - s
                crops.append((max(total, 0) // 2, total - max(total, 0) // 2))
            else:
                crops.append((0, min(big_k - s, 0)))
        self._crops = crops
        pads = tuple(max(min(b, a), 0) for b, a in crops)
        extra = tuple(max(-a, 0) for _, a in crops)
        if any(e >= max(s, d) for e, s, d in zip(extra, self._s, self._d)):
            raise ValueError(f"For '{cls}', the padding is too small for the stride: output_padding "
                             f"{extra} must be smaller than stride {self._s} or dilation {self._d}")
        self._t_pad, self._t_extra = pads, extra
        # Residual crops torch's symmetric padding cannot express.
        self._t_slices = [(b - p, a - p + e) for (b, a), p, e in zip(crops, pads, extra)]
        self._needs_slice = any(b or a for b, a in self._t_slices)

    def _transpose_forward(self, x):
        t = x._t
        w = self.weight._t
        b = None if self.bias is None else self.bias._t
        if t.dim() != self._nd + 2 or t.shape[1] != self.in_channels or t.dtype is not w.dtype:
            w, b = self._slow_input(t, w, b)
        if self._squeeze_weight:
            w = w.squeeze(2)
        out = self._fn(t, w, b, self._s, self._t_pad, self._t_extra, self.group, self._d)
        if self._needs_slice:
            for i, (before, after) in enumerate(self._t_slices):
                if before or after:
                    dim = 2 + i
                    out = out.narrow(dim, before, out.shape[dim] - before - after)
        if self._zero_pad is not None:
            return pad(_wrap(out), self._zero_pad)
        return _wrap(out)

    def extend_repr(self):
        return (f"input_channels={self.in_channels}, output_channels={self.out_channels}, "
                f"kernel_size={self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}, "
                f"padding={self.padding}, dilation={self.dilation}, group={self.group}, "
                f"has_bias={self.has_bias}, weight_init={self.weight_init}, bias_init={self.bias_init}, "
                f"format={self.data_format}")


_CONV_ARGS = """
        in_channels (int), out_channels (int): channel counts; both divisible by ``group``.
        kernel_size (int or tuple): kernel size.
        stride (int or tuple): Default: 1.
        pad_mode (str): ``"same"`` (output = ceil(input / stride), extra padding after),
            ``"valid"`` (no padding) or ``"pad"`` (``padding`` is used). Default: ``"same"``.
        padding (int or tuple): with ``pad_mode="pad"``, one value, one per dimension or a
            (before, after) pair per dimension. Default: 0.
        dilation (int or tuple): Default: 1.
        group (int): Default: 1.
        has_bias (bool): Default: False.
        weight_init, bias_init: initialisers. Default: HeUniform(sqrt(5)) and U(-1/sqrt(fan_in), 1/sqrt(fan_in)).
        dtype: the Parameters' dtype. Default: Float32."""


class Conv1d(_Conv):
    r"""1-D convolution over an input of shape :math:`(N, C_{in}, L)`.

    Args:""" + _CONV_ARGS + r"""

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C_{in}, L_{in})`.

    Outputs:
        Tensor of shape :math:`(N, C_{out}, L_{out})`.

    Differences from PyTorch: the weight is 4-D :math:`(C_{out}, C_{in}/group, 1, k)` (MindSpore runs
    Conv1d as a 2-D convolution); ``pad_mode="same"`` and ``has_bias=False`` are the defaults.
    """

    _nd = 1

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same", padding=0,
                 dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None, dtype=mstype.float32):
        for name, v in (("kernel_size", kernel_size), ("stride", stride), ("padding", padding),
                        ("dilation", dilation)):
            if not isinstance(v, int) or isinstance(v, bool):
                raise TypeError(f"For 'Conv1d', the '{name}' must be an int, but got {type(v).__name__}")
        if isinstance(weight_init, Tensor):
            if weight_init.ndim != 3:
                raise ValueError(f"For 'Conv1d', the 'weight_init_shape' must be int and must = 3, but got "
                                 f"'{weight_init.ndim}' with type 'int'.")  # MindSpore 2.10's message
            if weight_init.init is not None:
                # ``initializer(HeUniform(), (o, i, k))``: stays lazy, with the 2-D kernel's extra axis
                # (the fans of (o, i, 1, k) equal those of (o, i, k)).
                o, i, k = weight_init.shape
                weight_init = initializer(weight_init.init, (o, i, 1, k), weight_init.dtype)
            else:
                weight_init = Tensor(weight_init._t.unsqueeze(2))
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group,
                         has_bias, weight_init, bias_init, "NCHW", dtype, kernel_prefix=(1,))
        # MindSpore runs Conv1d as a 2-D convolution and reports its padding that way.
        self.padding = (0, 0, padding, padding)


class Conv2d(_Conv):
    r"""2-D convolution over an input of shape :math:`(N, C_{in}, H, W)`.

    Args:""" + _CONV_ARGS + r"""
        data_format (str): only ``"NCHW"``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C_{in}, H_{in}, W_{in})`.

    Outputs:
        Tensor of shape :math:`(N, C_{out}, H_{out}, W_{out})`.

    Differences from PyTorch: ``pad_mode="same"`` and ``has_bias=False`` are the defaults
    (``torch.nn.Conv2d`` pads 0 and has a bias); ``group`` instead of ``groups``;
    a 4-tuple ``padding`` is (top, bottom, left, right).
    """

    _nd = 2

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same", padding=0,
                 dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None, data_format="NCHW",
                 dtype=mstype.float32):
        if data_format != "NCHW":
            raise ValueError(f"For 'Conv2d', only data_format 'NCHW' is supported, but got {data_format!r}")
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group,
                         has_bias, weight_init, bias_init, data_format, dtype)


class Conv3d(_Conv):
    r"""3-D convolution over an input of shape :math:`(N, C_{in}, D, H, W)`.

    Args:""" + _CONV_ARGS + r"""
        data_format (str): only ``"NCDHW"``.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C_{in}, D_{in}, H_{in}, W_{in})`.

    Outputs:
        Tensor of shape :math:`(N, C_{out}, D_{out}, H_{out}, W_{out})`.

    Differences from PyTorch: as Conv2d; a 6-tuple ``padding`` is (head, tail, top, bottom, left, right).
    """

    _nd = 3

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same", padding=0,
                 dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None, data_format="NCDHW",
                 dtype=mstype.float32):
        if data_format != "NCDHW":
            raise ValueError(f"For 'Conv3d', only data_format 'NCDHW' is supported, but got {data_format!r}")
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group,
                         has_bias, weight_init, bias_init, data_format, dtype)


_TRANSPOSE_DOC = r"""

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C_{in}, *)`.

    Outputs:
        Tensor of shape :math:`(N, C_{out}, *)`: ``in * stride`` per dimension for ``"same"``,
        ``(in - 1) * stride + dilation * (k - 1) + 1`` (at least ``in * stride``) for ``"valid"``,
        and that minus the padding plus ``output_padding`` for ``"pad"``.

    Differences from PyTorch: the weight is :math:`(C_{in}, C_{out}/group, *k)` as in PyTorch, but the
    output size follows ``pad_mode``; ``has_bias=False`` is the default.
    """


class Conv1dTranspose(_Conv):
    __doc__ = r"""1-D transposed convolution; the weight is 4-D :math:`(C_{in}, C_{out}/group, 1, k)`.

    Args:""" + _CONV_ARGS + _TRANSPOSE_DOC

    _nd = 1
    _transpose = True

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same", padding=0,
                 dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None, dtype=mstype.float32):
        for name, v in (("kernel_size", kernel_size), ("stride", stride), ("padding", padding),
                        ("dilation", dilation)):
            if not isinstance(v, int) or isinstance(v, bool):
                raise TypeError(f"For 'Conv1dTranspose', the '{name}' must be an int, but got {type(v).__name__}")
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group,
                         has_bias, weight_init, bias_init, "NCHW", dtype, kernel_prefix=(1,))
        self.padding = (0, 0, padding, padding)

    def construct(self, x):
        return self._transpose_forward(x)


class Conv2dTranspose(_Conv):
    __doc__ = r"""2-D transposed convolution (the gradient of Conv2d with respect to its input).

    Args:""" + _CONV_ARGS + r"""
        output_padding (int or tuple): with ``pad_mode="pad"``, rows/columns of zeros appended after
            (MindSpore pads the result; PyTorch computes those positions). Default: 0.""" \
        + _TRANSPOSE_DOC

    _nd = 2
    _transpose = True
    _zero_output_padding = True

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same", padding=0,
                 output_padding=0, dilation=1, group=1, has_bias=False, weight_init=None, bias_init=None,
                 dtype=mstype.float32):
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group,
                         has_bias, weight_init, bias_init, "NCHW", dtype, output_padding=output_padding)

    def construct(self, x):
        return self._transpose_forward(x)


class Conv3dTranspose(_Conv):
    __doc__ = r"""3-D transposed convolution.

    Args:""" + _CONV_ARGS + r"""
        output_padding (int or tuple): extra size added after, with ``pad_mode="pad"``. Default: 0.
        data_format (str): only ``"NCDHW"``.""" + _TRANSPOSE_DOC

    _nd = 3
    _transpose = True

    def __init__(self, in_channels, out_channels, kernel_size, stride=1, pad_mode="same", padding=0,
                 dilation=1, group=1, output_padding=0, has_bias=False, weight_init=None, bias_init=None,
                 data_format="NCDHW", dtype=mstype.float32):
        if data_format != "NCDHW":
            raise ValueError(f"For 'Conv3dTranspose', only data_format 'NCDHW' is supported, "
                             f"but got {data_format!r}")
        super().__init__(in_channels, out_channels, kernel_size, stride, pad_mode, padding, dilation, group,
                         has_bias, weight_init, bias_init, data_format, dtype, output_padding=output_padding)

    def construct(self, x):
        return self._transpose_forward(x)


def _deconv_output_length(is_valid, is_same, is_pad, input_length, filter_size, stride_size, dilation_size, padding):
    """The output length of a transposed convolution for pad mode 'valid', 'same' or 'pad' (0 when none is
    set), MindSpore's formula: ``'valid'``: ``L*s + max(k_eff - s, 0)``; ``'same'``: ``L*s``; ``'pad'``:
    ``L*s - padding + k_eff - s``, with ``k_eff = k + (k - 1)(d - 1)``."""
    filter_size = filter_size + (filter_size - 1) * (dilation_size - 1)
    if is_valid:
        return input_length * stride_size + max(filter_size - stride_size, 0)
    if is_same:
        return input_length * stride_size
    if is_pad:
        return input_length * stride_size - padding + filter_size - stride_size
    return 0
