"""A functional training loop: ``value_and_grad`` + ``optimizer(grads)``, MindSpore style.

    python -m sporetorch run examples/functional_train.py --epochs 8

Trains the LeNet of ``lenet_digits.py`` on the bundled 8x8 digits without ``Model``: the
loss function is differentiated with respect to the optimizer's parameters and the
optimizer is called with the gradients, as in MindSpore's quick-start tutorial.
"""
import argparse

import mindspore as ms
import mindspore.dataset as ds
from mindspore import nn

from lenet_digits import DEFAULT_DATA, LeNet, load_split


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--data", default=DEFAULT_DATA)
    args = parser.parse_args()

    ms.set_seed(1)
    ds.config.set_seed(1)
    (x_train, y_train), (x_test, y_test) = load_split(args.data)
    train_set = ds.NumpySlicesDataset({"image": x_train, "label": y_train}, shuffle=True).batch(32)
    test_set = ds.NumpySlicesDataset({"image": x_test, "label": y_test}, shuffle=False).batch(len(y_test))

    net = LeNet()
    loss_fn = nn.CrossEntropyLoss()
    optimizer = nn.Adam(net.trainable_params(), learning_rate=0.005)

    def forward_fn(data, label):
        logits = net(data)
        return loss_fn(logits, label), logits

    grad_fn = ms.value_and_grad(forward_fn, None, optimizer.parameters, has_aux=True)

    def train_step(data, label):
        (loss, _), grads = grad_fn(data, label)
        optimizer(grads)
        return loss

    for epoch in range(1, args.epochs + 1):
        net.set_train()
        losses = [float(train_step(data, label).asnumpy()) for data, label in train_set.create_tuple_iterator()]
        net.set_train(False)
        correct = 0
        for data, label in test_set.create_tuple_iterator():
            correct += int((net(data).argmax(1) == label).asnumpy().sum())
        print(f"epoch {epoch}: loss {sum(losses) / len(losses):.4f}, held-out accuracy {correct / len(y_test):.4f}")


if __name__ == "__main__":
    main()
