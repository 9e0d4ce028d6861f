"""The ``torch.distributed``-style API of ``mindspore.mint.distributed`` and ``mindspore.ops``
(``init_process_group``, ``all_reduce``, ...), on ``torch.distributed`` itself.

Collectives write into the Tensors they are given, as in PyTorch; ``group`` is a group name from
:func:`new_group` (None: the world) and ranks are world ranks. ``init_process_group`` joins a
launcher's job (``sporetorch msrun``, ``torchrun``); without a launcher it makes a group of one
process. The object collectives (``all_gather_object``, ``broadcast_object_list``, ...) pickle
Python objects and are not provided: sporetorch never unpickles data.

Differences from PyTorch: MindSpore's backend names (``'hccl'``, ``'nccl'``, ``'mccl'``) are accepted
and name the world group; the transport is gloo for CPU tensors and NCCL for CUDA tensors.
"""
import datetime
import itertools

import torch
import torch.distributed as dist

from ..common.tensor import Tensor
from . import _collectives as C
from . import management as M

__all__ = ["init_process_group", "destroy_process_group", "get_rank", "get_world_size", "new_group", "get_backend",
           "get_global_rank", "get_process_group_ranks", "get_group_rank", "all_reduce", "all_gather_into_tensor",
           "all_to_all", "all_to_all_single", "reduce_scatter_tensor", "all_gather_into_tensor_uneven",
           "reduce_scatter_tensor_uneven", "isend", "irecv", "send", "recv", "gather",
           "scatter", "all_gather", "reduce_scatter", "barrier", "broadcast", "reduce", "P2POp",
           "batch_isend_irecv", "all_gather_object", "broadcast_object_list", "gather_object",
           "scatter_object_list", "send_object_list", "recv_object_list", "is_available", "is_initialized"]

_names = itertools.count()


def is_available():
    """Whether distributed communication is available (always True)."""
    return True


def is_initialized():
    """Whether :func:`init_process_group` (or ``communication.init``) ran."""
    return M.is_distributed()


def init_process_group(backend="hccl", init_method=None, timeout=None, world_size=-1, rank=-1, store=None,
                       group_name="", pg_options=None, device_id=None):
    """Join the job a launcher started (or make a group of this process alone).

    Args:
        backend (str): ``'hccl'``, ``'nccl'`` or ``'mccl'``; names the world group. Default: ``'hccl'``.
        init_method (str): torch's rendezvous URL (``env://``, ``tcp://...``). Default: None (the
            launcher's environment).
        timeout (timedelta): collective timeout. world_size, rank (int): with ``init_method``.
        store: a torch Store. group_name, pg_options, device_id: accepted for compatibility.
    """
    if backend not in ("hccl", "nccl", "mccl"):
        raise ValueError(f"For 'init_process_group', the 'backend' must be 'hccl', 'nccl' or 'mccl', "
                         f"but got {backend!r}")
    if M.is_distributed():
        raise RuntimeError("For 'init_process_group', the process group is already initialized.")
    if init_method is None and store is None and not M.launched():
        if world_size not in (-1, 1) or rank not in (-1, 0):
            raise ValueError("For 'init_process_group', a process without a launcher is rank 0 of 1; start the "
                             "script with 'sporetorch msrun' (or pass init_method) for more processes.")
        store, world_size, rank = dist.HashStore(), 1, 0
    kwargs = {"timeout": timeout} if timeout is not None else {}
    if store is not None or init_method is not None:
        kwargs.update(init_method=init_method, store=store, world_size=world_size, rank=rank)
    if not M.launched() and timeout is None:
        kwargs["timeout"] = datetime.timedelta(minutes=30)
    dist.init_process_group(M._torch_backend(backend), **kwargs)
    M.init(backend)


def destroy_process_group(group=None):
    """Destroy ``group`` (a name from :func:`new_group`), or everything when None."""
    if group is None:
        M.release()
    else:
        M.destroy_group(group)


def _pg(group, fn):
    if not M.is_distributed():
        raise RuntimeError(f"For '{fn}', distributed communication has not been initialised: call init() or "
                           f"init_process_group() first.")
    return M.process_group(M.HCCL_WORLD_COMM_GROUP if group is None else group, fn)


