"""Collectives on torch tensors, differentiable as MindSpore 2.10 differentiates them.

One ``torch.autograd.Function`` per collective; its backward is the collective MindSpore's bprop
uses (AllReduce's gradient is an AllReduce, AllGather's a ReduceScatter, ReduceScatter's an
AllGather, AlltoAll's the AlltoAll with the split and concat axes swapped, Reduce's a Broadcast
from the root, ...). Without ``torch.distributed`` every group has one rank and each collective
computes what it computes on one rank (a copy of its input).
The Primitives (``ops.AllReduce``, ...), ``communication.comm_func`` and ``mint.distributed``
all call these functions.
"""
import torch
import torch.distributed as dist

from .management import is_distributed, process_group

_TORCH_OPS = {"sum": "SUM", "max": "MAX", "min": "MIN", "prod": "PRODUCT"}
# Gathering into and reduce-scattering from one flat tensor: torch 2.13 names these ``*_single``
# and deprecates the older names, which are all that torch 2.11 has.
all_gather_single = getattr(dist, "all_gather_single", None) or dist.all_gather_into_tensor
reduce_scatter_single = getattr(dist, "reduce_scatter_single", None) or dist.reduce_scatter_tensor


def reduce_op(op, fn):
    """torch's ReduceOp for MindSpore's op name (``'sum'``, ``'max'``, ``'min'``, ``'prod'``)."""
    if op not in _TORCH_OPS:
        raise ValueError(f"For '{fn}', the argument 'op' must be one of {list(_TORCH_OPS)}, but got {op!r}")
    return getattr(dist.ReduceOp, _TORCH_OPS[op])


def group_size(pg):
    return dist.get_world_size(pg) if is_distributed() else 1


def group_rank(pg):
    return dist.get_rank(pg) if is_distributed() else 0


def resolve(group, fn):
    return process_group(group, fn)


class _AllReduce(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, op, pg):
        out = x.contiguous().clone()
        if is_distributed():
            dist.all_reduce(out, reduce_op(op, "AllReduce"), group=pg)
        ctx.op, ctx.pg = op, pg
        if op != "sum":
            ctx.save_for_backward(x, out)
        return out

    @staticmethod
    def backward(ctx, dout):
        dx = _AllReduce.apply(dout * ctx.saved_tensors[1] if ctx.op == "prod" else dout, "sum", ctx.pg)
        if ctx.op == "prod":
            dx = dx / ctx.saved_tensors[0]
        elif ctx.op != "sum":
            x, out = ctx.saved_tensors
            dx = dx * (x == out).to(dx.dtype)
        return dx, None, None


def all_reduce(x, op="sum", pg=None):
    """Reduce ``x`` over the ranks of ``pg`` with ``op``; every rank gets the result."""
    return _AllReduce.apply(x, op, pg)


def _gather_raw(x, pg):
    n = group_size(pg)
    if n == 1:
        return x.contiguous().clone()
    out = x.new_empty((n * x.shape[0],) + tuple(x.shape[1:]))
    all_gather_single(out, x.contiguous(), group=pg)
    return out


