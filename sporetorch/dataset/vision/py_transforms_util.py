"""Functions behind the PIL-based vision transforms (``mindspore.dataset.vision.py_transforms_util``).

Each takes a ``PIL.Image.Image`` (or a NumPy array where named) and returns the result; a wrong input type is
MindSpore 2.10's ``TypeError``.
"""
import colorsys
import io
import math
import numbers
import random

import numpy as np
from PIL import Image, ImageEnhance, ImageOps

from ..core.py_util_helpers import is_numpy
from .utils import Inter

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


def _crop_size(size):
    if isinstance(size, int):
        return (size, size)
    if isinstance(size, (tuple, list)) and len(size) == 2:
        return size
    raise TypeError("Size should be a single number or a list/tuple (h, w) of length 2.")


def five_crop(img, size):
    """The four corner crops and the centre crop, in that order."""
    _need_pil(img)
    size = _crop_size(size)
    width, height = img.size
    crop_height, crop_width = size
    if crop_height > height or crop_width > width:
        raise ValueError(f"Crop size {size} is larger than input image size {(height, width)}.")
    return (img.crop((0, 0, crop_width, crop_height)), img.crop((width - crop_width, 0, width, crop_height)),
            img.crop((0, height - crop_height, crop_width, height)),
            img.crop((width - crop_width, height - crop_height, width, height)),
            center_crop(img, (crop_height, crop_width)))


def ten_crop(img, size, use_vertical_flip=False):
    """``five_crop`` of the image and of its flipped copy (left-right, or top-bottom)."""
    _need_pil(img)
    size = _crop_size(size)
    first = five_crop(img, size)
    flipped = vertical_flip(img) if use_vertical_flip else horizontal_flip(img)
    return first + five_crop(flipped, size)


def pad(img, padding, fill_value, padding_mode):
    """Pad by a number, (left/right, top/bottom) or (left, top, right, bottom), in 'constant', 'edge',
    'reflect' or 'symmetric' mode."""
    _need_pil(img)
    if isinstance(padding, numbers.Number):
        left = top = right = bottom = padding
    elif isinstance(padding, (tuple, list)):
        if len(padding) == 2:
            left = right = padding[0]
            top = bottom = padding[1]
        elif len(padding) == 4:
            left, top, right, bottom = padding
        else:
            raise ValueError("The size of the padding list or tuple should be 2 or 4.")
    else:
        raise TypeError("Padding can be any of: a number, a tuple or list of size 2 or 4.")
    if isinstance(fill_value, list):
        fill_value = tuple(fill_value)
    if not isinstance(fill_value, (numbers.Number, str, tuple)):
        raise TypeError("fill_value can be any of: an integer, a string or a tuple.")
    if padding_mode not in ["constant", "edge", "reflect", "symmetric"]:
        raise ValueError("Padding mode should be 'constant', 'edge', 'reflect', or 'symmetric'.")
    palette = img.getpalette() if img.mode == "P" else None
    if padding_mode == "constant":
        if palette is None and isinstance(fill_value, tuple) and img.mode in ("L", "1"):
            fill_value = (fill_value[0],)
        out = ImageOps.expand(img, border=(left, top, right, bottom), fill=fill_value)
    else:
        arr = np.asarray(img)
        widths = ((top, bottom), (left, right)) + (((0, 0),) if arr.ndim == 3 else ())
        out = Image.fromarray(np.pad(arr, widths, padding_mode))
    if palette is not None:
        out.putpalette(palette)
    return out


def resize(img, size, interpolation=Inter.BILINEAR):
    """Resize to (h, w), or the shorter side to ``size`` keeping the aspect ratio."""
    _need_pil(img)
    if not (isinstance(size, int) or (isinstance(size, (list, tuple)) and len(size) == 2)):
        raise TypeError(f"Size should be a single number or a list/tuple (h, w) of length 2.Got {size}.")
    if not isinstance(size, int):
        return img.resize(size[::-1], interpolation)
    width, height = img.size
    if (width <= height and width == size) or (height <= width and height == size):
        return img
    aspect = width / height
    if width < height:
        return img.resize((size, int(size / aspect)), interpolation)
    return img.resize((int(size * aspect), size), interpolation)


