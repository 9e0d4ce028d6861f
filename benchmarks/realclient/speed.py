"""Speed of the zoo models (side.py's builders) against MindSpore 2.10, sides interleaved.

usage (driver, prints a markdown table):
  python speed.py [--mode pynative|graph] [--threads T] [--reps R] [--calls K] [--warmup W] [MODEL ...]
with ORACLE_PY (MindSpore 2.10's python) and CAND_PY (a python that imports sporetorch, may carry an
`env PYTHONPATH=...` prefix) in the environment, as for run_all.sh. No MODEL: all nine.

For each model the driver starts two persistent workers (`speed.py worker MODEL`), MindSpore's and ours
(`CAND_PY -m sporetorch run speed.py worker MODEL`); ours loads the checkpoint MindSpore's wrote, so both
run the same weights on the same input. Each worker warms up (W eval forwards, W training steps), then the
driver asks them in turn, ours then MindSpore's, R times, for K timed eval forwards and K timed training
steps (value_and_grad of loss(net(x)) + the optimizer update). A time is one call up to its result in
host memory (`asnumpy` of the output / the loss, then `runtime.synchronize()`). Reported: the median
per-call time of each side and their ratio ours / MindSpore (< 1: ours is faster), and the time of
the first eval forward plus the first training step in a fresh process (compilation, kernel selection,
lazy imports: what a short script feels).

GRAPH mode (--mode graph, ZOO_MODE=graph in both workers): MindSpore compiles at the first call; ours
runs with SPORETORCH_JIT_BACKGROUND=0 so that it too compiles at the first call (by default it compiles
in a background child and runs eagerly meanwhile, and the timed calls would catch the switch), then races
compiled against eager code over its first calls and keeps the faster; the warm-up covers both.

Threads: both sides call `mindspore.device_context.cpu.op_tuning.threads_num(T)` (MindSpore's CPU kernel
pool; ours maps it to torch.set_num_threads) and run with OMP_NUM_THREADS=T.
"""
import json
import os
import shlex
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TAG = "@@speed "  # result lines; the zoos print their own logs on stdout
ALL = ["dbnet_resnet18", "crnn_vgg7", "svtr_tiny", "ecapa_tdnn", "deepspeech2", "conformer", "llama",
       "unet2d_condition", "autoencoder_kl"]
LABELS = {"dbnet_resnet18": "mindocr `dbnet_resnet18`", "crnn_vgg7": "mindocr `crnn_vgg7`",
          "svtr_tiny": "mindocr `svtr_tiny`", "ecapa_tdnn": "mindaudio ECAPA-TDNN",
          "deepspeech2": "mindaudio DeepSpeech2", "conformer": "mindaudio Conformer encoder",
          "llama": "mindformers Llama", "unet2d_condition": "mindone `UNet2DConditionModel`",
          "autoencoder_kl": "mindone `AutoencoderKL`"}


def _objective(net, loss_of):
    """loss(net(inputs)), defined here: MindSpore's GRAPH mode parses the source around the function it
    differentiates and rejects an enclosing function that imports (`Unsupported statement 'ImportFrom'`)."""
    def f(*a):
        return loss_of(net(*a))
    return f


def worker(name, ckpt, threads):
    """Build `name`, save (MindSpore) or load (ours) the checkpoint, then answer `fwd K` / `step K` /
    `warm W` commands on stdin with the per-call seconds."""
    sys.path.insert(0, HERE)
    import side  # noqa: E402  (zoo paths and `import mindspore` happen there)
    ms = side.ms
    ms.device_context.cpu.op_tuning.threads_num(threads)
    net, inputs, loss_of, opt_kind, train_inputs = side.build(name)
    if os.path.exists(ckpt):
        ms.load_param_into_net(net, ms.load_checkpoint(ckpt))
    else:
        ms.save_checkpoint(net, ckpt)
    params = net.trainable_params()
    opt = side.optimizer(opt_kind, params)
    grad = ms.value_and_grad(_objective(net, loss_of), None, opt.parameters)

    def fwd():
        side.first_float(net(*inputs)).asnumpy()

    def step():
        loss, grads = grad(*train_inputs)
        opt(grads)
        loss.asnumpy()

    def timed(fn, k):
        out = []
        for _ in range(k):
            t = time.perf_counter()
            fn()
            ms.runtime.synchronize()
            out.append(time.perf_counter() - t)
        return out

    def run(kind, k):
        if kind == "fwd":
            net.set_train(False)
            return timed(fwd, k)
        side.train_mode(net)
        return timed(step, k)

    print(TAG + "ready", flush=True)
    for line in sys.stdin:
        kind, k = line.split()
        if kind == "warm":  # answers the first call's times: what a short script feels
            first = [run("fwd", int(k))[0], run("step", int(k))[0]]
            print(TAG + json.dumps(first), flush=True)
        else:
            print(TAG + json.dumps(run(kind, int(k))), flush=True)


class Side:
    def __init__(self, cmd, env, log):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log, env=env,
                                  text=True, bufsize=1)
        self.tail, self.log = [], log
        self.read()

    def read(self):
        for line in self.p.stdout:
            if line.startswith(TAG):
                return line[len(TAG):].strip()
            self.tail = (self.tail + [line])[-20:]
        raise RuntimeError(f"worker ended (see {self.log.name}): " + "".join(self.tail))

    def ask(self, kind, k):
        self.p.stdin.write(f"{kind} {k}\n")
        self.p.stdin.flush()
        return json.loads(self.read())

    def close(self):
        self.p.stdin.close()
        self.p.wait(60)


