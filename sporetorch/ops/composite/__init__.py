"""Composite operators (``mindspore.ops.composite``, imported as ``C``).

``HyperMap`` applies a function leaf-wise over (nested) tuples and lists, ``MultitypeFuncGraph``
dispatches on the MindSpore type names of its arguments, ``Partial``/``partial`` bind
arguments; these are the building blocks MindSpore optimizers and model-zoo code use
(``hyper_map(F.partial(_apply, lr), grads, params)``). The module also gives ``C.xxx``
access to the functional operators and ``GradOperation``, as MindSpore's does.
"""
import functools

from .base import HyperMap, Map, MultitypeFuncGraph

__all__ = ["HyperMap", "Map", "MultitypeFuncGraph", "Partial", "partial"]


class Partial:
    """``Partial()(fn, *args)`` binds leading arguments of ``fn`` (``functools.partial``)."""

    def __init__(self):
        self.name = "Partial"

    def __call__(self, func, *args):
        return functools.partial(func, *args)

    def __repr__(self):
        return "Prim[Partial]"


def partial(*args):
    """``partial(func, *bound)``: bind the leading arguments of ``func`` (MindSpore's signature is ``(*args)``)."""
    if not args or not callable(args[0]):
        raise TypeError("For 'partial', the first argument must be the function to bind")
    return functools.partial(args[0], *args[1:])


def __getattr__(name):
    """``C.clip_by_value``, ``C.GradOperation``, ...: the functional and gradient operators."""
    from .. import function, grad_ops
    for module in (grad_ops, function):
        if hasattr(module, name):
            return getattr(module, name)
    raise AttributeError(f"module 'mindspore.ops.composite' has no attribute '{name}'")
