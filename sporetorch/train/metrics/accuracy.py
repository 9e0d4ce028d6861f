"""Accuracy."""
import numpy as np

from .metric import EvaluationBase, rearrange_inputs


class Accuracy(EvaluationBase):
    """The fraction of correct predictions.

    Args:
        eval_type (str): ``"classification"`` (argmax of ``y_pred`` equals the label) or
            ``"multilabel"`` (every label of a sample right). Default: classification.

    Inputs of ``update``: ``y_pred`` scores (N, C, ...), ``y`` labels (N, ...) or one-hot.
    """

    def __init__(self, eval_type="classification"):
        super().__init__(eval_type)
        self.clear()

    def clear(self):
        self._correct_num = 0
        self._total_num = 0
        self._class_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        self._check_inputs(inputs, 2, "predicted value, true value")
        y_pred, y = self._prepare(*inputs)
        if self._type == "classification":
            result = (y_pred.argmax(axis=1) == y).reshape(-1)
        else:
            c = self._class_num
            result = (np.moveaxis(y_pred, 1, -1).reshape(-1, c) == np.moveaxis(y, 1, -1).reshape(-1, c)).all(axis=1)
        self._correct_num += int(result.sum())
        self._total_num += result.shape[0]

    def eval(self):
        self._check_updated(self._total_num)
        return np.float64(self._correct_num / self._total_num)
