"""``mindspore.ops``' communication functions (``ops.all_reduce``, ``ops.init_process_group``, ...).

They are ``mint.distributed``'s functions (``communication._dist_api``), with MindSpore 2.10's
switch between in-place and out-of-place results: by default (``set_comm_ops_inplace(True)``)
``all_reduce(tensor)`` overwrites ``tensor`` and returns the handle (None unless ``async_op``);
after ``set_comm_ops_inplace(False)`` it leaves ``tensor`` alone and returns ``(result, handle)``.
"""
from ...communication import _dist_api as D
from ...communication.comm_func import _all_to_all_single_numel_lists as _get_all_to_all_single_numel_list  # noqa: F401
from ...communication.comm_func import (  # noqa: F401 - MindSpore's helpers of ops.function.comm_func
    _deal_comm_outputs,
    _deal_dist_comm_outputs,
    default_handle,
    get_cache_group_rank,
    get_cache_group_size,
)
from ...communication._wire import (  # noqa: F401 - MindSpore's helpers of ops.function.comm_func
    RestrictedUnpickler,
    _check_group_tensor_list,
    _check_tensor_list,
    _get_size,
    _is_split_sizes_empty,
    _object_to_tensor,
    _tensor_to_object,
    restricted_loads,
    safe_builtins,
)
from ...communication._dist_api import (  # noqa: F401
    P2POp,
    all_gather,
    all_gather_into_tensor_uneven,
    all_gather_object,
    all_to_all,
    all_to_all_single,
    barrier,
    batch_isend_irecv,
    broadcast_object_list,
    destroy_process_group,
    gather_object,
    get_backend,
    get_global_rank,
    get_group_rank,
    get_process_group_ranks,
    get_rank,
    get_world_size,
    init_process_group,
    irecv,
    is_available,
    is_initialized,
    isend,
    new_group,
    recv,
    recv_object_list,
    reduce_scatter,
    reduce_scatter_tensor_uneven,
    scatter_object_list,
    send,
    send_object_list,
)

__all__ = ["init_process_group", "destroy_process_group", "get_rank", "get_world_size", "new_group", "get_backend",
           "get_global_rank", "get_group_rank", "get_process_group_ranks", "is_available", "is_initialized",
           "P2POp", "batch_isend_irecv", "isend", "irecv", "send", "recv", "barrier", "all_gather",
           "reduce_scatter", "all_to_all", "all_to_all_single", "all_gather_object", "broadcast_object_list",
           "gather_object", "scatter_object_list", "send_object_list", "recv_object_list", "all_reduce",
           "all_gather_into_tensor", "reduce_scatter_tensor", "broadcast", "reduce", "gather_into_tensor",
           "scatter_tensor", "set_comm_ops_inplace", "all_gather_into_tensor_uneven", "reduce_scatter_tensor_uneven"]

_SWITCHED = ("all_reduce", "all_gather_into_tensor", "reduce_scatter_tensor", "broadcast", "reduce",
             "gather_into_tensor", "scatter_tensor")
_inplace = dict.fromkeys(_SWITCHED, True)
# The other functions MindSpore 2.10 lists as in place; here they always are.
_INPLACE_ONLY = ("all_gather_into_tensor_uneven", "all_to_all", "all_to_all_single", "reduce_scatter_tensor_uneven",
                 "isend", "irecv", "send", "recv", "gather", "scatter", "all_gather", "reduce_scatter", "barrier",
                 "batch_isend_irecv", "all_gather_object", "broadcast_object_list", "gather_object",
                 "scatter_object_list", "send_object_list", "recv_object_list", "all_to_all_v_c")


def set_comm_ops_inplace(is_enable, func_list=None):
    """Make the communication functions (all of them, or those named in ``func_list``) write their
    result into their tensor argument (True, the default) or return a new Tensor (False)."""
    if not isinstance(is_enable, bool):
        raise TypeError("For 'set_comm_ops_inplace', the argument 'is_enable' must be type of bool, "
                        f"but got 'is_enable' type : {type(is_enable)}.")
    if func_list is not None and not isinstance(func_list, list):
        raise TypeError(f"For 'set_comm_ops_inplace', the argument 'func_list' must be a list, but got {func_list!r}")
    for name in func_list if func_list is not None else _SWITCHED:
        if name not in _inplace:
            raise ValueError(f"For 'set_comm_ops_inplace', '{name}' is not one of {list(_SWITCHED)}.")
        _inplace[name] = is_enable


