"""``mindspore.utils``: fault-tolerance and hardware-check helpers of MindSpore 2.10.

They serve Ascend clusters (MindIO/MindX fault tolerance, silent-data-corruption and stress detection).
On CPU and GPU, MindSpore 2.10 runs most of them as no-ops; sporetorch does the same and raises where
MindSpore's CPU build raises (``stress_detect``).
"""
import enum
import os

__all__ = ["ExitByRequest", "RSCPluginHandle", "TFTCommValue", "MsDispatchMode", "sdc_detect_start",
           "sdc_detect_stop", "get_sdc_detect_result", "stress_detect", "comm_exec_order_check",
           "runtime_execution_order_check"]


class ExitByRequest:
    """Graceful exit on request across a data-parallel job: ``exit_by_request(grad, init_value, exit_value)``
    returns ``grad`` (in one process there is no other rank whose request must be agreed on)."""

    def exit_by_request(self, grad, init_value, exit_value):
        """Return ``grad``; in one process the exit flag needs no all-reduce."""
        return grad


class RSCPluginHandle:
    """The MindX resilience plugin handle; with no MindX agent, ``check_enable()`` is False and the
    callbacks are kept but never called."""

    def __init__(self):
        self._callbacks = {}

    def check_enable(self):
        """Whether the MindX fault-tolerance plugin is active (never here)."""
        return False

    def register_callback(self, name, callback):
        """Keep ``callback`` under ``name``."""
        self._callbacks[name] = callback

    def start(self):
        """Nothing to start without the plugin."""


class TFTCommValue(str, enum.Enum):
    """Environment switches of MindSpore's training fault tolerance."""

    ENABLE_MINDX = "ENABLE_MINDX"
    NEED_MINDIO = "NEED_MINDIO"
    DISABLE_WATCHDOG = "DISABLE_WATCHDOG"


class MsDispatchMode:
    """Base class of MindSpore's dispatch-mode context managers; a subclass overrides ``__ms_dispatch__``.
    Operators here dispatch through torch, so entering the mode changes nothing."""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def sdc_detect_start():
    """Start silent-data-corruption detection (an Ascend feature; a no-op here, as on MindSpore's CPU build)."""


def sdc_detect_stop():
    """Stop silent-data-corruption detection (a no-op here)."""


def get_sdc_detect_result():
    """Whether silent data corruption was detected: False (MindSpore 2.10 on CPU returns False too)."""
    return False


def stress_detect(detect_type="aic"):
    """Device stress test of Ascend AiCore/HCCS links: raises, as MindSpore 2.10's CPU build does."""
    if detect_type not in ("aic", "hccs"):
        raise ValueError(f"For 'stress_detect', the argument 'detect_type' must be 'aic' or 'hccs', but got "
                         f"{detect_type!r}.")
    raise RuntimeError("Stress detection is not supported: it tests Ascend AiCore/HCCS hardware "
                       "(MindSpore 2.10 raises the same on CPU).")


def comm_exec_order_check(action):
    """Start (``'start'``) or finish (``'end'``) recording the order of communication operators for
    ``runtime_execution_order_check``; nothing is recorded on one process."""
    if action not in ("start", "end"):
        raise ValueError(f"For 'comm_exec_order_check', the argument 'action' must be 'start' or 'end', but got "
                         f"{action!r}.")


def runtime_execution_order_check(folders_, all_rank=None):
    """Compare the recorded communication order of the ranks under ``folders_`` (paths must exist)."""
    for path in [folders_] if isinstance(folders_, str) else list(folders_):
        if not os.path.exists(path):
            raise ValueError(f"Path does not exist: {path}. Ensure the path exists and is accessible.")
