"""Reductions and cumulative methods of ``Tensor``: sum, mean, max, argmax, std, cumsum ..."""
import builtins

import torch

from ...ops.function import reduce_func
from ..tensor import _wrap
from ._common import (
    _dims,
    _fail,
    _float32,
    _float_only,
    _int32,
    _no_bool,
    _op,
    _pick,
    _rank_at_least_1,
    _to_torch_dtype,
    _Type,
    _u,
)

_sum = reduce_func.sum


def _reduce_args(axis, dim, keepdims, keepdim, keep_dims):
    return _dims(_pick(dim, default=axis)), bool(_pick(keepdim, keep_dims, default=keepdims))


def sum(self, axis=None, dtype=None, keepdims=False, initial=None, *, dim=None, keepdim=None, keep_dims=None):
    """Sum over ``axis`` (int, tuple, None = all). Integer and bool inputs sum to Int64 as in MindSpore.

    Both MindSpore overloads are accepted: ``sum(axis, dtype, keepdims, initial)`` and
    ``sum(dim, keepdim, *, dtype)`` (a bool second argument is ``keepdim``)."""
    if axis is None and dtype is None and initial is None and dim is None and not keepdims \
            and keepdim is None and keep_dims is None:
        return _sum(self)  # the sum of all elements, as losses take it
    if dtype is not None and not isinstance(dtype, _Type):
        keepdims, dtype = dtype, None
    d, k = _reduce_args(axis, dim, keepdims, keepdim, keep_dims)
    out = _sum(self, d, k, dtype=dtype)
    return out if initial is None else out + initial


def nansum(self, axis=None, keepdims=False, *, dtype=None, dim=None, keepdim=None):
    """``ops.nansum``; ``dim``/``keepdim`` are the PyTorch-style spellings MindSpore also accepts."""
    d, k = _reduce_args(axis, dim, keepdims, keepdim, None)
    return _op("nansum")(self, d, k, dtype=dtype)


def mean(self, axis=None, keep_dims=False, *, dtype=None, dim=None, keepdim=None, keepdims=None):
    """Mean over ``axis``; integer inputs give a truncated mean of their own dtype, as in MindSpore."""
    _no_bool_kernel("mean", self)
    x = self if dtype is None else self.astype(dtype)
    return reduce_func.mean(x, _dims(_pick(dim, default=axis)), bool(_pick(keepdim, keepdims, default=keep_dims)))


def prod(self, axis=None, keep_dims=False, dtype=None, *, dim=None, keepdim=None, keepdims=None):
    """``ops.prod`` over ``axis`` (int, tuple or None); ``dim``/``keepdim`` are the PyTorch-style spellings."""
    return reduce_func.prod(self, _dims(_pick(dim, default=axis)), bool(_pick(keepdim, keepdims, default=keep_dims)),
                            dtype)


def _extreme(self, name, fn_all, fn_dim, axis, keepdims, dim, keepdim, initial, where, return_indices):
    t = self._t
    if dim is not None:
        # PyTorch-style overload: (values, Int64 indices).
        v, i = fn_dim(t, dim, bool(keepdim))
        return _wrap(v), _wrap(i)
    if return_indices:
        v, i = fn_dim(t, 0 if axis is None else axis, bool(keepdims))
        return _wrap(v), _wrap(i)
    if where is not None:
        fill = initial if initial is not None else (float("-inf") if name == "max" else float("inf"))
        t = torch.where(_u(where), t, torch.as_tensor(fill, dtype=t.dtype, device=t.device))
    d = _dims(axis)
    out = fn_all(t, () if d is None else d, bool(keepdims))
    if initial is not None:
        out = (torch.clamp_min if name == "max" else torch.clamp_max)(out, initial)
    return _wrap(out)


def _no_bool_kernel(name, self):
    """RuntimeError for a Bool tensor: MindSpore 2.10's CPU reduction kernel for ``Tensor.name`` has none."""
    if self._t.dtype == torch.bool:
        raise RuntimeError(f"For 'Tensor.{name}', MindSpore 2.10 has no kernel for a Bool tensor")


