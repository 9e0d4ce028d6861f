"""``mindspore.dataset.transforms``: TypeCast, OneHot, Compose, Mask, PadEnd, Slice, ..."""
from .transforms import (TensorOperation, PyTensorOperation, TypeCast, OneHot, Duplicate, Fill, Compose,
                         RandomApply, RandomChoice, RandomOrder, Relational, Mask, PadEnd, Concatenate, Slice,
                         Unique, not_random)


__all__ = ["TypeCast", "OneHot", "Duplicate", "Fill", "Compose", "RandomApply", "RandomChoice", "RandomOrder",
           "Relational", "Mask", "PadEnd", "Concatenate", "Slice", "Unique", "not_random"]
