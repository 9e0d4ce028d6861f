"""Image transforms (``mindspore.dataset.vision``) on NumPy arrays in HWC layout.

Geometry (crop, flip, pad) is NumPy slicing; resizing calls
``torch.nn.functional.interpolate`` (half-pixel centres like OpenCV's ``INTER_LINEAR``;
uint8 images are rounded back to uint8). Random transforms draw from a generator
seeded by ``dataset.config.set_seed`` when one is set.
"""
import io
import numbers
import zlib

import numpy as np
import torch

from ..core import config
from ..transforms.transforms import TensorOperation, TypeCast
from .utils import Border, Inter

def _image(op, img, min_dim=2):
    img = np.asarray(img)
    if img.ndim not in (2, 3) or img.ndim < min_dim:
        raise ValueError(f"For '{op}', the image must be <H, W> or <H, W, C>, but got shape {img.shape}")
    return img


def _size_pair(op, size):
    if isinstance(size, numbers.Integral) and not isinstance(size, bool):
        if size <= 0:
            raise ValueError(f"For '{op}', 'size' must be positive, but got {size}")
        return int(size), int(size)
    if isinstance(size, (list, tuple)) and len(size) == 2 and all(
            isinstance(s, numbers.Integral) and not isinstance(s, bool) and s > 0 for s in size):
        return int(size[0]), int(size[1])
    raise ValueError(f"For '{op}', 'size' must be a positive int or a (height, width) pair, but got {size!r}")


class _RandomOp(TensorOperation):
    def __init__(self):
        # Seeded per op type: after dataset.config.set_seed, a new op repeats its sequence.
        self._rng = config._rng(zlib.crc32(type(self).__name__.encode()))


class Rescale(TensorOperation):
    """``image * rescale + shift`` as float32."""

    def __init__(self, rescale, shift):
        self.rescale = float(rescale)
        self.shift = float(shift)

    def _apply(self, img):
        return img.astype(np.float32) * np.float32(self.rescale) + np.float32(self.shift)


class Normalize(TensorOperation):
    """``(image - mean) / std`` per channel, as float32.

    Args:
        mean (list[float]), std (list[float]): one value per channel.
        is_hwc (bool): channels last (True) or first. Default: True.
    """

    def __init__(self, mean, std, is_hwc=True):
        self.mean = np.asarray(mean, dtype=np.float32)
        self.std = np.asarray(std, dtype=np.float32)
        if self.mean.shape != self.std.shape or self.mean.ndim != 1:
            raise ValueError(f"For 'Normalize', 'mean' and 'std' must be lists of the same length, "
                             f"but got {mean!r} and {std!r}")
        if (self.std <= 0).any():
            raise ValueError(f"For 'Normalize', 'std' must be positive, but got {std!r}")
        self.is_hwc = is_hwc

    def _apply(self, img):
        img = _image("Normalize", img).astype(np.float32)
        channels = 1 if img.ndim == 2 else (img.shape[-1] if self.is_hwc else img.shape[0])
        if len(self.mean) not in (1, channels):
            raise ValueError(f"For 'Normalize', the image has {channels} channels but 'mean' has {len(self.mean)} "
                             "values")
        shape = (-1,) if self.is_hwc or img.ndim == 2 else (-1, 1, 1)
        return (img - self.mean.reshape(shape)) / self.std.reshape(shape)


class HWC2CHW(TensorOperation):
    """Transpose an HWC image to CHW (an HW image gains a leading channel axis)."""

    def _apply(self, img):
        img = _image("HWC2CHW", img)
        return np.ascontiguousarray(img.transpose(2, 0, 1) if img.ndim == 3 else img[None])


class ToTensor(TensorOperation):
    """HWC image → CHW ``output_type`` (float32) scaled by 1/255."""

    def __init__(self, output_type=np.float32):
        self.output_type = np.dtype(output_type)

    def _apply(self, img):
        img = _image("ToTensor", img)
        if img.ndim == 2:
            img = img[..., None]
        return (img.transpose(2, 0, 1).astype(np.float32) * np.float32(1 / 255)).astype(self.output_type)


_TORCH_MODES = {Inter.NEAREST: "nearest", Inter.LINEAR: "bilinear", Inter.CUBIC: "bicubic",
                Inter.AREA: "area", Inter.PILCUBIC: "bicubic", Inter.ANTIALIAS: "bilinear"}


def _resize(img, height, width, interpolation):
    squeeze = img.ndim == 2
    t = torch.from_numpy(np.ascontiguousarray(img[..., None] if squeeze else img))
    x = t.permute(2, 0, 1)[None].to(torch.float32)
    mode = _TORCH_MODES[interpolation]
    kwargs = {} if mode in ("nearest", "area") else {"align_corners": False}
    if interpolation == Inter.ANTIALIAS:
        kwargs["antialias"] = True
    y = torch.nn.functional.interpolate(x, size=(height, width), mode=mode, **kwargs)[0].permute(1, 2, 0)
    if img.dtype == np.uint8:
        y = torch.floor(y + 0.5).clamp_(0, 255).to(torch.uint8)
    out = y.numpy().astype(img.dtype, copy=False)
    return out[..., 0] if squeeze else out


