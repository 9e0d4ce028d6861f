"""Pooling layers: Max/Avg pooling with MindSpore's ``pad_mode``, adaptive, LP, unpooling,
fractional pooling and the ``torch``-style ``*Ext`` variants.

``pad_mode="valid"`` and ``"same"`` follow TensorFlow (``"same"`` pads so that the output is
``ceil(in / stride)``, with the extra padding after; padded cells never win a max and are not
counted in an average). ``pad_mode="pad"`` follows PyTorch (``padding``, ``ceil_mode``,
``count_include_pad``, ``dilation``).
"""
import torch
import torch.nn.functional as F

from ...common.tensor import Tensor, _wrap
from ..cell import Cell
from ._checks import FLOATS, INDICES, check_batch_rank, check_dtype, int_tuple
from ...ops.function import nn_func as _nn
from ...ops.function.nn_func import max_pool2d
from .conv import same_pad_flat

__all__ = ["MaxPool1d", "MaxPool2d", "MaxPool3d", "AvgPool1d", "AvgPool2d", "AvgPool3d", "AdaptiveAvgPool1d",
           "AdaptiveAvgPool2d", "AdaptiveAvgPool3d", "AdaptiveMaxPool1d", "AdaptiveMaxPool2d", "AdaptiveMaxPool3d",
           "LPPool1d", "LPPool2d", "MaxUnpool1d", "MaxUnpool2d", "MaxUnpool3d", "FractionalMaxPool2d",
           "FractionalMaxPool3d", "AvgPool1dExt", "AvgPool2dExt", "AvgPool3dExt", "MaxPool2dExt"]

_MAX = {1: F.max_pool1d, 2: F.max_pool2d, 3: F.max_pool3d}
_MAX_FAST = {1: torch.max_pool1d, 2: torch.max_pool2d, 3: torch.max_pool3d}
_AVG = {1: F.avg_pool1d, 2: F.avg_pool2d, 3: F.avg_pool3d}


class _PoolNd(Cell):
    """Argument handling shared by MaxPool and AvgPool."""

    _nd = 2

    def __init__(self, kernel_size, stride, pad_mode, padding, ceil_mode, dilation=1):
        super().__init__()
        cls = type(self).__name__
        n = self._nd
        if not isinstance(pad_mode, str) or pad_mode.lower() not in ("same", "valid", "pad"):
            raise ValueError(f"For '{cls}', the 'pad_mode' must be 'same', 'valid' or 'pad', but got {pad_mode!r}")
        self.pad_mode = pad_mode.upper()
        self.kernel_size, self.stride = kernel_size, stride
        self._k = int_tuple(kernel_size, n, "kernel_size", cls)
        self._s = int_tuple(stride, n, "stride", cls)
        self._d = int_tuple(dilation, n, "dilation", cls)
        self._p = int_tuple(padding, n, "padding", cls, allow_zero=True)
        self.padding, self.ceil_mode = padding, ceil_mode
        if any(p > k // 2 for p, k in zip(self._p, self._k)):
            raise ValueError(f"For '{cls}', the 'padding' must be at most half the kernel size {self._k}, "
                             f"but got {padding!r}")
        self._torch_mode = self.pad_mode == "PAD"


class _MaxPoolNd(_PoolNd):

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, dilation=1, return_indices=False,
                 ceil_mode=False):
        super().__init__(kernel_size, stride, pad_mode, padding, ceil_mode, dilation)
        if self.pad_mode != "PAD" and (padding != 0 or dilation != 1 or return_indices or ceil_mode):
            raise ValueError(f"For '{type(self).__name__}', the 'padding', 'dilation', 'return_indices' and "
                             f"'ceil_mode' can only be set with pad_mode 'pad', but got pad_mode {pad_mode!r}")
        self.dilation, self.return_indices = dilation, return_indices
        self._fn = _MAX[self._nd]
        # torch.max_poolNd skips the Python argument handling of F.max_poolNd (hot in training loops).
        self._fast = _MAX_FAST[self._nd]
        self._same = self.pad_mode == "SAME"

    def construct(self, x):
        t = x._t
        if t.dim() != self._nd + 2:
            check_batch_rank(self, t)
        if self._nd > 1 and not t.is_floating_point():  # MindSpore 2.10's 2-D/3-D kernels are float-only
            check_dtype(self, "x", t, FLOATS)
        if self._torch_mode:
            if self.return_indices:
                return _max_result(self._fn(t, self._k, self._s, self._p, self._d, self.ceil_mode, True))
            return _wrap(self._fast(t, self._k, self._s, self._p, self._d, self.ceil_mode))
        if self._same:
            # 'same' padding (dilation is 1 here) for the fast torch kernel below, -inf as MindSpore pads max pooling
            t = _nn._same_pad(t, self._k, self._s, float("-inf"))
        return _wrap(self._fast(t, self._k, self._s))

    def extend_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}"


