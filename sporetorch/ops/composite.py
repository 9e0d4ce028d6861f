"""Composite operators (``mindspore.ops.composite``, imported as ``C``).

``HyperMap`` applies a function leaf-wise over (nested) tuples and lists, ``MultitypeFuncGraph``
dispatches on the MindSpore type names of its arguments, ``Partial``/``partial`` bind
arguments; these are the building blocks MindSpore optimizers and model-zoo code use
(``hyper_map(F.partial(_apply, lr), grads, params)``). The module also gives ``C.xxx``
access to the functional operators and ``GradOperation``, as MindSpore's does.
"""
import functools
import numbers

from ..common.tensor import Tensor

__all__ = ["HyperMap", "Map", "MultitypeFuncGraph", "Partial", "partial"]


def _type_names(value):
    """The MindSpore type names ``value`` may be registered under, most specific first."""
    if isinstance(value, Tensor):
        return ("Tensor",)
    if isinstance(value, bool):
        return ("Bool", "Number")
    if isinstance(value, numbers.Number):
        return ("Number",)
    if isinstance(value, tuple):
        return ("Tuple",)
    if isinstance(value, list):
        return ("List",)
    if isinstance(value, dict):
        return ("Dictionary",)
    if isinstance(value, str):
        return ("String",)
    if value is None:
        return ("None",)
    if callable(value):
        return ("Function",)
    return (type(value).__name__,)


class MultitypeFuncGraph:
    """A function with one implementation per combination of argument types.

    Args:
        name (str): the name, used in error messages.
        read_value (bool): accepted for compatibility; Parameters are read as Tensors.

    Implementations are registered with ``@fg.register("Tensor", "Number")`` (type names
    ``Tensor``, ``Number``, ``Bool``, ``Tuple``, ``List``, ``Dictionary``, ``String``,
    ``None``, ``Function``). Calling ``fg(*args)`` runs the implementation registered for
    the types of ``args``.
    """

    def __init__(self, name, read_value=False):
        self.name = name
        self.read_value = read_value
        self.entries = {}
        self._cache = {}

    def register(self, *type_names):
        """Decorator registering an implementation for ``type_names`` (one per argument)."""
        key = tuple(str(t) for t in type_names)

        def deco(fn):
            self.entries[key] = fn
            self._cache.clear()
            return fn
        return deco

    def _resolve(self, args):
        options = [_type_names(a) for a in args]
        sig = tuple(o[0] for o in options)
        fn = self._cache.get(sig)
        if fn is not None:
            return fn
        for key, impl in self.entries.items():
            if len(key) == len(args) and all(k in o for k, o in zip(key, options)):
                self._cache[sig] = impl
                return impl
        registered = ", ".join("(" + ", ".join(k) + ")" for k in self.entries) or "none"
        raise TypeError(f"For 'MultitypeFuncGraph' '{self.name}', there is no implementation for the argument "
                        f"types ({', '.join(sig)}); registered: {registered}")

    def __call__(self, *args):
        return self._resolve(args)(*args)

    def __repr__(self):
        return f"MultitypeFuncGraph({self.name!r})"


def _hyper_map(fn, args, reverse):
    first = args[0]
    if isinstance(first, (tuple, list)):
        n = len(first)
        for a in args[1:]:
            if not isinstance(a, (tuple, list)) or len(a) != n:
                raise ValueError(f"For 'HyperMap', the sequence arguments must have the same length, "
                                 f"but got lengths {[len(a) if isinstance(a, (tuple, list)) else None for a in args]}")
        order = range(n - 1, -1, -1) if reverse else range(n)
        out = [None] * n
        for i in order:
            out[i] = _hyper_map(fn, [a[i] for a in args], reverse)
        return tuple(out) if isinstance(first, tuple) else out
    return fn(*args)


class HyperMap:
    """Apply a function to the leaves of (nested) tuples/lists in lockstep.

    Args:
        ops (callable): the function (often a ``MultitypeFuncGraph``). When None, the
            function is the first argument of each call.
        reverse (bool): visit the elements from the last to the first.

    ``HyperMap(f)((a1, a2), (b1, b2))`` returns ``(f(a1, b1), f(a2, b2))``; non-sequence
    arguments are passed to ``f`` directly.
    """

    def __init__(self, ops=None, reverse=False):
        self.ops = ops
        self.reverse = reverse

    def __call__(self, *args):
        if self.ops is None:
            fn, args = args[0], args[1:]
        else:
            fn = self.ops
        if not args:
            raise TypeError("For 'HyperMap', at least one argument to map over is required")
        return _hyper_map(fn, list(args), self.reverse)


class Map:
    """Apply a function element-wise over sequences (one level, unlike ``HyperMap``)."""

    def __init__(self, ops=None, reverse=False):
        self.ops = ops
        self.reverse = reverse

    def __call__(self, *args):
        if self.ops is None:
            fn, args = args[0], args[1:]
        else:
            fn = self.ops
        n = len(args[0])
        order = range(n - 1, -1, -1) if self.reverse else range(n)
        out = [None] * n
        for i in order:
            out[i] = fn(*[a[i] for a in args])
        return tuple(out) if isinstance(args[0], tuple) else out


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
    from . import function, grad_ops
    for module in (grad_ops, function):
        if hasattr(module, name):
            return getattr(module, name)
    raise AttributeError(f"module 'mindspore.ops.composite' has no attribute '{name}'")
