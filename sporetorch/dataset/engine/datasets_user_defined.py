"""Sources from Python data: ``GeneratorDataset`` and ``NumpySlicesDataset``."""
import functools
import itertools
import multiprocessing
import os
import pickle
import platform
import queue
import signal
import threading

import numpy as np

from ._rows import _to_array
from .datasets import MappableDataset, _ArrayColumnsDataset


def _check_row(op, row, names, index):
    if not isinstance(row, (tuple, list)):
        row = (row,)
    if len(row) != len(names):
        raise RuntimeError(f"For '{op}', row {index} of the source has {len(row)} columns, but column_names "
                           f"has {len(names)}: {names}")
    try:
        return tuple(_to_array(v, c, op) for c, v in zip(names, row))
    except ValueError as err:
        raise ValueError(f"{err} (row {index} of the source)") from None


class GeneratorDataset(MappableDataset):
    """A dataset read from Python: a random-access object (``__getitem__`` + ``__len__``),
    an iterable, or a callable returning an iterator (a generator function).

    Args:
        source: the data. Each item is one row: a tuple with one value per column.
        column_names (str or list[str]): the column names.
        num_samples (int, optional): at most this many rows per epoch.
        num_parallel_workers (int): with a random-access source and
            ``python_multiprocessing=True``, read rows in this many worker processes. Default: 1.
        shuffle (bool, optional): shuffle a random-access source (default True there);
            iterable sources are read in order.
        sampler, num_shards, shard_id: as for every source; random-access sources only.

    Outputs: rows of NumPy arrays (Tensors through the iterators).
    """

    def __init__(self, source, column_names=None, column_types=None, schema=None, num_samples=None,
                 num_parallel_workers=1, shuffle=None, sampler=None, num_shards=None, shard_id=None,
                 python_multiprocessing=True, max_rowsize=None, batch_sampler=None, collate_fn=None):
        if column_names is None:
            raise ValueError("For 'GeneratorDataset', 'column_names' must be given (a str or a list of str)")
        names = [column_names] if isinstance(column_names, str) else list(column_names)
        if not names or not all(isinstance(c, str) for c in names) or len(set(names)) != len(names):
            raise ValueError(f"For 'GeneratorDataset', 'column_names' must be distinct strs, but got {column_names!r}")
        self._names = names
        self.source = source
        self._random_access = hasattr(source, "__getitem__") and hasattr(source, "__len__")
        if not self._random_access:
            if not (callable(source) or hasattr(source, "__iter__")):
                raise TypeError("For 'GeneratorDataset', 'source' must be a random-access object, an iterable "
                                f"or a callable returning an iterator, but got {type(source).__name__}")
            if sampler is not None or num_shards is not None or shuffle:
                raise ValueError("For 'GeneratorDataset', 'sampler', 'shuffle=True' and 'num_shards' need a "
                                 "random-access source (with __getitem__ and __len__)")
            shuffle = False
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         python_multiprocessing)
        self._iter_count = None

    def _column_names(self):
        return list(self._names)

    def _num_rows(self):
        if self._random_access:
            return len(self.source)
        if self._iter_count is None:
            self._iter_count = sum(1 for _ in self._iterate())
        return self._iter_count

    def _read_row(self, index):
        return _check_row("GeneratorDataset", self.source[index], self._names, index)

    def _iterate(self):
        return iter(self.source()) if callable(self.source) and not hasattr(self.source, "__iter__") \
            else iter(self.source)

    def _size(self):
        if self._random_access:
            return super()._size()
        n = self._num_rows()
        return n if self.sampler.num_samples is None else min(n, self.sampler.num_samples)

    def _rows(self, ctx):
        if self._random_access:
            yield from super()._rows(ctx)
            return
        limit = self.sampler.num_samples
        for k, row in enumerate(self._iterate()):
            if limit is not None and k >= limit:
                return
            yield _check_row("GeneratorDataset", row, self._names, k)


