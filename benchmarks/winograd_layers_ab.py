"""Whole training steps with Winograd on chosen layers and every other kernel choice the same.

``_conv_tuning`` keeps Winograd where a layer, timed alone, runs faster with it; this measures
what it gives whole steps, layer group by layer group. The ResNet-18 training step of
``../shared/bench/ms_workloads.py`` is planned once as GRAPH_MODE's eager variant (host memory pool
on) with Winograd never admitted; each contender then runs a copy of those plans with Winograd set
on the 3x3 stride-1 convolutions of the channel counts it names, interleaved with torch eager in
alternating order per round. Prints per-round medians and the median over rounds of each
contender's ratio to torch eager.

    python benchmarks/winograd_layers_ab.py --rounds 14
"""
import copy

from interleaved_ab import eager_variant, eager_variant_ab

_CONTENDERS = {"none": (), "winograd_512": (512,), "winograd_256_512": (256, 512)}


def _variants(args, ms_workloads):
    from sporetorch._accel import conv_plan as _conv_tuning, winograd as _winograd
    admit = _winograd.admit
    _winograd.admit = lambda *a: False
    try:
        base = eager_variant(ms_workloads, args.workload)
        for _ in range(3):  # the first steps time the kernels, after the step that meets them
            base()
    finally:
        _winograd.admit = admit
    planned = _conv_tuning._plans

    def with_winograd_on(channels):
        plans = {}
        for key, plan in planned.items():
            plans[key] = own = copy.copy(plan)
            own.backward = dict(plan.backward)
            _, _, w_shape, _, _, stride, _, _, _ = key
            if w_shape[0] == w_shape[1] and w_shape[0] in channels and w_shape[2:] == (3, 3) and stride == (1, 1):
                own.winograd = True
        return eager_variant(ms_workloads, args.workload, plans=plans)
    return {name: with_winograd_on(channels) for name, channels in _CONTENDERS.items()}


def main(argv=None):
    return eager_variant_ab(argv, __doc__, _variants, rounds=14, steps=3)


if __name__ == "__main__":
    raise SystemExit(main())
