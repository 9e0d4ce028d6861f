"""Iterators over a pipeline: rows as lists (``TupleIterator``) or dicts (``DictIterator``).

An iterator created with ``num_epochs=E`` serves E epochs: each ``for`` loop over it
consumes one epoch (reshuffled), as MindSpore's iterators do; -1 means no limit.
"""
import copy
import functools
import queue
import weakref

import numpy as np
import torch

from ... import _accel
from ...common.tensor import _wrap, Tensor, np_types
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


# ------------------------------------------------------------------ MindSpore's iterator bookkeeping
_ITERATOR_CLEANUP = False
# Weak references to the iterators created so far (``_cleanup`` releases the live ones at exit).
ITERATORS_LIST = []


def _set_iterator_cleanup():
    global _ITERATOR_CLEANUP
    _ITERATOR_CLEANUP = True


def _unset_iterator_cleanup():
    global _ITERATOR_CLEANUP
    _ITERATOR_CLEANUP = False


def check_iterator_cleanup():
    """Whether ``_cleanup`` has run (the process is releasing its iterators)."""
    return _ITERATOR_CLEANUP


def _cleanup():
    """Release every live iterator, newest first."""
    _set_iterator_cleanup()
    for ref in reversed(ITERATORS_LIST):
        itr = ref()
        if itr is not None:
            itr.release()


def _cleanup_the_iterators_if_created(method):
    """Decorator: release the iterators that ``method`` created (a size or shape query that ran a pipeline)."""
    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        before = set(map(id, ITERATORS_LIST))
        result = method(self, *args, **kwargs)
        for ref in [r for r in ITERATORS_LIST if id(r) not in before][::-1]:
            itr = ref()
            if itr is not None:
                itr.release()
        return result
    return wrapper


def _is_text(arr):
    return np.issubdtype(arr.dtype, np.str_) or np.issubdtype(arr.dtype, np.bytes_)


def __convert_python(obj, to_numpy, _do_copy):
    """A Python object of a row, converted recursively (dicts, lists, tuples): numbers and arrays become NumPy
    arrays (``to_numpy``) or Tensors (text stays a NumPy array); anything else is returned as is (a deep copy with
    ``_do_copy``). A NumPy array of a dtype Tensors cannot hold raises TypeError."""
    if isinstance(obj, (int, float, bool, str, np.ndarray, np.str_, np.bytes_, *np_types)):
        if isinstance(obj, np.ndarray) and obj.dtype not in np_types and obj.dtype.kind not in ("U", "S"):
            supported = "\n".join(map(str, (*np_types, np.str_, np.bytes_)))
            raise TypeError(f"A NumPy array of unsupported type detected: {obj.dtype}.\nSupported types are: "
                            f"{supported}.")
        if to_numpy:
            return np.array(obj) if _do_copy else np.asarray(obj)
        arr = np.asarray(obj)
        if _is_text(arr):
            return arr
        return Tensor(arr) if _do_copy else Tensor.from_numpy(arr)
    if isinstance(obj, dict):
        return {k: __convert_python(v, to_numpy, _do_copy) for k, v in obj.items()}
    if isinstance(obj, (tuple, list)):
        return type(obj)(__convert_python(v, to_numpy, _do_copy) for v in obj)
    return copy.deepcopy(obj) if _do_copy else obj


def _is_python(t):
    # A column of Python objects (a dict, an object array) rather than a typed array.
    return not isinstance(t, np.ndarray) or t.dtype == object


def _as_python(t):
    return t.item() if isinstance(t, np.ndarray) and t.ndim == 0 else t


def _transform_md_to_output(t, _output_numpy, _do_copy):
    """One column of a pipeline row as the iterator returns it: a NumPy array (``_output_numpy``) or a Tensor."""
    if not _output_numpy:
        return _transform_md_to_tensor(t, _do_copy)
    if _is_python(t):
        return __convert_python(_as_python(t), True, _do_copy)
    return t


