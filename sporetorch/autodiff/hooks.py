"""Gradient hooks: Cell backward hooks, ``ops.HookBackward`` and saved-tensor hooks.

Cell backward hooks use torch's own machinery for ``nn.Module`` full backward hooks
(``torch.utils.hooks.BackwardHook``): identity autograd nodes on the inputs and outputs of the
cell collect the gradients and call the hooks as MindSpore 2.10 does,
``hook(cell, grad_input, grad_output)`` (gradients with respect to the cell's inputs and its
outputs; a returned tuple replaces ``grad_input``) and ``pre_hook(cell, grad_output)``.
"""
import functools

import torch
from torch.utils.hooks import BackwardHook

from ..common.tensor import Tensor, _wrap
from ._core import flat_tensors, rebuild

__all__ = ["saved_tensors_hooks", "register_saved_tensors_hooks"]


def _to_ms(grads):
    return tuple(None if g is None else _wrap(g) for g in grads)


def _to_torch(res, who):
    if res is None:
        return None
    if isinstance(res, Tensor):
        return (res._t,)
    if isinstance(res, (tuple, list)):
        return tuple(None if g is None else g._t if isinstance(g, Tensor) else _bad(g, who) for g in res)
    return _bad(res, who)


def _bad(value, who):
    raise TypeError(f"For {who}, the hook must return None, a Tensor or a tuple of Tensors, "
                    f"but got {type(value).__name__}")


def has_backward_hooks(cell):
    d = cell.__dict__
    return bool(d.get("_backward_hooks")) or bool(d.get("_backward_pre_hooks"))


def run_with_backward_hooks(cell, args, kwargs, run):
    """Run ``run(cell, args, kwargs)`` with the cell's backward hooks attached to the graph."""
    if not torch.is_grad_enabled():
        return run(cell, args, kwargs)
    d = cell.__dict__
    name = f"the backward hook of '{type(cell).__name__}'"
    hooks = [functools.partial(_call_hook, h, cell, name) for h in (d.get("_backward_hooks") or {}).values()]
    pre = [functools.partial(_call_pre_hook, h, cell, name) for h in (d.get("_backward_pre_hooks") or {}).values()]
    bw = BackwardHook(cell, hooks, pre)
    hooked = bw.setup_input_hook(tuple(a._t if isinstance(a, Tensor) else a for a in args))
    args = tuple(_wrap(h) if isinstance(a, Tensor) else a for a, h in zip(args, hooked))
    out = run(cell, args, kwargs)
    flat = flat_tensors(out, [])
    if not flat:
        return out
    return rebuild(out, bw.setup_output_hook(tuple(flat)))


def _call_hook(hook, cell, who, module, grad_input, grad_output):
    return _to_torch(hook(cell, _to_ms(grad_input), _to_ms(grad_output)), who)


def _call_pre_hook(hook, cell, who, module, grad_output):
    return _to_torch(hook(cell, _to_ms(grad_output)), who)


class _HookIdentity(torch.autograd.Function):
    """Identity forward; the backward shows the gradients to a hook, which may replace them."""

    @staticmethod
    def forward(ctx, hook, *tensors):
        ctx.hook = hook
        return tuple(t.view_as(t) for t in tensors)

    @staticmethod
    def backward(ctx, *grads):
        res = _to_torch(ctx.hook(_to_ms(grads)), "'HookBackward'")
        return (None,) + (grads if res is None else res)


def hook_backward(hook_fn, inputs):
    """Pass ``inputs`` through unchanged and call ``hook_fn(grads)`` on their gradients."""
    for i, x in enumerate(inputs):
        if not isinstance(x, Tensor):
            raise TypeError(f"For 'HookBackward', every input must be a Tensor, but input {i} is a "
                            f"{type(x).__name__}")
    ts = [x._t for x in inputs]
    if not torch.is_grad_enabled() or not any(t.requires_grad for t in ts):
        return inputs[0] if len(inputs) == 1 else tuple(inputs)
    outs = _HookIdentity.apply(hook_fn, *ts)
    return _wrap(outs[0]) if len(outs) == 1 else tuple(_wrap(o) for o in outs)


class saved_tensors_hooks(torch.autograd.graph.saved_tensors_hooks):  # noqa: N801 - MindSpore's name
    """Context manager: ``pack_hook(tensor)`` runs when the forward saves a Tensor for the backward,
    ``unpack_hook(packed)`` when the backward needs it back (``mindspore.saved_tensors_hooks``)."""

    def __init__(self, pack_hook, unpack_hook):
        for name, fn in (("pack_hook", pack_hook), ("unpack_hook", unpack_hook)):
            if not callable(fn):
                raise TypeError(f"For 'saved_tensors_hooks', the '{name}' must be callable, "
                                f"but got {type(fn).__name__}")
        super().__init__(lambda t: pack_hook(_wrap(t)), functools.partial(_unpack, unpack_hook))


def _unpack(unpack_hook, packed):
    out = unpack_hook(packed)
    if not isinstance(out, Tensor):
        raise TypeError(f"For 'saved_tensors_hooks', the unpack_hook must return a Tensor, "
                        f"but got {type(out).__name__}")
    return out._t


def register_saved_tensors_hooks(pack_hook, unpack_hook):
    """Decorator: run the function under ``saved_tensors_hooks(pack_hook, unpack_hook)``."""
    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            with saved_tensors_hooks(pack_hook, unpack_hook):
                return fn(*args, **kwargs)
        return wrapper
    return decorate
