"""MindSpore's ``nn.optim.adadelta`` module: :class:`Adadelta` and its per-parameter helpers."""
from ..._checkparam import INC_BOTH, check_float_range, check_non_negative_float, check_value_type
from .adagrad import Adadelta


def _tensor_run_opt(opt, rho, epsilon, learning_rate, weight, accum, accum_update, gradient):
    """One Adadelta step through the Primitive ``opt(weight, accum, accum_update, lr, rho, epsilon, grad)``;
    returns True."""
    opt(weight, accum, accum_update, learning_rate, rho, epsilon, gradient)
    return True


def _check_param_value(rho, epsilon, prim_name=None):
    """Adadelta's argument checks, with MindSpore's messages."""
    check_value_type("rho", rho, [float], prim_name)
    check_value_type("epsilon", epsilon, [float], prim_name)
    check_float_range(rho, 0.0, 1.0, INC_BOTH, "rho", prim_name)
    check_non_negative_float(epsilon, "epsilon", prim_name)


__all__ = ["Adadelta"]