def _switched(name, run, target):
    """Run ``run(target)`` in place, or on a copy of ``target`` returned with the handle."""
    if _inplace[name]:
        return run(target)
    out = target.copy()
    handle = run(out)
    return out, handle


def all_reduce(tensor, op="sum", group=None, async_op=False):
    """Reduce ``tensor`` over ``group`` with ``op`` (``'avg'`` divides the sum by the group size)."""
    if op == "avg":
        def run(t):
            handle = D.all_reduce(t, "sum", group, async_op)
            if handle is not None:
                handle.wait()
            t._t.div_(D.get_world_size(group))
        return _switched("all_reduce", run, tensor)
    return _switched("all_reduce", lambda t: D.all_reduce(t, op, group, async_op), tensor)


def broadcast(tensor, src, group=None, async_op=False):
    """Every rank gets world rank ``src``'s ``tensor``."""
    return _switched("broadcast", lambda t: D.broadcast(t, src, group, async_op), tensor)


def reduce(tensor, dst, op="sum", group=None, async_op=False):
    """Reduce ``tensor`` onto world rank ``dst``."""
    D.check_args("reduce", (("tensor", tensor),), (("dst", dst),), op, group=group, async_op=async_op)
    return _switched("reduce", lambda t: D.reduce(t, dst, op, group, async_op), tensor)


def all_gather_into_tensor(output_tensor, input_tensor, group=None, async_op=False):
    """Concatenate ``input_tensor`` of every rank along the first axis into ``output_tensor``."""
    return _switched("all_gather_into_tensor", lambda t: D.all_gather_into_tensor(t, input_tensor, group, async_op),
                     output_tensor)


def reduce_scatter_tensor(output, input, op="sum", group=None, async_op=False):  # noqa: A002 - MindSpore's name
    """Reduce ``input`` over the ranks; this rank's slice of the first axis goes to ``output``."""
    D.check_args("reduce_scatter_tensor", (("input", input), ("output", output)), op=op, group=group,
                 async_op=async_op)
    D.check_scatter_shapes("reduce_scatter_tensor", output, input, group)
    return _switched("reduce_scatter_tensor", lambda t: D.reduce_scatter_tensor(t, input, op, group, async_op),
                     output)


def gather_into_tensor(output_tensor, input_tensor, dst=0, group=None, async_op=False):
    """Concatenate ``input_tensor`` of every rank along the first axis into ``output_tensor`` on world rank
    ``dst`` (other ranks' ``output_tensor`` is not written)."""
    return _switched("gather_into_tensor", lambda t: _gather_into(t, input_tensor, dst, group, async_op),
                     output_tensor)


def _gather_into(output_tensor, input_tensor, dst, group, async_op):
    """``gather_into_tensor`` writing into ``output_tensor``; the handle."""
    D.check_args("gather_into_tensor", (("input_tensor", input_tensor), ("output_tensor", output_tensor)),
                 (("dst", dst),), group=group, async_op=async_op)
    parts = list(output_tensor._t.chunk(D.get_world_size(group))) if D.get_rank() == dst else None
    return D.gather_tensors(input_tensor, parts, dst, group, async_op)


def scatter_tensor(output_tensor, input_tensor, src=0, group=None, async_op=False):
    """Split world rank ``src``'s ``input_tensor`` along the first axis; part ``i`` goes to rank ``i``'s
    ``output_tensor``."""
    return _switched("scatter_tensor", lambda t: _scatter_from(t, input_tensor, src, group, async_op), output_tensor)


def _scatter_from(output_tensor, input_tensor, src, group, async_op):
    """``scatter_tensor`` writing into ``output_tensor``; the handle."""
    D.check_args("scatter_tensor", (("input_tensor", input_tensor), ("output_tensor", output_tensor)),
                 (("src", src),), group=group, async_op=async_op)
    parts = list(input_tensor._t.chunk(D.get_world_size(group))) if D.get_rank() == src else None
    return D.scatter_tensors(output_tensor, parts, src, group, async_op)


def is_inplace_func(caller_name=None):
    """Whether the communication function ``caller_name`` writes its result in place (False for a name
    that MindSpore does not list)."""
    return _inplace.get(caller_name, caller_name in _INPLACE_ONLY)

