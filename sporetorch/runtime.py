"""Runtime controls: device synchronisation, memory statistics, streams and events, determinism,
memory and CPU-affinity settings, and ``run_check``.

On a CUDA default device (``set_context(device_target="GPU")``) these call ``torch.cuda``. On CPU,
where torch executes every operation synchronously and keeps no memory statistics, they behave as
MindSpore 2.10 does on its CPU backend: synchronisation is immediate, every memory figure is 0,
and there is one stream on which all work runs in order; ``empty_cache`` gives back what GRAPH_MODE's
host memory pool keeps (``sporetorch._accel``).
"""
import gc
import os
import re
import time
import warnings

import torch

from . import _device
from . import _accel
from . import context as _context

__all__ = ["synchronize", "empty_cache", "memory_allocated", "max_memory_allocated", "memory_reserved",
           "max_memory_reserved", "memory_stats", "memory_summary", "reset_peak_memory_stats",
           "reset_max_memory_allocated", "reset_max_memory_reserved", "set_deterministic", "run_check", "Stream",
           "Event", "current_stream", "default_stream", "set_cur_stream", "StreamCtx", "communication_stream",
           "set_memory", "set_cpu_affinity", "launch_blocking", "ms_memory_recycle", "set_dump",
           "dispatch_threads_num"]


def _cuda_device():
    """The default device when it is a CUDA device, else None."""
    device = _device.default_device()
    return device if device.type == "cuda" else None


def synchronize():
    """Wait until every operation queued on the current device has finished."""
    device = _cuda_device()
    if device is not None:
        torch.cuda.synchronize(device)


def empty_cache():
    """Release the cached, unused memory of the caching allocator: torch's on a CUDA device, on the
    CPU the free host memory that GRAPH_MODE's host memory pool keeps."""
    if _cuda_device() is not None:
        torch.cuda.empty_cache()
    else:
        _accel.release_host_memory()


def _cuda_figure(fn):
    device = _cuda_device()
    return int(fn(device)) if device is not None else 0


def memory_allocated():
    """Bytes of device memory held by tensors now (0 on CPU, as in MindSpore)."""
    return _cuda_figure(torch.cuda.memory_allocated)


def max_memory_allocated():
    """Peak of ``memory_allocated`` since start or the last reset (0 on CPU)."""
    return _cuda_figure(torch.cuda.max_memory_allocated)


def memory_reserved():
    """Bytes of device memory held by the caching allocator (0 on CPU)."""
    return _cuda_figure(torch.cuda.memory_reserved)


def max_memory_reserved():
    """Peak of ``memory_reserved`` since start or the last reset (0 on CPU)."""
    return _cuda_figure(torch.cuda.max_memory_reserved)


def _pool_stats():
    return {"block_unit_size": 0, "block_counts": 0, "blocks_info": {}}


def memory_stats():
    """Memory-pool figures in bytes, with MindSpore 2.10's keys.

    ``total_reserved_memory``, ``total_allocated_memory``, ``total_idle_memory`` (reserved but not
    allocated), ``total_eager_free_memory``, ``max_reserved_memory``, ``max_allocated_memory``, and
    ``common_mem_pool_stats``/``persistent_mem_pool_stats`` (block details MindSpore's own pool
    reports; torch's allocator has no such blocks, so they are empty).
    """
    reserved, allocated = memory_reserved(), memory_allocated()
    return {
        "total_reserved_memory": reserved,
        "total_allocated_memory": allocated,
        "total_idle_memory": reserved - allocated,
        "total_eager_free_memory": 0,
        "max_reserved_memory": max_memory_reserved(),
        "max_allocated_memory": max_memory_allocated(),
        "common_mem_pool_stats": _pool_stats(),
        "persistent_mem_pool_stats": _pool_stats(),
    }


def _format_bytes(size):
    # MindSpore's table moves to the next unit while the value is at least 768 Ki of the current one.
    units = ("B  ", "KB", "MB", "GB", "TB", "PB")
    index, scaled, exact = 0, size, float(size)
    while index < len(units) - 1 and exact >= 768 * 1024:
        index, scaled, exact = index + 1, scaled // 1024, exact / 1024
    return f"{scaled:6d} {units[index]}"


