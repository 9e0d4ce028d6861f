"""Gradient accumulation (``mindspore.boost.grad_accumulation``).

``gradient_accumulation_op`` adds ``grad / accumulation_step`` into an accumulator in place and
``gradient_clear_op`` zeroes one; both are ``MultitypeFuncGraph``s, to be mapped over the
gradients with ``HyperMap`` as MindSpore code does. ``GradientAccumulation`` calls the optimizer
with the mean gradient every ``max_accumulation_step`` calls.
"""
from ..common import dtype as mstype
from ..common.parameter import Parameter
from ..common.tensor import Tensor
from ..nn.cell import Cell
from ..ops.composite import HyperMap, MultitypeFuncGraph, partial

__all__ = ["GradientAccumulation", "gradient_accumulation_op", "gradient_clear_op"]

gradient_accumulation_op = MultitypeFuncGraph("gradient_accumulation_op")


@gradient_accumulation_op.register("Number", "Tensor", "Tensor")
def _cumulative_grad(accumulation_step, cumulative_grad, grad):
    """``cumulative_grad += grad / accumulation_step`` in place; returns ``cumulative_grad``."""
    cumulative_grad._t.add_(grad._t.to(cumulative_grad._t.dtype), alpha=1.0 / accumulation_step)
    return cumulative_grad


gradient_clear_op = MultitypeFuncGraph("gradient_clear_op")


@gradient_clear_op.register("Tensor")
def _clear_grad(cumulative_grad):
    """Zero ``cumulative_grad`` in place; returns it."""
    cumulative_grad._t.zero_()
    return cumulative_grad


class GradientAccumulation(Cell):
    """Accumulate gradients over several steps and update with their mean.

    Args:
        max_accumulation_step (int): how many calls are accumulated before one optimizer update.
        optimizer (Cell): the optimizer; its ``parameters`` get one zero accumulator each, named
            ``grad_accumulation.<name>``.

    Inputs:
        - **loss** (Tensor) - the step's loss, returned unchanged.
        - **grads** (tuple(Tensor)) - the gradients of ``optimizer.parameters``.

    Outputs:
        Tensor, ``loss``.

    Every call adds ``grads / max_accumulation_step`` to the accumulators and counts the call in
    the Parameter ``accumulation_step``; on the ``max_accumulation_step``-th call the optimizer
    runs on the accumulators, which are then cleared and the count reset.
    """

    def __init__(self, max_accumulation_step, optimizer):
        super().__init__()
        self._max_accumulation_step = max_accumulation_step
        self.optimizer = optimizer
        self.weights = optimizer.parameters
        self.hyper_map = HyperMap()
        self._grad_accumulation = self.weights.clone(prefix="grad_accumulation", init="zeros")
        self._accumulation_step = Parameter(Tensor(0, dtype=mstype.int32), name="accumulation_step")

    def construct(self, loss, grads):
        self.hyper_map(partial(gradient_accumulation_op, self._max_accumulation_step), self._grad_accumulation, grads)
        self._accumulation_step += 1
        if self._accumulation_step >= self._max_accumulation_step:
            self.optimizer(self._grad_accumulation)
            self._accumulation_step._t.zero_()
        if self._accumulation_step == 0:
            self.hyper_map(partial(gradient_clear_op), self._grad_accumulation)
        return loss
