"""Metrics against closed-form values computed by hand from the definitions (and the MindSpore
2.10 conventions noted where they differ from textbook ones)."""
import math

import numpy as np
import pytest

import sporetorch as ms
from sporetorch import nn
from sporetorch.train import (Accuracy, BleuScore, ConfusionMatrix, CosineSimilarity, Dice, F1, Fbeta, Loss, MAE, MSE, Perplexity,
                              Precision, Recall, ROC, Top1CategoricalAccuracy, Top5CategoricalAccuracy,
                              TopKCategoricalAccuracy, auc, get_metric_fn, names)

# Four samples, three classes: argmax predictions are 0, 1, 2, 1; labels 0, 2, 2, 1.
SCORES = np.array([[0.7, 0.2, 0.1], [0.1, 0.6, 0.3], [0.2, 0.2, 0.6], [0.2, 0.5, 0.3]])
LABELS = np.array([0, 2, 2, 1])


def test_accuracy_classification_one_hot_and_multilabel():
    assert Accuracy()(ms.Tensor(SCORES), ms.Tensor(LABELS)) == pytest.approx(3 / 4)
    assert Accuracy()(SCORES, np.eye(3)[LABELS]) == pytest.approx(3 / 4)
    acc = Accuracy("multilabel")
    acc.update(np.array([[1, 0, 1], [0, 1, 0]]), np.array([[1, 0, 1], [0, 0, 0]]))
    assert acc.eval() == pytest.approx(1 / 2)
    acc = Accuracy()
    acc.update(SCORES[:2], LABELS[:2])
    acc.update(SCORES[2:], LABELS[2:])
    assert acc.eval() == pytest.approx(3 / 4)
    with pytest.raises(RuntimeError):
        Accuracy().eval()
    with pytest.raises(ValueError, match="classification"):
        Accuracy()(SCORES, SCORES[:, :2])


def test_precision_recall_fbeta_per_class():
    # Predicted 0,1,2,1 vs labels 0,2,2,1: per class TP = 1,1,1; predicted = 1,2,1; actual = 1,1,2.
    np.testing.assert_allclose(Precision()(SCORES, LABELS), [1, 1 / 2, 1])
    np.testing.assert_allclose(Recall()(SCORES, LABELS), [1, 1, 1 / 2])
    p = Precision()
    p.update(SCORES, LABELS)
    assert p.eval(average=True) == pytest.approx((1 + 0.5 + 1) / 3)
    np.testing.assert_allclose(F1()(SCORES, LABELS), [1, 2 / 3, 2 / 3])
    f2 = Fbeta(2.0)
    f2.update(SCORES, LABELS)
    # F_b = (1+b^2) TP / (b^2 * actual + predicted)
    np.testing.assert_allclose(f2.eval(), [5 / 5, 5 / (4 + 2), 5 / (8 + 1)])
    with pytest.raises(ValueError, match="beta"):
        Fbeta(0)


def test_precision_multilabel_is_per_sample():
    # MindSpore's multilabel precision/recall are per sample (row): TP / predicted, TP / actual.
    y_pred = np.array([[1, 1, 0], [0, 1, 1]])
    y = np.array([[1, 0, 0], [0, 1, 1]])
    np.testing.assert_allclose(Precision("multilabel")(y_pred, y), [1 / 2, 1])
    np.testing.assert_allclose(Recall("multilabel")(y_pred, y), [1, 1])


def test_topk():
    scores = np.array([[0.1, 0.5, 0.4], [0.6, 0.3, 0.1], [0.2, 0.3, 0.5]])
    labels = np.array([2, 1, 0])
    assert Top1CategoricalAccuracy()(scores, labels) == 0.0
    assert TopKCategoricalAccuracy(2)(scores, labels) == pytest.approx(2 / 3)
    assert TopKCategoricalAccuracy(3)(scores, labels) == 1.0
    six = np.tile(np.arange(6.0), (2, 1))
    assert Top5CategoricalAccuracy()(six, np.array([0, 5])) == pytest.approx(1 / 2)


def test_errors_and_loss():
    y_pred = np.array([[1.0, 2.0], [3.0, 4.0]])
    y = np.array([[1.5, 2.0], [2.0, 6.0]])
    assert MAE()(y_pred, y) == pytest.approx((0.5 + 0 + 1 + 2) / 2)  # summed per sample, averaged over samples
    assert MSE()(y_pred, y) == pytest.approx((0.25 + 0 + 1 + 4) / 2)
    loss = Loss()
    loss.update(ms.Tensor(1.5))
    loss.update(np.array([1.0, 2.0]))
    assert loss.eval() == pytest.approx((1.5 + 1.5) / 2)


