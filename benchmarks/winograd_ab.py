"""Whole training steps of GRAPH_MODE's eager variant with and without Winograd, against torch eager.

``_conv_tuning`` decides per layer, timing each convolution alone; this measures what the choice
does to whole steps. Three contenders in one process, interleaved in alternating order per round:
torch eager, and the ResNet-18 training step of ``../shared/bench/ms_workloads.py`` run as GRAPH_MODE's
eager variant (timed kernel choices, host memory pool on) once with Winograd admitted where it
times faster than the direct kernels (``_WINOGRAD_MARGIN`` lifted to 1) and once with it never
admitted. Each keeps its own kernel plans. Prints per-round medians and the median over rounds of
each contender's ratio to torch eager.

    python benchmarks/winograd_ab.py --rounds 6
"""
import argparse
import os

from interleaved_ab import interleave, load_workloads, print_rounds


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workload", default="resnet18_train")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--steps", type=int, default=4, help="steps per contender and round")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args(argv)

    torch_workloads, ms_workloads = load_workloads(args.threads)
    import torch
    from sporetorch import _host_memory
    from sporetorch.common.jit import _run_in_mode
    from sporetorch.nn.layer import _conv_tuning, _winograd

    _host_memory.engage()
    admit = _winograd.admit

    def eager_variant(winograd):
        step = getattr(ms_workloads, "wl_" + args.workload)("pynative")[0]
        plans = {}

        def run():
            _conv_tuning._plans = plans
            _winograd.admit = admit if winograd else (lambda *a: False)
            _conv_tuning._WINOGRAD_MARGIN = 1.0
            return _run_in_mode(step, (), {}, graph=False, region=False, tuned=True)
        return run

    contenders = {"torch_eager": getattr(torch_workloads, "wl_" + args.workload)("eager")[0],
                  "with_winograd": eager_variant(True), "without_winograd": eager_variant(False)}
    for step in contenders.values():
        for _ in range(3):  # the first steps time the kernels, after the step that meets them
            step()
    print(f"torch {torch.__version__}, {args.threads} threads, load average "
          + " ".join(f"{v:.2f}" for v in os.getloadavg()))
    medians, ratios = interleave(contenders, dict.fromkeys(contenders, args.steps), args.rounds)
    print_rounds(medians, ratios)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
