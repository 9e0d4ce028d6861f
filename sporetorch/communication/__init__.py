"""``sporetorch.communication``: MindSpore's collective-communication entry points for one process.

sporetorch runs a script as a single process (rank 0 of a group of 1), so scripts that call
``init()``, ``get_rank()`` and ``get_group_size()`` to shard data or scale a learning rate run
unchanged. Multi-process training is out of scope.
"""

HCCL_WORLD_COMM_GROUP = "hccl_world_group"
NCCL_WORLD_COMM_GROUP = "nccl_world_group"
MCCL_WORLD_COMM_GROUP = "mccl_world_group"
_BACKENDS = {None: HCCL_WORLD_COMM_GROUP, "hccl": HCCL_WORLD_COMM_GROUP, "nccl": NCCL_WORLD_COMM_GROUP,
             "mccl": MCCL_WORLD_COMM_GROUP}


class GlobalComm:
    """The world group and whether ``init`` ran."""

    BACKEND = "hccl"
    WORLD_COMM_GROUP = HCCL_WORLD_COMM_GROUP
    INITED = False


def _check_group(group, fn):
    if not isinstance(group, str):
        raise TypeError(f"For '{fn}', the argument 'group' must be a str, but got {type(group).__name__}")


def init(backend_name=None):
    """Initialise communication: one process, rank 0 of 1.

    Args:
        backend_name (str): ``"hccl"``, ``"nccl"``, ``"mccl"`` or None. Default: None.
    """
    if backend_name not in _BACKENDS:
        raise ValueError(f"For 'init', the argument 'backend_name' must be one of ['hccl', 'nccl', 'mccl'] "
                         f"or None, but got {backend_name!r}")
    GlobalComm.BACKEND = backend_name or "hccl"
    GlobalComm.WORLD_COMM_GROUP = _BACKENDS[backend_name]
    GlobalComm.INITED = True


def release():
    """Release communication resources."""
    GlobalComm.INITED = False


def get_rank(group=HCCL_WORLD_COMM_GROUP):
    """Return this process's rank in ``group``: always 0."""
    _check_group(group, "get_rank")
    return 0


def get_local_rank(group=HCCL_WORLD_COMM_GROUP):
    """Return this process's rank on its machine: always 0."""
    _check_group(group, "get_local_rank")
    return 0


def get_group_size(group=HCCL_WORLD_COMM_GROUP):
    """Return the number of processes in ``group``: always 1."""
    _check_group(group, "get_group_size")
    return 1


def get_local_rank_size(group=HCCL_WORLD_COMM_GROUP):
    """Return the number of processes on this machine: always 1."""
    _check_group(group, "get_local_rank_size")
    return 1


def get_world_rank_from_group_rank(group, group_rank_id):
    """Map a rank in ``group`` to the world rank (the identity for one process)."""
    _check_group(group, "get_world_rank_from_group_rank")
    return group_rank_id


def get_group_rank_from_world_rank(world_rank_id, group):
    """Map a world rank to the rank in ``group`` (the identity for one process)."""
    _check_group(group, "get_group_rank_from_world_rank")
    return world_rank_id


def get_process_group_ranks(group=HCCL_WORLD_COMM_GROUP):
    """Return the world ranks in ``group``: ``[0]``."""
    _check_group(group, "get_process_group_ranks")
    return [0]


__all__ = [
    "GlobalComm", "HCCL_WORLD_COMM_GROUP", "NCCL_WORLD_COMM_GROUP", "MCCL_WORLD_COMM_GROUP", "init", "release",
    "get_rank", "get_local_rank", "get_group_size", "get_local_rank_size", "get_world_rank_from_group_rank",
    "get_group_rank_from_world_rank", "get_process_group_ranks",
]
