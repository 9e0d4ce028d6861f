"""``mindspore.mint.optim``: SGD, Adam, AdamW and FusedAdamW with torch's exact updates.

These are not the ``experimental.optim`` classes (whose Adam places epsilon MindSpore's way):
MindSpore 2.10 defines them by ``torch.optim``'s formulas, so each calls torch's functional
kernel on the Parameters' tensors. They share the experimental :class:`Optimizer` base (param
groups, ``lr`` Parameters, ``optimizer(grads)``), so the ``lr_scheduler`` classes drive them.
(MindSpore 2.10 itself cannot run them on CPU: SGD and Adam leave the Parameters unchanged there
and AdamW's kernel is unregistered.)
"""
from torch.optim.adam import adam as _adam
from torch.optim.adamw import adamw as _adamw
from torch.optim.sgd import sgd as _sgd

from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...experimental.optim._checks import check_adam_args
from ...experimental.optim.optimizer import Optimizer

__all__ = ["AdamW", "Adam", "SGD", "FusedAdamW"]


class SGD(Optimizer):
    """Stochastic gradient descent, exactly ``torch.optim.SGD``.

    Args:
        params (Union[list[Parameter], list[dict]]): Parameters or groups.
        lr (Union[int, float, Tensor]): learning rate.
        momentum (float): Default: 0. dampening (float): Default: 0.
        weight_decay (float): L2 penalty added to the gradient. Default: 0.
        nesterov (bool): needs ``momentum > 0`` and ``dampening == 0``. Default: False.
        maximize (bool): Default: False.

    Inputs:
        - **gradients** (tuple[Tensor]) - one gradient per Parameter.

    State: ``momentum_buf.<name>``, ``step_t``.
    """

    def __init__(self, params, lr, momentum=0, dampening=0, weight_decay=0, nesterov=False, *, maximize=False):
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        if momentum < 0.0:
            raise ValueError(f"Invalid momentum value: {momentum}")
        if weight_decay < 0.0:
            raise ValueError(f"Invalid weight_decay value: {weight_decay}")
        defaults = dict(lr=lr, momentum=momentum, weight_decay=weight_decay, dampening=dampening, nesterov=nesterov,
                        maximize=maximize)
        super().__init__(params, defaults)
        if nesterov and (momentum <= 0.0 or dampening != 0.0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        self.momentum_buf = self._clone_state("momentum_buf")
        self.step_t = Parameter(Tensor(0, mstype.int32), "step_t")

    def construct(self, gradients):
        self._first = int(self._host(self.step_t)) == 0
        self._step_groups(gradients)
        self._advance(self.step_t)
        return True

    def _update(self, group, start, end, params, grads, lr):
        bufs = self._state_t(self.momentum_buf, start, end)
        # torch starts a missing buffer at the gradient, which is MindSpore's step 0.
        given = [None] * len(bufs) if self._first else list(bufs)
        _sgd(params, grads, given, weight_decay=group["weight_decay"], momentum=group["momentum"], lr=lr,
             dampening=group["dampening"], nesterov=group["nesterov"], maximize=group["maximize"])
        for buf, new in zip(bufs, given):
            if new is not None and new is not buf:
                buf.copy_(new)


class _TorchAdam(Optimizer):
    """Shared construction and step of the torch-exact Adam family."""

    _decoupled = False

    def __init__(self, params, lr, betas, eps, weight_decay, amsgrad, maximize):
        check_adam_args(lr, betas, eps, weight_decay)
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay, amsgrad=amsgrad, maximize=maximize)
        super().__init__(params, defaults)
        self.exp_avg = self._clone_state("exp_avg")
        self.exp_avg_sq = self._clone_state("exp_avg_sq")
        self.max_exp_avg_sq = self._clone_state("max_exp_avg_sq")
        self.state_step = Parameter(Tensor([0], mstype.float32), "state_step")

    def construct(self, gradients):
        self._step = self._advance(self.state_step)
        return self._step_groups(gradients)

    def _update(self, group, start, end, params, grads, lr):
        beta1, beta2 = group["betas"]
        kernel = _adamw if self._decoupled else _adam
        kernel(params, grads, self._state_t(self.exp_avg, start, end), self._state_t(self.exp_avg_sq, start, end),
               self._state_t(self.max_exp_avg_sq, start, end), self._steps(self._step, len(params)),
               amsgrad=group["amsgrad"], beta1=beta1, beta2=beta2, lr=lr, weight_decay=group["weight_decay"],
               eps=group["eps"], maximize=group["maximize"])


class Adam(_TorchAdam):
    """Adam, exactly ``torch.optim.Adam`` (epsilon added after the bias correction of ``sqrt(v)``;
    weight decay added to the gradient).

    Args:
        params (Union[list[Parameter], list[dict]]): Parameters or groups.
        lr (Union[int, float, Tensor]): Default: 1e-3. betas (tuple[float]): Default: (0.9, 0.999).
        eps (float): Default: 1e-8. weight_decay (float): Default: 0.0.
        amsgrad (bool): Default: False. maximize (bool): Default: False.

    State: ``exp_avg.<name>``, ``exp_avg_sq.<name>``, ``max_exp_avg_sq.<name>``, ``state_step``.
    """

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, amsgrad=False, *,
                 maximize=False):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize)


class AdamW(_TorchAdam):
    """AdamW, exactly ``torch.optim.AdamW`` (decoupled weight decay ``p *= 1 - lr * weight_decay``).

    Args:
        params (Union[list[Parameter], list[dict]]): Parameters or groups.
        lr (Union[int, float, Tensor]): Default: 1e-3. betas (tuple[float]): Default: (0.9, 0.999).
        eps (float): Default: 1e-8. weight_decay (float): Default: 1e-2.
        amsgrad (bool): Default: False. maximize (bool): Default: False.

    State: ``exp_avg.<name>``, ``exp_avg_sq.<name>``, ``max_exp_avg_sq.<name>``, ``state_step``.
    """

    _decoupled = True

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=1e-2, amsgrad=False, *,
                 maximize=False):
        super().__init__(params, lr, betas, eps, weight_decay, amsgrad, maximize)


class FusedAdamW(AdamW):
    """AdamW whose Parameters MindSpore packs into one contiguous buffer per group on Ascend; here
    the update is :class:`AdamW`'s (torch's multi-tensor kernel on GPUs).

    Differences from MindSpore: the Parameters keep their own storage.
    """
