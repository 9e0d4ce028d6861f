"""More pipeline operations: padded batches, length buckets, ``sync_wait`` and the
device-queue nodes (``device_que``/``to_device``)."""
import threading

import numpy as np

from .datasets import BatchDataset, Dataset, _as_column_list, _check_known, _check_int, _EpochContext
from ..core import config


def _check_pad_info(op, pad_info, cols):
    if pad_info is None:
        return {}
    if not isinstance(pad_info, dict):
        raise TypeError(f"For '{op}', 'pad_info' must be a dict {{column: (shape, value)}}, but got {pad_info!r}")
    _check_known(op, list(pad_info), cols)
    out = {}
    for c, spec in pad_info.items():
        if spec is None:
            out[c] = (None, 0)
            continue
        if not isinstance(spec, tuple) or len(spec) != 2:
            raise TypeError(f"For '{op}', pad_info['{c}'] must be a (shape, pad value) tuple, but got {spec!r}")
        shape, value = spec
        if shape is not None and (not isinstance(shape, (list, tuple)) or
                                  not all(d is None or (isinstance(d, int) and d > 0) for d in shape)):
            raise ValueError(f"For '{op}', the pad shape of '{c}' must be a list of positive ints or None, "
                             f"but got {shape!r}")
        out[c] = (None if shape is None else list(shape), value)
    return out


def pad_stack(op, column, values, shape, value):
    """Pad every array to ``shape`` (``None`` dims: the batch's largest) with ``value`` and stack."""
    ndim = values[0].ndim
    if any(v.ndim != ndim for v in values):
        raise RuntimeError(f"For '{op}', the rows of column '{column}' differ in rank: "
                           f"{sorted({v.ndim for v in values})}")
    largest = np.max([v.shape for v in values], axis=0) if ndim else np.zeros(0, int)
    if shape is None:
        target = [int(d) for d in largest]
    else:
        if len(shape) != ndim:
            raise RuntimeError(f"For '{op}', the pad shape {shape} of column '{column}' has rank {len(shape)} but "
                               f"its rows have rank {ndim}")
        target = [int(largest[k]) if d is None else d for k, d in enumerate(shape)]
    out = np.full((len(values), *target), value, dtype=values[0].dtype)
    for k, v in enumerate(values):
        if any(s > t for s, t in zip(v.shape, target)):
            raise RuntimeError(f"For '{op}', row {k} of column '{column}' has shape {v.shape}, larger than the "
                               f"pad shape {target}")
        out[(k, *[slice(0, s) for s in v.shape])] = v
    return out


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
                if not self._cond.wait_for(lambda: k < self._released,  # noqa: B023 (waited on in this iteration)
                                           timeout=config.get_callback_timeout()):
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
