"""``mint`` reductions, scans, sorting and selection (``dim``/``keepdim`` arguments, Int64 indices).

Each name calls the op's one implementation in :mod:`sporetorch.ops`; indices come back as Int64, as
torch and MindSpore's mint give them.
"""
from .. import ops
from ..common import dtype as mstype
from ..common.tensor import Tensor
from ..ops.function import reduce_func

_INT_KINDS = (mstype.bool_, mstype.int8, mstype.int16, mstype.int32, mstype.int64, mstype.uint8, mstype.uint16,
              mstype.uint32, mstype.uint64)

__all__ = [
    "all", "amax", "amin", "any", "argmax", "argmin", "argsort", "bincount", "count_nonzero", "cummax", "cummin",
    "cumprod", "cumsum", "diff", "histc", "kthvalue", "logsumexp", "max", "mean", "median", "min", "nansum", "norm",
    "prod", "sort", "std", "std_mean", "sum", "topk", "trace", "var", "var_mean",
]



def _i64(t):
    return t if t.dtype == mstype.int64 else ops.cast(t, mstype.int64)


def _cast(input, dtype):
    return input if dtype is None else ops.cast(input, dtype)


def _dims(dim):
    """MindSpore's "all dimensions" spellings (None, ``()``, ``[]``) as None."""
    return None if dim is None or (isinstance(dim, (tuple, list)) and not dim) else dim


def sum(input, dim=None, keepdim=False, *, dtype=None):
    """Sum over ``dim`` (all when None); integers and bool sum to Int64 (``mindspore.mint.sum``)."""
    return ops.sum(input, dim, keepdim, dtype=dtype)


def nansum(input, dim=None, keepdim=False, *, dtype=None):
    """Sum over ``dim`` treating NaN as zero (``mindspore.mint.nansum``)."""
    return ops.nansum(input, _dims(dim), keepdim, dtype=dtype)


def mean(input, dim=None, keepdim=False, *, dtype=None):
    """Mean over ``dim``, computed in ``dtype`` when given (``mindspore.mint.mean``)."""
    return ops.mean(_cast(input, dtype), _dims(dim), keepdim)


def prod(input, dim=None, keepdim=False, *, dtype=None):
    """Product over ``dim`` (all when None); integers and bool multiply to Int64 (``mindspore.mint.prod``)."""
    if dtype is None and input.dtype in _INT_KINDS:
        dtype = mstype.int64
    return ops.prod(_cast(input, dtype), dim, keepdim)


def all(input, dim=None, keepdim=False):
    """True where every element over ``dim`` is nonzero (``mindspore.mint.all``)."""
    return ops.all(input, _dims(dim), keepdim)


def any(input, dim=None, keepdim=False):
    """True where any element over ``dim`` is nonzero (``mindspore.mint.any``)."""
    return ops.any(input, _dims(dim), keepdim)


def amax(input, dim=(), keepdim=False):
    """Maximum over ``dim`` (all when empty), without indices (``mindspore.mint.amax``)."""
    return ops.amax(input, _dims(dim), keepdim)


def amin(input, dim=(), keepdim=False):
    """Minimum over ``dim`` (all when empty), without indices (``mindspore.mint.amin``)."""
    return ops.amin(input, _dims(dim), keepdim)


def _extreme(op, pairwise, input, dim, keepdim, other):
    if other is not None:
        return pairwise(input, other)
    if isinstance(dim, Tensor):
        return pairwise(input, dim)
    if dim is None:
        return op(input)[0]
    values, indices = op(input, dim, keepdim)
    return values, _i64(indices)


def max(input, dim=None, keepdim=False, *, other=None):
    """``max(input)``: the maximum; ``max(input, dim, keepdim=False)``: ``(values, indices)``;
    ``max(input, other)``: the element-wise maximum (``mindspore.mint.max``)."""
    return _extreme(ops.max, ops.maximum, input, dim, keepdim, other)


def min(input, dim=None, keepdim=False, *, other=None):
    """``min(input)``: the minimum; ``min(input, dim, keepdim=False)``: ``(values, indices)``;
    ``min(input, other)``: the element-wise minimum (``mindspore.mint.min``)."""
    return _extreme(ops.min, ops.minimum, input, dim, keepdim, other)


def argmax(input, dim=None, keepdim=False):
    """Int64 index of the maximum over ``dim`` (of the flattened input when None) (``mindspore.mint.argmax``)."""
    return _i64(ops.argmax(input, dim, keepdim))


def argmin(input, dim=None, keepdim=False):
    """Int64 index of the minimum over ``dim`` (of the flattened input when None) (``mindspore.mint.argmin``)."""
    return _i64(ops.argmin(input, dim, keepdim))


def median(input, dim=None, keepdim=False):
    """``median(input)``: the lower median of all elements; with ``dim``: ``(values, indices)``
    (``mindspore.mint.median``)."""
    if dim is None:
        return ops.median(ops.reshape(input, (-1,)), 0)[0]
    values, indices = ops.median(input, dim, keepdim)
    return values, _i64(indices)


