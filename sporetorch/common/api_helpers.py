"""MindSpore's graph-compilation helpers: ``mutable``, ``constexpr``, ``jit_class``, ``lazy_inline``,
``no_inline``, ``recompute`` and ``set_recursion_limit``.

MindSpore needs these to steer its own graph compiler. sporetorch compiles with TorchDynamo, which
traces ordinary Python, so most of them only check their arguments as MindSpore does and hand back
what they were given; ``recompute`` really recomputes (``torch.utils.checkpoint``) and
``set_recursion_limit`` raises Python's recursion limit, which bounds how deeply nested cells can be
called and traced.
"""
import contextlib
import functools
import inspect
import sys

import torch
import torch.utils.checkpoint as _checkpoint

from .. import _accel
from ..ops.primitive import constexpr
from ._placeholder import PLACEHOLDER_SHAPES
from .tensor import Tensor, _wrap

__all__ = ["mutable", "constexpr", "jit_class", "lazy_inline", "no_inline", "recompute", "set_recursion_limit", "shard",
           "enable_dynamic", "_no_grad"]

_MUTABLE_TYPES = "(bool, int, float, Tensor, tuple, list, dict)"


def _check_mutable(data, seen):
    if isinstance(data, (bool, int, float, Tensor)):
        return True
    if isinstance(data, (tuple, list, dict)):
        if id(data) in seen:
            return False
        seen = seen | {id(data)}
        items = data.values() if isinstance(data, dict) else data
        return all(_check_mutable(item, seen) for item in items)
    return False


def mutable(input_data, dynamic_len=False):
    """Mark ``input_data`` as a variable input of a compiled function; returns it unchanged.

    Args:
        input_data (Union[bool, int, float, Tensor, tuple, list, dict]): the value, possibly nested.
        dynamic_len (bool): whether a tuple/list may change length between calls. Default: False.

    MindSpore otherwise folds Python scalars and containers into its graph as constants.
    TorchDynamo already treats Tensors as inputs and recompiles (then generalises) when a Python
    value changes, so the value is only checked, as MindSpore checks it.
    """
    if not _check_mutable(input_data, frozenset()):
        raise TypeError(f"For 'mutable', the 'input_data' should be one of {_MUTABLE_TYPES} or their nested "
                        f"structures with no self-reference, but got {type(input_data).__name__}: {input_data}.")
    if not isinstance(dynamic_len, bool):
        raise TypeError(f"For 'mutable', the second input should be bool, but got: {type(dynamic_len).__name__}")
    if dynamic_len and not isinstance(input_data, (list, tuple)):
        raise TypeError("For 'mutable', when the variable_len is True, the first input should be list or tuple, "
                        f"but got: {type(input_data).__name__}")
    return input_data


def jit_class(cls):
    """Mark a user-defined class as usable inside compiled code (sets ``cls.__ms_class__``)."""
    from ..nn.cell import Cell
    if not isinstance(cls, type):
        raise TypeError(f"Decorator jit_class can only be used for class type, but got {cls}.")
    if issubclass(cls, Cell):
        raise TypeError(f"Decorator jit_class is used for user-defined classes and cannot be used for nn.Cell: {cls}.")
    cls.__ms_class__ = True
    return cls


def lazy_inline(fn=None, attrs=None, policy=None):
    """Decorate a Cell's ``__init__`` so MindSpore compiles the cell's graph once and reuses it.

    TorchDynamo inlines and caches on its own, so the ``__init__`` is returned as it is after the
    check MindSpore makes (it must decorate ``__init__``).
    """
    def decorate(init):
        if getattr(init, "__name__", None) != "__init__":
            where = getattr(getattr(init, "__code__", None), "co_firstlineno", "?")
            raise ValueError(f"The lazy_inline should decorate the __init__ function, not the function: "
                             f"{getattr(init, '__name__', init)}. line: {where}")
        return init
    return decorate if fn is None else decorate(fn)


def no_inline(fn=None):
    """Ask the compiler to keep ``fn`` (a function or Cell class) as its own subgraph.

    Recorded as ``fn.no_inline = True``; TorchDynamo decides inlining itself.
    """
    def decorate(func):
        func.no_inline = True
        return func
    return decorate if fn is None else decorate(fn)


