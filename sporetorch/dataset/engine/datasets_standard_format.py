"""Sources in standard record formats: ``MindDataset`` (MindRecord) and ``CSVDataset``."""
import bisect
import csv
import enum
import os

import numpy as np

from ._rows import _check_int
from .datasets import MappableDataset, Dataset


class Shuffle(str, enum.Enum):
    """How a file-based source shuffles: ``GLOBAL`` (files and rows), ``FILES`` or ``INFILE``."""
    GLOBAL = "global"
    FILES = "files"
    INFILE = "infile"


def _shuffle_flag(op, shuffle):
    """Sources here shuffle or not; every ``Shuffle`` mode reorders rows."""
    if shuffle is None or isinstance(shuffle, Shuffle):
        return None if shuffle is None else True
    if not isinstance(shuffle, bool):
        raise TypeError(f"For '{op}', 'shuffle' must be a bool or a Shuffle mode, but got {shuffle!r}")
    return shuffle


_MS_TYPES = {"int32": np.int32, "int64": np.int64, "float32": np.float32, "float64": np.float64}


def _column_value(spec, value):
    """A MindRecord field value as MindDataset yields it."""
    kind = spec["type"]
    if kind == "string":
        return np.array(value)
    if kind == "bytes":
        return np.array([value], dtype=np.bytes_ if value else "S1")
    return np.asarray(value, dtype=_MS_TYPES[kind])


class MindDataset(MappableDataset):
    """Rows of MindRecord files (written by ``mindrecord.FileWriter``, ``Dataset.save`` or
    MindSpore 2.10).

    Args:
        dataset_files (str or list[str]): one file (all the shards its header lists are
            read) or a list of shard files (only those).
        columns_list (list[str], optional): fields to read, in this order. Default: all,
            sorted by name.
        num_parallel_workers, shuffle (default True; a ``Shuffle`` mode also shuffles),
            num_shards, shard_id, sampler, num_samples: as for every source.
        padded_sample (dict, optional), num_padded (int, optional): append ``num_padded``
            copies of ``padded_sample`` so that the rows split evenly into shards.

    Outputs: one column per field; scalars as 0-d arrays of the field type (``string`` as
    ``str``), ``bytes`` fields as a 1-element ``bytes_`` array, arrays in their shape.
    """

    def __init__(self, dataset_files, columns_list=None, num_parallel_workers=None, shuffle=None, num_shards=None,
                 shard_id=None, sampler=None, padded_sample=None, num_padded=None, num_samples=None, cache=None):
        from ...mindrecord._shard import ShardFile, shard_paths
        if not isinstance(dataset_files, (str, list, tuple)) or not dataset_files:
            raise TypeError(f"For 'MindDataset', 'dataset_files' must be a str or a non-empty list of str, "
                            f"but got {dataset_files!r}")
        self._shards = [ShardFile(p) for p in shard_paths(dataset_files)]
        fields = self._shards[0].schema.fields
        for shard in self._shards[1:]:
            if shard.schema.fields != fields:
                raise ValueError(f"For 'MindDataset', {shard.path} has another schema than {self._shards[0].path}")
        if columns_list is not None:
            if not isinstance(columns_list, (list, tuple)) or not columns_list:
                raise TypeError(f"For 'MindDataset', 'columns_list' must be a non-empty list, but got {columns_list!r}")
            unknown = [c for c in columns_list if c not in fields]
            if unknown:
                raise ValueError(f"For 'MindDataset', the columns {unknown} are not fields of {list(fields)}")
        self._columns = list(columns_list or fields)
        self._specs = fields
        # a list, not an array: bisect on it costs 0.3 us a row, np.searchsorted on a scalar 12 us
        self._offsets = np.cumsum([0] + [len(s) for s in self._shards]).tolist()
        if (padded_sample is None) != (num_padded is None):
            raise ValueError("For 'MindDataset', 'padded_sample' and 'num_padded' must be given together")
        self._padded = None
        self._num_padded = 0
        if padded_sample is not None:
            _check_int("MindDataset", "num_padded", num_padded, 0)
            missing = [c for c in self._columns if c not in padded_sample]
            if missing:
                raise ValueError(f"For 'MindDataset', 'padded_sample' lacks the columns {missing}")
            self._padded = tuple(_column_value(self._specs[c], padded_sample[c]) for c in self._columns)
            self._num_padded = num_padded
        super().__init__(num_samples, num_parallel_workers, _shuffle_flag("MindDataset", shuffle), sampler,
                         num_shards, shard_id)

    def _column_names(self):
        return list(self._columns)

    def _num_rows(self):
        return int(self._offsets[-1]) + self._num_padded

    def _parallel_reads(self):
        # A row is a file read and a small parse: cheaper than handing it to a worker process.
        return None

    def _read_row(self, index):
        if index >= self._offsets[-1]:
            return self._padded
        k = bisect.bisect_right(self._offsets, index) - 1
        raw, blob = self._shards[k].read(int(index) - self._offsets[k])
        values = {**raw, **blob}
        return tuple(_column_value(self._specs[c], values[c]) for c in self._columns)


