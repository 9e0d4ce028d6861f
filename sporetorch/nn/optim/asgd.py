"""Averaged SGD and Rprop."""
import torch

from ...common import dtype as mstype
from ...common.parameter import Parameter, ParameterTuple
from ...common.tensor import Tensor
from ...ops.function.optim_func import asgd_update_, rprop_update_
from ._validate import check_float, check_type
from .optimizer import Optimizer, opt_init_args_register


class ASGD(Optimizer):
    """Averaged stochastic gradient descent (Polyak & Juditsky).

    .. math::
        p = p (1 - \\lambda \\eta) - \\eta g, \\quad ax = ax + \\mu (p - ax) \\;(ax = p \\text{ if } \\mu = 1),
        \\quad \\eta = \\frac{lr}{(1 + \\lambda\\,lr\\,t)^{\\alpha}}, \\quad \\mu = \\frac{1}{\\max(1, t - t_0)}

    ``eta`` starts at the learning rate on the first step.

    State: ``mu_<name>``, ``eta_<name>`` (0-d) and ``ax_.<name>``.
    """

    # MindSpore 2.10 loops over zip(Parameters, gradients) in Python: a list, fewer gradients, or any
    # gradient dtype is accepted.
    _grads_list_error = None
    _zip_grads = True
    _grad_dtype = None

    @opt_init_args_register
    def __init__(self, params, learning_rate=0.1, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        self.lambd = check_type(lambd, "lambd", float, self.cls_name)
        self.alpha = check_type(alpha, "alpha", float, self.cls_name)
        self.t0 = check_type(t0, "t0", float, self.cls_name)
        self.mu = ParameterTuple(Parameter(Tensor(1.0, mstype.float32), name="mu_" + p.name)
                                 for p in self.parameters)
        self.eta = ParameterTuple(Parameter(Tensor(0.0, mstype.float32), name="eta_" + p.name)
                                  for p in self.parameters)
        self.ax = self._clone_state("ax_")

    def construct(self, gradients):
        grads, lrs = self._begin_step(gradients)
        step = self._step_number()
        lr_of = self._per_param(self._lr_buckets, lrs)
        params, ax_all = self._params_t(), self._state_t("ax")
        with torch.no_grad():
            for i, (p, g, ax, mu_p, eta_p) in enumerate(zip(params, grads, ax_all, self.mu, self.eta)):
                lr = lr_of[i]
                eta = lr if step == 1 else self._host(eta_p)
                mu = self._host(mu_p)
                asgd_update_(p, g, ax, eta=eta, mu=mu, lambd=self.lambd)
                new_eta = lr / (1.0 + self.lambd * lr * step) ** self.alpha
                new_mu = 1.0 / max(1.0, step - self.t0)
                eta_p._t.fill_(new_eta)
                mu_p._t.fill_(new_mu)
                self._set_host(eta_p, eta_p._t.item() if eta_p._t.is_cuda is False else new_eta)
                self._set_host(mu_p, new_mu)
        return True


class Rprop(Optimizer):
    """Resilient backpropagation: per-element step sizes grown by ``etaplus`` while the gradient
    keeps its sign and shrunk by ``etaminus`` (skipping that update) when it flips.

    Args:
        params: Parameters or groups. learning_rate: the initial step size. Default: 0.1.
        etas (tuple[float, float]): (etaminus, etaplus). Default: (0.5, 1.2).
        step_sizes (tuple[float, float]): (min, max) step size. Default: (1e-6, 50.).
        weight_decay: Default: 0.0.

    State: ``prev.<name>``, ``step_size.<name>``.
    """

    # MindSpore 2.10 loops over zip(Parameters, gradients) in Python: a list, fewer gradients, or any
    # gradient dtype is accepted.
    _grads_list_error = None
    _zip_grads = True
    _grad_dtype = None

    _state_names = ("prev", "step_size")

    @opt_init_args_register
    def __init__(self, params, learning_rate=0.1, etas=(0.5, 1.2), step_sizes=(1e-6, 50.), weight_decay=0.):
        super().__init__(learning_rate, params, weight_decay)
        if not isinstance(etas, tuple):
            raise TypeError(f"For Rprop, etas must be a tuple, but got {type(etas)}.")
        if len(etas) != 2:
            raise ValueError(f"For Rprop, etas must be a tuple with the size of 2, but got {len(etas)}.")
        if not isinstance(step_sizes, tuple):
            raise TypeError(f"For Rprop, step_sizes must be a tuple, but got {type(step_sizes)}.")
        if len(step_sizes) != 2:
            raise ValueError(f"For Rprop, step_sizes must be a tuple with the size of 2, but got {len(step_sizes)}.")
        if step_sizes[0] > step_sizes[1]:
            raise ValueError(f"For Rprop, maximal step size should not be less than minimal step size, "
                             f"but got {step_sizes[0]} > {step_sizes[1]}.")
        check_float(etas[0], "etaminus", self.cls_name, low=0.0, low_inclusive=False, high=1.0, high_inclusive=False)
        check_type(etas[1], "etaplus", float, self.cls_name)
        if etas[1] <= 1.0:
            raise ValueError(f"For Rprop, etaplus must be greater than 1.0, but got etaplus {etas[1]}.")
        check_type(step_sizes[0], "min_step_sizes", float, self.cls_name)
        check_type(step_sizes[1], "max_step_sizes", float, self.cls_name)
        self.etaminus, self.etaplus = etas
        self.step_size_min, self.step_size_max = step_sizes
        self.prev = self._clone_state("prev")
        self.step_size = self._clone_state("step_size")

    def construct(self, gradients):
        grads, lrs = self._begin_step(gradients)
        first = self._step_number() == 1
        params, prev_all, size_all = self._params_t(), self._state_t("prev"), self._state_t("step_size")
        with torch.no_grad():
            for (idx, _), lr in zip(self._lr_buckets, lrs):
                p, g, prev, size = self._bucket_lists(idx, params, grads, prev_all, size_all)
                if first:
                    for st in size:
                        st.fill_(lr)
                rprop_update_(p, g, prev, size, etaminus=self.etaminus, etaplus=self.etaplus,
                              step_size_min=self.step_size_min, step_size_max=self.step_size_max)
        return True


__all__ = ["ASGD", "Rprop"]
