"""Primitive classes of MindSpore's ``mindspore.ops.operations._inner_ops``: views, in-place copy, patch
extraction, SiLU."""


from ... import _checkparam as validator
from ...common.parameter import Parameter
from ...common.tensor import Tensor, _wrap
from ...common._inplace import _set
from ..function import array_func, scalar_func
from ..function._prim_checks import _int_arg
from ..primitive import Primitive, prim_attr_register
from .nn_ops import _unary_class

__all__ = []

# MindSpore 2.10 reaches gen_ops_prim.SiLU through _inner_ops (mindformers' LlamaSiLU builds it there)
SiLU = _unary_class("SiLU", "silu", r"SiLU (swish), :math:`x \sigma(x)`: ``_inner_ops.SiLU()(x)``; float inputs only.")


class ExtractImagePatches(Primitive):
    """Patches of ``ksizes`` with ``strides`` and ``rates`` (dilation), laid out in the channel axis."""

    @prim_attr_register
    def __init__(self, ksizes, strides, rates, padding="VALID"):
        pass

    def __call__(self, input_x):
        return array_func.extract_image_patches(input_x, ksizes=self.ksizes, strides=self.strides, rates=self.rates,
                                               padding=self.padding)


class SelectView(Primitive):
    """The view of ``input_tensor`` at ``input_indices`` along ``axis`` (that axis removed):
    ``SelectView()(x, index, axis)``."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, input_tensor, input_indices, axis):
        _int_arg("SelectView", "input_indices", input_indices)
        _int_arg("SelectView", "axis", axis)
        return _wrap(input_tensor._t.select(axis, input_indices))


class CopyWithSlice(Primitive):
    """Copy Tensor ``y`` into ``x`` in place; returns ``x``.

    Differences from PyTorch (``copy_``): as MindSpore 2.10's kernel, ``y`` must be a Tensor of ``x``'s shape
    and dtype (no broadcast, no cast); anything else is a RuntimeError.
    """

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, x, y):
        if not isinstance(y, Tensor):
            got = type(y).__name__
            raise RuntimeError(f"For 'CopyWithSlice', the 'y' must be a Tensor, but got {got}")
        if y._t.dtype != x._t.dtype:
            raise RuntimeError(f"For 'CopyWithSlice', the 'y' must have the dtype of 'x', but got {y.dtype} and "
                               f"{x.dtype}")
        if y._t.shape != x._t.shape:
            raise RuntimeError(f"For 'CopyWithSlice', the 'y' must have the shape of 'x', but got "
                               f"{tuple(y._t.shape)} and {tuple(x._t.shape)}")
        return _set(x, y._t)

__all__ += ["CopyWithSlice", "ExtractImagePatches", "SelectView"]


class IsConstant(Primitive):
    """Whether ``x`` is a compile-time constant; in eager execution every value is (MindSpore's PyNative
    answer too)."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, x):
        return scalar_func.isconstant(x)


class IsParameter(Primitive):
    """Whether ``x`` is a Parameter."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, x):
        return isinstance(x, Parameter)


class SameTypeShape(Primitive):
    """Checks that two Tensors have the same dtype (TypeError) and shape (ValueError); returns ``x``."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, x, y):
        validator.check_value_type("x", x, Tensor, self.name)
        validator.check_value_type("y", y, Tensor, self.name)
        validator.check("x dtype", x.dtype, "y dtype", y.dtype, validator.EQ, self.name, TypeError)
        validator.check("x shape", x.shape, "y shape", y.shape, validator.EQ, self.name)
        return x


same_type_shape_ = SameTypeShape()


class SliceGetItem(Primitive):
    """``slice_value.start`` / ``.stop`` / ``.step`` (``value`` names which); a one-element 1-D Tensor
    bound becomes its Python number."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, slice_value, value):
        if not isinstance(slice_value, slice):
            raise TypeError("Primitive[SliceGetItem] only support to get a slice type element but got "
                            f"{slice_value}")
        if value not in ("start", "stop", "step"):
            raise AttributeError(f"'slice' object has no attribute {value}")
        bound = getattr(slice_value, value)
        if hasattr(bound, "ndim") and bound.ndim == 1:
            return bound.item()
        return bound


class TileSize(Primitive):
    """The Tile multiples that broadcast ``shape`` to ``out_shape``: ``out_shape[i]`` where they differ, 1
    elsewhere, as a tuple of ``ndim`` ints."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, shape, out_shape, ndim):
        size = [1] * ndim
        for idx, (i, j) in enumerate(zip(shape, out_shape)):
            if i != j:
                size[idx] = j
        return tuple(size)


