"""``sporetorch demo`` with every training step timed (issue 20: the demo's first step).

Runs the demo's own ``main`` unchanged, except that its per-epoch callback also records the wall
time of each ``Model.fit`` training step, from ``on_train_step_begin`` to ``on_train_step_end``
(the step's loss has been read back by then). Prints the demo's output, then one JSON line::

    {"mode": "graph", "first_step_s": ..., "median_step_ms": ..., "steps": N}

    python benchmarks/demo_steps.py --mode graph --out /tmp/demo-graph
"""
import json
import statistics
import sys
import time

from sporetorch import demo


class TimedEpochStats(demo.EpochStats):
    """The demo's callback, plus the duration of every training step."""

    def __init__(self):
        super().__init__()
        self.step_s = []
        self._step_start = None

    def on_train_step_begin(self, run_context):
        self._step_start = time.perf_counter()

    def on_train_step_end(self, run_context):
        super().on_train_step_end(run_context)
        self.step_s.append(time.perf_counter() - self._step_start)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    created = []

    def make_stats():
        created.append(TimedEpochStats())
        return created[-1]

    demo.EpochStats = make_stats
    status = demo.main(argv)
    if not created or not created[0].step_s:  # the demo stopped before training (a bad argument)
        return status
    steps = created[0].step_s
    mode = argv[argv.index("--mode") + 1] if "--mode" in argv else "pynative"
    print(json.dumps({"mode": mode, "first_step_s": steps[0],
                      "median_step_ms": statistics.median(steps[1:]) * 1e3, "steps": len(steps)}))
    return status


if __name__ == "__main__":
    sys.exit(main())
