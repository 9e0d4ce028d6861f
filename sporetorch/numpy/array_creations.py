"""Array creation functions of ``mindspore.numpy``."""
import numpy as onp

from .. import ops
from ..common import dtype as mstype
from ..common.tensor import Tensor
from .dtypes import _to_dtype
from .utils import _cast, _cast_out, _convert_64_to_32, _deep_numpy, _one, _to_float, _to_tensor

__all__ = ["array", "asarray", "asfarray", "ones", "zeros", "full", "randn", "rand", "randint", "arange", "linspace",
           "logspace", "eye", "identity", "empty", "empty_like", "ones_like", "zeros_like", "full_like", "diagonal",
           "tril", "triu", "tri", "trace", "meshgrid", "mgrid", "ogrid", "diagflat", "diag", "diag_indices", "ix_",
           "indices", "geomspace", "vander", "hamming", "hanning", "bartlett", "blackman", "triu_indices",
           "tril_indices", "triu_indices_from", "tril_indices_from", "histogram_bin_edges", "pad", "copy_"]


def _check_input(obj):
    if not isinstance(obj, (Tensor, list, tuple, int, float, bool)):
        raise TypeError(f"input data must be `int`, `float`, `bool`, `Tensor`, `list`, `tuple`, but got {type(obj)}")


def _shape(shape):
    if isinstance(shape, Tensor):
        shape = tuple(int(s) for s in shape.asnumpy().reshape(-1))
    if isinstance(shape, (int, onp.integer)) and not isinstance(shape, bool):
        return (int(shape),)
    if isinstance(shape, (list, tuple)) and all(isinstance(s, (int, onp.integer)) and not isinstance(s, bool)
                                                for s in shape):
        return tuple(int(s) for s in shape)
    raise TypeError(f"shape must be int, list or tuple of ints, but got {shape}")


def array(obj, dtype=None, copy=True, ndmin=0):
    """A Tensor from an array-like: Python ints become int32, floats float32 (numpy's 64-bit
    defaults are narrowed); ``ndmin`` prepends unit axes."""
    _check_input(obj)
    res = asarray(obj, dtype)
    if ndmin > res.ndim:
        res = res.reshape((1,) * (ndmin - res.ndim) + res.shape)
    if copy and res is obj:
        res = copy_(res)
    return res


def asarray(a, dtype=None):
    """A Tensor from an array-like (a Tensor is returned as it is, cast to ``dtype`` if given)."""
    _check_input(a)
    if isinstance(a, Tensor):
        return _cast_out(a, dtype)
    if isinstance(a, (list, tuple)) and not a:
        res = Tensor(onp.zeros((0,), onp.float32))
    else:
        res = _convert_64_to_32(Tensor(onp.asarray(_deep_numpy(a))))
    return _cast_out(res, dtype)


def asfarray(a, dtype=mstype.float32):
    """As :func:`asarray`, with an integer ``dtype`` replaced by float32."""
    dtype = _to_dtype(dtype)
    if dtype not in (mstype.float16, mstype.float32, mstype.float64):
        dtype = mstype.float32
    return asarray(a, dtype)


def copy_(a):
    """A copy of an array-like."""
    return Tensor(_to_tensor(a)._t.clone())


def ones(shape, dtype=mstype.float32):
    """A Tensor of ones (float32 by default)."""
    return ops.ones(_shape(shape), _to_dtype(dtype))


def zeros(shape, dtype=mstype.float32):
    """A Tensor of zeros (float32 by default)."""
    return ops.zeros(_shape(shape), _to_dtype(dtype))


def empty(shape, dtype=mstype.float32):
    """A Tensor of the shape; its values are zeros here (MindSpore leaves them undefined)."""
    return zeros(shape, dtype)


def _fill_dtype(fill_value):
    if isinstance(fill_value, bool):
        return mstype.bool_
    if isinstance(fill_value, int):
        return mstype.int32
    if isinstance(fill_value, float):
        return mstype.float32
    return _one(fill_value).dtype


