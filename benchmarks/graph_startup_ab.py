"""GRAPH_MODE's start-up against PYNATIVE, interleaved, each run in a fresh process (issue 20).

Per round, in alternating order:

- ``lenet``: the LeNet ``@jit`` train step of ``../shared/bench/ms_workloads.py``, PYNATIVE, then
  GRAPH with an empty cache folder (``cold``: its first call forks the compiling child), then
  GRAPH again once that child has written its verdict (``warm``: a second process of the same
  script). Reported: the first step and the median of the timed steps. Beside them, the same
  LeNet step in torch eager (``torch_workloads.py``), whose own first step shows what a first
  eager step costs on this machine before any framework adds to it.
- ``demo``: ``sporetorch demo`` for 12 epochs in both modes, each with an empty cache folder;
  reported: the process's wall time. Then the same demo once more per mode through
  ``demo_steps.py`` (again with an empty cache folder), which times every training step: reported,
  the first step and the median step.

The compiling children left behind by a cold run are waited for (``--child-wait`` seconds) and
then ended, so that they do not load the next round. Prints one JSON line per run and a summary
with the load average before and after.

    python benchmarks/graph_startup_ab.py --rounds 3
"""
import argparse
import glob
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.join(os.path.dirname(os.path.dirname(HERE)), "shared", "bench")
WORKLOADS = os.path.join(BENCH, "ms_workloads.py")
TORCH_WORKLOADS = os.path.join(BENCH, "torch_workloads.py")


def _children_of(cache):
    """Processes (compiling children) whose environment names this run's cache folder."""
    marker = f"SPORETORCH_CACHE_DIR={cache}".encode()
    pids = []
    for path in glob.glob("/proc/[0-9]*/environ"):
        try:
            with open(path, "rb") as fh:
                if marker in fh.read().split(b"\0"):
                    pids.append(int(path.split("/")[2]))
        except OSError:
            pass
    return pids


def _settle(cache, wait_s):
    """Wait for the verdict of the child forked from a run using ``cache``, then end what is left."""
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline and not glob.glob(os.path.join(cache, "jit", "*.json")):
        time.sleep(1)
    for pid in _children_of(cache):
        try:
            os.kill(pid, signal.SIGTERM)
        except OSError:
            pass
    return bool(glob.glob(os.path.join(cache, "jit", "*.json")))


def _run(cmd, cache):
    env = dict(os.environ, SPORETORCH_CACHE_DIR=cache)
    env.pop("SPORETORCH_JIT_BACKGROUND", None)
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        raise RuntimeError(f"{cmd} failed:\n{proc.stderr[-2000:]}")
    return proc.stdout, wall


def _lenet(mode, cache, steps, threads):
    script = [TORCH_WORKLOADS, "--mode", "eager"] if mode == "torch" else ["-m", "sporetorch", "run", WORKLOADS,
                                                                          "--mode", mode]
    out, wall = _run([sys.executable, *script, "--standalone", "lenet_train", "--steps", str(steps),
                      "--threads", str(threads)], cache)
    res = json.loads(out[out.index("{"):])
    return {"first_step_s": res["first_step_s"], "median_ms": res["median_ms"], "wall_s": wall}


def _demo(mode, cache, out_dir):
    out, wall = _run([sys.executable, "-m", "sporetorch", "demo", "--mode", mode, "--out", out_dir], cache)
    done = re.search(r"Done in ([0-9.]+) s", out)
    return {"demo_s": float(done.group(1)) if done else None, "wall_s": wall}


def _demo_steps(mode, cache, out_dir):
    out, _ = _run([sys.executable, os.path.join(HERE, "demo_steps.py"), "--mode", mode, "--out", out_dir], cache)
    res = json.loads(out[out.rindex("\n{") + 1:])
    return {"first_step_s": res["first_step_s"], "median_ms": res["median_step_ms"]}


