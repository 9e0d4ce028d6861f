"""SGD and Momentum."""
import torch

from ... import _accel
from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from ...ops.function.optim_func import momentum_update_, sgd_update_
from ._validate import check_bool, check_float
from .optimizer import Optimizer, opt_init_args_register


class SGD(Optimizer):
    """Stochastic gradient descent with optional momentum, dampening and Nesterov momentum.

    .. math::
        v_{t+1} = u v_t + (1 - dampening) g, \\quad p_{t+1} = p_t - lr\\,(g + u v_{t+1}) \\text{ (nesterov)}
        \\text{ or } p_t - lr\\,v_{t+1}

    On a Parameter's first step ``v`` is set to ``g`` (no dampening); ``stat`` records that.

    Args:
        params: Parameters or groups (see :class:`Optimizer`).
        learning_rate: Default: 0.1.
        momentum (float): Default: 0.0.
        dampening (float): Default: 0.0.
        weight_decay (Union[float, int]): a number only (a Cell raises TypeError). Default: 0.0.
        nesterov (bool): needs ``momentum > 0`` and ``dampening == 0``. Default: False.
        loss_scale (float): Default: 1.0.

    State: ``momentum`` (0-d), ``accum.<name>`` (zeros), ``stat.<name>`` (ones until the first step).

    Differences from PyTorch: ``torch.optim.SGD`` applies dampening from the first step on and
    adds weight decay inside the optimizer; here weight decay is added to the gradient (scaled
    by ``loss_scale``) before the update, as MindSpore does.
    """

    # MindSpore 2.10's SGD kernel takes float gradients only (TypeError) and reports a gradient shape
    # mismatch from its kernel, as a RuntimeError.
    _grad_dtype = "float"
    _grad_shape_error = RuntimeError

    _state_names = ("accum", "stat")

    @opt_init_args_register
    def __init__(self, params, learning_rate=0.1, momentum=0.0, dampening=0.0, weight_decay=0.0, nesterov=False,
                 loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        momentum = check_float(momentum, "momentum", self.cls_name, low=0.0)
        dampening = check_float(dampening, "dampening", self.cls_name, low=0.0)
        check_bool(nesterov, "nesterov", self.cls_name)
        if nesterov and (momentum <= 0.0 or dampening != 0.0):
            raise ValueError(f"For 'SGD', if 'nesterov' is true, 'momentum' must be > 0.0 and 'dampening' must "
                             f"equal to 0.0, but got 'momentum' {momentum}, 'dampening' {dampening}.")
        if self.dynamic_weight_decay:
            raise TypeError("For 'SGD', dynamic weight decay is currently not supported, the argument 'weight_decay' "
                            "or 'weight_decay' set in grouped 'params' must be float or int type.")
        self.dampening = dampening
        self.nesterov = nesterov
        self.momentum = Parameter(Tensor(momentum, mstype.float32), name="momentum")
        self.accum = self._clone_state("accum", 0.0)
        # ``stat`` holds one flag per element, as MindSpore's does, but it is written once, at the
        # first step, and read as one flag per Parameter: it takes a mapping of its own, and after
        # the first step zeros that are never written (no resident memory: the size of the
        # Parameters themselves, on top of the step's peak, otherwise).
        self.stat = self._clone_state("stat", 1.0, mapped=True)
        self._enable_fused()

    def construct(self, gradients):
        grads, lrs = self._begin_step(gradients)
        u = self._host(self.momentum)
        params, accum, stat = self._params_t(), self._state_t("accum"), self._state_t("stat")
        # A Parameter's first step (stat still 1) starts the buffer at g, undampened.
        first = self._first_flags(stat)
        with torch.no_grad():
            for (idx, _), lr in zip(self._lr_buckets, lrs):
                p, g, a, s, f = self._bucket_lists(idx, params, grads, accum, list(self.stat), first)
                fresh = [i for i, x in enumerate(f) if x]
                sgd_update_(p, g, a, fresh, lr=lr, momentum=u, dampening=self.dampening, nesterov=self.nesterov,
                            fused=self._fusable_step)
                _clear_stat([s[i] for i in fresh])
        if any(first):
            stat = self._state_t("stat")
            self.__dict__["_stat_seen"] = (list(map(id, stat)), _versions(stat), [False] * len(stat))
        return self._updated(gradients)

    def _first_flags(self, stat):
        """Per Parameter, whether ``stat`` still marks it as never stepped. Read from the tensors
        only when one of them changed since the last step (a new tensor or an in-place write)."""
        seen = self.__dict__.get("_stat_seen")
        versions = _versions(stat)
        if seen is not None and None not in versions and seen[0] == list(map(id, stat)) and seen[1] == versions:
            return seen[2]
        flags = [bool(t.reshape(-1)[0].item() > 0) if t.numel() else False for t in stat]
        self.__dict__["_stat_seen"] = (list(map(id, stat)), versions, flags)
        return flags


def _versions(tensors):
    return [_accel.tensor_version(t) for t in tensors]


def _clear_stat(stat):
    """Mark the ``stat`` Parameters as stepped: zeros. On the CPU, outside a traced graph, each takes
    new zeros that are never written (``_accel.buffer``), and its ones are freed."""
    compiling = torch.compiler.is_compiling()
    for param in stat:
        if compiling or param._t.device.type != "cpu":
            param._t.zero_()
        else:
            param._t = _accel.buffer(param._t.shape, 0, param._t.dtype)


class Momentum(Optimizer):
    """Momentum SGD (MindSpore's ``ApplyMomentum``).

    .. math::
        v_{t+1} = u v_t + g, \\quad p_{t+1} = p_t - lr\\,v_{t+1} \\text{ or, with use\\_nesterov, }
        p_t - lr\\,(g + u v_{t+1})

    Args:
        params: Parameters or groups (see :class:`Optimizer`).
        learning_rate: a number, Tensor, list or schedule.
        momentum (float): must be >= 0.
        weight_decay (Union[float, int, Cell]): Default: 0.0.
        loss_scale (float): Default: 1.0.
        use_nesterov (bool): Default: False.

    State: ``momentum`` (0-d) and ``moments.<name>``.

    Differences from PyTorch: the buffer accumulates ``g`` without dampening from the first
    step, like ``torch.optim.SGD(momentum=u)``; Nesterov is computed as above on every device
    (MindSpore 2.10's CPU kernel ignores ``use_nesterov``).
    """

    _state_names = ("moments",)

    @opt_init_args_register
    def __init__(self, params, learning_rate, momentum, weight_decay=0.0, loss_scale=1.0, use_nesterov=False):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if not isinstance(momentum, float):
            raise TypeError(f"For 'Momentum', the argument 'momentum' must be float, but got {type(momentum)}")
        if momentum < 0.0:
            raise ValueError(f"For 'Momentum', the argument 'momentum' must be at least 0.0, but got {momentum}")
        self.momentum = Parameter(Tensor(momentum, mstype.float32), name="momentum")
        self.params = self.parameters
        self.use_nesterov = check_bool(use_nesterov, "use_nesterov", self.cls_name)
        self.moments = self._clone_state("moments", 0.0)
        self._enable_fused()

    def construct(self, gradients):
        grads, lrs = self._begin_step(gradients)
        u = self._host(self.momentum)
        params, moments = self._params_t(), self._state_t("moments")
        with torch.no_grad():
            for (idx, _), lr in zip(self._lr_buckets, lrs):
                p, g, m = self._bucket_lists(idx, params, grads, moments)
                momentum_update_(p, g, m, lr=lr, momentum=u, nesterov=self.use_nesterov, fused=self._fusable_step)
        return self._updated(gradients)


__all__ = ["SGD", "Momentum"]


# ------------------------------------------------------------------ MindSpore's per-parameter helper
def _tensor_run_opt_ext(momentum, learning_rate, gradient, weight, accum, stat, opt):
    """One SGD step through the Primitive ``opt(weight, gradient, lr, accum, momentum, stat)``; returns True."""
    opt(weight, gradient, learning_rate, accum, momentum, stat)
    return True
