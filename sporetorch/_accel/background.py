"""GRAPH_MODE and ``@jit`` on ``torch.compile``.

A function decorated with ``jit`` (or a Cell called in GRAPH_MODE) is compiled with
``torch.compile`` on its first call; TorchDynamo traces straight through the Tensor
wrapper, so the graph holds only torch operations. Child cells called while a graph is
being traced are inlined into it rather than compiled on their own.

Capture is first attempted as one whole graph. Where Dynamo cannot capture a construct
(NumPy calls, data-dependent Python control flow), sporetorch warns once, naming the file
and line, and compiles again allowing graph breaks: the unsupported part then runs eagerly
between compiled pieces. With ``fullgraph=True`` or ``set_context(jit_syntax_level=STRICT)``
that situation is a ``GraphCaptureError`` instead. Any other failure of the compiler (no C
compiler for inductor, an internal error) is reported once and the function runs eagerly,
so a call never fails because of compilation.

With the inductor backend on the CPU, compilation does not hold up the caller: the first call
forks a child process that compiles (and times compiled against eager execution) on its own copy
of the program's state, while the caller runs eagerly; at the first call after the child is done,
the caller switches to the faster variant (to compiled code by compiling it itself from the caches
the child filled, once a thread has imported the compiler beside its eager calls). On a GPU, and in
a rank of a distributed job (a child would share its connections to the other ranks), where no
child can work, the caller runs the function eagerly until it has taken about as long as
compiling it would, then compiles it. Compiled code reaches the disk through torch's FX graph and
AOTAutograd caches (under the user's cache folder), and the verdict is recorded there too, so the
next run of the same script starts with the faster variant at once. For an inference function
whose verdict is compiled, the child also builds an AOTInductor package (``_jit_package``): its
caller switches to it once it is built, and the next run runs it from its first call, neither
of them tracing the function.
"""
import functools
import gc
import hashlib
import importlib
import inspect
import json
import logging
import operator
import os
import select
import shutil
import sys
import statistics
import threading
import time
import types
import warnings
import weakref

import torch

from .. import _device
from .. import _host_memory
from .. import _onednn
from .. import context as _context
from . import _jit_package
from . import dtype as mstype
from .parameter import Parameter
from .tensor import Tensor, _wrap

__all__ = ["jit", "JitConfig", "GraphCaptureError"]

_logger = logging.getLogger("sporetorch")
_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_TORCH_DIR = os.path.dirname(os.path.abspath(torch.__file__))
_BACKENDS = ("inductor", "eager", "aot_eager")
# MindSpore's own backend names select our default backend.
_MINDSPORE_BACKENDS = ("", "ms_backend", "GE", "default")


class GraphCaptureError(RuntimeError):
    """A construct cannot be captured into one graph and strict capture was requested."""


