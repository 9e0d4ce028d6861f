"""Image transforms (``mindspore.dataset.vision``) on NumPy arrays in HWC layout.

MindSpore runs these on NumPy input through its C++ kernels (OpenCV), whose uint8
arithmetic ``_cv`` reproduces; PIL input follows MindSpore's PIL path: ops MindSpore
implements with Pillow return a PIL image again, the others return arrays. Random
transforms draw from a generator derived from ``dataset.config.set_seed`` (when set),
the op's type and the worker process, so seeded pipelines repeat.
"""
import math
import numbers
import zlib

import numpy as np

from ..transforms.transforms import TensorOperation, TypeCast, _Seeded, _numpy_dtype
from . import _cv
from .utils import Border, ConvertMode, Inter, SliceMode, decode_bytes

_MODES = {Inter.NEAREST: "nearest", Inter.BILINEAR: "linear", Inter.BICUBIC: "cubic", Inter.AREA: "area",
          Inter.PILCUBIC: "pilcubic", Inter.ANTIALIAS: "linear"}


def _is_pil(img):
    return type(img).__module__.startswith("PIL.") and hasattr(img, "getbands")


def _to_pil(arr):
    from PIL import Image
    return Image.fromarray(arr)


def _image(op, img, min_dim=2):
    img = np.asarray(img)
    if img.ndim not in (2, 3) or img.ndim < min_dim:
        raise RuntimeError(f"For '{op}', the image must be <H, W> or <H, W, C>, but got shape {img.shape}")
    return img


def _rgb(op, img):
    img = np.asarray(img)
    if img.ndim != 3 or img.shape[2] != 3:
        raise RuntimeError(f"For '{op}', the image must be <H, W, 3> (RGB), but got shape {img.shape}")
    return img


def _int(op, name, value, low=None):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"For '{op}', '{name}' must be an int, but got {type(value).__name__}")
    if low is not None and value < low:
        raise ValueError(f"For '{op}', '{name}' must be >= {low}, but got {value}")
    return int(value)


