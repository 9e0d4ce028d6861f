"""Dice coefficient."""
from .metric import Metric, rearrange_inputs


class Dice(Metric):
    """The mean over batches-per-sample of ``2 <y_pred, y> / (<y_pred, y_pred> + <y, y> + smooth)``.

    MindSpore's definition: each ``update`` adds one coefficient for the whole batch and
    counts the batch's samples, so ``eval`` is the sum of batch coefficients / samples.

    Args:
        smooth (float): added to the denominator, > 0. Default: 1e-5.
    """

    def __init__(self, smooth=1e-5):
        super().__init__()
        if isinstance(smooth, bool) or not isinstance(smooth, float) or smooth <= 0:
            raise ValueError(f"For 'Dice', 'smooth' must be a positive float, but got {smooth!r}")
        self.smooth = smooth
        self.clear()

    def clear(self):
        self._dice_coeff_sum = 0.0
        self._samples_num = 0

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._input_arrays(inputs, 2, "predicted value, true value")
        if y_pred.shape != y.shape:
            raise ValueError(f"For 'Dice.update', y_pred and y must have the same shape, but got "
                             f"{y_pred.shape} and {y.shape}")
        p, t = y_pred.reshape(-1).astype(float), y.reshape(-1).astype(float)
        self._samples_num += y.shape[0]
        self._dice_coeff_sum += 2 * float(p @ t) / float(p @ p + t @ t + self.smooth)

    def eval(self):
        self._check_updated(self._samples_num)
        return self._dice_coeff_sum / float(self._samples_num)