def default_backend():
    """The compile backend: ``$SPORETORCH_JIT_BACKEND``, else inductor when a C compiler exists, else aot_eager."""
    env = os.environ.get("SPORETORCH_JIT_BACKEND")
    if env:
        if env not in _BACKENDS:
            raise ValueError(f"SPORETORCH_JIT_BACKEND must be one of {list(_BACKENDS)}, but got {env!r}")
        return env
    return "inductor" if (shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")) else "aot_eager"


def _resolve_backend(backend):
    """Map a ``jit(backend=...)`` value to a torch.compile backend, rejecting unknown names."""
    if backend in _MINDSPORE_BACKENDS:
        return default_backend()
    if backend not in _BACKENDS:
        raise ValueError(f"For 'jit', the 'backend' must be one of {list(_BACKENDS)} (or '' for the default), "
                         f"but got {backend!r}")
    return backend


def _is_library_file(filename):
    return filename.startswith((_PACKAGE_DIR, _TORCH_DIR))


def _traced_stack(exc):
    """The frames Dynamo was tracing where capture broke, innermost last (its ``real_stack``)."""
    return list(getattr(exc, "real_stack", None) or [])


def _user_frame(exc):
    """The innermost frame of user code where capture broke (Dynamo's ``real_stack`` holds traced code only);
    the innermost frame of all when the break lies inside sporetorch or torch."""
    stack = _traced_stack(exc)
    for frame in reversed(stack):
        if not _is_library_file(frame.filename):
            return frame
    return stack[-1] if stack else None


def _break_in_library(exc):
    stack = _traced_stack(exc)
    return bool(stack) and all(_is_library_file(frame.filename) for frame in stack)


def _describe_break(exc):
    frame = _user_frame(exc)
    text = str(exc)
    reason = text.strip().splitlines()[0] if text.strip() else type(exc).__name__
    hints = [ln.strip()[len("Hint:"):].strip() for ln in text.splitlines() if ln.strip().startswith("Hint:")]
    where = f"{frame.filename}:{frame.lineno}" if frame else "an unknown line"
    code = f" `{frame.line.strip()}`" if frame is not None and frame.line else ""
    return where, reason, code, hints


# What Dynamo's first line means, in a MindSpore user's words, and what to write instead (matched
# in order, case-insensitively).
_BREAK_REASONS = (
    ("data-dependent", "a Python `if`/`while` or int()/float() on a tensor's value",
     "use ops.select/ops.where instead of a Python `if` on a tensor value"),
    ("item()", "reading a tensor's value in Python", "keep the value in a tensor instead of reading it with item()"),
    ("numpy", "a NumPy call on a tensor", "use sporetorch ops instead of NumPy"),
)


def _plain_reason(reason):
    """``(reason in plain words, what to write instead or None)``."""
    low = reason.lower()
    return next(((plain, advice) for key, plain, advice in _BREAK_REASONS if key in low), (reason, None))


def _quiet_compiler_logs():
    """Dynamo and Inductor log graph breaks and recompilations as multi-line warnings; sporetorch
    reports each break once, in one line of its own, so theirs are raised to ERROR (unless the user
    asked for them with TORCH_LOGS)."""
    if os.environ.get("TORCH_LOGS"):
        return
    for name in ("torch._dynamo", "torch._inductor"):
        logging.getLogger(name).setLevel(logging.ERROR)


def _break_message(exc, name, strict):
    where, reason, code, hints = _describe_break(exc)
    mode = "GRAPH_MODE" if _context.get_context("mode") == _context.GRAPH_MODE else "jit"
    plain, advice = _plain_reason(reason)
    if not strict:
        advice = f" To keep it in the graph, {advice}." if advice else ""
        return f"{mode} runs part of '{name}' eagerly: {plain} at {where}{code}.{advice}"
    advice = f"Rewrite that line ({advice})" if advice else "Rewrite that line with tensor operations"
    advice += ", or drop fullgraph=True / jit_syntax_level=STRICT to let sporetorch run that part eagerly."
    if hints:
        advice += " Compiler hint: " + hints[0]
    return f"{mode} cannot capture '{name}' as one graph: {reason} at {where}{code}. {advice}"


# Functions that run eagerly inside compiled code (kernels inductor miscompiles), as (module, name):
# each is replaced by its torch.compiler.disable'd wrapper before sporetorch first compiles, since
# decorating it at import would import Dynamo with sporetorch.
_EAGER_ISLANDS = []


def run_eagerly_when_compiled(module_name, name):
    """Register ``module_name.name`` to run eagerly inside compiled code (see ``_EAGER_ISLANDS``)."""
    _EAGER_ISLANDS.append((module_name, name))


def _wrap_eager_islands():
    while _EAGER_ISLANDS:
        module_name, name = _EAGER_ISLANDS.pop()
        module = sys.modules[module_name]
        setattr(module, name, torch.compiler.disable(getattr(module, name)))


def _trace_matmul_operator():
    """Let Dynamo trace ``a @ b`` where an operand is a sporetorch Tensor, as Python runs it: through
    ``__matmul__``/``__rmatmul__``. Dynamo 2.13 traces the other binary operators of a Python object
    that way, but leaves ``@`` out of its table (SymInt has no ``__matmul__``), so every attention
    block written with ``@`` split a GRAPH_MODE graph. The table is torch's internal one; where a torch
    lacks it, ``@`` stays a graph break and nothing else changes."""
    try:
        from torch._dynamo.variables.builtin import BuiltinVariable
        binops = BuiltinVariable._binops()
        if not isinstance(binops, dict) or operator.matmul in binops:
            return
        binops[operator.matmul] = (["__matmul__", "__rmatmul__", "__imatmul__"], operator.imatmul)
        BuiltinVariable._binop_handlers.cache_clear()
        BuiltinVariable.call_function_handler_cache.clear()
    except (ImportError, AttributeError, TypeError):
        return


class _InductorUnlessCpuBackward:
    """The inductor backend, except for a graph that records a backward on the CPU: that graph runs
    as Dynamo captured it, on torch's eager kernels.

    torch 2.13's inductor generates CPU code that computes wrong gradients for some training graphs,
    silently: a RegNet-style network of residual conv/batch-norm/ReLU blocks (batch 4, 64x64) got
    weight gradients off by up to 20 % while eager and AOTAutograd with inductor's decompositions
    agreed with float64 to 2e-5 (``tests/graph/test_jit_backward.py``). Which kernel is wrong is not
    known, so no part of a CPU backward is left to it. On the CPU, GRAPH_MODE's race already chose
    the eager variant, with its timed convolution kernels, for every training step measured
    (docs/performance.md); inference graphs, which record no backward, are still compiled."""

    def __init__(self, name, options):
        self.name = name
        self.options = options

    def __call__(self, gm, example_inputs):
        if torch.is_grad_enabled() and _records_cpu_backward(example_inputs):
            _logger.info("sporetorch jit: a graph of '%s' records a backward on the CPU; it runs on torch's "
                         "eager kernels, not inductor's code", self.name)
            return gm.forward
        from torch._inductor.compile_fx import compile_fx
        return compile_fx(gm, example_inputs, config_patches=self.options)


def _records_cpu_backward(example_inputs):
    tensors = [t for t in example_inputs if isinstance(t, torch.Tensor)]
    return any(t.requires_grad for t in tensors) and all(t.device.type == "cpu" for t in tensors)


def _is_capture_error(exc):
    dyn_exc = getattr(torch._dynamo, "exc", None)
    return dyn_exc is not None and isinstance(exc, (dyn_exc.Unsupported, dyn_exc.UserError))


def _own_frame(fn, name):
    """``fn`` as a Python function whose code object is its own, named ``name``.

    Dynamo keeps compiled entries and their recompile limit per code object, and the shapes it
    has seen (automatic dynamic shapes, also written to the cache folder for later runs) by the
    code's file, line and name. A callable without code of its own, such as the
    ``functools.partial`` a GRAPH_MODE cell compiles, goes into torch's one shared wrapper frame:
    every such cell then shared one recompile limit, and the second cell a process compiled was
    traced with dynamic shapes from the first one's (symbolic kernels, which inductor took 10
    minutes to generate for a mindcv ResNet-18 evaluated after training)."""
    if isinstance(fn, types.FunctionType):
        return fn

    def call(*args, **kwargs):
        return fn(*args, **kwargs)

    names = {"co_name": name, "co_qualname": name} if sys.version_info >= (3, 11) else {"co_name": name}
    code = call.__code__.replace(**names)
    return types.FunctionType(code, call.__globals__, name, None, call.__closure__)


class _Compiled:
    """One callable compiled on first use, with whole-graph capture first, then graph breaks, then eager."""

    __slots__ = ("fn", "name", "frame_name", "backend", "fullgraph", "dynamic", "options", "_impl", "_pending",
                 "_decided", "_race_result", "_record_as", "_whole", "_fallback")

    def __init__(self, fn, name, backend="", fullgraph=False, dynamic=None, options=None, frame_name=None):
        self.fn = fn
        self.name = name
        # The name of the frame Dynamo compiles when ``fn`` has no code of its own (see _own_frame).
        self.frame_name = frame_name or name
        self.backend = backend
        self.fullgraph = fullgraph
        self.dynamic = dynamic
        self.options = options or None
        self._impl = None
        self._pending = None
        # "compiled" when an earlier race (in a child or an earlier run) already chose the compiled variant.
        self._decided = None
        self._race_result = None
        # The record key under which a race run in this process writes its verdict (``_Race._decide``).
        self._record_as = None
        # Whether Dynamo captured the function whole: no graph break, no Python left between graphs.
        self._whole = False
        # Beside a package: the function compiled as without one, for the calls the package does not fit.
        self._fallback = None

    def _compile(self, fullgraph):
        _trace_matmul_operator()
        _wrap_eager_islands()
        backend = _resolve_backend(self.backend)
        kwargs = {"backend": backend, "fullgraph": fullgraph, "dynamic": self.dynamic}
        if backend == "inductor":
            # Kernels that read the thread count when they run, not when they are generated: the
            # compiling child runs on one thread, and inductor's cache keys hold a fixed count.
            # Random numbers drawn by torch's own kernels, from the global generator as eager
            # draws them: a seeded GRAPH_MODE run keeps PYNATIVE's dropout masks after it switches
            # to compiled code, as MindSpore's GRAPH_MODE keeps them (inductor's own generator
            # drew others).
            kwargs["backend"] = _InductorUnlessCpuBackward(
                self.name, {"cpp.dynamic_threads": True, "fallback_random": True, **(self.options or {})})
        return torch.compile(_own_frame(self.fn, self.frame_name), **kwargs)

    def __call__(self, *args, **kwargs):
        impl = self._impl
        if impl is not None:
            return impl(*args, **kwargs)
        return self._first_call(args, kwargs)

    def _strict(self):
        return self.fullgraph or _context.get_context("jit_syntax_level") == _context.STRICT

    def _first_call(self, args, kwargs):
        if _device.default_device().type == "cpu":
            _host_memory.engage()
        where = _where_to_compile(self)
        key = _record_key(self, args, kwargs) if where != "now" else None
        if key is not None:
            _use_cache_dir()
            record = _read_record(key)
            if record is not None:
                return self._adopt(record, args, kwargs, key, earlier_run=True)
            if where == "child":
                self._impl = self._start_background
            else:
                self._impl = functools.partial(self._run_until_hot, key, [0.0])
            return self._run_plain(*args, **kwargs)
        return self._compile_now(args, kwargs)

    def _run_until_hot(self, key, spent, *args, **kwargs):
        """On a GPU, or in a distributed rank, where no child can compile: run eagerly until the
        function has taken ``_HOT_S`` of eager time, then compile in the caller and race, recording
        the verdict under ``key``. A script shorter than a compilation never waits for one; a longer
        one pays it once, and the next run starts with the verdict. The calls are not synchronised
        with the device: once its queue is full, a call's wall time is the device's time."""
        start = time.perf_counter()
        out = self._run_plain(*args, **kwargs)
        spent[0] += time.perf_counter() - start
        if spent[0] >= _HOT_S:
            self._record_as = key
            self._impl = self._compile_when_imported
        return out

    def _compile_when_imported(self, *args, **kwargs):
        """Compile in the caller once the compiler's modules are imported; until then, run eagerly
        while a thread imports them (see ``_compiler_imported``)."""
        if not _compiler_imported(_resolve_backend(self.backend)):
            return self._run_plain(*args, **kwargs)
        return self._compile_now(args, kwargs)

    def _start_background(self, *args, **kwargs):
        """From the second call on, until one is forked: fork the compiling child, then run eagerly.
        The first call only runs eagerly, so it costs what a PYNATIVE call costs (forking a large
        process takes tens of milliseconds), and a function called once never forks."""
        key = _record_key(self, args, kwargs)
        if key is None:
            self._impl = None
            return self._compile_now(args, kwargs)
        if _Background.start(self, args, kwargs, key):
            self._pending = _Background.active
            self._impl = self._await_background
        return self._run_plain(*args, **kwargs)

    def _compile_now(self, args, kwargs):
        strict = self._strict()
        _quiet_compiler_logs()
        _use_cache_dir()
        start = time.perf_counter()
        try:
            out = self._run_compiled(self._compile(True), args, kwargs)
            self._whole = True
        except Exception as exc:  # noqa: BLE001 - every compiler failure has a defined fallback below
            out = self._recover(exc, strict, args, kwargs)
        _logger.info("sporetorch jit: compiled '%s' with backend %s in %.2f s", self.name,
                     _resolve_backend(self.backend), time.perf_counter() - start)
        return out

    def _run_plain(self, *args, **kwargs):
        """The function as PYNATIVE runs it: what runs while a child process compiles."""
        return _run_in_mode(self.fn, args, kwargs, graph=False, region=False, tuned=False)

    def _await_background(self, *args, **kwargs):
        pending = self._pending
        result = pending.poll() if pending is not None else {"verdict": "error"}
        if result is None:
            return self._run_plain(*args, **kwargs)
        self._pending = None
        self._impl = None
        return self._adopt(result, args, kwargs, pending.key if pending is not None else None, earlier_run=False,
                           child=pending)

    def _adopt(self, result, args, kwargs, key, earlier_run, child=None):
        """Switch to what a child process (or an earlier run) found fastest; called between steps.
        ``child``: the child that sent ``result``, which may go on to build a package."""
        verdict = result.get("verdict")
        for message in result.get("warnings", ()):
            _warn_once(message)
        where = "in an earlier run" if earlier_run else "in the background"
        times = result.get("times")
        timing = f" (median {times[0] * 1e3:.3f} ms compiled, {times[1] * 1e3:.3f} ms eager)" if times else ""
        if verdict == "eager":
            _logger.info("sporetorch jit: compiled '%s' with backend %s %s in %.2f s; it runs eagerly%s", self.name,
                         _resolve_backend(self.backend), where, result.get("compile_s", 0.0), timing)
            _plan_ahead(result.get("plans"))
            self._impl = (self._run_eager if key is None
                          else functools.partial(self._run_eager_and_record, key, result))
            return self._impl(*args, **kwargs)
        if verdict == "compiled":
            packaged = self._load_package(result, args, kwargs) if earlier_run else None
            waiting = child is not None and result.get("packaging")
            _logger.info("sporetorch jit: compiled '%s' with backend %s %s in %.2f s; it runs compiled%s%s", self.name,
                         _resolve_backend(self.backend), where, result.get("compile_s", 0.0), timing,
                         ", from the package built then" if packaged is not None else
                         ", once the child has packaged it" if waiting else "")
            self._decided = "compiled"
            if packaged is not None:
                self._impl = functools.partial(self._run_packaged, packaged)
            elif waiting:
                self._impl = functools.partial(self._await_package, child)
            else:
                self._impl = self._compile_when_imported
            return self._impl(*args, **kwargs)
        if verdict == "failed":
            warnings.warn(result.get("message", f"sporetorch jit: compiling '{self.name}' failed; running it "
                                                "eagerly."), RuntimeWarning, stacklevel=4)
            self._impl = self.fn
            return self.fn(*args, **kwargs)
        # The child stopped on an error of the user's code or was killed: compile here, as without a child.
        return self._compile_now(args, kwargs)

    def _load_package(self, record, args, kwargs):
        """The AOTInductor package an earlier run's child built (``_package_for_later_runs``), loaded
        for these cells and arguments, or None."""
        entry = record.get("package")
        if not isinstance(entry, dict):
            return None
        packaged = _jit_package.load(_jit_folder(), entry, *_reached(self.fn))
        return packaged if packaged is not None and packaged.matches(args, kwargs) else None

    def _await_package(self, child, *args, **kwargs):
        """After a verdict of compiled from a child that goes on to package the function: run eagerly
        until the package is built, then run it. No compiler in the caller, so no call waits for
        Dynamo's tracing, and the compiler's memory is never taken."""
        entry = child.package()
        if entry is _WAITING:
            return self._run_plain(*args, **kwargs)
        packaged = self._load_package({"package": entry}, args, kwargs)
        if packaged is None:
            self._impl = self._compile_when_imported
        else:
            _logger.info("sporetorch jit: '%s' runs compiled, from the package built in the background", self.name)
            self._impl = functools.partial(self._run_packaged, packaged)
        return self._impl(*args, **kwargs)

    def _run_packaged(self, packaged, *args, **kwargs):
        """A call of the packaged code where it computes what the function would; a call it does not
        fit (other shapes, a train flag switched, a gradient wanted, a parameter replaced by another
        layout) goes to the function compiled as without a package (an evaluation's smaller last
        batch, say), and the calls after it to the package again where they fit."""
        if packaged.matches(args, kwargs):
            return packaged(*args)
        if self._fallback is None:
            _logger.info("sporetorch jit: '%s' is called with other inputs or state than its package was built "
                         "for; compiling it for those", self.name)
            fallback = _Compiled(self.fn, self.name, self.backend, self.fullgraph, self.dynamic, self.options,
                                 self.frame_name)
            fallback._decided = "compiled"
            fallback._impl = fallback._compile_when_imported
            self._fallback = fallback
        return self._fallback(*args, **kwargs)

    def _run_compiled(self, compiled, args, kwargs):
        out = compiled(*args, **kwargs)
        self._keep(compiled)
        return out

    def _keep(self, compiled):
        """Use ``compiled`` from now on, after racing it against eager execution when autotuning.

        Cells compiled inside a step that is itself being raced are kept compiled: the outer race
        times forward and backward together, which a race of the forward alone could not.
        """
        if (_context.autotune_enabled() and not _context.state.get("compiled_cells_region")
                and self._decided != "compiled"):
            self._impl = _Race(self, compiled)
        else:
            self._impl = compiled

    def _recover(self, exc, strict, args, kwargs):
        if _is_capture_error(exc):
            if strict:
                raise GraphCaptureError(_break_message(exc, self.name, True)) from None
            if _broke_by_design(exc):
                # A differentiation or an optimizer update inside: compile each cell it calls and run
                # the rest eagerly, as torch.compile users compile the forward and step eagerly.
                _logger.info("sporetorch jit: '%s' differentiates or updates parameters; compiling the cells "
                             "it calls and running the rest eagerly", self.name)
                self._keep(self._run_with_compiled_cells)
                return self._run_with_compiled_cells(*args, **kwargs)
            if _break_in_library(exc) or _eager_by_design(exc):
                # Nothing in the user's code to change: say it only to those who asked for details.
                _logger.info(_break_message(exc, self.name, False))
            else:
                _warn_once(_break_message(exc, self.name, False))
            try:
                return self._run_compiled(self._compile(False), args, kwargs)
            except Exception as exc2:  # noqa: BLE001
                exc = exc2
        if not _is_compiler_failure(exc):
            raise exc
        warnings.warn(f"sporetorch jit: compiling '{self.name}' failed ({failure_summary(exc)}); running it eagerly.",
                      RuntimeWarning, stacklevel=4)
        self._impl = self.fn
        return self.fn(*args, **kwargs)

    def _run_with_compiled_cells(self, *args, **kwargs):
        return _run_in_mode(self.fn, args, kwargs, graph=True, region=True, tuned=_context.autotune_enabled(),
                            cells_backend=self.backend)

    def _run_eager(self, *args, **kwargs):
        # Only a race (or its verdict) runs this, and races run only when autotuning is on.
        return _run_in_mode(self.fn, args, kwargs, graph=False, region=False, tuned=True)

    def _run_eager_and_record(self, key, result, *args, **kwargs):
        """An eager call after adopting a verdict of eager, until a call plans nothing new: the
        kernel choices taken or made ahead and those made after each call (for what the child's
        run never met) go into the record, so that a later run on this machine takes them all
        without timing."""
        out = self._run_eager(*args, **kwargs)
        plans = _collect_plans()
        if plans == result.get("plans"):
            self._impl = self._run_eager
        else:
            result = {**result, "plans": plans}
            _write_record(key, result)
            self._impl = functools.partial(self._run_eager_and_record, key, result)
        return out

    def _verdict(self):
        """What this function settled on after its first call and race: compiled, eager or failed."""
        if self._impl is self.fn:
            return "failed"
        return "eager" if self._impl == self._run_eager else "compiled"


_EMITTED = set()


def _warn_once(message):
    """Log a warning once per process: a child's warnings are replayed, and the same break may be met again."""
    if message not in _EMITTED:
        _EMITTED.add(message)
        _logger.warning(message)


def _run_in_mode(fn, args, kwargs, graph, region, tuned, cells_backend=""):
    """Call ``fn`` with cells compiled (``graph``) or eager, and eager layers choosing their kernels
    by timing (``tuned``), restoring the mode afterwards. In a ``region`` (a function whose cells
    compile on their own), the cells compile with ``cells_backend`` unless given their own. Kernels
    that a tuned call meets unplanned are timed after it returns, not in it (see ``register_planner``)."""
    state = _context.state
    previous = (state["graph"], state.get("compiled_cells_region", False), state["tuned"],
                state.get("compiled_cells_backend", ""))
    (state["graph"], state["compiled_cells_region"], state["tuned"],
     state["compiled_cells_backend"]) = graph, region, tuned, cells_backend
    deferring = [name for name, (_, _, defer) in _PLANNERS.items() if defer is not None and defer(True)] \
        if tuned else []
    try:
        out = fn(*args, **kwargs)
    finally:
        (state["graph"], state["compiled_cells_region"], state["tuned"],
         state["compiled_cells_backend"]) = previous
        pending = {name: _PLANNERS[name][2](False) for name in deferring}
    if deferring:
        _plan_ahead(pending)
    return out


def _synchronize():
    if torch.cuda.is_available() and torch.cuda.is_initialized():
        torch.cuda.synchronize()


class _Race:
    """Time the compiled and the eager variant of a function alternately over their first calls,
    then hand the faster one to its owner for good.

    A compiled graph is not always faster: for tiny ops its guards cost more than the op, and for
    some workloads (batch-1 convolutions, small matmuls with their backward) eager kernels win.
    GRAPH_MODE is chosen for speed, so it keeps whichever variant was faster here. Both compute
    the same function, so the calls made while racing are ordinary calls.
    """

    __slots__ = ("owner", "variants", "times", "calls")
    ROUNDS = 5

    def __init__(self, owner, compiled):
        self.owner = owner
        self.variants = (compiled, owner._run_eager)
        self.times = ([], [])
        self.calls = 0

    def __call__(self, *args, **kwargs):
        which = self.calls % 2
        self.calls += 1
        _synchronize()
        planned, start = _planning_s, time.perf_counter()
        out = self.variants[which](*args, **kwargs)
        _synchronize()
        # The eager variant's first calls time the kernels they met unplanned, once, after the call
        # (CIFAR ResNet-18 training on one thread: 12 s in each of the first two). Counted in, they
        # made one child's eager median 3.4 s instead of 1.8-2.1 s, and it recorded compiled.
        self.times[which].append(time.perf_counter() - start - (_planning_s - planned))
        if len(self.times[1]) >= self.ROUNDS:
            self._decide()
        return out

    def _decide(self):
        compiled_s, eager_s = (statistics.median(t) for t in self.times)
        # A child's verdict of compiled costs its caller more than the race shows: compiling again
        # in the caller (seconds of Dynamo's tracing, in the middle of the run) and the compiler's
        # memory (about 150 MB more than the eager variant for a CIFAR ResNet-18 step). Within
        # _CHILD_MARGIN of eager, the eager variant is the better buy.
        margin = _CHILD_MARGIN if _IN_CHILD else 1.0
        keep = 0 if compiled_s <= margin * eager_s else 1
        self.owner._impl = self.variants[keep]
        self.owner._race_result = (compiled_s, eager_s)
        if self.owner._record_as is not None:
            _write_record(self.owner._record_as, {"verdict": "compiled" if keep == 0 else "eager",
                                                  "name": self.owner.name, "times": (compiled_s, eager_s),
                                                  "plans": _collect_plans()})
        _logger.info("sporetorch jit: '%s' runs %s (median %.3f ms compiled, %.3f ms eager)", self.owner.name,
                     "compiled" if keep == 0 else "eagerly", compiled_s * 1e3, eager_s * 1e3)


# ---------------------------------------------------------------- kernels planned ahead of a step
# Kernel choices that eager layers make by timing (``nn/layer/_conv_tuning``), by name: a function
# listing, as JSON-able records, what this process planned, and one planning such records ahead.
# A compiling child's race runs the eager variant, so it meets every convolution of the step and
# chooses their kernels; it hands its choices to its caller (and to later runs, in the record),
# which takes those made on its CPU and times the others' kernels on stand-in tensors at the
# switch, before the step, not in the middle of a step whose activations are all alive. A planner
# may also defer: while a tuned call runs, layers it meets unplanned run
# with their arrival formats and torch's kernels and are listed, and the list is planned when the
# call has returned.
_PLANNERS = {}
# The source files each planner's choices depend on: a record made by other code (an earlier
# version, whose kernels or rules differ) is not taken as it is.
_PLANNER_CODE = {}


def register_planner(name, collect, plan, defer=None, code=()):
    """Register ``collect() -> records`` and ``plan(records) -> count`` under ``name`` (see above),
    and optionally ``defer(True) -> whether deferring started`` (False when already deferring) and
    ``defer(False) -> records met unplanned since``; ``code``: the paths of the source files its
    choices depend on, part of the key of the records that hold them."""
    _PLANNERS[name] = (collect, plan, defer)
    _PLANNER_CODE[name] = tuple(code)


def _collect_plans():
    return {name: entry[0]() for name, entry in _PLANNERS.items()}


# Seconds this process has spent planning kernels ahead: a race leaves them out of the call they
# fall in, since they are paid once, not at every step.
_planning_s = 0.0


def _plan_ahead(plans):
    """Plan ``plans`` (planner name -> records); returns how many kernels were timed here (rather
    than taken from a record made on this machine)."""
    global _planning_s
    plans = {name: records for name, records in (plans or {}).items() if records and name in _PLANNERS}
    if not plans:
        return 0
    start, count = time.perf_counter(), 0
    # The host memory pool holds the last step's activations as free memory; given back first, so
    # that the stand-ins' memory does not add to it, and again after, for the stand-ins' own.
    _host_memory.release()
    for name, records in plans.items():
        entry = _PLANNERS[name]
        try:
            count += entry[1](records)
        except Exception as exc:  # noqa: BLE001 - a damaged record: steps plan what they meet, as before
            _logger.info("sporetorch jit: could not plan %s kernels ahead (%s)", name, failure_summary(exc))
    if count:
        _host_memory.release()
        _logger.info("sporetorch jit: timed the kernels of %d layers in %.2f s, between steps", count,
                     time.perf_counter() - start)
    _planning_s += time.perf_counter() - start
    return count


# ---------------------------------------------------------------- compiling in a child process
_IN_CHILD = False
# On a GPU, or in a rank of a distributed job, where no child can compile: the eager time a
# function takes before the caller compiles it (about what compiling a training step with inductor
# takes on a GPU, 20-60 s: by then compiling can pay back).
_HOT_S = 20.0
# A child records a verdict of compiled only where compiled code took at most this share of the
# eager variant's step time (see _Race._decide).
_CHILD_MARGIN = 0.9
_FILE_HASHES = {}


def _where_to_compile(owner):
    """``"child"``: in a child process, while the caller runs eagerly (inductor on the CPU, outermost,
    not strict); ``"hot"``: in the caller, once it has run eagerly for ``_HOT_S`` (the same on a
    GPU, or in a rank of a distributed job, where no child can work); ``"now"``: in the caller at the
    first call, as torch.compile does.

    ``$SPORETORCH_JIT_BACKGROUND``: ``0`` compiles now."""
    setting = os.environ.get("SPORETORCH_JIT_BACKGROUND", "auto")
    if _IN_CHILD or setting == "0":
        return "now"
    if _context.state.get("compiled_cells_region") or owner._strict() or owner._decided is not None:
        return "now"
    # Only inductor's code generation takes long enough to be worth a child ("1" forces one, for tests).
    if setting != "1" and _resolve_backend(owner.backend) != "inductor":
        return "now"
    if _device.default_device().type != "cpu" or _in_process_group():
        return "hot"
    # A CPU function in a process that has initialised CUDA compiles at once, as it did before.
    return "child" if _child_possible() else "now"


# What the first compilation in a process imports before it can even look in the caches: about
# 2.5 s of the 5.6-6.4 s that a second run's first call of a CIFAR ResNet-18 inference took when its
# recorded verdict was compiled (benchmarks/graph_second_run.py).
_COMPILER_MODULES = {"inductor": ("torch._dynamo", "torch._inductor.compile_fx", "torch.utils.cpp_extension")}
_compiler_imports = {}  # backend -> [the thread importing its modules, what _leave_a_core returned]
_IMPORT_SWITCH_INTERVAL_S = 0.0005
# sporetorch's files holding the code that calls torch ops: Dynamo names the function around the
# line of each op it records, and tokenizes the whole file once per process to find it.
_TRACED_FILES = (os.path.join(_PACKAGE_DIR, "nn", "layer", ""), os.path.join(_PACKAGE_DIR, "ops", "function", ""),
                  os.path.join(_PACKAGE_DIR, "common", "tensor.py"))


def _warm_inductor():
    """Inductor's other per-process work before a cached graph loads: it picks the CPU's vector
    instruction set by compiling and loading a probe in a subprocess (0.6 s), and hashes its own
    sources into its cache keys (0.2 s)."""
    from torch._inductor import codecache, cpu_vec_isa
    cpu_vec_isa.pick_vec_isa()
    codecache.torch_key()


def _warm_line_names():
    """Tokenize the files Dynamo looks up the enclosing function in while tracing (0.4 s for a ResNet)."""
    from torch._dynamo import funcname_cache
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None)
        if path and path.endswith(".py") and path.startswith(_TRACED_FILES):
            funcname_cache.get_funcname(path, 1)