_SUMMARY_ROWS = (("total_reserved_memory", "Reserved memory"), ("total_allocated_memory", "Allocated memory"),
                 ("total_idle_memory", "Idle memory"), ("total_eager_free_memory", "Eager free memory"),
                 ("max_reserved_memory", "Max reserved memory"), ("max_allocated_memory", "Max allocated memory"))


def memory_summary():
    """``memory_stats`` as MindSpore's text table."""
    stats = memory_stats()
    rows = ["=" * 45, " {:^43} ".format("Memory summary"), "=" * 45, " {:<20} | {:<20} ".format("Metric", "Data")]
    for key, label in _SUMMARY_ROWS:
        rows += ["-" * 45, " {:<20} | {:<20} ".format(label, _format_bytes(stats[key]))]
    rows.append("=" * 45)
    return "".join(f"|{row}|\n" for row in rows)


def reset_peak_memory_stats():
    """Restart the peaks reported by ``max_memory_allocated``/``max_memory_reserved``."""
    device = _cuda_device()
    if device is not None:
        torch.cuda.reset_peak_memory_stats(device)


def reset_max_memory_allocated():
    """Restart the peak reported by ``max_memory_allocated``."""
    reset_peak_memory_stats()


def reset_max_memory_reserved():
    """Restart the peak reported by ``max_memory_reserved``."""
    reset_peak_memory_stats()


def ms_memory_recycle():
    """Release memory cached for networks no longer used: collect garbage, then ``empty_cache``."""
    gc.collect()
    empty_cache()


def launch_blocking():
    """Run device operations synchronously so an error points at the line that caused it.

    On CPU torch already runs every operation synchronously. For CUDA this sets
    ``CUDA_LAUNCH_BLOCKING=1``, which takes effect only when called before CUDA is first used;
    it also records ``get_context("pynative_synchronize") == True``.
    """
    os.environ["CUDA_LAUNCH_BLOCKING"] = "1"
    if torch.cuda.is_available() and torch.cuda.is_initialized():
        warnings.warn("launch_blocking() was called after CUDA started; CUDA operations stay asynchronous. Call "
                      "it before the first CUDA operation (or set CUDA_LAUNCH_BLOCKING=1).", stacklevel=2)
    _context.set_context(pynative_synchronize=True)


# --- determinism, memory and affinity settings: each may be set once, as in MindSpore ------------------
_once = set()


def _set_once(name, verb="can not"):
    if name in _once:
        raise RuntimeError(f"The '{name}' {verb} be set repeatedly.")
    _once.add(name)


def set_deterministic(deterministic):
    """Make every operation deterministic (``True``) or allow nondeterministic kernels (``False``).

    Calls ``torch.use_deterministic_algorithms`` (and sets ``CUBLAS_WORKSPACE_CONFIG``, which
    deterministic cuBLAS needs) and records ``get_context("deterministic")`` as ``"ON"``/``"OFF"``.
    It can be set once per process, as in MindSpore.
    """
    if not isinstance(deterministic, bool):
        raise TypeError(f"The parameter 'deterministic' must be {bool}, but got {type(deterministic)}")
    _set_once("mindspore.set_deterministic")
    if deterministic:
        os.environ.setdefault("CUBLAS_WORKSPACE_CONFIG", ":4096:8")
    torch.use_deterministic_algorithms(deterministic)
    torch.backends.cudnn.deterministic = deterministic
    if deterministic:
        torch.backends.cudnn.benchmark = False  # autotuning may pick a different kernel per run
    _context.set_context(deterministic="ON" if deterministic else "OFF")


_SIZE = re.compile(r"[1-9][0-9]*(\.)?[0-9]*GB|0\.[0-9]*GB", re.ASCII)
_HUGE_PAGE_SIZE = re.compile(r"[0-9]+(\.[0-9]*)?GB", re.ASCII)  # may be 0GB, its default


