"""``mindspore.device_context.ascend``: sporetorch has no Ascend backend. As on MindSpore 2.10's CPU build,
``is_available()`` is False, ``device_count()`` raises RuntimeError, and the settings are accepted as
no-ops (logging MindSpore's error once each)."""
from . import device, op_debug, op_precision, op_tuning  # noqa: F401
from .device import device_count, is_available
from .op_debug import *  # noqa: F403 - MindSpore's package exposes the settings' names
from .op_precision import *  # noqa: F403
from .op_tuning import *  # noqa: F403

__all__ = ["device_count", "is_available"]
