"""MindSpore's ``nn.optim.proximal_ada_grad`` module: :class:`ProximalAdagrad` and its per-parameter helpers."""
from ..._checkparam import check_non_negative_float, check_value_type
from .adagrad import ProximalAdagrad


def _tensor_run_opt_with_sparse(opt, sparse_opt, l1, l2, learning_rate, gradient, weight, accum):
    """One step on a RowTensor gradient through ``sparse_opt(weight, accum, lr, l1, l2, values, indices)``;
    returns True."""
    sparse_opt(weight, accum, learning_rate, l1, l2, gradient.values, gradient.indices)
    return True


def _tensor_run_opt(opt, sparse_opt, l1, l2, learning_rate, gradient, weight, accum):
    """One step through the Primitive ``opt(weight, accum, lr, l1, l2, gradient)``; returns True."""
    opt(weight, accum, learning_rate, l1, l2, gradient)
    return True


def _check_param_value(accum, l1, l2, use_locking, prim_name=None):
    """ProximalAdagrad's argument checks, with MindSpore's messages."""
    check_value_type("accum", accum, [float], prim_name)
    check_value_type("l1", l1, [float], prim_name)
    check_value_type("l2", l2, [float], prim_name)
    check_value_type("use_locking", use_locking, [bool], prim_name)
    check_non_negative_float(accum, "accum", prim_name)
    check_non_negative_float(l1, "l1", prim_name)
    check_non_negative_float(l2, "l2", prim_name)


__all__ = ["ProximalAdagrad"]
