"""Optimizer update maths, in two forms:

- the kernels of MindSpore's ``Apply*``/``SparseApply*``/``Adam``/``SGD`` Primitives, which have no
  functional op in MindSpore 2.10 (their classes in ``ops/operations/optim_ops.py`` call these). Each
  updates its Parameter inputs (``var`` and the optimizer slots) with MindSpore's formula and returns them,
  as MindSpore's in-place kernels do; the updates run without recording autograd and go through ``_set``,
  so they never disturb a graph;
- the multi-tensor form of the same updates (``*_update_``), which the ``nn.optim`` and
  ``experimental.optim`` optimizers call with their Parameters' tensors, gradients and slots, bucketed by
  learning rate. Each updates its lists in place with ``torch._foreach_*`` kernels (one launch per list,
  the speed of the training step) and runs under the caller's ``torch.no_grad()``.

None of them is part of ``mindspore.ops``: the module exports nothing.
"""
import torch

from ...common._inplace import _set
from ...common.tensor import Tensor, _u, _wrap
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


def _on_rows(update, states, indices, *args):
    """A dense update applied to the rows ``indices`` of the state Tensors ``states``: ``update(*row_states,
    *args)`` runs on copies of those rows, which are then written back. Returns ``states[0]``."""
    from ...common.tensor import _wrap
    idx = _rows(indices)
    rows = [_wrap(st._t[idx].clone()) for st in states]
    update(*rows, *args)
    with torch.no_grad():
        for st, row in zip(states, rows):
            full = st._t.clone()
            full[idx] = row._t
            _set(st, full)
    return states[0]


def sparse_apply_adagrad_da(var, grad_accum, grad_square_accum, grad, indices, lr, l1, l2, global_step):
    """``SparseApplyAdagradDA``: ``apply_adagrad_da`` on the rows ``indices``; returns ``var``."""
    return _on_rows(lambda v, a, sq: apply_adagrad_da(v, a, sq, grad, lr, l1, l2, global_step),
                    [var, grad_accum, grad_square_accum], indices)


def sparse_apply_centered_rms_prop(var, mg, ms, mom, lr, rho, momentum, epsilon, grad, indices):
    """``SparseApplyCenteredRMSProp``: ``apply_centered_rms_prop`` on the rows ``indices``; returns ``var``."""
    return _on_rows(lambda v, g_, s_, m_: apply_centered_rms_prop(v, g_, s_, m_, grad, lr, rho, momentum, epsilon),
                    [var, mg, ms, mom], indices)


def sparse_apply_proximal_gradient_descent(var, alpha, l1, l2, grad, indices):
    """``SparseApplyProximalGradientDescent``: proximal gradient descent on the rows ``indices``; returns
    ``var``."""
    with torch.no_grad():
        idx, a = _rows(indices), _v(alpha)
        w = var._t.clone()
        w[idx] = _proximal(w[idx] - a * grad._t, a, _v(l1), _v(l2))
        _set(var, w)
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


def sparse_apply_momentum(var, accum, lr, grad, indices, momentum):
    """``SparseApplyMomentum``: momentum on the rows ``indices``: ``accum = accum * momentum + grad``;
    ``var -= lr * accum``; returns ``var``. (MindSpore 2.10's CPU kernel applies this update whatever the
    Primitive's ``use_nesterov``.)"""
    with torch.no_grad():
        idx, g = _rows(indices), grad._t
        acc, w = accum._t.clone(), var._t.clone()
        rate, mom = _u(lr), _u(momentum)
        acc[idx] = acc[idx] * mom + g
        w[idx] = w[idx] - rate * acc[idx]
        _set(accum, acc)
        _set(var, w)
    return var


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



# ---------------------------------------------------------------------------- gradient preprocessing
def scale(grads, factor):
    """New tensors ``g * factor`` for ``grads`` (loss-scale division, gradient scaling)."""
    return torch._foreach_mul(grads, factor)


