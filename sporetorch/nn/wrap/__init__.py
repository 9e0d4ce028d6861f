"""Training wrappers: WithLossCell, TrainOneStepCell, loss scaling."""
from .cell_wrapper import (WithLossCell, WithEvalCell, WithGradCell, ForwardValueAndGrad, TrainOneStepCell,
                           GradAccumulationCell, ParameterUpdate)
from .loss_scale import DynamicLossScaleUpdateCell, FixedLossScaleUpdateCell, TrainOneStepWithLossScaleCell
from .grad_reducer import DistributedGradReducer

__all__ = ["WithLossCell", "WithEvalCell", "WithGradCell", "ForwardValueAndGrad", "TrainOneStepCell",
           "GradAccumulationCell", "ParameterUpdate", "DynamicLossScaleUpdateCell", "FixedLossScaleUpdateCell",
           "TrainOneStepWithLossScaleCell", "DistributedGradReducer"]