_COMPILER_WARM_UPS = {"inductor": (_warm_inductor, _warm_line_names)}


def _import_modules(backend, names):
    """Import ``names`` and warm ``backend``'s caches, in a thread beside the caller's eager calls.
    Each op of those releases the interpreter's lock and takes it back; at the default switch
    interval (5 ms) it waited that long for this thread, and eager steps ran about twice as slowly."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(_IMPORT_SWITCH_INTERVAL_S)
    try:
        for name in names:
            importlib.import_module(name)
        for warm_up in _COMPILER_WARM_UPS.get(backend, ()):
            warm_up()
    except Exception:  # noqa: BLE001 - ahead-of-time work only: the compilation reports its own failures
        pass
    finally:
        sys.setswitchinterval(interval)


def _compiler_imported(backend):
    """Whether ``backend``'s modules are imported. If not, start a thread importing them, so that the
    caller runs eagerly meanwhile instead of waiting for the imports at a call."""
    entry = _compiler_imports.get(backend)
    if entry is None:
        names = _COMPILER_MODULES.get(backend, ("torch._dynamo",))
        if all(name in sys.modules for name in names):
            return True
        if _importing_compiler():
            return False  # one thread at a time: each lowers the switch interval and restores it
        thread = threading.Thread(target=_import_modules, args=(backend, names), name="sporetorch-jit-import",
                                  daemon=True)
        entry = _compiler_imports[backend] = [thread, _leave_a_core()]
        thread.start()
    if entry[0].is_alive():
        return False
    _take_the_core_back(entry[1])
    entry[1] = None
    return True


def _importing_compiler():
    return any(thread.is_alive() for thread, _ in _compiler_imports.values())


def _leave_a_core():
    """Leave a core to work beside the caller's steps (a compiling child, or a thread importing the
    compiler): torch's OpenMP threads, one per core, stall at every barrier when other work takes
    one of their cores, and eager steps then run several times slower than on one core fewer.
    Returns what ``_take_the_core_back`` needs to undo it, or None when nothing changed."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    threads = torch.get_num_threads()
    if 1 < cores <= threads:
        _set_threads(cores - 1)
        return threads, cores - 1
    return None


