"""The device new tensors are created on, set by ``set_context(device_target=...)``."""
import torch

_state = {"device": torch.device("cpu")}


def default_device():
    """Return the torch device that new tensors go to."""
    return _state["device"]


def set_default_device(device):
    _state["device"] = torch.device(device)


def cpu_flags():
    """The CPU's feature flags line (``-march=native`` code, and code built for the instruction sets
    found, runs only where they all are); empty where the system does not say."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as fh:
            return next((line for line in fh if line.startswith(("flags", "Features"))), "")
    except OSError:
        return ""
