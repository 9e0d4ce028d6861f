"""MindSpore 2.10's PyTorch-style ``DataLoader`` (``mindspore.dataset.dataloader.dataloader``): batches of a
map-style or iterable-style dataset, loaded in the main process or in worker processes.

Differences from MindSpore: the default multiprocessing context is Python's ``fork`` context (MindSpore uses its own
``mindspore.multiprocessing``, also forking); ``pin_memory`` only has an effect on a CUDA device.
"""
import atexit
import enum
import multiprocessing
import numbers
import os
import queue
import threading
import weakref
from typing import Any, AnyStr, Generic, Mapping, Protocol, Sequence, TypeVar, Union, overload

import numpy as np

from ... import log as logger
from ._utils import check_args, check_exclusive_args, check_non_negative, check_positive, check_type, WORKER_TIME_OUT
from ._utils import worker as _worker
from ._utils.fetch import IterableDatasetFetcher, MapDatasetFetcher
from ._utils.pin_memory import pin_memory_fn, pin_worker_fn
from ._utils.signal_handling import set_sigchld_handler
from ._utils.worker import ResumeIterationFlag, WorkerException, data_worker_fn
from .dataset import IterableDataset
from .sampler import BatchSampler, InfiniteSampler, RandomSampler, SequentialSampler

_T = TypeVar("_T")
_T_co = TypeVar("_T_co", covariant=True)
_K = TypeVar("_K")
_V = TypeVar("_V")


class _CollateFnType(Protocol):
    """The signature of a collate function: a list of samples in, one batch out."""

    @overload
    def __call__(self, batch: Union[Sequence[np.ndarray], Sequence[numbers.Number]]) -> np.ndarray: ...

    @overload
    def __call__(self, batch: Sequence[Mapping[_K, _V]]) -> Mapping[_K, _V]: ...

    @overload
    def __call__(self, batch: Sequence[AnyStr]) -> AnyStr: ...

    def __call__(self, batch: Sequence[Any]) -> Any: ...


class DatasetType(str, enum.Enum):
    """Map-style or iterable-style dataset."""
    MapDataset = "MapDataset"
    IterableDataset = "IterableDataset"


class FetcherFactory:
    """Builds the fetcher of a dataset type."""

    @staticmethod
    def create_fetcher(dataset_type, dataset, auto_collation, collate_fn, drop_last=False):
        if dataset_type == DatasetType.MapDataset:
            return MapDatasetFetcher(dataset, auto_collation, collate_fn)
        if dataset_type == DatasetType.IterableDataset:
            return IterableDatasetFetcher(dataset, auto_collation, collate_fn, drop_last)
        raise ValueError(f"Unknown dataset type: {dataset_type}.")


def _default_context():
    return multiprocessing.get_context("fork")


def _device_is_cpu():
    from ...context import get_context
    return get_context("device_target") == "CPU"


