"""Adam with MindSpore's placement of epsilon (the update of ``nn.Adam``)."""
import math

from ...nn.optim.adam import _float32
from ...ops.function.optim_func import adam_update_
from ._checks import check_adam_args
from .optimizer import Optimizer

__all__ = ["Adam"]


class Adam(Optimizer):
    """Adam (Kingma & Ba) with torch-style arguments and MindSpore's update.

    .. math::
        m = \\beta_1 m + (1 - \\beta_1) g, \\quad v = \\beta_2 v + (1 - \\beta_2) g^2, \\quad
        p = p - lr \\frac{\\sqrt{1 - \\beta_2^t}}{1 - \\beta_1^t} \\frac{m}{\\sqrt{v} + \\epsilon}

    Args:
        params (Union[list[Parameter], list[dict]]): Parameters or groups.
        lr (Union[int, float, Tensor]): Default: 1e-3.
        betas (tuple[float]): Default: (0.9, 0.999).
        eps (float): Default: 1e-8.
        weight_decay (float): L2 penalty added to the gradient. Default: 0.0.
        amsgrad (bool): accepted and ignored, as in MindSpore 2.10. Default: False.
        maximize (bool): Default: False.

    State: ``exp_avg.<name>``, ``exp_avg_sq.<name>``, ``max_exp_avg_sq.<name>``, ``state_step``.

    Differences from PyTorch: epsilon is added to ``sqrt(v)`` before the bias correction of
    ``v`` is applied (``torch.optim.Adam`` adds it after), and ``amsgrad=True`` changes nothing
    (MindSpore 2.10's experimental Adam never uses ``max_exp_avg_sq``).
    """

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, amsgrad=False, *,
                 maximize=False):
        check_adam_args(lr, betas, eps, weight_decay)
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad, maximize=maximize)
        super().__init__(params, defaults)
        self._add_states("exp_avg", "exp_avg_sq", "max_exp_avg_sq")
        self._add_step_counter("state_step")

    def _update(self, group, start, end, params, grads, lr):
        beta1, beta2, eps = _float32(*group["betas"], group["eps"])
        grads = self._decay_weight(group["weight_decay"], params, self._maximize(group["maximize"], grads))
        correction = math.sqrt(1.0 - beta2 ** self._step) / (1.0 - beta1 ** self._step)
        adam_update_(params, grads, self._state_t(self.exp_avg, start, end), self._state_t(self.exp_avg_sq, start, end),
                     None, lr=lr * correction, beta1=beta1, beta2=beta2, eps=eps)
