"""BoostTrainOneStepCell and BoostTrainOneStepWithLossScaleCell: the training steps that
``Model(boost_level="O1"/"O2")`` builds, with gradient accumulation, freezing and AdaSum."""
from ..nn.wrap.cell_wrapper import TrainOneStepCell
from ..nn.wrap.loss_scale import TrainOneStepWithLossScaleCell
from .boost import AutoBoost
from .grad_accumulation import GradientAccumulation

__all__ = ["BoostTrainOneStepCell", "BoostTrainOneStepWithLossScaleCell"]


class _BoostMixin:
    def _init_boost(self):
        self.auto_boost = AutoBoost()
        steps = self.auto_boost.grad_accumulation_step if self.auto_boost.boost_config.get("grad_accumulation") else 1
        self.max_accumulation_step = max(1, int(steps))
        self.use_grad_accumulation = self.max_accumulation_step > 1
        self.enable_adasum = bool(getattr(self.optimizer, "adasum", False))
        self.enable_dim_reduce = bool(getattr(self.optimizer, "dim_reduce", False))
        if self.enable_dim_reduce:
            raise NotImplementedError("BoostTrainOneStepCell: dim_reduce is not available in sporetorch")
        if self.use_grad_accumulation:
            self.gradient_accumulation = GradientAccumulation(self.max_accumulation_step, self.optimizer)

    def check_adasum_enable(self):
        """AdaSum needs several devices; with one it is the plain update."""
        return False

    def check_dim_reduce_enable(self):
        return self.enable_dim_reduce

    def _apply(self, loss, grads):
        if self.use_grad_accumulation:
            return self.gradient_accumulation(loss, grads)
        self.optimizer(grads)
        return loss


class BoostTrainOneStepCell(_BoostMixin, TrainOneStepCell):
    """:class:`nn.TrainOneStepCell` with the boosts ``AutoBoost`` configures.

    Args:
        network (Cell): the network with loss. optimizer (Cell): the optimizer (a
            :class:`FreezeOpt` chooses the trained parameter groups itself).
        sens (numbers.Number): the backward's initial gradient. Default: None (1.0).

    With ``grad_accumulation`` configured (``boost_config_dict["common"]["grad_accumulation_step"]``)
    the optimizer runs every that many steps on the mean gradient.
    """

    def __init__(self, network, optimizer, sens=None):
        super().__init__(network, optimizer, sens)
        self._init_boost()

    def construct(self, *inputs):
        loss = self.network(*inputs)
        if self.sense_flag:
            grads = self.grad(self.network, self.weights)(*inputs, loss * 0 + self.sens)
        else:
            grads = self.grad_no_sens(self.network, self.weights)(*inputs)
        return self._apply(loss, self.grad_reducer(grads))


class BoostTrainOneStepWithLossScaleCell(_BoostMixin, TrainOneStepWithLossScaleCell):
    """:class:`nn.TrainOneStepWithLossScaleCell` with the boosts ``AutoBoost`` configures.

    Outputs ``(loss, overflow, loss_scale)``; an overflowing step updates nothing.
    """

    def __init__(self, network, optimizer, scale_sense):
        super().__init__(network, optimizer, scale_sense)
        self._init_boost()

    def construct(self, *inputs):
        if not self.use_grad_accumulation:
            return super().construct(*inputs)
        loss = self.network(*inputs)
        scaling_sens = self.scale_sense
        status, scaling_sens = self.start_overflow_check(loss, scaling_sens)
        grads = self.grad(self.network, self.weights)(*inputs, loss * 0 + scaling_sens.astype(loss.dtype))
        grads = tuple(g / scaling_sens.astype(g.dtype) for g in self.grad_reducer(grads))
        cond = self.get_overflow_status(status, grads)
        overflow = self.process_loss_scale(cond)
        if not overflow:
            self.gradient_accumulation(loss, grads)
        return loss, cond, scaling_sens
