"""Small public helpers of ``mindspore.dataset`` and its enum-like constants."""
import enum
import importlib
import json
import types

import numpy as np

from .datasets_standard_format import Shuffle

GeneratorType = types.GeneratorType
Enum = enum.Enum
MAX_METADATA_LENGTH = 10
import_module = importlib.import_module


class Implementation(enum.Enum):
    """Where a transform runs: Python or C++ (both are Python here)."""
    PY = "Python"
    C = "C"


class SentencePieceModel(enum.Enum):
    """SentencePiece model types."""
    UNIGRAM = 0
    BPE = 1
    CHAR = 2
    WORD = 3


DE_C_INTER_SENTENCEPIECE_MODE = {m: m.value for m in SentencePieceModel}
ShuffleToShuffleMode = {Shuffle.FILES: "files", Shuffle.GLOBAL: "global", Shuffle.INFILE: "infile"}
OffloadToManualOffloadMode = {None: "unspecified", False: "disabled", True: "enabled"}


def shuffle_to_shuffle_mode(shuffle):
    """The shuffle mode a source's ``shuffle`` argument stands for."""
    if shuffle is True or shuffle is None:
        return Shuffle.GLOBAL
    if shuffle is False:
        return False
    if isinstance(shuffle, Shuffle):
        return shuffle
    raise TypeError(f"The 'shuffle' must be a bool or a Shuffle mode, but got {shuffle!r}")


def replace_none(value, default):
    """``value``, or ``default`` when it is None."""
    return default if value is None else value


def to_list(items):
    """``items`` as a list (None stays None; a single item becomes a one-element list)."""
    if items is None:
        return None
    if isinstance(items, tuple):
        return list(items)
    if not isinstance(items, list):
        return [items]
    return items


def flatten_single_lists(nested_list):
    """Unwrap lists of a single element, recursively."""
    out = []
    for item in nested_list:
        if isinstance(item, list):
            item = flatten_single_lists(item)
            if len(item) == 1:
                item = item[0]
        out.append(item)
    return out


def select_sampler(num_samples, input_sampler, shuffle, num_shards, shard_id):
    """The sampler that a source's sampling arguments describe."""
    from .samplers import _build_sampler
    flag = None if shuffle is None else shuffle is not False
    return _build_sampler("select_sampler", input_sampler, flag, num_samples, num_shards, shard_id)


_MSTYPE_NAMES = ["bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16",
                 "float32", "float64", "string"]


def _mstypes():
    from ...common import dtype as mstype
    return {k: getattr(mstype, n, None) for k, n in enumerate(_MSTYPE_NAMES)}


class _LazyMap(dict):
    def __init__(self, build):
        super().__init__()
        self._build = build

    def _fill(self):
        if not dict.__len__(self):
            self.update(self._build())

    def __getitem__(self, key):
        self._fill()
        return dict.__getitem__(self, key)

    def __iter__(self):
        self._fill()
        return dict.__iter__(self)

    def __len__(self):
        self._fill()
        return dict.__len__(self)

    def items(self):
        self._fill()
        return dict.items(self)


int_to_mstype = _LazyMap(_mstypes)
mstype_to_int = _LazyMap(lambda: {v: k for k, v in _mstypes().items() if v is not None})


def mstype_to_detype(type_):
    """The NumPy dtype the pipeline uses for MindSpore dtype ``type_``."""
    from ...common import dtype as mstype
    if type_ == getattr(mstype, "string", object()):
        return np.dtype(str)
    return np.dtype(mstype.dtype_to_nptype(type_))


def _describe(node):
    params = {k: v for k, v in vars(node).items() if not k.startswith("_") and k != "children"
              and isinstance(v, (int, float, str, bool, type(None), list, tuple))}
    return {"op_type": type(node).__name__, "num_parallel_workers": node.num_parallel_workers,
            **{k: list(v) if isinstance(v, tuple) else v for k, v in params.items() if k != "num_parallel_workers"},
            "children": [_describe(c) for c in node.children]}


def serialize(dataset, json_filepath=""):
    """The pipeline as a JSON-able dict (written to ``json_filepath`` when given)."""
    doc = _describe(dataset)
    if json_filepath:
        with open(json_filepath, "w", encoding="utf-8") as fh:
            json.dump(doc, fh, indent=2, default=str)
    return doc


def show(dataset, indentation=2):
    """Print the pipeline as JSON."""
    print(json.dumps(serialize(dataset), indent=indentation, default=str))


def compare(pipeline1, pipeline2):
    """Whether two pipelines have the same structure and parameters."""
    return json.dumps(serialize(pipeline1), default=str) == json.dumps(serialize(pipeline2), default=str)


def encrypt(filename, enc_key, enc_mode):
    """Encrypted data files are not supported (see ``mindrecord.set_enc_key``)."""
    raise NotImplementedError("Encrypting dataset files is not supported by sporetorch")