def measure(name, args, outdir):
    env = dict(os.environ, OMP_NUM_THREADS=str(args.threads), GLOG_v="3")
    env.setdefault("MINDOCR_ROOT", "/tmp/zoo-mindocr")
    env.setdefault("MINDAUDIO_ROOT", "/tmp/zoo-mindaudio")
    env.setdefault("MINDFORMERS_ROOT", "/tmp/zoo-mindformers")
    env.setdefault("MINDONE_ROOT", "/tmp/zoo-mindone-0.3.0")
    env.setdefault("ZOO_DEPS", "/tmp/zoo-deps:/tmp/zoo-deps-st:/tmp/zoo-deps-tk")
    env.setdefault("MINDONE_DEPS", "/tmp/zoo-deps-mo3")
    if args.mode == "graph":
        env["ZOO_MODE"] = "graph"
    else:
        env.pop("ZOO_MODE", None)
    cand_env = dict(env)
    if args.mode == "graph":  # ours compiles at the first call, as MindSpore does (see the docstring)
        cand_env["SPORETORCH_JIT_BACKGROUND"] = "0"
    d = os.path.join(outdir, name)
    os.makedirs(d, exist_ok=True)
    ckpt = os.path.join(d, "oracle.ckpt")
    if os.path.exists(ckpt):
        os.remove(ckpt)
    me = os.path.abspath(__file__)
    wargs = ["worker", name, ckpt, str(args.threads)]
    sides = {}
    with open(os.path.join(d, "oracle.log"), "w") as lo, open(os.path.join(d, "cand.log"), "w") as lc:
        try:  # MindSpore's worker first: it writes the checkpoint ours loads
            sides["ms"] = Side(shlex.split(os.environ["ORACLE_PY"]) + [me] + wargs,
                               dict(env, ONEDNN_MAX_CPU_ISA="AVX2"), lo)
            sides["ours"] = Side(shlex.split(os.environ["CAND_PY"]) + ["-m", "sporetorch", "run", me] + wargs,
                                 cand_env, lc)
            times = {(s, k): [] for s in sides for k in ("fwd", "step")}
            for s in ("ours", "ms"):
                times[s, "first fwd"], times[s, "first step"] = ([t] for t in sides[s].ask("warm", args.warmup))
            for _ in range(args.reps):
                for kind in ("fwd", "step"):
                    for s in ("ours", "ms"):
                        times[s, kind] += sides[s].ask(kind, args.calls)
        finally:
            for s in sides.values():
                try:
                    s.close()
                except Exception:  # a worker that hangs or already died
                    s.p.kill()
    return {k: statistics.median(v) for k, v in times.items()}


def main(argv):
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", choices=("pynative", "graph"), default="pynative")
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--reps", type=int, default=4)
    ap.add_argument("--calls", type=int, default=3)
    ap.add_argument("--warmup", type=int, help="default 3, in GRAPH mode 12 (ours races its compiled "
                    "code against eager execution over its first 10 calls, then keeps the faster)")
    ap.add_argument("--out", default="/tmp/zoo_speed")
    ap.add_argument("models", nargs="*")
    args = ap.parse_args(argv)
    if args.warmup is None:
        args.warmup = 12 if args.mode == "graph" else 3
    load = open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else ["?"]
    print(f"{args.mode.upper()}, {args.threads} thread(s) per side, {args.reps} interleaved rounds of "
          f"{args.calls} calls after {args.warmup} warm-up calls; load average before: {' '.join(load)}\n")
    print("| model | forward ms (ours / MindSpore) | forward ratio | train step ms (ours / MindSpore) "
          "| train-step ratio | first forward + step s (ours / MindSpore) |")
    print("|---|---:|---:|---:|---:|---:|")
    for name in args.models or ALL:
        try:
            t = measure(name, args, args.out)
        except Exception as e:  # one failing model must not hide the others
            print(f"| {LABELS.get(name, name)} | error: {str(e).splitlines()[-1][:120] if str(e) else e!r} | | | | |",
                  flush=True)
            continue
        print(f"| {LABELS.get(name, name)} | {1e3 * t['ours', 'fwd']:.1f} / {1e3 * t['ms', 'fwd']:.1f} "
              f"| ×{t['ours', 'fwd'] / t['ms', 'fwd']:.2f} | {1e3 * t['ours', 'step']:.1f} / "
              f"{1e3 * t['ms', 'step']:.1f} | ×{t['ours', 'step'] / t['ms', 'step']:.2f} "
              f"| {t['ours', 'first fwd'] + t['ours', 'first step']:.2f} / "
              f"{t['ms', 'first fwd'] + t['ms', 'first step']:.2f} |", flush=True)
    load = open("/proc/loadavg").read().split()[:3] if os.path.exists("/proc/loadavg") else ["?"]
    print(f"\nload average after: {' '.join(load)}")


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "worker":
        worker(sys.argv[2], sys.argv[3], int(sys.argv[4]))
    else:
        main(sys.argv[1:])
