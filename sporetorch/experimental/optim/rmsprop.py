"""RMSprop."""
from torch.optim.rmsprop import rmsprop as _rmsprop

from ._checks import check_greater_than, check_not_less_than
from .optimizer import Optimizer

__all__ = ["RMSprop"]


class RMSprop(Optimizer):
    """RMSprop (Hinton), as ``torch.optim.RMSprop``.

    .. math::
        s = \\alpha s + (1 - \\alpha) g^2, \\quad d = \\sqrt{s - \\bar g^2} + \\epsilon \\text{ (centered) or }
        \\sqrt{s} + \\epsilon, \\quad b = \\mu b + g / d, \\quad p = p - lr\\,b

    Args:
        params (Union[list[Parameter], list[dict]]): Parameters or groups.
        lr (Union[int, float, Tensor]): Default: 1e-2.
        alpha (float): Default: 0.99.
        eps (float): Default: 1e-8.
        weight_decay (float): L2 penalty added to the gradient. Default: 0.0.
        momentum (float): Default: 0.0.
        centered (bool): normalise by the estimated variance. Default: False.
        maximize (bool): Default: False.

    State: ``mean_grad.<name>``, ``mean_square.<name>``, ``moment.<name>``.
    """

    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0.0, momentum=0.0, centered=False,
                 maximize=False):
        check_greater_than(lr, "lr", self.cls_name)
        check_not_less_than(alpha, "alpha", self.cls_name)
        check_greater_than(eps, "eps", self.cls_name)
        check_not_less_than(momentum, "momentum", self.cls_name)
        check_not_less_than(weight_decay, "weight_decay", self.cls_name)
        defaults = dict(lr=lr, momentum=momentum, alpha=alpha, eps=eps, centered=centered, weight_decay=weight_decay,
                        maximize=maximize)
        super().__init__(params, defaults)
        self.mean_grad = self._clone_state("mean_grad")
        self.mean_square = self._clone_state("mean_square")
        self.moment = self._clone_state("moment")

    def _update(self, group, start, end, params, grads, lr):
        _rmsprop(params, grads, self._state_t(self.mean_square, start, end), self._state_t(self.mean_grad, start, end),
                 self._state_t(self.moment, start, end), self._steps(1, len(params)), maximize=group["maximize"],
                 lr=lr, alpha=group["alpha"], eps=group["eps"], weight_decay=group["weight_decay"],
                 momentum=group["momentum"], centered=group["centered"])
