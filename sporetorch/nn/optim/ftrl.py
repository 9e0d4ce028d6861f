"""FTRL-Proximal."""
import torch

from ...ops.function.optim_func import _ftrl
from ._validate import check_bool, check_float
from .optimizer import Optimizer, opt_init_args_register


class FTRL(Optimizer):
    """Follow-the-regularized-leader (McMahan et al.), MindSpore's ``ApplyFtrl``.

    .. math::
        n' = n + g^2, \\quad z = z + g - \\frac{n'^{-k} - n^{-k}}{lr} p, \\quad
        p = \\begin{cases} \\frac{\\operatorname{sign}(z) l_1 - z}{n'^{-k}/lr + 2 l_2} & |z| > l_1 \\\\
        0 & \\text{otherwise}\\end{cases}

    with ``k = lr_power`` (``n`` is ``moments``, ``z`` is ``linear``).

    State: ``moments.<name>`` (starts at ``initial_accum``), ``linear.<name>``.

    Differences from MindSpore: with ``l1 > 0`` MindSpore 2.10's CPU kernel computes
    ``(l1 - z) / q`` for negative ``z`` instead of the documented ``(-l1 - z) / q``; this
    implementation follows the documented (FTRL-Proximal) formula. With ``l1 == 0`` both agree.
    """

    _state_names = ("moments", "linear")

    @opt_init_args_register
    def __init__(self, params, initial_accum=0.1, learning_rate=0.001, lr_power=-0.5, l1=0.0, l2=0.0,
                 use_locking=False, loss_scale=1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale=loss_scale)
        if self.dynamic_lr or self.is_group_lr:
            raise ValueError("For 'FTRL', dynamic learning rate and group learning rate are currently not "
                             "supported in FTRL, they should all be false, but got dynamic learning rate "
                             f"{self.dynamic_lr} and group learning rate {self.is_group_lr}.")
        initial_accum = check_float(initial_accum, "initial_accum", self.cls_name, low=0.0)
        self.lr_power = check_float(lr_power, "lr_power", self.cls_name, high=0.0)
        self.l1 = check_float(l1, "l1", self.cls_name, low=0.0)
        self.l2 = check_float(l2, "l2", self.cls_name, low=0.0)
        self.use_locking = check_bool(use_locking, "use_locking", self.cls_name)
        self.moments = self._clone_state("moments", initial_accum)
        self.linear = self._clone_state("linear")

    def construct(self, grads):
        grads, lrs = self._begin_step(grads)
        lr, k, l1, l2 = lrs[0], self.lr_power, self.l1, self.l2
        with torch.no_grad():
            for p, g, n, z in zip(self._params_t(), grads, self._state_t("moments"), self._state_t("linear")):
                new_p, new_n, new_z = _ftrl(p, n, z, g, lr, l1, l2, k)
                p.copy_(new_p)
                n.copy_(new_n)
                z.copy_(new_z)
        return self._updated(grads)


__all__ = ["FTRL"]


# ------------------------------------------------------------------ MindSpore's per-parameter helpers
def _tensor_run_opt_with_sparse(opt, spars_opt, l1, l2, lr_power, learning_rate, linear, gradient, weight, moment):
    """FTRL on a RowTensor gradient through ``spars_opt(weight, moment, linear, values, indices)``; returns True."""
    spars_opt(weight, moment, linear, gradient.values, gradient.indices)
    return True


def _tensor_run_opt(opt, spars_opt, l1, l2, lr_power, learning_rate, linear, gradient, weight, moment):
    """FTRL through the Primitive ``opt(weight, moment, linear, gradient, lr, l1, l2, lr_power)``; returns True."""
    opt(weight, moment, linear, gradient, learning_rate, l1, l2, lr_power)
    return True


def _check_param(initial_accum, learning_rate, lr_power, l1, l2, use_locking, prim_name=None):
    """FTRL's argument checks, with MindSpore's messages."""
    from ..._checkparam import GE, LE, check_number, check_positive_float, check_value_type
    check_value_type("initial_accum", initial_accum, [float], prim_name)
    check_number("initial_accum", initial_accum, 0.0, GE, prim_name)
    check_value_type("learning_rate", learning_rate, [float], prim_name)
    check_positive_float(learning_rate, "learning_rate", prim_name)
    check_value_type("lr_power", lr_power, [float], prim_name)
    check_number("lr_power", lr_power, 0.0, LE, prim_name)
    check_value_type("l1", l1, [float], prim_name)
    check_number("l1", l1, 0.0, GE, prim_name)
    check_value_type("l2", l2, [float], prim_name)
    check_number("l2", l2, 0.0, GE, prim_name)
    check_value_type("use_locking", use_locking, [bool], prim_name)
