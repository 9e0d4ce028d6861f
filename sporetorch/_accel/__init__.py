"""The speed-ups: everything sporetorch does to run faster than plain torch, behind one interface.

The rest of the package calls only the functions here; the technique modules beside this file
are this package's own (``tests/graph/test_accel_boundary.py`` checks it). ``SPORETORCH_ACCEL=0`` turns
every technique off: GRAPH_MODE is then ``torch.compile`` at the first call, PYNATIVE plain torch.
``SPORETORCH_ACCEL_OFF=<technique>[,...]`` turns the named ones off and leaves the others on: how each
one's gain is measured (``benchmarks/accel_techniques.py``; the table is in docs/performance.md).

=================  ==================  ===============================================================
technique (switch) module              what it does
=================  ==================  ===============================================================
``background``     ``background``      compiles in a forked child (or in-process once hot) while the
                                       caller runs eagerly; records the verdict for later runs
``race``           ``background``      times compiled against eager calls and keeps the faster
``packages``       ``package``         AOTInductor packages of inference functions for later runs
``conv_plan``      ``conv_plan``       times each CPU convolution's kernels and memory formats
``winograd``       ``winograd``        F(2x2, 3x3) convolutions from C compiled at run time
``host_memory``    ``host_memory``     keeps freed CPU memory for the next step; zero pages for flags;
                                       gives the heaps' free memory back at a dataset epoch's end
``gc_freeze``      ``gc_freeze``       freezes the collector's objects while a child shares them
(cache)            ``cache``           the on-disk folder: 0700, bounded, HMAC-checked
(private APIs)     ``_torch_private``  every private torch API used, each guarded
=================  ==================  ===============================================================
"""
import torch

from .. import _device
from .. import context as _context
from . import _torch_private, background, conv_plan, host_memory
from ._common import (ENABLED, TECHNIQUES, engage, engaged_techniques, failure_summary, on, unknown_techniques,
                      warn_once)

__all__ = ["ENABLED", "enabled", "first_call", "DECLINED", "race_or", "tuning", "conv2d", "buffer",
           "release_host_memory", "trim_host_memory", "defer_planning", "deferred_plans", "plan_ahead", "in_compiling_child",
           "before_compile", "prepare_capture", "inductor_backend", "is_capture_error", "is_compiler_failure",
           "mark_dynamic", "failure_summary", "warn_once", "tensor_version", "forward_ad_open",
           "TECHNIQUES", "on", "engaged_techniques"]

DECLINED = background.DECLINED

if unknown_techniques():
    warn_once(f"SPORETORCH_ACCEL_OFF names no technique {', '.join(unknown_techniques())}; "
              f"the techniques are {', '.join(TECHNIQUES)}")


def enabled():
    """Whether the speed-ups are on (``SPORETORCH_ACCEL`` is not ``0``)."""
    return ENABLED


# ---------------------------------------------------------------- compiling (``common.jit``)
def first_call(owner, args, kwargs):
    """A compiled function's first call: run it as an earlier run's record says, or eagerly while it
    compiles in the background; ``DECLINED`` where the owner should compile now, as torch.compile does."""
    if on("host_memory") and _device.default_device().type == "cpu":
        host_memory.engage()
        if host_memory.engaged():
            engage("host_memory")
    if not on("background"):
        return DECLINED
    return background.first_call(owner, args, kwargs)


def race_or(owner, compiled):
    """What a function compiled just now runs from now on: ``compiled``, or a race of it against eager."""
    return background.race_or(owner, compiled) if on("race") else compiled


def tuning():
    """Whether eager layers choose their kernels by timing (GRAPH_MODE's cells, when autotuning)."""
    return on("conv_plan") and _context.autotune_enabled()


def before_compile():
    """Before a compilation in the caller: quiet the compiler's own logs, point its caches at ours."""
    _torch_private.quiet_compiler_logs()
    if ENABLED:
        background.use_cache_dir()


def prepare_capture():
    """Before Dynamo traces: let it trace ``@`` on sporetorch Tensors (a private table; see there)."""
    if ENABLED:
        _torch_private.trace_matmul_operator()


def inductor_backend(name, options):
    """The inductor backend (``compile_fx`` behind a guard: where it is missing, graphs run eagerly)."""
    return _torch_private.InductorBackend(name, options)


# A tensor's in-place write counter, or None (a correctness read, on with SPORETORCH_ACCEL=0 too).
tensor_version = _torch_private.tensor_version
# Whether forward-mode AD records (a correctness read too).
forward_ad_open = _torch_private.forward_ad_open
is_capture_error = _torch_private.is_capture_error
is_compiler_failure = _torch_private.is_compiler_failure
mark_dynamic = _torch_private.mark_dynamic


def in_compiling_child():
    """Whether this process is a compiling child: ops that write files for debugging write nothing here."""
    return background.in_compiling_child()


# ---------------------------------------------------------------- kernels planned by timing
def defer_planning():
    """At the start of a tuned call: a token for ``deferred_plans`` (None where nothing defers)."""
    return background.defer_planning() if on("conv_plan") else None


def deferred_plans(token):
    return background.deferred_plans(token)


def plan_ahead(plans):
    return background.plan_ahead(plans)


def conv2d(x, w, bias, stride, padding, dilation, groups):
    """A 2-D convolution of torch tensors with its kernels chosen by timing, or None where that does
    not apply (the speed-ups off, a shape not worth timing); the caller then runs its own."""
    if not on("conv_plan") or not conv_plan.tunable(x, w, stride, padding):
        return None
    return conv_plan.conv2d(x, w, bias, stride, padding, dilation, groups)


# ---------------------------------------------------------------- host memory
def buffer(shape, fill, dtype):
    """A CPU tensor filled with ``fill``; large ones in memory of their own, whose untouched zeros
    take no resident memory (``host_memory.mapped_full``)."""
    if not on("host_memory"):
        return torch.full(shape, fill, dtype=dtype)
    engage("host_memory")
    return host_memory.mapped_full(shape, fill, dtype)


def release_host_memory():
    """Give the free host memory the pool keeps back to the operating system."""
    host_memory.release()


def trim_host_memory():
    """At a pause (an input pipeline's epoch end): give the free memory of the C heaps back to the
    operating system, so that resident memory stays flat from epoch to epoch; nothing while the
    host memory pool keeps freed memory on purpose, or with the speed-ups off."""
    if on("host_memory"):
        engage("host_memory")
        host_memory.trim()
