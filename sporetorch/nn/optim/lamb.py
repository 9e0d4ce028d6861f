"""Layer-wise adaptive optimizers: Lamb and the LARS wrapper."""
import torch

from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ._validate import check_bool, check_type
from ...ops.function.optim_func import lamb_update_, lars_gradient, scale
from .adam import _check_betas_eps, _check_param_value, _float32  # noqa: F401 - the checker at MindSpore's path too
from .optimizer import Optimizer, opt_init_args_register


class Lamb(Optimizer):
    """LAMB (You et al.): Adam's direction rescaled per Parameter by ``||p|| / ||update||``.

    .. math::
        m = \\beta_1 m + (1 - \\beta_1) g, \\quad v = \\beta_2 v + (1 - \\beta_2) g^2, \\quad
        u = \\frac{m / (1 - \\beta_1^t)}{\\sqrt{v / (1 - \\beta_2^t)} + \\epsilon} + wd\\,p, \\quad
        p = p - lr \\frac{\\|p\\|}{\\|u\\|} u

    The ratio is 1 where either norm is 0; ``wd`` applies to Parameters whose name contains
    neither ``beta`` nor ``gamma`` (or per group). ``t`` counts steps including this one.

    State: ``lamb_m.<name>``, ``lamb_v.<name>``.
    """

    @opt_init_args_register
    def __init__(self, params, learning_rate, beta1=0.9, beta2=0.999, eps=1e-6, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        _check_betas_eps(beta1, beta2, eps, self.cls_name)
        self.beta1, self.beta2, self.eps = _float32(beta1, beta2, eps)
        self.params = self.parameters
        self.moments1 = self._clone_state("lamb_m")
        self.moments2 = self._clone_state("lamb_v")

    def construct(self, gradients):
        grads, step, lrs = self._read_step(gradients)
        wd_of = self._per_param_decay()
        with torch.no_grad():
            grads = self._apply_gc(grads)
        self._advance_global_step(step)
        t = step + 1
        b1, b2 = self.beta1, self.beta2
        c1, c2 = 1.0 - b1 ** t, 1.0 - b2 ** t
        params, m_all, v_all = self._params_t(), self._state_t("moments1"), self._state_t("moments2")
        with torch.no_grad():
            for (idx, _), lr in zip(self._lr_buckets, lrs):
                p, g, m, v, wd = self._bucket_lists(idx, params, grads, m_all, v_all, wd_of)
                lamb_update_(p, g, m, v, wd, lr=lr, beta1=b1, beta2=b2, eps=self.eps, c1=c1, c2=c2)
        return self._updated(gradients)


class LARS(Optimizer):
    """Layer-wise adaptive rate scaling around another optimizer.

    Each gradient (of Parameters selected by ``lars_filter``) becomes
    ``trust * (g + wd * p)`` with ``trust = coefficient * ||p|| / (||g|| + wd * ||p|| + epsilon)``
    (with ``use_clip`` it is ``min(trust / lr, 1)``), then ``optimizer`` applies its own update
    without weight decay or loss scaling (LARS did those). As in MindSpore's ``LARSUpdate``
    kernel, a zero norm gets no special case: a Parameter that is all zeros stays zero.

    Args:
        optimizer (Optimizer): the wrapped optimizer. epsilon (float): Default: 1e-05.
        coefficient (float): Default: 0.001. use_clip (bool): Default: False.
        lars_filter (callable): Parameter -> bool. Default: excludes ``LayerNorm`` and ``bias``.
    """

    def __init__(self, optimizer, epsilon=1e-05, coefficient=0.001, use_clip=False,
                 lars_filter=lambda x: "LayerNorm" not in x.name and "bias" not in x.name):
        super().__init__(0.0, [Parameter(Tensor(0.0), name="fake_param")])
        check_type(optimizer, "optimizer", Optimizer, self.cls_name)
        check_type(epsilon, "epsilon", float, self.cls_name)
        check_type(coefficient, "coefficient", float, self.cls_name)
        check_bool(use_clip, "use_clip", self.cls_name)
        self.opt = optimizer
        self.epsilon, self.coefficient, self.use_clip = epsilon, coefficient, use_clip
        self.global_step = optimizer.global_step
        self.parameters = optimizer.parameters
        self.__dict__["_parameters"] = optimizer.parameters
        self.is_group = optimizer.is_group
        self.lars_flag = tuple(bool(lars_filter(x)) for x in self.parameters)
        self.learning_rate = Parameter(Tensor(0.0, mstype.float32), name="fake_lr")
        self.loss_scale = optimizer.loss_scale
        self.need_scale = optimizer.need_scale
        if use_clip and optimizer.is_group_lr and optimizer.dynamic_lr:
            raise ValueError("For 'LARS', if the argument 'use_clip' is set to True, then the dynamic learning rate "
                             "and group learning rate cannot both be true.")
        self.__dict__["_inner_decay"] = optimizer._per_param(optimizer._decay_buckets,
                                                             [w for _, w in optimizer._decay_buckets])
        # LARS does the decay and the unscaling; the wrapped optimizer must not repeat them.
        optimizer.exec_weight_decay = False
        optimizer.need_scale = False
        optimizer.__dict__["_decay_buckets"] = []

    def construct(self, gradients):
        opt = self.opt
        grads, _, lrs = opt._read_step(gradients)
        lr_of = opt._per_param(opt._lr_buckets, lrs)
        with torch.no_grad():
            if self.need_scale:
                grads = scale(grads, 1.0 / self.loss_scale)
            grads = list(grads)
            params = self._params_t()
            for i, (p, g) in enumerate(zip(params, grads)):
                if not self.lars_flag[i]:
                    continue
                wd = self._wd_value(self._inner_decay[i]) / self.loss_scale
                grads[i] = lars_gradient(p, g, wd=wd, coefficient=self.coefficient, epsilon=self.epsilon,
                                         clip_lr=lr_of[i] if self.use_clip else None)
        return opt(tuple(Tensor.from_torch(g) for g in grads))

    def _wd_value(self, wd):
        return self.opt._wd_float(wd)


__all__ = ["Lamb", "LARS"]