def full(shape, fill_value, dtype=None):
    """A Tensor filled with ``fill_value`` (an array-like is broadcast to ``shape``)."""
    shape = _shape(shape)
    dtype = _to_dtype(dtype) if dtype is not None else _fill_dtype(fill_value)
    if isinstance(fill_value, (int, float, bool)):
        return ops.full(shape, fill_value, dtype=dtype)
    return _cast(ops.broadcast_to(_one(fill_value), shape), dtype)


def _rand_shape(shape):
    if len(shape) == 1 and isinstance(shape[0], (list, tuple)):
        shape = tuple(shape[0])
    return _shape(tuple(shape))


def randn(*shape, dtype=mstype.float32):
    """Samples of the standard normal distribution (float32 by default)."""
    dtype = _to_dtype(dtype)
    if dtype not in (mstype.float16, mstype.float32, mstype.float64):
        raise ValueError(f"For 'randn', the dtype must be a float type, but got {dtype}")
    return ops.randn(*_rand_shape(shape), dtype=dtype)


def rand(*shape, dtype=mstype.float32):
    """Samples of the uniform distribution over ``[0, 1)`` (float32 by default)."""
    dtype = _to_dtype(dtype)
    if dtype not in (mstype.float16, mstype.float32, mstype.float64):
        raise ValueError(f"For 'rand', the dtype must be a float type, but got {dtype}")
    return ops.rand(*_rand_shape(shape), dtype=dtype)


def randint(minval, maxval=None, shape=None, dtype=mstype.int32):
    """Random integers in ``[minval, maxval)`` (``[0, minval)`` without ``maxval``)."""
    if maxval is None:
        minval, maxval = 0, minval
    if not isinstance(minval, int) or not isinstance(maxval, int):
        raise TypeError("For 'randint', minval and maxval must be ints.")
    if maxval <= minval:
        raise ValueError(f"For 'randint', maxval must be greater than minval, but got {minval} and {maxval}.")
    shape = () if shape is None else _shape(shape)
    return ops.randint(minval, maxval, shape, dtype=_to_dtype(dtype))


def _like(a, dtype, shape):
    a = _one(a)
    return (a.shape if shape is None else _shape(shape)), (a.dtype if dtype is None else _to_dtype(dtype))


def ones_like(a, dtype=None, shape=None):
    """Ones with the shape and dtype of ``a`` (or those given)."""
    return ops.ones(*_like(a, dtype, shape))


def zeros_like(a, dtype=None, shape=None):
    """Zeros with the shape and dtype of ``a`` (or those given)."""
    return ops.zeros(*_like(a, dtype, shape))


def empty_like(prototype, dtype=None, shape=None):
    """As :func:`zeros_like` (MindSpore leaves the values undefined)."""
    return zeros_like(prototype, dtype, shape)


def full_like(a, fill_value, dtype=None, shape=None):
    """``fill_value`` with the shape and dtype of ``a`` (or those given)."""
    shape, dtype = _like(a, dtype, shape)
    return full(shape, fill_value, dtype)


def _scalar(x):
    return x.asnumpy().item() if isinstance(x, Tensor) else x


def arange(start, stop=None, step=None, dtype=None):
    """Evenly spaced values in ``[start, stop)``: int32 when all bounds are ints, else float32."""
    # A Tensor bound makes the default dtype float32, as in MindSpore.
    tensor_bound = any(isinstance(v, Tensor) for v in (start, stop, step))
    start, stop, step = _scalar(start), _scalar(stop), _scalar(step)
    if stop is None:
        start, stop = 0, start
    if step is None:
        step = 1
    if dtype is None:
        ints = all(isinstance(v, int) for v in (start, stop, step))
        dtype = mstype.int32 if ints and not tensor_bound else mstype.float32
    return ops.arange(start, stop, step, dtype=_to_dtype(dtype))


