"""A training step reads nothing back from its tensors to the host: on a GPU every such read
(``.item()``, ``.tolist()``, ``bool(t)``, ``.numpy()``, ``.cpu()``) stalls the host until the device
catches up. The reads are counted with a ``TorchFunctionMode``, which sees every torch method call, so
the CPU suite catches a new one before a GPU run does; ``benchmarks/gpu_bench.py`` counts the real
synchronisations with the torch profiler."""
import collections
import traceback

import numpy as np
import pytest
import torch
from torch.overrides import TorchFunctionMode

import sporetorch as ms
from sporetorch import nn

HOST_READS = {torch.Tensor.item, torch.Tensor.tolist, torch.Tensor.__bool__, torch.Tensor.numpy, torch.Tensor.cpu,
              torch.Tensor.__int__, torch.Tensor.__float__, torch.Tensor.__index__}


class HostReads(TorchFunctionMode):
    """Counts host reads of tensor data, by the call site that made them."""

    def __init__(self):
        super().__init__()
        self.sites = collections.Counter()

    def __torch_function__(self, func, types, args=(), kwargs=None):
        if func in HOST_READS:
            frame = traceback.extract_stack(limit=2)[0]
            self.sites[f"{func.__name__} at {frame.filename}:{frame.lineno}"] += 1
        return func(*args, **(kwargs or {}))


class ConvNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3)
        self.bn = nn.BatchNorm2d(8)
        self.relu = nn.ReLU()
        self.flatten = nn.Flatten()
        self.fc = nn.Dense(8 * 8 * 8, 10)

    def construct(self, x):
        return self.fc(self.flatten(self.relu(self.bn(self.conv(x)))))


OPTIMIZERS = {
    "SGD": lambda p: nn.SGD(p, 0.01, momentum=0.9),
    "Momentum": lambda p: nn.Momentum(p, 0.01, 0.9),
    "Adam": lambda p: nn.Adam(p, 1e-3),
    "AdamWeightDecay": lambda p: nn.AdamWeightDecay(p, 1e-3),
}


def _reads_in_one_step(device, optimizer, loss_fn, amp=False):
    ms.set_context(device_target=device)
    try:
        net = ConvNet()
        if amp:
            net = ms.amp.auto_mixed_precision(net, "O2", dtype=ms.bfloat16)
        opt = OPTIMIZERS[optimizer](net.trainable_params())
        grad_fn = ms.value_and_grad(lambda x, y: loss_fn(net(x), y), None, opt.parameters)

        def step(x, y):
            loss, grads = grad_fn(x, y)
            opt(grads)
            return loss

        x = ms.Tensor(np.random.RandomState(0).randn(4, 3, 8, 8).astype(np.float32))
        y = ms.Tensor(np.array([1, 2, 3, 4], np.int32))
        for _ in range(2):  # the first steps set up state (and may read it once)
            step(x, y)
        with HostReads() as reads:
            step(x, y)
        return dict(reads.sites)
    finally:
        ms.set_context(device_target="CPU")


@pytest.mark.parametrize("optimizer", sorted(OPTIMIZERS))
def test_training_step_reads_nothing_back(optimizer):
    assert _reads_in_one_step("CPU", optimizer, nn.CrossEntropyLoss()) == {}


def test_amp_o2_training_step_reads_nothing_back():
    assert _reads_in_one_step("CPU", "SGD", nn.CrossEntropyLoss(), amp=True) == {}


@pytest.mark.cuda
@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA device")
@pytest.mark.parametrize("optimizer", sorted(OPTIMIZERS))
def test_gpu_step_with_sparse_softmax_cross_entropy_reads_nothing_back(optimizer):
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    assert _reads_in_one_step("GPU", optimizer, loss_fn) == {}
