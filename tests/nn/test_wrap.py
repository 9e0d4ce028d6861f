"""Training wrappers and loss-scale cells.

Expected values come from MindSpore 2.10 (recorded literals: the TrainOneStepCell run of the
``train_one_step`` conformance case and the DynamicLossScaleUpdateCell sequence), or from
closed forms / torch autograd.
"""
import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import Parameter, Tensor, nn

_rs = np.random.RandomState(10)
W = _rs.uniform(-1, 1, (2, 3)).astype(np.float32)
B = _rs.uniform(-1, 1, (2,)).astype(np.float32)
X = Tensor(_rs.uniform(-1, 1, (6, 3)).astype(np.float32))
Y = Tensor(_rs.uniform(-1, 1, (6, 2)).astype(np.float32))


def _net():
    net = nn.Dense(3, 2)
    net.weight.set_data(Tensor(W.copy()))
    net.bias.set_data(Tensor(B.copy()))
    return net


def _torch_grads(w, b, x=X, y=Y):
    tw, tb = torch.tensor(w, requires_grad=True), torch.tensor(b, requires_grad=True)
    loss = ((torch.tensor(x.asnumpy()) @ tw.T + tb - torch.tensor(y.asnumpy())) ** 2).mean()
    loss.backward()
    return loss.item(), tw.grad.numpy(), tb.grad.numpy()


def test_train_one_step_matches_mindspore():
    net = _net()
    net_with_loss = nn.WithLossCell(net, nn.MSELoss())
    train = nn.TrainOneStepCell(net_with_loss, nn.SGD(net.trainable_params(), learning_rate=0.1))
    assert type(net_with_loss.backbone_network) is nn.Dense
    # Names from MindSpore 2.10: the wrappers do not prefix.
    assert [p.name for p in train.trainable_params()] == [
        "weight", "bias", "global_step", "learning_rate", "momentum", "accum.weight", "accum.bias", "stat.weight",
        "stat.bias"]
    assert train.training is False
    train.set_train()
    losses = [float(train(X, Y).asnumpy()) for _ in range(4)]
    # Recorded from MindSpore 2.10.
    assert losses == pytest.approx([0.836582, 0.760239, 0.694028, 0.63628], rel=1e-5)
    np.testing.assert_allclose(net.weight.asnumpy(), [[0.462247, -0.762391, 0.38193],
                                                      [0.438801, 0.053521, -0.556458]], rtol=1e-5, atol=1e-6)
    assert net.training is True


def test_train_one_step_sens_and_return_grad():
    net = _net()
    train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), 0.1),
                                sens=2.0, return_grad=True)
    loss, grads = train(X, Y)
    ref_loss, gw, gb = _torch_grads(W, B)
    assert float(loss.asnumpy()) == pytest.approx(ref_loss, rel=1e-6)
    assert list(grads) == ["weight", "bias"]
    np.testing.assert_allclose(grads["weight"].asnumpy(), 2 * gw, rtol=1e-5)
    np.testing.assert_allclose(net.weight.asnumpy(), W - 0.1 * 2 * gw, rtol=1e-5, atol=1e-7)
    with pytest.raises(ValueError, match="sens"):
        nn.TrainOneStepCell(nn.WithLossCell(_net(), nn.MSELoss()), nn.SGD(_net().trainable_params()), sens=0)


def test_eval_grad_and_value_and_grad_cells():
    net = _net()
    loss, out, label = nn.WithEvalCell(net, nn.MSELoss(), add_cast_fp32=True)(X, Y)
    ref_loss, gw, gb = _torch_grads(W, B)
    assert float(loss.asnumpy()) == pytest.approx(ref_loss, rel=1e-6) and out.shape == (6, 2) and label is Y
    grads = nn.WithGradCell(net, nn.MSELoss())(X, Y)
    np.testing.assert_allclose(grads[0].asnumpy(), gw, rtol=1e-5)
    np.testing.assert_allclose(grads[1].asnumpy(), gb, rtol=1e-5)
    with_loss = nn.WithLossCell(net, nn.MSELoss())
    value, grads = nn.ForwardValueAndGrad(with_loss, weights=with_loss.trainable_params(), get_by_list=True)(X, Y)
    assert float(value.asnumpy()) == pytest.approx(ref_loss, rel=1e-6)
    np.testing.assert_allclose(grads[1].asnumpy(), gb, rtol=1e-5)
    with pytest.raises(TypeError, match="weights"):
        nn.ForwardValueAndGrad(with_loss, get_by_list=True)


def test_grad_accumulation_cell_sums_micro_batches():
    net = _net()
    acc = nn.GradAccumulationCell(nn.WithLossCell(net, nn.MSELoss()), 2)
    whole = acc(X, Y)
    x, y = X.asnumpy(), Y.asnumpy()
    first = _torch_grads(W, B, Tensor(x[:3]), Tensor(y[:3]))[0]
    second = _torch_grads(W, B, Tensor(x[3:]), Tensor(y[3:]))[0]
    assert float(whole.asnumpy()) == pytest.approx(first + second, rel=1e-6)
    with pytest.raises(ValueError, match="micro_size"):
        nn.GradAccumulationCell(net, 0)