def divide(grads, divisor):
    """New tensors ``g / divisor`` (the mean of all-reduced gradients)."""
    return torch._foreach_div(grads, divisor)


def add_weight_decay(grads, params, wd):
    """New tensors ``g + wd * p`` (L2 weight decay added to the gradients)."""
    return torch._foreach_add(grads, params, alpha=wd)


def negate(grads):
    """New tensors ``-g`` (a maximizing optimizer descends the negated gradients)."""
    return torch._foreach_neg(grads)


def add_scaled_(update, params, wd, indices):
    """``update[i] += wd[i] * params[i]`` for ``indices``, one foreach call per distinct ``wd``."""
    by_value = {}
    for i in indices:
        by_value.setdefault(wd[i], []).append(i)
    for value, idx in by_value.items():
        torch._foreach_add_([update[i] for i in idx], [params[i] for i in idx], alpha=value)


def _decayed_(update, params, wd):
    decayed = [i for i, w in enumerate(wd) if w]
    if decayed:
        add_scaled_(update, params, wd, decayed)


# ---------------------------------------------------------------------------- SGD family
def sgd_update_(params, grads, accum, fresh, *, lr, momentum, dampening, nesterov, fused=False):
    """MindSpore's ``SGD`` update, in place: the buffers of the ``fresh`` indices (a Parameter's first step)
    start at the gradient undampened, the others become ``u * a + (1 - dampening) * g``; then
    ``p -= lr * a`` (``lr * (g + u * a)`` with Nesterov). ``fused``: the tensors suit torch's fused kernel
    (one dtype and device, dense), which then does the update in one pass."""
    if fused and momentum > 0 and len(fresh) in (0, len(accum)):
        # torch: the fused SGD kernel (as torch.optim.SGD(fused=True) calls it) is this update in one pass,
        # including the first step (buffer = g) when every buffer is fresh
        torch._fused_sgd_(params, grads, accum, weight_decay=0.0, momentum=momentum, lr=lr, dampening=dampening,
                          nesterov=nesterov, maximize=False, is_first_step=bool(fresh))
        return
    if len(fresh) == len(accum):
        torch._foreach_copy_(accum, grads)
    else:
        if fresh:
            drop = set(fresh)
            keep_a = [x for i, x in enumerate(accum) if i not in drop]
            keep_g = [x for i, x in enumerate(grads) if i not in drop]
            torch._foreach_copy_([accum[i] for i in fresh], [grads[i] for i in fresh])
        else:
            keep_a, keep_g = accum, grads
        torch._foreach_mul_(keep_a, momentum)
        torch._foreach_add_(keep_a, keep_g, alpha=1.0 - dampening)
    if nesterov:
        torch._foreach_add_(params, torch._foreach_add(grads, accum, alpha=momentum), alpha=-lr)
    else:
        torch._foreach_add_(params, accum, alpha=-lr)


def momentum_update_(params, grads, moments, *, lr, momentum, nesterov, fused=False):
    """MindSpore's ``ApplyMomentum``, in place: ``m = u * m + g``, then ``p -= lr * m`` (``lr * (g + u * m)``
    with Nesterov). ``fused``: as for :func:`sgd_update_`."""
    if fused and momentum > 0:
        # torch: the fused SGD kernel with dampening 0 is this update in one pass
        torch._fused_sgd_(params, grads, moments, weight_decay=0.0, momentum=momentum, lr=lr, dampening=0.0,
                          nesterov=nesterov, maximize=False, is_first_step=False)
        return
    torch._foreach_mul_(moments, momentum)
    torch._foreach_add_(moments, grads)
    if nesterov:
        torch._foreach_add_(params, torch._foreach_add(grads, moments, alpha=momentum), alpha=-lr)
    else:
        torch._foreach_add_(params, moments, alpha=-lr)