class NumpySlicesDataset(_ArrayColumnsDataset):
    """Rows sliced along the first axis of in-memory data.

    Args:
        data: a list or NumPy array (one column ``column_0``), a tuple of them (columns
            ``column_0``, ``column_1``, ...) or a dict ``{name: values}``.
        column_names (list[str], optional): names for the columns.
        num_samples, num_parallel_workers, shuffle (default True), sampler, num_shards, shard_id:
            as for every source.
    """

    def __init__(self, data, column_names=None, num_samples=None, num_parallel_workers=1, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None):
        if isinstance(data, dict):
            names, columns = list(data.keys()), list(data.values())
        elif isinstance(data, tuple):
            names, columns = [f"column_{k}" for k in range(len(data))], list(data)
        elif isinstance(data, (list, np.ndarray)):
            names, columns = ["column_0"], [data]
        else:
            raise TypeError(f"For 'NumpySlicesDataset', 'data' must be a list, tuple, dict or NumPy array, "
                            f"but got {type(data).__name__}")
        if column_names is not None:
            column_names = [column_names] if isinstance(column_names, str) else list(column_names)
            if len(column_names) != len(names):
                raise ValueError(f"For 'NumpySlicesDataset', {len(column_names)} column_names were given for "
                                 f"{len(names)} columns")
            names = column_names
        arrays = [_to_array(col, name, "NumpySlicesDataset") for name, col in zip(names, columns)]
        for name, arr in zip(names, arrays):
            if arr.ndim == 0:
                raise ValueError(f"For 'NumpySlicesDataset', the column '{name}' is a scalar; it needs a first "
                                 "axis to slice rows from")
        lengths = {len(a) for a in arrays}
        if len(lengths) != 1:
            raise ValueError("For 'NumpySlicesDataset', data length in each column is not equal: "
                             + ", ".join(f"'{n}' has {len(a)}" for n, a in zip(names, arrays)))
        self._names = names
        self._arrays = arrays
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id)


class PaddedDataset(_ArrayColumnsDataset):
    """Rows given as a list of dicts (``{column: value}``), e.g. to pad a sharded data set
    so every shard gets the same number of rows."""

    def __init__(self, padded_samples):
        if not isinstance(padded_samples, list) or not padded_samples or \
                not all(isinstance(s, dict) for s in padded_samples):
            raise TypeError("For 'PaddedDataset', 'padded_samples' must be a non-empty list of dicts")
        names = list(padded_samples[0])
        for k, s in enumerate(padded_samples):
            if list(s) != names:
                raise ValueError(f"For 'PaddedDataset', sample {k} has the columns {list(s)}, not {names}")
        self._names = names
        self._rows_list = [tuple(_to_array(s[c], c, "PaddedDataset") for c in names) for s in padded_samples]
        self._arrays = (self._rows_list,)
        super().__init__(None, 1, False)

    def _read_row(self, index):
        return self._rows_list[index]


_SCHEMA_TYPES = ("bool", "int8", "uint8", "int16", "uint16", "int32", "uint32", "int64", "uint64", "float16",
                 "float32", "float64", "string", "bytes")


def _type_name(de_type):
    name = de_type if isinstance(de_type, str) else str(de_type).lower()
    name = {"bool_": "bool", "str": "string"}.get(name, name)
    if name not in _SCHEMA_TYPES:
        raise ValueError(f"For 'Schema', the column type {de_type!r} is not one of {_SCHEMA_TYPES}")
    return name


