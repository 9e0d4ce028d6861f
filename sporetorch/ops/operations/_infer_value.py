"""Constant-folding helpers of MindSpore 2.10's ``manually_defined.ops_def`` (``infer_value_for_<Op>``): the
value of an op whose inputs are all known, or None where an input is not (None). MindSpore's graph compiler
calls them; here they adapt their arguments and call the functional op, so they give what the op gives.
"""
import numpy as np

from ...common import dtype as mstype
from ..function import array_func as _array
from ..function import creation_func as _creation
from ..function import linalg_func as _linalg
from ..function import math_func as _math
from ..function import nn_func as _nn
from ..function import reduce_func as _reduce

__all__ = []


def _axis(axis):
    """MindSpore's reduce axis convention: an int as is, a non-empty sequence deduplicated, empty: all axes."""
    if isinstance(axis, int):
        return axis
    return tuple(sorted(set(axis))) if axis else None


def infer_value_for_Tile(input, dims):
    """Value of Tile: ``input`` repeated ``dims`` times along each axis."""
    if input is None or dims is None or None in dims:
        return None
    return _array.tile(input, tuple(dims))


def infer_value_for_Diag(input_x):
    """Value of Diag for a 1-D input (a diagonal matrix); None for any other rank."""
    if input_x is None or len(input_x.shape) != 1:
        return None
    return _array.diag(input_x)


def infer_value_for_GatherD(input, dim, index):
    """Value of GatherD: ``input`` gathered along ``dim`` at ``index``."""
    if input is None or dim is None or index is None:
        return None
    return _array.gather_d(input, dim, index)


def infer_value_for_Softmax(input, axis):
    """Value of Softmax over ``axis``, in ``input``'s dtype."""
    if input is None or axis is None:
        return None
    return _nn.softmax(input, axis)


def infer_value_for_EqualExt(x, y):
    """Value of EqualExt: a Bool scalar Tensor, True when every element of ``x`` equals ``y``'s."""
    if x is None or y is None:
        return None
    return _reduce.all(_math.equal(x, y))


def _infer_value_for_max_min(input_x, prim_name):
    """Value of Max / Min (the extreme over all elements); None for another ``prim_name``."""
    fn = {"Max": _reduce.amax, "Min": _reduce.amin}.get(prim_name)
    if input_x is None or fn is None:
        return None
    return fn(input_x)


def infer_value_for_Max(input_x):
    """Value of Max over all elements."""
    return _infer_value_for_max_min(input_x, "Max")


def infer_value_for_Min(input_x):
    """Value of Min over all elements."""
    return _infer_value_for_max_min(input_x, "Min")


def _reduce_value(fn, input_x, axis, keep_dims):
    if input_x is None or axis is None:
        return None
    return fn(input_x, _axis(axis), keep_dims)


def infer_value_for_ReduceMax(input_x, axis, keep_dims):
    """Value of ReduceMax over ``axis`` (empty: all axes)."""
    return _reduce_value(_reduce.amax, input_x, axis, keep_dims)


def infer_value_for_ReduceMin(input_x, axis, keep_dims):
    """Value of ReduceMin over ``axis`` (empty: all axes)."""
    return _reduce_value(_reduce.amin, input_x, axis, keep_dims)


def infer_value_for_ReduceAll(input_x, axis, keep_dims):
    """Value of ReduceAll over ``axis`` (empty: all axes)."""
    return _reduce_value(_reduce.all, input_x, axis, keep_dims)


def infer_value_for_ReduceAny(input_x, axis, keep_dims):
    """Value of ReduceAny over ``axis`` (empty: all axes)."""
    return _reduce_value(_reduce.any, input_x, axis, keep_dims)


def _dtype_of_type_id(type_id):
    """The dtype of MindSpore's type id (``DtypeToEnum``'s numbering)."""
    from ..op_info_register import _TYPE_IDS
    name = next(k for k, v in _TYPE_IDS.items() if v == type_id)
    return getattr(mstype, {"Bool": "bool_", "BFloat16": "bfloat16"}.get(name, name.lower()))


def _as_numpy_result(out, np_fn, dtype):
    """``out`` in the dtype NumPy's ``np_fn`` (sum, prod, mean) gives for an input of ``dtype``: MindSpore folds
    these constants with NumPy, so integer sums widen to Int64 and integer means become Float64."""
    want = np_fn(np.zeros(1, mstype.dtype_to_nptype(dtype))).dtype
    target = mstype.pytype_to_dtype(want)
    return out if out.dtype == target else _array.cast(out, target)


