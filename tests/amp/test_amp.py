"""Mixed precision and functional loss scaling (``sporetorch.amp``).

Loss-scaler sequences are literals recorded from MindSpore 2.10; mixed-precision numbers are
compared with the same computation done by torch in the low precision.
"""
import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import Tensor, amp, nn

_rs = np.random.RandomState(3)
X = Tensor(_rs.uniform(-1, 1, (8, 4)).astype(np.float32))
Y = Tensor(_rs.uniform(-1, 1, (8, 2)).astype(np.float32))


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(4, 4)
        self.bn = nn.BatchNorm1d(4)
        self.fc2 = nn.Dense(4, 2)

    def construct(self, x):
        return self.fc2(self.bn(self.fc1(x)))


def _fp16_dense(x, dense):
    t = torch.nn.functional.linear(torch.tensor(x).half(), dense.weight._t.half(), dense.bias._t.half())
    return t.float().numpy()


@pytest.mark.parametrize("level", ["O1", "O2", "O3"])
def test_levels_run_low_precision_and_keep_float32_weights(level):
    net = _Net()
    out_net = amp.auto_mixed_precision(net, level)
    out = out_net(X)
    assert out.dtype == ms.float32
    assert all(p.dtype == ms.float32 for p in net.get_parameters())
    seen = {}

    def record(name):
        def hook(cell, inputs, output):
            seen[name] = output.dtype
        return hook

    net.fc1.register_forward_hook(record("fc1"))
    net.bn.register_forward_hook(record("bn"))
    out_net(X)
    # O1 casts white-list cells back to float32; O2 keeps BatchNorm in float32 but hands float16 on.
    assert seen["fc1"] == (ms.float32 if level == "O1" else ms.float16)
    assert seen["bn"] == (ms.float32 if level == "O1" else ms.float16)
    if level == "O1":
        np.testing.assert_allclose(net.fc1(X).asnumpy(), _fp16_dense(X.asnumpy(), net.fc1), rtol=1e-6, atol=1e-6)


def test_training_updates_float32_master_weights():
    net = nn.Dense(4, 2)
    w0 = net.weight.asnumpy().copy()
    train = amp.build_train_network(net, nn.Momentum(net.trainable_params(), 0.1, 0.9), nn.MSELoss(), level="O2",
                                    loss_scale_manager=amp.DynamicLossScaleManager(2 ** 10, 2, 100))
    assert isinstance(train, nn.TrainOneStepWithLossScaleCell)
    losses = [float(train(X, Y)[0].asnumpy()) for _ in range(5)]
    assert losses[-1] < losses[0]
    assert net.weight.dtype == ms.float32 and not np.array_equal(net.weight.asnumpy(), w0)
    o0 = amp.build_train_network(nn.Dense(4, 2), nn.SGD(nn.Dense(4, 2).trainable_params()), nn.MSELoss())
    assert type(o0) is nn.TrainOneStepCell
    with pytest.raises(ValueError, match="level"):
        amp.build_train_network(net, nn.SGD(net.trainable_params()), level="O4")


def test_bfloat16_on_cpu():
    net = amp.auto_mixed_precision(nn.Dense(4, 2), "O3", dtype=ms.bfloat16)
    assert net(X).dtype == ms.float32
    with pytest.raises(ValueError, match="dtype"):
        amp.auto_mixed_precision(nn.Dense(4, 2), "O2", dtype=ms.float32)


def test_custom_mixed_precision():
    net = _Net()
    amp.custom_mixed_precision(net, white_list=[nn.Dense])
    assert net(X).dtype == ms.float32
    with pytest.raises(ValueError, match="one of white_list and black_list"):
        amp.custom_mixed_precision(_Net())
    with pytest.raises(TypeError):
        amp.custom_mixed_precision(_Net(), black_list=["BatchNorm1d"])


def test_loss_scalers_and_all_finite():
    static = amp.StaticLossScaler(8)
    # Recorded from MindSpore 2.10.
    assert [t.asnumpy().tolist() for t in static.scale((Tensor([1.0, 2.0]),))] == [[8.0, 16.0]]
    assert [t.asnumpy().tolist() for t in static.unscale((Tensor([1.0, 2.0]),))] == [[0.125, 0.25]]
    assert static.adjust(Tensor(True)) is False
    dynamic = amp.DynamicLossScaler(1024, 2, 3)
    seen = []
    for finite in [True, True, True, False, True, True, True, True]:
        dynamic.adjust(Tensor(finite))
        seen.append([float(dynamic.scale_value.asnumpy()), int(dynamic.counter.asnumpy())])
    # Recorded from MindSpore 2.10.
    assert seen == [[1024.0, 1], [1024.0, 2], [2048.0, 0], [1024.0, 0], [1024.0, 1], [1024.0, 2], [2048.0, 0],
                    [2048.0, 1]]
    assert bool(amp.all_finite((Tensor([1.0]), Tensor([2.0]))).asnumpy())
    assert not bool(amp.all_finite((Tensor([1.0]), Tensor([np.inf], ms.float32))).asnumpy())
    with pytest.raises(ValueError):
        amp.StaticLossScaler(0.5)