def _max_result(out):
    if isinstance(out, tuple):
        return _wrap(out[0]), _wrap(out[1])
    return _wrap(out)


_MAX_DOC = r"""

    Args:
        kernel_size (int or tuple): window size. Default: 1.
        stride (int or tuple): Default: 1.
        pad_mode (str): ``"valid"``, ``"same"`` or ``"pad"``. Default: ``"valid"``.
        padding (int or tuple): with ``"pad"``, implicit -inf padding on both sides. Default: 0.
        dilation (int or tuple): with ``"pad"``. Default: 1.
        return_indices (bool): with ``"pad"``, also return the argmax indices. Default: False.
        ceil_mode (bool): with ``"pad"``, round the output size up. Default: False.

    Outputs:
        Tensor (and int64 indices with ``return_indices``).

    Differences from PyTorch: ``stride`` defaults to 1 (not ``kernel_size``); ``pad_mode``
    selects TensorFlow-style ``"same"``/``"valid"`` or PyTorch-style ``"pad"``.
    """


class MaxPool1d(_MaxPoolNd):
    __doc__ = r"""1-D max pooling over :math:`(N, C, L)` or :math:`(C, L)` input.""" + _MAX_DOC
    _nd = 1


class MaxPool2d(_MaxPoolNd):
    __doc__ = r"""2-D max pooling over :math:`(N, C, H, W)` or :math:`(C, H, W)` input.""" + _MAX_DOC + \
        """    ``data_format`` must be ``"NCHW"``.\n"""
    _nd = 2

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, dilation=1, return_indices=False,
                 ceil_mode=False, data_format="NCHW"):
        if data_format != "NCHW":
            raise ValueError(f"For 'MaxPool2d', only data_format 'NCHW' is supported, but got {data_format!r}")
        super().__init__(kernel_size, stride, pad_mode, padding, dilation, return_indices, ceil_mode)
        self.format = data_format


class MaxPool3d(_MaxPoolNd):
    __doc__ = r"""3-D max pooling over :math:`(N, C, D, H, W)` or :math:`(C, D, H, W)` input.""" + _MAX_DOC
    _nd = 3


class _AvgPoolNd(_PoolNd):

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=None):
        super().__init__(kernel_size, stride, pad_mode, padding, ceil_mode)
        cls = type(self).__name__
        if divisor_override is not None and (not isinstance(divisor_override, int) or divisor_override <= 0):
            raise ValueError(f"For '{cls}', the 'divisor_override' must be a positive int, but got {divisor_override}")
        if self.pad_mode == "SAME" and (padding != 0 or ceil_mode):
            raise ValueError(f"For '{cls}', the 'padding' and 'ceil_mode' can not be set with pad_mode 'same'")
        self.count_include_pad, self.divisor_override = count_include_pad, divisor_override
        # Any PyTorch-style option switches to PyTorch semantics, as in MindSpore.
        self._torch_mode = self.pad_mode != "SAME" and (
            self.pad_mode == "PAD" or padding != 0 or ceil_mode or not count_include_pad
            or divisor_override is not None)
        self._fn = _AVG[self._nd]
        self._extra = () if self._nd == 1 else (divisor_override,)

    def construct(self, x):
        t = x._t
        if t.dim() != self._nd + 2:
            check_batch_rank(self, t)
        if self._torch_mode:
            return _wrap(self._fn(t, self._k, self._s, self._p, self.ceil_mode, self.count_include_pad,
                                  *self._extra))
        if self.pad_mode == "SAME":
            flat = same_pad_flat(t.shape[-self._nd:], self._k, self._s, self._d)
            if any(flat):
                return _wrap(_nn._avg_pool_same(self._fn, t, flat, self._k, self._s, self._nd))
        return _wrap(self._fn(t, self._k, self._s))

    def extend_repr(self):
        return f"kernel_size={self.kernel_size}, stride={self.stride}, pad_mode={self.pad_mode}"


