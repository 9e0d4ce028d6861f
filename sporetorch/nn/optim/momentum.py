"""MindSpore's ``nn.optim.momentum`` module: :class:`Momentum` and its per-parameter helper."""
from .sgd import Momentum


def _tensor_run_opt_ext(opt, momentum, learning_rate, gradient, weight, moment):
    """One step through the Primitive ``opt(weight, moment, learning_rate, gradient, momentum)``; returns True."""
    opt(weight, moment, learning_rate, gradient, momentum)
    return True


__all__ = ["Momentum"]
