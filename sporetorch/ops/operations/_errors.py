"""MindSpore's errors for the Primitives: torch's rejection of their inputs, and a non-Tensor where a
Tensor is needed, become the TypeError (dtype, argument type) or ValueError (shape, axis) that
MindSpore 2.10 raises, naming the Primitive and its inputs (as the functional ops do, ``_guard``)."""
import inspect

import torch

from ...common.tensor import Tensor
from .. import function as _function
from ..function._utils import (
    _bound_args,
    _check_dtype,
    _fail,
    _not_tensor_error,
    _tensor_arg,
    _torch_error_type,
)

# Their own errors are the result: a Primitive sporetorch cannot run, a user's custom op, collectives.
_KEEP = ("unsupported_ops", "custom_ops", "comm_ops")


def functional(prim, fn, *args, **kwargs):
    """The functional op ``fn`` on the arguments, its errors naming the Primitive ``prim`` as MindSpore's
    do: for the Primitives whose MindSpore 2.10 behaviour is their functional op's (the Primitive and op
    sweeps check it case by case), so that one implementation serves both."""
    try:
        return getattr(_function, fn)(*args, **kwargs)
    except (TypeError, ValueError) as e:
        msg = str(e)
        msg = msg.replace(f"'{fn}'", f"'{prim}'", 1) if f"'{fn}'" in msg else f"For '{prim}', {msg}"
        raise type(e)(msg) from None


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


def float_input(prim, x):
    """TypeError unless ``x`` is a float (or complex) Tensor: MindSpore 2.10's kernel has no other."""
    if isinstance(x, Tensor) and not (x._t.is_floating_point() or x._t.is_complex()):
        raise TypeError(f"For '{prim}', the input must be a float Tensor, but got {x.dtype}")


def complex_input(prim, x):
    if isinstance(x, Tensor) and not x._t.is_complex():
        raise TypeError(f"For '{prim}', the input must be a complex Tensor, but got {x.dtype}")


def not_bool(prim, *xs):
    for x in xs:
        if isinstance(x, Tensor) and x._t.dtype == torch.bool:
            raise TypeError(f"For '{prim}', the input must not be Bool")


def tensor_sequence(prim, xs):
    """TypeError unless ``xs`` is a tuple or list (of Tensors), as MindSpore 2.10 checks it."""
    if not isinstance(xs, (tuple, list)):
        raise TypeError(f"For '{prim}', the input must be a tuple or list of Tensors, but got {type(xs).__name__}")


def tensor_of(prim, name, x, allowed):
    """TypeError unless ``x`` is a Tensor of a dtype in ``allowed`` (torch dtypes): MindSpore 2.10's Primitive
    infer checks (``check_tensor_dtype_valid``), made input by input in its order, dtypes before shapes."""
    _tensor_arg(prim, name, x)
    _check_dtype(prim, name, x, allowed)