_NP_REDUCE = {"ReduceMax": (np.max, _reduce.amax), "ReduceMin": (np.min, _reduce.amin),
              "ReduceProd": (np.prod, None), "ReduceMean": (np.mean, None), "ReduceAll": (np.all, _reduce.all),
              "ReduceAny": (np.any, _reduce.any), "MeanExt": (np.mean, None), "SumExt": (np.sum, None),
              "ProdExt": (np.prod, None)}


def _folded_reduce(input_x, axis, keep_dims, np_fn, fn, dtype=None):
    """A reduction over ``axis`` (MindSpore's convention) computed by our op ``fn`` (sum, prod, mean) in a wide
    dtype, returned in the dtype NumPy's ``np_fn`` gives."""
    axis = _axis(axis)
    x = input_x if dtype is None else _array.cast(input_x, dtype)
    if fn is not None:
        return fn(x, axis, keep_dims)
    floating = x.dtype in (mstype.float16, mstype.float32, mstype.float64, mstype.bfloat16)
    wide = x if floating else _array.cast(x, mstype.float64 if np_fn is np.mean else mstype.int64)
    if np_fn is np.sum:
        out = _reduce.sum(wide, axis, keep_dims)
    elif np_fn is np.prod:
        out = _reduce.prod(wide, axis if axis is None or isinstance(axis, int) else list(axis), keep_dims)
    else:
        out = _reduce.mean(wide, axis, keep_dims)
    return _as_numpy_result(out, np_fn, x.dtype)


def _infer_value_for_Reduce(input_x, axis, keep_dims, prim_name):
    """Value of the reduction ``prim_name`` (ReduceMax, ReduceMin, ReduceProd, ReduceMean, ReduceAll,
    ReduceAny) over ``axis``; None where an input is unknown or for another name."""
    if input_x is None or axis is None or prim_name not in _NP_REDUCE or prim_name.endswith("Ext"):
        return None
    return _folded_reduce(input_x, axis, keep_dims, *_NP_REDUCE[prim_name])


def _infer_value_for_ReduceExtand(input_x, axis, keep_dims, dtype, prim_name):
    """Value of MeanExt / SumExt / ProdExt over ``axis`` (None: all axes), in the type id ``dtype`` when given."""
    if input_x is None or prim_name not in ("MeanExt", "SumExt", "ProdExt"):
        return None
    dtype = None if dtype is None else _dtype_of_type_id(dtype)
    return _folded_reduce(input_x, () if axis is None else axis, keep_dims, *_NP_REDUCE[prim_name], dtype=dtype)


def infer_value_for_ReduceSum(input_x, axis, keep_dims, skip_mode):
    """Value of ReduceSum over ``axis``; an empty ``axis`` with ``skip_mode`` gives ``input_x`` itself."""
    if input_x is None or axis is None:
        return None
    if axis in ((), []) and skip_mode:
        return input_x
    return _folded_reduce(input_x, axis, keep_dims, np.sum, None)


def infer_value_for_ReduceMean(input_x, axis, keep_dims):
    """Value of ReduceMean over ``axis`` (empty: all axes)."""
    return _infer_value_for_Reduce(input_x, axis, keep_dims, "ReduceMean")


def infer_value_for_ReduceProd(input_x, axis, keep_dims):
    """Value of ReduceProd over ``axis`` (empty: all axes)."""
    return _infer_value_for_Reduce(input_x, axis, keep_dims, "ReduceProd")


def infer_value_for_MeanExt(input_x, axis, keep_dims, dtype):
    """Value of MeanExt."""
    return _infer_value_for_ReduceExtand(input_x, axis, keep_dims, dtype, "MeanExt")


def infer_value_for_SumExt(input_x, axis, keep_dims, dtype):
    """Value of SumExt."""
    return _infer_value_for_ReduceExtand(input_x, axis, keep_dims, dtype, "SumExt")


def infer_value_for_ProdExt(input_x, axis, keep_dims, dtype):
    """Value of ProdExt."""
    return _infer_value_for_ReduceExtand(input_x, axis, keep_dims, dtype, "ProdExt")


