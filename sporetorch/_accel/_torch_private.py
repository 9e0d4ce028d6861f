"""Every private torch API sporetorch uses, in one place, each behind a guard.

Tested on torch 2.13.0 (``TESTED``). Each entry below names the technique that needs it. Where an
API is missing or answers other than expected, ``off(technique, ...)`` turns that technique off
with one warning, and the code takes the plain path, whose results are the same. The last two entries
are not speed-ups and stay on with ``SPORETORCH_ACCEL=0``. The recurrent layers call ``torch.lstm`` and
its siblings, which are public (``torch.__all__``), not ``torch._VF``:

================================================  =====================  ==================================
API                                               technique              without it
================================================  =====================  ==================================
``torch._dynamo.variables.builtin.BuiltinVariable  matmul capture        ``a @ b`` stays a graph break
._binops`` (a table patched for ``@``)
``torch._inductor.compile_fx.compile_fx``         inductor backend       every graph runs on eager kernels
``torch._dynamo.exc.Unsupported``/``UserError``   capture errors         compiler failures run eagerly
``torch._dynamo.mark_dynamic``                    dynamic inputs         shapes recompile as they change
``torch._inductor.codecache.torch_key``,          compiler warm-up       the first compile does this work
``cpu_vec_isa.pick_vec_isa``,
``torch._dynamo.funcname_cache.get_funcname``
``torch._inductor.aoti_compile_and_package``,     packages               functions compile with Dynamo
``torch._C._aoti.AOTIModelPackageLoader``
loggers ``torch._dynamo``/``torch._inductor``     quiet compiler logs    torch's own warnings show
``torch.Tensor._version`` (the in-place write     version counter        host caches re-read the tensor;
counter autograd keeps)                                                  cast Parameters compare values
``torch.autograd.forward_ad._current_level``      forward-AD level       ``unpack_dual``: whether the
                                                                         tensor at hand has a tangent
================================================  =====================  ==================================
"""
import importlib
import logging
import operator
import os
import sys

import torch

from ._common import warn_once

TESTED = ("2.13.0",)
# What the first compilation in a process imports before it can look in the caches.
COMPILER_MODULES = {"inductor": ("torch._dynamo", "torch._inductor.compile_fx", "torch.utils.cpp_extension")}
DYNAMO_MODULE = "torch._dynamo"

_OFF = {}


def off(technique, reason):
    """Turn ``technique`` off for this process, with one warning naming the reason."""
    if technique not in _OFF:
        _OFF[technique] = reason
        warn_once(f"sporetorch: {technique} is off with torch {torch.__version__} (tested on "
                  f"{', '.join(TESTED)}): {reason}")


def is_off(technique):
    return technique in _OFF


def _attr(path):
    """The object at dotted ``path`` (importing its module), or None."""
    module, _, name = path.rpartition(".")
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        return None


def trace_matmul_operator():
    """Let Dynamo trace ``a @ b`` where an operand is a sporetorch Tensor, as Python runs it: through
    ``__matmul__``/``__rmatmul__``. Dynamo 2.13 traces the other binary operators of a Python object
    that way, but leaves ``@`` out of its table (SymInt has no ``__matmul__``), so every attention
    block written with ``@`` split a GRAPH_MODE graph."""
    if is_off("matmul capture"):
        return
    try:
        from torch._dynamo.variables.builtin import BuiltinVariable
        binops = BuiltinVariable._binops()
        if not isinstance(binops, dict):
            raise TypeError("BuiltinVariable._binops() is not a dict")
        if operator.matmul in binops:
            return
        binops[operator.matmul] = (["__matmul__", "__rmatmul__", "__imatmul__"], operator.imatmul)
        BuiltinVariable._binop_handlers.cache_clear()
        BuiltinVariable.call_function_handler_cache.clear()
    except (ImportError, AttributeError, TypeError) as exc:
        off("matmul capture", f"{type(exc).__name__}: {exc}")


class InductorBackend:
    """The inductor backend (``compile_fx`` with the function's options), every graph included: a CPU
    graph that records a backward compiles its backward too, as under ``torch.compile``.

    Compiled gradients are not bit-equal to eager ones: inductor fuses and reorders float32 sums, and
    on the CPU it keeps convolution activations channels-last. Where a network has pre-activations
    within float32 rounding of zero, a ReLU mask then flips and weight gradients move by what a
    1e-7 relative change of the input moves eager's own (``tests/graph/test_jit_backward.py``)."""

    def __init__(self, name, options):
        self.name = name
        self.options = options

    def __call__(self, gm, example_inputs):
        compile_fx = _attr("torch._inductor.compile_fx.compile_fx")
        if not callable(compile_fx):
            off("inductor backend", "torch._inductor.compile_fx.compile_fx is missing; graphs run on eager kernels")
            return gm.forward
        return compile_fx(gm, example_inputs, config_patches=self.options)


