"""Helpers shared by the functional operators: unwrapping, axis checks and MindSpore-style errors.

Ops call torch directly and only come here on the slow path (argument
normalisation or a torch error to translate), so nothing here sits on the hot path.
"""
import functools
import inspect
import numbers

import numpy as np
import torch

from ..._device import default_device
from ...common import dtype as mstype
from ...common.tensor import Tensor, _wrap

__all__ = []


def _u(x):
    """Return the torch tensor behind ``x``; Python scalars pass through unchanged."""
    if isinstance(x, Tensor):
        return x._t
    if isinstance(x, np.ndarray):
        return torch.from_numpy(x)
    return x


def _number(x):
    """The Python number held by a one-element Tensor argument; numbers pass through unchanged."""
    return x._t.item() if isinstance(x, Tensor) else x


def _ut(x, like=None):
    """Return a torch tensor for ``x``: Tensors unwrap, scalars and sequences become tensors."""
    if isinstance(x, Tensor):
        return x._t
    if isinstance(x, torch.Tensor):
        return x
    if isinstance(x, np.ndarray):
        return torch.from_numpy(x)
    device = like.device if like is not None else default_device()
    if isinstance(x, (bool, np.bool_)):
        return torch.tensor(bool(x), device=device)
    # A Python scalar takes the dtype of the Tensor it meets when the kinds agree, as in MindSpore.
    if isinstance(x, numbers.Integral):
        same = like is not None and like.dtype not in (torch.bool,) and not like.is_complex()
        return torch.tensor(int(x), dtype=like.dtype if same else torch.int64, device=device)
    if isinstance(x, numbers.Real):
        same = like is not None and like.is_floating_point()
        return torch.tensor(float(x), dtype=like.dtype if same else torch.float32, device=device)
    if isinstance(x, numbers.Complex):
        return torch.tensor(complex(x), device=device)
    if isinstance(x, (list, tuple)):
        return Tensor(x)._t
    raise TypeError(f"expected a Tensor or a number, but got {type(x).__name__}")


def _tdtype(dtype):
    """Torch dtype for a MindSpore dtype argument (None stays None)."""
    return None if dtype is None else mstype.to_torch(dtype)


def _desc(x):
    """Short description of an argument for error messages: shape and dtype of a Tensor."""
    if isinstance(x, Tensor):
        return f"Tensor(shape={tuple(x._t.shape)}, dtype={x.dtype})"
    if isinstance(x, torch.Tensor):
        return f"Tensor(shape={tuple(x.shape)}, dtype={mstype._TORCH_TO_TYPE.get(x.dtype, x.dtype)})"
    if isinstance(x, (list, tuple)) and x and all(isinstance(v, (Tensor, torch.Tensor)) for v in x):
        return "[" + ", ".join(_desc(v) for v in x) + "]"
    return repr(x) if not isinstance(x, np.ndarray) else f"ndarray(shape={x.shape}, dtype={x.dtype})"


def _fail(op, exc, exc_type=None, **args):
    """Raise a MindSpore-style error for ``op`` from a torch error ``exc``.

    The message names the op and every argument with its shape and dtype, then
    keeps torch's own explanation. Type problems become TypeError, the rest ValueError.
    """
    msg = str(exc).split("\n")[0]
    if exc_type is None:
        exc_type = _torch_error_type(exc)
    described = ", ".join(f"'{k}': {_desc(v)}" for k, v in args.items())
    raise exc_type(f"For '{op}', the inputs are not valid ({described}): {msg}") from None


def _axis(op, axis, ndim, name="axis"):
    """Normalise an int axis into [0, ndim), raising ValueError when it is out of range."""
    if isinstance(axis, Tensor):
        axis = int(axis._t.item())
    if not isinstance(axis, (int, np.integer)) or isinstance(axis, bool):
        raise TypeError(f"For '{op}', the '{name}' must be an int, but got {type(axis).__name__}")
    rank = max(ndim, 1)
    if not -rank <= axis < rank:
        raise ValueError(f"For '{op}', the '{name}' must be in range [{-rank}, {rank}), but got {axis}")
    return axis % rank


def _axes(op, axis, ndim, name="axis"):
    """Normalise an axis argument that may be None, () (all axes), an int or a sequence of ints."""
    if axis is None:
        return None
    if isinstance(axis, Tensor):
        axis = axis._t.tolist()
    if isinstance(axis, (list, tuple)):
        if len(axis) == 0:
            return None
        return tuple(_axis(op, a, ndim, name) for a in axis)
    return _axis(op, axis, ndim, name)


def _shape(op, shape, name="shape"):
    """Turn a shape argument (int, tuple, list or Tensor) into a tuple of ints."""
    if isinstance(shape, Tensor):
        shape = shape._t.tolist()
    if isinstance(shape, (int, np.integer)):
        return (int(shape),)
    if isinstance(shape, (list, tuple)):
        out = []
        for s in shape:
            if isinstance(s, Tensor):
                s = s._t.item()
            if not isinstance(s, (int, np.integer)) or isinstance(s, bool):
                raise TypeError(f"For '{op}', each element of '{name}' must be an int, but got {shape!r}")
            out.append(int(s))
        return tuple(out)
    raise TypeError(f"For '{op}', the '{name}' must be a tuple or list of ints, but got {type(shape).__name__}")