_AVG_DOC = r"""

    Args:
        kernel_size (int or tuple): window size. Default: 1.
        stride (int or tuple): Default: 1.
        pad_mode (str): ``"valid"``, ``"same"`` (padding excluded from the average in 1-D/2-D,
            included in 3-D as MindSpore does) or ``"pad"``.
            Default: ``"valid"``.
        padding (int or tuple): implicit zero padding (PyTorch semantics). Default: 0.
        ceil_mode (bool): round the output size up. Default: False.
        count_include_pad (bool): count the padding in the divisor. Default: True.

    Outputs:
        Tensor of the input's dtype.

    Differences from PyTorch: ``stride`` defaults to 1 (not ``kernel_size``); ``pad_mode``
    selects TensorFlow-style ``"same"``/``"valid"`` or PyTorch-style ``"pad"``.
    """


class AvgPool1d(_AvgPoolNd):
    __doc__ = r"""1-D average pooling over :math:`(N, C, L)` or :math:`(C, L)` input.""" + _AVG_DOC
    _nd = 1

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, ceil_mode=False, count_include_pad=True):
        super().__init__(kernel_size, stride, pad_mode, padding, ceil_mode, count_include_pad)


class AvgPool2d(_AvgPoolNd):
    __doc__ = r"""2-D average pooling over :math:`(N, C, H, W)` or :math:`(C, H, W)` input.""" + _AVG_DOC + \
        """    ``divisor_override`` (int) replaces the divisor; ``data_format`` must be ``"NCHW"``.\n"""
    _nd = 2

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=None, data_format="NCHW"):
        if data_format != "NCHW":
            raise ValueError(f"For 'AvgPool2d', only data_format 'NCHW' is supported, but got {data_format!r}")
        super().__init__(kernel_size, stride, pad_mode, padding, ceil_mode, count_include_pad, divisor_override)
        self.format = data_format


class AvgPool3d(_AvgPoolNd):
    __doc__ = r"""3-D average pooling over :math:`(N, C, D, H, W)` or :math:`(C, D, H, W)` input.""" + _AVG_DOC + \
        """    ``divisor_override`` (int) replaces the divisor.\n"""
    _nd = 3

    def __init__(self, kernel_size=1, stride=1, pad_mode="valid", padding=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=None):
        super().__init__(kernel_size, stride, pad_mode, padding, ceil_mode, count_include_pad, divisor_override)


class _AdaptivePool(Cell):
    _nd = 2
    _fn = None
    _indices = False

    def __init__(self, output_size, return_indices=False):
        super().__init__()
        cls = type(self).__name__
        n = self._nd
        sizes = (output_size,) * n if isinstance(output_size, int) or output_size is None else tuple(output_size)
        if len(sizes) != n or not all(s is None or (isinstance(s, int) and s > 0) for s in sizes):
            raise ValueError(f"For '{cls}', the 'output_size' must be a positive int or a tuple of {n} positive ints "
                             f"(or None), but got {output_size!r}")
        self.output_size = output_size
        self.return_indices = return_indices
        self._size = sizes if n > 1 else sizes[0]

    def construct(self, x):
        t = x._t
        if self._nd == 1 and t.dim() != 3:  # MindSpore 2.10's 1-D adaptive pools take batched input only
            raise ValueError(f"For {type(self).__name__}, the input must has 3 dim, but got shape {tuple(t.shape)}")
        if self._nd == 1:  # MindSpore 2.10 pools with one fixed window: the length must split evenly
            _split_evenly(type(self).__name__, t.shape[2], self._size)
        check_batch_rank(self, t)
        if self._nd == 3 and not t.is_floating_point() and t.dtype != torch.bool:
            return self._integer(t)
        if self._indices:
            return _max_result(type(self)._fn(t, self._size, self.return_indices))
        return _wrap(type(self)._fn(t, self._size))

    def _integer(self, t):
        """MindSpore 2.10's 3-D adaptive pools keep an integer dtype: averages truncate toward zero, maxima
        are taken from the input itself (at the argmax of a float64 copy, so no value is rounded)."""
        if not self._indices:
            return _wrap(type(self)._fn(t.double(), self._size).to(t.dtype))
        _, idx = type(self)._fn(t.double(), self._size, True)
        out = _gather_spatial(t, idx, 3)
        return (_wrap(out), _wrap(idx)) if self.return_indices else _wrap(out)


