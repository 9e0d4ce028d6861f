"""How a Tensor takes a new value in place (``_set``): the one path of every in-place method, ``x[i] = v`` and the
Parameter updates of the optimizer and assign Primitives. It sits in ``common`` below ``ops`` so that both the
Tensor methods and the Primitives import it without a cycle."""
import torch

from ..autodiff._core import state as _autodiff_state
from .parameter import Parameter

__all__ = []


def _recording(t, new):
    """Whether autograd may need the current value of ``t`` (a differentiation is running,
    or either tensor is part of a graph)."""
    return torch.is_grad_enabled() and (_autodiff_state.depth > 0 or t.requires_grad
                                        or (isinstance(new, torch.Tensor) and new.requires_grad))


def _set(self, new):
    """Make ``new`` the value of ``self`` without breaking autograd.

    While autograd records, the wrapper is rebound to the new value, so tensors saved
    for backward are never overwritten; a plain Tensor keeps the graph of the update,
    a Parameter stores the value detached (its state never carries a graph into the next
    step). Otherwise the storage is updated in place, so every holder of the same torch
    tensor (views, a Parameter's data) sees the new value.
    """
    t = self._t
    if new.dtype != t.dtype:
        new = new.to(t.dtype)
    if _recording(t, new):
        if new.shape != t.shape:
            new = new.expand(t.shape).clone()
        self._t = new.detach() if isinstance(self, Parameter) else new
        return self
    with torch.no_grad():
        t.copy_(new)
    return self
