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
"""
import functools
import logging
import os
import shutil
import statistics
import time
import warnings
import weakref

import torch

from .. import _device
from .. import _host_memory
from .. import context as _context
from . import dtype as mstype
from .tensor import Tensor

__all__ = ["jit", "JitConfig", "GraphCaptureError"]

_logger = logging.getLogger("sporetorch")
_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
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


def _user_frame(exc):
    """The innermost frame outside sporetorch where capture broke (Dynamo's ``real_stack`` holds traced code only)."""
    stack = list(getattr(exc, "real_stack", None) or [])
    for frame in reversed(stack):
        if not frame.filename.startswith(_PACKAGE_DIR):
            return frame
    return stack[-1] if stack else None


def _describe_break(exc):
    frame = _user_frame(exc)
    text = str(exc)
    reason = text.strip().splitlines()[0] if text.strip() else type(exc).__name__
    hints = [ln.strip()[len("Hint:"):].strip() for ln in text.splitlines() if ln.strip().startswith("Hint:")]
    where = f"{frame.filename}:{frame.lineno}" if frame else "an unknown line"
    code = f" `{frame.line.strip()}`" if frame is not None and frame.line else ""
    return where, reason, code, hints


# What Dynamo's first line means, in a MindSpore user's words (matched in order, case-insensitively).
_BREAK_REASONS = (
    ("data-dependent", "a Python `if`/`while` or int()/float() on a tensor's value"),
    ("item()", "reading a tensor's value in Python"),
    ("numpy", "a NumPy call on a tensor"),
)


def _plain_reason(reason):
    low = reason.lower()
    return next((plain for key, plain in _BREAK_REASONS if key in low), reason)


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
    if not strict:
        return (f"GRAPH_MODE runs part of '{name}' eagerly: {_plain_reason(reason)} at {where}{code}. To keep "
                "it in the graph, use ops.select/ops.where instead of a Python `if` on a tensor value.")
    msg = f"GRAPH_MODE cannot capture '{name}' as one graph: {reason} at {where}{code}."
    if strict:
        advice = ("Rewrite that line with tensor operations (ops.select/ops.where instead of a Python `if` on a "
                  "tensor value, sporetorch ops instead of NumPy), or drop fullgraph=True / "
                  "jit_syntax_level=STRICT to let sporetorch run that part eagerly.")
        if hints:
            advice += " Compiler hint: " + hints[0]
        return msg + " " + advice


def _is_capture_error(exc):
    dyn_exc = getattr(torch._dynamo, "exc", None)
    return dyn_exc is not None and isinstance(exc, (dyn_exc.Unsupported, dyn_exc.UserError))


class _Compiled:
    """One callable compiled on first use, with whole-graph capture first, then graph breaks, then eager."""

    __slots__ = ("fn", "name", "backend", "fullgraph", "dynamic", "options", "_impl")

    def __init__(self, fn, name, backend="", fullgraph=False, dynamic=None, options=None):
        self.fn = fn
        self.name = name
        self.backend = backend
        self.fullgraph = fullgraph
        self.dynamic = dynamic
        self.options = options or None
        self._impl = None

    def _compile(self, fullgraph):
        backend = _resolve_backend(self.backend)
        kwargs = {"backend": backend, "fullgraph": fullgraph, "dynamic": self.dynamic}
        if self.options and backend == "inductor":
            kwargs["options"] = self.options
        return torch.compile(self.fn, **kwargs)

    def __call__(self, *args, **kwargs):
        impl = self._impl
        if impl is not None:
            return impl(*args, **kwargs)
        return self._first_call(args, kwargs)

    def _first_call(self, args, kwargs):
        if _device.default_device().type == "cpu":
            _host_memory.engage()
        strict = self.fullgraph or _context.get_context("jit_syntax_level") == _context.STRICT
        _quiet_compiler_logs()
        start = time.perf_counter()
        try:
            out = self._run_compiled(self._compile(True), args, kwargs)
        except Exception as exc:  # noqa: BLE001 - every compiler failure has a defined fallback below
            out = self._recover(exc, strict, args, kwargs)
        _logger.info("sporetorch jit: compiled '%s' with backend %s in %.2f s", self.name,
                     _resolve_backend(self.backend), time.perf_counter() - start)
        return out

    def _run_compiled(self, compiled, args, kwargs):
        out = compiled(*args, **kwargs)
        self._keep(compiled)
        return out

    def _keep(self, compiled):
        """Use ``compiled`` from now on, after racing it against eager execution when autotuning.

        Cells compiled inside a step that is itself being raced are kept compiled: the outer race
        times forward and backward together, which a race of the forward alone could not.
        """
        if _context.autotune_enabled() and not _context.state.get("compiled_cells_region"):
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
            _logger.warning(_break_message(exc, self.name, False))
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
        return _run_in_mode(self.fn, args, kwargs, graph=True, region=True, tuned=_context.autotune_enabled())

    def _run_eager(self, *args, **kwargs):
        # Only a race runs this, and races run only when autotuning is on.
        return _run_in_mode(self.fn, args, kwargs, graph=False, region=False, tuned=True)


def _run_in_mode(fn, args, kwargs, graph, region, tuned):
    """Call ``fn`` with cells compiled (``graph``) or eager, and eager layers choosing their kernels
    by timing (``tuned``), restoring the mode afterwards."""
    state = _context.state
    previous = state["graph"], state.get("compiled_cells_region", False), state["tuned"]
    state["graph"], state["compiled_cells_region"], state["tuned"] = graph, region, tuned
    try:
        return fn(*args, **kwargs)
    finally:
        state["graph"], state["compiled_cells_region"], state["tuned"] = previous


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
        start = time.perf_counter()
        out = self.variants[which](*args, **kwargs)
        _synchronize()
        self.times[which].append(time.perf_counter() - start)
        if len(self.times[1]) >= self.ROUNDS:
            self._decide()
        return out

    def _decide(self):
        compiled_s, eager_s = (statistics.median(t) for t in self.times)
        keep = 0 if compiled_s <= eager_s else 1
        self.owner._impl = self.variants[keep]
        _logger.info("sporetorch jit: '%s' runs %s (median %.3f ms compiled, %.3f ms eager)", self.owner.name,
                     "compiled" if keep == 0 else "eagerly", compiled_s * 1e3, eager_s * 1e3)


# Capture stops by design where sporetorch differentiates or updates parameters.
_BY_DESIGN_DIRS = tuple(os.path.join(_PACKAGE_DIR, *parts) + os.sep
                        for parts in (("autodiff",), ("nn", "optim"), ("nn", "wrap"), ("amp",)))


def _broke_by_design(exc):
    stack = list(getattr(exc, "real_stack", None) or [])
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
        return self._compiled(*args, **kwargs)

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
        compiled = _Compiled(functools.partial(_run_cell, cell), f"{type(cell).__name__}.construct",
                             backend=cell.__dict__.get("_jit_backend", ""))
        cell.__dict__["_graph_compiled"] = compiled
    dyn = cell.__dict__.get("_dynamic_inputs")
    if dyn:
        _mark_dynamic(args, dyn)
    return compiled(*args, **kwargs)


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