class Schema:
    """Column names, types and shapes of a data set (``RandomDataset``, ``GeneratorDataset(schema=...)``).

    Args:
        schema_file (str, optional): a JSON file ``{"columns": {name: {"type": t, "rank": r,
            "shape": [...]}}, "numRows": n}`` to read.
    """

    def __init__(self, schema_file=None):
        self.columns = []
        self.num_rows = None
        self.dataset_type = ""
        if schema_file is not None:
            import json
            with open(schema_file, encoding="utf-8") as fh:
                self.from_json(json.load(fh))

    def add_column(self, name, de_type, shape=None):
        """Add a column of type ``de_type`` (a MindSpore dtype or its name) and ``shape``."""
        if not isinstance(name, str) or not name:
            raise TypeError(f"For 'Schema.add_column', 'name' must be a non-empty str, but got {name!r}")
        column = {"name": name, "type": _type_name(de_type)}
        if shape is not None:
            column["shape"] = [int(d) for d in shape]
            column["rank"] = len(column["shape"])
        self.columns.append(column)

    def parse_columns(self, columns):
        """Replace the columns with ``columns`` (a list of dicts or ``{name: {type, shape}}``)."""
        self.columns = []
        items = columns.items() if isinstance(columns, dict) else ((c["name"], c) for c in columns)
        for name, spec in items:
            self.add_column(name, spec["type"], spec.get("shape"))

    def from_json(self, json_obj):
        self.parse_columns(json_obj["columns"])
        self.num_rows = json_obj.get("numRows")
        self.dataset_type = json_obj.get("datasetType", "")

    def to_json(self):
        import json
        doc = {"columns": {c["name"]: {k: v for k, v in c.items() if k != "name"} for c in self.columns}}
        if self.num_rows is not None:
            doc["numRows"] = self.num_rows
        return json.dumps(doc, indent=2)

    def __str__(self):
        return self.to_json()

    def get_num_rows(self):
        return self.num_rows


class RandomDataset(MappableDataset):
    """Random rows following a ``Schema`` (or random columns when none is given).

    Args:
        total_rows (int, optional): rows per epoch. Default: the schema's ``numRows`` or a
            random number in [1, 1024].
        schema (Schema or str, optional): the columns; shapes default to random 1-D sizes.
        columns_list (list[str], optional): keep these columns.
        num_samples, num_parallel_workers, shuffle, num_shards, shard_id: as for every source.

    The values are uniform random numbers from a generator seeded by ``config.set_seed``.
    """

    def __init__(self, total_rows=None, schema=None, columns_list=None, num_samples=None, num_parallel_workers=None,
                 cache=None, shuffle=None, num_shards=None, shard_id=None):
        if isinstance(schema, str):
            schema = Schema(schema)
        from ..core import config
        rng = config._rng(0xDA7A)
        if schema is None:
            schema = Schema()
            for k in range(int(rng.integers(1, 4))):
                schema.add_column(f"c{k}", str(rng.choice(["uint8", "int32", "float32"])),
                                  [int(rng.integers(1, 5))])
        columns = [c for c in schema.columns if columns_list is None or c["name"] in columns_list]
        if not columns:
            raise ValueError("For 'RandomDataset', the schema has no columns to generate")
        self._names = [c["name"] for c in columns]
        self._specs = [(c["type"], c.get("shape") or [int(rng.integers(1, 5))]) for c in columns]
        rows = total_rows or schema.num_rows or int(rng.integers(1, 1025))
        self._total = int(rows)
        self._seed = int(rng.integers(2 ** 31))
        super().__init__(num_samples, num_parallel_workers, shuffle, None, num_shards, shard_id)

    def _column_names(self):
        return list(self._names)

    def _num_rows(self):
        return self._total

    def _read_row(self, index):
        rng = np.random.default_rng([self._seed, index])
        out = []
        for kind, shape in self._specs:
            if kind in ("string", "bytes"):
                out.append(np.array(str(rng.integers(1 << 30))))
            elif kind == "bool":
                out.append(rng.integers(0, 2, size=shape).astype(bool))
            elif kind.startswith(("int", "uint")):
                info = np.iinfo(kind)
                out.append(rng.integers(max(info.min, -1000), min(info.max, 1000), size=shape).astype(kind))
            else:
                out.append(rng.random(size=shape).astype(kind))
        return tuple(out)