def _take_the_core_back(saved):
    """Undo ``_leave_a_core`` (unless the user has changed the thread count since)."""
    if saved is not None and torch.get_num_threads() == saved[1]:
        _set_threads(saved[0])


def _set_threads(count):
    """Change torch's thread count, dropping the oneDNN primitives built for the old one, which the
    process would otherwise keep beside the new set (``_onednn``)."""
    _onednn.flush()
    torch.set_num_threads(count)


def _child_possible():
    """Whether a forked child can run a CPU function: the platform forks, and CUDA is not
    initialised (a forked child cannot use CUDA once its parent has)."""
    return hasattr(os, "fork") and not torch.cuda.is_initialized()


def in_compiling_child():
    """Whether this process is a compiling child (``_Background``). What it runs is a copy of its
    caller's calls, so ops that write files for debugging (``TensorDump``, ``DumpGradient``) write
    nothing here: their files are the caller's, numbered by its calls."""
    return _IN_CHILD


def _in_process_group():
    """Whether this process is a rank of a ``torch.distributed`` job. A child forked from it would
    share its connections to the other ranks: the collectives of the child's race (a gradient
    reducer's all-reduce) would reach their callers as this rank's, and leave the child waiting for
    answers that go to its caller."""
    return torch.distributed.is_available() and torch.distributed.is_initialized()


