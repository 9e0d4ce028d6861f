"""``mindspore.dataset.vision``: image transforms on NumPy arrays (HWC)."""
from .transforms import (Rescale, Normalize, HWC2CHW, ToTensor, Resize, CenterCrop, Pad, RandomCrop,
                         RandomHorizontalFlip, RandomVerticalFlip, HorizontalFlip, VerticalFlip, Decode, ToType, Crop,
                         RandomResizedCrop)
from .utils import Inter, Border, ImageReadMode

__all__ = ["Rescale", "Normalize", "HWC2CHW", "ToTensor", "Resize", "CenterCrop", "Pad", "RandomCrop",
           "RandomHorizontalFlip", "RandomVerticalFlip", "HorizontalFlip", "VerticalFlip", "Decode",
           "ToType", "Crop", "RandomResizedCrop", "Inter", "Border", "ImageReadMode"]
