"""Optimizer-update kernels: the maths of MindSpore's ``Apply*``/``SparseApply*``/``Adam``/``SGD``
Primitives, which have no functional op in MindSpore 2.10 (their classes in ``ops/operations/optim_ops.py``
call these).

Each updates its Parameter inputs (``var`` and the optimizer slots) with MindSpore's formula and returns
them, as MindSpore's in-place kernels do. The updates run without recording autograd and go through
``tensor_methods._set``, so they never disturb a graph.
"""
import torch

from ...common.tensor import Tensor, _wrap
from ...common._inplace import _set
from ...common.tensor import _u
from ._utils import _ut

__all__ = []


def _v(x):
    """A torch value for a Tensor or Python number input, detached from any graph."""
    return x._t.detach() if isinstance(x, Tensor) else x


def _proximal(prox, rate, l1, l2):
    """The proximal step of L1/L2 regularisation at effective rate ``rate``:
    ``sign(prox) * max(|prox| - rate * l1, 0) / (1 + rate * l2)`` (torch tensors or numbers).
    Shared by ``ApplyProximalGradientDescent`` and ``nn.ProximalAdagrad``."""
    return torch.sign(prox) * torch.clamp_min(torch.abs(prox) - rate * l1, 0) / (1 + rate * l2)


def _ftrl(var, accum, linear, grad, lr, l1, l2, lr_power):
    """One FTRL-Proximal step on torch tensors; returns the new ``(var, accum, linear)``.
    Shared by ``ApplyFtrl`` and ``nn.FTRL``."""
    p = -lr_power
    acc = accum + grad * grad
    acc_pow = acc ** p
    lin = linear + grad - (acc_pow - accum ** p) / lr * var
    quadratic = acc_pow / lr + 2 * l2
    new = torch.where(torch.abs(lin) > l1, (torch.sign(lin) * l1 - lin) / quadratic, torch.zeros_like(var))
    return new, acc, lin


def _rows(indices):
    return indices._t.long().reshape(-1)


def _sparse_adagrad(var, accum, grad, indices, lr, epsilon, update_slots):
    """Adagrad on the rows ``indices`` of ``var`` and ``accum``, dividing by ``sqrt(accum) + epsilon``;
    shared by SparseApplyAdagrad (``epsilon`` 0) and SparseApplyAdagradV2. Returns ``(var, accum)``."""
    with torch.no_grad():
        idx, g = _rows(indices), grad._t
        acc = accum._t.clone()
        if update_slots:
            acc.index_add_(0, idx, g * g)
        w = var._t.clone()
        w.index_add_(0, idx, -lr * g / (torch.sqrt(acc[idx]) + epsilon))
        _set(accum, acc)
        _set(var, w)
    return var, accum


# The maths of Primitives that have no functional op in MindSpore 2.10 (their classes in ops/operations
# adapt the attributes and call these; not exported).
def apply_momentum(variable, accumulation, learning_rate, gradient, momentum, *, use_nesterov, gradient_scale):
    """``accum = accum * momentum + grad``; ``var -= lr * accum`` (Nesterov: ``lr * (grad + momentum * accum)``),
    with ``grad`` multiplied by ``gradient_scale``; returns ``var``."""
    with torch.no_grad():
        g, lr, mom = _v(gradient) * gradient_scale, _v(learning_rate), _v(momentum)
        acc = _v(accumulation) * mom + g
        _set(accumulation, acc)
        step = (g + mom * acc) if use_nesterov else acc
        _set(variable, _v(variable) - lr * step)
    return variable


def sgd(parameters, gradient, learning_rate, accum, momentum, stat, *, weight_decay, nesterov, dampening):
    """``SGD``: Stochastic gradient descent with momentum, dampening, weight decay and Nesterov (PyTorch's
    formula)."""
    with torch.no_grad():
        p, g, mom = _v(parameters), _v(gradient), _v(momentum)
        if weight_decay:
            g = g + weight_decay * p
        first = _v(stat) > 0
        acc = torch.where(first, g, _v(accum) * mom + (1 - dampening) * g)
        _set(accum, acc)
        _set(stat, torch.zeros_like(_v(stat)))
        step = g + mom * acc if nesterov else acc
        _set(parameters, p - _v(learning_rate) * step)
    return parameters


