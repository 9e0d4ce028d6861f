"""AdaFactor (Shazeer & Stern): Adam-like updates with a factored second moment."""
import math

import torch

from ...common.parameter import Parameter, ParameterTuple
from ...common.tensor import Tensor
from ...ops.function.optim_func import adafactor_update_
from ._validate import check_bool, check_float, check_type
from .optimizer import Optimizer, opt_init_args_register


class AdaFactor(Optimizer):
    """AdaFactor.

    For a Parameter with 2 or more dims the second moment is kept as row and column means
    (``exp_avg_sq_row``/``exp_avg_sq_col``), otherwise in full (``exp_avg_sq``). Each step, with
    ``t`` the step count and ``beta2t = 1 - t ** -decay_rate``:

    - ``lr`` is ``min(1e-2, 1/sqrt(t))`` with ``relative_step`` (``min(1e-6 t, 1/sqrt(t))`` with
      ``warmup_init``), else ``learning_rate``; with ``scale_parameter`` it is multiplied by
      ``max(eps[1], rms(p))``;
    - ``u = g / sqrt(second moment of g^2 + eps[0])``, divided by ``max(1, rms(u) / clip_threshold)``
      and multiplied by ``lr``; with ``beta1`` it is averaged into ``exp_avg``;
    - ``p = p - lr * weight_decay * p - u``.

    Args:
        params: Parameters or groups. learning_rate: None with ``relative_step``. Default: None.
        eps (tuple[float, float]): Default: (1e-30, 1e-3). clip_threshold (float): Default: 1.0.
        decay_rate (float): Default: 0.8. beta1 (float): Default: 0.9. weight_decay (float): Default: 0.0.
        scale_parameter (bool): Default: True. relative_step (bool): Default: True.
        warmup_init (bool): Default: False. compression (bool): keep ``exp_avg_sq`` of vectors in
            float16. Default: False. loss_scale (float): Default: 1.0.

    State: ``exp_avg.<name>``, ``exp_avg_sq_row_<name>``, ``exp_avg_sq_col_<name>``,
    ``exp_avg_sq_<name>`` and ``afactor_step``.
    """

    # MindSpore 2.10 casts the gradient and the state in its update, so it takes any float gradient.
    _grad_dtype = None

    @opt_init_args_register
    def __init__(self, params, learning_rate=None, eps=(1e-30, 1e-3), clip_threshold=1.0, decay_rate=0.8, beta1=0.9,
                 weight_decay=0.0, scale_parameter=True, relative_step=True, warmup_init=False, compression=False,
                 loss_scale=1.0):
        if learning_rate is not None and relative_step:
            raise ValueError("Cannot combine manual lr and relative_step options", learning_rate)
        if warmup_init and not relative_step:
            raise ValueError("warmup_init requires relative_step=True")
        if learning_rate is None and not relative_step:
            raise ValueError("Cannot learning_rate is None and relative_step=False")
        if learning_rate is None:
            learning_rate = 0.0
        if beta1 is None:
            beta1 = 0.0
        scale_lr = isinstance(learning_rate, (float, int))
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        check_type(eps, "eps", (list, tuple), self.cls_name)
        if len(eps) != 2:
            raise ValueError("eps must have 2 value: (eps1, eps2).")
        for i, e in enumerate(eps):
            check_type(e, f"eps{i}", float, self.cls_name)
            check_float(e, f"eps{i}", self.cls_name, low=0.0)
        check_type(clip_threshold, "clip_threshold", float, self.cls_name)
        check_float(clip_threshold, "clip_threshold", self.cls_name, low=0.0)
        check_type(decay_rate, "decay_rate", float, self.cls_name)
        check_float(decay_rate, "decay_rate", self.cls_name, low=0.0, low_inclusive=False, high=1.0,
                    high_inclusive=False)
        check_float(weight_decay, "weight_decay", self.cls_name, low=0.0, high=1.0, high_inclusive=False)
        for name, flag in (("scale_parameter", scale_parameter), ("relative_step", relative_step),
                           ("compression", compression)):
            check_bool(flag, name, self.cls_name)
        check_float(beta1, "beta1", self.cls_name, low=0.0)
        self.eps = (float(eps[0]), float(eps[1]))
        self.clip_threshold = float(clip_threshold)
        self.decay_rate = float(decay_rate)
        self.beta1 = float(beta1)
        self.adafactor_weight_decay = float(weight_decay)
        self.scale_lr = scale_lr
        self.scale_parameter = scale_parameter and scale_lr
        self.relative_step = relative_step
        self.warmup_init = warmup_init
        self.compression = compression
        self.use_first_moment = self.beta1 > 0
        self._init_state()
        self.step = Parameter(Tensor([0.0]), name="afactor_step")

    def _init_state(self):
        if self.use_first_moment:
            self.exp_avg = self._clone_state("exp_avg")
        else:
            self.exp_avg = ParameterTuple([])
        rows, cols, full = [], [], []
        for p in self.parameters:
            t, name = p._t, p.name
            if t.dim() > 1:
                rows.append(Parameter(t.new_zeros(t.shape[:-1]), name=f"exp_avg_sq_row_{name}"))
                cols.append(Parameter(t.new_zeros(t.shape[:-2] + t.shape[-1:]), name=f"exp_avg_sq_col_{name}"))
                full.append(Parameter(t.new_zeros((1,)), name=f"exp_avg_sq_{name}"))
            else:
                rows.append(Parameter(t.new_zeros((1,)), name=f"exp_avg_sq_row_{name}"))
                cols.append(Parameter(t.new_zeros((1,)), name=f"exp_avg_sq_col_{name}"))
                dtype = torch.float16 if self.compression else t.dtype
                full.append(Parameter(t.new_zeros(t.shape, dtype=dtype), name=f"exp_avg_sq_{name}"))
        self.exp_avg_sq_row = ParameterTuple(rows)
        self.exp_avg_sq_col = ParameterTuple(cols)
        self.exp_avg_sq = ParameterTuple(full)

    def construct(self, gradients):
        grads, step, lrs = self._read_step(gradients)
        lr, lr_of = (None, self._per_param(self._lr_buckets, lrs)) if self.is_group_lr else (lrs[0], None)
        self._advance_global_step(step)
        with torch.no_grad():
            self.step._t.add_(1)
        t = self._host(self.step)[0]
        if self.scale_lr and self.relative_step:
            min_step = 1e-6 * t if self.warmup_init else 1e-2
            lr = min(min_step, 1.0 / math.sqrt(t))
            lr_of = None
        beta2t = 1.0 - t ** (-self.decay_rate)
        with torch.no_grad():
            for i, (p, g) in enumerate(zip(self._params_t(), grads)):
                adafactor_update_(p, g, lr if lr_of is None else lr_of[i], self.exp_avg_sq_row[i]._t,
                                  self.exp_avg_sq_col[i]._t, self.exp_avg_sq[i]._t,
                                  self.exp_avg[i]._t if self.use_first_moment else None, beta2t=beta2t, eps=self.eps,
                                  clip_threshold=self.clip_threshold, beta1=self.beta1,
                                  scale_parameter=self.scale_parameter, weight_decay=self.adafactor_weight_decay)
        return self._updated(gradients)

    @property
    def supports_memory_efficient_fp16(self):
        return True

    @property
    def supports_flat_params(self):
        return False


