"""ASGD: averaged stochastic gradient descent."""
from torch.optim.asgd import asgd as _asgd

from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ._checks import check_greater_than, check_not_less_than
from .optimizer import Optimizer

__all__ = ["ASGD"]


class ASGD(Optimizer):
    """Averaged SGD (Polyak & Juditsky), as ``torch.optim.ASGD``.

    .. math::
        p = p (1 - \\lambda \\eta_t) - \\eta_t g, \\quad a = a + \\mu_t (p - a), \\quad
        \\eta_{t+1} = \\frac{lr}{(1 + \\lambda\\,lr\\,t)^\\alpha}, \\quad \\mu_{t+1} = \\frac{1}{\\max(1, t - t_0)}

    Args:
        params (Union[list[Parameter], list[dict]]): Parameters or groups.
        lr (Union[int, float, Tensor]): Default: 1e-2.
        lambd (float): decay term. Default: 1e-4.
        alpha (float): power of the eta update. Default: 0.75.
        t0 (float): step at which averaging starts. Default: 1e6.
        weight_decay (float): L2 penalty added to the gradient. Default: 0.0.
        maximize (bool): Default: False.

    State: ``ax.<name>`` (the average), ``eta_<name>``, ``mu_<name>``, ``step_t``.
    """

    def __init__(self, params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0.0, maximize=False):
        check_greater_than(lr, "lr", self.cls_name)
        check_not_less_than(weight_decay, "weight_decay", self.cls_name)
        if not isinstance(lambd, float):
            raise TypeError(f"For 'ASGD', the type of lambd must be float, but got {type(lambd)}.")
        if not isinstance(t0, float):
            raise TypeError(f"For 'ASGD', the type of t0 must be float, but got {type(t0)}.")
        defaults = dict(lr=lr, lambd=lambd, alpha=alpha, t0=t0, weight_decay=weight_decay, maximize=maximize)
        super().__init__(params, defaults)
        self.mu = [Parameter(Tensor(1.0), "mu_" + p.name) for p in self.parameters]
        self.eta = [Parameter(Tensor(0.0), "eta_" + p.name) for p in self.parameters]
        self.ax = self._clone_state("ax")
        self._add_step_counter("step_t")

    def _update(self, group, start, end, params, grads, lr):
        etas = [p._t.reshape(()) for p in self.eta[start:end]]
        mus = [p._t.reshape(()) for p in self.mu[start:end]]
        if self._step == 1:
            # torch starts eta at lr; MindSpore sets it on the first step.
            for e in etas:
                e.fill_(lr)
        _asgd(params, grads, self._state_t(self.ax, start, end), mus, etas, self._steps(self._step, len(params)),
              maximize=group["maximize"], lambd=group["lambd"], lr=lr, t0=group["t0"], alpha=group["alpha"],
              weight_decay=group["weight_decay"])
