"""Reductions and cumulative operators (``mindspore.ops`` sum/mean/max/argmax/cumsum/...).

MindSpore's reductions take ``axis`` (an int, a tuple, or None / ``()`` for all
axes) and spell the keep-dimension flag per op (``keep_dims``, ``keepdims`` or
``keepdim``); the signatures below follow MindSpore 2.10 exactly.
"""
import torch

from ...common import dtype as mstype
from ...common.tensor import Tensor, _new, _wrap
from ._math_dtypes import check as _kernel_dtype
from ._utils import (
    FLOATS,
    _axes,
    _axis,
    _check_dtype,
    _desc,
    _fail,
    _float_of,
    _guard,
    _guard_module,
    _inline_checked,
    _no_tensor,
    _tdtype,
    _ut,
)

__all__ = [
    "sum", "reduce_sum", "mean", "reduce_mean", "prod", "max", "min", "amax", "amin", "aminmax", "reduce_max",
    "reduce_min", "all", "any", "argmax", "argmin", "std", "var", "std_mean", "var_mean", "median", "nanmedian",
    "nanmean", "nansum", "logsumexp", "count_nonzero", "quantile", "nanquantile", "cumsum", "cumprod", "cummax",
    "cummin", "logcumsumexp", "trace", "diff", "histc", "bincount",
]


def _no_bool(op, name, input, exc_type=TypeError):
    """MindSpore 2.10's error for a Bool input to a reduction whose kernels have no Bool version
    (TypeError where its kernel selection refuses the dtype, RuntimeError where the Reduce kernel does)."""
    if input._t.dtype == torch.bool:
        raise exc_type(f"For '{op}', the '{name}' must be a numeric Tensor, but got {_desc(input)}")


def _int_axis(op, axis, name="axis", zero_d=False):
    """TypeError unless ``axis`` is a Python int (or, with ``zero_d``, a 0-d Tensor), as MindSpore's
    cummax and logcumsumexp check it."""
    if zero_d and isinstance(axis, Tensor) and axis._t.dim() == 0:
        return
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise TypeError(f"For '{op}', the '{name}' must be an int, but got {type(axis).__name__}")


def _reduce(op, torch_fn, t, axis, keep, **kw):
    """Call a torch reduction over ``axis`` (None/() = all axes), translating its errors."""
    try:
        if axis is None or axis == ():
            out = torch_fn(t, **kw)
            if keep:
                out = out.reshape((1,) * t.dim())
            return out
        if isinstance(axis, list):
            axis = tuple(axis)
        return torch_fn(t, axis, keep, **kw)
    except IndexError as e:
        _fail(op, e, ValueError, axis=axis, input=t)
    except (RuntimeError, TypeError) as e:
        _fail(op, e, input=t, axis=axis)


@_inline_checked
def sum(input, dim=None, keepdim=False, *, dtype=None):
    """Sum over ``dim`` (None: all elements). Bool and integer inputs sum to Int64, as in MindSpore."""
    try:
        t = input._t
        if dim is None and dtype is None and not keepdim:
            out = _new(Tensor)  # the hot path of Tensor.sum() (losses): no _reduce or _wrap frame
            out._t = torch.sum(t)
            return out
        if dtype is not None:
            t = t.to(_tdtype(dtype))
        return _wrap(_reduce("sum", torch.sum, t, dim, keepdim))
    except AttributeError as e:
        _no_tensor("sum", e, input=input, dim=dim)


def reduce_sum(x, axis=()):
    """Sum over ``axis`` (``()``: all axes) without keeping dimensions. Unlike ``sum``, the result keeps
    an integer input's dtype, and a Bool input gives Bool (whether any element is True), as MindSpore's
    ReduceSum kernel does."""
    return _reduce_sum("reduce_sum", x, axis, False)


def _reduce_sum(op, x, axis, keep_dims):
    """``reduce_sum`` with ``keep_dims``, its errors naming ``op`` (the ReduceSum Primitive calls it too)."""
    t = x._t
    out = _reduce(op, torch.sum, t, axis, keep_dims)
    if t.dtype == torch.bool:
        return _wrap(out > 0)
    return _wrap(out if out.dtype == t.dtype else out.to(t.dtype))


@_inline_checked
def mean(x, axis=None, keep_dims=False):
    """Mean over ``axis``. An integer input keeps its dtype, the quotient truncated towards zero, as MindSpore
    does."""
    try:
        return _mean("mean", x, axis, keep_dims)
    except AttributeError as e:
        _no_tensor("mean", e, x=x, axis=axis)


