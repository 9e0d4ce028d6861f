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


def _rate(num, den):
    """``num / den`` where ``den > 0``, NaN elsewhere (MindSpore's guarded rate)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(den > 0, num / np.where(den > 0, den, 1), np.nan)


# Each ``_calculate_<metric>`` returns the (numerator, denominator) of the metric from the confusion-matrix
# entries tp, fp, tn, fn and p = tp + fn, n = fp + tn, with MindSpore 2.10's argument lists.
def _calculate_tpr(tp, p):
    """Sensitivity: tp / p."""
    return tp, p


def _calculate_tnr(tn, n):
    """Specificity: tn / n."""
    return tn, n


def _calculate_ppv(tp, fp):
    """Precision: tp / (tp + fp)."""
    return tp, tp + fp


def _calculate_npv(tn, fn):
    """Negative predictive value: tn / (tn + fn)."""
    return tn, tn + fn


def _calculate_fnr(fn, p):
    """Miss rate: fn / p."""
    return fn, p


def _calculate_fpr(fp, n):
    """Fall-out: fp / n."""
    return fp, n


def _calculate_fdr(tp, fp):
    """False discovery rate: fp / (fp + tp)."""
    return fp, fp + tp


def _calculate_for(tn, fn):
    """False omission rate: fn / (fn + tn)."""
    return fn, fn + tn


def _calculate_pt(tp, tn, p, n):
    """Prevalence threshold."""
    tpr, tnr = _rate(tp, p), _rate(tn, n)
    return np.sqrt(tpr * (1.0 - tnr)) + tnr - 1.0, tpr + tnr - 1.0


def _calculate_ts(tp, fp, fn):
    """Threat score: tp / (tp + fn + fp)."""
    return tp, tp + fn + fp


def _calculate_acc(tp, tn, p, n):
    """Accuracy: (tp + tn) / (p + n)."""
    return tp + tn, p + n


def _calculate_ba(tp, tn, p, n):
    """Balanced accuracy: (tpr + tnr) / 2."""
    return _rate(tp, p) + _rate(tn, n), 2.0


def _calculate_f1(tp, fp, fn):
    """F1: 2 tp / (2 tp + fn + fp)."""
    return tp * 2.0, tp * 2.0 + fn + fp


def _calculate_mcc(tp, fp, tn, fn):
    """Matthews correlation coefficient."""
    return tp * tn - fp * fn, np.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn))


def _calculate_fm(tp, fp, p):
    """Fowlkes-Mallows index: sqrt(ppv * tpr)."""
    return np.sqrt(_rate(tp, tp + fp) * _rate(tp, p)), 1.0


def _calculate_bm(tp, tn, p, n):
    """Informedness: tpr + tnr - 1."""
    return _rate(tp, p) + _rate(tn, n) - 1.0, 1.0


def _calculate_mk(tp, fp, tn, fn):
    """Markedness: ppv + npv - 1 (MindSpore 2.10 divides tn by tn + fn without a zero guard here)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return _rate(tp, tp + fp) + tn / (tn + fn) - 1.0, 1.0


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
_CM_SHORT = ("tpr", "tnr", "ppv", "npv", "fnr", "fpr", "fdr", "for", "pt", "ts", "acc", "ba", "f1", "mcc", "fm",
             "bm", "mk")
_DECREASE = ("none", "mean", "sum", "mean_batch", "sum_batch", "mean_channel", "sum_channel")


def _check_metric_name(metric_name):
    """The short name (``"tpr"``, ``"f1"``, ...) of a confusion-matrix metric name or alias (spaces allowed,
    any case); NotImplementedError for an unknown name."""
    key = metric_name.replace(" ", "_").lower()
    key = _CM_ALIASES.get(key, key)
    if key not in _CM_SHORT:
        raise NotImplementedError("The metric is not implemented.")
    return key


def _compute_confusion_matrix_metric(metric_name, confusion_matrix):
    """The metric ``metric_name`` of a (..., 4) confusion matrix [tp, fp, tn, fn]; NaN where its
    denominator is 0."""
    metric = _check_metric_name(metric_name)
    if confusion_matrix.ndim == 1:
        confusion_matrix = np.expand_dims(confusion_matrix, 0)
    if confusion_matrix.shape[-1] != 4:
        raise ValueError(f"For 'ConfusionMatrix', the size of the last dimension of confusion_matrix must be 4, "
                         f"but got {confusion_matrix.shape[-1]}.")
    tp, fp, tn, fn = (confusion_matrix[..., i] for i in range(4))
    p, n = tp + fn, fp + tn
    args = {"tpr": (tp, p), "tnr": (tn, n), "ppv": (tp, fp), "npv": (tn, fn), "fnr": (fn, p), "fpr": (fp, n),
            "fdr": (tp, fp), "for": (tn, fn), "pt": (tp, tn, p, n), "ts": (tp, fp, fn), "acc": (tp, tn, p, n),
            "ba": (tp, tn, p, n), "f1": (tp, fp, fn), "mcc": (tp, fp, tn, fn), "fm": (tp, fp, p),
            "bm": (tp, tn, p, n), "mk": (tp, fp, tn, fn)}[metric]
    numerator, denominator = globals()[f"_calculate_{metric}"](*args)
    if isinstance(denominator, np.ndarray):
        return _nan_divide(numerator, denominator)
    return numerator / denominator


def _nan_divide(numerator, denominator):
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(denominator != 0, numerator / np.where(denominator != 0, denominator, 1), np.nan)


def _cm_metric(name, cm):
    return _compute_confusion_matrix_metric(name, np.atleast_2d(cm))


