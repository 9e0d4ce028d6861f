"""Gradient all-reduce for data-parallel training (``mindspore.nn.DistributedGradReducer``)."""
import contextlib


from ... import parallel_context
from ...common.tensor import _wrap
from ...communication import management
from ...communication._buckets import GradBuckets
from ...ops.function.optim_func import divide
from ..cell import Cell


class DistributedGradReducer(Cell):
    """Sum the gradients over the processes of ``group`` and, with ``mean``, divide by ``degree``.

    Args:
        parameters (list[Parameter]): the Parameters whose gradients are reduced, in the order
            the gradients come.
        mean (bool): divide the sum by ``degree``. Default: None (the auto-parallel context's
            ``gradients_mean``).
        degree (int): the divisor of the mean. Default: None (the size of ``group``).
        fusion_type (int): accepted for compatibility; gradients are fused into buckets (one
            all-reduce per bucket of up to 25 MiB, the first 1 MiB).
        group (str): the communication group. Default: the world.

    Inputs:
        - **grads** (tuple[Tensor]) - one gradient per Parameter.

    Outputs:
        tuple[Tensor], the reduced gradients. In a process without a launcher the gradients come
        back unchanged (divided by ``degree`` when ``mean`` and ``degree`` > 1).

    Differences from MindSpore: inside ``TrainOneStepCell`` the buckets are all-reduced while the
    backward pass is still running (as PyTorch's DDP does); the results are the same.
    """

    def __init__(self, parameters, mean=None, degree=None, fusion_type=1, group="hccl_world_group"):
        super().__init__(auto_prefix=False)
        if mean is None:
            mean = parallel_context.get_auto_parallel_context("gradients_mean")
        self.mean = bool(mean)
        if degree is None:
            degree = management.get_group_size(group)
        if not isinstance(degree, int) or isinstance(degree, bool) or degree <= 0:
            raise ValueError(f"For 'DistributedGradReducer', the 'degree' must be a positive int, but got {degree!r}")
        self.degree = degree
        self._reduced_params = list(parameters)
        self.param_count = len(self._reduced_params)
        self.fusion_type = fusion_type
        self.group = group
        self._buckets = None

    def _bucketer(self):
        if self._buckets is None:
            self._buckets = GradBuckets(self._reduced_params, management.process_group(self.group,
                                                                                 "DistributedGradReducer"))
        return self._buckets

    def overlap(self):
        """A context in which a backward pass of the reducer's Parameters starts the all-reduce
        of each gradient bucket as soon as it is complete (no-op in one process)."""
        if not management.is_distributed() or self.param_count == 0:
            return contextlib.nullcontext()
        return self._bucketer().overlap()

    def __call__(self, grads):
        # Communication is not something to trace: run eagerly, in GRAPH_MODE too.
        return self.construct(grads)

    def construct(self, grads):
        if len(grads) != self.param_count:
            raise ValueError(f"For 'DistributedGradReducer', the number of gradients ({len(grads)}) must equal "
                             f"the number of parameters ({self.param_count}).")
        divisor = float(self.degree) if self.mean else None
        if not management.is_distributed():
            if divisor is not None and self.degree != 1:
                return tuple(_wrap(g) for g in divide([g._t for g in grads], divisor))
            return grads
        reduced = self._bucketer().reduce([g._t for g in grads], divisor)
        return tuple(_wrap(t) for t in reduced)


def overlap_with_backward(reducer):
    """The reducer's :meth:`DistributedGradReducer.overlap` context, or a no-op for any other cell."""
    if isinstance(reducer, DistributedGradReducer):
        return reducer.overlap()
    return contextlib.nullcontext()


__all__ = ["DistributedGradReducer"]
