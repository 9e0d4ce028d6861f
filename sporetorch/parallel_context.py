"""The auto-parallel, algorithm and parameter-server contexts.

``set_auto_parallel_context``/``get_auto_parallel_context``/``reset_auto_parallel_context``,
``set_algo_parameters`` (and get/reset) and ``set_ps_context`` (and get/reset) check their keys
and values as MindSpore 2.10 does and record them. ``DATA_PARALLEL`` (and ``HYBRID_PARALLEL``,
which without sharding strategies is data parallelism) makes the training wrappers all-reduce
gradients over the processes ``sporetorch.communication.init`` joined. ``SEMI_AUTO_PARALLEL`` and
``AUTO_PARALLEL`` (sharding operators across devices) and ``pipeline_stages`` > 1 are refused with
a NotImplementedError / ValueError that says so.
"""
import copy

__all__ = ["ParallelMode", "set_auto_parallel_context", "get_auto_parallel_context", "reset_auto_parallel_context",
           "set_algo_parameters", "get_algo_parameters", "reset_algo_parameters", "set_ps_context", "get_ps_context",
           "reset_ps_context"]

_NO_PIPELINE = "sporetorch trains data-parallel only (ParallelMode.DATA_PARALLEL); pipeline parallelism is not supported"
_NO_AUTO = ("sporetorch trains data-parallel only: use parallel_mode=ParallelMode.DATA_PARALLEL "
            "('data_parallel'); operator sharding (semi_auto_parallel, auto_parallel) is not supported")


class ParallelMode:
    """The values of ``set_auto_parallel_context(parallel_mode=...)``."""

    STAND_ALONE = "stand_alone"
    DATA_PARALLEL = "data_parallel"
    HYBRID_PARALLEL = "hybrid_parallel"
    SEMI_AUTO_PARALLEL = "semi_auto_parallel"
    AUTO_PARALLEL = "auto_parallel"
    MODE_LIST = [STAND_ALONE, DATA_PARALLEL, HYBRID_PARALLEL, SEMI_AUTO_PARALLEL, AUTO_PARALLEL]


def _comm_fusion_default():
    return {"openstate": True, "allreduce": {"mode": "auto", "config": None},
            "allgather": {"mode": "auto", "config": None}, "reducescatter": {"mode": "auto", "config": None}}


# MindSpore 2.10's defaults (get_auto_parallel_context after import).
_AUTO_PARALLEL_DEFAULTS = {
    "device_num": 1,
    "global_rank": 0,
    "gradients_mean": False,
    "gradient_fp32_sync": True,
    "loss_repeated_mean": True,
    "pipeline_stages": 1,
    "auto_pipeline": False,
    "pipeline_result_broadcast": False,
    "parallel_mode": ParallelMode.STAND_ALONE,
    "search_mode": "recursive_programming",
    "parameter_broadcast": False,
    "strategy_ckpt_load_file": "",
    "strategy_ckpt_save_file": "",
    "full_batch": False,
    "dataset_strategy": "data_parallel",
    "enable_parallel_optimizer": False,
    "force_fp32_communication": False,
    "grad_accumulation_step": 1,
    "all_reduce_fusion_config": [],
    "communi_parallel_mode": "all_group_parallel",
    "optimizer_weight_shard_size": -1,
    "optimizer_weight_shard_aggregated_save": False,
    "sharding_propagation": False,
    "enable_alltoall": False,
    "comm_fusion": _comm_fusion_default(),
    "strategy_ckpt_config": {"load_file": "", "save_file": "", "only_trainable_params": True},
    "full_batch_is_set": False,
    "dump_local_norm": False,
    "dump_local_norm_path": "",
    "dump_device_local_norm": False,
    "auto_parallel_new_interface": False,
    "init_param_in_compile": True,
    "pipeline_segments": 1,
    "pipeline_interleave": False,
    "pipeline_scheduler": "1f1b",
}
# Keys only set_auto_parallel_context takes (their values are folded into the gettable ones).
_SET_ONLY = {"auto_parallel_search_mode", "group_ckpt_save_file", "parallel_optimizer_config", "pipeline_config"}
_GET_ONLY = {"full_batch_is_set", "pipeline_interleave", "pipeline_scheduler"}
_BOOL_KEYS = {"gradients_mean", "gradient_fp32_sync", "loss_repeated_mean", "parameter_broadcast", "full_batch",
              "enable_parallel_optimizer", "force_fp32_communication", "sharding_propagation", "enable_alltoall",
              "auto_pipeline", "pipeline_result_broadcast", "optimizer_weight_shard_aggregated_save",
              "dump_local_norm", "dump_device_local_norm", "auto_parallel_new_interface", "init_param_in_compile"}
