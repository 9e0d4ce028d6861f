"""Reductions and cumulative methods of ``Tensor``: sum, mean, max, argmax, std, cumsum ..."""
import builtins

import torch

from ...ops.function import math_func, reduce_func
from .. import dtype as _mstype
from ._common import (
    _dims,
    _fail,
    _float_only,
    _no_bool,
    _op,
    _pick,
    _rank_at_least_1,
    _to_torch_dtype,
    _Type,
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


def _extreme(self, name, axis, keepdims, dim, keepdim, initial, where, return_indices):
    """The overloads of ``Tensor.max``/``min`` on the functional ops: ``(values, Int64 indices)`` along ``dim``
    (or along ``axis``, default 0, with ``return_indices``) from ``ops.max``/``ops.min``, otherwise the values
    over ``axis`` from ``ops.amax``/``ops.amin``."""
    largest = name == "max"
    if dim is not None:
        return (reduce_func.max if largest else reduce_func.min)(self, dim, bool(keepdim))
    if return_indices:
        return (reduce_func.max if largest else reduce_func.min)(self, 0 if axis is None else axis, bool(keepdims))
    return (reduce_func.amax if largest else reduce_func.amin)(self, _dims(axis), bool(keepdims), initial=initial,
                                                               where=where)


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
    return _extreme(self, "max", axis, keepdims, dim, keepdim, initial, where, return_indices)


def min(self, dim=None, keepdim=None, *, axis=None, keepdims=None, initial=None, where=None,
        return_indices=False):
    """Minimum. ``min(axis=..., keepdims=...)`` returns values; ``min(dim)`` returns ``(values, indices)``
    (see ``_extreme_overload``)."""
    _no_bool_extreme("min", self, dim, axis)
    dim, keepdim, axis, keepdims = _extreme_overload("min", dim, keepdim, axis, keepdims, initial, where,
                                                     return_indices)
    return _extreme(self, "min", axis, keepdims, dim, keepdim, initial, where, return_indices)


def amax(self, axis=None, keepdims=False, *, initial=None, where=None):
    """``ops.amax``; MindSpore 2.10's method refuses a Bool tensor."""
    _no_bool("amax", self)
    return reduce_func.amax(self, axis, keepdims, initial=initial, where=where)


def amin(self, axis=None, keepdims=False, *, initial=None, where=None):
    """``ops.amin``; MindSpore 2.10's method refuses a Bool tensor."""
    _no_bool("amin", self)
    return reduce_func.amin(self, axis, keepdims, initial=initial, where=where)


def aminmax(self, *, axis=0, keepdims=False):
    """``ops.aminmax``; MindSpore 2.10's method refuses a Bool tensor."""
    _no_bool("aminmax", self)
    return reduce_func.aminmax(self, axis=axis, keepdims=keepdims)


def ptp(self, axis=None, keepdims=False):
    """Peak to peak, ``amax - amin`` over ``axis`` (None: all axes); MindSpore 2.10 refuses a Bool tensor."""
    _no_bool("ptp", self)
    return reduce_func.amax(self, axis, keepdims) - reduce_func.amin(self, axis, keepdims)


def argmax(self, axis=None, keepdims=False, *, dim=None, keepdim=None):
    """Index of the maximum (Int64), over the flattened tensor when ``axis`` is None (a Bool tensor's first True,
    as MindSpore 2.10's)."""
    return reduce_func.argmax(self, _pick(dim, default=axis), bool(_pick(keepdim, default=keepdims)))


def argmin(self, axis=None, keepdims=False, *, dim=None, keepdim=None):
    """``ops.argmin``; ``dim``/``keepdim`` are the PyTorch-style spellings MindSpore also accepts."""
    return _op("argmin")(self, _pick(dim, default=axis), bool(_pick(keepdim, default=keepdims)))


def argmax_with_value(self, axis=0, keep_dims=False):
    """``(values, Int64 indices)`` of the maxima along ``axis``."""
    _no_bool("argmax_with_value", self)
    return reduce_func.max(self, axis, keep_dims)


def argmin_with_value(self, axis=0, keep_dims=False):
    """``(values, Int64 indices)`` of the minima along ``axis``."""
    _no_bool("argmin_with_value", self)
    return reduce_func.min(self, axis, keep_dims)


def all(self, axis=None, keep_dims=False, *, keepdims=None, dim=None, keepdim=None):
    """``ops.all``; ``dim``/``keepdim``/``keepdims`` are the other spellings MindSpore accepts."""
    return reduce_func.all(self, _dims(_pick(dim, default=axis)), bool(_pick(keepdim, keepdims, default=keep_dims)))


def any(self, axis=None, keep_dims=False, *, keepdims=None, dim=None, keepdim=None):
    """``ops.any``; ``dim``/``keepdim``/``keepdims`` are the other spellings MindSpore accepts."""
    return reduce_func.any(self, _dims(_pick(dim, default=axis)), bool(_pick(keepdim, keepdims, default=keep_dims)))


def _variance(self, name, axis, ddof, keepdims, dim, correction, keepdim, unbiased):
    """The variance of ``Tensor.var``/``Tensor.std``. An integer tensor's deviations are taken from its truncated
    integer mean (``Tensor.mean``'s), in Float32, as MindSpore 2.10 computes them; it has no Bool kernel."""
    _no_bool_kernel(name, self)
    d, k = _reduce_args(axis, dim, keepdims, keepdim, None)
    c = _pick(correction, default=ddof if unbiased is None else int(unbiased))
    if self._t.is_floating_point() or self._t.is_complex():
        return reduce_func.var(self, d, c, k)
    centred = (self - mean(self, d, True)).astype(_mstype.float32)
    squares = _sum(centred * centred, d, k)
    return squares / (centred._t.numel() // builtins.max(squares._t.numel(), 1) - c)


def std(self, axis=None, ddof=0, keepdims=False, *, dim=None, correction=None, keepdim=None, unbiased=None):
    """Standard deviation with ``ddof`` (default 0: population, as MindSpore's ``Tensor.std``)."""
    try:
        return math_func.sqrt(_variance(self, "std", axis, ddof, keepdims, dim, correction, keepdim, unbiased))
    except (RuntimeError, IndexError) as e:
        if str(e).startswith("For '"):
            raise
        _fail("std", e, self)


def var(self, axis=None, ddof=0, keepdims=False, *, dim=None, correction=None, keepdim=None, unbiased=None):
    """Variance with ``ddof`` (default 0: population, as MindSpore's ``Tensor.var``)."""
    try:
        return _variance(self, "var", axis, ddof, keepdims, dim, correction, keepdim, unbiased)
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
    return reduce_func.nanmedian(self, axis, keepdims)


def count_nonzero(self, dim=None, *, axis=None):
    """``ops.count_nonzero`` (Int32) over ``dim`` (``axis``; None: all axes); MindSpore 2.10 refuses a Bool tensor."""
    _no_bool("count_nonzero", self)
    d = _pick(axis, default=dim)
    return reduce_func.count_nonzero(self, () if d is None else d)


def norm(self, ord=None, dim=None, keepdim=False, *, dtype=None):
    """``ops.norm``."""
    return _op("norm")(self, ord, dim, keepdim, dtype=dtype)


def kthvalue(self, k, dim=-1, keepdim=False):
    """``mint.kthvalue``: ``(values, Int64 indices)`` of the ``k``-th smallest element along ``dim``."""
    return reduce_func.kthvalue(self, k, dim, keepdim)


# ---------------------------------------------------------------------------- cumulative
_CUMSUM_TO_INT32 = (torch.bool, torch.int8, torch.int16, torch.uint8)


def cumsum(self, dim=None, *, dtype=None, axis=None):
    """Cumulative sum along ``dim`` (``axis``); the flattened tensor when neither is given (a 0-d tensor too)."""
    d = _pick(dim, default=axis)
    x = self
    if d is None:
        x, d = self.reshape(-1), 0
    else:
        _rank_at_least_1("cumsum", self)
    if dtype is not None and _to_torch_dtype(dtype) != x._t.dtype:
        return reduce_func.cumsum(x, d, dtype)
    # MindSpore's method sums Bool and integers narrower than Int32 in Int32 (also when dtype names the input's
    # own dtype) and keeps other dtypes, as ops.cumsum does.
    return reduce_func.cumsum(x, d, _mstype.int32 if x._t.dtype in _CUMSUM_TO_INT32 else None)


def cummax(self, axis):
    _no_bool("cummax", self)
    _rank_at_least_1("cummax", self)
    return _op("cummax")(self, axis)


def logcumsumexp(self, axis):
    _float_only("logcumsumexp", self)
    _rank_at_least_1("logcumsumexp", self)
    return _op("logcumsumexp")(self, axis)
