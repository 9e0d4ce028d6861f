"""``Primitive``: the base of MindSpore's operator classes (``ops.ReLU()(x)``)."""
import functools
import inspect

# Attributes MindSpore records for its graph compiler but leaves out of ``repr``.
_HIDDEN_ATTRS = frozenset(("input_names", "output_names"))


class Primitive:
    """An operator object: constructor arguments become attributes, calling it runs the op.

    Subclasses implement ``__call__`` as a single torch call on the unwrapped inputs.
    ``add_prim_attr`` records extra attributes as MindSpore's primitives do; ``repr``
    prints ``Prim[Name]<attr=value, ...>`` like MindSpore.
    """

    def __init__(self, name=None):
        self.name = name or type(self).__name__
        self.attrs = {}
        self.init_attrs = {}

    def add_prim_attr(self, name, value):
        """Record ``name=value`` on the primitive; returns self."""
        self.attrs[name] = value
        setattr(self, name, value)
        return self

    def _set_init_attr(self, name, value):
        self.init_attrs[name] = value
        self.add_prim_attr(name, value)

    def del_prim_attr(self, name):
        """Remove an attribute recorded with ``add_prim_attr``; returns self."""
        self.attrs.pop(name, None)
        if name in self.__dict__:
            delattr(self, name)
        return self

    def add_prim_attrs(self, **kwargs):
        for k, v in kwargs.items():
            self.add_prim_attr(k, v)
        return self

    def init_prim_io_names(self, inputs, outputs):
        self.add_prim_attr("input_names", inputs)
        self.add_prim_attr("output_names", outputs)

    def set_prim_instance_name(self, instance_name):
        self.instance_name = instance_name
        return self

    def set_device(self, device_target):
        return self

    def set_stage(self, stage):
        return self

    def recompute(self, mode=True):
        return self

    def place(self, role, rank_id):
        return self

    def shard(self, in_strategy=None, out_strategy=None):
        return self

    def check_elim(self, *args):
        return (False, None)

    def __call__(self, *args):
        raise NotImplementedError(f"The primitive '{self.name}' has no implementation")

    def __repr__(self):
        attrs = ", ".join(f"{k}={v}" for k, v in self.attrs.items() if k not in _HIDDEN_ATTRS)
        return f"Prim[{self.name}]" + (f"<{attrs}>" if attrs else "")


class PrimitiveWithInfer(Primitive):
    """MindSpore's primitive with Python shape inference; here the same as ``Primitive``."""


class PrimitiveWithCheck(Primitive):
    """MindSpore's primitive with Python checks; here the same as ``Primitive``."""


def prim_attr_register(fn):
    """Decorator for a Primitive ``__init__``: records every argument (defaults included) as an attribute.

    The arguments are matched to their names with plain dicts, not ``inspect.Signature.bind``:
    MindSpore code builds Primitives inside ``construct`` (``ops.Softmax(axis=1)(x)``), and
    TorchDynamo cannot trace a ``Signature``, so each such call split a GRAPH_MODE graph.
    """
    sig = inspect.signature(fn)
    params = list(sig.parameters.values())[1:]
    named = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    if not all(p.kind in named for p in params):
        raise TypeError(f"prim_attr_register: '{fn.__qualname__}' may take named parameters only")
    names = tuple(p.name for p in params)
    positional = tuple(p.name for p in params if p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD)
    defaults = {p.name: p.default for p in params if p.default is not inspect.Parameter.empty}

    @functools.wraps(fn)
    def wrapper(self, *args, **kwargs):
        Primitive.__init__(self, type(self).__name__)
        if len(args) > len(positional) or not set(kwargs) <= set(names):
            fn(self, *args, **kwargs)  # raises Python's TypeError for the call
        values = dict(defaults)
        values.update(zip(positional, args))
        values.update(kwargs)
        for name in names:
            if name in values:
                self._set_init_attr(name, values[name])
        fn(self, *args, **kwargs)
    return wrapper


def constexpr(fn=None, get_instance=True, name=None, reuse_result=True, check=True):
    """MindSpore's compile-time constant decorator; in eager execution the function runs as is."""
    if fn is None:
        return lambda f: f
    return fn


def _primexpr(fn=None, get_instance=True, name=None, reuse_result=True):
    """MindSpore's internal variant of ``constexpr`` (zoos decorate shape helpers with it); eager here."""
    return constexpr(fn, get_instance, name, reuse_result)
