"""Step time of sporetorch (PYNATIVE and GRAPH) against PyTorch eager, interleaved in one process.

The shared driver (``run_suite.py``) runs each contender in its own process; on a shared
machine whose load changes from minute to minute its medians drift by tens of percent. This
script builds the same workloads from ``../shared/bench`` (``torch_workloads.py`` and
``ms_workloads.py`` through the ``mindspore`` alias) in one process and alternates short bursts
of steps of each contender, so that every contender sees the same machine at the same time.
It prints the median of the per-round ratios to torch eager.

    python benchmarks/interleaved_ab.py --workloads mlp_train,lenet_train,resnet18_train
"""
import argparse
import logging
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED_BENCH = os.path.join(os.path.dirname(os.path.dirname(HERE)), "shared", "bench")


def _median_step(step, n, clock=time.perf_counter):
    times = []
    for _ in range(n):
        start = clock()
        step()
        times.append(clock() - start)
    return statistics.median(times)


def load_workloads(threads):
    """``(torch_workloads, ms_workloads)`` from ``../shared/bench``, the second run by sporetorch
    through the ``mindspore`` alias, both on ``threads`` threads (ms_workloads in PYNATIVE)."""
    sys.path.insert(0, SHARED_BENCH)
    sys.argv = [sys.argv[0]]
    import torch
    import torch_workloads
    from sporetorch.compat import alias_as_mindspore
    alias_as_mindspore()
    import ms_workloads

    torch.set_num_threads(threads)
    ms_workloads.configure("pynative", threads)
    return torch_workloads, ms_workloads


def interleave(contenders, steps, rounds, clock=time.perf_counter):
    """Median step time of each of ``contenders`` (label -> step; one is ``torch_eager``) per round,
    ``steps[label]`` steps each, in an order reversed every round. Returns per label the list of
    those medians and the list of their ratios to torch eager's in the same round."""
    medians = {label: [] for label in contenders}
    ratios = {label: [] for label in contenders}
    order = list(contenders)
    for r in range(rounds):
        seq = order if r % 2 == 0 else order[::-1]
        got = {label: _median_step(contenders[label], steps[label], clock) for label in seq}
        for label in contenders:
            medians[label].append(got[label])
            ratios[label].append(got[label] / got["torch_eager"])
    return medians, ratios


def print_rounds(medians, ratios):
    """Print ``interleave``'s per-round medians and each contender's median ratio to torch eager."""
    for r in range(len(medians["torch_eager"])):
        print(f"round {r}: " + ", ".join(f"{label} {times[r] * 1e3:.0f} ms" for label, times in medians.items()))
    print("median ratio to torch eager: " + ", ".join(f"{label} x{statistics.median(v):.3f}"
                                                      for label, v in ratios.items())
          + f" (load {os.getloadavg()[0]:.2f})")


def eager_variant(ms_workloads, workload, before_step=None, plans=None):
    """``workload``'s PYNATIVE step from ``ms_workloads`` run as GRAPH_MODE's eager variant (kernels
    chosen by timing; those met unplanned are timed after the step), with kernel plans of its own
    (``plans``, a dict of ``_conv_tuning``'s plans by key, to start from given ones); ``before_step()``
    runs before each step."""
    from sporetorch.common.jit import _run_in_mode
    from sporetorch._accel import conv_plan as _conv_tuning
    step = getattr(ms_workloads, "wl_" + workload)("pynative")[0]
    plans = {} if plans is None else plans

    def run():
        _conv_tuning._plans = plans
        if before_step is not None:
            before_step()
        return _run_in_mode(step, (), {}, graph=False, region=False, tuned=True)
    return run


def eager_variant_ab(argv, doc, make_variants, rounds, steps):
    """The main function of an A/B script: torch eager against ``make_variants(args, ms_workloads)``
    (label -> step, usually ``eager_variant``s), in one process with the host memory pool on, three
    warm-up steps each (the first steps time the kernels), then ``interleave``d and printed."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workload", default="resnet18_train")
    parser.add_argument("--rounds", type=int, default=rounds)
    parser.add_argument("--steps", type=int, default=steps, help="steps per contender and round")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args(argv)

    torch_workloads, ms_workloads = load_workloads(args.threads)
    import torch
    from sporetorch._accel import host_memory as _host_memory

    _host_memory.engage()
    contenders = {"torch_eager": getattr(torch_workloads, "wl_" + args.workload)("eager")[0],
                  **make_variants(args, ms_workloads)}
    for step in contenders.values():
        for _ in range(3):
            step()
    print(f"torch {torch.__version__}, {args.threads} threads, load average "
          + " ".join(f"{v:.2f}" for v in os.getloadavg()))
    medians, ratios = interleave(contenders, dict.fromkeys(contenders, args.steps), args.rounds)
    print_rounds(medians, ratios)
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workloads", default="op_add,mlp_train,lenet_train,resnet18_train")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=0.5, help="target length of one burst")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--torch-compile", action="store_true", help="add torch.compile as a contender")
    parser.add_argument("--no-graph", action="store_true", help="leave sporetorch GRAPH_MODE out (no compilation)")
    parser.add_argument("--log", action="store_true", help="print sporetorch's INFO log (what GRAPH_MODE chose)")
    parser.add_argument("--cpu-time", action="store_true",
                        help="time steps by the process's CPU time, not wall time: on a loaded machine the time "
                             "spent waiting for a core drops out (for single-threaded workloads such as op_add)")
    args = parser.parse_args(argv)
    if args.log:
        logging.basicConfig(format="%(name)s %(levelname)s: %(message)s")
        logging.getLogger("sporetorch").setLevel(logging.INFO)

    torch_workloads, ms_workloads = load_workloads(args.threads)
    import torch
    clock = time.process_time if args.cpu_time else time.perf_counter
    print(f"torch {torch.__version__}, {args.threads} threads, {args.rounds} rounds; ratio = median over rounds "
          "of (contender median step / torch eager median step) in the same round; load average "
          + " ".join(f"{v:.2f}" for v in os.getloadavg()))
    for name in args.workloads.split(","):
        contenders = {
            "torch_eager": getattr(torch_workloads, "wl_" + name)("eager")[0],
            "sporetorch_pynative": getattr(ms_workloads, "wl_" + name)("pynative")[0],
        }
        if not args.no_graph:
            contenders["sporetorch_graph"] = getattr(ms_workloads, "wl_" + name)("graph")[0]
        if args.torch_compile:
            contenders["torch_compile"] = getattr(torch_workloads, "wl_" + name)("compile")[0]
        steps = {}
        for label, step in contenders.items():
            start = time.perf_counter()
            for _ in range(12):  # past compilation and GRAPH_MODE's compiled-vs-eager race
                step()
            per_step = (time.perf_counter() - start) / 12
            steps[label] = max(1, int(args.seconds / max(per_step, 1e-6)))
        medians, ratios = interleave(contenders, steps, args.rounds, clock)
        unit_scale, unit = {"op_add": (1e6 / ms_workloads.N_ADD, "us/op"),
                            "op_chain": (1e6 / (ms_workloads.CHAIN_ITERS * ms_workloads.CHAIN_OPS), "us/op")
                            }.get(name, (1e3, "ms/step"))
        cells = [f"{label} {statistics.median(medians[label]) * unit_scale:.3g} {unit} "
                 f"x{statistics.median(ratios[label]):.2f}" for label in contenders]
        print(f"{name:16s} " + " | ".join(cells) + f" (load {os.getloadavg()[0]:.2f})", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
