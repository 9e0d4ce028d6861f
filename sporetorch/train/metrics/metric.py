"""The ``Metric`` base class: ``clear()``, ``update(*inputs)``, ``eval()``.

Metrics accumulate NumPy statistics between ``clear`` calls; they run once per
evaluation batch, outside the training step, so NumPy is the simple and exact choice.
"""
import functools
import sys

import numpy as np

from ...common.tensor import Tensor

_EPS = sys.float_info.min


def rearrange_inputs(func):
    """Decorator for ``update``: reorder/select the inputs by ``self.indexes`` when set."""
    @functools.wraps(func)
    def wrapper(self, *inputs):
        indexes = self.indexes
        if indexes:
            inputs = [inputs[i] for i in indexes]
        return func(self, *inputs)
    return wrapper


class Metric:
    """Base class of the evaluation metrics.

    Subclasses implement ``clear`` (reset the state), ``update(*inputs)`` (add one batch)
    and ``eval`` (the value so far). Calling a metric runs all three on one batch.
    """

    def __init__(self):
        self._indexes = None

    def _convert_data(self, data):
        if isinstance(data, Tensor):
            return data.asnumpy()
        if isinstance(data, (list, np.ndarray)):
            return np.asarray(data)
        raise TypeError(f"For '{type(self).__name__}', the input data must be a Tensor, list or numpy.ndarray, "
                        f"but got {type(data).__name__}")

    @property
    def indexes(self):
        return getattr(self, "_indexes", None)

    def set_indexes(self, indexes):
        """Use ``inputs[i] for i in indexes`` as the inputs of ``update``; returns self."""
        if not isinstance(indexes, list) or not all(isinstance(i, int) for i in indexes):
            raise ValueError(f"For 'set_indexes', 'indexes' must be a list of ints, but got {indexes!r}")
        self._indexes = indexes
        return self

    def __call__(self, *inputs):
        self.clear()
        self.update(*inputs)
        return self.eval()

    def clear(self):
        raise NotImplementedError(f"{type(self).__name__} must define clear()")

    def update(self, *inputs):
        raise NotImplementedError(f"{type(self).__name__} must define update()")

    def eval(self):
        raise NotImplementedError(f"{type(self).__name__} must define eval()")

    def _check_inputs(self, inputs, count, what):
        if len(inputs) != count:
            raise ValueError(f"For '{type(self).__name__}.update', it needs {count} inputs ({what}), "
                             f"but got {len(inputs)}")

    def _input_arrays(self, inputs, count, what):
        """Check there are ``count`` inputs (named by ``what``) and return them as NumPy arrays."""
        self._check_inputs(inputs, count, what)
        return [self._convert_data(data) for data in inputs]

    def _check_updated(self, done):
        if not done:
            raise RuntimeError(f"The '{type(self).__name__}' can not be calculated because no samples were added; "
                               "call update() before eval()")


_EVAL_TYPES = ("classification", "multilabel")


class EvaluationBase(Metric):
    """Base of metrics that compare predictions with labels in a ``classification``
    (``y_pred`` (N, C, ...) scores, ``y`` (N, ...) class indices or one-hot) or
    ``multilabel`` (both (N, C, ...) of 0/1) setting."""

    def __init__(self, eval_type):
        super().__init__()
        if eval_type not in _EVAL_TYPES:
            raise TypeError(f"The argument 'eval_type' must be in {set(_EVAL_TYPES)}, but got {eval_type}")
        self._type = eval_type

    def _prepare(self, y_pred, y):
        """Convert, decode one-hot labels, check shapes and values; remember the class count."""
        y_pred = self._convert_data(y_pred)
        y = self._convert_data(y)
        if self._type == "classification":
            y = _decode_onehot(y_pred, y)
        name = type(self).__name__
        if self._type == "classification":
            if y_pred.ndim != y.ndim + 1 or y.shape != (y_pred.shape[0],) + y_pred.shape[2:]:
                raise ValueError(f"For '{name}', in the classification case y_pred must be (N, C, ...) and y (N, ...), "
                                 f"but got y_pred {y_pred.shape} and y {y.shape}")
        else:
            if y_pred.shape != y.shape:
                raise ValueError(f"For '{name}', in the multilabel case y_pred and y must have the same shape, "
                                 f"but got {y_pred.shape} and {y.shape}")
            if not (np.isin(y_pred, (0, 1)).all() and np.isin(y, (0, 1)).all()):
                raise ValueError(f"For '{name}', in the multilabel case every element of y_pred and y must be 0 or 1")
        classes = y_pred.shape[1]
        if self._class_num == 0:
            self._class_num = classes
        elif classes != self._class_num:
            raise ValueError(f"For '{name}', the class number changed: earlier inputs had {self._class_num} "
                             f"classes, this one has {classes}")
        return y_pred, y


def _is_onehot(data):
    return bool(_check_onehot_data(data))


def _decode_onehot(y_pred, y):
    """Class indices from ``y`` when it is one-hot (same rank as the scores ``y_pred``)."""
    if y_pred.ndim == y.ndim and _is_onehot(y):
        return y.argmax(axis=1)
    return y


def _onehot_counts(y_pred, y, class_num, name):
    """Classification scores and labels as one-hot (samples, classes) matrices."""
    if y.size and y.max() + 1 > class_num:
        raise ValueError(f"For '{name}', y_pred has {class_num} classes but y contains label {int(y.max())}")
    eye = np.eye(class_num)
    moved = np.moveaxis(y_pred, 1, -1).reshape(-1, class_num)
    return eye[moved.argmax(axis=1)], eye[y.reshape(-1).astype(np.int64)]


def _check_onehot_data(data):
    """Whether ``data`` is one-hot along axis 1 (0/1 values, one 1 per sample)."""
    if data.ndim > 1 and np.equal(data ** 2, data).all():
        if np.equal(np.ones((data.shape[0],) + data.shape[2:]), data.sum(axis=1)).all():
            return True
    return False


def _binary_clf_curve(preds, target, sample_weights=None, pos_label=1):
    """False and true positive counts (weighted by ``sample_weights``) at each distinct score, highest score
    first; returns ``(fps, tps, thresholds)``. (N, C) scores use their first column."""
    if sample_weights is not None and not isinstance(sample_weights, np.ndarray):
        sample_weights = np.array(sample_weights)
    if preds.ndim > target.ndim:
        preds = preds[:, 0]
    order = np.argsort(-preds, kind="stable")
    preds, target = preds[order], target[order]
    weight = 1.0 if sample_weights is None else sample_weights[order]
    cut = np.concatenate([np.where(np.diff(preds))[0], [target.shape[0] - 1]]).astype(np.int64)
    positive = (target == pos_label).astype(np.int64)
    tps = np.cumsum(positive * weight, axis=0)[cut]
    if sample_weights is not None:
        fps = np.cumsum((1 - positive) * weight, axis=0)[cut]
    else:
        fps = 1 + cut - tps
    return fps, tps, preds[cut]
