"""Conversions shared by the ``mindspore.numpy`` modules: array-likes to Tensors with
MindSpore's defaults (Python int -> int32, float -> float32) and dtype promotion."""

import types

import numpy as onp

from .. import ops
from ..common import dtype as mstype
from ..common.tensor import Tensor
from .dtypes import _FLOAT_OF, _promote, _to_dtype


def _deep_numpy(obj):
    if isinstance(obj, Tensor):
        return obj.asnumpy()
    if isinstance(obj, (list, tuple)):
        return [_deep_numpy(x) for x in obj]
    return obj


def _convert_64_to_32(x):
    if x.dtype == mstype.float64:
        return x.astype(mstype.float32)
    if x.dtype == mstype.int64:
        return x.astype(mstype.int32)
    return x


def _one(arg):
    if isinstance(arg, Tensor):
        return arg
    if isinstance(arg, (bool, int, float, list, tuple)):
        if isinstance(arg, (list, tuple)) and not arg:
            return Tensor(onp.zeros((0,), onp.float32))
        return _convert_64_to_32(Tensor(onp.asarray(_deep_numpy(arg))))
    raise TypeError("Expect input to be array like.")


def _to_tensor(*args):
    """Tensors from array-likes: Python numbers and lists become int32/float32/bool Tensors."""
    res = tuple(_one(a) for a in args)
    return res[0] if len(res) == 1 else res


def _cast(x, dtype):
    dtype = _to_dtype(dtype)
    return x if x.dtype == dtype else x.astype(dtype)


def _cast_out(x, dtype):
    return x if dtype is None else _cast(x, dtype)


def _promote_all(*tensors):
    dtype = tensors[0].dtype
    for t in tensors[1:]:
        dtype = _promote(dtype, t.dtype)
    return dtype


def _to_common(*args):
    """Tensors of one dtype, MindSpore's promotion of all of them."""
    tensors = [_one(a) for a in args]
    dtype = _promote_all(*tensors)
    return tuple(_cast(t, dtype) for t in tensors)


def _is_float(x):
    return x.dtype in (mstype.float16, mstype.float32, mstype.float64, mstype.bfloat16)


def _is_int(x):
    return x.dtype in mstype.int_type or x.dtype in mstype.uint_type


def _to_float(x, trig=False):
    """``x`` in the float dtype MindSpore computes float-only functions of it in: float32, or for the
    trigonometric family its table (int8, uint8 and bool give float16)."""
    if _is_float(x):
        return x
    return _cast(x, _FLOAT_OF.get(x.dtype, mstype.float32) if trig else mstype.float32)


def _apply_unary(fn, x, dtype=None, to_float=False):
    x = _one(x)
    if to_float:
        x = _to_float(x, trig=to_float == "trig")
    return _cast_out(fn(x), dtype)


def _apply_binary(fn, x1, x2, dtype=None, to_float=False):
    x1, x2 = _to_common(x1, x2)
    if to_float:
        x1, x2 = _to_float(x1), _to_float(x2)
    return _cast_out(fn(x1, x2), dtype)


def _check_axis(axis, ndim, name="axis"):
    """``axis`` normalised to a non-negative int (or a tuple of them)."""
    if isinstance(axis, (tuple, list)):
        return tuple(_check_axis(a, ndim, name) for a in axis)
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise TypeError(f"integer argument expected, but got {type(axis)}")
    if not -ndim <= axis < max(ndim, 1):
        raise ValueError(f"axis {axis} is out of bounds for array of dimension {ndim}")
    return axis % max(ndim, 1)



# ---------------------------------------------------------------------------- MindSpore 2.10's private helpers
# of ``numpy.utils`` (model code imports them), as adapters of ``ops``.
def _expand(x, ndim, axis=0):
    """``x`` with unit axes added in front (``axis=0``) or at the back (``axis=-1``) up to ``ndim`` dims."""
    pad = (1,) * max(ndim - x.ndim, 0)
    return ops.reshape(x, tuple(x.shape) + pad if axis == -1 else pad + tuple(x.shape))


def _broadcast_to(x, shape_cur, shape_to, ndim_to):
    """``x`` tiled from ``shape_cur`` to ``shape_to`` (both of ``ndim_to`` dimensions)."""
    return ops.tile(x, tuple(1 if cur == to else to for cur, to in zip(shape_cur[-ndim_to:], shape_to)))


def _broadcast_to_shape(x, shape):
    """``x`` broadcast (by tiling) to ``shape``."""
    x = _expand(x, len(shape))
    return _broadcast_to(x, x.shape, shape, len(shape))


def _callable(tensor, obj):
    """Whether ``obj`` is a Python function."""
    return isinstance(obj, types.FunctionType)


def _convert_bool_to_int(tensor):
    return tensor.astype(mstype.int32) if tensor.dtype == mstype.bool_ else tensor


def _convert_list_tensor_to_tuple_tensor(list_of_tensor):
    return tuple(list_of_tensor) if isinstance(list_of_tensor, list) else list_of_tensor


def _deep_list(array_like):
    """Nested tuples and lists as nested lists."""
    if isinstance(array_like, (list, tuple)):
        return [_deep_list(x) for x in array_like]
    return array_like


def _deep_tensor_to_nparray(array_like):
    """Tensors in (nested) lists replaced by NumPy arrays, in place."""
    if isinstance(array_like, Tensor):
        return array_like.asnumpy()
    if isinstance(array_like, list):
        for idx, value in enumerate(array_like):
            array_like[idx] = _deep_tensor_to_nparray(value)
    return array_like


def _get_dtype_from_scalar(*input_numbers):
    """Bool if every number given is a bool, Int32 if every one is an int, else Float32."""
    numbers = [n for n in input_numbers if n is not None]
    if all(isinstance(n, bool) for n in numbers):
        return mstype.bool_
    if all(isinstance(n, int) for n in numbers):
        return mstype.int32
    return mstype.float32


def _get_size(x, axis=None):
    """The number of elements of ``x`` over ``axis`` (all axes when None or empty)."""
    axis = range(x.ndim) if axis is None or len(axis) == 0 else axis
    size = 1
    for ax in axis:
        size *= x.shape[ax]
    return size


def _is_scalar(shape):
    """Whether ``shape`` holds one element."""
    size = 1
    for n in shape:
        size *= n
    return size == 1


def _isnan(x):
    return ops.isnan(x)


def _slice_along_axis(f, axis, slice_start, slice_end):
    """``f[..., slice_start:slice_end, ...]`` along ``axis``."""
    return ops.narrow(f, axis, slice_start, slice_end - slice_start)


def _to_tensor_origin_dtype(*args):
    """Tensors of array-likes in the dtype ``Tensor(arg)`` gives (Python int -> Int64); TypeError otherwise."""
    res = []
    for arg in args:
        if isinstance(arg, (int, float, bool, list, tuple)):
            arg = Tensor(arg)
        elif not isinstance(arg, Tensor):
            raise TypeError("Expect input to be array like.")
        res.append(arg)
    return res[0] if len(res) == 1 else res
