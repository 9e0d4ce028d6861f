"""Dtype tables: which Tensor dtypes each op's MindSpore 2.10 kernels accept, checked up front.

A family module lists, per op, the Tensor arguments with their accepted dtypes (and the groups of
arguments that must share one dtype, as MindSpore's primitives do not promote), and
:func:`apply_dtype_table` wraps the op so that a refused dtype raises MindSpore's TypeError naming
the op, the argument and its shape and dtype, before torch sees it. Non-Tensor arguments are
left to the op. The happy path pays one call frame and a dtype lookup per listed argument.
"""
import functools
import inspect

import torch

from ...common import dtype as mstype
from ...common.tensor import Tensor
from ._utils import _desc

__all__ = []

ALL = frozenset(mstype._TORCH_TO_TYPE)
NO_BOOL = ALL - {torch.bool}
F32 = frozenset({torch.float32})
F16_F32 = frozenset({torch.float16, torch.float32})
F32_F64 = frozenset({torch.float32, torch.float64})
FLOATS = frozenset({torch.float16, torch.float32, torch.float64})
COMPLEXES = frozenset({torch.complex64, torch.complex128})
F32_F64_COMPLEX = F32_F64 | COMPLEXES
FLOATS_COMPLEX = FLOATS | COMPLEXES
INTS = frozenset({torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8})
INT32_INT64 = frozenset({torch.int32, torch.int64})
# MindSpore's FFT kernels: int16/int32/int64 and float inputs, complex where the transform takes it.
FFT_REAL = frozenset({torch.int16, torch.int32, torch.int64}) | FLOATS
FFT_ANY = FFT_REAL | COMPLEXES

SAME = "same dtype"  # key of a table entry: the tuple of arguments that must share one dtype


def _dtype_error(op, name, value, allowed):
    if allowed == NO_BOOL:
        return TypeError(f"For '{op}', the '{name}' does not support Bool, but got {_desc(value)}")
    names = sorted(str(mstype._TORCH_TO_TYPE[d]) for d in allowed)
    return TypeError(f"For '{op}', the '{name}' must be a Tensor of one of [{', '.join(names)}], "
                     f"but got {_desc(value)}")


def _check_same(op, names, values):
    tensors = [(n, v) for n, v in zip(names, values) if isinstance(v, Tensor)]
    if len({v._t.dtype for _, v in tensors}) > 1:
        described = ", ".join(f"'{n}': {_desc(v)}" for n, v in tensors)
        raise TypeError(f"For '{op}', the inputs must have the same dtype, but got {described}")


def _checked(op, fn, dtypes, same):
    @functools.wraps(fn)
    def checked(*args, **kwargs):
        for name, pos, allowed in dtypes:
            v = args[pos] if pos < len(args) else kwargs.get(name)
            if isinstance(v, Tensor) and v._t.dtype not in allowed:
                raise _dtype_error(op, name, v, allowed)
        if same:
            _check_same(op, [n for n, _ in same],
                        [args[p] if p < len(args) else kwargs.get(n) for n, p in same])
        return fn(*args, **kwargs)
    return checked


def apply_dtype_table(namespace, table):
    """Wrap each op ``namespace[name]`` of ``table`` = ``{name: {argument: dtypes, SAME: (arguments)}}``."""
    for op, entry in table.items():
        fn = namespace[op]
        params = list(inspect.signature(fn).parameters)
        dtypes = tuple((arg, params.index(arg), allowed) for arg, allowed in entry.items() if arg != SAME)
        same = tuple((arg, params.index(arg)) for arg in entry.get(SAME, ()))
        namespace[op] = _checked(op, fn, dtypes, same)
