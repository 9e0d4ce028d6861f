"""Bounded prefetch: a pipeline stage runs ahead of its consumer in a thread of its own.

``prefetched(rows, size)`` runs the generator ``rows`` in a daemon thread and hands its items
over through a channel of at most ``size`` items (``cheap_size`` for items that each take under a
millisecond to make; both at most ``dataset.config.set_prefetch_size``), so the memory held ahead
of the consumer is bounded whatever the number of epochs. Closing the
returned generator (or dropping it, or an error on either side) stops the thread: it closes
``rows`` in its own thread, which shuts down the worker pools below it, and is joined. Errors
raised by the stage reach the consumer unchanged.
"""
import collections
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


# Cheap items (small rows read from a file) would cost more to hand over one by one than to make:
# waking the consumer is a thread switch. The producer wakes it for an item that took
# _CHEAP_SECONDS or more to make, and otherwise once the channel holds half its room; a consumer
# finding nothing looks again after _LOOK_SECONDS, so an item never waits longer than that for a
# wake-up (a stage that waits on its consumer, such as ``sync_wait``, never holds a finished row
# back).
_CHEAP_SECONDS = 0.001
_LOOK_SECONDS = 0.001


class _Channel:
    """The hand-over from the prefetch thread to its one consumer."""

    def __init__(self):
        self._items = collections.deque()
        self._ready = threading.Condition()

    def put(self, item, bound, urgent, stop):
        """Append ``item`` once fewer than ``bound`` items are held; False when ``stop`` is set first."""
        with self._ready:
            while len(self._items) >= bound:
                if stop.is_set():
                    return False
                self._ready.wait(0.05)
            self._items.append(item)
            if urgent or 2 * len(self._items) >= bound:
                self._ready.notify_all()
        return True

    def get(self, timeout=None):
        """The next item; ``queue.Empty`` after ``timeout`` seconds without one."""
        deadline = None if timeout is None else time.monotonic() + timeout
        with self._ready:
            while not self._items:
                if deadline is not None and time.monotonic() >= deadline:
                    raise queue.Empty
                self._ready.wait(_LOOK_SECONDS)
            item = self._items.popleft()
            self._ready.notify_all()  # a producer waiting for room
            return item


def _produce(rows, out, stop, convert, size, cheap_size):
    try:
        started = time.perf_counter()
        for item in rows:
            if convert is not None:
                item = convert(item)
            slow = time.perf_counter() - started >= _CHEAP_SECONDS
            if not out.put(item, size if slow else cheap_size, slow, stop):
                return
            started = time.perf_counter()
        out.put(_END, cheap_size + 1, True, stop)
    except BaseException as err:  # noqa: BLE001  (handed to the consumer, which raises it)
        out.put(_Failure(err), cheap_size + 1, True, stop)
    finally:
        rows.close()


def prefetched(rows, size, convert=None, name="sporetorch-prefetch", cheap_size=None):
    """Iterate ``rows`` (a generator) in a background thread, at most ``size`` items ahead
    (``cheap_size``, default ``size``, for items made in under a millisecond); ``convert``
    (optional) runs on each item in that thread."""
    out = _Channel()
    stop = threading.Event()
    produce_args = (rows, out, stop, convert, max(1, size), max(1, cheap_size or size))
    thread = threading.Thread(target=_produce, args=produce_args, name=name, daemon=True)
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