def _mean(op, x, axis, keep_dims):
    """The one mean (``ops.mean`` and the ReduceMean Primitive), its errors naming ``op``: floats in their dtype;
    integers as MindSpore 2.10's kernel averages them, the exact Int64 sum divided by the count and truncated
    towards zero, in the input's dtype; Bool is a RuntimeError (no Reduce kernel)."""
    t = x._t
    if t.is_floating_point() or t.is_complex():
        return _wrap(_reduce(op, torch.mean, t, axis, keep_dims))
    _no_bool(op, "x", x, RuntimeError)
    total = _reduce(op, torch.sum, t, axis, keep_dims, dtype=torch.int64)
    count = (t.numel() // total.numel() if total.numel() else 0) or 1  # (``max`` is the op here)
    return _wrap(torch.div(total, count, rounding_mode="trunc").to(t.dtype))


def reduce_mean(x, axis=()):
    """Mean over ``axis`` (``()``: all axes) without keeping dimensions."""
    return mean(x, axis)


@_inline_checked
def prod(input, axis=None, keep_dims=False, dtype=None):
    """Product over ``axis`` (an int or None)."""
    try:
        t = input._t if dtype is None else input._t.to(_tdtype(dtype))
        if isinstance(axis, (tuple, list)) and len(axis) > 1:
            out = t
            for a in sorted((_axis("prod", a, t.dim()) for a in axis), reverse=True):
                out = torch.prod(out, a, keep_dims)
            return _wrap(out)
        if isinstance(axis, (tuple, list)):
            axis = axis[0] if axis else None
        return _wrap(_reduce("prod", torch.prod, t, axis, keep_dims))
    except AttributeError as e:
        _no_tensor("prod", e, input=input, axis=axis, dtype=dtype)


def _masked_extreme(input, initial, where, largest):
    """``input``'s data with the positions outside ``where`` set to ``initial`` (or -inf/+inf)."""
    t = input._t
    if where is not None:
        fill = initial if initial is not None else (float("-inf") if largest else float("inf"))
        t = torch.where(_ut(where, t), t, torch.as_tensor(fill, dtype=t.dtype, device=t.device))
    return t


def _extreme_with_index(op, input, axis, keepdims, initial, where, largest):
    """Body of :func:`max` / :func:`min`: the extreme values over ``axis`` and their Int64 indices."""
    try:
        # MindSpore's Bool error: the all-axes Reduce kernel's RuntimeError, or ArgMaxWithValue's TypeError.
        _no_bool(op, "input", input, RuntimeError if axis is None else TypeError)
        t = _masked_extreme(input, initial, where, largest)
        try:
            if axis is None:
                # MindSpore 2.10 returns a 0-d result and index 0 here, whatever keepdims says.
                values = torch.amax(t) if largest else torch.amin(t)
                idx = torch.zeros((), dtype=torch.int64, device=t.device)
            else:
                values, idx = (torch.max if largest else torch.min)(t, _axis(op, axis, t.dim()), keepdims)
        except RuntimeError as e:
            _fail(op, e, input=input, axis=axis)
        if initial is not None:
            values = torch.clamp(values, min=initial) if largest else torch.clamp(values, max=initial)
        return _wrap(values), _wrap(idx)
    except AttributeError as e:
        _no_tensor(op, e, input=input, axis=axis, initial=initial, where=where)


@_inline_checked
def max(input, axis=None, keepdims=False, *, initial=None, where=None):
    """Maximum and its Int64 index over ``axis``, as a tuple ``(values, indices)``.

    With ``axis=None`` MindSpore 2.10 reduces over all elements and reports index 0;
    use :func:`argmax` for the position.
    """
    return _extreme_with_index("max", input, axis, keepdims, initial, where, True)


@_inline_checked
def min(input, axis=None, keepdims=False, *, initial=None, where=None):
    """Minimum and its Int64 index over ``axis``, as a tuple ``(values, indices)``.

    With ``axis=None`` MindSpore 2.10 reduces over all elements and reports index 0;
    use :func:`argmin` for the position.
    """
    return _extreme_with_index("min", input, axis, keepdims, initial, where, False)


def _extreme(op, input, axis, keepdims, initial, where, largest):
    """Body of :func:`amax` / :func:`amin`: the extreme over ``axis``, bounded by ``initial``."""
    try:
        _no_bool(op, "input", input)
        t = _masked_extreme(input, initial, where, largest)
        out = _reduce(op, torch.amax if largest else torch.amin, t, _axes(op, axis, t.dim()), keepdims)
        if initial is None:
            return _wrap(out)
        return _wrap(torch.clamp(out, min=initial) if largest else torch.clamp(out, max=initial))
    except AttributeError as e:
        _no_tensor(op, e, input=input, axis=axis, initial=initial, where=where)


@_inline_checked
def amax(input, axis=None, keepdims=False, *, initial=None, where=None):
    """Maximum over ``axis`` (None: all axes); ``initial`` bounds the result from below."""
    return _extreme("amax", input, axis, keepdims, initial, where, True)


@_inline_checked
def amin(input, axis=None, keepdims=False, *, initial=None, where=None):
    """Minimum over ``axis`` (None: all axes); ``initial`` bounds the result from above."""
    return _extreme("amin", input, axis, keepdims, initial, where, False)


def aminmax(input, *, axis=0, keepdims=False):
    """``(min, max)`` over ``axis``."""
    _no_bool("aminmax", "input", input)
    t = input._t
    if axis is None:
        mn, mx = torch.aminmax(t)
        if keepdims:
            mn, mx = mn.reshape((1,) * t.dim()), mx.reshape((1,) * t.dim())
        return _wrap(mn), _wrap(mx)
    mn, mx = torch.aminmax(t, dim=_axis("aminmax", axis, t.dim()), keepdim=keepdims)
    return _wrap(mn), _wrap(mx)


def reduce_max(x, axis=()):
    """Maximum over ``axis`` (``()``: all axes)."""
    return amax(x, axis if axis != () else None)


def reduce_min(x, axis=()):
    """Minimum over ``axis`` (``()``: all axes)."""
    return amin(x, axis if axis != () else None)


@_inline_checked
def all(input, axis=None, keep_dims=False):
    """Logical AND over ``axis`` (None: all axes); the result is Bool."""
    try:
        t = input._t
        # torch keeps a UInt8 input's dtype; MindSpore's result is Bool.
        return _wrap(_reduce("all", torch.all, t, _axes("all", axis, t.dim()), keep_dims).bool())
    except AttributeError as e:
        _no_tensor("all", e, input=input, axis=axis)


@_inline_checked
def any(input, axis=None, keep_dims=False):
    """Logical OR over ``axis`` (None: all axes); the result is Bool."""
    try:
        t = input._t
        # Unlike all, MindSpore 2.10's any keeps a UInt8 input's dtype, as torch does.
        return _wrap(_reduce("any", torch.any, t, _axes("any", axis, t.dim()), keep_dims))
    except AttributeError as e:
        _no_tensor("any", e, input=input, axis=axis)


@_inline_checked
def argmax(input, dim=None, keepdim=False):
    """Index (Int64) of the maximum over ``dim`` (None: of the flattened input)."""
    try:
        t = input._t
        try:
            # MindSpore's Argmax takes Bool (False < True); torch's has no Bool kernel.
            return _wrap(torch.argmax(t.to(torch.uint8) if t.dtype == torch.bool else t, dim, keepdim))
        except IndexError as e:
            _fail("argmax", e, ValueError, input=input, dim=dim)
        except RuntimeError as e:
            _fail("argmax", e, input=input, dim=dim)
    except AttributeError as e:
        _no_tensor("argmax", e, input=input, dim=dim)


@_inline_checked
def argmin(input, axis=None, keepdims=False):
    """Index (Int32, as MindSpore returns it) of the minimum over ``axis`` (None: of the flattened input)."""
    try:
        t = input._t
        _no_bool("argmin", "input", input)
        try:
            # MindSpore returns Int32 indices, but Int64 for a 0-d input.
            return _wrap(torch.argmin(t, axis, keepdims).to(torch.int32 if t.dim() else torch.int64))
        except IndexError as e:
            _fail("argmin", e, ValueError, input=input, axis=axis)
        except RuntimeError as e:
            _fail("argmin", e, input=input, axis=axis)
    except AttributeError as e:
        _no_tensor("argmin", e, input=input, axis=axis)


def _var_like(op, torch_fn, input, axis, ddof, keepdims):
    t = _float_of(input._t)
    axis = _axes(op, axis, t.dim())
    try:
        return torch_fn(t, axis, correction=ddof, keepdim=keepdims)
    except RuntimeError as e:
        _fail(op, e, input=input, axis=axis)


@_inline_checked
def std(input, axis=None, ddof=0, keepdims=False):
    """Standard deviation over ``axis`` with ``ddof`` degrees of freedom removed (default 0, the population std)."""
    try:
        return _wrap(_var_like("std", torch.std, input, axis, ddof, keepdims))
    except AttributeError as e:
        _no_tensor("std", e, input=input, axis=axis)


@_inline_checked
def var(input, axis=None, ddof=0, keepdims=False):
    """Variance over ``axis`` with ``ddof`` degrees of freedom removed (default 0)."""
    try:
        return _wrap(_var_like("var", torch.var, input, axis, ddof, keepdims))
    except AttributeError as e:
        _no_tensor("var", e, input=input, axis=axis)


def std_mean(input, axis=None, ddof=0, keepdims=False):
    """``(std, mean)`` over ``axis``."""
    s, m = _var_like("std_mean", torch.std_mean, input, axis, ddof, keepdims)
    return _wrap(s), _wrap(m)


def var_mean(input, axis=None, ddof=0, keepdims=False):
    """``(var, mean)`` over ``axis``."""
    v, m = _var_like("var_mean", torch.var_mean, input, axis, ddof, keepdims)
    return _wrap(v), _wrap(m)


_MEDIAN_DTYPES = (torch.int16, torch.int32, torch.int64, torch.float32, torch.float64)  # MindSpore 2.10's Median


def median(input, axis=-1, keepdims=False):
    """Median values and their Int64 indices along ``axis`` (the lower median for even counts)."""
    _check_dtype("median", "input", input, _MEDIAN_DTYPES)
    t = input._t
    if not isinstance(axis, int):
        raise TypeError(f"For 'median', the 'axis' must be an int, but got {type(axis).__name__}")
    values, idx = torch.median(t, _axis("median", axis, t.dim()), keepdims)
    return _wrap(values), _wrap(idx)


def nanmedian(input, axis=-1, keepdims=False):
    """Median ignoring NaNs, with Int64 indices, along ``axis``."""
    _check_dtype("nanmedian", "input", input, _MEDIAN_DTYPES)
    t = input._t
    values, idx = torch.nanmedian(t, _axis("nanmedian", axis, t.dim()), keepdims)
    return _wrap(values), _wrap(idx)


def nanmean(input, axis=None, keepdims=False, *, dtype=None):
    """Mean over ``axis`` ignoring NaNs."""
    t = input._t if dtype is None else input._t.to(_tdtype(dtype))
    return _wrap(torch.nanmean(t, _axes("nanmean", axis, t.dim()), keepdims))


def nansum(input, axis=None, keepdims=False, *, dtype=None):
    """Sum over ``axis`` treating NaNs as zero; integer inputs keep their dtype, Bool sums to Int64."""
    t = input._t
    out = torch.nansum(t, _axes("nansum", axis, t.dim()), keepdims, dtype=_tdtype(dtype))
    return _wrap(out if dtype is not None or t.dtype == torch.bool else out.to(t.dtype))


# MindSpore's logsumexp goes through Exp, whose check takes Int64 and Bool but no narrower integer.
_EXP_DTYPES = (torch.float16, torch.bfloat16, torch.float32, torch.float64, torch.complex64, torch.complex128,
               torch.bool, torch.int64)
_NARROW_INTS = (torch.int8, torch.int16, torch.int32, torch.uint8, torch.uint16, torch.uint32)


@_inline_checked
def logsumexp(input, dim, keepdim=False):
    """``log(sum(exp(input)))`` over ``dim``, computed stably; an integer input must be Int64 (Exp's check)."""
    try:
        axes = _axes("logsumexp", dim, input._t.dim())  # MindSpore checks the axis before the dtype
        if input._t.dtype in _NARROW_INTS:
            _check_dtype("logsumexp", "input", input, _EXP_DTYPES)
        return _wrap(_reduce("logsumexp", torch.logsumexp, _float_of(input._t), axes, keepdim))
    except AttributeError as e:
        _no_tensor("logsumexp", e, input=input, dim=dim)


def count_nonzero(x, axis=(), keep_dims=False, dtype=mstype.int32):
    """Number of non-zero elements over ``axis`` (``()``: all axes), as ``dtype`` (default Int32); a numeric input."""
    _no_bool("count_nonzero", "x", x)
    t = x._t
    out = _reduce("count_nonzero", torch.sum, t != 0, _axes("count_nonzero", axis, t.dim()), keep_dims)
    return _wrap(out.to(_tdtype(dtype)))


def _quantile(op, torch_fn, input, q, axis, keepdims):
    _check_dtype(op, "input", input, (torch.float32, torch.float64))
    t = input._t
    if isinstance(q, Tensor) and q._t.dim() <= 1 and bool(((q._t < 0) | (q._t > 1)).any()):
        # A Tensor q reaches MindSpore's kernel, which checks its values: RuntimeError (a float q: ValueError).
        raise RuntimeError(f"For '{op}', the 'q' values must be in [0, 1], but got {_desc(q)}")
    return _wrap(torch_fn(t, _ut(q, t).to(t.dtype) if not isinstance(q, float) else q, axis, keepdims))


def quantile(input, q, axis=None, keepdims=False):
    """The ``q``-th quantiles along ``axis`` (None: of the flattened input), with linear interpolation."""
    return _quantile("quantile", torch.quantile, input, q, axis, keepdims)


def nanquantile(input, q, axis=None, keepdims=False):
    """Like :func:`quantile`, ignoring NaNs."""
    return _quantile("nanquantile", torch.nanquantile, input, q, axis, keepdims)


def _cumulative(op, torch_fn, t, axis, dtype):
    try:
        axis = _axis(op, axis, t.dim())
        if dtype is not None:
            return torch_fn(t, axis, dtype=_tdtype(dtype))
        out = torch_fn(t, axis)
        # torch widens integer sums to Int64; MindSpore keeps the input dtype.
        return out if out.dtype == t.dtype else out.to(t.dtype)
    except RuntimeError as e:
        _fail(op, e, input=t, axis=axis)


@_inline_checked
def cumsum(x, axis, dtype=None):
    """Cumulative sum along ``axis``; integer inputs keep their dtype."""
    try:
        if isinstance(axis, Tensor) and axis._t.numel() != 1:
            raise ValueError(f"For 'cumsum', the 'axis' must be an int, but got {_desc(axis)}")
        # MindSpore's CumSum kernel has no Bool version (torch would sum in Int64); a dtype casts first.
        if x._t.dtype == torch.bool and dtype is None:
            raise TypeError("For 'cumsum', the input 'x' must be a numeric Tensor, but got Tensor[Bool].")
        return _wrap(_cumulative("cumsum", torch.cumsum, x._t, axis, dtype))
    except AttributeError as e:
        _no_tensor("cumsum", e, x=x, axis=axis, dtype=dtype)


def cumprod(input, dim, dtype=None):
    """Cumulative product along ``dim``; integer inputs widen to Int64 (as in MindSpore 2.10, unlike cumsum)."""
    t = input._t
    try:
        return _wrap(torch.cumprod(t, _axis("cumprod", dim, t.dim()), dtype=_tdtype(dtype)))
    except RuntimeError as e:
        _fail("cumprod", e, input=input, dim=dim)


def cummax(input, axis):
    """Running maximum along ``axis`` and the Int64 indices where it was reached."""
    _int_axis("cummax", axis, zero_d=True)
    _no_bool("cummax", "input", input)
    t = input._t
    values, idx = torch.cummax(t, _axis("cummax", axis, t.dim()))
    return _wrap(values), _wrap(idx)


def cummin(input, axis):
    """Running minimum along ``axis`` and the indices where it was reached (Int32, as MindSpore 2.10 returns)."""
    t = input._t
    dim = _axis("cummin", axis, t.dim())
    _no_bool("cummin", "input", input)  # after the axis, which MindSpore checks first
    values, idx = torch.cummin(t, dim)
    return _wrap(values), _wrap(idx.to(torch.int32))


def logcumsumexp(input, axis):
    """``log(cumsum(exp(input)))`` along ``axis``, computed stably; a float input."""
    _int_axis("logcumsumexp", axis)
    _check_dtype("logcumsumexp", "input", input, FLOATS)
    t = input._t
    return _wrap(torch.logcumsumexp(_float_of(t), _axis("logcumsumexp", axis, t.dim())))


def trace(input):
    """Sum of the main diagonal of a 2-D tensor."""
    t = input._t
    if t.dim() != 2:
        # MindSpore's shape check runs in its kernel: RuntimeError.
        raise RuntimeError(f"For 'trace', the 'input' must be 2-D, but got shape {tuple(t.shape)}")
    out = torch.trace(t)
    return _wrap(out if t.dtype == torch.bool or out.dtype == t.dtype else out.to(t.dtype))


def diff(x, n=1, axis=-1, prepend=None, append=None):
    """``n``-th forward difference along ``axis``, optionally with values prepended/appended first."""
    t = x._t
    if t.dim() == 0:
        raise TypeError(f"For 'diff', the dimension of 'x' must be at least 1, but got {_desc(x)}")
    return _wrap(torch.diff(t, n, _axis("diff", axis, t.dim()),
                            None if prepend is None else _ut(prepend, t), None if append is None else _ut(append, t)))


def histc(input, bins=100, min=0.0, max=0.0):
    """Histogram with ``bins`` equal-width bins over ``[min, max]`` (both 0: the data range)."""
    _check_dtype("histc", "input", input, (torch.float16, torch.float32, torch.int32))
    t = input._t
    out = torch.histc(_float_of(t), bins, float(min), float(max))
    # MindSpore counts in Int32 for an Int32 input, in Float32 for a float one (Float16 included).
    return _wrap(out.to(torch.int32 if t.dtype == torch.int32 else torch.float32))


def bincount(input, weights=None, minlength=0):
    """Count of each non-negative integer value in a 1-D tensor (optionally weighted)."""
    t = input._t
    if t.dim() != 1:
        raise ValueError(f"For 'bincount', the 'input' must be a 1-D Tensor, but got {_desc(input)}")
    if t.is_floating_point():
        raise TypeError(f"For 'bincount', the 'input' must be an integer tensor, but got {input.dtype}")
    w = None if weights is None else _ut(weights, t)
    out = torch.bincount(t, w, minlength)
    return _wrap(out if w is not None else out.to(torch.float32))


# Exposed by MindSpore only through ``mint`` (not in ``mindspore.ops``); its one implementation.
@_guard
def kthvalue(input, k, dim=-1, keepdim=False):
    """``(values, Int64 indices)`` of the ``k``-th smallest element along ``dim`` (``mindspore.mint.kthvalue``)."""
    t = input._t
    values, idx = torch.kthvalue(t, k, _axis("kthvalue", dim, t.dim(), "dim"), keepdim)
    return _wrap(values), _wrap(idx)


# The maths of Primitives that have no functional op in MindSpore 2.10 (their classes in ops/operations
# adapt the attributes and call these; not exported).
def square_sum_all(x, y):
    """``(sum(x ** 2), sum(y ** 2))``."""
    _kernel_dtype("SquareSumAll", x, y)
    if x._t.shape != y._t.shape:
        raise ValueError(f"For 'SquareSumAll', the inputs must have one shape, but got x {tuple(x._t.shape)} "
                         f"and y {tuple(y._t.shape)}")
    return _wrap(torch.sum(torch.square(x._t))), _wrap(torch.sum(torch.square(y._t)))


def lp_norm(input, *, p, keep_dims, axis):
    """``LpNorm``: p-norm over ``axis`` (an int or a list of ints)."""
    _kernel_dtype("LpNorm", input)
    t = input._t
    if t.dim() == 0:  # MindSpore 2.10: the norm of a 0-d input is its absolute value, whatever the axis
        return _wrap(torch.abs(t))
    return _wrap(torch.linalg.vector_norm(t, p, tuple(axis), keep_dims))





def _scan(kind, x, axis, exclusive=False, reverse=False):
    """The CumSum/CumProd/CumulativeLogsumexp Primitives' scan (``kind`` 'sum', 'prod' or 'logsumexp') along
    ``axis``, exclusive (the identity first) and/or from the end, in the input's dtype (MindSpore 2.10's
    kernels keep it)."""
    t = x._t
    fn, identity = {"sum": (torch.cumsum, 0), "prod": (torch.cumprod, 1),
                    "logsumexp": (torch.logcumsumexp, float("-inf"))}[kind]
    if reverse:
        t = t.flip(axis)
    out = fn(t, axis)
    if exclusive:
        pad = torch.full_like(out.narrow(axis, 0, 1), identity)
        out = torch.cat([pad, out.narrow(axis, 0, out.shape[axis] - 1)], axis)
    if reverse:
        out = out.flip(axis)
    return _wrap(out.to(x._t.dtype))


_guard_module(globals(), __all__)
