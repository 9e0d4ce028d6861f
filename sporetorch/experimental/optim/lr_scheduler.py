"""``mindspore.experimental.optim.lr_scheduler``: torch-style schedulers that rewrite the
learning-rate Parameters of an experimental :class:`Optimizer` once per ``step()``.

Each group's learning rate lives in a float32 Parameter (``optimizer.lrs``); a scheduler keeps
``last_epoch`` as a float32 Parameter too, computes the new values on the host and writes them
in place, so ``get_last_lr()`` returns 0-d float32 Tensors as in MindSpore.
"""
import math
from bisect import bisect_right
from collections import Counter

import numpy as np

from ...common import dtype as mstype
from ...common.api_helpers import jit_class
from ...common.parameter import Parameter
from ...common.tensor import Tensor
from .optimizer import Optimizer

__all__ = ["StepLR", "LinearLR", "LRScheduler", "ExponentialLR", "PolynomialLR", "MultiplicativeLR", "ConstantLR",
           "MultiStepLR", "LambdaLR", "SequentialLR", "ReduceLROnPlateau", "CyclicLR", "CosineAnnealingWarmRestarts",
           "CosineAnnealingLR"]


def _f(value):
    """A Python float from a number or a 0-d Tensor."""
    return float(value._t) if isinstance(value, Tensor) else float(value)


def _copy(param):
    """A 0-d Tensor holding the current value (``Parameter.value()`` here shares the storage)."""
    return Tensor(param._t.clone())


def _set(param, value):
    param._t.fill_(_f(value))


@jit_class
class LRScheduler:
    """Base class of the schedulers: ``step()`` advances ``last_epoch`` and writes ``get_lr()``
    into the optimizer's learning rates.

    Args:
        optimizer (:class:`mindspore.experimental.optim.Optimizer`): the optimizer to schedule.
        last_epoch (int): the epoch to resume from; -1 starts afresh (and records each group's
            ``initial_lr``). Default: -1.

    Subclasses implement ``get_lr()`` (the chainable form, from the current rates) and may
    implement ``_get_closed_form_lr()`` (used by ``step(epoch)``).
    """

    def __init__(self, optimizer, last_epoch=-1):
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"{type(optimizer).__name__} is not an Optimizer")
        if last_epoch < -1:
            raise ValueError(f"Invalid last_epoch: {last_epoch}")
        if last_epoch == -1:
            for group in optimizer.param_groups:
                group.setdefault("initial_lr", _copy(group["lr"]))
        else:
            for i, group in enumerate(optimizer.param_groups):
                if "initial_lr" not in group:
                    raise KeyError(f"param 'initial_lr' is not specified in param_groups[{i}] when resuming an "
                                   "optimizer")
        self.base_lrs = [group["initial_lr"] for group in optimizer.param_groups]
        self.optimizer = optimizer
        self._last_lr = list(optimizer.lrs)
        self.groups_num = len(optimizer.param_groups)
        self.last_epoch = Parameter(Tensor(last_epoch, dtype=mstype.float32),
                                    name="last_epoch_" + self.__class__.__name__)
        self.step()

    @property
    def _epoch(self):
        return _f(self.last_epoch)

    def _lrs(self):
        return [_f(lr) for lr in self._last_lr]

    def get_lr(self):
        """The learning rates for the current ``last_epoch``."""
        raise NotImplementedError

    def get_last_lr(self):
        """The learning rates last computed, one 0-d float32 Tensor per group."""
        return [_copy(lr) for lr in self._last_lr]

    def step(self, epoch=None):
        """Advance one epoch (or jump to ``epoch``) and update the optimizer's learning rates."""
        if epoch is None:
            _set(self.last_epoch, self._epoch + 1)
            values = self.get_lr()
        else:
            _set(self.last_epoch, epoch)
            values = self._get_closed_form_lr() if hasattr(self, "_get_closed_form_lr") else self.get_lr()
        for lr, value in zip(self._last_lr, values):
            _set(lr, value)
        return True