# ------------------------------------------------------------------ MindSpore's GeneratorDataset helpers
# The source-reading helpers of MindSpore 2.10's GeneratorDataset engine, with its behaviour: row conversion,
# the sampler-driven readers, the round-robin index dealing of its workers and the small source wrappers.
def _check_shm_usage(num_worker, queue_size, in_rowsize, out_rowsize):
    """RuntimeError when the shared-memory queues of ``num_worker`` workers (``queue_size + 2`` slots of
    ``in_rowsize + out_rowsize`` MB each, times the devices of the job, 8 at most) would take 80 % or more of the
    free space of ``/dev/shm``. Dynamic row sizes (-1) and non-Linux systems are not checked."""
    import platform
    import shutil
    if platform.system().lower() in {"windows", "darwin"} or in_rowsize == -1 or out_rowsize == -1:
        return
    from ...communication.management import get_group_size
    try:
        devices = get_group_size()
    except RuntimeError:  # communication not initialised: one device
        devices = 1
    devices = min(devices, 8) if devices > 1 else devices
    need = devices * num_worker * (queue_size + 2) * (in_rowsize + out_rowsize) * 1024 * 1024
    try:
        free = shutil.disk_usage("/dev/shm").free
    except FileNotFoundError as exc:
        raise RuntimeError("Expected /dev/shm to exist.") from exc
    if need >= 0.8 * free:
        raise RuntimeError(
            f"Insufficient shared memory available. Required: {need}, Available: {free}. The required memory can't "
            "exceed 80% of the available shared memory, it's recommended to reduce memory usage by following "
            "methods:\n1. reduce value of parameter max_rowsize or num_parallel_workers.\n2. reduce prefetch size by "
            "set_prefetch_size().\n3. disable shared memory by set_enable_shared_mem().")


def _convert_row(row):
    """A source's row as a tuple of NumPy arrays (a dict stays a dict; a Tensor becomes its array). A value that
    converts only to an object array raises TypeError."""
    from ...common.tensor import Tensor
    if isinstance(row, (int, float, str, bytes, np.ndarray, Tensor, np.number, np.bool_)):
        if isinstance(row, Tensor):
            return (row.asnumpy(),)
        item = np.asarray(row)
        if item.dtype == object:
            raise TypeError("Data type of the input or its converted Numpy array is expected to be int or float or "
                            f"str, but got {item.dtype}.")
        return (item,)
    if isinstance(row, dict):
        return (row,)
    out = []
    for idx, x in enumerate(row, 1):
        if isinstance(x, Tensor):
            out.append(x.asnumpy())
        elif isinstance(x, dict):
            out.append(x)
        else:
            item = np.asarray(x)
            if item.dtype == object:
                raise TypeError(f"Data type of {idx}th item of the input or its converted Numpy array is expected to "
                                f"be int or float or str, but got {item.dtype}.")
            out.append(item)
    return tuple(out)


def _limited(iterator, num_samples):
    if num_samples:  # None or 0: everything
        for _ in range(num_samples):
            try:
                yield _convert_row(next(iterator))
            except StopIteration:
                return
    else:
        for val in iterator:
            yield _convert_row(val)


def _iter_fn(dataset, num_samples):
    """The converted rows of an iterable source (the first ``num_samples`` when given and non-zero)."""
    return _limited(iter(dataset), num_samples)


def _generator_fn(generator, num_samples):
    """The converted rows of a generator function's generator (the first ``num_samples`` when given)."""
    return _limited(generator(), num_samples)


def _check_sample_ids(sample_ids):
    if not isinstance(sample_ids, np.ndarray):
        raise RuntimeError("Sample IDs are not in a numpy array.")
    if sample_ids.size == 0:
        raise RuntimeError("Sampler passed an empty sample IDs list.")


def _cpp_sampler_fn(dataset, sample_ids):
    """The converted rows ``dataset[i]`` of a random-access source for the sampler's ``sample_ids`` (an array)."""
    _check_sample_ids(sample_ids)
    for i in sample_ids:
        yield _convert_row(dataset[i])


def _cpp_sampler_fn_mp(sample_fn, sample_ids):
    """``sample_fn.process(sample_ids)``: the same rows read by a pool of workers."""
    _check_sample_ids(sample_ids)
    return sample_fn.process(sample_ids)


def _generator_fn_wrapper(function, *args):
    """``function`` with ``args`` bound first (a picklable partial)."""
    return functools.partial(function, *args)


