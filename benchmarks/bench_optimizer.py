"""Optimizer step: ``optimizer(grads)`` against ``torch.optim`` with ``foreach=True``, same run.

The parameter list has ResNet-18's 62 shapes (conv weights, BatchNorm gamma/beta, the fc layer;
11.7 M values). For each pair both optimizers update identical copies of the parameters with
the same precomputed gradients; the median time of one step is reported, and the ratio
``sporetorch / torch`` (target: <= 1.0, no slower than torch.optim).

Pairs: ``nn.Momentum(momentum=0.9)`` vs ``torch.optim.SGD(momentum=0.9, foreach=True)`` and
``nn.Adam`` vs ``torch.optim.Adam(foreach=True)``.

    python benchmarks/bench_optimizer.py [--steps 50] [--device cpu|cuda] [--json out.json]
"""
import argparse
import json
import statistics
import time

import torch


def resnet18_shapes(num_classes=1000):
    """The shapes of ResNet-18's trainable parameters, in definition order."""
    shapes = [(64, 3, 7, 7), (64,), (64,)]
    in_ch = 64
    for out_ch, stride in ((64, 1), (128, 2), (256, 2), (512, 2)):
        for block in range(2):
            s = stride if block == 0 else 1
            shapes += [(out_ch, in_ch, 3, 3), (out_ch,), (out_ch,), (out_ch, out_ch, 3, 3), (out_ch,), (out_ch,)]
            if s != 1 or in_ch != out_ch:
                shapes += [(out_ch, in_ch, 1, 1), (out_ch,), (out_ch,)]
            in_ch = out_ch
    shapes += [(num_classes, 512), (num_classes,)]
    return shapes


def _sync(device):
    if device == "cuda":
        torch.cuda.synchronize()


def _time(step, steps, device, warmup=5):
    for _ in range(warmup):
        step()
    _sync(device)
    times = []
    for _ in range(steps):
        t0 = time.perf_counter()
        step()
        _sync(device)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def run(steps, device):
    import sporetorch as ms
    from sporetorch import nn, Parameter, Tensor

    if device == "cuda":
        ms.set_context(device_target="GPU")
    gen = torch.Generator().manual_seed(0)
    shapes = resnet18_shapes()
    init = [torch.randn(s, generator=gen).to(device) * 0.05 for s in shapes]
    grads_t = [torch.randn(s, generator=gen).to(device) * 0.01 for s in shapes]
    grads_ms = tuple(Tensor.from_torch(g) for g in grads_t)

    pairs = {
        "Momentum": (lambda ps: nn.Momentum(ps, learning_rate=0.01, momentum=0.9),
                     lambda ts: torch.optim.SGD(ts, lr=0.01, momentum=0.9, foreach=True)),
        "Adam": (lambda ps: nn.Adam(ps, learning_rate=1e-3),
                 lambda ts: torch.optim.Adam(ts, lr=1e-3, foreach=True)),
    }
    results = {"device": device, "params": len(shapes), "values": sum(t.numel() for t in init),
               "torch": torch.__version__, "steps": steps, "pairs": {}}
    for name, (make_ours, make_torch) in pairs.items():
        params = [Parameter(Tensor.from_torch(t.clone()), name=f"p{i}") for i, t in enumerate(init)]
        ours = make_ours(params)
        tensors = [t.clone().requires_grad_() for t in init]
        for t, g in zip(tensors, grads_t):
            t.grad = g
        theirs = make_torch(tensors)
        # Interleave the two so that machine noise hits both alike.
        t_ours, t_torch = [], []
        for _ in range(3):
            t_ours.append(_time(lambda: ours(grads_ms), steps, device))  # noqa: B023 (called in this iteration)
            t_torch.append(_time(theirs.step, steps, device))
        a, b = min(t_ours), min(t_torch)
        results["pairs"][name] = {"sporetorch_ms": a * 1e3, "torch_ms": b * 1e3, "ratio": a / b}
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=50)
    parser.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    res = run(args.steps, args.device)
    print(f"optimizer step, ResNet-18 parameter list ({res['params']} tensors, {res['values']:,} values), "
          f"{res['device']}, torch {res['torch']}")
    print(f"{'optimizer':<10} {'sporetorch ms':>14} {'torch.optim ms':>15} {'ratio':>7}")
    for name, r in res["pairs"].items():
        print(f"{name:<10} {r['sporetorch_ms']:>14.3f} {r['torch_ms']:>15.3f} {r['ratio']:>7.3f}")
    if args.json:
        with open(args.json, "w") as f:
            json.dump(res, f, indent=2)


if __name__ == "__main__":
    main()
