"""Where the input pipeline's time goes, per operation (MindSpore's dataset profiler answers
the same question).

    from mindspore.dataset.engine._profile import profile_pipeline
    with profile_pipeline() as prof:
        for batch in dataset.create_tuple_iterator():
            ...
    print(prof.report())

or run a script with ``SPORETORCH_DATASET_PROFILE=1`` to get the table on stderr at exit.
While a profile is on, each ``map`` operation, each source's row reads, each ``batch`` (with
the per-pixel ops it runs per batch) and the consumer's waits on the pipeline are timed
(wall seconds, summed over the threads that ran them: with N workers the sum can exceed the
elapsed time). A large "iterator: waiting for rows" share means training is input-bound;
the operation with the largest total is the one to blame. Work inside ``python_multiprocessing``
worker processes is not seen. Off (the default), it costs one flag test per operation.
"""
import atexit
import os
import sys
import threading

_lock = threading.Lock()
_stats = {}
_on = [os.environ.get("SPORETORCH_DATASET_PROFILE", "0") not in ("", "0")]


def active():
    return _on[0]


def record(name, seconds):
    """Add one call of ``seconds`` to the entry ``name``."""
    with _lock:
        entry = _stats.get(name)
        if entry is None:
            _stats[name] = [1, seconds]
        else:
            entry[0] += 1
            entry[1] += seconds


def report():
    """The table of entries by total time, as text."""
    with _lock:
        items = sorted(_stats.items(), key=lambda kv: -kv[1][1])
    lines = ["| stage: operation | calls | total s | mean ms |", "|---|---|---|---|"]
    lines += [f"| {name} | {calls} | {total:.3f} | {total / calls * 1e3:.3f} |" for name, (calls, total) in items]
    return "\n".join(lines)


class profile_pipeline:
    """Context manager: time the pipeline's operations while it is open (see the module doc)."""

    def __enter__(self):
        with _lock:
            _stats.clear()
        _on[0] = True
        return self

    def __exit__(self, *exc):
        _on[0] = False

    @staticmethod
    def report():
        return report()

    @staticmethod
    def stats():
        """``{name: (calls, total seconds)}``."""
        with _lock:
            return {name: tuple(v) for name, v in _stats.items()}


if _on[0]:
    atexit.register(lambda: print("dataset pipeline profile\n" + report(), file=sys.stderr))
