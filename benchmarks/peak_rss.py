"""Peak resident memory (max RSS) of the shared benchmark workloads, one fresh process per run.

Resident memory does not depend on the machine's load, so this measures it precisely where the
timing drivers cannot. Each run builds one workload of ``../shared/bench`` in one mode
(``torch_eager``, ``torch_compile``, ``sporetorch_pynative``, ``sporetorch_graph``,
``sporetorch_graph2`` (below), and ``sporetorch_tuned``: PYNATIVE with the kernels GRAPH_MODE's
eager variant times and chooses, timed inside its first step; ``sporetorch_switch``: what
GRAPH_MODE does when its compiling child chose the eager variant (host memory pool on), without
waiting minutes for the compiler: a PYNATIVE first step, then a forked child runs one step of the
eager variant and hands the convolutions it met to the caller, which times their kernels ahead
(``_accel.background.plan_ahead``, as at GRAPH_MODE's switch) and runs the eager variant), runs
``--steps`` steps and reports the process's peak RSS (``ru_maxrss``) after building, after the
first step, after steps 12, 25, 50 and 100 (GRAPH_MODE switches to its compiled or tuned eager
variant once a background compilation is done) and at the end; ``--log`` shows sporetorch's INFO
log (when GRAPH_MODE switched, and to what).
``--env K=V`` runs the sporetorch modes again with a setting changed, for A/B comparisons;
``--rounds N`` runs them all N times in turn and reports the medians.

GRAPH_MODE's runs share a cache folder (``--cache``; by default a new, empty one per workload,
round and setting):
``sporetorch_graph`` starts cold and, after its steps, waits up to ``--child-wait`` seconds for its
compiling child to record a verdict; ``sporetorch_graph2`` is then the script's second process,
which starts from that verdict.

    python benchmarks/peak_rss.py --workloads resnet18_train --steps 16
    python benchmarks/peak_rss.py --modes sporetorch_graph --env SPORETORCH_HOST_MEMORY_POOL=0
    python benchmarks/peak_rss.py --workloads op_add,lenet_train --modes torch_eager,sporetorch_graph,sporetorch_graph2
"""
import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED_BENCH = os.path.join(os.path.dirname(os.path.dirname(HERE)), "shared", "bench")
MODES = ("torch_eager", "torch_compile", "sporetorch_pynative", "sporetorch_graph", "sporetorch_graph2")
WORKLOADS = ("op_add", "op_chain", "mlp_train", "lenet_train", "resnet18_train", "resnet18_infer_b1",
             "resnet18_infer_b32")
MARKS = (1, 12, 25, 50, 100)


def _maxrss_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def _await_child(wait_s):
    """After a GRAPH_MODE run: wait for its compiling child (if one is still at work) to finish and
    record its verdict, so that the next process of the same script starts from it."""
    from sporetorch._accel import background
    child = background._Background.active
    deadline = time.monotonic() + wait_s
    while child is not None and child.poll() is None and time.monotonic() < deadline:
        time.sleep(0.5)


def _worker(workload, mode, steps, threads, log, child_wait):
    if log:
        import logging
        logging.basicConfig(format="%(relativeCreated)8.0f ms %(name)s %(levelname)s: %(message)s")
        logging.getLogger("sporetorch").setLevel(logging.INFO)
    sys.path.insert(0, SHARED_BENCH)
    wl_mode = mode.split("_", 1)[1].rstrip("2")
    if mode.startswith("sporetorch"):
        from sporetorch.compat import alias_as_mindspore
        alias_as_mindspore()
        import ms_workloads as workloads
        tuned = wl_mode == "tuned"  # PYNATIVE with GRAPH_MODE's timed kernel choices: its eager variant
        wl_mode = "pynative" if tuned else wl_mode
        workloads.configure("pynative" if wl_mode == "switch" else wl_mode, threads)
        if tuned:
            from sporetorch import context
            context.state["tuned"] = True
    else:
        import torch_workloads as workloads
        workloads.configure(wl_mode, threads)
    switch = wl_mode == "switch"
    if switch:
        from sporetorch._accel import host_memory as _host_memory
        _host_memory.engage()  # as GRAPH_MODE's first call does
        wl_mode = "pynative"
    step = workloads.WORKLOADS[workload](wl_mode)[0]
    peaks = {"built": _maxrss_mb()}
    times = []
    for i in range(1, steps + 1):
        if switch and i == 2:
            step = _switch_to_tuned(step)
            peaks["switched"] = _maxrss_mb()
        start = time.perf_counter()
        step()
        times.append(time.perf_counter() - start)
        if i in MARKS and i < steps:
            peaks[f"step{i}"] = _maxrss_mb()
    peaks["end"] = _maxrss_mb()
    if log and steps > 1:
        # A GRAPH_MODE switch that timed kernels shows as one long step.
        longest = max(range(1, steps), key=times.__getitem__)
        print(f"@@STEPS longest step after the first: {times[longest]:.2f} s (step {longest + 1}); "
              f"median step {statistics.median(times):.2f} s", flush=True)
    print("@@PEAK " + json.dumps(peaks), flush=True)
    if wl_mode == "graph" and child_wait > 0:
        _await_child(child_wait)


