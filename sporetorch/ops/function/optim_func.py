"""Optimizer update maths on lists of torch tensors (the multi-tensor form of MindSpore's optimizer
Primitives: ``ApplyMomentum``, ``Adam``, ``ApplyAdagrad``, ``ApplyRMSProp``, ...).

The ``nn.optim`` and ``experimental.optim`` optimizers call these with their Parameters' tensors, their
gradients and their slots, bucketed by learning rate. Each function updates its lists in place with
``torch._foreach_*`` kernels (one launch per list, the speed of the training step) and runs under the
caller's ``torch.no_grad()``. None of them is part of ``mindspore.ops``: the module exports nothing.
"""
import torch

from ..operations.optim_ops import _proximal

__all__ = []


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
def sgd_update_(params, grads, accum, fresh, *, lr, momentum, dampening, nesterov):
    """MindSpore's ``SGD`` update, in place: the buffers of the ``fresh`` indices (a Parameter's first step)
    start at the gradient undampened, the others become ``u * a + (1 - dampening) * g``; then
    ``p -= lr * a`` (``lr * (g + u * a)`` with Nesterov)."""
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


def momentum_update_(params, grads, moments, *, lr, momentum, nesterov):
    """MindSpore's ``ApplyMomentum``, in place: ``m = u * m + g``, then ``p -= lr * m`` (``lr * (g + u * m)``
    with Nesterov)."""
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
def adam_update_(params, grads, m, v, vhat, *, lr, beta1, beta2, eps, nesterov=False):
    """MindSpore's Adam update (``ops.Adam``), in place.

    ``lr`` already carries the bias correction ``sqrt(1 - beta2^t) / (1 - beta1^t)``; epsilon is
    added to ``sqrt(v)`` (or ``sqrt(vhat)``, ``vhat = max(vhat, v)``, when ``vhat`` is a list).
    """
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
        r_factor = torch.rsqrt(row / row.mean(-1, keepdim=True)).unsqueeze(-1)
        c_factor = torch.rsqrt(col.unsqueeze(-2))
        update = r_factor * c_factor * g32
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
    holds inf or NaN (one fused pass)."""
    found = torch.zeros((), dtype=torch.float32, device=tensors[0].device if tensors else "cpu").reshape(1)
    inv = (1.0 / scale.float()).reshape(1).to(found.device)
    if tensors:
        # torch's fused unscale-and-check kernel (the GradScaler's): one pass over every gradient
        torch._amp_foreach_non_finite_check_and_unscale_(tensors, found, inv)
    return found.reshape(())


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
