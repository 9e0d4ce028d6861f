"""Optimizer-update Primitive classes (``ApplyMomentum``, ``Adam``, ``SGD``, ...).

Each updates its Parameter inputs (``var`` and the optimizer slots) with MindSpore's
formula and returns them, as MindSpore's in-place kernels do. The updates run without
recording autograd and go through ``tensor_methods._set``, so they never disturb a graph.
"""


from ...common.tensor import _u
from ..function import optim_func
from ..function.optim_func import _ftrl, _proximal  # noqa: F401 - nn.FTRL and nn.ProximalAdagrad import them here
from ..primitive import Primitive, prim_attr_register

__all__ = ["ApplyMomentum", "SGD", "ApplyGradientDescent", "Adam", "AdamWeightDecay", "ApplyAdagrad",
           "ApplyAdagradV2", "ApplyRMSProp", "ApplyCenteredRMSProp", "ApplyAdaMax", "ApplyAdadelta", "ApplyAddSign",
           "ApplyPowerSign", "ApplyProximalGradientDescent", "ApplyKerasMomentum", "ApplyFtrl"]


class ApplyMomentum(Primitive):
    """``accum = accum * momentum + grad``; ``var -= lr * accum`` (Nesterov: ``lr * (grad + momentum * accum)``),
    with ``grad`` multiplied by ``gradient_scale``; returns ``var``.

    Differences from MindSpore: its 2.10 CPU kernel ignores ``use_nesterov`` and ``gradient_scale``;
    both are applied here as in its Ascend kernel (and, for Nesterov, its GPU kernel).
    """

    @prim_attr_register
    def __init__(self, use_nesterov=False, use_locking=False, gradient_scale=1.0):
        pass

    def __call__(self, variable, accumulation, learning_rate, gradient, momentum):
        return optim_func.apply_momentum(variable, accumulation, learning_rate, gradient, momentum,
                                         use_nesterov=self.use_nesterov, gradient_scale=self.gradient_scale)


class SGD(Primitive):
    """Stochastic gradient descent with momentum, dampening, weight decay and Nesterov (PyTorch's formula)."""

    @prim_attr_register
    def __init__(self, dampening=0.0, weight_decay=0.0, nesterov=False):
        pass

    def __call__(self, parameters, gradient, learning_rate, accum, momentum, stat):
        return optim_func.sgd(parameters, gradient, learning_rate, accum, momentum, stat,
                              weight_decay=self.weight_decay, nesterov=self.nesterov, dampening=self.dampening)


class ApplyGradientDescent(Primitive):
    """``var -= alpha * delta``."""

    def __init__(self):
        super().__init__("ApplyGradientDescent")

    def __call__(self, var, alpha, delta):
        return optim_func.apply_gradient_descent(var, alpha, delta)


class Adam(Primitive):
    """Adam update of ``var`` with moments ``m``/``v``; returns ``(var, m, v)``.

    Differences from MindSpore: its 2.10 CPU kernel updates the inputs but returns zero-filled
    outputs; the updated Parameters are returned here, as documented. The same holds for
    ``AdamWeightDecay``, ``ApplyRMSProp`` and ``ApplyCenteredRMSProp``.
    """

    @prim_attr_register
    def __init__(self, use_locking=False, use_nesterov=False):
        pass

    def __call__(self, var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient):
        return optim_func.adam(var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient,
                               use_nesterov=self.use_nesterov)


class AdamWeightDecay(Primitive):
    """AdamW update (decoupled ``decay``); returns ``(var, m, v)``."""

    @prim_attr_register
    def __init__(self, use_locking=False):
        pass

    def __call__(self, var, m, v, lr, beta1, beta2, epsilon, decay, gradient):
        return optim_func.adam_weight_decay(var, m, v, lr, beta1, beta2, epsilon, decay, gradient)


