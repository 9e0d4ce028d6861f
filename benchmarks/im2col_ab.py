"""Whole training steps of GRAPH_MODE's eager variant planned with and without the im2col weight
gradient, and torch eager, in one process.

The im2col variant (``sporetorch/_accel/conv_plan.py``) computes a convolution's weight
gradient as one matrix product over the input's windows. Timed per layer it beats oneDNN's kernels
on ResNet's small late-stage images (``bench_conv_layers.py``); this measures what it gives a whole
step: the ResNet-18 training step of ``../shared/bench/ms_workloads.py`` as GRAPH_MODE's eager
variant (host memory pool on), its kernels chosen in warm-up steps once with the variant offered and
once without it, interleaved in alternating order per round with torch eager. Prints per-round
medians and the median over rounds of each contender's ratio to torch eager.

    python benchmarks/im2col_ab.py --rounds 10
"""
from interleaved_ab import eager_variant, eager_variant_ab


def _variants(args, ms_workloads):
    from sporetorch._accel import conv_plan as _conv_tuning

    def planned(im2col_max_bytes):
        run = eager_variant(ms_workloads, args.workload)
        offered = _conv_tuning._IM2COL_MAX_BYTES
        _conv_tuning._IM2COL_MAX_BYTES = im2col_max_bytes
        try:
            for _ in range(3):  # the first steps time the kernels, after the step that meets them
                run()
        finally:
            _conv_tuning._IM2COL_MAX_BYTES = offered
        return run
    return {"without_im2col": planned(0), "with_im2col": planned(_conv_tuning._IM2COL_MAX_BYTES)}


def main(argv=None):
    return eager_variant_ab(argv, __doc__, _variants, rounds=10, steps=3)


if __name__ == "__main__":
    raise SystemExit(main())
