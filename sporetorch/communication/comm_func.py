"""``mindspore.communication.comm_func``: collectives as functions that return new Tensors.

They run the same differentiable collectives as the Primitives (``ops.AllReduce``, ...). Ranks
(``src``, ``dst``) are world ranks; ``group`` is a group name (the world by default). With
``async_op=True`` the result comes with a handle whose ``wait()`` returns at once: the work is
done when the function returns.
"""
import torch
import torch.distributed as dist

from ..common.tensor import Tensor, _wrap
from . import _collectives as C
from ._wire import (  # noqa: F401 - MindSpore's helpers of communication.comm_func
    _check_split_sizes_sequence,
    _contiguous,
    _get_size,
    _is_split_sizes_empty,
)
from .management import HCCL_WORLD_COMM_GROUP, get_group_size, get_rank, is_distributed, process_group

__all__ = ["all_reduce", "all_gather_into_tensor", "all_to_all_with_output_shape",
           "all_to_all_single_with_output_shape", "barrier", "broadcast", "gather_into_tensor", "isend", "irecv",
           "reduce_scatter_tensor", "reduce", "scatter_tensor", "send", "recv", "P2POp", "batch_isend_irecv"]


class CommHandle:
    """The handle of an ``async_op=True`` call: it waits on the torch work ``handle`` it holds, if any (the
    collectives here complete before returning, so theirs hold none)."""

    def __init__(self, handle=None, exec_sync=False):
        self.handle = handle
        self.exec_sync = exec_sync

    def wait(self):
        """Wait for the held work, if any."""
        if self.handle:
            self.handle.wait()

    def __repr__(self):
        return f"CommHandle(handle={self.handle!r})"


# The handle of the collectives that complete at once (MindSpore's ``comm_func.default_handle``).
default_handle = CommHandle()


def _deal_comm_outputs(output, async_op, exec_sync=False):
    """``(result, handle)`` of a collective's ``output`` (a result, or ``(result, work)``): the work is waited
    for unless ``async_op``; the handle is None unless ``async_op``."""
    if isinstance(output, tuple):
        if not async_op:
            output[1].wait()
            return output[0], None
        return output[0], CommHandle(output[1], exec_sync)
    return (output, None) if not async_op else (output, default_handle)


def _deal_dist_comm_outputs(output, async_op, exec_sync=False):
    """As :func:`_deal_comm_outputs`, without waiting for the work when not ``async_op``."""
    if isinstance(output, tuple):
        if not async_op:
            return output[0], None
        return output[0], CommHandle(output[1], exec_sync)
    return (output, None) if not async_op else (output, default_handle)


_GROUP_RANK_CACHE, _GROUP_SIZE_CACHE = {}, {}


def get_cache_group_rank(group=HCCL_WORLD_COMM_GROUP):
    """This rank in ``group`` (asked once per group, then cached)."""
    if group not in _GROUP_RANK_CACHE:
        _GROUP_RANK_CACHE[group] = get_rank(group)
    return _GROUP_RANK_CACHE[group]


def get_cache_group_size(group=HCCL_WORLD_COMM_GROUP):
    """The size of ``group`` (asked once per group, then cached)."""
    if group not in _GROUP_SIZE_CACHE:
        _GROUP_SIZE_CACHE[group] = get_group_size(group)
    return _GROUP_SIZE_CACHE[group]


def _check_compute_split_count(tensor, output_split_sizes, input_split_sizes, group):
    """The number of equal parts ``all_to_all_single`` splits ``tensor``'s first axis into: from the split
    sizes (which must be equal and agree), else the group size."""
    out_value = in_value = None
    if output_split_sizes:
        _check_split_sizes_sequence(tensor, output_split_sizes)
        out_value = output_split_sizes[0]
    if input_split_sizes:
        _check_split_sizes_sequence(tensor, input_split_sizes)
        in_value = input_split_sizes[0]
    if in_value and out_value and in_value != out_value:
        raise TypeError("input_split_value should equal to output_split_value.")
    value = in_value or out_value
    return tensor.shape[0] // value if value else get_group_size(group)


def _group(group, fn):
    return process_group(HCCL_WORLD_COMM_GROUP if group is None else group, fn)


def _tensor(x, fn):
    if not isinstance(x, Tensor):
        raise TypeError(f"For '{fn}', the input must be a Tensor, but got {type(x).__name__}")
    return x._t


def _result(t, async_op):
    out = _wrap(t)
    return (out, CommHandle()) if async_op else out


def all_reduce(tensor, op="sum", group=HCCL_WORLD_COMM_GROUP, async_op=False):
    """Reduce ``tensor`` over ``group`` with ``op`` (``'sum'``, ``'max'``, ``'min'``, ``'prod'``); returns the
    result (every rank gets it). Differentiable: the gradient is an all-reduce (sum)."""
    return _result(C.all_reduce(_tensor(tensor, "all_reduce"), op, _group(group, "all_reduce")), async_op)