class Resize(TensorOperation):
    """Resize to ``size``: an int resizes the shorter side (keeping the aspect ratio),
    a (height, width) pair gives the exact size.

    Args:
        size (int or tuple[int, int]): the target size.
        interpolation (Inter): ``Inter.LINEAR`` (default), ``NEAREST``, ``CUBIC``, ``AREA``, ...
    """

    def __init__(self, size, interpolation=Inter.LINEAR):
        if isinstance(size, numbers.Integral) and not isinstance(size, bool):
            _size_pair("Resize", size)
            self.size = int(size)
        else:
            self.size = _size_pair("Resize", size)
        self.interpolation = Inter(interpolation)

    def _apply(self, img):
        img = _image("Resize", img)
        h, w = img.shape[:2]
        if isinstance(self.size, int):
            if h <= w:
                height, width = self.size, int(self.size * w / h)
            else:
                height, width = int(self.size * h / w), self.size
        else:
            height, width = self.size
        return _resize(img, height, width, self.interpolation)


class ToType(TypeCast):
    """Cast the image to ``data_type`` (a NumPy or MindSpore dtype); a ``TypeCast``, as in MindSpore."""


def _crop(img, top, left, height, width):
    return np.ascontiguousarray(img[top:top + height, left:left + width])


class Crop(TensorOperation):
    """Crop the ``size`` region whose top-left corner is ``coordinates`` = (top, left)."""

    def __init__(self, coordinates, size):
        if not isinstance(coordinates, (list, tuple)) or len(coordinates) != 2 or any(
                not isinstance(c, numbers.Integral) or c < 0 for c in coordinates):
            raise ValueError(f"For 'Crop', 'coordinates' must be a (top, left) pair of ints >= 0, but got "
                             f"{coordinates!r}")
        self.coordinates = (int(coordinates[0]), int(coordinates[1]))
        self.size = _size_pair("Crop", size)

    def _apply(self, img):
        img = _image("Crop", img)
        (top, left), (h, w) = self.coordinates, self.size
        if top + h > img.shape[0] or left + w > img.shape[1]:
            raise ValueError(f"For 'Crop', the region at {self.coordinates} of size {self.size} exceeds the image "
                             f"{img.shape[:2]}")
        return _crop(img, top, left, h, w)


