"""The dataset pipeline: ``Dataset`` and the operations chained on it.

A pipeline is a tree of nodes. Each node knows its column names and size and, for an
epoch, yields rows: tuples of NumPy arrays, one per column. Sources read rows (random
access ones through a sampler; with ``num_parallel_workers > 1`` in threads or worker
processes, as ``_parallel_reads`` says); ``batch``/``map``/``shuffle``/... transform the
row stream (``map`` in a pool of threads, see ``_workers``; the trailing per-pixel ops of a
``map`` once per batch, see ``_batch_ops``); an iterator runs the pipeline in a prefetch
thread (``_prefetch``) and turns rows into Tensors. Randomness comes from one seed per
iterator (``dataset.config.set_seed`` fixes it), the epoch number and the node's depth,
so a seeded pipeline repeats itself and still reshuffles every epoch.

Differences from MindSpore: the pipeline runs in Python threads of the calling
process (no C++ engine); a node may feed several pipelines.
"""
import functools
import numbers
import threading
import time

import numpy as np
import torch

from ..core import config
from . import _profile
from ._batch_ops import BatchBuffers, batchable_tail, stack_through
from ._rows import (_as_column_list, _check_int, _check_known, _EpochContext, _stack, _to_array)  # noqa: F401
from ._save import save as _save
from ._workers import _apply_operations, _op_name, ordered_map, ordered_thread_calls  # noqa: F401
from .datasets_ops import _check_pad_info, pad_stack
from .iterators import DictIterator, TupleIterator
from .samplers import (_build_sampler, DistributedSampler, RandomSampler, SubsetRandomSampler,
                       SubsetSampler)


