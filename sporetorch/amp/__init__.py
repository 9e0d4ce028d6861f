"""`sporetorch.amp`: mixed precision and loss scaling (``mindspore.amp``)."""
from .mixed_precision import (auto_mixed_precision, custom_mixed_precision, build_train_network, get_white_list,
                              get_black_list)
from .loss_scaler import all_finite, LossScaler, StaticLossScaler, DynamicLossScaler
from ..train.loss_scale_manager import LossScaleManager, FixedLossScaleManager, DynamicLossScaleManager

__all__ = ["auto_mixed_precision", "custom_mixed_precision", "build_train_network", "get_white_list",
           "get_black_list", "all_finite", "LossScaler", "StaticLossScaler", "DynamicLossScaler",
           "LossScaleManager", "FixedLossScaleManager", "DynamicLossScaleManager"]
