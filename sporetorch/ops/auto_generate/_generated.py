"""The machinery behind ``ops.auto_generate``: MindSpore 2.10 generates its Primitive classes and functions
from one op listing; here they are built from the signatures MindSpore reports
(``data/ms_auto_generate.json``, written by ``tools/auto_generate_sweep.py``) around our single
implementations, so that no op has a second body.

- A class's implementation is a *flat* callable taking the call inputs, then the constructor attributes
  (``RmsNorm(epsilon)(x, gamma)`` runs ``impl(x, gamma, epsilon)``), the order MindSpore's
  ``pyboost_inner_prim`` classes take them in. ``gen_ops_prim`` lists the implementations.
- A generated function (``gen_ops_def.add_ext``) calls the class it calls in MindSpore (``add_ext_op``),
  its parameters matched by name to the class's constructor and call parameters.
- A ``pyboost_inner_prim`` class (``_PyboostRmsNormPrim()(x, gamma, epsilon)``) is its ``gen_ops_prim``
  class called with the constructor attributes split off.

A name whose implementation sporetorch lacks is not built here: the module tree then resolves it (to
sporetorch code found elsewhere, or to a placeholder that says why it cannot run).
"""
import functools
import json
import os
import threading
import types

from ...common import dtype as mstype
from ..primitive import Primitive

PREFIX = "mindspore.ops.auto_generate."
_DATA = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "data",
                     "ms_auto_generate.json")
_REQUIRED = object()
_local = threading.local()


@functools.cache
def signatures():
    """``{"module.Name": {"init", "call"} | {"params", "op"}}`` as MindSpore 2.10 defines them."""
    with open(_DATA, encoding="utf-8") as f:
        return json.load(f)


def _default(value):
    """A stored default: dtypes are stored by name (``"mindspore.float16"``)."""
    if isinstance(value, str) and value.startswith("mindspore."):
        found = getattr(mstype, value[len("mindspore."):], None)
        if found is not None:
            return found
    return value


def _parameters(params):
    """``[(name, default or _REQUIRED)]`` from the stored ``[[name, has_default, default], ...]``."""
    return tuple((name, _default(default) if has_default else _REQUIRED) for name, has_default, default in params
                 if not name.startswith("*"))


def bind(owner, params, args, kwargs):
    """``{name: value}`` for a call of ``owner`` with ``args``/``kwargs`` against ``params``; Python's
    TypeError for too many, unknown or missing arguments."""
    if len(args) > len(params):
        raise TypeError(f"{owner}() takes {len(params)} positional arguments but {len(args)} were given")
    values = dict(zip((name for name, _ in params), args))
    for key, value in kwargs.items():
        if key in values:
            raise TypeError(f"{owner}() got multiple values for argument '{key}'")
        if not any(key == name for name, _ in params):
            raise TypeError(f"{owner}() got an unexpected keyword argument '{key}'")
        values[key] = value
    for name, default in params:
        if name not in values:
            if default is _REQUIRED:
                raise TypeError(f"{owner}() missing 1 required positional argument: '{name}'")
            values[name] = default
    return {name: values[name] for name, _ in params}


def make_class(module, name, impl, doc=None):
    """The Primitive class ``module.name`` of MindSpore 2.10, running the flat ``impl``."""
    sig = signatures()[f"{module}.{name}"]
    init, call = _parameters(sig["init"] or []), _parameters(sig["call"] or [])

    def __init__(self, *args, **kwargs):
        Primitive.__init__(self, name)
        for key, value in bind(f"{name}.__init__", init, args, kwargs).items():
            self._set_init_attr(key, value)

    def __call__(self, *args, **kwargs):
        values = bind(f"{name}.__call__", call, args, kwargs)
        return impl(*values.values(), *(self.init_attrs[key] for key, _ in init))

    text = doc or f"MindSpore 2.10's generated ``{name}`` Primitive: ``{name}({_sig_text(init)})({_sig_text(call)})``."
    return type(name, (Primitive,), {"__init__": __init__, "__call__": __call__, "__doc__": text,
                                     "__module__": PREFIX + module, "_ms_flat": impl,
                                     "_ms_init": init, "_ms_call": call})


def _sig_text(params):
    return ", ".join(name if default is _REQUIRED else f"{name}={default!r}" for name, default in params)


def class_parameters(key):
    """``(init, call)`` parameters of the generated class ``key`` (``"gen_ops_prim.AddExt"``)."""
    sig = signatures()[key]
    return _parameters(sig["init"] or []), _parameters(sig["call"] or [])