def kthvalue(input, k, dim=-1, keepdim=False):
    """``(values, indices)`` of the k-th smallest element along ``dim`` (``mindspore.mint.kthvalue``)."""
    return reduce_func.kthvalue(input, k, dim, keepdim)


def std(input, dim=None, *, correction=1, keepdim=False):
    """Standard deviation over ``dim`` with ``correction`` degrees of freedom removed (``mindspore.mint.std``)."""
    return ops.std(input, _dims(dim), correction, keepdim)


def var(input, dim=None, *, correction=1, keepdim=False):
    """Variance over ``dim`` with ``correction`` degrees of freedom removed (``mindspore.mint.var``)."""
    return ops.var(input, _dims(dim), correction, keepdim)


def std_mean(input, dim=None, *, correction=1, keepdim=False):
    """``(std, mean)`` over ``dim`` (``mindspore.mint.std_mean``)."""
    return ops.std_mean(input, _dims(dim), correction, keepdim)


def var_mean(input, dim=None, *, correction=1, keepdim=False):
    """``(var, mean)`` over ``dim`` (``mindspore.mint.var_mean``)."""
    return ops.var_mean(input, _dims(dim), correction, keepdim)


def logsumexp(input, dim, keepdim=False):
    """``log(sum(exp(input)))`` over ``dim`` (``mindspore.mint.logsumexp``)."""
    return ops.logsumexp(input, dim, keepdim)


def norm(input, p='fro', dim=None, keepdim=False, *, dtype=None):
    """Vector p-norm over ``dim`` (all elements when None), Frobenius (``'fro'``) or nuclear (``'nuc'``)
    matrix norm (``mindspore.mint.norm``, torch.norm's rules)."""
    input = _cast(input, dtype)
    if p == 'nuc':
        return ops.matrix_norm(input, 'nuc', (-2, -1) if dim is None else dim, keepdim)
    if p == 'fro':
        p = 2
    return ops.vector_norm(input, p, _dims(dim), keepdim)


def count_nonzero(input, dim=None):
    """Int64 count of nonzero elements over ``dim`` (all when None) (``mindspore.mint.count_nonzero``)."""
    return ops.count_nonzero(input, () if dim is None else dim, dtype=mstype.int64)


def cumsum(input, dim, dtype=None):
    """Cumulative sum along ``dim``; integers and bool accumulate in Int64 (``mindspore.mint.cumsum``)."""
    if dtype is None and input.dtype in _INT_KINDS:
        dtype = mstype.int64
    return ops.cumsum(input, dim, dtype)


def cumprod(input, dim, dtype=None):
    """Cumulative product along ``dim`` (``mindspore.mint.cumprod``)."""
    return ops.cumprod(input, dim, dtype)


def cummax(input, dim):
    """``(values, indices)`` of the running maximum along ``dim`` (``mindspore.mint.cummax``)."""
    values, indices = ops.cummax(input, dim)
    return values, _i64(indices)


def cummin(input, dim):
    """``(values, indices)`` of the running minimum along ``dim`` (``mindspore.mint.cummin``)."""
    values, indices = ops.cummin(input, dim)
    return values, _i64(indices)


def sort(input, *, dim=-1, descending=False, stable=False):
    """``(values, indices)`` sorted along ``dim``; ties keep their order (``mindspore.mint.sort``)."""
    values, indices = ops.sort(input, dim, descending)
    return values, _i64(indices)


def argsort(input, dim=-1, descending=False, stable=False):
    """Int64 indices that sort ``input`` along ``dim`` (``mindspore.mint.argsort``)."""
    return _i64(ops.argsort(input, dim, descending))


def topk(input, k, dim=-1, largest=True, sorted=True):
    """``(values, indices)`` of the ``k`` largest (smallest) elements along ``dim`` (``mindspore.mint.topk``)."""
    values, indices = ops.topk(input, k, dim, largest, sorted)
    return values, _i64(indices)


def diff(input, n=1, dim=-1, prepend=None, append=None):
    """n-th forward difference along ``dim`` (``mindspore.mint.diff``)."""
    return ops.diff(input, n, dim, prepend, append)


def trace(input):
    """Sum of the main diagonal of a 2-D tensor (``mindspore.mint.trace``)."""
    return ops.trace(input)


def histc(input, bins=100, min=0, max=0):
    """Histogram of ``bins`` equal bins over ``[min, max]`` (the data range when both are 0)
    (``mindspore.mint.histc``)."""
    return ops.histc(input, bins, min, max)


def bincount(input, weights=None, minlength=0):
    """Occurrences (or summed ``weights``) of each non-negative integer (``mindspore.mint.bincount``)."""
    out = ops.bincount(input, weights, minlength)
    return _i64(out) if weights is None else out
