"""`sporetorch.boost` (``mindspore.boost``): MindSpore's training accelerations.

Gradient accumulation, gradient freezing (MindSpore's schedules), grad centralization and LessBN's
feature-normalized head change the computation as in MindSpore. AdaSum combines the updates of
several devices and is the plain update with one; DimReduce needs Ascend-computed PCA matrices and
raises NotImplementedError. ``Model(boost_level=...)`` is accepted; see ``train.Model``.
"""
from .adasum import AdaSum
from .base import OptimizerProcess, ParameterProcess
from .boost import AutoBoost
from .boost_cell_wrapper import BoostTrainOneStepCell, BoostTrainOneStepWithLossScaleCell
from .dim_reduce import DimReduce
from .grad_accumulation import GradientAccumulation
from .grad_freeze import FreezeOpt, GradientFreeze, freeze_cell
from .group_loss_scale_manager import GroupLossScaleManager
from .less_batch_normalization import LessBN

__all__ = ["AutoBoost", "OptimizerProcess", "ParameterProcess", "BoostTrainOneStepCell",
           "BoostTrainOneStepWithLossScaleCell", "LessBN", "GradientFreeze", "FreezeOpt", "freeze_cell",
           "GradientAccumulation", "AdaSum", "DimReduce", "GroupLossScaleManager"]
