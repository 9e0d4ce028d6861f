"""``mindspore.hal`` (MindSpore's older device API): device queries on torch, and the stream, event
and memory functions of ``sporetorch.runtime``.

Device targets are MindSpore's names: "CPU", "GPU" (a CUDA device torch sees) or "Ascend" (never
available here); None means the current ``device_target``.
"""
import torch

from . import context as _context
from .runtime import (Event, Stream, StreamCtx, communication_stream, current_stream, default_stream,  # noqa: F401
                      empty_cache, max_memory_allocated, max_memory_reserved, memory_allocated, memory_reserved,
                      memory_stats, memory_summary, reset_max_memory_allocated, reset_max_memory_reserved,
                      reset_peak_memory_stats, set_cur_stream, synchronize)

__all__ = ["device_count", "get_device_name", "get_device_properties", "get_device_capability", "get_arch_list",
           "is_available", "is_initialized", "Event", "Stream", "StreamCtx", "communication_stream", "current_stream",
           "default_stream", "set_cur_stream", "synchronize", "empty_cache", "memory_allocated",
           "max_memory_allocated", "memory_reserved", "max_memory_reserved", "memory_stats", "memory_summary",
           "reset_peak_memory_stats", "reset_max_memory_allocated", "reset_max_memory_reserved"]

_TARGETS = ["CPU", "GPU", "Ascend"]


def _target(device_target, fn):
    target = _context.get_context("device_target") if device_target is None else device_target
    if target not in _TARGETS:
        raise ValueError(f"For 'hal.{fn}', the argument 'device_target' must be one of {_TARGETS}, but got {target}.")
    return target


def _available_target(device_target, fn):
    """``_target`` for a query that needs the device: a target that is not available raises ValueError."""
    target = _target(device_target, fn)
    if not is_available(target):
        why = ("torch sees no CUDA device" if target == "GPU"
               else "sporetorch runs on PyTorch, which has no Ascend backend")
        raise ValueError(f"{target} backend is not available ({why}). You can call hal.is_available to check it.")
    return target


def is_available(device_target):
    """Whether ``device_target`` can run here: CPU always, GPU when torch sees CUDA, Ascend never."""
    target = _target(device_target, "is_available")
    if target == "GPU":
        return torch.cuda.is_available()
    return target == "CPU"


def is_initialized(device_target):
    """Whether ``device_target`` has started: CPU always (torch needs no setup), GPU once CUDA is initialised."""
    target = _target(device_target, "is_initialized")
    if target == "GPU":
        return torch.cuda.is_initialized()
    return target == "CPU"


def device_count(device_target=None):
    """The number of devices of ``device_target`` (1 for CPU)."""
    target = _available_target(device_target, "device_count")
    return torch.cuda.device_count() if target == "GPU" else 1


def get_device_name(device_id, device_target=None):
    """The device's name: "CPU", or the CUDA device's name."""
    target = _available_target(device_target, "get_device_name")
    return torch.cuda.get_device_name(device_id) if target == "GPU" else "CPU"


def get_device_properties(device_id, device_target=None):
    """torch's properties of a CUDA device (name, total_memory, major/minor, ...); None for CPU."""
    target = _available_target(device_target, "get_device_properties")
    return torch.cuda.get_device_properties(device_id) if target == "GPU" else None


def get_device_capability(device_id, device_target=None):
    """A CUDA device's compute capability ``(major, minor)``; None for CPU."""
    target = _available_target(device_target, "get_device_capability")
    return torch.cuda.get_device_capability(device_id) if target == "GPU" else None


def get_arch_list(device_target=None):
    """The CUDA architectures torch was built for; None for CPU."""
    target = _available_target(device_target, "get_arch_list")
    return torch.cuda.get_arch_list() if target == "GPU" else None
