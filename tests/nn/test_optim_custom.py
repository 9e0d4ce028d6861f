"""A mindcv-style custom optimizer (MultitypeFuncGraph + hyper_map + ops.assign on the
``nn.Optimizer`` base API) gives MindSpore 2.10's numbers (recorded literals)."""
import numpy as np

import sporetorch as ms
from sporetorch import Parameter, Tensor, nn, ops
from sporetorch import dtype as mstype
from sporetorch.common.initializer import initializer

_adam_opt = ops.MultitypeFuncGraph("adam_opt")


@_adam_opt.register("Tensor", "Tensor", "Tensor", "Tensor", "Tensor", "Tensor", "Tensor", "Tensor", "Tensor", "Bool",
                    "Bool")
def _update_run_op(beta1, beta2, eps, lr, weight_decay, param, m, v, gradient, decay_flag, optim_filter):
    if optim_filter:
        op_mul, op_square, op_sqrt, op_cast = ops.Mul(), ops.Square(), ops.Sqrt(), ops.Cast()
        param_fp32 = op_cast(param, mstype.float32)
        m_fp32, v_fp32 = op_cast(m, mstype.float32), op_cast(v, mstype.float32)
        gradient_fp32 = op_cast(gradient, mstype.float32)
        one = op_cast(ops.tuple_to_array((1.0,)), mstype.float32)
        next_m = op_mul(beta1, m_fp32) + op_mul(one - beta1, gradient_fp32)
        next_v = op_mul(beta2, v_fp32) + op_mul(one - beta2, op_square(gradient_fp32))
        update = next_m / (eps + op_sqrt(next_v))
        if decay_flag:
            update = op_mul(weight_decay, param_fp32) + update
        update_with_lr = op_mul(lr, update)
        next_param = param_fp32 - ops.reshape(update_with_lr, ops.shape(param_fp32))
        next_param = ops.depend(next_param, ops.assign(param, op_cast(next_param, ops.dtype(param))))
        next_param = ops.depend(next_param, ops.assign(m, op_cast(next_m, ops.dtype(m))))
        next_param = ops.depend(next_param, ops.assign(v, op_cast(next_v, ops.dtype(v))))
        return op_cast(next_param, ops.dtype(param))
    return gradient


class AdamW(nn.Optimizer):
    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.0,
                 loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self.beta1 = Tensor(np.array([beta1]).astype(np.float32))
        self.beta2 = Tensor(np.array([beta2]).astype(np.float32))
        self.eps = Tensor(np.array([eps]).astype(np.float32))
        self.moments1 = self.parameters.clone(prefix="adam_m", init="zeros")
        self.moments2 = self.parameters.clone(prefix="adam_v", init="zeros")
        self.beta1_power = Parameter(initializer(1, [1], ms.float32), name="beta1_power")

    def construct(self, gradients):
        lr = self.get_lr()
        gradients = self.scale_grad(gradients)
        self.assignadd(self.global_step, self.global_step_increase_tensor)
        optim_result = self.hyper_map(ops.partial(_adam_opt, self.beta1, self.beta2, self.eps, lr, self.weight_decay),
                                      self.parameters, self.moments1, self.moments2, gradients, self.decay_flags,
                                      self.optim_filter)
        return optim_result



