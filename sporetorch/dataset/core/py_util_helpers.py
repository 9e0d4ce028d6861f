"""Small helpers of the Python transforms (``mindspore.dataset.core.py_util_helpers``)."""
import numpy as np


class KeyErrorParse(str):
    """A message string whose ``repr`` is itself, so a ``KeyError`` carrying it prints without quotes."""

    def __repr__(self):
        return self


def is_numpy(img):
    """Whether ``img`` is a NumPy array."""
    return isinstance(img, np.ndarray)
