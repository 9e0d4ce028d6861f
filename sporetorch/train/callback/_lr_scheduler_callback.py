"""LearningRateScheduler: change a fixed learning rate from a Python function of the step."""
import math

import torch

from ...common.parameter import Parameter
from ._callback import Callback


class LearningRateScheduler(Callback):
    """After each step, set the optimizer's learning rate to ``learning_rate_function(lr, cur_step_num)``.

    Args:
        learning_rate_function (callable): ``(current lr: float, step: int) -> new lr``.

    The optimizer needs a fixed learning rate (a 0-d Parameter), as in MindSpore.
    """

    def __init__(self, learning_rate_function):
        super().__init__()
        if not callable(learning_rate_function):
            raise TypeError(f"For 'LearningRateScheduler', 'learning_rate_function' must be callable, "
                            f"but got {learning_rate_function!r}")
        self.learning_rate_function = learning_rate_function

    def step_end(self, run_context):
        cb_params = run_context.original_args()
        lr_param = cb_params.optimizer.learning_rate
        if not isinstance(lr_param, Parameter) or lr_param.ndim != 0:
            raise ValueError("LearningRateScheduler needs an optimizer with a fixed (0-d Parameter) learning rate.")
        lr = float(lr_param.asnumpy())
        new_lr = self.learning_rate_function(lr, cb_params.cur_step_num)
        if not math.isclose(lr, new_lr, rel_tol=1e-10):
            with torch.no_grad():
                lr_param._t.fill_(float(new_lr))
