"""General data transforms (``mindspore.dataset.transforms``), on NumPy arrays."""
import numpy as np

from ...common import dtype as mstype


class TensorOperation:
    """Base class of the transforms: a callable on NumPy arrays, usable in ``Dataset.map``."""

    def __call__(self, *args):
        return self._apply(*[np.asarray(a) for a in args])

    def _apply(self, *args):
        raise NotImplementedError


PyTensorOperation = TensorOperation


def _numpy_dtype(op, data_type):
    if isinstance(data_type, mstype.Type):
        return np.dtype(mstype.dtype_to_nptype(data_type))
    try:
        return np.dtype(data_type)
    except TypeError as err:
        raise TypeError(f"For '{op}', 'data_type' must be a mindspore dtype or a NumPy dtype, "
                        f"but got {data_type!r}") from err


class TypeCast(TensorOperation):
    """Cast to ``data_type`` (a MindSpore dtype such as ``mstype.int32`` or a NumPy dtype)."""

    def __init__(self, data_type):
        self.data_type = _numpy_dtype(type(self).__name__, data_type)

    def _apply(self, x):
        return x.astype(self.data_type)


class OneHot(TensorOperation):
    """One-hot encode integer labels into ``num_classes`` columns (keeps the label dtype).

    Args:
        num_classes (int): the number of classes.
        smoothing_rate (float): label smoothing; >0 gives float32 ``(1-s)·onehot + s/num_classes``.
    """

    def __init__(self, num_classes, smoothing_rate=0.0):
        if isinstance(num_classes, bool) or not isinstance(num_classes, int) or num_classes < 1:
            raise ValueError(f"For 'OneHot', 'num_classes' must be a positive int, but got {num_classes!r}")
        if not 0.0 <= smoothing_rate <= 1.0:
            raise ValueError(f"For 'OneHot', 'smoothing_rate' must be in [0, 1], but got {smoothing_rate!r}")
        self.num_classes = num_classes
        self.smoothing_rate = smoothing_rate

    def _apply(self, x):
        if x.dtype.kind not in "iu":
            raise TypeError(f"For 'OneHot', the input must hold integer labels, but got dtype {x.dtype}")
        if x.size and (x.min() < 0 or x.max() >= self.num_classes):
            raise ValueError(f"For 'OneHot', labels must be in [0, {self.num_classes - 1}], "
                             f"but got values from {x.min()} to {x.max()}")
        eye = np.eye(self.num_classes, dtype=x.dtype)
        out = eye[x]
        if self.smoothing_rate:
            out = out.astype(np.float32) * (1 - self.smoothing_rate) + self.smoothing_rate / self.num_classes
        return out


class Duplicate(TensorOperation):
    """Return the input and a copy of it (two output columns)."""

    def _apply(self, x):
        return x, x.copy()


class Fill(TensorOperation):
    """Fill the input with ``fill_value`` (same shape and dtype)."""

    def __init__(self, fill_value):
        self.fill_value = fill_value

    def _apply(self, x):
        return np.full_like(x, self.fill_value)


class Compose(TensorOperation):
    """Apply ``transforms`` one after the other as a single operation."""

    def __init__(self, transforms):
        if not isinstance(transforms, (list, tuple)) or not transforms:
            raise ValueError(f"For 'Compose', 'transforms' must be a non-empty list, but got {transforms!r}")
        for t in transforms:
            if not callable(t):
                raise TypeError(f"For 'Compose', every transform must be callable, but got {t!r}")
        self.transforms = list(transforms)

    def __call__(self, *args):
        for t in self.transforms:
            args = t(*args)
            if not isinstance(args, tuple):
                args = (args,)
        return args[0] if len(args) == 1 else args


class RandomApply(TensorOperation):
    """Apply ``transforms`` (in order) with probability ``prob``."""

    def __init__(self, transforms, prob=0.5):
        from ..core import config
        self._compose = Compose(transforms)
        self.prob = prob
        self._rng = config._rng(0xA991)

    def __call__(self, *args):
        if self._rng.random() < self.prob:
            return self._compose(*args)
        return args[0] if len(args) == 1 else args


class RandomChoice(TensorOperation):
    """Apply one of ``transforms``, chosen at random."""

    def __init__(self, transforms):
        from ..core import config
        Compose(transforms)
        self.transforms = list(transforms)
        self._rng = config._rng(0xC401)

    def __call__(self, *args):
        return self.transforms[int(self._rng.integers(len(self.transforms)))](*args)
