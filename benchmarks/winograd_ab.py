"""Whole training steps of GRAPH_MODE's eager variant with and without Winograd, against torch eager.

``_conv_tuning`` decides per layer, timing each convolution alone; this measures what the choice
does to whole steps. Three contenders in one process, interleaved in alternating order per round:
torch eager, and the ResNet-18 training step of ``../shared/bench/ms_workloads.py`` run as GRAPH_MODE's
eager variant (timed kernel choices, host memory pool on) once with Winograd admitted where it
times faster than the direct kernels (``_WINOGRAD_MARGIN`` at 1) and once with it never
admitted. Each keeps its own kernel plans. Prints per-round medians and the median over rounds of
each contender's ratio to torch eager.

    python benchmarks/winograd_ab.py --rounds 6
"""
from interleaved_ab import eager_variant, eager_variant_ab


def _variants(args, ms_workloads):
    from sporetorch._accel import conv_plan as _conv_tuning, winograd as _winograd
    admit = _winograd.admit

    def with_winograd(admitted):
        def before_step():
            _winograd.admit = admit if admitted else (lambda *a: False)
            _conv_tuning._WINOGRAD_MARGIN = 1.0
        return eager_variant(ms_workloads, args.workload, before_step)
    return {"with_winograd": with_winograd(True), "without_winograd": with_winograd(False)}


def main(argv=None):
    return eager_variant_ab(argv, __doc__, _variants, rounds=6, steps=4)


if __name__ == "__main__":
    raise SystemExit(main())
