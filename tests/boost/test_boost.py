"""mindspore.boost: values recorded with MindSpore 2.10 unless said otherwise."""
import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import Tensor, boost, nn
from sporetorch.boost import AutoBoost, GradientFreeze
from sporetorch.boost.grad_accumulation import gradient_accumulation_op, gradient_clear_op
from sporetorch.ops.composite import HyperMap, partial


@pytest.fixture(autouse=True)
def fresh_autoboost():
    AutoBoost._instance = None  # a process-wide singleton, as in MindSpore
    yield
    AutoBoost._instance = None


def test_gradient_accumulation_updates_every_n_calls():
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    opt = nn.SGD(net.trainable_params(), learning_rate=0.5)
    ga = boost.GradientAccumulation(2, opt)
    assert [n for n, _ in ga.parameters_and_names()][:5] == [
        "optimizer.weight", "optimizer.bias", "grad_accumulation.optimizer.weight", "grad_accumulation.optimizer.bias",
        "_accumulation_step"]
    g = (Tensor(np.ones((2, 3), np.float32)), Tensor(np.full((2,), 2.0, np.float32)))
    seen = []
    for _ in range(3):
        ga(Tensor(1.0), g)
        seen.append((net.weight.asnumpy()[0, 0], net.bias.asnumpy().tolist(), ga._grad_accumulation[1].asnumpy().tolist(),
                     int(ga._accumulation_step.asnumpy())))
    assert seen == [(1.0, [0.0, 0.0], [1.0, 1.0], 1), (0.5, [-1.0, -1.0], [0.0, 0.0], 0),
                    (0.5, [-1.0, -1.0], [1.0, 1.0], 1)]


def test_accumulation_ops_through_hypermap():
    acc = (Tensor(np.zeros(2, np.float32)),)
    HyperMap()(partial(gradient_accumulation_op, 4), acc, (Tensor(np.array([4.0, 8.0], np.float32)),))
    np.testing.assert_array_equal(acc[0].asnumpy(), [1.0, 2.0])
    HyperMap()(partial(gradient_clear_op), acc)
    np.testing.assert_array_equal(acc[0].asnumpy(), [0.0, 0.0])


def test_autoboost_configuration():
    ab = AutoBoost("O1", {"boost": {"mode": "manual", "grad_accumulation": True, "less_bn": False},
                          "common": {"grad_accumulation_step": 3}, "grad_freeze": {"freeze_p": 0.5}})
    assert ab.boost_config == {"less_bn": False, "grad_freeze": True, "adasum": False, "grad_accumulation": True,
                               "dim_reduce": False, "loss_scale_group": False}
    assert (ab.grad_accumulation_step, ab._freeze_p) == (3, 0.5)
    assert AutoBoost("O2") is ab and ab.level == "O1"  # the first configuration stays
    AutoBoost._instance = None
    assert AutoBoost("O9").level == "O0"
    AutoBoost._instance = None
    with pytest.raises(ValueError, match="The boost mode must be in"):
        AutoBoost("O1", {"boost": {"mode": "fast"}})


def _net():
    return nn.SequentialCell([nn.Dense(4, 8), nn.BatchNorm1d(8), nn.Dense(8, 8), nn.Dense(8, 8), nn.BatchNorm1d(8),
                              nn.Dense(8, 3)])


def test_gradient_freeze_groups_and_schedule():
    gf = GradientFreeze(2, 0, 0.7, 10)
    groups = gf.split_parameters_groups(_net(), 2)
    assert [[p.name for p in g] for g in groups] == [
        ["0.weight", "0.bias", "1.gamma", "1.beta", "2.weight", "2.bias", "3.weight", "3.bias", "4.gamma", "4.beta",
         "5.weight", "5.bias"],
        ["3.weight", "3.bias", "4.gamma", "4.beta", "5.weight", "5.bias"]]
    assert gf.generate_freeze_index_sequence(2, 0, 0.7, 10) == [0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]
    assert gf.generate_freeze_index_sequence(4, 0, 0.5, 10) == [0, 0, 0, 1, 2, 3, 0, 0, 0, 1, 2, 3]


def test_freeze_opt_updates_only_the_scheduled_group():
    net = _net()
    opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
    _, fopt = GradientFreeze(2, 0, 0.5, 4).freeze_generate(net, opt)
    before = [p.asnumpy().copy() for p in net.trainable_params()]
    grads = tuple(Tensor(np.ones(p.shape, np.float32)) for p in net.trainable_params())
    fopt(grads)  # schedule [0, 1, ...]: step 0 trains group 0 (everything)
    assert all(not np.allclose(b, p.asnumpy()) for b, p in zip(before, net.trainable_params()))
    mid = [p.asnumpy().copy() for p in net.trainable_params()]
    fopt(grads)  # step 1 trains group 1 only
    changed = [p.name for m, p in zip(mid, net.trainable_params()) if not np.allclose(m, p.asnumpy())]
    assert changed == ["3.weight", "3.bias", "4.gamma", "4.beta", "5.weight", "5.bias"]