def _end_children(cache):
    for pid in _children_of(cache):
        os.kill(pid, signal.SIGTERM)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--child-wait", type=float, default=600.0)
    parser.add_argument("--parts", default="lenet,demo")
    parser.add_argument("--threads", type=int, default=2, help="torch threads of the LeNet runs")
    args = parser.parse_args(argv)
    parts = args.parts.split(",")
    rows = []
    load_before = os.getloadavg()
    root = tempfile.mkdtemp(prefix="graph_startup_")
    try:
        for rnd in range(args.rounds):
            modes = ("pynative", "graph", "torch") if rnd % 2 == 0 else ("torch", "graph", "pynative")
            for mode in modes:
                if mode == "torch" and "lenet" not in parts:
                    continue
                cache = os.path.join(root, f"r{rnd}-{mode}")
                if "lenet" in parts:
                    row = {"round": rnd, "part": "lenet", "mode": mode, "cache": "cold",
                           **_lenet(mode, cache, args.steps, args.threads)}
                    rows.append(row)
                    print(json.dumps(row), flush=True)
                    if mode == "graph":
                        row = {"round": rnd, "part": "lenet", "mode": mode, "cache": "warm",
                               "verdict_recorded": _settle(cache, args.child_wait)}
                        row.update(_lenet(mode, cache, args.steps, args.threads))
                        rows.append(row)
                        print(json.dumps(row), flush=True)
                if "demo" in parts and mode != "torch":
                    demo_cache = cache + "-demo"
                    row = {"round": rnd, "part": "demo", "mode": mode,
                           **_demo(mode, demo_cache, os.path.join(root, f"out-{rnd}-{mode}"))}
                    rows.append(row)
                    print(json.dumps(row), flush=True)
                    _end_children(demo_cache)
                    steps_cache = cache + "-demo-steps"
                    row = {"round": rnd, "part": "demo_steps", "mode": mode,
                           **_demo_steps(mode, steps_cache, os.path.join(root, f"steps-{rnd}-{mode}"))}
                    rows.append(row)
                    print(json.dumps(row), flush=True)
                    _end_children(steps_cache)
    finally:
        shutil.rmtree(root, ignore_errors=True)

    def med(part, mode, key, cache=None):
        vals = [r[key] for r in rows if r["part"] == part and r["mode"] == mode and r.get(key) is not None
                and (cache is None or r.get("cache") == cache)]
        return statistics.median(vals) if vals else None

    summary = {"threads": args.threads, "load_before": [round(v, 2) for v in load_before],
               "load_after": [round(v, 2) for v in os.getloadavg()]}
    if "lenet" in parts:
        py_step = med("lenet", "pynative", "median_ms")
        summary.update(lenet_pynative_first_s=med("lenet", "pynative", "first_step_s"), lenet_pynative_step_ms=py_step,
                       lenet_graph_cold_first_s=med("lenet", "graph", "first_step_s", "cold"),
                       lenet_graph_warm_first_s=med("lenet", "graph", "first_step_s", "warm"),
                       lenet_graph_warm_step_ms=med("lenet", "graph", "median_ms", "warm"))
        summary["cold_first_over_pynative_step"] = summary["lenet_graph_cold_first_s"] * 1e3 / py_step
        summary["cold_first_over_pynative_first"] = (summary["lenet_graph_cold_first_s"]
                                                     / summary["lenet_pynative_first_s"])
        summary.update(lenet_torch_first_s=med("lenet", "torch", "first_step_s"),
                       lenet_torch_step_ms=med("lenet", "torch", "median_ms"))
        summary["torch_first_over_torch_step"] = summary["lenet_torch_first_s"] * 1e3 / summary["lenet_torch_step_ms"]
    if "demo" in parts:
        summary.update(demo_pynative_s=med("demo", "pynative", "wall_s"), demo_graph_s=med("demo", "graph", "wall_s"))
        summary["demo_graph_over_pynative"] = summary["demo_graph_s"] / summary["demo_pynative_s"]
        summary.update(demo_pynative_first_s=med("demo_steps", "pynative", "first_step_s"),
                       demo_pynative_step_ms=med("demo_steps", "pynative", "median_ms"),
                       demo_graph_first_s=med("demo_steps", "graph", "first_step_s"),
                       demo_graph_step_ms=med("demo_steps", "graph", "median_ms"))
        summary["demo_graph_first_over_pynative_first"] = (summary["demo_graph_first_s"]
                                                           / summary["demo_pynative_first_s"])
        summary["demo_graph_first_over_pynative_step"] = (summary["demo_graph_first_s"] * 1e3
                                                          / summary["demo_pynative_step_ms"])
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()
