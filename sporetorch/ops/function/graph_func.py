"""Sequence, dict, bool and type primitives of ``mindspore.ops`` that MindSpore's graph compiler emits.

MindSpore exposes them as ``Primitive`` instances (``ops.tuple_getitem``, ``ops.make_tuple``, ...) and runs
most of them in PyNative mode as the Python operation they stand for; here they are that operation.
Semantics and errors were recorded with MindSpore 2.10. Where MindSpore's PyNative mode has no kernel for
an obvious operation (``dict_setitem``, ``make_dict``, ``array_to_scalar``, ``bool_and``/``or``/``eq``,
``string_concat``/``eq``, ``tail``, ``zip_operation``, the iterator helpers) the Python meaning is used;
the primitives that only make sense inside MindSpore's compiler (``embed``, ``distribute``, ``J``, ...)
raise a RuntimeError that says so.
"""
import functools
import math
import operator

import torch

from ...common import dtype as mstype
from ...common.tensor import Tensor, _wrap
from ._utils import _typeof

__all__ = [
    "make_tuple", "make_list", "make_dict", "make_slice", "make_range", "tuple_getitem", "list_getitem",
    "dict_getitem", "tuple_setitem", "list_setitem", "dict_setitem", "tuple_len", "list_len", "tuple_equal",
    "list_equal", "tuple_reversed", "tuple_div", "shape_mul", "reduced_shape", "broadcast_gradient_args",
    "bool_and", "bool_or", "bool_not", "bool_eq", "is_", "is_not", "in_dict", "not_in_dict", "string_concat",
    "string_eq", "typeof", "hastype", "array_to_scalar", "switch", "switch_layer", "tail", "zip_operation",
    "iter_converter", "ms_next", "ms_hasnext", "hyper_add", "augassign_add", "augassign_sub", "augassign_mul",
    "augassign_div", "augassign_floordiv", "augassign_mod", "environ_create", "environ_set", "environ_get",
    "environ_add", "env_get", "is_tensor_bool_cond", "is_sequence_shape_unknown", "is_sequence_value_unknown",
    "is_dynamic_sequence_element_unknown", "embed", "ref_to_embed", "distribute", "array_reduce",
    "make_map_parameter", "recompute_block", "J", "SliceGetItem", "add_flags", "vm_impl_registry",
    "get_vm_impl_fn", "tensor_operator_registry", "reshard",
]


def make_tuple(*args):
    """``tuple(args)``; Python numbers become 0-d Tensors, as MindSpore's PyNative mode returns them."""
    return tuple(Tensor(a) if isinstance(a, (int, float)) and not isinstance(a, bool) else a for a in args)


def make_list(*args):
    """``list(args)``."""
    return list(args)


def make_dict(keys, values):
    """``dict(zip(keys, values))``."""
    return dict(zip(keys, values))


def make_slice(start, stop, step):
    """``slice(start, stop, step)``."""
    return slice(start, stop, step)


def make_range(*args):
    """``tuple(range(*args))``."""
    return tuple(range(*args))


def tuple_getitem(data, index):
    """``data[index]``."""
    return data[index]


list_getitem = tuple_getitem
dict_getitem = tuple_getitem


def tuple_setitem(data, index, value):
    """A copy of the tuple with ``data[index] = value``."""
    out = list(data)
    out[index] = value
    return tuple(out)


def list_setitem(data, index, value):
    """A copy of the list with ``data[index] = value``."""
    out = list(data)
    out[index] = value
    return out


def dict_setitem(data, key, value):
    """A copy of the dict with ``data[key] = value``."""
    out = dict(data)
    out[key] = value
    return out


def tuple_len(data):
    """``len(data)``."""
    return len(data)


list_len = tuple_len


def tuple_equal(x, y):
    """``x == y`` for sequences."""
    return x == y


list_equal = tuple_equal


def tuple_reversed(data):
    """The tuple in reverse order."""
    return tuple(reversed(data))


