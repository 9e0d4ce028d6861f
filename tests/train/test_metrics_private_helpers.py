"""MindSpore 2.10's private metric helpers (confusion-matrix internals), against literals from MindSpore 2.10."""
import numpy as np

from sporetorch.train.metrics import confusion_matrix as c

YP = np.array([[[0, 1, 1], [1, 0, 1]], [[1, 1, 0], [0, 0, 1]]], dtype=float)
Y = np.array([[[0, 1, 0], [1, 1, 1]], [[1, 0, 0], [0, 1, 1]]], dtype=float)


def test_get_confusion_matrix_and_metrics():
    cm = c._get_confusion_matrix(YP, Y)
    # MindSpore 2.10: _get_confusion_matrix / _compute_confusion_matrix_metric
    assert cm.tolist() == [[[1.0, 1.0, 1.0, 0.0], [2.0, 0.0, 0.0, 1.0]],
                           [[1.0, 1.0, 1.0, 0.0], [1.0, 0.0, 1.0, 1.0]]]
    np.testing.assert_allclose(c._compute_confusion_matrix_metric("f1 score", cm),
                               [[0.6666666666666666, 0.8], [0.6666666666666666, 0.6666666666666666]])
    np.testing.assert_allclose(c._compute_confusion_matrix_metric("mk", cm), [[0.5, 0.0], [0.5, 0.5]])
    np.testing.assert_allclose(c._compute_confusion_matrix_metric("pt", cm),
                               [[0.4142135623730949, np.nan], [0.4142135623730949, 0.0]])
    np.testing.assert_allclose(c._compute_confusion_matrix_metric("fm", cm),
                               [[0.7071067811865476, 0.816496580927726], [0.7071067811865476, 0.7071067811865476]])
    assert c._check_metric_name("Matthews Correlation Coefficient") == "mcc"


def test_confusion_matrix_callable_and_decrease():
    chart, not_nans = c._ConfusionMatrix(metric_name="precision", calculation_method=True,
                                         decrease="mean_channel")(YP, Y)
    assert chart.tolist() == [0.75, 0.75] and not_nans.tolist() == [2.0, 2.0]  # MindSpore 2.10
    chart, not_nans = c._decrease_metric(np.array([[1.0, np.nan], [0.5, 0.25]]), "mean")
    assert chart.tolist() == [0.6875] and not_nans == 2.0  # MindSpore 2.10
    assert c._decrease_sum(np.ones((2, 2)), np.array([[1.0, 2], [3, 4]])) == (4.0, 10.0)
