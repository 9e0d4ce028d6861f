"""MindSpore 2.10's ``mindspore.train.summary._summary_adapter``: packaging summary values into MindInsight's
``Event`` protobuf (``summary_pb2``): scalars, tensors, histograms (MindSpore's bucket rule), images (a PNG of
the batch laid out on a canvas) and the init and graph events, plus the event file's name."""
import io
import platform
import time

import numpy as np

from ..._checkparam import check_str_by_regular
from ..anf_ir_pb2 import DataType, ModelProto
from ..summary_pb2 import Event
from . import _nptype_to_prototype

MS_IMAGE_TENSOR_FORMAT = "NCHW"
EVENT_FILE_NAME_MARK = ".out.events.summary."
EVENT_FILE_INIT_VERSION_MARK = "MindSpore.Event:"
EVENT_FILE_INIT_VERSION = 1
F32_MIN, F32_MAX = np.finfo(np.float32).min, np.finfo(np.float32).max


def get_event_file_name(prefix, suffix, time_second):
    """``PREFIX.out.events.summary.TIME.DEVICE.HOSTNAME SUFFIX``: the device is the rank when several devices
    train, else the context's ``device_id``."""
    from ... import context
    from ...communication.management import get_group_size, get_rank
    check_str_by_regular(prefix)
    check_str_by_regular(suffix)
    try:
        device_num = get_group_size()
    except RuntimeError:  # communication not initialised: one device
        device_num = 1
    device_id = get_rank() if device_num > 1 else context.get_context("device_id")
    name = f"{EVENT_FILE_NAME_MARK}{time_second}.{device_id}.{platform.node()}"
    if prefix is not None:
        name = prefix + name
    if suffix is not None:
        name = name + suffix
    return name


def package_init_event():
    """The first event of a summary file: the wall time and ``MindSpore.Event:1``."""
    event = Event()
    event.wall_time = time.time()
    event.version = EVENT_FILE_INIT_VERSION_MARK + str(EVENT_FILE_INIT_VERSION)
    return event


def package_graph_event(data):
    """An event holding the graph of a serialized ``anf_ir`` ModelProto."""
    event = Event()
    event.wall_time = time.time()
    model = ModelProto()
    model.ParseFromString(data)
    event.graph_def.CopyFrom(model.graph)
    return event


def package_summary_event(data_list, step, wall_time):
    """An event of the values of ``data_list`` (``[{"_type": "Scalar"/"Tensor"/"Image"/"Histogram"/"Landscape",
    "name": tag, "data": ndarray or bytes}]``) at ``step``; values that cannot be packaged are left out."""
    event = Event()
    summary = event.summary
    event.wall_time = wall_time
    event.step = int(step)
    for item in data_list:
        kind, data = item["_type"], item["data"]
        value = summary.value.add()
        value.tag = item["name"]
        if kind == "Scalar":
            keep = _fill_scalar_summary(value.tag, data, value)
        elif kind == "Tensor":
            keep = _fill_tensor_summary(value.tag, data, value.tensor) is not None
        elif kind == "Image":
            keep = _fill_image_summary(value.tag, data, value.image, MS_IMAGE_TENSOR_FORMAT)
        elif kind == "Histogram":
            _fill_histogram_summary(value.tag, data, value.histogram)
            keep = True
        elif kind == "Landscape":
            value.loss_landscape.ParseFromString(data)
            keep = True
        else:
            keep = False
        if not keep:
            del summary.value[-1]
    return event


def _fill_scalar_summary(tag, np_value, summary):
    """Set ``summary.scalar_value`` (the first element of a larger array); False for an empty array."""
    if np_value.size == 0:
        return False
    summary.scalar_value = next(np_value.flat).item()
    return True


def _fill_tensor_summary(tag, np_value, summary_tensor):
    """Fill a tensor proto: dtype, values (as floats) and dims."""
    summary_tensor.data_type = DataType.Value(_nptype_to_prototype(np_value))
    summary_tensor.float_data.extend(np_value.reshape(-1).tolist())
    summary_tensor.dims.extend(np_value.shape)
    return summary_tensor


def _calc_histogram_bins(count):
    """MindSpore's number of histogram bins for ``count`` valid values: 1, 2 (up to 5), 3 (up to 10), then
    about ten values per bin, at most 90."""
    if not count:
        return 1
    if count <= 5:
        return 2
    if count <= 10:
        return 3
    if count <= 880:
        return count // 10 + 1
    return 90


