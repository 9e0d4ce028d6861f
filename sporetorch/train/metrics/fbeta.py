"""F-beta and F1 per class."""
from .metric import _EPS, Metric, _decode_onehot, _onehot_counts, rearrange_inputs


class Fbeta(Metric):
    """``(1 + beta^2) TP / (beta^2 (TP + FN) + TP + FP)`` per class.

    Args:
        beta (float): the weight of recall, > 0.

    Inputs of ``update``: ``y_pred`` scores (N, C), ``y`` labels (N,) or one-hot (N, C).
    ``eval(average=False)``: one value per class; ``average=True``: their mean.
    """

    def __init__(self, beta):
        super().__init__()
        if isinstance(beta, bool) or not isinstance(beta, (int, float)) or not beta > 0:
            raise ValueError(f"For '{type(self).__name__}', 'beta' must be a number > 0, but got {beta!r}")
        self.beta = beta
        self.clear()

    def clear(self):
        self._true_positives = 0
        self._actual_positives = 0
        self._positives = 0
        self._class_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._input_arrays(inputs, 2, "predicted value, true value")
        y = _decode_onehot(y_pred, y)
        if self._class_num == 0:
            self._class_num = y_pred.shape[1]
        elif y_pred.shape[1] != self._class_num:
            raise ValueError(f"For '{type(self).__name__}', the class number changed from {self._class_num} "
                             f"to {y_pred.shape[1]}")
        y_pred, y = _onehot_counts(y_pred, y, self._class_num, type(self).__name__)
        self._true_positives = self._true_positives + (y * y_pred).sum(axis=0)
        self._positives = self._positives + y_pred.sum(axis=0)
        self._actual_positives = self._actual_positives + y.sum(axis=0)

    def eval(self, average=False):
        self._check_updated(self._class_num)
        b2 = self.beta ** 2
        fbeta = (1.0 + b2) * self._true_positives / (b2 * self._actual_positives + self._positives + _EPS)
        return fbeta.mean() if average else fbeta


class F1(Fbeta):
    """F-beta with beta = 1: the harmonic mean of precision and recall."""

    def __init__(self):
        super().__init__(1.0)
