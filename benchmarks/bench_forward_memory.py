"""Peak memory of a conv-net forward: a plain call against the same forward under differentiation.

A plain ``net(x)`` records no autograd graph (Parameters' torch tensors do not require grad), so
activations are freed as soon as the next layer has used them. Under ``value_and_grad`` (or after
``net.set_grad()``) the graph keeps the activations the backward needs. Each mode runs in a fresh
process; the script reports

- ``saved MiB``: bytes autograd saved for the backward (``torch.autograd.graph.saved_tensors_hooks``);
- ``peak MiB``: growth of the process's peak resident memory (``ru_maxrss``) during the call, after
  a warm-up plain call, or of ``torch.cuda.max_memory_allocated`` with ``--device cuda``.

    python benchmarks/bench_forward_memory.py [--batch 32] [--size 64] [--device cpu|cuda]
"""
import argparse
import json
import os
import resource
import subprocess
import sys

MODES = ("plain", "set_grad", "value_and_grad")


def _build(batch, size, device):
    import numpy as np
    import torch

    import sporetorch as ms
    from sporetorch import nn, Tensor

    if device == "cuda":
        ms.set_context(device_target="GPU")

    class ConvNet(nn.Cell):
        def __init__(self):
            super().__init__()
            self.body = nn.SequentialCell([
                nn.Conv2d(3, 32, 3, pad_mode="same"), nn.ReLU(),
                nn.Conv2d(32, 64, 3, pad_mode="same"), nn.ReLU(),
                nn.Conv2d(64, 64, 3, pad_mode="same"), nn.ReLU(),
                nn.Conv2d(64, 64, 3, pad_mode="same"), nn.ReLU()])
            self.flatten = nn.Flatten()
            self.fc = nn.Dense(64 * size * size, 10)

        def construct(self, x):
            return self.fc(self.flatten(self.body(x)))

    net = ConvNet()
    x = Tensor(np.random.RandomState(0).standard_normal((batch, 3, size, size)).astype(np.float32))
    return ms, torch, net, x


def _measure(mode, batch, size, device):
    ms, torch, net, x = _build(batch, size, device)
    saved = {}

    def pack(t):
        # Several nodes save the same activation (a ReLU output is the next conv's input): count storages once.
        saved[t.untyped_storage().data_ptr()] = t.untyped_storage().nbytes()
        return t

    def loss(inp):
        return net(inp).sum()

    grad_fn = ms.value_and_grad(loss, None, net.trainable_params())
    net(x)  # warm-up: one-time allocations (kernels, scratch buffers) do not count as activations
    if mode == "set_grad":
        net.set_grad()
    if device == "cuda":
        torch.cuda.synchronize()
        torch.cuda.reset_peak_memory_stats()
        base = torch.cuda.max_memory_allocated()
    else:
        base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        if mode == "value_and_grad":
            out = grad_fn(x)[0]
        else:
            out = net(x)
    if device == "cuda":
        torch.cuda.synchronize()
        peak = torch.cuda.max_memory_allocated() - base
    else:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - base
    return {"mode": mode, "saved_mib": sum(saved.values()) / 2 ** 20, "peak_mib": peak / 2 ** 20,
            "out_has_grad_fn": out.to_torch().grad_fn is not None}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--size", type=int, default=64)
    parser.add_argument("--device", choices=("cpu", "cuda"), default="cpu")
    parser.add_argument("--mode", choices=MODES, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.mode:
        print(json.dumps(_measure(args.mode, args.batch, args.size, args.device)))
        return 0
    print(f"conv net forward, batch {args.batch}, {args.size}x{args.size}, device {args.device}")
    print(f"{'mode':<16}{'saved MiB':>12}{'peak MiB':>12}  output records a graph")
    env = dict(os.environ, OMP_NUM_THREADS=os.environ.get("OMP_NUM_THREADS", "2"))
    for mode in MODES:
        cmd = [sys.executable, os.path.abspath(__file__), "--mode", mode, "--batch", str(args.batch),
               "--size", str(args.size), "--device", args.device]
        proc = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env)
        res = json.loads(proc.stdout.splitlines()[-1])
        print(f"{mode:<16}{res['saved_mib']:>12.1f}{res['peak_mib']:>12.1f}  {res['out_has_grad_fn']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