def all_gather_into_tensor(tensor, group=HCCL_WORLD_COMM_GROUP, async_op=False):
    """Concatenate ``tensor`` of every rank along the first axis, in rank order."""
    return _result(C.all_gather(_tensor(tensor, "all_gather_into_tensor"),
                                _group(group, "all_gather_into_tensor")), async_op)


def reduce_scatter_tensor(tensor, op="sum", group=HCCL_WORLD_COMM_GROUP, async_op=False):
    """Reduce over ``group`` and return this rank's slice of the first axis."""
    return _result(C.reduce_scatter(_tensor(tensor, "reduce_scatter_tensor"), op,
                                    _group(group, "reduce_scatter_tensor")), async_op)


def broadcast(tensor, src=0, group=HCCL_WORLD_COMM_GROUP):
    """Return world rank ``src``'s ``tensor`` on every rank of ``group``."""
    return _wrap(C.broadcast(_tensor(tensor, "broadcast"), src, _group(group, "broadcast")))


def reduce(tensor, dst, op="sum", group=HCCL_WORLD_COMM_GROUP):
    """Reduce ``tensor`` onto world rank ``dst``; other ranks get a copy of their input."""
    return _wrap(C.reduce(_tensor(tensor, "reduce"), dst, op, _group(group, "reduce")))


def gather_into_tensor(tensor, dst=0, group=HCCL_WORLD_COMM_GROUP):
    """Concatenate ``tensor`` of every rank along the first axis onto world rank ``dst``; other ranks get
    a copy of their input."""
    t = _tensor(tensor, "gather_into_tensor")
    pg = _group(group, "gather_into_tensor")
    rank = dist.get_rank() if is_distributed() else 0
    if not is_distributed():
        return _wrap(t.clone())
    parts = [torch.empty_like(t) for _ in range(C.group_size(pg))] if rank == dst else None
    dist.gather(t.contiguous(), parts, dst=dst, group=pg)
    return _wrap(torch.cat(parts) if rank == dst else t.clone())


def scatter_tensor(tensor, src=0, group=HCCL_WORLD_COMM_GROUP):
    """Split world rank ``src``'s ``tensor`` along the first axis; rank ``i`` of ``group`` gets part ``i``."""
    t = _tensor(tensor, "scatter_tensor")
    pg = _group(group, "scatter_tensor")
    n = C.group_size(pg)
    if t.shape[0] % n:
        raise ValueError(f"For 'scatter_tensor', the first dimension ({t.shape[0]}) must be divisible by the "
                         f"group size ({n}).")
    if not is_distributed():
        return _wrap(t.clone())
    out = torch.empty_like(t.chunk(n)[0])
    parts = [c.contiguous() for c in t.chunk(n)] if dist.get_rank() == src else None
    dist.scatter(out, parts, src=src, group=pg)
    return _wrap(out)


def all_to_all_with_output_shape(output_shape_list, input_tensor_list, group=None, async_op=False):
    """Send ``input_tensor_list[i]`` to rank ``i`` and receive a tensor of ``output_shape_list[j]`` from
    rank ``j``; returns the received tensors."""
    pg = _group(group, "all_to_all_with_output_shape")
    ins = [_tensor(x, "all_to_all_with_output_shape").contiguous() for x in input_tensor_list]
    ref = ins[0]
    outs = [torch.empty(tuple(s), dtype=ref.dtype, device=ref.device) for s in output_shape_list]
    if is_distributed():
        dist.all_to_all(outs, ins, group=pg)
    else:
        outs = [x.clone() for x in ins]
    result = tuple(_wrap(o) for o in outs)
    return (result, CommHandle()) if async_op else result


def all_to_all_single_with_output_shape(output_shape, tensor, output_split_sizes=None, input_split_sizes=None,
                                        group=None, async_op=False):
    """Split ``tensor`` along the first axis (``input_split_sizes`` or equally), send part ``i`` to rank ``i``
    and concatenate what arrives into a tensor of ``output_shape``."""
    pg = _group(group, "all_to_all_single_with_output_shape")
    t = _tensor(tensor, "all_to_all_single_with_output_shape").contiguous()
    out = torch.empty(tuple(output_shape), dtype=t.dtype, device=t.device)
    if is_distributed():
        dist.all_to_all_single(out, t, output_split_sizes, input_split_sizes, group=pg)
    else:
        out = t.clone().reshape(tuple(output_shape))
    return _result(out, async_op)


def barrier(group=HCCL_WORLD_COMM_GROUP):
    """Wait until every rank of ``group`` arrives."""
    C.barrier(_group(group, "barrier"))


