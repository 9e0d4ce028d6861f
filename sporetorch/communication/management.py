"""``mindspore.communication.management``: process groups on ``torch.distributed``.

``init()`` joins the job that started this process: ``sporetorch msrun``, ``torchrun`` or any launcher
that sets torch's ``env://`` variables (``RANK``, ``WORLD_SIZE``, ``MASTER_ADDR``, ``MASTER_PORT``).
The collectives then run on gloo for CPU tensors and NCCL for CUDA tensors; MindSpore's backend
names (``hccl``, ``nccl``, ``mccl``) choose the name of the world group, not the transport.
A process started without a launcher is rank 0 of a group of 1, as in MindSpore 2.10 before ``init``.

Groups are named, as in MindSpore: the three world-group names all denote the world, and
``create_group(name, rank_ids)`` makes a torch sub-group that only its members need to create.
"""
import datetime
import os

import torch
import torch.distributed as dist

HCCL_WORLD_COMM_GROUP = "hccl_world_group"
NCCL_WORLD_COMM_GROUP = "nccl_world_group"
MCCL_WORLD_COMM_GROUP = "mccl_world_group"
_WORLD_NAMES = (HCCL_WORLD_COMM_GROUP, NCCL_WORLD_COMM_GROUP, MCCL_WORLD_COMM_GROUP)
_BACKENDS = {"hccl": HCCL_WORLD_COMM_GROUP, "nccl": NCCL_WORLD_COMM_GROUP, "mccl": MCCL_WORLD_COMM_GROUP}

__all__ = [
    "GlobalComm", "HCCL_WORLD_COMM_GROUP", "NCCL_WORLD_COMM_GROUP", "MCCL_WORLD_COMM_GROUP", "init", "release",
    "get_rank", "get_local_rank", "get_group_size", "get_local_rank_size", "get_world_rank_from_group_rank",
    "get_group_rank_from_world_rank", "get_process_group_ranks", "create_group", "destroy_group", "get_comm_name",
]


class GlobalComm:
    """The backend name, the world group's name and whether ``init`` ran."""

    BACKEND = "hccl"
    WORLD_COMM_GROUP = HCCL_WORLD_COMM_GROUP
    INITED = False


# name -> (torch ProcessGroup or None for a group this rank is not in, world ranks in group order)
_groups = {}


def _check_group(group, fn):
    if not isinstance(group, str):
        raise TypeError(f"For '{fn}', the argument 'group' must be a str, but got {type(group).__name__}")


def _check_int(value, name, fn):
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"For '{fn}', the argument '{name}' must be an int, but got {type(value).__name__}")


def is_distributed():
    """Whether ``torch.distributed`` runs a process group (by ``init`` or by the user's own code)."""
    return dist.is_available() and dist.is_initialized()


def launched():
    """Whether a launcher set torch's ``env://`` variables for this process."""
    return all(k in os.environ for k in ("RANK", "WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT"))


def is_world(group):
    return group in _WORLD_NAMES


def process_group(group, fn):
    """The torch ProcessGroup for ``group`` (None: the default group) or a ValueError naming ``fn``."""
    _check_group(group, fn)
    if is_world(group):
        return None
    if group not in _groups:
        raise ValueError(f"For '{fn}', the group '{group}' does not exist; create it with create_group first.")
    pg = _groups[group][0]
    if pg is None:
        raise ValueError(f"For '{fn}', rank {get_rank()} is not a member of the group '{group}' "
                         f"(ranks {_groups[group][1]}).")
    return pg


def _torch_backend(backend_name):
    if not torch.cuda.is_available():
        if backend_name == "nccl":
            raise RuntimeError("For 'init', backend 'nccl' needs CUDA, but torch sees no GPU; "
                               "use init() or init('mccl') to communicate on the CPU (gloo).")
        return "gloo"
    return "cpu:gloo,cuda:nccl"


