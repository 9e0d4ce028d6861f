"""Image Primitive classes: hue/saturation adjustment, crop-and-resize, NMS over an overlap matrix, grayscale
dilation, glimpses, scale-and-translate resampling."""

import torch

from ... import _checkparam as validator
from ...common.tensor import Tensor, _wrap
from ..function import image_func
from ..function._prim_checks import _check_dtypes, _check_ndim
from ..function._utils import (
    FLOATS,
    _desc,
    _tensor_arg,
)
from ..function.image_func import (
    _SAMPLING_KERNELS,
    _hsv_to_rgb,
    _rgb_to_hsv,
)
from ..primitive import Primitive, prim_attr_register
from ._errors import tensor_of

__all__ = ["AdjustHue", "AdjustSaturation", "CropAndResize", "Dilation2D", "ExtractGlimpse", "NonMaxSuppressionWithOverlaps",
           "ROIAlign", "ScaleAndTranslate"]


# MindSpore 2.10's CropAndResize (and LowerBound) kernels: every real dtype but UInt32/UInt64.
_IMAGE_REALS = FLOATS + (torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8, torch.uint16)


class AdjustHue(Primitive):
    """Rotate the hue of RGB images (last axis, values in [0, 1]) by ``delta`` (a fraction of the colour wheel).

    Inputs:
        - **image** (Tensor) - (..., 3) float16/float32.
        - **delta** (Tensor) - 0-d float32 in [-1, 1].

    Outputs:
        Tensor of the image's shape and dtype.
    """

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, image, delta):
        return image_func.adjust_hue(image, delta)


class AdjustSaturation(Primitive):
    """Scale the saturation of RGB images (last axis) by ``scale``, clipped to [0, 1].

    Inputs:
        - **image** (Tensor) - (..., 3) float16/float32.
        - **scale** (Tensor) - 0-d float32, non-negative.

    Outputs:
        Tensor of the image's shape and dtype.
    """

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, image, scale):
        return image_func.adjust_saturation(image, scale)


class CropAndResize(Primitive):
    """``ops.crop_and_resize`` as a Primitive: ``CropAndResize(method, extrapolation_value)(image, boxes,
    box_index, crop_size)``."""

    @prim_attr_register
    def __init__(self, method="bilinear", extrapolation_value=0.0):
        if method not in ("bilinear", "nearest", "bilinear_v2"):
            raise ValueError(f"For 'CropAndResize', the 'method' must be 'bilinear', 'nearest' or 'bilinear_v2', "
                             f"but got {method!r}")

    def __call__(self, x, boxes, box_index, crop_size):
        tensor_of("CropAndResize", "x", x, _IMAGE_REALS)
        tensor_of("CropAndResize", "boxes", boxes, (torch.float32,))
        tensor_of("CropAndResize", "box_index", box_index, (torch.int32,))
        if isinstance(crop_size, Tensor):
            crop_size = tuple(crop_size._t.tolist())
        return image_func.crop_and_resize(x, boxes, box_index, crop_size, self.method, self.extrapolation_value)


class NonMaxSuppressionWithOverlaps(Primitive):
    """Greedy non-maximum suppression with a precomputed overlap matrix.

    Candidates are visited by decreasing score (those with ``score <= score_threshold`` are dropped); one is
    kept unless its overlap ``overlaps[candidate, kept]`` with a box kept before exceeds
    ``overlap_threshold``; at most ``max_output_size`` indices are returned (int32).
    """

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, overlaps, scores, max_output_size, overlap_threshold, score_threshold):
        return image_func.non_max_suppression_with_overlaps(overlaps, scores, max_output_size, overlap_threshold,
                                                           score_threshold)


