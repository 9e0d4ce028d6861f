"""Loss cells (``mindspore.nn.loss``), each a thin call into the functional losses of ``ops`` (``nn_func``).

Every loss derives from ``LossBase`` (``reduction`` in "mean"/"sum"/"none" and ``get_loss``).
Integer class labels may be int32 (MindSpore's usual dtype); they are widened for torch.
"""
import numpy as np
import torch

from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor, _wrap
from ...ops.function import nn_func as _nn
from ...ops.function._utils import _ut
from ...ops.function.array_func import broadcast_to, cast, expand_dims
from ...ops.function.clip_func import clamp
from ...ops.function.linalg_func import vector_norm
from ...ops.function.math_func import abs as _abs, minimum, sqrt, sub
from ...ops.function.nn_func import (binary_cross_entropy, binary_cross_entropy_with_logits, cross_entropy,
                                     gaussian_nll_loss, hinge_embedding_loss, huber_loss, kl_div, l1_loss,
                                     log_softmax, margin_ranking_loss, mse_loss, nll_loss,
                                     multi_margin_loss, multilabel_margin_loss, multilabel_soft_margin_loss,
                                     smooth_l1_loss, soft_margin_loss, triplet_margin_loss)
from ..cell import Cell
from ..layer._checks import FLOATS, INDICES, check_dtype
from ..layer.activation import get_activation

__all__ = ["LossBase", "L1Loss", "L1LossExt", "MSELoss", "RMSELoss", "MAELoss", "MarginRankingLoss", "SmoothL1Loss",
           "SoftMarginLoss", "SoftmaxCrossEntropyWithLogits", "DiceLoss", "MultiClassDiceLoss",
           "TripletMarginWithDistanceLoss", "PoissonNLLLoss", "MultiLabelSoftMarginLoss", "MultiMarginLoss",
           "BCELoss", "CosineEmbeddingLoss", "MultilabelMarginLoss", "BCEWithLogitsLoss", "FocalLoss", "HuberLoss",
           "TripletMarginLoss", "NLLLoss", "CrossEntropyLoss", "KLDivLoss", "CTCLoss", "GaussianNLLLoss",
           "HingeEmbeddingLoss", "SampledSoftmaxLoss"]


def _t(x):
    return None if x is None else x._t


def _labels(t):
    """torch's class-index losses need int64 labels."""
    return t if t.dtype == torch.int64 else t.long()


def _check_tensors(cls, **tensors):
    """TypeError, as MindSpore 2.10's losses raise it, for an argument that is not a Tensor."""
    for name, value in tensors.items():
        if not isinstance(value, Tensor):
            raise TypeError(f"For '{cls}', the '{name}' must be a Tensor, but got {type(value).__name__}")


def _class_loss(cls, call, logits, labels, ignore_index):
    """``call()``, a class-index loss, with an out-of-range label reported as MindSpore 2.10 reports it: a
    RuntimeError naming the loss and its 'labels' (the functional op names itself and its 'target')."""
    try:
        return call()
    except RuntimeError:
        x, y = logits._t, labels._t
        c = x.shape[1] if x.dim() > 1 else x.shape[0]
        bad = y[(y != ignore_index) & ((y < -c) | (y >= c))]
        if not bad.numel():
            raise
        raise RuntimeError(f"For '{cls}', the 'labels' must be in [-{c}, {c}) or equal ignore_index {ignore_index}, "
                           f"but got {bad.flatten()[0].item()} with logits of shape {tuple(x.shape)}") from None


def _check_reduction(cls, reduction, allowed=("mean", "sum", "none")):
    if reduction not in allowed:
        raise ValueError(f"For '{cls}', the 'reduction' must be in {list(allowed)}, but got {reduction}.")


class LossBase(Cell):
    r"""Base class of the losses.

    Args:
        reduction (str): ``"mean"``, ``"sum"`` or ``"none"``. Default: ``"mean"``.

    Subclasses compute an element-wise loss ``x`` in ``construct`` and return ``self.get_loss(x)``.
    """

    def __init__(self, reduction="mean"):
        super().__init__()
        _check_reduction(type(self).__name__, reduction)
        self.average = reduction != "sum"
        self.reduce = reduction != "none"
        self.reduction = reduction

    def get_axis(self, x):
        """All axes of ``x``."""
        return tuple(range(x.ndim))

    def get_loss(self, x, weights=1.0):
        """Weight ``x`` and reduce it by ``reduction``; the result keeps ``x``'s dtype.

        Half-precision losses are weighted and reduced in float32, as MindSpore does; float64
        stays float64.

        Args:
            x (Tensor): the unreduced loss.
            weights (float or Tensor): broadcastable to ``x``. Default: 1.0.
        """
        t = x._t
        work = t if t.dtype in (torch.float32, torch.float64) else t.float()
        if isinstance(weights, Tensor):
            work = work * weights._t.to(work.dtype)
        elif weights != 1.0:
            work = work * weights
        if self.reduce:
            work = work.mean() if self.average else work.sum()
        return _wrap(work.to(t.dtype))

    def construct(self, logits, labels):
        raise NotImplementedError(f"'{type(self).__name__}' must define construct()")


class L1Loss(LossBase):
    r""":math:`|x - y|`, reduced.

    Args:
        reduction (str): Default: ``"mean"``.

    Inputs:
        - **logits** (Tensor), **labels** (Tensor) - broadcastable.

    Outputs:
        Tensor: 0-D, or the broadcast shape with ``"none"``.
    """

    def construct(self, logits, labels):
        return l1_loss(logits, labels, self.reduction)


