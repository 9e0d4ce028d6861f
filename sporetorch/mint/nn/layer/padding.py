"""``mint.nn`` padding layers: Constant/Zero/Reflection/Replication padding of the last 1, 2 or 3 axes."""
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
