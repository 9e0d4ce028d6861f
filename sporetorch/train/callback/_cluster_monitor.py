"""MindSpore 2.10's ``ClusterMonitor`` (``mindspore.train.callback._cluster_monitor``): with the CCAE settings of
``PERF_DUMP_CONFIG`` (``enable:true,steptime:true,dtpGroup:true``) it writes the run's identity, each step's
start and end time and the pipeline/data/tensor-parallel rank groups to ``$PERF_DUMP_PATH/perf_ms_PID_DEV.log``."""
import glob
import os
import stat
import time
from threading import RLock

from .._utils import _get_pp_size_from_redundancy_map, get_parameter_redundancy
from ._callback import Callback

_perf_mutex = RLock()


def _get_dp_tp_from_redundancy(redundancy_tuple):
    """``(dp, tp)``: the data-parallel groups (the redundancy groups) and the tensor-parallel ones (their
    i-th members)."""
    dp = [list(group) for group in redundancy_tuple]
    tp = [[group[i] for group in redundancy_tuple] for i in range(len(redundancy_tuple[0]))]
    return dp, tp


def _get_dp_tp_from_layout(parameter_layout_dict, initial_rank=None):
    """``(dp, tp)`` of the parameter with the most redundancy groups in a layout dict."""
    dp, tp, most = [], [], 0
    for groups in get_parameter_redundancy(parameter_layout_dict, initial_rank).values():
        if len(groups) > most:
            most = len(groups)
            dp, tp = _get_dp_tp_from_redundancy(groups)
    return dp, tp


def _check_perf_config(perf_config):
    """``enable``, ``steptime`` and ``dtpGroup`` must be bools."""
    for key, label in (("enable", "enabled"), ("steptime", "enable_step_time"), ("dtpGroup", "enabled_dtp_group")):
        value = perf_config.get(key, None)
        if value is None or not isinstance(value, bool):
            raise TypeError(f"For cluster monitor, {label} should be bool, but got {type(value)}.")


def _parse_perf_config():
    """``PERF_DUMP_CONFIG`` (``key:value,...``) as a dict of bools, ints and strs, checked; {} when unset."""
    text = os.getenv("PERF_DUMP_CONFIG")
    config = {}
    if text is None:
        return config
    for pair in text.split(","):
        key, value = pair.split(":")
        if value.lower() in ("true", "false"):
            config[key] = value.lower() == "true"
        elif value.isdigit():
            config[key] = int(value)
        else:
            config[key] = value
    _check_perf_config(config)
    return config


def _remove_pre_log():
    """Remove this device's earlier ``perf_ms_*_DEV.log`` files from ``PERF_DUMP_PATH`` (not symlinks)."""
    from ...communication.management import get_local_rank
    pattern = os.path.join(os.getenv("PERF_DUMP_PATH"), f"perf_ms_*_{get_local_rank()}.log")
    for path in glob.glob(pattern):
        if not os.path.islink(path):
            os.remove(path)


def _device_num():
    from ...communication.management import get_group_size
    try:
        return get_group_size()
    except RuntimeError:  # communication not initialised: one device
        return 1


class ClusterMonitor(Callback):
    """Write CCAE's cluster-monitoring log (see the module docstring). ``PERF_DUMP_PATH`` must be set."""

    def __init__(self):
        super().__init__()
        from ...communication.management import get_local_rank, get_rank
        self.perf_config = _parse_perf_config()
        self.enabled = self.perf_config.get("enable")
        self.enable_step_time = self.perf_config.get("steptime")
        self.enabled_dtp_group = self.perf_config.get("dtpGroup")
        self.data_time_start = None
        self.data_time_end = None
        self.frame_work = "MindSpore"
        self.ms_sched_host = os.getenv("MS_SCHED_HOST", "127.0.0.1")
        self.ms_sched_port = os.getenv("MS_SCHED_PORT", "8888")
        self.uuid_value = self.ms_sched_host + "_" + self.ms_sched_port
        self.global_rank = get_rank()
        self.process_id = os.getpid()
        self.device_id = get_local_rank()
        self.log_name = f"perf_ms_{self.process_id}_{self.device_id}.log"
        self.log_path = os.getenv("PERF_DUMP_PATH")
        if not self.log_path.endswith(os.path.sep):
            self.log_path += os.path.sep
        self.full_path = self.log_path + self.log_name
        self.write_dp_tp_flag = True

    def _append(self, text):
        with _perf_mutex:
            os.chmod(self.full_path, stat.S_IWUSR)
            with open(self.full_path, "a", encoding="utf-8") as f:
                f.write(text)
            os.chmod(self.full_path, stat.S_IRUSR)

    def begin(self, run_context):
        """Start the log: UUID, framework and global rank."""
        _remove_pre_log()
        with _perf_mutex:
            os.makedirs(os.path.dirname(self.full_path), mode=0o700, exist_ok=True)
            if os.path.exists(self.full_path):
                os.chmod(self.full_path, stat.S_IWUSR)
                os.remove(self.full_path)
            with open(self.full_path, "w", encoding="utf-8") as f:
                f.write(f"UUID:{self.uuid_value}\nFRAMEWORK:{self.frame_work}\nGLOBAL RANKID:{self.global_rank}\n")
            os.chmod(self.full_path, stat.S_IRUSR)

    def step_begin(self, run_context):
        """Record the step's start time."""
        self.data_time_start = time.time()

    def step_end(self, run_context):
        """Record the step's end time; write the parallel groups once and each step's times."""
        self.data_time_end = time.time()
        if self.enabled and self.enabled_dtp_group and self.write_dp_tp_flag:
            layout = run_context.original_args().train_network.parameter_layout_dict
            device_num = _device_num()
            pp_size = _get_pp_size_from_redundancy_map(get_parameter_redundancy(layout))
            ranks = list(range(device_num))
            lines = [f"PP:{ranks[i:min(i + pp_size, device_num)]}\n" for i in range(0, device_num, pp_size)]
            dp, tp = _get_dp_tp_from_layout(layout)
            lines += [f"dp:{v}\n" for v in dp] + [f"tp:{v}\n" for v in tp]
            self._append("".join(lines))
            self.write_dp_tp_flag = False
        if self.enabled and self.enable_step_time:
            self._append(f"STEPTIME:{int(self.data_time_start * 1000)},{int(self.data_time_end * 1000)}\n")
