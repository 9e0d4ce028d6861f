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
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED_BENCH = os.path.join(os.path.dirname(os.path.dirname(HERE)), "shared", "bench")


def _median_step(step, n):
    times = []
    for _ in range(n):
        start = time.perf_counter()
        step()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workload", default="resnet18_train")
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--steps", type=int, default=4, help="steps per contender and round")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args(argv)

    sys.path.insert(0, SHARED_BENCH)
    sys.argv = [sys.argv[0]]
    import torch
    import torch_workloads
    from sporetorch.compat import alias_as_mindspore
    alias_as_mindspore()
    import ms_workloads
    from sporetorch import _host_memory, context
    from sporetorch.nn.layer import _conv_tuning, _winograd

    torch.set_num_threads(args.threads)
    ms_workloads.configure("pynative", args.threads)
    _host_memory.engage()
    admit = _winograd.admit

    def eager_variant(winograd):
        step = getattr(ms_workloads, "wl_" + args.workload)("pynative")[0]
        plans = {}

        def run():
            _conv_tuning._plans = plans
            _winograd.admit = admit if winograd else (lambda *a: False)
            _conv_tuning._WINOGRAD_MARGIN = 1.0
            context.state["tuned"] = True
            try:
                return step()
            finally:
                context.state["tuned"] = False
        return run

    contenders = {"torch_eager": getattr(torch_workloads, "wl_" + args.workload)("eager")[0],
                  "with_winograd": eager_variant(True), "without_winograd": eager_variant(False)}
    for step in contenders.values():
        for _ in range(3):  # the first step times the kernels
            step()
    print(f"torch {torch.__version__}, {args.threads} threads, load average "
          + " ".join(f"{v:.2f}" for v in os.getloadavg()))
    ratios = {label: [] for label in contenders}
    order = list(contenders)
    for r in range(args.rounds):
        got = {label: _median_step(contenders[label], args.steps) for label in (order if r % 2 == 0 else order[::-1])}
        for label in contenders:
            ratios[label].append(got[label] / got["torch_eager"])
        print(f"round {r}: " + ", ".join(f"{label} {got[label] * 1e3:.0f} ms" for label in contenders), flush=True)
    print("median ratio to torch eager: " + ", ".join(f"{label} x{statistics.median(v):.3f}"
                                                      for label, v in ratios.items())
          + f" (load {os.getloadavg()[0]:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