class Dataset:
    """Base class of every dataset and pipeline operation (``mindspore.dataset.Dataset``).

    Subclasses implement ``_rows(ctx)`` (an iterator of row tuples), ``_column_names()``
    and ``_size()``.
    """

    def __init__(self, children=None, num_parallel_workers=None, cache=None):
        if isinstance(children, Dataset):
            children = (children,)
        self.children = list(children or ())
        self._depth = 1 + max((c._depth for c in self.children), default=0)
        self.num_parallel_workers = num_parallel_workers

    # ------------------------------------------------------------------ introspection
    def get_col_names(self):
        """The column names of the rows this pipeline yields."""
        return list(self._column_names())

    def get_dataset_size(self):
        """The number of rows (after ``batch``: batches) one epoch yields."""
        return self._size()

    def get_batch_size(self):
        """The batch size of the last ``batch`` in the pipeline (1 without one)."""
        for child in self.children:
            return child.get_batch_size()
        return 1

    def get_repeat_count(self):
        for child in self.children:
            return child.get_repeat_count()
        return 1

    def output_shapes(self, estimate=False):
        """The shape of each column of the first row."""
        row = self._first_row()
        return [list(a.shape) for a in row]

    def output_types(self):
        """The NumPy dtype of each column of the first row."""
        return [a.dtype for a in self._first_row()]

    def _first_row(self):
        for row in self._rows(_EpochContext(config._new_base_seed(), 0)):
            return row
        raise RuntimeError(f"The dataset {type(self).__name__} yields no rows")

    def reset(self):
        """Kept for MindSpore compatibility: every new epoch restarts the pipeline."""

    def __len__(self):
        return self.get_dataset_size()

    # ------------------------------------------------------------------ to override
    def _rows(self, ctx):
        raise NotImplementedError

    def _column_names(self):
        return self.children[0]._column_names()

    def _size(self):
        return self.children[0]._size()

    # ------------------------------------------------------------------ operations
    def batch(self, batch_size, drop_remainder=False, num_parallel_workers=None, per_batch_map=None,
              input_columns=None, output_columns=None, **kwargs):
        """Stack ``batch_size`` consecutive rows into one (each column gains a leading axis)."""
        return BatchDataset(self, batch_size, drop_remainder, num_parallel_workers, per_batch_map,
                            input_columns, output_columns, **kwargs)

    def padded_batch(self, batch_size, drop_remainder=False, num_parallel_workers=None, pad_info=None):
        """``batch`` that first pads the columns named in ``pad_info`` (``{column: (shape, value)}``)."""
        return PaddedBatchDataset(self, batch_size, drop_remainder, num_parallel_workers, pad_info)

    def bucket_batch_by_length(self, column_names, bucket_boundaries, bucket_batch_sizes, element_length_function=None,
                               pad_info=None, pad_to_bucket_boundary=False, drop_remainder=False):
        """Batch rows of similar length together (see ``BucketBatchByLengthDataset``)."""
        return BucketBatchByLengthDataset(self, column_names, bucket_boundaries, bucket_batch_sizes,
                                          element_length_function, pad_info, pad_to_bucket_boundary, drop_remainder)

    def sync_wait(self, condition_name, num_batch=1, callback=None):
        """Wait for ``sync_update(condition_name)`` after every ``num_batch`` rows."""
        return SyncWaitDataset(self, condition_name, num_batch, callback)

    def sync_update(self, condition_name, num_batch=None, data=None):
        """Release the ``sync_wait`` named ``condition_name`` for ``num_batch`` more rows."""
        stack = [self]
        while stack:
            node = stack.pop()
            if isinstance(node, SyncWaitDataset) and node.condition_name == condition_name:
                node.update(num_batch, data)
                return
            stack.extend(node.children)
        raise RuntimeError(f"For 'sync_update', the pipeline has no sync_wait named '{condition_name}'")

    def device_que(self, send_epoch_end=True, create_data_info_queue=False, queue_name=""):
        """The rows as sent to a device queue (accepted; see ``TransferDataset``)."""
        return TransferDataset(self, send_epoch_end, create_data_info_queue, queue_name)

    def to_device(self, send_epoch_end=True, create_data_info_queue=False, queue_name=""):
        """Same as ``device_que``."""
        return self.device_que(send_epoch_end, create_data_info_queue, queue_name)

    def apply(self, apply_func):
        """``apply_func(self)``, which must return a Dataset."""
        out = apply_func(self)
        if not isinstance(out, Dataset):
            raise TypeError(f"For 'apply', the function must return a Dataset, but got {type(out).__name__}")
        return out

    def shuffle(self, buffer_size):
        """Shuffle rows through a buffer of ``buffer_size`` rows (a full shuffle when it holds them all)."""
        return ShuffleDataset(self, buffer_size)

    def map(self, operations, input_columns=None, output_columns=None, num_parallel_workers=None, **kwargs):
        """Apply ``operations`` (a callable or a list, applied in order) to ``input_columns``."""
        return MapDataset(self, operations, input_columns, output_columns, num_parallel_workers, **kwargs)

    def filter(self, predicate, input_columns=None, num_parallel_workers=None):
        """Keep the rows for which ``predicate(*input_columns)`` is true (default: all columns)."""
        return FilterDataset(self, predicate, input_columns, num_parallel_workers)

    def repeat(self, count=None):
        """Run the pipeline ``count`` times per epoch (``None``/-1: forever)."""
        return RepeatDataset(self, count)

    def take(self, count=-1):
        """Keep the first ``count`` rows (-1: all)."""
        return TakeDataset(self, count)

    def skip(self, count):
        """Drop the first ``count`` rows."""
        return SkipDataset(self, count)

    def project(self, columns):
        """Keep only ``columns``, in that order."""
        return ProjectDataset(self, columns)

    def rename(self, input_columns, output_columns):
        """Rename ``input_columns`` to ``output_columns``."""
        return RenameDataset(self, input_columns, output_columns)

    def zip(self, datasets):
        """Join rows side by side with ``datasets`` (column names must not repeat)."""
        if isinstance(datasets, Dataset):
            datasets = (datasets,)
        return ZipDataset((self, *datasets))

    def concat(self, datasets):
        """Append the rows of ``datasets`` (same column names) after this one's."""
        if isinstance(datasets, Dataset):
            datasets = [datasets]
        return ConcatDataset([self, *datasets])

    def __add__(self, other):
        return self.concat(other)

    def split(self, sizes, randomize=True):
        """Split into datasets of ``sizes`` rows (ints) or fractions (floats summing to 1)."""
        counts = _split_counts(sizes, self.get_dataset_size())
        if randomize:
            raise RuntimeError("For 'split', randomize=True needs a random-access source dataset "
                               "(GeneratorDataset of a sequence, NumpySlicesDataset, MnistDataset, ...); "
                               "use randomize=False or split the source")
        out, start = [], 0
        for count in counts:
            out.append(self.skip(start).take(count))
            start += count
        return out

    def save(self, file_name, num_files=1, file_type="mindrecord"):
        """Write the rows of one epoch to ``num_files`` MindRecord files (see ``mindrecord``)."""
        _save(self, file_name, num_files, file_type)

    # ------------------------------------------------------------------ iterators
    def create_tuple_iterator(self, columns=None, num_epochs=-1, output_numpy=False, do_copy=False):
        """An iterator of rows as lists (Tensors, or NumPy arrays with ``output_numpy``)."""
        return TupleIterator(self, columns, num_epochs, output_numpy, do_copy)

    def create_dict_iterator(self, num_epochs=-1, output_numpy=False, do_copy=False):
        """An iterator of rows as ``{column: value}`` dicts."""
        return DictIterator(self, num_epochs, output_numpy, do_copy)

    def __iter__(self):
        return iter(self.create_tuple_iterator(num_epochs=1))


def _split_counts(sizes, total):
    if not isinstance(sizes, (list, tuple)) or not sizes:
        raise ValueError(f"For 'split', 'sizes' must be a non-empty list, but got {sizes!r}")
    if all(isinstance(s, numbers.Integral) and not isinstance(s, bool) for s in sizes):
        if any(s <= 0 for s in sizes) or sum(sizes) != total:
            raise ValueError(f"For 'split', the sizes {list(sizes)} must be positive and add up to the "
                             f"dataset size {total}")
        return list(sizes)
    if all(isinstance(s, float) for s in sizes):
        if any(not 0 < s <= 1 for s in sizes) or abs(sum(sizes) - 1) > 1e-6:
            raise ValueError(f"For 'split', the fractions {list(sizes)} must be in (0, 1] and add up to 1")
        counts = [round(s * total) for s in sizes]
        counts[0] += total - sum(counts)
        if any(c <= 0 for c in counts):
            raise ValueError(f"For 'split', the fractions {list(sizes)} give an empty split of {total} rows")
        return counts
    raise TypeError(f"For 'split', 'sizes' must be all ints or all floats, but got {sizes!r}")