def set_memory(init_size="2GB", increase_size="2GB", max_size="1024GB", optimize_level="O0",
               huge_page_reserve_size="0GB"):
    """Configure MindSpore's memory pool (sizes like ``"2GB"``, ``optimize_level`` "O0"/"O1").

    torch's caching allocator sizes itself, so the arguments are checked as MindSpore checks them
    and only ``max_size`` acts: on a CUDA device it caps the process's share of device memory
    (``torch.cuda.set_per_process_memory_fraction``). It can be set once per process.
    """
    sizes = {"init_size": init_size, "increase_size": increase_size, "max_size": max_size,
             "huge_page_reserve_size": huge_page_reserve_size}
    for name, size in sizes.items():
        if not isinstance(size, str):
            raise TypeError(f"For 'set_memory', the argument '{name}' must be a str like '2GB', but got "
                            f"{type(size).__name__}.")
        pattern = _HUGE_PAGE_SIZE if name == "huge_page_reserve_size" else _SIZE
        if not pattern.fullmatch(size):
            raise ValueError(f"The '{size}' is illegal, it must be match regular'{pattern.pattern}' by "
                             "flags're.ASCII.'")
    if optimize_level not in ("O0", "O1"):
        raise ValueError(f"The optimize_level must be one of ['O0', 'O1'], but got {optimize_level}.")
    _set_once("set_memory")
    device = _cuda_device()
    if device is not None and max_size != "1024GB":
        total = torch.cuda.get_device_properties(device).total_memory
        torch.cuda.set_per_process_memory_fraction(min(1.0, float(max_size[:-2]) * 1024 ** 3 / total), device)


def set_cpu_affinity(enable_affinity, affinity_cpu_list=None, module_to_cpu_dict=None, bind_file=None):
    """Bind this process to CPU cores (``os.sched_setaffinity``) when ``enable_affinity`` is true.

    ``affinity_cpu_list`` is a list of ``"a-b"`` core ranges (or ``{device: [ranges]}`` as in
    MindSpore, where the current device's entry is used); None keeps the cores the process may use.
    ``module_to_cpu_dict`` and ``bind_file`` bind MindSpore's own runtime threads, which sporetorch
    does not have; they are accepted and ignored. It can be set once per process.
    """
    if not isinstance(enable_affinity, (bool, int)):
        raise TypeError(f"For 'set_cpu_affinity', 'enable_affinity' must be bool, but got "
                        f"{type(enable_affinity).__name__}.")
    cores = _parse_cpu_list(affinity_cpu_list) if affinity_cpu_list is not None else None
    _set_once("mindspore.runtime.set_cpu_affinity", "cannot")
    if enable_affinity and cores and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, cores)


def _parse_cpu_list(spec):
    if isinstance(spec, dict):
        key = f"device{_context.get_context('device_id')}"
        spec = spec.get(key, next(iter(spec.values()), []))
    if not isinstance(spec, (list, tuple)):
        raise TypeError(f"For 'set_cpu_affinity', 'affinity_cpu_list' must be a list of 'a-b' ranges, but got "
                        f"{type(spec).__name__}.")
    cores = set()
    for item in spec:
        match = re.fullmatch(r"(\d+)-(\d+)", item) if isinstance(item, str) else None
        if match is None or int(match.group(1)) > int(match.group(2)):
            raise ValueError(f"For 'set_cpu_affinity', each entry of 'affinity_cpu_list' must be a range 'a-b' with "
                             f"a <= b, but got {item!r}.")
        cores.update(range(int(match.group(1)), int(match.group(2)) + 1))
    return cores


def dispatch_threads_num(threads_num):
    """Record the number of MindSpore runtime dispatch threads (default 5); set once per process.

    torch dispatches each operation on the calling thread, so the value changes nothing here;
    intra-op parallelism is ``torch.set_num_threads``.
    """
    if not isinstance(threads_num, int) or isinstance(threads_num, bool):
        raise TypeError(f"The parameter 'threads_num' must be {int}, but got {type(threads_num)}")
    if threads_num < 1:
        raise ValueError(f"For 'dispatch_threads_num', 'threads_num' must be positive, but got {threads_num}.")
    _set_once("dispatch_threads_num")


