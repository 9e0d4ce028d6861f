"""Enums and image-file helpers of ``mindspore.dataset.vision`` (values as in MindSpore 2.10)."""
import io
import numbers
import os
import re
from enum import Enum, IntEnum

import numpy as np


class Inter(IntEnum):
    """Interpolation modes. ``LINEAR``/``CUBIC`` are aliases of ``BILINEAR``/``BICUBIC``."""
    NEAREST = 0
    ANTIALIAS = 1
    BILINEAR = 2
    LINEAR = 2
    BICUBIC = 3
    CUBIC = 3
    AREA = 4
    PILCUBIC = 5


class Border(str, Enum):
    """Padding modes of ``Pad``, ``RandomCrop``, ``PadToSize``, ..."""
    CONSTANT = "constant"
    EDGE = "edge"
    REFLECT = "reflect"
    SYMMETRIC = "symmetric"


class ImageBatchFormat(IntEnum):
    """Layout of an image batch for ``CutMixBatch``."""
    NHWC = 0
    NCHW = 1


class ImageReadMode(IntEnum):
    """How ``read_image`` decodes: as stored, as one grey channel, or as RGB."""
    UNCHANGED = 0
    GRAYSCALE = 1
    COLOR = 2


class AutoAugmentPolicy(str, Enum):
    """The data set whose learned policy ``AutoAugment`` applies."""
    IMAGENET = "imagenet"
    CIFAR10 = "cifar10"
    SVHN = "svhn"


class ConvertMode(IntEnum):
    """Colour conversions of ``ConvertColor`` (OpenCV's codes; RGB spellings alias the BGR ones)."""
    COLOR_BGR2BGRA = 0
    COLOR_RGB2RGBA = 0
    COLOR_BGRA2BGR = 1
    COLOR_RGBA2RGB = 1
    COLOR_BGR2RGBA = 2
    COLOR_RGB2BGRA = 2
    COLOR_RGBA2BGR = 3
    COLOR_BGRA2RGB = 3
    COLOR_BGR2RGB = 4
    COLOR_RGB2BGR = 4
    COLOR_BGRA2RGBA = 5
    COLOR_RGBA2BGRA = 5
    COLOR_BGR2GRAY = 6
    COLOR_RGB2GRAY = 7
    COLOR_GRAY2BGR = 8
    COLOR_GRAY2RGB = 8
    COLOR_GRAY2BGRA = 9
    COLOR_GRAY2RGBA = 9
    COLOR_BGRA2GRAY = 10
    COLOR_RGBA2GRAY = 11


class SliceMode(IntEnum):
    """What ``SlicePatches`` does with a remainder: pad the last patch or drop it."""
    PAD = 0
    DROP = 1


def _pil():
    try:
        from PIL import Image
    except ImportError as err:  # Pillow is a dependency; this only guards broken installs
        raise ImportError("mindspore.dataset.vision needs Pillow for image files") from err
    return Image


def _check_filename(op, filename):
    if not isinstance(filename, (str, os.PathLike)):
        raise TypeError(f"For '{op}', 'filename' must be a str, but got {type(filename).__name__}")
    if not os.path.isfile(filename):
        raise RuntimeError(f"For '{op}', the file {filename} does not exist or is not a file")


def read_file(filename):
    """Return the bytes of ``filename`` as a 1-D uint8 array."""
    _check_filename("read_file", filename)
    with open(filename, "rb") as f:
        return np.frombuffer(f.read(), dtype=np.uint8).copy()


def write_file(filename, data):
    """Write a 1-D uint8 array to ``filename``."""
    data = np.asarray(data)
    if data.dtype != np.uint8 or data.ndim != 1:
        raise RuntimeError(f"For 'write_file', the data must be a 1-D uint8 array, but got {data.dtype} "
                           f"of shape {data.shape}")
    with open(filename, "wb") as f:
        f.write(data.tobytes())


def _as_image(op, image):
    if hasattr(image, "asnumpy"):
        image = image.asnumpy()
    image = np.asarray(image)
    if image.dtype != np.uint8 or image.ndim not in (2, 3) or (image.ndim == 3 and image.shape[2] not in (1, 3)):
        raise RuntimeError(f"For '{op}', the image must be uint8 <H, W> or <H, W, 1|3>, but got {image.dtype} "
                           f"of shape {image.shape}")
    return image[..., 0] if image.ndim == 3 and image.shape[2] == 1 else image


def _encode(image, fmt, **kwargs):
    buf = io.BytesIO()
    _pil().fromarray(image).save(buf, format=fmt, **kwargs)
    return np.frombuffer(buf.getvalue(), dtype=np.uint8).copy()


def encode_jpeg(image, quality=75):
    """Encode an HWC (RGB) or HW uint8 image as JPEG bytes (a 1-D uint8 array)."""
    if isinstance(quality, bool) or not isinstance(quality, int) or not 1 <= quality <= 100:
        raise ValueError(f"For 'encode_jpeg', 'quality' must be an int in [1, 100], but got {quality!r}")
    return _encode(_as_image("encode_jpeg", image), "JPEG", quality=quality)


