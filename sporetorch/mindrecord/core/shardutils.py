"""Shard-level helpers of MindRecord (``mindspore.mindrecord.core.shardutils``): file-name and parameter checks,
decoding of blob fields, and a thread that keeps its target's exception."""
import enum
import functools
import inspect
import os
import sys
import threading
import traceback

import numpy as np

from ..exceptions import MRMUnsupportedSchemaError, ParamValueError


class _MSRStatus(enum.Enum):
    SUCCESS = 0
    FAILED = 1


_MSRStatus.__name__ = _MSRStatus.__qualname__ = "MSRStatus"  # printed as MindSpore's C++ enum
SUCCESS = _MSRStatus.SUCCESS
FAILED = _MSRStatus.FAILED

MIN_HEADER_SIZE = 1 << 14
MAX_HEADER_SIZE = 1 << 27
MIN_PAGE_SIZE = 1 << 15
MAX_PAGE_SIZE = 1 << 28
MIN_SHARD_COUNT = 1
MAX_SHARD_COUNT = 1000
MIN_CONSUMER_COUNT = 1
MIN_FILE_SIZE = 8
VALUE_TYPE_MAP = {"int": ["int32", "int64"], "float": ["float32", "float64"], "str": "string", "bytes": "bytes",
                  "int32": "int32", "int64": "int64", "float32": "float32", "float64": "float64",
                  "ndarray": ["int32", "int64", "float32", "float64"]}
VALID_ATTRIBUTES = ["int32", "int64", "float32", "float64", "string", "bytes"]
VALID_ARRAY_ATTRIBUTES = ["int32", "int64", "float32", "float64"]


def MAX_CONSUMER_COUNT():  # noqa: N802 - MindSpore's name (a function there too)
    """The most reader threads: the machine's hardware threads."""
    return os.cpu_count() or 1


class ExceptionThread(threading.Thread):
    """A thread that keeps its target's result (``res``), or its exception, traceback text and ``exitcode`` 1."""

    def __init__(self, *args, **kwargs):
        threading.Thread.__init__(self, *args, **kwargs)
        self.res = SUCCESS
        self.exitcode = 0
        self.exception = None
        self.exc_traceback = ""

    def run(self):
        try:
            if self._target:
                self.res = self._target(*self._args, **self._kwargs)
        except Exception as err:  # noqa: BLE001 - kept for the caller
            self.exitcode = 1
            self.exception = err
            self.exc_traceback = "".join(traceback.format_exception(*sys.exc_info()))


_FORBIDDEN = set(r'\/:*?"<>|`&\';')


def check_filename(path, arg_name=""):
    """True for a usable MindRecord file path; ParamValueError for an empty or non-str path, one ending in '/',
    or a file name with one of ``\\/:*?"<>|`&;'`` or a leading/trailing space."""
    arg_name = "File path" if arg_name == "" else f"'{arg_name}'"
    if not path:
        raise ParamValueError(f"{arg_name} is not allowed None or empty!")
    if not isinstance(path, str):
        raise ParamValueError(f"File path: {path} is not string.")
    if path.endswith("/"):
        raise ParamValueError("File path can not end with '/'")
    name = os.path.basename(path)
    if set(name) & _FORBIDDEN:
        raise ParamValueError(r"File name should not contains \/:*?\"<>|`&;\'")
    if name.startswith(" ") or name.endswith(" "):
        raise ParamValueError("File name should not start/end with space.")
    return True


def check_parameter(func):
    """Decorator: check the ``file_name`` (a path or a list of paths) and ``num_consumer`` (an int in
    ``[MIN_CONSUMER_COUNT, MAX_CONSUMER_COUNT()]``) arguments of ``func``."""
    sig = inspect.signature(func)

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        for name, value in sig.bind(*args, **kwargs).arguments.items():
            if name == "file_name":
                for f in (value if isinstance(value, list) else [value]):
                    check_filename(f)
            elif name == "num_consumer":
                if value is None:
                    raise ParamValueError("Parameter num_consumer is None.")
                if not isinstance(value, int):
                    raise ParamValueError("Parameter num_consumer is not int.")
                if not MIN_CONSUMER_COUNT <= value <= MAX_CONSUMER_COUNT():
                    raise ParamValueError(f"Parameter num_consumer: {value} should between {MIN_CONSUMER_COUNT} "
                                          f"and {MAX_CONSUMER_COUNT()}.")
        return func(*args, **kwargs)
    return wrapper


def populate_data(raw, blob, columns, blob_fields, schema):
    """A row from its raw fields (those in ``schema``) and its blob fields (``columns`` of them, or all): an
    array field of ``schema`` is decoded with its type and shape, a bytes field stays bytes."""
    raw = {k: v for k, v in raw.items() if k in schema} if raw else {}
    if not blob_fields:
        return raw
    wanted = [c for c in columns if c in blob_fields] if columns else blob_fields
    for field in wanted:
        data = bytes(blob[field])
        shape = schema[field].get("shape", [])
        if shape:
            try:
                raw[field] = np.reshape(np.frombuffer(data, dtype=schema[field]["type"]), shape)
            except ValueError as err:
                raise MRMUnsupportedSchemaError("Shape in schema is illegal.") from err
        else:
            raw[field] = data
    return raw
