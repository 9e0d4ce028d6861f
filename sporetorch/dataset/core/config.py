"""``mindspore.dataset.config``: the seed and worker defaults every pipeline reads.

The seed drives shuffling, samplers, ``split(randomize=True)`` and the random vision
ops. Without ``set_seed`` each iterator draws fresh entropy, as MindSpore does.
"""
import random

import numpy as np

_state = {"seed": None, "num_parallel_workers": 1, "prefetch_size": 16, "callback_timeout": 60, "debug_mode": False,
          "watchdog": True, "error_samples_mode": None, "start_method": "fork", "timeout_interval": 300,
          "video_backend": "CPU", "auto_offload": False, "numa_enable": False, "monitor_sampling_interval": 1000,
          "autotune": False, "autotune_interval": 0, "auto_num_workers": False, "fast_recovery": True,
          "sending_batches": 0}


def set_seed(seed):
    """Make every later shuffle and random transform deterministic; as in MindSpore, Python's ``random`` and
    ``numpy.random`` are seeded with ``seed`` too."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError("seed isn't of type int.")
    if not 0 <= seed <= 2 ** 32 - 1:
        raise ValueError("seed given is not within the required range [0, UINT32_MAX(4294967295)].")
    _state["seed"] = seed
    random.seed(seed)
    np.random.seed(seed)


def get_seed():
    """Return the seed set by ``set_seed`` (MindSpore's default 5489 when none was set)."""
    return 5489 if _state["seed"] is None else _state["seed"]


def set_num_parallel_workers(num):
    if isinstance(num, bool) or not isinstance(num, int) or num < 1:
        raise ValueError(f"For 'set_num_parallel_workers', num must be a positive int, but got {num!r}")
    _state["num_parallel_workers"] = num


def get_num_parallel_workers():
    return _state["num_parallel_workers"]


def set_prefetch_size(size):
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise ValueError(f"For 'set_prefetch_size', size must be a positive int, but got {size!r}")
    _state["prefetch_size"] = size


def get_prefetch_size():
    return _state["prefetch_size"]


def _new_base_seed():
    """The seed for one iterator: fixed under ``set_seed``, fresh entropy otherwise."""
    if _state["seed"] is not None:
        return _state["seed"]
    return int(np.random.SeedSequence().entropy % (2 ** 32))


def _rng(*salt):
    """A NumPy generator for one random decision, derived from the pipeline seed and ``salt``."""
    return np.random.default_rng([_new_base_seed(), *salt])


def set_callback_timeout(timeout):
    """Seconds a ``sync_wait`` waits for its ``sync_update`` before failing."""
    if isinstance(timeout, bool) or not isinstance(timeout, int) or timeout <= 0:
        raise ValueError(f"For 'set_callback_timeout', timeout must be a positive int, but got {timeout!r}")
    _state["callback_timeout"] = timeout


def get_callback_timeout():
    return _state["callback_timeout"]


class ErrorSamplesMode:
    """What the pipeline does with a row whose processing fails: raise (``RETURN``), repeat
    another row (``REPLACE``) or drop it (``SKIP``). Only ``RETURN`` is implemented."""
    RETURN = 0
    REPLACE = 1
    SKIP = 2


_state["error_samples_mode"] = ErrorSamplesMode.RETURN


def _setter(key, check, what):
    def set_value(value):
        if not check(value):
            raise TypeError(f"For 'set_{key}', the value must be {what}, but got {value!r}")
        _state[key] = value

    def get_value():
        return _state[key]
    return set_value, get_value


def _is_bool(v):
    return isinstance(v, bool)


def _is_pos_int(v):
    return isinstance(v, int) and not isinstance(v, bool) and v > 0


set_debug_mode, get_debug_mode = _setter("debug_mode", _is_bool, "a bool")
set_enable_watchdog, get_enable_watchdog = _setter("watchdog", _is_bool, "a bool")
set_multiprocessing_timeout_interval, get_multiprocessing_timeout_interval = _setter(
    "timeout_interval", _is_pos_int, "a positive int")
set_auto_offload, get_auto_offload = _setter("auto_offload", _is_bool, "a bool")
set_numa_enable, get_numa_enable = _setter("numa_enable", _is_bool, "a bool")
set_monitor_sampling_interval, get_monitor_sampling_interval = _setter(
    "monitor_sampling_interval", _is_pos_int, "a positive int")
set_auto_num_workers, get_auto_num_workers = _setter("auto_num_workers", _is_bool, "a bool")
set_enable_autotune, get_enable_autotune = _setter("autotune", _is_bool, "a bool")
set_autotune_interval, get_autotune_interval = _setter("autotune_interval", lambda v: isinstance(v, int) and v >= 0,
                                                       "a non-negative int")
set_fast_recovery, get_fast_recovery = _setter("fast_recovery", _is_bool, "a bool")
set_sending_batches, get_sending_batches = _setter("sending_batches", lambda v: isinstance(v, int) and v >= 0,
                                                   "a non-negative int")


def set_error_samples_mode(error_samples_mode):
    if error_samples_mode not in (ErrorSamplesMode.RETURN, ErrorSamplesMode.REPLACE, ErrorSamplesMode.SKIP):
        raise TypeError(f"For 'set_error_samples_mode', the mode must be an ErrorSamplesMode, "
                        f"but got {error_samples_mode!r}")
    if error_samples_mode != ErrorSamplesMode.RETURN:
        raise NotImplementedError("For 'set_error_samples_mode', only ErrorSamplesMode.RETURN is supported: a "
                                  "failing row raises an error naming it")
    _state["error_samples_mode"] = error_samples_mode


def get_error_samples_mode():
    return _state["error_samples_mode"]


def set_multiprocessing_start_method(start_method="fork"):
    """The start method of the pipeline's worker processes (multiprocessing's names)."""
    if start_method not in ("fork", "spawn", "forkserver"):
        raise ValueError(f"For 'set_multiprocessing_start_method', the method must be 'fork', 'spawn' or "
                         f"'forkserver', but got {start_method!r}")
    _state["start_method"] = start_method


def get_multiprocessing_start_method():
    return _state["start_method"]


def set_video_backend(backend):
    """``"CPU"`` (the only backend here) or ``"Ascend"``."""
    if backend not in ("CPU", "Ascend"):
        raise ValueError(f"For 'set_video_backend', the backend must be 'CPU' or 'Ascend', but got {backend!r}")
    _state["video_backend"] = backend


def get_video_backend():
    return _state["video_backend"]


def load(file):
    """Read settings from a JSON file (``{"seed": ..., "numParallelWorkers": ...}``)."""
    import json
    with open(file, encoding="utf-8") as fh:
        doc = json.load(fh)
    if "seed" in doc:
        set_seed(doc["seed"])
    if "numParallelWorkers" in doc:
        set_num_parallel_workers(doc["numParallelWorkers"])
    if "prefetchSize" in doc:
        set_prefetch_size(doc["prefetchSize"])


def _worker_id():
    """The index of the pipeline worker process this code runs in (``map`` process pools and
    DataLoader workers), or None in the main process; random transforms mix it into their seed
    so that parallel workers do not repeat each other."""
    if _state.get("worker_id") is not None:
        return _state["worker_id"]
    import torch.utils.data
    info = torch.utils.data.get_worker_info()
    return None if info is None else info.id


_state.update({"dynamic_shape": False, "enable_shared_mem": True, "auto_worker_config": 0,
               "iterator_mode": {"do_copy": False, "parallel_convert": False}, "debug_hook_list": None})


def _warn_deprecated(name):
    import logging
    logging.getLogger("mindspore").warning(
        f"'{name}' is deprecated from version 2.8.0 and will be removed in a future version.")


def set_dynamic_shape(is_dynamic):
    """Whether the pipeline's column shapes are declared dynamic (a bool, False by default)."""
    if not isinstance(is_dynamic, bool):
        raise TypeError("is_dynamic must be a boolean dtype.")
    _state["dynamic_shape"] = is_dynamic


def get_dynamic_shape():
    """The ``set_dynamic_shape`` setting."""
    return _state["dynamic_shape"]


def _get_enable_shared_mem():
    import platform
    if _state["enable_shared_mem"] and platform.system().lower() in {"windows", "darwin"}:
        _state["enable_shared_mem"] = False
    return _state["enable_shared_mem"]


def set_enable_shared_mem(enable):
    """Deprecated in MindSpore 2.10: whether worker processes pass rows through shared memory."""
    _warn_deprecated("set_enable_shared_mem")
    if not isinstance(enable, bool):
        raise TypeError("enable must be of type bool.")
    import platform
    if enable and platform.system().lower() in {"windows", "darwin"}:
        return
    _state["enable_shared_mem"] = enable


def get_enable_shared_mem():
    """Deprecated in MindSpore 2.10: the ``set_enable_shared_mem`` setting (True by default)."""
    _warn_deprecated("get_enable_shared_mem")
    return _get_enable_shared_mem()


def set_iterator_mode(do_copy=False, parallel_convert=False):
    """How iterators hand out rows: ``do_copy`` (copy each array) and ``parallel_convert`` (convert in a
    thread); both bools."""
    from .validator_helpers import type_check
    type_check(do_copy, (bool,), "do_copy")
    type_check(parallel_convert, (bool,), "parallel_convert")
    _state["iterator_mode"] = {"do_copy": do_copy, "parallel_convert": parallel_convert}


def get_iterator_mode():
    """The ``set_iterator_mode`` settings as a dict (a copy)."""
    return dict(_state["iterator_mode"])


def _get_debug_hook_list():
    """The debug hooks of debug mode (None unless set)."""
    return _state["debug_hook_list"]


def _set_auto_workers_config(option):
    """The auto-workers heuristic's option, an int in [0, 6]."""
    if not isinstance(option, int) or isinstance(option, bool):
        raise TypeError("option isn't of type int.")
    if option < 0 or option > 6:
        raise ValueError("option isn't within the required range of [0, 6].")
    _state["auto_worker_config"] = option


def _init_device_info():
    """Turn on NUMA binding when ``DATASET_ENABLE_NUMA`` or ``MS_ENABLE_NUMA`` is ``True`` (the rank
    comes from the communication package; a CPU target needs nothing more)."""
    import os
    for env in ("DATASET_ENABLE_NUMA", "MS_ENABLE_NUMA"):
        value = os.getenv(env, None)
        if value and value.strip() == "True":
            _state["numa_enable"] = True
