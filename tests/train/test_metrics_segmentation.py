"""HausdorffDistance, MeanSurfaceDistance, RootMeanSquareDistance and ConfusionMatrixMetric against MindSpore 2.10.

``tests/data/metrics_surface_confusion_ms210.json`` holds what MindSpore 2.10 returned for the sequence of
metric evaluations that ``_evaluations`` repeats here (None stands for NaN, "inf" for infinity).
"""
import json
import os

import numpy as np
import pytest

import sporetorch as ms
from sporetorch import train

_DATA = os.path.join(os.path.dirname(__file__), "..", "data", "metrics_surface_confusion_ms210.json")


def _evaluations():
    rng = np.random.default_rng(0)
    a = (rng.random((6, 7)) > 0.5).astype(np.float32)
    b = (rng.random((6, 7)) > 0.4).astype(np.float32)
    c = np.zeros((5, 6, 4), np.float32)
    c[1:4, 2:5, 1:3] = 1
    d = np.zeros((5, 6, 4), np.float32)
    d[0:3, 1:4, 0:2] = 1
    d[4, 5, 3] = 1
    for x, y in ((a, b), (c, d)):
        for metric in ("euclidean", "chessboard", "taxicab"):
            for kw in ({}, {"percentile": 60.0}, {"directed": True}, {"crop": False}):
                yield train.HausdorffDistance(distance_metric=metric, **kw), (x, y, 1)
            for sym in (False, True):
                yield train.MeanSurfaceDistance(symmetric=sym, distance_metric=metric), (x, y, 1)
                yield train.RootMeanSquareDistance(symmetric=sym, distance_metric=metric), (x, y, 1)
    yp = np.array([[[0, 1], [1, 0]], [[1, 1], [0, 0]]], np.float32)
    yt = np.array([[[0, 1], [0, 1]], [[1, 0], [0, 0]]], np.float32)
    for name in ("sensitivity", "specificity", "precision", "f1 score", "mcc", "accuracy", "balanced_accuracy",
                 "prevalence_threshold", "fm", "bm", "mk", "threat score", "npv", "fnr", "fpr", "fdr", "for"):
        for per_sample in (False, True):
            decreases = ("mean", "sum", "sum_batch", "mean_channel", "sum_channel", "none") if per_sample else ("mean",)
            for dec in decreases:
                metric = train.ConfusionMatrixMetric(skip_channel=True, metric_name=name,
                                                     calculation_method=per_sample, decrease=dec)
                yield metric, [(yp, yt), (yt, yp)]
    yield train.ConfusionMatrixMetric(skip_channel=False, metric_name="tpr"), [(yp, yt)]


def _run(metric, inputs):
    try:
        for args in (inputs if isinstance(inputs, list) else [inputs]):
            metric.update(*[ms.Tensor(v) if isinstance(v, np.ndarray) else v for v in args])
        return np.asarray(metric.eval()).tolist()
    except ValueError as e:  # MindSpore 2.10 raises this for decrease modes that leave more than one value
        assert "size 1" in str(e)
        return "ValueError"


def test_segmentation_metrics_match_mindspore():
    with open(_DATA) as f:
        expected = json.load(f)
    got = [_run(m, args) for m, args in _evaluations()]
    assert len(got) == len(expected)
    for i, (g, e) in enumerate(zip(got, expected)):
        if isinstance(e, str) and e != "inf":
            assert g == e, i
            continue
        e = np.array(np.inf if e == "inf" else e, dtype=float)
        np.testing.assert_allclose(np.array(g, dtype=float), e, rtol=1e-9, equal_nan=True, err_msg=str(i))


def test_closed_forms_and_errors():
    # two single-voxel masks 3 apart along one axis: every distance is 3 (2 for chessboard on a diagonal)
    x = np.zeros((5, 5), np.float32)
    y = np.zeros((5, 5), np.float32)
    x[0, 0], y[3, 0] = 1, 1
    h = train.HausdorffDistance()
    h.update(ms.Tensor(x), ms.Tensor(y), 1)
    assert h.eval() == 3.0
    y[3, 0], y[2, 2] = 0, 1
    for metric, value in (("euclidean", np.sqrt(8)), ("chessboard", 2.0), ("taxicab", 4.0)):
        m = train.MeanSurfaceDistance(distance_metric=metric)
        m.update(ms.Tensor(x), ms.Tensor(y), 1)
        assert m.eval() == pytest.approx(value)
    with pytest.raises(RuntimeError, match="call the 'update' method"):
        train.HausdorffDistance().eval()
    with pytest.raises(ValueError, match="'distance_metric' must be one of"):
        train.MeanSurfaceDistance(distance_metric="cosine")
    with pytest.raises(ValueError, match="label index"):
        train.HausdorffDistance().update(ms.Tensor(x), ms.Tensor(y), 7)
    with pytest.raises(NotImplementedError, match="The metric is not implemented."):
        cm = train.ConfusionMatrixMetric(metric_name="nonsense")
        cm.update(ms.Tensor(np.ones((1, 2, 2), np.float32)), ms.Tensor(np.ones((1, 2, 2), np.float32)))
        cm.eval()
    # MindSpore 2.10 registers them under these names
    assert {"confusion_matrix_metric", "hausdorff_distance", "mean_surface_distance",
            "root_mean_square_distance"} <= set(train.names())
    assert ms.nn.HausdorffDistance is train.HausdorffDistance
    assert ms.ConfusionMatrixMetric is train.ConfusionMatrixMetric


def test_occlusion_sensitivity_matches_mindspore():
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(ms.Tensor(np.arange(120, dtype=np.float32).reshape(60, 2) / 100))

        def construct(self, x):
            return ms.ops.matmul(ms.ops.reshape(x, (x.shape[0], -1)), self.w)

    x = np.random.default_rng(1).random((1, 3, 4, 5)).astype(np.float32)
    with open(os.path.join(os.path.dirname(__file__), "..", "data", "occlusion_sensitivity_ms210.json")) as f:
        expected = json.load(f)  # MindSpore 2.10's results, rounded to 5 decimals
    for kw, exp in zip(({}, {"margin": 1, "pad_val": -1.0, "n_batch": 7}, {"b_box": [0, 1, 1, 2, -1, -1]}), expected):
        metric = train.OcclusionSensitivity(**kw)
        metric.update(Net(), ms.Tensor(x), np.array(1, np.int32))
        np.testing.assert_allclose(metric.eval(), exp, atol=3e-5)
    with pytest.raises(TypeError, match="must be a Tensor, list or numpy.ndarray"):
        train.OcclusionSensitivity().update(Net(), ms.Tensor(x), 1)  # MindSpore 2.10 rejects an int label too
