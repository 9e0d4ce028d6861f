"""ResNet-18 training step time and page faults with and without GRAPH_MODE's host memory pool.

Runs ``../shared/bench``'s CIFAR ResNet-18 training step (batch 32) in a fresh process per
measurement, alternating four configurations round by round:

- ``graph``: sporetorch GRAPH_MODE as it runs (the pool engages on its first compiled call);
- ``graph-no-pool``: the same with ``SPORETORCH_HOST_MEMORY_POOL=0``;
- ``eager``: PyTorch eager as it runs;
- ``eager-pool-env``: PyTorch eager with glibc given the pool's two settings through the
  environment (``MALLOC_MMAP_THRESHOLD_``, ``MALLOC_TRIM_THRESHOLD_``), a like-for-like allocator.

Each process warms up, then prints its median step time and minor page faults per step.

    python benchmarks/host_memory_ab.py --rounds 3
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys

from interleaved_ab import SHARED_BENCH, _median_step
from sporetorch._accel.host_memory import _MMAP_THRESHOLD, _TRIM_THRESHOLD

# The values sporetorch._accel.host_memory passes to mallopt, in glibc's environment variables.
_POOL_ENV = {"MALLOC_MMAP_THRESHOLD_": str(_MMAP_THRESHOLD), "MALLOC_TRIM_THRESHOLD_": str(_TRIM_THRESHOLD)}
CONFIGS = {
    "graph": {},
    "graph-no-pool": {"SPORETORCH_HOST_MEMORY_POOL": "0"},
    "eager": {},
    "eager-pool-env": _POOL_ENV,
}


def _worker(config, warmup, steps, threads):
    sys.path.insert(0, SHARED_BENCH)
    if config.startswith("graph"):
        from sporetorch.compat import alias_as_mindspore
        alias_as_mindspore()
        import ms_workloads
        ms_workloads.configure("graph", threads)
        step = ms_workloads.wl_resnet18_train("graph")[0]
    else:
        import torch_workloads
        torch_workloads.configure("eager", threads)
        step = torch_workloads.wl_resnet18_train("eager")[0]
    for _ in range(warmup):
        step()
    faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    median_s = _median_step(step, steps)
    faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults
    print(json.dumps({"ms": median_s * 1e3, "faults": faults / steps}))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=14, help="GRAPH_MODE's race needs 10 of them")
    parser.add_argument("--steps", type=int, default=12)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--worker", choices=CONFIGS, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        _worker(args.worker, args.warmup, args.steps, args.threads)
        return

    results = {name: [] for name in CONFIGS}
    for _ in range(args.rounds):
        for name, extra_env in CONFIGS.items():
            env = dict(os.environ, OMP_NUM_THREADS=str(args.threads), **extra_env)
            out = subprocess.run([sys.executable, __file__, "--worker", name, "--warmup", str(args.warmup),
                                  "--steps", str(args.steps), "--threads", str(args.threads)],
                                 env=env, capture_output=True, text=True, check=True).stdout
            results[name].append(json.loads(out.strip().splitlines()[-1]))
            print(f"{name:15s} {results[name][-1]['ms']:7.1f} ms/step {results[name][-1]['faults']:9.0f} faults/step",
                  flush=True)
    print("medians over rounds:")
    for name, runs in results.items():
        print(f"{name:15s} {statistics.median(r['ms'] for r in runs):7.1f} ms/step "
              f"{statistics.median(r['faults'] for r in runs):9.0f} faults/step")


if __name__ == "__main__":
    main()
