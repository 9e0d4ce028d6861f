"""SummaryRecord: TensorBoard event files through ``torch.utils.tensorboard`` (optional).

MindSpore writes MindInsight summaries; we write TensorBoard event files, which TensorBoard reads
directly (``tensorboard --logdir log_dir``). The values are validated as MindSpore does whether
or not the optional ``tensorboard`` package is installed; without it a warning says so once and
nothing is written, so training scripts that always open a ``SummaryRecord`` (mindcv's) still run.
"""
import os
import re
import threading
import warnings

import numpy as np

from ..._checkparam import check_str_by_regular
from ...common.tensor import Tensor
from ...ops.operations.other_ops import SUMMARY_CACHE

__all__ = ["SummaryRecord"]

_TENSOR_PLUGINS = ("tensor", "scalar", "image", "histogram")
_OTHER_PLUGINS = ("train_lineage", "eval_lineage", "dataset_graph", "custom_lineage_data", "graph", "landscape")
_lock = threading.Lock()
_warned = []


def _summary_writer_class():
    """``torch.utils.tensorboard.SummaryWriter``, or None (with a one-time warning) without tensorboard."""
    try:
        from torch.utils.tensorboard import SummaryWriter
    except ImportError:
        if not _warned:
            _warned.append(True)
            warnings.warn("SummaryRecord writes TensorBoard event files and needs the optional 'tensorboard' "
                          "package (pip install tensorboard, or the 'tensorboard' extra of sporetorch); without "
                          "it values are checked but nothing is written.", RuntimeWarning, stacklevel=3)
        return None
    return SummaryWriter


def _to_numpy(plugin, value):
    """The value as a NumPy array, checked for ``plugin`` as MindSpore checks it."""
    arr = value.asnumpy().copy()
    if plugin == "scalar":
        if arr.size != 1:
            raise ValueError(f'For "SummaryRecord", the v rank must be less than or equal to 1, but got {len(arr)}.')
        return arr.reshape(())
    if plugin == "image":
        if arr.ndim != 4:
            raise ValueError('For "SummaryRecord", the tensor seems not to hold a valid image.')
        return arr
    if arr.ndim == 0:
        raise ValueError('For "SummaryRecord", the value should not be empty.')
    return arr