def _transform_md_to_tensor(t, _do_copy):
    """One column of a pipeline row as a Tensor (text columns stay NumPy arrays)."""
    if _is_python(t):
        return __convert_python(_as_python(t), False, _do_copy)
    if _is_text(t):
        return t
    return Tensor(t) if _do_copy else Tensor.from_numpy(t)


def _transform_tensor_to_output(t, _output_numpy):
    """A Tensor as a NumPy array when ``_output_numpy``, else unchanged."""
    return t.asnumpy() if _output_numpy else t


def _convert_rows(queue_in, queue_out, offload_model, _output_numpy, _do_copy, thread_event, col_names):
    from . import offload
    from ._utils import ExceptionHandler
    while not thread_event.is_set():
        try:
            item = queue_in.get(timeout=1)
            if col_names is not None and offload_model is None:
                out = {k: _transform_md_to_output(t, _output_numpy, _do_copy) for k, t in item}
            elif offload_model is None:
                out = [_transform_md_to_output(t, _output_numpy, _do_copy) for t in item]
            else:
                data = [_transform_md_to_tensor(t, _do_copy) for t in item]
                if data:
                    data = offload.apply_offload_iterators(data, offload_model)
                data = [_transform_tensor_to_output(t, _output_numpy) for t in data]
                out = data if col_names is None else (dict(zip(col_names, data)) if data else data)
                if col_names is not None and not item:
                    break  # the dict form does not forward the end marker
            queue_out.put(out)
            if not item:
                break
        except queue.Empty:
            continue
        except Exception:  # noqa: BLE001 - handed to the consumer, which raises it
            queue_out.put(ExceptionHandler())
            break
    else:
        return
    thread_event.set()


def _convert_tuple_data(queue_in, queue_out, offload_model, _output_numpy, _do_copy, thread_event):
    """Converter thread of a tuple iterator: each row of ``queue_in`` (an empty row ends) goes to ``queue_out`` as
    a list of Tensors/arrays, through the offload model when there is one; an error is put as an
    ExceptionHandler. Sets ``thread_event`` when done."""
    _convert_rows(queue_in, queue_out, offload_model, _output_numpy, _do_copy, thread_event, None)


def _convert_dict_data(queue_in, queue_out, offload_model, _output_numpy, _do_copy, thread_event, col_names):
    """Converter thread of a dict iterator: rows of ``(name, column)`` pairs become dicts (see
    ``_convert_tuple_data``)."""
    _convert_rows(queue_in, queue_out, offload_model, _output_numpy, _do_copy, thread_event, col_names)


class Iterator:
    """Base of the pipeline iterators: serves ``num_epochs`` epochs of rows, converted by ``_convert``."""

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
        ITERATORS_LIST.append(weakref.ref(self))

    def __iter__(self):
        return self

    def __next__(self):
        if self._rows is None:
            if self.num_epochs != -1 and self._epoch >= self.num_epochs:
                raise RuntimeError(f"The iterator has served all its num_epochs={self.num_epochs} epochs")
            rows = self.dataset._rows(_EpochContext(self._seed, self._epoch))
            # After batch a row is a whole batch (38 MB for 64 ImageNet crops): two ahead hide the
            # consumer's jitter, and a deeper queue would only hold memory.
            # Small rows (under a millisecond each to make) may run the whole prefetch size ahead.
            self._rows = prefetched(rows, min(config.get_prefetch_size(), 2), _pinner(self.output_numpy),
                                    cheap_size=config.get_prefetch_size())
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

    def release(self):
        """Same as ``stop``."""
        self.stop()

    def get_col_names(self):
        return list(self._names)


_Iterator = Iterator


class TupleIterator(Iterator):
    """Rows as lists of Tensors (or NumPy arrays with ``output_numpy=True``)."""

    def __init__(self, dataset, columns=None, num_epochs=-1, output_numpy=False, do_copy=False):
        if columns is not None:
            dataset = dataset.project(columns)
        super().__init__(dataset, num_epochs, output_numpy, do_copy)

    def _convert(self, row):
        return [_to_output(a, self.output_numpy, self.do_copy) for a in row]


class DictIterator(Iterator):
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