class L1LossExt(L1Loss):
    r""":math:`|x - y|`, reduced (the ``mint`` spelling of L1Loss).

    Args:
        reduction (str): Default: ``"mean"``.

    Inputs:
        - **logits** (Tensor), **labels** (Tensor).

    Outputs:
        Tensor.
    """


class MSELoss(LossBase):
    r""":math:`(x - y)^2`, reduced.

    Args:
        reduction (str): Default: ``"mean"``.

    Inputs:
        - **logits** (Tensor), **labels** (Tensor) - broadcastable.

    Outputs:
        Tensor: 0-D, or the broadcast shape with ``"none"``.
    """

    def construct(self, logits, labels):
        return mse_loss(logits, labels, self.reduction)


class RMSELoss(LossBase):
    r""":math:`\sqrt{\text{mean}((x - y)^2)}`.

    Inputs:
        - **logits** (Tensor), **label** (Tensor) - broadcastable.

    Outputs:
        0-D Tensor.
    """

    def __init__(self):
        super().__init__()

    def construct(self, logits, label):
        return sqrt(mse_loss(logits, label))


class MAELoss(LossBase):
    r""":math:`|x - y|` through ``get_loss``.

    Args:
        reduction (str): Default: ``"mean"``.

    Inputs:
        - **logits** (Tensor), **label** (Tensor) - broadcastable.

    Outputs:
        Tensor.
    """

    def construct(self, logits, label):
        _check_tensors("MAELoss", logits=logits, label=label)
        return self.get_loss(_abs(sub(logits, label)))


class MarginRankingLoss(LossBase):
    r""":math:`\max(0, -y (x_1 - x_2) + margin)`.

    Args:
        margin (float): Default: 0.0.
        reduction (str): Default: ``"mean"``.

    Inputs:
        - **input1**, **input2**, **target** (Tensor) - same shape; target in {1, -1}.

    Outputs:
        Tensor.
    """

    def __init__(self, margin=0.0, reduction="mean"):
        super().__init__(reduction)
        self.margin = float(margin)

    def construct(self, input1, input2, target):
        a, b, y = input1._t, input2._t, target._t
        if not a.dtype == b.dtype == y.dtype:
            raise TypeError(f"For 'MarginRankingLoss', the input1, input2 and target dtypes should be equal, but got "
                            f"{input1.dtype}, {input2.dtype} and {target.dtype}")
        return margin_ranking_loss(input1, input2, target, self.margin, self.reduction)


class SmoothL1Loss(LossBase):
    r""":math:`0.5 (x - y)^2 / \beta` where :math:`|x - y| < \beta`, else :math:`|x - y| - 0.5 \beta`.

    Args:
        beta (float): positive threshold. Default: 1.0.
        reduction (str): Default: ``"none"``.

    Inputs:
        - **logits**, **labels** (Tensor) - broadcastable, same dtype.

    Outputs:
        Tensor.

    Differences from PyTorch: the default reduction is ``"none"``.
    """

    def __init__(self, beta=1.0, reduction="none"):
        super().__init__(reduction)
        if not isinstance(beta, (int, float)) or isinstance(beta, bool) or beta <= 0:
            raise ValueError(f"For 'SmoothL1Loss', the 'beta' must be a positive float, but got {beta!r}")
        self.beta = float(beta)

    def construct(self, logits, labels):
        a, b = check_dtype(self, "logits", logits._t, FLOATS), check_dtype(self, "labels", labels._t, FLOATS)
        if a.shape != b.shape:  # MindSpore 2.10 does not broadcast them
            raise ValueError(f"For 'SmoothL1Loss', the 'logits' and 'labels' must have the same shape, but got "
                             f"{tuple(a.shape)} and {tuple(b.shape)}")
        return smooth_l1_loss(logits, labels, self.beta, self.reduction)


class SoftMarginLoss(LossBase):
    r""":math:`\log(1 + e^{-y x})`, reduced.

    Args:
        reduction (str): Default: ``"mean"``.

    Inputs:
        - **logits**, **labels** (Tensor) - same shape; labels in {1, -1}.

    Outputs:
        Tensor.
    """

    def construct(self, logits, labels):
        return soft_margin_loss(logits, labels, self.reduction)


def _check_float16_or_32(cell, arg, t):
    if t.dtype not in (torch.float16, torch.float32):
        raise TypeError(f"For '{cell}', the '{arg}' must be a Tensor of {{Float16, Float32}}, but got "
                        f"{mstype.from_torch(t.dtype)}")


