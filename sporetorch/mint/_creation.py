"""``mint`` tensor creation and random sampling (torch-style ``size``/``dtype``/``generator`` arguments).

Each name calls the op's one implementation in :mod:`sporetorch.ops`. A ``generator`` (a
:class:`sporetorch.Generator`) is honoured by drawing into a new tensor with the in-place samplers.
"""
import numbers

import torch

from .. import ops
from ..common import dtype as mstype
from ..common.tensor import Tensor

__all__ = [
    "arange", "bernoulli", "empty", "empty_like", "eye", "full", "full_like", "linspace", "multinomial", "normal",
    "ones", "ones_like", "rand", "rand_like", "randint", "randint_like", "randn", "randn_like", "randperm", "zeros",
    "zeros_like",
]



def _size(size):
    """``*size`` as a shape: ``f(2, 3)``, ``f((2, 3))`` and ``f([2, 3])`` are the same."""
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        return tuple(size[0])
    return tuple(size)


def _gen(generator):
    return None if generator is None else generator._torch_generator()


def zeros(size, *, dtype=None):
    """Zeros of shape ``size`` (Float32 unless ``dtype``) (``mindspore.mint.zeros``)."""
    return ops.zeros(size, dtype)


def ones(size, *, dtype=None):
    """Ones of shape ``size`` (Float32 unless ``dtype``) (``mindspore.mint.ones``)."""
    return ops.ones(size, dtype)


def empty(*size, dtype=None, device=None, pin_memory=False):
    """A tensor of shape ``size`` whose values are unspecified (here zeros) (``mindspore.mint.empty``)."""
    return ops.zeros(_size(size), dtype)


def empty_like(input, *, dtype=None, device=None, pin_memory=False):
    """A tensor like ``input`` whose values are unspecified (here zeros) (``mindspore.mint.empty_like``)."""
    return ops.zeros_like(input, dtype=dtype)


def zeros_like(input, *, dtype=None):
    """Zeros with ``input``'s shape and dtype (or ``dtype``) (``mindspore.mint.zeros_like``)."""
    return ops.zeros_like(input, dtype=dtype)


def ones_like(input, *, dtype=None):
    """Ones with ``input``'s shape and dtype (or ``dtype``) (``mindspore.mint.ones_like``)."""
    return ops.ones_like(input, dtype=dtype)


def _fill_dtype(value):
    """torch's dtype for a fill value: Bool, Int64, Float32 or Complex64, or the value's own for a Tensor."""
    if isinstance(value, Tensor):
        return value.dtype
    if isinstance(value, bool):
        return mstype.bool_
    if isinstance(value, numbers.Integral):
        return mstype.int64
    if isinstance(value, numbers.Real):
        return mstype.float32
    return mstype.complex64


def full(size, fill_value, *, dtype=None):
    """A tensor of shape ``size`` filled with ``fill_value``; the dtype follows the value (Bool, Int64,
    Float32) unless ``dtype`` is given (``mindspore.mint.full``)."""
    return ops.full(size, fill_value, dtype=dtype or _fill_dtype(fill_value))


def full_like(input, fill_value, *, dtype=None):
    """A tensor like ``input`` filled with ``fill_value`` (``mindspore.mint.full_like``)."""
    return ops.full_like(input, fill_value, dtype=dtype)


def arange(start=0, end=None, step=1, *, dtype=None):
    """``[start, end)`` in steps of ``step``: Int64 for integer arguments, else Float32 (``mindspore.mint.arange``)."""
    return ops.arange(start, end, step, dtype=dtype)


def linspace(start, end, steps, *, dtype=None):
    """``steps`` evenly spaced values from ``start`` to ``end`` inclusive (Float32 unless ``dtype``)
    (``mindspore.mint.linspace``)."""
    out = ops.linspace(start, end, steps)
    return out if dtype is None else ops.cast(out, dtype)


def eye(n, m=None, dtype=None):
    """An ``n x m`` identity matrix (Float32 unless ``dtype``) (``mindspore.mint.eye``)."""
    return ops.eye(n, m, dtype or mstype.float32)