class CenterCrop(TensorOperation):
    """Crop the central ``size`` region (padding with zeros when the image is smaller)."""

    def __init__(self, size):
        self.size = _size_pair("CenterCrop", size)

    def _apply(self, img):
        img = _image("CenterCrop", img)
        th, tw = self.size
        h, w = img.shape[:2]
        if th > h or tw > w:
            img = _pad(img, ((th - h + 1) // 2 if th > h else 0, (th - h) // 2 if th > h else 0,
                             (tw - w + 1) // 2 if tw > w else 0, (tw - w) // 2 if tw > w else 0),
                       Border.CONSTANT, 0)
            h, w = img.shape[:2]
        top = int(round((h - th) / 2.0))
        left = int(round((w - tw) / 2.0))
        return _crop(img, top, left, th, tw)


def _pad(img, pads, mode, fill_value):
    top, bottom, left, right = pads
    width = ((top, bottom), (left, right)) + (((0, 0),) if img.ndim == 3 else ())
    mode = Border(mode)
    if mode == Border.CONSTANT:
        return np.pad(img, width, mode="constant", constant_values=fill_value)
    return np.pad(img, width, mode=mode.value)


def _padding4(op, padding):
    if padding is None:
        return (0, 0, 0, 0)
    if isinstance(padding, numbers.Integral):
        return (int(padding),) * 4
    if isinstance(padding, (list, tuple)) and len(padding) == 2:
        return (padding[1], padding[1], padding[0], padding[0])
    if isinstance(padding, (list, tuple)) and len(padding) == 4:
        left, top, right, bottom = padding
        return (top, bottom, left, right)
    raise ValueError(f"For '{op}', 'padding' must be an int or a sequence of 2 or 4 ints, but got {padding!r}")


class Pad(TensorOperation):
    """Pad the borders (``padding``: int, (left/right, top/bottom) or (left, top, right, bottom))."""

    def __init__(self, padding, fill_value=0, padding_mode=Border.CONSTANT):
        self.padding = _padding4("Pad", padding)
        self.fill_value = fill_value
        self.padding_mode = Border(padding_mode)

    def _apply(self, img):
        return _pad(_image("Pad", img), self.padding, self.padding_mode, self.fill_value)


class RandomCrop(_RandomOp):
    """Crop a random ``size`` region, after optional padding.

    Args:
        size (int or tuple[int, int]): the output size.
        padding (int or sequence, optional): padding added first.
        pad_if_needed (bool): pad images smaller than ``size``. Default: False.
        fill_value (int), padding_mode (Border): how to pad.
    """

    def __init__(self, size, padding=None, pad_if_needed=False, fill_value=0, padding_mode=Border.CONSTANT):
        super().__init__()
        self.size = _size_pair("RandomCrop", size)
        self.padding = _padding4("RandomCrop", padding)
        self.pad_if_needed = pad_if_needed
        self.fill_value = fill_value
        self.padding_mode = Border(padding_mode)

    def _apply(self, img):
        img = _image("RandomCrop", img)
        if any(self.padding):
            img = _pad(img, self.padding, self.padding_mode, self.fill_value)
        th, tw = self.size
        h, w = img.shape[:2]
        if self.pad_if_needed and (h < th or w < tw):
            dh, dw = max(th - h, 0), max(tw - w, 0)
            img = _pad(img, (dh, dh, dw, dw), self.padding_mode, self.fill_value)
            h, w = img.shape[:2]
        if h < th or w < tw:
            raise ValueError(f"For 'RandomCrop', the crop size {self.size} is larger than the (padded) image "
                             f"{(h, w)}; set pad_if_needed=True or padding")
        top = int(self._rng.integers(h - th + 1))
        left = int(self._rng.integers(w - tw + 1))
        return _crop(img, top, left, th, tw)


class RandomResizedCrop(_RandomOp):
    """Crop a random region (area fraction in ``scale``, aspect ratio in ``ratio``) and resize it to ``size``.

    Args:
        size (int or tuple[int, int]): the output size.
        scale (tuple[float, float]): range of the crop's area fraction. Default: (0.08, 1.0).
        ratio (tuple[float, float]): range of the crop's width / height. Default: (3/4, 4/3).
        interpolation (Inter): how to resize. Default: ``Inter.BILINEAR``.
        max_attempts (int): tries before falling back to a centre crop. Default: 10.
    """

    def __init__(self, size, scale=(0.08, 1.0), ratio=(3. / 4., 4. / 3.), interpolation=Inter.BILINEAR,
                 max_attempts=10):
        super().__init__()
        self.size = _size_pair("RandomResizedCrop", size)
        if not (len(scale) == 2 and 0 <= scale[0] <= scale[1]) or not (len(ratio) == 2 and 0 < ratio[0] <= ratio[1]):
            raise ValueError(f"For 'RandomResizedCrop', 'scale' and 'ratio' must be increasing pairs, but got "
                             f"{scale!r} and {ratio!r}")
        self.scale, self.ratio = tuple(scale), tuple(ratio)
        self.interpolation = Inter(interpolation)
        self.max_attempts = max_attempts

    def _region(self, h, w):
        area = h * w
        log_ratio = np.log(self.ratio)
        for _ in range(self.max_attempts):
            target = area * self._rng.uniform(*self.scale)
            aspect = np.exp(self._rng.uniform(*log_ratio))
            cw, ch = int(round(np.sqrt(target * aspect))), int(round(np.sqrt(target / aspect)))
            if 0 < cw <= w and 0 < ch <= h:
                return int(self._rng.integers(h - ch + 1)), int(self._rng.integers(w - cw + 1)), ch, cw
        ch, cw = min(h, w), min(h, w)
        return (h - ch) // 2, (w - cw) // 2, ch, cw

    def _apply(self, img):
        img = _image("RandomResizedCrop", img)
        top, left, ch, cw = self._region(*img.shape[:2])
        return _resize(_crop(img, top, left, ch, cw), *self.size, self.interpolation)


class RandomHorizontalFlip(_RandomOp):
    """Flip left-right with probability ``prob`` (default 0.5)."""

    def __init__(self, prob=0.5):
        super().__init__()
        if not 0.0 <= prob <= 1.0:
            raise ValueError(f"For '{type(self).__name__}', 'prob' must be in [0, 1], but got {prob!r}")
        self.prob = prob

    def _apply(self, img):
        img = _image(type(self).__name__, img)
        if self._rng.random() < self.prob:
            return np.ascontiguousarray(self._flip(img))
        return img

    @staticmethod
    def _flip(img):
        return img[:, ::-1]


class RandomVerticalFlip(RandomHorizontalFlip):
    """Flip top-bottom with probability ``prob`` (default 0.5)."""

    @staticmethod
    def _flip(img):
        return img[::-1]


class HorizontalFlip(TensorOperation):
    def _apply(self, img):
        return np.ascontiguousarray(_image("HorizontalFlip", img)[:, ::-1])


class VerticalFlip(TensorOperation):
    def _apply(self, img):
        return np.ascontiguousarray(_image("VerticalFlip", img)[::-1])


class Decode(TensorOperation):
    """Decode encoded image bytes (JPEG, PNG, BMP, ...) to an HWC uint8 RGB array (needs Pillow).

    Args:
        to_pil (bool): return a PIL image instead of an array. Default: False.
    """

    def __init__(self, to_pil=False):
        self.to_pil = to_pil

    def _apply(self, data):
        try:
            from PIL import Image
        except ImportError as err:
            raise ImportError("For 'Decode', decoding images needs Pillow: pip install pillow") from err
        if data.dtype != np.uint8 or data.ndim != 1:
            raise TypeError(f"For 'Decode', the input must be 1-D uint8 encoded bytes, but got "
                            f"{data.dtype} of shape {data.shape}")
        image = Image.open(io.BytesIO(data.tobytes())).convert("RGB")
        return image if self.to_pil else np.asarray(image)