def rotate(img, angle, resample, expand, center, fill_value):
    """PIL's rotation by ``angle`` degrees (counter-clockwise) about ``center``."""
    _need_pil(img)
    if isinstance(fill_value, int):
        fill_value = (fill_value,) * 3
    elif isinstance(fill_value, list):
        fill_value = tuple(fill_value)
    angle = angle % 360.0
    if resample == Inter.ANTIALIAS and (angle not in [0, 90, 180, 270] or center):
        raise ValueError("When using Inter.ANTIALIAS, center needs to be None and "
                         "angle needs to be an integer multiple of 90.")
    return img.rotate(angle, resample, expand, center, fillcolor=fill_value)


def _uniform(degrees):
    return (degrees[1] - degrees[0]) * random.random() + degrees[0]


def random_color(img, degrees):
    """PIL's colour enhancement by a factor drawn from [degrees[0], degrees[1])."""
    _need_pil(img)
    return ImageEnhance.Color(img).enhance(_uniform(degrees))


def random_sharpness(img, degrees):
    """PIL's sharpness enhancement by a factor drawn from [degrees[0], degrees[1])."""
    _need_pil(img)
    return ImageEnhance.Sharpness(img).enhance(_uniform(degrees))


def linear_transform(np_img, transformation_matrix, mean_vector):
    """``(flatten(img) - mean_vector) @ transformation_matrix`` reshaped back (whitening)."""
    if not is_numpy(np_img):
        raise TypeError(f"img should be NumPy array. Got {type(np_img)}")
    shape = transformation_matrix.shape
    if shape[0] != shape[1]:
        raise ValueError(f"transformation_matrix should be a square matrix. Got shape {shape} instead")
    if np.prod(np_img.shape) != shape[0]:
        raise ValueError(f"transformation_matrix shape {shape} not compatible with Numpy image shape "
                         f"{np_img.shape}.")
    if mean_vector.shape[0] != shape[0]:
        raise ValueError(f"mean_vector length {mean_vector.shape[0]} should match either one dimension of the "
                         f"square transformation_matrix {shape}.")
    out = np.dot(np_img.reshape(1, -1) - mean_vector, transformation_matrix)
    if out.size != np_img.size:
        raise ValueError("Linear transform failed, input shape should match with transformation_matrix.")
    return out.reshape(np_img.shape)


def _convert_channels(img, is_hwc, fn):
    axis = 2 if is_hwc else 0
    a, b, c = (np.take(img, i, axis=axis) for i in range(3))
    return np.stack(np.vectorize(fn)(a, b, c), axis=axis)


def rgb_to_hsv(np_rgb_img, is_hwc):
    """colorsys's RGB to HSV per pixel of one image."""
    return _convert_channels(np_rgb_img, is_hwc, colorsys.rgb_to_hsv)


def hsv_to_rgb(np_hsv_img, is_hwc):
    """colorsys's HSV to RGB per pixel of one image."""
    return _convert_channels(np_hsv_img, is_hwc, colorsys.hsv_to_rgb)


def _per_image(imgs, is_hwc, fn, shape_text, type_dot):
    if not is_numpy(imgs):
        raise TypeError(f"img should be NumPy image. Got {type(imgs)}{type_dot}")
    if not isinstance(is_hwc, bool):
        raise TypeError(f"is_hwc should be bool type. Got {type(is_hwc)}.")
    shape = imgs.shape
    if len(shape) not in (3, 4):
        raise TypeError(f"img shape should be {shape_text}. Got {shape}.")
    batched = len(shape) == 4
    channels = shape[-1] if is_hwc else shape[1 if batched else 0]
    if channels != 3:
        raise TypeError(f"img should be 3 channels RGB img. Got {channels} channels.")
    if not batched or shape[0] == 0:
        return fn(imgs, is_hwc)
    return np.array([fn(img, is_hwc) for img in imgs])


