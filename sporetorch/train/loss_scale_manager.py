"""Loss-scale managers (``mindspore.train.LossScaleManager``): the loss-scale policy that
``Model`` and ``amp.build_train_network`` turn into an update cell."""
from ..nn.optim._validate import check_int


class LossScaleManager:
    """Base class: ``get_loss_scale``, ``update_loss_scale(overflow)``, ``get_update_cell``."""

    def get_loss_scale(self):
        """The current loss scale."""

    def update_loss_scale(self, overflow):
        """Adjust the scale after a step (``overflow``: whether the gradients overflowed)."""

    def get_update_cell(self):
        """The Cell that updates the scale inside ``TrainOneStepWithLossScaleCell``, or None."""


class FixedLossScaleManager(LossScaleManager):
    """A constant loss scale.

    Args:
        loss_scale (float): the scale, >= 1. Default: 128.0.
        drop_overflow_update (bool): skip the update of overflowing steps (then an update cell
            is used). Default: True.
    """

    def __init__(self, loss_scale=128.0, drop_overflow_update=True):
        if loss_scale < 1:
            raise ValueError(f"The argument 'loss_scale' must be >= 1, but got {loss_scale}")
        self._loss_scale = loss_scale
        self._drop_overflow_update = drop_overflow_update

    def get_loss_scale(self):
        return self._loss_scale

    def get_drop_overflow_update(self):
        """Whether overflowing steps are skipped."""
        return self._drop_overflow_update

    def update_loss_scale(self, overflow):
        pass

    def get_update_cell(self):
        if not self._drop_overflow_update:
            return None
        from ..nn.wrap.loss_scale import FixedLossScaleUpdateCell
        return FixedLossScaleUpdateCell(self._loss_scale)


class DynamicLossScaleManager(LossScaleManager):
    """A loss scale divided by ``scale_factor`` on overflow and multiplied by it every
    ``scale_window`` overflow-free steps.

    Args:
        init_loss_scale (float): Default: 2**24. scale_factor (int): Default: 2.
        scale_window (int): Default: 2000.
    """

    def __init__(self, init_loss_scale=2 ** 24, scale_factor=2, scale_window=2000):
        if init_loss_scale < 1.0:
            raise ValueError(f"The argument 'init_loss_scale' must be > 1, but got {init_loss_scale}")
        self.loss_scale = init_loss_scale
        self.scale_window = check_int(scale_window, "scale_window", "DynamicLossScaleManager", low=0,
                                      low_inclusive=False)
        if scale_factor <= 0:
            raise ValueError(f"The argument 'scale_factor' must be > 0, but got {scale_factor}")
        self.scale_factor = scale_factor
        self.increase_ratio = scale_factor
        self.decrease_ratio = 1 / scale_factor
        self.cur_iter = 1
        self.last_overflow_iter = 0
        self.bad_step_max = 1000
        self.bad_step = 0

    def get_loss_scale(self):
        return self.loss_scale

    def update_loss_scale(self, overflow):
        if overflow:
            self.loss_scale = max(self.loss_scale * self.decrease_ratio, 1)
            self.last_overflow_iter = self.cur_iter
            self.bad_step += 1
        else:
            if (self.cur_iter - self.last_overflow_iter) % self.scale_window == 0:
                self.loss_scale *= self.increase_ratio
            self.bad_step = 0
        if self.bad_step > self.bad_step_max:
            raise RuntimeError(f"Dynamic loss scale Continuous overflow {self.bad_step} times, has exceeded maximum "
                               f"threshold.")
        self.cur_iter += 1

    def get_drop_overflow_update(self):
        return True

    def get_update_cell(self):
        from ..nn.wrap.loss_scale import DynamicLossScaleUpdateCell
        return DynamicLossScaleUpdateCell(self.loss_scale, self.scale_factor, self.scale_window)


__all__ = ["LossScaleManager", "FixedLossScaleManager", "DynamicLossScaleManager"]