def apply_gradient_descent(var, alpha, delta):
    """``var -= alpha * delta``."""
    with torch.no_grad():
        _set(var, _v(var) - _v(alpha) * _v(delta))
    return var


def adam(var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient, *, use_nesterov):
    """``Adam``: Adam update of ``var`` with moments ``m``/``v``; returns ``(var, m, v)``."""
    with torch.no_grad():
        g, b1, b2 = _v(gradient), _v(beta1), _v(beta2)
        lr_t = _v(lr) * (1 - _v(beta2_power)) ** 0.5 / (1 - _v(beta1_power))
        m_new = _v(m) + (g - _v(m)) * (1 - b1)
        v_new = _v(v) + (g * g - _v(v)) * (1 - b2)
        num = m_new * b1 + (1 - b1) * g if use_nesterov else m_new
        _set(m, m_new)
        _set(v, v_new)
        _set(var, _v(var) - lr_t * num / (torch.sqrt(v_new) + _v(epsilon)))
    return var, m, v


def adam_weight_decay(var, m, v, lr, beta1, beta2, epsilon, decay, gradient):
    """``AdamWeightDecay``: AdamW update (decoupled ``decay``); returns ``(var, m, v)``."""
    with torch.no_grad():
        g, b1, b2 = _v(gradient), _v(beta1), _v(beta2)
        m_new = b1 * _v(m) + (1 - b1) * g
        v_new = b2 * _v(v) + (1 - b2) * g * g
        update = m_new / (torch.sqrt(v_new) + _v(epsilon)) + _v(decay) * _v(var)
        _set(m, m_new)
        _set(v, v_new)
        _set(var, _v(var) - _v(lr) * update)
    return var, m, v


def apply_adagrad(var, accum, lr, grad, *, update_slots):
    """``accum += grad ** 2``; ``var -= lr * grad / sqrt(accum)``; returns ``(var, accum)``."""
    with torch.no_grad():
        g = _v(grad)
        acc = _v(accum) + g * g if update_slots else _v(accum)
        _set(accum, acc)
        _set(var, _v(var) - _v(lr) * g / torch.sqrt(acc))
    return var, accum


def apply_rms_prop(var, mean_square, moment, learning_rate, grad, decay, momentum, epsilon):
    """``ApplyRMSProp``: RMSProp: ``ms = decay*ms + (1-decay)*g^2``; ``mom = momentum*mom + lr*g/sqrt(ms+eps)``;
    ``var -= mom``."""
    with torch.no_grad():
        g = _v(grad)
        ms = _v(decay) * _v(mean_square) + (1 - _v(decay)) * g * g
        mom = _v(momentum) * _v(moment) + _v(learning_rate) * g / torch.sqrt(ms + _v(epsilon))
        _set(mean_square, ms)
        _set(moment, mom)
        _set(var, _v(var) - mom)
    return var


def apply_centered_rms_prop(var, mean_gradient, mean_square, moment, grad, learning_rate, decay, momentum, epsilon):
    """``ApplyCenteredRMSProp``: Centered RMSProp (the mean gradient is subtracted from the mean square)."""
    with torch.no_grad():
        g, d = _v(grad), _v(decay)
        mg = d * _v(mean_gradient) + (1 - d) * g
        ms = d * _v(mean_square) + (1 - d) * g * g
        mom = _v(momentum) * _v(moment) + _v(learning_rate) * g / torch.sqrt(ms - mg * mg + _v(epsilon))
        _set(mean_gradient, mg)
        _set(mean_square, ms)
        _set(moment, mom)
        _set(var, _v(var) - mom)
    return var


