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


# ------------------------------------------------------------------ MindSpore's per-parameter update functions
# The functions MindSpore registers on its ``adam_opt``/``lazy_adam_opt``/``fused_adam_weight_decay``
# MultitypeFuncGraphs, as plain functions of the same names. Each calls the update Primitive it is given, or
# composes ``ops`` for a RowTensor gradient, and returns True as MindSpore's do.
def _run_opt_with_one_number(opt, sparse_opt, use_locking, use_nesterov, target, beta1_power, beta2_power,
                             beta1, beta2, eps, lr, gradient, param, moment1, moment2):
    """Adam on a dense gradient: ``opt(param, m, v, beta1_power, beta2_power, lr, beta1, beta2, eps, grad)``."""
    opt(param, moment1, moment2, beta1_power, beta2_power, lr, beta1, beta2, eps, gradient)
    return True


def _run_opt_with_one_number_dist(opt, sparse_opt, use_locking, use_nesterov, target, beta1_power, beta2_power,
                                  beta1, beta2, eps, lr, gradient, param, moment1, moment2, distributed_opt,
                                  use_flag, distributed_sparse_opt, use_sparse_flag):
    """:func:`_run_opt_with_one_number` with ``distributed_opt`` in its place when ``use_flag``."""
    (distributed_opt if use_flag else opt)(param, moment1, moment2, beta1_power, beta2_power, lr, beta1, beta2,
                                           eps, gradient)
    return True


_run_lazy_opt_with_one_number = _run_opt_with_one_number
_run_lazy_opt_with_one_number_dist = _run_opt_with_one_number_dist


def _run_opt_with_one_number_use_amsgrad(opt, sparse_opt, use_locking, use_nesterov, target, beta1_power,
                                         beta2_power, beta1, beta2, eps, lr, gradient, param, moment1, moment2, vhat):
    """AMSGrad Adam on a dense gradient: ``opt(param, m, v, vhat, beta1_power, beta2_power, lr, beta1, beta2,
    eps, grad)``."""
    opt(param, moment1, moment2, vhat, beta1_power, beta2_power, lr, beta1, beta2, eps, gradient)
    return True


def _run_off_load_opt(opt, beta1_power, beta2_power, beta1, beta2, eps, lr, gradient, param, moment1, moment2):
    """AdamOffload: ``opt`` returns the parameter's change, added to ``param``."""
    from ... import ops
    delta = opt(moment1, moment2, beta1_power, beta2_power, lr, beta1, beta2, eps, gradient)
    ops.assign_add(param, delta)
    return True


def _sparse_adam(use_nesterov, beta1_power, beta2_power, beta1, beta2, eps, lr, gradient, param, m, v):
    """Adam with a RowTensor gradient, as MindSpore composes it: every row's moments decay, the gradient's
    rows are added, and every row of ``param`` moves."""
    from ... import ops
    idx = ops.expand_dims(gradient.indices, -1)
    values = gradient.values
    next_m = ops.tensor_scatter_add(ops.mul(beta1, m), idx, ops.mul(1.0 - beta1, values))
    next_v = ops.tensor_scatter_add(ops.mul(beta2, v), idx, ops.mul(1.0 - beta2, ops.square(values)))
    numerator = next_m
    if use_nesterov:
        numerator = ops.tensor_scatter_add(ops.mul(beta1, next_m), idx, ops.mul(1.0 - beta1, values))
    lr_t = lr * ops.sqrt(1 - beta2_power) / (1 - beta1_power)
    ops.assign(param, param - lr_t * (numerator / (ops.sqrt(next_v) + eps)))
    ops.assign(m, next_m)
    ops.assign(v, next_v)


def _lazy_sparse_adam(use_locking, use_nesterov, beta1_power, beta2_power, beta1, beta2, eps, lr, gradient, params,
                      m, v):
    """LazyAdam with a RowTensor gradient: only the gradient's rows of ``params`` and the moments change."""
    from ... import ops
    indices, values = gradient.indices, gradient.values
    next_m = ops.gather(m, indices, 0) * beta1 + values * (1 - beta1)
    next_v = ops.gather(v, indices, 0) * beta2 + values * values * (1 - beta2)
    lr_t = lr * ops.sqrt(1 - beta2_power) / (1 - beta1_power)
    numerator = beta1 * next_m + values * (1 - beta1) if use_nesterov else next_m
    ops.scatter_add(params, indices, -lr_t * (numerator / (ops.sqrt(next_v) + eps)))
    ops.scatter_update(m, indices, next_m)
    ops.scatter_update(v, indices, next_v)


