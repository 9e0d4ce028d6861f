"""Image kernels that reproduce the OpenCV arithmetic behind MindSpore's C++ vision ops.

MindSpore 2.10 runs its vision transforms on NumPy input through OpenCV. Its uint8
results depend on OpenCV's fixed-point arithmetic (11-bit interpolation weights, the
SIMD row combination ``((b0*(S0>>4))>>16 + (b1*(S1>>4))>>16 + 2) >> 2``), so the
kernels here compute the same integers with vectorised NumPy instead of calling a
generic float resize, which would be off by one grey level on ~10 % of pixels.
"""
import math
import os

import numpy as np
import torch

_COEF_BITS = 11
_COEF_SCALE = 1 << _COEF_BITS


def _linear_taps(n_src, n_dst, clamp):
    """Source indices and weights of OpenCV's INTER_LINEAR along one axis.

    Along x OpenCV clamps both the index and the weight at the borders; along y it keeps
    the weight and only clamps the row index (``clamp=False``).
    """
    f = ((np.arange(n_dst) + 0.5) * (n_src / n_dst) - 0.5).astype(np.float32)
    s = np.floor(f).astype(np.int64)
    f = (f - s).astype(np.float32)
    if clamp:
        low, high = s < 0, s >= n_src - 1
        f[low | high] = 0
        s[low] = 0
        s[high] = n_src - 1
    return np.clip(s, 0, n_src - 1), np.clip(s + 1, 0, n_src - 1), np.float32(1) - f, f


def _area_up_taps(n_src, n_dst):
    """INTER_AREA when enlarging: OpenCV's linear taps with area-shaped weights."""
    scale = n_src / n_dst
    dx = np.arange(n_dst)
    s = np.floor(dx * scale).astype(np.int64)
    f = ((dx + 1) - (s + 1) * (n_dst / n_src)).astype(np.float32)
    f = np.where(f <= 0, np.float32(0), f - np.floor(f)).astype(np.float32)
    high = s >= n_src - 1
    f[high] = 0
    s[high] = n_src - 1
    return s, np.clip(s + 1, 0, n_src - 1), np.float32(1) - f, f


def _combine_u8(img, xt, yt):
    """Separable two-tap interpolation of a uint8 HWC image with OpenCV's fixed point.

    Only the source rows the output needs go through the horizontal pass. Rows are handled
    as flat (W*C) lines so that gathers copy bytes along contiguous rows; the arithmetic is
    in-place int32 (the products stay below 2**31).
    """
    sx0, sx1, ax0, ax1 = xt
    sy0, sy1, by0, by1 = yt
    channels = img.shape[2]
    rows_needed, inverse = np.unique(np.concatenate([sy0, sy1]), return_inverse=True)
    x = np.take(img, rows_needed, axis=0).reshape(len(rows_needed), -1)
    lanes = np.arange(channels)
    rows = np.take(x, (sx0[:, None] * channels + lanes).ravel(), axis=1).astype(np.int32)
    rows *= np.repeat(np.rint(ax0 * _COEF_SCALE).astype(np.int32), channels)
    right = np.take(x, (sx1[:, None] * channels + lanes).ravel(), axis=1).astype(np.int32)
    right *= np.repeat(np.rint(ax1 * _COEF_SCALE).astype(np.int32), channels)
    rows += right
    rows >>= 4
    out = np.take(rows, inverse[:len(sy0)], axis=0)
    out *= np.rint(by0 * _COEF_SCALE).astype(np.int32)[:, None]
    out >>= 16
    bottom = np.take(rows, inverse[len(sy0):], axis=0)
    bottom *= np.rint(by1 * _COEF_SCALE).astype(np.int32)[:, None]
    bottom >>= 16
    out += bottom
    out += 2
    out >>= 2
    np.clip(out, 0, 255, out=out)
    return out.astype(np.uint8).reshape(len(sy0), len(sx0), channels)


def _combine_float(img, xt, yt):
    sx0, sx1, ax0, ax1 = xt
    sy0, sy1, by0, by1 = yt
    x = img.astype(np.float32)
    rows = x[:, sx0] * ax0[None, :, None] + x[:, sx1] * ax1[None, :, None]
    return rows[sy0] * by0[:, None, None] + rows[sy1] * by1[:, None, None]


