"""Helpers shared by the functional operators: unwrapping, axis checks and MindSpore-style errors.

Ops call torch directly and only come here on the slow path (argument
normalisation or a torch error to translate), so nothing here sits on the hot path.
"""
import inspect
import numbers

import numpy as np
import torch

from ..._device import default_device
from ...common import dtype as mstype
from ...common.tensor import Tensor, _wrap
# Re-exported under the names the family modules import (the translation itself lives in ops/_errors.py).
from .._errors import (bound_args as _bound_args, describe as _desc, error_type as _torch_error_type,  # noqa: F401
                       fail as _fail, guard as _guard, not_tensor_error as _not_tensor_error)

__all__ = []


def _u(x):
    """Return the torch tensor behind ``x``; Python scalars pass through unchanged."""
    if isinstance(x, Tensor):
        return x._t
    if isinstance(x, np.ndarray):
        return torch.from_numpy(x)
    return x


_COMPLEX_OF = {torch.float16: torch.complex32, torch.bfloat16: torch.complex64, torch.float32: torch.complex64,
               torch.float64: torch.complex128}


def _combine_categories(higher, lower):
    """One step of torch's result-type rule: ``higher``'s dtype wins unless ``lower`` is of a higher
    category (bool < integer < float < complex); None stands for no operand of that tier."""
    if higher is None or lower is None:
        return lower if higher is None else higher
    if higher.is_complex:
        return higher
    if lower.is_complex:
        return _COMPLEX_OF.get(higher, lower) if higher.is_floating_point else lower
    if higher.is_floating_point:
        return higher
    if higher == torch.bool or lower.is_floating_point:
        return torch.promote_types(higher, lower)
    return higher


def _result_dtype(*operands):
    """``torch.result_type`` of torch tensors and Python numbers, computed on dtypes alone.

    The same value as torch's (tensors with dimensions, then 0-d tensors, then Python numbers, each
    tier promoted within itself and outranking the next only by category). It is written out because
    TorchDynamo cannot trace ``torch.result_type`` (a torch op returning a dtype breaks the graph,
    splitting every compiled cell whose binary op checks its promoted dtype), while it folds
    ``torch.promote_types`` and the dtype attributes into constants."""
    tiers = [None, None, None]
    for v in operands:
        if isinstance(v, torch.Tensor):
            tier, dtype = (0 if v.dim() else 1), v.dtype
        elif isinstance(v, (bool, np.bool_)):
            tier, dtype = 2, torch.bool
        elif isinstance(v, numbers.Integral):
            tier, dtype = 2, torch.int64
        elif isinstance(v, numbers.Real):
            tier, dtype = 2, torch.get_default_dtype()
        elif isinstance(v, numbers.Complex):
            tier, dtype = 2, _COMPLEX_OF[torch.get_default_dtype()]
        else:
            return torch.result_type(*operands)  # what torch makes of anything else (and its error)
        tiers[tier] = dtype if tiers[tier] is None else torch.promote_types(tiers[tier], dtype)
    return _combine_categories(tiers[0], _combine_categories(tiers[1], tiers[2]))


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


def _pair(v, n=2):
    """``v`` as an ``n``-tuple: an int repeated, a longer sequence's last ``n`` entries."""
    if isinstance(v, int):
        return (v,) * n
    v = tuple(v)
    return v[-n:] if len(v) > n else v


def _typeof(x):
    """The body of ``ops.typeof``: MindSpore's type of ``x`` (``Tensor[Float32]`` for a Tensor, Int64 for an
    int, Float32 for a float, Bool, String, NoneType, Tuple, List)."""
    if isinstance(x, Tensor):
        return mstype.TensorType(f"Tensor[{x.dtype}]", None, None, "tensor")
    if isinstance(x, bool):
        return mstype.bool_
    if isinstance(x, int):
        return mstype.int64
    if isinstance(x, float):
        return mstype.float32
    if isinstance(x, str):
        return mstype.string
    if x is None:
        return mstype.type_none
    if isinstance(x, tuple):
        return mstype.tuple_
    if isinstance(x, list):
        return mstype.list_
    return mstype.get_py_obj_dtype(x)