def _to_torch_outputs(out):
    if isinstance(out, Tensor):
        return out._t
    if isinstance(out, (tuple, list)):
        return type(out)(_to_torch_outputs(o) for o in out)
    return out


def _to_tensor_outputs(out):
    if isinstance(out, torch.Tensor):
        return _wrap(out)
    if isinstance(out, (tuple, list)):
        return type(out)(_to_tensor_outputs(o) for o in out)
    return out


def _check_validation(block, use_reentrant):
    """``use_reentrant=True`` recomputes a Cell only (TypeError otherwise), as in MindSpore 2.10."""
    from ..nn.cell import Cell
    if not isinstance(block, Cell) and use_reentrant:
        raise TypeError("Recompute function now only support block which inherited from Cell when use_reentrant=True!")


def recompute(block, *args, use_reentrant=True, output_recompute=False, early_stop=True, context_fn=None,
              **kwargs):
    """Run ``block(*args, **kwargs)`` without keeping its intermediate activations; the backward pass
    computes them again (``torch.utils.checkpoint``), trading time for memory.

    Args:
        block (Cell): what to run; with ``use_reentrant=False`` any callable.
        args: its inputs.
        use_reentrant (bool): MindSpore's choice of implementation; True (default) requires a Cell,
            as in MindSpore. Both run on torch's non-reentrant checkpoint, the variant that supports
            the ``torch.autograd.grad`` calls ``grad``/``value_and_grad`` make.
        output_recompute (bool): accepted for compatibility (MindSpore's graph-mode output reuse).
        early_stop (bool): stop recomputing once the needed activations exist. Default: True.
        context_fn (callable): returns two context managers for the forward and the recomputation
            (``torch.utils.checkpoint``'s ``context_fn``). Default: None.
        kwargs: keyword inputs of ``block``.

    Outputs:
        What ``block`` returns.
    """
    _check_validation(block, use_reentrant)
    if not callable(block):
        raise TypeError(f"For 'recompute', the block must be callable, but got {type(block).__name__}.")
    is_tensor = [isinstance(a, Tensor) for a in args]
    torch_args = [a._t if t else a for a, t in zip(args, is_tensor)]

    def run(*inputs):
        wrapped = [_wrap(a) if t else a for a, t in zip(inputs, is_tensor)]
        return _to_torch_outputs(block(*wrapped, **kwargs))

    options = {"use_reentrant": False}
    if context_fn is not None:
        options["context_fn"] = context_fn
    if early_stop:  # torch's default; entering the context manager would break a traced graph
        out = _checkpoint.checkpoint(run, *torch_args, **options)
    else:
        with _checkpoint.set_checkpoint_early_stop(False):
            out = _checkpoint.checkpoint(run, *torch_args, **options)
    return _to_tensor_outputs(out)


def set_recursion_limit(recursion_limit=1000):
    """Set how deeply calls may nest while a graph is compiled (default 1000).

    Raises Python's recursion limit to at least ``recursion_limit`` (TorchDynamo traces nested cells
    and functions by Python recursion); it never lowers it.
    """
    if isinstance(recursion_limit, bool):
        raise TypeError(f"The input value must be int and must > 0, but got '{recursion_limit}' with type 'bool'.")
    if not isinstance(recursion_limit, int):
        raise TypeError(f"The input value must be int, but got '{type(recursion_limit).__name__}'")
    if recursion_limit <= 0:
        raise ValueError(f"The input value must be int and must > 0, but got '{recursion_limit}' with type 'int'.")
    if recursion_limit > sys.getrecursionlimit():
        sys.setrecursionlimit(recursion_limit)


