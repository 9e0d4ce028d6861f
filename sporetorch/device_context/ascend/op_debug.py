"""``mindspore.device_context.ascend.op_debug``: Ascend debug settings, accepted as no-ops."""
from ._settings import ascend_setting

__all__ = ["aclinit_config", "debug_option", "execute_timeout"]


@ascend_setting
def execute_timeout(op_timeout):
    """Ascend operator execution timeout (no-op without Ascend)."""


@ascend_setting
def debug_option(option_value):
    """Ascend debug option (no-op without Ascend)."""


@ascend_setting
def aclinit_config(config):
    """AscendCL initialisation options (no-op without Ascend)."""