def asgd_update_(param, grad, ax, *, eta, mu, lambd):
    """One averaged-SGD step on one tensor, in place: ``p = p (1 - lambd eta) - eta g`` and the running
    average ``ax`` moves toward ``p`` by ``mu``."""
    param.mul_(1.0 - lambd * eta).add_(grad, alpha=-eta)
    if mu != 1:
        ax.add_((param - ax) * mu)
    else:
        ax.copy_(param)


def rprop_update_(params, grads, prevs, step_sizes, *, etaminus, etaplus, step_size_min, step_size_max):
    """One Rprop step, in place: step sizes grow by ``etaplus`` while a gradient keeps its sign and shrink by
    ``etaminus`` (skipping that step) when it flips."""
    for pi, gi, pr, st in zip(params, grads, prevs, step_sizes):
        sign = torch.sign(gi * pr)
        factor = torch.where(sign > 0, etaplus, torch.where(sign < 0, etaminus, 1.0))
        st.mul_(factor.to(st.dtype)).clamp_(step_size_min, step_size_max)
        g_upd = torch.where(sign < 0, torch.zeros_like(gi), gi)
        pi.sub_(torch.sign(g_upd) * st)
        pr.copy_(g_upd)


# ---------------------------------------------------------------------------- Adam family
def adam_update_(params, grads, m, v, vhat, *, lr, beta1, beta2, eps, nesterov=False, fused_steps=None):
    """MindSpore's Adam update (``ops.Adam``), in place.

    ``lr`` already carries the bias correction ``sqrt(1 - beta2^t) / (1 - beta1^t)``; epsilon is
    added to ``sqrt(v)`` (or ``sqrt(vhat)``, ``vhat = max(vhat, v)``, when ``vhat`` is a list).
    ``fused_steps``: the step-count tensors of torch's fused kernel (the tensors suit it), which then does
    the update in one pass; not with Nesterov.
    """
    if fused_steps is not None and not nesterov:
        # torch: the fused Adam kernel (as torch.optim.Adam(fused=True) calls it) is this update in one pass
        torch._fused_adam_(params, grads, m, v, vhat if vhat is not None else [], fused_steps, lr=lr, beta1=beta1,
                           beta2=beta2, weight_decay=0.0, eps=eps, amsgrad=vhat is not None, maximize=False)
        return
    torch._foreach_lerp_(m, grads, 1.0 - beta1)
    torch._foreach_mul_(v, beta2)
    torch._foreach_addcmul_(v, grads, grads, value=1.0 - beta2)
    if vhat is not None:
        torch._foreach_maximum_(vhat, v)
        denom = torch._foreach_sqrt(vhat)
    else:
        denom = torch._foreach_sqrt(v)
    torch._foreach_add_(denom, eps)
    if nesterov:
        num = torch._foreach_mul(m, beta1)
        torch._foreach_add_(num, grads, alpha=1.0 - beta1)
    else:
        num = m
    torch._foreach_addcdiv_(params, num, denom, value=-lr)


def adam_weight_decay_update_(params, grads, m, v, wd, *, lr, beta1, beta2, eps):
    """MindSpore's ``AdamWeightDecay``, in place: ``p -= lr * (m / (sqrt(v) + eps) + wd * p)`` (decoupled
    decay, no bias correction); ``wd`` holds one decay per tensor."""
    torch._foreach_lerp_(m, grads, 1.0 - beta1)
    torch._foreach_mul_(v, beta2)
    torch._foreach_addcmul_(v, grads, grads, value=1.0 - beta2)
    denom = torch._foreach_sqrt(v)
    torch._foreach_add_(denom, eps)
    update = torch._foreach_div(m, denom)
    _decayed_(update, params, wd)
    torch._foreach_add_(params, update, alpha=-lr)