def _reader_workers(num_parallel_workers):
    """The reader workers of MindSpore's file sources: ``num_parallel_workers``, else the configured default
    (MindSpore's is min(8, CPU count))."""
    if num_parallel_workers:
        return int(num_parallel_workers)
    from ..core import config
    configured = config.get_num_parallel_workers()
    return configured if configured != 1 else min(8, os.cpu_count() or 1)


def _interleave(parts):
    """One row of each stream in turn (streams that end drop out): how MindSpore's file sources merge their
    reader workers' rows."""
    iters = [iter(p) for p in parts]
    while iters:
        alive = []
        for it in iters:
            for row in it:
                yield row
                alive.append(it)
                break
        iters = alive


class _FileRowsDataset(Dataset):
    """A source over text files read row by row (not random access).

    Sharding follows MindSpore: the rows of all files, in file order, are padded cyclically
    to a multiple of ``num_shards`` and shard ``k`` takes the ``k``-th contiguous block. The
    block's file parts (the wrapped-around one last) are dealt to MindSpore's reader workers
    by position (part ``i`` to worker ``i % workers``; ``num_parallel_workers``, by default
    MindSpore's min(8, CPU count)), and the workers' rows are taken one from each in turn, so
    the order is MindSpore's. Subclasses with ``_sort_files`` sort the list as MindSpore does.
    """

    _sort_files = False

    def __init__(self, op, dataset_files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id):
        super().__init__((), num_parallel_workers)
        files = [dataset_files] if isinstance(dataset_files, (str, os.PathLike)) else list(dataset_files or [])
        if not files:
            raise ValueError(f"For '{op}', 'dataset_files' must name at least one file")
        for f in files:
            if not os.path.isfile(f):
                raise ValueError(f"For '{op}', the file {f} does not exist or is not a file")
        if num_samples is not None:
            _check_int(op, "num_samples", num_samples, 0)
        if (num_shards is None) != (shard_id is None):
            raise ValueError(f"For '{op}', 'num_shards' and 'shard_id' must be given together")
        if num_shards is not None:
            _check_int(op, "num_shards", num_shards, 1)
            if not isinstance(shard_id, int) or not 0 <= shard_id < num_shards:
                raise ValueError(f"For '{op}', 'shard_id' must be in [0, {num_shards - 1}], but got {shard_id!r}")
        flag = _shuffle_flag(op, shuffle)
        self._op = op
        self.dataset_files = [os.fspath(f) for f in files]
        if self._sort_files:
            self.dataset_files.sort()
        self.num_samples = num_samples or None
        self.shuffle_rows = True if flag is None else flag
        self.num_shards, self.shard_id = num_shards, shard_id
        self._counts = None

    def _file_rows(self, path):
        raise NotImplementedError

    def _counts_per_file(self):
        if self._counts is None:
            self._counts = [sum(1 for _ in self._file_rows(f)) for f in self.dataset_files]
        return self._counts

    def _size(self):
        total = sum(self._counts_per_file())
        if self.num_shards is not None:
            total = -(-total // self.num_shards)
        return total if self.num_samples is None else min(total, self.num_samples)

    def _rows(self, ctx):
        counts = self._counts_per_file()
        owner = np.repeat(np.arange(len(counts)), counts)
        index = np.concatenate([np.arange(c) for c in counts]) if counts else np.zeros(0, int)
        order = np.arange(len(owner))
        if self.num_shards is not None:
            per = -(-len(order) // self.num_shards)
            order = np.resize(order, per * self.num_shards)[self.shard_id * per:(self.shard_id + 1) * per]
        # the block as runs of consecutive rows of one file, in block order (a wrapped-around run comes last)
        runs = []
        for g in order.tolist():
            f = int(owner[g])
            if not runs or runs[-1][0] != f or runs[-1][1][-1] + 1 != int(index[g]):
                runs.append((f, [int(index[g])]))
            else:
                runs[-1][1].append(int(index[g]))
        cache = {}
        parts = []
        for f, picks in runs:
            if f not in cache:
                cache[f] = list(self._file_rows(self.dataset_files[f]))
            parts.append([cache[f][i] for i in picks])
        workers = _reader_workers(self.num_parallel_workers)
        parts = [[row for part in parts[k::workers] for row in part] for k in range(workers)]
        rows = list(_interleave(parts))
        if self.shuffle_rows:
            rng = ctx.rng(self)
            rows = [rows[i] for i in rng.permutation(len(rows))]
        if self.num_samples is not None:
            rows = rows[:self.num_samples]
        yield from rows


class CSVDataset(_FileRowsDataset):
    """Rows of CSV files.

    Args:
        dataset_files (str or list[str]): the files.
        field_delim (str): the field separator. Default: ``","``.
        column_defaults (list, optional): one default per column; its type (int, float,
            str) sets the column's dtype (int32, float32, str) and fills empty fields.
            Default: every column a string.
        column_names (list[str], optional): column names; without them the first line of
            each file is the header.
        num_samples, num_parallel_workers, shuffle (default True), num_shards, shard_id: as for
            the file sources.

    Outputs: one 0-d array per column.
    """

    _sort_files = True  # MindSpore sorts the file list

    def __init__(self, dataset_files, field_delim=",", column_defaults=None, column_names=None, num_samples=None,
                 num_parallel_workers=None, shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None):
        super().__init__("CSVDataset", dataset_files, num_samples, num_parallel_workers, shuffle, num_shards, shard_id)
        if not isinstance(field_delim, str) or len(field_delim) != 1 or field_delim in "\"\r\n":
            raise ValueError(f"For 'CSVDataset', 'field_delim' must be one character other than a quote or a "
                             f"line break, but got {field_delim!r}")
        self.field_delim = field_delim
        self.column_names = list(column_names) if column_names is not None else None
        self._skip_header = column_names is None
        if self.column_names is None:
            with open(self.dataset_files[0], newline="", encoding="utf-8") as fh:
                header = next(csv.reader(fh, delimiter=field_delim), None)
            if not header:
                raise ValueError(f"For 'CSVDataset', {self.dataset_files[0]} has no header line to name the columns")
            self.column_names = header
        if column_defaults is not None:
            if len(column_defaults) != len(self.column_names):
                raise ValueError(f"For 'CSVDataset', {len(column_defaults)} column_defaults were given for "
                                 f"{len(self.column_names)} columns")
            for d in column_defaults:
                if isinstance(d, bool) or not isinstance(d, (int, float, str)):
                    raise TypeError(f"For 'CSVDataset', each column default must be an int, float or str, "
                                    f"but got {d!r}")
        self.column_defaults = column_defaults

    def _column_names(self):
        return list(self.column_names)

    def _file_rows(self, path):
        with open(path, newline="", encoding="utf-8") as fh:
            reader = csv.reader(fh, delimiter=self.field_delim)
            for line_no, fields in enumerate(reader, start=1):
                if (line_no == 1 and self._skip_header) or not fields:
                    continue
                yield self._convert(path, line_no, fields)

    def _convert(self, path, line_no, fields):
        if len(fields) != len(self.column_names):
            raise ValueError(f"For 'CSVDataset', {path} line {line_no} has {len(fields)} fields but there are "
                             f"{len(self.column_names)} columns {self.column_names}")
        if self.column_defaults is None:
            return tuple(np.array(f) for f in fields)
        out = []
        for col, d, f in zip(self.column_names, self.column_defaults, fields):
            if f == "":
                f = d
            try:
                if isinstance(d, int):
                    out.append(np.array(int(f), dtype=np.int32))
                elif isinstance(d, float):
                    out.append(np.array(float(f), dtype=np.float32))
                else:
                    out.append(np.array(str(f)))
            except ValueError as err:
                raise ValueError(f"For 'CSVDataset', {path} line {line_no}, column '{col}': {f!r} is not "
                                 f"a {type(d).__name__}") from err
        return tuple(out)
