"""LeNet on the 8x8 handwritten digits with ``Model.fit``, written against MindSpore's API.

Run it with sporetorch (``mindspore`` resolves to sporetorch for this process):

    python -m sporetorch run examples/lenet_digits.py --epochs 12

The data is the 8x8 digits set bundled with sporetorch (1,797 images, UCI, CC BY 4.0), read
with NumPy from ``sporetorch/data/digits.npz``; ``--data`` points elsewhere.
"""
import argparse
import os

import numpy as np

import mindspore as ms
import mindspore.dataset as ds
from mindspore import nn
from mindspore.train import Model, LossMonitor, ModelCheckpoint, CheckpointConfig

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DATA = os.path.join(HERE, "..", "sporetorch", "data", "digits.npz")


class LeNet(nn.Cell):
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


def load_split(path, test_fraction=0.2, seed=0):
    """Images scaled to [0, 1] as (N, 1, 8, 8) float32, int32 labels, and a class-stratified split."""
    with np.load(path, allow_pickle=False) as archive:
        images, labels = archive["images"], archive["labels"]
    x = (images.astype(np.float32) / 16.0)[:, None]
    y = labels.astype(np.int32)
    rng = np.random.default_rng(seed)
    test = np.zeros(len(y), dtype=bool)
    for c in np.unique(y):
        members = np.flatnonzero(y == c)
        test[rng.choice(members, size=int(round(len(members) * test_fraction)), replace=False)] = True
    return (x[~test], y[~test]), (x[test], y[test])


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--data", default=DEFAULT_DATA)
    parser.add_argument("--ckpt-dir", default="lenet_digits_ckpt")
    args = parser.parse_args()

    ms.set_seed(1)
    ds.config.set_seed(1)
    (x_train, y_train), (x_test, y_test) = load_split(args.data)
    train_set = ds.NumpySlicesDataset({"image": x_train, "label": y_train}, shuffle=True)
    train_set = train_set.batch(32, drop_remainder=True)
    test_set = ds.NumpySlicesDataset({"image": x_test, "label": y_test}, shuffle=False).batch(len(y_test))

    net = LeNet()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    steps = train_set.get_dataset_size()
    lr = nn.cosine_decay_lr(0.0, 0.05, steps * args.epochs, steps, args.epochs)
    optimizer = nn.Momentum(net.trainable_params(), learning_rate=lr, momentum=0.9)
    model = Model(net, loss_fn, optimizer, metrics={"accuracy"})

    config = CheckpointConfig(save_checkpoint_steps=steps, keep_checkpoint_max=2)
    checkpoint = ModelCheckpoint(prefix="lenet", directory=args.ckpt_dir, config=config)
    model.train(args.epochs, train_set, callbacks=[LossMonitor(steps), checkpoint])

    accuracy = model.eval(test_set)["accuracy"]
    print(f"held-out accuracy: {accuracy:.4f}")
    print(f"checkpoint: {checkpoint.latest_ckpt_file_name}")


if __name__ == "__main__":
    main()