class MappableDataset(Dataset):
    """A source with random access: ``_num_rows()`` rows, ``_read_row(i)`` reads one.

    Args shared by the sources: ``num_samples``, ``num_parallel_workers``, ``shuffle``
    (default True), ``sampler``, ``num_shards``, ``shard_id`` as in MindSpore.
    """

    def __init__(self, num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None, python_multiprocessing=True):
        super().__init__((), num_parallel_workers)
        name = type(self).__name__
        if num_samples is not None:
            _check_int(name, "num_samples", num_samples, 0)
        if num_parallel_workers is not None:
            _check_int(name, "num_parallel_workers", num_parallel_workers, 1)
        self.sampler = _build_sampler(name, sampler, shuffle, num_samples or None, num_shards, shard_id)
        self.python_multiprocessing = python_multiprocessing

    def _num_rows(self):
        raise NotImplementedError

    def _read_row(self, index):
        raise NotImplementedError

    def _size(self):
        self._bind_sampler()
        return self.sampler._size(self._num_rows())

    def _bind_sampler(self):
        # Samplers that choose rows by their content (PKSampler) read them from the source.
        if hasattr(self.sampler, "_source"):
            self.sampler._source = self

    def _rows(self, ctx):
        self._bind_sampler()
        indices = self.sampler._indices(self._num_rows(), self._sampler_rng(ctx))
        workers = self.num_parallel_workers or 1
        if workers > 1 and len(indices) > 1:
            parallel = self._parallel_reads()
            if parallel == "threads":
                yield from ordered_thread_calls(self._read_row, indices, workers)
                return
            if parallel == "processes" and self.python_multiprocessing:
                yield from _worker_rows(self, indices, workers)
                return
        if _profile.active():
            yield from self._timed_reads(indices)
            return
        for i in indices:
            yield self._read_row(i)

    def _timed_reads(self, indices):
        name = f"source: {type(self).__name__} reads"
        for i in indices:
            start = time.perf_counter()
            row = self._read_row(i)
            _profile.record(name, time.perf_counter() - start)
            yield row

    def _parallel_reads(self):
        """How ``num_parallel_workers`` read rows: ``"processes"`` (rows made by Python code),
        ``"threads"`` (rows made by calls that release the GIL, such as file reads and image
        decoding) or ``None`` (a read is cheaper than handing it to a worker)."""
        return "processes"

    def _sampler_rng(self, ctx):
        # Every shard of a data-parallel job must draw the same permutation, also without set_seed:
        # like MindSpore, shard samplers use the configured seed (default 5489) and the epoch.
        if isinstance(self.sampler, DistributedSampler):
            return np.random.default_rng([config.get_seed(), ctx.epoch])
        return ctx.rng(self)

    def use_sampler(self, new_sampler):
        """Replace the sampler."""
        self.sampler = _build_sampler(type(self).__name__, new_sampler, None, None, None, None)

    def add_sampler(self, new_sampler):
        """Chain ``new_sampler`` below the current sampler."""
        self.sampler.add_child(new_sampler)

    def split(self, sizes, randomize=True):
        """Split the source by row index; with ``randomize`` the rows are assigned at random
        (seeded by ``dataset.config.set_seed``) and each part keeps shuffling if the source did."""
        import copy
        n = self.get_dataset_size()
        counts = _split_counts(sizes, n)
        order = config._rng(0x5A17).permutation(n) if randomize else np.arange(n)
        # Without randomize the parts follow the sampler's order (a fixed draw for a random one).
        base = None if randomize else np.asarray(self.sampler._indices(self._num_rows(), np.random.default_rng(0)))
        shuffled = isinstance(self.sampler, RandomSampler) or \
            (isinstance(self.sampler, DistributedSampler) and self.sampler.shuffle)
        out, start = [], 0
        for count in counts:
            part = order[start:start + count]
            rows = part if base is None else base[part]
            piece = copy.copy(self)
            piece.sampler = (SubsetRandomSampler if randomize and shuffled else SubsetSampler)(rows.tolist())
            out.append(piece)
            start += count
        return out


class _ArrayColumnsDataset(MappableDataset):
    """A source whose row ``i`` is the ``i``-th slice of equal-length arrays: subclasses set
    ``self._names`` (column names) and ``self._arrays`` (one array per column) before
    calling ``MappableDataset.__init__``."""

    def _column_names(self):
        return list(self._names)

    def _num_rows(self):
        return len(self._arrays[0])

    def _read_row(self, index):
        return tuple(np.asarray(a[index]) for a in self._arrays)


class _RowView(torch.utils.data.Dataset):
    """A source seen by ``torch.utils.data.DataLoader`` workers."""

    def __init__(self, source):
        self.source = source

    def __len__(self):
        return self.source._num_rows()

    def __getitem__(self, index):
        return self.source._read_row(index)


