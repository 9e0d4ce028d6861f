"""``sporetorch.communication``: MindSpore's collective communication on ``torch.distributed``.

``init()`` joins the job a launcher started (``sporetorch msrun``, ``torchrun``); ``get_rank``,
``get_group_size``, ``create_group`` and friends answer from torch's process groups; the
collectives are the Primitives in ``ops`` (``AllReduce``, ``AllGather``, ...) and the functions in
``communication.comm_func``. A process started without a launcher is rank 0 of a group of 1.
"""
from .management import (GlobalComm, HCCL_WORLD_COMM_GROUP, NCCL_WORLD_COMM_GROUP, MCCL_WORLD_COMM_GROUP,  # noqa: F401
                         init, release, get_rank, get_local_rank, get_group_size, get_local_rank_size,
                         get_world_rank_from_group_rank, get_group_rank_from_world_rank, get_process_group_ranks,
                         create_group, destroy_group, get_comm_name)
from .management import __all__
from . import comm_func  # noqa: E402,F401 - mindspore.communication.comm_func
