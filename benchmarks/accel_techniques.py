"""Each speed-up's whole-step gain with the others on (``sporetorch/_accel``'s techniques).

For every workload, GRAPH_MODE steps run in processes of their own, with every technique on
(``all``) and with one turned off (``SPORETORCH_ACCEL_OFF=<technique>``). A technique's gain is
how much slower (or larger) its workload is without it: ``off / all - 1``.

Per workload, all configurations share one cache folder (torch's compiled-code caches), and each
finds its own verdicts there: the technique set is part of a record's key.

1. A first process per configuration (the first run of a script: cold) runs until its compiled
   functions have settled (the child done, the race decided) and its child has recorded what it
   found. It reports its first step, the time until it settled, and which techniques acted.
2. ``--rounds`` later processes per configuration, in an order reversed every round, each start
   from that record, settle, and time ``--steps`` steps.

A technique that never acted in the ``all`` configuration's processes of a workload cannot gain
or lose there: it is reported as "not engaged" and not measured, unless ``--measure-all``.

The printed table per workload: per configuration the cold first step, the median step of the
later processes (median over rounds of each process's median step), their peak RSS, and the ratio
of each to ``all``'s.

    python benchmarks/accel_techniques.py --workloads mlp_train,lenet_train,resnet18_train --rounds 3
    python benchmarks/accel_techniques.py --workloads mindcv:resnet50 --mindcv-dir DIR --steps 3 --rounds 2

``DIR``: a folder holding the ``mindcv`` package (``pip install --no-deps --target DIR mindcv``).
"""
import argparse
import functools
import gc
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
REPO = os.path.dirname(HERE)
SHARED_BENCH = os.path.join(os.path.dirname(REPO), "shared", "bench")
MARK = "@@ACCEL "
BENCH_WORKLOADS = ("mlp_train", "lenet_train", "resnet18_train", "resnet18_infer_b1", "resnet18_infer_b32")


# ---------------------------------------------------------------- workloads (in the worker)
def _shared_workload(name, threads):
    sys.path.insert(0, SHARED_BENCH)
    import ms_workloads
    ms_workloads.configure("graph", threads)
    return ms_workloads.WORKLOADS[name]("graph")[0]