class ApplyAdagrad(Primitive):
    """``accum += grad ** 2``; ``var -= lr * grad / sqrt(accum)``; returns ``(var, accum)``.

    Differences from MindSpore: with ``update_slots=False`` the accumulator stays fixed, as
    documented; MindSpore 2.10's CPU kernel updates it anyway.
    """

    @prim_attr_register
    def __init__(self, update_slots=True):
        pass

    def __call__(self, var, accum, lr, grad):
        return optim_func.apply_adagrad(var, accum, lr, grad, update_slots=self.update_slots)


class ApplyAdagradV2(Primitive):
    """Adagrad with ``epsilon``: ``var -= lr * grad / (sqrt(accum) + epsilon)``; returns ``(var, accum)``."""

    @prim_attr_register
    def __init__(self, epsilon, update_slots=True):
        pass

    def __call__(self, var, accum, lr, grad):
        return optim_func.apply_adagrad_v2(var, accum, lr, grad, update_slots=self.update_slots,
                                          epsilon=self.epsilon)


class ApplyRMSProp(Primitive):
    """RMSProp: ``ms = decay*ms + (1-decay)*g^2``; ``mom = momentum*mom + lr*g/sqrt(ms+eps)``; ``var -= mom``."""

    @prim_attr_register
    def __init__(self, use_locking=False):
        pass

    def __call__(self, var, mean_square, moment, learning_rate, grad, decay, momentum, epsilon):
        return optim_func.apply_rms_prop(var, mean_square, moment, learning_rate, grad, decay, momentum, epsilon)


class ApplyCenteredRMSProp(Primitive):
    """Centered RMSProp (the mean gradient is subtracted from the mean square)."""

    @prim_attr_register
    def __init__(self, use_locking=False):
        pass

    def __call__(self, var, mean_gradient, mean_square, moment, grad, learning_rate, decay, momentum, epsilon):
        return optim_func.apply_centered_rms_prop(var, mean_gradient, mean_square, moment, grad, learning_rate,
                                                  decay, momentum, epsilon)


class ApplyAdaMax(Primitive):
    """AdaMax: ``v = max(beta2 * v, |g|)``; returns ``(var, m, v)``."""

    def __init__(self):
        super().__init__("ApplyAdaMax")

    def __call__(self, var, m, v, beta1_power, lr, beta1, beta2, epsilon, grad):
        return optim_func.apply_ada_max(var, m, v, beta1_power, lr, beta1, beta2, epsilon, grad)


class ApplyAdadelta(Primitive):
    """Adadelta; returns ``(var, accum, accum_update)``."""

    def __init__(self):
        super().__init__("ApplyAdadelta")

    def __call__(self, var, accum, accum_update, lr, rho, epsilon, grad):
        return optim_func.apply_adadelta(var, accum, accum_update, lr, rho, epsilon, grad)


class ApplyAddSign(Primitive):
    """AddSign: ``var -= lr * (alpha + sign_decay * sign(g) * sign(m)) * g``; returns ``(var, m)``."""

    def __init__(self):
        super().__init__("ApplyAddSign")

    def __call__(self, var, m, lr, alpha, sign_decay, beta, grad):
        return optim_func.apply_add_sign(var, m, lr, alpha, sign_decay, beta, grad)


class ApplyPowerSign(Primitive):
    """PowerSign: ``var -= lr * exp(logbase * sign_decay * sign(g) * sign(m)) * g``; returns ``(var, m)``."""

    def __init__(self):
        super().__init__("ApplyPowerSign")

    def __call__(self, var, m, lr, logbase, sign_decay, beta, grad):
        return optim_func.apply_power_sign(var, m, lr, logbase, sign_decay, beta, grad)


class ApplyProximalGradientDescent(Primitive):
    """Proximal gradient descent with L1 ``l1`` and L2 ``l2`` regularisation."""

    def __init__(self):
        super().__init__("ApplyProximalGradientDescent")

    def __call__(self, var, alpha, l1, l2, delta):
        return optim_func.apply_proximal_gradient_descent(var, alpha, l1, l2, delta)


