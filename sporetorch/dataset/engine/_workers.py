"""Parallel ``map``: worker threads or processes that keep the rows in order.

At most ``window`` rows (default ``2 * workers``) are in flight. Worker threads pull rows from
the source themselves (``_thread_map``); worker processes get them in chunks from the pipeline
thread (``_process_map``). The workers are stopped when the epoch ends, fails or is abandoned
(the generator's ``finally``): pending rows are dropped and the threads and processes are
joined, so an error in an operation never hangs the pipeline nor leaves workers behind. A failure in a worker is raised in the consumer as the same
``RuntimeError`` the sequential path gives.
"""
import collections
import concurrent.futures as cf
import sys
import threading
import time

from . import _profile

_worker_state = {}
# The work (seconds) a worker takes from the source at once, where rows are cheap: the locks of a
# hand-off (tens of microseconds) are then a few per cent of it.
_CHUNK_WORK = 0.5e-3
# How long closing a map waits for a worker stuck inside a user's source (then left as a daemon).
_JOIN_TIMEOUT = 10.0


class _OneThreadLibraries:
    """While any of the pipeline's thread pools runs, OpenCV runs each call in the calling thread.

    The pool's threads are the parallelism (``num_parallel_workers`` of them, as MindSpore's
    engine sizes its own): an OpenCV call spreading over every core as well would put up to
    workers x cores threads on the cores, and the per-image calls are too small to gain from it.
    ``cv2.setNumThreads`` is process-wide, so the setting is counted by the pools using it and the
    previous one is restored when the last ends. OpenCV is only touched where it is loaded already
    or the pool's operations are image transforms (which load it). torch and NumPy are left alone:
    the per-image path makes no multi-threaded call into them (torch's thread count is
    process-wide too, and training needs it)."""

    def __init__(self):
        self._lock = threading.Lock()
        self._users = 0
        self._saved = None

    def enter(self, images=False):
        cv2 = sys.modules.get("cv2")
        if cv2 is None and images:
            from ..vision import _cv
            cv2 = _cv.opencv()
        with self._lock:
            self._users += 1
            if cv2 is not None and self._saved is None and hasattr(cv2, "setNumThreads"):
                self._saved = (cv2, cv2.getNumThreads())
                cv2.setNumThreads(1)

    def leave(self):
        with self._lock:
            self._users -= 1
            if self._users == 0 and self._saved is not None:
                cv2, count = self._saved
                self._saved = None
                cv2.setNumThreads(count)


_libraries = _OneThreadLibraries()


def _image_ops(operations):
    from ..vision.transforms import ImageTensorOperation
    return any(isinstance(op, ImageTensorOperation) for op in operations)


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
    """``(row, outputs)`` in input order, the operations run by ``workers`` threads (or processes);
    at most ``window`` (default ``2 * workers``) rows in flight."""
    window = window or 2 * workers
    if use_processes:
        yield from _process_map(rows, operations, input_columns, in_pos, workers, window)
    else:
        yield from _thread_map(rows, operations, input_columns, in_pos, workers, window)