def shard(fn, in_strategy, out_strategy=None, parameter_plan=None):
    """Give a Cell or function input/output sharding strategies; returns ``fn``.

    MindSpore applies strategies only in (semi-)auto-parallel graph compilation across devices and
    ignores them otherwise. sporetorch runs one process, where every strategy leaves the computation
    unchanged, so the arguments are checked and ``fn`` comes back as it is.
    """
    if not callable(fn):
        raise TypeError(f"For 'shard', 'fn' must be a Cell or a function, but got {type(fn).__name__}.")
    for name, strategy in (("in_strategy", in_strategy), ("out_strategy", out_strategy)):
        if strategy is not None and not isinstance(strategy, (tuple, list)):
            raise TypeError(f"For 'shard', '{name}' must be a tuple, but got {type(strategy).__name__}.")
    if parameter_plan is not None and not isinstance(parameter_plan, dict):
        raise TypeError(f"For 'shard', 'parameter_plan' must be a dict, but got {type(parameter_plan).__name__}.")
    return fn


def _dynamic_dims(name, spec):
    """The shape of one ``enable_dynamic`` spec, ``Tensor(shape=[None, 3], dtype=...)``, with None (or -1)
    for the dynamic dimensions."""
    if not isinstance(spec, Tensor):
        raise TypeError("The decorator enable_dynamic only supports Tensor or a tuple/list of Tensor, but the "
                        f"argument : {name} is type of:{type(spec)}.")
    shape = PLACEHOLDER_SHAPES.get(id(spec))
    if shape is None or not any(s is None or s == -1 for s in shape):
        raise TypeError(f"When using decorator enable_dynamic, the shape of argument '{name}' at least have one None.")
    return shape


def _check_and_mark(name, value, shape):
    if not isinstance(value, Tensor):
        return
    actual = tuple(value._t.shape)
    if len(actual) != len(shape) or any(s not in (None, -1) and s != a for s, a in zip(shape, actual)):
        expected = [-1 if s is None else s for s in shape]
        raise ValueError(f"When using decorator enable_dynamic, input tensor shape = ({list(actual)}), dynamic "
                         f"tensor shape = ({expected}), tensor shapes are not the same.")
    for d, s in enumerate(shape):
        if s in (None, -1):
            _accel.mark_dynamic(value._t, d)


def enable_dynamic(**kwargs):
    """Declare which dimensions of a jit function's Tensor arguments change between calls.

    Args:
        kwargs: argument name -> ``Tensor(shape=[None, 3], dtype=...)`` (None marks a dynamic
            dimension) or a tuple/list of them for a tuple/list argument.

    When the decorated function is called (outside a graph being traced), each argument's shape is
    checked against its spec and the dynamic dimensions are marked with
    Dynamo's ``mark_dynamic``, so a jit function compiles one graph for all their sizes.
    Inside a graph (``@jit`` applied on top) TorchDynamo generalises a dimension by itself once its
    size changes.
    """
    if not kwargs:
        raise ValueError("When using decorator enable_dynamic, the input cannot be empty!")
    specs = {}
    for name, spec in kwargs.items():
        if isinstance(spec, (tuple, list)):
            specs[name] = [_dynamic_dims(name, s) for s in spec]
        else:
            specs[name] = _dynamic_dims(name, spec)

    def decorate(fn):
        sig = inspect.signature(fn)
        for name in specs:
            if name not in sig.parameters:
                raise ValueError(f"'{name}' is not in list")

        @functools.wraps(fn)
        def wrapper(*args, **kw):
            if not torch.compiler.is_compiling():
                bound = sig.bind_partial(*args, **kw).arguments
                for name, shape in specs.items():
                    value = bound.get(name)
                    if isinstance(shape, list) and isinstance(value, (tuple, list)):
                        for v, sh in zip(value, shape):
                            _check_and_mark(name, v, sh)
                    elif not isinstance(shape, list):
                        _check_and_mark(name, value, shape)
            return fn(*args, **kw)
        return wrapper
    return decorate


class _no_grad(contextlib.ContextDecorator):  # noqa: N801 - MindSpore's name
    """Context manager and decorator: what runs inside records no gradient (``torch.no_grad``), so
    inside a function being differentiated it contributes nothing to the gradients."""

    def __init__(self):
        self.prev_state = False

    def __enter__(self):
        self.prev_state = torch.is_grad_enabled()
        torch.set_grad_enabled(False)

    def __exit__(self, exc_type, exc_val, exc_tb):
        torch.set_grad_enabled(self.prev_state)
        return False