def rgb_to_hsvs(np_rgb_imgs, is_hwc):
    """RGB to HSV for one image or a batch, HWC or CHW."""
    return _per_image(np_rgb_imgs, is_hwc, rgb_to_hsv, "(H, W, C)/(N, H, W, C)/(C ,H, W)/(N, C, H, W)", "")


def hsv_to_rgbs(np_hsv_imgs, is_hwc):
    """HSV to RGB for one image or a batch, HWC or CHW."""
    return _per_image(np_hsv_imgs, is_hwc, hsv_to_rgb, "(H, W, C)/(N, H, W, C)/(C, H, W)/(N, C, H, W)", ".")


def erase(np_img, i, j, height, width, erase_value, inplace=False):
    """Set the ``height`` x ``width`` region at (i, j) of a CHW image to ``erase_value``."""
    if not is_numpy(np_img):
        raise TypeError(f"img should be NumPy array. Got {type(np_img)}.")
    if not inplace:
        np_img = np_img.copy()
    np_img[:, i:i + height, j:j + width] = erase_value
    return np_img


# Random transforms: the draws (Python's ``random``, NumPy's global generator) come in MindSpore 2.10's order,
# so a seeded run gives the same result.
def _size_pair(size):
    if isinstance(size, int):
        return (size, size)
    if isinstance(size, (tuple, list)) and len(size) == 2:
        return size
    raise TypeError("Size should be a single integer or a list/tuple (h, w) of length 2.")


def random_crop(img, size, padding, pad_if_needed, fill_value, padding_mode):
    """Pad (optionally, and up to ``size`` when ``pad_if_needed``), then crop ``size`` at a random place."""
    _need_pil(img)
    size = _size_pair(size)
    if isinstance(fill_value, list):
        fill_value = tuple(fill_value)
    if padding is not None:
        img = pad(img, padding, fill_value, padding_mode)
    if pad_if_needed and img.size[0] < size[1]:
        img = pad(img, (size[1] - img.size[0], 0), fill_value, padding_mode)
    if pad_if_needed and img.size[1] < size[0]:
        img = pad(img, (0, size[0] - img.size[1]), fill_value, padding_mode)
    img_width, img_height = img.size
    height, width = size
    if height > img_height or width > img_width:
        raise ValueError(f"Crop size {size} is larger than input image size {(img_height, img_width)}.")
    if width == img_width and height == img_height:
        return crop(img, 0, 0, img_height, img_width)
    top = random.randint(0, img_height - height)
    left = random.randint(0, img_width - width)
    return crop(img, top, left, height, width)


def random_resize_crop(img, size, scale, ratio, interpolation=Inter.BILINEAR, max_attempts=10):
    """Crop a random area fraction in ``scale`` with aspect ratio in ``ratio`` (log-uniform), resized to
    ``size``; a centre crop after ``max_attempts`` misses."""
    _need_pil(img)
    size = _size_pair(size)
    if scale[0] > scale[1] or ratio[0] > ratio[1]:
        raise ValueError("Range should be in the order of (min, max).")
    img_width, img_height = img.size
    area = img_width * img_height
    for _ in range(max_attempts):
        crop_area = random.uniform(scale[0], scale[1]) * area
        aspect = math.exp(random.uniform(math.log(ratio[0]), math.log(ratio[1])))
        width = int(round(math.sqrt(crop_area * aspect)))
        height = int(round(width / aspect))
        if 0 < width <= img_width and 0 < height <= img_height:
            top = random.randint(0, img_height - height)
            left = random.randint(0, img_width - width)
            return resize(crop(img, top, left, height, width), size, interpolation)
    img_ratio = img_width / img_height
    if img_ratio < ratio[0]:
        width, height = img_width, int(round(img_width / ratio[0]))
    elif img_ratio > ratio[1]:
        width, height = int(round(img_height * ratio[1])), img_height
    else:
        width, height = img_width, img_height
    top, left = int(round((img_height - height) / 2.)), int(round((img_width - width) / 2.))
    return resize(crop(img, top, left, height, width), size, interpolation)


