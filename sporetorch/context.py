"""``set_context``/``get_context``: execution mode, device and the other global settings."""
import os

import torch

from . import _device

GRAPH_MODE = 0
PYNATIVE_MODE = 1
STRICT = 0
COMPATIBLE = 1
LAX = 2

_SUPPORTED_TARGETS = ("CPU", "GPU")

_context = {
    "mode": PYNATIVE_MODE,
    "device_target": "CPU",
    "device_id": 0,
    "jit_config": {},
    "jit_syntax_level": LAX,
    "save_graphs": False,
    "save_graphs_path": ".",
    "deterministic": "OFF",
    "max_call_depth": 1000,
    "pynative_synchronize": False,
    "enable_graph_kernel": False,
    "max_device_memory": "1024GB",
    "memory_optimize_level": "O0",
    "runtime_num_threads": 30,
    "inter_op_parallel_num": 0,
    "op_timeout": 1900,
    "print_file_path": "",
    "env_config_path": "",
    "precompile_only": False,
    "reserve_class_name_in_scope": True,
    "check_bprop": False,
    "enable_reduce_precision": True,
    "grad_for_scalar": False,
    "enable_compile_cache": False,
    "compile_cache_path": ".",
    "aoe_tune_mode": "",
    "ascend_config": {},
    "gpu_config": {},
    "debug_level": 0,
    "exec_order": "bfs",
}

# Read on hot paths. "graph" follows _context["mode"] (Cell.__call__); "tuned" lets eager layers pick
# their kernels by timing: on in GRAPH_MODE and in the eager runs of jit functions, unless autotuning is off.
state = {"graph": False, "tuned": False}


def autotune_enabled():
    """Whether GRAPH_MODE and jit may choose between equivalent computations by timing them
    (off with the environment variable SPORETORCH_JIT_AUTOTUNE=0)."""
    return os.environ.get("SPORETORCH_JIT_AUTOTUNE", "1") != "0"


_KNOWN_TARGETS = ("CPU", "GPU", "Ascend", "Davinci")


class DeviceTargetError(ValueError, RuntimeError):
    """A device target this machine or sporetorch cannot run. It is a ValueError (a bad
    setting) and a RuntimeError (what MindSpore raises for an unavailable backend)."""


def _check_type(key, value, expected):
    if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
        raise TypeError(f"The parameter '{key}' must be {expected}, but got {type(value)}")


def _check_device_target(target):
    _check_type("device_target", target, str)
    if target not in _KNOWN_TARGETS:
        raise ValueError("For 'context.set_context', the argument 'device_target' must be one of "
                         f"{list(_KNOWN_TARGETS)}, but got {target}.")
    if target not in _SUPPORTED_TARGETS:
        raise DeviceTargetError(f"Unsupported device target {target}. sporetorch runs on PyTorch and supports one "
                                f"of {list(_SUPPORTED_TARGETS)} ('GPU' needs a CUDA device that torch can see).")
    if target == "GPU" and not torch.cuda.is_available():
        raise DeviceTargetError("For 'set_context', device_target 'GPU' needs CUDA, but torch sees no CUDA "
                                "device on this machine; use device_target='CPU'.")


def _check_setting(key, value, device_id):
    if key not in _context:
        raise ValueError(f"For 'context.set_context', the keyword argument {key} is not recognized! For detailed "
                         "usage of 'set_context', please refer to the Mindspore official website.")
    if key == "mode":
        _check_type("mode", value, int)
        if value not in (GRAPH_MODE, PYNATIVE_MODE):
            raise ValueError("For 'context.set_context', the argument 'mode' should be context.GRAPH_MODE (0) or "
                             f"context.PYNATIVE_MODE (1), but got {value}.")
    elif key == "device_target":
        _check_device_target(value)
        if value == "GPU" and device_id >= torch.cuda.device_count():
            raise DeviceTargetError(f"For 'set_context', device_id {device_id} is not a CUDA device; torch sees "
                                    f"{torch.cuda.device_count()} of them.")
    elif key == "device_id":
        _check_type("device_id", value, int)
        if not 0 <= value <= 4095:
            raise ValueError(f"For 'context.set_context', the argument 'device_id' must be in range [0, 4095], "
                             f"but got {value}.")
    elif key == "jit_config" and not hasattr(value, "jit_config_dict"):
        _check_type("jit_config", value, dict)


def set_context(**kwargs):
    """Set global execution settings: ``mode`` (``PYNATIVE_MODE``, the default, or ``GRAPH_MODE``),
    ``device_target`` (``"CPU"``, or ``"GPU"`` when torch sees CUDA), ``device_id``, ``jit_config``
    and MindSpore's other keys, which are recorded.

    Every setting is checked before any is applied: an unknown key is a ValueError, a value of
    the wrong type a TypeError, an unavailable target a ``DeviceTargetError`` (both a
    ValueError and a RuntimeError).
    """
    device_id = kwargs.get("device_id", _context["device_id"])
    for key, value in kwargs.items():
        _check_setting(key, value, device_id if isinstance(device_id, int) else 0)
    if "device_id" in kwargs and "device_target" not in kwargs and _context["device_target"] == "GPU":
        _check_setting("device_target", "GPU", device_id)
    for key, value in kwargs.items():
        if key == "jit_config":
            value = dict(value) if not hasattr(value, "jit_config_dict") else value.jit_config_dict
        _context[key] = value
    state["graph"] = _context["mode"] == GRAPH_MODE
    state["tuned"] = state["graph"] and autotune_enabled()
    if "device_target" in kwargs or "device_id" in kwargs:
        target = _context["device_target"]
        _device.set_default_device(f"cuda:{_context['device_id']}" if target == "GPU" else "cpu")


def get_context(attr_key):
    """Return one context setting."""
    if attr_key not in _context:
        raise ValueError(f"For 'context.get_context', the argument {attr_key} is not recognized! For detailed "
                         "usage of 'get_context', please refer to the Mindspore official website.")
    return _context[attr_key]


def set_device(device_target, device_id=None):
    """Select the device (``mindspore.set_device``)."""
    settings = {"device_target": device_target}
    if device_id is not None:
        settings["device_id"] = device_id
    set_context(**settings)


def get_current_device():
    return _context["device_target"]


# mindspore.context also holds the parallel and parameter-server contexts.
from .parallel_context import (ParallelMode, set_auto_parallel_context, get_auto_parallel_context,  # noqa: E402,F401
                               reset_auto_parallel_context, set_ps_context, get_ps_context, reset_ps_context)