def _keep(row):
    return row


def _worker_rows(source, indices, workers):
    loader = torch.utils.data.DataLoader(_RowView(source), batch_size=None, sampler=indices,
                                         num_workers=min(workers, len(indices)), collate_fn=_keep)
    yield from loader


class BatchInfo:
    """What ``per_batch_map`` and a callable ``batch_size`` receive."""

    def __init__(self, batch_num, epoch_num):
        self._batch_num = batch_num
        self._epoch_num = epoch_num

    def get_batch_num(self):
        return self._batch_num

    def get_epoch_num(self):
        return self._epoch_num


class BatchDataset(Dataset):
    """``dataset.batch(...)``; see ``Dataset.batch``."""

    def __init__(self, input_dataset, batch_size, drop_remainder=False, num_parallel_workers=None, per_batch_map=None,
                 input_columns=None, output_columns=None, python_multiprocessing=False, max_rowsize=None, **kwargs):
        super().__init__((input_dataset,), num_parallel_workers)
        if not callable(batch_size):
            _check_int("batch", "batch_size", batch_size, 1)
        if not isinstance(drop_remainder, bool):
            raise TypeError(f"For 'batch', 'drop_remainder' must be a bool, but got {drop_remainder!r}")
        if per_batch_map is not None and not callable(per_batch_map):
            raise TypeError(f"For 'batch', 'per_batch_map' must be callable, but got {per_batch_map!r}")
        self.batch_size = batch_size
        self.drop_remainder = drop_remainder
        self.per_batch_map = per_batch_map
        cols = input_dataset.get_col_names()
        self.input_columns = _as_column_list("batch", "input_columns", input_columns)
        self.output_columns = _as_column_list("batch", "output_columns", output_columns)
        if self.input_columns is not None:
            _check_known("batch", self.input_columns, cols)
        if per_batch_map is not None and self.input_columns is None:
            self.input_columns = cols

    def get_batch_size(self):
        return self.batch_size if not callable(self.batch_size) else -1

    def _column_names(self):
        cols = self.children[0].get_col_names()
        if self.per_batch_map is None or self.output_columns is None:
            return cols
        return _replace_columns(cols, self.input_columns, self.output_columns)

    def _size(self):
        n = self.children[0].get_dataset_size()
        if callable(self.batch_size):
            raise RuntimeError("For 'batch', the dataset size is unknown with a callable batch_size")
        return n // self.batch_size if self.drop_remainder else -(-n // self.batch_size)

    def _rows(self, ctx):
        child = self.children[0]
        cols = child.get_col_names()
        deferred = self._deferred_tail()
        rows = child._rows(ctx, skip_tail=len(deferred[1])) if deferred else child._rows(ctx)
        make = functools.partial(self._make_deferred, buffers=BatchBuffers()) if deferred else self._make
        if _profile.active():
            make = self._timed(make, deferred)
        if deferred:
            # The batch-level ops take a while (10-40 ms for 64 ImageNet crops): run them in a
            # thread of their own, so that this thread keeps feeding the map workers meanwhile.
            yield from ordered_thread_calls(lambda args: make(*args), self._gathered(rows, cols, ctx), 1,
                                            name="sporetorch-batch")
            return
        for args in self._gathered(rows, cols, ctx):
            yield make(*args)

    def _gathered(self, rows, cols, ctx):
        """``(rows of one batch, cols, batch number, ctx)`` for each batch."""
        batch, batch_num = [], 0
        size = self._current_size(batch_num, ctx)
        for row in rows:
            batch.append(row)
            if len(batch) == size:
                yield batch, cols, batch_num, ctx
                batch, batch_num = [], batch_num + 1
                size = self._current_size(batch_num, ctx)
        if batch and not self.drop_remainder:
            yield batch, cols, batch_num, ctx

    @staticmethod
    def _timed(make, deferred):
        name = "batch: stack" + ("".join(f" + {_op_name(op)}" for op in deferred[1]) if deferred else "")

        def timed(*args):
            start = time.perf_counter()
            out = make(*args)
            _profile.record(name, time.perf_counter() - start)
            return out
        return timed

    def _deferred_tail(self):
        """``(column position, ops)`` when the child ``map``'s last ops can run once per batch."""
        child = self.children[0]
        if type(self) is not BatchDataset or self.per_batch_map is not None or not isinstance(child, MapDataset):
            return None
        count = child._deferrable()
        if not count:
            return None
        return child.get_col_names().index(child.output_columns[0]), child.operations[-count:]

    def _make_deferred(self, batch, cols, batch_num, ctx, buffers=None):
        position, tail = self._deferred_tail()
        inputs = self.children[0].input_columns
        return tuple(stack_through(tail, inputs, c, [r[k] for r in batch], buffers=buffers) if k == position
                     else _stack(c, [r[k] for r in batch]) for k, c in enumerate(cols))

    def _current_size(self, batch_num, ctx):
        if not callable(self.batch_size):
            return self.batch_size
        size = self.batch_size(BatchInfo(batch_num, ctx.epoch))
        _check_int("batch", "batch_size (returned by the callable)", size, 1)
        return size

    def _make(self, batch, cols, batch_num, ctx):
        if self.per_batch_map is None:
            return tuple(_stack(c, [r[k] for r in batch]) for k, c in enumerate(cols))
        positions = [cols.index(c) for c in self.input_columns]
        lists = [[r[p] for r in batch] for p in positions]
        result = self.per_batch_map(*lists, BatchInfo(batch_num, ctx.epoch))
        if not isinstance(result, tuple):
            result = (result,)
        out_cols = self.output_columns or self.input_columns
        if len(result) != len(out_cols):
            raise ValueError(f"For 'batch', per_batch_map returned {len(result)} columns but "
                             f"{len(out_cols)} output columns {out_cols} are expected")
        mapped = [_stack(c, [_to_array(v, c, "batch") for v in vals]) for c, vals in zip(out_cols, result)]
        rest = {c: _stack(c, [r[k] for r in batch]) for k, c in enumerate(cols) if c not in self.input_columns}
        full = dict(zip(out_cols, mapped), **rest)
        return tuple(full[c] for c in self._column_names())