def _space(start, stop, num, endpoint, axis):
    """``num`` points from ``start`` to ``stop`` (arrays broadcast), along ``axis``, in float32, and the step."""
    start, stop = _to_float(_one(start)), _to_float(_one(stop))
    if not isinstance(num, int) or isinstance(num, bool):
        raise TypeError(f"num must be an int, but got {type(num)}")
    if num < 0:
        raise ValueError(f"num must be non-negative, but got {num}")
    div = (num - 1) if endpoint else num
    shape = onp.broadcast_shapes(start.shape, stop.shape)
    start, stop = (ops.broadcast_to(_cast(v, mstype.float64), shape) for v in (start, stop))
    delta = stop - start
    steps = ops.arange(0, num, 1, dtype=mstype.float64).reshape((-1,) + (1,) * len(shape))
    step = delta / div if div > 0 else ops.full_like(delta, float("nan"))
    res = start + steps * step if div > 0 else start + steps * delta
    if endpoint and num > 1:
        res[-1] = stop
    res = ops.movedim(res, 0, axis % (res.ndim or 1)) if res.ndim > 1 else res
    return _cast(res, mstype.float32), step


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    """``num`` evenly spaced values over ``[start, stop]`` (float32 by default)."""
    res, step = _space(start, stop, num, endpoint, axis)
    out = _cast_out(res, dtype)
    if retstep:
        return out, _cast(step, mstype.float32)
    return out


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    """``base ** linspace(start, stop)``."""
    res, _ = _space(start, stop, num, endpoint, axis)
    return _cast_out(ops.pow(Tensor(float(base), mstype.float32), res), dtype)


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """Numbers spaced evenly on a log scale from ``start`` to ``stop`` (both negative is allowed;
    the ends are exact)."""
    start, stop = _to_float(_one(start)), _to_float(_one(stop))
    sign = ops.where(start < 0, -1.0, 1.0)
    res, _ = _space(ops.log10(ops.abs(start)), ops.log10(ops.abs(stop)), num, endpoint, 0)
    out = ops.pow(Tensor(10.0, mstype.float32), res) * sign
    if num > 0:
        out[0] = ops.broadcast_to(start, out[0].shape)
        if endpoint and num > 1:
            out[-1] = ops.broadcast_to(stop, out[-1].shape)
    if out.ndim > 1:
        out = ops.movedim(out, 0, axis)
    return _cast_out(out, dtype)


def eye(N, M=None, k=0, dtype=mstype.float32):
    """A 2-D Tensor with ones on the ``k``-th diagonal."""
    M = N if M is None else M
    return _cast(ops.triu(ops.tril(ops.ones((N, M), mstype.float32), k), k), dtype)


def identity(n, dtype=mstype.float32):
    """The ``n`` x ``n`` identity matrix."""
    return eye(n, dtype=dtype)


def tri(N, M=None, k=0, dtype=mstype.float32):
    """Ones at and below the ``k``-th diagonal."""
    M = N if M is None else M
    return _cast(ops.tril(ops.ones((N, M), mstype.float32), k), dtype)


def tril(m, k=0):
    """The lower triangle of the last two axes (a 1-D input is first tiled to a square)."""
    m = _one(m)
    if m.ndim == 1:
        m = ops.tile(m.reshape(1, -1), (m.shape[0], 1))
    return ops.tril(m, k)


def triu(m, k=0):
    """The upper triangle of the last two axes (a 1-D input is first tiled to a square)."""
    m = _one(m)
    if m.ndim == 1:
        m = ops.tile(m.reshape(1, -1), (m.shape[0], 1))
    return ops.triu(m, k)


def diagonal(a, offset=0, axis1=0, axis2=1):
    """The ``offset`` diagonal over ``axis1`` and ``axis2`` (appended as the last axis)."""
    return ops.diagonal(_one(a), offset, axis1, axis2)


def trace(a, offset=0, axis1=0, axis2=1, dtype=None):
    """The sum along a diagonal."""
    return _one(a).trace(offset, axis1, axis2, dtype)


