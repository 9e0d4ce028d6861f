"""Loss scaling: update cells and ``TrainOneStepWithLossScaleCell``."""
import torch

from ... import context as _context
from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor, _wrap
from ...ops import operations as P
from ...ops.function.optim_func import all_finite_, dynamic_loss_scale_update_, unscale_and_check_
from ...ops.function.array_func import cast
from ...ops.function.creation_func import ones_like, zeros
from ...ops.composite import HyperMap
from ..cell import Cell
from .cell_wrapper import TrainOneStepCell


class DynamicLossScaleUpdateCell(Cell):
    """Dynamic loss-scale update: on overflow divide the scale by ``scale_factor`` (not below 1);
    after ``scale_window`` consecutive steps without overflow multiply it by ``scale_factor``.

    Args:
        loss_scale_value (float): the initial scale. scale_factor (int): the factor.
        scale_window (int): overflow-free steps before the scale grows.

    Inputs:
        - **loss_scale** (Parameter) - the current scale, updated in place.
        - **overflow** (Union[bool, Tensor]) - whether this step overflowed.

    Outputs:
        ``overflow``, unchanged.

    State: ``current_iterator_step`` (starts at 1) and ``last_overflow_iterator_step``.
    """

    def __init__(self, loss_scale_value, scale_factor, scale_window):
        super().__init__()
        self.scale_window = int(scale_window)
        self.scale_factor = float(scale_factor)
        self.loss_scale_value = loss_scale_value
        self.cur_iter = Parameter(Tensor(1, dtype=mstype.int32), name="current_iterator_step")
        self.last_overflow_iter = Parameter(Tensor(0, dtype=mstype.int32), name="last_overflow_iterator_step")
        self.minimum_loss_scale = 1.0

    def get_loss_scale(self):
        """The initial loss scale."""
        return self.loss_scale_value

    def construct(self, loss_scale, overflow):
        overflow_t = overflow._t if isinstance(overflow, Tensor) else bool(overflow)
        with torch.no_grad():
            dynamic_loss_scale_update_(loss_scale._t, self.cur_iter._t, self.last_overflow_iter._t, overflow_t,
                                       factor=self.scale_factor, window=self.scale_window,
                                       minimum=self.minimum_loss_scale)
        return overflow


class FixedLossScaleUpdateCell(Cell):
    """A constant loss scale: ``construct(loss_scale, overflow)`` returns ``overflow``, so an
    overflowing step is skipped but the scale never changes.

    Args:
        loss_scale_value (float): the scale.
    """

    def __init__(self, loss_scale_value):
        super().__init__()
        self.loss_scale_value = loss_scale_value

    def get_loss_scale(self):
        """The loss scale."""
        return self.loss_scale_value

    def construct(self, _, overflow):
        return overflow