class MixedPrecisionCast(Primitive):
    """Casts the floating-point Tensors in ``x`` (a Tensor or nested tuple/list/dict) to ``dst_dtype``."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, dst_dtype, x):
        return scalar_func.mixed_precision_cast(dst_dtype, x)


__all__ += ["IsConstant", "IsParameter", "MixedPrecisionCast", "SameTypeShape", "SliceGetItem", "TileSize"]


class ConvertToDynamic(Primitive):
    """Marks its input's shape (or rank) as unknown for MindSpore's graph compiler; eagerly the identity."""

    @prim_attr_register
    def __init__(self, is_dynamic_rank=False):
        pass

    def __call__(self, input):
        return input


class DynamicBroadcastTo(Primitive):
    """``DynamicBroadcastTo()(x, shape)``: ``x`` broadcast to ``shape`` (a tuple or a 1-D Tensor)."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, x, shape):
        if isinstance(shape, Tensor):
            shape = tuple(int(v) for v in shape.asnumpy().tolist())
        return array_func.broadcast_to(x, tuple(shape))


class ClipByNorm(Primitive):
    """``ClipByNorm(axis)(x, clip_norm)``: ``x * clip_norm / max(l2norm(x, axis), clip_norm)`` (``axis``
    None: all axes), computed in float32 and returned in ``x``'s dtype."""

    @prim_attr_register
    def __init__(self, axis=None):
        pass

    def __call__(self, x, clip_norm):
        from ..function.clip_func import _clip_by_norm_axes
        c = clip_norm._t.float() if isinstance(clip_norm, Tensor) else float(clip_norm)
        axis = None if self.axis in (None, ()) else self.axis
        return _wrap(_clip_by_norm_axes(x._t, c, axis))


def _top_type(obj):
    """MindSpore's type of a Python object as its graph compiler sees it: Tensor, Int (an int), Float32 (a
    float), Bool, Tuple, List."""
    from ...common import dtype as mstype
    if isinstance(obj, Tensor):
        return mstype.tensor_type
    if isinstance(obj, bool):
        return mstype.bool_
    if isinstance(obj, int):
        return mstype.int_
    if isinstance(obj, float):
        return mstype.float32
    if isinstance(obj, tuple):
        return mstype.tuple_
    if isinstance(obj, list):
        return mstype.list_
    return mstype.get_py_obj_dtype(obj)


def _is_subclass_(type_, dtype):
    """Whether the MindSpore type ``type_`` is ``dtype`` or one of its kinds: ``number`` holds every numeric
    type, a family's generic type (``int_``, ``float_``) its widths, ``tensor_type`` every Tensor type."""
    from ...common import dtype as mstype
    if not isinstance(type_, mstype.Type):
        return False
    if type_ == dtype:
        return True
    if dtype is mstype.number:
        return isinstance(type_, mstype.Number)
    if dtype is mstype.tensor_type:
        return isinstance(type_, mstype.TensorType)
    family = mstype._FAMILIES.get(type(dtype))
    return family is not None and family[0] is dtype and type(type_) is type(dtype)


class IsSubClass(Primitive):
    """``IsSubClass()(sub_type, type_)``: whether the MindSpore type ``sub_type`` is ``type_`` or one of its
    kinds (a Python bool)."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, sub_type, type_):
        return _is_subclass_(sub_type, type_)


class IsInstance(Primitive):
    """``IsInstance()(inst, type_)``: whether the Python object ``inst`` is of the MindSpore type ``type_`` (an
    int is Int64, a float Float32, as MindSpore's graph compiler types them)."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, inst, type_):
        from ...common import dtype as mstype
        t = _top_type(inst)
        if t is mstype.int_:
            t = mstype.int64
        return _is_subclass_(t, type_)


class TopTypeof(Primitive):
    """``TopTypeof()(x)``: the top-level MindSpore type of ``x`` (Tensor, Int, Float32, Bool, Tuple, List)."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, x):
        return _top_type(x)


issubclass_ = IsSubClass()