def _fill_worker_indices(workers, indices, idx_cursor, worker_to_quit):
    """Deal ``indices[idx_cursor:]`` to the workers' queues round robin until one is full; once all are dealt, put
    one "QUIT" on each worker's queue not yet in ``worker_to_quit``. Returns ``(idx_cursor, worker_to_quit)``."""
    n = len(workers)
    if idx_cursor < len(indices):
        while idx_cursor < len(indices):
            try:
                workers[idx_cursor % n].put(indices[idx_cursor])
            except queue.Full:
                break
            idx_cursor += 1
        return idx_cursor, worker_to_quit
    for i in range(n):
        if str(i) not in worker_to_quit:
            try:
                workers[i].put("QUIT")
                worker_to_quit[str(i)] = "QUIT"
            except queue.Full:
                continue
    return idx_cursor, worker_to_quit


def _ignore_sigint(is_multiprocessing):
    """Worker processes ignore Ctrl-C (the main process stops them)."""
    if is_multiprocessing:
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def _main_process_already_exit(eof, is_multiprocessing, idx_queue, result_queue, ppid):
    """Whether a worker should stop: ``eof`` is set or (worker process) the main process ``ppid`` is gone; a
    stopping worker process does not wait for its queues' feeder threads."""
    gone = eof.is_set()
    if not gone and is_multiprocessing and platform.system().lower() != "windows":
        try:
            os.kill(ppid, 0)
        except ProcessLookupError:
            gone = True
        except PermissionError:
            pass
    if gone and is_multiprocessing:
        idx_queue.cancel_join_thread()
        result_queue.cancel_join_thread()
    return gone


class _GeneratorWrapper:
    """A one-shot generator made iterable several times (each ``iter`` replays it from the start)."""

    def __init__(self, generator):
        self.generator = generator
        self.generator_new, self.generator = itertools.tee(self.generator)

    def __iter__(self):
        self.generator_new, self.generator = itertools.tee(self.generator)
        return self

    def __next__(self):
        return next(self.generator_new)


class _PickleGeneratorSource:
    """A random-access source that pickles by value (what spawned worker processes need)."""

    def __init__(self, dataset):
        self.dataset = dataset

    def __getitem__(self, index):
        return self.dataset[index]

    def __len__(self):
        return len(self.dataset)

    def __getstate__(self):
        return pickle.dumps(self.dataset)

    def __setstate__(self, state):
        self.dataset = pickle.loads(state)  # noqa: S301 - state written by __getstate__ of this process's source


class _NumpySlicesDataset:
    """The random-access source of NumpySlicesDataset: ``data`` (a list, a tuple of columns, or a dict of columns,
    pandas-like columns included) sliced along the first axis; columns are named from the dict keys,
    ``column_list``, or ``column_<k>``."""

    def __init__(self, data, column_list=None):
        self.column_list = None
        if isinstance(data, dict):
            data = self.process_dict(data)
        self.data = data if isinstance(data, tuple) else (data,)
        lengths = [len(col) for col in self.data]
        if lengths[1:] != lengths[:-1]:
            raise ValueError("Data length in each column is not equal.")
        if column_list is not None:
            self.column_list = column_list
        elif self.column_list is None:
            self.column_list = [f"column_{k}" for k in range(len(self.data))]

    def __getitem__(self, index):
        return tuple(col[index] for col in self.data)

    def __len__(self):
        return len(self.data[0])

    def process_dict(self, input_data):
        """The columns of a dict as a tuple of lists (``.values`` of pandas-like columns); keys name them."""
        keys = list(input_data.keys())
        if hasattr(input_data[keys[0]], "values"):
            input_data = {k: input_data.pop(k).values for k in keys}
        self.column_list = keys
        return tuple(list(input_data[k]) for k in keys)


class _PaddedDataset:
    """The source of PaddedDataset: a list of dicts, columns named by the first dict's keys."""

    def __init__(self, padded_samples):
        self.column_names = list(padded_samples[0].keys())
        self.padded_samples = padded_samples

    def __getitem__(self, item):
        return (self.padded_samples[item][key] for key in self.column_names)

    def __len__(self):
        return len(self.padded_samples)


