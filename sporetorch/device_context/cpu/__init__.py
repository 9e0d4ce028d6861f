"""CPU device queries (``mindspore.device_context.cpu``)."""
from . import op_tuning
from .op_tuning import threads_num

__all__ = ["device_count", "is_available", "threads_num", "op_tuning"]


def device_count():
    """The number of CPU devices MindSpore exposes: always 1."""
    return 1


def is_available():
    """CPU execution is always available."""
    return True
