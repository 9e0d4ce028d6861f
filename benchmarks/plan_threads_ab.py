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
from interleaved_ab import eager_variant, eager_variant_ab


def _variants(args, ms_workloads):
    import torch

    def planned_on(threads):
        run = eager_variant(ms_workloads, args.workload)
        torch.set_num_threads(threads)
        for _ in range(3):  # the first steps time the kernels, after the step that meets them
            run()
        torch.set_num_threads(args.threads)
        return run
    return {f"planned_on_{args.threads}_threads": planned_on(args.threads), "planned_on_1_thread": planned_on(1)}


def main(argv=None):
    return eager_variant_ab(argv, __doc__, _variants, rounds=8, steps=3)


if __name__ == "__main__":
    raise SystemExit(main())