class SummaryRecord:
    """Record scalars, images, histograms and tensors for one training process.

    Args:
        log_dir (str): the folder for the event file (created if missing, the last level with mode 0o700).
        file_prefix (str): accepted and checked as MindSpore does; TensorBoard names its files
            ``events.out.tfevents.<time>.<host>...``. Default: ``"events"``.
        file_suffix (str): appended to the event file's name. Default: ``"_MS"``.
        num_process (int), network (Cell), max_file_size (int), raise_exception (bool),
        export_options (dict): accepted for compatibility; ``network``'s graph is not written.

    Only one instance may be open at a time (MindSpore's ``RuntimeError`` otherwise); use it as a
    context manager or call ``close()``. ``add_value(plugin, name, value)`` queues a value,
    ``record(step)`` writes the queue (and what Summary primitives recorded since) at ``step``.

    Differences from MindSpore: TensorBoard event files instead of MindInsight summaries; a
    ``tensor`` value is written as a histogram; the ``graph``, lineage and landscape plugins are
    accepted and not written. Without the optional ``tensorboard`` package nothing is written.
    """

    count = 0

    def __init__(self, log_dir, file_prefix="events", file_suffix="_MS", num_process=32, network=None,
                 max_file_size=None, raise_exception=False, export_options=None):
        with _lock:
            self._check_count()
            SummaryRecord.count += 1
        try:
            self._initialize(log_dir, file_prefix, file_suffix, max_file_size, raise_exception)
        except (TypeError, ValueError):
            with _lock:
                SummaryRecord.count -= 1
            raise
        self.network = network
        self._mode = "train"
        self._pool = {}
        self._closed = False
        SUMMARY_CACHE["values"].clear()
        SUMMARY_CACHE["open"] = True

    def _initialize(self, log_dir, file_prefix, file_suffix, max_file_size, raise_exception):
        if not isinstance(log_dir, str) or not log_dir:
            raise ValueError(f"For 'SummaryRecord', the 'log_dir' should be a non-empty str, but got {log_dir!r}.")
        if not isinstance(max_file_size, (int, type(None))) or isinstance(max_file_size, bool):
            raise TypeError(f"For 'SummaryRecord', the 'max_file_size' should be int type, but got type "
                            f"{type(max_file_size)}")
        if not isinstance(file_prefix, str) or not isinstance(file_suffix, str):
            raise TypeError(f"For 'SummaryRecord', `file_prefix` and `file_suffix`  should be str, but got type "
                            f"{type(file_prefix) if not isinstance(file_prefix, str) else type(file_suffix)}")
        check_str_by_regular(file_prefix)
        check_str_by_regular(file_suffix)
        if not isinstance(raise_exception, bool):
            raise TypeError(f"For 'SummaryRecord', the 'raise_exception' should be bool, but got "
                            f"{type(raise_exception).__name__}.")
        self.base_log_dir = log_dir
        self.file_prefix = file_prefix
        self.file_suffix = file_suffix
        # MindSpore creates the folder (only the last level private, 0o700) with or without a writer.
        os.makedirs(log_dir, mode=0o700, exist_ok=True)
        writer_cls = _summary_writer_class()
        self._writer = writer_cls(log_dir=log_dir, filename_suffix=file_suffix) if writer_cls else None

    @classmethod
    def _check_count(cls):
        if cls.count > 0:
            raise RuntimeError(f"For '{cls.__name__}', only one instance is supported in a training process, you "
                               f"are trying to create a new one when the existing instance number is {cls.count}. "
                               "Please check your scripts.")

    def __enter__(self):
        if self._closed:
            raise ValueError("For \"SummaryRecord\", SummaryRecord has been closed, please check if close() method "
                             "is called")
        return self

    def __exit__(self, *err):
        self.close()

    def set_mode(self, mode):
        """``"train"`` or ``"eval"``; in eval mode the Summary primitives' values are not recorded."""
        if mode not in ("train", "eval"):
            raise ValueError(f"For \"SummaryRecord.set_mode\", {mode!r} is not a recognized mode, expect the "
                             "parameter \"mode\" is \"train\" or \"eval\"")
        self._mode = mode

    def add_value(self, plugin, name, value):
        """Queue ``value`` under ``name`` for ``plugin`` (``scalar``, ``image``, ``histogram``,
        ``tensor``, or a lineage/graph plugin, which is accepted and not written)."""
        if plugin in _TENSOR_PLUGINS:
            if not name or not isinstance(name, str):
                raise ValueError(f"For \"SummaryRecord\", the parameter \"name\" type should be str, but got "
                                 f"{type(name)}.")
            if not isinstance(value, Tensor):
                raise TypeError(f"For \"SummaryRecord\", the parameter \"value\" expect to be Tensor, but got "
                                f"{type(value).__name__}")
            entries = self._pool.setdefault(plugin, {})
            if name in entries:
                warnings.warn(f"For \"SummaryRecord.add_value\", '{name}/{plugin}' has duplicate values. Only the "
                              "newest one will be recorded.", stacklevel=2)
            entries[name] = _to_numpy(plugin, value)
        elif plugin not in _OTHER_PLUGINS:
            raise ValueError(f"For \"SummaryRecord.add_value\", no such \"plugin\" of {plugin!r} , expect value is one "
                             "of [tensor, scalar, image, histogram, train_lineage, eval_lineage, dataset_graph, "
                             "custom_lineage_data, graph, landscape]")

    def record(self, step, train_network=None, plugin_filter=None):
        """Write the queued values at ``step``; returns False (and writes nothing) once closed."""
        if isinstance(step, bool) or not isinstance(step, int):
            raise TypeError(f"The type of 'step' should be 'int', but got type '{type(step).__name__}'.")
        if self._closed:
            return False
        if self._mode == "train":
            for key, value in list(SUMMARY_CACHE["values"].items()):
                m = re.match(r"(.+)\[:(.+)\]", key)
                if m:
                    self.add_value(m.group(2).lower(), m.group(1), value)
        SUMMARY_CACHE["values"].clear()
        pool, self._pool = self._pool, {}
        if self._writer is None:
            return True
        for plugin, entries in pool.items():
            if plugin_filter is not None and not plugin_filter(plugin):
                continue
            for tag, arr in entries.items():
                if plugin == "scalar":
                    self._writer.add_scalar(tag, float(arr), step)
                elif plugin == "image":
                    self._writer.add_images(tag, np.asarray(arr, np.float32), step, dataformats="NCHW")
                elif arr.size:  # TensorBoard has no empty histograms
                    self._writer.add_histogram(tag, np.asarray(arr, np.float64), step)
        return True

    @property
    def log_dir(self):
        """The path of the event file (the folder when nothing is written)."""
        if self._writer is None:
            return self.base_log_dir
        return self._writer.file_writer.event_writer._file_name

    def flush(self):
        """Write pending events to disk."""
        if self._writer is not None and not self._closed:
            self._writer.flush()

    def close(self):
        """Flush and close the event file; the instance count drops so a new one may be opened."""
        if self._closed:
            return
        if self._writer is not None:
            self._writer.close()
        self._closed = True
        SUMMARY_CACHE["open"] = False
        SUMMARY_CACHE["values"].clear()
        with _lock:
            SummaryRecord.count -= 1


