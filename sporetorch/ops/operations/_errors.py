"""MindSpore's errors for the Primitives: torch's rejection of their inputs, and a non-Tensor where a
Tensor is needed, become the TypeError (dtype, argument type) or ValueError (shape, axis) that
MindSpore 2.10 raises, naming the Primitive and its inputs (as the functional ops do, ``_guard``)."""
import inspect

from .. import function as _function
from ..function._prim_checks import (  # noqa: F401
    call_as,
    complex_input,
    float_input,
    not_bool,
    tensor_of,
    tensor_sequence,
)
from ..function._utils import (
    _bound_args,
    _fail,
    _not_tensor_error,
    _torch_error_type,
)

# Their own errors are the result: a Primitive sporetorch cannot run, a user's custom op, collectives.
_KEEP = ("unsupported_ops", "custom_ops", "comm_ops")


def functional(prim, fn, *args, **kwargs):
    """The functional op ``fn`` on the arguments, its errors naming the Primitive ``prim`` as MindSpore's
    do: for the Primitives whose MindSpore 2.10 behaviour is their functional op's (the Primitive and op
    sweeps check it case by case), so that one implementation serves both."""
    return call_as(prim, fn, getattr(_function, fn), *args, **kwargs)


def _guarded(call):
    def __call__(self, *args, **kwargs):
        try:
            return call(self, *args, **kwargs)
        except AttributeError as e:
            if "'_t'" not in str(e):
                raise
            raise _not_tensor_error(type(self).__name__, e, _inputs(call, self, args, kwargs)) from None
        except (RuntimeError, IndexError, NotImplementedError) as e:
            text = str(e)
            if text.startswith("For '") or (isinstance(e, NotImplementedError) and "not implemented for" not in text):
                raise
            _fail(type(self).__name__, e, _torch_error_type(e), **_inputs(call, self, args, kwargs))
    # What functools.wraps copies, less the dict merge (this runs for every Primitive at import).
    __call__.__doc__, __call__.__wrapped__, __call__._checks_inputs = call.__doc__, call, True
    return __call__


def _inputs(call, prim, args, kwargs):
    bound = dict(_bound_args(call, (prim, *args), kwargs))
    bound.pop(next(iter(bound), None), None)  # the Primitive itself
    return bound


def guard_primitives(modules):
    """Wraps the ``__call__`` of each Primitive class defined in ``modules`` (once each)."""
    for module in modules:
        if module.__name__.rsplit(".", 1)[-1] in _KEEP:
            continue
        for name in module.__all__:
            cls = getattr(module, name)
            call = cls.__dict__.get("__call__") if inspect.isclass(cls) else None
            if call is not None and cls.__module__ == module.__name__ and not getattr(call, "_checks_inputs", False):
                cls.__call__ = _guarded(call)