def _generator_worker_loop(dataset, idx_queue, result_queue, eof, is_multiprocessing, worker_id, ppid=-1,
                           video_backend=None):
    """The loop of a GeneratorDataset worker (thread or process): read an index from ``idx_queue``, put
    ``dataset[index]`` (or the ExceptionHandler of its error) on ``result_queue``; "QUIT" releases the thread's
    executors and goes on; ``None`` or ``eof`` ends the loop (``None`` before ``eof`` raises). A worker process
    seeds itself with ``seed + worker_id`` when a seed was set and ignores Ctrl-C."""
    from ..core import config
    from ..transforms.transforms import clean_unused_executors
    from ._utils import ExceptionHandler
    if is_multiprocessing:
        if video_backend is not None:
            config.set_video_backend(video_backend)
        result_queue.cancel_join_thread()
        if config.get_seed() != 5489:
            config.set_seed(config.get_seed() + worker_id)
    while not eof.is_set():
        _ignore_sigint(is_multiprocessing=is_multiprocessing)
        try:
            idx = idx_queue.get(timeout=1)
        except queue.Empty:
            if _main_process_already_exit(eof, is_multiprocessing, idx_queue, result_queue, ppid):
                return
            continue
        if isinstance(idx, str) and idx == "QUIT":
            clean_unused_executors()
            continue
        if idx is None:
            if not eof.is_set():
                raise Exception("")  # noqa: TRY002 - MindSpore's worker raises a bare Exception here
            return
        if eof.is_set():
            return
        try:
            result = dataset[idx]
        except Exception:  # noqa: BLE001 - handed to the main process, which raises it
            result = ExceptionHandler(where="in GeneratorDataset worker process")
        while not eof.is_set():
            try:
                result_queue.put(result, timeout=5)
            except queue.Full:
                if _main_process_already_exit(eof, is_multiprocessing, idx_queue, result_queue, ppid):
                    return
                continue
            break


class _WorkerQueues:
    """put/get/queue_empty/queue_full of a GeneratorDataset worker (its index and result queues)."""

    def put(self, item):
        """Queue an index; never blocks (``queue.Full`` when full)."""
        self.idx_queue.put_nowait(item)

    def get(self):
        """The next result (waits up to 30 s)."""
        return self.res_queue.get(timeout=30)

    def queue_empty(self):
        from ... import log as logger
        for name in ("idx_queue", "res_queue"):
            if not getattr(self, name).empty():
                logger.warning(f"{name} is not empty")
                return False
        return True

    def queue_full(self):
        return self.idx_queue.full()


class _GeneratorWorkerMt(_WorkerQueues, threading.Thread):
    """A GeneratorDataset worker thread (queues of 16)."""

    def __init__(self, dataset, eof, worker_id):
        self.idx_queue = queue.Queue(16)
        self.res_queue = queue.Queue(16)
        threading.Thread.__init__(self, target=_generator_worker_loop,
                                  args=(dataset, self.idx_queue, self.res_queue, eof, False, worker_id),
                                  name="GeneratorWorkerThread" + str(worker_id))


class _GeneratorWorkerMp(_WorkerQueues, multiprocessing.Process):
    """A GeneratorDataset worker process (a shared-memory-style result queue when shared memory is enabled)."""

    def __init__(self, dataset, eof, max_rowsize, queue_size, ppid, count, worker_id):
        from ..core.config import _get_enable_shared_mem, get_video_backend
        from .queue import _SharedQueue
        self.idx_queue = multiprocessing.Queue(queue_size)
        if _get_enable_shared_mem():
            self.res_queue = _SharedQueue(queue_size, count, max_rowsize=max_rowsize)
        else:
            self.res_queue = multiprocessing.Queue(queue_size)
        self.idx_queue.cancel_join_thread()
        backend = get_video_backend() if multiprocessing.get_start_method() == "spawn" else None
        multiprocessing.Process.__init__(self, target=_generator_worker_loop,
                                         args=(dataset, self.idx_queue, self.res_queue, eof, True, worker_id, ppid,
                                               backend),
                                         name="GeneratorWorkerProcess" + str(worker_id))