def infer_value_for_Arange(start, end, step, dtype=None):
    """Value of Arange: Int64 for integer bounds, Float32 when one is a float, else the type id ``dtype``."""
    if start is None or end is None or step is None:
        return None
    if dtype is not None:
        dtype = _dtype_of_type_id(dtype)
    elif any(isinstance(v, float) for v in (start, end, step)):
        dtype = mstype.float32
    else:
        dtype = mstype.int64
    return _creation.arange(start, end, step, dtype=dtype)


def _none_in(shape):
    return isinstance(shape, (tuple, list)) and None in shape


def _shape_arg(op, shape):
    from ...common.tensor import Tensor
    if isinstance(shape, Tensor):
        if shape.dtype not in (mstype.int32, mstype.int64):
            raise TypeError(f"For '{op}', the type of 'shape' should be in [Int32, Int64], but got {shape.dtype}.")
        return [int(v) for v in shape.asnumpy().tolist()]
    if not isinstance(shape, tuple):
        raise TypeError(f"For '{op}', the type of 'shape' should be tuple, but got {type(shape).__name__}.")
    return list(shape)


def infer_value_for_BroadcastTo(x, shape):
    """Value of BroadcastTo: ``-1`` in ``shape`` keeps ``x``'s size of that axis."""
    if shape is None or _none_in(shape) or x is None:
        return None
    target = _shape_arg("BroadcastTo", shape)
    in_shape = list(x.shape)
    for k in range(1, min(len(target), len(in_shape)) + 1):
        if target[-k] == -1:
            target[-k] = in_shape[-k]
    return _array.broadcast_to(x, tuple(target))


def infer_value_for_Reshape(x, shape):
    """Value of Reshape (one ``-1`` in ``shape`` takes the remaining size)."""
    if shape is None or _none_in(shape) or x is None:
        return None
    shape = _shape_arg("Reshape", shape)
    neg = [i for i, v in enumerate(shape) if v == -1]
    for i, v in enumerate(shape):
        if not isinstance(v, int) or isinstance(v, bool):
            raise TypeError(f"For 'Reshape', the type of 'shape[{i}]' should be int, but got {type(v).__name__}.")
    if len(neg) > 1:
        raise ValueError(f"For 'Reshape', there can be at most one '-1' in 'input_shape', but got {shape}.")
    known = int(np.prod([v for v in shape if v != -1]))
    total = int(np.prod(x.shape))
    if known < 0:
        raise ValueError(f"For 'Reshape', the shape of 'input_x' is {tuple(x.shape)}, the value of 'input_shape' is "
                         f"{shape}. The product of 'input_shape' should > 0, but got {known}.")
    if neg:
        shape[neg[0]] = total // known if known else 0
        known *= shape[neg[0]]
    if known != total:
        raise ValueError("For 'Reshape', the product of the 'input_x' shape should be equal to product of "
                         f"'input_shape', but got product of the shape of 'input_x': {total}, product of "
                         f"'input_shape': {known}.")
    return _array.reshape(x, tuple(shape))


def infer_value_for_Cast(x, dst_type_enum=None):
    """Value of Cast of a Tensor or a Python number to the type id ``dst_type_enum``."""
    if x is None or dst_type_enum is None:
        return None
    from ...common.tensor import Tensor
    dst = _dtype_of_type_id(dst_type_enum)
    if isinstance(x, (bool, int, float)):
        return Tensor(np.array(x).astype(mstype.dtype_to_nptype(dst)), dtype=dst)
    return _array.cast(x, dst)


def infer_value_for_Concat(tensors, axis):
    """Value of Concat along ``axis``: an all-BFloat16 input gives BFloat16."""
    if not tensors or None in tensors or axis is None:
        return None
    return _array.concat(list(tensors), axis)


def infer_value_for_Div(input_x, other_x):
    """Value of Div (true division, NumPy's result dtype: integers give Float64); None for BFloat16."""
    if input_x is None or other_x is None or mstype.bfloat16 in (input_x.dtype, other_x.dtype):
        return None
    return _np_divide(input_x, other_x, None)


def _np_divide(x, y, mode):
    """``x / y`` (``mode`` None), truncated (1) or floored (2), in the dtype NumPy gives for the operands."""
    from ...common.tensor import Tensor
    # NumPy's promotion: a Python scalar divisor is weak (keeps x's dtype where it can).
    y_np = np.ones(1, mstype.dtype_to_nptype(y.dtype)) if isinstance(y, Tensor) else y
    with np.errstate(all="ignore"):
        probe = (np.floor_divide if mode == 2 else np.true_divide)(np.ones(1, mstype.dtype_to_nptype(x.dtype)), y_np)
    target = mstype.pytype_to_dtype(probe.dtype)
    xw, yw = _array.cast(x, target), (_array.cast(y, target) if isinstance(y, Tensor) else y)
    out = _math.div(xw, yw, rounding_mode={None: None, 1: None, 2: "floor"}[mode])
    if mode == 1:
        out = _math.trunc(out)
    return out if out.dtype == target else _array.cast(out, target)


