"""Functions behind the Python-implemented general transforms (``mindspore.dataset.transforms.py_transforms_util``):
Compose, RandomApply/RandomChoice/RandomOrder and one-hot encoding, on NumPy data."""
import random

import numpy as np

from ..core.py_util_helpers import is_numpy

_INT_DTYPES = (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64)


def all_numpy(args):
    """Whether ``args`` (one value or a tuple) is made of NumPy arrays only."""
    if isinstance(args, tuple):
        return all(is_numpy(value) for value in args)
    return is_numpy(args)


def compose(transforms, *args):
    """Apply ``transforms`` in order, each to the previous one's outputs (always a tuple); an error in a
    transform is raised again as it was."""
    from ..engine._utils import ExceptionHandler
    for transform in transforms:
        try:
            args = transform(*args)
        except Exception:  # noqa: BLE001 - re-raised unchanged by the handler
            ExceptionHandler(where="in map(or batch) worker and execute Python function").reraise()
        args = args if isinstance(args, tuple) else (args,)
    return args


def one_hot_encoding(label, num_classes, epsilon):
    """One-hot rows of an integer label array (a new last axis of ``num_classes``), smoothed by ``epsilon``:
    ``(1 - epsilon) * one_hot + epsilon / num_classes``."""
    if not isinstance(label, np.ndarray):
        raise ValueError("the input is invalid, it should be numpy.ndarray.")
    if label.dtype not in _INT_DTYPES:
        raise ValueError("the input numpy type should be int, but the input is: " + str(label.dtype))
    flat = label.flatten()
    if label.ndim == 0:
        if label >= num_classes:
            raise ValueError("the num_classes is smaller than the category number.")
    else:
        for item in flat:
            if item >= num_classes:
                raise ValueError("the num_classes:" + str(num_classes) + " is smaller than the category number:"
                                 + str(item))
    one_hot = np.zeros((flat.size, num_classes), dtype=int)
    one_hot[np.arange(flat.size), flat] = 1
    one_hot = one_hot.reshape(tuple(label.shape) + (num_classes,))
    return (1 - epsilon) * one_hot + epsilon / num_classes


def random_apply(img, transforms, prob):
    """Apply all of ``transforms`` with probability ``prob`` (Python's ``random``)."""
    if prob < random.random():
        return img
    for transform in transforms:
        img = transform(img)
    return img


def random_choice(img, transforms):
    """Apply one of ``transforms`` chosen at random."""
    return random.choice(transforms)(img)


def random_order(img, transforms):
    """Apply ``transforms`` in a random order (the list is shuffled in place, as in MindSpore)."""
    random.shuffle(transforms)
    for transform in transforms:
        img = transform(img)
    return img
