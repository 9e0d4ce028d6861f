"""``set_context``/``get_context``: execution mode, device and the other global settings."""
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

# Read on the hot path of Cell.__call__; kept in sync with _context["mode"].
state = {"graph": False}


def _set_device_target(target):
    if not isinstance(target, str):
        raise TypeError(f"For 'set_context', the 'device_target' must be a str, but got {type(target).__name__}")
    name = target.upper() if target.upper() in ("CPU", "GPU") else target
    if name == "GPU":
        if not torch.cuda.is_available():
            raise ValueError("For 'set_context', device_target 'GPU' needs CUDA, but torch sees no CUDA device "
                             "on this machine; use device_target='CPU'")
        _device.set_default_device(f"cuda:{_context['device_id']}")
    elif name == "CPU":
        _device.set_default_device("cpu")
    else:
        raise ValueError(f"For 'set_context', the 'device_target' must be one of {list(_SUPPORTED_TARGETS)} "
                         f"in sporetorch, but got {target!r}")
    _context["device_target"] = name


def set_context(**kwargs):
    """Set global execution settings (``mode``, ``device_target``, ``device_id``, ``jit_config``, ...).

    Unknown keys raise ``ValueError``; settings that only matter on Ascend are accepted and recorded.
    """
    for key in kwargs:
        if key not in _context:
            raise ValueError(f"For 'set_context', the key {key!r} is not a supported context setting; "
                             f"supported keys: {sorted(_context)}")
    if "device_id" in kwargs:
        did = kwargs["device_id"]
        if not isinstance(did, int) or isinstance(did, bool) or did < 0:
            raise TypeError(f"For 'set_context', the 'device_id' must be a non-negative int, but got {did!r}")
        _context["device_id"] = did
        if _context["device_target"] == "GPU":
            _set_device_target("GPU")
    for key, value in kwargs.items():
        if key == "mode":
            if value not in (GRAPH_MODE, PYNATIVE_MODE) or isinstance(value, bool):
                raise ValueError(f"For 'set_context', the 'mode' must be GRAPH_MODE (0) or PYNATIVE_MODE (1), "
                                 f"but got {value!r}")
            _context["mode"] = value
            state["graph"] = value == GRAPH_MODE
        elif key == "device_target":
            _set_device_target(value)
        elif key == "jit_config":
            _context["jit_config"] = dict(value) if not hasattr(value, "jit_config_dict") else value.jit_config_dict
        elif key != "device_id":
            _context[key] = value


def get_context(attr_key):
    """Return one context setting."""
    if attr_key not in _context:
        raise ValueError(f"For 'get_context', the key {attr_key!r} is not a context setting; "
                         f"supported keys: {sorted(_context)}")
    return _context[attr_key]


def set_device(device_target, device_id=None):
    """Select the device (``mindspore.set_device``)."""
    if device_id is not None:
        set_context(device_id=device_id)
    set_context(device_target=device_target)


def get_current_device():
    return _context["device_target"]