def adamax_update_(params, grads, m, v, *, lr, beta1, beta2, eps):
    """MindSpore's ``ApplyAdaMax``, in place; ``lr`` already divided by ``1 - beta1^t``."""
    torch._foreach_lerp_(m, grads, 1.0 - beta1)
    torch._foreach_mul_(v, beta2)
    torch._foreach_maximum_(v, torch._foreach_abs(grads))
    denom = torch._foreach_add(v, eps)
    torch._foreach_addcdiv_(params, m, denom, value=-lr)


def lamb_update_(params, grads, m, v, wd, *, lr, beta1, beta2, eps, c1, c2):
    """One LAMB step, in place: the bias-corrected Adam direction (``c1``, ``c2``: ``1 - beta^t``) plus
    ``wd * p``, scaled per tensor by the trust ratio ``|p| / |update|`` (1 where either norm is 0)."""
    torch._foreach_lerp_(m, grads, 1.0 - beta1)
    torch._foreach_mul_(v, beta2)
    torch._foreach_addcmul_(v, grads, grads, value=1.0 - beta2)
    denom = torch._foreach_sqrt(torch._foreach_div(v, c2))
    torch._foreach_add_(denom, eps)
    update = torch._foreach_div(torch._foreach_div(m, c1), denom)
    _decayed_(update, params, wd)
    w_norm = torch._foreach_norm(params)
    u_norm = torch._foreach_norm(update)
    for pi, ui, wn, un in zip(params, update, w_norm, u_norm):
        ratio = torch.where((wn > 0) & (un > 0), wn / un, torch.ones_like(wn))
        pi.sub_(ui * (ratio * lr))


def lars_gradient(param, grad, *, wd, coefficient, epsilon, clip_lr=None):
    """The LARS-scaled gradient ``(g + wd p) * trust`` with ``trust = coefficient |p| / (|g| + wd |p| + eps)``,
    capped at 1 relative to ``clip_lr`` when it is given."""
    w_norm, g_norm = torch.linalg.vector_norm(param), torch.linalg.vector_norm(grad)
    trust = coefficient * w_norm / (g_norm + wd * w_norm + epsilon)
    if clip_lr is not None:
        trust = torch.clamp(trust / clip_lr, max=1.0)
    return (grad + wd * param) * trust


# ---------------------------------------------------------------------------- adaptive-rate family
def adagrad_update_(params, grads, accum, *, lr, update_slots=True):
    """MindSpore's ``ApplyAdagrad``, in place: ``a += g^2`` (with ``update_slots``), ``p -= lr g / sqrt(a)``."""
    if update_slots:
        torch._foreach_addcmul_(accum, grads, grads)
    torch._foreach_addcdiv_(params, grads, torch._foreach_sqrt(accum), value=-lr)


def proximal_adagrad_update_(params, grads, accum, *, lr, l1, l2):
    """MindSpore's ``ApplyProximalAdagrad``, in place: the effective rate ``lr / sqrt(a)`` also scales the
    L1 and L2 terms of the proximal step."""
    torch._foreach_addcmul_(accum, grads, grads)
    rate = torch._foreach_reciprocal(torch._foreach_sqrt(accum))
    torch._foreach_mul_(rate, lr)
    prox = torch._foreach_sub(params, torch._foreach_mul(grads, rate))
    for pi, v, r in zip(params, prox, rate):
        pi.copy_(_proximal(v, r, l1, l2))


def adadelta_update_(params, grads, accum, accum_update, *, lr, rho, eps):
    """MindSpore's ``ApplyAdadelta``, in place."""
    torch._foreach_mul_(accum, rho)
    torch._foreach_addcmul_(accum, grads, grads, value=1.0 - rho)
    num = torch._foreach_sqrt(torch._foreach_add(accum_update, eps))
    den = torch._foreach_sqrt(torch._foreach_add(accum, eps))
    update = torch._foreach_div(torch._foreach_mul(num, grads), den)
    torch._foreach_mul_(accum_update, rho)
    torch._foreach_addcmul_(accum_update, update, update, value=1.0 - rho)
    torch._foreach_add_(params, update, alpha=-lr)