def test_mindcv_style_adamw_matches_mindspore():
    rs = np.random.RandomState(0)
    w = Parameter(Tensor(rs.uniform(-1, 1, (2, 3)).astype(np.float32)), name="w")
    b = Parameter(Tensor(rs.uniform(-1, 1, (2,)).astype(np.float32)), name="b")
    opt = AdamW([w, b], learning_rate=0.01, weight_decay=0.1, loss_scale=2.0)
    for _ in range(3):
        opt((Tensor(rs.uniform(-1, 1, (2, 3)).astype(np.float32)),
             Tensor(rs.uniform(-1, 1, (2,)).astype(np.float32))))
    # Recorded from MindSpore 2.10.
    np.testing.assert_allclose(w.asnumpy(), [[0.08653062582015991, 0.4101293087005615, 0.12281904369592667],
                                             [-0.019649814814329147, -0.2516923248767853, 0.1854144036769867]],
                               rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(b.asnumpy(), [-0.021642450243234634, 0.8054240942001343], rtol=1e-6, atol=1e-7)
    assert opt.global_step.asnumpy().tolist() == [3]
    assert [n for n, _ in opt.parameters_and_names()] == [
        "global_step", "learning_rate", "w", "b", "adam_m.w", "adam_m.b", "adam_v.w", "adam_v.b", "beta1_power"]


class _TwoDense(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(3, 4, weight_init="ones", bias_init="zeros")
        self.fc2 = nn.Dense(4, 2, weight_init="ones", bias_init="zeros")

    def construct(self, x):
        return self.fc2(self.fc1(x))


def _group_schedule_opt(opt_name, sched_group):
    net = _TwoDense()
    groups = [{"params": net.fc1.trainable_params()}, {"params": net.fc2.trainable_params()}]
    groups[sched_group]["lr"] = nn.ExponentialDecayLR(0.1, 0.9, 4)
    if opt_name == "Adam":
        return net, nn.Adam(groups, learning_rate=0.01)
    return net, nn.Momentum(groups, learning_rate=0.01, momentum=0.9)


def test_group_lr_schedule_cell_list_names_match_mindspore():
    # Recorded from MindSpore 2.10: CellList(group_lr, auto_prefix=False) holds one entry per
    # Parameter, so the constant group's `learning_rate` keeps its name and sits at its first index.
    fc = ["fc1.weight", "fc1.bias", "fc2.weight", "fc2.bias"]
    states = {"Adam": ["beta1_power", "beta2_power"] + [f"moment{k}.{n}" for k in (1, 2) for n in fc],
              "Momentum": ["momentum"] + [f"moments.{n}" for n in fc]}
    for opt_name, state in states.items():
        for sched_group, lr_path in ((0, "learning_rate.2.learning_rate"), (1, "learning_rate.0.learning_rate")):
            net, opt = _group_schedule_opt(opt_name, sched_group)
            assert len(opt.learning_rate) == 4
            assert [(n, p.name) for n, p in opt.parameters_and_names()] == (
                [("global_step", "global_step")] + [(n, n) for n in fc + state] + [(lr_path, "learning_rate")])
            assert list(opt.parameters_dict()) == ["global_step"] + fc + state + ["learning_rate"]
            train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
            assert [(n, p.name) for n, p in train.parameters_and_names()] == (
                [(n, n) for n in fc] + [(f"optimizer.{n}", n) for n in ["global_step"] + state]
                + [(f"optimizer.{lr_path}", "learning_rate")])


def test_group_lr_schedule_training_matches_mindspore():
    x = Tensor((np.arange(6, dtype=np.float32) / 10).reshape(2, 3))
    y = Tensor(np.ones((2, 2), np.float32))
    # Recorded from MindSpore 2.10: (losses, fc2.weight[0, 0] after each step).
    expected = {("Adam", 0): ([7.2400007247924805, 4.177463054656982], [0.9900000095367432, 0.9804326295852661]),
                ("Adam", 1): ([7.2400007247924805, 4.934543609619141], [0.9000000357627869, 0.8037887215614319]),
                ("Momentum", 0): ([7.2400007247924805, 2.231229305267334], [0.976900041103363, 0.950752317905426]),
                ("Momentum", 1): ([7.2400007247924805, 2.7523133754730225], [0.7689999938011169, 0.4434090256690979])}
    sched_lrs = [0.09740037471055984, 0.09486832469701767]
    for (opt_name, sched_group), (losses, w2) in expected.items():
        net, opt = _group_schedule_opt(opt_name, sched_group)
        train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
        for step in range(2):
            loss = train(x, y)
            np.testing.assert_allclose(float(loss.asnumpy()), losses[step], rtol=1e-5)
            np.testing.assert_allclose(net.fc2.weight.asnumpy()[0, 0], w2[step], rtol=1e-5)
            lrs = [float(lr.asnumpy()) for lr in opt.get_lr()]
            want = [sched_lrs[step]] * 2 + [0.01] * 2
            np.testing.assert_allclose(lrs, want if sched_group == 0 else want[2:] + want[:2], rtol=1e-5)
