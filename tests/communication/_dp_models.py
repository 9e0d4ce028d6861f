"""Training runs shared by the 2-process worker and the single-process references of the tests.

With ``size`` ranks each rank trains on its share of every global batch; with ``size=1`` the
same functions train one process on the whole global batch, which data parallelism must equal.
"""
import numpy as np

import sporetorch as ms
from sporetorch import Tensor, nn
from sporetorch.dataset import GeneratorDataset

GLOBAL_BATCH, STEPS = 8, 3


def data():
    rs = np.random.RandomState(3)
    return rs.randn(GLOBAL_BATCH * STEPS, 6).astype(np.float32), rs.randint(0, 3, GLOBAL_BATCH * STEPS).astype(np.int32)


def make_net():
    ms.set_seed(5)
    return nn.SequentialCell([nn.Dense(6, 32), nn.ReLU(), nn.Dense(32, 16), nn.Tanh(), nn.Dense(16, 3)])


def _weights(net):
    return {p.name: p.asnumpy() for p in net.trainable_params()}


def train_one_step(rank, size, tiny_buckets=False):
    """TrainOneStepCell; returns the weights and how many buckets started inside the backward."""
    x, y = data()
    net = make_net()
    loss = nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"))
    cell = nn.TrainOneStepCell(loss, nn.Momentum(net.trainable_params(), 0.1, 0.9))
    started = 0
    if tiny_buckets and size > 1:
        buckets = cell.grad_reducer._bucketer()
        buckets.first_cap = buckets.cap = 512  # several buckets, so that some start during the backward
        launch = buckets._launch

        def counting(b, grads):
            nonlocal started
            started += buckets._armed
            launch(b, grads)
        buckets._launch = counting
    local = GLOBAL_BATCH // size
    for step in range(STEPS):
        lo = step * GLOBAL_BATCH + rank * local
        cell(Tensor(x[lo:lo + local]), Tensor(y[lo:lo + local]))
    return _weights(net), started


def model_train(rank, size, order=None):
    """Model.train on a GeneratorDataset sharded with num_shards/shard_id (no shuffling); ``order``
    reorders the samples of a one-process reference."""
    x, y = data()
    if order is not None:
        x, y = x[order], y[order]
    net = make_net()
    model = ms.Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                     nn.Momentum(net.trainable_params(), 0.1, 0.9))
    shard = {} if size == 1 else {"num_shards": size, "shard_id": rank}
    ds = GeneratorDataset(list(zip(x, y)), ["x", "y"], shuffle=False, **shard).batch(GLOBAL_BATCH // size)
    model.train(1, ds, dataset_sink_mode=False)
    return _weights(net)


def reference_order():
    """The sample order whose consecutive global batches the 2 shards train on together: without
    shuffling, shard r holds samples r, r + 2, r + 4, ... (MindSpore 2.10's DistributedSampler)."""
    order = []
    shards = [list(range(r, GLOBAL_BATCH * STEPS, 2)) for r in range(2)]
    local = GLOBAL_BATCH // 2
    for step in range(STEPS):
        for r in range(2):
            order.extend(shards[r][step * local:(step + 1) * local])
    return order
