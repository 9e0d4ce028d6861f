"""Functional loss scaling (``mindspore.amp``): ``StaticLossScaler``, ``DynamicLossScaler``, ``all_finite``."""
import torch

from ..common import dtype as mstype
from ..common.parameter import Parameter
from ..common.tensor import Tensor, _wrap
from ..nn.optim._validate import check_int, check_type
from ..nn.wrap.loss_scale import _all_finite_t


def all_finite(inputs):
    """Return a bool Tensor: True when no Tensor of ``inputs`` (a Tensor or a tuple/list of
    them) holds inf or NaN."""
    return _wrap(_all_finite_t([inputs._t] if isinstance(inputs, Tensor) else [x._t for x in inputs]))


def _map(inputs, fn):
    if isinstance(inputs, Tensor):
        return fn(inputs._t)
    return tuple(fn(x._t) for x in inputs)


class LossScaler:
    """Base class: ``scale(inputs)``, ``unscale(inputs)``, ``adjust(grads_finite)``."""

    def scale(self, inputs):
        raise NotImplementedError

    def unscale(self, inputs):
        raise NotImplementedError

    def adjust(self, grads_finite):
        raise NotImplementedError


class StaticLossScaler(LossScaler):
    """A constant scale.

    Args:
        scale_value (Union[float, int]): the scale, >= 1.
    """

    def __init__(self, scale_value):
        check_type(scale_value, "scale_value", (float, int))
        if scale_value < 1.0:
            raise ValueError(f"The argument 'scale_value' must be > 1, but got {scale_value}")
        self.scale_value = Parameter(Tensor(scale_value, dtype=mstype.float32), name="scale_value")

    def scale(self, inputs):
        """Multiply ``inputs`` (a Tensor or a tuple) by the scale."""
        s = self.scale_value._t
        return _map(inputs, lambda t: _wrap(t * s.to(t.dtype)))

    def unscale(self, inputs):
        """Divide ``inputs`` (a Tensor or a tuple) by the scale."""
        s = self.scale_value._t
        return _map(inputs, lambda t: _wrap(t * torch.reciprocal(s).to(t.dtype)))

    def adjust(self, grads_finite):
        """A static scale never changes; returns False."""
        return False


class DynamicLossScaler(StaticLossScaler):
    """A scale divided by ``scale_factor`` when the gradients overflow and multiplied by it
    after ``scale_window`` consecutive finite steps.

    Args:
        scale_value (Union[float, int]): the initial scale, >= 1. scale_factor (int): the factor.
        scale_window (int): finite steps before the scale grows.
    """

    def __init__(self, scale_value, scale_factor, scale_window):
        super().__init__(scale_value)
        self.scale_window = check_int(scale_window, "scale_window", low=0, low_inclusive=False)
        self.scale_factor = check_int(scale_factor, "scale_factor", low=0, low_inclusive=False)
        self.counter = Parameter(Tensor(0, dtype=mstype.int32), name="counter")

    def adjust(self, grads_finite):
        """Update the scale from ``grads_finite`` (a bool Tensor or bool); returns True."""
        finite = grads_finite._t if isinstance(grads_finite, Tensor) else torch.tensor(bool(grads_finite))
        finite = finite.reshape(()).to(torch.bool)
        with torch.no_grad():
            s, c = self.scale_value._t, self.counter._t
            grown = s * self.scale_factor
            grown = torch.where(torch.isfinite(grown), grown, s)
            on_finite = torch.where(c == self.scale_window - 1, grown, s)
            shrunk = torch.clamp(s / self.scale_factor, min=1.0)
            s.copy_(torch.where(finite, on_finite, shrunk))
            c.copy_(((c + 1) % self.scale_window) * finite.to(c.dtype))
        return True


__all__ = ["all_finite", "LossScaler", "StaticLossScaler", "DynamicLossScaler"]
