"""Page-locking of loaded batches (``mindspore.dataset.dataloader._utils.pin_memory``)."""
import collections.abc
import copy
from queue import Empty

from . import WORKER_TIME_OUT
from .worker import WorkerException


def pin_memory_fn(data):
    """``data`` with every Tensor (and object with ``pin_memory``) inside nested containers page-locked."""
    from ....common.tensor import Tensor
    if isinstance(data, Tensor):
        return data.pin_memory()
    if isinstance(data, (str, bytes)):
        return data
    if isinstance(data, collections.abc.Mapping):
        items = {k: pin_memory_fn(v) for k, v in data.items()}
        try:
            if isinstance(data, collections.abc.MutableMapping):
                clone = copy.copy(data)
                clone.update(items)
                return clone
            return type(data)(items)
        except TypeError:
            return items
    if isinstance(data, tuple) and hasattr(data, "_fields"):
        return type(data)(*(pin_memory_fn(v) for v in data))
    if isinstance(data, tuple):
        return [pin_memory_fn(v) for v in data]
    if isinstance(data, collections.abc.Sequence):
        items = [pin_memory_fn(v) for v in data]
        try:
            if isinstance(data, collections.abc.MutableSequence):
                clone = copy.copy(data)
                for i, item in enumerate(items):
                    clone[i] = item
                return clone
            return type(data)(items)
        except TypeError:
            return items
    if hasattr(data, "pin_memory"):
        return data.pin_memory()
    return data


def pin_worker_fn(in_queue, out_queue, device_id, pin_memory_done):
    """Thread loop: pin each (order, batch) from ``in_queue`` onto ``out_queue`` until ``pin_memory_done``;
    a failure travels as a WorkerException."""
    while not pin_memory_done.is_set():
        try:
            order_index, data = in_queue.get(timeout=WORKER_TIME_OUT)
        except Empty:
            continue
        if not isinstance(data, WorkerException):
            try:
                data = pin_memory_fn(data)
            except Exception:  # noqa: BLE001 - re-raised in the main process
                data = WorkerException()
        out_queue.put((order_index, data))