class TrainOneStepWithLossScaleCell(TrainOneStepCell):
    """One training step with loss scaling and overflow detection.

    The backward starts from ``scale_sense`` instead of 1; the gradients are divided by it and
    checked for inf/NaN. An overflowing step skips the optimizer; ``scale_sense`` (a Cell such
    as :class:`DynamicLossScaleUpdateCell`) then adjusts the scale.

    Args:
        network (Cell): the network with loss. optimizer (Optimizer): the optimizer.
        scale_sense (Union[Cell, Tensor]): an update cell, or a Tensor of shape () or (1,) holding
            a fixed scale (settable with ``set_sense_scale``).

    Outputs:
        Tuple ``(loss, overflow, loss_scale)``: the loss, a bool Tensor (True if the gradients
        overflowed), and the ``scale_sense`` Parameter (after the update).

    Attributes for subclasses, as MindSpore's: ``hyper_map`` (a ``HyperMap``), ``base`` (1.0),
    ``base0`` (0), ``reduce_sum``, ``reduce_all``, ``less_equal``, ``equal``, ``logic_not``
    (Primitives), ``is_distributed``, ``gpu_target``.

    Differences from MindSpore: overflow detection works the same on CPU and GPU (a fused
    unscale-and-check of all gradients); MindSpore 2.10 has no CPU implementation.
    """

    def __init__(self, network, optimizer, scale_sense):
        super().__init__(network, optimizer, sens=None)
        # MindSpore's helpers, which subclasses (mindcv's TrainStep) call in their own construct.
        self.hyper_map = HyperMap()
        self.base = Tensor(1, mstype.float32)
        self.base0 = Tensor(0, mstype.int32)
        self.reduce_sum = P.ReduceSum(keep_dims=False)
        self.reduce_all = P.ReduceAll(keep_dims=False)
        self.less_equal = P.LessEqual()
        self.equal = P.Equal()
        self.logic_not = P.LogicalNot()
        self.is_distributed = self.reducer_flag
        self.gpu_target = _context.get_context("device_target") == "GPU"
        self.enable_tuple_broaden = True
        self.loss_scaling_manager = None
        if isinstance(scale_sense, Cell):
            self.loss_scaling_manager = scale_sense
            self.scale_sense = Parameter(Tensor(scale_sense.get_loss_scale(), dtype=mstype.float32), name="scale_sense")
        elif isinstance(scale_sense, Tensor):
            if scale_sense.shape not in ((1,), ()):
                raise ValueError(f"For 'TrainOneStepWithLossScaleCell', the shape of 'scale_sense' must be (1,) or (), "
                                 f"but got {scale_sense.shape}.")
            self.scale_sense = Parameter(scale_sense, name="scale_sense")
        else:
            raise TypeError(f"For 'TrainOneStepWithLossScaleCell', the 'scale_sense' must be Cell or Tensor, but got "
                            f"'scale_sense' type: {type(scale_sense)}.")

    def construct(self, *inputs):
        loss = self.network(*inputs)
        scaling_sens = self.scale_sense
        status, scaling_sens = self.start_overflow_check(loss, scaling_sens)
        sens = ones_like(loss) * cast(scaling_sens, loss.dtype)
        grads = self.grad(self.network, self.weights)(*inputs, sens)
        grads, found_inf = _unscale_and_check(grads, scaling_sens)
        grads = self.grad_reducer(grads)
        # The fused unscale already checked the local gradients; after an all-reduce check again.
        cond = self.get_overflow_status(found_inf, grads if self.reducer_flag else ())
        overflow = self.process_loss_scale(cond)
        if not bool(overflow):
            self.optimizer(grads)
        return loss, cond, scaling_sens

    def set_sense_scale(self, sens):
        """Set the loss scale to ``sens`` (a Tensor)."""
        if isinstance(sens, Tensor):
            self.scale_sense.set_data(sens)
        else:
            raise TypeError(f"For 'TrainOneStepWithLossScaleCell', the type of 'sens' must be Tensor, "
                            f"but got {type(sens)}")

    def start_overflow_check(self, pre_cond, compute_input):
        """Start tracking overflow; returns ``(status, compute_input)``. The status is a float
        Tensor that ``get_overflow_status`` accumulates into."""
        return zeros((), mstype.float32), compute_input

    def get_overflow_status(self, status, compute_output):
        """Return a bool Tensor: whether ``status`` recorded an overflow or any Tensor of
        ``compute_output`` (the gradients) holds inf or NaN."""
        flag = status._t.reshape(()) > 0
        if isinstance(compute_output, (tuple, list)) and compute_output:
            flag = flag | ~all_finite_([g._t for g in compute_output]).to(flag.device)
        return _wrap(flag)

    def process_loss_scale(self, overflow):
        """Let the loss-scale cell update the scale; returns whether to skip this step."""
        if self.loss_scaling_manager is not None:
            return self.loss_scaling_manager(self.scale_sense, overflow)
        return overflow


def _unscale_and_check(grads, scale):
    """Divide the gradients by ``scale`` and record whether any is non-finite (one fused pass)."""
    ts = [g._t for g in grads]
    found = unscale_and_check_(ts, scale._t)
    return tuple(_wrap(t) for t in ts), _wrap(found)


_all_finite_t = all_finite_  # amp.all_finite's body


def tensor_grad_scale(scale, grad):
    """``grad / scale`` (the reciprocal in the gradient's dtype)."""
    from ...ops.function.math_func import reciprocal
    return grad * cast(reciprocal(scale), grad.dtype)


def tensor_grad_scale_row_tensor(scale, grad):
    """The RowTensor ``grad`` with its values divided by ``scale``."""
    from ...common.sparse_tensor import RowTensorInner
    return RowTensorInner(grad.indices, tensor_grad_scale(scale, grad.values), grad.dense_shape)


from .grad_reducer import tensor_grad_scale_pipeline, tensor_shard_grad_scale_pipeline  # noqa: E402,F401 - MindSpore's names here too


__all__ = ["DynamicLossScaleUpdateCell", "FixedLossScaleUpdateCell", "TrainOneStepWithLossScaleCell"]
