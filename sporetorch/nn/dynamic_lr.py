"""Learning-rate lists (``mindspore.nn.dynamic_lr``): one value per training step.

Each helper returns a Python list of ``total_step`` floats that an optimizer accepts as
``learning_rate``; the epoch of step ``i`` is ``i // step_per_epoch``.
"""
import math

from .optim._validate import check_bool, check_float, check_int, check_is_float, check_strict_float, check_type


def piecewise_constant_lr(milestone, learning_rates):
    """``learning_rates[i]`` for the steps before ``milestone[i]`` (milestones ascending)."""
    check_type(milestone, "milestone", (tuple, list))
    check_type(learning_rates, "learning_rates", (tuple, list))
    if len(milestone) != len(learning_rates):
        raise ValueError(f"For 'piecewise_constant_lr', the size of 'milestone' must be the same as the size of "
                         f"'learning_rates', but got {len(milestone)} and {len(learning_rates)}")
    out = []
    last = 0
    for i, item in enumerate(milestone):
        check_int(item, f"milestone[{i}]", low=0, low_inclusive=False)
        check_strict_float(learning_rates[i], f"learning_rates[{i}]")
        if item < last:
            raise ValueError(f"For 'piecewise_constant_lr', the value of milestone[{i}] must be greater than "
                             f"milestone[{i - 1}], but got {item} and {last}")
        out += [learning_rates[i]] * (item - last)
        last = item
    return out


def _check_steps(total_step, step_per_epoch, decay_epoch):
    check_int(total_step, "total_step", low=0, low_inclusive=False)
    check_int(step_per_epoch, "step_per_epoch", low=0, low_inclusive=False)
    check_int(decay_epoch, "decay_epoch", low=0, low_inclusive=False)


def _check_decay_inputs(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair):
    _check_steps(total_step, step_per_epoch, decay_epoch)
    check_strict_float(learning_rate, "learning_rate", low=0.0, low_inclusive=False)
    check_strict_float(decay_rate, "decay_rate", low=0.0, low_inclusive=False)
    check_bool(is_stair, "is_stair")


def exponential_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair=False):
    """``learning_rate * decay_rate ** (epoch / decay_epoch)`` (the exponent floored when ``is_stair``)."""
    _check_decay_inputs(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair)
    out = []
    for i in range(total_step):
        p = (i // step_per_epoch) / decay_epoch
        out.append(learning_rate * decay_rate ** (math.floor(p) if is_stair else p))
    return out


def natural_exp_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair=False):
    """``learning_rate * e ** (-decay_rate * epoch)``; with ``is_stair`` the epoch is rounded down to a
    multiple of ``decay_epoch`` (MindSpore does not divide by ``decay_epoch`` here)."""
    _check_decay_inputs(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair)
    out = []
    for i in range(total_step):
        epoch = i // step_per_epoch
        if is_stair:
            epoch = (epoch // decay_epoch) * decay_epoch
        out.append(learning_rate * math.e ** (-decay_rate * epoch))
    return out


def inverse_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair=False):
    """``learning_rate / (1 + decay_rate * epoch / decay_epoch)`` (the ratio floored when ``is_stair``)."""
    _check_decay_inputs(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch, is_stair)
    out = []
    for i in range(total_step):
        epoch = i // step_per_epoch
        if is_stair:
            out.append(learning_rate / (1 + decay_rate * math.floor(epoch / decay_epoch)))
        else:
            out.append(learning_rate / (1 + decay_rate * epoch / decay_epoch))
    return out


def cosine_decay_lr(min_lr, max_lr, total_step, step_per_epoch, decay_epoch):
    """``min_lr + (max_lr - min_lr) / 2 * (1 + cos(pi * min(epoch, decay_epoch) / decay_epoch))``."""
    check_is_float(min_lr, "min_lr", "cosine_decay_lr")
    check_float(min_lr, "min_lr", low=0.0)
    check_strict_float(max_lr, "max_lr", low=0.0, low_inclusive=False)
    _check_steps(total_step, step_per_epoch, decay_epoch)
    if min_lr >= max_lr:
        raise ValueError(f"For 'cosine_decay_lr', the 'max_lr' must be greater than the 'min_lr', "
                         f"but got 'max_lr' value: {max_lr}, 'min_lr' value: {min_lr}.")
    delta = 0.5 * (max_lr - min_lr)
    out = []
    for i in range(total_step):
        epoch = min(i // step_per_epoch, decay_epoch)
        out.append(min_lr + delta * (1 + math.cos(math.pi * epoch / decay_epoch)))
    return out


def polynomial_decay_lr(learning_rate, end_learning_rate, total_step, step_per_epoch, decay_epoch, power,
                        update_decay_epoch=False):
    """``(learning_rate - end) * (1 - epoch / decay_epoch) ** power + end``; the epoch stops at
    ``decay_epoch``, or with ``update_decay_epoch`` the decay period grows by multiples of it."""
    check_strict_float(learning_rate, "learning_rate", low=0.0, low_inclusive=False)
    check_is_float(end_learning_rate, "end_learning_rate", "polynomial_decay_lr")
    check_float(end_learning_rate, "end_learning_rate", low=0.0)
    check_strict_float(power, "power", low=0.0, low_inclusive=False)
    _check_steps(total_step, step_per_epoch, decay_epoch)
    check_bool(update_decay_epoch, "update_decay_epoch")
    delta = learning_rate - end_learning_rate
    out = []
    for i in range(total_step):
        epoch = i // step_per_epoch
        if update_decay_epoch:
            period = decay_epoch * max(math.ceil(epoch / decay_epoch), 1)
        else:
            period, epoch = decay_epoch, min(epoch, decay_epoch)
        out.append(delta * (1 - epoch / period) ** power + end_learning_rate)
    return out


def warmup_lr(learning_rate, total_step, step_per_epoch, warmup_epoch):
    """``learning_rate * min(epoch, warmup_epoch) / warmup_epoch``."""
    check_is_float(learning_rate, "learning_rate", "warmup_lr")
    check_float(learning_rate, "learning_rate", low=0.0)
    check_int(warmup_epoch, "warmup_epoch", low=0, low_inclusive=False)
    check_int(total_step, "total_step", low=0, low_inclusive=False)
    check_int(step_per_epoch, "step_per_epoch", low=0, low_inclusive=False)
    return [learning_rate * min(i // step_per_epoch, warmup_epoch) / warmup_epoch for i in range(total_step)]


__all__ = ["piecewise_constant_lr", "exponential_decay_lr", "natural_exp_decay_lr", "inverse_decay_lr",
           "cosine_decay_lr", "polynomial_decay_lr", "warmup_lr"]
