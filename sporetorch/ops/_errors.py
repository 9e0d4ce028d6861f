"""The one translation of torch errors into MindSpore 2.10's exception types and messages.

Every op that calls torch ends in one of two shapes, both free while nothing fails (Python 3.11's
``try`` costs nothing until it raises):

* a ``try``/``except`` around the torch call whose handler calls :func:`fail`, naming the op and
  its arguments (the hot element-wise ops, the Tensor operators and in-place methods);
* the :func:`guard` decorator, which does the same for a whole function and names the arguments
  from its signature (every other public op of a family module, through ``_guard_module``).

:func:`error_type` picks the class: an index value out of range found while the kernel runs is
MindSpore's RuntimeError, a dtype problem TypeError, a shape/axis/argument problem ValueError. The
message names the op, then each argument with its shape and dtype, then keeps torch's first line.
"""
import functools
import inspect

import numpy as np
import torch

from ..common import dtype as mstype
from ..common.tensor import Tensor

__all__ = []


def describe(x):
    """Short description of an argument for error messages: shape and dtype of a Tensor."""
    if isinstance(x, Tensor):
        return f"Tensor(shape={tuple(x._t.shape)}, dtype={x.dtype})"
    if isinstance(x, torch.Tensor):
        return f"Tensor(shape={tuple(x.shape)}, dtype={mstype._TORCH_TO_TYPE.get(x.dtype, x.dtype)})"
    if isinstance(x, (list, tuple)) and x and all(isinstance(v, (Tensor, torch.Tensor)) for v in x):
        return "[" + ", ".join(describe(v) for v in x) + "]"
    return repr(x) if not isinstance(x, np.ndarray) else f"ndarray(shape={x.shape}, dtype={x.dtype})"


def error_type(exc):
    """MindSpore's exception class for a torch failure ``exc``.

    Out-of-range index *values* are found while the kernel runs, which MindSpore reports
    as RuntimeError; bad shapes, axes and arguments are ValueError; dtype problems TypeError.
    """
    msg = str(exc).split("\n")[0].lower()
    if ("index" in msg or "target" in msg) and ("out of bounds" in msg or "out of range in self" in msg):
        return RuntimeError
    if isinstance(exc, TypeError) or "dtype" in msg or "not implemented for" in msg or "expected scalar type" in msg:
        return TypeError
    return ValueError


def fail(op, exc, exc_type=None, **args):
    """Raise MindSpore's error for op ``op`` from the torch error ``exc`` (never returns).

    The message names the op and every argument with its shape and dtype, then keeps torch's own
    explanation. ``exc_type`` overrides the class :func:`error_type` picks. An error marked
    ``_mindspore_error`` (raised in MindSpore's form below the op) passes unchanged.
    """
    if getattr(exc, "_mindspore_error", False):  # raised in MindSpore's form below the op (uninitialised data)
        raise exc
    msg = str(exc).split("\n")[0]
    if exc_type is None:
        exc_type = error_type(exc)
    described = ", ".join(f"'{k}': {describe(v)}" for k, v in args.items())
    raise exc_type(f"For '{op}', the inputs are not valid ({described}): {msg}") from None


def bound_args(fn, args, kwargs):
    """``fn``'s arguments by name (by position, as ``argN``, when they do not fit its signature)."""
    try:
        return inspect.signature(fn).bind(*args, **kwargs).arguments
    except TypeError:
        return {f"arg{i}": a for i, a in enumerate(args)}


def not_tensor_error(name, exc, args):
    """TypeError naming the argument in ``args`` whose type lacked a Tensor's ``_t`` (``exc``)."""
    bad_type = str(exc).split("'")[1]
    arg_name = next((k for k, v in args.items() if type(v).__name__ == bad_type), None)
    if arg_name is None:
        return TypeError(f"For '{name}', an argument that must be a Tensor got a {bad_type}")
    return TypeError(f"For '{name}', the '{arg_name}' must be a Tensor, but got {bad_type}")


def guard(fn, name=None):
    """``fn`` with its failures translated into MindSpore's errors naming the op (``name``, default
    ``fn.__name__``) and its arguments.

    A non-Tensor argument (the AttributeError of ``x._t``) becomes TypeError; a torch
    RuntimeError/IndexError becomes the class :func:`error_type` picks. Errors the op raised
    itself (messages starting "For '") pass unchanged. The success path is one call frame.
    """
    name = name or fn.__name__

    @functools.wraps(fn)
    def op(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except AttributeError as e:
            if "'_t'" not in str(e):
                raise
            raise not_tensor_error(name, e, bound_args(fn, args, kwargs)) from None
        except (RuntimeError, IndexError) as e:
            if str(e).startswith("For '") or getattr(e, "_mindspore_error", False):
                raise
            fail(name, e, error_type(e), **bound_args(fn, args, kwargs))
    op._checks_inputs = True
    return op
