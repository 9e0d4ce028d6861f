"""``mindspore.ops.composite.base``: the graph-building classes that work eagerly here (``MultitypeFuncGraph``,
``HyperMap``, ``Map``), MindSpore's list and dictionary helpers, and the gradient-result helpers."""
import numbers

from ...common import dtype as mstype
from ...common.sparse_tensor import COOTensor, CSRTensor, RowTensor
from ...common.tensor import Tensor
from ..grad_ops import GradOperation

__all__ = ["GradOperation", "HyperMap", "Map", "MultitypeFuncGraph"]


def _type_names(value):
    """The MindSpore type names ``value`` may be registered under, most specific first."""
    if isinstance(value, Tensor):
        return ("Tensor",)
    if isinstance(value, (COOTensor, CSRTensor, RowTensor)):
        return (type(value).__name__,)
    if isinstance(value, mstype.Type):
        return ("TypeType",)
    if isinstance(value, bool):
        return ("Bool", "Number")
    if isinstance(value, int):
        return ("Int", "Number")
    if isinstance(value, float):
        return ("Float", "Number")
    if isinstance(value, numbers.Number):
        return ("Number",)
    if isinstance(value, slice):
        return ("Slice",)
    if value is Ellipsis:
        return ("Ellipsis",)
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
        self.default_func = None

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

    def _register_default(self, convert_to_interpret=True):
        """Decorator registering the fallback that an eager call runs (MindSpore's ``default_*`` functions)."""
        def deco(fn):
            if convert_to_interpret:
                self.default_func = fn
            return fn
        return deco

    def __call__(self, *args):
        if callable(self.default_func):
            # As in MindSpore, an eager call runs the registered fallback (Python's operator) directly.
            return self.default_func(*args)
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


# ------------------------------------------------------------------------------- flags and gradient helpers
def core(fn=None, **flags):
    """Mark ``fn`` as a core function for the graph compiler (``fn._func_graph_flags['core'] = True``, plus
    ``flags``); usable as a decorator."""
    from ..function.graph_func import add_flags
    return add_flags(fn, core=True, **flags)


def _get_grad_weights_id(weights=None):
    """A string naming the weights and their ``requires_grad`` (MindSpore's cache key of a grad function)."""
    from ...common.parameter import Parameter, ParameterTuple
    if isinstance(weights, Parameter):
        return weights.name + str(weights.requires_grad)
    if isinstance(weights, (ParameterTuple, list)):
        return "".join(w.name + str(w.requires_grad) for w in weights if isinstance(w, Parameter))
    return ""


def _combine_position(grad_position, weights, out, out_with_ids):
    """Input gradients paired with their positions (``return_ids=True``)."""
    pairs = []
    if grad_position == (0,):
        pairs = [0, out[0] if weights is not None else out]
    else:
        grads = out[0] if weights is not None else out
        pairs = [(index, grads[i]) for i, index in enumerate(grad_position)]
    if weights:
        out_with_ids.append(tuple(pairs))
        return out_with_ids
    return pairs


def _combine_weight(grad_position, weights, out, out_with_ids):
    """Weight gradients paired with the weights' names (``return_ids=True``)."""
    if isinstance(weights, (list, tuple)) or type(weights).__name__ == "ParameterTuple":
        grads = out[1] if grad_position else out
        pairs = [(w.name, grads[i]) for i, w in enumerate(weights)]
    else:
        pairs = [weights.name, out[1] if grad_position else out]
    if grad_position:
        out_with_ids.append(tuple(pairs))
        return out_with_ids
    return pairs


def _combine_with_ids(grad_position, weights, out):
    """The gradients of ``out`` paired with the input positions and weight names they belong to."""
    out_with_ids = []
    if grad_position:
        out_with_ids = _combine_position(grad_position, weights, out, out_with_ids)
    if weights is not None:
        out_with_ids = _combine_weight(grad_position, weights, out, out_with_ids)
    if not out_with_ids:
        raise ValueError("output tuple should not be a empty tuple.")
    return tuple(out_with_ids)


