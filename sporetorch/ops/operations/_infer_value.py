"""Constant-folding helpers of MindSpore 2.10's ``manually_defined.ops_def`` (``infer_value_for_<Op>``): the
value of an op whose inputs are all known, or None where an input is not (None). MindSpore's graph compiler
calls them; here they adapt their arguments and call the functional op, so they give what the op gives.
"""
from ..function import array_func as _array
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


__all__ += ["infer_value_for_Tile", "infer_value_for_Diag", "infer_value_for_GatherD", "infer_value_for_Softmax",
            "infer_value_for_EqualExt", "infer_value_for_Max", "infer_value_for_Min", "infer_value_for_ReduceMax",
            "infer_value_for_ReduceMin", "infer_value_for_ReduceAll", "infer_value_for_ReduceAny"]