def _split_evenly(cls, length, size):
    if length < size:
        raise ValueError(f"For {cls}, the input's last dimension must be greater or equal to output size {size}, "
                         f"but got {length}.")
    if length % size:
        raise ValueError(f"For {cls}, the input's last dimension must be divisible by output size {size}, "
                         f"but got {length}.")


_ADAPTIVE_DOC = r"""

    Args:
        output_size (int or tuple): output spatial size; None keeps that input dimension.

    Outputs:
        Tensor with the spatial dimensions resized to ``output_size``."""


class AdaptiveAvgPool1d(_AdaptivePool):
    __doc__ = r"""Adaptive average pooling over :math:`(N, C, L)` input.""" + _ADAPTIVE_DOC + "\n    "
    _nd = 1
    _fn = staticmethod(F.adaptive_avg_pool1d)

    def __init__(self, output_size):
        super().__init__(output_size)


class AdaptiveAvgPool2d(_AdaptivePool):
    __doc__ = r"""Adaptive average pooling over :math:`(N, C, H, W)` input.""" + _ADAPTIVE_DOC + "\n    "
    _nd = 2
    _fn = staticmethod(F.adaptive_avg_pool2d)

    def __init__(self, output_size):
        super().__init__(output_size)


class AdaptiveAvgPool3d(_AdaptivePool):
    __doc__ = r"""Adaptive average pooling over :math:`(N, C, D, H, W)` input.""" + _ADAPTIVE_DOC + "\n    "
    _nd = 3
    _fn = staticmethod(F.adaptive_avg_pool3d)

    def __init__(self, output_size):
        super().__init__(output_size)


class AdaptiveMaxPool1d(_AdaptivePool):
    __doc__ = r"""Adaptive max pooling over :math:`(N, C, L)` input.""" + _ADAPTIVE_DOC + "\n    "
    _nd = 1
    _indices = True
    _fn = staticmethod(F.adaptive_max_pool1d)

    def __init__(self, output_size):
        super().__init__(output_size)


class AdaptiveMaxPool2d(_AdaptivePool):
    __doc__ = r"""Adaptive max pooling over :math:`(N, C, H, W)` input.""" + _ADAPTIVE_DOC + r"""
        return_indices (bool): also return the int64 argmax indices. Default: False.
    """
    _nd = 2
    _indices = True
    _fn = staticmethod(F.adaptive_max_pool2d)

    def __init__(self, output_size, return_indices=False):
        super().__init__(output_size, return_indices)


class AdaptiveMaxPool3d(_AdaptivePool):
    __doc__ = r"""Adaptive max pooling over :math:`(N, C, D, H, W)` input.""" + _ADAPTIVE_DOC + r"""
        return_indices (bool): also return the int64 argmax indices. Default: False.
    """
    _nd = 3
    _indices = True
    _fn = staticmethod(F.adaptive_max_pool3d)

    def __init__(self, output_size, return_indices=False):
        super().__init__(output_size, return_indices)


def _gather_spatial(t, idx, nd):
    """The elements of ``t`` at the flat spatial indices ``idx`` (as pooling returns them)."""
    return t.flatten(-nd).gather(-1, idx.flatten(-nd)).view(idx.shape)


