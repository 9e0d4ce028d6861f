"""Evaluation metrics (``mindspore.train`` metrics, also exported from ``sporetorch.nn``)."""
from .metric import Metric, EvaluationBase, rearrange_inputs
from .accuracy import Accuracy
from .error import MAE, MSE
from .loss import Loss
from .precision import Precision, Recall
from .fbeta import Fbeta, F1
from .topk import TopKCategoricalAccuracy, Top1CategoricalAccuracy, Top5CategoricalAccuracy
from .confusion_matrix import ConfusionMatrix, ConfusionMatrixMetric
from .surface_distance import HausdorffDistance, MeanSurfaceDistance, RootMeanSquareDistance
from .occlusion_sensitivity import OcclusionSensitivity
from .dice import Dice
from .roc import ROC
from .auc import auc
from .perplexity import Perplexity
from .bleu_score import BleuScore
from .cosine_similarity import CosineSimilarity

_FACTORY = {
    "accuracy": Accuracy, "acc": Accuracy, "precision": Precision, "recall": Recall, "F1": F1,
    "dice": Dice, "roc": ROC, "auc": auc, "bleu_score": BleuScore, "topk": TopKCategoricalAccuracy,
    "top_1_accuracy": Top1CategoricalAccuracy, "top_5_accuracy": Top5CategoricalAccuracy,
    "cosine_similarity": CosineSimilarity, "mae": MAE, "mse": MSE, "loss": Loss, "perplexity": Perplexity,
    "confusion_matrix": ConfusionMatrix, "confusion_matrix_metric": ConfusionMatrixMetric,
    "hausdorff_distance": HausdorffDistance, "mean_surface_distance": MeanSurfaceDistance,
    "root_mean_square_distance": RootMeanSquareDistance, "occlusion_sensitivity": OcclusionSensitivity,
}


def names():
    """The metric names ``get_metric_fn`` and ``Model(metrics={...})`` accept."""
    return sorted(_FACTORY)


def get_metric_fn(name, *args, **kwargs):
    """The metric registered under ``name`` (see ``names()``), built with ``args``."""
    if name not in _FACTORY:
        raise KeyError(f"For 'get_metric_fn', unsupported metric {name!r}; supported: {names()}")
    return _FACTORY[name](*args, **kwargs)


def get_metrics(metrics):
    """``Model``'s ``metrics`` argument as ``{name: Metric}``: a set of names or a dict of Metrics."""
    if metrics is None:
        return None
    if isinstance(metrics, dict):
        for name, metric in metrics.items():
            if not isinstance(name, str) or not isinstance(metric, Metric):
                raise TypeError(f"For 'get_metrics', a dict of metrics must map str to Metric, but got "
                                f"{type(name).__name__}: {type(metric).__name__}")
        return metrics
    if isinstance(metrics, set):
        return {name: get_metric_fn(name) for name in metrics}
    raise TypeError(f"For 'get_metrics', 'metrics' must be None, a dict or a set, but got {metrics!r}")


__all__ = ["Metric", "rearrange_inputs", "Accuracy", "MAE", "MSE", "Loss", "Precision", "Recall", "Fbeta", "F1",
           "TopKCategoricalAccuracy", "Top1CategoricalAccuracy", "Top5CategoricalAccuracy", "ConfusionMatrix",
           "Dice", "ROC", "auc", "Perplexity", "BleuScore", "CosineSimilarity", "names", "get_metric_fn",
           "ConfusionMatrixMetric", "HausdorffDistance", "MeanSurfaceDistance", "RootMeanSquareDistance",
           "OcclusionSensitivity"]