def apply_ada_max(var, m, v, beta1_power, lr, beta1, beta2, epsilon, grad):
    """``ApplyAdaMax``: AdaMax: ``v = max(beta2 * v, |g|)``; returns ``(var, m, v)``."""
    with torch.no_grad():
        g, b1 = _v(grad), _v(beta1)
        m_new = b1 * _v(m) + (1 - b1) * g
        v_new = torch.maximum(_v(beta2) * _v(v), torch.abs(g))
        _set(m, m_new)
        _set(v, v_new)
        _set(var, _v(var) - _v(lr) / (1 - _v(beta1_power)) * m_new / (v_new + _v(epsilon)))
    return var, m, v


def apply_adadelta(var, accum, accum_update, lr, rho, epsilon, grad):
    """``ApplyAdadelta``: Adadelta; returns ``(var, accum, accum_update)``."""
    with torch.no_grad():
        g, r, eps = _v(grad), _v(rho), _v(epsilon)
        acc = r * _v(accum) + (1 - r) * g * g
        update = torch.sqrt(_v(accum_update) + eps) / torch.sqrt(acc + eps) * g
        _set(accum, acc)
        _set(accum_update, r * _v(accum_update) + (1 - r) * update * update)
        _set(var, _v(var) - _v(lr) * update)
    return var, accum, accum_update


def apply_add_sign(var, m, lr, alpha, sign_decay, beta, grad):
    """``ApplyAddSign``: AddSign: ``var -= lr * (alpha + sign_decay * sign(g) * sign(m)) * g``; returns ``(var,
    m)``."""
    with torch.no_grad():
        g = _v(grad)
        m_new = _v(beta) * _v(m) + (1 - _v(beta)) * g
        update = (_v(alpha) + _v(sign_decay) * torch.sign(g) * torch.sign(m_new)) * g
        _set(m, m_new)
        _set(var, _v(var) - _v(lr) * update)
    return var, m


def apply_power_sign(var, m, lr, logbase, sign_decay, beta, grad):
    """``ApplyPowerSign``: PowerSign: ``var -= lr * exp(logbase * sign_decay * sign(g) * sign(m)) * g``; returns
    ``(var, m)``."""
    with torch.no_grad():
        g = _v(grad)
        m_new = _v(beta) * _v(m) + (1 - _v(beta)) * g
        scale = torch.exp(_v(logbase) * _v(sign_decay) * torch.sign(g) * torch.sign(m_new))
        _set(m, m_new)
        _set(var, _v(var) - _v(lr) * scale * g)
    return var, m


def apply_proximal_gradient_descent(var, alpha, l1, l2, delta):
    """``ApplyProximalGradientDescent``: Proximal gradient descent with L1 ``l1`` and L2 ``l2`` regularisation."""
    with torch.no_grad():
        a = _v(alpha)
        _set(var, _proximal(_v(var) - a * _v(delta), a, _v(l1), _v(l2)))
    return var


def apply_keras_momentum(var, accum, lr, grad, momentum, *, use_nesterov):
    """``ApplyKerasMomentum``: Keras momentum: ``accum = momentum * accum - lr * grad``; ``var += accum``; returns
    ``(var, accum)``."""
    with torch.no_grad():
        g, mom, rate = _v(grad), _v(momentum), _v(lr)
        acc = mom * _v(accum) - rate * g
        _set(accum, acc)
        step = mom * acc - rate * g if use_nesterov else acc
        _set(var, _v(var) + step)
    return var, accum


def apply_ftrl(var, accum, linear, grad, lr, l1, l2, lr_power):
    """``ApplyFtrl``: FTRL-proximal update of ``var`` with slots ``accum`` and ``linear``; returns ``var``."""
    with torch.no_grad():
        new, acc, lin = _ftrl(_v(var), _v(accum), _v(linear), _v(grad), _v(lr), _v(l1), _v(l2), _v(lr_power))
        _set(accum, acc)
        _set(linear, lin)
        _set(var, new)
    return var


