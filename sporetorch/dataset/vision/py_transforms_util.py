"""Functions behind the PIL-based vision transforms (``mindspore.dataset.vision.py_transforms_util``).

Each takes a ``PIL.Image.Image`` (or a NumPy array where named) and returns the result; a wrong input type is
MindSpore 2.10's ``TypeError``.
"""
import io
import random

import numpy as np
from PIL import Image, ImageEnhance, ImageOps

from ..core.py_util_helpers import is_numpy

augment_error_message = "img should be PIL image. Got {}. Use Decode() for encoded data or ToPIL() for decoded data."


def is_pil(img):
    """Whether ``img`` is a PIL image."""
    return isinstance(img, Image.Image)


def _need_pil(img):
    if not is_pil(img):
        raise TypeError(augment_error_message.format(type(img)))


def to_pil(img):
    """A NumPy HWC/HW image as a PIL image (PIL images pass through)."""
    if is_pil(img):
        return img
    if not isinstance(img, np.ndarray):
        raise TypeError(f"The input image should be of type numpy.ndarray or PIL.Image.Image. Got {type(img)}.")
    if img.ndim not in (2, 3):
        raise ValueError(f"The dimension of input image should be 2 or 3. Got {img.ndim}.")
    if img.ndim == 2:
        img = img[:, :, None]
    if img.shape[-1] > 4:
        raise ValueError(f"The channel of input image should not exceed 4. Got {img.shape[-1]}.")
    if img.shape[-1] == 1:
        if img.dtype not in (np.bool_, np.int8, np.int16, np.int32, np.uint8, np.uint16, np.uint32, np.float32,
                             np.float64):
            raise TypeError(f"The input image type {img.dtype} is not supported when image shape is [H, W] or "
                            "[H, W, 1].")
        img = img[:, :, 0]
    elif img.dtype != np.uint8:
        raise TypeError(f"The input image type {img.dtype} is not supported when image shape is [H, W, 2], "
                        "[H, W, 3] or [H, W, 4].")
    return Image.fromarray(img)


def hwc_to_chw(img):
    """A NumPy HWC image as CHW (a copy; 2-D images unchanged)."""
    if not is_numpy(img):
        raise TypeError(f"img should be NumPy array. Got {type(img)}.")
    if img.ndim not in (2, 3):
        raise TypeError(f"img dimension should be 2 or 3. Got {img.ndim}.")
    return img if img.ndim == 2 else img.transpose(2, 0, 1).copy()


def to_type(img, output_type):
    """A NumPy image cast to ``output_type``."""
    if not is_numpy(img):
        raise TypeError(f"img should be NumPy image. Got {type(img)}.")
    try:
        return img.astype(output_type)
    except Exception:  # noqa: BLE001 - any failed cast is MindSpore's RuntimeError
        raise RuntimeError("output_type: " + str(output_type) + " is not a valid datatype.") from None


def to_tensor(img, output_type):
    """A PIL/NumPy HWC image as a CHW array scaled by 1/255, of ``output_type``."""
    if not (is_pil(img) or is_numpy(img)):
        raise TypeError(f"The input image should be of type numpy.ndarray or PIL.Image.Image. Got {type(img)}.")
    img = np.asarray(img)
    if img.ndim not in (2, 3):
        raise TypeError(f"The dimension of input image should be 2 or 3. Got {img.ndim}.")
    if img.ndim == 2:
        img = img[:, :, None]
    return to_type(hwc_to_chw(img) / 255., output_type)


def normalize(img, mean, std, pad_channel=False, dtype="float32"):
    """``(img - mean) / std`` per channel of a float CHW image; ``pad_channel`` appends a zero channel."""
    if not is_numpy(img):
        raise TypeError(f"img should be NumPy image. Got {type(img)}.")
    if img.ndim != 3:
        raise TypeError(f"img dimension should be 3. Got {img.ndim}.")
    if np.issubdtype(img.dtype, np.integer):
        raise NotImplementedError(f"Unsupported image datatype: [{img.dtype}], pls execute [ToTensor] before "
                                  "[Normalize].")
    channels = img.shape[0]
    if len(mean) != len(std):
        raise ValueError("Length of mean and std must be equal.")
    if len(mean) == 1:
        mean, std = [mean[0]] * channels, [std[0]] * channels
    elif len(mean) != channels:
        raise ValueError(f"Length of mean and std must both be 1 or equal to the number of channels({channels}).")
    mean = np.array(mean, dtype=img.dtype)[:, None, None]
    std = np.array(std, dtype=img.dtype)[:, None, None]
    image = (img - mean) / std
    if pad_channel:
        image = np.concatenate((image, np.zeros([1, image.shape[1], image.shape[2]], dtype=np.float32)), axis=0)
        if dtype == "float16":
            image = image.astype(np.float16)
    return image


def horizontal_flip(img):
    """Mirror left-right."""
    _need_pil(img)
    return img.transpose(Image.FLIP_LEFT_RIGHT)


def vertical_flip(img):
    """Mirror top-bottom."""
    _need_pil(img)
    return img.transpose(Image.FLIP_TOP_BOTTOM)


def random_horizontal_flip(img, prob):
    """Mirror left-right with probability ``prob`` (Python's ``random``)."""
    _need_pil(img)
    return horizontal_flip(img) if prob > random.random() else img