class SoftmaxCrossEntropyWithLogits(LossBase):
    r"""Cross entropy of ``softmax(logits)`` against one-hot (or ``sparse`` index) labels, per sample.

    Args:
        sparse (bool): labels are class indices (int32/int64) instead of probabilities. Default: False.
        reduction (str): Default: ``"none"``.

    Inputs:
        - **logits** (Tensor) - :math:`(N, C)`, float16 or float32.
        - **labels** (Tensor) - :math:`(N,)` indices when ``sparse``, otherwise :math:`(N, C)`.

    Outputs:
        Tensor of shape :math:`(N,)`, or 0-D when reduced.

    Differences from PyTorch: ``torch.nn.CrossEntropyLoss`` reduces by ``"mean"`` by default;
    this loss returns per-sample values unless asked. A sparse label outside [0, C) has a loss of 0
    (its one-hot row is empty), as in MindSpore 2.10. Differences from MindSpore: inside a compiled
    graph and on a GPU, a negative label with a reduction gives that 0 too, where eager execution on
    the CPU raises MindSpore's RuntimeError (checking it would break the graph, or wait on the GPU
    every step).
    """

    def __init__(self, sparse=False, reduction="none"):
        super().__init__(reduction)
        if not isinstance(sparse, bool):
            raise TypeError(f"For 'SoftmaxCrossEntropyWithLogits', the 'sparse' must be a bool, "
                            f"but got {type(sparse).__name__}")
        self.sparse = sparse

    def construct(self, logits, labels):
        x, y = logits._t, labels._t
        _check_float16_or_32("SoftmaxCrossEntropyWithLogits", "logits", x)
        if self.sparse:
            if x.dim() != y.dim() + 1 or x.shape[0] != y.shape[0]:
                raise ValueError(f"For 'SoftmaxCrossEntropyWithLogits', with sparse=True the 'labels' must be "
                                 f"logits.shape[:-1], but got logits {tuple(x.shape)} and labels {tuple(y.shape)}")
            if y.dtype not in (torch.int32, torch.int64):
                raise TypeError(f"For 'SoftmaxCrossEntropyWithLogits' with sparse=True, the 'labels' must be "
                                f"class indices of type Int32 or Int64, but got {mstype.from_torch(y.dtype)}")
            if x.dim() > 2:
                x = x.movedim(-1, 1)
            y = _labels(y)
            outside = (y < 0) | (y >= x.shape[1])
            if torch.compiler.is_compiling() or x.device.type != "cpu":
                # Inside a compiled graph, no data-dependent branch (it would break the graph for every
                # step), and on an accelerator none either (reading `outside` back would stall the host
                # every step): the masked form, equal to cross_entropy where every label is in range.
                return _wrap(self._masked_loss(x, y, outside))
            if not outside.any():
                return cross_entropy(_wrap(x), _wrap(y), reduction=self.reduction)
            return _wrap(self._outside_labels(x, y, outside))
        _check_float16_or_32("SoftmaxCrossEntropyWithLogits", "labels", y)
        if x.shape != y.shape:
            raise ValueError(f"For 'SoftmaxCrossEntropyWithLogits', the shapes of 'logits' {tuple(x.shape)} and "
                             f"'labels' {tuple(y.shape)} must be equal")
        loss = -(y * log_softmax(logits, -1)._t).sum(-1)
        if self.reduce:
            loss = loss.mean() if self.average else loss.sum()
        return _wrap(loss)


    def _outside_labels(self, x, y, outside):
        """Labels outside [0, C) index no class: their one-hot row is all zeros, so their loss is 0 and
        the mean still counts them, as MindSpore 2.10 computes it. With a reduction, MindSpore's kernel
        refuses negative labels."""
        if self.reduce and bool((y < 0).any()):
            raise RuntimeError(f"For 'SoftmaxCrossEntropyWithLogits' with sparse=True and reduction="
                               f"'{self.reduction}', every label must be >= 0, but got {y[y < 0][0].item()}")
        return self._masked_loss(x, y, outside)

    def _masked_loss(self, x, y, outside):
        loss = cross_entropy(_wrap(x), _wrap(y.masked_fill(outside, 0)), reduction="none")._t.masked_fill(outside, 0.0)
        if self.reduce:
            loss = loss.mean() if self.average else loss.sum()
        return loss


class DiceLoss(LossBase):
    r""":math:`1 - 2 |X \cap Y| / (|X|^2 + |Y|^2 + smooth)` over all elements.

    Args:
        smooth (float): positive smoothing term. Default: 1e-5.

    Inputs:
        - **logits**, **label** (Tensor) - same shape.

    Outputs:
        0-D Tensor.
    """

    def __init__(self, smooth=1e-5):
        super().__init__()
        if not isinstance(smooth, float) or smooth <= 0:
            raise ValueError(f"For 'DiceLoss', the 'smooth' must be a positive float, but got {smooth!r}")
        self.smooth = smooth

    def construct(self, logits, label):
        a, b = logits._t, label._t
        if a.shape != b.shape:
            raise ValueError(f"For 'DiceLoss', the shapes of 'logits' {tuple(a.shape)} and 'label' "
                             f"{tuple(b.shape)} must be equal")
        a, b = a.reshape(-1), b.reshape(-1).to(a.dtype)
        union = (a * a).sum() + (b * b).sum()
        return _wrap(1 - 2 * (a * b).sum() / (union + self.smooth))


class MultiClassDiceLoss(LossBase):
    r"""Mean over classes (axis 1) of DiceLoss, after ``activation``.

    Args:
        weights (Tensor): 2-D per-class weights. Default: None.
        ignore_indiex (int): a class to skip (MindSpore's spelling). Default: None.
        activation (str or Cell): ``"softmax"``, ``"logsoftmax"``, ``"relu"``, ``"relu6"``, ``"tanh"``,
            ``"sigmoid"`` or a Cell. Default: ``"softmax"``.

    Inputs:
        - **logits**, **label** (Tensor) - same shape :math:`(N, C, *)`.

    Outputs:
        0-D Tensor.
    """

    def __init__(self, weights=None, ignore_indiex=None, activation="softmax"):
        super().__init__()
        allowed = ["softmax", "logsoftmax", "relu", "relu6", "tanh", "sigmoid"]
        if weights is not None and (not isinstance(weights, Tensor) or weights.ndim != 2):
            raise ValueError(f"For 'MultiClassDiceLoss', the 'weights' must be a 2-D Tensor, but got {weights!r}")
        if isinstance(activation, str) and activation not in allowed:
            raise ValueError(f"For 'MultiClassDiceLoss', the 'activation' must be in {allowed}, "
                             f"but got {activation!r}")
        self.weights, self.ignore_indiex = weights, ignore_indiex
        self.activation = get_activation(activation) if isinstance(activation, str) else activation
        if self.activation is not None and not isinstance(self.activation, Cell):
            raise TypeError(f"For 'MultiClassDiceLoss', the 'activation' must be a str or a Cell, "
                            f"but got {type(activation).__name__}")
        self.binarydiceloss = DiceLoss(smooth=1e-5)

    def construct(self, logits, label):
        if logits.shape != label.shape or logits.ndim < 2:
            raise ValueError(f"For 'MultiClassDiceLoss', 'logits' and 'label' must have the same shape with at "
                             f"least 2 dimensions, but got {logits.shape} and {label.shape}")
        if self.activation is not None:
            logits = self.activation(logits)
        x, y = logits._t, label._t
        total = 0
        for i in range(y.shape[1]):
            if i != self.ignore_indiex:
                loss = self.binarydiceloss(_wrap(x[:, i]), _wrap(y[:, i]))._t
                if self.weights is not None:
                    loss = loss * self.weights._t[i]
                total = total + loss
        return _wrap(total / y.shape[1])