def worker_is_alive(worker):
    """Whether a worker process is still running."""
    return worker.is_alive()


def close_worker(worker, eof=None):
    """Stop a worker process and reap it (no zombie is left)."""
    if eof is not None:
        eof.set()
    if worker.is_alive():
        worker.terminate()
    worker.join()


class FuncWrapper:
    """Wrap a Python callable as a pipeline operation; errors name the function."""

    def __init__(self, transform):
        if not callable(transform):
            raise ValueError(f"FuncWrapper needs a callable, but got {transform!r}")
        self.transform = transform

    def __call__(self, *args):
        try:
            return self.transform(*args)
        except Exception as err:
            name = getattr(self.transform, "__name__", type(self.transform).__name__)
            raise RuntimeError(f"Exception in python function {name}: {type(err).__name__}: {err}") from err


class ExceptionHandler:
    """Keep an exception raised in a worker and raise it again in the main process."""

    def __init__(self, except_info=None, where="in python function"):
        import sys
        import traceback
        self.except_type, self.except_value, tb = except_info or sys.exc_info()
        self.where = where
        self.except_msg = "".join(traceback.format_exception(self.except_type, self.except_value, tb))

    def reraise(self):
        if self.except_value is None:
            raise RuntimeError(f"Caught an unknown exception {self.where}")
        raise self.except_value


class DebugHook:
    """Base class of debug hooks inserted between operations: ``compute(*args)`` sees the
    data and returns it."""

    def __init__(self, prev_op_name=None):
        self.prev_op_name = prev_op_name

    def __call__(self, *args):
        self.compute(*args)
        return args if len(args) != 1 else args[0]

    def compute(self, *args):
        """Look at the data (override)."""

    def set_previous_op_name(self, prev_op_name):
        self.prev_op_name = prev_op_name


class DatasetCache:
    """A cache server session. Differences from MindSpore: there is no cache server; the
    object is accepted by the sources' ``cache`` argument and caches nothing."""

    def __init__(self, session_id, size=0, spilling=False, hostname=None, port=None, num_connections=None,
                 prefetch_size=None):
        if isinstance(session_id, bool) or not isinstance(session_id, int) or session_id < 0:
            raise ValueError(f"For 'DatasetCache', 'session_id' must be a non-negative int, but got {session_id!r}")
        self.session_id, self.size, self.spilling = session_id, size, spilling
        self.hostname, self.port, self.num_connections, self.prefetch_size = hostname, port, num_connections, \
            prefetch_size

    def get_stat(self):
        return {"mem_cached": 0, "disk_cached": 0, "avg_cache_sz": 0, "num_numa_hit": 0}


class LineReader:
    """Random access to the lines of a text file (``readline(n)`` is line ``n``, 1-based)."""

    def __init__(self, filename):
        import os
        if not os.path.isfile(filename):
            raise ValueError(f"For 'LineReader', the file {filename} does not exist")
        self.filename = filename
        self._offsets = [0]
        with open(filename, "rb") as fh:
            for line in fh:
                self._offsets.append(self._offsets[-1] + len(line))
        self._offsets.pop()
        self._fh = None

    def len(self):
        return len(self._offsets)

    def __len__(self):
        return len(self._offsets)

    def readline(self, line):
        if not 1 <= line <= len(self._offsets):
            raise ValueError(f"For 'LineReader', line {line} is out of range [1, {len(self._offsets)}]")
        if self._fh is None:
            self._fh = open(self.filename, "rb")
        self._fh.seek(self._offsets[line - 1])
        return self._fh.readline().decode("utf-8")

    def close(self):
        if self._fh is not None:
            self._fh.close()
            self._fh = None


class BlockReleasePair:
    """The counter behind ``sync_wait``: rows may pass while fewer than ``release rows`` went by."""

    def __init__(self, init_release_rows, callback=None):
        import threading
        if isinstance(init_release_rows, bool) or not isinstance(init_release_rows, int) or init_release_rows <= 0:
            raise ValueError(f"BlockReleasePair needs a positive row count, but got {init_release_rows!r}")
        self.row_count = -init_release_rows
        self.cv = threading.Condition()
        self.callback = callback
        self.default_rows = init_release_rows
        self.disable = False

    def release_func(self, pass_rows=None, data=None):
        with self.cv:
            self.row_count -= self.default_rows if pass_rows is None else pass_rows
            if self.callback is not None:
                self.callback(data)
            self.cv.notify_all()

    def block_func(self, timeout=None):
        with self.cv:
            ok = self.cv.wait_for(lambda: self.row_count < 0 or self.disable, timeout=timeout)
            if ok:
                self.row_count += 1
            return ok

    def disable_lock(self):
        with self.cv:
            self.disable = True
            self.cv.notify_all()
