"""``mindspore.mint.optim.sgd``: :class:`SGD` and MindSpore 2.10's helpers of that module."""
from ... import _checkparam as validator
from ...common.tensor import Tensor
from .. import _math as M
from . import SGD  # noqa: F401 - the class MindSpore defines here


def _check_param_value(lr, momentum, weight_decay, dampening, nesterov, maximize, prim_name):
    """SGD's argument types."""
    validator.check_value_type("lr", lr, [float, int, bool, Tensor], prim_name)
    validator.check_value_type("momentum", momentum, [float, int, bool], prim_name)
    validator.check_value_type("weight_decay", weight_decay, [float, int, bool], prim_name)
    validator.check_value_type("dampening", dampening, [float, int, bool], prim_name)
    validator.check_value_type("nesterov", nesterov, [bool], prim_name)
    validator.check_value_type("maximize", maximize, [bool], prim_name)


def _tensor_weight_decay(weight_decay, weight, gradient):
    """``gradient + weight_decay * weight``."""
    return M.add(gradient, weight, alpha=weight_decay)


def _run_optim_sgd_opt(step_t, lr, momentum, dampening, nesterov, params, momentum_buf, d_p):
    """One SGD update of ``params`` (and of the momentum buffer) in place; True."""
    if momentum != 0:
        if step_t == 0:
            momentum_buf.copy_(d_p)
        else:
            momentum_buf.mul_(momentum)
            momentum_buf.add_(d_p, alpha=1 - dampening)
        d_p = M.add(d_p, momentum_buf, alpha=momentum) if nesterov else momentum_buf
    params.add_(d_p, alpha=-lr)
    return True
