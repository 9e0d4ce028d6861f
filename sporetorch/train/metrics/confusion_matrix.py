"""Confusion matrix."""
import numpy as np

from .metric import Metric, rearrange_inputs

_NORMALIZE = ("no_norm", "target", "prediction", "all")


class ConfusionMatrix(Metric):
    """``M[i, j]`` = number of samples of true class ``i`` predicted as class ``j``.

    Args:
        num_classes (int): the number of classes.
        normalize (str): ``"no_norm"`` (counts), ``"target"`` (rows sum to 1),
            ``"prediction"`` (columns sum to 1) or ``"all"`` (the matrix sums to 1).
        threshold (float): for float ``y_pred`` of the same shape as ``y``, the cut to class 1.

    Inputs of ``update``: ``y_pred`` scores (N, C, ...) or predicted labels (N, ...); ``y`` labels (N, ...).
    """

    def __init__(self, num_classes, normalize="no_norm", threshold=0.5):
        super().__init__()
        if isinstance(num_classes, bool) or not isinstance(num_classes, int) or num_classes < 1:
            raise TypeError(f"For 'ConfusionMatrix', 'num_classes' must be a positive int, but got {num_classes!r}")
        if normalize not in _NORMALIZE:
            raise ValueError(f"For 'ConfusionMatrix', 'normalize' must be one of {_NORMALIZE}, but got {normalize!r}")
        if not isinstance(threshold, float):
            raise TypeError(f"For 'ConfusionMatrix', 'threshold' must be a float, but got {threshold!r}")
        self.num_classes = num_classes
        self.normalize = normalize
        self.threshold = threshold
        self.clear()

    def clear(self):
        self.confusion_matrix = np.zeros((self.num_classes, self.num_classes))
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._input_arrays(inputs, 2, "predicted value, true value")
        if y_pred.ndim == y.ndim + 1:
            y_pred = y_pred.argmax(axis=1)
        elif y_pred.ndim != y.ndim:
            raise ValueError(f"For 'ConfusionMatrix.update', y_pred {y_pred.shape} must have the shape of y "
                             f"{y.shape} or one more (class) axis")
        elif y_pred.dtype.kind == "f":
            y_pred = (y_pred >= self.threshold).astype(np.int64)
        n = self.num_classes
        codes = (y.reshape(-1) * n + y_pred.reshape(-1)).astype(np.int64)
        if codes.size and (codes.min() < 0 or codes.max() >= n * n):
            raise ValueError(f"For 'ConfusionMatrix.update', labels must be in [0, {n - 1}]")
        self.confusion_matrix += np.bincount(codes, minlength=n * n).reshape(n, n)
        self._is_update = True

    def eval(self):
        self._check_updated(self._is_update)
        m = self.confusion_matrix.astype(float)
        if self.normalize == "no_norm":
            return m
        with np.errstate(invalid="ignore", divide="ignore"):
            if self.normalize == "target":
                m = m / m.sum(axis=1, keepdims=True)
            elif self.normalize == "prediction":
                m = m / m.sum(axis=0, keepdims=True)
            else:
                m = m / m.sum()
        m[np.isnan(m)] = 0
        return m