def _run_opt_with_sparse(opt, sparse_opt, use_locking, use_nesterov, target, beta1_power, beta2_power, beta1, beta2,
                         eps, lr, gradient, param, m, v):
    """Adam on a RowTensor gradient: ``sparse_opt`` (MindSpore's fused sparse kernel) unless ``target``, else
    composed from ops."""
    if not target:
        sparse_opt(param, m, v, beta1_power, beta2_power, lr, beta1, beta2, eps, gradient.values, gradient.indices)
    else:
        _sparse_adam(use_nesterov, beta1_power, beta2_power, beta1, beta2, eps, lr, gradient, param, m, v)
    return True


def _run_opt_with_sparse_dist(opt, sparse_opt, use_locking, use_nesterov, target, beta1_power, beta2_power,
                              beta1, beta2, eps, lr, gradient, param, m, v, distributed_opt, use_flag,
                              distributed_sparse_opt, use_sparse_flag):
    """:func:`_run_opt_with_sparse`, with ``distributed_sparse_opt`` when ``use_sparse_flag``."""
    if use_sparse_flag:
        distributed_sparse_opt(param, m, v, beta1_power, beta2_power, lr, beta1, beta2, eps, gradient.values,
                               gradient.indices)
        return True
    return _run_opt_with_sparse(opt, sparse_opt, use_locking, use_nesterov, target, beta1_power, beta2_power,
                                beta1, beta2, eps, lr, gradient, param, m, v)


def _run_lazy_opt_with_sparse(opt, sparse_opt, use_locking, use_nesterov, target, beta1_power, beta2_power, beta1,
                              beta2, eps, lr, gradient, params, m, v):
    """LazyAdam on a RowTensor gradient: ``sparse_opt`` unless ``target``, else composed from ops."""
    if not target:
        sparse_opt(params, m, v, beta1_power, beta2_power, lr, beta1, beta2, eps, gradient.values, gradient.indices)
    else:
        _lazy_sparse_adam(use_locking, use_nesterov, beta1_power, beta2_power, beta1, beta2, eps, lr, gradient,
                          params, m, v)
    return True


def _run_lazy_opt_with_sparse_dist(opt, sparse_opt, use_locking, use_nesterov, target, beta1_power, beta2_power,
                                   beta1, beta2, eps, lr, gradient, params, m, v, distributed_opt, use_flag,
                                   distributed_sparse_opt, use_sparse_flag):
    """:func:`_run_lazy_opt_with_sparse`, with ``distributed_sparse_opt`` when ``use_sparse_flag``."""
    if use_sparse_flag:
        distributed_sparse_opt(params, m, v, beta1_power, beta2_power, lr, beta1, beta2, eps, gradient.values,
                               gradient.indices)
        return True
    return _run_lazy_opt_with_sparse(opt, sparse_opt, use_locking, use_nesterov, target, beta1_power, beta2_power,
                                     beta1, beta2, eps, lr, gradient, params, m, v)


def _update_run_op(beta1, beta2, eps, lr, weight_decay, param, m, v, gradient, decay_flag, optim_filter):
    """One AdamWeightDecay step of ``param`` (``AdamWeightDecay``'s kernel, decay only with ``decay_flag``);
    returns the new ``param`` value, or ``gradient`` (in the param's dtype) without ``optim_filter``."""
    from ... import ops
    from ...ops.function.optim_func import adam_weight_decay
    if not optim_filter:
        return ops.cast(gradient, param.dtype)
    adam_weight_decay(param, m, v, lr, beta1, beta2, eps, weight_decay if decay_flag else 0.0, gradient)
    return ops.cast(param, param.dtype)


def _run_fused_adam_weight_decay_opt(opt, beta1, beta2, eps, lr, weight_decay, param, moment1, moment2, gradient,
                                     decay_flags, optim_filter):
    """AdamWeightDecay through the fused Primitive ``opt`` (decay 0 without ``decay_flags``, the gradient in the
    param's dtype) when ``optim_filter``; returns True."""
    from ... import ops
    if optim_filter:
        opt(param, moment1, moment2, lr, beta1, beta2, eps, weight_decay if decay_flags else 0.0,
            ops.cast(gradient, param.dtype))
    return True


def _check_param_value(beta1, beta2, eps, prim_name):
    """Adam's argument checks, with MindSpore's messages."""
    from ..._checkparam import INC_NEITHER, check_float_range, check_positive_float, check_value_type
    check_value_type("beta1", beta1, [float], prim_name)
    check_value_type("beta2", beta2, [float], prim_name)
    check_value_type("eps", eps, [float], prim_name)
    check_float_range(beta1, 0.0, 1.0, INC_NEITHER, "beta1", prim_name)
    check_float_range(beta2, 0.0, 1.0, INC_NEITHER, "beta2", prim_name)
    check_positive_float(eps, "eps", prim_name)
