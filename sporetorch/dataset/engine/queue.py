"""Queues between the data pipeline's worker processes (``mindspore.dataset.engine.queue``)."""
import multiprocessing
import multiprocessing.queues
import queue
import types

import numpy as np


def get_total_size(data):
    """The bytes of the NumPy arrays among the columns of a row."""
    return sum(col.nbytes for col in data if isinstance(col, np.ndarray))


class _Queue(multiprocessing.queues.Queue):
    """A process queue whose blocking calls can be interrupted by an event (``exit_signal``)."""

    def __init__(self, size):
        super().__init__(size, ctx=multiprocessing.get_context())

    def put_until(self, data, timeout=None, exit_signal=None):
        """``put(data)``, retried on a full queue (each try waits ``timeout``) until it succeeds or
        ``exit_signal`` is set; without ``exit_signal`` a full queue raises ``queue.Full``."""
        while True:
            try:
                self.put(data, timeout=timeout)
                return
            except queue.Full:
                if exit_signal is None:
                    raise
                if exit_signal.is_set():
                    return

    def get_until(self, timeout=None, exit_signal=None):
        """The next item, retried on an empty queue until one comes or ``exit_signal`` is set (then None); a
        ``None`` item (the end marker) returns None; items arriving after ``exit_signal`` are drained."""
        while True:
            try:
                item = self.get(timeout=timeout)
            except queue.Empty:
                if exit_signal is None:
                    raise
                if exit_signal.is_set():
                    return None
                continue
            if item is None:
                return None
            if exit_signal is not None and exit_signal.is_set():
                continue
            return item


class _SharedQueue(_Queue):
    """The queue of the pipeline's worker processes, with MindSpore's interface (``size`` slots, ``count``,
    ``copy_out``, ``max_rowsize``).

    Differences from MindSpore: rows travel through the queue's pipe (pickled), not through shared-memory
    segments; ``copy_out`` and ``max_rowsize`` are kept and change nothing.
    """

    def __init__(self, size, count, copy_out=True, max_rowsize=-1):
        super().__init__(size)
        self.count = count
        self.copy_out = copy_out
        self.seg_size = -1 if max_rowsize == -1 else max_rowsize * 1024 * 1024
        self.dynamic_shm = max_rowsize == -1
        self.num_seg = size + 2

    def put(self, data, timeout=None):  # pylint: disable=arguments-differ
        """Send a row (a tuple of columns; anything else is sent as a one-column row). A worker's
        ExceptionHandler is sent as it is; a generator column raises TypeError (it cannot be sent)."""
        from ._utils import ExceptionHandler
        if not isinstance(data, ExceptionHandler):
            data = data if isinstance(data, tuple) else (data,)
            for column in data:
                if isinstance(column, types.GeneratorType):
                    raise TypeError(f"Cannot pickle {type(column)} object, please verify pyfunc return with numpy "
                                    "array")
        super().put(data, timeout=timeout)

    def get(self, timeout=None):  # pylint: disable=arguments-differ
        """The next row as a tuple of columns (or a worker's ExceptionHandler)."""
        return super().get(timeout=timeout)

    def release(self):
        """Free the queue's resources (nothing beyond the queue itself here)."""