def set_dump(target, enabled=True):
    """Mark a Cell or Primitive for MindSpore's Ascend data dump (``target.dump`` records the flag).

    The dump itself is an Ascend tool; as MindSpore does on CPU and GPU, sporetorch warns that
    nothing is dumped. Forward hooks (``Cell.register_forward_hook``) capture tensors instead.
    """
    from .nn.cell import Cell
    from .ops.primitive import Primitive
    if not isinstance(target, (Cell, Primitive)):
        raise ValueError('The "target" parameter must be an instance of Cell or Primitive, but got an instance of '
                         f"{type(target)}.")
    if not isinstance(enabled, bool):
        raise ValueError('The "enabled" parameter must be bool.')
    warnings.warn(f"Current device_target is {_context.get_context('device_target')}, which is not supported by "
                  "set_dump (an Ascend tool); nothing is dumped. Use Cell.register_forward_hook to capture tensors.",
                  stacklevel=2)
    if isinstance(target, Cell):
        target.__dict__["dump"] = enabled
    else:
        target.add_prim_attr("dump", enabled)


def run_check():
    """Check the installation: multiply two tensors on the current device and print the result."""
    from .common.tensor import Tensor
    from . import __version__
    print(f"sporetorch version:  {__version__} (PyTorch {torch.__version__})")
    target = _context.get_context("device_target")
    try:
        a = Tensor([[1.0, 2.0], [3.0, 4.0]])
        product = (a * a)._t.cpu().tolist()
        if product != [[1.0, 4.0], [9.0, 16.0]]:
            raise RuntimeError(f"1*1, 2*2, 3*3, 4*4 gave {product}")
        print(f"The result of multiplication calculation is correct, sporetorch has been installed on platform "
              f"[{target}] successfully!")
    except Exception as e:  # pylint: disable=broad-except - the check reports any failure, as MindSpore's does
        print("sporetorch running check failed.")
        print(str(e))


# --- streams and events ----------------------------------------------------------------------------------
class Stream:
    """A device stream: operations issued while it is current run in order on it.

    Args:
        priority (int): lower numbers run first where the device supports priorities. Default: 0.
        stream (torch.cuda.Stream): wrap an existing torch stream instead of creating one (keyword only).

    On a CUDA device this is a ``torch.cuda.Stream``. On CPU all work runs synchronously on one
    stream, so every Stream stands for that stream: ``query`` is always true and waits return at once.
    """

    def __init__(self, priority=0, **kwargs):
        if not isinstance(priority, int) or isinstance(priority, bool):
            raise TypeError(f"For 'Stream', the argument 'priority' must be int, but got {type(priority).__name__}.")
        unknown = set(kwargs) - {"stream"}
        if unknown:
            raise TypeError(f"For 'Stream', unexpected keyword arguments {sorted(unknown)}.")
        torch_stream = kwargs.get("stream")
        device = _cuda_device()
        if torch_stream is None and device is not None:
            torch_stream = torch.cuda.Stream(device=device, priority=priority)
        self._s = torch_stream

    @classmethod
    def _from_torch(cls, torch_stream):
        return cls(stream=torch_stream)

    @property
    def device_name(self):
        return "GPU" if self._s is not None else "CPU"

    @property
    def device_id(self):
        return self._s.device.index if self._s is not None else 0

    @property
    def id(self):
        """The stream's id (0 for the CPU stream)."""
        return self._s.stream_id if self._s is not None else 0

    stream_id = id

    @property
    def stream_ptr(self):
        return self._s.cuda_stream if self._s is not None else 0

    def query(self):
        """True when every operation on the stream has finished."""
        return self._s.query() if self._s is not None else True

    def synchronize(self):
        """Wait for every operation on the stream."""
        if self._s is not None:
            self._s.synchronize()

    def record_event(self, event=None):
        """Record ``event`` (a new Event when None) on this stream and return it."""
        event = Event() if event is None else event
        event.record(self)
        return event

    def wait_event(self, event):
        """Make later work on this stream wait for ``event``."""
        _check_event(event, "Stream.wait_event")
        event.wait(self)

    def wait_stream(self, stream):
        """Make later work on this stream wait for the work queued on ``stream`` so far."""
        _check_stream(stream, "Stream.wait_stream")
        if self._s is not None and stream._s is not None:
            self._s.wait_stream(stream._s)

    def __eq__(self, other):
        return isinstance(other, Stream) and self._s == other._s

    def __hash__(self):
        return hash(self._s)

    def __repr__(self):
        return f"Stream(device_name={self.device_name}, device_id:{self.device_id}, stream id:{self.id})"