__all__ = ["AdaFactor"]


# ------------------------------------------------------------------ MindSpore's per-parameter helpers
def _number(x):
    return float(x.asnumpy()) if isinstance(x, Tensor) else float(x)


def _rms(update_tensor):
    """The root mean square of ``update_tensor`` (a 0-D Tensor)."""
    from ...ops.function.optim_func import _rms as rms
    return Tensor(rms(update_tensor._t))


def _approx_sq_grad(exp_avg_sq_row, exp_avg_sq_col):
    """The factored ``1 / sqrt(second moment)`` from its row and column means."""
    from ...ops.function.optim_func import _approx_sq_grad as approx
    return Tensor(approx(exp_avg_sq_row._t, exp_avg_sq_col._t))


def _run_opt_with_one_number(eps, clip_threshold, beta1, beta2t, weight_decay, scale_parameter, compression,
                             use_first_moment, weight_decay_flag, learning_rate, grad, param, exp_avg, exp_avg_sq_row,
                             exp_avg_sq_col, exp_avg_sq):
    """One AdaFactor step of ``param`` (its moments updated in place); returns True. ``compression`` (a
    float16 first moment in MindSpore) changes nothing here: the moment keeps its dtype."""
    with torch.no_grad():
        adafactor_update_(param._t, grad._t, _number(learning_rate), exp_avg_sq_row._t, exp_avg_sq_col._t,
                          exp_avg_sq._t, exp_avg._t if use_first_moment else None, beta2t=_number(beta2t),
                          eps=(_number(eps[0]), _number(eps[1])), clip_threshold=_number(clip_threshold),
                          beta1=_number(beta1), scale_parameter=scale_parameter,
                          weight_decay=_number(weight_decay) if weight_decay_flag else 0.0)
    return True


def _run_fused_ada_factor(fused_ada_factor, eps, clip_threshold, beta1, beta2t, weight_decay, learning_rate, grad,
                          param, exp_avg, exp_avg_sq_row, exp_avg_sq_col, exp_avg_sq):
    """One step through the fused Primitive ``fused_ada_factor`` (called with every argument); returns True."""
    fused_ada_factor(eps, clip_threshold, beta1, beta2t, weight_decay, learning_rate, grad, param, exp_avg,
                     exp_avg_sq_row, exp_avg_sq_col, exp_avg_sq)
    return True


def trans_to_tensor(param, is_tuple=False, fp32=True):
    """``param`` as a float32 (float16 without ``fp32``) Tensor, or a tuple of them with ``is_tuple``; None and
    bools unchanged."""
    from ...common import dtype as mstype
    if param is None or isinstance(param, bool):
        return param
    data_type = mstype.float32 if fp32 else mstype.float16
    if is_tuple:
        return tuple(Tensor(ele, data_type) for ele in param)
    return Tensor(param, data_type)
