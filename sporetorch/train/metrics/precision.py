"""Precision and Recall, per class (classification) or per sample (multilabel), as MindSpore defines them."""
import numpy as np

from .metric import _EPS, EvaluationBase, _onehot_counts, rearrange_inputs


class _PrecisionRecall(EvaluationBase):
    """Shared bookkeeping: ``true_positives / (denominator + eps)`` where the denominator is
    the predicted positives (Precision) or the actual positives (Recall)."""

    def __init__(self, eval_type="classification"):
        super().__init__(eval_type)
        self.clear()

    def clear(self):
        self._class_num = 0
        if self._type == "multilabel":
            self._true_positives = np.empty(0)
            self._denominator = np.empty(0)
            self._ratio_sum = 0.0
            self._ratio_count = 0
        else:
            self._true_positives = 0
            self._denominator = 0

    @rearrange_inputs
    def update(self, *inputs):
        self._check_inputs(inputs, 2, "predicted value, true value")
        y_pred, y = self._prepare(*inputs)
        c = self._class_num
        if self._type == "classification":
            y_pred, y = _onehot_counts(y_pred, y, c, type(self).__name__)
        else:
            # MindSpore's multilabel statistics are per sample: columns of the (classes, samples) layout.
            y_pred = y_pred.swapaxes(1, 0).reshape(c, -1)
            y = y.swapaxes(1, 0).reshape(c, -1)
        tp = (y * y_pred).sum(axis=0)
        denominator = self._denominator_of(y_pred, y)
        if self._type == "multilabel":
            self._ratio_sum += float(np.sum(tp / (denominator + _EPS)))
            self._ratio_count += len(denominator)
            self._true_positives = np.concatenate((self._true_positives, tp))
            self._denominator = np.concatenate((self._denominator, denominator))
        else:
            self._true_positives = self._true_positives + tp
            self._denominator = self._denominator + denominator

    def eval(self, average=False):
        """Per-class (per-sample for multilabel) values, or their mean with ``average=True``."""
        self._check_updated(self._class_num)
        if not isinstance(average, bool):
            raise TypeError(f"For '{type(self).__name__}.eval', 'average' must be a bool, but got {average!r}")
        result = self._true_positives / (self._denominator + _EPS)
        if average:
            if self._type == "multilabel":
                return np.float64(self._ratio_sum / (self._ratio_count + _EPS))
            return result.mean()
        return result


class Precision(_PrecisionRecall):
    """Precision ``TP / (TP + FP)``.

    Args:
        eval_type (str): ``"classification"`` (per class) or ``"multilabel"`` (per sample).

    ``eval(average=False)`` returns one value per class; ``average=True`` their mean.
    """

    @staticmethod
    def _denominator_of(y_pred, y):
        return y_pred.sum(axis=0)


class Recall(_PrecisionRecall):
    """Recall ``TP / (TP + FN)``; see ``Precision`` for the arguments."""

    @staticmethod
    def _denominator_of(y_pred, y):
        return y.sum(axis=0)