_STR_KEYS = {"parallel_mode", "search_mode", "auto_parallel_search_mode", "strategy_ckpt_load_file",
             "strategy_ckpt_save_file", "group_ckpt_save_file", "communi_parallel_mode", "dump_local_norm_path"}
_INT_KEYS = {"device_num", "global_rank", "pipeline_stages", "grad_accumulation_step", "optimizer_weight_shard_size",
             "pipeline_segments"}
_DICT_KEYS = {"comm_fusion", "strategy_ckpt_config", "parallel_optimizer_config", "pipeline_config"}
_SEARCH_MODES = ("recursive_programming", "dynamic_programming", "sharding_propagation")

_auto_parallel = copy.deepcopy(_AUTO_PARALLEL_DEFAULTS)
_device_num_set = [False]


def _check_type(key, value, expected):
    # MindSpore's args_type_check: an exact type check, except that bool passes for int.
    if not isinstance(value, expected):
        raise TypeError(f"The parameter '{key}' must be {expected}, but got {type(value)}")


def _check_auto_parallel_value(key, value):
    if key in _BOOL_KEYS:
        _check_type(key, value, bool)
    elif key in _STR_KEYS:
        _check_type(key, value, str)
    elif key in _INT_KEYS:
        _check_type(key, value, int)
    elif key in _DICT_KEYS:
        _check_type(key, value, dict)
    elif key == "all_reduce_fusion_config":
        _check_type(key, value, list)
    elif key == "dataset_strategy" and not isinstance(value, (str, tuple)):
        raise TypeError(f"The parameter 'dataset_strategy' must be str or tuple, but got {type(value)}")

    if key == "device_num":
        if value < 1:
            raise ValueError("The context configuration parameter 'device_num' must be a positive integer, "
                             f"but got the value of device_num : {value}.")
        if value > 4096:
            raise ValueError("The context configuration parameter 'device_num' must be in [1, 4096], "
                             f"but got the value of device_num : {value}.")
    elif key == "global_rank":
        if not 0 <= value <= 4095:
            raise ValueError("The context configuration parameter 'global_rank' must be in [0, 4095], "
                             f"but got the value of global_rank : {value}.")
    elif key == "parallel_mode" and value not in ParallelMode.MODE_LIST:
        raise ValueError("The context configuration parameter 'parallel_mode' only support 'stand_alone', "
                         "'data_parallel', 'hybrid_parallel', 'semi_auto_parallel' and 'auto_parallel', "
                         f"but got the value : {value}.")
    elif key == "parallel_mode" and value in (ParallelMode.SEMI_AUTO_PARALLEL, ParallelMode.AUTO_PARALLEL):
        raise NotImplementedError(f"set_auto_parallel_context(parallel_mode='{value}'): {_NO_AUTO}.")
    elif key in ("search_mode", "auto_parallel_search_mode") and value not in _SEARCH_MODES:
        raise ValueError("The context configuration parameter 'auto_parallel_search_mode' only support "
                         "'recursive_programming', 'dynamic_programming' and 'sharding_propagation', "
                         f"but got the value: {value}.")
    elif key == "pipeline_stages":
        if value < 1:
            raise ValueError("For 'set_auto_parallel_context', the argument 'pipeline_stages' should be greater or "
                             f"equal 1, but got the value of stages : {value}.")
        if value > 1:
            raise ValueError(f"set_auto_parallel_context(pipeline_stages={value}): {_NO_PIPELINE}; "
                             "use pipeline_stages=1.")
    elif key == "grad_accumulation_step" and value < 1:
        raise ValueError("For 'grad_accumulation_step', the input value must be int and must > 0, but got "
                         f"'{value}' with type 'int'.")
    elif key == "dataset_strategy" and isinstance(value, str) and value not in ("full_batch", "data_parallel"):
        raise ValueError("For 'set_auto_parallel_context', the argument 'dataset_strategy' must be 'full_batch' "
                         f"or 'data_parallel', but got the value : {value}.")
    elif key == "all_reduce_fusion_config" and not all(isinstance(i, int) for i in value):
        raise TypeError(f"For 'set_auto_parallel_context', the argument 'all_reduce_fusion_config' must be a list "
                        f"of int, but got {value}.")
    elif key == "comm_fusion":
        for name, setting in value.items():
            if name not in ("openstate", "allreduce", "allgather", "reducescatter"):
                raise KeyError(f"comm_fusion option must be openstate, allreduce, allgather or reducescatter, "
                               f"but got {name}.")
            if name == "openstate":
                _check_type("openstate", setting, bool)
            elif not isinstance(setting, dict) or "mode" not in setting:
                raise KeyError(f"For 'comm_fusion', {name} must be a dict with the keys 'mode' and 'config', "
                               f"but got {setting}.")


