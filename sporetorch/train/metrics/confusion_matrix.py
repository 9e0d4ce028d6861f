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


# metric name → (numerator, denominator) of the confusion-matrix entries tp, fp, tn, fn (p = tp + fn, n = fp + tn)
def _rate(num, den):
    return np.where(den > 0, num / np.where(den > 0, den, 1), np.nan)


_CM_METRICS = {
    "tpr": lambda tp, fp, tn, fn: (tp, tp + fn),
    "tnr": lambda tp, fp, tn, fn: (tn, fp + tn),
    "ppv": lambda tp, fp, tn, fn: (tp, tp + fp),
    "npv": lambda tp, fp, tn, fn: (tn, tn + fn),
    "fnr": lambda tp, fp, tn, fn: (fn, tp + fn),
    "fpr": lambda tp, fp, tn, fn: (fp, fp + tn),
    "fdr": lambda tp, fp, tn, fn: (fp, fp + tp),
    "for": lambda tp, fp, tn, fn: (fn, fn + tn),
    "pt": lambda tp, fp, tn, fn: (np.sqrt(_rate(tp, tp + fn) * (1.0 - _rate(tn, fp + tn))) + _rate(tn, fp + tn) - 1.0,
                                  _rate(tp, tp + fn) + _rate(tn, fp + tn) - 1.0),
    "ts": lambda tp, fp, tn, fn: (tp, tp + fn + fp),
    "acc": lambda tp, fp, tn, fn: (tp + tn, tp + fp + tn + fn),
    "ba": lambda tp, fp, tn, fn: (_rate(tp, tp + fn) + _rate(tn, fp + tn), 2.0),
    "f1": lambda tp, fp, tn, fn: (2.0 * tp, 2.0 * tp + fn + fp),
    "mcc": lambda tp, fp, tn, fn: (tp * tn - fp * fn, np.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))),
    "fm": lambda tp, fp, tn, fn: (np.sqrt(_rate(tp, tp + fp) * _rate(tp, tp + fn)), 1.0),
    "bm": lambda tp, fp, tn, fn: (_rate(tp, tp + fn) + _rate(tn, fp + tn) - 1.0, 1.0),
    # MindSpore 2.10 divides tn by tn + fn without a zero guard here
    "mk": lambda tp, fp, tn, fn: (_rate(tp, tp + fp) + tn / (tn + fn) - 1.0, 1.0),
}
_CM_ALIASES = {
    "sensitivity": "tpr", "recall": "tpr", "hit_rate": "tpr", "true_positive_rate": "tpr", "specificity": "tnr",
    "selectivity": "tnr", "true_negative_rate": "tnr", "precision": "ppv", "positive_predictive_value": "ppv",
    "negative_predictive_value": "npv", "miss_rate": "fnr", "false_negative_rate": "fnr", "fall_out": "fpr",
    "false_positive_rate": "fpr", "false_discovery_rate": "fdr", "false_omission_rate": "for",
    "prevalence_threshold": "pt", "threat_score": "ts", "critical_success_index": "ts", "csi": "ts",
    "accuracy": "acc", "balanced_accuracy": "ba", "f1_score": "f1", "matthews_correlation_coefficient": "mcc",
    "fowlkes_mallows_index": "fm", "informedness": "bm", "bookmaker_informedness": "bm", "markedness": "mk",
    "deltap": "mk",
}
_DECREASE = ("none", "mean", "sum", "mean_batch", "sum_batch", "mean_channel", "sum_channel")


def _cm_metric(name, cm):
    key = name.replace(" ", "_").lower()
    key = _CM_ALIASES.get(key, key)
    if key not in _CM_METRICS:
        raise NotImplementedError("The metric is not implemented.")
    cm = np.atleast_2d(cm)
    with np.errstate(divide="ignore", invalid="ignore"):
        num, den = _CM_METRICS[key](cm[..., 0], cm[..., 1], cm[..., 2], cm[..., 3])
        if isinstance(den, np.ndarray):
            return np.where(den != 0, num / np.where(den != 0, den, 1), np.nan)
        return num / den


def _decrease(chart, how):
    """Reduce a (batch, class) chart, ignoring NaNs; returns (value, number of non-NaN entries)."""
    valid = ~np.isnan(chart)
    chart = np.where(valid, chart, 0.0)
    counts = valid.astype(float)
    if how == "none":
        return chart, counts
    if how == "sum":
        return chart.sum(), counts.sum()
    if how in ("sum_batch", "sum_channel"):
        axis = 0 if how == "sum_batch" else 1
        return chart.sum(axis=axis), counts.sum(axis=axis)
    if how in ("mean_batch", "mean_channel"):
        axis = 0 if how == "mean_batch" else 1
        n = counts.sum(axis=axis)
        return np.where(n > 0, chart.sum(axis=axis) / np.where(n > 0, n, 1), 0.0), n
    n = counts.sum(axis=1)  # "mean": per sample over classes, then over the samples that have a value
    per_sample = np.where(n > 0, chart.sum(axis=1) / np.where(n > 0, n, 1), 0.0)
    m = (n > 0).sum()
    return (per_sample.sum() / m if m > 0 else 0.0), float(m)


