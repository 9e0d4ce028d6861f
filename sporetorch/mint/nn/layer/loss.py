"""``mint.nn`` losses with torch.nn's arguments; L1Loss (L1LossExt) and SoftMarginLoss are ``mindspore.nn``'s.

``reduction`` is ``'none'``, ``'mean'`` or ``'sum'`` (KLDivLoss also ``'batchmean'``); as in MindSpore 2.10 it is
checked when the loss is computed, not when the layer is built.
"""
from .... import ops
from ....nn.cell import Cell
from ....nn.loss.loss import BCELoss as _BCELoss, L1LossExt, SoftMarginLoss
from ....ops.operations import BCEWithLogitsLoss as _BCEWithLogitsPrim
from .. import functional as mF

__all__ = ["BCELoss", "BCEWithLogitsLoss", "CosineEmbeddingLoss", "CrossEntropyLoss", "KLDivLoss", "L1Loss",
           "MSELoss", "NLLLoss", "SmoothL1Loss", "SoftMarginLoss"]

L1Loss = L1LossExt


def mse_loss_ext(input, target, reduction='mean'):
    """Squared-error loss (``mindspore.mint.nn.mse_loss_ext``, the function MSELoss holds)."""
    return mF.mse_loss(input, target, reduction)


class BCELoss(Cell):
    r"""Binary cross entropy of probabilities ``input`` against ``target``, optionally rescaled by ``weight``."""

    def __init__(self, weight=None, reduction='mean'):
        super().__init__()
        # MindSpore 2.10 delegates to a child mindspore.nn.BCELoss named bce_loss.
        self.bce_loss = _BCELoss(weight, reduction)

    def construct(self, input, target):
        return self.bce_loss(input, target)


class BCEWithLogitsLoss(Cell):
    r"""Sigmoid followed by binary cross entropy, computed stably; ``pos_weight`` weighs the positive class."""

    def __init__(self, weight=None, reduction='mean', pos_weight=None):
        super().__init__()
        # As in MindSpore 2.10 the layer holds its Primitive; a subclass may call it.
        self.bce_with_logits = _BCEWithLogitsPrim(reduction)
        self.weight = weight
        self.pos_weight = pos_weight
        self.reduction = reduction

    def construct(self, input, target):
        return self.bce_with_logits(input, target, self.weight, self.pos_weight)


class CosineEmbeddingLoss(Cell):
    r"""``1 - cos(x1, x2)`` for ``target`` 1, ``max(0, cos(x1, x2) - margin)`` for ``target`` -1."""

    def __init__(self, margin=0.0, reduction='mean'):
        super().__init__()
        self.margin = margin
        self.reduction = reduction

    def construct(self, input1, input2, target):
        return mF.cosine_embedding_loss(input1, input2, target, self.margin, self.reduction)


class CrossEntropyLoss(Cell):
    r"""Cross entropy of logits ``input`` (N, C, ...) against class indices or class probabilities ``target``.

    Args:
        weight (Tensor): per-class weights. Default: None.
        ignore_index (int): a target class that contributes nothing. Default: -100.
        reduction (str): Default: 'mean'.
        label_smoothing (float): in [0, 1]. Default: 0.0.
    """

    def __init__(self, weight=None, ignore_index=-100, reduction='mean', label_smoothing=0.0):
        super().__init__()
        self.weight = weight
        self.ignore_index = ignore_index
        self.reduction = reduction
        self.label_smoothing = label_smoothing

    def construct(self, input, target):
        return mF.cross_entropy(input, target, self.weight, self.ignore_index, self.reduction, self.label_smoothing)


class KLDivLoss(Cell):
    r"""KL divergence of log-probabilities ``input`` from ``target`` (log-probabilities with ``log_target``)."""

    def __init__(self, reduction='mean', log_target=False):
        super().__init__()
        self.reduction = reduction
        self.log_target = log_target

    def construct(self, input, target):
        return mF.kl_div(input, target, self.reduction, self.log_target)


class MSELoss(Cell):
    r"""Squared error ``(input - target) ** 2`` with broadcasting."""

    def __init__(self, reduction='mean'):
        super().__init__()
        self.mse_loss = mse_loss_ext
        self.reduction = reduction

    def construct(self, input, target):
        return self.mse_loss(input, target, self.reduction)


class NLLLoss(Cell):
    r"""Negative log-likelihood of log-probabilities ``input`` (N, C, ...) at class indices ``target``."""

    def __init__(self, weight=None, ignore_index=-100, reduction='mean'):
        super().__init__()
        self.weight = weight
        self.ignore_index = ignore_index
        self.reduction = reduction

    def construct(self, input, target):
        return mF.nll_loss(input, target, self.weight, self.ignore_index, self.reduction)


class SmoothL1Loss(Cell):
    r"""Squared error below ``beta`` (halved and divided by ``beta``), absolute error above."""

    def __init__(self, reduction='mean', beta=1.0):
        super().__init__()
        self.smooth_l1_loss = ops.smooth_l1_loss
        self.reduction = reduction
        self.beta = beta

    def construct(self, input, target):
        return self.smooth_l1_loss(input, target, self.beta, self.reduction)
