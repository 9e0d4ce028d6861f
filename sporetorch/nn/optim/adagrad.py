"""Adagrad family: Adagrad, ProximalAdagrad, Adadelta."""
import torch

from ...ops.function.optim_func import adadelta_update_, adagrad_update_, proximal_adagrad_update_
from ._validate import check_bool, check_float
from .optimizer import Optimizer, opt_init_args_register


class Adagrad(Optimizer):
    """Adagrad: ``accum += g^2`` (when ``update_slots``), ``p -= lr * g / sqrt(accum)``.

    Args:
        params: Parameters or groups. accum (float): initial accumulator. Default: 0.1.
        learning_rate: Default: 0.001. update_slots (bool): Default: True.
        loss_scale: Default: 1.0. weight_decay: Default: 0.0.

    State: ``accum.<name>``.

    Differences from PyTorch: no epsilon in the denominator; the accumulator starts at ``accum``.
    Differences from MindSpore: ``update_slots=False`` keeps the accumulator fixed as documented;
    MindSpore 2.10's CPU kernel updates it anyway.
    """

    _state_names = ("accum",)

    @opt_init_args_register
    def __init__(self, params, accum=0.1, learning_rate=0.001, update_slots=True, loss_scale=1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        accum = check_float(accum, "accum", self.cls_name, low=0.0)
        self.update_slots = check_bool(update_slots, "update_slots", self.cls_name)
        self.accum = self._clone_state("accum", accum)

    def construct(self, gradients):
        grads, lrs = self._begin_step(gradients)
        params, accum = self._params_t(), self._state_t("accum")
        with torch.no_grad():
            for (idx, _), lr in zip(self._lr_buckets, lrs):
                p, g, a = self._bucket_lists(idx, params, grads, accum)
                adagrad_update_(p, g, a, lr=lr, update_slots=self.update_slots)
        return self._updated(gradients)


class ProximalAdagrad(Optimizer):
    """Proximal Adagrad with L1/L2 regularisation.

    .. math::
        accum \\mathrel{+}= g^2, \\quad r = \\frac{lr}{\\sqrt{accum}}, \\quad v = p - r g, \\quad
        p = \\frac{\\operatorname{sign}(v)}{1 + r\\,l2} \\max(|v| - r\\,l1, 0)

    State: ``accum.<name>``.
    """

    _state_names = ("accum",)

    @opt_init_args_register
    def __init__(self, params, accum=0.1, learning_rate=0.001, l1=0.0, l2=0.0, use_locking=False, loss_scale=1.0,
                 weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        accum = check_float(accum, "accum", self.cls_name, low=0.0)
        self.l1 = check_float(l1, "l1", self.cls_name, low=0.0)
        self.l2 = check_float(l2, "l2", self.cls_name, low=0.0)
        self.use_locking = check_bool(use_locking, "use_locking", self.cls_name)
        self.accum = self._clone_state("accum", accum)

    def construct(self, gradients):
        grads, lrs = self._begin_step(gradients)
        params, accum = self._params_t(), self._state_t("accum")
        with torch.no_grad():
            for (idx, _), lr in zip(self._lr_buckets, lrs):
                p, g, a = self._bucket_lists(idx, params, grads, accum)
                proximal_adagrad_update_(p, g, a, lr=lr, l1=self.l1, l2=self.l2)
        return self._updated(gradients)


class Adadelta(Optimizer):
    """Adadelta.

    .. math::
        accum = \\rho\\,accum + (1 - \\rho) g^2, \\quad
        u = \\frac{\\sqrt{accum\\_update + \\epsilon}}{\\sqrt{accum + \\epsilon}} g, \\quad
        accum\\_update = \\rho\\,accum\\_update + (1 - \\rho) u^2, \\quad p = p - lr\\,u

    State: ``accum.<name>``, ``accum_update.<name>``.
    """

    # MindSpore 2.10 zips gradients with Parameters in Python: fewer gradients update the first Parameters;
    # a list is refused with a TypeError.
    _grads_list_error = TypeError
    _zip_grads = True

    _state_names = ("accum", "accum_update")

    @opt_init_args_register
    def __init__(self, params, learning_rate=1.0, rho=0.9, epsilon=1e-6, loss_scale=1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self.rho = check_float(rho, "rho", self.cls_name, low=0.0, high=1.0)
        self.epsilon = check_float(epsilon, "epsilon", self.cls_name, low=0.0)
        self.accum = self._clone_state("accum")
        self.accum_update = self._clone_state("accum_update")

    def construct(self, gradients):
        grads, lrs = self._begin_step(gradients)
        rho, eps = self.rho, self.epsilon
        params, acc_all, upd_all = self._params_t(), self._state_t("accum"), self._state_t("accum_update")
        with torch.no_grad():
            for (idx, _), lr in zip(self._lr_buckets, lrs):
                p, g, acc, acc_upd = self._bucket_lists(idx, params, grads, acc_all, upd_all)
                adadelta_update_(p, g, acc, acc_upd, lr=lr, rho=rho, eps=eps)
        return self._updated(gradients)


__all__ = ["Adagrad", "ProximalAdagrad", "Adadelta"]