def _no_bool_extreme(name, self, dim, axis):
    """MindSpore 2.10 has no Bool kernel for ``Tensor.max``/``min``: the reduction of all elements is a RuntimeError,
    one along an axis (MaxDim, ArgMaxWithValue) a TypeError."""
    if self._t.dtype == torch.bool:
        if dim is None and axis is None:
            _no_bool_kernel(name, self)
        _no_bool(name, self)


def _extreme_overload(name, dim, keepdim, axis, keepdims, initial, where, return_indices):
    """MindSpore's choice between ``max``/``min``'s two overloads: a NumPy-style keyword (``keepdims``,
    ``initial``, ``where``, ``return_indices``) makes a positional first argument the ``axis`` of the
    overload that returns values, as in ``x.max(0, keepdims=True)``; without one, ``x.max(0)`` is the
    PyTorch-style ``(values, indices)``. Returns ``(dim, keepdim, axis, keepdims)``."""
    if keepdims is None and initial is None and where is None and not return_indices:
        return dim, keepdim, axis, False
    if keepdim is not None and keepdims is not None:
        raise TypeError(f"{name}() got multiple values for argument 'keepdims'.")
    if dim is not None and axis is None:
        dim, axis = None, dim
    return dim, keepdim, axis, bool(keepdims or keepdim)


def max(self, dim=None, keepdim=None, *, axis=None, keepdims=None, initial=None, where=None,
        return_indices=False):
    """Maximum. ``max(axis=..., keepdims=...)`` returns values; ``max(dim)`` returns ``(values, indices)``
    (see ``_extreme_overload``)."""
    _no_bool_extreme("max", self, dim, axis)
    dim, keepdim, axis, keepdims = _extreme_overload("max", dim, keepdim, axis, keepdims, initial, where,
                                                     return_indices)
    try:
        if dim is None and axis is None and initial is None and where is None and not return_indices:
            return _wrap(torch.amax(self._t, (), bool(keepdims or keepdim)))
        return _extreme(self, "max", torch.amax, torch.max, axis, keepdims, dim, keepdim, initial, where,
                        return_indices)
    except (RuntimeError, IndexError) as e:
        _fail("max", e, self)


def min(self, dim=None, keepdim=None, *, axis=None, keepdims=None, initial=None, where=None,
        return_indices=False):
    """Minimum. ``min(axis=..., keepdims=...)`` returns values; ``min(dim)`` returns ``(values, indices)``
    (see ``_extreme_overload``)."""
    _no_bool_extreme("min", self, dim, axis)
    dim, keepdim, axis, keepdims = _extreme_overload("min", dim, keepdim, axis, keepdims, initial, where,
                                                     return_indices)
    try:
        if dim is None and axis is None and initial is None and where is None and not return_indices:
            return _wrap(torch.amin(self._t, (), bool(keepdims or keepdim)))
        return _extreme(self, "min", torch.amin, torch.min, axis, keepdims, dim, keepdim, initial, where,
                        return_indices)
    except (RuntimeError, IndexError) as e:
        _fail("min", e, self)


def amax(self, axis=None, keepdims=False, *, initial=None, where=None):
    """``ops.amax``; MindSpore 2.10's method refuses a Bool tensor."""
    _no_bool("amax", self)
    return reduce_func.amax(self, axis, keepdims, initial=initial, where=where)


def amin(self, axis=None, keepdims=False, *, initial=None, where=None):
    """``ops.amin``; MindSpore 2.10's method refuses a Bool tensor."""
    _no_bool("amin", self)
    return reduce_func.amin(self, axis, keepdims, initial=initial, where=where)


def aminmax(self, *, axis=0, keepdims=False):
    _no_bool("aminmax", self)
    lo, hi = torch.aminmax(self._t, dim=axis, keepdim=keepdims)
    return _wrap(lo), _wrap(hi)


