"""``mindspore.mint.optim.adam``: :class:`Adam` and MindSpore 2.10's helpers of that module."""
from . import Adam  # noqa: F401 - the class MindSpore defines here
from ._steps import _check_adam_param_value
from ._steps import _run_optim_adamw_amsgrad_opt, _run_optim_adamw_opt  # noqa: F401


def _check_param_value(betas, eps, weight_decay, lr, amsgrad, maximize, prim_name):
    """Adam's argument types: ``betas`` a tuple of two floats, float ``eps``,
    ``weight_decay`` and ``lr``, bool ``amsgrad`` and ``maximize``."""
    _check_adam_param_value(betas, eps, weight_decay, lr, amsgrad, maximize, prim_name, [tuple])
