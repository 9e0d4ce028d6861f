"""Collective-communication Primitive classes on ``torch.distributed``.

Each Primitive resolves its ``group`` when it is called and runs the differentiable collective of
``sporetorch.communication._collectives`` (gloo for CPU tensors, NCCL for CUDA tensors). Ranks
(``root_rank``, ``dest_rank``, ``src_rank``, ...) are world ranks, as in MindSpore. Without a
launcher every group has one rank and each collective returns what it returns on one rank.
"""
import torch

from ...common import dtype as mstype
from ...common.tensor import _wrap
from ...communication import _collectives as C
from ...communication.management import get_group_size, get_rank
from ..function import creation_func
from ..primitive import Primitive, prim_attr_register

__all__ = ["ReduceOp", "AllReduce", "AllGather", "Broadcast", "ReduceScatter", "Barrier", "AlltoAll",
           "NeighborExchange", "Send", "Receive", "Reduce", "CollectiveGather", "CollectiveScatter", "AllGatherV",
           "ReduceScatterV", "AlltoAllV"]

_WORLD = "hccl_world_group"


class ReduceOp:
    """Reduction kinds of collective operators (``ReduceOp.SUM``, ...)."""

    def __init__(self, *args, **kwargs):
        raise TypeError("ReduceOp is a namespace of reduction names; use ReduceOp.SUM, ReduceOp.MAX, ...")

    SUM = "sum"
    MAX = "max"
    MIN = "min"
    PROD = "prod"


def _check_op(op, name):
    if op not in ("sum", "max", "min", "prod"):
        raise TypeError(f"For '{name}', the 'op' must be one of ReduceOp.SUM, MAX, MIN, PROD, but got {op!r}")


def _check_rank(value, arg, name):
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"For '{name}', the '{arg}' must be an int, but got {type(value).__name__}")


class AllReduce(Primitive):
    """Reduce a tensor over the ranks of ``group`` with ``op``; every rank gets the result.

    Args:
        op (str): ``ReduceOp.SUM`` (default), ``MAX``, ``MIN`` or ``PROD``.
        group (str): the communication group. Default: the world.

    Inputs:
        - **input_x** (Tensor) - the same shape on every rank.

    Outputs:
        Tensor of the input's shape. The gradient is the AllReduce (sum) of the output's gradient
        (times ``input == output`` for MAX/MIN), as in MindSpore.
    """

    @prim_attr_register
    def __init__(self, op=ReduceOp.SUM, group=_WORLD):
        _check_op(op, "AllReduce")

    def __call__(self, input_x):
        return _wrap(C.all_reduce(input_x._t, self.op, C.resolve(self.group, "AllReduce")))


class AllGather(Primitive):
    """Concatenate the tensors of every rank of ``group`` along the first axis, in rank order.

    Inputs:
        - **input_x** (Tensor) - the same shape on every rank.

    Outputs:
        Tensor, the first axis ``group size`` times longer. Gradient: ReduceScatter (sum).
    """

    @prim_attr_register
    def __init__(self, group=_WORLD):
        self.rank = get_rank(group)
        self.rank_size = get_group_size(group)
        self.add_prim_attr("rank_size", self.rank_size)
        self.add_prim_attr("mean_flag", False)

    def __call__(self, input_x):
        return _wrap(C.all_gather(input_x._t, C.resolve(self.group, "AllGather")))


class ReduceScatter(Primitive):
    """Reduce over the ranks of ``group``, then give rank ``i`` the ``i``-th slice of the first axis.

    Inputs:
        - **input_x** (Tensor) - its first axis divisible by the group size.

    Outputs:
        Tensor, the first axis divided by the group size. Gradient: AllGather.
    """

    @prim_attr_register
    def __init__(self, op=ReduceOp.SUM, group=_WORLD):
        _check_op(op, "ReduceScatter")
        self.rank_size = get_group_size(group)
        self.add_prim_attr("rank_size", self.rank_size)

    def __call__(self, input_x):
        return _wrap(C.reduce_scatter(input_x._t, self.op, C.resolve(self.group, "ReduceScatter")))


