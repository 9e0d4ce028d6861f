"""Embedding-cache Primitive classes (``mindspore.ops.operations._embedding_cache_ops``)."""


from ..function import array_func
from ..primitive import Primitive, prim_attr_register

__all__ = []


class SubAndFilter(Primitive):
    """Subtract ``offset`` from ``input_x`` and keep the results in ``[0, max_num)``:
    ``(filter_res, filter_idx)``, the kept values and their flat positions in ``input_x``.

    Inputs:
        - **input_x** (Tensor) - int32 or int64.
        - **max_num**, **offset** (int or Tensor) - a Tensor gives its first element (as MindSpore 2.10 reads it).

    Outputs:
        Two 1-D Tensors of ``input_x``'s dtype.
    """

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, input_x, max_num, offset):
        return array_func.sub_and_filter(input_x, max_num, offset)

__all__ += ["SubAndFilter"]


class UpdateCache(Primitive):
    """Write the rows ``updates`` into ``input_x`` (a Parameter, in place) at ``indices``; indices outside
    ``[0, max_num)`` are skipped. Returns a (1,) Int64 Tensor, as MindSpore 2.10's kernel does (a value of no
    use)."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, input_x, indices, updates, max_num):
        return array_func.update_cache(input_x, indices, updates, max_num)


class DynamicAssign(Primitive):
    """``DynamicAssign()(variable, value)``: the Parameter ``variable`` takes ``value`` (its shape may change);
    returns ``variable``."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, variable, value):
        from ...common._inplace import _set
        new = value._t.to(variable._t.dtype).clone()
        if tuple(new.shape) == tuple(variable.shape):
            _set(variable, new)
        else:  # a new shape: the Parameter is rebound to the new value
            variable._t = new
        return variable


__all__ += ["UpdateCache", "DynamicAssign"]
