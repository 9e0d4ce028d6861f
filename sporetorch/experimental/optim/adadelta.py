"""Adadelta (the update of ``nn.Adadelta``)."""
from ...ops.function.optim_func import adadelta_update_
from ._checks import check_greater_than, check_not_less_than
from .optimizer import Optimizer

__all__ = ["Adadelta"]


class Adadelta(Optimizer):
    """Adadelta (Zeiler), as ``torch.optim.Adadelta``.

    .. math::
        a = \\rho a + (1 - \\rho) g^2, \\quad \\Delta = \\frac{\\sqrt{u + \\epsilon}}{\\sqrt{a + \\epsilon}} g, \\quad
        u = \\rho u + (1 - \\rho) \\Delta^2, \\quad p = p - lr\\,\\Delta

    Args:
        params (Union[list[Parameter], list[dict]]): Parameters or groups.
        lr (Union[int, float, Tensor]): Default: 1.0.
        rho (float): in [0, 1]. Default: 0.9.
        eps (float): Default: 1e-6.
        weight_decay (float): L2 penalty added to the gradient. Default: 0.0.
        maximize (bool): Default: False.

    State: ``accum.<name>``, ``accum_update.<name>``.
    """

    def __init__(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0.0, *, maximize=False):
        check_greater_than(lr, "lr", self.cls_name)
        check_greater_than(eps, "eps", self.cls_name)
        check_not_less_than(weight_decay, "weight_decay", self.cls_name)
        if not isinstance(rho, float) or not 0.0 <= rho <= 1.0:
            raise ValueError(f"For '{self.cls_name}', the 'rho' must be in range of [0.0, 1.0], but got {rho} "
                             f"with type '{type(rho).__name__}'.")
        defaults = dict(lr=lr, rho=rho, eps=eps, weight_decay=weight_decay, maximize=maximize)
        super().__init__(params, defaults)
        self.accum = self._clone_state("accum")
        self.accum_update = self._clone_state("accum_update")

    def _update(self, group, start, end, params, grads, lr):
        grads = self._decay_weight(group["weight_decay"], params, self._maximize(group["maximize"], grads))
        adadelta_update_(params, grads, self._state_t(self.accum, start, end),
                         self._state_t(self.accum_update, start, end), lr=lr, rho=group["rho"], eps=group["eps"])
