"""Padding layers: ConstantPad1d/2d/3d, ZeroPad2d, ReflectionPad1d/2d/3d, ReplicationPad1d/2d/3d.

``padding`` lists (before, after) pairs from the last dimension backwards, as ``torch.nn.functional.pad``.
"""

from ...common.tensor import _wrap
from ...ops.function.array_func import pad
from ..cell import Cell
from ._checks import check_batch_rank

__all__ = ["ConstantPad1d", "ConstantPad2d", "ConstantPad3d", "ZeroPad2d", "ReflectionPad1d", "ReflectionPad2d",
           "ReflectionPad3d", "ReplicationPad1d", "ReplicationPad2d", "ReplicationPad3d"]


def _padding_tuple(padding, nd, cls, exact):
    if isinstance(padding, int) and not isinstance(padding, bool):
        return (padding,) * (2 * nd)
    if isinstance(padding, (tuple, list)) and all(isinstance(p, int) for p in padding):
        if len(padding) % 2 or (exact and len(padding) != 2 * nd) or len(padding) > 2 * nd:
            raise ValueError(f"For '{cls}', the 'padding' must have {2 * nd} elements (pairs), "
                             f"but got {len(padding)}: {padding!r}")
        return tuple(padding)
    raise TypeError(f"For '{cls}', the 'padding' must be an int or a tuple of ints, but got {padding!r}")


class _PadNd(Cell):
    _nd = 1
    _mode = "constant"
    _exact = True

    def __init__(self, padding, value=0.0):
        super().__init__()
        cls = type(self).__name__
        self.padding = _padding_tuple(padding, self._nd, cls, self._exact)
        self.value = value
        self._value = float(value) if self._mode == "constant" else None

    def construct(self, x):
        t = x._t
        if self._mode == "reflect":
            return _wrap(self._reflect(t))
        if self._mode != "constant":
            check_batch_rank(self, t)
        return pad(x, self.padding, self._mode, self._value)

    def _reflect(self, t):
        """MindSpore 2.10 reflects inputs of any rank from the padded dimensions up to 5 (torch: one or two
        more): the leading dimensions are merged into one for torch and restored after."""
        nd = self._nd
        if not nd <= t.dim() <= 5:
            raise ValueError(f"For '{type(self).__name__}', the input must have {nd} to 5 dims, but got shape "
                             f"{tuple(t.shape)}")
        out = pad(_wrap(t.reshape((-1,) + t.shape[t.dim() - nd:])), self.padding, "reflect")._t
        return out.reshape(t.shape[:t.dim() - nd] + out.shape[1:])


class _ConstantPadNd(_PadNd):
    """Base of the ConstantPad layers (MindSpore 2.10's class tree)."""
    _mode = "constant"


class _ReflectionPadNd(_PadNd):
    """Base of the ReflectionPad layers (MindSpore 2.10's class tree)."""
    _mode = "reflect"


class _ReplicationPadNd(_PadNd):
    """Base of the ReplicationPad layers (MindSpore 2.10's class tree)."""
    _mode = "replicate"


def _check_dim(dim, target1, target2, cls_name):
    """ValueError unless the input rank ``dim`` is ``target1`` or ``target2``."""
    if dim not in (target1, target2):
        raise ValueError(f"For '{cls_name}', the in_shape must have {target1} or {target2} dims, but got {dim}.")


_PAD_DOC = r"""

    Inputs:
        - **x** (Tensor) - batched or unbatched input.

    Outputs:
        Tensor padded on the trailing dimensions.
    """


class ConstantPad1d(_ConstantPadNd):
    __doc__ = r"""Pad the last dimension with ``value``.

    Args:
        padding (int or tuple): (left, right).
        value (float): the fill value.""" + _PAD_DOC
    _nd = 1

    def __init__(self, padding, value):
        super().__init__(padding, value)


class ConstantPad2d(_ConstantPadNd):
    __doc__ = r"""Pad the last two dimensions with ``value``.

    Args:
        padding (int or tuple): (left, right, top, bottom), or a prefix of it.
        value (float): the fill value.""" + _PAD_DOC
    _nd = 2
    _exact = False

    def __init__(self, padding, value):
        super().__init__(padding, value)


class ConstantPad3d(_ConstantPadNd):
    __doc__ = r"""Pad the last three dimensions with ``value``.

    Args:
        padding (int or tuple): (left, right, top, bottom, front, back), or a prefix of it.
        value (float): the fill value.""" + _PAD_DOC
    _nd = 3
    _exact = False

    def __init__(self, padding, value):
        super().__init__(padding, value)


class ZeroPad2d(_ConstantPadNd):
    __doc__ = r"""Pad the last two dimensions with zeros.

    Args:
        padding (int or tuple): (left, right, top, bottom).""" + _PAD_DOC
    _nd = 2
    _exact = False

    def __init__(self, padding):
        super().__init__(padding, 0.0)


class ReflectionPad1d(_ReflectionPadNd):
    __doc__ = r"""Pad the last dimension by reflection (edge not repeated).

    Args:
        padding (int or tuple): (left, right).""" + _PAD_DOC
    _nd = 1
    _mode = "reflect"

    def __init__(self, padding):
        super().__init__(padding)


class ReflectionPad2d(_ReflectionPadNd):
    __doc__ = r"""Pad the last two dimensions by reflection.

    Args:
        padding (int or tuple): (left, right, top, bottom).""" + _PAD_DOC
    _nd = 2
    _mode = "reflect"

    def __init__(self, padding):
        super().__init__(padding)


class ReflectionPad3d(_ReflectionPadNd):
    __doc__ = r"""Pad the last three dimensions by reflection.

    Args:
        padding (int or tuple): (left, right, top, bottom, front, back).""" + _PAD_DOC
    _nd = 3
    _mode = "reflect"

    def __init__(self, padding):
        super().__init__(padding)


class ReplicationPad1d(_ReplicationPadNd):
    __doc__ = r"""Pad the last dimension by repeating the edge.

    Args:
        padding (int or tuple): (left, right).""" + _PAD_DOC
    _nd = 1
    _mode = "replicate"

    def __init__(self, padding):
        super().__init__(padding)


class ReplicationPad2d(_ReplicationPadNd):
    __doc__ = r"""Pad the last two dimensions by repeating the edge.

    Args:
        padding (int or tuple): (left, right, top, bottom).""" + _PAD_DOC
    _nd = 2
    _mode = "replicate"

    def __init__(self, padding):
        super().__init__(padding)


class ReplicationPad3d(_ReplicationPadNd):
    __doc__ = r"""Pad the last three dimensions by repeating the edge.

    Args:
        padding (int or tuple): (left, right, top, bottom, front, back).""" + _PAD_DOC
    _nd = 3
    _mode = "replicate"

    def __init__(self, padding):
        super().__init__(padding)