def _replace_columns(cols, inputs, outputs):
    """Column order after ``map``: MindSpore puts outputs in the inputs' places when the counts
    match, and otherwise puts the outputs first and the untouched columns after them."""
    if len(inputs) == len(outputs):
        mapping = dict(zip(inputs, outputs))
        return [mapping.get(c, c) for c in cols]
    return list(outputs) + [c for c in cols if c not in inputs]


class ShuffleDataset(Dataset):
    """``dataset.shuffle(buffer_size)``: MindSpore's buffer shuffle, reseeded every epoch."""

    def __init__(self, input_dataset, buffer_size):
        super().__init__((input_dataset,))
        _check_int("shuffle", "buffer_size", buffer_size, 2)
        self.buffer_size = buffer_size

    def _rows(self, ctx):
        rng = ctx.rng(self)
        buf = []
        for row in self.children[0]._rows(ctx):
            if len(buf) < self.buffer_size:
                buf.append(row)
                continue
            k = int(rng.integers(len(buf)))
            yield buf[k]
            buf[k] = row
        order = rng.permutation(len(buf))
        for k in order:
            yield buf[k]


class MapDataset(Dataset):
    """``dataset.map(...)``; see ``Dataset.map``."""

    def __init__(self, input_dataset, operations=None, input_columns=None, output_columns=None,
                 num_parallel_workers=None, python_multiprocessing=False, cache=None, callbacks=None, max_rowsize=None,
                 offload=None, **kwargs):
        super().__init__((input_dataset,), num_parallel_workers)
        if num_parallel_workers is not None:
            _check_int("map", "num_parallel_workers", num_parallel_workers, 1)
        self.python_multiprocessing = bool(python_multiprocessing)
        self.callbacks = [] if callbacks is None else list(callbacks) if isinstance(callbacks, (list, tuple)) \
            else [callbacks]
        ops = list(operations) if isinstance(operations, (list, tuple)) else [operations]
        if not ops:
            raise ValueError("For 'map', 'operations' must not be empty")
        for op in ops:
            if not callable(op):
                raise TypeError(f"For 'map', every operation must be callable, but got {op!r}")
        self.operations = ops
        cols = input_dataset.get_col_names()
        self.input_columns = _as_column_list("map", "input_columns", input_columns) or cols[:1]
        _check_known("map", self.input_columns, cols)
        self.output_columns = _as_column_list("map", "output_columns", output_columns) or list(self.input_columns)
        self._in_pos = [cols.index(c) for c in self.input_columns]

    def _column_names(self):
        return _replace_columns(self.children[0].get_col_names(), self.input_columns, self.output_columns)

    def _deferrable(self):
        """How many of the last operations a following ``batch`` may run once per batch instead."""
        if len(self.input_columns) != 1 or len(self.output_columns) != 1:
            return 0
        return batchable_tail(self.operations)

    def _rows(self, ctx, skip_tail=0):
        """The mapped rows; with ``skip_tail`` the last ``skip_tail`` operations are left to the
        caller (``batch``, see ``_deferrable``)."""
        cols = self.children[0].get_col_names()
        out_names = self._column_names()
        untouched = [(c, k) for k, c in enumerate(cols) if c not in self.input_columns]
        hooks = _CallbackRunner(self.callbacks, ctx.epoch) if self.callbacks else None
        operations = self.operations[:len(self.operations) - skip_tail]
        for row, values in self._mapped(ctx, operations):
            if hooks is not None:
                hooks.step()
            if skip_tail and len(values) != 1:
                # not one column for the deferred ops: run them here, as map would have
                values = _apply_operations(self.operations[-skip_tail:], self.input_columns, values)
            if len(values) != len(self.output_columns):
                raise RuntimeError(f"For 'map', the operations on {self.input_columns} returned {len(values)} "
                                   f"columns but output_columns is {self.output_columns}")
            full = {c: _to_array(v, c, "map") for c, v in zip(self.output_columns, values)}
            for c, k in untouched:
                full[c] = row[k]
            yield tuple(full[c] for c in out_names)
        if hooks is not None:
            hooks.end()

    def _mapped(self, ctx, operations):
        """``(row, outputs)`` pairs in order; with ``num_parallel_workers > 1`` the operations
        run in a pool of threads (or processes with ``python_multiprocessing``)."""
        rows = self.children[0]._rows(ctx)
        workers = self.num_parallel_workers or 1
        if workers <= 1 and (self.python_multiprocessing or not _library_ops(operations)):
            for row in rows:
                yield row, _apply_operations(operations, self.input_columns, tuple(row[p] for p in self._in_pos))
            return
        # Library transforms release the GIL in their kernels: even one worker thread then
        # overlaps them with the stages after this one. A stage holds at most prefetch_size rows.
        yield from ordered_map(rows, operations, self.input_columns, self._in_pos, workers,
                               self.python_multiprocessing, window=max(2 * workers, config.get_prefetch_size()))