def ptp(self, axis=None, keepdims=False):
    _no_bool("ptp", self)
    try:
        d = () if axis is None else axis
        return _wrap(torch.amax(self._t, d, keepdims) - torch.amin(self._t, d, keepdims))
    except (RuntimeError, IndexError) as e:
        _fail("ptp", e, self)


def argmax(self, axis=None, keepdims=False, *, dim=None, keepdim=None):
    """Index of the maximum (Int64), over the flattened tensor when ``axis`` is None (a Bool tensor's first True,
    as MindSpore 2.10's)."""
    t = self._t
    if t.dtype == torch.bool:
        t = t.to(torch.uint8)
    try:
        return _wrap(torch.argmax(t, _pick(dim, default=axis), bool(_pick(keepdim, default=keepdims))))
    except (RuntimeError, IndexError) as e:
        _fail("argmax", e, self)


def argmin(self, axis=None, keepdims=False, *, dim=None, keepdim=None):
    """``ops.argmin``; ``dim``/``keepdim`` are the PyTorch-style spellings MindSpore also accepts."""
    return _op("argmin")(self, _pick(dim, default=axis), bool(_pick(keepdim, default=keepdims)))


def argmax_with_value(self, axis=0, keep_dims=False):
    """``(values, Int64 indices)`` of the maxima along ``axis``."""
    _no_bool("argmax_with_value", self)
    v, i = torch.max(self._t, axis, keep_dims)
    return _wrap(v), _wrap(i)


def argmin_with_value(self, axis=0, keep_dims=False):
    """``(values, Int64 indices)`` of the minima along ``axis``."""
    _no_bool("argmin_with_value", self)
    v, i = torch.min(self._t, axis, keep_dims)
    return _wrap(v), _wrap(i)


def all(self, axis=None, keep_dims=False, *, keepdims=None, dim=None, keepdim=None):
    try:
        d = _dims(_pick(dim, default=axis))
        k = bool(_pick(keepdim, keepdims, default=keep_dims))
        t = self._t
        if d is None:
            out = torch.all(t)
            return _wrap(out.reshape((1,) * t.dim()) if k else out)
        return _wrap(torch.all(t, d, k))
    except (RuntimeError, IndexError) as e:
        _fail("all", e, self)


def any(self, axis=None, keep_dims=False, *, keepdims=None, dim=None, keepdim=None):
    try:
        d = _dims(_pick(dim, default=axis))
        k = bool(_pick(keepdim, keepdims, default=keep_dims))
        t = self._t
        if d is None:
            out = torch.any(t)
            return _wrap(out.reshape((1,) * t.dim()) if k else out)
        return _wrap(torch.any(t, d, k))
    except (RuntimeError, IndexError) as e:
        _fail("any", e, self)


def _variance(self, name, axis, ddof, keepdims, dim, correction, keepdim, unbiased):
    """The variance of ``Tensor.var``/``Tensor.std``. An integer tensor's deviations are taken from its truncated
    integer mean (``Tensor.mean``'s), in Float32, as MindSpore 2.10 computes them; it has no Bool kernel."""
    _no_bool_kernel(name, self)
    d, k = _reduce_args(axis, dim, keepdims, keepdim, None)
    c = _pick(correction, default=ddof if unbiased is None else int(unbiased))
    t = self._t
    if t.is_floating_point() or t.is_complex():
        return torch.var(t, d, correction=c, keepdim=k)
    centred = (t - mean(self, d, True)._t).to(_float32)
    n = centred.numel() // builtins.max(torch.sum(centred, d, k).numel(), 1)
    return torch.sum(centred * centred, d, k) / (n - c)


def std(self, axis=None, ddof=0, keepdims=False, *, dim=None, correction=None, keepdim=None, unbiased=None):
    """Standard deviation with ``ddof`` (default 0: population, as MindSpore's ``Tensor.std``)."""
    try:
        return _wrap(torch.sqrt(_variance(self, "std", axis, ddof, keepdims, dim, correction, keepdim, unbiased)))
    except (RuntimeError, IndexError) as e:
        if str(e).startswith("For '"):
            raise
        _fail("std", e, self)


