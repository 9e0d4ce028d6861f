"""Gradient all-reduce for data-parallel training (``mindspore.nn.DistributedGradReducer``)."""
import torch
import torch.distributed as dist

from ...common.tensor import _wrap
from ..cell import Cell


class DistributedGradReducer(Cell):
    """Sum the gradients over all processes of the group (and divide by ``degree`` when ``mean``).

    Args:
        parameters (list[Parameter]): the Parameters whose gradients are reduced (fixes their count).
        mean (bool): divide the sum by ``degree``. Default: None (MindSpore's gradients_mean, False).
        degree (int): the number of processes. Default: None (the world size).
        fusion_type (int): accepted for compatibility; gradients are always reduced as one batch.
        group (str): the communication group. Default: the world.

    Inputs:
        - **grads** (tuple[Tensor]) - one gradient per Parameter.

    Outputs:
        tuple[Tensor], the reduced gradients. Without an initialised ``torch.distributed``
        process group (or with one process) the gradients come back unchanged.
    """

    def __init__(self, parameters, mean=None, degree=None, fusion_type=1, group="hccl_world_group"):
        super().__init__(auto_prefix=False)
        self.mean = bool(mean) if mean is not None else False
        world = dist.get_world_size() if dist.is_available() and dist.is_initialized() else 1
        if degree is None:
            degree = world
        if not isinstance(degree, int) or isinstance(degree, bool) or degree <= 0:
            raise ValueError(f"For 'DistributedGradReducer', the 'degree' must be a positive int, but got {degree!r}")
        self.degree = degree
        self.param_count = len(list(parameters))
        self.fusion_type = fusion_type
        self.group = group

    def construct(self, grads):
        if not (dist.is_available() and dist.is_initialized()) or dist.get_world_size() == 1:
            if self.mean and self.degree != 1:
                return tuple(_wrap(g) for g in torch._foreach_div([g._t for g in grads], float(self.degree)))
            return grads
        tensors = [g._t.contiguous() for g in grads]
        flat = torch.cat([t.reshape(-1) for t in tensors])
        dist.all_reduce(flat)
        if self.mean:
            flat.div_(self.degree)
        out, offset = [], 0
        for t in tensors:
            n = t.numel()
            out.append(_wrap(flat[offset:offset + n].view_as(t)))
            offset += n
        return tuple(out)


__all__ = ["DistributedGradReducer"]
