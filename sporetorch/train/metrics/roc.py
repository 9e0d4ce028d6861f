"""ROC curve (false/true positive rates per threshold)."""
import numpy as np

from .metric import Metric, _binary_clf_curve, rearrange_inputs


def _roc_binary(scores, target, pos_label):
    fps, tps, thresholds = _binary_clf_curve(scores, target, pos_label=pos_label)
    tps = np.concatenate([[0], tps])
    fps = np.concatenate([[0], fps])
    thresholds = np.concatenate([[thresholds[0] + 1], thresholds])
    if fps[-1] <= 0:
        raise ValueError("For 'ROC.eval', the true values hold no negative sample, so the false positive rate "
                         "is undefined")
    if tps[-1] <= 0:
        raise ValueError("For 'ROC.eval', the true values hold no positive sample, so the true positive rate "
                         "is undefined")
    return fps / fps[-1], tps / tps[-1], thresholds


class ROC(Metric):
    """The receiver operating characteristic curve.

    Args:
        class_num (int, optional): the number of classes for (N, C) scores; binary scores need none.
        pos_label (int, optional): the positive class for binary scores. Default: 1.

    ``eval`` returns ``(fpr, tpr, thresholds)``; for C classes, lists with one curve per class
    (one-vs-rest). Only the last ``update`` counts, as in MindSpore.

    Differences from MindSpore: for (N, C) scores MindSpore 2.10 reshapes the score matrix to
    (C, N) instead of transposing it, which mixes samples and classes; here each class's curve
    comes from that class's column of scores (binary curves are identical).
    """

    def __init__(self, class_num=None, pos_label=None):
        super().__init__()
        for name, value in (("class_num", class_num), ("pos_label", pos_label)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise TypeError(f"For 'ROC', '{name}' must be an int, but got {value!r}")
        self.class_num = class_num
        self.pos_label = pos_label
        self.clear()

    def clear(self):
        self.y_pred = 0
        self.y = 0
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._input_arrays(inputs, 2, "predicted value, true value")
        if y_pred.ndim == y.ndim:
            if self.class_num not in (None, 1):
                raise ValueError(f"For 'ROC', binary scores (y_pred and y of the same rank) need class_num None or 1, "
                                 f"but got {self.class_num}")
            self.class_num = 1
            self.pos_label = 1 if self.pos_label is None else self.pos_label
            y_pred, y = y_pred.reshape(-1), y.reshape(-1)
        elif y_pred.ndim == y.ndim + 1:
            if self.pos_label is not None:
                raise ValueError("For 'ROC', 'pos_label' must be None for multi-class (N, C) scores")
            if self.class_num != y_pred.shape[1]:
                raise ValueError(f"For 'ROC', 'class_num' must equal the number of classes of y_pred "
                                 f"({y_pred.shape[1]}), but got {self.class_num}")
            y_pred, y = np.moveaxis(y_pred, 1, -1).reshape(-1, self.class_num), y.reshape(-1)
        else:
            raise ValueError(f"For 'ROC', y_pred {y_pred.shape} must have the rank of y {y.shape} or one more")
        self.y_pred, self.y = y_pred, y
        self._is_update = True

    def eval(self):
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        if self.class_num == 1:
            return _roc_binary(self.y_pred, self.y, self.pos_label)
        curves = [_roc_binary(self.y_pred[:, c], self.y, c) for c in range(self.class_num)]
        return [c[0] for c in curves], [c[1] for c in curves], [c[2] for c in curves]


def _precision_recall_curve_update(y_pred, y, class_num, pos_label):
    """``(y_pred, y, class_num, pos_label)`` of numpy predictions and labels prepared for the curve: one class
    (the same ndim; ``pos_label`` defaults to 1) flattened, or ``class_num`` classes (one more axis on
    ``y_pred``, ``pos_label`` None) as rows of class scores."""
    if not (len(y_pred.shape) == len(y.shape) or len(y_pred.shape) == len(y.shape) + 1):
        raise ValueError(f"For 'ROC', predicted value (input[0]) and true value (input[1]) must have same "
                         f"dimensions, or the dimension of predicted value equal the dimension of true value add "
                         f"1, but got predicted value ndim: {len(y_pred.shape)}, true value ndim: {len(y.shape)}.")
    if len(y_pred.shape) == len(y.shape):
        if class_num is not None and class_num != 1:
            raise ValueError(f"For 'ROC', when predicted value (input[0]) and true value (input[1]) have the same "
                             f"shape, the 'class_num' must be 1, but got {class_num}.")
        return y_pred.flatten(), y.flatten(), 1, 1 if pos_label is None else pos_label
    if pos_label is not None:
        raise ValueError(f"For 'ROC', when the dimension of predicted value (input[0]) equals the dimension "
                         f"of true value (input[1]) add 1, the 'pos_label' must be None, but got {pos_label}.")
    if class_num != y_pred.shape[1]:
        raise ValueError("For 'ROC', the 'class_num' must equal the number of classes from predicted value "
                         f"(input[0]), but got 'class_num' {class_num}, the number of classes from predicted value "
                         f"{y_pred.shape[1]}.")
    # numpy's transpose(0, 1) is the identity on 2-D scores (and refuses more axes), as in MindSpore.
    y_pred = y_pred.transpose(0, 1).reshape(class_num, -1).transpose(0, 1)
    return y_pred, y.flatten(), class_num, pos_label
