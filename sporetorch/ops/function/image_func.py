"""Box and image operators: iou, bounding-box encode/decode, check_valid, space/batch rearrangements.

Box areas use MindSpore's pixel convention ``(x2 - x1 + 1) * (y2 - y1 + 1)``.
"""
import math

import torch
import torch.nn.functional as F

from ...common.tensor import Tensor, _wrap
from ._utils import F16_F32, FLOATS, _check_dtype, _guard_module, _ut

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

    mu1, mu2 = blur(a), blur(b)
    mu1_sq, mu2_sq, mu12 = mu1 * mu1, mu2 * mu2, mu1 * mu2
    sigma1 = blur(a * a) - mu1_sq
    sigma2 = blur(b * b) - mu2_sq
    sigma12 = blur(a * b) - mu12
    cs = (2 * sigma12 + c2) / (sigma1 + sigma2 + c2)
    ssim = (2 * mu12 + c1) / (mu1_sq + mu2_sq + c1) * cs
    return ssim.reshape(n, c, -1).mean(-1), cs.reshape(n, c, -1).mean(-1)


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
