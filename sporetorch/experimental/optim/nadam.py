"""NAdam: Adam with Nesterov momentum."""
from torch.optim.nadam import nadam as _nadam

from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ._checks import check_beta_args, check_not_less_than
from .optimizer import Optimizer

__all__ = ["NAdam"]


class NAdam(Optimizer):
    """NAdam (Dozat), as ``torch.optim.NAdam``.

    .. math::
        \\mu_t = \\beta_1 (1 - 0.5 \\cdot 0.96^{t\\,\\psi}), \\quad
        p = p - lr \\left(\\frac{1 - \\mu_t}{1 - \\prod_{i \\le t} \\mu_i} g
        + \\frac{\\mu_{t+1}}{1 - \\prod_{i \\le t+1} \\mu_i} m\\right) / (\\sqrt{v / (1 - \\beta_2^t)} + \\epsilon)

    Args:
        params (Union[list[Parameter], list[dict]]): Parameters or groups.
        lr (Union[int, float, Tensor]): Default: 2e-3.
        betas (tuple[float]): Default: (0.9, 0.999).
        eps (float): Default: 1e-8.
        weight_decay (float): L2 penalty added to the gradient. Default: 0.0.
        momentum_decay (float): :math:`\\psi`. Default: 4e-3.

    State: ``exp_avg.<name>``, ``exp_avg_sq.<name>``, ``mu_product_<name>``, ``step_t``.

    Differences from PyTorch: no ``maximize`` and no decoupled weight decay.
    """

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, momentum_decay=4e-3):
        check_beta_args(lr, betas, eps, weight_decay, self.cls_name)
        check_not_less_than(momentum_decay, "momentum_decay", self.cls_name)
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, momentum_decay=momentum_decay)
        super().__init__(params, defaults)
        self._add_step_counter("step_t")
        self._add_states("exp_avg", "exp_avg_sq")
        self.mu_product = [Parameter(Tensor(1.0), "mu_product_" + p.name) for p in self.parameters]

    def _update(self, group, start, end, params, grads, lr):
        beta1, beta2 = group["betas"]
        # torch keeps the running product of mu on the host; it is written back to the Parameters.
        products = [p._t.detach().cpu().reshape(()) for p in self.mu_product[start:end]]
        _nadam(params, grads, self._state_t(self.exp_avg, start, end), self._state_t(self.exp_avg_sq, start, end),
               products, self._steps(self._step, len(params)), beta1=beta1, beta2=beta2, lr=lr,
               weight_decay=group["weight_decay"], momentum_decay=group["momentum_decay"], eps=group["eps"])
        for target, value in zip(self.mu_product[start:end], products):
            target._t.copy_(value.reshape(target._t.shape).to(target._t))