def _library_ops(operations):
    from ..transforms.transforms import TensorOperation
    return any(isinstance(op, TensorOperation) for op in operations)


class _RunContext:
    """What a dataset callback sees: the epoch and step numbers (1-based)."""

    def __init__(self):
        self.cur_epoch_num = 0
        self.cur_step_num_in_epoch = 0
        self.cur_step_num = 0


class _CallbackRunner:
    def __init__(self, callbacks, epoch):
        self.callbacks = callbacks
        self.context = _RunContext()
        self.context.cur_epoch_num = epoch + 1
        if epoch == 0:
            for cb in callbacks:
                cb.ds_begin(self.context)
        for cb in callbacks:
            cb.ds_epoch_begin(self.context)

    def step(self):
        self.context.cur_step_num_in_epoch += 1
        self.context.cur_step_num += 1
        for cb in self.callbacks:
            if (self.context.cur_step_num - 1) % cb.step_size == 0:
                cb.ds_step_begin(self.context)
                cb.ds_step_end(self.context)

    def end(self):
        for cb in self.callbacks:
            cb.ds_epoch_end(self.context)


class FilterDataset(Dataset):
    """``dataset.filter(predicate, input_columns)``; the size is counted by running the pipeline."""

    def __init__(self, input_dataset, predicate, input_columns=None, num_parallel_workers=None):
        super().__init__((input_dataset,), num_parallel_workers)
        if not callable(predicate):
            raise TypeError(f"For 'filter', 'predicate' must be callable, but got {predicate!r}")
        cols = input_dataset.get_col_names()
        self.input_columns = _as_column_list("filter", "input_columns", input_columns) or cols
        _check_known("filter", self.input_columns, cols)
        self.predicate = predicate
        self._pos = [cols.index(c) for c in self.input_columns]

    def _size(self):
        return sum(1 for _ in self._rows(_EpochContext(config._new_base_seed(), 0)))

    def _rows(self, ctx):
        for row in self.children[0]._rows(ctx):
            if self.predicate(*(row[p] for p in self._pos)):
                yield row


class RepeatDataset(Dataset):
    """``dataset.repeat(count)``."""

    def __init__(self, input_dataset, count=None):
        super().__init__((input_dataset,))
        if count is None:
            count = -1
        _check_int("repeat", "count", count, 1, allow=(-1,))
        self.count = count

    def get_repeat_count(self):
        return self.count

    def _size(self):
        if self.count == -1:
            raise RuntimeError("For 'repeat', the dataset size is infinite with count=-1")
        return self.children[0].get_dataset_size() * self.count

    def _rows(self, ctx):
        k = 0
        while self.count == -1 or k < self.count:
            yield from self.children[0]._rows(_EpochContext(ctx.seed, ctx.epoch * 100003 + k))
            k += 1


class TakeDataset(Dataset):
    """``dataset.take(count)``."""

    def __init__(self, input_dataset, count=-1):
        super().__init__((input_dataset,))
        _check_int("take", "count", count, 0, allow=(-1,))
        self.count = count

    def _size(self):
        n = self.children[0].get_dataset_size()
        return n if self.count == -1 else min(n, self.count)

    def _rows(self, ctx):
        for k, row in enumerate(self.children[0]._rows(ctx)):
            if k == self.count:
                return
            yield row


class SkipDataset(Dataset):
    """``dataset.skip(count)``."""

    def __init__(self, input_dataset, count):
        super().__init__((input_dataset,))
        _check_int("skip", "count", count, 0)
        self.count = count

    def _size(self):
        return max(self.children[0].get_dataset_size() - self.count, 0)

    def _rows(self, ctx):
        for k, row in enumerate(self.children[0]._rows(ctx)):
            if k >= self.count:
                yield row


class ProjectDataset(Dataset):
    """``dataset.project(columns)``."""

    def __init__(self, input_dataset, columns):
        super().__init__((input_dataset,))
        self.columns = _as_column_list("project", "columns", columns)
        if not self.columns:
            raise ValueError("For 'project', 'columns' must not be empty")
        cols = input_dataset.get_col_names()
        _check_known("project", self.columns, cols)
        self._pos = [cols.index(c) for c in self.columns]

    def _column_names(self):
        return list(self.columns)

    def _rows(self, ctx):
        for row in self.children[0]._rows(ctx):
            yield tuple(row[p] for p in self._pos)


