"""General data transforms (``mindspore.dataset.transforms``), on NumPy arrays."""
import numbers
import os
import operator
import threading
from enum import IntEnum

import numpy as np

from ...common import dtype as mstype


class TensorOperation:
    """Base class of the transforms: a callable on NumPy arrays, usable in ``Dataset.map``."""

    def __call__(self, *args):
        return self._apply(*[np.asarray(a) for a in args])

    def _apply(self, *args):
        raise NotImplementedError

    # A per-pixel transform without randomness may also define ``_batch_apply(t)``: the same
    # values for a stacked batch ``t`` (a torch.Tensor, rows along dim 0), or ``NotImplemented``
    # when it cannot promise that; ``batch`` then runs it once per batch (see engine/_batch_ops).


PyTensorOperation = TensorOperation


class _Seeded:
    """A generator per op and per process: derived from ``dataset.config``'s seed, the op's salt
    and the pipeline worker (so parallel workers do not repeat each other), created on first use
    in each process and never pickled."""
    _salt_value = 0

    def _salt(self):
        return self._salt_value

    @property
    def _rng(self):
        import os
        from ..core import config
        pid = os.getpid()
        if getattr(self, "_gen_pid", None) != pid:
            worker = config._worker_id()
            self._gen = config._rng(self._salt(), 0 if worker is None else worker + 1)
            self._gen_pid = pid
        return self._gen

    def __getstate__(self):
        state = dict(self.__dict__)
        state.pop("_gen", None)
        state.pop("_gen_pid", None)
        return state


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

    def _batch_apply(self, t):
        import torch
        # torch and NumPy agree on these casts: from bool/int to bool/int/float (C casts), and from
        # float to a wider float; float to int differs on overflow and NaN.
        target = self.data_type
        if target.kind not in "biuf" or (target.kind == "u" and target.itemsize > 1) or \
                (t.is_floating_point() and (target.kind != "f" or target.itemsize < t.element_size())):
            return NotImplemented
        return t.to(getattr(torch, self.data_type.name))