def random_rotation(img, degrees, resample, expand, center, fill_value):
    """``rotate`` by an angle drawn from (-degrees, degrees) or the (min, max) pair."""
    _need_pil(img)
    if isinstance(degrees, numbers.Number):
        if degrees < 0:
            raise ValueError("If degrees is a single number, it cannot be negative.")
        degrees = (-degrees, degrees)
    elif isinstance(degrees, (list, tuple)):
        if len(degrees) != 2:
            raise ValueError("If degrees is a sequence, the length must be 2.")
    else:
        raise TypeError("Degrees must be a single non-negative number or a sequence.")
    if isinstance(fill_value, list):
        fill_value = tuple(fill_value)
    return rotate(img, random.uniform(degrees[0], degrees[1]), resample, expand, center, fill_value)


def _jitter_factor(value, input_name, center=1, bound=(0, float("inf")), non_negative=True):
    if isinstance(value, numbers.Number):
        if value < 0:
            raise ValueError(f"The input value of {input_name} cannot be negative.")
        value = [center - value, center + value]
        if non_negative:
            value[0] = max(0, value[0])
    elif isinstance(value, (list, tuple)) and len(value) == 2:
        if not bound[0] <= value[0] <= value[1] <= bound[1]:
            raise ValueError(f"Please check your value range of {input_name} is valid and within the bound {bound}.")
    else:
        raise TypeError(f"Input of {input_name} should be either a single value, or a list/tuple of length 2.")
    return random.uniform(value[0], value[1])


def random_color_adjust(img, brightness, contrast, saturation, hue):
    """Brightness, contrast, saturation and hue jitter with factors drawn from their ranges, in random order."""
    _need_pil(img)
    b = _jitter_factor(brightness, "brightness")
    c = _jitter_factor(contrast, "contrast")
    s = _jitter_factor(saturation, "saturation")
    h = _jitter_factor(hue, "hue", center=0, bound=(-0.5, 0.5), non_negative=False)
    steps = [lambda im: adjust_brightness(im, b), lambda im: adjust_contrast(im, c),
             lambda im: adjust_saturation(im, s), lambda im: adjust_hue(im, h)]
    random.shuffle(steps)
    for step in steps:
        img = step(img)
    return img


# AlexNet's PCA lighting: eigenvalue-scaled eigenvectors of ImageNet's RGB covariance.
_LIGHTING = np.array([[55.46 * -0.5675, 4.794 * 0.7192, 1.148 * 0.4009],
                      [55.46 * -0.5808, 4.794 * -0.0045, 1.148 * -0.8140],
                      [55.46 * -0.5836, 4.794 * -0.6948, 1.148 * 0.4203]])


def random_lighting(img, alpha):
    """AlexNet-style PCA lighting noise with N(0, alpha) weights (NumPy's generator), on an RGB image."""
    _need_pil(img)
    if img.mode != "RGB":
        img = img.convert("RGB")
    alphas = [np.random.normal(loc=0.0, scale=alpha) for _ in range(3)]
    shift = [sum(_LIGHTING[row][k] * alphas[k] for k in range(3)) for row in range(3)]
    arr = np.array(img).astype(np.float64)
    for channel in range(3):
        arr[:, :, channel] += shift[channel]
    return Image.fromarray(np.uint8(np.minimum(np.maximum(arr, 0), 255)))