class RenameDataset(Dataset):
    """``dataset.rename(input_columns, output_columns)``."""

    def __init__(self, input_dataset, input_columns, output_columns):
        super().__init__((input_dataset,))
        src = _as_column_list("rename", "input_columns", input_columns)
        dst = _as_column_list("rename", "output_columns", output_columns)
        if len(src) != len(dst):
            raise ValueError(f"For 'rename', input_columns {src} and output_columns {dst} differ in length")
        _check_known("rename", src, input_dataset.get_col_names())
        mapping = dict(zip(src, dst))
        self._names = [mapping.get(c, c) for c in input_dataset.get_col_names()]
        if len(set(self._names)) != len(self._names):
            raise ValueError(f"For 'rename', the new column names {self._names} repeat a name")

    def _column_names(self):
        return list(self._names)

    def _rows(self, ctx):
        return self.children[0]._rows(ctx)


class ZipDataset(Dataset):
    """``dataset.zip(datasets)`` / ``mindspore.dataset.zip``."""

    def __init__(self, datasets):
        datasets = tuple(datasets)
        if len(datasets) < 1 or not all(isinstance(d, Dataset) for d in datasets):
            raise TypeError(f"For 'zip', 'datasets' must be a tuple of Datasets, but got {datasets!r}")
        super().__init__(datasets)
        names = [c for d in datasets for c in d.get_col_names()]
        dup = sorted({c for c in names if names.count(c) > 1})
        if dup:
            raise ValueError(f"For 'zip', the column names {dup} appear in more than one dataset; rename them first")
        self._names = names

    def _column_names(self):
        return list(self._names)

    def _size(self):
        return min(d.get_dataset_size() for d in self.children)

    def _rows(self, ctx):
        for parts in zip(*(d._rows(ctx) for d in self.children)):
            yield tuple(v for part in parts for v in part)


class ConcatDataset(Dataset):
    """``dataset.concat(datasets)`` / ``dataset + other``."""

    def __init__(self, datasets):
        if not all(isinstance(d, Dataset) for d in datasets):
            raise TypeError(f"For 'concat', 'datasets' must be Datasets, but got {datasets!r}")
        super().__init__(datasets)
        first = datasets[0].get_col_names()
        for d in datasets[1:]:
            if d.get_col_names() != first:
                raise ValueError(f"For 'concat', every dataset needs the same columns, but got {first} "
                                 f"and {d.get_col_names()}")

    def _size(self):
        return sum(d.get_dataset_size() for d in self.children)

    def _rows(self, ctx):
        for d in self.children:
            yield from d._rows(ctx)


class PaddedBatchDataset(BatchDataset):
    """``dataset.padded_batch(...)``: ``batch`` that pads the columns of ``pad_info``
    (``{column: (shape or None, pad value)}``; ``None`` as the value pads to the largest
    row with 0) before stacking them."""

    def __init__(self, input_dataset, batch_size, drop_remainder=False, num_parallel_workers=None, pad_info=None):
        super().__init__(input_dataset, batch_size, drop_remainder, num_parallel_workers)
        self.pad_info = _check_pad_info("padded_batch", pad_info, input_dataset.get_col_names())

    def _make(self, batch, cols, batch_num, ctx):
        out = []
        for k, c in enumerate(cols):
            values = [r[k] for r in batch]
            if c in self.pad_info:
                out.append(pad_stack("padded_batch", c, values, *self.pad_info[c]))
            else:
                out.append(BatchDataset._make(self, [(v,) for v in values], [c], batch_num, ctx)[0])
        return tuple(out)


