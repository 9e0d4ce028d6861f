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
