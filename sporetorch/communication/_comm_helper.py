"""``mindspore.communication._comm_helper``: MindSpore 2.10's helpers behind ``communication.management``.

The ``*_helper`` functions answer from :mod:`.management` (process groups on ``torch.distributed``). As in
MindSpore, every helper but the rank/size ones refuses to run before ``init()``; before ``init()`` the rank
and size helpers answer the launcher's environment (``RANK_ID``, ``RANK_SIZE``, ``LOCAL_RANK``,
``LOCAL_RANK_SIZE``; defaults 0 and 1). ``_ExistingGroup`` records the groups the helpers created.
"""
import functools
import os

import torch.distributed as dist

from . import management as M
from .management import GlobalComm


class Backend:
    """MindSpore's backend names: ``Backend(name)`` is the lower-case name of a known backend."""

    UNDEFINED = "undefined"
    HCCL = "hccl"
    NCCL = "nccl"
    MCCL = "mccl"

    def __new__(cls, name):
        if not isinstance(name, str):
            raise TypeError(f"For 'Backend', the class variable 'name' must be a string, but got the type : {type(name)}")
        value = getattr(Backend, name.upper(), Backend.UNDEFINED)
        if value == Backend.UNDEFINED:
            raise ValueError(f"For 'Backend', the class variable 'name' {name} is not supported, please use hccl or nccl.")
        return value


class _ExistingGroup:
    """The groups created through the helpers: name -> world ranks, and name -> {world rank: group rank}."""

    ITEMS = {}
    GROUP_RANKS = {}


# The helpers that answer before ``init()`` (rank 0 of 1, or the launcher's environment).
_STANDALONE_OK = ("_get_rank_helper", "_get_local_rank_helper", "_get_size_helper", "_get_local_size_helper")


def check_parameter_available(func):
    """Decorate a helper: RuntimeError before ``init()`` (except the rank/size helpers); a non-str ``group``
    keyword is a TypeError."""
    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        if not GlobalComm.INITED and func.__name__ not in _STANDALONE_OK:
            raise RuntimeError("Distributed Communication has not been inited.You can't invoke this interface yet. "
                               "Please call `init()` method first.")
        group = kwargs.get("group")
        if group is not None and not isinstance(group, str):
            raise TypeError(f"The parameter 'group' should be str or None, but got the type : {type(group)}")
        return func(*args, **kwargs)
    return wrapper


def _check_bypass_rank_id_and_size():
    """Whether this process is MindSpore's scheduler node (rank 0 of 1 without asking the collectives)."""
    return os.getenv("MS_ROLE") == "MS_SCHED"


def _check_mpi_envs():
    """Whether OpenMPI's launcher variables are set."""
    return bool(os.getenv("OMPI_COMMAND") and os.getenv("PMIX_RANK"))


def _get_backend():
    return GlobalComm.BACKEND


def _is_available():
    """Distributed communication is always available (as in MindSpore)."""
    return True


def _is_initialized():
    return GlobalComm.INITED


def _is_mpi_available():
    """MindSpore's MPI collective library is not part of sporetorch."""
    return False


def _is_nccl_available():
    """Whether this torch build has NCCL."""
    return dist.is_available() and dist.is_nccl_available()


def _standalone(env, default, query, group):
    if _check_bypass_rank_id_and_size():
        return default
    if not GlobalComm.INITED:
        return int(os.getenv(env, str(default)))
    return query(group)


@check_parameter_available
def _get_rank_helper(group):
    return _standalone("RANK_ID", 0, M.get_rank, group)


@check_parameter_available
def _get_size_helper(group):
    return _standalone("RANK_SIZE", 1, M.get_group_size, group)


@check_parameter_available
def _get_local_rank_helper(group):
    return _standalone("LOCAL_RANK", 0, M.get_local_rank, group)


@check_parameter_available
def _get_local_size_helper(group):
    return _standalone("LOCAL_RANK_SIZE", 1, M.get_local_rank_size, group)


