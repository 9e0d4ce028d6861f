"""``sporetorch demo``: the main job. Trains a LeNet-style Cell with ``Model`` on the bundled
8x8 handwritten digits (1,797 images, UCI, CC BY 4.0), evaluates it on a held-out split,
saves a ``.ckpt`` and plots loss and accuracy per epoch.

Everything here is plain MindSpore API (``nn.Cell``, ``Model.fit``, callbacks,
``mindspore.dataset``), so the same code runs under MindSpore; see
``examples/lenet_digits.py`` for the standalone script.
"""
import argparse
import json
import os
import sys
import time

import numpy as np
import torch

from . import nn
from .context import DeviceTargetError
from .train.callback import Callback

TARGET_ACCURACY = 0.95


class LeNetDigits(nn.Cell):
    """A LeNet-style network for 1x8x8 images: two conv/ReLU/max-pool stages, two dense layers.

    Inputs: ``x`` float32 (N, 1, 8, 8). Outputs: logits (N, ``num_classes``).
    """

    def __init__(self, num_classes=10):
        super().__init__()
        self.conv1 = nn.Conv2d(1, 16, 3, pad_mode="same")
        self.conv2 = nn.Conv2d(16, 32, 3, pad_mode="same")
        self.relu = nn.ReLU()
        self.pool = nn.MaxPool2d(kernel_size=2, stride=2)
        self.flatten = nn.Flatten()
        self.fc1 = nn.Dense(32 * 2 * 2, 64)
        self.fc2 = nn.Dense(64, num_classes)

    def construct(self, x):
        x = self.pool(self.relu(self.conv1(x)))
        x = self.pool(self.relu(self.conv2(x)))
        x = self.relu(self.fc1(self.flatten(x)))
        return self.fc2(x)


def split_digits(test_fraction=0.2, seed=0):
    """The digits as float32 (N, 1, 8, 8) images in [0, 1] and int32 labels, split into a
    training and a held-out part by a fixed, class-stratified permutation."""
    from .data import load_digits
    images, labels = load_digits()
    x = (images.astype(np.float32) / 16.0)[:, None]
    y = labels.astype(np.int32)
    rng = np.random.default_rng(seed)
    test = np.zeros(len(y), dtype=bool)
    for c in np.unique(y):
        members = np.flatnonzero(y == c)
        test[rng.choice(members, size=int(round(len(members) * test_fraction)), replace=False)] = True
    return (x[~test], y[~test]), (x[test], y[test])


def _parse(argv):
    parser = argparse.ArgumentParser(prog="sporetorch demo",
                                     description="Train LeNet on the bundled 8x8 digits with Model.fit.")
    parser.add_argument("--epochs", type=int, default=12, help="training epochs (default: 12)")
    parser.add_argument("--device", default="auto", choices=["auto", "cpu", "gpu", "cuda"],
                        help="where to train (default: auto = GPU when torch sees CUDA, else CPU)")
    parser.add_argument("--mode", default="pynative", choices=["pynative", "graph"],
                        help="PYNATIVE_MODE (eager, default) or GRAPH_MODE (compiled)")
    parser.add_argument("--out", default="sporetorch-demo", help="output folder (default: ./sporetorch-demo)")
    parser.add_argument("--batch-size", type=int, default=32, help="batch size (default: 32)")
    parser.add_argument("--lr", type=float, default=0.05, help="peak Momentum learning rate, cosine-decayed to 0 (default: 0.05)")
    parser.add_argument("--seed", type=int, default=1, help="random seed (default: 1)")
    parser.add_argument("--threads", type=int, default=1,
                        help="CPU threads for torch (default: 1; the 8x8 batches are too small to gain from more)")
    args = parser.parse_args(argv)
    if args.epochs < 1:
        parser.error("--epochs must be at least 1")
    if args.batch_size < 1:
        parser.error("--batch-size must be at least 1")
    if args.threads < 1:
        parser.error("--threads must be at least 1")
    return args


def _select_device(ms, name):
    if name == "auto":
        name = "gpu" if torch.cuda.is_available() else "cpu"
    target = "CPU" if name == "cpu" else "GPU"
    ms.set_context(device_target=target)
    return target


class EpochStats(Callback):
    """Records, per epoch, the mean training loss over all steps and the held-out results of ``fit``."""

    def __init__(self):
        super().__init__()
        self.loss, self.accuracy, self.eval_loss = [], [], []
        self._sum, self._count = 0.0, 0

    def on_train_epoch_begin(self, run_context):
        self._sum, self._count = 0.0, 0

    def on_train_step_end(self, run_context):
        self._sum += float(run_context.original_args().net_outputs.asnumpy())
        self._count += 1

    def on_train_epoch_end(self, run_context):
        results = run_context.original_args().get("eval_results") or {}
        self.loss.append(self._sum / max(self._count, 1))
        self.accuracy.append(float(results.get("accuracy", float("nan"))))
        self.eval_loss.append(float(results.get("eval_loss", float("nan"))))