def rmsprop_update_(params, grads, ms, moment, mg, *, lr, decay, momentum, epsilon):
    """MindSpore's ``ApplyRMSProp`` (``ApplyCenteredRMSProp`` when ``mg`` is a list), in place."""
    torch._foreach_mul_(ms, decay)
    torch._foreach_addcmul_(ms, grads, grads, value=1.0 - decay)
    if mg is not None:
        torch._foreach_mul_(mg, decay)
        torch._foreach_add_(mg, grads, alpha=1.0 - decay)
        denom = torch._foreach_addcmul(ms, mg, mg, value=-1.0)
    else:
        denom = torch._foreach_add(ms, 0.0)
    torch._foreach_add_(denom, epsilon)
    torch._foreach_sqrt_(denom)
    torch._foreach_mul_(moment, momentum)
    torch._foreach_addcdiv_(moment, grads, denom, value=lr)
    torch._foreach_sub_(params, moment)


def _rms(t):
    return torch.sqrt(torch.mean(t * t))


def _approx_sq_grad(row, col):
    """AdaFactor's factored inverse square root of the second moment from its row and column means:
    ``rsqrt(row / mean(row))[..., None] * rsqrt(col)[..., None, :]``."""
    r_factor = torch.rsqrt(row / row.mean(-1, keepdim=True)).unsqueeze(-1)
    c_factor = torch.rsqrt(col.unsqueeze(-2))
    return r_factor * c_factor


def adafactor_update_(p, g, rate, row, col, full, avg, *, beta2t, eps, clip_threshold, beta1, scale_parameter,
                      weight_decay):
    """One AdaFactor step on one tensor ``p``, in place, computed in float32: the factored second moment
    (``row``/``col`` for a matrix, ``full`` otherwise), the update clipped by its RMS over ``clip_threshold``,
    the first moment ``avg`` when given, decoupled ``weight_decay``."""
    eps0, eps1 = eps
    g32 = g.float()
    p32 = p.float()
    if scale_parameter:
        rate = rate * torch.clamp(_rms(p32), min=eps1)
    sq = g32 * g32 + eps0
    if p.dim() > 1:
        row.mul_(beta2t).add_(sq.mean(-1) * (1.0 - beta2t))
        col.mul_(beta2t).add_(sq.mean(-2) * (1.0 - beta2t))
        update = _approx_sq_grad(row, col) * g32
    else:
        full.copy_(full * beta2t + sq * (1.0 - beta2t))
        update = torch.rsqrt(full.float()) * g32
    update = update / torch.clamp(_rms(update) / clip_threshold, min=1.0) * rate
    if avg is not None:
        avg.copy_(avg * beta1 + update * (1.0 - beta1))
        update = avg
    if weight_decay:
        p32 = p32 - p32 * weight_decay * rate
    p.copy_(p32 - update)


# ---------------------------------------------------------------------------- loss scaling
def all_finite_(tensors):
    """A 0-D bool tensor: whether no tensor of the list ``tensors`` holds inf or NaN (``amp.all_finite``)."""
    if not tensors:
        return torch.tensor(True)
    return torch.stack([torch.isfinite(t).all() for t in tensors]).all()


def unscale_and_check_(tensors, scale):
    """Divide ``tensors`` by ``scale`` in place and return a 0-D float32 tensor, positive when any of them
    holds inf or NaN."""
    found = torch.zeros((), dtype=torch.float32, device=tensors[0].device if tensors else "cpu").reshape(1)
    inv = (1.0 / scale.float()).reshape(1).to(found.device)
    if tensors:
        found.copy_(_any_non_finite(tensors).reshape(1))
        _unscale_(tensors, inv)
    return found.reshape(())


