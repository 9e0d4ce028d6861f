"""Enums of the vision transforms."""
from enum import Enum


class Inter(str, Enum):
    """Interpolation modes of ``Resize``."""
    NEAREST = "nearest"
    LINEAR = "linear"
    BILINEAR = "linear"
    CUBIC = "cubic"
    BICUBIC = "cubic"
    AREA = "area"
    PILCUBIC = "pilcubic"
    ANTIALIAS = "antialias"


class Border(str, Enum):
    """Padding modes of ``RandomCrop`` / ``Pad``."""
    CONSTANT = "constant"
    EDGE = "edge"
    REFLECT = "reflect"
    SYMMETRIC = "symmetric"


class ImageReadMode(str, Enum):
    UNCHANGED = "unchanged"
    GRAYSCALE = "grayscale"
    COLOR = "color"