def init(backend_name=None):
    """Initialise collective communication for this process.

    Args:
        backend_name (str): ``"hccl"``, ``"nccl"``, ``"mccl"`` or None (``"nccl"`` with a GPU,
            ``"mccl"`` on the CPU). Default: None.

    Under a launcher (``sporetorch msrun``, ``torchrun``) this joins its process group:
    gloo for CPU tensors, and NCCL for CUDA tensors when torch sees a GPU (each process then
    uses the GPU of its local rank). Without a launcher the process is rank 0 of a group of 1.

    Differences from PyTorch: MindSpore's backend names select the world group's name
    (``hccl_world_group``, ...); the transport is chosen by the tensors' device.
    """
    if backend_name not in (None, "hccl", "nccl", "mccl"):
        raise ValueError(f"For 'init', the argument 'backend_name' must be one of ['hccl', 'nccl', 'mccl'] "
                         f"or None, but got {backend_name!r}")
    if not is_distributed() and launched():
        backend = _torch_backend(backend_name)
        if torch.cuda.is_available():
            torch.cuda.set_device(int(os.environ.get("LOCAL_RANK", "0")) % torch.cuda.device_count())
        timeout = int(os.environ.get("MS_TOPO_TIMEOUT", "600"))
        dist.init_process_group(backend, timeout=datetime.timedelta(seconds=timeout if timeout > 0 else 86400 * 365))
    if backend_name is None:
        backend_name = "nccl" if torch.cuda.is_available() and is_distributed() else "mccl"
    GlobalComm.BACKEND = backend_name
    GlobalComm.WORLD_COMM_GROUP = _BACKENDS[backend_name]
    GlobalComm.INITED = True


def release():
    """Release communication resources: every group and the process group ``init`` joined."""
    for name in list(_groups):
        destroy_group(name)
    if is_distributed():
        dist.destroy_process_group()
    GlobalComm.INITED = False


def get_rank(group=HCCL_WORLD_COMM_GROUP):
    """Return this process's rank in ``group`` (0 without a launcher)."""
    pg = process_group(group, "get_rank")
    return dist.get_rank(pg) if is_distributed() else 0


def get_group_size(group=HCCL_WORLD_COMM_GROUP):
    """Return the number of processes in ``group`` (1 without a launcher)."""
    pg = process_group(group, "get_group_size")
    return dist.get_world_size(pg) if is_distributed() else 1


def _node_ranks():
    """World ranks on this machine: the launchers give each node a contiguous block."""
    if not is_distributed():
        return [0]
    rank = dist.get_rank()
    local_rank = int(os.environ.get("LOCAL_RANK", "0"))
    local_size = int(os.environ.get("LOCAL_WORLD_SIZE", str(dist.get_world_size())))
    first = rank - local_rank
    return list(range(first, first + local_size))


def get_local_rank(group=HCCL_WORLD_COMM_GROUP):
    """Return this process's rank among the processes of ``group`` on this machine."""
    pg = process_group(group, "get_local_rank")
    if not is_distributed():
        return 0
    members = dist.get_process_group_ranks(pg) if pg is not None else list(range(dist.get_world_size()))
    node = set(_node_ranks())
    return [r for r in members if r in node].index(dist.get_rank())


def get_local_rank_size(group=HCCL_WORLD_COMM_GROUP):
    """Return the number of processes of ``group`` on this machine."""
    pg = process_group(group, "get_local_rank_size")
    if not is_distributed():
        return 1
    members = dist.get_process_group_ranks(pg) if pg is not None else range(dist.get_world_size())
    node = set(_node_ranks())
    return sum(1 for r in members if r in node)


def get_process_group_ranks(group=HCCL_WORLD_COMM_GROUP):
    """Return the world ranks in ``group``, in group-rank order."""
    _check_group(group, "get_process_group_ranks")
    if is_world(group):
        return list(range(get_group_size()))
    if group not in _groups:
        raise ValueError(f"For 'get_process_group_ranks', the group '{group}' does not exist.")
    return list(_groups[group][1])


