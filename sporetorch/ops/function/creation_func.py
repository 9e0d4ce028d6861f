"""Tensor creation: zeros/ones/full and their ``*_like`` forms, ranges, eye, windows, index grids.

New tensors go to the context's device (``_device.default_device()``). Default
dtypes follow MindSpore: ``zeros``/``ones``/``eye``/``linspace`` give Float32,
integer ``arange`` gives Int64.
"""
import numbers

import torch

from ..._device import default_device
from ...common import dtype as mstype
from ...common.tensor import Tensor, _wrap
from ._utils import (
    _desc,
    _guard_module,
    _inline_checked,
    _no_tensor,
    _number,
    _shape,
    _tdtype,
)

__all__ = [
    "zeros", "ones", "zeros_like", "ones_like", "full", "full_like", "fill", "fills", "arange", "range",
    "tensor_range", "linspace", "logspace", "eye", "tril_indices", "triu_indices",
    "bartlett_window", "blackman_window", "hamming_window", "hann_window", "kaiser_window", "zero_",
]


def zeros(size, dtype=None):
    """A tensor of zeros with shape ``size`` (default dtype Float32)."""
    return _wrap(torch.zeros(_shape("zeros", size, "size"), dtype=_tdtype(dtype) or torch.float32,
                             device=default_device()))


def ones(shape, dtype=None):
    """A tensor of ones with shape ``shape`` (default dtype Float32)."""
    return _wrap(torch.ones(_shape("ones", shape), dtype=_tdtype(dtype) or torch.float32, device=default_device()))


@_inline_checked
def zeros_like(input, *, dtype=None):
    """Zeros with ``input``'s shape and dtype (or ``dtype``)."""
    try:
        return _wrap(torch.zeros_like(input._t, dtype=_tdtype(dtype)))
    except AttributeError as e:
        _no_tensor("zeros_like", e, input=input)


@_inline_checked
def ones_like(input, *, dtype=None):
    """Ones with ``input``'s shape and dtype (or ``dtype``)."""
    try:
        return _wrap(torch.ones_like(input._t, dtype=_tdtype(dtype)))
    except AttributeError as e:
        _no_tensor("ones_like", e, input=input)


def full(size, fill_value, *, dtype=None):
    """A tensor of shape ``size`` filled with ``fill_value``.

    Differences from PyTorch: without ``dtype`` a Python scalar fill gives Int64, even
    for a float or bool value or a float Tensor (MindSpore 2.10 truncates ``full((2,), 1.5)``
    to ``[1, 1]``). Pass ``dtype`` for a float result.
    """
    if isinstance(size, Tensor):
        raise TypeError(f"For 'full', the 'size' must be a tuple or list of ints, but got {_desc(size)}")
    value = _number(fill_value)
    if dtype is None:
        dtype = mstype.int64
    return _wrap(torch.full(_shape("full", size, "size"), value, dtype=_tdtype(dtype), device=default_device()))


def full_like(input, fill_value, *, dtype=None):
    """A tensor like ``input`` filled with ``fill_value``."""
    return _wrap(torch.full_like(input._t, _number(fill_value), dtype=_tdtype(dtype)))


def fill(type, shape, value):
    """A tensor of dtype ``type`` and shape ``shape`` filled with ``value``."""
    return _wrap(torch.full(_shape("fill", shape), _number(value), dtype=_tdtype(type), device=default_device()))


def fills(x, value):
    """A tensor like ``x`` filled with ``value``."""
    return _wrap(torch.full_like(x._t, _number(value)))


def zero_(input):
    """Fill ``input`` with zeros in place and return it."""
    with torch.no_grad():
        input._t.zero_()
    return input


def arange(start=0, end=None, step=1, *, dtype=None):
    """Values from ``start`` to ``end`` (exclusive) by ``step``; Int64 for ints, Float32 for floats."""
    start, end, step = _number(start), _number(end), _number(step)
    if end is None:
        start, end = 0, start
    if step == 0:
        raise ValueError("For 'arange', the 'step' must not be 0")
    if (end - start) * step < 0:
        raise ValueError(f"For 'arange', 'start' {start}, 'end' {end} and 'step' {step} give an empty range "
                         "in the wrong direction")
    if dtype is None:
        is_int = all(isinstance(v, numbers.Integral) for v in (start, end, step))
        tdtype = torch.int64 if is_int else torch.float32
    else:
        tdtype = _tdtype(dtype)
    return _wrap(torch.arange(start, end, step, dtype=tdtype, device=default_device()))


def range(start, end, step, maxlen=1000000, *, dtype=None):
    """Values from ``start`` to ``end`` by ``step`` (Tensors), with the inputs' dtype (the ``Range`` Primitive
    passes its own ``dtype``)."""
    s = start._t if isinstance(start, Tensor) else torch.tensor(start)
    out = torch.arange(_number(start), _number(end), _number(step), dtype=_tdtype(dtype) or s.dtype,
                       device=default_device())
    if out.numel() > maxlen:
        raise ValueError(f"For 'range', the output has {out.numel()} elements, more than maxlen={maxlen}")
    return _wrap(out)


