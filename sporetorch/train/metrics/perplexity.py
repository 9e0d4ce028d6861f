"""Perplexity of predicted class probabilities."""
import math

import numpy as np

from .metric import Metric, rearrange_inputs


class Perplexity(Metric):
    """``exp(-mean(log p[label]))`` over all labels seen (probabilities clipped at 1e-10).

    Args:
        ignore_label (int, optional): a label value that does not count.

    Inputs of ``update``: ``preds`` probabilities (..., C), ``labels`` (...).
    """

    def __init__(self, ignore_label=None):
        super().__init__()
        if ignore_label is not None and (isinstance(ignore_label, bool) or not isinstance(ignore_label, int)):
            raise TypeError(f"For 'Perplexity', 'ignore_label' must be an int, but got {ignore_label!r}")
        self.ignore_label = ignore_label
        self.clear()

    def clear(self):
        self._sum_metric = 0.0
        self._num_inst = 0

    @rearrange_inputs
    def update(self, *inputs):
        pred, label = self._input_arrays(inputs, 2, "predicted value, label")
        if label.size * pred.shape[-1] != pred.size:
            raise RuntimeError(f"For 'Perplexity.update', preds {pred.shape} must hold one row of class "
                               f"probabilities per label {label.shape}")
        label = label.reshape(-1).astype(np.int64)
        picked = pred.reshape(-1, pred.shape[-1])[np.arange(label.size), label]
        count = picked.size
        if self.ignore_label is not None:
            ignore = label == self.ignore_label
            picked = np.where(ignore, 1.0, picked)
            count -= int(ignore.sum())
        self._sum_metric -= float(np.sum(np.log(np.maximum(1e-10, picked))))
        self._num_inst += count

    def eval(self):
        self._check_updated(self._num_inst)
        return math.exp(self._sum_metric / self._num_inst)
