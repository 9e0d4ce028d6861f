"""Adam family: Adam, AdamWeightDecay, AdamOffload, LazyAdam, AdaMax, and the AdamW extension."""
import math

import numpy as np
import torch

from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...ops.function.optim_func import _state_scalar, adam_update_, adam_weight_decay_update_, adamax_update_
from ._validate import check_bool, check_float
from .optimizer import Optimizer, opt_init_args_register


def _check_betas_eps(beta1, beta2, eps, cls_name):
    check_float(beta1, "beta1", cls_name, low=0.0, low_inclusive=False, high=1.0, high_inclusive=False)
    check_float(beta2, "beta2", cls_name, low=0.0, low_inclusive=False, high=1.0, high_inclusive=False)
    check_float(eps, "eps", cls_name, low=0.0, low_inclusive=False)


def _float32(*values):
    """``values`` rounded to float32, as MindSpore holds beta1, beta2 and eps in float32 Tensors:
    its ``1 - beta2`` is ``1 - 0.999f``, which shows wherever no bias correction cancels it
    (AdamWeightDecay's update is 6e-6 larger, relatively, than with ``1 - 0.999``)."""
    return tuple(float(np.float32(v)) for v in values)


def _power_param(name, shape):
    return Parameter(Tensor(np.ones(shape, np.float32)), name=name)


class _BetaPowers:
    """Mixin: ``beta1_power``/``beta2_power`` Parameters advanced by one step, read on the host."""

    def _advance_power(self, param, beta):
        value = self._host(param)
        flat = value if not isinstance(value, list) else value[0]
        new = flat * beta
        with torch.no_grad():
            param._t.mul_(beta)
        self._set_host(param, new if not isinstance(value, list) else [new])
        return new


class Adam(Optimizer, _BetaPowers):
    """Adam (Kingma & Ba) with MindSpore's placement of epsilon and bias correction.

    .. math::
        m = m + (g - m)(1 - \\beta_1), \\quad v = v + (g^2 - v)(1 - \\beta_2), \\quad
        \\hat{lr} = lr \\frac{\\sqrt{1 - \\beta_2^t}}{1 - \\beta_1^t}, \\quad
        p = p - \\hat{lr} \\frac{m}{\\sqrt{v} + \\epsilon}

    With ``use_nesterov`` the numerator is ``beta1 * m + (1 - beta1) * g``; with ``use_amsgrad``
    the denominator uses ``vhat = max(vhat, v)``.

    Args:
        params: Parameters or groups. learning_rate: Default: 1e-3. beta1: Default: 0.9.
        beta2: Default: 0.999. eps: Default: 1e-8. use_locking (bool): accepted, no effect.
        use_nesterov (bool): Default: False. weight_decay: Default: 0.0. loss_scale: Default: 1.0.
        use_amsgrad (bool): Default: False.

    State: ``beta1_power``, ``beta2_power``, ``moment1.<name>``, ``moment2.<name>`` (and ``vhat.<name>``).

    Differences from PyTorch: ``torch.optim.Adam`` adds epsilon after dividing ``sqrt(v)`` by its
    bias correction (``sqrt(v / (1 - beta2^t)) + eps``); here epsilon is added to ``sqrt(v)``, which
    matters while ``v`` is small. Weight decay is added to the gradient (L2), not decoupled.
    """

    _state_names = ("moment1", "moment2")

    @opt_init_args_register
    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
                 use_nesterov=False, weight_decay=0.0, loss_scale=1.0, use_amsgrad=False, **kwargs):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if kwargs:
            raise TypeError(f"For '{self.cls_name}', got an unexpected keyword argument '{next(iter(kwargs))}'")
        _check_betas_eps(beta1, beta2, eps, self.cls_name)
        check_bool(use_locking, "use_locking", self.cls_name)
        check_bool(use_nesterov, "use_nesterov", self.cls_name)
        check_bool(use_amsgrad, "use_amsgrad", self.cls_name)
        if use_amsgrad and use_nesterov:
            raise ValueError(f"For '{self.cls_name}', 'use_amsgrad' and 'use_nesterov' cannot both be True.")
        self.params = self.parameters
        self.beta1, self.beta2, self.eps = _float32(beta1, beta2, eps)
        self.use_locking = use_locking
        self.use_nesterov = use_nesterov
        self.use_amsgrad = use_amsgrad
        self.beta1_power = _power_param("beta1_power", self._power_shape)
        self.beta2_power = _power_param("beta2_power", self._power_shape)
        self.moment1 = self._clone_state("moment1")
        self.moment2 = self._clone_state("moment2")
        if use_amsgrad:
            self.vhat = self._clone_state("vhat")
        self._enable_fused()
        if self._fused_dtype is not None:
            # torch's fused Adam divides by its own bias corrections computed from these step
            # counts; at a huge count both are exactly 1, so the MindSpore corrections passed in
            # the learning rate are the only ones applied.
            big = _state_scalar(1e9, device=self._fused_device)  # the fused kernel's step count
            self.__dict__["_fused_steps"] = [big] * len(self.parameters)

    _power_shape = ()

    def construct(self, gradients):
        grads, lrs = self._begin_step(gradients)
        b1, b2, eps = self.beta1, self.beta2, self.eps
        b1p = self._advance_power(self.beta1_power, b1)
        b2p = self._advance_power(self.beta2_power, b2)
        correction = math.sqrt(1.0 - b2p) / (1.0 - b1p)
        lists = [self._params_t(), grads, self._state_t("moment1"), self._state_t("moment2")]
        if self.use_amsgrad:
            lists.append(self._state_t("vhat"))
        with torch.no_grad():
            for (idx, _), lr in zip(self._lr_buckets, lrs):
                sel = self._bucket_lists(idx, *lists)
                p, g, m, v = sel[:4]
                steps = None
                if self._fusable_step:
                    steps = self._fused_steps if idx is None else self._fused_steps[:len(p)]
                adam_update_(p, g, m, v, sel[4] if self.use_amsgrad else None, lr=lr * correction, beta1=b1,
                             beta2=b2, eps=eps, nesterov=self.use_nesterov, fused_steps=steps)
        return self._updated(gradients)


