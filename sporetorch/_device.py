"""The device new tensors are created on, set by ``set_context(device_target=...)``."""
import torch

_state = {"device": torch.device("cpu")}


def default_device():
    """Return the torch device that new tensors go to."""
    return _state["device"]


def set_default_device(device):
    _state["device"] = torch.device(device)