def _check_stream(stream, fn):
    if not isinstance(stream, Stream):
        raise TypeError(f"For '{fn}', the argument must be a mindspore Stream, but got {type(stream).__name__}.")


def _check_event(event, fn):
    if not isinstance(event, Event):
        raise TypeError(f"For '{fn}', the argument must be a mindspore Event, but got {type(event).__name__}.")


class Event:
    """A marker in a stream, used to wait for or time work.

    Args:
        enable_timing (bool): whether ``elapsed_time`` can measure from this event. Default: False.
        blocking (bool): whether ``synchronize`` blocks the host (CUDA). Default: False.

    On CPU, where work runs synchronously, recording takes the host time and every query is true.
    """

    def __init__(self, enable_timing=False, blocking=False):
        self.enable_timing = bool(enable_timing)
        self.blocking = bool(blocking)
        self._e = torch.cuda.Event(enable_timing=self.enable_timing, blocking=self.blocking) \
            if _cuda_device() is not None else None
        self._time = None

    def record(self, stream=None):
        """Record the event on ``stream`` (the current stream when None)."""
        stream = current_stream() if stream is None else stream
        _check_stream(stream, "Event.record")
        if self._e is not None and stream._s is not None:
            self._e.record(stream._s)
        self._time = time.perf_counter()

    def wait(self, stream=None):
        """Make later work on ``stream`` (the current stream when None) wait for this event."""
        stream = current_stream() if stream is None else stream
        _check_stream(stream, "Event.wait")
        if self._e is not None and stream._s is not None:
            self._e.wait(stream._s)

    def query(self):
        """True when the work recorded before the event has finished."""
        return self._e.query() if self._e is not None else True

    def synchronize(self):
        """Wait until the work recorded before the event has finished."""
        if self._e is not None:
            self._e.synchronize()

    def elapsed_time(self, end_event):
        """Milliseconds between this event and ``end_event`` (both recorded, with enable_timing)."""
        _check_event(end_event, "Event.elapsed_time")
        if not (self.enable_timing and end_event.enable_timing):
            raise RuntimeError("For 'Event.elapsed_time', both events must be created with enable_timing=True.")
        if self._time is None or end_event._time is None:
            raise RuntimeError("For 'Event.elapsed_time', both events must be recorded first.")
        if self._e is not None and end_event._e is not None:
            return self._e.elapsed_time(end_event._e)
        return (end_event._time - self._time) * 1000.0


# On CPU there is one stream; ``set_cur_stream`` can still hand a Stream object back from current_stream.
_cpu = {"default": None, "current": None}


def _cpu_stream(kind):
    if _cpu["default"] is None:
        _cpu["default"] = Stream()
    return _cpu[kind] or _cpu["default"]


def current_stream():
    """The stream operations are issued to now."""
    device = _cuda_device()
    if device is not None:
        return Stream._from_torch(torch.cuda.current_stream(device))
    return _cpu_stream("current")


def default_stream():
    """The device's default stream."""
    device = _cuda_device()
    if device is not None:
        return Stream._from_torch(torch.cuda.default_stream(device))
    return _cpu_stream("default")


_communication = {}


def communication_stream():
    """The stream collective communication runs on (one per device, made on first use)."""
    device = _cuda_device()
    if device is None:
        return _cpu_stream("default")
    if device not in _communication:
        _communication[device] = Stream()
    return _communication[device]


def set_cur_stream(stream):
    """Make ``stream`` the current stream."""
    _check_stream(stream, "set_cur_stream")
    if stream._s is not None:
        torch.cuda.set_stream(stream._s)
    else:
        _cpu["current"] = stream


class StreamCtx:
    """Context manager that makes ``ctx_stream`` current inside the ``with`` block (None: no change)."""

    def __init__(self, ctx_stream):
        if ctx_stream is not None:
            _check_stream(ctx_stream, "StreamCtx")
        self.stream = ctx_stream
        self._previous = None

    def __enter__(self):
        if self.stream is not None:
            self._previous = current_stream()
            set_cur_stream(self.stream)
        return self.stream

    def __exit__(self, *exc):
        if self._previous is not None:
            set_cur_stream(self._previous)
            self._previous = None
        return False
