"""``mindspore.device_context.ascend.op_tuning``: Ascend compile/tuning settings, accepted as no-ops."""
from ._settings import ascend_setting

__all__ = ["aclnn_cache", "aoe_job_type", "aoe_tune_mode", "op_compile"]


@ascend_setting
def op_compile(value):
    """Ascend online operator compilation (no-op without Ascend)."""


@ascend_setting
def aoe_tune_mode(tune_mode):
    """Ascend AOE tuning mode (no-op without Ascend)."""


@ascend_setting
def aoe_job_type(config):
    """Ascend AOE job type (no-op without Ascend)."""


@ascend_setting
def aclnn_cache(enable_global_cache=False, cache_queue_length=10000):
    """Ascend aclnn cache (no-op without Ascend)."""
