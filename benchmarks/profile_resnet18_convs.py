"""Convolution time inside the ResNet-18 training step, per layer shape, for three ways of running it.

``bench_conv_layers.py`` times each convolution alone; this script measures them where they
run, inside whole training steps of ``../shared/bench``'s CIFAR ResNet-18 at batch 32, with
``torch.profiler``: PyTorch eager, torch.compile (inductor) and the eager variant of sporetorch's
GRAPH_MODE (the step run as GRAPH_MODE's race runs it, with convolution kernels chosen by
timing). It prints the milliseconds per step spent in oneDNN's forward (``mkldnn_convolution``)
and backward (``convolution_backward``) kernels for each input and weight shape, and the totals. A weight
gradient computed as a batch/channel-swapped forward convolution shows as a forward row with the
swapped shapes.

    python benchmarks/profile_resnet18_convs.py --steps 3
"""
import argparse
import collections

from interleaved_ab import eager_variant, load_workloads

_KERNELS = {"aten::mkldnn_convolution": "fwd", "aten::convolution_backward": "bwd"}


def _conv_ms(step, steps):
    """Milliseconds per step in each convolution kernel, keyed by (kind, input shape, weight shape)."""
    from torch.profiler import ProfilerActivity, profile
    with profile(activities=[ProfilerActivity.CPU], record_shapes=True) as prof:
        for _ in range(steps):
            step()
    times = collections.Counter()
    for event in prof.key_averages(group_by_input_shape=True):
        kind = _KERNELS.get(event.key)
        if kind is None:
            continue
        shapes = event.input_shapes
        # convolution_backward(grad_output, input, weight, ...); mkldnn_convolution(input, weight, ...)
        x, w = (shapes[1], shapes[2]) if kind == "bwd" else (shapes[0], shapes[1])
        times[(kind, tuple(x), tuple(w))] += event.self_cpu_time_total / steps / 1e3
    return times


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=3, help="profiled steps per contender")
    parser.add_argument("--warmup", type=int, default=4)
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args(argv)

    torch_workloads, ms_workloads = load_workloads(args.threads)
    import torch

    contenders = {
        "torch eager": torch_workloads.wl_resnet18_train("eager")[0],
        "torch.compile": torch_workloads.wl_resnet18_train("compile")[0],
        "GRAPH eager variant": eager_variant(ms_workloads, "resnet18_train"),
    }
    for step in contenders.values():
        for _ in range(args.warmup):
            step()
    times = {name: _conv_ms(step, args.steps) for name, step in contenders.items()}

    rows = sorted(set().union(*times.values()), key=lambda r: (r[0], r[2], r[1]))
    print(f"torch {torch.__version__}, {args.threads} threads; ms per step in oneDNN convolution kernels")
    print(f"{'kernel, input, weight':50s}" + "".join(f"{name:>22s}" for name in contenders))
    for row in rows:
        label = f"{row[0]} {row[1]} {row[2]}"
        print(f"{label:50s}" + "".join(f"{times[name].get(row, 0.0):22.1f}" for name in contenders))
    print(f"{'total':50s}" + "".join(f"{sum(times[name].values()):22.1f}" for name in contenders))


if __name__ == "__main__":
    main()