def var(self, axis=None, ddof=0, keepdims=False, *, dim=None, correction=None, keepdim=None, unbiased=None):
    """Variance with ``ddof`` (default 0: population, as MindSpore's ``Tensor.var``)."""
    try:
        return _wrap(_variance(self, "var", axis, ddof, keepdims, dim, correction, keepdim, unbiased))
    except (RuntimeError, IndexError) as e:
        if str(e).startswith("For '"):
            raise
        _fail("var", e, self)


def logsumexp(self, dim, keepdim=False, *, axis=None, keepdims=None):
    _float_only("logsumexp", self)
    return reduce_func.logsumexp(self, _pick(axis, default=dim), bool(_pick(keepdims, default=keepdim)))


def median(self, axis=-1, keepdims=False, *, dim=None, keepdim=None):
    """``ops.median``: ``(values, indices)`` along ``axis`` (``dim``)."""
    return reduce_func.median(self, _pick(dim, default=axis), bool(_pick(keepdim, default=keepdims)))


def nanmedian(self, axis=-1, keepdims=False):
    """Median ignoring NaN along ``axis``: ``(values, Int64 indices)``. MindSpore 2.10's kernel takes Float32,
    Float64, Int16, Int32 and Int64 tensors (TypeError for others)."""
    if self._t.dtype not in (torch.float32, torch.float64, torch.int16, torch.int32, torch.int64):
        raise TypeError(f"For 'Tensor.nanmedian', the input must be a Float32, Float64, Int16, Int32 or Int64 "
                        f"Tensor, but got {self.dtype}")
    v, i = torch.nanmedian(self._t, axis, keepdims)
    return _wrap(v), _wrap(i)


def count_nonzero(self, dim=None, *, axis=None):
    _no_bool("count_nonzero", self)
    try:
        return _wrap(torch.count_nonzero(self._t, _pick(axis, default=dim)).to(_int32))
    except (RuntimeError, IndexError) as e:
        _fail("count_nonzero", e, self)


def norm(self, ord=None, dim=None, keepdim=False, *, dtype=None):
    """``ops.norm``."""
    return _op("norm")(self, ord, dim, keepdim, dtype=dtype)


def kthvalue(self, k, dim=-1, keepdim=False):
    try:
        v, i = torch.kthvalue(self._t, k, dim, keepdim)
        return _wrap(v), _wrap(i)
    except (RuntimeError, IndexError) as e:
        _fail("kthvalue", e, self)


# ---------------------------------------------------------------------------- cumulative
_CUMSUM_TO_INT32 = (torch.bool, torch.int8, torch.int16, torch.uint8)


def cumsum(self, dim=None, *, dtype=None, axis=None):
    """Cumulative sum along ``dim`` (``axis``); the flattened tensor when neither is given."""
    _rank_at_least_1("cumsum", self)
    try:
        d = _pick(dim, default=axis)
        t = self._t
        if d is None:
            t, d = t.reshape(-1), 0
        if dtype is not None and _to_torch_dtype(dtype) != t.dtype:
            return _wrap(torch.cumsum(t, d, dtype=_to_torch_dtype(dtype)))
        # MindSpore sums Bool and integers narrower than Int32 in Int32 (also when dtype names the input's own
        # dtype) and keeps other dtypes; torch widens every integer to Int64, and has no UInt16+ kernel to ask for.
        return _wrap(torch.cumsum(t, d).to(torch.int32 if t.dtype in _CUMSUM_TO_INT32 else t.dtype))
    except (RuntimeError, IndexError) as e:
        _fail("cumsum", e, self)


def cummax(self, axis):
    _no_bool("cummax", self)
    _rank_at_least_1("cummax", self)
    return _op("cummax")(self, axis)


def logcumsumexp(self, axis):
    _float_only("logcumsumexp", self)
    _rank_at_least_1("logcumsumexp", self)
    return _op("logcumsumexp")(self, axis)