def cache_root():
    """sporetorch's folder in the user's cache folder (``$SPORETORCH_CACHE_DIR`` overrides it)."""
    root = os.environ.get("SPORETORCH_CACHE_DIR")
    if not root:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        root = os.path.join(base, "sporetorch")
    return root


# Whether the user chose inductor's cache folder (importing torch._inductor sets the variable to its default).
_USER_CACHE_DIR = "TORCHINDUCTOR_CACHE_DIR" in os.environ


def _use_cache_dir():
    """Point inductor's on-disk caches (FX graphs, AOTAutograd) at sporetorch's cache folder, unless the
    user chose a folder for them; torch's default sits in /tmp, which does not outlive a reboot.
    Inductor reads the variable each time it opens its caches."""
    if _USER_CACHE_DIR:
        return
    path = os.path.join(cache_root(), "inductor")
    try:
        os.makedirs(path, exist_ok=True)
    except OSError:
        return
    os.environ["TORCHINDUCTOR_CACHE_DIR"] = path


def _file_hash(path):
    digest = _FILE_HASHES.get(path)
    if digest is None:
        try:
            with open(path, "rb") as fh:
                digest = hashlib.sha256(fh.read()).hexdigest()[:16]
        except OSError:
            digest = "?"
        _FILE_HASHES[path] = digest
    return digest


def _describe_code(fn):
    code = getattr(fn, "__code__", None)
    if code is None:
        return repr(type(fn))
    return f"{code.co_filename}:{code.co_firstlineno}:{code.co_name}:{_file_hash(code.co_filename)}"


def _is_cell(obj):
    """Whether ``obj`` is a Cell (``nn`` lies above this module: a Cell is known by what it has)."""
    return hasattr(obj, "parameters_and_names") and hasattr(obj, "construct")


