"""``Profiler`` (``mindspore.Profiler``) and ``sporetorch.profiler`` (``profile``, ``schedule``,
``ProfilerActivity``, ``ProfilerLevel``, ``tensorboard_trace_handler``) on ``torch.profiler``.

MindSpore's common arguments map onto torch's: ``activities`` (CPU, and GPU/NPU as CUDA),
``schedule``, ``on_trace_ready``, ``profile_memory``, ``with_stack``, ``record_shapes``; the
Ascend-only ones (``profiler_level``, ``aic_metrics``, ``l2_cache``, ...) are accepted and have no
effect. ``analyse()`` writes torch's Chrome trace (``trace.json``, viewable in Perfetto or
chrome://tracing) and the operator table (``op_statistic.txt``) into ``output_path``.
"""
import enum
import os
import warnings

import torch
import torch.profiler as _tp

__all__ = ["Profiler", "profile", "schedule", "ProfilerActivity", "ProfilerLevel", "tensorboard_trace_handler"]


class ProfilerActivity(enum.Enum):
    """What to profile: the host (CPU) or the accelerator (NPU/GPU, both CUDA here)."""

    NPU = "NPU"
    GPU = "GPU"
    CPU = "CPU"


class ProfilerLevel(enum.Enum):
    """Ascend's profiling levels; accepted for compatibility, torch profiles one level."""

    LevelNone = "LevelNone"
    Level0 = "Level0"
    Level1 = "Level1"
    Level2 = "Level2"


class schedule:  # noqa: N801 - MindSpore's name
    """Which steps ``Profiler.step()`` records: skip ``skip_first`` steps, then repeat ``repeat``
    times (0: forever) a cycle of ``wait`` idle, ``warmup`` warm-up and ``active`` recorded steps."""

    def __init__(self, *, wait, active, warmup=0, repeat=0, skip_first=0):
        for name, value in (("wait", wait), ("active", active), ("warmup", warmup), ("repeat", repeat),
                            ("skip_first", skip_first)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"For 'schedule', '{name}' must be a non-negative int, but got {value!r}.")
        if active < 1:
            raise ValueError(f"For 'schedule', 'active' must be at least 1, but got {active}.")
        self.wait, self.active, self.warmup, self.repeat, self.skip_first = wait, active, warmup, repeat, skip_first
        self._fn = _tp.schedule(wait=wait, warmup=warmup, active=active, repeat=repeat, skip_first=skip_first)

    def __call__(self, step):
        return self._fn(step)


def tensorboard_trace_handler(dir_name=None, worker_name=None, analyse_flag=True, async_mode=False):
    """An ``on_trace_ready`` callback writing each recorded cycle as a TensorBoard trace into ``dir_name``
    (default ``./data``). ``analyse_flag`` and ``async_mode`` steer MindSpore's own analysis and are
    accepted for compatibility."""
    return _tp.tensorboard_trace_handler(dir_name or "./data", worker_name=worker_name, use_gzip=False)


_ASCEND_ONLY = {"profiler_level", "aic_metrics", "data_simplification", "l2_cache", "hbm_ddr", "pcie", "sync_enable",
                "data_process", "parallel_strategy", "mstx", "export_type", "mstx_domain_include",
                "mstx_domain_exclude", "sys_io", "sys_interconnection", "host_sys", "timeline_limit",
                "record_shapes_sync", "experimental_config", "hardware_metrics", "ascend_job_id", "profile_framework",
                "profile_communication",
                "op_time"}
_KNOWN = {"start_profile", "output_path", "activities", "schedule", "on_trace_ready", "profile_memory", "with_stack",
          "record_shapes"} | _ASCEND_ONLY


def _torch_activities(activities):
    wanted = set()
    for activity in activities:
        if not isinstance(activity, ProfilerActivity):
            raise TypeError(f"For 'Profiler', 'activities' must hold ProfilerActivity members, but got {activity!r}.")
        if activity is ProfilerActivity.CPU:
            wanted.add(_tp.ProfilerActivity.CPU)
        elif torch.cuda.is_available():
            wanted.add(_tp.ProfilerActivity.CUDA)
    return sorted(wanted, key=lambda a: a.name) or [_tp.ProfilerActivity.CPU]


