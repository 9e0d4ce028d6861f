"""Worker-side objects of the data loader (``mindspore.dataset.dataloader._utils.worker``)."""
import os
import random
import sys
import traceback
from queue import Empty

import numpy as np

from . import WORKER_TIME_OUT
from .bit_generator import seed_sequence

WORKER_INFO_LOCAL = None


class ResumeIterationFlag:
    """Marker put on a worker's index queue to start the next epoch."""


class WorkerInfo:
    """Read-only description of the current worker: ``id``, ``num_workers``, ``seed`` and ``dataset``."""
    _initialized = False

    def __init__(self, id, num_workers, seed, dataset):  # noqa: A002 - MindSpore's argument name
        self.id = id
        self.num_workers = num_workers
        self.seed = seed
        self.dataset = dataset
        self._initialized = True

    def __setattr__(self, key, value):
        if self._initialized:
            raise RuntimeError("Cannot modify the attributes of WorkerInfo object after initialization.")
        super().__setattr__(key, value)

    def __repr__(self):
        return (f"WorkerInfo: {{id: {self.id}, num_workers: {self.num_workers}, seed: {self.seed}, "
                f"dataset: {self.dataset}}}")


class KeyErrorMsg(str):
    """A message whose ``repr`` is itself, so a re-raised ``KeyError`` prints its traceback text readably."""
    __slots__ = ()

    def __repr__(self):
        return str(self)


class WorkerException:
    """An exception caught in a worker (its type and formatted traceback), raised again in the main process."""

    def __init__(self, worker_id=None, exc_info=None):
        self.worker_id = worker_id
        self.pid = os.getpid()
        exc_info = exc_info if exc_info is not None else sys.exc_info()
        self.exc_type = exc_info[0]
        self.exc_msg = "".join(traceback.format_exception(*exc_info))

    def reraise(self):
        """Raise the exception's type with the worker's text (RuntimeError when the type takes no ``message``)."""
        where = f"DataLoader worker {self.worker_id}" if self.worker_id is not None else "DataLoader main process"
        msg = where + f" (pid: {self.pid}) caught {self.exc_type.__name__} with message:\n{self.exc_msg}"
        if self.exc_type is KeyError:
            msg = KeyErrorMsg(msg)
        try:
            raise self.exc_type(message=msg)
        except Exception:  # noqa: BLE001 - most exception types take no ``message`` keyword
            raise RuntimeError(msg) from None


class ParentProcessMonitor:
    """Whether the process that started this worker is still its parent."""

    def __init__(self):
        self.ppid = os.getppid()

    def is_alive(self):
        return os.getppid() == self.ppid


def get_worker_info():
    """The WorkerInfo of the data-loader worker this code runs in, None in the main process."""
    return WORKER_INFO_LOCAL


# Worker processes of the live multi-process iterators (``register_worker_pids``), checked on SIGCHLD.
_WORKER_PIDS = {}


def register_worker_pids(key, pids):
    """Watch the processes ``pids`` (the main process first) of the iterator ``key``."""
    _WORKER_PIDS[key] = list(pids)


def deregister_worker_pids(key):
    _WORKER_PIDS.pop(key, None)


def check_if_worker_exit():
    """A message naming a watched worker that exited with an error, or "" (the child is not reaped)."""
    for pids in list(_WORKER_PIDS.values()):
        for pid in pids[1:]:
            try:
                info = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            except ChildProcessError:
                continue
            if info is not None and info.si_status != 0:
                how = "killed by signal" if info.si_code in (os.CLD_KILLED, os.CLD_DUMPED) else "with exit code"
                return f"DataLoader worker (pid: {pid}) exited unexpectedly {how} {info.si_status}."
    return ""


def data_worker_fn(dataset, fetcher, num_workers, worker_id, index_queue, data_queue, worker_done, worker_init_fn,
                   base_seed):
    """The loop of a data-loader worker process.

    Seeds ``random``, MindSpore and ``numpy.random`` from ``base_seed + worker_id``, sets the WorkerInfo, runs
    ``worker_init_fn(worker_id)``, then answers each ``(order_index, indices)`` of ``index_queue`` with
    ``(order_index, batch)`` on ``data_queue`` (a WorkerException when the fetch fails; ``None`` once an
    iterable-style dataset is exhausted). A ResumeIterationFlag restarts the fetcher; ``None`` ends the loop once
    ``worker_done`` is set or the iteration finished.
    """
    global WORKER_INFO_LOCAL
    try:
        monitor = ParentProcessMonitor()
        try:
            from ....common.generator import manual_seed
            from ....common.seed import set_seed
            seed = base_seed + worker_id
            random.seed(seed)
            set_seed(seed & 0xFFFFFFFF)  # ops and dataset randomness
            manual_seed(seed)  # mint randomness
            np.random.seed(seed_sequence(base_seed, worker_id))
            WORKER_INFO_LOCAL = WorkerInfo(id=worker_id, num_workers=num_workers, seed=seed, dataset=dataset)
            if worker_init_fn is not None:
                worker_init_fn(worker_id)
            fetcher.reset()
        except Exception:  # noqa: BLE001 - reported to the main process
            data_queue.put((-1, WorkerException(worker_id)))
            return
        finished = False
        while monitor.is_alive():
            try:
                item = index_queue.get(timeout=WORKER_TIME_OUT)
            except Empty:
                continue
            if isinstance(item, ResumeIterationFlag):
                data_queue.put((item, None))
                finished = False
                fetcher.reset()
                continue
            if item is None:
                if not worker_done.is_set() and not finished:
                    raise RuntimeError(f"DataLoader worker {worker_id} (pid: {os.getpid()}) got None from index "
                                       "queue before quit flag is set.")
                break
            if worker_done.is_set() or finished:
                continue  # drain the queue until the quit marker
            order_index, indices = item
            try:
                data = fetcher.fetch(indices)
            except StopIteration:
                finished = True
                data_queue.put((order_index, None))
                continue
            except Exception:  # noqa: BLE001 - reported to the main process
                data = WorkerException(worker_id)
            data_queue.put((order_index, data))
    except KeyboardInterrupt:
        pass
    if worker_done.is_set():
        data_queue.close()
        data_queue.join_thread()
