"""Parallel ``map``: a pool of worker threads or processes that keeps the rows in order.

At most ``window`` rows (default ``2 * workers``) are in flight. The pool is shut down when the epoch ends,
fails or is abandoned (the generator's ``finally``): pending rows are cancelled and the
processes are joined, so an error in an operation never hangs the pipeline nor leaves
worker processes behind. A failure in a worker is raised in the consumer as the same
``RuntimeError`` the sequential path gives.
"""
import collections
import concurrent.futures as cf
import time

from . import _profile

_worker_state = {}


def _apply_operations(operations, input_columns, values):
    """``values`` through each of ``operations`` in turn (timed while a pipeline profile is on)."""
    timed = _profile.active()
    for op in operations:
        start = time.perf_counter() if timed else 0.0
        try:
            values = op(*values)
        except Exception as err:
            # MindSpore reports failures inside map operations as RuntimeError.
            raise RuntimeError(f"For 'map' on columns {input_columns}, the operation {_op_name(op)} failed: "
                               f"{type(err).__name__}: {err}") from err
        if not isinstance(values, tuple):
            values = (values,)
        if timed:
            _profile.record(f"map: {_op_name(op)}", time.perf_counter() - start)
    return values


def _op_name(op):
    return getattr(op, "__name__", type(op).__name__)


def _init_process(operations, input_columns, counter):
    from ..core import config
    _worker_state["ops"] = (operations, input_columns)
    with counter.get_lock():
        config._state["worker_id"] = counter.value
        counter.value += 1


def _run_in_process(values):
    operations, input_columns = _worker_state["ops"]
    return _apply_operations(operations, input_columns, values)


def ordered_map(rows, operations, input_columns, in_pos, workers, use_processes, window=None):
    if use_processes:
        import multiprocessing
        counter = multiprocessing.get_context().Value("i", 0)
        pool = cf.ProcessPoolExecutor(workers, initializer=_init_process,
                                      initargs=(operations, input_columns, counter))

        def submit(values):
            return pool.submit(_run_in_process, values)
    else:
        pool = cf.ThreadPoolExecutor(workers, thread_name_prefix="sporetorch-map")

        def submit(values):
            return pool.submit(_apply_operations, operations, input_columns, values)
    pending = collections.deque()
    try:
        for row in rows:
            pending.append((row, submit(tuple(row[p] for p in in_pos))))
            if len(pending) >= (window or 2 * workers):
                row0, fut = pending.popleft()
                yield row0, _result(fut)
        while pending:
            row0, fut = pending.popleft()
            yield row0, _result(fut)
    finally:
        for _, fut in pending:
            fut.cancel()
        pool.shutdown(wait=True, cancel_futures=True)


def _result(fut):
    try:
        return fut.result()
    except cf.process.BrokenProcessPool as err:
        raise RuntimeError(f"For 'map', a worker process died unexpectedly ({err}); the pipeline was stopped") \
            from err


def ordered_thread_calls(fn, items, workers, window=None):
    """``fn(item)`` for each item in a pool of ``workers`` threads, results in order, at most
    ``window`` (default ``2 * workers``) calls in flight; the pool ends with the generator."""
    window = window or 2 * workers
    pool = cf.ThreadPoolExecutor(workers, thread_name_prefix="sporetorch-read")
    pending = collections.deque()
    try:
        for item in items:
            pending.append(pool.submit(fn, item))
            if len(pending) >= window:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for fut in pending:
            fut.cancel()
        pool.shutdown(wait=True, cancel_futures=True)