def plot_history(stats, path):
    """Write loss and accuracy per epoch to ``path`` (PNG); returns False without matplotlib."""
    try:
        import matplotlib
    except ImportError:
        return False
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    epochs = np.arange(1, len(stats.loss) + 1)
    fig, (ax_loss, ax_acc) = plt.subplots(1, 2, figsize=(10, 4))
    ax_loss.plot(epochs, stats.loss, "o-", label="training loss")
    ax_loss.plot(epochs, stats.eval_loss, "s--", label="held-out loss")
    ax_loss.set_xlabel("epoch")
    ax_loss.set_ylabel("cross-entropy")
    ax_loss.legend()
    ax_acc.plot(epochs, np.asarray(stats.accuracy) * 100, "o-", color="tab:green")
    ax_acc.axhline(TARGET_ACCURACY * 100, color="grey", linestyle=":", label="95 % target")
    ax_acc.set_xlabel("epoch")
    ax_acc.set_ylabel("held-out accuracy (%)")
    ax_acc.legend()
    fig.suptitle("sporetorch demo: LeNet on the 8x8 digits")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return True


def main(argv=None):
    args = _parse(sys.argv[1:] if argv is None else argv)
    import sporetorch as ms
    from sporetorch import dataset as ds
    from sporetorch.train import Model

    start = time.perf_counter()
    torch.set_num_threads(args.threads)
    try:
        target = _select_device(ms, args.device)
    except DeviceTargetError as err:
        print(f"sporetorch demo: {err}", file=sys.stderr)
        return 2
    ms.set_context(mode=ms.GRAPH_MODE if args.mode == "graph" else ms.PYNATIVE_MODE)
    ms.set_seed(args.seed)
    ds.config.set_seed(args.seed)
    if os.path.exists(args.out) and not os.path.isdir(args.out):
        print(f"sporetorch demo: --out {args.out} is a file, not a folder; give a folder to write the "
              "checkpoint, metrics.json and the plot into", file=sys.stderr)
        return 2
    os.makedirs(args.out, exist_ok=True)

    (x_train, y_train), (x_test, y_test) = split_digits()
    # Fixed batch shapes (full training batches, the held-out set as one batch) keep GRAPH_MODE
    # from compiling a variant per shape; reshuffling each epoch still visits every image.
    train_set = ds.NumpySlicesDataset({"image": x_train, "label": y_train}, shuffle=True)
    train_set = train_set.batch(args.batch_size, drop_remainder=True)
    test_set = ds.NumpySlicesDataset({"image": x_test, "label": y_test}, shuffle=False).batch(len(y_test))
    print(f"sporetorch demo: LeNet on the 8x8 digits ({len(y_train)} training / {len(y_test)} held-out images), "
          f"{args.epochs} epochs on {target} in {args.mode} mode", flush=True)

    net = LeNetDigits()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    steps = train_set.get_dataset_size()
    lr = nn.cosine_decay_lr(0.0, args.lr, steps * args.epochs, steps, args.epochs)
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=lr, momentum=0.9)
    model = Model(net, loss_fn, optimizer, metrics={"accuracy"})
    stats = EpochStats()
    model.fit(args.epochs, train_set, test_set, callbacks=[stats])
    accuracy = float(model.eval(test_set)["accuracy"])

    ckpt_path = os.path.join(args.out, "lenet_digits.ckpt")
    ms.save_checkpoint(net, ckpt_path)
    plot_path = os.path.join(args.out, "lenet_digits_training.png")
    plotted = plot_history(stats, plot_path)
    elapsed = time.perf_counter() - start
    summary = {"held_out_accuracy": accuracy, "epochs": args.epochs, "device": target, "mode": args.mode,
               "train_loss": stats.loss, "held_out_accuracy_per_epoch": stats.accuracy,
               "held_out_loss_per_epoch": stats.eval_loss, "checkpoint": ckpt_path,
               "plot": plot_path if plotted else None, "seconds": round(elapsed, 2)}
    metrics_path = os.path.join(args.out, "metrics.json")
    with open(metrics_path, "w", encoding="utf-8") as fh:
        json.dump(summary, fh, indent=2)

    for epoch, (loss, acc) in enumerate(zip(stats.loss, stats.accuracy), 1):
        print(f"  epoch {epoch:2d}: training loss {loss:.4f}, held-out accuracy {acc * 100:.2f} %")
    verdict = "reached" if accuracy >= TARGET_ACCURACY else "did NOT reach"
    print(f"Held-out accuracy: {accuracy * 100:.2f} % ({verdict} the {TARGET_ACCURACY * 100:.0f} % target)")
    print(f"Checkpoint: {ckpt_path}")
    print(f"Metrics: {metrics_path}")
    if plotted:
        print(f"Plot: {plot_path}")
    else:
        print('Plot skipped: matplotlib is not installed. Get it with: pip install -e ".[plot]" '
              "(from the repository) or: pip install matplotlib")
    print(f"Done in {elapsed:.1f} s.")
    return 0