class DataLoader(Generic[_T_co]):
    """Iterates over ``dataset`` in batches (MindSpore's PyTorch-style loader).

    Args:
        dataset (Dataset): a map-style (``__getitem__``) or iterable-style (``IterableDataset``) dataset.
        batch_size (int, optional): samples per batch; None yields single samples. Default: 1.
        shuffle (bool, optional): random order (map-style only). Default: None (in order).
        sampler (Sampler or Iterable, optional): the index order (excludes ``shuffle``).
        batch_sampler (Sampler or Iterable of lists, optional): the batches of indices (excludes ``batch_size``,
            ``shuffle``, ``sampler`` and ``drop_last``).
        num_workers (int): worker processes; 0 loads in the main process. Default: 0.
        collate_fn (callable, optional): list of samples -> batch. Default: ``default_collate`` (``default_convert``
            without batching).
        pin_memory (bool): page-lock batches (no effect on CPU, with a warning). Default: False.
        drop_last (bool): drop the last short batch. Default: False.
        timeout (float): seconds to wait for a worker's batch, 0 for ever. Default: 0.
        worker_init_fn (callable, optional): called with the worker id in each worker.
        multiprocessing_context (str or context, optional): how workers start (needs ``num_workers > 0``).
        generator (numpy.random.Generator, optional): the source of shuffling and worker seeds.
        prefetch_factor (int, optional): batches queued per worker (default 2 with workers).
        persistent_workers (bool): keep workers across epochs. Default: False.
        in_order (bool): yield batches in index order with workers. Default: True.

    Outputs: the collated batches (Tensors for NumPy/number samples, as ``default_collate`` makes them).
    """

    @check_args
    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None, num_workers=0,
                 collate_fn=None, pin_memory=False, drop_last=False, timeout=0.0, worker_init_fn=None,
                 multiprocessing_context=None, generator=None, *, prefetch_factor=None, persistent_workers=False,
                 in_order=True):
        self.dataset = dataset
        self.num_workers = num_workers
        self.collate_fn = collate_fn
        self.pin_memory = pin_memory
        self.timeout = timeout
        self.worker_init_fn = worker_init_fn
        self.generator = generator if generator is not None else np.random.default_rng()
        self.persistent_workers = persistent_workers
        self.in_order = in_order
        iterable = isinstance(dataset, IterableDataset)
        self.dataset_type = DatasetType.IterableDataset if iterable else DatasetType.MapDataset
        if sampler is None:
            if iterable:
                sampler = InfiniteSampler()
            elif shuffle:
                sampler = RandomSampler(dataset, generator=self.generator)
            else:
                sampler = SequentialSampler(dataset)
        self.sampler = sampler
        if batch_sampler is not None:
            batch_size, drop_last = None, False
        elif batch_size is not None:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        self.batch_size = batch_size
        self.drop_last = drop_last
        self.batch_sampler = batch_sampler
        self.auto_collation = batch_sampler is not None
        self.index_sampler = batch_sampler if self.auto_collation else sampler
        if isinstance(multiprocessing_context, str):
            multiprocessing_context = multiprocessing.get_context(multiprocessing_context)
        self.multiprocessing_context = multiprocessing_context or _default_context()
        if prefetch_factor is None and num_workers > 0:
            prefetch_factor = 2
        self.prefetch_factor = prefetch_factor

    def _check_args(self, params):
        """The argument checks, with MindSpore 2.10's messages."""
        dataset = params["dataset"]
        if isinstance(dataset, IterableDataset):
            where = "when dataset is iterable style"
            check_exclusive_args(params["shuffle"], "shuffle", where)
            check_exclusive_args(params["sampler"] is not None, "sampler", where)
            check_exclusive_args(params["batch_sampler"] is not None, "batch_sampler", where)
        elif not hasattr(dataset, "__getitem__"):
            raise NotImplementedError(f"{dataset.__class__.__name__} should implement __getitem__ method if it is "
                                      "map style.")
        check_type(params["batch_size"], "batch_size", valid_type=int, invalid_type=bool, allow_none=True)
        check_positive(params["batch_size"], "batch_size", allow_none=True)
        check_type(params["shuffle"], "shuffle", valid_type=bool, allow_none=True)
        if params["sampler"] is not None and params["shuffle"]:
            raise ValueError("sampler cannot be specified with shuffle.")
        if params["batch_sampler"] is not None:
            where = "with batch_sampler"
            check_exclusive_args(params["batch_size"] != 1, "batch_size", where)
            check_exclusive_args(params["shuffle"], "shuffle", where)
            check_exclusive_args(params["sampler"] is not None, "sampler", where)
            check_exclusive_args(params["drop_last"], "drop_last", where)
        check_type(params["num_workers"], "num_workers", valid_type=int, invalid_type=bool)
        check_non_negative(params["num_workers"], "num_workers")
        check_type(params["pin_memory"], "pin_memory", valid_type=bool)
        check_type(params["drop_last"], "drop_last", valid_type=bool)
        check_type(params["timeout"], "timeout", valid_type=(int, float), invalid_type=bool)
        check_non_negative(params["timeout"], "timeout")
        context = params["multiprocessing_context"]
        if context is not None:
            if params["num_workers"] <= 0:
                raise ValueError("multiprocessing_context must only be specified when num_workers is greater than 0, "
                                 f"but got: {params['num_workers']}.")
            if not isinstance(context, (str, multiprocessing.context.BaseContext)):
                raise TypeError(f"multiprocessing_context must be {multiprocessing.get_all_start_methods()} or "
                                f"multiprocessing.context.BaseContext, but got: {context}.")
        check_type(params["generator"], "generator", valid_type=np.random.Generator, allow_none=True)
        if params["prefetch_factor"] is not None:
            if params["num_workers"] <= 0:
                raise ValueError("prefetch_factor must only be specified when num_workers is greater than 0, "
                                 f"but got: {params['num_workers']}.")
            check_type(params["prefetch_factor"], "prefetch_factor", valid_type=int, invalid_type=bool)
            check_positive(params["prefetch_factor"], "prefetch_factor")
        check_type(params["persistent_workers"], "persistent_workers", valid_type=bool)
        if params["persistent_workers"] and params["num_workers"] <= 0:
            raise ValueError("persistent_workers must only be specified when num_workers is greater than 0, "
                             f"but got: {params['num_workers']}.")
        check_type(params["in_order"], "in_order", valid_type=bool)

    def __iter__(self):
        if self.num_workers == 0:
            return _SingleProcessIterator(self)
        if not self.persistent_workers:
            return _MultiProcessIterator(self)
        if not hasattr(self, "_iterator"):
            self._iterator = _MultiProcessIterator(self)
        else:
            self._iterator.reset()
        return self._iterator

    def __len__(self):
        if self.dataset_type == DatasetType.IterableDataset:
            n = len(self.dataset)
            if self.batch_size is None:
                return n
            return n // self.batch_size if self.drop_last else (n - 1) // self.batch_size + 1
        return len(self.index_sampler)