def test_dynamic_loss_scale_update_cell_sequence():
    cell = nn.DynamicLossScaleUpdateCell(loss_scale_value=2 ** 10, scale_factor=2, scale_window=3)
    scale = Parameter(Tensor(2.0 ** 10, ms.float32), name="s")
    seen = []
    for overflow in [False, False, False, True, False, False, False, False, True, True]:
        cell(scale, Tensor(overflow))
        seen.append(float(scale.asnumpy()))
    # Recorded from MindSpore 2.10.
    assert seen == [1024.0, 1024.0, 2048.0, 1024.0, 1024.0, 1024.0, 2048.0, 2048.0, 1024.0, 512.0]
    assert nn.FixedLossScaleUpdateCell(8.0)(scale, Tensor(True))


def test_loss_scale_cell_unscales_and_skips_overflowing_steps():
    net = _net()
    opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
    update = nn.DynamicLossScaleUpdateCell(2.0 ** 12, 2, 1000)
    train = nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(net, nn.MSELoss()), opt, scale_sense=update)
    loss, overflow, scale = train(X, Y)
    _, gw, _ = _torch_grads(W, B)
    assert not bool(overflow.asnumpy()) and float(scale.asnumpy()) == 4096.0
    np.testing.assert_allclose(net.weight.asnumpy(), W - 0.1 * gw, rtol=1e-5, atol=1e-7)
    # A scale that makes the float32 backward overflow: the step is skipped, the scale halves.
    train.set_sense_scale(Tensor(3e38, ms.float32))
    before = net.weight.asnumpy().copy()
    step_before = opt.global_step.asnumpy().copy()
    _, overflow, scale = train(X * 1e5, Y)
    assert bool(overflow.asnumpy())
    assert float(scale.asnumpy()) == pytest.approx(1.5e38)
    np.testing.assert_array_equal(net.weight.asnumpy(), before)
    np.testing.assert_array_equal(opt.global_step.asnumpy(), step_before)
    fixed = nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(_net(), nn.MSELoss()),
                                             nn.SGD(_net().trainable_params(), 0.1), Tensor(8.0, ms.float32))
    assert float(fixed(X, Y)[2].asnumpy()) == 8.0
    with pytest.raises(ValueError, match="shape"):
        nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(_net(), nn.MSELoss()), opt, Tensor([1.0, 2.0]))
    with pytest.raises(TypeError, match="scale_sense"):
        nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(_net(), nn.MSELoss()), opt, 8.0)


def test_loss_scale_managers():
    fixed = ms.train.FixedLossScaleManager(64.0, drop_overflow_update=False)
    assert fixed.get_loss_scale() == 64.0 and fixed.get_update_cell() is None
    assert isinstance(ms.train.FixedLossScaleManager(64.0).get_update_cell(), nn.FixedLossScaleUpdateCell)
    manager = ms.train.DynamicLossScaleManager(init_loss_scale=1024, scale_factor=2, scale_window=3)
    seen = []
    for overflow in [False, False, False, True, False, False, False]:
        manager.update_loss_scale(overflow)
        seen.append(manager.get_loss_scale())
    # Recorded from MindSpore 2.10.
    assert seen == [1024, 1024, 2048, 1024.0, 1024.0, 1024.0, 2048.0]
    assert isinstance(manager.get_update_cell(), nn.DynamicLossScaleUpdateCell)
    with pytest.raises(ValueError):
        ms.train.FixedLossScaleManager(0.5)


def test_distributed_grad_reducer_single_process_and_parameter_update():
    net = _net()
    grads = (Tensor(np.ones((2, 3), np.float32)), Tensor(np.ones(2, np.float32)))
    assert nn.DistributedGradReducer(net.trainable_params())(grads) is grads
    halved = nn.DistributedGradReducer(net.trainable_params(), mean=True, degree=2)(grads)
    np.testing.assert_array_equal(halved[0].asnumpy(), np.full((2, 3), 0.5, np.float32))
    nn.ParameterUpdate(net.bias)(Tensor(np.zeros(2, np.float32)))
    np.testing.assert_array_equal(net.bias.asnumpy(), np.zeros(2, np.float32))


def test_loss_scale_cell_helpers_for_subclasses():
    # mindcv's TrainStep subclasses TrainOneStepWithLossScaleCell and unscales its gradients with the
    # inherited ``hyper_map``; MindSpore 2.10's helpers: base 1.0 (Float32), base0 0 (Int32), Primitives.
    from sporetorch import ops
    from sporetorch.ops import functional as F
    grad_scale = ops.MultitypeFuncGraph("grad_scale")

    @grad_scale.register("Tensor", "Tensor")
    def _(scale, grad):
        return grad / scale

    class Step(nn.TrainOneStepWithLossScaleCell):
        def construct(self, *inputs):
            loss = self.network(*inputs)
            sens = ops.ones_like(loss) * self.scale_sense
            grads = self.grad(self.network, self.weights)(*inputs, sens)
            grads = self.hyper_map(F.partial(grad_scale, self.scale_sense), grads)
            self.optimizer(grads)
            return loss

    net = _net()
    step = Step(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), 0.1), Tensor(16.0, ms.float32))
    assert (step.base.dtype, float(step.base.asnumpy()), step.base0.dtype, int(step.base0.asnumpy())) == \
        (ms.float32, 1.0, ms.int32, 0)
    assert [type(getattr(step, k)).__name__ for k in ("reduce_sum", "reduce_all", "less_equal", "equal", "logic_not")] \
        == ["ReduceSum", "ReduceAll", "LessEqual", "Equal", "LogicalNot"]
    assert step.is_distributed is False and step.gpu_target is False
    step(X, Y)
    _, gw, gb = _torch_grads(W, B)
    np.testing.assert_allclose(net.weight.asnumpy(), W - 0.1 * gw, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(net.bias.asnumpy(), B - 0.1 * gb, rtol=1e-5, atol=1e-6)