def get_erase_params(np_img, scale, ratio, value, bounded, max_attempts):
    """RandomErasing's (i, j, h, w, value) for a CHW image; the whole image itself after ``max_attempts``."""
    if not is_numpy(np_img):
        raise TypeError(f"img should be NumPy array. Got {type(np_img)}.")
    channels, image_h, image_w = np_img.shape
    area = image_h * image_w
    for _ in range(max_attempts):
        erase_area = random.uniform(scale[0], scale[1]) * area
        aspect = random.uniform(ratio[0], ratio[1])
        erase_w = int(round(math.sqrt(erase_area * aspect)))
        erase_h = int(round(erase_w / aspect))
        erase_shape = (channels, erase_h, erase_w)
        if erase_h >= image_h or erase_w >= image_w:
            continue
        if bounded:
            i = random.randint(0, image_h - erase_h)
            j = random.randint(0, image_w - erase_w)
        else:
            x, y = random.randint(0, image_w), random.randint(0, image_h)
            x1, x2 = max(0, min(x - erase_w // 2, image_w)), max(0, min(x + erase_w // 2, image_w))
            y1, y2 = max(0, min(y - erase_h // 2, image_h)), max(0, min(y + erase_h // 2, image_h))
            i, j, erase_h, erase_w = y1, x1, y2 - y1, x2 - x1
        if isinstance(value, numbers.Number):
            erase_value = value
        elif isinstance(value, (str, bytes)):
            erase_value = np.random.normal(loc=0.0, scale=1.0, size=erase_shape)
        elif isinstance(value, (tuple, list)) and len(value) == 3:
            erase_value = np.multiply(np.ones(erase_shape), np.array(value)[:, None, None])
        else:
            raise ValueError("The value for erasing should be either a single value, or a string "
                             "'random', or a sequence of 3 elements for RGB respectively.")
        return i, j, erase_h, erase_w, erase_value
    return 0, 0, image_h, image_w, np_img


def mix_up_single(batch_size, img, label, alpha=0.2):
    """MixUp of each sample with the next one in the batch (circularly), weights from Beta(alpha, alpha)."""
    lam = np.random.beta(alpha, alpha, batch_size)
    shifted = list(range(1, batch_size)) + [0]
    lam_img = lam.reshape((batch_size, 1, 1, 1))
    lam_label = lam.reshape((batch_size, 1))
    return (lam_img * img + (1 - lam_img) * img[shifted, ...],
            lam_label * label + (1 - lam_label) * label[shifted, ...])


def mix_up_muti(tmp, batch_size, img, label, alpha=0.2):
    """MixUp with the previous batch kept in ``tmp`` (``image``, ``label``, ``is_first``); the first batch
    passes unchanged."""
    lam = np.random.beta(alpha, alpha, batch_size)
    if tmp.is_first:
        lam = np.ones(batch_size)
        tmp.is_first = False
    lam_img = lam.reshape((batch_size, 1, 1, 1))
    lam_label = lam.reshape(batch_size, 1)
    tmp.image = lam_img * img + (1 - lam_img) * tmp.image
    tmp.label = lam_label * label + (1 - lam_label) * tmp.label
    return tmp.image, tmp.label


def uniform_augment(img, transforms, num_ops):
    """Pick ``num_ops`` distinct transforms (NumPy's generator) and apply each with a random probability."""
    for idx in np.random.choice(len(transforms), size=num_ops, replace=False):
        probability = random.random()
        if random.random() < probability:
            img = transforms[idx](img.copy())
    return img


def get_perspective_params(img, distortion_scale):
    """RandomPerspective's corner points: the image's four corners and four random points within
    ``distortion_scale`` of half the size inward (top-left, top-right, bottom-right, bottom-left)."""
    width, height = img.size
    half_w = int(width / 2 * distortion_scale)
    half_h = int(height / 2 * distortion_scale)
    top_left = (random.randint(0, half_w), random.randint(0, half_h))
    top_right = (random.randint(width - half_w - 1, width - 1), random.randint(0, half_h))
    bottom_right = (random.randint(width - half_w - 1, width - 1), random.randint(height - half_h - 1, height - 1))
    bottom_left = (random.randint(0, half_w), random.randint(height - half_h - 1, height - 1))
    start_points = [(0, 0), (width - 1, 0), (width - 1, height - 1), (0, height - 1)]
    return start_points, [top_left, top_right, bottom_right, bottom_left]


def perspective(img, start_points, end_points, interpolation=Inter.BICUBIC):
    """PIL's perspective transform mapping ``start_points`` onto ``end_points``; the eight coefficients
    solve the projective equations of the four point pairs (least squares)."""
    _need_pil(img)
    rows = []
    for (x, y), (u, v) in zip(end_points, start_points):
        rows.append([x, y, 1, 0, 0, 0, -u * x, -u * y])
        rows.append([0, 0, 0, x, y, 1, -v * x, -v * y])
    coeffs = np.linalg.lstsq(np.array(rows, dtype=float), np.array(start_points, dtype=float).reshape(8),
                             rcond=None)[0].tolist()
    return img.transform(img.size, Image.PERSPECTIVE, coeffs, interpolation)


def random_affine(img, angle, translations, scale, shear, resample, fill_value=0):
    """PIL's affine warp about the image centre with parameters drawn from Python's ``random`` (in MindSpore's
    order): a clockwise angle from ``angle`` (degrees), a translation up to ``translations`` x the size, a scale
    from ``scale`` and x/y shears from ``shear`` (2 or 4 bounds, degrees).

    Args:
        img (PIL.Image.Image): the image.
        angle (Sequence): (min, max) degrees.
        translations (Sequence, optional): fractions of the width and height.
        scale (Sequence, optional): (min, max) scale.
        shear (Sequence, optional): (min, max) x shear, or (x min, x max, y min, y max).
        resample (Inter): the PIL resampling filter.
        fill_value (int or tuple): the fill outside the image (ignored with Pillow 10 or later, as in MindSpore).

    Raises:
        ValueError: ``img`` is not a PIL image.
    """
    if not is_pil(img):
        raise ValueError("Input image should be a Pillow image.")
    angle = random.uniform(angle[0], angle[1])
    if translations is not None:
        max_dx, max_dy = translations[0] * img.size[0], translations[1] * img.size[1]
        translations = (np.round(random.uniform(-max_dx, max_dx)), np.round(random.uniform(-max_dy, max_dy)))
    else:
        translations = (0, 0)
    scale = random.uniform(scale[0], scale[1]) if scale is not None else 1.0
    if shear is None:
        shear = 0.0
    elif len(shear) == 2:
        shear = [random.uniform(shear[0], shear[1]), 0.0]
    elif len(shear) == 4:
        shear = [random.uniform(shear[0], shear[1]), random.uniform(shear[2], shear[3])]
    center = (img.size[0] * 0.5 + 0.5, img.size[1] * 0.5 + 0.5)
    angle = math.radians(angle)
    if isinstance(shear, (tuple, list)) and len(shear) == 2:
        shear = [math.radians(s) for s in shear]
    elif isinstance(shear, numbers.Number):
        shear = [math.radians(shear), 0]
    else:
        raise ValueError(f"Shear should be a single value or a tuple/list containing two values. Got {shear}.")
    inv_scale = 1.0 / scale
    # the inverse of rotation x shear x scale, then of the centre and translation offsets (PIL maps output to input)
    d = math.cos(angle + shear[0]) * math.cos(angle + shear[1]) + \
        math.sin(angle + shear[0]) * math.sin(angle + shear[1])
    m = [math.cos(angle + shear[0]), math.sin(angle + shear[0]), 0,
         -math.sin(angle + shear[1]), math.cos(angle + shear[1]), 0]
    m = [inv_scale / d * v for v in m]
    m[2] += m[0] * (-center[0] - translations[0]) + m[1] * (-center[1] - translations[1])
    m[5] += m[3] * (-center[0] - translations[0]) + m[4] * (-center[1] - translations[1])
    m[2] += center[0]
    m[5] += center[1]
    fill = tuple(fill_value) if isinstance(fill_value, list) else fill_value
    # MindSpore passes the fill only when the Pillow version *string* is >= "5", so from Pillow 10 on the outside is
    # left black; kept, since its outputs are the specification
    kwargs = {"fillcolor": fill} if Image.__version__ >= "5" else {}
    return img.transform(img.size, Image.AFFINE, m, resample, **kwargs)