class Broadcast(Primitive):
    """Every rank of ``group`` gets the tensors of world rank ``root_rank``.

    Inputs:
        - **input_x** (tuple[Tensor]) - the tensors (their shapes and dtypes on every rank).

    Outputs:
        tuple[Tensor]. The gradient passes through unchanged, as in MindSpore.
    """

    @prim_attr_register
    def __init__(self, root_rank, group=_WORLD):
        _check_rank(root_rank, "root_rank", "Broadcast")

    def __call__(self, input_x):
        pg = C.resolve(self.group, "Broadcast")
        return tuple(_wrap(C.broadcast(x._t, self.root_rank, pg)) for x in input_x)


class Reduce(Primitive):
    """Reduce a tensor over ``group`` onto world rank ``dest_rank`` (gradient: Broadcast from it).

    Outputs:
        Tensor: the reduction on ``dest_rank``; other ranks get a copy of their input.
    """

    @prim_attr_register
    def __init__(self, dest_rank, op=ReduceOp.SUM, group=_WORLD):
        _check_rank(dest_rank, "dest_rank", "Reduce")
        _check_op(op, "Reduce")

    def __call__(self, x):
        return _wrap(C.reduce(x._t, self.dest_rank, self.op, C.resolve(self.group, "Reduce")))


class CollectiveGather(Primitive):
    """Gather the tensors of ``group`` along the first axis onto world rank ``dest_rank``.

    Outputs:
        Tensor: the concatenation on ``dest_rank``; other ranks get their input back.
    """

    @prim_attr_register
    def __init__(self, dest_rank, group=_WORLD):
        _check_rank(dest_rank, "dest_rank", "CollectiveGather")
        self.rank_size = get_group_size(group)

    def __call__(self, input_x):
        gathered = C.all_gather(input_x._t, C.resolve(self.group, "CollectiveGather"))
        return _wrap(gathered if get_rank() == self.dest_rank else input_x._t.clone())


class CollectiveScatter(Primitive):
    """Split world rank ``src_rank``'s tensor along the first axis and give rank ``i`` the ``i``-th part."""

    @prim_attr_register
    def __init__(self, src_rank=0, group=_WORLD):
        _check_rank(src_rank, "src_rank", "CollectiveScatter")
        self.rank_size = get_group_size(group)

    def __call__(self, input_x):
        pg = C.resolve(self.group, "CollectiveScatter")
        full = C.broadcast(input_x._t, self.src_rank, pg)
        return _wrap(full.chunk(C.group_size(pg))[C.group_rank(pg)].clone())


class AlltoAll(Primitive):
    """Split the input into ``split_count`` blocks along ``split_dim``, send block ``i`` to rank ``i`` of
    ``group`` and concatenate the blocks received along ``concat_dim``.

    Outputs:
        Tensor. Gradient: the AlltoAll with ``split_dim`` and ``concat_dim`` swapped.
    """

    @prim_attr_register
    def __init__(self, split_count, split_dim, concat_dim, group=_WORLD):
        for arg, value in (("split_count", split_count), ("split_dim", split_dim), ("concat_dim", concat_dim)):
            _check_rank(value, arg, "AlltoAll")

    def __call__(self, x):
        pg = C.resolve(self.group, "AlltoAll")
        ndim = x._t.dim()
        return _wrap(C.all_to_all(x._t, self.split_count, self.split_dim % ndim, self.concat_dim % ndim, pg))


class NeighborExchange(Primitive):
    """Send ``input_x[i]`` to world rank ``send_rank_ids[i]`` and receive one tensor of shape
    ``recv_shapes[j]`` from each ``recv_rank_ids[j]`` (gradient: the exchange reversed).

    Outputs:
        tuple[Tensor], the received tensors (dtype ``recv_type``).
    """

    @prim_attr_register
    def __init__(self, send_rank_ids, recv_rank_ids, recv_shapes, send_shapes, recv_type, group=_WORLD):
        if len(recv_rank_ids) != len(recv_shapes) or len(send_rank_ids) != len(send_shapes):
            raise ValueError("For 'NeighborExchange', 'send_rank_ids'/'send_shapes' and 'recv_rank_ids'/"
                             "'recv_shapes' must have the same lengths.")

    def __call__(self, input_x):
        tensors = [x._t for x in input_x]
        dtype = _torch_dtype(self.recv_type)
        outs = C.neighbor_exchange_differentiable(tensors, list(self.send_rank_ids), list(self.recv_rank_ids),
                                                  [tuple(s) for s in self.recv_shapes],
                                                  [tuple(s) for s in self.send_shapes], dtype,
                                                  C.resolve(self.group, "NeighborExchange"))
        return tuple(_wrap(o) for o in outs)


