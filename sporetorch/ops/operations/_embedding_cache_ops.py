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
