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


def _apply_chunk(operations, input_columns, chunk):
    """``_apply_operations`` on each values tuple of ``chunk``: ``(outputs, None)``, or the
    outputs of the rows before a failure and the failure."""
    out = []
    for values in chunk:
        try:
            out.append(_apply_operations(operations, input_columns, values))
        except Exception as err:  # noqa: BLE001  (raised in the consumer after the rows before it)
            return out, err
    return out, None


def _run_chunk_in_process(chunk):
    operations, input_columns = _worker_state["ops"]
    return _apply_chunk(operations, input_columns, chunk)


def ordered_map(rows, operations, input_columns, in_pos, workers, use_processes, window=None):
    """``(row, outputs)`` in input order, the operations run by ``workers`` threads (or processes).

    Rows go to the workers in chunks, so that a hand-off (a future, a wake-up, a message to a
    process) is paid per chunk and not per row; at most ``window`` rows are in flight."""
    window = window or 2 * workers
    chunk_size = max(1, window // (2 * workers))
    if use_processes:
        import multiprocessing
        counter = multiprocessing.get_context().Value("i", 0)
        pool = cf.ProcessPoolExecutor(workers, initializer=_init_process,
                                      initargs=(operations, input_columns, counter))

        def submit(chunk):
            return pool.submit(_run_chunk_in_process, chunk)
    else:
        pool = cf.ThreadPoolExecutor(workers, thread_name_prefix="sporetorch-map")

        def submit(chunk):
            return pool.submit(_apply_chunk, operations, input_columns, chunk)
    pending = collections.deque()
    chunk_rows, in_flight = [], 0

    def drain_one():
        rows0, fut = pending.popleft()
        outputs, err = _result(fut)
        yield from zip(rows0, outputs)
        if err is not None:
            raise err

    try:
        for row in rows:
            chunk_rows.append(row)
            if len(chunk_rows) < chunk_size:
                continue
            pending.append((chunk_rows, submit([tuple(r[p] for p in in_pos) for r in chunk_rows])))
            in_flight += len(chunk_rows)
            chunk_rows = []
            while in_flight >= window and pending:
                in_flight -= len(pending[0][0])
                yield from drain_one()
        if chunk_rows:
            pending.append((chunk_rows, submit([tuple(r[p] for p in in_pos) for r in chunk_rows])))
        while pending:
            yield from drain_one()
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


def ordered_thread_calls(fn, items, workers, window=None, name="sporetorch-read"):
    """``fn(item)`` for each item in a pool of ``workers`` threads, results in order, at most
    ``window`` (default ``2 * workers``) calls in flight; the pool ends with the generator."""
    window = window or 2 * workers
    pool = cf.ThreadPoolExecutor(workers, thread_name_prefix=name)
    pending = collections.deque()
    try:
        try:
            for item in items:
                pending.append(pool.submit(fn, item))
                if len(pending) >= window:
                    yield pending.popleft().result()
        except Exception:
            # the items before a failure in ``items`` still arrive first, as without the pool
            while pending:
                yield pending.popleft().result()
            raise
        while pending:
            yield pending.popleft().result()
    finally:
        for fut in pending:
            fut.cancel()
        pool.shutdown(wait=True, cancel_futures=True)
