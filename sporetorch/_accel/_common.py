"""What the speed-up modules share: the switch, the logger, one-time warnings."""
import logging
import os

_logger = logging.getLogger("sporetorch")

# ``SPORETORCH_ACCEL=0`` turns every speed-up off: GRAPH_MODE is then torch.compile as it comes,
# PYNATIVE plain torch. Read once, at import: techniques switched on halfway through a run would
# meet state (records, plans, the allocator's settings) they did not make.
ENABLED = os.environ.get("SPORETORCH_ACCEL", "1") != "0"

_EMITTED = set()


def warn_once(message):
    """Log a warning once per process: a child's warnings are replayed, and the same break may be met again."""
    if message not in _EMITTED:
        _EMITTED.add(message)
        _logger.warning(message)


def failure_summary(exc):
    """``'TypeName: first line of the message'``, how a compiler failure is reported in one line."""
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text.splitlines()[0] if text else ''}"