def _number(op, name, value, low=None, high=None):
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise TypeError(f"For '{op}', '{name}' must be a number, but got {type(value).__name__}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"For '{op}', '{name}' must be in [{low}, {high}], but got {value}")
    return float(value)


def _prob(op, prob):
    return _number(op, "prob", prob, 0.0, 1.0)


def _range(op, name, value, low=None, high=None, center=None):
    """A number ``v`` → (center - v, center + v) (or (-v, v)); a pair is kept, ordered."""
    if isinstance(value, numbers.Real) and not isinstance(value, bool):
        v = _number(op, name, value, 0 if center is not None or low == 0 else None)
        pair = (max(center - v, low if low is not None else -math.inf), center + v) if center is not None \
            else (-v, v)
    elif isinstance(value, (list, tuple)) and len(value) == 2:
        pair = tuple(_number(op, name, v) for v in value)
        if pair[0] > pair[1]:
            raise ValueError(f"For '{op}', '{name}' must be (min, max) with min <= max, but got {value!r}")
    else:
        raise TypeError(f"For '{op}', '{name}' must be a number or a (min, max) pair, but got {value!r}")
    if (low is not None and pair[0] < low) or (high is not None and pair[1] > high):
        raise ValueError(f"For '{op}', '{name}' must lie in [{low}, {high}], but got {value!r}")
    return pair


def _size_pair(op, size):
    if isinstance(size, numbers.Integral) and not isinstance(size, bool):
        if size <= 0:
            raise ValueError(f"For '{op}', 'size' must be positive, but got {size}")
        return int(size), int(size)
    if isinstance(size, (list, tuple)) and len(size) == 2 and all(
            isinstance(s, numbers.Integral) and not isinstance(s, bool) and s > 0 for s in size):
        return int(size[0]), int(size[1])
    raise ValueError(f"For '{op}', 'size' must be a positive int or a (height, width) pair, but got {size!r}")


def _fill(op, fill_value):
    if isinstance(fill_value, numbers.Integral) and not isinstance(fill_value, bool):
        values = (int(fill_value),)
    elif isinstance(fill_value, (list, tuple)) and len(fill_value) == 3:
        values = tuple(fill_value)
    else:
        raise TypeError(f"For '{op}', 'fill_value' must be an int or a 3-tuple of ints, but got {fill_value!r}")
    if any(isinstance(v, bool) or not isinstance(v, numbers.Integral) or not 0 <= v <= 255 for v in values):
        raise ValueError(f"For '{op}', 'fill_value' must be in [0, 255], but got {fill_value!r}")
    return values[0] if len(values) == 1 else values


def _saturate(x, dtype):
    """Round half to even and clip to uint8 (OpenCV's ``saturate_cast``), or cast to ``dtype``."""
    if dtype == np.uint8:
        return np.clip(np.rint(x), 0, 255).astype(np.uint8)
    return x.astype(dtype)


class ImageTensorOperation(TensorOperation):
    """A vision transform. ``_keeps_pil``: a PIL image in gives a PIL image out, as MindSpore's
    Pillow-based implementations do."""
    _keeps_pil = False

    def __call__(self, *args):
        if len(args) == 1 and _is_pil(args[0]):
            out = self._apply(np.asarray(args[0]))
            if self._keeps_pil and isinstance(out, np.ndarray) and out.dtype == np.uint8:
                return _to_pil(out)
            return out
        return self._apply(*[np.asarray(a) for a in args])


class _RandomOp(_Seeded, ImageTensorOperation):
    """A transform with its own generator (see ``_Seeded``), salted by the op's type."""

    def _salt(self):
        return zlib.crc32(type(self).__name__.encode())


# ---------------------------------------------------------------- type and layout


class Rescale(ImageTensorOperation):
    """``image * rescale + shift`` as float32."""

    def __init__(self, rescale, shift):
        self.rescale = _number("Rescale", "rescale", rescale)
        self.shift = _number("Rescale", "shift", shift)

    def _apply(self, img):
        return img.astype(np.float32) * np.float32(self.rescale) + np.float32(self.shift)

    def _batch_apply(self, t):
        import torch
        if t.dtype == torch.bool or t.is_complex():
            return NotImplemented
        # the same two float32 roundings as the per-image NumPy expression
        return t.to(torch.float32).mul_(float(np.float32(self.rescale))).add_(float(np.float32(self.shift)))


def _mean_std(op, mean, std):
    mean = np.asarray(mean, dtype=np.float32)
    std = np.asarray(std, dtype=np.float32)
    if mean.shape != std.shape or mean.ndim != 1:
        raise ValueError(f"For '{op}', 'mean' and 'std' must be lists of the same length, but got {mean!r} "
                         f"and {std!r}")
    if (std <= 0).any():
        raise ValueError(f"For '{op}', 'std' must be positive, but got {std!r}")
    return mean, std


def _normalize(op, img, mean, std, is_hwc):
    img = _image(op, img).astype(np.float32)  # always a fresh array, so the in-place maths below is safe
    channels = 1 if img.ndim == 2 else (img.shape[-1] if is_hwc else img.shape[0])
    if len(mean) not in (1, channels):
        raise RuntimeError(f"For '{op}', the image has {channels} channels but 'mean' has {len(mean)} values")
    shape = (-1,) if is_hwc or img.ndim == 2 else (-1, 1, 1)
    img -= mean.reshape(shape)
    img /= std.reshape(shape)
    return img


def _normalize_batch(t, mean, std, is_hwc):
    """``_normalize`` on a batch of <H, W, C> (or <C, H, W>) images: float32 subtract and divide,
    the same two roundings as per image."""
    import torch
    if t.dim() != 4 or t.dtype == torch.bool or t.is_complex():
        return NotImplemented
    channels = t.shape[-1] if is_hwc else t.shape[1]
    if len(mean) not in (1, channels):
        return NotImplemented
    shape = (-1,) if is_hwc else (-1, 1, 1)
    out = t.to(torch.float32, memory_format=torch.contiguous_format, copy=True)
    out.sub_(torch.from_numpy(mean).reshape(shape))
    out.div_(torch.from_numpy(std).reshape(shape))
    return out


class Normalize(ImageTensorOperation):
    """``(image - mean) / std`` per channel, as float32.

    Args:
        mean (list[float]), std (list[float]): one value per channel.
        is_hwc (bool): channels last (True) or first. Default: True.
    """

    def __init__(self, mean, std, is_hwc=True):
        self.mean, self.std = _mean_std("Normalize", mean, std)
        self.is_hwc = is_hwc

    def _apply(self, img):
        return _normalize("Normalize", img, self.mean, self.std, self.is_hwc)

    def _batch_apply(self, t):
        return _normalize_batch(t, self.mean, self.std, self.is_hwc)


class NormalizePad(ImageTensorOperation):
    """``Normalize`` followed by an extra channel of zeros (4-channel output of ``dtype``)."""

    def __init__(self, mean, std, dtype="float32", is_hwc=True):
        self.mean, self.std = _mean_std("NormalizePad", mean, std)
        if dtype not in ("float32", "float16"):
            raise ValueError(f"For 'NormalizePad', 'dtype' must be 'float32' or 'float16', but got {dtype!r}")
        self.dtype = np.dtype(dtype)
        self.is_hwc = is_hwc

    def _apply(self, img):
        out = _normalize("NormalizePad", img, self.mean, self.std, self.is_hwc)
        if out.ndim == 2:
            out = out[..., None]
        axis = -1 if self.is_hwc else 0
        shape = list(out.shape)
        shape[axis] = 1
        return np.concatenate([out, np.zeros(shape, np.float32)], axis=axis).astype(self.dtype)


class HWC2CHW(ImageTensorOperation):
    """Transpose an HWC image to CHW (an HW image passes through unchanged, as in MindSpore 2.10)."""

    def _apply(self, img):
        img = _image("HWC2CHW", img)
        return np.ascontiguousarray(img.transpose(2, 0, 1)) if img.ndim == 3 else img

    def _batch_apply(self, t):
        if t.dim() not in (3, 4):
            return NotImplemented
        return t.permute(0, 3, 1, 2) if t.dim() == 4 else t


class ToTensor(ImageTensorOperation):
    """HWC image → CHW ``output_type`` (default float32) scaled by 1/255."""

    def __init__(self, output_type=np.float32):
        self.output_type = _numpy_dtype("ToTensor", output_type)

    def _apply(self, img):
        img = _image("ToTensor", img)
        if img.ndim == 2:
            img = img[..., None]
        return (img.transpose(2, 0, 1).astype(np.float32) / np.float32(255)).astype(self.output_type)


class ToType(TypeCast):
    """Cast the image to ``data_type`` (a NumPy or MindSpore dtype); a ``TypeCast``, as in MindSpore."""


class ToNumpy(ImageTensorOperation):
    """A PIL image (or anything array-like) → a NumPy array."""

    def _apply(self, img):
        return np.array(img)


class ToPIL(ImageTensorOperation):
    """A HWC/HW uint8 array → a PIL image (a PIL image passes through)."""

    def __call__(self, img):
        if _is_pil(img):
            return img
        img = _image("ToPIL", img)
        if img.ndim == 3 and img.shape[2] == 1:
            img = img[..., 0]
        return _to_pil(img)


class Decode(ImageTensorOperation):
    """Decode encoded image bytes (JPEG, PNG, BMP, ...) to an HWC uint8 RGB array.

    Args:
        to_pil (bool): return a PIL image instead of an array. Default: False.
    """

    def __init__(self, to_pil=False):
        if not isinstance(to_pil, bool):
            raise TypeError(f"For 'Decode', 'to_pil' must be a bool, but got {type(to_pil).__name__}")
        self.to_pil = to_pil

    def __call__(self, data):
        if _is_pil(data) or not isinstance(data, (np.ndarray, bytes)):
            raise TypeError(f"For 'Decode', the encoded image must be a numpy.ndarray or bytes, but got "
                            f"{type(data).__name__}")
        data = np.frombuffer(data, np.uint8) if isinstance(data, bytes) else data
        if data.ndim != 1 or data.dtype != np.uint8:
            raise TypeError(f"For 'Decode', the input must be 1-D uint8 encoded bytes, but got "
                            f"{data.dtype} of shape {data.shape}")
        if not self.to_pil:
            image = _cv.decode_jpeg_rgb(data)
            if image is not None:
                return image
        image = decode_bytes("Decode", data)
        return image if self.to_pil else np.asarray(image)


# ---------------------------------------------------------------- geometry


def _resize(img, height, width, interpolation):
    return _cv.resize(img, height, width, _MODES[Inter(interpolation)])


def _target_size(size, h, w):
    if isinstance(size, int):
        if h <= w:
            return size, int(size * w / h)
        return int(size * h / w), size
    return size


def _check_size(op, size):
    if isinstance(size, numbers.Integral) and not isinstance(size, bool):
        return _size_pair(op, size)[0]
    return _size_pair(op, size)


_PIL_FILTERS = {Inter.NEAREST: 0, Inter.BILINEAR: 2, Inter.BICUBIC: 3, Inter.ANTIALIAS: 1}


class Resize(ImageTensorOperation):
    """Resize to ``size``: an int resizes the shorter side (keeping the aspect ratio), a
    (height, width) pair gives the exact size.

    Args:
        size (int or tuple[int, int]): the target size.
        interpolation (Inter): ``Inter.BILINEAR`` (default), ``NEAREST``, ``BICUBIC``, ``AREA``,
            ``PILCUBIC``; ``ANTIALIAS`` only for PIL images.

    Differences from PyTorch: NumPy input is resized with OpenCV's arithmetic (no antialiasing
    when shrinking), as MindSpore's C++ kernel does; PIL input uses Pillow's resampling.
    """

    def __init__(self, size, interpolation=Inter.BILINEAR):
        self.size = _check_size("Resize", size)
        if not isinstance(interpolation, Inter):
            raise TypeError(f"For 'Resize', 'interpolation' must be an Inter, but got {interpolation!r}")
        self.interpolation = interpolation

    def __call__(self, img):
        if _is_pil(img):
            if self.interpolation not in _PIL_FILTERS:
                raise TypeError("For 'Resize', Current Interpolation is not supported with PIL input.")
            h, w = _target_size(self.size, img.size[1], img.size[0])
            return img.resize((w, h), _PIL_FILTERS[self.interpolation])
        if self.interpolation == Inter.ANTIALIAS:
            raise TypeError("For 'Resize', Inter.ANTIALIAS needs a PIL image; use Decode(to_pil=True) or ToPIL()")
        return self._apply(np.asarray(img))

    def _apply(self, img):
        img = _image("Resize", img)
        return _resize(img, *_target_size(self.size, *img.shape[:2]), self.interpolation)


class RandomResize(_RandomOp):
    """``Resize`` with an interpolation chosen at random (nearest, bilinear, bicubic, area)."""
    _keeps_pil = True

    def __init__(self, size):
        self.size = _check_size("RandomResize", size)

    def _apply(self, img):
        img = _image("RandomResize", img)
        inter = (Inter.NEAREST, Inter.BILINEAR, Inter.BICUBIC, Inter.AREA)[int(self._rng.integers(4))]
        return _resize(img, *_target_size(self.size, *img.shape[:2]), inter)


def _crop(img, top, left, height, width):
    return np.ascontiguousarray(img[top:top + height, left:left + width])


class Crop(ImageTensorOperation):
    """Crop the ``size`` region whose top-left corner is ``coordinates`` = (top, left)."""
    _keeps_pil = True

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
            raise RuntimeError(f"For 'Crop', the region at {self.coordinates} of size {self.size} exceeds the "
                               f"image {img.shape[:2]}")
        return _crop(img, top, left, h, w)


class ResizedCrop(ImageTensorOperation):
    """Crop the region (``top``, ``left``, ``height``, ``width``) and resize it to ``size``."""
    _keeps_pil = True

    def __init__(self, top, left, height, width, size, interpolation=Inter.BILINEAR):
        self.top = _int("ResizedCrop", "top", top, 0)
        self.left = _int("ResizedCrop", "left", left, 0)
        self.height = _int("ResizedCrop", "height", height, 1)
        self.width = _int("ResizedCrop", "width", width, 1)
        self.size = _size_pair("ResizedCrop", size)
        self.interpolation = Inter(interpolation)

    def _apply(self, img):
        img = _image("ResizedCrop", img)
        if self.top + self.height > img.shape[0] or self.left + self.width > img.shape[1]:
            raise RuntimeError(f"For 'ResizedCrop', the crop region exceeds the image {img.shape[:2]}")
        return _resize(_crop(img, self.top, self.left, self.height, self.width), *self.size, self.interpolation)


def _center_crop(img, th, tw):
    h, w = img.shape[:2]
    if th > h or tw > w:
        img = _pad(img, ((th - h + 1) // 2 if th > h else 0, (th - h) // 2 if th > h else 0,
                         (tw - w + 1) // 2 if tw > w else 0, (tw - w) // 2 if tw > w else 0), Border.CONSTANT, 0)
        h, w = img.shape[:2]
    return _crop(img, (h - th) // 2, (w - tw) // 2, th, tw)


class CenterCrop(ImageTensorOperation):
    """Crop the central ``size`` region (padding with zeros when the image is smaller)."""
    _keeps_pil = True

    def __init__(self, size):
        self.size = _size_pair("CenterCrop", size)

    def _apply(self, img):
        return _center_crop(_image("CenterCrop", img), *self.size)


def _pil_image(op, img):
    if not _is_pil(img):
        raise TypeError(f"For '{op}', img should be PIL image. Got {type(img)}. Use Decode() for encoded data or "
                        "ToPIL() for decoded data.")
    return img


class FiveCrop(ImageTensorOperation):
    """The four corner crops and the centre crop of ``size`` of a PIL image, as a tuple."""

    def __init__(self, size):
        self.size = _size_pair("FiveCrop", size)

    def __call__(self, img):
        img = _pil_image("FiveCrop", img)
        th, tw = self.size
        w, h = img.size
        if th > h or tw > w:
            raise ValueError(f"For 'FiveCrop', the crop size {self.size} is larger than the image {(h, w)}")
        center = _to_pil(_center_crop(np.asarray(img), th, tw))
        return (img.crop((0, 0, tw, th)), img.crop((w - tw, 0, w, th)), img.crop((0, h - th, tw, h)),
                img.crop((w - tw, h - th, w, h)), center)


class TenCrop(ImageTensorOperation):
    """``FiveCrop`` of the image and of its flipped copy (vertical with ``use_vertical_flip``)."""

    def __init__(self, size, use_vertical_flip=False):
        self.size = _size_pair("TenCrop", size)
        self.use_vertical_flip = bool(use_vertical_flip)

    def __call__(self, img):
        img = _pil_image("TenCrop", img)
        flipped = img.transpose(1 if self.use_vertical_flip else 0)
        five = FiveCrop(self.size)
        return five(img) + five(flipped)


def _pad(img, pads, mode, fill_value):
    top, bottom, left, right = pads
    width = ((top, bottom), (left, right)) + (((0, 0),) if img.ndim == 3 else ())
    mode = Border(mode)
    if mode == Border.CONSTANT:
        if isinstance(fill_value, tuple) and img.ndim == 3:
            out = np.empty((img.shape[0] + top + bottom, img.shape[1] + left + right, img.shape[2]), img.dtype)
            out[...] = np.asarray(fill_value, dtype=img.dtype)[:img.shape[2]]
            out[top:top + img.shape[0], left:left + img.shape[1]] = img
            return out
        return np.pad(img, width, mode="constant", constant_values=fill_value)
    # OpenCV's BORDER_REFLECT_101 is NumPy's "reflect"; its BORDER_REFLECT is NumPy's "symmetric".
    return np.pad(img, width, mode=mode.value)


def _padding4(op, padding):
    if padding is None:
        return (0, 0, 0, 0)
    if isinstance(padding, numbers.Integral) and not isinstance(padding, bool):
        return (int(padding),) * 4
    if isinstance(padding, (list, tuple)) and len(padding) == 2:
        return (padding[1], padding[1], padding[0], padding[0])
    if isinstance(padding, (list, tuple)) and len(padding) == 4:
        left, top, right, bottom = padding
        return (top, bottom, left, right)
    raise ValueError(f"For '{op}', 'padding' must be an int or a sequence of 2 or 4 ints, but got {padding!r}")


class Pad(ImageTensorOperation):
    """Pad the borders (``padding``: int, (left/right, top/bottom) or (left, top, right, bottom))."""
    _keeps_pil = True

    def __init__(self, padding, fill_value=0, padding_mode=Border.CONSTANT):
        self.padding = _padding4("Pad", padding)
        self.fill_value = _fill("Pad", fill_value)
        self.padding_mode = Border(padding_mode)

    def _apply(self, img):
        return _pad(_image("Pad", img), self.padding, self.padding_mode, self.fill_value)


class PadToSize(ImageTensorOperation):
    """Pad to ``size`` (height, width); ``offset`` (top, left) places the image (default: centred)."""

    def __init__(self, size, offset=None, fill_value=0, padding_mode=Border.CONSTANT):
        self.size = _size_pair("PadToSize", size)
        if offset is not None:
            offset = (offset, offset) if isinstance(offset, numbers.Integral) else tuple(offset)
            if len(offset) != 2 or any(o < 0 for o in offset):
                raise ValueError(f"For 'PadToSize', 'offset' must be an int or a (top, left) pair >= 0, "
                                 f"but got {offset!r}")
        self.offset = offset
        self.fill_value = _fill("PadToSize", fill_value)
        self.padding_mode = Border(padding_mode)

    def _apply(self, img):
        img = _image("PadToSize", img)
        (th, tw), (h, w) = self.size, img.shape[:2]
        if th < h or tw < w:
            raise RuntimeError(f"For 'PadToSize', the target size {self.size} is smaller than the image {(h, w)}")
        top, left = self.offset if self.offset is not None else ((th - h) // 2, (tw - w) // 2)
        if top + h > th or left + w > tw:
            raise RuntimeError(f"For 'PadToSize', the offset {self.offset} puts the image {(h, w)} outside "
                               f"{self.size}")
        return _pad(img, (top, th - h - top, left, tw - w - left), self.padding_mode, self.fill_value)


class RandomCrop(_RandomOp):
    """Crop a random ``size`` region, after optional padding.

    Args:
        size (int or tuple[int, int]): the output size.
        padding (int or sequence, optional): padding added first.
        pad_if_needed (bool): pad images smaller than ``size``. Default: False.
        fill_value (int), padding_mode (Border): how to pad.
    """
    _keeps_pil = True

    def __init__(self, size, padding=None, pad_if_needed=False, fill_value=0, padding_mode=Border.CONSTANT):
        self.size = _size_pair(type(self).__name__, size)
        self.padding = _padding4(type(self).__name__, padding)
        self.pad_if_needed = pad_if_needed
        self.fill_value = _fill(type(self).__name__, fill_value)
        self.padding_mode = Border(padding_mode)

    def _region(self, img):
        if any(self.padding):
            img = _pad(img, self.padding, self.padding_mode, self.fill_value)
        th, tw = self.size
        h, w = img.shape[:2]
        if self.pad_if_needed and (h < th or w < tw):
            dh, dw = max(th - h, 0), max(tw - w, 0)
            img = _pad(img, (dh, dh, dw, dw), self.padding_mode, self.fill_value)
            h, w = img.shape[:2]
        if h < th or w < tw:
            raise RuntimeError(f"For '{type(self).__name__}', the crop size {self.size} is larger than the "
                               f"(padded) image {(h, w)}; set pad_if_needed=True or padding")
        return img, int(self._rng.integers(h - th + 1)), int(self._rng.integers(w - tw + 1))

    def _apply(self, img):
        img, top, left = self._region(_image("RandomCrop", img))
        return _crop(img, top, left, *self.size)


class RandomResizedCrop(_RandomOp):
    """Crop a random region (area fraction in ``scale``, aspect ratio in ``ratio``) and resize it to ``size``.

    Args:
        size (int or tuple[int, int]): the output size.
        scale (tuple[float, float]): range of the crop's area fraction. Default: (0.08, 1.0).
        ratio (tuple[float, float]): range of the crop's width / height. Default: (3/4, 4/3).
        interpolation (Inter): how to resize. Default: ``Inter.BILINEAR``.
        max_attempts (int): tries before falling back to a centre crop. Default: 10.

    Differences from MindSpore: with OpenCV installed (the ``opencv`` extra) uint8 images with
    ``BILINEAR`` are resized by ``cv2.resize``, as in MindSpore; without it by torch's uint8
    kernel, within one grey level of MindSpore's OpenCV arithmetic (which ``Resize`` reproduces
    exactly): the crop is random, so the exact integers are not observable, and this is the
    hottest op of a training pipeline.
    """
    _keeps_pil = True

    def __init__(self, size, scale=(0.08, 1.0), ratio=(3. / 4., 4. / 3.), interpolation=Inter.BILINEAR,
                 max_attempts=10):
        op = type(self).__name__
        self.size = _size_pair(op, size)
        if not (len(scale) == 2 and 0 <= scale[0] <= scale[1]) or not (len(ratio) == 2 and 0 < ratio[0] <= ratio[1]):
            raise ValueError(f"For '{op}', 'scale' and 'ratio' must be increasing pairs, but got "
                             f"{scale!r} and {ratio!r}")
        self.scale, self.ratio = tuple(scale), tuple(ratio)
        self.interpolation = Inter(interpolation)
        self.max_attempts = _int(op, "max_attempts", max_attempts, 1)

    def _region(self, h, w):
        area = h * w
        log_ratio = np.log(self.ratio)
        for _ in range(self.max_attempts):
            target = area * self._rng.uniform(*self.scale)
            aspect = np.exp(self._rng.uniform(*log_ratio))
            cw, ch = int(round(np.sqrt(target * aspect))), int(round(np.sqrt(target / aspect)))
            if 0 < cw <= w and 0 < ch <= h:
                return int(self._rng.integers(h - ch + 1)), int(self._rng.integers(w - cw + 1)), ch, cw
        in_ratio = w / h
        if in_ratio < self.ratio[0]:
            cw, ch = w, int(round(w / self.ratio[0]))
        elif in_ratio > self.ratio[1]:
            ch, cw = h, int(round(h * self.ratio[1]))
        else:
            ch, cw = h, w
        return (h - ch) // 2, (w - cw) // 2, ch, cw

    def _apply(self, img):
        img = _image(type(self).__name__, img)
        top, left, ch, cw = self._region(*img.shape[:2])
        crop = img[top:top + ch, left:left + cw]
        if self.interpolation == Inter.BILINEAR and img.dtype == np.uint8:
            out = _cv.resize_linear_u8(crop, *self.size)  # exactly MindSpore's values
            return out if out is not None else _cv.resize_bilinear_fast(crop, *self.size)
        return _resize(np.ascontiguousarray(crop), *self.size, self.interpolation)


class RandomCropDecodeResize(RandomResizedCrop):
    """``Decode`` followed by ``RandomResizedCrop`` (one op, on encoded bytes)."""

    def __call__(self, data):
        return self._apply(Decode()(data))


class HorizontalFlip(ImageTensorOperation):
    """Flip left-right."""
    _keeps_pil = True

    def _apply(self, img):
        return np.ascontiguousarray(_image("HorizontalFlip", img)[:, ::-1])


class VerticalFlip(ImageTensorOperation):
    """Flip top-bottom."""
    _keeps_pil = True

    def _apply(self, img):
        return np.ascontiguousarray(_image("VerticalFlip", img)[::-1])


class RandomHorizontalFlip(_RandomOp):
    """Flip left-right with probability ``prob`` (default 0.5)."""
    _keeps_pil = True

    def __init__(self, prob=0.5):
        self.prob = _prob(type(self).__name__, prob)

    def _apply(self, img):
        img = _image(type(self).__name__, img)
        if self._rng.random() < self.prob:
            out = _cv.flip_u8(img, self._axis)
            return out if out is not None else np.ascontiguousarray(self._flip(img))
        return img

    _axis = 1

    @staticmethod
    def _flip(img):
        return img[:, ::-1]


class RandomVerticalFlip(RandomHorizontalFlip):
    """Flip top-bottom with probability ``prob`` (default 0.5)."""
    _axis = 0

    @staticmethod
    def _flip(img):
        return img[::-1]


def _rotation_matrix(center, degrees, scale=1.0):
    """OpenCV's ``getRotationMatrix2D`` (counter-clockwise ``degrees`` about ``center``)."""
    a = math.radians(degrees)
    alpha, beta = math.cos(a) * scale, math.sin(a) * scale
    cx, cy = center
    return np.array([[alpha, beta, (1 - alpha) * cx - beta * cy], [-beta, alpha, beta * cx + (1 - alpha) * cy]])


def _invert_affine(m):
    full = np.vstack([m, [0, 0, 1]])
    return np.linalg.inv(full)[:2]


def _warp_mode(op, resample):
    resample = Inter(resample)
    if resample not in (Inter.NEAREST, Inter.BILINEAR, Inter.BICUBIC, Inter.AREA):
        raise ValueError(f"For '{op}', 'resample' must be NEAREST, BILINEAR, BICUBIC or AREA, but got {resample!r}")
    return "nearest" if resample == Inter.NEAREST else "linear"


def _rotate(img, degrees, mode, expand, center, fill):
    h, w = img.shape[:2]
    if isinstance(fill, tuple):
        fill = fill[::-1]  # MindSpore 2.10's Rotate hands OpenCV the fill colour in (B, G, R) order
    if center is None:
        center = ((w - 1) / 2.0, (h - 1) / 2.0)
    m = _rotation_matrix(center, degrees)
    out_h, out_w = h, w
    if expand:
        # OpenCV's bounding box of the rotated rectangle, re-centred as MindSpore's kernel does.
        a = math.radians(degrees)
        bw = abs(w * math.cos(a)) + abs(h * math.sin(a))
        bh = abs(w * math.sin(a)) + abs(h * math.cos(a))
        m[0, 2] += bw / 2.0 - w / 2.0
        m[1, 2] += bh / 2.0 - h / 2.0
        out_h, out_w = int(round(bh)), int(round(bw))
    return _cv.warp_affine(img, _invert_affine(m), out_h, out_w, mode, fill)


class Rotate(ImageTensorOperation):
    """Rotate counter-clockwise by ``degrees`` about ``center`` (default: the image centre).

    Args:
        degrees (float): the angle. resample (Inter): NEAREST (default) or BILINEAR.
        expand (bool): grow the output to hold the whole rotated image. Default: False.
        center (tuple[float, float], optional): (x, y) of the centre. fill_value (int or 3-tuple): outside colour.
    """
    _keeps_pil = True

    def __init__(self, degrees, resample=Inter.NEAREST, expand=False, center=None, fill_value=0):
        self.degrees = _number("Rotate", "degrees", degrees)
        self.mode = _warp_mode("Rotate", resample)
        self.expand = bool(expand)
        self.center = None if center is None else tuple(float(c) for c in center)
        self.fill_value = _fill("Rotate", fill_value)

    def _apply(self, img):
        return _rotate(_image("Rotate", img), self.degrees, self.mode, self.expand, self.center, self.fill_value)


class RandomRotation(_RandomOp):
    """``Rotate`` by an angle drawn from ``degrees`` (a number d gives (-d, d))."""
    _keeps_pil = True

    def __init__(self, degrees, resample=Inter.NEAREST, expand=False, center=None, fill_value=0):
        self.degrees = _range("RandomRotation", "degrees", degrees)
        self.mode = _warp_mode("RandomRotation", resample)
        self.expand = bool(expand)
        self.center = None if center is None else tuple(float(c) for c in center)
        self.fill_value = _fill("RandomRotation", fill_value)

    def _apply(self, img):
        angle = self._rng.uniform(*self.degrees)
        return _rotate(_image("RandomRotation", img), angle, self.mode, self.expand, self.center, self.fill_value)


def _affine_inverse(center, angle, translate, scale, shear):
    """The output→input affine map of a rotation/scale/shear about ``center`` plus a translation
    (torchvision's and MindSpore's convention: ``angle`` clockwise, shears in degrees)."""
    rot = math.radians(angle)
    sx, sy = math.radians(shear[0]), math.radians(shear[1])
    cx, cy = center
    tx, ty = translate
    a = math.cos(rot - sy) / math.cos(sy)
    b = -math.cos(rot - sy) * math.tan(sx) / math.cos(sy) - math.sin(rot)
    c = math.sin(rot - sy) / math.cos(sy)
    d = -math.sin(rot - sy) * math.tan(sx) / math.cos(sy) + math.cos(rot)
    m = np.array([[d, -b, 0.0], [-c, a, 0.0]]) / scale
    m[0, 2] = m[0, 0] * (-cx - tx) + m[0, 1] * (-cy - ty) + cx
    m[1, 2] = m[1, 0] * (-cx - tx) + m[1, 1] * (-cy - ty) + cy
    return m


def _shear_pair(op, shear):
    if isinstance(shear, numbers.Real):
        return float(shear), 0.0
    if isinstance(shear, (list, tuple)) and len(shear) == 2:
        return float(shear[0]), float(shear[1])
    raise TypeError(f"For '{op}', 'shear' must be a number or a pair, but got {shear!r}")


def _affine(img, angle, translate, scale, shear, mode, fill):
    h, w = img.shape[:2]
    m = _affine_inverse(((w - 1) * 0.5, (h - 1) * 0.5), angle, translate, scale, shear)
    return _cv.warp_affine(img, m, h, w, mode, fill)


class Affine(ImageTensorOperation):
    """Rotate (clockwise ``degrees``), translate (fractions of the size), scale and shear about the centre."""
    _keeps_pil = True

    def __init__(self, degrees, translate, scale, shear, resample=Inter.NEAREST, fill_value=0):
        self.degrees = _number("Affine", "degrees", degrees, -180, 180)
        if not isinstance(translate, (list, tuple)) or len(translate) != 2:
            raise TypeError(f"For 'Affine', 'translate' must be a sequence of 2 numbers, but got {translate!r}")
        self.translate = tuple(_number("Affine", "translate", t, -1.0, 1.0) for t in translate)
        self.scale = _number("Affine", "scale", scale)
        if self.scale <= 0:
            raise ValueError(f"For 'Affine', 'scale' must be positive, but got {scale}")
        self.shear = _shear_pair("Affine", shear)
        self.mode = _warp_mode("Affine", resample)
        self.fill_value = _fill("Affine", fill_value)

    def _apply(self, img):
        img = _image("Affine", img)
        h, w = img.shape[:2]
        t = (self.translate[0] * w, self.translate[1] * h)
        return _affine(img, self.degrees, t, self.scale, self.shear, self.mode, self.fill_value)


class RandomAffine(_RandomOp):
    """``Affine`` with parameters drawn from ranges (see MindSpore's RandomAffine)."""
    _keeps_pil = True

    def __init__(self, degrees, translate=None, scale=None, shear=None, resample=Inter.NEAREST, fill_value=0):
        op = "RandomAffine"
        self.degrees = _range(op, "degrees", degrees)
        if translate is not None:
            if len(translate) not in (2, 4) or any(not -1 <= t <= 1 for t in translate):
                raise ValueError(f"For '{op}', 'translate' must be 2 or 4 numbers in [-1, 1], but got {translate!r}")
            translate = tuple(translate) if len(translate) == 4 else tuple(translate) + (0.0, 0.0)
        self.translate = translate
        if scale is not None and (len(scale) != 2 or scale[0] < 0 or scale[0] > scale[1]):
            raise ValueError(f"For '{op}', 'scale' must be a (min, max) pair >= 0, but got {scale!r}")
        self.scale = scale
        if shear is not None:
            if isinstance(shear, numbers.Real):
                shear = (-abs(shear), abs(shear), 0.0, 0.0)
            elif len(shear) == 2:
                shear = tuple(shear) + (0.0, 0.0)
            elif len(shear) != 4:
                raise ValueError(f"For '{op}', 'shear' must be a number or 2 or 4 numbers, but got {shear!r}")
        self.shear = shear
        self.mode = _warp_mode(op, resample)
        self.fill_value = _fill(op, fill_value)

    def _apply(self, img):
        img = _image("RandomAffine", img)
        h, w = img.shape[:2]
        rng = self._rng
        angle = rng.uniform(*self.degrees)
        t = (0.0, 0.0)
        if self.translate is not None:
            t = (np.round(rng.uniform(self.translate[0], self.translate[1]) * w),
                 np.round(rng.uniform(self.translate[2], self.translate[3]) * h))
        scale = rng.uniform(*self.scale) if self.scale is not None else 1.0
        shear = (0.0, 0.0)
        if self.shear is not None:
            shear = (rng.uniform(self.shear[0], self.shear[1]), rng.uniform(self.shear[2], self.shear[3]))
        return _affine(img, angle, t, scale, shear, self.mode, self.fill_value)


def _perspective_matrix(src, dst):
    """The 3x3 homography taking the four ``src`` points to ``dst`` (OpenCV's getPerspectiveTransform)."""
    a, b = [], []
    for (x, y), (u, v) in zip(src, dst):
        a.append([x, y, 1, 0, 0, 0, -x * u, -y * u])
        a.append([0, 0, 0, x, y, 1, -x * v, -y * v])
        b += [u, v]
    coeffs = np.linalg.solve(np.asarray(a, np.float64), np.asarray(b, np.float64))
    return np.append(coeffs, 1.0).reshape(3, 3)


def _points(op, name, pts):
    arr = np.asarray(pts, dtype=np.float64)
    if arr.shape != (4, 2):
        raise TypeError(f"For '{op}', '{name}' must hold 4 (x, y) points, but got {pts!r}")
    return arr


class Perspective(ImageTensorOperation):
    """Warp so that the quadrilateral ``start_points`` lands on ``end_points``."""
    _keeps_pil = True

    def __init__(self, start_points, end_points, interpolation=Inter.BILINEAR):
        self.start_points = _points("Perspective", "start_points", start_points)
        self.end_points = _points("Perspective", "end_points", end_points)
        self.mode = _warp_mode("Perspective", interpolation)

    def _apply(self, img):
        img = _image("Perspective", img)
        m = _perspective_matrix(self.end_points, self.start_points)
        return _cv.warp_perspective(img, m, *img.shape[:2], self.mode, 0)


class RandomPerspective(_RandomOp):
    """With probability ``prob``, move the corners inward by up to ``distortion_scale`` and warp."""
    _keeps_pil = True

    def __init__(self, distortion_scale=0.5, prob=0.5, interpolation=Inter.BICUBIC):
        self.distortion_scale = _number("RandomPerspective", "distortion_scale", distortion_scale, 0.0, 1.0)
        self.prob = _prob("RandomPerspective", prob)
        self.mode = _warp_mode("RandomPerspective", interpolation)

    def _apply(self, img):
        img = _image("RandomPerspective", img)
        if self._rng.random() >= self.prob:
            return img
        h, w = img.shape[:2]
        dw, dh = int(self.distortion_scale * w / 2), int(self.distortion_scale * h / 2)
        r = self._rng.integers
        start = [[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]]
        end = [[r(0, dw + 1), r(0, dh + 1)], [w - 1 - r(0, dw + 1), r(0, dh + 1)],
               [w - 1 - r(0, dw + 1), h - 1 - r(0, dh + 1)], [r(0, dw + 1), h - 1 - r(0, dh + 1)]]
        m = _perspective_matrix(np.asarray(end, np.float64), np.asarray(start, np.float64))
        return _cv.warp_perspective(img, m, h, w, self.mode, 0)


class SlicePatches(ImageTensorOperation):
    """Cut the image into ``num_height`` x ``num_width`` patches (a tuple, row by row)."""

    def __init__(self, num_height=1, num_width=1, slice_mode=SliceMode.PAD, fill_value=0):
        self.num_height = _int("SlicePatches", "num_height", num_height, 1)
        self.num_width = _int("SlicePatches", "num_width", num_width, 1)
        self.slice_mode = SliceMode(slice_mode)
        self.fill_value = _fill("SlicePatches", fill_value)

    def _apply(self, img):
        img = _image("SlicePatches", img)
        h, w = img.shape[:2]
        if self.slice_mode == SliceMode.PAD:
            ph, pw = -(-h // self.num_height), -(-w // self.num_width)
            img = _pad(img, (0, ph * self.num_height - h, 0, pw * self.num_width - w), Border.CONSTANT,
                       self.fill_value)
        else:
            ph, pw = h // self.num_height, w // self.num_width
        return tuple(np.ascontiguousarray(img[i * ph:(i + 1) * ph, j * pw:(j + 1) * pw])
                     for i in range(self.num_height) for j in range(self.num_width))


# ---------------------------------------------------------------- colour


def _blend(img, other, alpha):
    return _saturate(img.astype(np.float32) * np.float32(alpha) + other.astype(np.float32) * np.float32(1 - alpha),
                     img.dtype)


def _gray3(img):
    return np.repeat(_cv.rgb_to_gray(img)[..., None], 3, axis=2)


def adjust_brightness(img, factor):
    return _saturate(img.astype(np.float32) * np.float32(factor), img.dtype)


def adjust_contrast(img, factor):
    mean = float(_cv.rgb_to_gray(img).mean())
    if img.dtype == np.uint8:
        mean = float(np.rint(mean))
    return _blend(img, np.full_like(img, mean, dtype=np.float32), factor)


def adjust_saturation(img, factor):
    return _blend(img, _gray3(img), factor)


def adjust_hue(img, factor):
    """Add ``uint8(factor * 255)`` to the hue of OpenCV's full-range 8-bit HSV, wrapping, as MindSpore does."""
    if img.dtype != np.uint8:
        hsv = _cv.rgb_to_hsv(img.astype(np.float64))
        hsv[..., 0] = (hsv[..., 0] + factor) % 1.0
        return _cv.hsv_to_rgb(hsv).astype(img.dtype)
    hsv = _cv.rgb_to_hsv_full_u8(img)
    shift = int(np.trunc(factor * 255)) % 256  # C's conversion of the truncated value to uint8
    hsv[..., 0] = ((hsv[..., 0].astype(np.int64) + shift) % 256).astype(np.uint8)
    return _cv.hsv_full_to_rgb_u8(hsv)


def adjust_sharpness(img, factor):
    kernel = np.array([1, 1, 1], np.float64)
    box = _cv.filter2d_separable(img.astype(np.float64), kernel, kernel)
    smooth = (box + 4 * img.astype(np.float64)) / 13.0
    smooth[0], smooth[-1], smooth[:, 0], smooth[:, -1] = img[0], img[-1], img[:, 0], img[:, -1]
    if img.dtype == np.uint8:
        smooth = np.clip(np.rint(smooth), 0, 255)
    return _blend(img, smooth, factor)


def _check_rgb_or_gray(op, img):
    img = _image(op, img)
    if img.ndim == 3 and img.shape[2] not in (1, 3):
        raise RuntimeError(f"For '{op}', the image must have 1 or 3 channels, but got shape {img.shape}")
    return img


class _Adjust(ImageTensorOperation):
    _keeps_pil = True
    _arg = "factor"
    _fn = None

    def _set(self, factor):
        setattr(self, self._arg, _number(type(self).__name__, self._arg, factor, 0))

    def _apply(self, img):
        return type(self)._fn(_rgb(type(self).__name__, img), getattr(self, self._arg))


class AdjustBrightness(_Adjust):
    """Multiply the pixels by ``brightness_factor`` (0 gives black, 1 the original)."""
    _arg = "brightness_factor"
    _fn = staticmethod(adjust_brightness)

    def __init__(self, brightness_factor):
        self._set(brightness_factor)


class AdjustContrast(_Adjust):
    """Blend with the mean grey level: ``factor * img + (1 - factor) * mean``."""
    _arg = "contrast_factor"
    _fn = staticmethod(adjust_contrast)

    def __init__(self, contrast_factor):
        self._set(contrast_factor)


class AdjustSaturation(_Adjust):
    """Blend with the grey image: 0 gives grey, 1 the original."""
    _arg = "saturation_factor"
    _fn = staticmethod(adjust_saturation)

    def __init__(self, saturation_factor):
        self._set(saturation_factor)


class AdjustSharpness(_Adjust):
    """Blend with a smoothed copy: 0 blurs, 1 keeps, 2 sharpens."""
    _arg = "sharpness_factor"
    _fn = staticmethod(adjust_sharpness)

    def __init__(self, sharpness_factor):
        self._set(sharpness_factor)


class AdjustHue(ImageTensorOperation):
    """Shift the hue by ``hue_factor`` turns (in [-0.5, 0.5])."""
    _keeps_pil = True

    def __init__(self, hue_factor):
        self.hue_factor = _number("AdjustHue", "hue_factor", hue_factor, -0.5, 0.5)

    def _apply(self, img):
        return adjust_hue(_rgb("AdjustHue", img), self.hue_factor)


class AdjustGamma(ImageTensorOperation):
    """``gain * 255 * (img / 255) ** gamma`` (uint8, truncated) or ``(gain * img) ** gamma`` in [0, 1] (float)."""
    _keeps_pil = True

    def __init__(self, gamma, gain=1):
        self.gamma = _number("AdjustGamma", "gamma", gamma, 0)
        self.gain = _number("AdjustGamma", "gain", gain)

    def _apply(self, img):
        img = _check_rgb_or_gray("AdjustGamma", img)
        if img.dtype == np.uint8:
            # torchvision's PIL formula, which MindSpore uses: truncate (255.999 * gain * x ** gamma).
            lut = np.clip((255 + 1 - 1e-3) * self.gain * (np.arange(256) / 255.0) ** self.gamma, 0, 255)
            return lut.astype(np.uint8)[img]
        # Float images: (gain * x) ** gamma clipped to [0, 1] (recorded from MindSpore 2.10).
        return np.clip((self.gain * img.astype(np.float32)) ** self.gamma, 0, 1).astype(img.dtype)


class RandomColorAdjust(_RandomOp):
    """Adjust brightness, contrast, saturation and hue by random factors, in a random order.

    A number ``v`` gives the range [max(0, 1 - v), 1 + v] ([-v, v] for ``hue``); a pair is the range.
    """
    _keeps_pil = True

    def __init__(self, brightness=(1, 1), contrast=(1, 1), saturation=(1, 1), hue=(0, 0)):
        op = "RandomColorAdjust"
        self.brightness = _range(op, "brightness", brightness, low=0, center=1)
        self.contrast = _range(op, "contrast", contrast, low=0, center=1)
        self.saturation = _range(op, "saturation", saturation, low=0, center=1)
        self.hue = _range(op, "hue", hue, low=-0.5, high=0.5)

    def _apply(self, img):
        img = _rgb("RandomColorAdjust", img)
        rng = self._rng
        steps = ((self.brightness, 1, adjust_brightness), (self.contrast, 1, adjust_contrast),
                 (self.saturation, 1, adjust_saturation), (self.hue, 0, adjust_hue))
        for k in rng.permutation(4):
            (lo, hi), neutral, fn = steps[k]
            if (lo, hi) != (neutral, neutral):
                img = fn(img, rng.uniform(lo, hi))
        return img


class RandomColor(_RandomOp):
    """``AdjustSaturation`` by a factor drawn from ``degrees``."""
    _keeps_pil = True

    def __init__(self, degrees=(0.1, 1.9)):
        self.degrees = _range("RandomColor", "degrees", degrees, low=0)

    def _apply(self, img):
        return adjust_saturation(_rgb("RandomColor", img), self._rng.uniform(*self.degrees))


class RandomSharpness(_RandomOp):
    """``AdjustSharpness`` by a factor drawn from ``degrees``."""
    _keeps_pil = True

    def __init__(self, degrees=(0.1, 1.9)):
        self.degrees = _range("RandomSharpness", "degrees", degrees, low=0)

    def _apply(self, img):
        return adjust_sharpness(_rgb("RandomSharpness", img), self._rng.uniform(*self.degrees))


class RandomAdjustSharpness(_RandomOp):
    """``AdjustSharpness(degree)`` with probability ``prob``."""
    _keeps_pil = True

    def __init__(self, degree, prob=0.5):
        self.degree = _number("RandomAdjustSharpness", "degree", degree, 0)
        self.prob = _prob("RandomAdjustSharpness", prob)

    def _apply(self, img):
        img = _rgb("RandomAdjustSharpness", img)
        return adjust_sharpness(img, self.degree) if self._rng.random() < self.prob else img


def _lut_channels(img, lut_fn):
    if img.ndim == 2:
        return lut_fn(img)
    return np.stack([lut_fn(img[..., c]) for c in range(img.shape[2])], axis=-1)


def _autocontrast_channel(ch, cutoff, ignore):
    hist = np.bincount(ch.ravel(), minlength=256).astype(np.int64)
    if ignore is not None:
        hist[list(ignore)] = 0
    if cutoff:
        total = hist.sum()
        cut = int(total * cutoff / 100)
        low_cum = np.cumsum(hist)
        hist = np.maximum(hist - np.clip(cut - (low_cum - hist), 0, None), 0)
        high_cum = np.cumsum(hist[::-1])[::-1]
        hist = np.maximum(hist - np.clip(cut - (high_cum - hist), 0, None), 0)
    nz = np.flatnonzero(hist)
    if len(nz) == 0 or nz[-1] <= nz[0]:
        return ch.copy()
    lo, hi = nz[0], nz[-1]
    scale = np.float32(255.0 / (hi - lo))
    lut = np.trunc(np.arange(256, dtype=np.float32) * scale + np.float32(-lo * scale))
    lut = np.clip(lut, 0, 255).astype(np.uint8)
    return lut[ch]


class AutoContrast(ImageTensorOperation):
    """Stretch each channel so its darkest pixel is 0 and its lightest 255, after cutting off
    ``cutoff`` percent at both ends and ignoring the ``ignore`` values."""
    _keeps_pil = True

    def __init__(self, cutoff=0.0, ignore=None):
        self.cutoff = _number("AutoContrast", "cutoff", cutoff, 0.0, 50.0)
        if isinstance(ignore, numbers.Integral):
            ignore = [ignore]
        if ignore is not None and any(not 0 <= i <= 255 for i in ignore):
            raise ValueError(f"For 'AutoContrast', 'ignore' must be in [0, 255], but got {ignore!r}")
        self.ignore = ignore

    def _apply(self, img):
        img = _check_rgb_or_gray("AutoContrast", img)
        return _lut_channels(img, lambda ch: _autocontrast_channel(ch, self.cutoff, self.ignore))


class RandomAutoContrast(_RandomOp):
    """``AutoContrast`` with probability ``prob``."""
    _keeps_pil = True

    def __init__(self, cutoff=0.0, ignore=None, prob=0.5):
        self._op = AutoContrast(cutoff, ignore)
        self.prob = _prob("RandomAutoContrast", prob)

    def _apply(self, img):
        return self._op._apply(img) if self._rng.random() < self.prob else img


class Equalize(ImageTensorOperation):
    """Equalize each channel's histogram (OpenCV's ``equalizeHist``)."""
    _keeps_pil = True

    def _apply(self, img):
        img = _check_rgb_or_gray("Equalize", img)
        if img.dtype != np.uint8:
            raise RuntimeError(f"For 'Equalize', the image must be uint8, but got {img.dtype}")
        return _lut_channels(img, _cv.equalize_channel)


class RandomEqualize(_RandomOp):
    """``Equalize`` with probability ``prob``."""
    _keeps_pil = True

    def __init__(self, prob=0.5):
        self.prob = _prob("RandomEqualize", prob)

    def _apply(self, img):
        return Equalize()._apply(img) if self._rng.random() < self.prob else img


class Invert(ImageTensorOperation):
    """``255 - image``."""
    _keeps_pil = True

    def _apply(self, img):
        img = _check_rgb_or_gray("Invert", img)
        return (255 - img).astype(img.dtype)


class RandomInvert(_RandomOp):
    """``Invert`` with probability ``prob``."""
    _keeps_pil = True

    def __init__(self, prob=0.5):
        self.prob = _prob("RandomInvert", prob)

    def _apply(self, img):
        return Invert()._apply(img) if self._rng.random() < self.prob else img


def _posterize(img, bits):
    mask = np.uint8((0xFF << (8 - bits)) & 0xFF)
    return img & mask


class Posterize(ImageTensorOperation):
    """Keep the ``bits`` most significant bits of each uint8 pixel."""
    _keeps_pil = True

    def __init__(self, bits):
        self.bits = _int("Posterize", "bits", bits, 0)
        if self.bits > 8:
            raise ValueError(f"For 'Posterize', 'bits' must be in [0, 8], but got {bits}")

    def _apply(self, img):
        img = _image("Posterize", img)
        if img.dtype != np.uint8:
            raise RuntimeError(f"For 'Posterize', the image must be uint8, but got {img.dtype}")
        return _posterize(img, self.bits)


class RandomPosterize(_RandomOp):
    """``Posterize`` with a number of bits drawn from ``bits`` (an int b gives (b, 8))."""
    _keeps_pil = True

    def __init__(self, bits=(8, 8)):
        if isinstance(bits, numbers.Integral):
            bits = (int(bits), 8)
        if len(bits) != 2 or not 1 <= bits[0] <= bits[1] <= 8:
            raise ValueError(f"For 'RandomPosterize', 'bits' must be in [1, 8] with min <= max, but got {bits!r}")
        self.bits = tuple(int(b) for b in bits)

    def _apply(self, img):
        return _posterize(_image("RandomPosterize", img), int(self._rng.integers(self.bits[0], self.bits[1] + 1)))


def _solarize(img, lo, hi):
    if lo == hi:
        hi = 255  # MindSpore reads equal bounds as a single threshold: invert everything >= it
    return np.where((img >= lo) & (img <= hi), (255 - img).astype(img.dtype), img)


def _threshold(op, threshold):
    if isinstance(threshold, numbers.Real):
        threshold = (threshold, 255)
    if len(threshold) != 2 or not 0 <= threshold[0] <= threshold[1] <= 255:
        raise ValueError(f"For '{op}', 'threshold' must be in [0, 255] with min <= max, but got {threshold!r}")
    return float(threshold[0]), float(threshold[1])


class Solarize(ImageTensorOperation):
    """Invert the pixels whose value lies in ``threshold`` = (min, max) (a number t means (t, 255))."""
    _keeps_pil = True

    def __init__(self, threshold):
        self.threshold = _threshold("Solarize", threshold)

    def _apply(self, img):
        return _solarize(_image("Solarize", img), *self.threshold)


class RandomSolarize(_RandomOp):
    """``Solarize`` with (min, max) drawn uniformly from ``threshold`` and ordered."""
    _keeps_pil = True

    def __init__(self, threshold=(0, 255)):
        self.threshold = _threshold("RandomSolarize", threshold)

    def _apply(self, img):
        a, b = sorted(int(self._rng.integers(self.threshold[0], self.threshold[1] + 1)) for _ in range(2))
        return _solarize(_image("RandomSolarize", img), a, b)


class Grayscale(ImageTensorOperation):
    """Convert a PIL image to grey (``num_output_channels`` 1 or 3 identical channels)."""

    def __init__(self, num_output_channels=1):
        if num_output_channels not in (1, 3):
            raise ValueError(f"For 'Grayscale', 'num_output_channels' must be 1 or 3, but got "
                             f"{num_output_channels!r}")
        self.num_output_channels = num_output_channels

    def __call__(self, img):
        img = _pil_image("Grayscale", img).convert("L")
        return img.convert("RGB") if self.num_output_channels == 3 else img


class RandomGrayscale(_RandomOp):
    """``Grayscale`` (keeping the channel count) with probability ``prob``."""

    def __init__(self, prob=0.1):
        self.prob = _prob("RandomGrayscale", prob)

    def __call__(self, img):
        img = _pil_image("RandomGrayscale", img)
        if self._rng.random() >= self.prob:
            return img
        return Grayscale(3 if len(img.getbands()) == 3 else 1)(img)


_CONVERSIONS = {
    ConvertMode.COLOR_BGR2BGRA: lambda x: np.concatenate([x, np.full_like(x[..., :1], 255)], -1),
    ConvertMode.COLOR_BGRA2BGR: lambda x: x[..., :3],
    ConvertMode.COLOR_BGR2RGBA: lambda x: np.concatenate([x[..., ::-1], np.full_like(x[..., :1], 255)], -1),
    ConvertMode.COLOR_RGBA2BGR: lambda x: x[..., 2::-1],
    ConvertMode.COLOR_BGR2RGB: lambda x: x[..., ::-1],
    ConvertMode.COLOR_BGRA2RGBA: lambda x: x[..., [2, 1, 0, 3]],
    ConvertMode.COLOR_BGR2GRAY: lambda x: _cv.rgb_to_gray(x[..., ::-1]),
    ConvertMode.COLOR_RGB2GRAY: _cv.rgb_to_gray,
    ConvertMode.COLOR_GRAY2BGR: lambda x: np.repeat(x.reshape(x.shape[:2] + (1,)), 3, -1),
    ConvertMode.COLOR_GRAY2BGRA: lambda x: np.concatenate(
        [np.repeat(x.reshape(x.shape[:2] + (1,)), 3, -1), np.full(x.shape[:2] + (1,), 255, x.dtype)], -1),
    ConvertMode.COLOR_BGRA2GRAY: lambda x: _cv.rgb_to_gray(x[..., 2::-1]),
    ConvertMode.COLOR_RGBA2GRAY: lambda x: _cv.rgb_to_gray(x[..., :3]),
}
_IN_CHANNELS = {0: 3, 1: 4, 2: 3, 3: 4, 4: 3, 5: 4, 6: 3, 7: 3, 8: 1, 9: 1, 10: 4, 11: 4}


class ConvertColor(ImageTensorOperation):
    """Convert between colour spaces (``convert_mode``: a ``ConvertMode``)."""

    def __init__(self, convert_mode):
        if not isinstance(convert_mode, ConvertMode):
            raise TypeError(f"For 'ConvertColor', 'convert_mode' must be a ConvertMode, but got {convert_mode!r}")
        self.convert_mode = convert_mode

    def _apply(self, img):
        img = _image("ConvertColor", img)
        channels = 1 if img.ndim == 2 else img.shape[2]
        if channels != _IN_CHANNELS[int(self.convert_mode)]:
            raise RuntimeError(f"For 'ConvertColor', {self.convert_mode.name} needs "
                               f"{_IN_CHANNELS[int(self.convert_mode)]} channels, but got shape {img.shape}")
        return np.ascontiguousarray(_CONVERSIONS[self.convert_mode](img))


class RgbToHsv(ImageTensorOperation):
    """RGB → HSV (float64) of float images in [0, 1] (CHW unless ``is_hwc``); hue as a fraction of a turn."""

    def __init__(self, is_hwc=False):
        self.is_hwc = bool(is_hwc)

    def _apply(self, img):
        x = img if self.is_hwc else np.moveaxis(img, 0, -1)
        out = _cv.rgb_to_hsv(x.astype(np.float64))
        return out if self.is_hwc else np.ascontiguousarray(np.moveaxis(out, -1, 0))


class HsvToRgb(ImageTensorOperation):
    """HSV → RGB, the inverse of ``RgbToHsv``."""

    def __init__(self, is_hwc=False):
        self.is_hwc = bool(is_hwc)

    def _apply(self, img):
        x = img if self.is_hwc else np.moveaxis(img, 0, -1)
        out = _cv.hsv_to_rgb(x.astype(np.float64))
        return out if self.is_hwc else np.ascontiguousarray(np.moveaxis(out, -1, 0))


class GaussianBlur(ImageTensorOperation):
    """Gaussian blur with odd ``kernel_size`` (int or (x, y)) and ``sigma`` (default from the size)."""
    _keeps_pil = True

    def __init__(self, kernel_size, sigma=None):
        ks = (kernel_size, kernel_size) if isinstance(kernel_size, numbers.Integral) else tuple(kernel_size)
        if len(ks) != 2 or any(k <= 0 or k % 2 == 0 for k in ks):
            raise ValueError(f"For 'GaussianBlur', 'kernel_size' must be positive and odd, but got {kernel_size!r}")
        self.kernel_size = ks
        if sigma is None:
            sig = tuple(0.3 * ((k - 1) * 0.5 - 1) + 0.8 for k in ks)
        elif isinstance(sigma, numbers.Real):
            sig = (float(sigma), float(sigma))
        else:
            sig = tuple(float(s) for s in sigma)
        if len(sig) != 2 or any(s <= 0 for s in sig):
            raise ValueError(f"For 'GaussianBlur', 'sigma' must be positive, but got {sigma!r}")
        self.sigma = sig

    def _apply(self, img):
        img = _image("GaussianBlur", img)
        return _cv.gaussian_blur(img, self.kernel_size, self.sigma)


class LinearTransformation(ImageTensorOperation):
    """``(flatten(img) - mean_vector) @ transformation_matrix``, reshaped back (for CHW float images)."""

    def __init__(self, transformation_matrix, mean_vector):
        if not isinstance(transformation_matrix, np.ndarray) or not isinstance(mean_vector, np.ndarray):
            raise TypeError("For 'LinearTransformation', 'transformation_matrix' and 'mean_vector' must be "
                            "numpy.ndarray")
        d = transformation_matrix.shape[0]
        if transformation_matrix.shape != (d, d) or mean_vector.shape != (d,):
            raise ValueError(f"For 'LinearTransformation', the matrix must be (D, D) and the mean (D,), but got "
                             f"{transformation_matrix.shape} and {mean_vector.shape}")
        self.transformation_matrix = transformation_matrix
        self.mean_vector = mean_vector

    def _apply(self, img):
        if img.size != len(self.mean_vector):
            raise ValueError(f"For 'LinearTransformation', the image has {img.size} values but the matrix is "
                             f"{self.transformation_matrix.shape}")
        flat = img.reshape(1, -1) - self.mean_vector
        return np.dot(flat, self.transformation_matrix).reshape(img.shape)


class RandomLighting(_RandomOp):
    """AlexNet's PCA lighting noise with strength ``alpha`` (ImageNet's eigenvectors)."""
    _keeps_pil = True
    _EIGVAL = np.array([0.2175, 0.0188, 0.0045])
    _EIGVEC = np.array([[-0.5675, 0.7192, 0.4009], [-0.5808, -0.0045, -0.8140], [-0.5836, -0.6948, 0.4203]])

    def __init__(self, alpha=0.05):
        self.alpha = _number("RandomLighting", "alpha", alpha, 0)

    def _apply(self, img):
        img = _rgb("RandomLighting", img)
        if self.alpha == 0:
            return img
        noise = self._rng.normal(0, self.alpha, 3)
        rgb = self._EIGVEC @ (self._EIGVAL * noise) * 255.0
        return _saturate(img.astype(np.float64) + rgb, img.dtype)


def _erase(img, top, left, height, width, value, is_hwc=True):
    if is_hwc:
        img[top:top + height, left:left + width] = value
    else:
        img[:, top:top + height, left:left + width] = np.asarray(value).reshape(-1, 1, 1) \
            if np.ndim(value) else value
    return img


class Erase(ImageTensorOperation):
    """Set the region (``top``, ``left``, ``height``, ``width``) of an HWC image to ``value``."""

    def __init__(self, top, left, height, width, value=0.0, inplace=False):
        self.top = _int("Erase", "top", top, 0)
        self.left = _int("Erase", "left", left, 0)
        self.height = _int("Erase", "height", height, 1)
        self.width = _int("Erase", "width", width, 1)
        self.value = value if isinstance(value, numbers.Real) else tuple(value)
        self.inplace = bool(inplace)

    def _apply(self, img):
        img = _image("Erase", img)
        out = img if self.inplace and img.flags.writeable else img.copy()
        return _erase(out, self.top, self.left, self.height, self.width, self.value)


class RandomErasing(_RandomOp):
    """With probability ``prob``, erase a random rectangle of a CHW array (torchvision's RandomErasing).

    ``value``: a number, 3 numbers, or ``'random'`` (standard-normal noise).
    """

    def __init__(self, prob=0.5, scale=(0.02, 0.33), ratio=(0.3, 3.3), value=0, inplace=False, max_attempts=10):
        self.prob = _prob("RandomErasing", prob)
        self.scale, self.ratio = tuple(scale), tuple(ratio)
        if value != "random" and not isinstance(value, (numbers.Real, list, tuple)):
            raise TypeError(f"For 'RandomErasing', 'value' must be a number, a sequence or 'random', but got "
                            f"{value!r}")
        self.value = value
        self.inplace = bool(inplace)
        self.max_attempts = _int("RandomErasing", "max_attempts", max_attempts, 1)

    def _apply(self, img):
        rng = self._rng
        if rng.random() >= self.prob:
            return img
        c, h, w = img.shape
        area = h * w
        log_ratio = np.log(self.ratio)
        for _ in range(self.max_attempts):
            erase_area = area * rng.uniform(*self.scale)
            aspect = math.exp(rng.uniform(*log_ratio))
            eh, ew = int(round(math.sqrt(erase_area * aspect))), int(round(math.sqrt(erase_area / aspect)))
            if eh < h and ew < w:
                top, left = int(rng.integers(0, h - eh + 1)), int(rng.integers(0, w - ew + 1))
                out = img if self.inplace and img.flags.writeable else img.copy()
                if self.value == "random":
                    value = rng.standard_normal((c, eh, ew)).astype(img.dtype)
                    out[:, top:top + eh, left:left + ew] = value
                    return out
                return _erase(out, top, left, eh, ew, self.value, is_hwc=False)
        return img


class CutOut(_RandomOp):
    """Zero ``num_patches`` random ``length`` x ``length`` squares (clipped at the borders)."""

    def __init__(self, length, num_patches=1, is_hwc=True):
        self.length = _int("CutOut", "length", length, 1)
        self.num_patches = _int("CutOut", "num_patches", num_patches, 1)
        self.is_hwc = bool(is_hwc)

    def _apply(self, img):
        img = np.array(img)
        h, w = img.shape[:2] if self.is_hwc else img.shape[1:3]
        for _ in range(self.num_patches):
            top = int(self._rng.integers(-(self.length // 2), h - self.length // 2 + 1)) if h else 0
            left = int(self._rng.integers(-(self.length // 2), w - self.length // 2 + 1)) if w else 0
            y0, x0 = max(top, 0), max(left, 0)
            y1, x1 = min(top + self.length, h), min(left + self.length, w)
            if self.is_hwc:
                img[y0:y1, x0:x1] = 0
            else:
                img[:, y0:y1, x0:x1] = 0
        return img


def not_random(func):
    """Mark a Python function used in ``map`` as deterministic (MindSpore's cache hint)."""
    func.random = False
    return func