def _loss_scale_workload(threads):
    """mlp_train's network and data, trained through ``nn.TrainOneStepWithLossScaleCell`` with a
    dynamic loss scale: the unscaling of every gradient is part of each step."""
    import numpy as np
    import mindspore as ms
    from mindspore import nn
    sys.path.insert(0, SHARED_BENCH)
    import ms_workloads
    ms_workloads.configure("graph", threads)
    net = nn.WithLossCell(ms_workloads.MLP(), nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"))
    optimizer = nn.SGD(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    scale = nn.DynamicLossScaleUpdateCell(loss_scale_value=2.0 ** 12, scale_factor=2, scale_window=1000)
    train = nn.TrainOneStepWithLossScaleCell(net, optimizer, scale_sense=scale)
    train.set_train(True)
    rng = np.random.default_rng(0)
    x = ms.Tensor(rng.standard_normal((64, 784)).astype(np.float32))
    y = ms.Tensor(rng.integers(0, 10, 64).astype(np.int32))
    step = ms.jit(lambda data, label: train(data, label)[0])
    return lambda: float(step(x, y).asnumpy())


def _mindcv_train_step(model, threads, mindcv_dir):
    """A mindcv model's training step at batch 32 on 224x224 images (momentum SGD, cross-entropy), as
    a function of its batch, not compiled, and that batch."""
    import numpy as np
    import torch
    import mindspore as ms
    from mindspore import nn
    sys.path.insert(0, mindcv_dir)
    from mindcv.models import create_model
    torch.set_num_threads(threads)
    ms.set_seed(0)
    net = create_model(model, num_classes=1000)
    net.set_train(True)
    loss_fn = nn.CrossEntropyLoss()
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
    grad_fn = ms.value_and_grad(lambda data, label: loss_fn(net(data), label), None, optimizer.parameters)

    def train_step(data, label):
        loss, grads = grad_fn(data, label)
        optimizer(grads)
        return loss

    rng = np.random.default_rng(0)
    x = ms.Tensor(rng.random((32, 3, 224, 224), dtype=np.float32))
    y = ms.Tensor(rng.integers(0, 1000, 32).astype(np.int32))
    return train_step, (x, y)


def _mindcv_workload(model, threads, mindcv_dir):
    import mindspore as ms
    train_step, batch = _mindcv_train_step(model, threads, mindcv_dir)
    train_step = ms.jit(train_step)
    return lambda: float(train_step(*batch).asnumpy())


def _build(workload, threads, mindcv_dir):
    from sporetorch.compat import alias_as_mindspore
    alias_as_mindspore()
    if workload.startswith("mindcv:"):
        return _mindcv_workload(workload.split(":", 1)[1], threads, mindcv_dir)
    if workload == "mlp_train_loss_scale":
        return _loss_scale_workload(threads)
    return _shared_workload(workload, threads)


# ---------------------------------------------------------------- the worker
def _compiled_functions():
    from sporetorch.common import jit
    return [obj for obj in gc.get_objects() if issubclass(type(obj), jit._Compiled)]  # no proxies


def _settled(owner):
    """Whether ``owner`` runs what it will run from now on: not still waiting for a child, racing,
    or running eagerly until it compiles."""
    from sporetorch._accel import background
    impl = owner._impl
    if impl is None or isinstance(impl, background._Race):
        return False
    waiting = (background._start_background, background._await_background, background._run_until_hot,
               background._compile_when_imported, background._await_package)
    return not (isinstance(impl, functools.partial) and impl.func in waiting)


def _child_done():
    from sporetorch._accel import background
    child = background._Background.active
    return child is None or child.poll() is not None


def settle(step, seconds):
    """Run ``step`` (its first call done) until the compiled functions it made have settled and the
    compiling child is done, for at most ``seconds``; returns (steps run, whether they settled)."""
    owners, steps, deadline = _compiled_functions(), 0, time.perf_counter() + seconds
    while time.perf_counter() < deadline and not (all(map(_settled, owners)) and _child_done()):
        step()
        steps += 1
    return steps, all(map(_settled, owners))


def _worker(args):
    step = _build(args.workload, args.threads, args.mindcv_dir)
    from sporetorch import _accel
    start = time.perf_counter()
    step()
    first = time.perf_counter() - start
    steps, settled = settle(step, args.settle_s - first)
    steps += 1
    settle_s = time.perf_counter() - start
    times = []
    for _ in range(args.steps):
        t0 = time.perf_counter()
        step()
        times.append(time.perf_counter() - t0)
    out = {"first_s": first, "settle_s": settle_s, "settle_steps": steps, "settled": settled,
           "step_s": statistics.median(times), "steps_s": times,
           "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0,
           "engaged": _accel.engaged_techniques()}
    print(MARK + json.dumps(out), flush=True)


def run_worker(workload, config, cache_dir, args, interleaved=False):
    env = dict(os.environ, SPORETORCH_CACHE_DIR=cache_dir, PYTHONPATH=os.pathsep.join(
        [REPO] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    env.pop("SPORETORCH_ACCEL", None)
    env.pop("SPORETORCH_ACCEL_OFF", None)
    if config != "all":
        env["SPORETORCH_ACCEL_OFF"] = config
    cmd = [sys.executable, os.path.abspath(__file__), "--interleaved-worker" if interleaved else "--worker",
           workload, "--threads", str(args.threads), "--rounds", str(args.rounds),
           "--steps", str(args.steps), "--settle-s", str(args.settle_s)]
    if args.mindcv_dir:
        cmd += ["--mindcv-dir", args.mindcv_dir]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=args.settle_s + 1800)
    for line in proc.stdout.splitlines():
        if line.startswith(MARK):
            return json.loads(line[len(MARK):])
    raise RuntimeError(f"{workload} ({config}) failed, rc {proc.returncode}:\n{proc.stderr[-3000:]}")


# ---------------------------------------------------------------- large models, interleaved
# A mindcv model's compiling child races compiled against eager steps on one thread: minutes per
# configuration. For them, the techniques that act on a settled step are measured in one process
# instead, where the step's variants alternate: the eager variant with its kernels chosen by timing
# (conv planning, Winograd admitted), the same without Winograd, plain eager steps (no planning),
# and the step compiled in the caller (what runs with the race off). Two such processes per round,
# one with the host memory pool and one without, give the pool's share.
def _interleaved_worker(args):
    from sporetorch.compat import alias_as_mindspore
    alias_as_mindspore()
    import mindspore as ms
    from sporetorch import _accel
    from sporetorch._accel import conv_plan, host_memory, winograd
    from sporetorch.common.jit import _run_in_mode
    if _accel.on("host_memory"):
        host_memory.engage()  # as GRAPH_MODE's first call does
    train_step, batch = _mindcv_train_step(args.workload.split(":", 1)[1], args.threads, args.mindcv_dir)
    admit = winograd.admit

    def tuned(winograd_on):
        plans = {}

        def run():
            conv_plan._plans = plans
            winograd.admit = admit if winograd_on else (lambda *a: False)
            try:
                return _run_in_mode(train_step, batch, {}, graph=False, region=False, tuned=True)
            finally:
                winograd.admit = admit
        return run

    compiled = ms.jit(train_step)
    variants = {"compiled": lambda: compiled(*batch), "eager_plain": lambda: train_step(*batch),
                "eager_tuned": tuned(True), "eager_tuned_no_winograd": tuned(False)}
    first = {}
    for label, step in variants.items():
        # The compiled variant compiles in the caller at its first call, and is never raced.
        switches = {"SPORETORCH_JIT_BACKGROUND": "0", "SPORETORCH_JIT_AUTOTUNE": "0"} if label == "compiled" else {}
        saved = {name: os.environ.get(name) for name in switches}
        os.environ.update(switches)
        start = time.perf_counter()
        step().asnumpy()
        first[label] = time.perf_counter() - start
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name)
            else:
                os.environ[name] = value
        step().asnumpy()
    medians = {label: [] for label in variants}
    for r in range(args.rounds):
        for label in (list(variants) if r % 2 == 0 else list(variants)[::-1]):
            times = []
            for _ in range(args.steps):
                t0 = time.perf_counter()
                variants[label]().asnumpy()
                times.append(time.perf_counter() - t0)
            medians[label].append(statistics.median(times))
    print(MARK + json.dumps({"first_s": first, "rounds": medians,
                             "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0}),
          flush=True)


def measure_interleaved(workload, args):
    """Per round, one process with every technique on and one with the host memory pool off."""
    runs = {"all": [], "host_memory": []}
    for r in range(args.process_rounds):
        for config in (("all", "host_memory") if r % 2 == 0 else ("host_memory", "all")):
            cache_dir = tempfile.mkdtemp(prefix="accel-techniques-")
            try:
                runs[config].append(run_worker(workload, config, cache_dir, args, interleaved=True))
            finally:
                shutil.rmtree(cache_dir, ignore_errors=True)
    return {"workload": workload, "interleaved": runs}


def print_interleaved(result):
    from sporetorch._accel.background import _CHILD_MARGIN
    runs = result["interleaved"]

    def step(config, label):
        return statistics.median(m for run in runs[config] for m in run["rounds"][label])
    tuned, compiled = step("all", "eager_tuned"), step("all", "compiled")
    # The child's race keeps compiled code where it takes at most _CHILD_MARGIN of the eager variant's time.
    chosen = "compiled" if compiled <= _CHILD_MARGIN * tuned else "eager_tuned"
    base = step("all", chosen)
    rows = {"all on (the race's choice: " + chosen + ")": base,
            "race off (compiled)": compiled,
            "conv_plan off": step("all", "eager_plain") if chosen == "eager_tuned" else base,
            "winograd off": step("all", "eager_tuned_no_winograd") if chosen == "eager_tuned" else base,
            "host_memory off": step("host_memory", chosen)}
    first = statistics.median(run["first_s"]["compiled"] for run in runs["all"])
    first_eager = statistics.median(run["first_s"]["eager_plain"] for run in runs["all"])
    print(f"\n{result['workload']} (interleaved; load {os.getloadavg()[0]:.2f}); first step eager "
          f"{first_eager:.1f} s, compiled in the caller {first:.1f} s (background off: x{first / first_eager:.1f})")
    print("| configuration | step (ms) | gain: step |")
    print("|---|---:|---:|")
    for label, value in rows.items():
        print(f"| {label} | {value * 1e3:.0f} | {value / base - 1:+.1%} |")
    print("rounds (ms): " + "; ".join(f"{config} {label} " + ", ".join(f"{m * 1e3:.0f}" for m in run["rounds"][label])
                                      for config in runs for run in runs[config] for label in run["rounds"]),
          flush=True)


# ---------------------------------------------------------------- the driver
def measure(workload, techniques, args):
    cache_dir = tempfile.mkdtemp(prefix="accel-techniques-")
    try:
        cold = {"all": run_worker(workload, "all", cache_dir, args)}
        later = {"all": [run_worker(workload, "all", cache_dir, args)]}
        engaged = set(cold["all"]["engaged"]) | set(later["all"][0]["engaged"])
        configs = ["all"] + [t for t in techniques if args.measure_all or t in engaged]
        for config in configs[1:]:
            cold[config] = run_worker(workload, config, cache_dir, args)
            later[config] = []
        for r in range(args.rounds):
            for config in (configs if r % 2 else configs[::-1]):
                if r or config != "all":  # round 0's all-on process ran first, to see what acted
                    later[config].append(run_worker(workload, config, cache_dir, args))
    finally:
        shutil.rmtree(cache_dir, ignore_errors=True)
    rows = {}
    for config in configs:
        runs = later[config]
        rows[config] = {"cold_first_s": cold[config]["first_s"], "cold_settle_s": cold[config]["settle_s"],
                        "cold_peak_rss_mb": cold[config]["peak_rss_mb"],
                        "step_s": statistics.median(r["step_s"] for r in runs),
                        "first_s": statistics.median(r["first_s"] for r in runs),
                        "peak_rss_mb": statistics.median(r["peak_rss_mb"] for r in runs),
                        "rounds": [r["step_s"] for r in runs],
                        "settled": all(r["settled"] for r in runs) and cold[config]["settled"]}
    # What acted in the later processes with everything on: a technique that acted only in the cold
    # process (a fork, a thread change around it) cannot change their steps.
    engaged_later = sorted(set().union(*(r["engaged"] for r in later["all"])))
    return {"workload": workload, "engaged": sorted(engaged), "engaged_later": engaged_later, "rows": rows,
            "not_engaged": [t for t in techniques if t not in configs]}


def print_table(result):
    rows, base = result["rows"], result["rows"]["all"]
    print(f"\n{result['workload']}: engaged {', '.join(result['engaged']) or 'none'}; "
          f"not engaged {', '.join(result['not_engaged']) or 'none'}; acting in the later processes "
          f"{', '.join(result['engaged_later']) or 'none'} (load {os.getloadavg()[0]:.2f})")
    print("| configuration | cold first step (s) | cold peak RSS (MB) | later first step (s) | step (ms) |"
          " peak RSS (MB) | gain: step | gain: later first step | gain: peak RSS | gain: cold peak RSS |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for config, row in rows.items():
        gains = [row[k] / base[k] - 1 for k in ("step_s", "first_s", "peak_rss_mb", "cold_peak_rss_mb")]
        label = "all on" if config == "all" else f"{config} off"
        print(f"| {label} | {row['cold_first_s']:.2f} | {row['cold_peak_rss_mb']:.0f} | {row['first_s']:.2f} | "
              f"{row['step_s'] * 1e3:.1f} | {row['peak_rss_mb']:.0f} | " + " | ".join(f"{g:+.1%}" for g in gains) + " |"
              + ("" if row["settled"] else " (not settled)"))
    print("rounds (ms): " + "; ".join(f"{c} " + ", ".join(f"{t * 1e3:.0f}" for t in r["rounds"])
                                      for c, r in rows.items()), flush=True)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workloads", default=",".join(BENCH_WORKLOADS + ("mlp_train_loss_scale",)))
    parser.add_argument("--techniques", default="", help="comma-separated; default: every technique")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--steps", type=int, default=20, help="timed steps per process")
    parser.add_argument("--settle-s", type=float, default=900.0, help="longest wait for a process to settle")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--mindcv-dir", default="")
    parser.add_argument("--measure-all", action="store_true", help="measure techniques that did not act too")
    parser.add_argument("--json", default="", help="also write the results to this file")
    parser.add_argument("--interleaved", action="store_true",
                        help="large models: the step's variants interleaved in one process (see above)")
    parser.add_argument("--process-rounds", type=int, default=1, help="with --interleaved: process pairs")
    parser.add_argument("--worker", default="", help=argparse.SUPPRESS)
    parser.add_argument("--interleaved-worker", default="", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        args.workload = args.worker
        return _worker(args)
    if args.interleaved_worker:
        args.workload = args.interleaved_worker
        return _interleaved_worker(args)
    sys.path.insert(0, REPO)
    from sporetorch._accel import TECHNIQUES
    techniques = [t for t in args.techniques.split(",") if t] or list(TECHNIQUES)
    results = []
    for workload in args.workloads.split(","):
        if args.interleaved:
            results.append(measure_interleaved(workload, args))
            print_interleaved(results[-1])
        else:
            results.append(measure(workload, techniques, args))
            print_table(results[-1])
        if args.json:
            with open(args.json, "w", encoding="utf-8") as fh:
                json.dump(results, fh, indent=1)


if __name__ == "__main__":
    main()