def _any_non_finite(tensors):
    """Whether a tensor of ``tensors`` holds inf or NaN. A tensor's sum is finite only where all its
    elements are, so one fast reduction per tensor decides; a non-finite sum is checked element-wise
    (it may be finite values overflowing the sum)."""
    sums = torch.stack([t.sum(dtype=torch.float32 if t.element_size() < 4 else None).double() for t in tensors])
    suspects = torch.nonzero(~torch.isfinite(sums)).reshape(-1).tolist()
    return torch.tensor(any(not bool(torch.isfinite(tensors[i]).all()) for i in suspects))


def _unscale_(tensors, inv):
    """``tensors *= inv`` as the fused kernel computes it: in float32 (float64 for float64 tensors),
    rounded to a float16/bfloat16 tensor's dtype once."""
    wide = [t for t in tensors if t.element_size() >= 4]
    if wide:
        torch._foreach_mul_(wide, inv.reshape(()))
    for t in tensors:
        if t.element_size() < 4:
            t.copy_(t.float() * inv)


def dynamic_loss_scale_update_(scale, cur, last, overflow, *, factor, window, minimum):
    """MindSpore's dynamic loss-scale update, in place: on ``overflow`` the scale is divided by ``factor`` (not
    below ``minimum``); after ``window`` overflow-free steps (``cur - last``) it is multiplied by ``factor``;
    ``last`` records the step of the last overflow or growth and ``cur`` counts the steps."""
    overflow = torch.as_tensor(overflow).reshape(()).to(torch.bool)
    on_overflow = torch.where(overflow, torch.clamp(scale / factor, min=minimum), scale)
    should_inc = (cur - last) >= window
    last.copy_(torch.where(overflow | should_inc, cur, last))
    grow = should_inc & ~overflow
    scale.copy_(torch.where(grow, on_overflow * factor, on_overflow).to(scale.dtype))
    cur.add_(1)


# ---------------------------------------------------------------------------- optimizer state (nn.optim)
# The slots the ``nn.optim`` optimizers create (moments, accumulators, step counts) and the layout their
# gradients must have for torch's fused kernels; torch tensors in, torch tensors out, as above.
def _state_like(t, fill=0.0, dtype=None):
    """A new slot of ``t``'s shape, device and memory layout filled with ``fill`` (``dtype``: default ``t``'s)."""
    return torch.full_like(t, fill, dtype=dtype or t.dtype)


def _state_scalar(fill, dtype=torch.float32, device=None):
    """A new 0-d slot holding ``fill`` (a step count, a running product of betas)."""
    return torch.full((), fill, dtype=dtype, device=device)


def _same_memory_order(a, b):
    """Whether ``a`` and ``b`` (one shape) lay their elements out alike. Strides of dimensions of
    size 1 do not count: GRAPH_MODE's eager variant returns 1x1 convolutions' weight gradients
    with other strides there, in the same memory order."""
    sa, sb = a.stride(), b.stride()
    return sa == sb or all(x == y for x, y, n in zip(sa, sb, a.shape) if n > 1)


def _in_parameter_layout(grads, params):
    """``(grads, fusable)``: each gradient with its Parameter's strides, and whether torch's fused
    kernels may take them.

    The fused kernels walk a Parameter, its gradient and its state in memory order, ignoring
    strides, while ``autograd.grad`` returns some gradients in another layout than their
    Parameter's (a compiled convolution's weight gradient comes channels-last): those are copied
    into the Parameter's layout. A Parameter whose own layout has gaps (a strided view) leaves the
    step to the ``_foreach_`` kernels, which follow strides.
    """
    out = None
    for i, (g, p) in enumerate(zip(grads, params)):
        t = p._t
        if _same_memory_order(g, t):
            continue
        if out is None:
            out = list(grads)
        layout = torch.empty_like(t)  # memory of the Parameter's layout to copy into
        if layout.stride() != t.stride():
            return grads, False
        out[i] = layout.copy_(g)
    return (grads if out is None else out), True
