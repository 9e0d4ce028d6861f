"""The private parallel queries model-zoo code imports (``from mindspore.parallel._utils import
_get_device_num, _get_gradients_mean, _get_parallel_mode``), answered from the recorded
auto-parallel context and the communication groups."""
from ..communication import get_group_size, get_rank
from ..parallel_context import ParallelMode, device_num_is_set, get_auto_parallel_context

_AUTO_MODES = (ParallelMode.SEMI_AUTO_PARALLEL, ParallelMode.AUTO_PARALLEL)


def _get_parallel_mode():
    return get_auto_parallel_context("parallel_mode")


def _get_device_num():
    """Devices taking part: 1 in stand-alone mode, else the context's device_num if it was set,
    else the world group's size (MindSpore 2.10's rule)."""
    if _get_parallel_mode() == ParallelMode.STAND_ALONE:
        return 1
    return get_auto_parallel_context("device_num") if device_num_is_set() else get_group_size()


def _get_global_rank():
    return get_rank()


def _get_gradients_mean():
    return get_auto_parallel_context("gradients_mean")


def _get_enable_parallel_optimizer():
    return get_auto_parallel_context("enable_parallel_optimizer")


def _get_pipeline_stages():
    return get_auto_parallel_context("pipeline_stages")


def _get_stage_device_num():
    return _get_device_num() // _get_pipeline_stages()


def _get_full_batch():
    return get_auto_parallel_context("full_batch")


def _get_grad_accumulation_shard():
    return False


def _is_in_auto_parallel_mode():
    return _get_parallel_mode() in _AUTO_MODES


def _is_in_data_parallel_mode():
    return _get_parallel_mode() == ParallelMode.DATA_PARALLEL


def _is_in_hybrid_parallel_mode():
    return _get_parallel_mode() == ParallelMode.HYBRID_PARALLEL


def _need_to_full():
    """Whether (semi-)auto-parallel inputs are slices to be expanded to full shape (not full_batch)."""
    if not _is_in_auto_parallel_mode():
        return False
    strategy = get_auto_parallel_context("dataset_strategy")
    if isinstance(strategy, tuple):
        return True
    return not _get_full_batch()