@jit_class
class StepLR(LRScheduler):
    """Multiply the learning rates by ``gamma`` every ``step_size`` epochs.

    Args:
        optimizer (Optimizer): the optimizer. step_size (int): the period.
        gamma (float): the factor. Default: 0.1. last_epoch (int): Default: -1.
    """

    def __init__(self, optimizer, step_size, gamma=0.1, last_epoch=-1):
        if not isinstance(step_size, int) or isinstance(step_size, bool):
            raise TypeError(f"For 'StepLR', the 'step_size' must be int, but got {type(step_size)}.")
        if not isinstance(gamma, float):
            raise TypeError(f"For 'StepLR', the 'gamma' must be float, but got {type(gamma)}.")
        self.step_size = step_size
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        epoch = self._epoch
        if epoch == 0 or epoch % self.step_size != 0:
            return self._lrs()
        return [lr * self.gamma for lr in self._lrs()]

    def _get_closed_form_lr(self):
        return [_f(base) * self.gamma ** (self._epoch // self.step_size) for base in self.base_lrs]


@jit_class
class LinearLR(LRScheduler):
    """Scale the learning rates linearly from ``start_factor`` to ``end_factor`` over ``total_iters`` epochs.

    Args:
        optimizer (Optimizer): the optimizer. start_factor (float): in (0, 1]. Default: 1/3.
        end_factor (float): in [0, 1]. Default: 1.0. total_iters (int): Default: 5.
        last_epoch (int): Default: -1.
    """

    def __init__(self, optimizer, start_factor=1.0 / 3, end_factor=1.0, total_iters=5, last_epoch=-1):
        if start_factor > 1.0 or start_factor <= 0:
            raise ValueError("Starting multiplicative factor expected to be greater than 0 and less than or equal "
                             "to 1.")
        if end_factor > 1.0 or end_factor < 0:
            raise ValueError("Ending multiplicative factor expected to be between 0 and 1.")
        if not isinstance(total_iters, int):
            raise TypeError(f"For 'LinearLR', the type of total_iters must be int, but got {type(total_iters)}.")
        self.start_factor = start_factor
        self.end_factor = end_factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        epoch = self._epoch
        if epoch == 0:
            return [lr * self.start_factor for lr in self._lrs()]
        if epoch > self.total_iters:
            return self._lrs()
        span = self.end_factor - self.start_factor
        factor = 1.0 + span / (self.total_iters * self.start_factor + (epoch - 1) * span)
        return [lr * factor for lr in self._lrs()]

    def _get_closed_form_lr(self):
        frac = min(self.total_iters, self._epoch) / self.total_iters
        return [_f(base) * (self.start_factor + (self.end_factor - self.start_factor) * frac)
                for base in self.base_lrs]


@jit_class
class ExponentialLR(LRScheduler):
    """Multiply the learning rates by ``gamma`` every epoch.

    Args:
        optimizer (Optimizer): the optimizer. gamma (float): the factor. last_epoch (int): Default: -1.
    """

    def __init__(self, optimizer, gamma, last_epoch=-1):
        if not isinstance(gamma, float):
            raise TypeError(f"For 'ExponentialLR', the 'gamma' must be float, but got {type(gamma)}.")
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self._epoch == 0:
            return self._lrs()
        return [lr * self.gamma for lr in self._lrs()]

    def _get_closed_form_lr(self):
        return [_f(base) * self.gamma ** self._epoch for base in self.base_lrs]


@jit_class
class PolynomialLR(LRScheduler):
    """Decay the learning rates by ``(1 - epoch / total_iters) ** power`` until ``total_iters``.

    Args:
        optimizer (Optimizer): the optimizer. total_iters (int): Default: 5.
        power (float): Default: 1.0. last_epoch (int): Default: -1.
    """

    def __init__(self, optimizer, total_iters=5, power=1.0, last_epoch=-1):
        if not isinstance(power, float):
            raise TypeError(f"For 'PolynomialLR', the 'power' must be float, but got {type(power)}.")
        if power < 0:
            raise ValueError(f"For 'PolynomialLR', the 'power' must be >= 0, but got {power}.")
        if not isinstance(total_iters, int):
            raise TypeError(f"For 'PolynomialLR', the type of total_iters must be int, but got {type(total_iters)}.")
        self.total_iters = total_iters
        self.power = power
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        epoch = self._epoch
        if epoch == 0 or epoch > self.total_iters:
            return self._lrs()
        factor = ((1.0 - epoch / self.total_iters) / (1.0 - (epoch - 1) / self.total_iters)) ** self.power
        return [lr * factor for lr in self._lrs()]

    def _get_closed_form_lr(self):
        factor = (1.0 - min(self.total_iters, self._epoch) / self.total_iters) ** self.power
        return [_f(base) * factor for base in self.base_lrs]


def _lambdas(lr_lambda, optimizer):
    n = len(optimizer.param_groups)
    if isinstance(lr_lambda, (list, tuple)):
        if len(lr_lambda) != n:
            raise ValueError(f"Expected {n} lr_lambdas, but got {len(lr_lambda)}")
        return list(lr_lambda)
    return [lr_lambda] * n


@jit_class
class LambdaLR(LRScheduler):
    """Set each learning rate to its initial value times ``lr_lambda(last_epoch)``.

    Args:
        optimizer (Optimizer): the optimizer. lr_lambda (Union[function, list]): one function, or
            one per group, called with ``last_epoch`` (a float32 Parameter). last_epoch (int): Default: -1.
    """

    def __init__(self, optimizer, lr_lambda, last_epoch=-1):
        self.lr_lambdas = _lambdas(lr_lambda, optimizer)
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        return [_f(base) * _f(fn(self.last_epoch)) for fn, base in zip(self.lr_lambdas, self.base_lrs)]


@jit_class
class MultiplicativeLR(LRScheduler):
    """Multiply each learning rate by ``lr_lambda(last_epoch)`` every epoch after the first.

    Args:
        optimizer (Optimizer): the optimizer. lr_lambda (Union[function, list]): one function, or
            one per group. last_epoch (int): Default: -1.
    """

    def __init__(self, optimizer, lr_lambda, last_epoch=-1):
        self.lr_lambdas = _lambdas(lr_lambda, optimizer)
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        if self._epoch > 0:
            return [lr * _f(fn(self.last_epoch)) for fn, lr in zip(self.lr_lambdas, self._lrs())]
        return self._lrs()


@jit_class
class MultiStepLR(LRScheduler):
    """Multiply the learning rates by ``gamma`` at each milestone epoch (a repeated milestone
    multiplies again).

    Args:
        optimizer (Optimizer): the optimizer. milestones (list[int]): the epochs.
        gamma (float): Default: 0.1. last_epoch (int): Default: -1.

    Differences from MindSpore: ``step(epoch)`` uses the closed form ``gamma ** (number of
    milestones <= epoch)``; MindSpore 2.10 raises AttributeError there.
    """

    def __init__(self, optimizer, milestones, gamma=0.1, last_epoch=-1):
        for milestone in milestones:
            if not isinstance(milestone, int) or isinstance(milestone, bool):
                raise TypeError("For 'MultiStepLR', elements of the 'milestones' must be type of int, but got one "
                                f"element of 'milestones' type: {type(milestone)}.")
        self.milestones = Counter(milestones)
        self.milestones_keys = list(self.milestones.keys())
        self.milestones_values = list(self.milestones.values())
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        count = self.milestones.get(int(self._epoch), 0)
        return [lr * self.gamma ** count for lr in self._lrs()]

    def _get_closed_form_lr(self):
        passed = bisect_right(sorted(self.milestones.elements()), self._epoch)
        return [_f(base) * self.gamma ** passed for base in self.base_lrs]


@jit_class
class ConstantLR(LRScheduler):
    """Multiply the learning rates by ``factor`` until epoch ``total_iters``.

    Args:
        optimizer (Optimizer): the optimizer. factor (float): in [0, 1]. Default: 1/3.
        total_iters (int): Default: 5. last_epoch (int): Default: -1.
    """

    def __init__(self, optimizer, factor=1.0 / 3, total_iters=5, last_epoch=-1):
        if factor > 1.0 or factor < 0:
            raise ValueError("Constant multiplicative factor expected to be between 0 and 1.")
        if not isinstance(total_iters, int):
            raise TypeError(f"For 'ConstantLR', the type of total_iters must be int, but got {type(total_iters)}.")
        self.factor = factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        epoch = self._epoch
        if epoch == 0:
            return [lr * self.factor for lr in self._lrs()]
        if epoch != self.total_iters:
            return self._lrs()
        return [lr / self.factor for lr in self._lrs()]

    def _get_closed_form_lr(self):
        factor = self.factor + (self._epoch >= self.total_iters) * (1 - self.factor)
        return [_f(base) * factor for base in self.base_lrs]


@jit_class
class SequentialLR:
    """Run ``schedulers`` one after the other, switching at the ``milestones`` epochs.

    Args:
        optimizer (Optimizer): the optimizer all schedulers belong to.
        schedulers (list[LRScheduler]): ``len(milestones) + 1`` schedulers.
        milestones (list[int]): the epochs where the next scheduler takes over.
        last_epoch (int): Default: -1.
    """

    def __init__(self, optimizer, schedulers, milestones, last_epoch=-1):
        for i, scheduler in enumerate(schedulers):
            if scheduler.optimizer != optimizer:
                raise ValueError("Sequential Schedulers expects all schedulers to belong to the same optimizer, but "
                                 f"got scheduler at index {i} is different from the optimizer passed in.")
            if scheduler.optimizer != schedulers[0].optimizer:
                raise ValueError("Sequential Schedulers expects all schedulers to belong to the same optimizer, but "
                                 f"got schedulers at index 0 and {i} are different.")
        if len(milestones) != len(schedulers) - 1:
            raise ValueError("Sequential Schedulers expects number of schedulers provided to be one more than the "
                             f"number of milestone points, but got number of schedulers {len(schedulers)} and the "
                             f"number of milestones {len(milestones)}")
        self._schedulers = schedulers
        self.milestones = milestones
        self.milestones_len = len(milestones)
        self.last_epoch = Parameter(Tensor(last_epoch + 1, dtype=mstype.float32),
                                    name="last_epoch_" + self.__class__.__name__)
        self.optimizer = optimizer
        for group in optimizer.param_groups:
            _set(group["lr"], group["initial_lr"])
        for scheduler in schedulers:
            _set(scheduler.last_epoch, scheduler._epoch - 1)
        schedulers[0].step()
        self._last_lr = schedulers[0]._last_lr

    def step(self):
        """Advance one epoch with the scheduler whose turn it is."""
        _set(self.last_epoch, _f(self.last_epoch) + 1)
        epoch = int(_f(self.last_epoch))
        idx = bisect_right(self.milestones, epoch)
        scheduler = self._schedulers[idx]
        if idx > 0 and self.milestones[idx - 1] == epoch:
            scheduler.step(0)
        else:
            scheduler.step()

    def get_last_lr(self):
        """The learning rates last computed, one 0-d float32 Tensor per group."""
        return [_copy(lr) for lr in self._last_lr]


@jit_class
class ReduceLROnPlateau:
    """Multiply the learning rates by ``factor`` when ``metrics`` passed to ``step`` stop improving
    for more than ``patience`` epochs.

    Args:
        optimizer (Optimizer): the optimizer. mode (str): 'min' or 'max'. Default: 'min'.
        factor (float): < 1. Default: 0.1. patience (int): Default: 10.
        threshold (float): Default: 1e-4. threshold_mode (str): 'rel' or 'abs'. Default: 'rel'.
        cooldown (int): epochs to wait after a reduction. Default: 0.
        min_lr (Union[float, list]): lower bound(s). Default: 0.
        eps (float): smaller changes are skipped. Default: 1e-8.
    """

    def __init__(self, optimizer, mode="min", factor=0.1, patience=10, threshold=1e-4, threshold_mode="rel",
                 cooldown=0, min_lr=0, eps=1e-8):
        if factor >= 1.0:
            raise ValueError("The lr factor should be less than 1.0.")
        self.factor = factor
        if not isinstance(optimizer, Optimizer):
            raise TypeError(f"Expected an `Optimizer`, but got type {type(optimizer).__name__}")
        self.optimizer = optimizer
        n = len(optimizer.param_groups)
        if isinstance(min_lr, (list, tuple)):
            if len(min_lr) != n:
                raise ValueError(f"Expected {n} min_lrs, got {len(min_lr)}")
            self.min_lrs = [Tensor(lr, mstype.float32) for lr in min_lr]
        else:
            self.min_lrs = [Tensor(min_lr, mstype.float32)] * n
        if mode not in {"min", "max"}:
            raise ValueError(f"`mode` should be 'min' or 'max', but got {mode}.")
        if threshold_mode not in {"rel", "abs"}:
            raise ValueError(f"`threshold mode` should be 'rel' or 'abs', but got {threshold_mode}.")
        self.mode = mode
        self.patience = patience
        self.threshold = threshold
        self.threshold_mode = threshold_mode
        self.cooldown = cooldown
        self.eps = eps
        self.mode_worse = float("inf") if mode == "min" else float("-inf")
        self.last_epoch = Parameter(Tensor(0, dtype=mstype.int32), name="last_epoch_" + self.__class__.__name__)
        self.best = Parameter(Tensor(self.mode_worse, dtype=mstype.float32), name="best")
        self.cooldown_counter = Parameter(Tensor(0, dtype=mstype.float32), name="cooldown_counter")
        self.wait = Parameter(Tensor(0, dtype=mstype.float32), name="wait")
        self._last_lr = [group["lr"] for group in optimizer.param_groups]

    def step(self, metrics):
        """Record ``metrics`` for one epoch and reduce the learning rates on a plateau."""
        _set(self.last_epoch, _f(self.last_epoch) + 1)
        current = float(Tensor(_f(metrics), mstype.float32)._t)
        if self._is_improvement(current, _f(self.best)):
            _set(self.best, current)
            _set(self.wait, 0)
        else:
            _set(self.wait, _f(self.wait) + 1)
        if self.in_cooldown():
            _set(self.cooldown_counter, _f(self.cooldown_counter) - 1)
            _set(self.wait, 0)
        if _f(self.wait) > self.patience:
            self._reduce_lr()
            _set(self.cooldown_counter, self.cooldown)
            _set(self.wait, 0)
        return True

    def _reduce_lr(self):
        for lr, min_lr in zip(self._last_lr, self.min_lrs):
            old = _f(lr)
            new = max(old * self.factor, _f(min_lr))
            if old > new + self.eps:
                _set(lr, new)

    def in_cooldown(self):
        """Whether the scheduler is waiting after a reduction."""
        return _f(self.cooldown_counter) > 0

    def _is_improvement(self, current, best):
        # MindSpore compares float32 Tensors: the benchmark is rounded to float32 as well.
        current, best = np.float32(current), np.float32(best)
        if self.mode == "min" and self.threshold_mode == "rel":
            return bool(current < best * np.float32(1.0 - self.threshold))
        if self.mode == "min":
            return bool(current < best - np.float32(self.threshold))
        if self.threshold_mode == "rel":
            return bool(current > best * np.float32(self.threshold + 1.0))
        return bool(current > best + np.float32(self.threshold))

    def get_last_lr(self):
        """The learning rates, one 0-d float32 Tensor per group."""
        return [_copy(lr) for lr in self._last_lr]


@jit_class
class CyclicLR(LRScheduler):
    """Cycle the learning rates between ``base_lr`` and ``max_lr`` (Smith's cyclical learning rates).

    Args:
        optimizer (Optimizer): the optimizer. base_lr, max_lr (Union[float, list]): the bounds.
        step_size_up (int): epochs of the rising half. Default: 2000.
        step_size_down (int): epochs of the falling half (``step_size_up`` when None). Default: None.
        mode (str): 'triangular', 'triangular2' or 'exp_range'. Default: 'triangular'.
        gamma (float): the factor of 'exp_range'. Default: 1.0.
        scale_fn (function): a custom amplitude scale (overrides ``mode``). Default: None.
        scale_mode (str): 'cycle' or 'iterations', the argument of ``scale_fn``. Default: 'cycle'.
        last_epoch (int): Default: -1.
    """

    def __init__(self, optimizer, base_lr, max_lr, step_size_up=2000, step_size_down=None, mode="triangular",
                 gamma=1.0, scale_fn=None, scale_mode="cycle", last_epoch=-1):
        base_lrs = self._preprocess_input_param(optimizer, base_lr, "base_lr")
        if last_epoch == -1:
            for lr, group in zip(base_lrs, optimizer.param_groups):
                _set(group["lr"], lr)
        self.max_lrs = [float(lr) for lr in self._preprocess_input_param(optimizer, max_lr, "max_lr")]
        step_size_up = float(step_size_up)
        step_size_down = step_size_up if step_size_down is None else float(step_size_down)
        self.total_step_size = step_size_up + step_size_down
        self.step_up_ratio = step_size_up / self.total_step_size
        if mode not in ["triangular", "triangular2", "exp_range"] and scale_fn is None:
            raise ValueError("mode is invalid and scale_fn is None")
        self.mode = mode
        self.gamma = gamma
        self._scale_fn_custom = scale_fn
        self.scale_mode = scale_mode
        if scale_fn is None:
            self.scale_mode = "iterations" if mode == "exp_range" else "cycle"
        super().__init__(optimizer, last_epoch)
        self.base_lrs = [Tensor(lr) for lr in base_lrs]

    @staticmethod
    def _preprocess_input_param(optimizer, param, name):
        n = len(optimizer.param_groups)
        if isinstance(param, (list, tuple)):
            if len(param) != n:
                raise ValueError(f"Expected {n} values for {name}, got {len(param)}")
            return param
        return [param] * n

    def scale_fn(self, x):
        """The amplitude scale at cycle (or iteration) ``x``."""
        if self._scale_fn_custom is not None:
            return self._scale_fn_custom(x)
        if self.mode == "triangular":
            return 1.0
        if self.mode == "triangular2":
            return 1 / (2.0 ** (x - 1))
        return self.gamma ** x

    def get_lr(self):
        epoch = self._epoch
        cycle = math.floor(1 + epoch / self.total_step_size)
        x = 1.0 + epoch / self.total_step_size - cycle
        if x <= self.step_up_ratio:
            scale_factor = x / self.step_up_ratio
        else:
            scale_factor = (x - 1) / (self.step_up_ratio - 1)
        at = cycle if self.scale_mode == "cycle" else epoch
        return [_f(base) + (max_lr - _f(base)) * scale_factor * _f(self.scale_fn(at))
                for base, max_lr in zip(self.base_lrs, self.max_lrs)]


@jit_class
class CosineAnnealingWarmRestarts(LRScheduler):
    """Cosine annealing from the initial learning rates to ``eta_min`` over ``T_0`` epochs, then
    restarts, each period ``T_mult`` times longer (SGDR).

    Args:
        optimizer (Optimizer): the optimizer. T_0 (int): the first period. T_mult (int): Default: 1.
        eta_min (float): Default: 0. last_epoch (int): Default: -1.
    """

    def __init__(self, optimizer, T_0, T_mult=1, eta_min=0, last_epoch=-1):
        if T_0 <= 0 or not isinstance(T_0, int):
            raise ValueError(f"T_0 should be an integer and equal or greater than 0, but got {T_0}")
        if T_mult < 1 or not isinstance(T_mult, int):
            raise ValueError(f"T_mult should be an integer and equal or greater than 1, but got {T_mult}")
        self.T_0 = Parameter(Tensor(T_0, dtype=mstype.float32), name="T_0")
        self.T_i = Parameter(Tensor(T_0, dtype=mstype.float32), name="T_i")
        self.T_mult = T_mult
        self.eta_min = Tensor(eta_min)
        self.T_cur = Parameter(Tensor(last_epoch, dtype=mstype.float32), name="T_cur")
        self._last_lr = [group["lr"] for group in optimizer.param_groups]
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        pct = math.pi * _f(self.T_cur) / _f(self.T_i)
        eta_min = _f(self.eta_min)
        return [eta_min + (_f(base) - eta_min) * (1 + math.cos(pct)) / 2 for base in self.base_lrs]

    def step(self, epoch=None):
        """Advance one epoch, or jump to ``epoch`` (restarts computed in closed form)."""
        if epoch is None and self._epoch < 0:
            epoch = 0
        if epoch is None:
            epoch = self._epoch + 1
            _set(self.T_cur, _f(self.T_cur) + 1)
            if _f(self.T_cur) >= _f(self.T_i):
                _set(self.T_cur, _f(self.T_cur) - _f(self.T_i))
                _set(self.T_i, _f(self.T_i) * self.T_mult)
        else:
            epoch = _f(epoch)
            if epoch < 0:
                raise ValueError(f"epoch should be a non-negative integer, but got {epoch}")
            t_0 = _f(self.T_0)
            if epoch >= t_0:
                if self.T_mult == 1:
                    _set(self.T_cur, epoch % t_0)
                else:
                    n = int(math.log(epoch / t_0 * (self.T_mult - 1) + 1, self.T_mult))
                    _set(self.T_cur, epoch - t_0 * (self.T_mult ** n - 1) / (self.T_mult - 1))
                    _set(self.T_i, t_0 * self.T_mult ** n)
            else:
                _set(self.T_i, t_0)
                _set(self.T_cur, epoch)
        _set(self.last_epoch, math.floor(epoch))
        for group, lr in zip(self.optimizer.param_groups, self.get_lr()):
            _set(group["lr"], lr)


@jit_class
class CosineAnnealingLR(LRScheduler):
    """Cosine annealing of the learning rates between their initial values and ``eta_min`` with
    half-period ``T_max`` (the chainable form of SGDR without restarts).

    Args:
        optimizer (Optimizer): the optimizer. T_max (int): the half-period.
        eta_min (Union[float, int]): Default: 0.0. last_epoch (int): Default: -1.
    """

    def __init__(self, optimizer, T_max, eta_min=0.0, last_epoch=-1):
        if not isinstance(eta_min, (float, int)):
            raise TypeError(f"For 'CosineAnnealingLR', the 'eta_min' must be float or int, but got {type(eta_min)}.")
        if not isinstance(T_max, int) and not isinstance(T_max, bool):
            raise TypeError(f"For 'CosineAnnealingLR', the 'T_max' must be int, but got {type(T_max)}.")
        self.T_max = T_max
        self.eta_min = eta_min
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        epoch = self._epoch
        if epoch == 0:
            return self._lrs()
        if (epoch - 1 - self.T_max) % (2 * self.T_max) == 0:
            return [lr + (_f(base) - self.eta_min) * (1 - math.cos(math.pi / self.T_max)) / 2
                    for base, lr in zip(self.base_lrs, self._lrs())]
        ratio = (1 + math.cos(math.pi * epoch / self.T_max)) / (1 + math.cos(math.pi * (epoch - 1) / self.T_max))
        return [ratio * (lr - self.eta_min) + self.eta_min for lr in self._lrs()]

    def _get_closed_form_lr(self):
        cos = math.cos(math.pi * self._epoch / self.T_max)
        return [self.eta_min + (_f(base) - self.eta_min) * (1 + cos) / 2 for base in self.base_lrs]