class ConfusionMatrixMetric(Metric):
    """A metric computed from the confusion matrix of binarised, one-hot predictions (sensitivity,
    specificity, precision, F1, MCC, ...; 17 metrics and their usual aliases).

    Args:
        skip_channel (bool): count the first channel (usually the background) too. Default: True.
        metric_name (str): e.g. ``"sensitivity"``, ``"precision"``, ``"f1 score"``, ``"mcc"``.
        calculation_method (bool): True computes the metric per sample and class and averages it (reduced
            by ``decrease``); False sums the confusion matrix over every update and computes the metric once.
        decrease (str): with ``calculation_method=True``: ``"none"``, ``"mean"``, ``"sum"``, ``"mean_batch"``,
            ``"sum_batch"``, ``"mean_channel"`` or ``"sum_channel"``. Default: ``"mean"``.

    Inputs of ``update``: ``y_pred`` and ``y``, binary arrays of shape (N, C, ...).
    """

    def __init__(self, skip_channel=True, metric_name="sensitivity", calculation_method=False, decrease="mean"):
        super().__init__()
        for arg, value in (("skip_channel", skip_channel), ("calculation_method", calculation_method)):
            if not isinstance(value, bool):
                raise TypeError(f"For 'ConfusionMatrixMetric', the '{arg}' must be bool, but got "
                                f"{type(value).__name__}")
        if not isinstance(metric_name, str):
            raise TypeError(f"For 'ConfusionMatrixMetric', the 'metric_name' must be str, but got "
                            f"{type(metric_name).__name__}")
        if decrease not in _DECREASE:
            raise ValueError(f"For 'ConfusionMatrixMetric', the 'decrease' must be one of {list(_DECREASE)}, but got "
                             f"{decrease!r}")
        self.skip_channel, self.metric_name = skip_channel, metric_name
        self.calculation_method, self.decrease = calculation_method, decrease
        self.clear()

    def clear(self):
        self._total_num, self._class_num = 0.0, 0
        self._totals = np.zeros(4)

    def _matrix(self, y_pred, y):
        if not np.all(y.astype(np.uint8) == y):
            raise ValueError("For 'ConfusionMatrix.update', the true value (input[1]) must be a binarized ndarray.")
        if y_pred.ndim < 2:
            raise ValueError(f"For 'ConfusionMatrix.update', the predicted value (input[0]) must have at least 2 "
                             f"dimensions, but got {y_pred.ndim}.")
        if not self.skip_channel and y.shape[1] > 1:
            y, y_pred = y[:, 1:], y_pred[:, 1:]
        if y.shape != y_pred.shape:
            raise ValueError(f"For 'ConfusionMatrixMetric.update', the predicted and true values must have the same "
                             f"shape, but got {y_pred.shape} and {y.shape}.")
        b, c = y_pred.shape[:2]
        y_pred, y = y_pred.reshape(b, c, -1).astype(float), y.reshape(b, c, -1).astype(float)
        tp = (y_pred + y == 2).sum(axis=2).astype(float)
        tn = (y_pred + y == 0).sum(axis=2).astype(float)
        p = y.sum(axis=2)
        return np.stack([tp, y.shape[-1] - p - tn, tn, p - tp], axis=-1)

    @rearrange_inputs
    def update(self, *inputs):
        y_pred, y = self._input_arrays(inputs, 2, "predicted value, true value")
        cm = self._matrix(y_pred, y)
        per_sample = self.calculation_method and not (y_pred.ndim == 2 or (y_pred.ndim == 3 and
                                                                           y_pred.shape[-1] == 1))
        if per_sample:
            score, counted = _decrease(_cm_metric(self.metric_name, cm), self.decrease)
            counted = int(np.asarray(counted).item())
            self._total_num += float(np.asarray(score).item()) * counted
            self._class_num += counted
        else:
            self._totals += cm.reshape(-1, 4).sum(axis=0)
            self._class_num += 1

    def eval(self):
        if self.calculation_method:
            if self._class_num == 0:
                raise RuntimeError("The 'ConfusionMatrixMetric' can not be calculated, because the number of samples "
                                   "is 0, please check whether your inputs(predicted value, true value) are empty, "
                                   "or has called update method before calling eval method.")
            return self._total_num / self._class_num
        return _cm_metric(self.metric_name, self._totals)