def _wrap_seq(ts):
    return tuple(_wrap(t) for t in ts)


def _float_of(t):
    """Promote integer/bool tensors to the default float dtype (MindSpore's float ops accept ints)."""
    return t if t.is_floating_point() or t.is_complex() else t.to(torch.get_default_dtype())


def _bound_args(fn, args, kwargs):
    """``fn``'s arguments by name (by position, as ``argN``, when they do not fit its signature)."""
    try:
        return inspect.signature(fn).bind(*args, **kwargs).arguments
    except TypeError:
        return {f"arg{i}": a for i, a in enumerate(args)}


def _not_tensor_error(name, exc, args):
    """TypeError naming the argument in ``args`` whose type lacked a Tensor's ``_t`` (``exc``)."""
    bad_type = str(exc).split("'")[1]
    arg_name = next((k for k, v in args.items() if type(v).__name__ == bad_type), None)
    if arg_name is None:
        return TypeError(f"For '{name}', an argument that must be a Tensor got a {bad_type}")
    return TypeError(f"For '{name}', the '{arg_name}' must be a Tensor, but got {bad_type}")


def _torch_error_type(exc):
    """MindSpore's exception class for a torch failure.

    Out-of-range index *values* are found while the kernel runs, which MindSpore reports
    as RuntimeError; bad shapes, axes and arguments are ValueError; dtype problems TypeError.
    """
    msg = str(exc).split("\n")[0].lower()
    if ("index" in msg or "target" in msg) and ("out of bounds" in msg or "out of range in self" in msg):
        return RuntimeError
    if isinstance(exc, TypeError) or "dtype" in msg or "not implemented for" in msg or "expected scalar type" in msg:
        return TypeError
    return ValueError


def _guard(fn):
    """Translate failures of ``fn`` into MindSpore's errors naming the op and its arguments.

    A non-Tensor argument (the AttributeError of ``x._t``) becomes TypeError; a torch
    RuntimeError/IndexError becomes the class :func:`_torch_error_type` picks. Errors the op
    raised itself (messages starting "For '") pass unchanged. Only the failure path pays:
    the happy path is one extra call frame.
    """
    name = fn.__name__

    @functools.wraps(fn)
    def op(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except AttributeError as e:
            if "'_t'" not in str(e):
                raise
            raise _not_tensor_error(name, e, _bound_args(fn, args, kwargs)) from None
        except (RuntimeError, IndexError) as e:
            if str(e).startswith("For '"):
                raise
            _fail(name, e, _torch_error_type(e), **_bound_args(fn, args, kwargs))
    op._checks_inputs = True
    return op


def _guard_module(namespace, names):
    """Apply :func:`_guard` to the public functions of a family module (once each)."""
    for n in names:
        f = namespace[n]
        if inspect.isfunction(f) and f.__module__ == namespace["__name__"] and not getattr(f, "_checks_inputs", False):
            namespace[n] = _guard(f)


def _no_tensor(name, exc, **args):
    """Re-raise the AttributeError of ``x._t`` on a non-Tensor as MindSpore's TypeError naming the argument."""
    if "'_t'" not in str(exc):
        raise exc
    raise _not_tensor_error(name, exc, args) from None


def _inline_checked(fn):
    """Mark a hot op that handles non-Tensor arguments itself, so ``_guard_module`` leaves it unwrapped."""
    fn._checks_inputs = True
    return fn


# Dtype families of MindSpore's kernels, for :func:`_check_dtype` tables in the op modules.
F16_F32 = (torch.float16, torch.float32)
FLOATS = (torch.float16, torch.float32, torch.float64)
FLOATS_BF16 = FLOATS + (torch.bfloat16,)
FLOATS_COMPLEX = FLOATS + (torch.complex64, torch.complex128)


def _check_dtype(op, name, x, allowed):
    """TypeError, as MindSpore's primitive checks raise it, unless Tensor ``x`` has a dtype in ``allowed``."""
    if x._t.dtype not in allowed:
        names = ", ".join(str(mstype._TORCH_TO_TYPE[d]) for d in allowed)
        raise TypeError(f"For '{op}', the '{name}' must be a Tensor of {{{names}}}, but got {x.dtype}")


def _same_dtype(op, names, *values):
    """TypeError, as MindSpore's "the input type must be same" check raises it, unless the Tensors share a dtype."""
    if len({v._t.dtype for v in values}) > 1:
        described = ", ".join(f"'{n}': {_desc(v)}" for n, v in zip(names, values))
        raise TypeError(f"For '{op}', the inputs must have the same dtype, but got {described}")


def _tensor_arg(op, name, value):
    """TypeError, as MindSpore raises it, for a Python number (or other non-Tensor) where only a Tensor is accepted."""
    if not isinstance(value, Tensor):
        raise TypeError(f"For '{op}', the '{name}' must be a Tensor, but got {type(value).__name__}")
