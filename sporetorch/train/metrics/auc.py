"""Area under a curve by the trapezoidal rule."""
import numpy as np


def auc(x, y, reorder=False):
    """The area under the curve through the points ``(x, y)`` (e.g. ``ROC``'s fpr, tpr).

    Args:
        x (numpy.ndarray): monotonic x coordinates (or any order with ``reorder=True``).
        y (numpy.ndarray): y coordinates.
        reorder (bool): sort the points by x first. Default: False.
    """
    if not isinstance(x, np.ndarray) or not isinstance(y, np.ndarray):
        raise TypeError(f"For 'auc', 'x' and 'y' must be numpy.ndarray, but got {type(x).__name__}, "
                        f"{type(y).__name__}")
    if x.ndim == 2 and x.shape[1] == 1:
        x = x.ravel()
    if y.ndim == 2 and y.shape[1] == 1:
        y = y.ravel()
    if x.ndim != 1 or y.ndim != 1:
        raise ValueError(f"For 'auc', 'x' and 'y' must be 1-D, but got shapes {x.shape} and {y.shape}")
    if x.shape != y.shape:
        raise ValueError(f"For 'auc', 'x' and 'y' must have the same length, but got {len(x)} and {len(y)}")
    if x.shape[0] < 2:
        raise ValueError(f"For 'auc', at least 2 points are needed, but got {x.shape[0]}")
    direction = 1
    if reorder:
        order = np.lexsort((y, x))
        x, y = x[order], y[order]
    else:
        dx = np.diff(x)
        if np.any(dx < 0):
            if not np.all(dx <= 0):
                raise ValueError("For 'auc', 'x' must be monotonic when reorder is False")
            direction = -1
    return np.float64(direction * np.sum((x[1:] - x[:-1]) * (y[1:] + y[:-1]) / 2))


def _num_samples(x):
    """The number of samples (first-axis length) of an array-like ``x``."""
    if hasattr(x, "fit") and callable(x.fit):
        raise TypeError(f"Expected sequence or array-like, got estimator {x}.")
    if not hasattr(x, "__len__") and not hasattr(x, "shape"):
        if not hasattr(x, "__array__"):
            raise TypeError(f"Expected sequence or array-like, got {type(x)}.")
        x = np.asarray(x)
    if hasattr(x, "shape"):
        if x.ndim == 0:
            raise TypeError(f"Singleton array {x} cannot be considered as a valid collection.")
        return x.shape[0]
    return x.size


def _check_consistent_length(*arrays):
    """Raise ValueError unless the given (non-None) arrays have the same number of samples."""
    lengths = [_num_samples(array) for array in arrays if array is not None]
    if len(np.unique(lengths)) > 1:
        raise ValueError(f"Found input variables with inconsistent numbers of samples: "
                         f"{[int(length) for length in lengths]}.")


def _column_or_1d(y):
    """``y`` raveled when it is 1-D or a column (N, 1); ValueError otherwise."""
    shape = np.shape(y)
    if len(shape) == 1 or (len(shape) == 2 and shape[1] == 1):
        return np.ravel(y)
    raise ValueError(f"For 'auc', the input must be a 1-dimensional array, or a 2-dimensional array with the second "
                     f"dimension of 1, but got shape {shape}.")
