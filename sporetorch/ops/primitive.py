"""``Primitive``: the base of MindSpore's operator classes (``ops.ReLU()(x)``)."""


class Primitive:
    """An operator object: constructor arguments become attributes, calling it runs the op.

    Subclasses implement ``__call__``. ``add_prim_attr`` records extra attributes as
    MindSpore's primitives do.
    """

    def __init__(self, name=None):
        self.name = name or type(self).__name__
        self.attrs = {}

    def add_prim_attr(self, name, value):
        """Record ``name=value`` on the primitive; returns self."""
        self.attrs[name] = value
        setattr(self, name, value)
        return self

    def del_prim_attr(self, name):
        self.attrs.pop(name, None)
        if name in self.__dict__:
            delattr(self, name)
        return self

    def init_prim_io_names(self, inputs, outputs):
        self.add_prim_attr("input_names", inputs)
        self.add_prim_attr("output_names", outputs)

    def set_device(self, device_target):
        return self

    def recompute(self, mode=True):
        return self

    def shard(self, in_strategy=None, out_strategy=None):
        return self

    def __repr__(self):
        attrs = ", ".join(f"{k}={v}" for k, v in self.attrs.items())
        return f"Prim[{self.name}]" + (f"<{attrs}>" if attrs else "")


class PrimitiveWithInfer(Primitive):
    """MindSpore's primitive with Python shape inference; here the same as ``Primitive``."""


class PrimitiveWithCheck(Primitive):
    """MindSpore's primitive with Python checks; here the same as ``Primitive``."""


def prim_attr_register(fn):
    """Decorator for a Primitive ``__init__`` that records its arguments as attributes."""
    import inspect
    import functools

    @functools.wraps(fn)
    def wrapper(self, *args, **kwargs):
        Primitive.__init__(self, type(self).__name__)
        bound = inspect.signature(fn).bind(self, *args, **kwargs)
        bound.apply_defaults()
        for k, v in list(bound.arguments.items())[1:]:
            self.add_prim_attr(k, v)
        fn(self, *args, **kwargs)
    return wrapper