def infer_value_for_DivMod(input_x, other_x, rounding_mode):
    """Value of DivMod: ``rounding_mode`` 1 truncates, 2 floors; None otherwise or for BFloat16."""
    if input_x is None or other_x is None or mstype.bfloat16 in (input_x.dtype, other_x.dtype) \
            or rounding_mode not in (1, 2):
        return None
    return _np_divide(input_x, other_x, rounding_mode)


def infer_value_for_DivMods(input_x, other_x, rounding_mode):
    """Value of DivMods (a Tensor and a scalar): ``rounding_mode`` 1 truncates, 2 floors."""
    if input_x is None or other_x is None or input_x.dtype == mstype.bfloat16 or rounding_mode not in (1, 2):
        return None
    return _np_divide(input_x, other_x, rounding_mode)


def infer_value_for_Divs(input_x, other_x):
    """Value of Divs (a Tensor divided by a scalar); a 0-d Tensor keeps a float dtype, an integer one gives
    Float32."""
    if input_x is None or other_x is None or input_x.dtype == mstype.bfloat16:
        return None
    out = _np_divide(input_x, other_x, None)
    if not input_x.shape:
        floating = input_x.dtype in (mstype.float16, mstype.float32, mstype.float64)
        out = _array.cast(out, input_x.dtype if floating else mstype.float32)
    return out


def infer_value_for_LinalgVectorNorm(input_x, ord, dim, keepdim, dtype):
    """Value of LinalgVectorNorm: ``sum(|x|**ord) ** (1/ord)`` over ``dim`` (ord 0 counts the non-zeros)."""
    if input_x is None or ord is None:
        return None
    if ord != 0:
        out = _math.pow(_reduce.sum(_math.pow(_math.abs(input_x), ord), dim, keepdim), 1 / ord)
    else:
        out = _folded_reduce(_math.ne(input_x, 0), () if dim is None else dim, keepdim, np.sum, None)
    return out if dtype is None else _array.cast(out, _dtype_of_type_id(dtype))


def infer_value_for_LpNormV2(input_x, p=2, dim=None, keepdim=False, eps=1e-12):
    """Value of LpNormV2: the ``p``-norm over ``dim`` (NumPy's ``linalg.norm``)."""
    if input_x is None:
        return None
    return _linalg.norm(input_x, p, dim, keepdim)


def infer_value_for_Svd(input_x, full_matrices, compute_uv):
    """Value of Svd: ``(s, u, v)`` (v not transposed back, as NumPy gives it) with ``compute_uv``, else
    ``(s, zeros(1), zeros(1))`` with NumPy arrays in the last two places."""
    if input_x is None:
        return None
    if bool(compute_uv):
        s, u, v = _linalg.svd(input_x, full_matrices, True)
        return s, u, _array.adjoint(v)
    return _linalg.svd(input_x, full_matrices, False), np.zeros(1), np.zeros(1)


__all__ += ["infer_value_for_Tile", "infer_value_for_Diag", "infer_value_for_GatherD", "infer_value_for_Softmax",
            "infer_value_for_EqualExt", "infer_value_for_Max", "infer_value_for_Min", "infer_value_for_ReduceMax",
            "infer_value_for_ReduceMin", "infer_value_for_ReduceAll", "infer_value_for_ReduceAny",
            "infer_value_for_ReduceSum", "infer_value_for_ReduceMean", "infer_value_for_ReduceProd",
            "infer_value_for_MeanExt", "infer_value_for_SumExt", "infer_value_for_ProdExt", "infer_value_for_Arange",
            "infer_value_for_BroadcastTo", "infer_value_for_Reshape", "infer_value_for_Cast", "infer_value_for_Concat",
            "infer_value_for_Div", "infer_value_for_DivMod", "infer_value_for_DivMods", "infer_value_for_Divs",
            "infer_value_for_LinalgVectorNorm", "infer_value_for_LpNormV2", "infer_value_for_Svd"]