_REDUCE_OPS = ("sum", "prod", "min", "max", "avg")


def check_args(fn, tensors=(), ints=(), op=None, ops=_REDUCE_OPS, group=None, async_op=False):
    """MindSpore's argument checks, made before it looks at the process group: TypeError for a non-Tensor
    in ``tensors``, a non-int in ``ints`` (``(name, value)`` pairs), an ``op`` not in ``ops``, a non-str
    ``group`` or a non-bool ``async_op``."""
    for name, value in tensors:
        if not isinstance(value, Tensor):
            raise TypeError(f"For '{fn}', the '{name}' must be a Tensor, but got {type(value).__name__}")
    for name, value in ints:
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"For '{fn}', the '{name}' must be an int, but got {type(value).__name__}")
    if op is not None and (not isinstance(op, str) or op not in ops):
        raise TypeError(f"For '{fn}', the 'op' must be one of {', '.join(ops)}, but got {op!r}")
    if group is not None and not isinstance(group, str):
        raise TypeError(f"For '{fn}', the 'group' must be a str, but got {type(group).__name__}")
    if not isinstance(async_op, bool):
        raise TypeError(f"For '{fn}', the 'async_op' must be a bool, but got {type(async_op).__name__}")


def check_scatter_shapes(fn, output, input, group=None, uneven=False):  # noqa: A002 - MindSpore's name
    """MindSpore's ValueError, before it looks at the process group, for an ``output`` of another dtype than
    ``input``, or (``uneven`` False) not ``input``'s share of the first axis (the group size is 1 before
    initialisation)."""
    o, i = output._t, input._t
    if o.dtype != i.dtype:
        raise ValueError(f"For '{fn}', 'output' and 'input' must have the same dtype, but got {output.dtype} "
                         f"and {input.dtype}")
    if uneven:
        return
    n = get_world_size(group) if M.is_distributed() else 1
    if o.dim() == 0 or i.dim() == 0 or i.shape[0] != o.shape[0] * n or i.shape[1:] != o.shape[1:]:
        raise ValueError(f"For '{fn}', the 'input' of shape {tuple(i.shape)} must be {n} times the 'output' of "
                         f"shape {tuple(o.shape)} along its first axis")


def _tensor_list(fn, name, value):
    """MindSpore's TypeError unless ``value`` is a list or tuple of Tensors of one dtype."""
    if not isinstance(value, (list, tuple)) or not all(isinstance(t, Tensor) for t in value):
        raise TypeError(f"For '{fn}', the '{name}' must be a list or tuple of Tensors, but got "
                        f"{type(value).__name__}")
    if len({t.dtype for t in value}) > 1:
        raise TypeError(f"For '{fn}', the Tensors of '{name}' must have one dtype, but got "
                        f"{[str(t.dtype) for t in value]}")


def _world(group):
    return M.HCCL_WORLD_COMM_GROUP if group is None else group


def get_rank(group=None):
    """This process's rank in ``group``; -1 before initialisation, as in PyTorch."""
    return M.get_rank(_world(group)) if M.is_distributed() else -1


def get_world_size(group=None):
    """The number of processes in ``group``; -1 before initialisation, as in PyTorch."""
    return M.get_group_size(_world(group)) if M.is_distributed() else -1


def new_group(ranks=None, timeout=None, backend=None, pg_options=None, use_local_synchronization=False,
              group_desc=None):
    """Create a group of the world ranks ``ranks`` (None: all) and return its name."""
    ranks = list(range(M.get_group_size())) if ranks is None else list(ranks)
    name = group_desc or f"mint_group_{next(_names)}_{'_'.join(map(str, sorted(ranks)))}"
    M.create_group(name, ranks)
    return name


def get_backend(group=None):
    """The backend name of ``group`` (``init_process_group``'s ``backend``)."""
    _pg(group, "get_backend")
    return M.GlobalComm.BACKEND


def get_global_rank(group, group_rank):
    """The world rank of ``group_rank`` in ``group``."""
    return M.get_world_rank_from_group_rank(_world(group), group_rank)


def get_group_rank(group, global_rank):
    """The rank in ``group`` of the world rank ``global_rank``."""
    return M.get_group_rank_from_world_rank(global_rank, _world(group))


