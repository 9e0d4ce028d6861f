"""The first calls of a GRAPH_MODE script's second run, whose recorded verdict is compiled (issue 20).

A second run adopts the verdict that the first run's compiling child recorded. Where the verdict is
eager, it has nothing to compile. Where it is compiled, the process has to trace the function and
load inductor's cached code before the compiled variant can run. This script measures that: one
cold run fills the cache folder and waits for the verdict, then ``--runs`` fresh processes of the
same script each time their first ``--steps`` calls. Per run it prints the first call, the longest
call, the calls and seconds until the first call at compiled speed (within 1.25x of the median of
the last five calls), and the median call; then the medians over runs.

The verdict is the child's to take (ResNet-18 inference at batch 32 is near the margin on 2 cores);
``--force-compiled`` makes the cold run's child record compiled whatever its race found (it lifts
the margin, ``_CHILD_MARGIN``), so that the compiled path is measured. After a verdict of compiled,
the runs wait until the child has also packaged the function for later runs (``_accel/package.py``) or
``--child-wait`` has passed.

    python benchmarks/graph_second_run.py --workload resnet18_infer_b32 --runs 3
"""
import argparse
import glob
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
WORKLOADS_DIR = os.path.join(os.path.dirname(os.path.dirname(HERE)), "shared", "bench")


def worker(workload, steps, threads, force_compiled):
    """In the timed process: build the shared workload in graph mode and time its first calls."""
    sys.path.insert(0, WORKLOADS_DIR)
    import ms_workloads

    if force_compiled:
        from sporetorch._accel import background
        background._CHILD_MARGIN = float("inf")

    ms_workloads.configure("graph", threads)
    step, _ = ms_workloads.WORKLOADS[workload]("graph")
    times = []
    for _ in range(steps):
        start = time.perf_counter()
        step()
        times.append(time.perf_counter() - start)
    print(json.dumps({"times": times}))


def _run(args, cache, force_compiled=False):
    env = dict(os.environ, SPORETORCH_CACHE_DIR=cache)
    env.pop("SPORETORCH_JIT_BACKGROUND", None)
    cmd = [sys.executable, "-m", "sporetorch", "run", os.path.abspath(__file__), "--worker", "--workload",
           args.workload, "--threads", str(args.threads)]
    cmd += ["--force-compiled"] if force_compiled else []
    proc = subprocess.run(cmd + ["--steps", str(args.steps)], capture_output=True, text=True, env=env, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"{cmd} failed:\n{proc.stderr[-2000:]}")
    out = proc.stdout
    return json.loads(out[out.index('{"times"'):].splitlines()[0])["times"]


def _summarise(times):
    steady = statistics.median(times[-5:])
    reached = next(i for i, t in enumerate(times) if t <= 1.25 * steady)
    return {"first_s": round(times[0], 3), "longest_s": round(max(times), 3), "calls_to_steady": reached,
            "seconds_to_steady": round(sum(times[:reached]), 3), "median_ms": round(1e3 * statistics.median(times), 1)}


def _record(cache):
    records = glob.glob(os.path.join(cache, "jit", "*.json"))
    if not records:
        return None
    with open(records[0], encoding="utf-8") as fh:
        return json.load(fh)


def _verdict(cache, wait_s):
    """The cold run's verdict, once recorded, and once packaged where it is compiled."""
    deadline = time.monotonic() + wait_s
    record = None
    while time.monotonic() < deadline:
        record = _record(cache)
        if record is not None and (record["verdict"] != "compiled" or "package" in record):
            break
        time.sleep(1)
    if record is None:
        return None
    return record["verdict"] + (", packaged" if "package" in record else "")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workload", default="resnet18_infer_b32")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--cold-steps", type=int, default=200)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--child-wait", type=float, default=300.0)
    parser.add_argument("--force-compiled", action="store_true")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker(args.workload, args.steps, args.threads, args.force_compiled)
        return
    cache = tempfile.mkdtemp(prefix="graph_second_run_")
    try:
        cold = _run(argparse.Namespace(**{**vars(args), "steps": args.cold_steps}), cache, args.force_compiled)
        verdict = _verdict(cache, args.child_wait)
        print(json.dumps({"run": "cold", "verdict": verdict, **_summarise(cold)}), flush=True)
        rows = []
        for run in range(args.runs):
            rows.append(_summarise(_run(args, cache)))
            print(json.dumps({"run": run + 1, **rows[-1]}), flush=True)
        print(json.dumps({"workload": args.workload, "verdict": verdict, "load_after": os.getloadavg(),
                          **{key: statistics.median(row[key] for row in rows) for key in rows[0]}}, indent=1))
    finally:
        shutil.rmtree(cache, ignore_errors=True)


if __name__ == "__main__":
    main()