def random_vertical_flip(img, prob):
    """Mirror top-bottom with probability ``prob`` (Python's ``random``)."""
    _need_pil(img)
    return vertical_flip(img) if prob > random.random() else img


def crop(img, top, left, height, width):
    """The ``height`` x ``width`` region at (``top``, ``left``)."""
    _need_pil(img)
    return img.crop((left, top, left + width, top + height))


def center_crop(img, size):
    """The central region of ``size`` (an int or (h, w))."""
    _need_pil(img)
    if isinstance(size, int):
        size = (size, size)
    width, height = img.size
    crop_height, crop_width = size
    return crop(img, int(round((height - crop_height) / 2.)), int(round((width - crop_width) / 2.)),
                crop_height, crop_width)


def invert_color(img):
    """``255 - pixel``."""
    _need_pil(img)
    return ImageOps.invert(img)


def equalize(img):
    """Histogram equalisation."""
    _need_pil(img)
    return ImageOps.equalize(img)


def grayscale(img, num_output_channels):
    """Grey image with 1 or 3 (identical) channels."""
    _need_pil(img)
    if num_output_channels == 1:
        return img.convert("L")
    if num_output_channels == 3:
        gray = np.array(img.convert("L"), dtype=np.uint8)
        return Image.fromarray(np.dstack([gray, gray, gray]), "RGB")
    raise ValueError(f"num_output_channels should be either 1 or 3. Got {num_output_channels}.")


def adjust_brightness(img, brightness_factor):
    """PIL's brightness enhancement by ``brightness_factor``."""
    _need_pil(img)
    return ImageEnhance.Brightness(img).enhance(brightness_factor)


def adjust_contrast(img, contrast_factor):
    """PIL's contrast enhancement by ``contrast_factor``."""
    _need_pil(img)
    return ImageEnhance.Contrast(img).enhance(contrast_factor)


def adjust_saturation(img, saturation_factor):
    """PIL's colour enhancement by ``saturation_factor``."""
    _need_pil(img)
    return ImageEnhance.Color(img).enhance(saturation_factor)


def adjust_hue(img, hue_factor):
    """Shift the hue channel by ``hue_factor`` (in [-0.5, 0.5]) of a turn, modulo 256 in uint8 HSV."""
    if not -0.5 <= hue_factor <= 0.5:
        raise ValueError(f"image_hue_factor {hue_factor} is not in [-0.5, 0.5].")
    _need_pil(img)
    mode = img.mode
    if mode in {"L", "1", "I", "F"}:
        return img
    hue, saturation, value = img.convert("HSV").split()
    np_hue = np.array(hue, dtype=np.uint8)
    with np.errstate(over="ignore"):
        np_hue += np.uint8(hue_factor * 255)
    return Image.merge("HSV", (Image.fromarray(np_hue, "L"), saturation, value)).convert(mode)


def adjust_gamma(img, gamma, gain):
    """``gain * 255 * (x / 255) ** gamma`` through a lookup table, for 1- and 3-band images."""
    if not is_pil(img):
        raise TypeError(f"img should be PIL image. Got {type(img)}.")
    table = [int((255 + 1 - 1e-3) * gain * pow(x / 255., gamma)) for x in range(256)]
    bands = len(img.split())
    if bands == 3:
        return img.point(table * 3)
    if bands == 1:
        return img.point(table)
    return img


def auto_contrast(img, cutoff, ignore):
    """PIL's autocontrast with ``cutoff`` percent clipped and ``ignore`` background values."""
    _need_pil(img)
    return ImageOps.autocontrast(img, cutoff, ignore)


def rgb_to_bgr(np_rgb_img, is_hwc):
    """Reverse the channel axis of one image (a view)."""
    return np_rgb_img[:, :, ::-1] if is_hwc else np_rgb_img[::-1, :, :]


def rgb_to_bgrs(np_rgb_imgs, is_hwc):
    """RGB to BGR for one image or a batch, HWC or CHW."""
    if not is_numpy(np_rgb_imgs):
        raise TypeError(f"img should be NumPy image. Got {type(np_rgb_imgs)}")
    if not isinstance(is_hwc, bool):
        raise TypeError(f"is_hwc should be bool type. Got {type(is_hwc)}.")
    shape = np_rgb_imgs.shape
    if len(shape) not in (3, 4):
        raise TypeError(f"img shape should be (H, W, C)/(N, H, W, C)/(C ,H, W)/(N, C, H, W). Got {shape}.")
    batched = len(shape) == 4
    channels = shape[-1] if is_hwc else shape[1 if batched else 0]
    if channels != 3:
        raise TypeError(f"img should be 3 channels RGB img. Got {channels} channels.")
    if not batched or shape[0] == 0:
        return rgb_to_bgr(np_rgb_imgs, is_hwc)
    return np.array([rgb_to_bgr(img, is_hwc) for img in np_rgb_imgs])


def decode(img):
    """Encoded image bytes as an RGB PIL image."""
    try:
        return Image.open(io.BytesIO(img)).convert("RGB")
    except IOError as err:
        raise ValueError(f"{err}\n: Failed to decode given image.") from err
    except AttributeError as err:
        raise ValueError(f"{err}\n: Failed to decode, Image might already be decoded.") from err