class Send(Primitive):
    """Send a tensor to world rank ``dest_rank`` (paired with a ``Receive`` of the same ``sr_tag``)."""

    @prim_attr_register
    def __init__(self, sr_tag, dest_rank, group=_WORLD, group_back=_WORLD):
        _check_rank(sr_tag, "sr_tag", "Send")
        _check_rank(dest_rank, "dest_rank", "Send")

    def __call__(self, input_x):
        C.send(input_x._t, self.dest_rank, C.resolve(self.group, "Send"), self.sr_tag)
        return _wrap(input_x._t)


class Receive(Primitive):
    """Receive a ``shape``/``dtype`` tensor from world rank ``src_rank`` (paired with a ``Send``)."""

    @prim_attr_register
    def __init__(self, sr_tag, src_rank, shape, dtype, group=_WORLD, group_back=_WORLD):
        _check_rank(sr_tag, "sr_tag", "Receive")
        _check_rank(src_rank, "src_rank", "Receive")

    def __call__(self, input_x=None):
        out = creation_func.zeros(tuple(self.shape), self.dtype)  # the buffer the received tensor fills
        return _wrap(C.recv(out._t, self.src_rank, C.resolve(self.group, "Receive"), self.sr_tag))


def _split_list(sizes):
    return sizes._t.tolist() if hasattr(sizes, "_t") else list(sizes)


class AllGatherV(Primitive):
    """Concatenate uneven 1-D tensors of every rank of ``group``.

    Inputs:
        - **input_x** (Tensor) - a 1-D tensor. **output_split_sizes** (Union[list[int], Tensor]) - the
          number of elements each rank contributes.

    Outputs:
        1-D Tensor of ``sum(output_split_sizes)`` elements. Gradient: ReduceScatterV (sum).
    """

    @prim_attr_register
    def __init__(self, group=_WORLD):
        pass

    def __call__(self, input_x, output_split_sizes):
        return _wrap(C.all_gather_v(input_x._t, _split_list(output_split_sizes), C.resolve(self.group, "AllGatherV")))


class ReduceScatterV(Primitive):
    """Reduce a 1-D tensor over ``group``; rank ``r`` gets its ``input_split_sizes[r]`` elements.
    Gradient: AllGatherV."""

    @prim_attr_register
    def __init__(self, op=ReduceOp.SUM, group=_WORLD):
        _check_op(op, "ReduceScatterV")

    def __call__(self, input_x, input_split_sizes):
        return _wrap(C.reduce_scatter_v(input_x._t, _split_list(input_split_sizes), self.op,
                                        C.resolve(self.group, "ReduceScatterV")))


class AlltoAllV(Primitive):
    """Uneven all-to-all of a 1-D tensor: ``send_numel_list[r] * block_size`` elements go to rank ``r``,
    ``recv_numel_list[r] * block_size`` come from it. Gradient: the exchange back."""

    @prim_attr_register
    def __init__(self, group=_WORLD, block_size=1):
        _check_rank(block_size, "block_size", "AlltoAllV")

    def __call__(self, input_x, send_numel_list, recv_numel_list):
        return _wrap(C.all_to_all_v(input_x._t, _split_list(send_numel_list), _split_list(recv_numel_list),
                                    self.block_size, C.resolve(self.group, "AlltoAllV")))


class Barrier(Primitive):
    """Wait until every rank of ``group`` reaches this point."""

    @prim_attr_register
    def __init__(self, group=_WORLD):
        pass

    def __call__(self):
        C.barrier(C.resolve(self.group, "Barrier"))


def _torch_dtype(dtype):
    return dtype if isinstance(dtype, torch.dtype) else mstype.to_torch(dtype)


def check_collective_target_dtype(data_name, data_dtype, prim_name):
    """The dtypes a collective accepts: Int8, Int32, Float16, Float32, BFloat16 (a TypeError naming
    ``prim_name`` otherwise)."""
    from ... import _checkparam as validator
    valid = (mstype.int8, mstype.int32, mstype.float16, mstype.float32, mstype.bfloat16)
    validator.check_tensor_dtype_valid(data_name, data_dtype, valid, prim_name)
