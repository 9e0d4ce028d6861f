"""What the speed-up modules share: the switch, the logger, one-time warnings."""
import logging
import os

_logger = logging.getLogger("sporetorch")

# ``SPORETORCH_ACCEL=0`` turns every speed-up off: GRAPH_MODE is then torch.compile as it comes,
# PYNATIVE plain torch. Read once, at import: techniques switched on halfway through a run would
# meet state (records, plans, the allocator's settings) they did not make.
ENABLED = os.environ.get("SPORETORCH_ACCEL", "1") != "0"

# The techniques by name, each of which ``SPORETORCH_ACCEL_OFF`` (names, comma-separated) turns off
# alone while the others stay on: how each one's gain is measured (benchmarks/accel_techniques.py).
TECHNIQUES = ("background", "race", "packages", "conv_plan", "winograd", "host_memory", "gc_freeze")
_OFF = frozenset(name.strip() for name in os.environ.get("SPORETORCH_ACCEL_OFF", "").split(",") if name.strip())

_EMITTED = set()


def warn_once(message):
    """Log a warning once per process: a child's warnings are replayed, and the same break may be met again."""
    if message not in _EMITTED:
        _EMITTED.add(message)
        _logger.warning(message)


def on(technique):
    """Whether ``technique`` (one of ``TECHNIQUES``) runs: the speed-ups on, and it not named in
    ``SPORETORCH_ACCEL_OFF``. The interface asks this; a technique module asks ``turned_off``, since
    its own functions may be called directly (its tests do, with the speed-ups off too)."""
    return ENABLED and technique not in _OFF


def turned_off(technique):
    """Whether ``SPORETORCH_ACCEL_OFF`` names ``technique``."""
    return technique in _OFF


_ENGAGED = set()


def engage(technique):
    """Note that ``technique`` acted in this process (timed a kernel, forked a child, ...): a
    technique that never acts on a workload can neither gain nor lose there."""
    _ENGAGED.add(technique)


def engaged_techniques():
    """The techniques that have acted in this process so far, in ``TECHNIQUES``' order."""
    return [name for name in TECHNIQUES if name in _ENGAGED]


def unknown_techniques():
    """The names in ``SPORETORCH_ACCEL_OFF`` that are no technique (a typo would measure nothing)."""
    return sorted(_OFF - set(TECHNIQUES))


def failure_summary(exc):
    """``'TypeName: first line of the message'``, how a compiler failure is reported in one line."""
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text.splitlines()[0] if text else ''}"
