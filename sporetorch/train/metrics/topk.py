"""Top-k categorical accuracy."""
import numpy as np

from .metric import Metric, _decode_onehot, rearrange_inputs


class TopKCategoricalAccuracy(Metric):
    """The fraction of samples whose label is among the ``k`` highest scores.

    Inputs of ``update``: ``y_pred`` scores (N, C), ``y`` labels (N,) or one-hot (N, C).
    """

    def __init__(self, k):
        super().__init__()
        if isinstance(k, bool) or not isinstance(k, int):
            raise TypeError(f"For 'TopKCategoricalAccuracy', 'k' must be an int, but got {type(k).__name__}")
        if k < 1:
            raise ValueError(f"For 'TopKCategoricalAccuracy', 'k' must be >= 1, but got {k}")
        self.k = k
        self.clear()

    def clear(self):
        self._correct_num = 0
        self._samples_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._input_arrays(inputs, 2, "predicted value, true value")
        y = _decode_onehot(y_pred, y)
        top = np.argsort(-y_pred, axis=1, kind="stable")[:, :self.k]
        self._correct_num += int((top == y.reshape(-1, 1)).any(axis=1).sum())
        self._samples_num += y_pred.shape[0]

    def eval(self):
        self._check_updated(self._samples_num)
        return np.float64(self._correct_num / self._samples_num)


class Top1CategoricalAccuracy(TopKCategoricalAccuracy):
    def __init__(self):
        super().__init__(1)


class Top5CategoricalAccuracy(TopKCategoricalAccuracy):
    def __init__(self):
        super().__init__(5)
