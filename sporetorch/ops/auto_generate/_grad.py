"""Gradient Primitives of ``ops.auto_generate`` from autograd of the forward op: ``AbsGrad()(x, dout)`` is the
vector-Jacobian product of our ``abs`` at ``x`` with ``dout``, so a derivative has no second body."""
import torch

from ...common.tensor import Tensor, _wrap


def vjp(forward, args, cotangent, wrt=(0,)):
    """The gradients of ``forward(*args)`` with respect to ``args[i]`` (``i`` in ``wrt``), for the output
    gradient ``cotangent``: one Tensor, or a tuple for several ``wrt``."""
    args = list(args)
    leaves = []
    for i in wrt:
        leaf = args[i]._t.detach().requires_grad_(True)
        args[i] = _wrap(leaf)
        leaves.append(leaf)
    with torch.enable_grad():
        out = forward(*args)
        out_t = out._t if isinstance(out, Tensor) else out
        grad_t = cotangent._t if isinstance(cotangent, Tensor) else torch.as_tensor(cotangent, dtype=out_t.dtype)
        grads = torch.autograd.grad(out_t, leaves, grad_t.to(out_t.dtype).expand_as(out_t), allow_unused=True)
    result = tuple(_wrap(g if g is not None else torch.zeros_like(leaf)) for g, leaf in zip(grads, leaves))
    return result[0] if len(result) == 1 else result


def vjp_of_vjp(forward, args, cotangent, wrt, second_cotangents):
    """Second order: the gradients of ``sum_i <g_i, second_cotangents[i]>`` with respect to ``args[i]``
    (``i`` in ``wrt``) and then ``cotangent``, where ``g = vjp(forward, args, cotangent, wrt)``."""
    args = list(args)
    leaves = []
    for i in wrt:
        leaf = args[i]._t.detach().requires_grad_(True)
        args[i] = _wrap(leaf)
        leaves.append(leaf)
    dy = cotangent._t.detach().requires_grad_(True)
    with torch.enable_grad():
        out = forward(*args)
        firsts = torch.autograd.grad(out._t, leaves, dy, create_graph=True, allow_unused=True)
        total = sum((g * d._t).sum() for g, d in zip(firsts, second_cotangents) if g is not None)
        seconds = torch.autograd.grad(total, leaves + [dy], allow_unused=True)
    return tuple(_wrap(g if g is not None else torch.zeros_like(t)) for g, t in zip(seconds, leaves + [dy]))
