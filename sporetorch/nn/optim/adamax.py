"""MindSpore's ``nn.optim.adamax`` module: :class:`AdaMax` and its per-parameter helpers."""
from .adam import AdaMax
# MindSpore's AdaMax module has a checker of its own with the same checks as Adam's.
from .adam import _check_param_value  # noqa: F401 - MindSpore's private path


def _tensor_run_opt(opt, beta1, beta2, beta1_power, eps, learning_rate, weight, moment1, moment2, gradient):
    """One AdaMax step through the Primitive ``opt(weight, m, v, beta1_power, lr, beta1, beta2, eps, grad)``;
    returns True."""
    opt(weight, moment1, moment2, beta1_power, learning_rate, beta1, beta2, eps, gradient)
    return True


__all__ = ["AdaMax"]
