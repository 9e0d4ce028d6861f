"""Gradient Primitives of ``ops.auto_generate`` from autograd of the forward op: ``AbsGrad()(x, dout)`` is the
vector-Jacobian product of our ``abs`` at ``x`` with ``dout`` (``ops.vjp``), so a derivative has no second
body."""
from ... import ops as _ops


def _substituted(forward, args, wrt):
    """``forward`` as a function of ``args[i]`` for ``i`` in ``wrt``, the other arguments held."""
    def partial(*varying):
        full = list(args)
        for i, value in zip(wrt, varying):
            full[i] = value
        return forward(*full)
    return partial


def vjp(forward, args, cotangent, wrt=(0,)):
    """The gradients of ``forward(*args)`` with respect to ``args[i]`` (``i`` in ``wrt``), for the output
    gradient ``cotangent``: one Tensor, or a tuple for several ``wrt``."""
    _, pullback = _ops.vjp(_substituted(forward, args, wrt), *(args[i] for i in wrt))
    grads = pullback(cotangent)
    return grads[0] if len(wrt) == 1 else tuple(grads)


def vjp_of_vjp(forward, args, cotangent, wrt, second_cotangents):
    """Second order: the gradients of ``sum_i <g_i, second_cotangents[i]>`` with respect to ``args[i]``
    (``i`` in ``wrt``) and then ``cotangent``, where ``g = vjp(forward, args, cotangent, wrt)``."""
    def first(*values):
        return tuple(vjp(forward, _put(args, wrt, values[:-1]), values[-1], wrt) if len(wrt) > 1
                     else (vjp(forward, _put(args, wrt, values[:-1]), values[-1], wrt),))
    _, pullback = _ops.vjp(first, *(args[i] for i in wrt), cotangent)
    return tuple(pullback(tuple(second_cotangents)))


def _put(args, wrt, values):
    full = list(args)
    for i, value in zip(wrt, values):
        full[i] = value
    return full
