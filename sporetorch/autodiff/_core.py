"""Shared pieces of the autodiff package: the nesting state and output-structure helpers.

``state.depth`` counts the differentiations in progress (``grad`` calls, ``vjp`` forwards,
``set_grad`` recordings). At depth 0 results are detached; inside an outer differentiation
they keep their graph (``create_graph=True``) so that ``grad(grad(f))`` works.
"""
import torch

from ..common.tensor import Tensor, _wrap


class _State:
    __slots__ = ("depth",)

    def __init__(self):
        self.depth = 0


state = _State()


def flat_tensors(out, acc):
    """Append the torch tensors of a (nested) output structure to ``acc``, in order."""
    if isinstance(out, Tensor):
        acc.append(out._t)
    elif isinstance(out, (tuple, list)):
        for o in out:
            flat_tensors(o, acc)
    elif isinstance(out, dict):
        for o in out.values():
            flat_tensors(o, acc)
    return acc


def rebuild(template, tensors):
    """Return ``template`` with its Tensors replaced, in order, by the torch tensors of ``tensors``."""
    it = iter(tensors)

    def walk(x):
        if isinstance(x, Tensor):
            return _wrap(next(it))
        if isinstance(x, tuple):
            return type(x)(*map(walk, x)) if hasattr(x, "_fields") else tuple(map(walk, x))
        if isinstance(x, list):
            return [walk(v) for v in x]
        if isinstance(x, dict):
            return {k: walk(v) for k, v in x.items()}
        return x

    return walk(template)


def detach(out):
    """Cut a (nested) output from the graph; Tensors that record nothing are returned as they are."""
    if isinstance(out, Tensor):
        t = out._t
        return _wrap(t.detach()) if t.requires_grad else out
    if isinstance(out, tuple):
        return type(out)(*map(detach, out)) if hasattr(out, "_fields") else tuple(map(detach, out))
    if isinstance(out, list):
        return [detach(v) for v in out]
    if isinstance(out, dict):
        return {k: detach(v) for k, v in out.items()}
    return out


def aux_head(out, api):
    """The first output of a ``has_aux`` function, the one differentiated; it must return several."""
    if not isinstance(out, (tuple, list)) or len(out) < 2:
        raise ValueError(f"For '{api}' with has_aux=True, the function must return more than one output "
                         f"(the first is differentiated), but it returned {type(out).__name__}")
    return out[0]


def is_differentiable(t):
    return t.is_floating_point() or t.is_complex()


def make_leaf(t, nested):
    """A tensor to differentiate with respect to: a fresh leaf, or inside an outer
    differentiation an alias that keeps the outer graph connected."""
    if nested and t.requires_grad:
        return t.view_as(t)
    return t.detach().requires_grad_()


def grad_outputs_for(outs, sens):
    """Sensitivities for ``torch.autograd.grad``: ones (None for scalars) unless ``sens`` gives them."""
    if sens is None:
        return [None if o.dim() == 0 else torch.ones_like(o) for o in outs]
    return sens