def _pynative_func_grad_forward(fn, *args, **kwargs):
    """Run ``fn`` (a function or Cell) forward for a later gradient; returns its outputs."""
    if not callable(fn):
        raise TypeError(f"The fn should be callable, but got {type(fn).__name__}")
    return fn(*args, **kwargs)


def _pynative_forward_run(fn, sens_param, *args, **kwargs):
    """``(run_args, outputs)``: the forward run of ``fn``; with ``sens_param`` the last argument (or the ``sens``
    keyword) is the sensitivity, kept out of the call and appended to ``run_args``."""
    sens = None
    if sens_param:
        if "sens" in kwargs:
            sens = kwargs.pop("sens")
        else:
            sens, args = args[-1], args[:-1]
    out = _pynative_func_grad_forward(fn, *args, **kwargs)
    run_args = args + tuple(kwargs.values()) if kwargs else args
    if sens is not None:
        run_args += (sens,)
    return run_args, out


def _pynative_func_grad_backward(fn, grad_op, weights, grad_position, has_aux, *run_args):
    """The gradients ``grad_op`` (a ``_Grad``) asks for, of ``fn`` at ``run_args`` (the arguments of its
    forward run)."""
    return grad_op(fn, weights, grad_position)(*run_args)


class _Grad:
    """MindSpore's gradient builder behind ``ms.grad``/``value_and_grad``: ``_Grad(...)(fn, weights,
    grad_position)`` is the gradient function, built by ``sporetorch.grad``/``value_and_grad``.

    Args:
        get_all (bool): gradients of every input. get_by_list (bool): of ``weights``.
        sens_param (bool): the last input is the sensitivity. get_by_position (bool): of the inputs at
        ``grad_position`` (a tuple). has_aux (bool): ``fn`` returns auxiliary outputs after the first.
        get_value (bool): also return ``fn``'s value. return_ids (bool): pair gradients with their ids.
        merge_forward (bool): accepted; the forward runs once here anyway.
    """

    def __init__(self, get_all=False, get_by_list=False, sens_param=False, get_by_position=False, has_aux=False,
                 get_value=False, return_ids=False, merge_forward=False):
        self.get_all, self.get_by_list, self.sens_param = get_all, get_by_list, sens_param
        self.get_by_position, self.has_aux, self.get_value = get_by_position, has_aux, get_value
        self.return_ids, self.merge_forward = return_ids, merge_forward

    def __call__(self, fn, weights=None, grad_position=0):
        from ...autodiff import grad, value_and_grad
        if self.get_by_position:
            if not isinstance(grad_position, tuple):
                def wrong_position(*args, **kwargs):
                    # MindSpore 2.10 builds the function and rejects the position when it runs.
                    raise RuntimeError("Grad position only support tuple when grad_by_position is set True.")
                return wrong_position
            position = grad_position[0] if len(grad_position) == 1 else grad_position
        elif self.get_all:
            position = None
        else:
            position = None if self.get_by_list else 0
        weights = weights if self.get_by_list or self.get_by_position else None
        make = value_and_grad if self.get_value else grad
        if self.get_all and not self.get_by_position:
            def all_inputs(*args):
                n = len(args) - (1 if self.sens_param else 0)
                positions = tuple(range(n)) if n != 1 else 0
                return make(fn, positions, weights, self.has_aux, self.return_ids, self.sens_param)(*args)
            return all_inputs
        return make(fn, position, weights, self.has_aux, self.return_ids, self.sens_param)


class _Vmap:
    """``_Vmap()(fn, in_axes, out_axes)``: ``fn`` vectorized over an axis (``sporetorch.vmap``)."""

    def __call__(self, fn, in_axes=0, out_axes=0):
        from ...autodiff import vmap
        return vmap(fn, in_axes, out_axes)
