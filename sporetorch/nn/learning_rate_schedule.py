"""Learning-rate schedules (``mindspore.nn.learning_rate_schedule``): Cells mapping the
optimizer's ``global_step`` Tensor to the learning rate of that step (a float32 Tensor)."""
import math

from ..common import dtype as mstype
from ..common.tensor import Tensor
from ..ops.function.array_func import cast
from ..ops.function.clip_func import clamp
from ..ops.function.math_func import ceil, floor, pow as _pow, sin
from .cell import Cell
from .optim._validate import check_bool, check_float, check_int, check_is_float, check_strict_float


def _step_float(global_step):
    """The step as a float32 Tensor (accepts a Tensor or a Python number)."""
    if not isinstance(global_step, (Tensor, int, float)) or isinstance(global_step, bool):
        raise TypeError(f"For the learning-rate schedule, the 'global_step' must be a Tensor, but got "
                        f"{type(global_step).__name__}")
    return cast(global_step, mstype.float32) if isinstance(global_step, Tensor) else Tensor(global_step, mstype.float32)


class LearningRateSchedule(Cell):
    """Base class of learning-rate schedules: ``construct(global_step)`` returns the rate."""

    def construct(self, global_step):
        raise NotImplementedError


class _DecayLR(LearningRateSchedule):
    """The arguments and checks shared by the exponential, natural-exponential and inverse decays."""

    def __init__(self, learning_rate, decay_rate, decay_steps, is_stair=False):
        super().__init__()
        check_int(decay_steps, "decay_steps", self.cls_name, low=0, low_inclusive=False)
        check_strict_float(learning_rate, "learning_rate", self.cls_name, low=0.0, low_inclusive=False)
        check_strict_float(decay_rate, "decay_rate", self.cls_name, low=0.0, low_inclusive=False)
        check_bool(is_stair, "is_stair", self.cls_name)
        self.learning_rate = learning_rate
        self.decay_rate = decay_rate
        self.decay_steps = decay_steps
        self.is_stair = is_stair


class ExponentialDecayLR(_DecayLR):
    """``learning_rate * decay_rate ** p`` with ``p = step / decay_steps`` (floored when ``is_stair``)."""

    def construct(self, global_step):
        p = _step_float(global_step) / self.decay_steps
        if self.is_stair:
            p = floor(p)
        return self.learning_rate * _pow(Tensor(self.decay_rate, mstype.float32), p)


class NaturalExpDecayLR(_DecayLR):
    """``learning_rate * e ** (-decay_rate * p)`` with ``p = step`` (rounded down to a multiple of
    ``decay_steps`` when ``is_stair``)."""

    def construct(self, global_step):
        p = _step_float(global_step)
        if self.is_stair:
            p = floor(p / self.decay_steps) * self.decay_steps
        return self.learning_rate * _pow(Tensor(math.e, mstype.float32), -self.decay_rate * p)


class InverseDecayLR(_DecayLR):
    """``learning_rate / (1 + decay_rate * p)`` with ``p = step / decay_steps`` (floored when ``is_stair``)."""

    def construct(self, global_step):
        p = _step_float(global_step) / self.decay_steps
        if self.is_stair:
            p = floor(p)
        return self.learning_rate / (1 + self.decay_rate * p)


class CosineDecayLR(LearningRateSchedule):
    """``min_lr + (max_lr - min_lr) / 2 * (1 + cos(pi * min(step, decay_steps) / decay_steps))``."""

    def __init__(self, min_lr, max_lr, decay_steps):
        super().__init__()
        check_is_float(min_lr, "min_lr", "CosineDecayLR")
        check_float(min_lr, "min_lr", self.cls_name, low=0.0)
        check_strict_float(max_lr, "max_lr", self.cls_name, low=0.0, low_inclusive=False)
        check_int(decay_steps, "decay_steps", self.cls_name, low=0, low_inclusive=False)
        if min_lr >= max_lr:
            raise ValueError(f"For 'CosineDecayLR', the 'max_lr' must be greater than the 'min_lr', "
                             f"but got 'max_lr' value: {max_lr}, 'min_lr' value: {min_lr}.")
        self.min_lr = min_lr
        self.max_lr = max_lr
        self.decay_steps = decay_steps
        self.delta = 0.5 * (max_lr - min_lr)

    def construct(self, global_step):
        p = clamp(_step_float(global_step), max=float(self.decay_steps))
        # MindSpore writes cos(x) as sin(x + pi/2); keep its rounding.
        return self.min_lr + self.delta * (1.0 + sin(math.pi * (p / self.decay_steps + 0.5)))


class PolynomialDecayLR(LearningRateSchedule):
    """``(learning_rate - end_learning_rate) * (1 - step / decay_steps) ** power + end_learning_rate``;
    the step stops at ``decay_steps`` unless ``update_decay_steps``, which instead stretches the
    period to the next multiple of ``decay_steps``."""

    def __init__(self, learning_rate, end_learning_rate, decay_steps, power, update_decay_steps=False):
        super().__init__()
        check_strict_float(learning_rate, "learning_rate", self.cls_name, low=0.0, low_inclusive=False)
        check_is_float(end_learning_rate, "end_learning_rate", "PolynomialDecayLR")
        check_float(end_learning_rate, "end_learning_rate", self.cls_name, low=0.0)
        check_int(decay_steps, "decay_steps", self.cls_name, low=0, low_inclusive=False)
        check_bool(update_decay_steps, "update_decay_steps", self.cls_name)
        check_strict_float(power, "power", self.cls_name, low=0.0, low_inclusive=False)
        self.learning_rate = learning_rate
        self.end_learning_rate = end_learning_rate
        self.diff_learning_rate = learning_rate - end_learning_rate
        self.decay_steps = decay_steps
        self.power = power
        self.update_decay_steps = update_decay_steps

    def construct(self, global_step):
        step = _step_float(global_step)
        period = float(self.decay_steps)
        if self.update_decay_steps:
            period = period * clamp(ceil(step / period), min=1.0)
        else:
            step = clamp(step, max=period)
        p = step / period
        return self.diff_learning_rate * _pow(1.0 - p, self.power) + self.end_learning_rate


class WarmUpLR(LearningRateSchedule):
    """``learning_rate * min(step, warmup_steps) / warmup_steps``."""

    def __init__(self, learning_rate, warmup_steps):
        super().__init__()
        check_is_float(learning_rate, "learning_rate", "WarmUpLR")
        check_float(learning_rate, "learning_rate", self.cls_name, low=0.0)
        check_int(warmup_steps, "warmup_steps", self.cls_name, low=0, low_inclusive=False)
        self.learning_rate = learning_rate
        self.warmup_steps = warmup_steps

    def construct(self, global_step):
        p = clamp(_step_float(global_step), max=float(self.warmup_steps)) / self.warmup_steps
        return self.learning_rate * p


__all__ = ["LearningRateSchedule", "ExponentialDecayLR", "NaturalExpDecayLR", "InverseDecayLR", "CosineDecayLR",
           "PolynomialDecayLR", "WarmUpLR"]
