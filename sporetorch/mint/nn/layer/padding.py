"""``mint.nn`` padding layers: Constant/Zero/Reflection/Replication padding of the last 1, 2 or 3 axes."""
from .... import _checkparam as validator
from ....nn.cell import Cell
from .. import functional as mF

__all__ = ["ConstantPad1d", "ConstantPad2d", "ConstantPad3d", "ReflectionPad1d", "ReflectionPad2d",
           "ReflectionPad3d", "ReplicationPad1d", "ReplicationPad2d", "ReplicationPad3d", "ZeroPad1d", "ZeroPad2d",
           "ZeroPad3d"]


def _padding(cls, padding, n):
    """``padding`` as a ``2 * n`` tuple: an int pads every side, a tuple must have ``2 * n`` ints."""
    if isinstance(padding, int) and not isinstance(padding, bool):
        return (padding,) * (2 * n)
    if isinstance(padding, (tuple, list)) and len(padding) == 2 * n and all(isinstance(p, int) for p in padding):
        return tuple(padding)
    raise ValueError(f"For '{cls}', the 'padding' must be an int or a tuple of {2 * n} ints, but got {padding!r}")


class _PadNd(Cell):
    """Pad the last ``_n`` axes by ``padding`` (pairs from the last axis) with ``_mode``."""

    _n = 1
    _mode = 'constant'

    def __init__(self, padding, value=None):
        super().__init__()
        self.padding = _padding(type(self).__name__, padding, self._n)
        if value is not None:
            self.value = value

    def construct(self, input):
        return mF.pad(input, self.padding, self._mode, getattr(self, "value", None))


class ConstantPad1d(_PadNd):
    r"""Pad the last axis with the constant ``value``. ``padding``: an int or ``(left, right)``."""

    def __init__(self, padding, value):
        super().__init__(padding, value)


class ConstantPad2d(ConstantPad1d):
    r"""Pad the last 2 axes with the constant ``value``. ``padding``: an int or 4 ints."""

    _n = 2


class ConstantPad3d(ConstantPad1d):
    r"""Pad the last 3 axes with the constant ``value``. ``padding``: an int or 6 ints."""

    _n = 3


class ZeroPad1d(_PadNd):
    r"""Pad the last axis with zeros. ``padding``: an int or ``(left, right)``."""

    def __init__(self, padding):
        super().__init__(padding, 0)


class ZeroPad2d(ZeroPad1d):
    r"""Pad the last 2 axes with zeros. ``padding``: an int or 4 ints."""

    _n = 2


class ZeroPad3d(ZeroPad1d):
    r"""Pad the last 3 axes with zeros. ``padding``: an int or 6 ints."""

    _n = 3


class ReflectionPad1d(_PadNd):
    r"""Pad the last axis by reflection at the borders. ``padding``: an int or ``(left, right)``."""

    _mode = 'reflect'

    def __init__(self, padding):
        super().__init__(padding)


class ReflectionPad2d(ReflectionPad1d):
    r"""Pad the last 2 axes by reflection. ``padding``: an int or 4 ints."""

    _n = 2


class ReflectionPad3d(ReflectionPad1d):
    r"""Pad the last 3 axes by reflection. ``padding``: an int or 6 ints."""

    _n = 3


class ReplicationPad1d(_PadNd):
    r"""Pad the last axis by repeating the border values. ``padding``: an int or ``(left, right)``."""

    _mode = 'replicate'

    def __init__(self, padding):
        super().__init__(padding)


class ReplicationPad2d(ReplicationPad1d):
    r"""Pad the last 2 axes by repeating the border values. ``padding``: an int or 4 ints."""

    _n = 2


class ReplicationPad3d(ReplicationPad1d):
    r"""Pad the last 3 axes by repeating the border values. ``padding``: an int or 6 ints."""

    _n = 3


# ---------------------------------------------------------------------------- MindSpore 2.10's N-d base layers
# (``ConstantPadNd_``, ...): ``padding`` an int (every side) or ``padding_length`` ints, checked as MindSpore does.
def _check_padding_tuple_or_list(padding, padding_length, cls_name):
    """``padding`` has ``padding_length`` ints."""
    if len(padding) != padding_length:
        raise ValueError(f"For '{cls_name}', the length of parameter 'padding' with tuple type must equal to "
                         f"{padding_length}, but got {len(padding)}.")
    for index, pad_value in enumerate(padding):
        validator.check_value_type(f"padding[{index}]", pad_value, [int], cls_name)


class ConstantPadNd_(Cell):
    """Pad the last axes by ``padding`` (pairs from the last axis) with the constant ``value``."""

    def __init__(self, padding, value=None, padding_length=None):
        super().__init__()
        self.padding = padding
        self.value = value
        if isinstance(padding, int):
            validator.check_value_type("padding", padding, [int], self.cls_name)
            self.padding = (padding,) * padding_length
        elif isinstance(padding, (tuple, list)):
            _check_padding_tuple_or_list(padding, padding_length, self.cls_name)
        else:
            raise ValueError(f"For '{self.cls_name}', 'padding' must be integer or tuple/list of {padding_length} "
                             f"integers, but got {padding}.")

    def construct(self, input):
        return mF.pad(input, self.padding, mode="constant", value=self.value)


class ZeroPadNd_(ConstantPadNd_):
    """Pad the last axes by ``padding`` with zeros."""

    def __init__(self, padding, padding_length):
        super().__init__(padding, value=0, padding_length=padding_length)


class _NonConstantPadNd(Cell):
    """Pad the last axes by ``padding`` (a positive int, or ``padding_length`` non-negative ints) in ``_mode``."""

    _mode = "reflect"

    def __init__(self, padding, padding_length=None):
        super().__init__()
        self.padding = padding
        if isinstance(padding, int):
            validator.check_positive_int(padding, "padding", self.cls_name)
            self.padding = (padding,) * padding_length
        elif isinstance(padding, (tuple, list)):
            if len(padding) != padding_length:
                raise ValueError(f"For '{self.cls_name}', the length of parameter 'padding' with tuple type must "
                                 f"equal to {padding_length}, but got {len(padding)}.")
            validator.check_non_negative_int_sequence(padding, "padding", self.cls_name)
        else:
            raise ValueError(f"For '{self.cls_name}', 'padding' must be positive integer or tuple/list of "
                             f"{padding_length} positive integers, but got {padding}.")

    def construct(self, input):
        return mF.pad(input, self.padding, mode=self._mode)


class ReflectionPadNd_(_NonConstantPadNd):
    """Pad the last axes by ``padding`` with their reflection."""

    _mode = "reflect"


class ReplicationPadNd_(_NonConstantPadNd):
    """Pad the last axes by ``padding`` with their edge values."""

    _mode = "replicate"
