"""Embedding-cache Primitive classes (``mindspore.ops.operations._embedding_cache_ops``)."""

import torch

from ...common.tensor import Tensor, _wrap
from ..function._prim_checks import I32_64
from ..primitive import Primitive, prim_attr_register
from ._errors import tensor_of

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
        tensor_of("SubAndFilter", "input_x", input_x, I32_64)
        t = input_x._t.reshape(-1)
        max_num, offset = (int(v._t.reshape(-1)[0]) if isinstance(v, Tensor) else int(v) for v in (max_num, offset))
        shifted = t - offset
        keep = torch.nonzero((shifted >= 0) & (shifted < max_num)).reshape(-1)
        return _wrap(shifted[keep]), _wrap(keep.to(t.dtype))

__all__ += ["SubAndFilter"]