class OneHot(TensorOperation):
    """One-hot encode integer labels into ``num_classes`` columns (keeps the label dtype).

    Args:
        num_classes (int): the number of classes.
        smoothing_rate (float): label smoothing; >0 gives float64 ``(1-s)·onehot + s/num_classes``.
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
            # MindSpore 2.10 returns float64 here.
            out = out.astype(np.float64) * (1 - self.smoothing_rate) + self.smoothing_rate / self.num_classes
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


class RandomApply(_Seeded, TensorOperation):
    """Apply ``transforms`` (in order) with probability ``prob``."""
    _salt_value = 0xA991

    def __init__(self, transforms, prob=0.5):
        self._compose = Compose(transforms)
        self.prob = prob

    def __call__(self, *args):
        if self._rng.random() < self.prob:
            return self._compose(*args)
        return args[0] if len(args) == 1 else args


class RandomChoice(_Seeded, TensorOperation):
    """Apply one of ``transforms``, chosen at random."""
    _salt_value = 0xC401

    def __init__(self, transforms):
        Compose(transforms)
        self.transforms = list(transforms)

    def __call__(self, *args):
        return self.transforms[int(self._rng.integers(len(self.transforms)))](*args)


class RandomOrder(_Seeded, TensorOperation):
    """Apply all of ``transforms``, in a random order."""
    _salt_value = 0x0D0E

    def __init__(self, transforms):
        Compose(transforms)
        self.transforms = list(transforms)

    def __call__(self, *args):
        order = self._rng.permutation(len(self.transforms))
        return Compose([self.transforms[int(i)] for i in order])(*args)


class Relational(IntEnum):
    """Comparison operators of ``Mask``."""
    EQ = 0
    NE = 1
    GT = 2
    GE = 3
    LT = 4
    LE = 5


_RELATIONS = {Relational.EQ: operator.eq, Relational.NE: operator.ne, Relational.GT: operator.gt,
              Relational.GE: operator.ge, Relational.LT: operator.lt, Relational.LE: operator.le}


class Mask(TensorOperation):
    """``input <operator> constant`` element-wise, cast to ``dtype`` (default bool).

    Args:
        operator (Relational): the comparison. constant (number or str): the right-hand side.
        dtype (mindspore dtype): the output type. Default: ``mstype.bool_``.
    """

    def __init__(self, operator, constant, dtype=mstype.bool_):
        if not isinstance(operator, Relational):
            raise TypeError(f"For 'Mask', 'operator' must be a Relational, but got {operator!r}")
        if not isinstance(constant, (str, bytes, numbers.Number)):
            raise TypeError(f"For 'Mask', 'constant' must be a number or a string, but got {constant!r}")
        self.operator = operator
        self.constant = constant
        self.dtype = _numpy_dtype("Mask", dtype)

    def _apply(self, x):
        if (x.dtype.kind in "US") != isinstance(self.constant, (str, bytes)):
            raise RuntimeError(f"For 'Mask', the input of dtype {x.dtype} cannot be compared with "
                               f"{self.constant!r}")
        return np.asarray(_RELATIONS[self.operator](x, self.constant)).astype(self.dtype)


class PadEnd(TensorOperation):
    """Pad (or truncate) each axis at its end to ``pad_shape`` with ``pad_value`` (default 0 or '')."""

    def __init__(self, pad_shape, pad_value=None):
        if not isinstance(pad_shape, (list, tuple)) or not all(
                isinstance(d, numbers.Integral) and not isinstance(d, bool) and d > 0 for d in pad_shape):
            raise TypeError(f"For 'PadEnd', 'pad_shape' must be a list of positive ints, but got {pad_shape!r}")
        self.pad_shape = [int(d) for d in pad_shape]
        self.pad_value = pad_value

    def _apply(self, x):
        if x.ndim != len(self.pad_shape):
            raise RuntimeError(f"For 'PadEnd', 'pad_shape' {self.pad_shape} must have one entry per axis of the "
                               f"input of shape {x.shape}")
        x = x[tuple(slice(0, d) for d in self.pad_shape)]
        value = self.pad_value
        if value is None:
            value = "" if x.dtype.kind in "US" else 0
        widths = [(0, d - n) for d, n in zip(self.pad_shape, x.shape)]
        if x.dtype.kind in "US":
            x = x.astype(np.result_type(x.dtype, np.asarray(value).dtype))
        return np.pad(x, widths, mode="constant", constant_values=value)


class Concatenate(TensorOperation):
    """Concatenate the input with ``prepend`` before and ``append`` after it along ``axis`` (1-D only)."""

    def __init__(self, axis=0, prepend=None, append=None):
        if axis not in (0, -1):
            raise ValueError(f"For 'Concatenate', only 1-D concatenation is supported: 'axis' must be 0 or -1, "
                             f"but got {axis!r}")
        self.axis = axis
        self.prepend = None if prepend is None else np.asarray(prepend)
        self.append = None if append is None else np.asarray(append)

    def _apply(self, *cols):
        parts = [p for p in (self.prepend, *cols, self.append) if p is not None]
        if any(p.ndim != 1 for p in parts):
            raise RuntimeError(f"For 'Concatenate', all parts must be 1-D, but got shapes {[p.shape for p in parts]}")
        return np.concatenate(parts)


def _slice_index(item):
    if item is Ellipsis or isinstance(item, slice):
        return item
    if isinstance(item, numbers.Integral) and not isinstance(item, bool):
        return [int(item)]
    if isinstance(item, (list, tuple)) and all(isinstance(i, numbers.Integral) for i in item):
        return list(item)
    if item is None:
        return slice(None)
    raise TypeError(f"For 'Slice', each slice must be an int, a list of ints, a slice, None or Ellipsis, "
                    f"but got {item!r}")


class Slice(TensorOperation):
    """Index each axis with one of ``slices`` (an int keeps the axis: ``Slice(1)`` gives ``x[[1]]``)."""

    def __init__(self, *slices):
        self.slices = [_slice_index(s) for s in slices]

    def _apply(self, x):
        out = x
        axis = 0
        for item in self.slices:
            if item is Ellipsis:
                break
            out = out[(slice(None),) * axis + (item,)]
            axis += 1
        return np.ascontiguousarray(out)


class Unique(TensorOperation):
    """The distinct values (first-occurrence order), each element's index into them, and their counts."""

    def _apply(self, x):
        flat = x.ravel()
        values, first, inverse, counts = np.unique(flat, return_index=True, return_inverse=True, return_counts=True)
        order = np.argsort(first, kind="stable")
        rank = np.empty_like(order)
        rank[order] = np.arange(len(order))
        return values[order], rank[inverse].astype(np.int32), counts[order].astype(np.int32)


def not_random(function):
    """Mark a Python function used in ``map`` as deterministic (MindSpore's cache hint)."""
    function.random = False
    return function


# Executors of the Python operations run by map/UDF threads, keyed "<pid>_<thread id>" (MindSpore keeps its
# per-thread C++ executors here; sporetorch's operations need none, so it stays empty unless a caller adds one).
EXECUTORS_LIST = {}


def clean_unused_executors():
    """Drop the executor of the calling thread of this process (when there is one)."""
    EXECUTORS_LIST.pop(f"{os.getpid()}_{threading.current_thread().ident}", None)
