"""Scalar and utility functions of ``mindspore.ops``: ``scalar_*`` arithmetic on Python numbers,
type queries and small helpers that graph-mode MindSpore code calls."""
import math
import operator
import sys

import torch

from ...common import dtype as mstype
from ...common import jit as _jit
from ...common._tensor_format import graph_text
from ...common.tensor import Tensor, _wrap, is_tensor
from ._utils import _check_dtype, _desc, _guard_module

__all__ = [
    "scalar_add", "scalar_sub", "scalar_mul", "scalar_div", "scalar_floordiv", "scalar_mod", "scalar_pow",
    "scalar_eq", "scalar_ne", "scalar_lt", "scalar_le", "scalar_gt", "scalar_ge", "scalar_max", "scalar_min",
    "scalar_log", "scalar_uadd", "scalar_usub", "scalar_to_array", "is_tensor", "isconstant", "eps",
    "mixed_precision_cast", "print_", "erfinv_", "isnan_ext", "diff_ext", "bernoulli_ext",
    "multinomial_with_replacement", "choice_with_mask", "stft",
]


def _scalar_division(op, fn, x, y):
    """``fn(x, y)``; a Tensor operand divides element-wise, but a Tensor divisor must hold one element
    (MindSpore tests it against zero: ValueError otherwise), and a zero divisor is ValueError."""
    if isinstance(y, Tensor) and y._t.numel() != 1:
        raise ValueError(f"For '{op}', the divisor must be a number or a one-element Tensor, but got {_desc(y)}")
    if (y._t.item() if isinstance(y, Tensor) else y) == 0:
        raise ValueError(f"For '{op}', the divisor could not be zero, but got {y!r}")
    return fn(x, y)


def scalar_add(x, y):
    """``x + y`` for Python numbers."""
    return x + y


def scalar_sub(x, y):
    """``x - y`` for Python numbers; two Bool Tensors give Bool ``x != y``, as MindSpore 2.10's ScalarSub."""
    if isinstance(x, Tensor) and isinstance(y, Tensor) and x._t.dtype == y._t.dtype == torch.bool:
        return _wrap(torch.ne(x._t, y._t))
    return x - y


def scalar_mul(x, y):
    """``x * y`` for Python numbers."""
    return x * y


def scalar_div(x, y):
    """True division ``x / y`` of numbers (or one-element Tensors)."""
    return _scalar_division("scalar_div", operator.truediv, x, y)


def scalar_floordiv(x, y):
    """Floor division ``x // y`` of numbers (or one-element Tensors)."""
    return _scalar_division("scalar_floordiv", operator.floordiv, x, y)


def scalar_mod(x, y):
    """``x % y`` of numbers (or one-element Tensors)."""
    return _scalar_division("scalar_mod", operator.mod, x, y)


def scalar_pow(x, y):
    """``x ** y``."""
    return x ** y


def scalar_eq(x, y):
    """``x == y``."""
    return x == y


def scalar_ne(*args):
    """``x != y``."""
    return operator.ne(*args)


def scalar_lt(x, y):
    """``x < y``."""
    return x < y


def scalar_le(x, y):
    """``x <= y``."""
    return x <= y


def scalar_gt(x, y):
    """``x > y``."""
    return x > y


def scalar_ge(x, y):
    """``x >= y``."""
    return x >= y


def scalar_max(x, y):
    """``max(x, y)``."""
    return max(x, y)


def scalar_min(x, y):
    """``min(x, y)``."""
    return min(x, y)


def scalar_log(x):
    """Natural logarithm of a Python number."""
    return math.log(x)


def scalar_uadd(x):
    """``+x``."""
    return +x


def scalar_usub(x):
    """``-x``; a Bool Tensor is refused, as in MindSpore (a Python bool negates to an int)."""
    if isinstance(x, Tensor) and x._t.dtype == torch.bool:
        raise TypeError(f"For 'scalar_usub', the 'x' must be a number or a numeric Tensor, but got {_desc(x)}")
    return -x


def scalar_to_array(input_x):
    """A 0-d Tensor holding a Python number."""
    return Tensor(input_x)


def isconstant(x):
    """Whether ``x`` is a compile-time constant; in eager execution every value is."""
    return True


def eps(x):
    """A tensor like ``x`` filled with the machine epsilon of its dtype."""
    t = x._t
    return _wrap(torch.full_like(t, torch.finfo(t.dtype).eps))