def diag(v, k=0):
    """The ``k``-th diagonal of a 2-D input, or a 2-D Tensor with a 1-D input on it."""
    v = _one(v)
    if v.ndim == 1:
        res = ops.diag(v)
        if k == 0:
            return res
        n = v.shape[0] + abs(k)
        pads = (k, 0, 0, k) if k > 0 else (0, -k, -k, 0)
        return ops.pad(res, pads)[:n, :n]
    if v.ndim == 2:
        return ops.diagonal(v, k)
    raise ValueError("Input must be 1- or 2-d.")


def diagflat(v, k=0):
    """A 2-D Tensor with the flattened input on its ``k``-th diagonal."""
    return diag(_one(v).reshape(-1), k)


def diag_indices(n, ndim=2):
    """The indices of the main diagonal of an ``n``-sized ``ndim``-D array."""
    idx = arange(n)
    return (idx,) * ndim


def meshgrid(*xi, sparse=False, indexing="xy"):
    """Coordinate matrices from coordinate vectors."""
    if indexing not in ("xy", "ij"):
        raise ValueError(f"Valid values for `indexing` are 'xy' and 'ij', but got {indexing}")
    xs = [_one(x).reshape(-1) for x in xi]
    n = len(xs)
    out = []
    for i, x in enumerate(xs):
        shape = [1] * n
        shape[i] = -1
        if indexing == "xy" and n > 1 and i < 2:
            shape[0], shape[1] = shape[1], shape[0]
        out.append(x.reshape(tuple(shape)))
    if not sparse:
        full_shape = onp.broadcast_shapes(*[tuple(o.shape) for o in out])
        out = [ops.broadcast_to(o, tuple(full_shape)) for o in out]
    return out


class NdGrid:
    """``mgrid[...]`` / ``ogrid[...]``: dense or open grids from slices (a complex step is a count)."""

    def __init__(self, sparse=False):
        self.sparse = sparse

    def __getitem__(self, keys):
        single = not isinstance(keys, tuple)
        keys = (keys,) if single else keys
        axes = []
        for key in keys:
            if not isinstance(key, slice):
                raise IndexError("mgrid/ogrid take slices")
            start = 0 if key.start is None else key.start
            step = 1 if key.step is None else key.step
            if isinstance(step, complex):
                axes.append(linspace(start, key.stop, int(abs(step))))
            else:
                axes.append(arange(start, key.stop, step))
        if single:
            return axes[0]
        grids = meshgrid(*axes, sparse=self.sparse, indexing="ij")
        return list(grids) if self.sparse else ops.stack(grids)


class MGridClass(NdGrid):
    """``mgrid``: dense grids."""

    def __init__(self):
        super().__init__(sparse=False)


class OGridClass(NdGrid):
    """``ogrid``: open (sparse) grids."""

    def __init__(self):
        super().__init__(sparse=True)


mgrid = MGridClass()
ogrid = OGridClass()


def ix_(*args):
    """Open-mesh index arrays from 1-D sequences (each reshaped to broadcast along its axis)."""
    out = []
    n = len(args)
    for i, a in enumerate(args):
        a = _one(a)
        if a.ndim != 1:
            raise ValueError("Cross index must be 1 dimensional")
        if a.dtype == mstype.bool_:
            a = _cast(ops.nonzero(a).reshape(-1), mstype.int32)
        out.append(a.reshape((1,) * i + (-1,) + (1,) * (n - i - 1)))
    return tuple(out)


def indices(dimensions, dtype=mstype.int32, sparse=False):
    """Grids of indices of an array of shape ``dimensions``: a list with one array per axis
    (MindSpore returns a list, not numpy's stacked array)."""
    return meshgrid(*[arange(d, dtype=dtype) for d in dimensions], sparse=sparse, indexing="ij")


def vander(x, N=None, increasing=False):
    """The Vandermonde matrix: columns are powers of ``x`` (decreasing unless ``increasing``)."""
    x = _one(x)
    if x.ndim != 1:
        raise ValueError("x should be a 1-D Tensor")
    res = _cast(ops.vander(x, x.shape[0] if N is None else N), x.dtype)
    return ops.flip(res, (1,)) if increasing else res


