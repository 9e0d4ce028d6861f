"""MindSpore's ``nn.optim.lazyadam`` module: :class:`LazyAdam` and its per-parameter helpers."""
from ..._checkparam import INC_NEITHER, check_float_range, check_non_negative_float, check_positive_float, \
    check_value_type
from .adam import LazyAdam, _run_lazy_opt_with_sparse, _run_opt_with_one_number as _adam_one_number


def _run_opt_with_sparse(opt, sparse_opt, use_locking, use_nesterov, target, beta1_power, beta2_power, beta1, beta2,
                         eps, lr, gradient, params, m, v):
    """LazyAdam on a RowTensor gradient: only the gradient's rows change (``sparse_opt`` unless ``target``)."""
    return _run_lazy_opt_with_sparse(opt, sparse_opt, use_locking, use_nesterov, target, beta1_power, beta2_power,
                                     beta1, beta2, eps, lr, gradient, params, m, v)


def _run_opt_with_one_number(opt, sparse_opt, use_locking, use_nesterov, target, beta1_power, beta2_power, beta1,
                             beta2, eps, lr, gradient, params, moment1, moment2):
    """LazyAdam on a dense gradient: the Adam Primitive ``opt``; returns True."""
    return _adam_one_number(opt, sparse_opt, use_locking, use_nesterov, target, beta1_power, beta2_power, beta1,
                            beta2, eps, lr, gradient, params, moment1, moment2)


def _check_param_value(beta1, beta2, eps, weight_decay, prim_name):
    """LazyAdam's argument checks, with MindSpore's messages."""
    check_value_type("beta1", beta1, [float], prim_name)
    check_value_type("beta2", beta2, [float], prim_name)
    check_value_type("eps", eps, [float], prim_name)
    check_value_type("weight_dacay", weight_decay, [float], prim_name)
    check_float_range(beta1, 0.0, 1.0, INC_NEITHER, "beta1", prim_name)
    check_float_range(beta2, 0.0, 1.0, INC_NEITHER, "beta2", prim_name)
    check_positive_float(eps, "eps", prim_name)
    check_non_negative_float(weight_decay, "weight_decay", prim_name)


__all__ = ["LazyAdam"]
