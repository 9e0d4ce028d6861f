"""Image layers: PixelShuffle, PixelUnshuffle, CentralCrop, ImageGradients."""
import numpy as np

from ...common.tensor import Tensor, _wrap
from ...ops.function import image_func as _image
from ...ops.function.nn_func import pixel_shuffle, pixel_unshuffle
from ..cell import Cell
from .container import CellList
from .conv import Conv2d
from ._checks import NoArgCell, positive_int

__all__ = ["PixelShuffle", "PixelUnshuffle", "CentralCrop", "ImageGradients", "SSIM", "MSSSIM", "PSNR"]


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
        return pixel_shuffle(input, self.upscale_factor)


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
        return pixel_unshuffle(input, self.downscale_factor)


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
        dy, dx = _image._image_gradients(t)
        return _wrap(dy), _wrap(dx)


def _gaussian_window(size, sigma):
    """The normalised 2-D Gaussian window, shape (1, 1, size, size), as MindSpore builds it."""
    x, y = np.mgrid[-size // 2 + 1:size // 2 + 1, -size // 2 + 1:size // 2 + 1]
    g = np.exp(-(x.astype(np.float32) ** 2 + y.astype(np.float32) ** 2) / (2 * sigma ** 2))
    return (g / g.sum()).astype(np.float32)[None, None]


class SSIM(Cell):
    r"""Structural similarity index between two batches of images, averaged over channels and pixels.

    Args:
        max_val (float): dynamic range of the pixels. Default: 1.0.
        filter_size (int): size of the Gaussian window. Default: 11.
        filter_sigma (float): its standard deviation. Default: 1.5.
        k1 (float): Default: 0.01.
        k2 (float): Default: 0.03.

    Inputs:
        - **img1**, **img2** (Tensor) - :math:`(N, C, H, W)`, float16/float32, H and W >= ``filter_size``.

    Outputs:
        Tensor of shape :math:`(N,)`.
    """

    def __init__(self, max_val=1.0, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03):
        super().__init__()
        if not isinstance(max_val, (int, float)) or max_val <= 0:
            raise ValueError(f"For 'SSIM', the 'max_val' must be a positive number, but got {max_val!r}")
        if not isinstance(filter_size, int) or filter_size < 1:
            raise ValueError(f"For 'SSIM', the 'filter_size' must be a positive int, but got {filter_size!r}")
        if not isinstance(filter_sigma, float) or filter_sigma <= 0:
            raise ValueError(f"For 'SSIM', the 'filter_sigma' must be a positive float, but got {filter_sigma!r}")
        self.max_val, self.filter_size, self.filter_sigma, self.k1, self.k2 = max_val, filter_size, filter_sigma, k1, k2
        self.conv = Conv2d(1, 1, filter_size, pad_mode="valid",
                           weight_init=Tensor(_gaussian_window(filter_size, filter_sigma)))
        self.conv.weight.requires_grad = False

    def construct(self, img1, img2):
        a, b = img1._t, img2._t
        if a.shape != b.shape or a.dtype != b.dtype or a.dim() != 4:
            raise ValueError(f"For 'SSIM', 'img1' and 'img2' must be 4-D with the same shape and dtype, "
                             f"but got {tuple(a.shape)} {img1.dtype} and {tuple(b.shape)} {img2.dtype}")
        if min(a.shape[-2:]) < self.filter_size:
            raise ValueError(f"For 'SSIM', the image height and width must be at least filter_size "
                             f"{self.filter_size}, but got shape {tuple(a.shape)}")
        a, b, max_val = _image._unit_range_pair(a, b, self.max_val)
        c1, c2 = (self.k1 * max_val) ** 2, (self.k2 * max_val) ** 2
        ssim, _ = _image._ssim_and_cs(a, b, self.conv.weight._t.float(), c1, c2)
        return _wrap(ssim.mean(-1))


class MSSSIM(Cell):
    r"""Multi-scale SSIM: the contrast-structure terms of ``len(power_factors) - 1`` halvings and the SSIM
    of the coarsest scale, each raised to its power factor and multiplied, averaged over channels.

    Args:
        max_val (float): dynamic range of the pixels. Default: 1.0.
        power_factors (tuple): weights of the scales. Default: (0.0448, 0.2856, 0.3001, 0.2363, 0.1333).
        filter_size (int): Gaussian window size. Default: 11.
        filter_sigma (float): Default: 1.5.
        k1 (float): Default: 0.01.
        k2 (float): Default: 0.03.

    Inputs:
        - **img1**, **img2** (Tensor) - :math:`(N, C, H, W)`, large enough for every scale.

    Outputs:
        Tensor of shape :math:`(N,)`.
    """

    def __init__(self, max_val=1.0, power_factors=(0.0448, 0.2856, 0.3001, 0.2363, 0.1333), filter_size=11,
                 filter_sigma=1.5, k1=0.01, k2=0.03):
        super().__init__()
        if not isinstance(max_val, (int, float)) or max_val <= 0:
            raise ValueError(f"For 'MSSSIM', the 'max_val' must be a positive number, but got {max_val!r}")
        if not isinstance(power_factors, (tuple, list)) or not power_factors:
            raise TypeError(f"For 'MSSSIM', the 'power_factors' must be a non-empty tuple or list, "
                            f"but got {power_factors!r}")
        self.max_val, self.filter_size, self.filter_sigma, self.k1, self.k2 = max_val, filter_size, filter_sigma, k1, k2
        self.level = len(power_factors)
        window = Tensor(_gaussian_window(filter_size, filter_sigma))
        convs = [Conv2d(1, 1, filter_size, pad_mode="valid", weight_init=window) for _ in range(self.level)]
        for conv in convs:
            conv.weight.requires_grad = False
        self.multi_convs_list = CellList(convs)
        self._powers = tuple(float(v) for v in power_factors)

    def construct(self, img1, img2):
        a, b = img1._t, img2._t
        if a.shape != b.shape or a.dim() != 4:
            raise ValueError(f"For 'MSSSIM', 'img1' and 'img2' must be 4-D with the same shape, "
                             f"but got {tuple(a.shape)} and {tuple(b.shape)}")
        a, b, max_val = _image._unit_range_pair(a, b, self.max_val)
        c1, c2 = (self.k1 * max_val) ** 2, (self.k2 * max_val) ** 2
        windows = [conv.weight._t.float() for conv in self.multi_convs_list]
        return _wrap(_image._msssim(a, b, windows, self._powers, c1, c2))


class PSNR(Cell):
    r"""Peak signal-to-noise ratio :math:`10 \log_{10}(max\_val^2 / \text{MSE})` per image.

    Args:
        max_val (float): dynamic range of the pixels. Default: 1.0.

    Inputs:
        - **img1**, **img2** (Tensor) - :math:`(N, C, H, W)` of the same shape and dtype.

    Outputs:
        Tensor of shape :math:`(N,)`, float32.
    """

    def __init__(self, max_val=1.0):
        super().__init__()
        if not isinstance(max_val, (int, float)) or max_val <= 0:
            raise ValueError(f"For 'PSNR', the 'max_val' must be a positive number, but got {max_val!r}")
        self.max_val = max_val

    def construct(self, img1, img2):
        a, b = img1._t, img2._t
        if a.shape != b.shape or a.dim() != 4:
            raise ValueError(f"For 'PSNR', 'img1' and 'img2' must be 4-D with the same shape, "
                             f"but got {tuple(a.shape)} and {tuple(b.shape)}")
        a, b, max_val = _image._unit_range_pair(a, b, self.max_val)
        return _wrap(_image._psnr(a, b, max_val))


# ------------------------------------------------------------------ MindSpore's SSIM helpers
def _convert_img_dtype_to_float32(img, max_val):
    """``img`` as float32, scaled by ``1 / max_val`` when ``max_val`` > 1."""
    from ... import ops
    from ...common import dtype as mstype
    ret = ops.cast(img, mstype.float32)
    max_val = float(max_val)
    if max_val > 1.:
        ret = ret * (1. / max_val)
    return ret


def _create_window(size, sigma):
    """The normalised ``size`` x ``size`` Gaussian window of ``sigma``, a (1, 1, size, size) float32 array."""
    return _gaussian_window(size, sigma)


def _conv2d(in_channels, out_channels, kernel_size, weight, stride=1, padding=0):
    """A 'valid' :class:`Conv2d` with the given weight."""
    return Conv2d(in_channels, out_channels, kernel_size=kernel_size, stride=stride, weight_init=weight,
                  padding=padding, pad_mode="valid")


def _split_img(x):
    """The channels of the (N, C, H, W) ``x`` as C (N, 1, H, W) Tensors, and C."""
    from ... import ops
    c = x.shape[1]
    return ops.split(x, 1, axis=1), c


def _compute_per_channel_loss(c1, c2, img1, img2, conv):
    """The SSIM and contrast-structure maps of one-channel images, ``conv`` computing the local means."""
    return _image._ssim_maps(img1, img2, conv, c1, c2)


def _compute_multi_channel_loss(c1, c2, img1, img2, conv, concat, mean):
    """Per-channel SSIM and contrast-structure, each ``mean(concat(channel maps), (2, 3))``."""
    split_img1, c = _split_img(img1)
    split_img2, _ = _split_img(img2)
    maps = [_compute_per_channel_loss(c1, c2, split_img1[i], split_img2[i], conv) for i in range(c)]
    ssim = mean(concat(tuple(m[0] for m in maps)), (2, 3))
    cs = mean(concat(tuple(m[1] for m in maps)), (2, 3))
    return ssim, cs


def _downsample(img1, img2, op):
    """``op(img1), op(img2)``."""
    return op(img1), op(img2)