def _window(M, op):
    if M < 1:
        return zeros((0,))
    if M == 1:
        return ones((1,))
    return op(M, periodic=False, dtype=mstype.float32)


def hamming(M):
    """The Hamming window of ``M`` points."""
    return _window(M, ops.hamming_window)


def hanning(M):
    """The Hann window of ``M`` points."""
    return _window(M, ops.hann_window)


def bartlett(M):
    """The Bartlett (triangular) window of ``M`` points."""
    return _window(M, ops.bartlett_window)


def blackman(M):
    """The Blackman window of ``M`` points."""
    return _window(M, ops.blackman_window)


def _tri_indices(n, k, m, upper):
    m = n if m is None else m
    idx = (ops.triu_indices if upper else ops.tril_indices)(n, m, k, dtype=mstype.int32)
    return idx[0], idx[1]


def triu_indices(n, k=0, m=None):
    """Indices of the upper triangle of an ``(n, m)`` array."""
    return _tri_indices(n, k, m, True)


def tril_indices(n, k=0, m=None):
    """Indices of the lower triangle of an ``(n, m)`` array."""
    return _tri_indices(n, k, m, False)


def triu_indices_from(arr, k=0):
    """Indices of the upper triangle of a 2-D array."""
    arr = _one(arr)
    if arr.ndim != 2:
        raise ValueError("input array must be 2-d")
    return triu_indices(arr.shape[0], k, arr.shape[1])


def tril_indices_from(arr, k=0):
    """Indices of the lower triangle of a 2-D array."""
    arr = _one(arr)
    if arr.ndim != 2:
        raise ValueError("input array must be 2-d")
    return tril_indices(arr.shape[0], k, arr.shape[1])


def histogram_bin_edges(a, bins=10, range=None, weights=None):  # noqa: A002 - numpy's name
    """The bin edges :func:`histogram` uses."""
    a = _to_float(_one(a))
    if isinstance(bins, (list, tuple, Tensor)):
        return _to_float(_one(bins))
    if not isinstance(bins, int) or bins < 1:
        raise ValueError(f"`bins` must be a positive integer, but got {bins}")
    if range is None:
        lo, hi = (float(a._t.min()), float(a._t.max())) if a.size else (0.0, 1.0)
    else:
        lo, hi = float(range[0]), float(range[1])
    if lo == hi:
        lo, hi = lo - 0.5, hi + 0.5
    return linspace(lo, hi, bins + 1)


def pad(arr, pad_width, mode="constant", stat_length=None, constant_values=0, end_values=0,
        reflect_type="even", **kwargs):
    """Pad an array as ``numpy.pad`` does (computed by NumPy on the host for the modes torch lacks)."""
    arr = _one(arr)
    if callable(mode):
        res = onp.pad(arr.asnumpy(), _np_width(pad_width), mode, **kwargs)
        return Tensor(res)
    if mode == "constant" and isinstance(constant_values, (int, float)) and not kwargs:
        widths = _widths(pad_width, arr.ndim)
        flat = tuple(w for pair in reversed(widths) for w in pair)
        return ops.pad(arr, flat, value=constant_values)
    np_kwargs = {}
    if mode in ("maximum", "mean", "median", "minimum"):
        np_kwargs["stat_length"] = stat_length
    if mode == "constant":
        np_kwargs["constant_values"] = _np_width(constant_values)
    if mode == "linear_ramp":
        np_kwargs["end_values"] = _np_width(end_values)
    if mode in ("reflect", "symmetric"):
        np_kwargs["reflect_type"] = reflect_type
    res = onp.pad(arr.asnumpy(), _np_width(pad_width), mode, **np_kwargs)
    return Tensor(res.astype(arr.asnumpy().dtype))


