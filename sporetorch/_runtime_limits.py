"""Device and stream core limits, kernel-launch grouping, memory pools and MindIO checkpoint preloading
(``mindspore.runtime`` / ``mindspore.common`` names of MindSpore 2.10 that the top level exports).

The limits and launch settings tune Ascend AI cores and MindSpore's kernel launcher; torch has neither,
so the settings are validated as MindSpore validates them, recorded and reported back, and change nothing.
``memory_replay`` replays an Ascend memory trace and raises, as MindSpore's CPU build does. A
``PluggableAllocator`` loads its allocator library with ctypes, but torch keeps allocating with its own
allocator while a ``MemPool`` is in use.
"""
import contextlib
import ctypes

from .runtime import Stream

__all__ = ["set_device_limit", "get_device_limit", "set_stream_limit", "get_stream_limit", "reset_stream_limit",
           "StreamLimitCtx", "set_kernel_launch_group", "set_kernel_launch_capture", "memory_replay",
           "PluggableAllocator", "MemPool", "use_mem_pool", "DeviceCtx", "mindio_preload", "set_mindio_server_info"]

_device_limits = {}
_stream_limits = {}
_launch = {}


def _check_stream(stream, fn):
    if not isinstance(stream, Stream):
        raise TypeError(f"For '{fn}', the argument 'stream' should be Stream, but got {type(stream)}.")


def _check_cores(fn, **nums):
    for name, value in nums.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < -1:
            raise ValueError(f"For '{fn}', the argument '{name}' must be an int >= -1, but got {value!r}.")


def set_device_limit(device, cube_num=-1, vector_num=-1):
    """Record the cube/vector core limits of device ``device`` (an int id); -1 means no limit."""
    if not isinstance(device, int) or isinstance(device, bool):
        raise TypeError(f"For 'set_device_limit', the argument 'device' must be an int device id, but got "
                        f"{type(device).__name__}.")
    _check_cores("set_device_limit", cube_num=cube_num, vector_num=vector_num)
    _device_limits[device] = (cube_num, vector_num)


def get_device_limit(device):
    """The ``(cube_num, vector_num)`` recorded for ``device``; ``(-1, -1)`` when none was set."""
    if not isinstance(device, int) or isinstance(device, bool):
        raise TypeError(f"For 'get_device_limit', the argument 'device' must be an int device id, but got "
                        f"{type(device).__name__}.")
    return _device_limits.get(device, (-1, -1))


def set_stream_limit(stream, cube_num=-1, vector_num=-1):
    """Record the core limits of ``stream`` (a ``runtime.Stream``)."""
    _check_stream(stream, "set_stream_limit")
    _check_cores("set_stream_limit", cube_num=cube_num, vector_num=vector_num)
    _stream_limits[id(stream)] = (cube_num, vector_num)


def get_stream_limit(stream):
    """The ``(cube_num, vector_num)`` recorded for ``stream``; ``(-1, -1)`` when none was set."""
    _check_stream(stream, "get_stream_limit")
    return _stream_limits.get(id(stream), (-1, -1))


def reset_stream_limit(stream):
    """Forget the limits of ``stream``."""
    _check_stream(stream, "set_stream_limit")
    _stream_limits.pop(id(stream), None)


class StreamLimitCtx:
    """Context manager applying ``set_stream_limit`` inside the block and resetting it after."""

    def __init__(self, stream, cube_num=-1, vector_num=-1):
        _check_stream(stream, "StreamLimitCtx")
        self.stream, self.cube_num, self.vector_num = stream, cube_num, vector_num

    def __enter__(self):
        set_stream_limit(self.stream, self.cube_num, self.vector_num)
        return self

    def __exit__(self, *exc):
        reset_stream_limit(self.stream)
        return False


def set_kernel_launch_group(thread_num=2, kernel_group_num=8):
    """Record the kernel-launch grouping (threads and groups); MindSpore 2.10 forbids combining it with
    ``set_kernel_launch_capture``."""
    _check_cores("set_kernel_launch_group", thread_num=thread_num, kernel_group_num=kernel_group_num)
    if "capture" in _launch:
        raise RuntimeError("The kernel launch group and kernel launch capture can not be set together")
    _launch["group"] = (thread_num, kernel_group_num)


def set_kernel_launch_capture(enable_capture_graph, op_capture_skip=None):
    """Record whether kernel launches would be captured into a device graph."""
    if not isinstance(enable_capture_graph, bool):
        raise TypeError(f"For 'set_kernel_launch_capture', the argument 'enable_capture_graph' must be bool, but "
                        f"got {type(enable_capture_graph).__name__}.")
    if "group" in _launch:
        raise RuntimeError("The kernel launch group and kernel launch capture can not be set together")
    _launch["capture"] = (enable_capture_graph, op_capture_skip)


def memory_replay(file_path):
    """Replay a device memory trace: Ascend only (MindSpore 2.10's CPU build raises too)."""
    raise RuntimeError(f"memory_replay('{file_path}') replays an Ascend device memory trace; MindSpore 2.10 "
                       f"supports it only on Ascend and sporetorch has no Ascend backend.")


class PluggableAllocator:
    """An allocator from a shared library: ``alloc_fn_name``/``free_fn_name`` are looked up with ctypes."""

    def __init__(self, path_to_so_file, alloc_fn_name, free_fn_name):
        lib = ctypes.CDLL(path_to_so_file)
        self.alloc_fn_ptr = ctypes.cast(getattr(lib, alloc_fn_name), ctypes.c_void_p).value
        self.free_fn_ptr = ctypes.cast(getattr(lib, free_fn_name), ctypes.c_void_p).value


class MemPool:
    """A memory pool, optionally backed by a ``PluggableAllocator``."""

    def __init__(self, allocator=None):
        self.allocator = allocator


@contextlib.contextmanager
def use_mem_pool(pool):
    """Route allocations to ``pool`` inside the block (torch's allocator keeps serving them here)."""
    yield pool


class DeviceCtx:
    """``with DeviceCtx("CPU")``: MindSpore's device scope for the operators in the block. sporetorch places
    tensors by ``set_device``/``set_context(device_target=...)``; the scope records the name and id only."""

    def __init__(self, name, device_id=None):
        if not isinstance(name, str):
            raise TypeError(f"For 'DeviceCtx', the argument 'name' must be str, but got {type(name).__name__}.")
        self.name, self.device_id = name, device_id

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def mindio_preload(ckpt_file_name):
    """Preload a checkpoint through the MindIO cache: False, MindIO is not available (as on MindSpore's CPU
    build)."""
    return False


def set_mindio_server_info(data_block_pool_capacity_in_gb=100):
    """Configure the MindIO cache server (no server here: nothing to configure)."""