def is_capture_error(exc):
    """Whether ``exc`` is Dynamo's "cannot capture this construct" (rather than a compiler failure)."""
    dyn_exc = sys.modules.get("torch._dynamo.exc")
    kinds = tuple(k for k in (getattr(dyn_exc, "Unsupported", None), getattr(dyn_exc, "UserError", None))
                  if isinstance(k, type))
    return bool(kinds) and isinstance(exc, kinds)


def is_compiler_failure(exc):
    """Whether ``exc`` came from the compiler rather than from the user's code."""
    mod = type(exc).__module__ or ""
    return mod.startswith(("torch._dynamo", "torch._inductor", "torch.fx", "torch._functorch")) \
        or type(exc).__name__ in ("BackendCompilerFailed", "InductorError", "CppCompileError")


def quiet_compiler_logs():
    """Dynamo and Inductor log graph breaks and recompilations as multi-line warnings; sporetorch
    reports each break once, in one line of its own, so theirs are raised to ERROR (unless the user
    asked for them with TORCH_LOGS)."""
    if os.environ.get("TORCH_LOGS"):
        return
    for name in ("torch._dynamo", "torch._inductor"):
        logging.getLogger(name).setLevel(logging.ERROR)


def mark_dynamic(t, dim):
    """Dynamo's ``mark_dynamic``: compile one graph for every size of ``t``'s dimension ``dim``."""
    fn = _attr("torch._dynamo.mark_dynamic")
    if not callable(fn):
        off("dynamic inputs", "torch._dynamo.mark_dynamic is missing; shapes recompile as they change")
        return
    fn(t, dim)


def warm_inductor():
    """Inductor's per-process work before a cached graph loads: it picks the CPU's vector instruction
    set by compiling and loading a probe in a subprocess (0.6 s), and hashes its own sources into its
    cache keys (0.2 s)."""
    pick, key = _attr("torch._inductor.cpu_vec_isa.pick_vec_isa"), _attr("torch._inductor.codecache.torch_key")
    if not (callable(pick) and callable(key)):
        off("compiler warm-up", "inductor's pick_vec_isa/torch_key are missing")
        return
    pick()
    key()


def warm_line_names(paths):
    """Tokenize the files Dynamo looks up the enclosing function in while tracing (0.4 s for a ResNet)."""
    get_funcname = _attr("torch._dynamo.funcname_cache.get_funcname")
    if not callable(get_funcname):
        off("compiler warm-up", "torch._dynamo.funcname_cache.get_funcname is missing")
        return
    for path in paths:
        get_funcname(path, 1)


def aoti_compile_and_package(program, package_path, inductor_configs):
    fn = _attr("torch._inductor.aoti_compile_and_package")
    if not callable(fn):
        off("packages", "torch._inductor.aoti_compile_and_package is missing")
        raise RuntimeError("AOTInductor packaging is unavailable")
    fn(program, package_path=package_path, inductor_configs=inductor_configs)


def aoti_loader(path, model):
    """AOTInductor's C++ package loader for ``path``; raises RuntimeError where torch has none."""
    aoti = getattr(getattr(torch, "_C", None), "_aoti", None)
    loader = getattr(aoti, "AOTIModelPackageLoader", None)
    if loader is None:
        off("packages", "torch._C._aoti.AOTIModelPackageLoader is missing")
        raise RuntimeError("AOTInductor's loader is unavailable")
    return loader(path, model, False, 1, -1)


def tensor_version(t):
    """``t``'s version counter, which torch bumps at every in-place write (autograd's own check), or
    None where torch has none: a cache keyed by it then reads the tensor again. Not a speed-up: it
    stays on with ``SPORETORCH_ACCEL=0``."""
    try:
        return t._version
    except AttributeError:
        off("version counter", "torch.Tensor._version is missing; cached host values are read again")
        return None


_FORWARD_AD = importlib.import_module("torch.autograd.forward_ad")


def _forward_ad_open_private(t):
    return _FORWARD_AD._current_level >= 0


def _forward_ad_open_public(t):
    off("forward-AD level", "torch.autograd.forward_ad._current_level is missing; tensors are asked for tangents")
    return _FORWARD_AD.unpack_dual(t).tangent is not None


# Whether a forward-mode AD level is open (``torch.func.jvp``, ``forward_ad.dual_level``): the ReLU orders
# its ``fmax`` for tangents then. Where torch keeps no ``_current_level``, whether ``t`` itself carries a
# tangent (public ``unpack_dual``), which is what decides that op's tangent. Chosen once (the ReLU's hot
# path pays one call). Not a speed-up: it stays on with ``SPORETORCH_ACCEL=0``.
forward_ad_open = _forward_ad_open_private if isinstance(getattr(_FORWARD_AD, "_current_level", None), int) \
    else _forward_ad_open_public