class _Iterator(Generic[_T_co]):
    """One pass of a DataLoader: the index sampler's iterator and the fetcher."""

    def __init__(self, dataloader):
        self.dataset = dataloader.dataset
        self.drop_last = dataloader.drop_last
        self.dataset_type = dataloader.dataset_type
        self.auto_collation = dataloader.auto_collation
        self.index_sampler = dataloader.index_sampler
        self.sampler_iterator = iter(self.index_sampler)
        self.collate_fn = dataloader.collate_fn
        self.pin_memory = dataloader.pin_memory
        if self.pin_memory and _device_is_cpu():
            logger.warning("Set pin_memory as True on CPU device will not have any effect.")
            self.pin_memory = False
        self._data_count = 0
        self.dataset_fetcher = FetcherFactory.create_fetcher(self.dataset_type, self.dataset, self.auto_collation,
                                                             self.collate_fn, self.drop_last)

    def __iter__(self):
        return self

    def __len__(self):
        return len(self.index_sampler)

    def __next__(self):
        return self._get_next_data()

    def _get_next_data(self):
        raise NotImplementedError(f"{self.__class__.__name__} should implement _get_next_data method.")

    def _get_next_index(self):
        return next(self.sampler_iterator)

    def reset(self):
        """Start the pass over."""
        self.sampler_iterator = iter(self.index_sampler)
        self._data_count = 0


class _SingleProcessIterator(_Iterator):
    """Loads in the calling process."""

    def _get_next_data(self):
        data = self.dataset_fetcher.fetch(self._get_next_index())
        return pin_memory_fn(data) if self.pin_memory else data


