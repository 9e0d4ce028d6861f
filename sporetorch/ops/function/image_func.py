"""Box and image operators: iou, bounding-box encode/decode, check_valid, space/batch rearrangements.

Box areas use MindSpore's pixel convention ``(x2 - x1 + 1) * (y2 - y1 + 1)``.
"""
import math

import torch
import torch.nn.functional as F

from ...common import jit as _jit
from ...common.tensor import Tensor, _wrap
from ...common.tensor import _u
from ._prim_checks import REALS, _check_dtypes, _check_ndim, _ints, tensor_of
from ._utils import (
    F16_F32,
    FLOATS,
    _check_dtype,
    _desc,
    _guard_module,
    _same_dtype,
    _tensor_arg,
    _ut,
)

__all__ = ["iou", "bounding_box_encode", "bounding_box_decode", "check_valid", "space_to_batch_nd",
           "batch_to_space_nd", "col2im", "fractional_max_pool2d", "fractional_max_pool3d"]


def iou(anchor_boxes, gt_boxes, mode='iou'):
    """Overlap of every ground-truth box with every anchor, shape (M, N) for M gt and N anchors.

    ``mode='iou'`` divides the intersection by the union, ``'iof'`` by the ground-truth area.
    """
    if mode not in ("iou", "iof"):
        raise ValueError(f"For 'iou', the 'mode' must be 'iou' or 'iof', but got {mode!r}")
    _check_dtype("iou", "anchor_boxes", anchor_boxes, FLOATS)
    _check_dtype("iou", "gt_boxes", gt_boxes, FLOATS)
    if anchor_boxes.dtype != gt_boxes.dtype:
        raise TypeError(f"For 'iou', the 'anchor_boxes' and 'gt_boxes' must have the same dtype, but got "
                        f"{anchor_boxes.dtype} and {gt_boxes.dtype}")
    a, g = anchor_boxes._t[:, :4], gt_boxes._t[:, :4]
    lt = torch.maximum(g[:, None, :2], a[None, :, :2])
    rb = torch.minimum(g[:, None, 2:], a[None, :, 2:])
    wh = (rb - lt + 1).clamp(min=0)
    inter = wh[..., 0] * wh[..., 1]
    area_a = (a[:, 2] - a[:, 0] + 1) * (a[:, 3] - a[:, 1] + 1)
    area_g = (g[:, 2] - g[:, 0] + 1) * (g[:, 3] - g[:, 1] + 1)
    if mode == "iof":
        return _wrap(inter / area_g[:, None])
    return _wrap(inter / (area_g[:, None] + area_a[None, :] - inter))


def _centers(boxes):
    w = boxes[:, 2] - boxes[:, 0] + 1
    h = boxes[:, 3] - boxes[:, 1] + 1
    return boxes[:, 0] + 0.5 * (w - 1), boxes[:, 1] + 0.5 * (h - 1), w, h


def bounding_box_encode(anchor_box, groundtruth_box, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0)):
    """Deltas ``(dx, dy, dw, dh)`` that move each anchor onto its ground-truth box."""
    _check_dtype("bounding_box_encode", "anchor_box", anchor_box, F16_F32)
    _check_dtype("bounding_box_encode", "groundtruth_box", groundtruth_box, F16_F32)
    px, py, pw, ph = _centers(anchor_box._t)
    gx, gy, gw, gh = _centers(groundtruth_box._t)
    deltas = torch.stack([(gx - px) / pw, (gy - py) / ph, torch.log(gw / pw), torch.log(gh / ph)], -1)
    m, s = deltas.new_tensor(means), deltas.new_tensor(stds)
    return _wrap((deltas - m) / s)


def bounding_box_decode(anchor_box, deltas, max_shape, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0),
                        wh_ratio_clip=0.016):
    """Boxes from anchors and deltas, clipped to ``max_shape`` = (height, width)."""
    d = deltas._t * deltas._t.new_tensor(stds) + deltas._t.new_tensor(means)
    px, py, pw, ph = _centers(anchor_box._t)
    limit = abs(math.log(wh_ratio_clip))
    dw, dh = d[:, 2].clamp(-limit, limit), d[:, 3].clamp(-limit, limit)
    gw, gh = pw * torch.exp(dw), ph * torch.exp(dh)
    gx, gy = px + pw * d[:, 0], py + ph * d[:, 1]
    x1, y1 = gx - 0.5 * gw + 0.5, gy - 0.5 * gh + 0.5
    x2, y2 = gx + 0.5 * gw - 0.5, gy + 0.5 * gh - 0.5
    h, w = max_shape[0], max_shape[1]
    return _wrap(torch.stack([x1.clamp(0, w - 1), y1.clamp(0, h - 1), x2.clamp(0, w - 1), y2.clamp(0, h - 1)], -1))


_BOX_DTYPES = F16_F32 + (torch.int16, torch.uint8)