class _Head(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(4, 5)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(5, 3)

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


def test_lessbn_replaces_the_last_dense_with_the_feature_normalized_head():
    net = _Head()
    w = net.fc2.weight.asnumpy().copy()
    wrapped = boost.LessBN(net, fn_flag=True)
    assert [type(c).__name__ for c in net.cells()] == ["Dense", "ReLU", "CommonHeadLastFN"]
    assert [n for n, _ in wrapped.parameters_and_names()] == [
        "network.fc1.weight", "network.fc1.bias", "network.fc2.weight", "network.fc2.multiplier"]  # MindSpore 2.10
    x = Tensor(np.random.RandomState(0).randn(8, 4).astype(np.float32))
    h = np.maximum(net.fc1(x).asnumpy(), 0)
    keep = np.linalg.norm(h, axis=1) > 0  # rows ReLU zeroed normalize to 0/0
    # closed form: multiplier (1) * l2norm(h) @ l2norm(w).T (the head has no bias)
    with np.errstate(invalid="ignore"):  # those rows are left out below
        want = (h / np.linalg.norm(h, axis=1, keepdims=True)) @ (w / np.linalg.norm(w, axis=1, keepdims=True)).T
    np.testing.assert_allclose(wrapped(x).asnumpy()[keep], want[keep], rtol=1e-5, atol=1e-6)
    assert keep.any()


def test_lessbn_leaves_a_sequential_forward_alone():
    # MindSpore 2.10 swaps the SequentialCell's child but runs its stored list, so the output is unchanged
    net = nn.SequentialCell([nn.Dense(4, 5), nn.ReLU(), nn.Dense(5, 3)])
    x = Tensor(np.random.RandomState(0).randn(2, 4).astype(np.float32))
    before = net(x).asnumpy()
    out = boost.LessBN(net, fn_flag=True)(x).asnumpy()
    assert type(net[2]).__name__ == "CommonHeadLastFN"
    np.testing.assert_allclose(out, before)


def test_group_loss_scale_manager_scales_the_backward_only():
    m = boost.GroupLossScaleManager(1024.0, [])
    m.set_loss_scale_status(2, [4.0, 2.0])
    x = Tensor(np.array([1.0, 3.0], np.float32))
    np.testing.assert_array_equal(m(x, 1, 2).asnumpy(), x.asnumpy())
    g = ms.grad(lambda t: (m(t, 1, 2) * 1.0).sum())(x)
    np.testing.assert_allclose(g.asnumpy(), [2.0, 2.0])  # scale[1] / scale[2] = 4 / 2
    assert m.get_loss_scale() == 1024.0 and m.get_update_cell() is m
    m.update_loss_scale_status(0, 0.5)
    assert float(m.dynamic_loss_scale[1].asnumpy()) == 2.0


def test_boost_train_one_step_cell_with_grad_accumulation():
    AutoBoost("O1", {"boost": {"mode": "manual", "grad_accumulation": True, "less_bn": False,
                               "grad_freeze": False}, "common": {"grad_accumulation_step": 2}})
    net = nn.Dense(3, 1, weight_init="ones", bias_init="zeros")
    loss_net = nn.WithLossCell(net, nn.MSELoss())
    step = boost.BoostTrainOneStepCell(loss_net, nn.SGD(net.trainable_params(), learning_rate=0.1))
    x, y = Tensor(np.ones((2, 3), np.float32)), Tensor(np.zeros((2, 1), np.float32))
    step(x, y)
    np.testing.assert_array_equal(net.weight.asnumpy(), np.ones((1, 3)))  # accumulated, not applied
    step(x, y)
    # d/dw mean((3)^2) = 2*3*1 = 6 per weight, twice averaged -> 6; w = 1 - 0.1 * 6
    np.testing.assert_allclose(net.weight.asnumpy(), np.full((1, 3), 0.4), rtol=1e-6)


def test_adasum_is_the_plain_update_on_one_device_and_dimreduce_is_unavailable():
    deltas = (Tensor(np.ones(2, np.float32)),)
    assert boost.AdaSum(0, 1, 1, ())(deltas, (), ()) is deltas
    with pytest.raises(NotImplementedError, match="DimReduce"):
        boost.DimReduce(None, None, None, None, 32, 0.55, 0.9, 0.001, 0.4, 0, 1)


def test_all_names():
    assert sorted(boost.__all__) == sorted([
        "AdaSum", "AutoBoost", "BoostTrainOneStepCell", "BoostTrainOneStepWithLossScaleCell", "DimReduce", "FreezeOpt",
        "GradientAccumulation", "GradientFreeze", "GroupLossScaleManager", "LessBN", "OptimizerProcess",
        "ParameterProcess", "freeze_cell"])
    assert torch.is_grad_enabled()


def test_model_boost_level_o1_builds_the_boost_step():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc1 = nn.Dense(4, 6)
            self.bn = nn.BatchNorm1d(6)
            self.fc2 = nn.Dense(6, 3)

        def construct(self, x):
            return self.fc2(self.bn(self.fc1(x)))

    net = Net()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    model = ms.Model(net, loss, nn.Momentum(net.trainable_params(), 0.1, 0.9), metrics={"acc"}, boost_level="O1")
    # as MindSpore 2.10: LessBN wraps the network (names gain "network."), the last Dense becomes the FN head,
    # the optimizer is a FreezeOpt and the step a BoostTrainOneStepCell
    assert type(model._train_network).__name__ == "BoostTrainOneStepCell"
    assert type(model._optimizer).__name__ == "FreezeOpt"
    assert type(net.fc2).__name__ == "CommonHeadLastFN"
    assert [n for n, _ in model._train_network.parameters_and_names()][:4] == [
        "network.fc1.weight", "network.fc1.bias", "network.bn.gamma", "network.bn.beta"]
    x = Tensor(np.random.RandomState(0).randn(4, 4).astype(np.float32))
    y = Tensor(np.array([0, 1, 2, 0], np.int32))
    before = net.fc1.weight.asnumpy().copy()
    model._train_network(x, y)
    assert not np.allclose(before, net.fc1.weight.asnumpy())
    AutoBoost._instance = None
    plain = ms.Model(Net(), loss, nn.Momentum(net.trainable_params(), 0.1, 0.9), boost_level="O1")
    assert type(plain._train_network).__name__ == "BoostTrainOneStepCell"  # no metrics: no LessBN, as MindSpore
