"""Collective-communication Primitive classes.

With ``torch.distributed`` initialised they call its collectives on the default
process group; in a single process (the usual case) each collective over one rank
returns its input, which is what MindSpore computes on a group of size 1.
"""
import torch
import torch.distributed as dist

from ...common.tensor import _wrap
from ..primitive import Primitive, prim_attr_register

__all__ = ["ReduceOp", "AllReduce", "AllGather", "Broadcast", "ReduceScatter", "Barrier"]


class ReduceOp:
    """Reduction kinds of collective operators (``ReduceOp.SUM``, ...)."""

    def __init__(self, *args, **kwargs):
        raise TypeError("ReduceOp is a namespace of reduction names; use ReduceOp.SUM, ReduceOp.MAX, ...")

    SUM = "sum"
    MAX = "max"
    MIN = "min"
    PROD = "prod"


_TORCH_OPS = {"sum": "SUM", "max": "MAX", "min": "MIN", "prod": "PRODUCT"}


def _distributed():
    return dist.is_available() and dist.is_initialized() and dist.get_world_size() > 1


class AllReduce(Primitive):
    """Reduce a tensor across all ranks of ``group`` with ``op`` (default sum)."""

    @prim_attr_register
    def __init__(self, op=ReduceOp.SUM, group="hccl_world_group"):
        pass

    def __call__(self, x):
        t = x._t
        if not _distributed():
            return _wrap(t.clone())
        out = t.clone()
        dist.all_reduce(out, getattr(dist.ReduceOp, _TORCH_OPS[self.op]))
        return _wrap(out)


class AllGather(Primitive):
    """Concatenate the tensors of all ranks along the first axis."""

    @prim_attr_register
    def __init__(self, group="hccl_world_group"):
        pass

    def __call__(self, x):
        t = x._t
        if not _distributed():
            return _wrap(t.clone())
        parts = [torch.empty_like(t) for _ in range(dist.get_world_size())]
        dist.all_gather(parts, t.contiguous())
        return _wrap(torch.cat(parts, 0))


class Broadcast(Primitive):
    """Send the tensors of rank ``root_rank`` to every rank."""

    @prim_attr_register
    def __init__(self, root_rank, group="hccl_world_group"):
        pass

    def __call__(self, input_x):
        outs = []
        for x in input_x:
            t = x._t.clone()
            if _distributed():
                dist.broadcast(t, self.root_rank)
            outs.append(_wrap(t))
        return tuple(outs)


class ReduceScatter(Primitive):
    """Reduce across ranks, then give each rank its slice of the first axis."""

    @prim_attr_register
    def __init__(self, op=ReduceOp.SUM, group="hccl_world_group"):
        pass

    def __call__(self, input_x):
        t = input_x._t
        if not _distributed():
            return _wrap(t.clone())
        n = dist.get_world_size()
        out = torch.empty_like(t.chunk(n)[0])
        dist.reduce_scatter(out, list(t.chunk(n)), getattr(dist.ReduceOp, _TORCH_OPS[self.op]))
        return _wrap(out)


class Barrier(Primitive):
    """Wait until every rank of ``group`` reaches this point."""

    @prim_attr_register
    def __init__(self, group="hccl_world_group"):
        pass

    def __call__(self):
        if _distributed():
            dist.barrier()
