"""MindSpore's ``nn.optim.ada_grad`` module: :class:`Adagrad` and its per-parameter helpers."""
from ..._checkparam import check_non_negative_float, check_value_type
from .adagrad import Adagrad


def _tensor_run_opt(opt, learning_rate, weight, accum, gradient):
    """One Adagrad step through the Primitive ``opt(weight, accum, learning_rate, gradient)``; returns True."""
    opt(weight, accum, learning_rate, gradient)
    return True


def _check_param_value(accum, update_slots, prim_name=None):
    """Adagrad's argument checks, with MindSpore's messages."""
    check_value_type("accum", accum, [float], prim_name)
    check_value_type("update_slots", update_slots, [bool], prim_name)
    check_non_negative_float(accum, "accum", prim_name)


__all__ = ["Adagrad"]
