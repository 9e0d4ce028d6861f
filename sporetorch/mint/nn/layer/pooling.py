"""``mint.nn`` pooling layers with torch.nn's arguments.

AvgPool1d/2d/3d, MaxPool2d and AdaptiveMaxPool2d are ``mindspore.nn``'s classes (AvgPool*dExt, MaxPool2dExt,
AdaptiveMaxPool2d), as in MindSpore 2.10.
"""
from ....nn.cell import Cell
from ....nn.layer.pooling import AdaptiveMaxPool2d, AvgPool1dExt, AvgPool2dExt, AvgPool3dExt, MaxPool2dExt
from .. import functional as mF

__all__ = ["AdaptiveAvgPool1d", "AdaptiveAvgPool2d", "AdaptiveAvgPool3d", "AdaptiveMaxPool1d", "AdaptiveMaxPool2d",
           "AvgPool1d", "AvgPool2d", "AvgPool3d", "MaxPool2d", "MaxUnpool2d"]

AvgPool1d = AvgPool1dExt
AvgPool2d = AvgPool2dExt
AvgPool3d = AvgPool3dExt
MaxPool2d = MaxPool2dExt


class _AdaptiveAvgPoolNd(Cell):
    """Average pooling to a fixed ``output_size``."""

    _fn = None

    def __init__(self, output_size):
        super().__init__()
        self.output_size = output_size

    def construct(self, input):
        return type(self)._fn(input, self.output_size)

    def extend_repr(self):
        return f"output_size={self.output_size}"


class AdaptiveAvgPool1d(_AdaptiveAvgPoolNd):
    r"""Average pooling of (N, C, L) to length ``output_size``."""

    _fn = staticmethod(mF.adaptive_avg_pool1d)


class AdaptiveAvgPool2d(_AdaptiveAvgPoolNd):
    r"""Average pooling of (N, C, H, W) to ``output_size`` (an int or (H, W); None keeps that size)."""

    _fn = staticmethod(mF.adaptive_avg_pool2d)


class AdaptiveAvgPool3d(_AdaptiveAvgPoolNd):
    r"""Average pooling of (N, C, D, H, W) to ``output_size`` (an int or (D, H, W))."""

    _fn = staticmethod(mF.adaptive_avg_pool3d)


class AdaptiveMaxPool1d(Cell):
    r"""Max pooling of (N, C, L) to length ``output_size``, with the Int64 indices when ``return_indices``."""

    def __init__(self, output_size, return_indices=False):
        super().__init__()
        self.output_size = output_size
        self.return_indices = return_indices

    def construct(self, input):
        return mF.adaptive_max_pool1d(input, self.output_size, self.return_indices)

    def extend_repr(self):
        return f"output_size={self.output_size}, return_indices={self.return_indices}"


class MaxUnpool2d(Cell):
    r"""Inverse of :class:`MaxPool2d`: scatter ``input`` to the positions ``indices`` of a zero tensor.

    Args:
        kernel_size, stride (default: kernel_size), padding (default 0): those of the max pooling.

    Inputs:
        - **input** (Tensor), **indices** (Tensor) - the outputs of ``MaxPool2d(return_indices=True)``.
        - **output_size** (tuple, optional) - the wanted output size.
    """

    def __init__(self, kernel_size, stride=None, padding=0):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding

    def construct(self, input, indices, output_size=None):
        return mF.max_unpool2d(input, indices, self.kernel_size, self.stride, self.padding, output_size)
