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

Where and when the compilation happens (in a background process, after a race against eager
execution, from a record of an earlier run) is the speed-ups' business (``sporetorch._accel``);
with ``SPORETORCH_ACCEL=0`` a function compiles at its first call, as torch.compile does.
"""
import functools
import hashlib
import logging
import os
import shutil
import sys
import time
import types
import warnings

import torch

from .. import _accel
from .. import context as _context
from ._placeholder import PLACEHOLDER_SHAPES as _PLACEHOLDER_SHAPES
from .parameter import Parameter
from .tensor import Tensor, _wrap

__all__ = ["jit", "JitConfig", "GraphCaptureError"]

_logger = logging.getLogger("sporetorch")
_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_TORCH_DIR = os.path.dirname(os.path.abspath(torch.__file__))
_BACKENDS = ("inductor", "eager", "aot_eager")
# MindSpore's own backend names select our default backend.
_MINDSPORE_BACKENDS = ("", "ms_backend", "GE", "default")
# Re-exported for the ops that ask (``TensorDump`` writes nothing in a compiling child).
in_compiling_child = _accel.in_compiling_child
failure_summary = _accel.failure_summary
_warn_once = _accel.warn_once


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
        _accel.prepare_capture()
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
            kwargs["backend"] = _accel.inductor_backend(
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
        out = _accel.first_call(self, args, kwargs)
        return self._compile_now(args, kwargs) if out is _accel.DECLINED else out

    def backend_name(self):
        """The torch.compile backend this function compiles with."""
        return _resolve_backend(self.backend)

    def _compile_now(self, args, kwargs):
        strict = self._strict()
        _accel.before_compile()
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

    def _run_compiled(self, compiled, args, kwargs):
        out = compiled(*args, **kwargs)
        self._keep(compiled)
        return out

    def _keep(self, compiled):
        """Use ``compiled`` from now on, or whichever of it and eager execution the speed-ups find faster."""
        self._impl = _accel.race_or(self, compiled)

    def _recover(self, exc, strict, args, kwargs):
        if _accel.is_capture_error(exc):
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
        if not _accel.is_compiler_failure(exc):
            raise exc
        warnings.warn(f"sporetorch jit: compiling '{self.name}' failed ({failure_summary(exc)}); running it eagerly.",
                      RuntimeWarning, stacklevel=4)
        self._impl = self.fn
        return self.fn(*args, **kwargs)

    def _run_with_compiled_cells(self, *args, **kwargs):
        return _run_in_mode(self.fn, args, kwargs, graph=True, region=True, tuned=_accel.tuning(),
                            cells_backend=self.backend)

    def _run_eager(self, *args, **kwargs):
        # Only a race (or its verdict) runs this, and races run only when autotuning is on.
        return _run_in_mode(self.fn, args, kwargs, graph=False, region=False, tuned=True)

    def _verdict(self):
        """What this function settled on after its first call and race: compiled, eager or failed."""
        if self._impl is self.fn:
            return "failed"
        return "eager" if self._impl == self._run_eager else "compiled"


def _run_in_mode(fn, args, kwargs, graph, region, tuned, cells_backend=""):
    """Call ``fn`` with cells compiled (``graph``) or eager, and eager layers choosing their kernels
    by timing (``tuned``), restoring the mode afterwards. In a ``region`` (a function whose cells
    compile on their own), the cells compile with ``cells_backend`` unless given their own. Kernels
    that a tuned call meets unplanned are timed after it returns, not in it (``_accel.defer_planning``)."""
    state = _context.state
    previous = (state["graph"], state.get("compiled_cells_region", False), state["tuned"],
                state.get("compiled_cells_backend", ""))
    (state["graph"], state["compiled_cells_region"], state["tuned"],
     state["compiled_cells_backend"]) = graph, region, tuned, cells_backend
    deferring = _accel.defer_planning() if tuned else None
    try:
        out = fn(*args, **kwargs)
    finally:
        (state["graph"], state["compiled_cells_region"], state["tuned"],
         state["compiled_cells_backend"]) = previous
        pending = _accel.deferred_plans(deferring) if deferring else None
    if pending:
        _accel.plan_ahead(pending)
    return out


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


def _is_cell(obj):
    """Whether ``obj`` is a Cell (``nn`` lies above this module: a Cell is known by what it has)."""
    return hasattr(obj, "parameters_and_names") and hasattr(obj, "construct")


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
                _accel.mark_dynamic(arg._t, d)


# Shapes of placeholder Tensors built as ``Tensor(shape=[None, 3], dtype=...)``, by id while the Tensor
# lives (Tensor.__eq__ is elementwise, so Tensors cannot be keys of a WeakKeyDictionary).


def set_inputs(cell, *inputs):
    """``Cell.set_inputs``: dimensions given as None in ``Tensor(shape=..., dtype=...)`` are dynamic."""
    dyn = []
    for spec in inputs:
        shape = _PLACEHOLDER_SHAPES.get(id(spec), ()) if isinstance(spec, Tensor) else ()
        dyn.append([i for i, s in enumerate(shape) if s is None or s == -1])
    cell.__dict__["_dynamic_inputs"] = dyn
    cell.__dict__.pop("_graph_compiled", None)


_context.state["graph_call"] = _graph_call


class _CallableJitModule(type(sys.modules[__name__])):
    """In MindSpore ``mindspore.common.jit`` is the ``jit`` decorator itself (``from mindspore.common import
    jit``; ``@jit()``); here it is also this module, which the package imports by that name."""

    def __call__(self, *args, **kwargs):
        return jit(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableJitModule
