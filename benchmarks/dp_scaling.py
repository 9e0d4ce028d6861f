"""Data-parallel scaling on this CPU: samples per second with 1 and 2 processes, MLP and LeNet.

Three contenders train the same models with the same per-process batch (weak scaling), one
thread per process (OMP_NUM_THREADS=1, what msrun and torchrun give their workers):

- sporetorch: benchmarks/dp_scaling_ms.py, a MindSpore script, under ``sporetorch msrun``;
- MindSpore 2.10: the very same script under MindSpore's ``msrun`` (``--ms-bin``);
- torch DDP: benchmarks/dp_scaling_ddp.py under ``torchrun`` (gloo).

Each process count runs the three contenders back to back, so they share the machine's state.
Usage: python benchmarks/dp_scaling.py [--models mlp,lenet] [--batch 64] [--warmup 20] [--steps 200]
       [--ms-bin /tmp/ms/bin]
"""
import argparse
import os
import re
import socket
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def _port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _result(text):
    found = re.findall(r"RESULT ([0-9.]+)", text)
    return float(found[-1]) if found else None


def _run(contender, model, nproc, args):
    job = [model, str(args.batch), str(args.warmup), str(args.steps)]
    env = dict(os.environ, OMP_NUM_THREADS="1")
    env.pop("PYTHONPATH", None)
    with tempfile.TemporaryDirectory() as tmp:
        common = [f"--worker_num={nproc}", f"--local_worker_num={nproc}", f"--master_port={_port()}",
                  "--join=True", f"--log_dir={tmp}", os.path.join(HERE, "dp_scaling_ms.py")] + job
        if contender == "sporetorch":
            cmd = [sys.executable, "-m", "sporetorch", "msrun"] + common
        elif contender == "mindspore":
            cmd = [os.path.join(args.ms_bin, "msrun")] + common
            env.update(PATH=args.ms_bin + os.pathsep + env["PATH"], ONEDNN_MAX_CPU_ISA="AVX2")
        else:
            cmd = [sys.executable, "-m", "torch.distributed.run", f"--nproc_per_node={nproc}",
                   f"--master_port={_port()}", os.path.join(HERE, "dp_scaling_ddp.py")] + job
        proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=tmp, timeout=1200)
        text = proc.stdout
        log = os.path.join(tmp, "worker_0.log")
        if os.path.exists(log):
            with open(log) as f:
                text += f.read()
    value = _result(text)
    if value is None:
        print(f"{contender} {model} x{nproc} failed:\n{proc.stdout[-2000:]}\n{proc.stderr[-2000:]}", file=sys.stderr)
    return value


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--models", default="mlp,lenet")
    parser.add_argument("--batch", type=int, default=64)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--ms-bin", default="/tmp/ms/bin")
    args = parser.parse_args()
    contenders = ["sporetorch", "mindspore", "ddp"]
    rows = []
    for model in args.models.split(","):
        for nproc in (1, 2):
            values = {c: _run(c, model, nproc, args) for c in contenders}
            rows.append((model, nproc, values))
            print(model, nproc, values, flush=True)
    print("\n| model | processes | sporetorch | MindSpore 2.10 | torch DDP |")
    print("|---|---:|---:|---:|---:|")
    for model, nproc, values in rows:
        cells = []
        for c in contenders:
            v = values[c]
            one = next(r[2][c] for r in rows if r[0] == model and r[1] == 1)
            cells.append("failed" if v is None else f"{v:,.0f}" + (f" (×{v / one:.2f})" if nproc > 1 and one else ""))
        print(f"| {model} (batch {args.batch}/process) | {nproc} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