class ROIAlign(Primitive):
    """Region-of-interest align: average-pool each box of ``features`` into ``pooled_height x pooled_width``
    bins, sampling the feature map bilinearly at ``sample_num x sample_num`` points per bin.

    Args:
        pooled_height, pooled_width (int): the output size per box.
        spatial_scale (float): the factor from box coordinates to feature-map coordinates.
        sample_num (int): samples per bin and axis; 0 or less: ``floor(box size / bins)`` (MindSpore 2.10 then
            returns NaN for boxes smaller than a bin). Default: 2.
        roi_end_mode (int): 1 adds 1 to the box's end coordinates before scaling (and keeps boxes smaller
            than a feature cell as they are); 0 does not, and widens such boxes to one cell. Default: 1.

    Inputs:
        - **features** (Tensor) - (N, C, H, W) float16/float32.
        - **rois** (Tensor) - (R, 5): ``[batch index, x1, y1, x2, y2]``.

    Outputs:
        Tensor of shape (R, C, pooled_height, pooled_width).
    """

    @prim_attr_register
    def __init__(self, pooled_height, pooled_width, spatial_scale, sample_num=2, roi_end_mode=1):
        for name in ("pooled_height", "pooled_width", "sample_num", "roi_end_mode"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"For 'ROIAlign', the '{name}' must be int, but got {type(value).__name__}")
        if roi_end_mode not in (0, 1):
            raise ValueError(f"For 'ROIAlign', the 'roi_end_mode' must be 0 or 1, but got {roi_end_mode}")
        if not isinstance(spatial_scale, float):
            raise TypeError(f"For 'ROIAlign', the 'spatial_scale' must be float, but got "
                            f"{type(spatial_scale).__name__}")

    def __call__(self, features, rois):
        return image_func.roi_align(features, rois, pooled_height=self.pooled_height,
                                   pooled_width=self.pooled_width, spatial_scale=self.spatial_scale,
                                   roi_end_mode=self.roi_end_mode, sample_num=self.sample_num)


def _pair_attr(name, value):
    """Dilation2D's ``stride``/``dilation``: an int, 2 ints or ``(1, 1, h, w)``, as the 4-tuple MindSpore stores."""
    if not isinstance(value, (int, tuple)) or isinstance(value, bool):
        raise TypeError(f"For 'Dilation2D', the '{name}' must be an int or a tuple, but got {type(value).__name__}")
    if isinstance(value, int):
        value = (1, 1, value, value)
    elif len(value) == 2:
        value = (1, 1) + value
    elif len(value) != 4 or value[:2] != (1, 1):
        raise ValueError(f"For 'Dilation2D', the '{name}' must be a positive int or a tuple of 2 positive ints or "
                         f"(1, 1, {name}_height, {name}_width), but got {value}")
    if not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value):
        raise ValueError(f"For 'Dilation2D', the '{name}' must hold positive ints, but got {value}")
    return value


class Dilation2D(Primitive):
    r"""Grayscale (max-plus) dilation of an NCHW batch by one 2-D structuring element per channel:

    .. math::
        out(n, c, h, w) = \max_{m, k} x(n, c, s_0 h + d_0 m - p_0, s_1 w + d_1 k - p_1) + filter(c, m, k)

    Args:
        stride (Union[int, tuple[int]]): an int, ``(h, w)`` or ``(1, 1, h, w)``, each in [1, 255].
        dilation (Union[int, tuple[int]]): an int, ``(h, w)`` or ``(1, 1, h, w)``, positive.
        pad_mode (str): ``"same"`` (output ``ceil(H / s)``, the padding split with the extra row/column at the
            bottom/right) or ``"valid"`` (no padding). Default: ``"SAME"``.
        data_format (str): ``"NCHW"`` only.

    Inputs:
        - **x** (Tensor) - (N, C, H, W), a real dtype.
        - **filter** (Tensor) - (C, kH, kW), the dtype of ``x``.

    Outputs:
        Tensor (N, C, H_out, W_out) of ``x``'s dtype.

    Differences from MindSpore: MindSpore 2.10's CPU build fails on every valid input (RuntimeError 'Cast
    failed'); this computes the documented formula. Padded positions take no part in the maximum (TensorFlow's
    dilation2d, which MindSpore's kernels follow), rather than counting as zeros.
    """

    @prim_attr_register
    def __init__(self, stride, dilation, pad_mode="SAME", data_format="NCHW"):
        if data_format != "NCHW":
            raise ValueError(f"For 'Dilation2D', the 'data_format' must be 'NCHW', but got {data_format!r}")
        if pad_mode not in ("VALID", "SAME", "valid", "same"):
            raise ValueError(f"For 'Dilation2D', the 'pad_mode' must be 'same' or 'valid', but got {pad_mode!r}")
        self.pad_mode = pad_mode.upper()
        self.stride = _pair_attr("stride", stride)
        if not all(1 <= v <= 255 for v in self.stride[2:]):
            raise ValueError(f"For 'Dilation2D', the 'stride' must be in [1, 255], but got {stride}")
        self.dilation = _pair_attr("dilation", dilation)

    def __call__(self, x, filter):
        return image_func.dilation2d(x, filter, pad_mode=self.pad_mode, stride=self.stride, dilation=self.dilation)