@check_parameter_available
def _get_world_rank_from_group_rank_helper(group, group_rank_id):
    if not isinstance(group_rank_id, int):
        raise TypeError("For 'get_world_rank_from_group_rank', the argument 'group_rank_id' must be type of int, "
                        f"but got 'group_rank_id' type : {type(group_rank_id)}.")
    return M.get_world_rank_from_group_rank(group, group_rank_id)


@check_parameter_available
def _get_group_rank_from_world_rank_helper(world_rank_id, group):
    if not isinstance(world_rank_id, int):
        raise TypeError("For 'get_group_rank_from_world_rank', the argument 'world_rank_id' must be type of int, "
                        f"but got 'world_rank_id' type : {type(world_rank_id)}.")
    return M.get_group_rank_from_world_rank(world_rank_id, group)


@check_parameter_available
def _get_group_rank_from_world_rank_from_cache_helper(world_rank_id, group):
    """The group rank of ``world_rank_id`` from the ranks recorded when ``group`` was created."""
    fn = "get_group_rank_from_world_rank_from_cache"
    if not isinstance(world_rank_id, int):
        raise TypeError(f"For '{fn}', the argument 'world_rank_id' must be type of int, but got 'world_rank_id' "
                        f"type : {type(world_rank_id)}.")
    if group == GlobalComm.WORLD_COMM_GROUP:
        return world_rank_id
    if group not in _ExistingGroup.GROUP_RANKS:
        raise KeyError(f"For '{fn}', the argument 'group' is not found in GROUP_RANKS, 'group' : {group}, "
                       f"'world_rank_id' : {world_rank_id}")
    if world_rank_id not in _ExistingGroup.GROUP_RANKS[group]:
        raise KeyError(f"For '{fn}', the argument 'world_rank_id' is not found in GROUP_RANKS, 'group' : {group}, "
                       f"'world_rank_id' : {world_rank_id}")
    return _ExistingGroup.GROUP_RANKS[group][world_rank_id]


@check_parameter_available
def _create_group_helper(group, rank_ids, options=None):
    """``create_group(group, rank_ids)``, recorded in :class:`_ExistingGroup` (again with the same ranks: a no-op)."""
    if group in _ExistingGroup.ITEMS:
        if rank_ids != _ExistingGroup.ITEMS[group]:
            raise ValueError(f"The group {group} has been created, the rank_list is {_ExistingGroup.ITEMS[group]}, "
                             f"but current rank_list for the group is {rank_ids}")
        return
    if not isinstance(rank_ids, list):
        raise TypeError("For 'create_group', the argument 'rank_ids' must be type of list, but got 'rank_ids' type "
                        f": {type(rank_ids)}.")
    if len(rank_ids) < 1:
        raise ValueError("For 'create_group', the argument 'rank_ids' size should be greater than 1, but got "
                         f"'rank_ids' size : {len(rank_ids)}.")
    if len(set(rank_ids)) != len(rank_ids):
        raise ValueError(f"List rank_ids in Group {group} has duplicate data!")
    M.create_group(group, rank_ids, options)
    _ExistingGroup.ITEMS[group] = rank_ids
    _ExistingGroup.GROUP_RANKS[group] = {world: rank for rank, world in enumerate(sorted(rank_ids))}


@check_parameter_available
def _destroy_group_helper(group):
    if group == GlobalComm.WORLD_COMM_GROUP:
        raise ValueError("The world_group does not support destruction.")
    M.destroy_group(group)
    _ExistingGroup.ITEMS.pop(group, None)
    _ExistingGroup.GROUP_RANKS.pop(group, None)


@check_parameter_available
def _get_group_ranks(group):
    return M.get_process_group_ranks(group)


@check_parameter_available
def _get_comm_name_helper(group):
    return M.get_comm_name(group)


def _get_group_map():
    """The groups created through the helpers: name -> world ranks."""
    return dict(_ExistingGroup.ITEMS)


def _remove_group_info(group_name):
    """Forget a group destroyed by the user."""
    _ExistingGroup.ITEMS.pop(group_name, None)
    _ExistingGroup.GROUP_RANKS.pop(group_name, None)


def _set_elegant_exit_handle():
    """MindSpore's hook for a graceful exit of the collectives; nothing to set here."""


def _wait_all_comm_init():
    """Groups are ready when created here; True."""
    return True