def apply_adam_with_amsgrad(var, m, v, vhat, beta1_power, beta2_power, lr, grad, *, beta1, beta2, epsilon):
    """``ApplyAdamWithAmsgrad``: AMSGrad Adam: ``vhat = max(vhat, v)`` in the denominator; returns ``(var, m, v,
    vhat)``."""
    with torch.no_grad():
        g = grad._t
        b1, b2 = beta1, beta2
        lr_t = _u(lr) * (1 - _u(beta2_power)) ** 0.5 / (1 - _u(beta1_power))
        m_new = b1 * m._t + (1 - b1) * g
        v_new = b2 * v._t + (1 - b2) * g * g
        vhat_new = torch.maximum(vhat._t, v_new)
        _set(m, m_new)
        _set(v, v_new)
        _set(vhat, vhat_new)
        _set(var, var._t - lr_t * m_new / (torch.sqrt(vhat_new) + epsilon))
    return var, m, v, vhat


def apply_proximal_adagrad(var, accum, lr, l1, l2, grad):
    """``ApplyProximalAdagrad``: Adagrad with a proximal L1/L2 step; returns ``(var, accum)``."""
    with torch.no_grad():
        g = grad._t
        acc = accum._t + g * g
        rate = _u(lr) / torch.sqrt(acc)
        prox = var._t - rate * g
        new = torch.sign(prox) / (1 + rate * _u(l2)) * torch.clamp_min(torch.abs(prox) - rate * _u(l1), 0)
        _set(accum, acc)
        _set(var, new)
    return var, accum


def lars_update(weight, gradient, norm_weight, norm_gradient, weight_decay, learning_rate, *, use_clip, hyperpara, epsilon):
    """``LARSUpdate``: Layer-wise adaptive rate scaling of ``gradient`` (weight decay folded in)."""
    w_norm = torch.sqrt(norm_weight._t)
    g_norm = torch.sqrt(norm_gradient._t)
    wd, lr = _u(weight_decay), _u(learning_rate)
    # As in MindSpore's kernel (and nn.LARS), a zero norm has no special case.
    trust = hyperpara * w_norm / (g_norm + wd * w_norm + epsilon)
    if use_clip:
        trust = torch.clamp(trust / lr, max=1.0)
    return _wrap(trust * (gradient._t + wd * weight._t))


def sparse_apply_adagrad(var, accum, grad, indices, *, lr, update_slots):
    """``SparseApplyAdagrad``: Adagrad on the rows ``indices`` of ``var`` and ``accum``; returns ``(var,
    accum)``."""
    return _sparse_adagrad(var, accum, grad, indices, lr, 0.0, update_slots)


def sparse_apply_rms_prop(var, ms, mom, lr, grad, indices, *, rho, momentum, epsilon):
    """``SparseApplyRMSProp``: RMSProp on the rows ``indices``; returns ``(var, ms, mom)``."""
    with torch.no_grad():
        idx, g = _rows(indices), grad._t
        ms_t, mom_t, w = ms._t.clone(), mom._t.clone(), var._t.clone()
        ms_t[idx] = rho * ms_t[idx] + (1 - rho) * g * g
        mom_t[idx] = momentum * mom_t[idx] + _u(lr) * g / torch.sqrt(ms_t[idx] + epsilon)
        w[idx] = w[idx] - mom_t[idx]
        _set(ms, ms_t)
        _set(mom, mom_t)
        _set(var, w)
    return var, ms, mom


def sparse_apply_proximal_adagrad(var, accum, lr, l1, l2, grad, indices):
    """``SparseApplyProximalAdagrad``: Proximal Adagrad on the rows ``indices``; returns ``(var, accum)``."""
    with torch.no_grad():
        idx, g = _rows(indices), grad._t
        acc, w = accum._t.clone(), var._t.clone()
        acc[idx] = acc[idx] + g * g
        rate = _u(lr) / torch.sqrt(acc[idx])
        prox = w[idx] - rate * g
        w[idx] = torch.sign(prox) / (1 + rate * _u(l2)) * torch.clamp_min(torch.abs(prox) - rate * _u(l1), 0)
        _set(accum, acc)
        _set(var, w)
    return var, accum