class AdamOffload(Adam):
    """Adam whose update MindSpore runs on the host; here it is :class:`Adam` (same formula).

    State: as :class:`Adam`, but ``beta1_power``/``beta2_power`` have shape (1,) (MindSpore's).

    Differences from MindSpore: no host offloading is needed; the numbers are Adam's.
    """

    # MindSpore 2.10's host kernel wants the gradient in the Parameter's dtype (TypeError otherwise).
    _grad_dtype = "same"

    _power_shape = (1,)

    @opt_init_args_register
    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
                 use_nesterov=False, weight_decay=0.0, loss_scale=1.0):
        super().__init__(params, learning_rate, beta1, beta2, eps, use_locking, use_nesterov, weight_decay,
                         loss_scale)


class LazyAdam(Adam):
    """Adam that, for sparse (row) gradients, updates only the rows present. Gradients here are
    dense, so every row is present and the update is Adam's.

    State: ``beta1_power``/``beta2_power`` of shape (1,), ``moment1.<name>``, ``moment2.<name>``.
    """

    _power_shape = (1,)

    @opt_init_args_register
    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
                 use_nesterov=False, weight_decay=0.0, loss_scale=1.0):
        super().__init__(params, learning_rate, beta1, beta2, eps, use_locking, use_nesterov, weight_decay,
                         loss_scale)


class AdamWeightDecay(Optimizer):
    """Adam with decoupled weight decay and no bias correction (MindSpore's ``AdamWeightDecay``).

    .. math::
        m = \\beta_1 m + (1 - \\beta_1) g, \\quad v = \\beta_2 v + (1 - \\beta_2) g^2, \\quad
        p = p - lr \\left(\\frac{m}{\\sqrt{v} + \\epsilon} + wd\\,p\\right)

    ``wd`` applies to Parameters whose name contains neither ``beta`` nor ``gamma`` (or per group).

    State: ``adam_m.<name>``, ``adam_v.<name>``.

    Differences from PyTorch: unlike ``torch.optim.AdamW`` there is no bias correction and the
    decay is multiplied by ``lr`` only (not ``lr * wd`` applied before the step).
    """

    # MindSpore 2.10 casts the gradients to float32 first, so it takes any dtype.
    _grad_dtype = None

    _state_names = ("moments1", "moments2")

    @opt_init_args_register
    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        _check_betas_eps(beta1, beta2, eps, self.cls_name)
        self.beta1, self.beta2, self.eps = _float32(beta1, beta2, eps)
        self.moments1 = self._clone_state("adam_m")
        self.moments2 = self._clone_state("adam_v")

    def construct(self, gradients):
        grads, step, lrs = self._read_step(gradients)
        wd_of = self._per_param_decay()
        self._advance_global_step(step)
        b1, b2, eps = self.beta1, self.beta2, self.eps
        params, m_all, v_all = self._params_t(), self._state_t("moments1"), self._state_t("moments2")
        with torch.no_grad():
            for (idx, _), lr in zip(self._lr_buckets, lrs):
                p, g, m, v, wd = self._bucket_lists(idx, params, grads, m_all, v_all, wd_of)
                adam_weight_decay_update_(p, g, m, v, wd, lr=lr, beta1=b1, beta2=b2, eps=eps)
        return self._updated(gradients)


class AdaMax(Optimizer, _BetaPowers):
    """AdaMax (Adam with the infinity norm).

    .. math::
        m = \\beta_1 m + (1 - \\beta_1) g, \\quad v = \\max(\\beta_2 v, |g|), \\quad
        p = p - \\frac{lr}{1 - \\beta_1^t} \\frac{m}{v + \\epsilon}

    State: ``beta1_power`` (1,), ``moment1.<name>``, ``moment2.<name>``.
    """

    _state_names = ("moment1", "moment2")

    @opt_init_args_register
    def __init__(self, params, learning_rate=0.001, beta1=0.9, beta2=0.999, eps=1e-08, weight_decay=0.0,
                 loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        _check_betas_eps(beta1, beta2, eps, self.cls_name)
        self.beta1, self.beta2, self.eps = _float32(beta1, beta2, eps)
        self.beta1_power = _power_param("beta1_power", (1,))
        self.moment1 = self._clone_state("moment1")
        self.moment2 = self._clone_state("moment2")

    def construct(self, gradients):
        grads, lrs = self._begin_step(gradients)
        b1p = self._advance_power(self.beta1_power, self.beta1)
        params, m_all, v_all = self._params_t(), self._state_t("moment1"), self._state_t("moment2")
        with torch.no_grad():
            for (idx, _), lr in zip(self._lr_buckets, lrs):
                p, g, m, v = self._bucket_lists(idx, params, grads, m_all, v_all)
                adamax_update_(p, g, m, v, lr=lr / (1.0 - b1p), beta1=self.beta1, beta2=self.beta2, eps=self.eps)
        return self._updated(gradients)


__all__ = ["Adam", "AdamOffload", "LazyAdam", "AdamWeightDecay", "AdaMax"]
