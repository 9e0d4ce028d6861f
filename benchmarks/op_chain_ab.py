"""PYNATIVE per-op overhead on ``../shared/bench``'s ``op_chain`` and ``op_add``, robust to a loaded machine.

Builds both workloads' step functions in one process (``torch_workloads.py`` and ``ms_workloads.py``
through the ``mindspore`` alias) and alternates short samples (200 iterations) of each contender,
timed by the process's CPU time, so that time spent waiting for a core drops out; the figure is
the 10th percentile over samples (the least disturbed ones). ``sporetorch old relu`` runs the
chain with the ReLU of before issue 20 (``torch.relu`` and a second kernel mapping NaN to 0).
``--per-op`` adds the chain's single ops on its 2x2 operands (``*``, ``ops.relu``, ``.sum()``)
against their torch counterparts.

    python benchmarks/op_chain_ab.py --samples 150 [--per-op]
"""
import argparse
import os
import sys
import time

import numpy as np
import torch

from interleaved_ab import SHARED_BENCH


def _old_relu(t):
    out = torch.relu(t)
    if out.is_floating_point():
        out.data.nan_to_num_(0.0, float("inf"))
    return out


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--samples", type=int, default=150)
    parser.add_argument("--iterations", type=int, default=200, help="iterations per sample")
    parser.add_argument("--per-op", action="store_true", help="also time the chain's single ops")
    args = parser.parse_args(argv)

    sys.path.insert(0, SHARED_BENCH)
    sys.argv = [sys.argv[0]]
    import torch_workloads
    from sporetorch.compat import alias_as_mindspore
    alias_as_mindspore()
    import ms_workloads
    from sporetorch import Tensor, ops
    from sporetorch.common.tensor import _wrap

    ms_workloads.configure("pynative", 2)
    torch_workloads.configure("eager", 2)
    x = Tensor(np.full((2, 2), 0.5, np.float32))
    w = Tensor(np.full((2, 2), 1.5, np.float32))
    tx, tw = x._t, w._t
    new_relu = ops.relu

    def old_relu(input):
        return _wrap(_old_relu(input._t))

    def old_chain():
        ops.relu = old_relu
        try:
            return ms_workloads._chain(x, w)
        finally:
            ops.relu = new_relu

    # name: (step, the name of the torch eager case it is compared with)
    cases = {"torch eager chain": (lambda: torch_workloads._chain(tx, tw), "torch eager chain"),
             "sporetorch chain": (lambda: ms_workloads._chain(x, w), "torch eager chain"),
             "sporetorch old relu chain": (old_chain, "torch eager chain"),
             "torch eager add": (lambda: tx + tx, "torch eager add"),
             "sporetorch add": (lambda: x + x, "torch eager add")}
    if args.per_op:
        cases.update({"torch mul": (lambda: tx * tw, "torch mul"),
                      "sporetorch mul": (lambda: x * w, "torch mul"),
                      "torch.relu": (lambda: torch.relu(tx), "torch.relu"),
                      "ops.relu": (lambda: ops.relu(x), "torch.relu"),
                      "torch sum()": (lambda: tx.sum(), "torch sum()"),
                      "sporetorch sum()": (lambda: x.sum(), "torch sum()")})

    def sample(fn):
        start = time.process_time()
        for _ in range(args.iterations):
            fn()
        return (time.process_time() - start) / args.iterations * 1e6

    times = {name: [] for name in cases}
    for _ in range(args.samples):
        for name, (fn, _) in cases.items():
            times[name].append(sample(fn))
    low = {name: sorted(v)[len(v) // 10] for name, v in times.items()}
    print("CPU time per iteration, 10th percentile of %d samples; load average %.2f %.2f %.2f"
          % ((args.samples,) + os.getloadavg()))
    for name, value in low.items():
        ref = low[cases[name][1]]
        print(f"{name:26s} {value:7.2f} us  x{value / ref:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