def _cubic_weights(f, a=-0.75):
    f = f.astype(np.float32)
    w0 = ((a * (f + 1) - 5 * a) * (f + 1) + 8 * a) * (f + 1) - 4 * a
    w1 = ((a + 2) * f - (a + 3)) * f * f + 1
    w2 = ((a + 2) * (1 - f) - (a + 3)) * (1 - f) * (1 - f) + 1
    return np.stack([w0, w1, w2, 1 - w0 - w1 - w2], axis=1).astype(np.float32)


def _cubic_taps(n_src, n_dst):
    f = ((np.arange(n_dst) + 0.5) * (n_src / n_dst) - 0.5).astype(np.float32)
    s = np.floor(f).astype(np.int64)
    idx = np.clip(s[:, None] + np.arange(-1, 3)[None, :], 0, n_src - 1)
    return idx, _cubic_weights(f - s)


def _resize_cubic(img, h, w):
    xi, xw = _cubic_taps(img.shape[1], w)
    yi, yw = _cubic_taps(img.shape[0], h)
    if img.dtype == np.uint8:
        xw = np.rint(xw * _COEF_SCALE).astype(np.int64)
        yw = np.rint(yw * _COEF_SCALE).astype(np.float32) * np.float32(1.0 / (_COEF_SCALE * _COEF_SCALE))
        rows = np.einsum("hwkc,wk->hwc", img.astype(np.int64)[:, xi], xw)
        out = np.einsum("hkwc,hk->hwc", rows[yi].astype(np.float32), yw)
        return np.clip(np.rint(out), 0, 255).astype(np.uint8)
    rows = np.einsum("hwkc,wk->hwc", img.astype(np.float32)[:, xi], xw)
    return np.einsum("hkwc,hk->hwc", rows[yi], yw).astype(np.float32)


def _area_matrix(n_src, n_dst):
    """OpenCV's ``computeResizeAreaTab`` as a dense (n_dst, n_src) float32 weight matrix."""
    scale = n_src / n_dst
    m = np.zeros((n_dst, n_src), np.float32)
    for dx in range(n_dst):
        fsx1 = dx * scale
        fsx2 = fsx1 + scale
        cell = min(scale, n_src - fsx1)
        sx1, sx2 = math.ceil(fsx1), math.floor(fsx2)
        sx2 = min(sx2, n_src - 1)
        sx1 = min(sx1, sx2)
        if sx1 - fsx1 > 1e-3:
            m[dx, sx1 - 1] = (sx1 - fsx1) / cell
        m[dx, sx1:sx2] = 1.0 / cell
        if fsx2 - sx2 > 1e-3:
            m[dx, sx2] = min(min(fsx2 - sx2, 1.0), cell) / cell
    return m


def _resize_area(img, h, w):
    H, W = img.shape[:2]
    if H % h == 0 and W % w == 0:
        fy, fx = H // h, W // w
        if img.dtype == np.uint8:
            s = img.astype(np.int32).reshape(h, fy, w, fx, -1).sum(axis=(1, 3))
            if fy * fx == 4:
                return ((s + 2) >> 2).astype(np.uint8)  # OpenCV's SIMD 2x2 average
            return np.clip(np.rint(s.astype(np.float32) * np.float32(1.0 / (fy * fx))), 0, 255).astype(np.uint8)
        s = img.astype(np.float32).reshape(h, fy, w, fx, -1).sum(axis=(1, 3))
        return (s * np.float32(1.0 / (fy * fx))).astype(img.dtype)
    if h > H or w > W:
        # OpenCV enlarges (in either direction) with linear taps of area-shaped weights.
        xt, yt = _area_up_taps(W, w), _area_up_taps(H, h)
        return _combine_u8(img, xt, yt) if img.dtype == np.uint8 else _combine_float(img, xt, yt)
    my, mx = _area_matrix(H, h), _area_matrix(W, w)
    rows = np.einsum("hwc,xw->hxc", img.astype(np.float32), mx)
    out = np.einsum("yh,hxc->yxc", my, rows)
    if img.dtype == np.uint8:
        return np.clip(np.rint(out), 0, 255).astype(np.uint8)
    return out.astype(img.dtype)


def _pil_cubic(img, h, w):
    """MindSpore's PILCUBIC: Pillow's bicubic resampling (antialiased), width pass then height pass,
    each rounded to uint8."""
    from PIL import Image

    def one(channel):
        p = Image.fromarray(np.ascontiguousarray(channel))
        return np.asarray(p.resize((w, p.size[1]), Image.BICUBIC).resize((w, h), Image.BICUBIC))
    return np.stack([one(img[..., c]) for c in range(img.shape[2])], axis=-1)