def send(tensor, dst=0, group=HCCL_WORLD_COMM_GROUP, tag=0):
    """Send ``tensor`` to world rank ``dst`` (blocking)."""
    C.send(_tensor(tensor, "send"), dst, _group(group, "send"), tag)


def recv(tensor, src=0, group=HCCL_WORLD_COMM_GROUP, tag=0):
    """Receive a tensor of ``tensor``'s shape and dtype from world rank ``src`` and return it."""
    t = _tensor(tensor, "recv")
    return _wrap(C.recv(torch.empty_like(t), src, _group(group, "recv"), tag))


def isend(tensor, dst=0, group=HCCL_WORLD_COMM_GROUP, tag=0):
    """Start sending ``tensor`` to world rank ``dst``; returns a handle with ``wait()``."""
    return dist.isend(_tensor(tensor, "isend").contiguous(), dst, group=_group(group, "isend"), tag=tag)


def irecv(tensor, src=0, group=HCCL_WORLD_COMM_GROUP, tag=0):
    """Start receiving from world rank ``src``; returns ``(handle, output)``: ``output`` is valid after
    ``handle.wait()``."""
    out = torch.empty_like(_tensor(tensor, "irecv"))
    return dist.irecv(out, src, group=_group(group, "irecv"), tag=tag), _wrap(out)


class P2POp:
    """One point-to-point operation of :func:`batch_isend_irecv`.

    Args:
        op (str): ``'isend'`` or ``'irecv'``. tensor (Tensor): what to send, or a Tensor of the shape
        to receive. peer (int): the world rank on the other side. group (str): the group. tag (int).
        recv_dtype: the received dtype (default: ``tensor``'s).
    """

    def __init__(self, op, tensor, peer, group=None, tag=0, recv_dtype=None):
        name = getattr(op, "__name__", op)
        if name not in ("isend", "irecv"):
            raise TypeError(f"For 'P2POp', the 'op' must be 'isend' or 'irecv', but got {op!r}")
        self.op, self.tensor, self.peer, self.group, self.tag, self.recv_dtype = name, tensor, peer, group, tag, \
            recv_dtype


def batch_isend_irecv(p2p_op_list):
    """Run the sends and receives of ``p2p_op_list`` together; returns the received Tensors, in order
    (a placeholder 0-d Tensor for each send)."""
    ops, outs = [], []
    for p in p2p_op_list:
        t = _tensor(p.tensor, "batch_isend_irecv")
        pg = _group(p.group, "batch_isend_irecv")
        if p.op == "isend":
            ops.append(dist.P2POp(dist.isend, t.contiguous(), p.peer, group=pg, tag=p.tag))
            outs.append(torch.zeros(()))
        else:
            from ..common import dtype as mstype
            dtype = t.dtype if p.recv_dtype is None else mstype.to_torch(p.recv_dtype)
            out = torch.empty(t.shape, dtype=dtype, device=t.device)
            ops.append(dist.P2POp(dist.irecv, out, p.peer, group=pg, tag=p.tag))
            outs.append(out)
    for work in dist.batch_isend_irecv(ops):
        work.wait()
    return tuple(_wrap(o) for o in outs)


def _get_all_to_all_single_numel_list(tensor_shape, output_shape, output_split_sizes, input_split_sizes, group):
    """``(send element counts, receive element counts, received part's shape without the first axis)`` of
    ``all_to_all_single``; missing split sizes split the first axis equally over the group. ``output_shape``
    is a shape or a Tensor."""
    if isinstance(output_shape, Tensor):
        output_shape = output_shape.shape
    if _is_split_sizes_empty(input_split_sizes):
        input_split_sizes = _equal_split(tensor_shape[0], group, "input")
    if _is_split_sizes_empty(output_split_sizes):
        output_split_sizes = _equal_split(output_shape[0], group, "output")
    send_row, recv_row = _get_size(tensor_shape[1:]), _get_size(output_shape[1:])
    return ([size * send_row for size in input_split_sizes], [size * recv_row for size in output_split_sizes],
            output_shape[1:])


def _equal_split(rows, group, name):
    world_size = get_cache_group_size(group)
    if rows % world_size != 0:
        raise ValueError(f"{name} shape at dim 0 must be divided by world_size, but got {rows} and {world_size}.")
    return (rows // world_size,) * world_size


def _all_to_all_single_numel_lists(tensor, output, output_split_sizes, input_split_sizes, group):
    """``_get_all_to_all_single_numel_list`` of ``ops.function.comm_func`` / ``mint.distributed``: from the input
    and output Tensors."""
    return _get_all_to_all_single_numel_list(tensor.shape, output, output_split_sizes, input_split_sizes, group)