def _fill_histogram_summary(tag, np_value, summary):
    """Fill a histogram proto: counts of all, NaN and infinite values, min/max/sum of the finite ones, and
    the buckets."""
    masked = np.ma.masked_invalid(np_value)
    total, valid = np_value.size, masked.count()
    invalids = []
    for test in (np.isnan, np.isposinf, np.isneginf):
        invalids.append(np.count_nonzero(test(np_value)) if total - valid > sum(invalids) else 0)
    summary.count = total
    summary.nan_count, summary.pos_inf_count, summary.neg_inf_count = invalids
    if not valid:
        return
    if issubclass(np_value.dtype.type, np.floating):
        # A masked float16 array's max is inf (numpy issue 15077): give the fill values explicitly.
        summary.min = masked.min(fill_value=np.inf)
        summary.max = masked.max(fill_value=-np.inf)
    else:
        summary.min = masked.min()
        summary.max = masked.max()
    summary.sum = masked.sum(dtype=np.float64)
    _fill_bucket(valid, np_value, summary)


def _fill_bucket(valid, np_value, summary):
    """Add the histogram's buckets (``width``, ``count``, ``left``) between its min and max (widened by 0.5 on
    each side when they are equal), with edges in the array's dtype."""
    first, last = summary.min, summary.max
    if not first < last:
        first -= 0.5
        last += 0.5
    edges = np.linspace(first, last, _calc_histogram_bins(valid) + 1, dtype=np_value.dtype)
    hists, edges = np.histogram(np_value, bins=edges)
    for count, left, right in zip(hists, edges, edges[1:]):
        bucket = summary.buckets.add()
        bucket.width = right - left
        bucket.count = count
        bucket.left = left


def _fill_image_summary(tag, np_value, summary_image, input_format="NCHW"):
    """Fill an image proto with the PNG of a batch of 1- or 3-channel images (values scaled to 0..255 unless
    uint8); False when the array is not such a batch."""
    if np_value.ndim != 4 or np_value.shape[1] not in (1, 3):
        return False
    if np_value.ndim != len(input_format) or 0 in np_value.shape:
        return False
    tensor = _convert_image_format(np_value, input_format)
    scale, shift = 1, 0
    top, bottom = np.max(tensor), np.min(tensor)
    if tensor.dtype != np.uint8:
        if top <= 1 and bottom >= 0:
            scale = 255
        else:
            if top != bottom:
                scale = 255 / (top - bottom + 1)
            shift = bottom
    tensor = ((tensor.astype(np.float32) - shift) * scale).astype(np.uint8)
    summary_image.height, summary_image.width, summary_image.colorspace, summary_image.encoded_image = \
        _make_image(tensor)
    return True


def _make_image(tensor, rescale=1):
    """``(height, width, channels, png_bytes)`` of an HWC uint8 image, resized by ``rescale`` (Lanczos)."""
    from PIL import Image
    height, width, channel = tensor.shape
    image = Image.fromarray(tensor).resize((int(width * rescale), int(height * rescale)), Image.LANCZOS)
    out = io.BytesIO()
    image.save(out, format="PNG")
    return height, width, channel, out.getvalue()


def _convert_image_format(np_tensor, input_format, out_format="HWC"):
    """A batch in ``input_format`` (letters N, C, H, W) as one canvas image in ``out_format``."""
    input_format = input_format.upper()
    nchw = np_tensor if input_format == "NCHW" else np_tensor.transpose([input_format.find(c) for c in "NCHW"])
    return _make_canvas_for_imgs(nchw).transpose(["CHW".find(c) for c in out_format])


def _make_canvas_for_imgs(tensor, col_imgs=8):
    """An NCHW batch laid out as a CHW canvas (float64) of rows of ``col_imgs`` images; one channel is
    repeated to three."""
    if tensor.shape[1] == 1:
        tensor = np.concatenate([tensor, tensor, tensor], 1)
    n, h, w = tensor.shape[0], tensor.shape[2], tensor.shape[3]
    cols = min(n, col_imgs)
    rows = int(np.ceil(float(n) / cols))
    canvas = np.zeros((3, h * rows, w * cols))
    for i in range(n):
        y, x = divmod(i, cols)
        canvas[:, y * h:(y + 1) * h, x * w:(x + 1) * w] = tensor[i]
    return canvas
