"""Regression errors: MAE and MSE (summed over a sample's elements, averaged over samples)."""
import numpy as np

from .metric import Metric, rearrange_inputs


class _SampleError(Metric):
    def __init__(self):
        super().__init__()
        self.clear()

    def clear(self):
        self._error_sum = 0.0
        self._samples_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._input_arrays(inputs, 2, "predicted value, true value")
        if y.size != y_pred.size:
            raise ValueError(f"For '{type(self).__name__}.update', y_pred {y_pred.shape} and y {y.shape} must have "
                             "the same number of elements")
        self._error_sum += float(self._error(y.reshape(y_pred.shape) - y_pred).sum())
        self._samples_num += y.shape[0]

    def eval(self):
        self._check_updated(self._samples_num)
        return np.float64(self._error_sum / self._samples_num)


class MAE(_SampleError):
    """Mean absolute error: ``sum |y - y_pred| / N`` over the N samples seen."""

    @staticmethod
    def _error(diff):
        return np.abs(diff)


class MSE(_SampleError):
    """Mean squared error: ``sum (y - y_pred)^2 / N`` over the N samples seen."""

    @staticmethod
    def _error(diff):
        return np.square(diff)
