"""Bounded prefetch: a pipeline stage runs ahead of its consumer in a thread of its own.

``prefetched(rows, size)`` runs the generator ``rows`` in a daemon thread and hands its items
over through a queue of at most ``size`` items (``dataset.config.set_prefetch_size``), so
the memory held ahead of the consumer is bounded whatever the number of epochs. Closing the
returned generator (or dropping it, or an error on either side) stops the thread: it closes
``rows`` in its own thread, which shuts down the worker pools below it, and is joined. Errors
raised by the stage reach the consumer unchanged.
"""
import queue
import threading
import time

from . import _profile

_END = object()
_JOIN_TIMEOUT = 10.0


class _Failure:
    __slots__ = ("error",)

    def __init__(self, error):
        self.error = error


def _produce(rows, out, stop, convert):
    try:
        for item in rows:
            if convert is not None:
                item = convert(item)
            while not stop.is_set():
                try:
                    out.put(item, timeout=0.05)
                    break
                except queue.Full:
                    continue
            if stop.is_set():
                return
        out.put(_END)
    except BaseException as err:  # noqa: BLE001  (handed to the consumer, which raises it)
        out.put(_Failure(err))
    finally:
        rows.close()


def prefetched(rows, size, convert=None, name="sporetorch-prefetch"):
    """Iterate ``rows`` (a generator) in a background thread, at most ``size`` items ahead;
    ``convert`` (optional) runs on each item in that thread."""
    out = queue.Queue(maxsize=max(1, size))
    stop = threading.Event()
    thread = threading.Thread(target=_produce, args=(rows, out, stop, convert), name=name, daemon=True)
    thread.start()
    try:
        while True:
            if _profile.active():
                start = time.perf_counter()
                item = out.get()
                _profile.record("iterator: waiting for rows", time.perf_counter() - start)
            else:
                item = out.get()
            if item is _END:
                return
            if isinstance(item, _Failure):
                raise item.error
            yield item
    finally:
        stop.set()
        # Unblock a producer waiting on a full queue. A stage stuck inside a user's source is
        # left behind after a while (a daemon thread), rather than hanging the consumer.
        deadline = time.monotonic() + _JOIN_TIMEOUT
        while thread.is_alive() and time.monotonic() < deadline:
            try:
                out.get(timeout=0.05)
            except queue.Empty:
                pass