class ApplyKerasMomentum(Primitive):
    """Keras momentum: ``accum = momentum * accum - lr * grad``; ``var += accum``; returns ``(var, accum)``."""

    @prim_attr_register
    def __init__(self, use_locking=False, use_nesterov=False):
        pass

    def __call__(self, var, accum, lr, grad, momentum):
        return optim_func.apply_keras_momentum(var, accum, lr, grad, momentum, use_nesterov=self.use_nesterov)


class ApplyFtrl(Primitive):
    """FTRL-proximal update of ``var`` with slots ``accum`` and ``linear``; returns ``var``.

    Differences from MindSpore: with ``l1 > 0`` its 2.10 CPU kernel computes ``(l1 - linear) / q``
    where ``linear < -l1`` instead of the documented ``(-l1 - linear) / q`` (its GPU kernel's);
    the documented formula is used here.
    """

    @prim_attr_register
    def __init__(self, use_locking=False):
        pass

    def __call__(self, var, accum, linear, grad, lr, l1, l2, lr_power):
        return optim_func.apply_ftrl(var, accum, linear, grad, lr, l1, l2, lr_power)


class ApplyAdamWithAmsgrad(Primitive):
    """AMSGrad Adam: ``vhat = max(vhat, v)`` in the denominator; returns ``(var, m, v, vhat)``."""

    @prim_attr_register
    def __init__(self, beta1=0.9, beta2=0.999, epsilon=1e-8, use_locking=False):
        pass

    def __call__(self, var, m, v, vhat, beta1_power, beta2_power, lr, grad):
        return optim_func.apply_adam_with_amsgrad(var, m, v, vhat, beta1_power, beta2_power, lr, grad,
                                                  beta1=self.beta1, beta2=self.beta2, epsilon=self.epsilon)


class ApplyProximalAdagrad(Primitive):
    """Adagrad with a proximal L1/L2 step; returns ``(var, accum)``."""

    @prim_attr_register
    def __init__(self, use_locking=False):
        pass

    def __call__(self, var, accum, lr, l1, l2, grad):
        return optim_func.apply_proximal_adagrad(var, accum, lr, l1, l2, grad)


class LARSUpdate(Primitive):
    """Layer-wise adaptive rate scaling of ``gradient`` (weight decay folded in)."""

    @prim_attr_register
    def __init__(self, epsilon=1e-05, hyperpara=0.001, use_clip=False):
        pass

    def __call__(self, weight, gradient, norm_weight, norm_gradient, weight_decay, learning_rate):
        return optim_func.lars_update(weight, gradient, norm_weight, norm_gradient, weight_decay, learning_rate,
                                      use_clip=self.use_clip, hyperpara=self.hyperpara, epsilon=self.epsilon)


class ApplyAdamWithAmsgradV2(Primitive):
    """AMSGrad Adam with the hyper-parameters as inputs; returns ``(var, m, v, vhat)``."""

    @prim_attr_register
    def __init__(self, use_locking=False):
        pass

    def __call__(self, var, m, v, vhat, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad):
        return optim_func.apply_adam_with_amsgrad(var, m, v, vhat, beta1_power, beta2_power, lr, grad,
                                                  beta1=float(_u(beta1)), beta2=float(_u(beta2)),
                                                  epsilon=float(_u(epsilon)))


class SparseApplyAdagrad(Primitive):
    """Adagrad on the rows ``indices`` of ``var`` and ``accum``; returns ``(var, accum)``."""

    @prim_attr_register
    def __init__(self, lr, update_slots=True, use_locking=False):
        pass

    def __call__(self, var, accum, grad, indices):
        return optim_func.sparse_apply_adagrad(var, accum, grad, indices, lr=self.lr,
                                               update_slots=self.update_slots)


