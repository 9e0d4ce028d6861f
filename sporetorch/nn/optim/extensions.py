"""Optimizers MindSpore 2.10 lacks: AdamW, NAdam and RAdam (sporetorch extensions).

They follow ``torch.optim``'s formulas exactly (they call its multi-tensor functional kernels)
with MindSpore's calling convention: ``optimizer(gradients)``, ``learning_rate``/``weight_decay``
(numbers, lists, schedules, groups), and state in named Parameters so checkpoints carry it.
"""
import torch
from torch.optim.adamw import adamw as _adamw
from torch.optim.nadam import nadam as _nadam
from torch.optim.radam import radam as _radam

from ...common.parameter import Parameter, ParameterTuple
from ...ops.function.optim_func import _state_scalar
from ._validate import check_bool, check_float
from .adam import _check_betas_eps
from .optimizer import Optimizer, opt_init_args_register


class _TorchFunctional(Optimizer):
    """Shared step: buckets of Parameters with one learning rate and one weight decay each."""

    _extra_state = ()

    def _init_common(self, beta1, beta2, eps):
        _check_betas_eps(beta1, beta2, eps, self.cls_name)
        self.beta1, self.beta2, self.eps = float(beta1), float(beta2), float(eps)
        self.moment1 = self._clone_state("moment1")
        self.moment2 = self._clone_state("moment2")
        self.step_count = ParameterTuple(Parameter(_state_scalar(0.0), name=f"step.{p.name}",
                                                   requires_grad=False) for p in self.parameters)
        n = len(self.parameters)
        decay_of = [None] * n
        for k, (idx, _) in enumerate(self._decay_buckets):
            for i in (range(n) if idx is None else idx):
                decay_of[i] = k
        combos = {}
        for k, (idx, _) in enumerate(self._lr_buckets):
            for i in (range(n) if idx is None else idx):
                combos.setdefault((k, decay_of[i]), []).append(i)
        self.__dict__["_combos"] = [(key, None if len(idx) == n else tuple(idx)) for key, idx in combos.items()]

    def construct(self, gradients):
        grads, lrs = self._begin_step(gradients, decay=False)
        # The base class pre-multiplies weight decay by loss_scale for gradient-side decay;
        # here decay is applied after unscaling, so undo that.
        wds = [self._wd_float(wd) / self.loss_scale for _, wd in self._decay_buckets]
        lists = [self._params_t(), grads, self._state_t("moment1"), self._state_t("moment2"),
                 self._state_t("step_count")] + [self._state_t(name) for name in self._extra_state]
        with torch.no_grad():
            for (lr_k, wd_k), idx in self._combos:
                self._kernel(self._bucket_lists(idx, *lists), lrs[lr_k], 0.0 if wd_k is None else wds[wd_k])
        return self._updated(gradients)


class AdamW(_TorchFunctional):
    """AdamW (Loshchilov & Hutter) exactly as ``torch.optim.AdamW``: bias-corrected Adam with
    decoupled weight decay ``p -= lr * weight_decay * p``.

    A sporetorch extension (MindSpore 2.10 has only :class:`AdamWeightDecay`, which has no bias
    correction). Args: params, learning_rate (1e-3), beta1 (0.9), beta2 (0.999), eps (1e-8),
    weight_decay (0.01; skipped for names with ``beta``/``gamma`` as in MindSpore),
    amsgrad (False), loss_scale (1.0).

    State: ``moment1.<name>``, ``moment2.<name>``, ``step.<name>`` (and ``max_moment2.<name>``).
    """

    @opt_init_args_register
    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01,
                 amsgrad=False, loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self.amsgrad = check_bool(amsgrad, "amsgrad", self.cls_name)
        self._init_common(beta1, beta2, eps)
        if amsgrad:
            self.max_moment2 = self._clone_state("max_moment2")
            self.__dict__["_extra_state"] = ("max_moment2",)

    def _kernel(self, lists, lr, wd):
        p, g, m, v, steps = lists[:5]
        _adamw(p, g, m, v, lists[5] if self.amsgrad else [], steps, foreach=True, amsgrad=self.amsgrad,
               beta1=self.beta1, beta2=self.beta2, lr=lr, weight_decay=wd, eps=self.eps, maximize=False)


class NAdam(_TorchFunctional):
    """NAdam (Dozat) exactly as ``torch.optim.NAdam``: Adam with Nesterov momentum and the
    ``momentum_decay`` schedule.

    A sporetorch extension (not in MindSpore 2.10). Args: params, learning_rate (2e-3),
    beta1 (0.9), beta2 (0.999), eps (1e-8), weight_decay (0.0, L2 added to the gradient),
    momentum_decay (4e-3), loss_scale (1.0).

    State: ``moment1.<name>``, ``moment2.<name>``, ``step.<name>``, ``mu_product.<name>``.
    """

    _extra_state = ("mu_product",)

    @opt_init_args_register
    def __init__(self, params, learning_rate=2e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.0,
                 momentum_decay=4e-3, loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self.momentum_decay = check_float(momentum_decay, "momentum_decay", self.cls_name, low=0.0)
        self._init_common(beta1, beta2, eps)
        self.mu_product = ParameterTuple(Parameter(_state_scalar(1.0), name=f"mu_product.{p.name}",
                                                   requires_grad=False) for p in self.parameters)

    def _kernel(self, lists, lr, wd):
        p, g, m, v, steps, mu = lists
        _nadam(p, g, m, v, mu, steps, foreach=True, beta1=self.beta1, beta2=self.beta2, lr=lr, weight_decay=wd,
               momentum_decay=self.momentum_decay, eps=self.eps)


class RAdam(_TorchFunctional):
    """RAdam (Liu et al.) exactly as ``torch.optim.RAdam``: Adam whose adaptive term is switched
    on once the variance of the adaptive learning rate is tractable.

    A sporetorch extension (not in MindSpore 2.10). Args: params, learning_rate (1e-3),
    beta1 (0.9), beta2 (0.999), eps (1e-8), weight_decay (0.0, L2 added to the gradient),
    loss_scale (1.0).

    State: ``moment1.<name>``, ``moment2.<name>``, ``step.<name>``.
    """

    @opt_init_args_register
    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.0,
                 loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self._init_common(beta1, beta2, eps)

    def _kernel(self, lists, lr, wd):
        p, g, m, v, steps = lists
        _radam(p, g, m, v, steps, foreach=True, beta1=self.beta1, beta2=self.beta2, lr=lr, weight_decay=wd,
               eps=self.eps)


__all__ = ["AdamW", "NAdam", "RAdam"]
