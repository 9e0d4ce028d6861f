"""Loss: the average of the loss values of the batches seen."""
import numpy as np

from .metric import Metric, rearrange_inputs


class Loss(Metric):
    """The mean, over ``update`` calls, of each call's (mean) loss."""

    def __init__(self):
        super().__init__()
        self.clear()

    def clear(self):
        self._sum_loss = 0.0
        self._total_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        loss, = self._input_arrays(inputs, 1, "loss")
        if loss.ndim == 0:
            loss = loss.reshape(1)
        if loss.ndim != 1:
            raise ValueError(f"For 'Loss.update', the loss must be a scalar or 1-D, but got shape {loss.shape}")
        self._sum_loss += float(loss.mean())
        self._total_num += 1

    def eval(self):
        self._check_updated(self._total_num)
        return np.float64(self._sum_loss / self._total_num)