def _reduce_scatter_raw(x, op, pg):
    n = group_size(pg)
    if x.shape[0] % n:
        raise ValueError(f"For 'ReduceScatter', the first dimension of the input ({x.shape[0]}) must be divisible "
                         f"by the group size ({n}), but got shape {tuple(x.shape)}")
    if n == 1:
        return x.contiguous().clone()
    out = x.new_empty((x.shape[0] // n,) + tuple(x.shape[1:]))
    reduce_scatter_single(out, x.contiguous(), reduce_op(op, "ReduceScatter"), group=pg)
    return out


class _AllGather(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, pg):
        ctx.pg = pg
        return _gather_raw(x, pg)

    @staticmethod
    def backward(ctx, dout):
        return _ReduceScatter.apply(dout, "sum", ctx.pg), None


class _ReduceScatter(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, op, pg):
        ctx.pg, ctx.op = pg, op
        return _reduce_scatter_raw(x, op, pg)

    @staticmethod
    def backward(ctx, dout):
        if ctx.op != "sum":
            raise RuntimeError(f"ReduceScatter's gradient is defined for op 'sum' only, but the op is '{ctx.op}'.")
        return _AllGather.apply(dout, ctx.pg), None, None


def all_gather(x, pg=None):
    """Concatenate ``x`` of every rank of ``pg`` along the first axis (in rank order)."""
    return _AllGather.apply(x, pg)


def reduce_scatter(x, op="sum", pg=None):
    """Reduce over the ranks, then give rank ``i`` the ``i``-th slice of the first axis."""
    return _ReduceScatter.apply(x, op, pg)


class _Broadcast(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, root, pg):
        out = x.contiguous().clone()
        if is_distributed():
            dist.broadcast(out, root, group=pg)
        return out

    @staticmethod
    def backward(ctx, dout):
        return dout, None, None  # MindSpore's bprop passes the gradient through


def broadcast(x, root, pg=None):
    """Every rank of ``pg`` gets the ``x`` of world rank ``root`` (ranks are world ranks, as in MindSpore)."""
    return _Broadcast.apply(x, root, pg)


class _Reduce(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, dest, op, pg):
        out = x.contiguous().clone()
        if is_distributed():
            dist.reduce(out, dest, reduce_op(op, "Reduce"), group=pg)
            if dist.get_rank() != dest:  # torch leaves partial sums there
                out = x.contiguous().clone()
        ctx.dest, ctx.pg = dest, pg
        return out

    @staticmethod
    def backward(ctx, dout):
        return _Broadcast.apply(dout, ctx.dest, ctx.pg), None, None, None


def reduce(x, dest, op="sum", pg=None):
    """Reduce ``x`` onto world rank ``dest`` (other ranks keep a copy of their input)."""
    return _Reduce.apply(x, dest, op, pg)


def _all_to_all_raw(x, split_count, split_dim, concat_dim, pg):
    n = group_size(pg)
    if split_count != n:
        raise ValueError(f"For 'AlltoAll', 'split_count' ({split_count}) must equal the group size ({n}).")
    if x.shape[split_dim] % n:
        raise ValueError(f"For 'AlltoAll', the dimension {split_dim} of the input ({x.shape[split_dim]}) must be "
                         f"divisible by 'split_count' ({n}), but got shape {tuple(x.shape)}")
    chunks = [c.contiguous() for c in x.chunk(n, dim=split_dim)]
    if n == 1:
        return torch.cat(chunks, dim=concat_dim)
    outs = [torch.empty_like(c) for c in chunks]
    dist.all_to_all(outs, chunks, group=pg)
    return torch.cat(outs, dim=concat_dim)


class _AlltoAll(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, split_count, split_dim, concat_dim, pg):
        ctx.args = (split_count, concat_dim, split_dim, pg)
        return _all_to_all_raw(x, split_count, split_dim, concat_dim, pg)

    @staticmethod
    def backward(ctx, dout):
        return _AlltoAll.apply(dout, *ctx.args), None, None, None, None


def all_to_all(x, split_count, split_dim, concat_dim, pg=None):
    """Split ``x`` into ``split_count`` blocks along ``split_dim``, send block ``i`` to rank ``i`` and
    concatenate the received blocks along ``concat_dim``."""
    return _AlltoAll.apply(x, split_count, split_dim, concat_dim, pg)


def send(x, dest, pg=None, tag=0):
    """Send ``x`` to world rank ``dest`` (blocking)."""
    if not is_distributed():
        raise RuntimeError("Send needs a second process; start the script with 'sporetorch msrun' and call init().")
    dist.send(x.contiguous(), dest, group=pg, tag=tag)


def recv(out, src, pg=None, tag=0):
    """Receive into ``out`` from world rank ``src`` (blocking)."""
    if not is_distributed():
        raise RuntimeError("Receive needs a second process; start the script with 'sporetorch msrun' and call init().")
    dist.recv(out, src, group=pg, tag=tag)
    return out


def barrier(pg=None):
    """Wait until every rank of ``pg`` arrives."""
    if is_distributed():
        dist.barrier(group=pg)


def neighbor_exchange(inputs, send_ranks, recv_ranks, recv_shapes, dtype, pg=None):
    """Send ``inputs[i]`` to ``send_ranks[i]`` and receive a ``recv_shapes[j]`` tensor from ``recv_ranks[j]``."""
    if not is_distributed():
        if send_ranks or recv_ranks:
            raise RuntimeError("NeighborExchange needs other processes; start the script with 'sporetorch msrun'.")
        return ()
    ops = [dist.P2POp(dist.isend, t.contiguous(), r, group=pg) for t, r in zip(inputs, send_ranks)]
    outs = [torch.empty(tuple(s), dtype=dtype, device=inputs[0].device if inputs else None) for s in recv_shapes]
    ops += [dist.P2POp(dist.irecv, o, r, group=pg) for o, r in zip(outs, recv_ranks)]
    if ops:
        for work in dist.batch_isend_irecv(ops):
            work.wait()
    return tuple(outs)


class _NeighborExchange(torch.autograd.Function):
    @staticmethod
    def forward(ctx, send_ranks, recv_ranks, recv_shapes, send_shapes, dtype, pg, *inputs):
        ctx.args = (recv_ranks, send_ranks, send_shapes, recv_shapes, pg)
        ctx.dtypes = [t.dtype for t in inputs]
        return neighbor_exchange(inputs, send_ranks, recv_ranks, recv_shapes, dtype, pg)

    @staticmethod
    def backward(ctx, *douts):
        send_ranks, recv_ranks, recv_shapes, send_shapes, pg = ctx.args
        dtype = ctx.dtypes[0] if ctx.dtypes else torch.float32
        douts = [d if d is not None else torch.zeros(tuple(s), dtype=dtype) for d, s in zip(douts, send_shapes)]
        dx = neighbor_exchange(douts, send_ranks, recv_ranks, recv_shapes, dtype, pg)
        return (None,) * 6 + tuple(dx)


def neighbor_exchange_differentiable(inputs, send_ranks, recv_ranks, recv_shapes, send_shapes, dtype, pg=None):
    return _NeighborExchange.apply(send_ranks, recv_ranks, recv_shapes, send_shapes, dtype, pg, *inputs)


def _sizes(sizes, fn, n):
    sizes = [int(s) for s in (sizes.tolist() if hasattr(sizes, "tolist") else sizes)]
    if len(sizes) != n:
        raise ValueError(f"For '{fn}', the split sizes need one entry per rank ({n}), but got {sizes}")
    return sizes


def _all_gather_v_raw(x, sizes, pg):
    n = group_size(pg)
    if n == 1:
        return x.reshape(-1).clone()
    widest = max(sizes)
    padded = torch.zeros(widest, dtype=x.dtype, device=x.device)
    padded[:x.numel()] = x.reshape(-1)
    out = padded.new_empty(n * widest)
    all_gather_single(out, padded, group=pg)
    return torch.cat([out[r * widest:r * widest + s] for r, s in enumerate(sizes)])


def _reduce_scatter_v_raw(x, sizes, op, pg):
    total = x.reshape(-1).clone()
    if is_distributed():
        dist.all_reduce(total, reduce_op(op, "ReduceScatterV"), group=pg)
    r = group_rank(pg)
    start = sum(sizes[:r])
    return total[start:start + sizes[r]].clone()


class _AllGatherV(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, sizes, pg):
        ctx.sizes, ctx.pg = sizes, pg
        return _all_gather_v_raw(x, sizes, pg)

    @staticmethod
    def backward(ctx, dout):
        return _ReduceScatterV.apply(dout, ctx.sizes, "sum", ctx.pg), None, None


class _ReduceScatterV(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, sizes, op, pg):
        ctx.sizes, ctx.pg, ctx.op = sizes, pg, op
        return _reduce_scatter_v_raw(x, sizes, op, pg)

    @staticmethod
    def backward(ctx, dout):
        if ctx.op != "sum":
            raise RuntimeError(f"ReduceScatterV's gradient is defined for op 'sum' only, but the op is '{ctx.op}'.")
        return _AllGatherV.apply(dout, ctx.sizes, ctx.pg), None, None, None


def all_gather_v(x, output_split_sizes, pg=None):
    """Concatenate the 1-D inputs of every rank, rank ``r`` contributing ``output_split_sizes[r]`` elements."""
    return _AllGatherV.apply(x, _sizes(output_split_sizes, "AllGatherV", group_size(pg)), pg)


def reduce_scatter_v(x, input_split_sizes, op="sum", pg=None):
    """Reduce the 1-D input over the ranks; rank ``r`` gets its ``input_split_sizes[r]`` elements."""
    return _ReduceScatterV.apply(x, _sizes(input_split_sizes, "ReduceScatterV", group_size(pg)), op, pg)


class _AlltoAllV(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, send, recv, pg):
        ctx.args = (recv, send, pg)
        flat = x.reshape(-1).contiguous()
        if not is_distributed():
            return flat.clone()
        out = flat.new_empty(sum(recv))
        dist.all_to_all_single(out, flat, recv, send, group=pg)
        return out

    @staticmethod
    def backward(ctx, dout):
        return _AlltoAllV.apply(dout, *ctx.args), None, None, None


def all_to_all_v(x, send_numel_list, recv_numel_list, block_size=1, pg=None):
    """Send ``send_numel_list[r] * block_size`` elements of the 1-D input to rank ``r`` and concatenate the
    ``recv_numel_list[r] * block_size`` elements received from each rank."""
    n = group_size(pg)
    send = [s * block_size for s in _sizes(send_numel_list, "AlltoAllV", n)]
    recv = [s * block_size for s in _sizes(recv_numel_list, "AlltoAllV", n)]
    return _AlltoAllV.apply(x, send, recv, pg)