class SparseApplyAdagradV2(Primitive):
    """Adagrad with ``epsilon`` on the rows ``indices``; returns ``(var, accum)``.

    Differences from MindSpore: the step divides by ``sqrt(accum) + epsilon``, as documented;
    MindSpore 2.10's CPU kernel divides by ``sqrt(accum + epsilon)``.
    """

    @prim_attr_register
    def __init__(self, lr, epsilon, use_locking=False, update_slots=True):
        pass

    def __call__(self, var, accum, grad, indices):
        return optim_func.sparse_apply_adagrad_v2(var, accum, grad, indices, lr=self.lr, epsilon=self.epsilon,
                                                 update_slots=self.update_slots)


class SparseApplyRMSProp(Primitive):
    """RMSProp on the rows ``indices``; returns ``(var, ms, mom)``.

    Differences from MindSpore: ``ms`` decays by ``rho`` on every entry of the rows ``indices``,
    as documented; MindSpore 2.10's CPU kernel leaves it unchanged where ``grad`` is 0.
    """

    @prim_attr_register
    def __init__(self, rho, momentum, epsilon, use_locking=False):
        pass

    def __call__(self, var, ms, mom, lr, grad, indices):
        return optim_func.sparse_apply_rms_prop(var, ms, mom, lr, grad, indices, rho=self.rho,
                                                momentum=self.momentum, epsilon=self.epsilon)


class SparseApplyProximalAdagrad(Primitive):
    """Proximal Adagrad on the rows ``indices``; returns ``(var, accum)``."""

    @prim_attr_register
    def __init__(self, use_locking=False):
        pass

    def __call__(self, var, accum, lr, l1, l2, grad, indices):
        return optim_func.sparse_apply_proximal_adagrad(var, accum, lr, l1, l2, grad, indices)


class SparseApplyFtrl(Primitive):
    """FTRL-proximal on the rows ``indices``; returns ``(var, accum, linear)``."""

    @prim_attr_register
    def __init__(self, lr, l1, l2, lr_power, use_locking=False):
        pass

    def __call__(self, var, accum, linear, grad, indices):
        return optim_func.sparse_apply_ftrl(var, accum, linear, grad, indices, lr_power=self.lr_power, lr=self.lr,
                                            l2=self.l2, l1=self.l1)


class ApplyAdagradDA(Primitive):
    """Adagrad dual averaging: ``grad_accum += grad``; ``grad_squared_accum += grad ** 2``;
    ``var = -lr * sign(grad_accum) * max(|grad_accum| - l1 * global_step, 0)
    / (l2 * global_step * lr + sqrt(grad_squared_accum))`` (no L1 shrinkage when ``l1 == 0``). Returns ``var``.
    """

    @prim_attr_register
    def __init__(self, use_locking=False):
        pass

    def __call__(self, var, gradient_accumulator, gradient_squared_accumulator, grad, lr, l1, l2, global_step):
        return optim_func.apply_adagrad_da(var, gradient_accumulator, gradient_squared_accumulator, grad, lr, l1,
                                           l2, global_step)


class AdamNoUpdateParam(Primitive):
    """Adam's moment updates, returning the step instead of applying it:
    ``m = beta1 * m + (1 - beta1) * g``; ``v = beta2 * v + (1 - beta2) * g ** 2``; returns
    ``-lr * sqrt(1 - beta2_power) / (1 - beta1_power) * m / (sqrt(v) + epsilon)``."""

    @prim_attr_register
    def __init__(self, use_locking=False, use_nesterov=False):
        pass

    def __call__(self, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient):
        return optim_func.adam_no_update_param(m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient)

__all__ += ["ApplyAdamWithAmsgrad", "ApplyProximalAdagrad", "LARSUpdate", "ApplyAdamWithAmsgradV2", "SparseApplyAdagrad", "SparseApplyAdagradV2", "SparseApplyRMSProp", "SparseApplyProximalAdagrad", "SparseApplyFtrl", "ApplyAdagradDA", "AdamNoUpdateParam"]
