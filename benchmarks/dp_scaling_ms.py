"""Data-parallel training step written against MindSpore 2.10 (run by benchmarks/dp_scaling.py).

The same file runs under ``sporetorch msrun`` (``mindspore`` is sporetorch) and under MindSpore's
own ``msrun``. Each process trains on its own batch of BATCH samples (weak scaling) with
TrainOneStepCell in DATA_PARALLEL mode (gradient all-reduce, mean); rank 0 prints
``RESULT <samples per second over all processes>``.
Usage: dp_scaling_ms.py {mlp,lenet} BATCH WARMUP STEPS
"""
import sys
import time

import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
from mindspore.communication import init, get_rank, get_group_size

model, batch, warmup, steps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
ms.set_context(mode=ms.PYNATIVE_MODE)
init()
rank, size = get_rank(), get_group_size()
ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL, gradients_mean=True)
ms.set_seed(1)

if model == "mlp":
    net = nn.SequentialCell([nn.Flatten(), nn.Dense(784, 512), nn.ReLU(), nn.Dense(512, 512), nn.ReLU(),
                             nn.Dense(512, 10)])
    shape = (batch, 1, 28, 28)
else:
    net = nn.SequentialCell([nn.Conv2d(1, 6, 5, pad_mode="valid"), nn.ReLU(), nn.MaxPool2d(2, 2),
                             nn.Conv2d(6, 16, 5, pad_mode="valid"), nn.ReLU(), nn.MaxPool2d(2, 2), nn.Flatten(),
                             nn.Dense(400, 120), nn.ReLU(), nn.Dense(120, 84), nn.ReLU(), nn.Dense(84, 10)])
    shape = (batch, 1, 32, 32)
rs = np.random.RandomState(rank)
x = Tensor(rs.randn(*shape).astype(np.float32))
y = Tensor(rs.randint(0, 10, batch).astype(np.int32))
loss = nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"))
step = nn.TrainOneStepCell(loss, nn.Momentum(net.trainable_params(), 0.01, 0.9))
step.set_train()
for _ in range(warmup):
    step(x, y)
start = time.perf_counter()
for _ in range(steps):
    out = step(x, y)
out.asnumpy()
seconds = time.perf_counter() - start
if rank == 0:
    print("RESULT %.1f" % (size * batch * steps / seconds), flush=True)