class _LPPool(Cell):
    _nd = 1

    def __init__(self, norm_type, kernel_size, stride=None, ceil_mode=False):
        super().__init__()
        cls = type(self).__name__
        if not isinstance(norm_type, (int, float)) or isinstance(norm_type, bool) or norm_type <= 0:
            raise ValueError(f"For '{cls}', the 'norm_type' must be a positive number, but got {norm_type!r}")
        self.norm_type, self.kernel_size, self.stride, self.ceil_mode = norm_type, kernel_size, stride, ceil_mode
        k = int_tuple(kernel_size, self._nd, "kernel_size", cls)
        s = None if stride is None else int_tuple(stride, self._nd, "stride", cls)
        # F.lp_pool1d multiplies by its kernel_size, so it takes ints where lp_pool2d takes tuples.
        if self._nd == 1:
            k, s = k[0], None if s is None else s[0]
        self._k, self._s, self._p = k, s, float(norm_type)
        self._fn = F.lp_pool1d if self._nd == 1 else F.lp_pool2d

    def construct(self, x):
        t = x._t
        if self._nd == 2 and t.dim() != 4:  # MindSpore 2.10 pools 4-D input only
            raise ValueError(f"For 'LPPool2d', the input must be 4-D (N, C, H, W), but got shape {tuple(t.shape)}")
        return _wrap(self._fn(t, self._p, self._k, self._s, self.ceil_mode))


class LPPool1d(_LPPool):
    r"""Power-average pooling :math:`(\sum x^p)^{1/p}` over :math:`(N, C, L)` input.

    Args:
        norm_type (float): the power :math:`p`.
        kernel_size (int): window size.
        stride (int): Default: None (``kernel_size``).
        ceil_mode (bool): Default: False.

    Inputs:
        - **x** (Tensor) - 2-D or 3-D.

    Outputs:
        Tensor of the pooled values.
    """
    _nd = 1


class LPPool2d(_LPPool):
    r"""Power-average pooling :math:`(\sum x^p)^{1/p}` over :math:`(N, C, H, W)` input.

    Args:
        norm_type (float): the power :math:`p`.
        kernel_size (int or tuple): window size.
        stride (int or tuple): Default: None (``kernel_size``).
        ceil_mode (bool): Default: False.

    Inputs:
        - **x** (Tensor) - 3-D or 4-D.

    Outputs:
        Tensor of the pooled values.
    """
    _nd = 2


class _MaxUnpool(Cell):
    _nd = 1

    def __init__(self, kernel_size, stride=None, padding=0):
        super().__init__()
        cls = type(self).__name__
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding
        self._k = int_tuple(kernel_size, self._nd, "kernel_size", cls)
        self._s = self._k if stride is None else int_tuple(stride, self._nd, "stride", cls)
        self._p = int_tuple(padding, self._nd, "padding", cls, allow_zero=True)
        self._fn = {1: F.max_unpool1d, 2: F.max_unpool2d, 3: F.max_unpool3d}[self._nd]

    def construct(self, x, indices, output_size=None):
        t, i = x._t, check_dtype(self, "indices", indices._t, INDICES)
        size = None if output_size is None else tuple(output_size)
        if not t.is_floating_point():  # MindSpore 2.10 unpools integers; torch's kernel is float-only
            check_dtype(self, "x", t, (torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8))
            # float64 holds every integer below 2**53 exactly, so every int32
            return _wrap(self._fn(t.double(), i.long(), self._k, self._s, self._p, size).to(t.dtype))
        return _wrap(self._fn(t, i.long(), self._k, self._s, self._p, size))


_UNPOOL_DOC = r"""

    Args:
        kernel_size (int or tuple): the pooling window.
        stride (int or tuple): Default: None (``kernel_size``).
        padding (int or tuple): Default: 0.

    Inputs:
        - **x** (Tensor) - the pooled values.
        - **indices** (Tensor) - the argmax indices from the max pooling.
        - **output_size** (tuple) - the unpooled size. Default: None.

    Outputs:
        Tensor with the values scattered back, zeros elsewhere.
    """


class MaxUnpool1d(_MaxUnpool):
    __doc__ = "Partial inverse of MaxPool1d." + _UNPOOL_DOC
    _nd = 1


class MaxUnpool2d(_MaxUnpool):
    __doc__ = "Partial inverse of MaxPool2d." + _UNPOOL_DOC
    _nd = 2


class MaxUnpool3d(_MaxUnpool):
    __doc__ = "Partial inverse of MaxPool3d." + _UNPOOL_DOC
    _nd = 3


