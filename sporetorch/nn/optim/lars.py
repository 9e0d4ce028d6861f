"""MindSpore's ``nn.optim.lars`` module: :class:`LARS` and its per-parameter helpers."""
from ..._checkparam import check_value_type
from .lamb import LARS
from .optimizer import Optimizer


def _tensor_run_opt(lars, loss_scale, learning_rate, weight_decay, gradient, weight, decay_flag, lars_flag):
    """The LARS gradient from the Primitive ``lars(weight, gradient, |w|^2, |g|^2, weight_decay / loss_scale,
    lr)`` (decay 0 without ``decay_flag``); ``gradient`` itself without ``lars_flag``."""
    from ...ops.function.reduce_func import square_sum_all
    if lars_flag:
        w_square_sum, grad_square_sum = square_sum_all(weight, gradient)
        decay = weight_decay / loss_scale if decay_flag else 0.0
        return lars(weight, gradient, w_square_sum, grad_square_sum, decay, learning_rate)
    return gradient


def _check_param_value(optimizer, epsilon, coefficient, use_clip, prim_name):
    """LARS's argument checks, with MindSpore's messages."""
    check_value_type("optimizer", optimizer, Optimizer, prim_name)
    check_value_type("epsilon", epsilon, [float], prim_name)
    check_value_type("coefficient", coefficient, [float], prim_name)
    check_value_type("use_clip", use_clip, [bool], prim_name)


__all__ = ["LARS"]
