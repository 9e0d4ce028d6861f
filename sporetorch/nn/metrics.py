"""``mindspore.nn`` also exports the evaluation metrics; they live in ``sporetorch.train.metrics``."""
from ..train.metrics import (Metric, rearrange_inputs, Accuracy, MAE, MSE, Loss, Precision, Recall, Fbeta, F1,
                             TopKCategoricalAccuracy, Top1CategoricalAccuracy, Top5CategoricalAccuracy,
                             ConfusionMatrix, Dice, ROC, auc, Perplexity, BleuScore, CosineSimilarity, names,
                             get_metric_fn, get_metrics, ConfusionMatrixMetric, HausdorffDistance,
                             MeanSurfaceDistance, RootMeanSquareDistance, OcclusionSensitivity)

__all__ = ["Metric", "rearrange_inputs", "Accuracy", "MAE", "MSE", "Loss", "Precision", "Recall", "Fbeta", "F1",
           "TopKCategoricalAccuracy", "Top1CategoricalAccuracy", "Top5CategoricalAccuracy", "ConfusionMatrix",
           "Dice", "ROC", "auc", "Perplexity", "BleuScore", "CosineSimilarity", "names",
           "get_metric_fn", "get_metrics", "ConfusionMatrixMetric", "HausdorffDistance", "MeanSurfaceDistance",
           "RootMeanSquareDistance", "OcclusionSensitivity"]
