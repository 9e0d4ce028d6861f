"""Placeholder Tensors, ``Tensor(shape=[None, 3], dtype=...)``: signatures for ``set_inputs`` and
``enable_dynamic``, not values. Kept apart from the compiler so that the Tensor does not import it."""
import weakref

import torch

from . import dtype as mstype

# Shapes of placeholder Tensors by id while the Tensor lives (Tensor.__eq__ is elementwise, so
# Tensors cannot be keys of a WeakKeyDictionary).
PLACEHOLDER_SHAPES = {}


def dynamic_placeholder(tensor, shape, dtype):
    """Data for ``Tensor(shape=[None, 3], dtype=...)``: a signature for ``set_inputs``, not a value."""
    shape = tuple(shape)
    PLACEHOLDER_SHAPES[id(tensor)] = shape
    weakref.finalize(tensor, PLACEHOLDER_SHAPES.pop, id(tensor), None)
    tdtype = mstype.to_torch(dtype if dtype is not None else mstype.float32)
    return torch.zeros(tuple(1 if s is None or s == -1 else int(s) for s in shape), dtype=tdtype)