def test_confusion_matrix():
    np.testing.assert_array_equal(ConfusionMatrix(3)(SCORES, LABELS), [[1, 0, 0], [0, 1, 0], [0, 1, 1]])
    np.testing.assert_allclose(ConfusionMatrix(3, "target")(SCORES, LABELS),
                               [[1, 0, 0], [0, 1, 0], [0, 0.5, 0.5]])
    np.testing.assert_allclose(ConfusionMatrix(3, "prediction")(SCORES, LABELS),
                               [[1, 0, 0], [0, 0.5, 0], [0, 0.5, 1]])
    np.testing.assert_allclose(ConfusionMatrix(3, "all")(SCORES, LABELS).sum(), 1.0)
    # Same-rank float predictions are thresholded at 0.5.
    np.testing.assert_array_equal(ConfusionMatrix(2)(np.array([0.2, 0.6, 0.9, 0.4]), np.array([0, 1, 0, 1])),
                                  [[1, 1], [1, 1]])


def test_dice():
    a = np.array([[1.0, 0.0], [1.0, 1.0]])
    b = np.array([[1.0, 1.0], [0.0, 1.0]])
    # One coefficient per update over the batch, divided by the number of samples (MindSpore's definition).
    expected = 2 * 2 / (3 + 3 + 1e-5) / 2
    assert Dice()(a, b) == pytest.approx(expected)


def test_roc_and_auc():
    fpr, tpr, thresholds = ROC(pos_label=1)(np.array([0.1, 0.4, 0.35, 0.8]), np.array([0, 0, 1, 1]))
    np.testing.assert_allclose(fpr, [0, 0, 0.5, 0.5, 1])
    np.testing.assert_allclose(tpr, [0, 0.5, 0.5, 1, 1])
    np.testing.assert_allclose(thresholds, [1.8, 0.8, 0.4, 0.35, 0.1])
    assert auc(fpr, tpr) == pytest.approx(0.75)
    assert auc(np.array([1.0, 0.0]), np.array([1.0, 1.0])) == pytest.approx(1.0)
    fprs, tprs, _ = ROC(class_num=3)(SCORES, LABELS)
    # class 0: one positive (score 0.7, the highest) -> a perfect curve.
    assert auc(fprs[0], tprs[0]) == pytest.approx(1.0)


def test_perplexity():
    probs = np.array([[0.2, 0.5, 0.3], [0.7, 0.1, 0.2]])
    labels = np.array([1, 0])
    assert Perplexity()(probs, labels) == pytest.approx(math.exp(-(math.log(0.5) + math.log(0.7)) / 2))
    assert Perplexity(ignore_label=0)(probs, labels) == pytest.approx(2.0)


def test_bleu():
    candidate = [["the", "cat", "sat", "on", "the", "mat"]]
    references = [[["the", "cat", "is", "on", "the", "mat"], ["there", "is", "a", "cat", "on", "the", "mat"]]]
    # Clipped unigrams 5/6, bigrams 3/5; candidate and closest reference both have 6 tokens: penalty exp(0).
    p1, p2 = 5 / 6, 3 / 5
    expected = math.exp(1 - 6 / 6) * math.sqrt(p1 * p2)
    assert float(BleuScore(2)(candidate, references)) == pytest.approx(expected)
    assert float(BleuScore(4)(candidate, references)) == 0.0  # no matching 4-gram (MindSpore returns 0)


def test_cosine_similarity():
    rows = np.array([[1.0, 0.0], [1.0, 1.0], [0.0, 2.0]])
    r = 1 / math.sqrt(2)
    np.testing.assert_allclose(CosineSimilarity()(rows), [[0, r, 0], [r, 0, r], [0, r, 0]])
    np.testing.assert_allclose(CosineSimilarity("dot", "sum", zero_diagonal=False)(rows), [2, 5, 6])


def test_registry_and_nn_reexports():
    assert {"acc", "accuracy", "F1", "loss", "mae", "mse", "precision", "recall", "top_1_accuracy",
            "top_5_accuracy", "topk", "auc", "dice", "roc", "perplexity", "bleu_score",
            "confusion_matrix"} <= set(names())
    assert isinstance(get_metric_fn("acc"), Accuracy)
    assert isinstance(get_metric_fn("topk", 3), TopKCategoricalAccuracy)
    with pytest.raises(KeyError, match="unsupported metric"):
        get_metric_fn("nope")
    assert nn.Accuracy is Accuracy and ms.Accuracy is Accuracy
    m = Accuracy().set_indexes([1, 2])
    assert m(None, SCORES, LABELS) == pytest.approx(3 / 4)