class Profiler:
    """Profile the operations run between ``start()`` and ``stop()`` (from construction when
    ``start_profile=True``, the default) and write the results with ``analyse()``.

    Args (keyword only):
        start_profile (bool): start at once. Default: True.
        output_path (str): where ``analyse`` writes. Default: ``"./data"``.
        activities (list[ProfilerActivity]): CPU and/or GPU/NPU (CUDA). Default: CPU and the accelerator.
        schedule (schedule): which ``step()`` calls are recorded. Default: None (everything).
        on_trace_ready (callable): called with the torch profile when a scheduled cycle ends.
        profile_memory (bool): record tensor allocations. Default: False.
        with_stack (bool): record Python stacks. Default: False.
        record_shapes (bool): record operator input shapes. Default: False.

    Differences from MindSpore: results are torch.profiler's (a Chrome trace and an operator
    table), not MindSpore's ASCEND_PROFILER_OUTPUT folder.
    """

    def __init__(self, **kwargs):
        unknown = set(kwargs) - _KNOWN
        if unknown:
            raise TypeError(f"For 'Profiler', unexpected arguments {sorted(unknown)}.")
        ignored = sorted(set(kwargs) & _ASCEND_ONLY)
        if ignored:
            warnings.warn(f"Profiler: {ignored} configure Ascend profiling and have no effect in sporetorch.",
                          stacklevel=2)
        self.output_path = kwargs.get("output_path", "./data")
        if not isinstance(self.output_path, str):
            raise TypeError(f"For 'Profiler', 'output_path' must be a str, but got {type(self.output_path).__name__}.")
        activities = kwargs.get("activities", [ProfilerActivity.CPU, ProfilerActivity.NPU])
        sched = kwargs.get("schedule")
        if sched is not None and not callable(sched):
            raise TypeError(f"For 'Profiler', 'schedule' must be a schedule, but got {type(sched).__name__}.")
        self._prof = _tp.profile(activities=_torch_activities(activities), schedule=sched,
                                 on_trace_ready=kwargs.get("on_trace_ready"),
                                 profile_memory=bool(kwargs.get("profile_memory", False)),
                                 with_stack=bool(kwargs.get("with_stack", False)),
                                 record_shapes=bool(kwargs.get("record_shapes", False)))
        self._running = False
        if kwargs.get("start_profile", True):
            self.start()

    def start(self):
        """Start recording."""
        if not self._running:
            self._prof.start()
            self._running = True

    def stop(self):
        """Stop recording."""
        if self._running:
            self._prof.stop()
            self._running = False

    def step(self):
        """Mark the end of a training step (drives ``schedule``)."""
        self._prof.step()

    def add_metadata(self, key, value):
        """Attach a string key/value to the trace."""
        if not isinstance(key, str) or not isinstance(value, str):
            raise TypeError("For 'Profiler.add_metadata', key and value must be str.")
        self._prof.add_metadata(key, value)

    def add_metadata_json(self, key, value):
        """Attach a JSON string under ``key`` to the trace."""
        self.add_metadata(key, value)

    def key_averages(self):
        """torch's per-operator statistics of what was recorded."""
        return self._prof.key_averages()

    def analyse(self, offline_path=None, pretty=False, step_list=None, mode="sync"):
        """Stop recording and write ``trace.json`` and ``op_statistic.txt`` into ``output_path``;
        returns the trace's path."""
        self.stop()
        out = offline_path or self.output_path
        os.makedirs(out, exist_ok=True)
        trace = os.path.join(out, "trace.json")
        self._prof.export_chrome_trace(trace)
        with open(os.path.join(out, "op_statistic.txt"), "w", encoding="utf-8") as f:
            f.write(self._prof.key_averages().table(sort_by="self_cpu_time_total"))
        return trace

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()
        return False


class profile(Profiler):  # noqa: N801 - MindSpore's name (mindspore.profiler.profile)
    """``mindspore.profiler.profile``: a Profiler used as a context manager; it starts on ``with``
    (not at construction) unless ``start_profile=True`` is given."""

    def __init__(self, **kwargs):
        kwargs.setdefault("start_profile", False)
        super().__init__(**kwargs)