def resize(img, h, w, mode):
    """Resize an HW or HWC image to (h, w) as OpenCV's ``cv::resize`` does.

    ``mode``: 'nearest', 'linear', 'cubic', 'area' or 'pilcubic'.
    """
    squeeze = img.ndim == 2
    if squeeze:
        img = img[..., None]
    H, W = img.shape[:2]
    if (H, W) == (h, w):
        out = img.copy()
    elif mode == "nearest":
        ys = np.minimum(np.floor(np.arange(h) * (H / h)).astype(np.int64), H - 1)
        xs = np.minimum(np.floor(np.arange(w) * (W / w)).astype(np.int64), W - 1)
        out = img[ys][:, xs]
    elif mode == "linear" and (H == 2 * h and W == 2 * w) and img.dtype == np.uint8:
        out = _resize_area(img, h, w)  # OpenCV's exact 2x linear shrink is its area average
    elif mode == "linear":
        xt, yt = _linear_taps(W, w, True), _linear_taps(H, h, False)
        out = _combine_u8(img, xt, yt) if img.dtype == np.uint8 else _combine_float(img, xt, yt)
    elif mode == "cubic":
        out = _resize_cubic(img, h, w)
    elif mode == "area":
        out = _resize_area(img, h, w)
    elif mode == "pilcubic" and img.dtype == np.uint8:
        out = _pil_cubic(img, h, w)
    else:
        out = _resize_cubic(img, h, w)
    out = np.ascontiguousarray(out.astype(img.dtype, copy=False))
    return out[..., 0] if squeeze else out


def warp_affine(img, matrix, h, w, mode, fill):
    """``cv::warpAffine`` with ``WARP_INVERSE_MAP`` semantics: ``matrix`` (2x3) maps output
    pixel coordinates to input ones. Pixels from outside the image get ``fill``."""
    m = np.asarray(matrix, dtype=np.float64).reshape(2, 3)
    ys, xs = np.meshgrid(np.arange(h, dtype=np.float64), np.arange(w, dtype=np.float64), indexing="ij")
    sx = m[0, 0] * xs + m[0, 1] * ys + m[0, 2]
    sy = m[1, 0] * xs + m[1, 1] * ys + m[1, 2]
    return _sample(img, sx, sy, mode, fill)


def warp_perspective(img, matrix, h, w, mode, fill):
    m = np.asarray(matrix, dtype=np.float64).reshape(3, 3)
    ys, xs = np.meshgrid(np.arange(h, dtype=np.float64), np.arange(w, dtype=np.float64), indexing="ij")
    den = m[2, 0] * xs + m[2, 1] * ys + m[2, 2]
    den = np.where(den == 0, 1e-12, den)
    sx = (m[0, 0] * xs + m[0, 1] * ys + m[0, 2]) / den
    sy = (m[1, 0] * xs + m[1, 1] * ys + m[1, 2]) / den
    return _sample(img, sx, sy, mode, fill)


def _fill_pixel(img, fill):
    channels = 1 if img.ndim == 2 else img.shape[2]
    value = np.broadcast_to(np.asarray(fill, dtype=np.float64).ravel(), (channels,)) if np.ndim(fill) \
        else np.full(channels, float(fill))
    return value if img.ndim == 3 else value[0]


def _sample(img, sx, sy, mode, fill):
    """Sample ``img`` at float source coordinates (OpenCV's 1/32-pixel grid, constant border)."""
    H, W = img.shape[:2]
    fillv = _fill_pixel(img, fill)
    x = img.astype(np.float64)
    if mode == "nearest":
        ix = np.floor(sx + 0.5).astype(np.int64)
        iy = np.floor(sy + 0.5).astype(np.int64)
        inside = (ix >= 0) & (ix < W) & (iy >= 0) & (iy < H)
        out = x[np.clip(iy, 0, H - 1), np.clip(ix, 0, W - 1)]
        out[~inside] = fillv
    else:
        # Bilinear with the coordinates quantised to 1/32 pixel, as OpenCV's remap tables are.
        qx, qy = np.rint(sx * 32), np.rint(sy * 32)
        x0, y0 = np.floor(qx / 32).astype(np.int64), np.floor(qy / 32).astype(np.int64)
        fx, fy = (qx - x0 * 32) / 32, (qy - y0 * 32) / 32
        out = 0
        for dy, wy in ((0, 1 - fy), (1, fy)):
            for dx, wx in ((0, 1 - fx), (1, fx)):
                xx, yy = x0 + dx, y0 + dy
                inside = (xx >= 0) & (xx < W) & (yy >= 0) & (yy < H)
                v = x[np.clip(yy, 0, H - 1), np.clip(xx, 0, W - 1)]
                v[~inside] = fillv
                wgt = wx * wy
                out = out + (v * (wgt[..., None] if img.ndim == 3 else wgt))
    if img.dtype == np.uint8:
        return np.clip(np.rint(out), 0, 255).astype(np.uint8)
    return out.astype(img.dtype)