def mixed_precision_cast(dst_dtype, x):
    """Cast floating-point tensors in ``x`` (a Tensor or nested tuple/list/dict) to ``dst_dtype``."""
    if isinstance(x, Tensor):
        if not x._t.is_floating_point():
            return x
        if not isinstance(dst_dtype, mstype.Type):  # MindSpore checks it only when it casts
            raise TypeError(f"For 'mixed_precision_cast', the 'dst_dtype' must be a mindspore dtype, but got "
                            f"{_desc(dst_dtype) if isinstance(dst_dtype, Tensor) else type(dst_dtype).__name__}")
        return _wrap(x._t.to(mstype.to_torch(dst_dtype)))
    if isinstance(x, (tuple, list)):
        return type(x)(mixed_precision_cast(dst_dtype, v) for v in x)
    if isinstance(x, dict):
        return {k: mixed_precision_cast(dst_dtype, v) for k, v in x.items()}
    return x


def print_(*input_x):
    """Print each argument on a line of its own: a Tensor (a Parameter too) as its ``repr``, showing
    shape and dtype, anything else as ``str``; returns None, as MindSpore's PYNATIVE mode does.

    Where MindSpore compiles (a GRAPH_MODE construct, a ``jit`` function), as its graph's Print op
    does: Tensors without commas and 0-d ones as bare values, bools as 1 or 0, lists and tuples
    holding Tensors one item a line; returns ``Tensor([0], int32)``."""
    # While Dynamo traces, the code is compiled code; the frame walk is for the eager calls.
    if torch.compiler.is_compiling() or _jit.in_graph_code(sys._getframe(1)):
        return _print_as_graph(input_x)
    for arg in input_x:
        # A Parameter prints its value, as a Tensor does, not its name line.
        print(Tensor.__repr__(arg) if isinstance(arg, Tensor) else arg)
    return None


def _print_as_graph(values):
    """The graph's Print: between compiled pieces, since printing is not a tensor operation."""
    for line in _graph_lines(values):
        print(line)
    return _wrap(torch.zeros(1, dtype=torch.int32))


_jit.run_eagerly_when_compiled(__name__, "_print_as_graph")


def _graph_lines(values):
    for value in values:
        if isinstance(value, Tensor):
            yield graph_text(value)
        elif isinstance(value, (list, tuple)) and any(isinstance(v, Tensor) for v in value):
            yield from _graph_lines(value)
        elif isinstance(value, bool):
            yield str(int(value))
        else:
            yield str(value)


def erfinv_(input):
    """Inverse error function in place; returns ``input``."""
    with torch.no_grad():
        input._t.erfinv_()
    return input


def isnan_ext(tensor):
    """Element-wise NaN test."""
    return _wrap(torch.isnan(tensor._t))


def diff_ext(input, n=1, dim=-1, prepend=None, append=None):
    """``n``-th forward difference along ``dim``."""
    return _wrap(torch.diff(input._t, n, dim, None if prepend is None else prepend._t,
                            None if append is None else append._t))


def bernoulli_ext(input, *, generator=None):
    """Bernoulli draws with the probabilities in ``input``."""
    return _wrap(torch.bernoulli(input._t, generator=generator))


def multinomial_with_replacement(x, seed, offset, numsamples, replacement=False):
    """Int64 class samples from the probabilities in the last axis of ``x``."""
    from .random_func import _generator
    gen = _generator(int(seed._t.item()) if isinstance(seed, Tensor) else seed)
    return _wrap(torch.multinomial(x._t, numsamples, replacement, generator=gen))


def choice_with_mask(input_x, count=256, seed=None):
    """Pick up to ``count`` random coordinates of True elements: (Int32 indices (count, rank), Bool mask)."""
    from .random_func import _generator
    t = input_x._t
    coords = torch.nonzero(t)
    perm = torch.randperm(coords.shape[0], generator=_generator(seed, t.device), device=t.device)[:count]
    picked = coords[perm].to(torch.int32)
    out = torch.zeros((count, t.dim()), dtype=torch.int32, device=t.device)
    mask = torch.zeros((count,), dtype=torch.bool, device=t.device)
    out[:picked.shape[0]] = picked
    mask[:picked.shape[0]] = True
    return _wrap(out), _wrap(mask)


def stft(x, n_fft, hop_length=None, win_length=None, window=None, center=True, pad_mode='REFLECT',
         normalized=False, onesided=None, return_complex=None):
    """Short-time Fourier transform (``torch.stft``); ``pad_mode`` is MindSpore's upper-case name."""
    if isinstance(n_fft, bool) or not isinstance(n_fft, int):
        # MindSpore: a Tensor fails its value check (ValueError), another type its type check (TypeError).
        error = ValueError if isinstance(n_fft, Tensor) else TypeError
        raise error(f"For 'stft', the 'n_fft' must be an int, but got {_desc(n_fft)}")
    _check_dtype("stft", "x", x, (torch.float32, torch.float64, torch.complex64, torch.complex128))
    out = torch.stft(x._t, n_fft, hop_length, win_length, None if window is None else window._t, center,
                     str(pad_mode).lower(), normalized, onesided, return_complex=True)
    return _wrap(out if return_complex in (None, True) else torch.view_as_real(out))


_guard_module(globals(), __all__)
