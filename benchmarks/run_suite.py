"""Run the shared benchmark workloads for sporetorch against PyTorch in one interleaved run.

The workloads and the driver live in ``../shared/bench`` (read-only); this script copies
them to a scratch folder (the driver writes logs beside itself), runs

    run_bench.py --candidate-python <this python> --candidate-launcher "-m sporetorch run"
                 --contenders torch_eager,torch_compile,sporetorch_pynative,sporetorch_graph

with the oracle set to this Python for the torch contenders, and stores the results under
``benchmarks/results/``. Example:

    python benchmarks/run_suite.py --workloads op_add,mlp_train,lenet_train --rounds 6
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED_BENCH = os.path.join(os.path.dirname(os.path.dirname(HERE)), "shared", "bench")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workloads", default="op_add,op_chain,mlp_train,lenet_train,resnet18_train,"
                                               "resnet18_infer_b1,resnet18_infer_b32")
    parser.add_argument("--contenders", default="torch_eager,torch_compile,sporetorch_pynative,sporetorch_graph")
    parser.add_argument("--tag", default="sporetorch")
    parser.add_argument("--bench-dir", default=SHARED_BENCH, help="the shared bench folder")
    args, extra = parser.parse_known_args(argv)

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
           "--out", os.path.join(out_dir, f"{args.tag}.json"), "--fresh"] + extra
    print("+", " ".join(cmd), flush=True)
    rc = subprocess.call(cmd)
    print(f"logs: {os.path.join(bench, 'logs')}")
    return rc


if __name__ == "__main__":
    raise SystemExit(main())
