"""Adagrad."""
from torch.optim.adagrad import adagrad as _adagrad

from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...common import dtype as mstype
from ._checks import check_greater_than, check_not_less_than
from .optimizer import Optimizer

__all__ = ["Adagrad"]


class Adagrad(Optimizer):
    """Adagrad (Duchi et al.), as ``torch.optim.Adagrad``.

    .. math::
        s = s + g^2, \\quad p = p - \\frac{lr}{1 + (t - 1)\\,lr\\_decay} \\frac{g}{\\sqrt{s} + \\epsilon}

    Args:
        params (Union[list[Parameter], list[dict]]): Parameters or groups.
        lr (Union[int, float, Tensor]): Default: 1e-2.
        lr_decay (float): Default: 0.0.
        weight_decay (float): L2 penalty added to the gradient. Default: 0.0.
        initial_accumulator_value (float): the starting value of ``s``. Default: 0.0.
        eps (float): Default: 1e-10.
        maximize (bool): Default: False.

    State: ``accum.<name>``, ``step_t``.
    """

    def __init__(self, params, lr=1e-2, lr_decay=0.0, weight_decay=0.0, initial_accumulator_value=0.0, eps=1e-10, *,
                 maximize=False):
        check_greater_than(lr, "lr", self.cls_name)
        check_not_less_than(lr_decay, "lr_decay", self.cls_name)
        check_not_less_than(weight_decay, "weight_decay", self.cls_name)
        check_not_less_than(initial_accumulator_value, "initial_accumulator_value", self.cls_name)
        check_greater_than(eps, "eps", self.cls_name)
        defaults = dict(lr=lr, lr_decay=lr_decay, eps=eps, weight_decay=weight_decay,
                        initial_accumulator_value=initial_accumulator_value, maximize=maximize)
        super().__init__(params, defaults)
        self.accum = self._clone_state("accum", initial_accumulator_value)
        self.step_t = Parameter(Tensor(0, mstype.int32), "step_t")

    def construct(self, gradients):
        self._step = int(self._host(self.step_t)) + 1
        self._step_groups(gradients)
        self._advance(self.step_t)
        return True

    def _update(self, group, start, end, params, grads, lr):
        _adagrad(params, grads, self._state_t(self.accum, start, end), self._steps(self._step, len(params)), lr=lr,
                 weight_decay=group["weight_decay"], lr_decay=group["lr_decay"], eps=group["eps"],
                 maximize=group["maximize"])