def get_process_group_ranks(group=None):
    """The world ranks of ``group``."""
    return M.get_process_group_ranks(_world(group))


def _op(op, fn):
    return C.reduce_op(op, fn)


def _run(fn, async_op):
    """Call a torch collective; with ``async_op`` return its work handle (``wait()``), else None."""
    work = fn(async_op)
    if async_op:
        return work
    return None


def all_reduce(tensor, op="sum", group=None, async_op=False):
    """Reduce ``tensor`` in place over ``group`` with ``op``."""
    pg = _pg(group, "all_reduce")
    return _run(lambda a: dist.all_reduce(tensor._t, _op(op, "all_reduce"), group=pg, async_op=a), async_op)


def broadcast(tensor, src, group=None, async_op=False):
    """Overwrite ``tensor`` with world rank ``src``'s."""
    pg = _pg(group, "broadcast")
    return _run(lambda a: dist.broadcast(tensor._t, src, group=pg, async_op=a), async_op)


def reduce(tensor, dst, op="sum", group=None, async_op=False):
    """Reduce ``tensor`` onto world rank ``dst`` (in place there)."""
    pg = _pg(group, "reduce")
    return _run(lambda a: dist.reduce(tensor._t, dst, _op(op, "reduce"), group=pg, async_op=a), async_op)


def all_gather_into_tensor(output_tensor, input_tensor, group=None, async_op=False):
    """Write the inputs of every rank, concatenated along the first axis, into ``output_tensor``."""
    pg = _pg(group, "all_gather_into_tensor")
    return _run(lambda a: C.all_gather_single(output_tensor._t, input_tensor._t.contiguous(), group=pg,
                                              async_op=a), async_op)


def all_gather(tensor_list, tensor, group=None, async_op=False):
    """Write rank ``i``'s ``tensor`` into ``tensor_list[i]``."""
    pg = _pg(group, "all_gather")
    return _run(lambda a: dist.all_gather([t._t for t in tensor_list], tensor._t.contiguous(), group=pg,
                                          async_op=a), async_op)


def reduce_scatter_tensor(output, input, op="sum", group=None, async_op=False):  # noqa: A002 - MindSpore's name
    """Reduce ``input`` over the ranks and write this rank's slice of the first axis into ``output``."""
    pg = _pg(group, "reduce_scatter_tensor")
    return _run(lambda a: C.reduce_scatter_single(output._t, input._t.contiguous(), _op(op, "reduce_scatter"),
                                                  group=pg, async_op=a), async_op)