def make_function(module, name, cls, key):
    """The generated function ``module.name``: builds ``cls`` (our class of MindSpore's ``key``) from its
    arguments that name constructor attributes and calls it with those that name call inputs. None when
    the names do not match."""
    params = _parameters(signatures()[f"{module}.{name}"]["params"] or [])
    init, call = class_parameters(key)
    names = {n for n, _ in params}
    known = {n for n, _ in init} | {n for n, _ in call}
    required = {n for n, d in init + call if d is _REQUIRED}
    if not names <= known or not required <= names:
        return None

    def function(*args, **kwargs):
        values = bind(name, params, args, kwargs)
        prim = cls(**{k: values[k] for k, _ in init if k in values})
        # positionally in MindSpore's order (our Primitive classes may name their inputs differently)
        given = [k for k, _ in call if k in values]
        prefix = [k for k, _ in call][:len(given)] == given
        if prefix:
            return prim(*(values[k] for k in given))
        return prim(**{k: values[k] for k in given})
    function.__name__ = function.__qualname__ = name
    function.__module__ = PREFIX + module
    function.__doc__ = f"MindSpore 2.10's generated ``{name}({_sig_text(params)})``: runs ``{cls.__name__}``."
    return function


def make_pyboost_class(name, cls, key):
    """``pyboost_inner_prim.name`` (``_PyboostXPrim()(*inputs, *attributes)``) over our class ``cls`` of
    MindSpore's ``key`` (``gen_ops_prim.X``)."""
    call = _parameters(signatures()[f"pyboost_inner_prim.{name}"]["call"] or [])
    init_params, call_params = class_parameters(key)
    init_names = [n for n, _ in init_params]
    call_names = [n for n, _ in call_params]
    if len(call) != len(init_names) + len(call_names):
        return None

    def __init__(self):
        Primitive.__init__(self, name)

    def __call__(self, *args, **kwargs):
        values = list(bind(name, call, args, kwargs).values())
        inputs, attrs = values[:len(call_names)], values[len(call_names):]
        return cls(**dict(zip(init_names, attrs)))(*inputs)
    return type(name, (Primitive,), {"__init__": __init__, "__call__": __call__, "__module__": PREFIX + "pyboost_inner_prim",
                                     "__doc__": f"MindSpore 2.10's ``{name}``: ``{cls.__name__}`` with its attributes "
                                                "passed as trailing inputs."})


def lookup(module, name):
    """Our implementation of ``mindspore.ops.auto_generate.<module>.<name>`` as the module tree resolves it
    (None for a placeholder or a name being built: a class and a function built from each other)."""
    from ... import _module_tree as mt
    key = (module, name)
    busy = getattr(_local, "busy", None)
    if busy is None:
        busy = _local.busy = set()
    if key in busy:
        return None
    busy.add(key)
    try:
        value = mt.resolve(PREFIX + module, name)
    except AttributeError:
        return None
    finally:
        busy.discard(key)
    if isinstance(value, mt.Unavailable) or getattr(value, "_ms_unavailable", None):
        return None
    return value



def from_tree(module_name, module, name):
    """A stored name of ``module`` that this module does not build, as the module tree resolves it (our
    code elsewhere, or a placeholder): without the alias no tree hook serves it. AttributeError for a name
    MindSpore's module lacks."""
    from ... import _module_tree as mt
    if name.startswith("__") or name not in mt.names(PREFIX + module):
        raise AttributeError(f"module '{module_name}' has no attribute '{name}'")
    return mt.resolve(PREFIX + module, name)


def public_names(module):
    """``__all__`` of ``module`` as MindSpore's has it (no ``__all__`` there: its public names, its own and
    those it imports from elsewhere in ``mindspore``)."""
    from ... import _module_tree as mt
    entry = mt.entry(PREFIX + module) or {"d": {}, "r": {}}
    if "a" in entry:
        return list(entry["a"])
    return sorted(n for n in set(entry["d"]) | set(entry["r"]) if not n.startswith("_"))


def _unavailable(value):
    from ... import _module_tree as mt
    return isinstance(value, mt.Unavailable) or bool(getattr(value, "_ms_unavailable", None))


def existing(module, name, kind):
    """Our implementation of ``module.name`` outside ``ops.auto_generate``: what the module tree finds at the
    parent packages or under a public alias (``gen_ops_def.diagonal`` is ``ops.diagonal``), else None."""
    from ... import _module_tree as mt
    path = PREFIX + module
    for real in mt._candidates(path):
        if real.startswith("sporetorch.ops.auto_generate"):
            continue
        found = mt._real_module(real)
        if found is None:
            continue
        value = mt._lookup(found, name)
        if value is not mt._MISSING and not isinstance(value, types.ModuleType) and mt._fits(value, kind) \
                and not _unavailable(value):
            return value
    value = mt._find_by_public_alias(path, name, kind)
    return None if value is mt._MISSING else value


def function_attribute(module_name, module, name, namespace):
    """A generated function of ``module`` for its module ``__getattr__``: built over the class MindSpore's
    function calls, unless sporetorch has the function elsewhere (the module tree then finds that)."""
    sig = signatures().get(f"{module}.{name}")
    if sig is None or "params" not in sig or not sig.get("op") or existing(module, name, "f") is not None:
        return from_tree(module_name, module, name)
    op_module, _, op_name = sig["op"].partition(".")
    cls = lookup(op_module, op_name)
    function = make_function(module, name, cls, sig["op"]) if isinstance(cls, type) else None
    if function is None:
        return from_tree(module_name, module, name)
    namespace[name] = function
    return function