def tensor_range(start, end, step):
    """Alias of :func:`range`."""
    return range(start, end, step)


def linspace(start, end, steps, *, dtype=None):
    """``steps`` evenly spaced Float32 values from ``start`` to ``end`` inclusive (the ``LinSpace`` Primitive
    passes its inputs' ``dtype``)."""
    return _wrap(torch.linspace(_number(start), _number(end), int(_number(steps)),
                                dtype=_tdtype(dtype) or torch.float32, device=default_device()))


def logspace(start, end, steps, base=10, *, dtype=mstype.float32):
    """``steps`` values ``base ** linspace(start, end)``; ``base`` is an int (TypeError otherwise, as in
    MindSpore 2.10)."""
    if not isinstance(base, int) or isinstance(base, bool):
        raise TypeError(f"For 'LogSpace', the type of 'base' should be 'int', but got type '{type(base).__name__}'.")
    return _wrap(torch.logspace(_number(start), _number(end), int(_number(steps)), base, dtype=_tdtype(dtype),
                                device=default_device()))


def eye(n, m=None, dtype=None):
    """An ``n x m`` identity matrix (default dtype Float32); ``n`` and ``m`` are ints or integer 0-D Tensors."""
    n = _int_arg("eye", "n", n)
    m = n if m is None else _int_arg("eye", "m", m)
    return _wrap(torch.eye(n, m, dtype=_tdtype(dtype) or torch.float32, device=default_device()))


def tril_indices(row, col, offset=0, *, dtype=mstype.int64):
    """Int64 coordinates (2, N) of the lower triangle of a ``row x col`` matrix."""
    return _wrap(torch.tril_indices(row, col, offset, dtype=_tdtype(dtype), device=default_device()))


def triu_indices(row, col, offset=0, *, dtype=mstype.int64):
    """Int64 coordinates (2, N) of the upper triangle of a ``row x col`` matrix."""
    return _wrap(torch.triu_indices(row, col, offset, dtype=_tdtype(dtype), device=default_device()))


def _int_arg(op, name, value):
    """An int argument that MindSpore also takes as an integer 0-D Tensor (other Tensors: TypeError)."""
    if isinstance(value, Tensor):
        if value._t.numel() != 1 or value._t.is_floating_point() or value._t.is_complex() or \
                value._t.dtype == torch.bool:
            raise TypeError(f"For '{op}', the '{name}' must be an int or an integer 0-D Tensor, but got {_desc(value)}")
        return int(value._t.item())
    if not isinstance(value, numbers.Integral) or isinstance(value, bool):
        raise TypeError(f"For '{op}', the '{name}' must be an int, but got {type(value).__name__}")
    return int(value)


def _window(fn, window_length, periodic, dtype, **kw):
    op = fn.__name__
    if isinstance(window_length, Tensor):
        # MindSpore's BartlettWindow/BlackmanWindow primitives take an Int32/Int64 0-D Tensor; the others an int.
        if op not in ("bartlett_window", "blackman_window") or window_length._t.dtype not in (torch.int32,
                                                                                              torch.int64):
            raise TypeError(f"For '{op}', the 'window_length' must be a non-negative int, but got "
                            f"{_desc(window_length)}")
        if window_length._t.dim() != 0:
            raise ValueError(f"For '{op}', the 'window_length' must be 0-D, but got {_desc(window_length)}")
        dtype = dtype or mstype.float32  # MindSpore 2.10's primitives give Float32 for a Tensor length
    n = _int_arg(op, "window_length", window_length)
    target = _tdtype(dtype) or torch.float64
    if not target.is_floating_point:
        raise TypeError(f"For '{op}', the 'dtype' must be a float dtype, but got {dtype}")
    # Computed in float64 and then cast, as MindSpore's kernels do (float16 windows differ otherwise).
    return _wrap(fn(n, periodic=periodic, dtype=torch.float64, device=default_device(), **kw).to(target))


def bartlett_window(window_length, periodic=True, *, dtype=None):
    """Bartlett (triangular) window."""
    return _window(torch.bartlett_window, window_length, periodic, dtype)


def blackman_window(window_length, periodic=True, *, dtype=None):
    """Blackman window."""
    return _window(torch.blackman_window, window_length, periodic, dtype)


def hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype=None):
    """Hamming window ``alpha - beta * cos(2 pi n / N)`` (Float32 by default, as in MindSpore 2.10)."""
    return _window(torch.hamming_window, window_length, periodic, dtype or mstype.float32, alpha=alpha, beta=beta)


def hann_window(window_length, periodic=True, *, dtype=None):
    """Hann window (Float64 by default, as in MindSpore)."""
    return _window(torch.hann_window, window_length, periodic, dtype)


def kaiser_window(window_length, periodic=True, beta=12.0, *, dtype=None):
    """Kaiser window with shape parameter ``beta``."""
    return _window(torch.kaiser_window, window_length, periodic, dtype, beta=beta)


_guard_module(globals(), __all__)
