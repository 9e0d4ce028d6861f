"""MindSpore 2.10's ``mindspore.common.device``: the ``DeviceCtx`` scope and its thread-local stack of
device infos."""
import threading

from .._runtime_limits import DeviceCtx

__all__ = ["DeviceCtx"]


class _ThreadLocalStack:
    """A per-thread stack of device infos."""

    def __init__(self):
        self._local = threading.local()

    def get_stack(self):
        """This thread's stack, created on first use."""
        if not hasattr(self._local, 'stack'):
            self._local.stack = []
        return self._local.stack

    def push(self, item):
        """Push a device info."""
        self.get_stack().append(item)

    def pop(self):
        """Pop and return the top device info; RuntimeError when the stack is empty."""
        stack = self.get_stack()
        if not stack:
            raise RuntimeError("Device stack is empty")
        return stack.pop()

    def is_empty(self):
        """Whether this thread's stack is empty."""
        return len(self.get_stack()) == 0


_DEVICE_STACK = _ThreadLocalStack()


def _is_same_device(device_info, device_target, device_id):
    """Whether ``device_info`` names ``device_target`` and ``device_id``."""
    return device_info.device_target == device_target and device_info.device_id == device_id