class TripletMarginWithDistanceLoss(LossBase):
    r""":math:`\max(d(a, p) - d(a, n) + margin, 0)` with a custom distance.

    Args:
        distance_function (callable): ``d(x, y)`` on Tensors. Default: None (L2 norm of ``|x - y|`` on axis 1).
        swap (bool): use :math:`\min(d(a, n), d(p, n))`. Default: False.
        reduction (str): Default: ``"mean"``.
        margin (float): Default: 1.0.

    Inputs:
        - **x**, **positive**, **negative** (Tensor).

    Outputs:
        Tensor.
    """

    def __init__(self, distance_function=None, swap=False, reduction="mean", margin=1.0):
        super().__init__(reduction)
        if not isinstance(margin, float):
            raise TypeError(f"For 'TripletMarginWithDistanceLoss', the 'margin' must be a float, "
                            f"but got {type(margin).__name__}")
        self.distance_function, self.swap, self.margin = distance_function, bool(swap), margin

    def _distance(self, a, b):
        if self.distance_function is None:
            return vector_norm(_abs(sub(a, b)), 2, 1)
        return self.distance_function(a, b)

    def construct(self, x, positive, negative):
        _check_tensors("TripletMarginWithDistanceLoss", x=x, positive=positive, negative=negative)
        d1 = self._distance(x, positive)
        d2 = self._distance(x, negative)
        if self.swap:
            d2 = minimum(d2, self._distance(positive, negative))
        return self.get_loss(clamp(sub(d1, d2) + self.margin, min=0))


class PoissonNLLLoss(LossBase):
    r"""Poisson negative log likelihood: :math:`e^x - y x` (``log_input``) or :math:`x - y \log(x + eps)`.

    Args:
        log_input (bool): the input is the log rate. Default: True.
        full (bool): add the Stirling term for targets > 1. Default: False.
        eps (float): Default: 1e-8.
        reduction (str): Default: ``"mean"``.

    Inputs:
        - **input**, **target** (Tensor).

    Outputs:
        Tensor.
    """

    def __init__(self, log_input=True, full=False, eps=1e-08, reduction="mean"):
        super().__init__(reduction)
        self.log_input, self.full, self.eps = log_input, full, eps

    def construct(self, input, target):  # noqa: A002 - MindSpore's argument name
        check_dtype(self, "input", input._t, FLOATS)
        return self.get_loss(_nn._poisson_nll_loss(input, target, self.log_input, self.full, self.eps))


class MultiLabelSoftMarginLoss(LossBase):
    r"""Multi-label one-versus-all loss: mean over classes of the binary cross entropy of :math:`\sigma(x)`.

    Args:
        weight (Tensor): per-class weights. Default: None.
        reduction (str): Default: ``"mean"``.

    Inputs:
        - **x** (Tensor) - :math:`(N, C)`.
        - **target** (Tensor) - :math:`(N, C)` in {0, 1}.

    Outputs:
        Tensor.
    """

    def __init__(self, weight=None, reduction="mean"):
        super().__init__(reduction)
        self.weight = weight

    def construct(self, x, target):
        return multilabel_soft_margin_loss(x, cast(target, x.dtype), self.weight, self.reduction)


class MultiMarginLoss(LossBase):
    r"""Multi-class hinge loss :math:`\sum_{i \ne y} \max(0, margin - x_y + x_i)^p / C`.

    Args:
        p (int): 1 or 2. Default: 1.
        margin (float): Default: 1.0.
        reduction (str): Default: ``"mean"``.
        weight (Tensor): per-class weights. Default: None.

    Inputs:
        - **x** (Tensor) - :math:`(N, C)`.
        - **target** (Tensor) - :math:`(N,)` class indices.
        - **weight** (Tensor) - overrides the constructor's. Default: None.

    Outputs:
        Tensor.
    """

    def __init__(self, p=1, margin=1.0, reduction="mean", weight=None):
        super().__init__(reduction)
        if p not in (1, 2):
            raise ValueError(f"For 'MultiMarginLoss', the 'p' must be 1 or 2, but got {p!r}")
        self.p, self.margin, self.weight = p, float(margin), weight

    def construct(self, x, target, weight=None):
        w = weight if weight is not None else self.weight
        check_dtype(self, "target", target._t, (torch.int64,))  # as MindSpore 2.10 documents and checks
        return multi_margin_loss(x, target, self.p, self.margin, w, self.reduction)


class BCELoss(LossBase):
    r"""Binary cross entropy of probabilities: :math:`-w (y \log x + (1 - y) \log(1 - x))`.

    Args:
        weight (Tensor): rescaling weight broadcastable to the input. Default: None.
        reduction (str): Default: ``"mean"``.

    Inputs:
        - **logits** (Tensor) - probabilities in (0, 1).
        - **labels** (Tensor) - same shape.

    Outputs:
        Tensor.
    """

    def __init__(self, weight=None, reduction="mean"):
        super().__init__(reduction)
        self.weight = weight

    def construct(self, logits, labels):
        return binary_cross_entropy(logits, labels, self.weight, self.reduction)


class CosineEmbeddingLoss(LossBase):
    r""":math:`1 - \cos(x_1, x_2)` for label 1, :math:`\max(0, \cos(x_1, x_2) - margin)` for label -1.

    Args:
        margin (float): in [-1, 1]. Default: 0.0.
        reduction (str): Default: ``"mean"``.

    Inputs:
        - **logits_x1**, **logits_x2** (Tensor) - :math:`(N, D)`.
        - **labels** (Tensor) - :math:`(N,)` in {1, -1}.

    Outputs:
        Tensor.
    """

    def __init__(self, margin=0.0, reduction="mean"):
        super().__init__(reduction)
        if not isinstance(margin, float) or not -1.0 <= margin <= 1.0:
            raise ValueError(f"For 'CosineEmbeddingLoss', the 'margin' must be a float in [-1, 1], "
                             f"but got {margin!r}")
        self.margin = margin

    def construct(self, logits_x1, logits_x2, labels):
        a, b = logits_x1._t, logits_x2._t
        if a.shape != b.shape or a.dtype != b.dtype:
            # MindSpore 2.10: a shape mismatch is a ValueError, a dtype mismatch a TypeError.
            raise (ValueError if a.shape != b.shape else TypeError)(
                f"For 'CosineEmbeddingLoss', 'logits_x1' and 'logits_x2' must have the same shape and dtype, "
                f"but got {tuple(a.shape)} {a.dtype} and {tuple(b.shape)} {b.dtype}")
        return self.get_loss(_nn._cosine_embedding_loss(logits_x1, logits_x2, labels, self.margin))


class MultilabelMarginLoss(LossBase):
    r"""Multi-class multi-label hinge loss (targets are class indices padded with -1).

    Args:
        reduction (str): Default: ``"mean"``.

    Inputs:
        - **x** (Tensor) - :math:`(C)` or :math:`(N, C)`.
        - **target** (Tensor) - int indices of the same shape.

    Outputs:
        Tensor.
    """

    def construct(self, x, target):
        return multilabel_margin_loss(x, target, self.reduction)


class BCEWithLogitsLoss(LossBase):
    r"""Binary cross entropy of :math:`\sigma(x)`, computed stably:
    :math:`-w (p_c\, y \log \sigma(x) + (1 - y) \log(1 - \sigma(x)))`.

    Args:
        reduction (str): Default: ``"mean"``.
        weight (Tensor): rescaling weight. Default: None.
        pos_weight (Tensor): weight of positive examples per class. Default: None.

    Inputs:
        - **input** (Tensor) - logits.
        - **target** (Tensor) - same shape.

    Outputs:
        Tensor.
    """

    def __init__(self, reduction="mean", weight=None, pos_weight=None):
        super().__init__(reduction)
        if isinstance(weight, Parameter) or isinstance(pos_weight, Parameter):
            raise TypeError("For 'BCEWithLogitsLoss', the 'weight' and 'pos_weight' can not be Parameters")
        self.weight, self.pos_weight = weight, pos_weight
        self._w, self._pw = _t(weight), _t(pos_weight)

    def construct(self, input, target):  # noqa: A002 - MindSpore's argument name
        check_dtype(self, "target", target._t, FLOATS)  # MindSpore 2.10's primitive refuses integer targets
        return binary_cross_entropy_with_logits(input, target, self.weight, self.pos_weight, self.reduction)


class FocalLoss(LossBase):
    r"""Focal loss :math:`-(1 - p)^\gamma \log p` over the class axis 1 (averaged over classes for
    one-hot labels), then reduced.

    Args:
        weight (Tensor): 1-D per-class weights. Default: None.
        gamma (float): focusing parameter. Default: 2.0.
        reduction (str): Default: ``"mean"``.

    Inputs:
        - **logits** (Tensor) - :math:`(N, C)`, :math:`(N, C, H)` or :math:`(N, C, H, W)`.
        - **labels** (Tensor) - the same shape (one-hot) or with 1 channel (indices).

    Outputs:
        Tensor.
    """

    def __init__(self, weight=None, gamma=2.0, reduction="mean"):
        super().__init__(reduction)
        if not isinstance(gamma, float):
            raise TypeError(f"For 'FocalLoss', the 'gamma' must be a float, but got {type(gamma).__name__}")
        if weight is not None and (not isinstance(weight, Tensor) or weight.ndim != 1):
            raise ValueError(f"For 'FocalLoss', the 'weight' must be a 1-D Tensor, but got {weight!r}")
        self.weight, self.gamma = weight, gamma

    def construct(self, logits, labels):
        x, y = logits._t, labels._t
        if not 2 <= x.dim() <= 4 or x.dim() != y.dim():
            raise ValueError(f"For 'FocalLoss', 'logits' and 'labels' must have the same rank in [2, 4], "
                             f"but got shapes {tuple(x.shape)} and {tuple(y.shape)}")
        if x.shape[1] == 1 or y.shape[1] not in (1, x.shape[1]):
            raise ValueError(f"For 'FocalLoss', labels.shape[1] must be 1 or logits.shape[1] (> 1), "
                             f"but got shapes {tuple(x.shape)} and {tuple(y.shape)}")
        return self.get_loss(_nn._focal_loss(logits, labels, self.weight, self.gamma))