def encode_png(image, compression_level=6):
    """Encode an HWC (RGB) or HW uint8 image as PNG bytes (a 1-D uint8 array)."""
    if isinstance(compression_level, bool) or not isinstance(compression_level, int) \
            or not 0 <= compression_level <= 9:
        raise ValueError(f"For 'encode_png', 'compression_level' must be an int in [0, 9], "
                         f"but got {compression_level!r}")
    return _encode(_as_image("encode_png", image), "PNG", compress_level=compression_level)


def write_jpeg(filename, image, quality=75):
    """Encode ``image`` as JPEG and write it to ``filename``."""
    write_file(filename, encode_jpeg(image, quality))


def write_png(filename, image, compression_level=6):
    """Encode ``image`` as PNG and write it to ``filename``."""
    write_file(filename, encode_png(image, compression_level))


def decode_bytes(op, data, mode=ImageReadMode.COLOR):
    """Decode encoded image bytes with Pillow; errors name ``op``."""
    Image = _pil()
    try:
        image = Image.open(io.BytesIO(bytes(data)))
        image.load()
    except Exception as err:  # Pillow raises many types for corrupt data
        raise RuntimeError(f"For '{op}', the data is not a decodable image: {err}") from err
    mode = ImageReadMode(mode)
    if mode == ImageReadMode.GRAYSCALE:
        return image.convert("L")
    if image.mode != "RGB" and (mode == ImageReadMode.COLOR or image.mode != "L"):
        return image.convert("RGB")
    return image


def read_image(filename, mode=ImageReadMode.UNCHANGED):
    """Read and decode an image file to a uint8 HWC array (``mode``: ImageReadMode)."""
    _check_filename("read_image", filename)
    image = np.asarray(decode_bytes("read_image", read_file(filename), mode))
    return image[..., None] if image.ndim == 2 else image


def get_image_num_channels(image):
    """The channel count of an HWC array (HW counts as 1) or of a PIL image."""
    if hasattr(image, "getbands"):
        return len(image.getbands())
    image = np.asarray(image)
    if image.ndim < 2:
        raise RuntimeError(f"For 'get_image_num_channels', the image must be at least 2-D, "
                           f"but got shape {image.shape}")
    return 1 if image.ndim == 2 else int(image.shape[-1])


def get_image_size(image):
    """``[height, width]`` of an HWC array or a PIL image."""
    if hasattr(image, "getbands"):
        return [image.size[1], image.size[0]]
    image = np.asarray(image)
    if image.ndim < 2:
        raise RuntimeError(f"For 'get_image_size', the image must be at least 2-D, but got shape {image.shape}")
    return [int(image.shape[0]), int(image.shape[1])]


def parse_padding(padding):
    """A padding as ``(left, top, right, bottom)``: a number pads all sides, a pair is ``(left/right,
    top/bottom)``; a 4-list becomes a tuple."""
    if isinstance(padding, numbers.Number):
        padding = [padding] * 4
    if len(padding) == 2:
        padding = (padding[0], padding[1], padding[0], padding[1])
    return tuple(padding) if isinstance(padding, list) else padding


# ------------------------------------------------------------------ video decoding helpers
# MindSpore decodes video with its bundled FFmpeg (``read_video``, ``VideoDecoder``) or, on Ascend, with DVPP;
# the DVPP paths are recorded in data/ms_cpu_cannot_run/dataset.json (MindSpore's CPU build lacks libdvpp_utils).
class DecodeParams:
    """The arguments of one DVPP decode: the container, the start and end offsets and the stream."""

    def __init__(self, container, start_offset, end_offset, stream):
        self.container = container
        self.start_offset = start_offset
        self.end_offset = end_offset
        self.stream = stream


class VideoFrameDvpp:
    """One demuxed video packet: decode and presentation timestamps (``dts``, ``pts``), later its position and
    decoded ``frame``."""

    dts: int
    pts: int
    positions: int
    frame: np.ndarray

    def __init__(self, dts=0, pts=0):
        self.pts = pts
        self.dts = dts


def _align_audio_frames(aframes, audio_frames, ref_start, ref_end):
    """The samples of ``aframes`` (channels x samples, spanning the ``pts`` of the first to the last of
    ``audio_frames``) that fall in ``[ref_start, ref_end]``."""
    start, end = audio_frames[0].pts, audio_frames[-1].pts
    total = aframes.shape[1]
    step = (end - start + 1) / total
    first = int((ref_start - start) / step) if start < ref_start else 0
    # MindSpore's end index is negative (counted from the end) when the frames run past ref_end
    last = int((ref_end - end) / step) if end > ref_end else total
    return aframes[:, first:last]


def _check_buffer(extradata):
    """Whether a video stream must be buffered: every stream but a DivX one whose build tag ends in another
    letter than 'p' (packed B-frames)."""
    if not extradata or b"DivX" not in extradata:
        return True
    tail = extradata[extradata.find(b"DivX"):]
    found = re.search(rb"DivX(\d+)Build(\d+)(\w)", tail) or re.search(rb"DivX(\d+)b(\d+)(\w)", tail)
    return True if found is None else found.group(3) == b"p"
