"""``mindspore.mint.optim.adamw``: :class:`AdamW` and MindSpore 2.10's helpers of that module."""
from . import AdamW  # noqa: F401 - the class MindSpore defines here
from ._steps import _check_adam_param_value


def _check_param_value(betas, eps, weight_decay, lr, amsgrad, maximize, prim_name):
    """AdamW's argument types: ``betas`` a tuple of two floats, float ``eps``,
    ``weight_decay`` and ``lr``, bool ``amsgrad`` and ``maximize``."""
    _check_adam_param_value(betas, eps, weight_decay, lr, amsgrad, maximize, prim_name, [tuple])


def _run_optim_adamw_opt(opt, beta1, beta2, lr, eps, weight_decay, step, amsgrad, maximize, parameters, grads,
                         exp_avg, exp_avg_sq):
    """Run the AdamW kernel ``opt`` on one Parameter and its moments; True."""
    opt(parameters, exp_avg, exp_avg_sq, exp_avg_sq, grads, step, lr, beta1, beta2, weight_decay, eps, amsgrad,
        maximize)
    return True


def _run_optim_adamw_amsgrad_opt(opt, beta1, beta2, lr, eps, weight_decay, step, amsgrad, maximize, parameters,
                                 grads, exp_avg, exp_avg_sq, max_exp_avg_sq):
    """Run the AdamW kernel ``opt`` on one Parameter, its moments and AMSGrad's maximum; True."""
    opt(parameters, exp_avg, exp_avg_sq, max_exp_avg_sq, grads, step, lr, beta1, beta2, weight_decay, eps, amsgrad,
        maximize)
    return True
