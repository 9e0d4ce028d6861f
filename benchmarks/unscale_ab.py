"""Whole training steps with loss scaling, with and without the fused unscale kernel, in one process.

``accel_techniques.py`` times each configuration in processes of its own; a step of a few
milliseconds moves by tens of percent between processes on a shared machine, more than the kernel
can change. Here the loss-scaled step of ``accel_techniques.py`` (``mlp_train_loss_scale``: the
shared MLP through ``nn.TrainOneStepWithLossScaleCell``, dynamic scale, GRAPH_MODE) runs in one
process, and bursts of steps alternate between the fused kernel (``_accel.unscale_and_check_``) and
the public ops that run without it. Prints per round the median step of each, and the median over
rounds of the ratio (public / fused).

    python benchmarks/unscale_ab.py --rounds 15 --steps 200
"""
import argparse
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args(argv)
    import accel_techniques
    from sporetorch import _accel
    from sporetorch.ops.function import optim_func
    step = accel_techniques._build("mlp_train_loss_scale", args.threads, "")
    fused = _accel.unscale_and_check_

    def public(tensors, found, inv):
        return False

    variants = {"fused": fused, "public": public}
    step()
    owners, deadline = accel_techniques._compiled_functions(), time.perf_counter() + 300
    while time.perf_counter() < deadline and not (all(map(accel_techniques._settled, owners))
                                                  and accel_techniques._child_done()):
        step()  # until the compiled function has settled (its child's verdict)
    for _ in range(50):
        step()
    medians = {label: [] for label in variants}
    for r in range(args.rounds):
        for label in (list(variants) if r % 2 == 0 else list(variants)[::-1]):
            optim_func._accel.unscale_and_check_ = variants[label]
            times = []
            for _ in range(args.steps):
                start = time.perf_counter()
                step()
                times.append(time.perf_counter() - start)
            medians[label].append(statistics.median(times))
        print(f"round {r}: " + ", ".join(f"{label} {m[-1] * 1e3:.3f} ms" for label, m in medians.items()), flush=True)
    optim_func._accel.unscale_and_check_ = fused
    ratios = [p / f for p, f in zip(medians["public"], medians["fused"])]
    print(f"public / fused, median over rounds: x{statistics.median(ratios):.3f} "
          f"(range x{min(ratios):.3f}-x{max(ratios):.3f}; load {os.getloadavg()[0]:.2f})")


if __name__ == "__main__":
    main()
