"""Image layers: PixelShuffle, PixelUnshuffle, CentralCrop, ImageGradients."""
import torch
import torch.nn.functional as F

from ...common.tensor import _wrap
from ..cell import Cell
from ._checks import NoArgCell, positive_int

__all__ = ["PixelShuffle", "PixelUnshuffle", "CentralCrop", "ImageGradients"]


class PixelShuffle(Cell):
    r"""Rearrange :math:`(*, C r^2, H, W)` into :math:`(*, C, H r, W r)`.

    Args:
        upscale_factor (int): :math:`r`.

    Inputs:
        - **input** (Tensor) - at least 3-D.

    Outputs:
        Tensor of shape :math:`(*, C, H r, W r)`.
    """

    def __init__(self, upscale_factor):
        super().__init__()
        self.upscale_factor = positive_int(upscale_factor, "upscale_factor", "PixelShuffle")

    def construct(self, input):  # noqa: A002 - MindSpore's argument name
        return _wrap(F.pixel_shuffle(input._t, self.upscale_factor))


class PixelUnshuffle(Cell):
    r"""Rearrange :math:`(*, C, H r, W r)` into :math:`(*, C r^2, H, W)`.

    Args:
        downscale_factor (int): :math:`r`.

    Inputs:
        - **input** (Tensor) - at least 3-D.

    Outputs:
        Tensor of shape :math:`(*, C r^2, H, W)`.
    """

    def __init__(self, downscale_factor):
        super().__init__()
        self.downscale_factor = positive_int(downscale_factor, "downscale_factor", "PixelUnshuffle")

    def construct(self, input):  # noqa: A002 - MindSpore's argument name
        return _wrap(F.pixel_unshuffle(input._t, self.downscale_factor))


class CentralCrop(Cell):
    r"""Crop the central ``central_fraction`` of the height and width.

    Args:
        central_fraction (float): in (0, 1].

    Inputs:
        - **image** (Tensor) - :math:`(C, H, W)` or :math:`(N, C, H, W)`.

    Outputs:
        Tensor of the cropped images.
    """

    def __init__(self, central_fraction):
        super().__init__()
        if not isinstance(central_fraction, float) or not 0 < central_fraction <= 1:
            raise ValueError(f"For 'CentralCrop', the 'central_fraction' must be a float in (0, 1], "
                             f"but got {central_fraction!r}")
        self.central_fraction = central_fraction

    def construct(self, image):
        t = image._t
        if t.dim() not in (3, 4):
            raise ValueError(f"For 'CentralCrop', the image must be 3-D or 4-D, but got shape {tuple(t.shape)}")
        if self.central_fraction == 1.0:
            return image
        h, w = t.shape[-2:]
        top = int((float(h) - float(h * self.central_fraction)) / 2)
        left = int((float(w) - float(w * self.central_fraction)) / 2)
        return _wrap(t[..., top:h - top, left:w - left])


class ImageGradients(NoArgCell):
    r"""Forward differences along height (``dy``) and width (``dx``), zero in the last row/column.

    Inputs:
        - **images** (Tensor) - :math:`(N, C, H, W)`.

    Outputs:
        Tuple ``(dy, dx)`` of Tensors of the input's shape.
    """

    def construct(self, images):
        t = images._t
        if t.dim() != 4:
            raise ValueError(f"For 'ImageGradients', the images must be 4-D, but got shape {tuple(t.shape)}")
        dy = torch.zeros_like(t)
        dx = torch.zeros_like(t)
        dy[:, :, :-1, :] = t[:, :, 1:, :] - t[:, :, :-1, :]
        dx[:, :, :, :-1] = t[:, :, :, 1:] - t[:, :, :, :-1]
        return _wrap(dy), _wrap(dx)
