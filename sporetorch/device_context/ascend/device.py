"""``mindspore.device_context.ascend.device``: Ascend availability (none here, as on MindSpore's CPU build)."""
import logging

_LOGGER = logging.getLogger("sporetorch")


def device_count():
    """The number of Ascend devices; raises RuntimeError, as MindSpore's CPU build does (no Ascend device)."""
    raise RuntimeError("Device Ascend not exist.")


def is_available():
    """Whether the Ascend backend is available: False."""
    _LOGGER.warning("Device Ascend is not available.")
    return False