def _process_map(rows, operations, input_columns, in_pos, workers, window):
    """Rows go to the worker processes in chunks, so that a message to a process is paid per
    chunk and not per row."""
    chunk_size = max(1, window // (2 * workers))
    import multiprocessing
    counter = multiprocessing.get_context().Value("i", 0)
    pool = cf.ProcessPoolExecutor(workers, initializer=_init_process, initargs=(operations, input_columns, counter))
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
            pending.append((chunk_rows, pool.submit(_run_chunk_in_process,
                                                    [tuple(r[p] for p in in_pos) for r in chunk_rows])))
            in_flight += len(chunk_rows)
            chunk_rows = []
            while in_flight >= window and pending:
                in_flight -= len(pending[0][0])
                yield from drain_one()
        if chunk_rows:
            pending.append((chunk_rows, pool.submit(_run_chunk_in_process,
                                                    [tuple(r[p] for p in in_pos) for r in chunk_rows])))
        while pending:
            yield from drain_one()
    finally:
        for _, fut in pending:
            fut.cancel()
        pool.shutdown(wait=True, cancel_futures=True)


class _Pulled:
    """The state ``_thread_map``'s workers share: the source (read by one thread at a time), the
    results by sequence number, and how many rows are in flight (at most ``window``)."""

    def __init__(self, rows, window, chunk):
        self.rows = rows
        self.window, self.chunk = window, chunk
        self.source_lock = threading.Lock()
        self.lock = threading.Lock()
        self.ready = threading.Condition(self.lock)   # a result the consumer waits for has come
        self.space = threading.Condition(self.lock)   # rows left the window
        self.results = {}
        self.in_flight = 0      # rows taken (or places reserved) and not yet handed on
        self.taken = 0          # rows taken from the source so far
        self.end = None         # the number of rows, once the source is exhausted or failed
        self.wanted = 0         # the sequence number the consumer waits for
        self.stop = False


def _pull_rows(state, operations, input_columns, in_pos):
    """A ``_thread_map`` worker: take the next rows from the source, run the operations on them,
    file the results under the rows' sequence numbers; until the source ends or the consumer stops.

    Rows are taken one at a time while a row costs more than ``_CHUNK_WORK`` seconds (an image), so
    that no row waits behind others in a chunk; cheaper rows (a small Python function) are taken
    in chunks of up to ``state.chunk``, so that the locks are paid per chunk."""
    chunk = 1
    while True:
        with state.lock:
            while state.in_flight >= state.window and not state.stop:
                state.space.wait(0.1)
            if state.stop:
                return
            state.in_flight += chunk
        failure = ended = None
        got = []
        with state.source_lock:
            if state.stop or state.end is not None:
                return
            first = state.taken
            for _ in range(chunk):
                try:
                    got.append(next(state.rows))
                except StopIteration:
                    ended = True
                    break
                except BaseException as err:  # noqa: BLE001  (raised in the consumer, in order)
                    ended, failure = True, err
                    break
            state.taken += len(got)
        items = []
        start = time.perf_counter()
        for row in got:
            try:
                items.append((row, _apply_operations(operations, input_columns, tuple(row[p] for p in in_pos)),
                              None))
            except BaseException as err:  # noqa: BLE001  (raised in the consumer after the rows before it)
                items.append((row, None, err))
        with state.lock:
            for k, item in enumerate(items):
                state.results[first + k] = item
            state.in_flight -= chunk - len(items)
            if ended:
                state.end = first + len(items)
                if failure is not None:
                    state.results[state.end] = (None, None, failure)
            if ended or first <= state.wanted < first + len(items):
                state.ready.notify()
        if ended:
            return
        if items:
            per_row = (time.perf_counter() - start) / len(items)
            chunk = max(1, min(state.chunk, int(_CHUNK_WORK / max(per_row, 1e-7))))


def _thread_map(rows, operations, input_columns, in_pos, workers, window):
    """The workers pull rows from the source themselves and file their results by sequence
    number; this generator hands them on in order. No thread dispatches work: a worker that
    finishes its rows takes the next at once (while fewer than ``window`` rows are in flight), so
    the workers do not wait on the consumer being scheduled, and a slow row holds up the others
    only once the whole window is behind it."""
    state = _Pulled(rows, window, max(1, window // (2 * workers)))
    threads = [threading.Thread(target=_pull_rows, args=(state, operations, input_columns, in_pos),
                                name=f"sporetorch-map_{k}", daemon=True) for k in range(workers)]
    _libraries.enter(_image_ops(operations))
    try:
        for t in threads:
            t.start()
        seq = 0
        while True:
            with state.lock:
                state.wanted = seq
                while seq not in state.results and (state.end is None or seq < state.end):
                    state.ready.wait()
                ready = []
                while seq + len(ready) in state.results:
                    ready.append(state.results.pop(seq + len(ready)))
                state.in_flight -= len(ready)
                state.space.notify_all()
            if not ready:  # the source ended (an error of the source is filed under its place)
                return
            for row, outputs, err in ready:
                if err is not None:
                    raise err
                yield row, outputs
            seq += len(ready)
    finally:
        state.stop = True
        with state.lock:
            state.space.notify_all()
        for t in threads:
            if t.ident is not None:
                t.join(_JOIN_TIMEOUT)
        # the source's own pools end with it; a worker stuck in a user's source keeps it (daemon)
        if state.source_lock.acquire(timeout=_JOIN_TIMEOUT):
            try:
                state.rows.close()
            finally:
                state.source_lock.release()
        _libraries.leave()


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
    _libraries.enter()
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
        _libraries.leave()