def rand(*size, generator=None, dtype=None, device=None):
    """Uniform samples on ``[0, 1)`` of shape ``size`` (Float32 unless ``dtype``) (``mindspore.mint.rand``)."""
    if generator is None:
        return ops.rand(*_size(size), dtype=dtype)
    return ops.uniform_(ops.zeros(_size(size), dtype), 0, 1, generator=_gen(generator))


def rand_like(input, *, dtype=None, device=None):
    """Uniform samples on ``[0, 1)`` shaped like ``input`` (``mindspore.mint.rand_like``)."""
    return ops.rand_like(input, dtype=dtype)


def randn(*size, generator=None, dtype=None, device=None):
    """Standard normal samples of shape ``size`` (Float32 unless ``dtype``) (``mindspore.mint.randn``)."""
    if generator is None:
        return ops.randn(*_size(size), dtype=dtype)
    return ops.normal_(ops.zeros(_size(size), dtype), 0, 1, generator=_gen(generator))


def randn_like(input, *, dtype=None, device=None):
    """Standard normal samples shaped like ``input`` (``mindspore.mint.randn_like``)."""
    return ops.randn_like(input, dtype=dtype or input.dtype)


def _low_high(op, args):
    if len(args) == 1:
        return 0, args[0]
    if len(args) == 2:
        return args
    raise TypeError(f"For '{op}', expected (high) or (low, high) before the shape, but got {len(args)} values")


def randint(*args, generator=None, dtype=None, device=None):
    """``randint(low=0, high, size)``: uniform integers on ``[low, high)`` (Int64 unless ``dtype``)
    (``mindspore.mint.randint``)."""
    if not args:
        raise TypeError("For 'randint', 'high' and 'size' are required")
    *bounds, size = args
    low, high = _low_high("randint", bounds)
    if generator is None:
        return ops.randint(low, high, tuple(size), dtype=dtype)
    return ops.random_(ops.zeros(tuple(size), dtype or mstype.int64), low, high, generator=_gen(generator))


def randint_like(*args, dtype=None, device=None):
    """``randint_like(input, low=0, high)``: uniform integers on ``[low, high)`` shaped like ``input``
    (``mindspore.mint.randint_like``)."""
    if not args:
        raise TypeError("For 'randint_like', 'input' and 'high' are required")
    input, *bounds = args
    low, high = _low_high("randint_like", bounds)
    return ops.randint_like(input, low, high, dtype=dtype or input.dtype)


def randperm(n, *, generator=None, dtype=mstype.int64):
    """A random permutation of ``0 .. n-1`` (``mindspore.mint.randperm``)."""
    if generator is None:
        return ops.randperm(n, dtype=dtype)
    keys = ops.uniform_(ops.zeros((int(n),)), 0, 1, generator=_gen(generator))
    return ops.cast(ops.argsort(keys), dtype)


def normal(mean=0.0, std=1.0, size=None, generator=None):
    """Normal samples with element-wise ``mean`` and ``std`` (Tensors or numbers; numbers need ``size``)
    (``mindspore.mint.normal``)."""
    tensors = [t for t in (mean, std) if isinstance(t, Tensor)]
    if not tensors and size is None:
        raise TypeError("For 'normal', 'size' is required when 'mean' and 'std' are both numbers")
    if generator is None:
        return ops.normal(() if size is None else tuple(size), mean, std)
    # torch: shape arithmetic on the operands' shapes, no tensor computed
    shape = torch.broadcast_shapes(*(tuple(t.shape) for t in tensors)) if tensors else tuple(size)
    return ops.add(ops.mul(randn(shape, generator=generator), std), mean)


def bernoulli(input, *, generator=None):
    """0/1 samples with the probabilities in ``input``, in ``input``'s dtype (``mindspore.mint.bernoulli``)."""
    if generator is None:
        return ops.bernoulli(input, input)
    return ops.bernoulli_(ops.zeros_like(input), input, generator=_gen(generator))


def multinomial(input, num_samples, replacement=False, *, generator=None):
    """Int64 indices drawn from the rows of ``input`` as probabilities (``mindspore.mint.multinomial``).

    Differences from MindSpore: ``generator`` is not supported (the default generator is used).
    """
    return ops.cast(ops.multinomial(input, num_samples, replacement), mstype.int64)