def sparse_apply_ftrl(var, accum, linear, grad, indices, *, lr_power, lr, l2, l1):
    """``SparseApplyFtrl``: FTRL-proximal on the rows ``indices``; returns ``(var, accum, linear)``."""
    with torch.no_grad():
        idx, g = _rows(indices), grad._t
        w, acc, lin = var._t.clone(), accum._t.clone(), linear._t.clone()
        p = -lr_power
        acc_new = acc[idx] + g * g
        lin[idx] = lin[idx] + g - (acc_new ** p - acc[idx] ** p) / lr * w[idx]
        quad = acc_new ** p / lr + 2 * l2
        w[idx] = torch.where(torch.abs(lin[idx]) > l1, (torch.sign(lin[idx]) * l1 - lin[idx]) / quad,
                             torch.zeros_like(quad))
        acc[idx] = acc_new
        _set(accum, acc)
        _set(linear, lin)
        _set(var, w)
    return var, accum, linear


def apply_adagrad_da(var, gradient_accumulator, gradient_squared_accumulator, grad, lr, l1, l2, global_step):
    """``ApplyAdagradDA``: Adagrad dual averaging: ``grad_accum += grad``; ``grad_squared_accum += grad ** 2``;
    ``var = -lr * sign(grad_accum) * max(|grad_accum| - l1 * global_step, 0) / (l2 * global_step * lr +
    sqrt(grad_squared_accum))`` (no L1 shrinkage when ``l1 == 0``). Returns ``var``."""
    with torch.no_grad():
        g = grad._t.detach()
        acc = gradient_accumulator._t.detach() + g
        sq = gradient_squared_accumulator._t.detach() + g * g
        lr_, l1_, l2_, step = (_ut(v, g) for v in (lr, l1, l2, global_step))
        shrunk = torch.sign(acc) * torch.clamp_min(acc.abs() - l1_ * step, 0) if float(l1_) > 0 else acc
        _set(gradient_accumulator, acc)
        _set(gradient_squared_accumulator, sq)
        _set(var, -shrunk * lr_ / (l2_ * step * lr_ + torch.sqrt(sq)))
    return var


def adam_no_update_param(m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, gradient):
    """``AdamNoUpdateParam``: Adam's moment updates, returning the step instead of applying it: ``m = beta1 * m + (1
    - beta1) * g``; ``v = beta2 * v + (1 - beta2) * g ** 2``; returns ``-lr * sqrt(1 - beta2_power) / (1 -
    beta1_power) * m / (sqrt(v) + epsilon)``."""
    with torch.no_grad():
        g = gradient._t.detach()
        b1p, b2p, lr_, b1, b2, eps = (_ut(x, g) for x in (beta1_power, beta2_power, lr, beta1, beta2, epsilon))
        m_new = b1 * m._t.detach() + (1 - b1) * g
        v_new = b2 * v._t.detach() + (1 - b2) * g * g
        _set(m, m_new)
        _set(v, v_new)
        return _wrap(-lr_ * torch.sqrt(1 - b2p) / (1 - b1p) * m_new / (torch.sqrt(v_new) + eps))


def apply_adagrad_v2(var, accum, lr, grad, *, update_slots, epsilon):
    """``ApplyAdagradV2``: Adagrad with ``epsilon``: ``var -= lr * grad / (sqrt(accum) + epsilon)``; returns ``(var,
    accum)``."""
    with torch.no_grad():
        g = _v(grad)
        acc = _v(accum) + g * g if update_slots else _v(accum)
        _set(accum, acc)
        _set(var, _v(var) - _v(lr) * g / (torch.sqrt(acc) + epsilon))
    return var, accum


def sparse_apply_adagrad_v2(var, accum, grad, indices, *, lr, epsilon, update_slots):
    """``SparseApplyAdagradV2``: Adagrad with ``epsilon`` on the rows ``indices``; returns ``(var, accum)``."""
    return _sparse_adagrad(var, accum, grad, indices, lr, epsilon, update_slots)
