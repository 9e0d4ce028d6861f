"""RAdam: Adam with a rectified adaptive learning rate."""
from torch.optim.radam import radam as _radam

from ._checks import check_beta_args
from .optimizer import Optimizer

__all__ = ["RAdam"]


class RAdam(Optimizer):
    """RAdam (Liu et al.), as ``torch.optim.RAdam``: SGD with momentum for the first steps, Adam
    with a rectification factor once :math:`\\rho_t > 5`.

    Args:
        params (Union[list[Parameter], list[dict]]): Parameters or groups.
        lr (Union[int, float, Tensor]): Default: 1e-3.
        betas (tuple[float]): Default: (0.9, 0.999).
        eps (float): Default: 1e-8.
        weight_decay (float): L2 penalty added to the gradient. Default: 0.0.

    State: ``exp_avg.<name>``, ``exp_avg_sq.<name>``, ``step_t``.

    Differences from PyTorch: no ``maximize`` and no decoupled weight decay.
    """

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0):
        check_beta_args(lr, betas, eps, weight_decay, self.cls_name)
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay)
        super().__init__(params, defaults)
        self._add_step_counter("step_t")
        self._add_states("exp_avg", "exp_avg_sq")

    def _update(self, group, start, end, params, grads, lr):
        beta1, beta2 = group["betas"]
        _radam(params, grads, self._state_t(self.exp_avg, start, end), self._state_t(self.exp_avg_sq, start, end),
               self._steps(self._step, len(params)), beta1=beta1, beta2=beta2, lr=lr,
               weight_decay=group["weight_decay"], eps=group["eps"])