def rgb_to_gray(img):
    """OpenCV's COLOR_RGB2GRAY for uint8 (0.299/0.587/0.114 as 15-bit fixed point, its SIMD path)."""
    if img.dtype == np.uint8:
        x = img.astype(np.int32)
        g = (x[..., 0] * 9798 + x[..., 1] * 19235 + x[..., 2] * 3735 + (1 << 14)) >> 15
        return g.astype(np.uint8)
    return (img[..., 0] * 0.299 + img[..., 1] * 0.587 + img[..., 2] * 0.114).astype(img.dtype)


def rgb_to_hsv(img):
    """Float RGB in [0, 1] → HSV in [0, 1] (hue as a fraction of a turn)."""
    r, g, b = img[..., 0], img[..., 1], img[..., 2]
    maxc = img.max(axis=-1)
    minc = img.min(axis=-1)
    v = maxc
    delta = maxc - minc
    with np.errstate(divide="ignore", invalid="ignore"):
        s = np.where(maxc > 0, delta / np.where(maxc > 0, maxc, 1), 0)
        safe = np.where(delta > 0, delta, 1)
        rc, gc, bc = (maxc - r) / safe, (maxc - g) / safe, (maxc - b) / safe
    h = np.where(r == maxc, bc - gc, np.where(g == maxc, 2.0 + rc - bc, 4.0 + gc - rc))
    h = np.where(delta > 0, (h / 6.0) % 1.0, 0.0)
    return np.stack([h, s, v], axis=-1)


def hsv_to_rgb(img):
    h, s, v = img[..., 0], img[..., 1], img[..., 2]
    i = np.floor(h * 6.0)
    f = h * 6.0 - i
    p, q, t = v * (1 - s), v * (1 - s * f), v * (1 - s * (1 - f))
    i = i.astype(np.int64) % 6
    choices = [np.stack(c, axis=-1) for c in ((v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q))]
    out = np.choose(i[..., None], choices)
    return np.where((s == 0)[..., None], v[..., None], out)


def equalize_channel(ch):
    """OpenCV's ``equalizeHist`` on one uint8 channel."""
    hist = np.bincount(ch.ravel(), minlength=256)
    nz = np.flatnonzero(hist)
    total = ch.size
    if len(nz) == 0 or hist[nz[0]] == total:
        return ch.copy()
    first = nz[0]
    scale = np.float32(255) / np.float32(total - hist[first])
    cum = (np.cumsum(hist) - hist[first]).astype(np.float32)
    lut = np.clip(np.rint(cum * scale), 0, 255).astype(np.uint8)
    lut[:first + 1] = 0
    return lut[ch]


def gaussian_kernel(ksize, sigma):
    x = np.arange(ksize, dtype=np.float64) - (ksize - 1) / 2.0
    k = np.exp(-(x * x) / (2 * sigma * sigma))
    return k / k.sum()