def _collect(obj, out, seen, depth, found=None):
    """What the compiled graph of a function depends on beyond its arguments: the code it runs and the
    cells (their structure, parameter shapes and train flag) it reaches through closures, partials and
    the globals it names.
    The cells and functions themselves go into ``found`` where given."""
    if depth > 4 or id(obj) in seen or len(out) > 512:
        return
    seen.add(id(obj))
    if _is_cell(obj):
        if found is not None:
            found.append(obj)
        cls = type(obj)
        params = [(name, tuple(p.shape), str(p.dtype)) for name, p in obj.parameters_and_names()]
        out.append((cls.__module__, cls.__qualname__, _file_hash(inspect.getfile(cls)) if cls.__module__ in
                    sys.modules and getattr(sys.modules[cls.__module__], "__file__", None) else "?",
                    bool(getattr(obj, "training", False)), params))
    elif isinstance(obj, functools.partial):
        for item in (obj.func, *obj.args, *obj.keywords.values()):
            _collect(item, out, seen, depth + 1, found)
    elif inspect.ismethod(obj):
        _collect(obj.__func__, out, seen, depth + 1, found)
        _collect(obj.__self__, out, seen, depth + 1, found)
    elif inspect.isfunction(obj):
        if found is not None:
            found.append(obj)
        out.append(_describe_code(obj))
        for cell in obj.__closure__ or ():
            try:
                _collect(cell.cell_contents, out, seen, depth + 1, found)
            except ValueError:  # an empty closure cell
                pass
        # A module-level network (``net = Net()`` beside ``@jit def step(x): return net(x)``).
        for name in obj.__code__.co_names:
            value = obj.__globals__.get(name)
            if _is_cell(value) or (inspect.isfunction(value) and not _is_library_file(value.__code__.co_filename)):
                _collect(value, out, seen, depth + 1, found)
    elif isinstance(obj, (list, tuple)):
        for item in obj[:64]:
            _collect(item, out, seen, depth + 1, found)
    elif type(obj).__module__.startswith("sporetorch") and hasattr(obj, "__dict__"):
        for item in list(vars(obj).values())[:64]:
            _collect(item, out, seen, depth + 1, found)


def _signature(value):
    if isinstance(value, Tensor):
        value = value._t
    if isinstance(value, torch.Tensor):
        return ("T", tuple(value.shape), str(value.dtype), value.device.type, value.requires_grad)
    if isinstance(value, (list, tuple)):
        return [_signature(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _signature(v) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, float, str)):
        return repr(value)
    return type(value).__qualname__


def _record_key(owner, args, kwargs):
    """A key for what was learnt about compiling ``owner`` on these inputs, valid across processes;
    None where the function holds something that cannot be described (it then compiles in the caller)."""
    deps = []
    try:
        _collect(owner.fn, deps, set(), 0)
    except Exception:  # noqa: BLE001 - an object whose attributes fail to read: no key, no child
        return None
    # The job's size too: a package built in a one-process run holds its collectives as the identities
    # they are there, and must not stand for the function in a rank of a larger job.
    world = torch.distributed.get_world_size() if _in_process_group() else 1
    parts = [torch.__version__, _resolve_backend(owner.backend), owner.name, repr(owner.dynamic), repr(owner.options),
             _context.autotune_enabled(), _device.default_device().type, deps, _signature(list(args)),
             _signature(kwargs), world,
             sorted((name, [_file_hash(path) for path in paths]) for name, paths in _PLANNER_CODE.items())]
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


def _jit_folder():
    """Where the records, the packages and the child's lock live."""
    return os.path.join(cache_root(), "jit")


def _record_path(key):
    return os.path.join(_jit_folder(), key + ".json")


def _read_record(key):
    try:
        with open(_record_path(key), encoding="utf-8") as fh:
            record = json.load(fh)
    except (OSError, ValueError):
        return None
    return record if isinstance(record, dict) else None


def _write_record(key, record):
    path = _record_path(key)
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = f"{path}.{os.getpid()}.tmp"
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(record, fh)
        os.replace(tmp, path)
    except OSError:
        pass


def _take_child_lock():
    """An open descriptor holding the lock that one compiling child at a time holds, or None."""
    path = os.path.join(_jit_folder(), "child.lock")
    try:
        import fcntl
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except (ImportError, OSError):
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        return None
    return fd


class _ListHandler(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.messages = []

    def emit(self, record):
        self.messages.append(record.getMessage())


class _Background:
    """A child process compiling one function and racing it against eager execution.

    The child is forked at the function's first call, before the caller runs that call eagerly, so
    it works on a copy of the parameters, buffers, random state and inputs as they are then: what it
    executes (the compiled call, the race's steps, an optimizer update) never reaches the caller,
    whose results stay those of eager execution until it switches, between two calls. The child
    writes the verdict to the cache folder itself; it runs niced (5), with one thread, and exits when
    done, or as soon as the caller has exited (a process that ends must not leave a compiler running).
    Its messages are JSON lines on a pipe. After a verdict of compiled, it sends the verdict, saying
    whether a package follows, and then packages the function (``_jit_package``) on its one thread,
    while the caller goes on eagerly with all its cores, and sends the package's entry.
    """

    active = None

    __slots__ = ("pid", "fd", "key", "chunks", "status", "threads", "reaped", "thaw")

    def __init__(self, pid, fd, key, thaw=False):
        self.pid, self.fd, self.key = pid, fd, key
        self.chunks = []
        self.status = None
        self.threads = None
        self.reaped = False
        self.thaw = thaw  # whether the verdict unfreezes the garbage collector's objects (``start``)

    next_try = 0.0

    @classmethod
    def start(cls, owner, args, kwargs, key):
        """Fork a child compiling ``owner``; False when another child is still at work, in this process
        or in any other of this user's (one at a time keeps a test suite
        of GRAPH_MODE scripts from piling them up). The other processes' child is looked for once a second."""
        if cls.active is not None and cls.active.poll() is None:
            return False
        if _importing_compiler():
            # A child forked in the middle of an import would find that module's lock held forever.
            return False
        now = time.monotonic()
        if now < cls.next_try:
            return False
        lock_fd = _take_child_lock()
        if lock_fd is None:
            cls.next_try = now + 1.0
            return False
        read_fd, write_fd = os.pipe()
        # The child shares this process's pages until either writes them. The garbage collector's
        # full passes write to every object it tracks, so each would copy every page of Python
        # objects while the child lives: 0.2 s at the exit of a process that ends before its child
        # (demo --mode graph). Objects that exist at the fork sit out the collections until the
        # child's verdict comes (``poll``); the child keeps them frozen, for the same reason. (Objects
        # the user froze stay frozen.)
        thaw = gc.get_freeze_count() == 0
        gc.freeze()
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)  # fork with threads: the child uses none of them
                pid = os.fork()
        except OSError:
            if thaw:
                gc.unfreeze()
            raise
        if pid == 0:
            os.close(read_fd)
            _child_main(owner, args, kwargs, key, write_fd)  # holds the lock until it exits
        os.close(lock_fd)
        os.close(write_fd)
        os.set_blocking(read_fd, False)
        cls.active = cls(pid, read_fd, key, thaw)
        cls.active.threads = _leave_a_core()
        return True

    def poll(self):
        """The child's verdict once it has sent it or exited, else None (a cheap check made once per call)."""
        if self.status is not None:
            return self.status
        if self._message(0) is None and not self._ended():
            return None
        _take_the_core_back(self.threads)
        self.threads = None
        self.status = self._message(0) or {}
        if self.thaw:
            gc.unfreeze()
        if not self.status.get("packaging"):
            self._close()
        return self.status

    def package(self):
        """What the child sent after a verdict of compiled: the record's package entry, None where it
        built none or exited without saying, or ``_WAITING`` while it is still at work."""
        if self._message(1) is None and not self._ended():
            return _WAITING
        self._close()
        message = self._message(1)
        return message.get("package") if message else None

    def _message(self, index):
        """The ``index``-th message (a JSON object, one per line) the child has sent whole, else None."""
        lines = b"".join(self.chunks).split(b"\n")
        if len(lines) <= index + 1:
            return None
        try:
            message = json.loads(lines[index].decode())
        except ValueError:
            return {}
        return message if isinstance(message, dict) else {}

    def _ended(self):
        """Read what the child has sent so far; True once it has closed its end of the pipe or exited,
        after which it sends nothing more."""
        if self.fd is None:
            return True
        if not self._drain():
            try:
                pid, _ = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:
                pid = self.pid
            if pid == 0:
                return False
            self.reaped = True
            self._drain()
        # A message cut short by the child's end reads as an empty one (the caller then compiles itself).
        if self.chunks and not self.chunks[-1].endswith(b"\n"):
            self.chunks.append(b"\n")
        return True

    def _close(self):
        """Close the pipe once the child has nothing more to send, and collect the child when it exits
        (a thread waits for it, if it has not been collected yet)."""
        if self.fd is None:
            return
        os.close(self.fd)
        self.fd = None
        if not self.reaped:
            self.reaped = True
            threading.Thread(target=_reap, args=(self.pid,), daemon=True).start()

    def _drain(self):
        """Read what the child has sent so far; True once it has closed its end of the pipe."""
        while True:
            try:
                ready, _, _ = select.select([self.fd], [], [], 0)
                if not ready:
                    return False
                data = os.read(self.fd, 65536)
            except (BlockingIOError, OSError):
                return False
            if not data:
                return True
            self.chunks.append(data)