def _row_sizes(sizes, rows, n, fn):
    if sizes is None or len(sizes) == 0:
        if rows % n:
            raise ValueError(f"For '{fn}', without split sizes the first dimension ({rows}) must be divisible by "
                             f"the group size ({n}).")
        return [rows // n] * n
    sizes = [int(v) for v in sizes]
    if len(sizes) != n:
        raise ValueError(f"For '{fn}', the split sizes need one entry per rank ({n}), but got {sizes}")
    return sizes


def all_gather_into_tensor_uneven(output, input, output_split_sizes=None, group=None,  # noqa: A002
                                  async_op=False):
    """Concatenate the inputs of every rank along the first axis into ``output``, rank ``r`` giving
    ``output_split_sizes[r]`` rows (equal shares when None). Runs synchronously."""
    pg = _pg(group, "all_gather_into_tensor_uneven")
    n = C.group_size(pg)
    sizes = _row_sizes(output_split_sizes, output.shape[0], n, "all_gather_into_tensor_uneven")
    row = tuple(input._t.shape[1:])
    widest = max(sizes)
    padded = input._t.new_zeros((widest,) + row)
    padded[:input._t.shape[0]] = input._t
    gathered = padded.new_empty((n * widest,) + row)
    C.all_gather_single(gathered, padded, group=pg)
    output._t.copy_(torch.cat([gathered[r * widest:r * widest + s] for r, s in enumerate(sizes)]))
    return _Done() if async_op else None


def reduce_scatter_tensor_uneven(output, input, input_split_sizes=None, op="sum", group=None,  # noqa: A002
                                 async_op=False):
    """Reduce ``input`` over the ranks; rank ``r`` gets ``input_split_sizes[r]`` rows of the first axis
    (equal shares when None) in ``output``. Runs synchronously."""
    check_args("reduce_scatter_tensor_uneven", op=op, ops=("sum", "min", "max", "avg"), group=group,
               async_op=async_op)
    check_args("reduce_scatter_tensor_uneven", (("output", output), ("input", input)))
    check_scatter_shapes("reduce_scatter_tensor_uneven", output, input, uneven=True)
    pg = _pg(group, "reduce_scatter_tensor_uneven")
    n = C.group_size(pg)
    sizes = _row_sizes(input_split_sizes, input.shape[0], n, "reduce_scatter_tensor_uneven")
    total = input._t.contiguous().clone()
    dist.all_reduce(total, _op(op, "reduce_scatter_tensor_uneven"), group=pg)
    r = C.group_rank(pg)
    start = sum(sizes[:r])
    output._t.copy_(total[start:start + sizes[r]])
    return _Done() if async_op else None


class _Done:
    """The handle of work that finished before the call returned."""

    def wait(self):
        return True


def reduce_scatter(output, input_list, op="sum", group=None, async_op=False):
    """Reduce ``input_list[i]`` over the ranks into rank ``i``'s ``output``."""
    _tensor_list("reduce_scatter", "input_list", input_list)
    check_args("reduce_scatter", (("output", output),), op=op, group=group, async_op=async_op)
    pg = _pg(group, "reduce_scatter")
    return _run(lambda a: dist.reduce_scatter(output._t, [t._t.contiguous() for t in input_list],
                                              _op(op, "reduce_scatter"), group=pg, async_op=a), async_op)


def all_to_all(output_tensor_list, input_tensor_list, group=None, async_op=False):
    """Send ``input_tensor_list[i]`` to rank ``i``; receive rank ``j``'s into ``output_tensor_list[j]``."""
    pg = _pg(group, "all_to_all")
    return _run(lambda a: dist.all_to_all([t._t for t in output_tensor_list],
                                          [t._t.contiguous() for t in input_tensor_list], group=pg, async_op=a),
                async_op)


def all_to_all_single(output, input, output_split_sizes=None, input_split_sizes=None, group=None,  # noqa: A002
                      async_op=False):
    """Split ``input`` along the first axis, send part ``i`` to rank ``i``, gather what arrives in ``output``."""
    pg = _pg(group, "all_to_all_single")
    return _run(lambda a: dist.all_to_all_single(output._t, input._t.contiguous(), output_split_sizes,
                                                 input_split_sizes, group=pg, async_op=a), async_op)


def gather(tensor, gather_list, dst=0, group=None, async_op=False):
    """Gather every rank's ``tensor`` into ``gather_list`` on world rank ``dst``."""
    pg = _pg(group, "gather")
    lst = [t._t for t in gather_list] if gather_list else None
    return _run(lambda a: dist.gather(tensor._t.contiguous(), lst, dst=dst, group=pg, async_op=a), async_op)


def scatter(tensor, scatter_list, src=0, group=None, async_op=False):
    """Write ``scatter_list[i]`` of world rank ``src`` into rank ``i``'s ``tensor``."""
    pg = _pg(group, "scatter")
    lst = [t._t.contiguous() for t in scatter_list] if scatter_list else None
    return _run(lambda a: dist.scatter(tensor._t, lst, src=src, group=pg, async_op=a), async_op)


def barrier(group=None, async_op=False, device_ids=None):
    """Wait until every rank of ``group`` arrives."""
    pg = _pg(group, "barrier")
    return _run(lambda a: dist.barrier(group=pg, async_op=a), async_op)


def send(tensor, dst=0, group=None, tag=0):
    """Send ``tensor`` to world rank ``dst`` (blocking)."""
    dist.send(tensor._t.contiguous(), dst, group=_pg(group, "send"), tag=tag)


def recv(tensor, src=0, group=None, tag=0):
    """Receive into ``tensor`` from world rank ``src`` (blocking); returns the sender's rank."""
    return dist.recv(tensor._t, src, group=_pg(group, "recv"), tag=tag)


def isend(tensor, dst=0, group=None, tag=0):
    """Start sending ``tensor`` to world rank ``dst``; returns a handle with ``wait()``."""
    return dist.isend(tensor._t.contiguous(), dst, group=_pg(group, "isend"), tag=tag)


def irecv(tensor, src=0, group=None, tag=0):
    """Start receiving into ``tensor`` from world rank ``src``; returns a handle with ``wait()``."""
    return dist.irecv(tensor._t, src, group=_pg(group, "irecv"), tag=tag)


class P2POp:
    """A send or receive for :func:`batch_isend_irecv`: ``op`` is ``isend``/``irecv`` (or their names)."""

    def __init__(self, op, tensor, peer, group=None, tag=0):
        name = getattr(op, "__name__", op)
        if name not in ("isend", "irecv"):
            raise TypeError(f"For 'P2POp', the 'op' must be isend or irecv, but got {op!r}")
        self.op, self.tensor, self.peer, self.group, self.tag = name, tensor, peer, group, tag


def batch_isend_irecv(p2p_op_list):
    """Start the operations of ``p2p_op_list`` together; returns their handles."""
    ops = [dist.P2POp(dist.isend if p.op == "isend" else dist.irecv, p.tensor._t, p.peer,
                      group=_pg(p.group, "batch_isend_irecv"), tag=p.tag) for p in p2p_op_list]
    return dist.batch_isend_irecv(ops)


def _no_pickle(name):
    return NotImplementedError(f"mint.distributed.{name} sends pickled Python objects, and sporetorch never "
                               "unpickles data; send Tensors (broadcast, all_gather, send/recv) instead.")


def _object_list(fn, name, value):
    if not isinstance(value, list) or not value:
        raise TypeError(f"For '{fn}', the '{name}' must be a non-empty list, but got {value!r}")


# The object collectives pickle Python objects and are not provided. They check their arguments (and the
# process group) as MindSpore does first, so that a wrong call fails the same way.
def all_gather_object(object_list, obj, group=None):
    """Not provided: pickles Python objects (NotImplementedError)."""
    raise _no_pickle("all_gather_object")


def broadcast_object_list(object_list, src=0, group=None, device=None):
    """Not provided: pickles Python objects (NotImplementedError, after MindSpore's argument checks)."""
    check_args("broadcast_object_list", ints=(("src", src),), group=group)
    _object_list("broadcast_object_list", "object_list", object_list)
    _pg(group, "broadcast_object_list")
    raise _no_pickle("broadcast_object_list")


def gather_object(obj, object_gather_list=None, dst=0, group=None):
    """Not provided: pickles Python objects (NotImplementedError, after MindSpore's argument checks)."""
    check_args("gather_object", ints=(("dst", dst),), group=group)
    _pg(group, "gather_object")
    raise _no_pickle("gather_object")


def scatter_object_list(scatter_object_output_list, scatter_object_input_list, src=0, group=None):
    """Not provided: pickles Python objects (NotImplementedError, after MindSpore's argument checks)."""
    check_args("scatter_object_list", group=group)
    _object_list("scatter_object_list", "scatter_object_output_list", scatter_object_output_list)
    check_args("scatter_object_list", ints=(("src", src),))
    _pg(group, "scatter_object_list")
    raise _no_pickle("scatter_object_list")


def send_object_list(object_list, dst, group=None, device=None):
    """Not provided: pickles Python objects (NotImplementedError)."""
    raise _no_pickle("send_object_list")


def recv_object_list(object_list, src=0, group=None, device=None):
    """Not provided: pickles Python objects (NotImplementedError)."""
    raise _no_pickle("recv_object_list")


def gather_tensors(tensor, parts, dst, group, async_op):
    """``dist.gather`` of ``tensor`` into the torch tensors ``parts`` (on ``dst``; None elsewhere)."""
    pg = _pg(group, "gather_into_tensor")
    return _run(lambda a: dist.gather(tensor._t.contiguous(), parts, dst=dst, group=pg, async_op=a), async_op)


def scatter_tensors(tensor, parts, src, group, async_op):
    """``dist.scatter`` of the torch tensors ``parts`` (on ``src``; None elsewhere) into ``tensor``."""
    pg = _pg(group, "scatter_tensor")
    parts = [p.contiguous() for p in parts] if parts is not None else None
    return _run(lambda a: dist.scatter(tensor._t, parts, src=src, group=pg, async_op=a), async_op)
