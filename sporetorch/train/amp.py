"""``mindspore.train.amp``: automatic mixed precision (defined in ``sporetorch.amp.mixed_precision``; MindSpore
2.10 defines it here and re-exports it from ``mindspore.amp``)."""
from ..amp.mixed_precision import (AmpDecorator, _add_loss_network, _check_kwargs, _check_level,
                                   _is_grad_accumulation, _list_check, _OutputTo16, _OutputTo32,
                                   _set_amp_decorator, amp_cast, auto_mixed_precision, build_train_network,
                                   custom_mixed_precision, get_black_list, get_white_list)
from .loss_scale_manager import DynamicLossScaleManager, LossScaleManager

__all__ = ["auto_mixed_precision", "custom_mixed_precision", "build_train_network", "get_white_list",
           "get_black_list", "amp_cast", "AmpDecorator", "DynamicLossScaleManager", "LossScaleManager",
           "_OutputTo16", "_OutputTo32", "_add_loss_network", "_check_kwargs", "_check_level",
           "_is_grad_accumulation", "_list_check", "_set_amp_decorator"]
