"""``mindspore.device_context.ascend.op_precision``: Ascend precision settings, accepted as no-ops."""
from ._settings import ascend_setting

__all__ = ["conv_allow_hf32", "matmul_allow_hf32", "op_precision_mode", "precision_mode"]


@ascend_setting
def precision_mode(mode):
    """Ascend operator precision mode (no-op without Ascend)."""


@ascend_setting
def op_precision_mode(path):
    """Ascend operator precision configuration file (no-op without Ascend)."""


@ascend_setting
def matmul_allow_hf32(value):
    """Ascend HF32 for MatMul (no-op without Ascend)."""


@ascend_setting
def conv_allow_hf32(value):
    """Ascend HF32 for convolutions (no-op without Ascend)."""
