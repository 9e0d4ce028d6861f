"""``mindspore.common.api``: the compile entry points and ``_pynative_executor``, the eager-mode
executor object that model zoos call to switch gradient recording or wait for the device.

Gradient recording is torch's (``torch.is_grad_enabled``), which is what our ``_no_grad`` and the
differentiation functions use.
"""
import functools

import torch

from .api_helpers import jit_class, mutable  # noqa: F401 - also reachable here in MindSpore
from .jit import jit  # noqa: F401

__all__ = []


class _PyNativeExecutor:
    """The eager executor: gradient recording on/off and a device sync; the graph-building
    bookkeeping MindSpore keeps here has no counterpart and answers inertly."""

    def set_enable_grad(self, flag):
        """Record gradients of what runs next (True) or not."""
        torch.set_grad_enabled(bool(flag))

    def enable_grad(self):
        """Whether gradients are recorded."""
        return torch.is_grad_enabled()

    def sync(self):
        """Wait until queued device work is done."""
        if torch.cuda.is_available() and torch.cuda.is_initialized():
            torch.cuda.synchronize()

    def grad_flag(self):
        """Whether a differentiation is being built (never: ours are recorded on demand)."""
        return False

    def set_grad_flag(self, flag):
        """Accepted; gradients are recorded on demand."""

    def requires_grad(self):
        return False

    def high_order(self):
        return False

    def set_is_run_recompute(self, status):
        """Accepted; recomputation is not scheduled here."""

    def set_mixed_precision_type(self, mixed_precision_type, is_push=True):
        """Accepted; mixed precision is a Cell's ``to_float``."""

    def clear_res(self):
        """Accepted; no resources are held."""


_pynative_executor = _PyNativeExecutor()


def _function_forbid_reuse(func):
    """MindSpore marks functions whose compiled graph must not be reused; eagerly it is ``func``."""
    return func


class _MindsporeFunctionExecutor:
    """MindSpore's compiled-function executor, reduced to calling the function eagerly."""

    def __init__(self, fn, ms_create_time=None, input_signature=None, obj=None, jit_config=None):
        self.fn = fn
        self.input_signature = input_signature
        self.obj = obj
        functools.update_wrapper(self, fn)

    def __call__(self, *args, **kwargs):
        if self.obj is not None:
            return self.fn(self.obj, *args, **kwargs)
        return self.fn(*args, **kwargs)