# What ``_Background.package`` answers while the child is still building the package.
_WAITING = object()


def _reap(pid):
    try:
        os.waitpid(pid, 0)
    except ChildProcessError:
        pass


def _child_main(owner, args, kwargs, key, write_fd):
    """In the forked child: compile, race, record the verdict, send it to the parent, package the
    function where it can, exit."""
    global _IN_CHILD
    code, result = 1, {"verdict": "error"}
    threading.Thread(target=_exit_with, args=(os.getppid(),), daemon=True).start()
    try:
        devnull = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(devnull, fd)
        # The script's log handlers (a log file, say) are its caller's: what the child logs reaches
        # the caller in its messages, and the caller logs it once.
        logging.root.handlers = []
        _logger.handlers = []
        _logger.propagate = False
        _IN_CHILD = True
        try:
            # Below the caller, whose steps come first, but not so low that a busy machine starves it.
            os.nice(5)
        except OSError:
            pass
        torch.set_num_threads(1)
        result = _compile_and_race(owner, args, kwargs)
        reached = _packageable(owner, args, kwargs) if result["verdict"] == "compiled" else None
        packaging = reached is not None
        # A verdict that a package follows is recorded with the package's outcome: a child ended
        # before that (its caller exited, and its grace ran out) leaves no record, so that the next
        # run's child tries again, rather than a record without a package for good.
        if result["verdict"] in ("compiled", "eager") and not packaging:
            _write_record(key, result)
        code = 0
    except BaseException as exc:  # noqa: BLE001 - the parent compiles itself after any failure here
        result, packaging = {"verdict": "error", "message": failure_summary(exc)}, False
    try:
        # The verdict reaches the caller now, and whether a package follows; then the package entry.
        os.write(write_fd, (json.dumps({**result, "packaging": packaging}) + "\n").encode())
        if packaging:
            entry = _package_for_later_runs(owner, args, kwargs, key, result, reached)
            os.write(write_fd, (json.dumps({"package": entry}) + "\n").encode())
    finally:
        os._exit(code)


def _reached(fn):
    """The cells and Python functions that ``fn`` reaches (see ``_collect``); none where an object on
    the way fails to describe itself."""
    found = []
    try:
        _collect(fn, [], set(), 0, found)
    except Exception:  # noqa: BLE001 - as in _record_key: nothing found, nothing packaged
        return [], []
    return ([obj for obj in found if not inspect.isfunction(obj)],
            [obj for obj in found if inspect.isfunction(obj)])


def _packageable(owner, args, kwargs):
    """The cells and functions ``owner`` reaches (``_reached``) where it may have an AOTInductor
    package (``_jit_package``): inductor, static shapes, captured whole (Python that Dynamo left
    between graphs, a ``print`` say, would not run in a package), and an inference function of
    Tensors; else None."""
    if _resolve_backend(owner.backend) != "inductor" or owner.dynamic or not owner._whole:
        return None
    reached = _reached(owner.fn)
    return reached if _jit_package.eligible(args, kwargs, reached[0]) else None


def _package_for_later_runs(owner, args, kwargs, key, result, reached):
    """In the child, after a verdict of compiled: build the function's package, record the verdict
    with it for later runs (with None where building failed), and return its entry. The caller has
    its verdict and its core back by then, and runs eagerly until the entry arrives."""
    cells, functions = reached

    def run(*inputs):
        return _run_in_mode(owner.fn, inputs, kwargs, graph=False, region=False, tuned=False)

    entry = _jit_package.build(run, args, kwargs, cells, functions, os.path.join(_jit_folder(), key + ".pt2"))
    _write_record(key, {**result, "package": entry})
    return entry


# How long a compiling child may go on once its caller has exited: enough for a small step's
# compile and race (LeNet's: 20-40 s), so that a script shorter than that leaves a verdict and its
# next run starts from it; not enough to leave a large network's compile (minutes, tens of minutes
# on a loaded machine) running long after the script that started it.
_ORPHAN_GRACE_S = 60.0


def _exit_with(parent):
    """In the child: exit ``_ORPHAN_GRACE_S`` after ``parent`` has (the child is then re-parented),
    unless done before; a later run compiles again from the caches filled so far."""
    while os.getppid() == parent:
        time.sleep(0.5)
    time.sleep(_ORPHAN_GRACE_S)
    os._exit(1)


def _compile_and_race(owner, args, kwargs):
    capture = _ListHandler()
    _logger.addHandler(capture)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        start = time.perf_counter()
        owner._compile_now(args, kwargs)
        compile_s = time.perf_counter() - start
        for _ in range(2 * _Race.ROUNDS + 1):
            if not isinstance(owner._impl, _Race):
                break
            owner(*args, **kwargs)
    verdict = owner._verdict()
    result = {"verdict": verdict, "name": owner.name, "compile_s": round(compile_s, 3),
              "times": owner._race_result, "warnings": capture.messages,
              "plans": _collect_plans()}
    if verdict == "failed":
        failures = [str(w.message) for w in caught if issubclass(w.category, RuntimeWarning)]
        result["message"] = failures[0] if failures else f"sporetorch jit: compiling '{owner.name}' failed"
    return result


# Capture stops by design where sporetorch differentiates or updates parameters.
_BY_DESIGN_DIRS = tuple(os.path.join(_PACKAGE_DIR, *parts) + os.sep
                        for parts in (("autodiff",), ("nn", "optim"), ("nn", "wrap"), ("amp",)))


def _eager_by_design(exc):
    """Whether capture stopped at a sporetorch function that runs eagerly on purpose
    (``torch.compiler.disable``: a kernel inductor miscompiles)."""
    stack = _traced_stack(exc)
    return bool(stack) and stack[-1].filename.startswith(_PACKAGE_DIR) and "compiler.disable" in str(exc)


def _broke_by_design(exc):
    stack = _traced_stack(exc)
    return bool(stack) and stack[-1].filename.startswith(_BY_DESIGN_DIRS)


def failure_summary(exc):
    """``'TypeName: first line of the message'``, how a compiler failure is reported in one line."""
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text.splitlines()[0] if text else ''}"


def _is_compiler_failure(exc):
    """Whether ``exc`` came from the compiler rather than from the user's code."""
    mod = type(exc).__module__ or ""
    return mod.startswith(("torch._dynamo", "torch._inductor", "torch.fx", "torch._functorch")) \
        or type(exc).__name__ in ("BackendCompilerFailed", "InductorError", "CppCompileError")


class JitConfig:
    """Compilation options for a Cell or ``set_context(jit_config=...)``.

    Args:
        jit_level (str): ``"O0"``/``"O1"``/``"O2"``; recorded (torch.compile decides fusion itself).
        exc_mode (str): ``"auto"``, ``"sink"`` or ``"no_sink"``; recorded.
        jit_syntax_level (str): ``"STRICT"`` makes unsupported constructs an error; ``"LAX"`` falls back.
        debug_level (str), infer_boost (str): recorded.
        **kwargs: ``backend`` selects the torch.compile backend.
    """

    def __init__(self, jit_level="", exc_mode="auto", jit_syntax_level="", debug_level="RELEASE",
                 infer_boost="off", **kwargs):
        if jit_level not in ("", "O0", "O1", "O2"):
            raise ValueError(f"For 'JitConfig', the 'jit_level' must be '', 'O0', 'O1' or 'O2', but got {jit_level!r}")
        if jit_syntax_level not in ("", "STRICT", "COMPATIBLE", "LAX"):
            raise ValueError(f"For 'JitConfig', the 'jit_syntax_level' must be '', 'STRICT', 'COMPATIBLE' or "
                             f"'LAX', but got {jit_syntax_level!r}")
        self.jit_config_dict = dict(jit_level=jit_level, exc_mode=exc_mode, jit_syntax_level=jit_syntax_level,
                                    debug_level=debug_level, infer_boost=infer_boost, **kwargs)


def _function_name(fn):
    return getattr(fn, "__qualname__", None) or getattr(fn, "__name__", None) or type(fn).__name__


class _JitFunction:
    """What ``jit`` returns: compiles the function on first call; works on methods too."""

    def __init__(self, fn, backend, fullgraph, dynamic, options):
        functools.update_wrapper(self, fn)
        self._fn = fn
        self._compiled = _Compiled(fn, _function_name(fn), backend, fullgraph, dynamic, options)

    def __call__(self, *args, **kwargs):
        if torch.compiler.is_compiling():
            return self._fn(*args, **kwargs)
        return _graph_outputs(self._compiled(*args, **kwargs), args, kwargs)

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        return functools.partial(self.__call__, obj)


def jit(function=None, *, capture_mode="ast", jit_level="O0", dynamic=0, fullgraph=False, backend="",
        **options):
    """Compile ``function`` (a function or a method such as ``construct``) with ``torch.compile``.

    Args:
        function: the function; ``jit`` also works as ``@jit`` and ``@jit(...)``.
        capture_mode (str): ``"ast"``, ``"bytecode"`` or ``"trace"``; all capture with TorchDynamo.
        jit_level (str): ``"O0"``, ``"O1"`` or ``"O2"``; recorded.
        dynamic (int): 1 compiles with dynamic shapes from the start; 0 recompiles for a new shape
            and turns dynamic after that (torch.compile's automatic dynamic shapes).
        fullgraph (bool): unsupported constructs raise ``GraphCaptureError`` instead of running eagerly.
        backend (str): ``"inductor"`` (default when a C compiler is present), ``"eager"`` or ``"aot_eager"``
            (no code generation).
        **options: passed to inductor.

    Differences from MindSpore: graph capture is TorchDynamo's; Python that it cannot capture
    falls back to eager execution with a warning instead of failing.
    """
    if capture_mode not in ("ast", "bytecode", "trace"):
        raise ValueError(f"For 'jit', the 'capture_mode' must be 'ast', 'bytecode' or 'trace', but got {capture_mode!r}")
    if jit_level not in ("O0", "O1", "O2"):
        raise ValueError(f"For 'jit', the 'jit_level' must be 'O0', 'O1' or 'O2', but got {jit_level!r}")
    if dynamic not in (0, 1):
        raise ValueError(f"For 'jit', the 'dynamic' must be 0 or 1, but got {dynamic!r}")
    _resolve_backend(backend)

    def wrap(fn):
        if isinstance(fn, _JitFunction):
            return fn
        if not callable(fn):
            raise TypeError(f"For 'jit', the decorated object must be callable, but got {type(fn).__name__}")
        return _JitFunction(fn, backend, fullgraph, True if dynamic == 1 else None, options)

    return wrap if function is None else wrap(function)


def _graph_call(cell, args, kwargs):
    """Cell.__call__ in GRAPH_MODE: compile the outermost cell's call; inline everything below it."""
    if torch.compiler.is_compiling():
        return _run_cell(cell, *args, **kwargs)
    compiled = cell.__dict__.get("_graph_compiled")
    if compiled is None:
        backend = cell.__dict__.get("_jit_backend") or _context.state.get("compiled_cells_backend", "")
        compiled = _Compiled(functools.partial(_run_cell, cell), f"{type(cell).__name__}.construct",
                             backend=backend, frame_name=_cell_frame_name(cell))
        cell.__dict__["_graph_compiled"] = compiled
    dyn = cell.__dict__.get("_dynamic_inputs")
    if dyn:
        _mark_dynamic(args, dyn)
    return _graph_outputs(compiled(*args, **kwargs), args, kwargs)


def _graph_outputs(out, args, kwargs):
    """A graph's outputs as MindSpore hands them back: a Parameter of the network (one the call did
    not receive) comes back as a Tensor holding its value at the end of the call, which the next
    call's updates do not reach; an argument returned as it is comes back as itself."""
    if type(out) is Tensor:
        return out
    if isinstance(out, Parameter):
        if any(out is arg for arg in args) or any(out is arg for arg in kwargs.values()):
            return out
        return _wrap(out._t.clone())
    if type(out) in (tuple, list):
        return type(out)(_graph_outputs(item, args, kwargs) for item in out)
    return out


def in_graph_code(frame):
    """Whether ``frame`` (a caller's) runs where MindSpore compiles: a Cell's ``construct`` in
    GRAPH_MODE, or a ``jit`` function (or ``@jit`` construct) in either mode."""
    graph_mode = _context.get_context("mode") == _context.GRAPH_MODE
    jit_call = _Compiled.__call__.__code__
    while frame is not None:
        code = frame.f_code
        if code is jit_call:
            return True
        if graph_mode and code.co_name == "construct" and _is_cell(frame.f_locals.get("self")):
            return True
        frame = frame.f_back
    return False


def _cell_frame_name(cell):
    """The name of ``cell``'s compiled frame, the same in every process for the same network: its
    class and a digest of its Parameters' names and shapes. Dynamo keeps the shapes it has seen by
    this name, so two different SequentialCells must not share one."""
    layout = [(name, tuple(param.shape)) for name, param in cell.parameters_and_names()]
    return f"{type(cell).__qualname__}.construct_{hashlib.sha256(repr(layout).encode()).hexdigest()[:12]}"


def _run_cell(cell, *args, **kwargs):
    hook = cell._call_hook
    return hook(cell, args, kwargs) if hook is not None else cell.construct(*args, **kwargs)


def _mark_dynamic(args, dyn):
    for arg, dims in zip(args, dyn):
        if isinstance(arg, Tensor):
            for d in dims:
                torch._dynamo.mark_dynamic(arg._t, d)


# Shapes of placeholder Tensors built as ``Tensor(shape=[None, 3], dtype=...)``, by id while the Tensor
# lives (Tensor.__eq__ is elementwise, so Tensors cannot be keys of a WeakKeyDictionary).
_PLACEHOLDER_SHAPES = {}


def _dynamic_placeholder(tensor, shape, dtype):
    """Data for ``Tensor(shape=[None, 3], dtype=...)``: a signature for ``set_inputs``, not a value."""
    shape = tuple(shape)
    _PLACEHOLDER_SHAPES[id(tensor)] = shape
    weakref.finalize(tensor, _PLACEHOLDER_SHAPES.pop, id(tensor), None)
    tdtype = mstype.to_torch(dtype if dtype is not None else mstype.float32)
    return torch.zeros(tuple(1 if s is None or s == -1 else int(s) for s in shape), dtype=tdtype)


def set_inputs(cell, *inputs):
    """``Cell.set_inputs``: dimensions given as None in ``Tensor(shape=..., dtype=...)`` are dynamic."""
    dyn = []
    for spec in inputs:
        shape = _PLACEHOLDER_SHAPES.get(id(spec), ()) if isinstance(spec, Tensor) else ()
        dyn.append([i for i, s in enumerate(shape) if s is None or s == -1])
    cell.__dict__["_dynamic_inputs"] = dyn
    cell.__dict__.pop("_graph_compiled", None)


_context.state["graph_call"] = _graph_call
