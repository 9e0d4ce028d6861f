"""Adamax: Adam with the infinity norm."""
from torch.optim.adamax import adamax as _adamax

from ._checks import check_beta_args
from .optimizer import Optimizer

__all__ = ["Adamax"]



class Adamax(Optimizer):
    """Adamax (Kingma & Ba), as ``torch.optim.Adamax``.

    .. math::
        m = \\beta_1 m + (1 - \\beta_1) g, \\quad u = \\max(\\beta_2 u, |g| + \\epsilon), \\quad
        p = p - \\frac{lr}{1 - \\beta_1^t} \\frac{m}{u}

    Args:
        params (Union[list[Parameter], list[dict]]): Parameters or groups.
        lr (Union[int, float, Tensor]): Default: 2e-3.
        betas (tuple[float]): Default: (0.9, 0.999).
        eps (float): Default: 1e-8.
        weight_decay (float): L2 penalty added to the gradient. Default: 0.0.
        maximize (bool): Default: False.

    State: ``exp_avg.<name>``, ``exp_inf.<name>``, ``step_t``.
    """

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, *, maximize=False):
        check_beta_args(lr, betas, eps, weight_decay, self.cls_name)
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, maximize=maximize)
        super().__init__(params, defaults)
        self._add_step_counter("step_t")
        self._add_states("exp_avg", "exp_inf")

    def _update(self, group, start, end, params, grads, lr):
        beta1, beta2 = group["betas"]
        _adamax(params, grads, self._state_t(self.exp_avg, start, end), self._state_t(self.exp_inf, start, end),
                self._steps(self._step, len(params)), maximize=group["maximize"], eps=group["eps"], beta1=beta1,
                beta2=beta2, lr=lr, weight_decay=group["weight_decay"])
