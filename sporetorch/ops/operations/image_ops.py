"""Image Primitive classes: hue/saturation adjustment, crop-and-resize, NMS over an overlap matrix."""
import torch

from ...common.tensor import _wrap
from ..function import image_func
from ..function._utils import _ut
from ..primitive import Primitive, prim_attr_register
from .extra_ops import _hsv_to_rgb, _rgb_to_hsv

__all__ = ["AdjustHue", "AdjustSaturation", "CropAndResize", "NonMaxSuppressionWithOverlaps"]


def _rgb(op, image):
    t = image._t
    if t.dim() < 3 or t.shape[-1] != 3:
        raise ValueError(f"For '{op}', the last dimension of 'image' must be 3 (RGB) and its rank at least 3, but "
                         f"got shape {tuple(t.shape)}")
    if not t.is_floating_point():
        raise TypeError(f"For '{op}', the 'image' must be a float16 or float32 tensor, but got {image.dtype}")
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
        t = _rgb("AdjustHue", image)
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
        t = _rgb("AdjustSaturation", image)
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