def tuple_div(x, y):
    """Element-wise integer division of two shapes; every element must divide exactly (MindSpore 2.10)."""
    if len(x) != len(y):
        raise ValueError(f"The size of inputs of 'tuple_div' operator must be the same, but the size of divisor "
                         f"tuple is {len(y)}, the size of dividend tuple is {len(x)}.")
    for a, b in zip(x, y):
        if b == 0 or a % b:
            raise RuntimeError(f"The inputs of 'tuple_div' operator should be divisible, but they are not divisible "
                               f"now, the dividend is {a}, the divisor is {b}.")
    return tuple(a // b for a, b in zip(x, y))


def shape_mul(input_data):
    """The product of the elements of a shape (a tuple)."""
    if not isinstance(input_data, tuple):
        raise ValueError(f"For primitive [shape_mul], input must be tuple, but got {type(input_data).__name__}")
    return math.prod(input_data)


def reduced_shape(shape, axis):
    """``shape`` with the reduced ``axis`` (all axes when empty) set to 1."""
    axes = range(len(shape)) if axis == () else [a % len(shape) for a in (axis if isinstance(axis, (tuple, list))
                                                                          else (axis,))]
    return tuple(1 if i in axes else d for i, d in enumerate(shape))


def broadcast_gradient_args(x_shape, y_shape):
    """The axes along which the gradients of two broadcast operands must be summed."""
    n = max(len(x_shape), len(y_shape))
    x = (1,) * (n - len(x_shape)) + tuple(x_shape)
    y = (1,) * (n - len(y_shape)) + tuple(y_shape)
    out = [max(a, b) for a, b in zip(x, y)]

    def axes(shape, pad):
        return tuple(i for i in range(n) if (i < pad or shape[i] == 1) and out[i] != 1)
    return axes(x, n - len(x_shape)), axes(y, n - len(y_shape))


def bool_and(x, y):
    """``x and y``."""
    return x and y


def bool_or(x, y):
    """``x or y``."""
    return x or y


def bool_not(x):
    """``not x`` as a Bool 0-d Tensor (what MindSpore 2.10's PyNative mode returns)."""
    return Tensor(not x)


def bool_eq(x, y):
    """``x == y`` for bools."""
    return x == y


def is_(x, y):
    """``x is y``."""
    return x is y


def is_not(x, y):
    """``x is not y``."""
    return x is not y


def in_dict(key, data):
    """``key in data``."""
    return key in data


def not_in_dict(key, data):
    """``key not in data``."""
    return key not in data


def string_concat(x, y):
    """``x + y`` for strings."""
    return x + y


def string_eq(x, y):
    """``x == y`` for strings."""
    return x == y


def typeof(x):
    """MindSpore's type of ``x``: ``Tensor[Float32]`` for a Tensor, Int64 for an int, Float32 for a float
    (MindSpore 2.10 types Python floats as Float32 here), Bool, String, NoneType, Tuple, List."""
    return _typeof(x)


def hastype(x, type_):
    """Whether ``x`` is of MindSpore type ``type_`` (``tensor_type`` matches every Tensor)."""
    if type_ is mstype.tensor_type:
        return isinstance(x, Tensor)
    return typeof(x) == type_


def array_to_scalar(x):
    """The Python number held by a one-element Tensor."""
    return x.asnumpy().item()


def switch(cond, true_branch, false_branch):
    """``true_branch if cond else false_branch``."""
    return true_branch if cond else false_branch


def switch_layer(index, branches):
    """``branches[index]`` (``index`` a 0-d int Tensor or int)."""
    return branches[int(index)]


def tail(data):
    """The sequence without its first element."""
    return data[1:]


def zip_operation(*sequences):
    """``tuple(zip(*sequences))``."""
    return tuple(zip(*sequences))


def iter_converter(data):
    """The sequence to iterate in MindSpore's functional iteration (``ms_next``/``ms_hasnext``)."""
    return tuple(data.keys()) if isinstance(data, dict) else data


def ms_next(data):
    """``(first element, rest)`` of a sequence."""
    return data[0], data[1:]


def ms_hasnext(data):
    """Whether the sequence has elements left."""
    return len(data) > 0


def hyper_add(x, y):
    """Element-wise ``x + y`` over nested tuples/lists of Tensors and numbers."""
    if isinstance(x, (tuple, list)):
        return type(x)(hyper_add(a, b) for a, b in zip(x, y))
    return x + y


def _augassign(name, op):
    def fn(x, y):
        return op(x, y)
    fn.__name__ = fn.__qualname__ = f"augassign_{name}"
    fn.__doc__ = f"``x {name} y`` as in an augmented assignment (``x += y`` and friends)."
    return fn


augassign_add = _augassign("add", operator.add)
augassign_sub = _augassign("sub", operator.sub)
augassign_mul = _augassign("mul", operator.mul)
augassign_div = _augassign("div", operator.truediv)
augassign_floordiv = _augassign("floordiv", operator.floordiv)
augassign_mod = _augassign("mod", operator.mod)


def environ_create():
    """An empty gradient environment (a dict from keys to values)."""
    return {}


def environ_set(env, key, value):
    """A copy of ``env`` with ``key`` set to ``value``."""
    out = dict(env)
    out[key] = value
    return out


def environ_get(env, key, default):
    """``env[key]``, or ``default`` when the key is absent."""
    return env.get(key, default)


env_get = environ_get


def environ_add(env1, env2):
    """The union of two environments; values under the same key are added."""
    out = dict(env1)
    for k, v in env2.items():
        out[k] = out[k] + v if k in out else v
    return out


def is_tensor_bool_cond(x):
    """True for a Tensor that can be used as a condition (shape ``()`` or ``(1,)``), ValueError otherwise."""
    if x.shape not in ((), (1,)):
        raise ValueError(f"Only tensor which shape is () or (1,) can be converted to bool, but got tensor shape is "
                         f"{x.shape}")
    return True


def is_sequence_shape_unknown(x):
    """Whether the sequence has a dynamic length: never in eager execution."""
    return False


def is_sequence_value_unknown(x):
    """Whether the sequence's values are unknown at compile time: never in eager execution."""
    return False


def is_dynamic_sequence_element_unknown(x):
    """Raises TypeError: eager sequences are never variable-length (as MindSpore 2.10 raises for them)."""
    raise TypeError("The input of IsElementUnknown should be variable length sequence.")


def _graph_only(name):
    def fn(*args, **kwargs):
        raise RuntimeError(f"ops.{name} is a primitive of MindSpore's graph compiler that MindSpore 2.10 cannot run "
                           f"eagerly either (it raises 'has no attr:__infer__' in PyNative mode).")
    fn.__name__ = fn.__qualname__ = name
    fn.__doc__ = "A graph-compiler primitive without eager semantics: raises RuntimeError."
    return fn


embed = _graph_only("embed")
ref_to_embed = _graph_only("ref_to_embed")
distribute = _graph_only("distribute")
array_reduce = _graph_only("array_reduce")
make_map_parameter = _graph_only("make_map_parameter")
recompute_block = _graph_only("recompute_block")
J = _graph_only("J")


def SliceGetItem(data, attr):  # noqa: N802 - MindSpore's name
    """``getattr(slice, attr)`` for ``'start'``, ``'stop'``, ``'step'``."""
    return getattr(data, attr)


def add_flags(fn=None, **flags):
    """Record graph-compiler flags on ``fn`` (``fn._func_graph_flags``); usable as a decorator."""
    def deco(f):
        f._func_graph_flags = {**getattr(f, "_func_graph_flags", {}), **flags}
        return f
    return deco if fn is None else deco(fn)


class _Registry(dict):
    """A name → implementation registry with MindSpore's ``register`` decorator and ``get``."""

    def register(self, name):
        def deco(fn):
            self[name] = fn
            return fn
        return deco


vm_impl_registry = _Registry()


def get_vm_impl_fn(prim):
    """The Python implementation registered for ``prim`` (by name), or None."""
    return vm_impl_registry.get(getattr(prim, "name", prim))


class _TensorOperatorRegistry(_Registry):
    """``get(name)`` resolves the ``ops`` function of that name, as MindSpore's Tensor methods do."""

    def get(self, name, default=None):
        if name in self:
            return self[name]
        from ... import ops
        return getattr(ops, name, default)


tensor_operator_registry = _TensorOperatorRegistry()


def _ones_like_for_grad(x):
    """Ones shaped like ``x`` (nested tuples of Tensors too): the default sensitivity of a gradient."""
    if isinstance(x, (tuple, list)):
        return type(x)(_ones_like_for_grad(v) for v in x)
    if isinstance(x, Tensor):
        return _wrap(torch.ones_like(x._t))
    return type(x)(1)


def _add_attr(fn, **kwargs):
    """``fn`` wrapped so that the wrapper carries ``kwargs`` as graph attributes (``_add_attr_attrs``)."""
    from ..primitive import Primitive
    if not callable(fn) or isinstance(fn, Primitive):
        raise TypeError(f"For '_add_attr', the parameter 'fn' must be callable type except Primitive, but got: "
                        f"{type(fn).__name__}")
    @functools.wraps(fn)
    def add_attr_fn(*args, **kw):
        return fn(*args, **kw)
    add_attr_fn._add_attr_attrs = dict(kwargs)
    return add_attr_fn


def reshard(tensor, layout):
    """Redistribute ``tensor`` to ``layout``: with one device, the tensor itself (as MindSpore's PyNative mode)."""
    return tensor