# Each ``_decrease_<how>(not_nans, chart)`` reduces a (batch, class) chart whose NaNs were zeroed, with
# ``not_nans`` its 0/1 mask; returns (count of the values reduced, reduced chart) as MindSpore 2.10 does.
def _masked_mean(total, count):
    return np.where(count > 0, total / np.where(count > 0, count, 1), np.zeros(1, dtype=float))


def _decrease_none(not_nans, chart):
    """No reduction."""
    return not_nans, chart


def _decrease_mean(not_nans, chart):
    """Mean over the classes of each sample, then over the samples that have a value."""
    not_nans = not_nans.sum(axis=1)
    chart = _masked_mean(chart.sum(axis=1), not_nans)
    not_nans = (not_nans > 0).astype(float).sum(axis=0)
    return not_nans, _masked_mean(chart.sum(axis=0), not_nans)


def _decrease_sum(not_nans, chart):
    """Sum over samples and classes."""
    return not_nans.sum(axis=(0, 1)), np.sum(chart, axis=(0, 1))


def _decrease_mean_batch(not_nans, chart):
    """Mean over the samples, per class."""
    not_nans = not_nans.sum(axis=0)
    return not_nans, _masked_mean(chart.sum(axis=0), not_nans)


def _decrease_sum_batch(not_nans, chart):
    """Sum over the samples, per class."""
    return not_nans.sum(axis=0), chart.sum(axis=0)


def _decrease_mean_channel(not_nans, chart):
    """Mean over the classes, per sample."""
    not_nans = not_nans.sum(axis=1)
    return not_nans, _masked_mean(chart.sum(axis=1), not_nans)


def _decrease_sum_channel(not_nans, chart):
    """Sum over the classes, per sample."""
    return not_nans.sum(axis=1), chart.sum(axis=1)


def _decrease_metric(chart, decrease="mean"):
    """Reduce a (batch, class) chart of metric values, NaNs zeroed in place and not counted; returns
    (reduced chart, number of values reduced)."""
    nans = np.isnan(chart)
    not_nans = (~nans).astype(float)
    chart[nans] = 0
    not_nans, chart = globals()[f"_decrease_{decrease}"](not_nans, chart)
    return chart, not_nans


def _decrease(chart, how):
    """Reduce a (batch, class) chart, ignoring NaNs; returns (value, number of non-NaN entries)."""
    return _decrease_metric(np.array(chart, dtype=float), how)


def _get_confusion_matrix(y_pred, y, skip_channel=True):
    """The (batch, class, 4) confusion matrix [tp, fp, tn, fn] of binarised one-hot ``y_pred`` against ``y``;
    ``skip_channel=False`` drops the first channel (when there is more than one)."""
    if not skip_channel:
        y = y[:, 1:] if y.shape[1] > 1 else y
        y_pred = y_pred[:, 1:] if y_pred.shape[1] > 1 else y_pred
    y, y_pred = y.astype(float), y_pred.astype(float)
    if y.shape != y_pred.shape:
        raise ValueError(f"y_shape: {y.shape} should be equal to y_pred_shape: {y_pred.shape}")
    b, c = y_pred.shape[:2]
    y_pred, y = y_pred.reshape(b, c, -1), y.reshape(b, c, -1)
    tp = (y_pred + y == 2).astype(float).sum(axis=2)
    tn = (y_pred + y == 0).astype(float).sum(axis=2)
    p = y.sum(axis=2)
    n = y.shape[-1] - p
    return np.stack([tp, n - tn, tn, p - tp], axis=-1)


class _ConfusionMatrix:
    """Confusion-matrix metrics of one batch (the functional core of ConfusionMatrixMetric).

    Args:
        skip_channel (bool): see ConfusionMatrixMetric. Default: True.
        metric_name (Union[str, list[str]]): metric name(s) or aliases. Default: ``"hit_rate"``.
        calculation_method (bool): True returns the per-sample metric reduced by ``decrease``; False the
            confusion matrix. Default: False.
        decrease (str): the reduction of the per-sample values. Default: ``"mean"``.

    Inputs: ``y_pred`` and ``y``, binary one-hot arrays of shape (N, C, ...).
    Outputs: the (N, C, 4) confusion matrix, or ``(chart, not_nans)`` (a flat list of them for several names).
    """

    def __init__(self, skip_channel=True, metric_name="hit_rate", calculation_method=False, decrease="mean"):
        self.skip_channel = skip_channel
        self.metric_name = metric_name
        self.calculation_method = calculation_method
        self.decrease = decrease

    def __call__(self, y_pred, y):
        if not np.all(y.astype(np.uint8) == y):
            raise ValueError("For 'ConfusionMatrix.update', the true value (input[1]) must be a binarized ndarray.")
        if y_pred.ndim < 2:
            raise ValueError(f"For 'ConfusionMatrix.update', the predicted value (input[0]) must have at least 2 "
                             f"dimensions, but got {y_pred.ndim}.")
        if y_pred.ndim == 2 or (y_pred.ndim == 3 and y_pred.shape[-1] == 1):
            self.calculation_method = False
        cm = _get_confusion_matrix(y_pred=y_pred, y=y, skip_channel=self.skip_channel)
        if not self.calculation_method:
            return cm
        if isinstance(self.metric_name, str):
            return _decrease_metric(_compute_confusion_matrix_metric(self.metric_name, cm), self.decrease)
        if not self.metric_name:
            raise ValueError("For 'ConfusionMatrix', the argument 'metric_name' cannot be None.")
        results = []
        for name in self.metric_name:
            results.extend(_decrease_metric(_compute_confusion_matrix_metric(name, cm), self.decrease))
        return results


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
        return _get_confusion_matrix(y_pred, y)

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
