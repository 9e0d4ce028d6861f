"""RMSProp (plain and centred)."""
import torch

from ...ops.function.optim_func import rmsprop_update_
from ._validate import check_bool, check_float
from .optimizer import Optimizer, opt_init_args_register


class RMSProp(Optimizer):
    """RMSProp with momentum; ``centered`` normalises by the variance estimate.

    .. math::
        s = \\rho s + (1 - \\rho) g^2, \\quad [\\bar g = \\rho \\bar g + (1 - \\rho) g], \\quad
        m = \\mu m + lr \\frac{g}{\\sqrt{s [- \\bar g^2] + \\epsilon}}, \\quad p = p - m

    Args:
        params: Parameters or groups. learning_rate: Default: 0.1. decay (float): rho. Default: 0.9.
        momentum (float): Default: 0.0. epsilon (float): Default: 1e-10. use_locking (bool): no effect.
        centered (bool): Default: False. loss_scale: Default: 1.0. weight_decay: Default: 0.0.

    State: (``mean_grad.<name>``,) ``mean_square.<name>`` (starts at 1), ``moment.<name>``.

    Differences from PyTorch: epsilon sits inside the square root and ``mean_square`` starts at
    one; the learning rate multiplies the momentum buffer's input.
    """

    # MindSpore 2.10's ApplyRMSProp wants the gradient in the Parameter's dtype (TypeError otherwise).
    _grad_dtype = "same"

    @opt_init_args_register
    def __init__(self, params, learning_rate=0.1, decay=0.9, momentum=0.0, epsilon=1e-10, use_locking=False,
                 centered=False, loss_scale=1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self.decay = check_float(decay, "decay", self.cls_name, low=0.0)
        self.momentum = check_float(momentum, "momentum", self.cls_name, low=0.0)
        self.epsilon = check_float(epsilon, "epsilon", self.cls_name, low=0.0, low_inclusive=False)
        self.use_locking = check_bool(use_locking, "use_locking", self.cls_name)
        self.centered = check_bool(centered, "centered", self.cls_name)
        if centered:
            self.mg = self._clone_state("mean_grad")
        self.ms = self._clone_state("mean_square", 1.0)
        self.moment = self._clone_state("moment")

    def construct(self, gradients):
        grads, lrs = self._begin_step(gradients)
        rho, mu, eps = self.decay, self.momentum, self.epsilon
        lists = [self._params_t(), grads, self._state_t("ms"), self._state_t("moment")]
        if self.centered:
            lists.append(self._state_t("mg"))
        with torch.no_grad():
            for (idx, _), lr in zip(self._lr_buckets, lrs):
                sel = self._bucket_lists(idx, *lists)
                p, g, s, m = sel[:4]
                rmsprop_update_(p, g, s, m, sel[4] if self.centered else None, lr=lr, decay=rho, momentum=mu,
                                epsilon=eps)
        return self._updated(gradients)


__all__ = ["RMSProp"]


# ------------------------------------------------------------------ MindSpore's per-parameter helpers
def _rmsprop_opt_(opt, decay, epsilon, momentum, learning_rate, weight, ms, mom, grad):
    """RMSProp through the Primitive ``opt(weight, ms, mom, lr, grad, decay, momentum, epsilon)``, the
    hyper-parameters in the gradient's dtype; returns True."""
    from ... import ops
    dtype = grad.dtype
    opt(weight, ms, mom, ops.cast(learning_rate, dtype), grad, ops.cast(decay, dtype), ops.cast(momentum, dtype),
        ops.cast(epsilon, dtype))
    return True


def _centered_rmsprop_opt_(opt, decay, epsilon, momentum, learning_rate, weight, mg, ms, mom, grad):
    """Centred RMSProp through ``opt(weight, mg, ms, mom, grad, lr, decay, momentum, epsilon)``; returns True."""
    opt(weight, mg, ms, mom, grad, learning_rate, decay, momentum, epsilon)
    return True
