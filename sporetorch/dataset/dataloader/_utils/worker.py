"""Worker-side objects of the data loader (``mindspore.dataset.dataloader._utils.worker``)."""
import os
import sys
import traceback

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