class _FractionalMaxPool(Cell):
    _nd = 2

    def __init__(self, kernel_size, output_size=None, output_ratio=None, return_indices=False, _random_samples=None):
        super().__init__()
        cls = type(self).__name__
        if (output_size is None) == (output_ratio is None):
            raise ValueError(f"For '{cls}', exactly one of 'output_size' and 'output_ratio' must be given")
        self.kernel_size, self.output_size, self.output_ratio = kernel_size, output_size, output_ratio
        self.return_indices = return_indices
        self._random_samples = _random_samples
        self._fn = F.fractional_max_pool2d if self._nd == 2 else F.fractional_max_pool3d

    def construct(self, x):
        t = x._t
        if self._nd == 3 and t.dim() not in (4, 5):  # MindSpore 2.10 raises a TypeError here
            raise TypeError(f"For 'FractionalMaxPool3d', the input must be 4-D or 5-D, but got shape {tuple(t.shape)}")
        samples = self._random_samples._t if isinstance(self._random_samples, Tensor) else self._random_samples
        if self._nd == 2 and t.dtype in INDICES:
            # MindSpore 2.10 pools int32/int64 too: the maxima come from the input, at a float64 copy's argmax
            _, idx = self._fn(t.double(), self.kernel_size, self.output_size, self.output_ratio, True,
                              _random_samples=None if samples is None else samples.double())
            out = _gather_spatial(t, idx, 2)
            return (_wrap(out), _wrap(idx)) if self.return_indices else _wrap(out)
        out = self._fn(t, self.kernel_size, self.output_size, self.output_ratio, self.return_indices,
                       _random_samples=samples)
        return _max_result(out)


class FractionalMaxPool2d(_FractionalMaxPool):
    r"""Fractional max pooling over :math:`(N, C, H, W)` input with pseudo-random window positions.

    Args:
        kernel_size (int or tuple): window size.
        output_size (int or tuple): target size. Default: None.
        output_ratio (float or tuple): target size as a fraction of the input. Default: None.
        return_indices (bool): also return the indices. Default: False.
        _random_samples (Tensor): fixed samples of shape :math:`(N, C, 2)`. Default: None.

    Inputs:
        - **x** (Tensor) - 3-D or 4-D.

    Outputs:
        Tensor (and indices with ``return_indices``).
    """
    _nd = 2


class FractionalMaxPool3d(_FractionalMaxPool):
    r"""Fractional max pooling over :math:`(N, C, D, H, W)` input with pseudo-random window positions.

    Args:
        kernel_size (int or tuple): window size.
        output_size (int or tuple): target size. Default: None.
        output_ratio (float or tuple): target size as a fraction of the input. Default: None.
        return_indices (bool): also return the indices. Default: False.
        _random_samples (Tensor): fixed samples of shape :math:`(N, C, 3)`. Default: None.

    Inputs:
        - **x** (Tensor) - 4-D or 5-D.

    Outputs:
        Tensor (and indices with ``return_indices``).
    """
    _nd = 3


class _AvgPoolExt(Cell):
    _nd = 2

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=None):
        super().__init__()
        self.kernel_size, self.stride, self.padding = kernel_size, stride, padding
        self.ceil_mode, self.count_include_pad, self.divisor_override = ceil_mode, count_include_pad, divisor_override
        self._fn = _AVG[self._nd]
        self._extra = () if self._nd == 1 else (divisor_override,)

    def construct(self, input):  # noqa: A002 - MindSpore's argument name
        return _wrap(self._fn(input._t, self.kernel_size, self.stride, self.padding, self.ceil_mode,
                              self.count_include_pad, *self._extra))


_AVG_EXT_DOC = r"""

    Args:
        kernel_size (int or tuple): window size.
        stride (int or tuple): Default: None (``kernel_size``).
        padding (int or tuple): Default: 0.
        ceil_mode (bool): Default: False.
        count_include_pad (bool): Default: True.

    Inputs:
        - **input** (Tensor) - batched or unbatched input.

    Outputs:
        Tensor of the averages.
    """


class AvgPool1dExt(_AvgPoolExt):
    __doc__ = "1-D average pooling with ``torch.nn.AvgPool1d``'s arguments." + _AVG_EXT_DOC
    _nd = 1

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
        super().__init__(kernel_size, stride, padding, ceil_mode, count_include_pad)


class AvgPool2dExt(_AvgPoolExt):
    __doc__ = "2-D average pooling with ``torch.nn.AvgPool2d``'s arguments." + _AVG_EXT_DOC
    _nd = 2