def _switch_to_tuned(step):
    """GRAPH_MODE's switch to its eager variant: the convolutions come from a child that ran it."""
    import torch
    from sporetorch import context
    from sporetorch._accel import background
    from sporetorch._accel import conv_plan as _conv_tuning
    from sporetorch.common import jit
    read_fd, write_fd = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(read_fd)
        torch.set_num_threads(1)  # OpenMP's pool does not survive fork
        context.state["tuned"] = True
        step()
        os.write(write_fd, json.dumps(_conv_tuning.planned()).encode())
        os._exit(0)
    os.close(write_fd)
    with os.fdopen(read_fd, "rb") as fh:
        records = json.loads(fh.read().decode())
    os.waitpid(pid, 0)
    background.plan_ahead({"conv2d": records})
    # The eager variant's steps, as GRAPH_MODE runs them: kernels met unplanned are timed after the step.
    return lambda: jit._run_in_mode(step, (), {}, graph=False, region=False, tuned=True)


def run_one(workload, mode, steps, threads, extra_env=None, log=False, child_wait=0.0):
    """Peak RSS figures (MB) of one fresh process running ``workload`` in ``mode``."""
    env = dict(os.environ, OMP_NUM_THREADS=str(threads), MKL_NUM_THREADS=str(threads), **(extra_env or {}))
    out = subprocess.run([sys.executable, __file__, "--worker", workload, mode, "--steps", str(steps),
                          "--threads", str(threads), "--child-wait", str(child_wait)] + (["--log"] if log else []),
                         env=env, capture_output=True, text=True)
    if log:
        sys.stdout.write("".join(f"    {line}\n" for line in out.stderr.splitlines() if "sporetorch" in line))
        sys.stdout.write("".join(f"    {line[len('@@STEPS '):]}\n" for line in out.stdout.splitlines()
                                 if line.startswith("@@STEPS ")))
    for line in out.stdout.splitlines():
        if line.startswith("@@PEAK "):
            return json.loads(line[len("@@PEAK "):])
    raise RuntimeError(f"{workload}/{mode} failed:\n{out.stderr[-3000:]}")


def _run_round(workload, args, variants, ends):
    """Each mode (and setting) of ``workload`` once, in a fresh process; their final peaks go into ``ends``."""
    eager_end = None
    # One cache folder per setting, so that each setting's first GRAPH_MODE run starts cold.
    caches = {suffix: args.cache or tempfile.mkdtemp(prefix="sporetorch-peak-rss-") for suffix, _ in variants}
    for mode in args.modes.split(","):
        for suffix, extra in variants:
            if suffix and not mode.startswith("sporetorch"):
                continue
            extra = dict(extra, SPORETORCH_CACHE_DIR=caches[suffix])
            peaks = run_one(workload, mode, args.steps, args.threads, extra, args.log, args.child_wait)
            ends.setdefault(mode + suffix, []).append(peaks["end"])
            if mode == "torch_eager":
                eager_end = peaks["end"]
            ratio = f" x{peaks['end'] / eager_end:.2f} of torch eager" if eager_end else ""
            cells = " | ".join(f"{v:7.0f}" for v in peaks.values())
            print(f"{workload:18s} {mode + suffix:40s} {cells}{ratio}", flush=True)
    if not args.cache:
        for cache in caches.values():
            shutil.rmtree(cache, ignore_errors=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workloads", default="resnet18_train")
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--steps", type=int, default=16)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--env", action="append", default=[], metavar="K=V",
                        help="also run the sporetorch modes with this setting")
    parser.add_argument("--log", action="store_true", help="show sporetorch's INFO log of each run")
    parser.add_argument("--cache", help="GRAPH_MODE's cache folder (default: a new, empty one per workload)")
    parser.add_argument("--child-wait", type=float, default=600.0,
                        help="seconds a cold GRAPH_MODE run waits for its compiling child after its steps")
    parser.add_argument("--rounds", type=int, default=1,
                        help="run every mode this many times, in turn, and report the medians (peak RSS "
                             "varies by tens of MB between identical runs)")
    parser.add_argument("--worker", nargs=2, metavar=("WORKLOAD", "MODE"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        _worker(*args.worker, args.steps, args.threads, args.log, args.child_wait)
        return 0

    variants = [("", {})]
    if args.env:
        variants.append((" " + " ".join(args.env), dict(kv.split("=", 1) for kv in args.env)))
    marks = " | ".join(f"step {m}" for m in MARKS if m < args.steps)
    if "sporetorch_switch" in args.modes:
        marks += " (after step 1 for sporetorch_switch: | the switch)"
    print(f"peak RSS in MB (ru_maxrss) after: building the workload | {marks} | step {args.steps}; "
          f"load average {' '.join(f'{v:.2f}' for v in os.getloadavg())}")
    for workload in args.workloads.split(","):
        ends = {}
        for _ in range(args.rounds):
            _run_round(workload, args, variants, ends)
        if args.rounds > 1:
            eager = statistics.median(ends["torch_eager"]) if "torch_eager" in ends else None
            for label, values in ends.items():
                ratio = f" x{statistics.median(values) / eager:.2f} of torch eager's median" if eager else ""
                print(f"{workload:18s} {label:40s} median of {len(values)}: {statistics.median(values):7.0f}{ratio}",
                      flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