class ExtractGlimpse(Primitive):
    """Windows of ``size`` cut from NHWC images around ``offsets``, as TensorFlow's ``extract_glimpse``.

    Args:
        centered (bool): offsets are relative to the image centre (else to its top-left corner). Default: True.
        normalized (bool): offsets are fractions of the image size (else pixels). Default: True.
        uniform_noise (bool): fill the window's part outside the image with uniform noise. Default: True.
        noise (str): ``"uniform"``, ``"gaussian"`` or ``"zero"`` (``uniform_noise`` must then be False).
            Default: ``"uniform"``.

    Inputs:
        - **x** (Tensor) - (batch, height, width, channels) float32.
        - **size** (Tensor) - (2,) int32, the window's height and width (positive).
        - **offsets** (Tensor) - (batch, 2) float32, the ``(y, x)`` centre of each window.

    Outputs:
        Tensor (batch, size[0], size[1], channels) float32. A window's top-left pixel is the centre less half the
        window, truncated towards zero; its part outside the image holds noise: zeros, or random values drawn
        as MindSpore 2.10's CPU kernel draws them whatever the image (uniform in [-1, 1), or normal with mean 10
        and deviation 0.5).
    """

    @prim_attr_register
    def __init__(self, centered=True, normalized=True, uniform_noise=True, noise="uniform"):
        validator.check_value_type("centered", centered, [bool], self.name)
        validator.check_value_type("normalized", normalized, [bool], self.name)
        validator.check_value_type("noise", noise, [str], self.name)
        validator.check_string(noise, ["uniform", "gaussian", "zero"], "noise", self.name)
        validator.check_value_type("uniform_noise", uniform_noise, [bool], self.name)
        if uniform_noise and noise != "uniform":
            raise ValueError(f"For 'ExtractGlimpse', the 'noise' must be 'uniform' when uniform_noise is True, but "
                             f"got {noise!r}")

    def __call__(self, x, size, offsets):
        _tensor_arg("ExtractGlimpse", "offsets", offsets)
        tensor_of("ExtractGlimpse", "x", x, (torch.float32,))
        tensor_of("ExtractGlimpse", "size", size, (torch.int32,))
        tensor_of("ExtractGlimpse", "offsets", offsets, (torch.float32,))
        t, o = x._t, offsets._t
        if t.dim() != 4:  # MindSpore 2.10 raises RuntimeError here
            raise RuntimeError(f"For 'ExtractGlimpse', the 'x' must be 4-D, but got {_desc(x)}")
        if o.dim() != 2 or o.shape[0] != t.shape[0] or o.shape[1] != 2 or size._t.numel() < 2:
            raise ValueError(f"For 'ExtractGlimpse', the 'offsets' must be (batch, 2) for 'x' {_desc(x)} and the "
                             f"'size' hold 2 values, but got {_desc(offsets)} and {_desc(size)}")
        gh, gw = (int(v) for v in size._t.reshape(-1)[:2])
        if gh <= 0 or gw <= 0:
            raise ValueError(f"For 'ExtractGlimpse', the 'size' must be positive, but got {[gh, gw]}")
        return image_func._extract_glimpse(x, offsets, (gh, gw), centered=self.centered, normalized=self.normalized,
                                           noise=self.noise)


class ScaleAndTranslate(Primitive):
    """Resample NHWC images to ``size`` by the map ``output = input * scale + translation`` (per axis), with a
    separable sampling kernel (TensorFlow's ``scale_and_translate``).

    Args:
        kernel_type (str): ``"lanczos1"``, ``"lanczos3"``, ``"lanczos5"``, ``"gaussian"``, ``"box"``,
            ``"triangle"``, ``"keyscubic"`` or ``"mitchellcubic"``. Default: ``"lanczos3"``.
        antialias (bool): widen the kernel by ``1 / scale`` when downsampling. Default: True.

    Inputs:
        - **images** (Tensor) - (batch, height, width, channels): float16/32/64, int8/16/32/64.
        - **size** (Tensor) - (2,) int32, the output height and width.
        - **scale** (Tensor) - (2,) float32, positive.
        - **translation** (Tensor) - (2,) float32.

    Outputs:
        Tensor (batch, size[0], size[1], channels) float32. Output pixels whose sample point falls outside
        the input are 0.
    """

    @prim_attr_register
    def __init__(self, kernel_type="lanczos3", antialias=True):
        validator.check_value_type("kernel_type", kernel_type, [str], self.name)
        validator.check_string(kernel_type, list(_SAMPLING_KERNELS), "kernel_type", self.name)
        validator.check_value_type("antialias", antialias, [bool], self.name)

    def __call__(self, images, size, scale, translation):
        return image_func.scale_and_translate(images, size, scale, translation, kernel_type=self.kernel_type,
                                             antialias=self.antialias)


