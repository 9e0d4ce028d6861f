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