class AvgPool3dExt(_AvgPoolExt):
    __doc__ = "3-D average pooling with ``torch.nn.AvgPool3d``'s arguments." + _AVG_EXT_DOC
    _nd = 3


class MaxPool2dExt(Cell):
    r"""2-D max pooling with ``torch.nn.MaxPool2d``'s arguments.

    Args:
        kernel_size (int or tuple): Default: 1.
        stride (int or tuple): Default: None (``kernel_size``).
        padding (int or tuple): Default: 0.
        dilation (int or tuple): Default: 1.
        return_indices (bool): Default: False.
        ceil_mode (bool): Default: False.

    Inputs:
        - **input** (Tensor) - 3-D or 4-D.

    Outputs:
        Tensor (and int64 indices with ``return_indices``).
    """

    def __init__(self, kernel_size=1, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False):
        super().__init__()
        self.kernel_size, self.stride, self.padding, self.dilation = kernel_size, stride, padding, dilation
        self.return_indices, self.ceil_mode = return_indices, ceil_mode

    def construct(self, input):  # noqa: A002 - MindSpore's argument name
        return max_pool2d(input, self.kernel_size, self.stride, self.padding, self.dilation, self.return_indices,
                          self.ceil_mode)


# ------------------------------------------------------- MindSpore 2.10's pooling argument normalisers
def _check_tuple_length(arg_name, prim_name, length, cls_name):
    """``arg_name`` (a sequence) when it has ``length`` items; ValueError naming ``prim_name`` otherwise."""
    if len(arg_name) != length:
        raise ValueError(f"For {cls_name}, the length of {prim_name} must be equal to {length}, "
                         f"but got {len(arg_name)}.")
    return arg_name


def _cal_dilation(dilation, nd, cls_name):
    """The dilation of an ``nd``-d pooling as the 3-d primitive takes it (an int, or a tuple padded with 1s)."""
    if isinstance(dilation, int):
        return dilation
    if isinstance(dilation, tuple):
        if len(dilation) == 1:
            return dilation[0]
        if len(dilation) == nd:
            return (3 - nd) * (1,) + dilation
        if nd == 1:
            raise ValueError(f"For {cls_name}, the length of 'dilation' must be 1, but got {len(dilation)}.")
        raise ValueError(f"For {cls_name}, the length of 'dilation' must be 1 or {nd}, but got {len(dilation)}.")
    raise ValueError(f"For {cls_name}, the 'dilation' must be int or tuple, but got {type(dilation)}.")


def _cal_padding(padding, cls_name, nd):
    """The padding of an ``nd``-d pooling as the 3-d primitive's 6-tuple (begin/end per dimension)."""
    from ..._checkparam import check_non_negative_int_sequence, check_value_type
    check_value_type('padding', padding, (int, tuple, list), cls_name)
    if isinstance(padding, int):
        return (0, 0) * (3 - nd) + (padding,) * nd * 2
    check_non_negative_int_sequence(padding, "padding", cls_name)
    if len(padding) == nd:
        return (0, 0) * (3 - nd) + tuple(padding[i // 2] for i in range(nd * 2))
    if len(padding) == 1:
        return (0, 0) * (3 - nd) + tuple(padding * nd * 2)
    if nd == 1:
        raise ValueError(f"For {cls_name}, the padding must be a int or tuple/list contains one int, "
                         f"but got tuple/list with length:{len(padding)}.")
    raise ValueError(f"For {cls_name}, the padding must be a int or tuple/list contains 1 or {nd} int, "
                     f"but got tuple/list with length:{len(padding)}.")


def _check_maxpool_padding(padding, nd, cls_name):
    """The padding of an ``nd``-d max pooling as the 3-d primitive's 3-tuple."""
    from ..._checkparam import check_non_negative_int_sequence, check_value_type
    check_value_type('padding', padding, (int, tuple, list), cls_name)
    if isinstance(padding, int):
        return (0,) * (3 - nd) + (padding,) * nd
    check_non_negative_int_sequence(padding, "padding", cls_name)
    if len(padding) == 1:
        return (0,) * (3 - nd) + tuple(padding * nd)
    if len(padding) != nd:
        raise ValueError(f"For {cls_name}, the length of padding must equal to {nd}, but got {len(padding)}.")
    return (0,) * (3 - nd) + tuple(padding)