class HuberLoss(LossBase):
    r""":math:`0.5 (x - y)^2` where :math:`|x - y| < \delta`, else :math:`\delta (|x - y| - 0.5 \delta)`.

    Args:
        reduction (str): Default: ``"mean"``.
        delta (float): positive threshold. Default: 1.0.

    Inputs:
        - **logits**, **labels** (Tensor) - broadcastable.

    Outputs:
        Tensor.
    """

    def __init__(self, reduction="mean", delta=1.0):
        super().__init__(reduction)
        if not isinstance(delta, (int, float)) or isinstance(delta, bool) or delta <= 0:
            raise ValueError(f"For 'HuberLoss', the 'delta' must be a positive float, but got {delta!r}")
        self.delta = float(delta)

    def construct(self, logits, labels):
        if not logits._t.is_floating_point():  # MindSpore 2.10 casts integer logits to the labels' float dtype
            logits = cast(logits, labels.dtype if labels._t.is_floating_point() else mstype.float32)
        return huber_loss(logits, labels, self.reduction, self.delta)


class TripletMarginLoss(LossBase):
    r""":math:`\max(\|a - p\|_p - \|a - n\|_p + margin, 0)`.

    Args:
        p (int): norm degree. Default: 2.
        swap (bool): distance swap. Default: False.
        eps (float): Default: 1e-6.
        reduction (str): Default: ``"mean"``.
        margin (float): Default: 1.0.

    Inputs:
        - **x**, **positive**, **negative** (Tensor).
        - **margin** (float) - used when the constructor's margin is 1.0. Default: 1.0.

    Outputs:
        Tensor.
    """

    def __init__(self, p=2, swap=False, eps=1e-06, reduction="mean", margin=1.):
        super().__init__(reduction)
        self.p, self.swap, self.eps, self.margin = p, swap, eps, margin

    def construct(self, x, positive, negative, margin=1.):
        if self.margin != 1.0:
            margin = self.margin
        margin = float(margin._t) if isinstance(margin, Tensor) else float(margin)
        return triplet_margin_loss(x, positive, negative, margin, self.p, self.eps, self.swap, self.reduction)


class NLLLoss(LossBase):
    r"""Negative log likelihood of log-probabilities: :math:`-w_{y} x_{y}`.

    Args:
        weight (Tensor): per-class weights (float16/float32). Default: None.
        ignore_index (int): a label that contributes nothing. Default: -100.
        reduction (str): Default: ``"mean"`` (weighted mean).

    Inputs:
        - **logits** (Tensor) - :math:`(N, C)` or :math:`(N, C, d_1, \ldots)`.
        - **labels** (Tensor) - int class indices :math:`(N)` or :math:`(N, d_1, \ldots)`.

    Outputs:
        Tensor.
    """

    def __init__(self, weight=None, ignore_index=-100, reduction="mean"):
        super().__init__(reduction)
        if not isinstance(ignore_index, int):
            raise TypeError(f"For 'NLLLoss', the 'ignore_index' must be an int, but got {type(ignore_index).__name__}")
        if weight is not None and not isinstance(weight, Tensor):
            raise TypeError(f"For 'NLLLoss', the 'weight' must be a Tensor, but got {type(weight).__name__}")
        self.weight, self.ignore_index = weight, ignore_index
        self._w = _t(weight)

    def construct(self, logits, labels):
        if labels._t.is_floating_point():  # MindSpore 2.10 refuses float labels; torch would truncate them
            raise TypeError(f"For 'NLLLoss', the 'labels' must be int32 or int64, but got {labels.dtype} "
                            f"with shape {tuple(labels.shape)}")
        if not logits._t.is_floating_point():  # MindSpore 2.10 casts int logits
            logits = cast(logits, mstype.float32)
        x = logits._t
        if x.dim() > 2 and labels._t.shape != x.shape[:1] + x.shape[2:]:
            # MindSpore 2.10 gathers N-D logits at the labels and fails there with a RuntimeError
            raise RuntimeError(f"For 'NLLLoss', the 'labels' of {x.dim()}-D 'logits' of shape {tuple(x.shape)} must "
                               f"have the shape {tuple(x.shape[:1] + x.shape[2:])}, but got {tuple(labels.shape)}")
        return _class_loss("NLLLoss", lambda: nll_loss(logits, labels, self.weight, self.ignore_index, self.reduction),
                           logits, labels, self.ignore_index)


