"""``mindspore.dataset.transforms``: TypeCast, OneHot, Compose, Duplicate, ..."""
from .transforms import (TensorOperation, PyTensorOperation, TypeCast, OneHot, Duplicate, Fill, Compose,
                         RandomApply, RandomChoice)


__all__ = ["TypeCast", "OneHot", "Duplicate", "Fill", "Compose", "RandomApply", "RandomChoice"]