def _widths(pad_width, ndim):
    """numpy's ``pad_width`` forms as one ``(before, after)`` pair per axis."""
    w = onp.broadcast_to(onp.asarray(_np_width(pad_width), dtype=onp.int64), (ndim, 2))
    return [(int(a), int(b)) for a, b in w]


def _np_width(value):
    if isinstance(value, Tensor):
        return value.asnumpy()
    return value




# ---------------------------------------------------------------------------- MindSpore 2.10's private helpers
# of ``numpy.array_creations`` (model code imports them), as adapters of the functions above.
def _get_dtype(array_like):
    """The dtype ``asarray(array_like)`` has."""
    return array_like.dtype if isinstance(array_like, Tensor) else _one(array_like).dtype


def _get_shape(array_like):
    """The shape ``asarray(array_like)`` has."""
    return array_like.shape if isinstance(array_like, Tensor) else _one(array_like).shape


def _x_like(prototype, dtype, shape, constructor, fill_value=None):
    """``constructor(shape, [fill_value,] dtype)`` with ``prototype``'s shape and dtype where not given."""
    if not isinstance(prototype, (int, float, bool, list, tuple, Tensor)):
        raise TypeError(f"prototype should be int, float, bool, list, tuple, Tensor, but got{type(prototype)}")
    dtype = _get_dtype(prototype) if dtype is None else dtype
    if shape is None or (isinstance(shape, (list, tuple)) and not shape):
        shape = _get_shape(prototype)
    if fill_value is not None:
        return constructor(shape, fill_value, dtype)
    return constructor(shape, dtype)


def _check_window_size(x):
    """Whether a window of ``x`` points is longer than one (TypeError unless ``x`` is an int)."""
    if not isinstance(x, int):
        raise TypeError("the number fo points should be an int")
    return x > 1


def _index(i, size, cartesian=True):
    """The axis of ``meshgrid``'s ``i``-th input: the first two swap under Cartesian ('xy') indexing."""
    if cartesian:
        if i == 1:
            return 0
        if i == 0 and size >= 2:
            return 1
    return i


def _convert_pad_to_nd(pad_values, ndim):
    """``pad``'s ``pad_width`` / ``constant_values`` / ``end_values`` forms as one pair per axis."""
    if not isinstance(pad_values, (int, list, tuple, Tensor)):
        raise TypeError("pad_width, stat_length, constant_values or end_values should only be int, list, tuple "
                        "or tensor")
    shape = tuple(_one(pad_values).shape)
    if not shape:
        return tuple((pad_values,) * 2 for _ in range(ndim))
    if shape == (1,):
        return tuple(tuple(pad_values) * 2 for _ in range(ndim))
    if shape == (2,):
        return tuple(tuple(pad_values) for _ in range(ndim))
    if shape == (1, 2):
        return tuple(tuple(pad_values[0]) for _ in range(ndim))
    if shape == (ndim, 2):
        return tuple(tuple(pair) for pair in pad_values)
    raise ValueError(f"input values must be able to broadcast to {(ndim, 2)}")


def _pad_constant(arr, pad_width, value):
    """``arr`` padded by ``pad_width`` (one pair per axis) with the ``value`` pairs."""
    return pad(arr, pad_width, "constant", constant_values=value)


def _pad_empty(arr, pad_width):
    """``arr`` padded by ``pad_width`` with unspecified values."""
    return pad(arr, pad_width, "empty")


def _pad_edge(arr, pad_width):
    return pad(arr, pad_width, "edge")


def _pad_wrap(arr, pad_width):
    return pad(arr, pad_width, "wrap")


def _pad_reflect(arr, pad_width, reflect_type):
    return pad(arr, pad_width, "reflect", reflect_type=reflect_type)


def _pad_symmetric(arr, pad_width, reflect_type):
    return pad(arr, pad_width, "symmetric", reflect_type=reflect_type)


def _pad_linear(arr, pad_width, end_values):
    return pad(arr, pad_width, "linear_ramp", end_values=end_values)


def _pad_func(arr, pad_width, func, **kwargs):
    return pad(arr, pad_width, func, **kwargs)
