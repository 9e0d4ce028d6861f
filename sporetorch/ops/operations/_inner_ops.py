"""Primitive classes of MindSpore's ``mindspore.ops.operations._inner_ops``: views, in-place copy, patch
extraction, SiLU."""


from ...common.tensor import Tensor, _wrap
from ...common._inplace import _set
from ..function import array_func
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