_summary_lock = threading.Lock()


def _cache_summary_tensor_data(summary):
    """Cache ``summary`` (``[{"name": tag, "data": value}, ...]``) for the next ``SummaryRecord.record``;
    returns True."""
    with _summary_lock:
        for item in summary:
            SUMMARY_CACHE["values"][item["name"]] = item["data"]
        return True


def _get_summary_tensor_data():
    """The cached summary values (``{name: value}``), the cache emptied."""
    with _summary_lock:
        data = dict(SUMMARY_CACHE["values"])
        SUMMARY_CACHE["values"].clear()
        return data


def _record_summary_tensor_data():
    """Move the values recorded by the summary ops into the cache ``SummaryRecord.record`` reads. sporetorch's
    summary ops write to that cache as they run, so nothing is pending here."""


# numpy scalar type -> summary proto DataType name (anf_ir.proto's DataType)
_NP_TO_PROTO = {np.bool_: "DT_BOOL", np.int8: "DT_INT8", np.int16: "DT_INT16", np.int32: "DT_INT32",
                np.int64: "DT_INT64", np.uint8: "DT_UINT8", np.uint16: "DT_UINT16", np.uint32: "DT_UINT32",
                np.uint64: "DT_UINT64", np.float16: "DT_FLOAT16", np.float32: "DT_FLOAT32", np.float64: "DT_FLOAT64",
                None: "DT_UNDEFINED"}


def _nptype_to_prototype(np_value):
    """The summary proto DataType name of a numpy array's dtype (``"DT_FLOAT32"``, ...)."""
    proto = _NP_TO_PROTO.get(None if np_value is None else np_value.dtype.type)
    if proto is None:
        raise TypeError("Transform numpy type failed in Summary, expect numpy type is one of ['np.bool_', 'np.int8', "
                        "'np.int16', 'np.int32', 'np.int64', 'np.uint8', 'np.uint16', 'np.uint32', 'np.uint64', "
                        "'np.float16', 'np.float32', 'np.float64'].")
    return proto


_DEFAULT_EXPORT_OPTIONS = {"tensor_format": {"npy", None}}


def process_export_options(export_options):
    """Check ``SummaryRecord``'s ``export_options`` (``{"tensor_format": "npy" or None}``) and return it."""
    from .._utils import check_value_type
    if export_options is None:
        return None
    check_value_type("export_options", export_options, [dict, type(None)])
    for option, fmt in export_options.items():
        check_value_type("export_option", option, [str])
        check_value_type("export_format", fmt, [str, type(None)])
    unexpected = set(export_options) - set(_DEFAULT_EXPORT_OPTIONS)
    if unexpected:
        raise ValueError(f'For "SummaryRecord", the keys {unexpected} of "export_options" are unsupported, '
                         f'expect the follow keys: {list(_DEFAULT_EXPORT_OPTIONS.keys())}')
    for option, fmt in export_options.items():
        bad = {fmt} - _DEFAULT_EXPORT_OPTIONS.get(option)
        if bad:
            raise ValueError(f'For "SummaryRecord", the export_format {bad} of "export_options" are unsupported '
                             f'for {option}, expect the follow values: {list(_DEFAULT_EXPORT_OPTIONS.get(option))}')
    return export_options