def _image_channels(prim, name, x, rank=None):
    """MindSpore 2.10's shape checks of the colour conversions: a 0-d input is a RuntimeError, then a
    ValueError unless ``x`` has rank ``rank`` (when given) and 3 channels in its last axis."""
    if x._t.dim() == 0:
        raise RuntimeError(f"For '{prim}', the shape of '{name}' can not be empty")
    if rank is not None:
        _check_ndim(prim, name, x, rank)
    if x._t.shape[-1] != 3:
        raise ValueError(f"For '{prim}', the last dimension of '{name}' must be 3, but got shape {tuple(x._t.shape)}")


class RGBToHSV(Primitive):
    """Convert RGB values in [0, 1] (last axis) to HSV."""

    def __init__(self):
        super().__init__("RGBToHSV")

    def __call__(self, images):
        _check_dtypes("RGBToHSV", images=images)
        _image_channels("RGBToHSV", "images", images)
        return _wrap(_rgb_to_hsv(images._t))


class HSVToRGB(Primitive):
    """Convert HSV values (last axis) to RGB."""

    def __init__(self):
        super().__init__("HSVToRGB")

    def __call__(self, x):
        _check_dtypes("HSVToRGB", x=x)
        _image_channels("HSVToRGB", "x", x, rank=4)
        return _wrap(_hsv_to_rgb(x._t))


class ResizeArea(Primitive):
    """Area (box-average) resize of an NHWC image batch to ``size`` (height, width)."""

    @prim_attr_register
    def __init__(self, align_corners=False):
        validator.check_value_type("align_corners", align_corners, [bool], self.name)

    def __call__(self, images, size):
        return image_func.resize_area(images, size, align_corners=self.align_corners)


class NonMaxSuppressionV3(Primitive):
    """Indices (Int32) of at most ``max_output_size`` boxes kept by greedy IoU suppression."""

    def __init__(self):
        super().__init__("NonMaxSuppressionV3")

    def __call__(self, boxes, scores, max_output_size, iou_threshold, score_threshold):
        return image_func.non_max_suppression_v3(boxes, scores, max_output_size, iou_threshold, score_threshold)

__all__ += ["RGBToHSV", "HSVToRGB", "ResizeArea", "NonMaxSuppressionV3"]


class CropAndResizeGradImage(Primitive):
    """Gradient of CropAndResize with respect to the image: ``CropAndResizeGradImage(T, method)(grads, boxes,
    box_index, image_size)`` -> a ``T`` Tensor of ``image_size``."""

    @prim_attr_register
    def __init__(self, T, method="bilinear"):
        pass

    def __call__(self, grads, boxes, box_index, image_size):
        from ._grad_ops import _vjp, _zeros
        crop = tuple(grads.shape[1:3])
        image = _zeros(image_size, self.T)
        fwd = CropAndResize(self.method)
        return _vjp(lambda x: fwd(x, boxes, box_index, crop), [image], grads)


class CropAndResizeGradBoxes(Primitive):
    """Gradient of CropAndResize with respect to the boxes: ``(grads, images, boxes, box_index)``."""

    @prim_attr_register
    def __init__(self, method="bilinear"):
        pass

    def __call__(self, grads, images, boxes, box_index):
        from ._grad_ops import _vjp
        crop = tuple(grads.shape[1:3])
        fwd = CropAndResize(self.method)
        return _vjp(lambda b: fwd(images, b, box_index, crop), [boxes], grads)


__all__ += ["CropAndResizeGradImage", "CropAndResizeGradBoxes"]


class AdjustContrastv2(Primitive):
    """``AdjustContrastv2()(images, contrast_factor)``: ``(x - mean) * contrast_factor + mean`` with the mean of
    each channel over the height and width axes of (..., H, W, C) images."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, images, contrast_factor):
        return image_func.adjust_contrast_v2(images, contrast_factor)


__all__ += ["AdjustContrastv2"]
