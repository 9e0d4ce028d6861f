"""Sources from Python data: ``GeneratorDataset`` and ``NumpySlicesDataset``."""
import numpy as np

from .datasets import MappableDataset, _ArrayColumnsDataset, _to_array


def _check_row(op, row, names):
    if not isinstance(row, (tuple, list)):
        row = (row,)
    if len(row) != len(names):
        raise RuntimeError(f"For '{op}', the source returned a row of {len(row)} columns, but column_names "
                           f"has {len(names)}: {names}")
    return tuple(_to_array(v, c, op) for c, v in zip(names, row))


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
        return _check_row("GeneratorDataset", self.source[index], self._names)

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
            yield _check_row("GeneratorDataset", row, self._names)


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
