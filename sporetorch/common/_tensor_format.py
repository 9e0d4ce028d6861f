"""``repr``/``str`` of Tensors exactly as MindSpore 2.10 prints them.

``repr`` follows MindSpore's C++ printer (recorded from MindSpore 2.10):

- ``Tensor(shape=[2, 3], dtype=Float32, value=\\n[[...]])``; the value starts on a new line
  for 2-D and higher, after one space otherwise (``value= 2`` for a 0-d tensor);
- float32/float64 elements print as ``%15.8e``, float16 as ``%11.4e``, bools right-aligned
  in 5 columns; integers and bfloat16 (``%g``) are right-aligned to the widest printed
  element; complex numbers are not padded; a NaN with its sign bit set prints ``-nan``;
- 0-d values print with ``%g`` (``2`` for 2.0, ``0.333333``);
- tensors of 2 or more dimensions show only 3 leading and 3 trailing entries of every
  dimension longer than 6 (``...``); 1-D tensors are summarised above 1000 elements and
  otherwise wrap after every 12 floats/bools or 24 other elements.

``str`` is NumPy's ``str`` of ``asnumpy()``, as in MindSpore.

The ``Print`` of a compiled graph (``graph_text``) prints the same elements without commas, a 1-D
value straight after ``value=`` and a 0-d tensor as its bare value (a bool as ``1`` or ``0``).
"""
import math
import re

import numpy as np
import torch

from .tensor import _Uninitialized, _lazy_spec, _readable

_EDGE = 3
_THRESHOLD = 2 * _EDGE
_THRESHOLD_1D = 1000
_PAD_OPEN, _PAD_CLOSE = "\x01", "\x02"
_PADDED = re.compile("\x01([^\x02]*)\x02")


def _g(v):
    """C++ ``ostream << value`` for floats: ``%g`` with the sign of NaN kept."""
    if math.isnan(v):
        return "-nan" if math.copysign(1.0, v) < 0 else "nan"
    return format(v, "g")


def _sci(width, precision):
    spec = f"%{width}.{precision}e"

    def fmt(v):
        if math.isfinite(v):
            return spec % v
        return _g(v).rjust(width)
    return fmt


def _complex(v):
    return _g(v.real) + ("+" if not v.imag < 0 else "") + _g(v.imag) + "j"


def _padded(text):
    return _PAD_OPEN + text + _PAD_CLOSE


def _element_format(dtype):
    """Return (formatter of one element, elements per line of an unsummarised 1-D tensor)."""
    if dtype in (torch.float32, torch.float64):
        return _sci(15, 8), 12
    if dtype == torch.float16:
        return _sci(11, 4), 12
    if dtype == torch.bool:
        return (lambda v: ("True" if v else "False").rjust(5)), 12
    if dtype == torch.bfloat16:
        return (lambda v: _padded(_g(v))), 24
    if dtype.is_complex:
        return _complex, 24
    return (lambda v: _padded(str(v))), 24


def _scalar_text(value, dtype):
    if dtype == torch.bool:
        return "True" if value else "False"
    if dtype.is_complex:
        return _complex(value)
    if dtype.is_floating_point:
        return _g(value)
    return str(value)


def _render(data, depth, ndim, fmt, per_line, out, sep):
    n = data.shape[0]
    if depth == ndim - 1:
        out.append("[")
        if n > (_THRESHOLD if ndim > 1 else _THRESHOLD_1D):
            out.append(sep.join(fmt(v) for v in data[:_EDGE].tolist()) + " ... "
                       + sep.join(fmt(v) for v in data[n - _EDGE:].tolist()))
        else:
            for i, v in enumerate(data.tolist()):
                out.append(fmt(v))
                if i != n - 1:
                    out.append(sep)
                if ndim == 1 and (i + 1) % per_line == 0:
                    out.append("\n ")
        out.append("]")
        return
    indent = " " * (depth + 1)
    rows = list(range(n)) if n <= _THRESHOLD else [0, 1, 2, None, n - 3, n - 2, n - 1]
    out.append("[")
    for k, i in enumerate(rows):
        if k > 0:
            out.append(("\n" if rows[k - 1] is None else sep.rstrip() + "\n") + indent)
        if i is None:
            out.append("...")
        else:
            _render(data[i], depth + 1, ndim, fmt, per_line, out, sep)
    out.append("]")


def _value_text(data, sep=", "):
    """The part after ``value=`` for a CPU torch tensor ``data``, its elements separated by ``sep``."""
    if data.numel() == 0:
        return ""
    if data.dtype == torch.bfloat16:
        dtype, data = torch.bfloat16, data.float()
    else:
        dtype = data.dtype
    if data.dim() == 0:
        return _scalar_text(data.item(), dtype)
    fmt, per_line = _element_format(dtype)
    out = []
    _render(data, 0, data.dim(), fmt, per_line, out, sep)
    text = "".join(out)
    if _PAD_OPEN in text:
        width = max(len(m) for m in _PADDED.findall(text))
        text = _PADDED.sub(lambda m: m.group(1).rjust(width), text)
    return text


def _header(shape, dtype):
    return f"Tensor(shape={list(shape)}, dtype={dtype}, value="


def tensor_repr(t):
    """MindSpore's ``repr``; an uninitialised tensor prints as zeros, as MindSpore does."""
    data = _readable(t._t).detach().cpu()
    return _header(data.shape, t.dtype) + ("\n" if data.dim() > 1 else " ") + _value_text(data) + ")"


def graph_text(t):
    """The text a compiled graph's ``Print`` gives ``t`` in MindSpore."""
    data = _readable(t._t).detach().cpu()
    if data.dim() == 0:
        return str(int(data.item())) if data.dtype == torch.bool else _value_text(data)
    return _header(data.shape, t.dtype) + ("\n" if data.dim() > 1 else "") + _value_text(data, " ") + ")"


def uninitialized_text(shape, dtype):
    """MindSpore's text for a tensor whose data ``init_data()`` has not created yet."""
    return _header(shape, dtype) + ("\n" if len(shape) > 1 else "") + "<uninitialized>)"


def tensor_str(t):
    """MindSpore's ``str``: NumPy's text of the values."""
    data = t._t
    if type(data) is _Uninitialized:
        return uninitialized_text(*_lazy_spec(data))
    data = data.detach().cpu()
    if data.dtype == torch.bfloat16:
        # MindSpore's bfloat16 NumPy scalars print with "%f".
        arr = data.float().numpy()
        if arr.ndim == 0:
            return "%f" % arr
        return np.array2string(arr, formatter={"float_kind": lambda v: "%f" % v})
    return str(data.numpy())
