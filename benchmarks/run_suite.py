"""Run the shared benchmark workloads for sporetorch against PyTorch in one interleaved run.

The workloads and the driver live in ``../shared/bench`` (read-only); this script copies
them to a scratch folder (the driver writes logs beside itself), runs

    run_bench.py --candidate-python <this python> --candidate-launcher "-m sporetorch run"
                 --contenders torch_eager,torch_compile,sporetorch_pynative,sporetorch_graph

with the oracle set to this Python for the torch contenders, and stores the results under
``benchmarks/results/``. After the driver's own tables it prints one table of every workload and
contender with its median step, its ratio to torch eager and its peak memory (the worker's
``ru_maxrss``, first step and warm-up included) with that ratio too. Example:

    python benchmarks/run_suite.py --workloads op_add,mlp_train,lenet_train --rounds 6
    python benchmarks/run_suite.py --show --tag sporetorch   # the table of a stored run again
"""
import json
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED_BENCH = os.path.join(os.path.dirname(os.path.dirname(HERE)), "shared", "bench")


def print_memory_table(run):
    """Median step and peak RSS of every workload and contender of one stored run, each with its
    ratio to torch eager in the same run."""
    names = run["contenders"]
    print(f"\nstep time (median, x torch eager) and peak RSS (MB, x torch eager), run {run['started']} "
          f"[{run.get('tag', '')}]")
    print("| workload | " + " | ".join(names) + " |")
    print("|---|" + "---:|" * len(names))
    for wl, res in run["workloads"].items():
        ref_rss = res.get("torch_eager", {}).get("maxrss_mb")
        cells = []
        for n in names:
            r = res.get(n, {})
            if "median" not in r:
                cells.append("FAILED" if "error" in r else "-")
                continue
            rss = r.get("maxrss_mb")
            rss_cell = "-" if rss is None else f"{rss:.0f} MB" + (f" x{rss / ref_rss:.2f}" if ref_rss else "")
            cells.append(f"{r['median']:.3g} {r['unit']} x{r.get('ratio_vs_torch_eager', float('nan')):.2f}; "
                         f"{rss_cell}")
        print(f"| {wl} | " + " | ".join(cells) + " |")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workloads", default="op_add,op_chain,mlp_train,lenet_train,resnet18_train,"
                                               "resnet18_infer_b1,resnet18_infer_b32")
    parser.add_argument("--contenders", default="torch_eager,torch_compile,sporetorch_pynative,sporetorch_graph")
    parser.add_argument("--tag", default="sporetorch")
    parser.add_argument("--bench-dir", default=SHARED_BENCH, help="the shared bench folder")
    parser.add_argument("--show", action="store_true", help="print the table of the stored run --tag only")
    args, extra = parser.parse_known_args(argv)
    out = os.path.join(HERE, "results", f"{args.tag}.json")
    if args.show:
        with open(out) as f:
            for run in json.load(f)["runs"]:
                print_memory_table(run)
        return 0

    scratch = tempfile.mkdtemp(prefix="sporetorch_bench_")
    bench = os.path.join(scratch, "bench")
    shutil.copytree(args.bench_dir, bench, ignore=shutil.ignore_patterns("logs", "results*.json"))
    out_dir = os.path.join(HERE, "results")
    os.makedirs(out_dir, exist_ok=True)
    cmd = [sys.executable, os.path.join(bench, "run_bench.py"),
           "--oracle-python", sys.executable,
           "--candidate-python", sys.executable, "--candidate-launcher", "-m sporetorch run",
           "--candidate-name", "sporetorch", "--contenders", args.contenders,
           "--workloads", args.workloads, "--tag", args.tag,
           "--out", out, "--fresh"] + extra
    print("+", " ".join(cmd), flush=True)
    rc = subprocess.call(cmd)
    print(f"logs: {os.path.join(bench, 'logs')}")
    if os.path.exists(out):
        with open(out) as f:
            for run in json.load(f)["runs"]:
                print_memory_table(run)
    return rc


if __name__ == "__main__":
    raise SystemExit(main())
