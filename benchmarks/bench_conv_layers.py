"""Throughput of each distinct convolution of the CIFAR ResNet-18 training step, per kernel variant.

For every layer shape of ``../shared/bench``'s ResNet-18 at batch 32: the forward pass, the input
gradient and the weight gradient, with NCHW and channels-last operands, and the weight gradient
as a batch/channel-swapped forward convolution and as a matrix product over the input's windows
(im2col, where its window matrix stays under ``_conv_tuning._IM2COL_MAX_BYTES``), in GFLOP/s (median of ``--reps`` timings). These
are the variants GRAPH_MODE chooses between (``sporetorch/_accel/conv_plan.py``). Operands
start in NCHW, so the channels-last columns include converting them, as for a layer whose input
arrives in NCHW; inside a tuned network the activations usually arrive channels-last already.

    python benchmarks/bench_conv_layers.py --threads 2
"""
import argparse

import torch
from interleaved_ab import _median_step

from sporetorch._accel import conv_plan as _conv_tuning

# (in channels, out channels, input size, stride, kernel, how many in the network)
RESNET18_CIFAR = [
    (3, 64, 32, 1, 3, 1),
    (64, 64, 32, 1, 3, 4),
    (64, 128, 32, 2, 3, 1),
    (64, 128, 32, 2, 1, 1),
    (128, 128, 16, 1, 3, 3),
    (128, 256, 16, 2, 3, 1),
    (128, 256, 16, 2, 1, 1),
    (256, 256, 8, 1, 3, 3),
    (256, 512, 8, 2, 3, 1),
    (256, 512, 8, 2, 1, 1),
    (512, 512, 4, 1, 3, 3),
]


def _layer_runs(conv, x, w, g):
    """Column label -> a thunk running that kernel variant of ``conv`` once."""
    runs = {
        "fwd nchw": lambda: conv.forward(x, w, None),
        "fwd cl": lambda: conv.forward(_conv_tuning._as_format(x, True), w, None),
        "dx nchw": lambda: conv.input_grad(g, x, w, False),
        "dx cl": lambda: conv.input_grad(g, x, w, True),
    }
    labels = {"contiguous": "dw nchw", "channels_last": "dw cl", "swapped": "dw swapped", "im2col": "dw im2col"}
    for variant, label in labels.items():
        runs[label] = lambda v=variant: conv.weight_grad(g, x, w, v)
    return runs


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--batch", type=int, default=32)
    parser.add_argument("--reps", type=int, default=10)
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    print(f"torch {torch.__version__}, {args.threads} threads, batch {args.batch}; GFLOP/s (ms)")
    print(f"{'layer':26s} {'GFLOP':>6s}  {'fwd nchw':>14s} {'fwd cl':>14s}  {'dx nchw':>14s} {'dx cl':>14s}  "
          f"{'dw nchw':>14s} {'dw cl':>14s} {'dw swapped':>14s} {'dw im2col':>14s}")
    for cin, cout, size, stride, k, count in RESNET18_CIFAR:
        x = torch.randn(args.batch, cin, size, size)
        w = torch.randn(cout, cin, k, k)
        conv = _conv_tuning._Conv(x, w, None, stride, k // 2, 1, 1)
        g = torch.randn_like(conv.forward(x, w, None))
        gflop = 2 * g.numel() * cin * k * k / 1e9
        runs = _layer_runs(conv, x, w, g)
        offered = conv.weight_variants(g, w)
        cells = []
        for label, run in runs.items():
            if label == "dw im2col" and "im2col" not in offered:
                cells.append(f"{'-':>14s}")
                continue
            run()
            seconds = _median_step(run, args.reps)
            cells.append(f"{gflop / seconds:6.0f} ({seconds * 1e3:5.1f})")
        name = f"{cin}->{cout} {k}x{k} s{stride} @{size} x{count}"
        print(f"{name:26s} {gflop:6.2f}  " + " ".join(cells[:2]) + "  " + " ".join(cells[2:4]) + "  "
              + " ".join(cells[4:]), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