class _MultiProcessIterator(_Iterator):
    """Loads in ``num_workers`` worker processes: index batches are dealt round-robin (``prefetch_factor`` per
    worker in flight) and the results are yielded in index order (or as they come, without ``in_order``)."""

    def __init__(self, dataloader):
        super().__init__(dataloader)
        self.num_workers = dataloader.num_workers
        self._check_num_workers()
        self.multiprocessing_context = dataloader.multiprocessing_context
        self.worker_init_fn = dataloader.worker_init_fn
        self.persistent_workers = dataloader.persistent_workers
        self.prefetch_factor = dataloader.prefetch_factor
        self.timeout = dataloader.timeout
        self.in_order = dataloader.in_order
        self._base_seed = int(dataloader.generator.integers(0, np.iinfo(np.int64).max, dtype=np.int64,
                                                            endpoint=True))
        self._setup_multiprocessing()

    def _check_num_workers(self):
        affinity = hasattr(os, "sched_getaffinity")
        cpus = len(os.sched_getaffinity(0)) if affinity else os.cpu_count()
        if self.num_workers > cpus:
            where = (f"CPUs {cpus} in the CPU set the current process is restricted to" if affinity
                     else f"logical CPUs {cpus} in the system")
            logger.warning(f"DataLoader's num_workers with value {self.num_workers} is set too high, exceeding the "
                           f"number of {where}, which may lead to competition for resources and slow down performance "
                           "of DataLoader. It is recommended to reduce the value of num_workers.")

    def _setup_multiprocessing(self):
        ctx = self.multiprocessing_context
        self.data_workers, self.index_queues = [], []
        self.data_queue = ctx.Queue()
        self.worker_done = ctx.Event()
        self.is_terminated = False
        for worker_id in range(self.num_workers):
            index_queue = ctx.Queue()
            proc = ctx.Process(target=data_worker_fn, name=f"DataLoaderWorker{worker_id}", daemon=True,
                               args=(self.dataset, self.dataset_fetcher, self.num_workers, worker_id, index_queue,
                                     self.data_queue, self.worker_done, self.worker_init_fn, self._base_seed))
            proc.start()
            self.data_workers.append(proc)
            self.index_queues.append(index_queue)
        if self.pin_memory:
            self.result_queue = queue.Queue()
            self.pin_memory_done = threading.Event()
            self.pin_worker_thread = threading.Thread(target=pin_worker_fn, name="PinMemoryWorker", daemon=True,
                                                      args=(self.data_queue, self.result_queue, 0,
                                                            self.pin_memory_done))
            self.pin_worker_thread.start()
        else:
            self.result_queue = self.data_queue
        # a weak reference, so that registering does not keep the iterator alive
        atexit.register(lambda ref: ref() and ref()(), weakref.WeakMethod(self.terminate))
        _worker.register_worker_pids(id(self), [os.getpid()] + [p.pid for p in self.data_workers])
        set_sigchld_handler()
        self.reset()

    def reset(self):
        super().reset()
        resume = getattr(self, "last_worker_assigned", -1) != -1
        self.order_index = 0
        self.next_data_index = 0
        self.task_info = {}
        self.last_worker_assigned = -1
        self.task_to_be_done = [0] * self.num_workers
        self.worker_status = [True] * self.num_workers
        if resume:
            for index_queue in self.index_queues:
                index_queue.put(ResumeIterationFlag())
            waiting = len(self.index_queues)
            while waiting:
                tag, _ = self._get_data_from_queue()
                if isinstance(tag, ResumeIterationFlag):
                    waiting -= 1
        for _ in range(self.num_workers * self.prefetch_factor):
            self._try_assign_one_task()

    def _try_assign_one_task(self):
        try:
            indices = self._get_next_index()
        except StopIteration:
            return
        for step in range(self.num_workers):
            wid = (self.last_worker_assigned + step + 1) % self.num_workers
            if not self.worker_status[wid]:
                continue
            fair = sum(self.task_to_be_done) // sum(self.worker_status) + 1
            if self.in_order or self.task_to_be_done[wid] < fair:
                self.index_queues[wid].put((self.order_index, indices))
                self.task_info[self.order_index] = (wid,)
                self.order_index += 1
                self.task_to_be_done[wid] += 1
                self.last_worker_assigned = wid
                return

    def _finish(self, order_index, data):
        """Book a received batch as done, hand out the next task and return the batch (re-raising a worker's
        error)."""
        wid = self.task_info.pop(order_index)[0]
        self.task_to_be_done[wid] -= 1
        self._try_assign_one_task()
        if isinstance(data, WorkerException):
            data.reraise()
        return data

    def _get_next_data(self):
        while self.next_data_index < self.order_index:
            task = self.task_info.get(self.next_data_index)
            if task is None:
                self.next_data_index += 1
                continue
            if len(task) == 2:  # arrived earlier, out of order
                self.next_data_index += 1
                return self._finish(self.next_data_index - 1, task[1])
            if not self.worker_status[task[0]]:  # its worker has ended
                self.task_info.pop(self.next_data_index)
                self.next_data_index += 1
                continue
            while True:
                order_index, data = self._get_data_from_queue()
                if self.dataset_type == DatasetType.IterableDataset and data is None:
                    wid = self.task_info.pop(order_index)[0]
                    if not self.persistent_workers:
                        self.index_queues[wid].put(None)
                    self.worker_status[wid] = False
                    self._try_assign_one_task()
                    break
                if order_index == self.next_data_index:
                    self.next_data_index += 1
                    return self._finish(order_index, data)
                if not self.in_order:
                    return self._finish(order_index, data)
                if isinstance(data, WorkerException):
                    data.reraise()
                self.task_info[order_index] += (data,)
        if not self.persistent_workers:
            self.terminate()
        raise StopIteration

    def _get_data_from_queue(self):
        if self.timeout > 0:
            ok, data = self._try_get_data(self.timeout)
            if ok:
                return data
            raise RuntimeError(f"DataLoader timed out waiting for data after {self.timeout} seconds.")
        while True:
            if self.pin_memory and not self.pin_worker_thread.is_alive():
                raise RuntimeError("DataLoader pin memory thread exited unexpectedly.")
            ok, data = self._try_get_data()
            if ok:
                return data

    def _try_get_data(self, timeout=WORKER_TIME_OUT):
        try:
            return True, self.result_queue.get(timeout=timeout)
        except Exception as exc:  # noqa: BLE001 - a dead worker is reported before the queue's own error
            dead = []
            for wid, proc in enumerate(self.data_workers):
                if self.worker_status[wid] and not proc.is_alive():
                    dead.append(proc)
                    self.index_queues[wid].put(None)
                    self.worker_status[wid] = False
            if dead:
                pids = ", ".join(str(p.pid) for p in dead)
                raise RuntimeError(f"DataLoader worker (pid(s): {pids}) exited unexpectedly.") from exc
            if isinstance(exc, queue.Empty):
                return False, None
            raise

    def terminate(self):
        """Stop the workers (each gets the quit marker, then is joined; one that does not stop is killed)."""
        if getattr(self, "is_terminated", True):
            return
        self.is_terminated = True
        try:
            if self.pin_memory:
                self.pin_memory_done.set()
                self.data_queue.put((None, None))
                self.pin_worker_thread.join()
                self.data_queue.close()
                self.data_queue.join_thread()
            self.worker_done.set()
            for wid in range(len(self.data_workers)):
                if self.persistent_workers or self.worker_status[wid]:
                    self.index_queues[wid].put(None)
                    self.worker_status[wid] = False
            for proc in self.data_workers:
                proc.join(timeout=WORKER_TIME_OUT)
            for index_queue in self.index_queues:
                index_queue.close()
                index_queue.join_thread()
        finally:
            _worker.deregister_worker_pids(id(self))
            for wid, proc in enumerate(self.data_workers):
                if proc.is_alive():
                    logger.warning(f"DataLoader worker {wid} (pid: {proc.pid}) failed to join within "
                                   f"{WORKER_TIME_OUT} seconds and will be terminated manually.")
                    proc.terminate()

    def __del__(self):
        self.terminate()