class BucketBatchByLengthDataset(Dataset):
    """``dataset.bucket_batch_by_length(...)``: rows go to the bucket of their length
    (``[0, b0), [b0, b1), ..., [bn, inf)``); a bucket holding its batch size is batched,
    padded as ``pad_info`` says (default: every column to the batch's largest row with 0;
    with ``pad_to_bucket_boundary`` to the bucket's upper bound minus 1); the remaining
    buckets are batched at the end of the epoch in bucket order."""

    def __init__(self, input_dataset, column_names, bucket_boundaries, bucket_batch_sizes,
                 element_length_function=None, pad_info=None, pad_to_bucket_boundary=False, drop_remainder=False):
        super().__init__((input_dataset,))
        op = "bucket_batch_by_length"
        cols = input_dataset.get_col_names()
        self.column_names = _as_column_list(op, "column_names", column_names)
        if not self.column_names:
            raise ValueError(f"For '{op}', 'column_names' must not be empty")
        _check_known(op, self.column_names, cols)
        if element_length_function is None and len(self.column_names) != 1:
            raise ValueError(f"For '{op}', without element_length_function 'column_names' must name one column")
        if element_length_function is not None and not callable(element_length_function):
            raise TypeError(f"For '{op}', 'element_length_function' must be callable")
        bounds = list(bucket_boundaries)
        if not bounds or any(isinstance(b, bool) or not isinstance(b, int) or b <= 0 for b in bounds) or \
                any(a >= b for a, b in zip(bounds, bounds[1:])):
            raise ValueError(f"For '{op}', 'bucket_boundaries' must be increasing positive ints, but got {bounds}")
        sizes = list(bucket_batch_sizes)
        if len(sizes) != len(bounds) + 1:
            raise ValueError(f"For '{op}', 'bucket_batch_sizes' needs {len(bounds) + 1} entries (one more than the "
                             f"boundaries), but got {len(sizes)}")
        for s in sizes:
            _check_int(op, "bucket_batch_sizes", s, 1)
        self.bounds, self.sizes = bounds, sizes
        self.length_fn = element_length_function
        self.pad_info = _check_pad_info(op, pad_info, cols)
        self.pad_to_bucket_boundary = bool(pad_to_bucket_boundary)
        self.drop_remainder = bool(drop_remainder)
        self._pos = [cols.index(c) for c in self.column_names]

    def _size(self):
        return sum(1 for _ in self._rows(_EpochContext(config._new_base_seed(), 0)))

    def _length(self, row):
        args = [row[p] for p in self._pos]
        if self.length_fn is None:
            return args[0].shape[0] if args[0].ndim else 1
        return int(self.length_fn(*args))

    def _batch(self, rows, bucket):
        cols = self.children[0].get_col_names()
        out = []
        for k, c in enumerate(cols):
            shape, value = self.pad_info.get(c, (None, 0))
            values = [r[k] for r in rows]
            if self.pad_to_bucket_boundary and bucket < len(self.bounds) and c in self.column_names and \
                    values[0].ndim:
                shape = [self.bounds[bucket] - 1] + ([None] * (values[0].ndim - 1) if shape is None else shape[1:])
            out.append(pad_stack("bucket_batch_by_length", c, values, shape, value))
        return tuple(out)

    def _rows(self, ctx):
        buckets = [[] for _ in self.sizes]
        for row in self.children[0]._rows(ctx):
            length = self._length(row)
            b = int(np.searchsorted(self.bounds, length, side="right"))
            buckets[b].append(row)
            if len(buckets[b]) == self.sizes[b]:
                yield self._batch(buckets[b], b)
                buckets[b] = []
        if not self.drop_remainder:
            for b, rows in enumerate(buckets):
                if rows:
                    yield self._batch(rows, b)


class SyncWaitDataset(Dataset):
    """``dataset.sync_wait(condition_name, num_batch, callback)``: after every ``num_batch``
    rows the pipeline waits until ``dataset.sync_update(condition_name)`` is called, which
    also runs ``callback(data)``.

    Differences from MindSpore: the pipeline runs when the consumer asks for a row, so a
    wait that no ``sync_update`` has released raises ``RuntimeError`` after
    ``config.get_callback_timeout()`` seconds (MindSpore keeps waiting)."""

    def __init__(self, input_dataset, condition_name, num_batch, callback=None):
        super().__init__((input_dataset,))
        if not isinstance(condition_name, str):
            raise TypeError(f"For 'sync_wait', 'condition_name' must be a str, but got {condition_name!r}")
        _check_int("sync_wait", "num_batch", num_batch, 1)
        if callback is not None and not callable(callback):
            raise TypeError("For 'sync_wait', 'callback' must be callable")
        self.condition_name = condition_name
        self.num_batch = num_batch
        self.callback = callback
        self._released = 0
        self._cond = threading.Condition()

    def update(self, num_batch=None, data=None):
        with self._cond:
            self._released += self.num_batch if num_batch is None else num_batch
            if self.callback is not None:
                self.callback(data)
            self._cond.notify_all()

    def _rows(self, ctx):
        with self._cond:
            self._released = self.num_batch
        for k, row in enumerate(self.children[0]._rows(ctx)):
            with self._cond:
                if not self._cond.wait_for(lambda k=k: k < self._released, timeout=config.get_callback_timeout()):
                    raise RuntimeError(f"For 'sync_wait', row {k} waits for sync_update('{self.condition_name}'), "
                                       "which was not called")
            yield row


class TransferDataset(Dataset):
    """``dataset.device_que()``/``to_device()``: the rows as they would be sent to a device
    queue. Differences from MindSpore: there is no device queue; ``send`` iterates the
    pipeline once (training reads the dataset directly), the rest are accepted."""

    def __init__(self, input_dataset, send_epoch_end=True, create_data_info_queue=False, queue_name=""):
        super().__init__((input_dataset,))
        self.send_epoch_end = bool(send_epoch_end)
        self.create_data_info_queue = bool(create_data_info_queue)
        self.queue_name = queue_name
        self._stopped = False

    def _rows(self, ctx):
        return self.children[0]._rows(ctx)

    def send(self, num_epochs=-1):
        """Run the pipeline (each row is read once)."""
        for _ in self._rows(_EpochContext(config._new_base_seed(), 0)):
            if self._stopped:
                break

    def stop_send(self):
        self._stopped = True

    def continue_send(self):
        self._stopped = False

    def release(self):
        self._stopped = True

    def get_data_info(self):
        """The dtypes and shapes of the first row."""
        return self.output_types(), self.output_shapes()

    def get_send_info(self):
        return []

    def get_offload_model(self, col_names):
        return None