def get_world_rank_from_group_rank(group, group_rank_id):
    """Map a rank in ``group`` to the world rank."""
    _check_int(group_rank_id, "group_rank_id", "get_world_rank_from_group_rank")
    ranks = get_process_group_ranks(group)
    if not 0 <= group_rank_id < len(ranks):
        raise ValueError(f"For 'get_world_rank_from_group_rank', the group rank {group_rank_id} is out of range "
                         f"for the group '{group}' of size {len(ranks)}.")
    return ranks[group_rank_id]


def get_group_rank_from_world_rank(world_rank_id, group):
    """Map a world rank to its rank in ``group``."""
    _check_int(world_rank_id, "world_rank_id", "get_group_rank_from_world_rank")
    ranks = get_process_group_ranks(group)
    if world_rank_id not in ranks:
        raise ValueError(f"For 'get_group_rank_from_world_rank', the world rank {world_rank_id} is not in the "
                         f"group '{group}' (ranks {ranks}).")
    return ranks.index(world_rank_id)


def create_group(group, rank_ids, options=None):
    """Create the communication group ``group`` of the world ranks ``rank_ids``.

    Args:
        group (str): the new group's name (not a world-group name).
        rank_ids (list[int]): distinct world ranks; group ranks follow their ascending order.
        options: backend options; accepted for compatibility and ignored.

    Only the members need to call it, as in MindSpore (torch's ``use_local_synchronization``).
    """
    _check_group(group, "create_group")
    if is_world(group):
        raise ValueError(f"For 'create_group', the group name '{group}' is the world group's; choose another name.")
    if group in _groups:
        raise ValueError(f"For 'create_group', the group '{group}' already exists.")
    if not isinstance(rank_ids, (list, tuple)) or not all(
            isinstance(r, int) and not isinstance(r, bool) for r in rank_ids):
        raise TypeError(f"For 'create_group', the argument 'rank_ids' must be a list of int, but got {rank_ids!r}")
    size = get_group_size()
    if len(set(rank_ids)) != len(rank_ids) or not rank_ids or any(not 0 <= r < size for r in rank_ids):
        raise ValueError(f"For 'create_group', 'rank_ids' must be distinct ranks in [0, {size}), but got {rank_ids}")
    pg = None
    if is_distributed():
        if get_rank() in rank_ids:
            pg = dist.new_group(sorted(rank_ids), use_local_synchronization=True)
    elif rank_ids == [0]:
        pg = _SingleRank()
    _groups[group] = (pg, sorted(rank_ids))


def destroy_group(group):
    """Destroy a group made by ``create_group`` (the world group cannot be destroyed)."""
    _check_group(group, "destroy_group")
    if is_world(group):
        raise ValueError("For 'destroy_group', the world group cannot be destroyed; use release().")
    if group not in _groups:
        raise ValueError(f"For 'destroy_group', the group '{group}' does not exist.")
    pg = _groups.pop(group)[0]
    if pg is not None and not isinstance(pg, _SingleRank) and is_distributed():
        dist.destroy_process_group(pg)


def get_comm_name(group=HCCL_WORLD_COMM_GROUP):
    """Return the name of the HCCL communicator behind ``group``: ``""`` here, as MindSpore 2.10
    returns on CPU and GPU (only Ascend's HCCL names its communicators)."""
    process_group(group, "get_comm_name")
    return ""


class _SingleRank:
    """A created group of rank 0 alone in a process without a launcher."""


def _get_group(group):
    """MindSpore's default group name as this job's world group."""
    return GlobalComm.WORLD_COMM_GROUP if group == HCCL_WORLD_COMM_GROUP else group


def _host_distribute():
    """Whether the job runs MindSpore's host-side launch (``MS_ROLE`` set) or OpenMPI's."""
    return os.getenv("MS_ROLE") or bool(os.getenv("OMPI_COMMAND") and os.getenv("PMIX_RANK"))