def check_valid(bboxes, img_metas):
    """Whether each box lies inside the image ``img_metas = (height, width, ratio)``."""
    _check_dtype("check_valid", "bboxes", bboxes, _BOX_DTYPES)
    if not isinstance(img_metas, Tensor):
        raise TypeError(f"For 'check_valid', the 'img_metas' must be a Tensor, but got {type(img_metas).__name__}")
    _check_dtype("check_valid", "img_metas", img_metas, _BOX_DTYPES)
    if img_metas.shape != (3,):
        raise ValueError(f"For 'check_valid', the 'img_metas' must have shape (3,), but got {img_metas.shape}")
    b = bboxes._t
    meta = _ut(img_metas, b)
    h, w = meta[0] * meta[2], meta[1] * meta[2]
    return _wrap((b[:, 0] >= 0) & (b[:, 1] >= 0) & (b[:, 2] <= w - 1) & (b[:, 3] <= h - 1))


def _pairs(v):
    return [tuple(int(x) for x in p) for p in (v._t.tolist() if hasattr(v, "_t") else v)]


def space_to_batch_nd(input_x, block_size, paddings):
    """Move blocks of the (padded) last M axes into the batch axis (TensorFlow's SpaceToBatchND); the axes
    between the batch and those M stay as they are."""
    t = input_x._t
    blocks = [int(block_size)] * 2 if isinstance(block_size, int) else [int(b) for b in block_size]
    m = len(blocks)
    t = F.pad(t, [v for p in reversed(_pairs(paddings)) for v in p])
    n, mid, spatial = t.shape[0], list(t.shape[1:t.dim() - m]), t.shape[t.dim() - m:]
    shape = [n] + mid
    for s, b in zip(spatial, blocks):
        shape += [s // b, b]
    t = t.reshape(shape)
    k = 1 + len(mid)  # the first spatial axis in ``shape``
    perm = [k + 2 * i + 1 for i in range(m)] + list(range(k)) + [k + 2 * i for i in range(m)]
    return _wrap(t.permute(perm).reshape([n * math.prod(blocks)] + mid + [s // b for s, b in zip(spatial, blocks)]))


def batch_to_space_nd(input_x, block_shape, crops):
    """Inverse of :func:`space_to_batch_nd`, then crop the last M axes by ``crops``."""
    t = input_x._t
    blocks = [int(block_shape)] * 2 if isinstance(block_shape, int) else [int(b) for b in block_shape]
    m = len(blocks)
    nb, mid, spatial = t.shape[0], list(t.shape[1:t.dim() - m]), t.shape[t.dim() - m:]
    t = t.reshape(blocks + [nb // math.prod(blocks)] + mid + list(spatial))
    k = m + 1 + len(mid)  # the first spatial axis after the blocks, the batch and the middle axes
    perm = list(range(m, k))
    for i in range(m):
        perm += [k + i, i]
    t = t.permute(perm).reshape([nb // math.prod(blocks)] + mid + [s * b for s, b in zip(spatial, blocks)])
    for i, (lo, hi) in enumerate(_pairs(crops)):
        axis = t.dim() - m + i
        t = t.narrow(axis, lo, t.shape[axis] - lo - hi)
    return _wrap(t)


def col2im(input_x, output_size, kernel_size, dilation, padding_value, stride):
    """Sum sliding blocks (N, C, kh*kw, L) back into an image (N, C, H, W)."""
    t = input_x._t
    n, c = t.shape[:2]
    size = tuple(output_size._t.tolist()) if hasattr(output_size, "_t") else tuple(output_size)
    return _wrap(F.fold(t.reshape(n, c * t.shape[2], t.shape[3]), size, kernel_size, dilation, padding_value,
                        stride))


def fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                          _random_samples=None):
    """Fractional max pooling over (N, C, H, W)."""
    out = F.fractional_max_pool2d(input._t, kernel_size, output_size, output_ratio, return_indices,
                                  None if _random_samples is None else _random_samples._t)
    return (_wrap(out[0]), _wrap(out[1])) if return_indices else _wrap(out)


def fractional_max_pool3d(input, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                          _random_samples=None):
    """Fractional max pooling over (N, C, D, H, W)."""
    out = F.fractional_max_pool3d(input._t, kernel_size, output_size, output_ratio, return_indices,
                                  None if _random_samples is None else _random_samples._t)
    return (_wrap(out[0]), _wrap(out[1])) if return_indices else _wrap(out)



def crop_and_resize(image, boxes, box_indices, crop_size, method="bilinear", extrapolation_value=0.0):
    """Crop boxes out of a batch of NHWC images and resize each crop to ``crop_size``.

    Args:
        image (Tensor): (batch, height, width, depth).
        boxes (Tensor): (num_boxes, 4) float boxes ``[y1, x1, y2, x2]`` in normalised coordinates (``y * (height
            - 1)`` is the pixel row); a box may extend past the image and ``y1 > y2`` flips the crop.
        box_indices (Tensor): (num_boxes,) int, the image of each box.
        crop_size (tuple[int]): ``(crop_height, crop_width)``.
        method (str): ``"bilinear"``, ``"nearest"`` or ``"bilinear_v2"``. ``"bilinear_v2"`` samples as MindSpore
            2.10's kernel does: the box's pixel span ``[int(y1 * height), floor(y2 * height)]`` resized with
            half-pixel centres, each sample clamped into the span and the image (no extrapolation).
        extrapolation_value (float): the value of samples outside the image (``"bilinear"``, ``"nearest"``).

    Outputs:
        Tensor of shape (num_boxes, crop_height, crop_width, depth), float32.
    """
    if method not in ("bilinear", "nearest", "bilinear_v2"):
        raise ValueError(f"For 'crop_and_resize', the 'method' must be 'bilinear', 'nearest' or 'bilinear_v2', but "
                         f"got {method!r}")
    t, b = image._t, boxes._t
    if t.dim() != 4 or b.dim() != 2 or b.shape[-1] != 4:
        raise ValueError(f"For 'crop_and_resize', 'image' must be 4-D and 'boxes' of shape (num_boxes, 4), but got "
                         f"{tuple(t.shape)} and {tuple(b.shape)}")
    ch, cw = (int(c) for c in crop_size)
    height, width = t.shape[1], t.shape[2]
    img = t.float()[_ut(box_indices, t).long()]
    b = b.float()

    def coords(lo, hi, size, n):
        if method == "bilinear_v2":
            start, end = torch.trunc(lo * size), torch.floor(hi * size) + 1
            steps = torch.arange(n, dtype=torch.float32, device=b.device) + 0.5
            c = start[:, None] + steps * ((end - start) / n)[:, None] - 0.5
            return torch.minimum(torch.maximum(c, start[:, None]), (end - 1)[:, None]).clamp(0, size - 1)
        if n > 1:
            steps = torch.arange(n, dtype=torch.float32, device=b.device)
            return lo[:, None] * (size - 1) + steps * ((hi - lo)[:, None] * (size - 1) / (n - 1))
        return (0.5 * (lo + hi) * (size - 1))[:, None]
    ys, xs = coords(b[:, 0], b[:, 2], height, ch), coords(b[:, 1], b[:, 3], width, cw)
    valid = (((ys >= 0) & (ys <= height - 1))[:, :, None] & ((xs >= 0) & (xs <= width - 1))[:, None, :])[..., None]
    n = torch.arange(img.shape[0], device=b.device)[:, None, None]

    def at(y, x):
        return img[n, y.clamp(0, height - 1)[:, :, None], x.clamp(0, width - 1)[:, None, :]]
    if method == "nearest":
        # rounding half away from zero, as MindSpore's kernel does (std::round)
        out = at(torch.floor(ys + 0.5).long(), torch.floor(xs + 0.5).long())
    else:
        top, left = ys.floor(), xs.floor()
        dy, dx = (ys - top)[:, :, None, None], (xs - left)[:, None, :, None]
        top, left = top.long(), left.long()
        bottom, right = ys.ceil().long(), xs.ceil().long()
        upper = at(top, left) + (at(top, right) - at(top, left)) * dx
        lower = at(bottom, left) + (at(bottom, right) - at(bottom, left)) * dx
        out = upper + (lower - upper) * dy
    return _wrap(torch.where(valid, out, torch.tensor(float(extrapolation_value), device=out.device)))


__all__ += ["crop_and_resize"]


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


def _lanczos(radius):
    def kernel(x):
        x = x.abs()
        small = x <= 1e-3  # the limit sin(x) / x -> 1
        safe = torch.where(small, torch.ones_like(x), x)
        value = radius * torch.sin(math.pi * safe) * torch.sin(math.pi * safe / radius) / (math.pi ** 2 * safe ** 2)
        return torch.where(x > radius, torch.zeros_like(x), torch.where(small, torch.ones_like(x), value))
    return kernel, float(radius)


def _cubic(x, inner, outer):
    x = x.abs()
    return torch.where(x >= 2, torch.zeros_like(x), torch.where(x >= 1, outer(x), inner(x)))


# TensorFlow's sampling kernels (``scale_and_translate``), which MindSpore 2.10's kernel follows: (function, radius).
_SAMPLING_KERNELS = {
    "lanczos1": _lanczos(1), "lanczos3": _lanczos(3), "lanczos5": _lanczos(5),
    "gaussian": (lambda x: torch.where(x.abs() >= 1.5, torch.zeros_like(x), torch.exp(-x * x / (2 * 0.5 ** 2))), 1.5),
    "box": (lambda x: torch.where(x.abs() < 0.5, torch.ones_like(x),
                                  torch.where(x.abs() == 0.5, torch.full_like(x, 0.5), torch.zeros_like(x))), 1.0),
    "triangle": (lambda x: (1 - x.abs()).clamp(min=0), 1.0),
    "keyscubic": (lambda x: _cubic(x, lambda a: (1.5 * a - 2.5) * a * a + 1,
                                   lambda a: ((-0.5 * a + 2.5) * a - 4) * a + 2), 2.0),
    "mitchellcubic": (lambda x: _cubic(x, lambda a: ((7 / 6) * a - 2) * a * a + 8 / 9,
                                       lambda a: (((-7 / 18) * a + 2) * a - 10 / 3) * a + 16 / 9), 2.0),
}


def _resample_weights(kernel_type, antialias, out_size, in_size, scale, translation, device):
    """(out_size, in_size) weights of one axis: each output pixel's normalised kernel taps over its span, in
    float32 and in the kernel's order of operations (a sample point on a pixel edge decides between taps)."""
    kernel, radius = _SAMPLING_KERNELS[kernel_type]
    f32 = torch.float32
    scale, translation = torch.tensor(scale, dtype=f32), torch.tensor(translation, dtype=f32)
    inv_scale = 1.0 / scale
    kernel_scale = torch.clamp(inv_scale, min=1.0) if antialias else torch.tensor(1.0, dtype=f32)
    sample = (torch.arange(out_size, dtype=f32) + 0.5) * inv_scale + (-inv_scale * translation)
    start = torch.ceil(sample - radius * kernel_scale - 0.5).clamp(0, in_size - 1)
    end = torch.floor(sample + radius * kernel_scale - 0.5).clamp(0, in_size - 1) + 1
    source = torch.arange(in_size, dtype=f32)
    in_span = (source >= start[:, None]) & (source < end[:, None])
    weights = torch.where(in_span, kernel(((source + 0.5) - sample[:, None]) * (1.0 / kernel_scale)), 0.0)
    total = weights.sum(1, keepdim=True)
    weights = torch.where(total.abs() >= 1000 * torch.finfo(f32).tiny, weights / total, weights)
    outside = (sample < 0) | (sample > in_size)  # samples outside the input get no weights
    return torch.where(outside[:, None], 0.0, weights).to(device)


def _rgb_to_hsv(t):
    r, g, b = t.unbind(-1)
    mx, _ = t.max(-1)
    mn, _ = t.min(-1)
    delta = mx - mn
    safe = torch.where(delta > 0, delta, torch.ones_like(delta))
    h = torch.where(mx == r, (g - b) / safe, torch.where(mx == g, 2 + (b - r) / safe, 4 + (r - g) / safe))
    h = torch.where(delta > 0, (h / 6) % 1, torch.zeros_like(h))
    s = torch.where(mx > 0, delta / torch.where(mx > 0, mx, torch.ones_like(mx)), torch.zeros_like(mx))
    return torch.stack([h, s, mx], -1)


def _hsv_to_rgb(t):
    h, s, v = t.unbind(-1)

    def channel(n):
        k = (n + h * 6) % 6
        return v - v * s * torch.clamp(torch.minimum(k, 4 - k), 0, 1)
    return torch.stack([channel(5), channel(3), channel(1)], -1)


def _area_weights(n_in, n_out, align_corners, like):
    """(n_out, n_in) weights of TensorFlow's (and MindSpore's) area resize: output pixel ``o`` averages the input
    span [o * scale, (o + 1) * scale), partial pixels by their overlap, an index past the end read as the last."""
    scale = (n_in - 1) / (n_out - 1) if align_corners and n_out > 1 else n_in / n_out
    w = torch.zeros(n_out, n_in, dtype=like.dtype)
    for o in range(n_out):
        start, end = o * scale, (o + 1) * scale
        for i in range(math.floor(start), math.ceil(end)):
            w[o, min(i, n_in - 1)] += min(i + 1, end) - max(i, start)
    return (w / scale).to(like.device)


# The maths of Primitives that have no functional op in MindSpore 2.10 (their classes in ops/operations
# adapt the attributes and call these; not exported).
def nms_with_mask(bboxes, *, iou_threshold):
    """``NMSWithMask``: Non-maximum suppression of (x1, y1, x2, y2, score) boxes: ``(boxes, indices, keep
    mask)``."""
    _check_dtypes("NMSWithMask", bboxes=bboxes)
    _check_ndim("NMSWithMask", "bboxes", bboxes, 2)
    if bboxes._t.shape[1] not in (5, 8):
        raise ValueError(f"For 'NMSWithMask', the second dimension of 'bboxes' must be 5 or 8, but got shape "
                         f"{tuple(bboxes._t.shape)}")
    b = bboxes._t[:, :5]
    order = torch.argsort(b[:, 4], descending=True, stable=True)
    boxes = b[order]
    area = (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
    keep = torch.ones(boxes.shape[0], dtype=torch.bool, device=b.device)
    for i in range(boxes.shape[0]):
        if not keep[i]:
            continue
        lt = torch.maximum(boxes[i, :2], boxes[i + 1:, :2])
        rb = torch.minimum(boxes[i, 2:4], boxes[i + 1:, 2:4])
        wh = (rb - lt).clamp_min(0)
        inter = wh[:, 0] * wh[:, 1]
        iou = inter / (area[i] + area[i + 1:] - inter)
        keep[i + 1:] &= iou <= iou_threshold
    # MindSpore 2.10 (CPU/GPU) returns the sorted boxes, and output_idx indexes them: it is 0..N-1.
    return _wrap(boxes), _wrap(torch.arange(boxes.shape[0], dtype=torch.int32, device=b.device)), _wrap(keep)


def _source(n_in, n_out, align_corners, half_pixel, device):
    """The source coordinate of each output position under MindSpore's (TensorFlow's) resize modes: aligned
    corners, half-pixel centres, or else the legacy ``dst * n_in / n_out``."""
    dst = torch.arange(n_out, dtype=torch.float64, device=device)
    if align_corners:
        return dst * ((n_in - 1) / (n_out - 1) if n_out > 1 else 0.0)
    if half_pixel:
        return (dst + 0.5) * (n_in / n_out) - 0.5
    return dst * (n_in / n_out)


def _nearest_taps(src, n_in, align_corners, half_pixel):
    """The nearest source: ``src`` rounded with aligned corners or half-pixel centres, else its floor."""
    return [torch.floor(src + 0.5) if align_corners or half_pixel else src.floor()], [torch.ones_like(src)]


def _linear_taps(src, n_in, align_corners, half_pixel):
    src = src.clamp_min(0) if half_pixel else src
    lo = src.floor()
    frac = src - lo
    return [lo, lo + 1], [1 - frac, frac]


def _cubic_taps(src, n_in, align_corners, half_pixel):
    """MindSpore's (TensorFlow's) cubic convolution: the weights at the offset rounded to 1/1024 (its
    coefficient table); with half-pixel centres Keys' a = -0.5 and the taps outside the input dropped (the rest
    renormalised), else a = -0.75 with edge taps repeated."""
    lo = src.floor()
    frac = torch.round((src - lo) * 1024) / 1024
    a = -0.5 if half_pixel else -0.75

    def weight(d):
        d = d.abs()
        near = ((a + 2) * d - (a + 3)) * d * d + 1
        far = ((a * d - 5 * a) * d + 8 * a) * d - 4 * a
        return torch.where(d <= 1, near, torch.where(d < 2, far, torch.zeros_like(d)))
    index = [lo + o for o in (-1, 0, 1, 2)]
    weights = [weight(frac - o) for o in (-1, 0, 1, 2)]
    if half_pixel:
        weights = [torch.where((i >= 0) & (i < n_in), w, torch.zeros_like(w)) for i, w in zip(index, weights)]
        total = sum(weights)
        weights = [w / total for w in weights]
    return index, weights


def _resize(t, size, taps, align_corners, half_pixel):
    """Separable resize of the last two axes of ``t`` to ``size`` with the interpolation ``taps`` (source
    indices, clamped to the edge, and their weights)."""
    factors = _power_of_two_upscale(t.shape[-2:], size)
    if factors and taps is _nearest_taps and not (align_corners or half_pixel):
        # Each row (column) repeated ``factor`` times: exactly what the indices select for a
        # power-of-two upscale, and a repeat's backward is a sum (see _resize_by_index).
        return t.repeat_interleave(factors[0], dim=-2).repeat_interleave(factors[1], dim=-1)
    return _resize_by_index(t, size, taps, align_corners, half_pixel)


def _power_of_two_upscale(n_in, size):
    """The factor of each axis where ``size`` is ``n_in`` times a power of two (1 included) on both,
    else None. An empty axis has none: it goes on to the index path, whose error names the op."""
    if not all(n_in):
        return None
    factors = [n_out // n for n, n_out in zip(n_in, size)]
    exact = all(f > 0 and n * f == n_out and f & (f - 1) == 0 for n, n_out, f in zip(n_in, size, factors))
    return factors if exact else None


def _resize_by_index(t, size, taps, align_corners, half_pixel):
    """Runs eagerly inside compiled code: inductor (torch 2.13) fuses the backward of these
    index_selects into a channels-last batch-norm backward wrongly, and a compiled training step
    through a resize aborted the process (free(): invalid next size; double free) in mindyolo's
    YOLOv8 and in a two-convolution network."""
    for axis, n_out in zip((-2, -1), size):
        n_in = t.shape[axis]
        src = _source(n_in, n_out, align_corners, half_pixel, t.device)
        index, weights = taps(src, n_in, align_corners, half_pixel)
        out = 0
        for i, w in zip(index, weights):
            picked = t.index_select(axis, i.clamp(0, n_in - 1).long())
            shape = [1] * t.dim()
            shape[axis] = n_out
            out = out + picked * w.to(t.dtype).reshape(shape)
        t = out
    return t


_jit.run_eagerly_when_compiled(__name__, "_resize_by_index")


def resize_linear_1d(x, size, *, coordinate_transformation_mode):
    """``ResizeLinear1D``: Linear resize of an NCW tensor to ``size``."""
    size = tuple(size._t.tolist()) if isinstance(size, Tensor) else tuple(size)
    return _wrap(F.interpolate(x._t, size, mode="linear",
                               align_corners=coordinate_transformation_mode == "align_corners"))


def upsample_nearest_3d(x, output_size=None, scales=None):
    """``UpsampleNearest3D``: Nearest-neighbour 3-D upsampling to ``output_size`` or by ``scales``."""
    return _wrap(F.interpolate(x._t, output_size, scales, mode="nearest"))


def upsample_trilinear_3d(x, output_size=None, scales=None, *, align_corners):
    """``UpsampleTrilinear3D``: Trilinear 3-D upsampling to ``output_size`` or by ``scales``."""
    return _wrap(F.interpolate(x._t, output_size, scales, mode="trilinear", align_corners=align_corners))


def non_max_suppression_with_overlaps(overlaps, scores, max_output_size, overlap_threshold, score_threshold):
    """``NonMaxSuppressionWithOverlaps``: Greedy non-maximum suppression with a precomputed overlap matrix."""
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


def roi_align(features, rois, *, pooled_height, pooled_width, spatial_scale, roi_end_mode, sample_num):
    """``ROIAlign``: Region-of-interest align: average-pool each box of ``features`` into ``pooled_height x
    pooled_width`` bins, sampling the feature map bilinearly at ``sample_num x sample_num`` points per bin."""
    f, r = features._t, rois._t
    if f.dim() != 4 or r.dim() != 2 or r.shape[1] != 5:
        raise ValueError(f"For 'ROIAlign', 'features' must be (N, C, H, W) and 'rois' (R, 5), but got "
                         f"{tuple(f.shape)} and {tuple(r.shape)}")
    height, width = f.shape[2], f.shape[3]
    ph, pw, scale, mode = pooled_height, pooled_width, spatial_scale, roi_end_mode
    outs = []
    for roi in r.to(torch.float64 if f.dtype == torch.float64 else torch.float32):
        img = f[int(roi[0])]
        x1, y1, x2, y2 = roi[1] * scale, roi[2] * scale, (roi[3] + mode) * scale, (roi[4] + mode) * scale
        rw, rh = x2 - x1, y2 - y1
        if mode == 0:
            rw, rh = rw.clamp(min=1.0), rh.clamp(min=1.0)
        gh = sample_num if sample_num > 0 else int(rh / ph)
        gw = sample_num if sample_num > 0 else int(rw / pw)
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


def dilation2d(x, filter, *, pad_mode, stride, dilation):
    """``Dilation2D``: Grayscale (max-plus) dilation of an NCHW batch by one 2-D structuring element per channel:"""
    for name, value in (("x", x), ("filter", filter)):
        _tensor_arg("Dilation2D", name, value)
    tensor_of("Dilation2D", "filter", filter, REALS)
    tensor_of("Dilation2D", "x", x, REALS)
    _same_dtype("Dilation2D", ("x", "filter"), x, filter)
    t, f = x._t, filter._t
    if t.dim() != 4 or f.dim() != 3 or f.shape[0] != t.shape[1]:
        raise ValueError(f"For 'Dilation2D', the 'x' must be (N, C, H, W) and the 'filter' (C, kH, kW), but got "
                         f"{_desc(x)} and {_desc(filter)}")
    (sh, sw), (dh, dw) = stride[2:], dilation[2:]
    height, width = t.shape[2:]
    kh, kw = (f.shape[1] - 1) * dh + 1, (f.shape[2] - 1) * dw + 1  # the dilated window
    if pad_mode == "SAME":
        oh, ow = -(-height // sh), -(-width // sw)
        ph, pw = max((oh - 1) * sh + kh - height, 0), max((ow - 1) * sw + kw - width, 0)
    else:
        oh, ow, ph, pw = -(-(height - kh + 1) // sh), -(-(width - kw + 1) // sw), 0, 0
    if oh <= 0 or ow <= 0:
        raise ValueError(f"For 'Dilation2D', the dilated filter ({kh}, {kw}) does not fit the input {_desc(x)}")
    pads = (pw // 2, pw - pw // 2, ph // 2, ph - ph // 2)
    padded = torch.nn.functional.pad(t, pads)
    inside = torch.nn.functional.pad(torch.ones(height, width, dtype=torch.bool, device=t.device), pads)
    lowest = torch.finfo(t.dtype).min if t.is_floating_point() else torch.iinfo(t.dtype).min
    out = None
    for m in range(f.shape[1]):
        for k in range(f.shape[2]):
            rows = slice(m * dh, m * dh + (oh - 1) * sh + 1, sh)
            cols = slice(k * dw, k * dw + (ow - 1) * sw + 1, sw)
            tap = torch.where(inside[rows, cols], padded[:, :, rows, cols] + f[:, m, k, None, None],
                              torch.tensor(lowest, dtype=t.dtype, device=t.device))
            out = tap if out is None else torch.maximum(out, tap)
    return _wrap(out)


def scale_and_translate(images, size, scale, translation, *, kernel_type, antialias):
    """``ScaleAndTranslate``: Resample NHWC images to ``size`` by the map ``output = input * scale + translation``
    (per axis), with a separable sampling kernel (TensorFlow's ``scale_and_translate``)."""
    tensor_of("ScaleAndTranslate", "images", images, FLOATS + (torch.int8, torch.int16, torch.int32, torch.int64))
    tensor_of("ScaleAndTranslate", "size", size, (torch.int32,))
    tensor_of("ScaleAndTranslate", "scale", scale, (torch.float32,))
    tensor_of("ScaleAndTranslate", "translation", translation, (torch.float32,))
    t = images._t
    if t.dim() != 4 or any(v._t.shape != (2,) for v in (size, scale, translation)):
        raise ValueError(f"For 'ScaleAndTranslate', the 'images' must be 4-D and 'size', 'scale', 'translation' "
                         f"of shape (2,), but got {_desc(images)}, {_desc(size)}, {_desc(scale)} and "
                         f"{_desc(translation)}")
    (oh, ow), (sy, sx), (ty, tx) = size._t.tolist(), scale._t.tolist(), translation._t.tolist()
    if oh <= 0 or ow <= 0 or sy <= 0 or sx <= 0:
        raise ValueError(f"For 'ScaleAndTranslate', the 'size' and 'scale' must be positive, but got "
                         f"{[oh, ow]} and {[sy, sx]}")
    rows = _resample_weights(kernel_type, antialias, oh, t.shape[1], sy, ty, t.device)
    cols = _resample_weights(kernel_type, antialias, ow, t.shape[2], sx, tx, t.device)
    out = torch.einsum("hk,bklc,wl->bhwc", rows, t.float(), cols)
    return _wrap(out)


def resize_area(images, size, *, align_corners):
    """``ResizeArea``: Area (box-average) resize of an NHWC image batch to ``size`` (height, width)."""
    _check_dtypes("ResizeArea", images=images, size=size)
    _check_ndim("ResizeArea", "images", images, 4)
    if size._t.shape != (2,) or bool((size._t <= 0).any()):
        raise ValueError(f"For 'ResizeArea', the 'size' must hold 2 positive numbers, but got {size._t.tolist()}")
    t = images._t.float()
    (h, w), out_h, out_w = t.shape[1:3], *_ints(size)
    rows, cols = _area_weights(h, out_h, align_corners, t), _area_weights(w, out_w, align_corners, t)
    return _wrap(torch.einsum("oh,nhwc,pw->nopc", rows, t, cols))


def non_max_suppression_v3(boxes, scores, max_output_size, iou_threshold, score_threshold):
    """``NonMaxSuppressionV3``: Indices (Int32) of at most ``max_output_size`` boxes kept by greedy IoU
    suppression."""
    b, sc = boxes._t, scores._t
    thr, keep_thr = float(_u(iou_threshold)), float(_u(score_threshold))
    order = [int(i) for i in torch.argsort(sc, descending=True, stable=True) if sc[i] > keep_thr]
    area = (b[:, 2] - b[:, 0]).abs() * (b[:, 3] - b[:, 1]).abs()
    kept = []
    for i in order:
        if len(kept) == int(_u(max_output_size)):
            break
        ok = True
        for j in kept:
            lt = torch.maximum(b[i, :2], b[j, :2])
            rb = torch.minimum(b[i, 2:], b[j, 2:])
            inter = (rb - lt).clamp_min(0).prod()
            if inter / (area[i] + area[j] - inter) > thr:
                ok = False
                break
        if ok:
            kept.append(i)
    return _wrap(torch.tensor(kept, dtype=torch.int32, device=b.device))


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


def adjust_hue(image, delta):
    """``AdjustHue``: Rotate the hue of RGB images (last axis, values in [0, 1]) by ``delta`` (a fraction of the
    colour wheel)."""
    t = _rgb("AdjustHue", image, delta, "delta")
    hsv = _rgb_to_hsv(t.float())
    h = (hsv[..., 0] + _ut(delta, hsv)) % 1.0
    return _wrap(_hsv_to_rgb(torch.stack([h, hsv[..., 1], hsv[..., 2]], -1)).to(t.dtype))


def adjust_saturation(image, scale):
    """``AdjustSaturation``: Scale the saturation of RGB images (last axis) by ``scale``, clipped to [0, 1]."""
    t = _rgb("AdjustSaturation", image, scale, "scale")
    hsv = _rgb_to_hsv(t.float())
    s = (hsv[..., 1] * _ut(scale, hsv)).clamp(0.0, 1.0)
    return _wrap(_hsv_to_rgb(torch.stack([hsv[..., 0], s, hsv[..., 2]], -1)).to(t.dtype))


_guard_module(globals(), __all__)


# ---------------------------------------------------------------------------- image metrics of the nn cells
# The bodies of nn.ImageGradients, nn.SSIM, nn.MSSSIM and nn.PSNR, on torch tensors (MindSpore 2.10 has
# them as cells only).
def _image_gradients(t):
    """Forward differences ``(dy, dx)`` of (N, C, H, W) ``t`` along height and width, 0 in the last row/column."""
    dy = torch.zeros_like(t)
    dx = torch.zeros_like(t)
    dy[:, :, :-1, :] = t[:, :, 1:, :] - t[:, :, :-1, :]
    dx[:, :, :, :-1] = t[:, :, :, 1:] - t[:, :, :, :-1]
    return dy, dx


def _to_unit_range(t):
    """Images as float32 in [0, 1] when they are integers, unchanged when floating."""
    if t.is_floating_point():
        return t.float(), 1.0
    peak = float(torch.iinfo(t.dtype).max)
    return t.float() / peak, peak


def _unit_range_pair(a, b, max_val):
    """Both images in float32 via ``_to_unit_range``, and ``max_val`` rescaled as ``a`` was."""
    a, peak = _to_unit_range(a)
    b, _ = _to_unit_range(b)
    return a, b, (max_val / peak if peak > 1 else max_val)


def _ssim_and_cs(a, b, window, c1, c2):
    """Per-channel SSIM and contrast-structure terms of (N, C, H, W) images, each of shape (N, C)."""
    n, c = a.shape[:2]

    def blur(x):
        return F.conv2d(x.reshape(n * c, 1, *x.shape[-2:]), window)

    ssim, cs = _ssim_maps(a, b, blur, c1, c2)
    return ssim.reshape(n, c, -1).mean(-1), cs.reshape(n, c, -1).mean(-1)


def _ssim_maps(a, b, blur, c1, c2):
    """The SSIM and contrast-structure maps of images ``a`` and ``b`` with the local mean ``blur`` (torch
    tensors or sporetorch Tensors: only arithmetic and ``blur`` are used)."""
    mu1, mu2 = blur(a), blur(b)
    mu1_sq, mu2_sq, mu12 = mu1 * mu1, mu2 * mu2, mu1 * mu2
    sigma1 = blur(a * a) - mu1_sq
    sigma2 = blur(b * b) - mu2_sq
    sigma12 = blur(a * b) - mu12
    cs = (2 * sigma12 + c2) / (sigma1 + sigma2 + c2)
    ssim = (2 * mu12 + c1) / (mu1_sq + mu2_sq + c1) * cs
    return ssim, cs


def _msssim(a, b, windows, powers, c1, c2):
    """Multi-scale SSIM (N,): the contrast-structure terms of the halvings and the SSIM of the coarsest scale,
    each raised to its power factor and multiplied, averaged over channels."""
    terms = []
    level = len(windows)
    for i, window in enumerate(windows):
        ssim, cs = _ssim_and_cs(a, b, window, c1, c2)
        terms.append(torch.relu(ssim if i == level - 1 else cs))
        a, b = F.avg_pool2d(a, 2, 2), F.avg_pool2d(b, 2, 2)
    scores = torch.pow(torch.stack(terms, -1), torch.tensor(powers, dtype=torch.float32, device=a.device)).prod(-1)
    return scores.mean(-1)


def _psnr(a, b, max_val):
    """Peak signal-to-noise ratio ``10 log10(max_val^2 / MSE)`` per image of (N, C, H, W) ``a`` and ``b``."""
    mse = torch.square(a - b).mean((-3, -2, -1))
    return 10 * torch.log10(max_val ** 2 / mse)


# ---------------------------------------------------------------------------- image Primitives
# The bodies of the image Primitives of ops/operations/image_ops.py that no functional op above computes (their
# classes check the inputs as MindSpore 2.10's do and pass their attributes here; not exported).
def _extract_glimpse(x, offsets, size, *, centered, normalized, noise):
    """``ExtractGlimpse``: the ``size`` (height, width) window of each NHWC image of ``x`` at its offset (y, x)
    (``normalized``: fractions of the image size; ``centered``: from the image centre). A window's top-left
    pixel is its centre less half the window, truncated towards zero; its part outside the image holds
    ``noise``: zeros, or random values drawn as MindSpore 2.10's CPU kernel draws them (uniform in [-1, 1),
    or normal with mean 10 and deviation 0.5)."""
    t, o = x._t, offsets._t
    gh, gw = size
    height, width = t.shape[1], t.shape[2]
    out = []
    for image, (y, xc) in zip(t, o.tolist()):
        if normalized:
            y, xc = y * height, xc * width
        if centered:
            y, xc = y / 2.0 + height / 2.0, xc / 2.0 + width / 2.0
        top, left = int(y - gh / 2.0), int(xc - gw / 2.0)  # truncated towards zero, as the kernel does
        shape = (gh, gw, image.shape[-1])
        if noise == "zero":
            window = image.new_zeros(shape)
        elif noise == "gaussian":
            window = torch.randn(shape, device=image.device) * 0.5 + 10.0
        else:
            window = torch.rand(shape, device=image.device) * 2.0 - 1.0
        r0, r1, c0, c1 = max(top, 0), min(top + gh, height), max(left, 0), min(left + gw, width)
        if r0 < r1 and c0 < c1:
            window[r0 - top:r1 - top, c0 - left:c1 - left] = image[r0:r1, c0:c1]
        out.append(window)
    return _wrap(torch.stack(out))



def adjust_contrast_v2(images, contrast_factor):
    """``(x - mean) * contrast_factor + mean`` with the mean of each channel over the height and width axes of
    (..., H, W, C) images (``AdjustContrastv2``)."""
    t = images._t
    mean = t.mean(dim=(-3, -2), keepdim=True)
    f = contrast_factor._t if isinstance(contrast_factor, Tensor) else torch.tensor(contrast_factor)
    return _wrap(((t - mean) * f.to(t.dtype) + mean).to(t.dtype))