def gaussian_kernel_u8(ksize, sigma):
    """OpenCV's bit-exact 8-bit kernel: 8 fraction bits, rounding errors diffused from the ends,
    the centre tap taking what makes the sum exactly 256."""
    k = gaussian_kernel(ksize, sigma)
    out = np.zeros(ksize, np.int64)
    err = 0.0
    for i in range(ksize // 2):
        adj = k[i] * 256 + err
        out[i] = out[ksize - 1 - i] = int(np.rint(adj))
        err = adj - out[i]
    out[ksize // 2] = 256 - out.sum()
    return out


def gaussian_blur(img, ksize, sigma):
    """``cv::GaussianBlur`` with reflect-101 borders; uint8 in OpenCV's 8.8 fixed point."""
    kx, ky = gaussian_kernel(ksize[0], sigma[0]), gaussian_kernel(ksize[1], sigma[1])
    if img.dtype != np.uint8:
        return filter2d_separable(img, ky, kx)
    qx, qy = gaussian_kernel_u8(ksize[0], sigma[0]), gaussian_kernel_u8(ksize[1], sigma[1])
    squeeze = img.ndim == 2
    x = (img[..., None] if squeeze else img).astype(np.int64)
    h, w = x.shape[:2]
    xp = np.pad(x, ((0, 0), (ksize[0] // 2,) * 2, (0, 0)), mode="reflect")
    rows = sum(xp[:, i:i + w] * qx[i] for i in range(ksize[0]))
    yp = np.pad(rows, ((ksize[1] // 2,) * 2, (0, 0), (0, 0)), mode="reflect")
    out = ((sum(yp[i:i + h] * qy[i] for i in range(ksize[1])) + (1 << 15)) >> 16).astype(np.uint8)
    return out[..., 0] if squeeze else out


def filter2d_separable(img, ky, kx):
    """Separable correlation with reflect-101 borders (OpenCV's default), via torch conv."""
    squeeze = img.ndim == 2
    x = torch.from_numpy(np.ascontiguousarray((img[..., None] if squeeze else img), dtype=np.float64))
    x = x.permute(2, 0, 1)[None]
    c = x.shape[1]
    py, px = len(ky) // 2, len(kx) // 2
    x = torch.nn.functional.pad(x, (px, px, py, py), mode="reflect")
    wy = torch.from_numpy(np.asarray(ky, dtype=np.float64)).view(1, 1, -1, 1).repeat(c, 1, 1, 1)
    wx = torch.from_numpy(np.asarray(kx, dtype=np.float64)).view(1, 1, 1, -1).repeat(c, 1, 1, 1)
    y = torch.nn.functional.conv2d(torch.nn.functional.conv2d(x, wy, groups=c), wx, groups=c)
    out = y[0].permute(1, 2, 0).numpy()
    if img.dtype == np.uint8:
        out = np.clip(np.rint(out), 0, 255).astype(np.uint8)
    else:
        out = out.astype(img.dtype)
    return out[..., 0] if squeeze else out


_HSV_SHIFT = 12


def rgb_to_hsv_full_u8(img):
    """OpenCV's COLOR_RGB2HSV_FULL on uint8 (hue in 256 steps per turn, integer tables)."""
    x = img.astype(np.int64)
    r, g, b = x[..., 0], x[..., 1], x[..., 2]
    v = x.max(axis=-1)
    diff = v - x.min(axis=-1)
    idx = np.arange(256, dtype=np.float64)
    with np.errstate(divide="ignore"):
        sdiv = np.where(idx > 0, np.rint((255 << _HSV_SHIFT) / idx), 0).astype(np.int64)
        hdiv = np.where(idx > 0, np.rint((256 << _HSV_SHIFT) / (6.0 * idx)), 0).astype(np.int64)
    half = 1 << (_HSV_SHIFT - 1)
    s = (diff * sdiv[v] + half) >> _HSV_SHIFT
    h = np.where(v == r, g - b, np.where(v == g, b - r + 2 * diff, r - g + 4 * diff))
    h = (h * hdiv[diff] + half) >> _HSV_SHIFT
    h = np.where(h < 0, h + 256, h)
    return np.stack([np.clip(h, 0, 255), s, v], axis=-1).astype(np.uint8)


_SECTORS = np.array([[0, 3, 1], [2, 0, 1], [1, 0, 3], [1, 2, 0], [3, 1, 0], [0, 1, 2]])  # (r, g, b) per sector


def hsv_full_to_rgb_u8(hsv):
    """OpenCV's COLOR_HSV2RGB_FULL on uint8 (float maths, hue read in 255 steps per turn)."""
    h = hsv[..., 0].astype(np.float32) * np.float32(6.0 / 255.0)
    s = hsv[..., 1].astype(np.float32) * np.float32(1.0 / 255.0)
    v = hsv[..., 2].astype(np.float32) * np.float32(1.0 / 255.0)
    h = np.where(h >= 6, h - 6, h)
    sector = np.floor(h).astype(np.int64)
    f = (h - sector).astype(np.float32)
    one = np.float32(1)
    tab = np.stack([v, v * (one - s), v * (one - s * f), v * (one - s * (one - f))], axis=-1)
    rgb = np.take_along_axis(tab, _SECTORS[sector], axis=-1)
    rgb = np.where((s == 0)[..., None], v[..., None], rgb)
    return np.clip(np.rint(rgb * np.float32(255)), 0, 255).astype(np.uint8)


def resize_bilinear_fast(img, h, w):
    """Bilinear resize of a uint8 image with torch's vectorised uint8 kernel (no antialiasing): within
    one grey level of ``resize(..., 'linear')``, at about a third of its cost."""
    squeeze = img.ndim == 2
    # torch warns about read-only arrays (a decoded image, or a crop that is all of it); copy only then
    src = np.require(img[..., None] if squeeze else img, requirements=("C", "W"))
    t = torch.from_numpy(src).permute(2, 0, 1)[None]
    out = torch.nn.functional.interpolate(t, size=(h, w), mode="bilinear", align_corners=False, antialias=False)
    out = np.ascontiguousarray(out[0].permute(1, 2, 0).numpy())
    return out[..., 0] if squeeze else out


# ---------------------------------------------------------------- OpenCV, when installed
# MindSpore's engine runs these kernels through OpenCV itself. With ``opencv-python-headless``
# installed (the ``opencv`` extra) the hot ones call it directly: the same integers as the
# NumPy kernels above, faster, and outside the GIL. ``SPORETORCH_ACCEL=0`` turns it off.
_OPENCV = []


def opencv():
    """The ``cv2`` module, or None when it is not installed or ``SPORETORCH_ACCEL=0``."""
    if not _OPENCV:
        module = None
        if os.environ.get("SPORETORCH_ACCEL", "1") != "0":
            try:
                import cv2 as module
            except ImportError:
                module = None
        _OPENCV.append(module)
    return _OPENCV[0]


_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


def _jpeg_components(data):
    """The number of colour components of a JPEG (from its SOF marker), or 0 if not a JPEG."""
    if len(data) < 4 or data[0] != 0xFF or data[1] != 0xD8:
        return 0
    pos, end = 2, len(data) - 9
    while pos < end:
        if data[pos] != 0xFF:
            return 0
        marker = data[pos + 1]
        if marker == 0xFF:
            pos += 1
            continue
        if marker in _SOF:
            return int(data[pos + 9])
        pos += 2 + ((int(data[pos + 2]) << 8) | int(data[pos + 3]))
    return 0


def decode_jpeg_rgb(data):
    """A 1- or 3-component JPEG (1-D uint8 bytes) decoded to HWC uint8 RGB with OpenCV's
    libjpeg-turbo, as Pillow's ``convert("RGB")`` gives it (EXIF orientation ignored, as
    MindSpore's Decode does); None when OpenCV is absent or the data is anything else."""
    cv2 = opencv()
    if cv2 is None or _jpeg_components(data) not in (1, 3):
        return None
    rgb = getattr(cv2, "IMREAD_COLOR_RGB", None)
    flags = (cv2.IMREAD_COLOR if rgb is None else rgb) | cv2.IMREAD_IGNORE_ORIENTATION
    image = cv2.imdecode(data, flags)
    if image is None:
        return None
    return cv2.cvtColor(image, cv2.COLOR_BGR2RGB) if rgb is None else image


def resize_linear_u8(img, h, w):
    """``resize(img, h, w, "linear")`` of a uint8 HW/HWC image through ``cv2.resize``, or None
    without OpenCV."""
    cv2 = opencv()
    if cv2 is None or img.dtype != np.uint8 or (img.ndim == 3 and img.shape[2] > 4):
        return None
    out = cv2.resize(img, (w, h), interpolation=cv2.INTER_LINEAR)
    return out[..., None] if img.ndim == 3 and out.ndim == 2 else out


def flip_u8(img, axis):
    """``img`` flipped along ``axis`` (0: top-bottom, 1: left-right) with ``cv2.flip``, or None
    without OpenCV."""
    cv2 = opencv()
    if cv2 is None or img.dtype != np.uint8 or img.ndim not in (2, 3) or (img.ndim == 3 and img.shape[2] > 4):
        return None
    out = cv2.flip(img, 1 if axis == 1 else 0)
    return out[..., None] if img.ndim == 3 and out.ndim == 2 else out
