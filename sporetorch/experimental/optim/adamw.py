"""AdamW: Adam with decoupled weight decay."""
from torch.optim.adamw import adamw as _adamw

from ._checks import check_adam_args
from .optimizer import Optimizer

__all__ = ["AdamW"]


class AdamW(Optimizer):
    """AdamW (Loshchilov & Hutter), as ``torch.optim.AdamW``.

    .. math::
        p = p (1 - lr\\,wd), \\quad m = \\beta_1 m + (1 - \\beta_1) g, \\quad v = \\beta_2 v + (1 - \\beta_2) g^2,
        \\quad p = p - \\frac{lr}{1 - \\beta_1^t} \\frac{m}{\\sqrt{v} / \\sqrt{1 - \\beta_2^t} + \\epsilon}

    Args:
        params (Union[list[Parameter], list[dict]]): Parameters or groups.
        lr (Union[int, float, Tensor]): Default: 1e-3.
        betas (tuple[float]): Default: (0.9, 0.999).
        eps (float): Default: 1e-8.
        weight_decay (float): decoupled decay. Default: 1e-2.
        amsgrad (bool): use ``max(v)`` over the steps. Default: False.
        maximize (bool): Default: False.

    State: ``exp_avg.<name>``, ``exp_avg_sq.<name>``, ``max_exp_avg_sq.<name>``, ``state_step``.
    """

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
                 maximize=False):
        check_adam_args(lr, betas, eps, weight_decay)
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad, maximize=maximize)
        super().__init__(params, defaults)
        self._add_states("exp_avg", "exp_avg_sq", "max_exp_avg_sq")
        self._add_step_counter("state_step")

    def _update(self, group, start, end, params, grads, lr):
        beta1, beta2 = group["betas"]
        _adamw(params, grads, self._state_t(self.exp_avg, start, end), self._state_t(self.exp_avg_sq, start, end),
               self._state_t(self.max_exp_avg_sq, start, end), self._steps(self._step, len(params)),
               amsgrad=group["amsgrad"], beta1=beta1, beta2=beta2, lr=lr, weight_decay=group["weight_decay"],
               eps=group["eps"], maximize=group["maximize"])