def _apply_auto_parallel(key, value):
    if key == "auto_parallel_search_mode":
        key = "search_mode"
    if key in ("parallel_optimizer_config", "pipeline_config", "group_ckpt_save_file"):
        _auto_parallel[key] = copy.deepcopy(value)
    elif key == "comm_fusion":
        for name, setting in value.items():
            _auto_parallel["comm_fusion"][name] = copy.deepcopy(setting)
    elif key == "strategy_ckpt_config":
        _auto_parallel["strategy_ckpt_config"].update(copy.deepcopy(value))
        _auto_parallel["strategy_ckpt_load_file"] = _auto_parallel["strategy_ckpt_config"]["load_file"]
        _auto_parallel["strategy_ckpt_save_file"] = _auto_parallel["strategy_ckpt_config"]["save_file"]
    elif key == "full_batch":
        _auto_parallel["full_batch"] = value
        _auto_parallel["full_batch_is_set"] = True
    elif key == "dataset_strategy":
        _auto_parallel["dataset_strategy"] = value
        if isinstance(value, str):
            _auto_parallel["full_batch"] = value == "full_batch"
    else:
        _auto_parallel[key] = copy.deepcopy(value)
        if key == "device_num":
            _device_num_set[0] = True


def device_num_is_set():
    """Whether ``device_num`` was set since the last reset (otherwise it is the group size)."""
    return _device_num_set[0]


def set_auto_parallel_context(**kwargs):
    """Set auto-parallel settings (``parallel_mode``, ``gradients_mean``, ``device_num``, ...).

    Every key and value is checked before any is applied: an unknown key is a ValueError, a value
    of the wrong type a TypeError, one out of range a ValueError (MindSpore 2.10's messages).
    ``parallel_mode`` ``'semi_auto_parallel'``/``'auto_parallel'`` raise NotImplementedError and
    ``pipeline_stages`` > 1 a ValueError: sporetorch trains data-parallel only.
    """
    for key, value in kwargs.items():
        if key in _GET_ONLY or (key not in _AUTO_PARALLEL_DEFAULTS and key not in _SET_ONLY):
            raise ValueError(f"Set context keyword {key} is not recognized!")
        _check_auto_parallel_value(key, value)
    for key, value in kwargs.items():
        _apply_auto_parallel(key, value)


def get_auto_parallel_context(attr_key):
    """Return one auto-parallel setting (a copy for lists and dicts)."""
    if attr_key not in _AUTO_PARALLEL_DEFAULTS:
        raise ValueError(f"Get context keyword {attr_key} is not recognized!")
    return copy.deepcopy(_auto_parallel[attr_key])


def reset_auto_parallel_context():
    """Restore every auto-parallel setting to its default (``parallel_mode='stand_alone'``, ...)."""
    _auto_parallel.clear()
    _auto_parallel.update(copy.deepcopy(_AUTO_PARALLEL_DEFAULTS))
    _device_num_set[0] = False


# --- algorithm parameters of the strategy search -------------------------------------------------
_ALGO_DEFAULTS = {
    "fully_use_devices": False,
    "elementwise_op_strategy_follow": False,
    "enable_algo_approxi": False,
    "algo_approxi_epsilon": 0.10000000149011612,  # MindSpore stores 0.1 as a float32
    "tensor_slice_align_enable": False,
    "tensor_slice_align_size": 16,
}
_algo = dict(_ALGO_DEFAULTS)


def _check_algo(key, value):
    if key not in _ALGO_DEFAULTS:
        raise ValueError(f"Set context keyword {key} is not recognized!")
    if key == "algo_approxi_epsilon":
        _check_type(key, value, float)
        if not 0 < value <= 1:
            raise RuntimeError("'epsilon' must be in (0, 1]")
    elif key == "tensor_slice_align_size":
        _check_type(key, value, int)
        if not 1 <= value <= 1024:
            raise ValueError(f"Align_size must be in [1, 1024], but got {value}")
    else:
        _check_type(key, value, bool)


def set_algo_parameters(**kwargs):
    """Set the parameters of the auto-parallel strategy search (recorded; the search itself needs
    several devices). Keys: ``fully_use_devices``, ``elementwise_op_strategy_follow``,
    ``enable_algo_approxi``, ``algo_approxi_epsilon``, ``tensor_slice_align_enable``,
    ``tensor_slice_align_size``."""
    for key, value in kwargs.items():
        _check_algo(key, value)
    _algo.update(kwargs)


def get_algo_parameters(attr_key):
    """Return one strategy-search parameter."""
    if attr_key not in _ALGO_DEFAULTS:
        raise ValueError(f"Get context keyword {attr_key} is not recognized!")
    return _algo[attr_key]


def reset_algo_parameters():
    """Restore the strategy-search parameters to their defaults."""
    _algo.clear()
    _algo.update(_ALGO_DEFAULTS)


# --- parameter server ------------------------------------------------------------------------------
_PS_DEFAULTS = {
    "enable_ps": False,
    "config_file_path": "",
    "enable_ssl": False,
    "client_password": "",
    "server_password": "",
    "scheduler_manage_port": 11202,
    "ms_role": "MS_NOT_PS",
    "worker_num": 0,
    "server_num": 0,
    "scheduler_ip": "127.0.0.1",
    "scheduler_port": 6667,
}
_PS_SETTABLE = {"enable_ps": bool, "config_file_path": str, "enable_ssl": bool, "client_password": str,
                "server_password": str, "scheduler_manage_port": int}
_PS_GETTABLE = ("enable_ps", "config_file_path", "enable_ssl", "ms_role", "worker_num", "server_num",
                "scheduler_ip", "scheduler_port")
_ps = dict(_PS_DEFAULTS)


def set_ps_context(**kwargs):
    """Set parameter-server settings (``enable_ps``, ``config_file_path``, ``enable_ssl``, ...).

    They are checked and recorded. The parameter-server role itself comes from the ``MS_ROLE``
    environment variable of a multi-process launch, which sporetorch does not do, so
    ``get_ps_context("ms_role")`` stays ``"MS_NOT_PS"`` and training runs in this process.
    """
    for key, value in kwargs.items():
        if key not in _PS_SETTABLE:
            raise ValueError(f"Set PS context keyword {key} is not recognized!")
        _check_type(key, value, _PS_SETTABLE[key])
        if key == "scheduler_manage_port" and not 1 <= value <= 65535:
            raise ValueError(f"The parameter 'scheduler_manage_port' must be in [1, 65535], but got {value}.")
    _ps.update(kwargs)


def get_ps_context(attr_key):
    """Return one parameter-server setting."""
    if attr_key not in _PS_GETTABLE:
        raise ValueError(f"Get PS context keyword {attr_key} is not recognized!")
    return _ps[attr_key]


def reset_ps_context():
    """Restore the parameter-server settings to their defaults."""
    _ps.clear()
    _ps.update(_PS_DEFAULTS)
