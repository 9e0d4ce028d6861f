"""Iterators over a pipeline: rows as lists (``TupleIterator``) or dicts (``DictIterator``).

An iterator created with ``num_epochs=E`` serves E epochs: each ``for`` loop over it
consumes one epoch (reshuffled), as MindSpore's iterators do; -1 means no limit.
"""
import numpy as np
import torch

from ... import _accel
from ...common.tensor import _wrap
from ..core import config
from ._prefetch import prefetched
from ._rows import _EpochContext


def _pinner(output_numpy):
    """Copies a row into pinned memory (in the prefetch thread) when the consumer is on a GPU."""
    if output_numpy or not torch.cuda.is_available():
        return None
    from ...context import get_context
    if get_context("device_target") != "GPU":
        return None

    def pin(row):
        return tuple(torch.from_numpy(np.ascontiguousarray(a)).pin_memory() if a.dtype.kind in "biuf" else a
                     for a in row)
    return pin


def _to_output(arr, output_numpy, do_copy):
    if isinstance(arr, torch.Tensor):  # already pinned by the prefetch thread
        return _wrap(arr.clone() if do_copy else arr)
    if output_numpy or arr.dtype.kind in "USO":
        return arr
    if do_copy or not arr.flags.writeable or not arr.flags.c_contiguous:
        arr = np.array(arr, copy=True, order="C")
    t = torch.from_numpy(arr)
    return _wrap(t)


class _Iterator:
    def __init__(self, dataset, num_epochs=-1, output_numpy=False, do_copy=False):
        if isinstance(num_epochs, bool) or not isinstance(num_epochs, int) or (num_epochs < 1 and num_epochs != -1):
            raise ValueError(f"For 'create_iterator', 'num_epochs' must be a positive int or -1, "
                             f"but got {num_epochs!r}")
        self.dataset = dataset
        self.num_epochs = num_epochs
        self.output_numpy = output_numpy
        self.do_copy = do_copy
        self._seed = config._new_base_seed()
        self._epoch = 0
        self._rows = None
        self._names = dataset.get_col_names()

    def __iter__(self):
        return self

    def __next__(self):
        if self._rows is None:
            if self.num_epochs != -1 and self._epoch >= self.num_epochs:
                raise RuntimeError(f"The iterator has served all its num_epochs={self.num_epochs} epochs")
            rows = self.dataset._rows(_EpochContext(self._seed, self._epoch))
            # After batch a row is a whole batch (38 MB for 64 ImageNet crops): two ahead hide the
            # consumer's jitter, and a deeper queue would only hold memory.
            self._rows = prefetched(rows, min(config.get_prefetch_size(), 2), _pinner(self.output_numpy))
        try:
            row = next(self._rows)
        except StopIteration:
            self._rows = None
            self._epoch += 1
            # The epoch's worker pools have ended: what their threads' heaps hold free goes back
            # to the system, so resident memory is the same from one epoch to the next.
            _accel.trim_host_memory()
            raise
        return self._convert(row)

    def stop(self):
        """Release the pipeline (closes running workers)."""
        if self._rows is not None:
            self._rows.close()
            self._rows = None

    def get_col_names(self):
        return list(self._names)


class TupleIterator(_Iterator):
    """Rows as lists of Tensors (or NumPy arrays with ``output_numpy=True``)."""

    def __init__(self, dataset, columns=None, num_epochs=-1, output_numpy=False, do_copy=False):
        if columns is not None:
            dataset = dataset.project(columns)
        super().__init__(dataset, num_epochs, output_numpy, do_copy)

    def _convert(self, row):
        return [_to_output(a, self.output_numpy, self.do_copy) for a in row]


class DictIterator(_Iterator):
    """Rows as ``{column name: Tensor or NumPy array}`` dicts."""

    def _convert(self, row):
        return {c: _to_output(a, self.output_numpy, self.do_copy) for c, a in zip(self._names, row)}


class DummyIterator:
    """An iterator that serves the first row of ``dataset`` forever, for processes that must
    iterate without consuming data (MindSpore's parameter-server and scheduler roles).

    Args:
        dataset (Dataset): the pipeline.
        mode (str): ``"tuple"`` (rows as lists) or ``"dict"``.
        output_numpy (bool): NumPy arrays instead of Tensors. Default: False.
    """

    def __init__(self, dataset, mode, output_numpy=False):
        if mode not in ("tuple", "dict"):
            raise ValueError(f"For 'DummyIterator', 'mode' must be 'tuple' or 'dict', but got {mode!r}")
        self.mode = mode
        self.output_numpy = output_numpy
        self._names = dataset.get_col_names()
        self._row = dataset._first_row()

    def __iter__(self):
        return self

    def __next__(self):
        values = [_to_output(a, self.output_numpy, True) for a in self._row]
        return dict(zip(self._names, values)) if self.mode == "dict" else values
