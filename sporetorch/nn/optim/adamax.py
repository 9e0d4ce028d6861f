"""MindSpore's ``nn.optim.adamax`` module: :class:`AdaMax` and its per-parameter helpers."""
from ..._checkparam import INC_NEITHER, check_float_range, check_positive_float, check_value_type
from .adam import AdaMax


def _tensor_run_opt(opt, beta1, beta2, beta1_power, eps, learning_rate, weight, moment1, moment2, gradient):
    """One AdaMax step through the Primitive ``opt(weight, m, v, beta1_power, lr, beta1, beta2, eps, grad)``;
    returns True."""
    opt(weight, moment1, moment2, beta1_power, learning_rate, beta1, beta2, eps, gradient)
    return True


def _check_param_value(beta1, beta2, eps, prim_name):
    """AdaMax's argument checks, with MindSpore's messages."""
    check_value_type("beta1", beta1, [float], prim_name)
    check_value_type("beta2", beta2, [float], prim_name)
    check_value_type("eps", eps, [float], prim_name)
    check_float_range(beta1, 0.0, 1.0, INC_NEITHER, "beta1", prim_name)
    check_float_range(beta2, 0.0, 1.0, INC_NEITHER, "beta2", prim_name)
    check_positive_float(eps, "eps", prim_name)


__all__ = ["AdaMax"]
