"""MindSpore 2.10's per-Parameter update steps of ``mint.optim`` (``adam._run_optim_adamw_opt``, ...) and their
argument checks, on ``mint`` ops. The optimizer classes run torch's functional kernels instead; these are
the helpers model code imports from MindSpore's modules."""
from ... import _checkparam as validator
from ...common.tensor import Tensor
from .. import _math as M


def _check_adam_param_value(betas, eps, weight_decay, lr, amsgrad, maximize, prim_name, beta_types):
    validator.check_value_type("betas", betas, beta_types, prim_name)
    validator.check("betas size", len(betas), "", [2], validator.IN, prim_name)
    validator.check_value_type("betas[0]", betas[0], [float], prim_name)
    validator.check_value_type("betas[1]", betas[1], [float], prim_name)
    validator.check_value_type("eps", eps, [float], prim_name)
    validator.check_value_type("weight_decay", weight_decay, [float], prim_name)
    validator.check_value_type("lr", lr, [float], prim_name)
    validator.check_value_type("amsgrad", amsgrad, [bool], prim_name)
    validator.check_value_type("maximize", maximize, [bool], prim_name)


def _adam_step(beta1, beta2, eps, neg_step_size, sqrt_bias_correction2, parameters, grads, exp_avg, exp_avg_sq,
               max_exp_avg_sq=None):
    """One Adam(W) update of ``parameters`` and its moments, in place (``max_exp_avg_sq``: AMSGrad's)."""
    exp_avg_new = M.add(M.mul(exp_avg, beta1), grads, alpha=1 - beta1)
    exp_avg_sq_new = M.add(M.mul(exp_avg_sq, beta2), M.mul(M.mul(grads, grads), 1 - beta2))
    second = exp_avg_sq_new if max_exp_avg_sq is None else M.maximum(max_exp_avg_sq, exp_avg_sq_new)
    denom = M.add(M.div(M.sqrt(second), sqrt_bias_correction2).astype(second.dtype), eps)
    delta = M.mul(neg_step_size.astype(second.dtype) if isinstance(neg_step_size, Tensor) else neg_step_size,
                  M.div(exp_avg_new, denom))
    exp_avg.copy_(exp_avg_new)
    exp_avg_sq.copy_(exp_avg_sq_new)
    parameters.add_(delta)
    return True


def _run_optim_adamw_opt(beta1, beta2, eps, neg_step_size, sqrt_bias_correction2, parameters, grads, exp_avg,
                         exp_avg_sq):
    """One Adam(W) update of ``parameters``, ``exp_avg`` and ``exp_avg_sq`` in place; True."""
    return _adam_step(beta1, beta2, eps, neg_step_size, sqrt_bias_correction2, parameters, grads, exp_avg,
                      exp_avg_sq)


def _run_optim_adamw_amsgrad_opt(beta1, beta2, eps, neg_step_size, sqrt_bias_correction2, parameters, grads,
                                 exp_avg, exp_avg_sq, max_exp_avg_sq):
    """One AMSGrad Adam(W) update (the running maximum ``max_exp_avg_sq`` is read, not updated); True."""
    return _adam_step(beta1, beta2, eps, neg_step_size, sqrt_bias_correction2, parameters, grads, exp_avg,
                      exp_avg_sq, max_exp_avg_sq)
