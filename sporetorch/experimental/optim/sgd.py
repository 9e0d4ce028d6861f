"""SGD with momentum, dampening, Nesterov momentum and weight decay."""
from torch.optim.sgd import sgd as _sgd

from ... import _accel
from ...common.tensor import Tensor
from ._checks import check_type
from .optimizer import Optimizer

__all__ = ["SGD"]


class SGD(Optimizer):
    """Stochastic gradient descent, as ``torch.optim.SGD``.

    .. math::
        g = g + wd\\,p, \\quad b = \\mu b + (1 - \\tau) g \\text{ (} b = g \\text{ on the first step)}, \\quad
        p = p - lr\\,(g + \\mu b) \\text{ (nesterov) or } p - lr\\,b

    Args:
        params (Union[list[Parameter], list[dict]]): Parameters or groups.
        lr (Union[int, float, Tensor]): learning rate.
        momentum (Union[int, float]): Default: 0.
        dampening (Union[int, float]): Default: 0.
        weight_decay (float): L2 penalty added to the gradient. Default: 0.0.
        nesterov (bool): needs ``momentum > 0`` and ``dampening == 0``. Default: False.
        maximize (bool): ascend instead of descend. Default: False.

    Inputs:
        - **gradients** (tuple[Tensor]) - one gradient per Parameter.

    State: ``accum.<name>`` (the momentum buffers), ``stat.<name>`` (1 until the first step).
    """

    def __init__(self, params, lr, momentum=0, dampening=0, weight_decay=0.0, nesterov=False, *, maximize=False):
        check_type(lr, "lr", [float, int, Tensor], self.cls_name)
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        check_type(momentum, "momentum", [int, float], self.cls_name)
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        check_type(nesterov, "nesterov", [bool], self.cls_name)
        check_type(maximize, "maximize", [bool], self.cls_name)
        defaults = dict(lr=lr, momentum=float(momentum), dampening=dampening, weight_decay=weight_decay,
                        nesterov=nesterov, maximize=maximize, grad_centralization=False)
        super().__init__(params, defaults)
        for group in self.param_groups:
            check_type(group["dampening"], "dampening", [int, float], self.cls_name)
            group["dampening"] = float(group["dampening"])
        if nesterov and (momentum <= 0.0 or dampening != 0.0):
            raise ValueError("For 'SGD', if 'nesterov' is true, 'momentum' must be > 0.0 and 'dampening' must equal "
                             f"to 0.0, but got 'momentum' {float(momentum)}, 'dampening' {dampening}.")
        self.accum = self._clone_state("accum", 0.0)
        self.stat = self._clone_state("stat", 1.0)

    def _update(self, group, start, end, params, grads, lr):
        accum, stat = self._state_t(self.accum, start, end), self._state_t(self.stat, start, end)
        # torch starts a missing buffer at the gradient: that is MindSpore's first step (stat 1).
        fresh = self._fresh_flags(stat)
        buffers = [None if f else a for f, a in zip(fresh, accum)]
        _sgd(params, grads, buffers, weight_decay=group["weight_decay"], momentum=group["momentum"], lr=lr,
             dampening=group["dampening"], nesterov=group["nesterov"], maximize=group["maximize"])
        for f, a, b, s in zip(fresh, accum, buffers, stat):
            if f:
                if b is not None:
                    a.copy_(b)
                s.zero_()

    def _fresh_flags(self, stat):
        """Per Parameter, whether ``stat`` still marks its first step. The tensors are read only
        while some Parameter has not stepped yet, or after something wrote to them."""
        key = [(id(s), _accel.tensor_version(s)) for s in stat]
        seen = self.__dict__.setdefault("_stat_seen", {})
        flags = seen.get(tuple(key))
        if flags is None:
            flags = [bool(s.reshape(-1)[0] > 0) if s.numel() else False for s in stat]
            if not any(flags) and all(v is not None for _, v in key):
                # Nothing will write to these tensors in this step, so the key stays valid.
                seen[tuple(key)] = flags
        return flags
