"""Whole training steps of GRAPH_MODE's eager variant with kernel choices timed on one thread
against choices timed on the caller's threads, and torch eager, all run on the caller's threads.

A compiling child times its convolution kernels on one thread, and its caller runs on more. This
measures whether the caller gains anything by timing them again: three contenders in one process,
interleaved in alternating order per round: torch eager, and the ResNet-18 training step of
``../shared/bench/ms_workloads.py`` run as GRAPH_MODE's eager variant (host memory pool on) with
its own kernel plans, chosen in warm-up steps on ``--threads`` threads or on one. Prints per-round
medians and the median over rounds of each contender's ratio to torch eager.

    python benchmarks/plan_threads_ab.py --rounds 8
"""
import argparse
import os

from interleaved_ab import interleave, load_workloads, print_rounds


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workload", default="resnet18_train")
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--steps", type=int, default=3, help="steps per contender and round")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args(argv)

    torch_workloads, ms_workloads = load_workloads(args.threads)
    import torch
    from sporetorch import _host_memory
    from sporetorch.common.jit import _run_in_mode
    from sporetorch.nn.layer import _conv_tuning

    _host_memory.engage()

    def eager_variant(planning_threads):
        step = getattr(ms_workloads, "wl_" + args.workload)("pynative")[0]
        plans = {}

        def run():
            _conv_tuning._plans = plans
            return _run_in_mode(step, (), {}, graph=False, region=False, tuned=True)
        torch.set_num_threads(planning_threads)
        for _ in range(3):  # the first steps time the kernels, after the step that meets them
            run()
        torch.set_num_threads(args.threads)
        return run

    contenders = {"torch_eager": getattr(torch_workloads, "wl_" + args.workload)("eager")[0],
                  f"planned_on_{args.threads}_threads": eager_variant(args.threads),
                  "planned_on_1_thread": eager_variant(1)}
    for step in contenders.values():
        step()
    print(f"torch {torch.__version__}, {args.threads} threads, load average "
          + " ".join(f"{v:.2f}" for v in os.getloadavg()))
    medians, ratios = interleave(contenders, dict.fromkeys(contenders, args.steps), args.rounds)
    print_rounds(medians, ratios)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
