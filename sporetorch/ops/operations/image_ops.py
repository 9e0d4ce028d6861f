"""Image Primitive classes: hue/saturation adjustment, crop-and-resize, NMS over an overlap matrix."""
import torch

from ...common.tensor import Tensor, _wrap
from ..function import image_func
from ..function._utils import FLOATS, _desc, _ut
from ..primitive import Primitive, prim_attr_register
from ._errors import tensor_of
from .extra_ops import _hsv_to_rgb, _rgb_to_hsv

__all__ = ["AdjustHue", "AdjustSaturation", "CropAndResize", "NonMaxSuppressionWithOverlaps", "ROIAlign"]


# MindSpore 2.10's CropAndResize (and LowerBound) kernels: every real dtype but UInt32/UInt64.
_IMAGE_REALS = FLOATS + (torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8, torch.uint16)


def _rgb(op, image, factor, name):
    """The image's torch tensor after MindSpore 2.10's checks, in its order: the image's dtype, the factor
    (a 0-d Float32 Tensor), then the shapes."""
    tensor_of(op, "image", image, FLOATS)
    tensor_of(op, name, factor, (torch.float32,))
    t = image._t
    if t.dim() < 3 or t.shape[-1] != 3 or factor._t.dim() != 0:
        raise ValueError(f"For '{op}', the last dimension of 'image' must be 3 (RGB), its rank at least 3 and the "
                         f"'{name}' 0-d, but got {_desc(image)} and {_desc(factor)}")
    return t


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
        t = _rgb("AdjustHue", image, delta, "delta")
        hsv = _rgb_to_hsv(t.float())
        h = (hsv[..., 0] + _ut(delta, hsv)) % 1.0
        return _wrap(_hsv_to_rgb(torch.stack([h, hsv[..., 1], hsv[..., 2]], -1)).to(t.dtype))


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
        t = _rgb("AdjustSaturation", image, scale, "scale")
        hsv = _rgb_to_hsv(t.float())
        s = (hsv[..., 1] * _ut(scale, hsv)).clamp(0.0, 1.0)
        return _wrap(_hsv_to_rgb(torch.stack([hsv[..., 0], s, hsv[..., 2]], -1)).to(t.dtype))


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
        ov, sc = overlaps._t, scores._t
        n = sc.shape[0]
        if ov.dim() != 2 or tuple(ov.shape) != (n, n):
            raise ValueError(f"For 'NonMaxSuppressionWithOverlaps', the 'overlaps' must be (num_boxes, num_boxes) "
                             f"for {n} scores, but got {tuple(ov.shape)}")
        limit = int(_ut(max_output_size, sc))
        o_thr, s_thr = float(_ut(overlap_threshold, sc)), float(_ut(score_threshold, sc))
        keep = []
        for i in torch.argsort(sc, descending=True, stable=True).tolist():
            if len(keep) >= limit or float(sc[i]) <= s_thr:
                break
            if all(float(ov[i, j]) <= o_thr for j in keep):
                keep.append(i)
        return _wrap(torch.tensor(keep, dtype=torch.int32, device=sc.device))


def _axis_weights(coords, size):
    """Bilinear taps along one axis: (low index, high index, low weight, high weight, inside mask)."""
    inside = (coords >= -1.0) & (coords <= size)
    c = coords.clamp(min=0)
    low = c.floor().long()
    at_end = low >= size - 1
    low = torch.where(at_end, torch.full_like(low, size - 1), low)
    high = torch.where(at_end, low, low + 1)
    c = torch.where(at_end, low.to(c.dtype), c)
    frac = c - low.to(c.dtype)
    return low, high, 1 - frac, frac, inside


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
        f, r = features._t, rois._t
        if f.dim() != 4 or r.dim() != 2 or r.shape[1] != 5:
            raise ValueError(f"For 'ROIAlign', 'features' must be (N, C, H, W) and 'rois' (R, 5), but got "
                             f"{tuple(f.shape)} and {tuple(r.shape)}")
        height, width = f.shape[2], f.shape[3]
        ph, pw, scale, mode = self.pooled_height, self.pooled_width, self.spatial_scale, self.roi_end_mode
        outs = []
        for roi in r.to(torch.float64 if f.dtype == torch.float64 else torch.float32):
            img = f[int(roi[0])]
            x1, y1, x2, y2 = roi[1] * scale, roi[2] * scale, (roi[3] + mode) * scale, (roi[4] + mode) * scale
            rw, rh = x2 - x1, y2 - y1
            if mode == 0:
                rw, rh = rw.clamp(min=1.0), rh.clamp(min=1.0)
            gh = self.sample_num if self.sample_num > 0 else int(rh / ph)
            gw = self.sample_num if self.sample_num > 0 else int(rw / pw)
            if gh == 0 or gw == 0:
                outs.append(img.new_full((img.shape[0], ph, pw), float("nan")))
                continue
            steps_y = (torch.arange(ph * gh, device=f.device) // gh) + ((torch.arange(ph * gh, device=f.device)
                                                                          % gh) + 0.5) / gh
            steps_x = (torch.arange(pw * gw, device=f.device) // gw) + ((torch.arange(pw * gw, device=f.device)
                                                                          % gw) + 0.5) / gw
            ylo, yhi, wyl, wyh, yin = _axis_weights(y1 + steps_y * (rh / ph), height)
            xlo, xhi, wxl, wxh, xin = _axis_weights(x1 + steps_x * (rw / pw), width)
            val = ((img[:, ylo][:, :, xlo] * wxl + img[:, ylo][:, :, xhi] * wxh) * wyl[:, None]
                   + (img[:, yhi][:, :, xlo] * wxl + img[:, yhi][:, :, xhi] * wxh) * wyh[:, None])
            val = val * (yin[:, None] & xin[None, :]).to(val.dtype)
            outs.append(val.reshape(img.shape[0], ph, gh, pw, gw).mean(dim=(2, 4)).to(f.dtype))
        return _wrap(torch.stack(outs) if outs else f.new_zeros((0, f.shape[1], ph, pw)))
