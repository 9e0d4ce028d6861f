"""Argument checks shared by the layer families (kept off the ``construct`` fast paths)."""
import numbers

import torch

from ...common import dtype as mstype
from ..cell import Cell


class NoArgCell(Cell):
    """Base of the parameter-free layers whose constructor, as in MindSpore, takes no arguments."""

    def __init__(self):
        super().__init__()


FLOATS = (torch.float16, torch.bfloat16, torch.float32, torch.float64)
INDICES = (torch.int32, torch.int64)


def check_dtype(cell, name, t, allowed):
    """``t`` (the torch tensor of the input ``name``) when its dtype is one of ``allowed``; otherwise the
    TypeError MindSpore raises for a dtype its kernel lacks, naming the cell, the input, its dtype and shape."""
    if t.dtype not in allowed:
        raise TypeError(f"For '{type(cell).__name__}', the '{name}' must be a Tensor of dtype in "
                        f"[{', '.join(str(mstype.from_torch(d)) for d in allowed)}], but got "
                        f"{mstype.from_torch(t.dtype)} with shape {tuple(t.shape)}")
    return t


def positive_int(value, name, cls):
    if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
        raise ValueError(f"For '{cls}', the '{name}' must be a positive int, but got {value!r}")
    return value


def check_bool(value, name, cls):
    if not isinstance(value, bool):
        raise TypeError(f"For '{cls}', the '{name}' must be a bool, but got {type(value).__name__}")
    return value


def check_float(value, name, cls):
    if not isinstance(value, numbers.Real) or isinstance(value, bool):
        raise TypeError(f"For '{cls}', the '{name}' must be a float, but got {type(value).__name__}")
    return float(value)


def int_tuple(value, n, name, cls, allow_zero=False):
    """``value`` as an n-tuple of positive ints (non-negative with ``allow_zero``)."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = (value,) * n
    if not (isinstance(value, (tuple, list)) and len(value) == n
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        raise ValueError(f"For '{cls}', the '{name}' must be an int or a tuple of {n} ints, but got {value!r}")
    low = 0 if allow_zero else 1
    if any(v < low for v in value):
        raise ValueError(f"For '{cls}', the '{name}' must contain only {'non-negative' if allow_zero else 'positive'}"
                         f" ints, but got {value!r}")
    return tuple(value)


def check_batch_rank(cell, t):
    """``t`` must be ``cell._nd + 1``-D (unbatched) or ``cell._nd + 2``-D (batched)."""
    nd = cell._nd
    if t.dim() not in (nd + 1, nd + 2):
        raise ValueError(f"For '{type(cell).__name__}', the input must be {nd + 1}-D or {nd + 2}-D, "
                         f"but got shape {tuple(t.shape)}")


def weight_for(cell, t, w):
    """The weight ``w`` to use with input ``t`` when their dtypes differ.

    Inside a cell run through ``to_float`` the floating weights are used in the input's
    dtype (MindSpore casts at the operator and keeps the Parameters unchanged); elsewhere a
    mismatch is the TypeError MindSpore raises.
    """
    if t.is_floating_point() and cell._cast_inputs is not None:
        return w.to(t.dtype)
    raise TypeError(f"For '{type(cell).__name__}', the input dtype {mstype.from_torch(t.dtype)} must equal the "
                    f"weight dtype {mstype.from_torch(w.dtype)}, input shape {tuple(t.shape)}")