class CrossEntropyLoss(LossBase):
    r"""Cross entropy of ``softmax(logits)`` along axis 1 against class indices or class probabilities.

    Args:
        weight (Tensor): per-class weights. Default: None.
        ignore_index (int): a label that contributes nothing. Default: -100.
        reduction (str): Default: ``"mean"``.
        label_smoothing (float): in [0, 1]. Default: 0.0.

    Inputs:
        - **logits** (Tensor) - :math:`(N, C)` or :math:`(N, C, d_1, \ldots)`, float16/float32.
        - **labels** (Tensor) - int32 indices with one dimension less, or probabilities of the same shape.

    Outputs:
        Tensor.
    """

    def __init__(self, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
        super().__init__(reduction)
        if not isinstance(ignore_index, int):
            raise TypeError(f"For 'CrossEntropyLoss', the 'ignore_index' must be an int, "
                            f"but got {type(ignore_index).__name__}")
        if not isinstance(label_smoothing, float) or not 0.0 <= label_smoothing <= 1.0:
            raise ValueError(f"For 'CrossEntropyLoss', the 'label_smoothing' must be a float in [0, 1], "
                             f"but got {label_smoothing!r}")
        if weight is not None and not isinstance(weight, Tensor):
            raise TypeError(f"For 'CrossEntropyLoss', the 'weight' must be a Tensor, but got {type(weight).__name__}")
        self.weight, self.ignore_index, self.label_smoothing = weight, ignore_index, label_smoothing
        self._w = _t(weight)

    def construct(self, logits, labels):
        x, y = logits._t, labels._t
        if x.dtype not in (torch.float16, torch.float32):
            raise TypeError(f"For 'CrossEntropyLoss', the 'logits' should be one of [mindspore.float16, "
                            f"mindspore.float32], but got '{mstype.from_torch(x.dtype)!r}'.")
        if x.dim() == y.dim():
            if x.shape != y.shape:
                raise ValueError(f"For 'CrossEntropyLoss', probability 'labels' must have the shape of 'logits', "
                                 f"but got {tuple(x.shape)} and {tuple(y.shape)}")
            if not y.is_floating_point():
                raise TypeError(f"For 'CrossEntropyLoss', the 'labels' should be one of [mindspore.float16, "
                                f"mindspore.float32] when they are probabilities, but got {labels.dtype}")
        elif x.dim() == y.dim() + 1:
            if y.dtype != torch.int32:
                raise TypeError(f"For 'CrossEntropyLoss', class-index 'labels' must be int32 (as MindSpore "
                                f"requires), but got {mstype.from_torch(y.dtype)}")
            return _class_loss("CrossEntropyLoss", lambda: cross_entropy(
                logits, labels, self.weight, self.ignore_index, self.reduction, self.label_smoothing),
                logits, labels, self.ignore_index)
        else:
            raise ValueError(f"For 'CrossEntropyLoss', the rank of 'labels' must equal the rank of 'logits' "
                             f"(probabilities) or be one less (indices), but got shapes {tuple(x.shape)} and "
                             f"{tuple(y.shape)}")
        return cross_entropy(logits, labels, self.weight, self.ignore_index, self.reduction, self.label_smoothing)


class KLDivLoss(LossBase):
    r"""Kullback-Leibler divergence :math:`y (\log y - x)` of targets ``labels`` from log-probabilities ``logits``.

    Args:
        reduction (str): ``"mean"`` (over all elements), ``"batchmean"``, ``"sum"`` or ``"none"``.
            Default: ``"mean"``.

    Inputs:
        - **logits** (Tensor) - log-probabilities.
        - **labels** (Tensor) - probabilities, same shape.

    Outputs:
        Tensor.
    """

    def __init__(self, reduction="mean"):
        _check_reduction("KLDivLoss", reduction, ("mean", "batchmean", "sum", "none"))
        super().__init__("mean" if reduction == "batchmean" else reduction)
        self.reduction = reduction

    def construct(self, logits, labels):
        x, y = logits._t, labels._t
        if x.shape != y.shape:  # MindSpore 2.10 does not broadcast them
            raise ValueError(f"For 'KLDivLoss', the 'logits' and 'labels' must have the same shape, but got "
                             f"{tuple(x.shape)} and {tuple(y.shape)}")
        if x.dtype != y.dtype:
            raise TypeError(f"For 'KLDivLoss', the input type must be same, but got 'logits': {logits.dtype} and "
                            f"'labels': {labels.dtype}")
        return kl_div(logits, labels, self.reduction)


class CTCLoss(LossBase):
    r"""Connectionist temporal classification loss.

    Args:
        blank (int): the blank label. Default: 0.
        reduction (str): ``"mean"`` divides each loss by its target length before averaging. Default: ``"mean"``.
        zero_infinity (bool): replace infinite losses by zero. Default: False.

    Inputs:
        - **log_probs** (Tensor) - :math:`(T, N, C)` or :math:`(T, C)`.
        - **targets** (Tensor) - :math:`(N, S)` indices (or :math:`(S,)`/:math:`(1, S)` unbatched).
        - **input_lengths** (Tensor) - :math:`(N)`.
        - **target_lengths** (Tensor) - :math:`(N)`.

    Outputs:
        Tensor.
    """

    def __init__(self, blank=0, reduction="mean", zero_infinity=False):
        super().__init__(reduction)
        self.blank, self.zero_infinity = blank, zero_infinity

    def construct(self, log_probs, targets, input_lengths, target_lengths):
        lp, tg = log_probs._t, check_dtype(self, "targets", targets._t, INDICES)
        if lp.dim() == 2 and tg.dim() == 2:
            if tg.shape[0] != 1:
                raise ValueError(f"For 'CTCLoss', unbatched 2-D targets must have first dimension 1, "
                                 f"but got shape {tuple(tg.shape)}")
            tg = tg[0]
        return _wrap(_nn._ctc_loss(lp, tg, input_lengths, target_lengths, self.blank, self.reduction,
                                   self.zero_infinity))


class GaussianNLLLoss(LossBase):
    r"""Gaussian negative log likelihood :math:`0.5 (\log \max(var, eps) + (x - y)^2 / \max(var, eps))`
    (plus :math:`0.5 \log 2\pi` with ``full``).

    Args:
        full (bool): include the constant. Default: False.
        eps (float): variance floor. Default: 1e-6.
        reduction (str): Default: ``"mean"``.

    Inputs:
        - **logits**, **labels** (Tensor) - the prediction and target.
        - **var** (Tensor) - the predicted variance.

    Outputs:
        Tensor.
    """

    def __init__(self, *, full=False, eps=1e-6, reduction="mean"):
        super().__init__(reduction)
        if not isinstance(eps, (int, float)) or eps <= 0:
            raise ValueError(f"For 'GaussianNLLLoss', the 'eps' must be positive, but got {eps!r}")
        if not isinstance(full, bool):
            raise TypeError(f"For 'GaussianNLLLoss', the 'full' must be a bool, but got {type(full).__name__}")
        self.full, self.eps = full, eps

    def construct(self, logits, labels, var):
        given = (tuple(logits.shape), tuple(labels.shape), tuple(var.shape))
        if var.ndim == logits.ndim - 1 and var.shape == logits.shape[:-1]:  # one variance per row, as in torch
            var = expand_dims(var, -1)
        try:  # MindSpore 2.10 broadcasts the three operands (torch insists on the input's shape)
            shape = np.broadcast_shapes(logits.shape, labels.shape, var.shape)
        except ValueError:
            raise ValueError(f"For 'GaussianNLLLoss', the 'logits', 'labels' and 'var' must be broadcastable, but "
                             f"got shapes {given[0]}, {given[1]} and {given[2]}") from None
        return gaussian_nll_loss(broadcast_to(logits, shape), broadcast_to(labels, shape), broadcast_to(var, shape),
                                 self.full, self.eps, self.reduction)


class HingeEmbeddingLoss(LossBase):
    r""":math:`x` for label 1, :math:`\max(0, margin - x)` for label -1.

    Args:
        margin (float): Default: 1.0.
        reduction (str): Default: ``"mean"``.

    Inputs:
        - **logits** (Tensor), **labels** (Tensor) - labels in {1, -1}.

    Outputs:
        Tensor.
    """

    def __init__(self, margin=1.0, reduction="mean"):
        super().__init__(reduction)
        if not isinstance(margin, (int, float)) or isinstance(margin, bool):
            raise TypeError(f"For 'HingeEmbeddingLoss', the 'margin' must be a float, "
                            f"but got {type(margin).__name__}")
        self.margin = float(margin)

    def construct(self, logits, labels):
        if logits._t.dtype != labels._t.dtype:
            raise TypeError(f"For 'HingeEmbeddingLoss', the dtype of the second input 'labels' must be the same as "
                            f"the first input 'logits' ({logits.dtype}), but got {labels.dtype}")
        return hinge_embedding_loss(logits, labels, self.margin, self.reduction)


class SampledSoftmaxLoss(LossBase):
    r"""Softmax cross entropy over the true classes and ``num_sampled`` uniformly sampled classes,
    with the logits corrected by the log expected counts (for large output vocabularies).

    Args:
        num_sampled (int): classes sampled per batch (unique).
        num_classes (int): total classes.
        num_true (int): true classes per example. Default: 1.
        sampled_values (tuple): ``(sampled, true_expected_count, sampled_expected_count)`` to use
            instead of sampling. Default: None.
        remove_accidental_hits (bool): never sample a true class of the batch. Default: True.
        seed (int): sampler seed; 0 draws from the global generator (``set_seed``). Default: 0.
        reduction (str): accepted; MindSpore 2.10 returns the per-example losses. Default: ``"none"``.

    Inputs:
        - **weights** (Tensor) - :math:`(C, D)`.
        - **biases** (Tensor) - :math:`(C,)`.
        - **labels** (Tensor) - :math:`(N, num\_true)` int class indices.
        - **logits** (Tensor) - :math:`(N, D)` activations.

    Outputs:
        Tensor of shape :math:`(N,)`.
    """

    def __init__(self, num_sampled, num_classes, num_true=1, sampled_values=None, remove_accidental_hits=True,
                 seed=0, reduction="none"):
        super().__init__(reduction)
        if num_true < 1:
            raise ValueError(f"For 'SampledSoftmaxLoss', the 'num_true' must be at least 1, but got {num_true}")
        if seed < 0:
            raise ValueError(f"For 'SampledSoftmaxLoss', the 'seed' must be non-negative, but got {seed}")
        if num_sampled > num_classes or num_true > num_classes:
            raise ValueError(f"For 'SampledSoftmaxLoss', 'num_sampled' ({num_sampled}) and 'num_true' ({num_true}) "
                             f"must not exceed 'num_classes' ({num_classes})")
        if sampled_values is not None and (not isinstance(sampled_values, (list, tuple)) or len(sampled_values) != 3):
            raise ValueError(f"For 'SampledSoftmaxLoss', the 'sampled_values' must be a list or tuple of 3 Tensors, "
                             f"but got {sampled_values!r}")
        self.num_sampled, self.num_classes, self.num_true = num_sampled, num_classes, num_true
        self.sampled_values, self.remove_accidental_hits, self.seed = sampled_values, remove_accidental_hits, seed
        self._generator = torch.Generator().manual_seed(seed) if seed else None

    def _sample(self, labels):
        """Unique uniform candidates and the expected counts MindSpore's UniformCandidateSampler reports."""
        return _nn._sampled_softmax_candidates("SampledSoftmaxLoss", labels, self.num_sampled, self.num_classes,
                                               self.remove_accidental_hits, self._generator)

    def construct(self, weights, biases, labels, logits):
        w, b, y, x = weights._t, biases._t, labels._t, logits._t
        if w.dim() != 2 or x.dim() != 2:
            raise ValueError(f"For 'SampledSoftmaxLoss', the 'weights' and 'logits' must be 2-D, but got shapes "
                             f"{tuple(w.shape)} and {tuple(x.shape)}")
        if y.is_floating_point():
            raise TypeError(f"For 'SampledSoftmaxLoss', the 'labels' must be int32 or int64, "
                            f"but got {mstype.from_torch(y.dtype)}")
        y = y.reshape(-1, self.num_true).long()
        if self.sampled_values is None:
            sampled, true_count, sampled_count = self._sample(y)
        else:
            sampled, true_count, sampled_count = (_ut(v) for v in self.sampled_values)
        return _wrap(_nn._sampled_softmax_loss(x, w, b, y, sampled.long(), true_count, sampled_count, self.num_true))


class _Loss(LossBase):
    """MindSpore's deprecated base of the losses (:class:`LossBase` that warns when built)."""

    def __init__(self, reduction="mean"):
        from ... import log
        log.warning("'_Loss' is deprecated from version 1.3 and will be removed after version 2.9.0, use "
                    "'LossBase' instead.")
        super().__init__(reduction)

    def construct(self, logits, labels):
        raise NotImplementedError
