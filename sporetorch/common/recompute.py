"""MindSpore 2.10's ``mindspore.common.recompute``: ``recompute`` (in ``api_helpers``, on torch's
non-reentrant checkpoint), its generator and early-stop switch, and the session bookkeeping MindSpore's
dx/dw-split backward uses.

Differences from MindSpore: both ``use_reentrant`` variants run on the same non-reentrant checkpoint, so
``recompute_generator`` returns a function rather than a ``_RecomputeCell``.
"""
import contextlib
import contextvars
import uuid
import weakref
from collections import defaultdict

import torch.utils.checkpoint as _checkpoint

from .api_helpers import _check_validation, recompute

__all__ = ['recompute', '_set_recompute_early_stop', '_recompute_session_ctx', '_clear_recompute_session',
           '_recompute_handle_collector_ctx']

_enable_recompute_early_stop = None


class _StopRecomputationError(Exception):
    """Raised inside a recomputation to stop it once every needed tensor exists (control flow, not an
    error)."""


def null_context_fn():
    """The default ``context_fn`` of ``recompute``: two null contexts (forward, recomputation)."""
    return contextlib.nullcontext(), contextlib.nullcontext()


def recompute_without_reentrant(block, output_recompute, early_stop, context_fn, *args, **kwargs):
    """``recompute(block, *args, use_reentrant=False, ...)``."""
    return recompute(block, *args, use_reentrant=False, output_recompute=output_recompute, early_stop=early_stop,
                     context_fn=context_fn, **kwargs)


def recompute_generator(block, use_reentrant=True, output_recompute=False, early_stop=True, context_fn=None):
    """A callable that runs ``block`` under recompute.

    Raises:
        ValueError: ``context_fn`` with ``use_reentrant=True``.
    """
    if use_reentrant:
        if context_fn is not None:
            raise ValueError("context_fn is only supported when use_reentrant=False.")
        _check_validation(block, use_reentrant)

        def run_reentrant(*args, **kwargs):
            return recompute(block, *args, use_reentrant=True, output_recompute=output_recompute, **kwargs)
        return run_reentrant
    if context_fn is None:
        context_fn = null_context_fn

    def create_recompute_func(*args, **kwargs):
        return recompute_without_reentrant(block, output_recompute, early_stop, context_fn, *args, **kwargs)
    return create_recompute_func


@contextlib.contextmanager
def _set_recompute_early_stop(enable):
    """Within the block, recompute stops (``enable=True``) or does not stop recomputing once it has every
    needed tensor, whatever ``early_stop`` says; needed while the forward pass runs."""
    global _enable_recompute_early_stop
    prev = _enable_recompute_early_stop
    try:
        _enable_recompute_early_stop = enable
        with _checkpoint.set_checkpoint_early_stop(enable):
            yield
    finally:
        _enable_recompute_early_stop = prev


class _RecomputeSession:
    """A context-local recompute session: related backward passes share ``session_id``; with
    ``retain_on_unpack`` recomputed tensors stay cached for a later one."""

    def __init__(self, session_id, retain_on_unpack):
        self.session_id = session_id
        self.retain_on_unpack = retain_on_unpack


_recompute_session = contextvars.ContextVar("_recompute_session", default=None)
_recompute_session_handles = defaultdict(weakref.WeakSet)
_recompute_handle_collector = contextvars.ContextVar("_recompute_handle_collector", default=None)


def _clear_recompute_session(session_id):
    """Drop the data retained for ``session_id`` (nothing for None)."""
    if session_id is None:
        return
    for handle in tuple(_recompute_session_handles.pop(session_id, ())):
        handle.clear_session(session_id)


@contextlib.contextmanager
def _recompute_session_ctx(session_id=None, retain_on_unpack=False):
    """Run recompute in the session ``session_id`` (a new one when None); yields the session id."""
    if session_id is None:
        session_id = uuid.uuid4().hex
    token = _recompute_session.set(_RecomputeSession(session_id, retain_on_unpack))
    try:
        yield session_id
    finally:
        _recompute_session.reset(token)


@contextlib.contextmanager
def _recompute_handle_collector_ctx():
    """Collect, in the yielded list, the recompute handles created inside the block."""
    handles = []
    token = _recompute_handle_collector.set(handles)
    try:
        yield handles
    finally:
        _recompute_handle_collector.reset(token)
