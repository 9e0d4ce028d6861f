"""Ascend settings on a build without Ascend: MindSpore's CPU build accepts each call and sets nothing.

MindSpore 2.10's CPU build logs ``"CPU device is not supported. Please use correct device"`` the first
time each setting is called, and returns None; sporetorch does the same on its CPU and CUDA devices.
"""
import functools
import logging

_LOGGER = logging.getLogger("sporetorch")
_called = set()


def ascend_setting(fn):
    """Make ``fn`` (a setting of ``device_context.ascend``) a no-op that logs MindSpore's error once."""
    @functools.wraps(fn)
    def setting(*args, **kwargs):
        if fn.__name__ not in _called:
            _called.add(fn.__name__)
            from ...context import get_context
            _LOGGER.error("%s device is not supported. Please use correct device", get_context("device_target"))
    return setting
