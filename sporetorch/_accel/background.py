"""Background compilation: GRAPH_MODE compiles without holding up the caller.

With the inductor backend on the CPU, the first call of a compiled function runs eagerly, and the
second forks a child process that compiles (and times compiled against eager execution) on its own
copy of the program's state, while the caller runs eagerly; at the first call after the child is
done, the caller switches to the faster variant (to compiled code by compiling it itself from the
caches the child filled, once a thread has imported the compiler beside its eager calls).

A child is forked only where that is safe (``fork_is_safe``): not once CUDA is initialised, not in a
rank of a ``torch.distributed`` job (a child would share its connections to the other ranks), not in
a DataLoader or dataset worker (a multiprocessing child), and not while other Python threads run
(a threaded input pipeline: a lock one of them holds at the fork stays held in the child forever).
There, and on a GPU, the caller runs the function eagerly until it has taken about as long as
compiling it would, then compiles it in-process. In-process rather than in a freshly spawned
process: a spawned child starts from nothing, and would have to rebuild the program (its cells,
closures and parameters, which need not pickle) before it could compile a single graph; the fork's
whole point is the copy it gets for free. A child never outlives its caller: it asks the kernel for
SIGKILL when its parent dies (``prctl(PR_SET_PDEATHSIG)`` on Linux) and checks its parent besides.

Compiled code reaches the disk through torch's FX graph and AOTAutograd caches (under the cache
folder, ``cache``), and the verdict is recorded there too, so the next run of the same script starts
with the faster variant at once. For an inference function whose verdict is compiled, the child
also builds an AOTInductor package (``package``): its caller switches to it once it is built, and
the next run runs it from its first call, neither of them tracing the function.

The functions here work on the owner, ``common.jit._Compiled``, through its attributes and methods
(``_impl``, ``_compile_now``, ``_run_plain``, ``_run_eager``, ...); this module does not import it.
"""
import ctypes
import functools
import hashlib
import importlib
import inspect
import json
import logging
import multiprocessing
import os
import select
import signal
import statistics
import sys
import threading
import time
import warnings

import torch

from .. import _device
from .. import context as _context
from . import _torch_private, cache, gc_freeze, host_memory
from . import package as _jit_package
from ._common import TECHNIQUES, _logger, engage, failure_summary, turned_off, warn_once as _warn_once

_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_TORCH_DIR = os.path.dirname(os.path.abspath(torch.__file__))
# Sentinel of ``first_call``: the owner compiles at once, in the caller.
DECLINED = object()


def _is_library_file(filename):
    return filename.startswith((_PACKAGE_DIR, _TORCH_DIR))


def first_call(owner, args, kwargs):
    """The owner's first call: run it from an earlier run's record, or eagerly while it compiles in
    the background or until it is hot; ``DECLINED`` where it compiles now, in the caller."""
    where = _where_to_compile(owner)
    key = _record_key(owner, args, kwargs) if where != "now" else None
    if key is None:
        return DECLINED
    use_cache_dir()
    record = _read_record(key)
    if record is not None:
        return _adopt(owner, record, args, kwargs, key, earlier_run=True)
    if where == "child":
        owner._impl = functools.partial(_start_background, owner)
    else:
        owner._impl = functools.partial(_run_until_hot, owner, key, [0.0])
    return owner._run_plain(*args, **kwargs)


def _run_until_hot(owner, key, spent, *args, **kwargs):
    """Where no child can compile (a GPU, a distributed rank, a process where fork is unsafe): run
    eagerly until the function has taken ``_HOT_S`` of eager time, then compile in the caller and
    race, recording the verdict under ``key``. A script shorter than a compilation never waits for
    one; a longer one pays it once, and the next run starts with the verdict. The calls are not
    synchronised with the device: once its queue is full, a call's wall time is the device's time."""
    start = time.perf_counter()
    out = owner._run_plain(*args, **kwargs)
    spent[0] += time.perf_counter() - start
    if spent[0] >= _HOT_S:
        owner._record_as = key
        owner._impl = functools.partial(_compile_when_imported, owner)
    return out


def _compile_when_imported(owner, *args, **kwargs):
    """Compile in the caller once the compiler's modules are imported; until then, run eagerly
    while a thread imports them (see ``_compiler_imported``)."""
    if not _compiler_imported(owner.backend_name()):
        return owner._run_plain(*args, **kwargs)
    return owner._compile_now(args, kwargs)


def _start_background(owner, *args, **kwargs):
    """From the second call on, until one is forked: fork the compiling child, then run eagerly.
    The first call only runs eagerly, so it costs what a PYNATIVE call costs (forking a large
    process takes tens of milliseconds), and a function called once never forks. Where fork has
    become unsafe since the first call (a thread started), the function goes on as ``_run_until_hot``."""
    key = _record_key(owner, args, kwargs)
    if key is None:
        owner._impl = None
        return owner._compile_now(args, kwargs)
    if not fork_is_safe():
        owner._impl = functools.partial(_run_until_hot, owner, key, [0.0])
        return owner._impl(*args, **kwargs)
    if _Background.start(owner, args, kwargs, key):
        owner._pending = _Background.active
        owner._impl = functools.partial(_await_background, owner)
    return owner._run_plain(*args, **kwargs)


def _await_background(owner, *args, **kwargs):
    pending = owner._pending
    result = pending.poll() if pending is not None else {"verdict": "error"}
    if result is None:
        return owner._run_plain(*args, **kwargs)
    owner._pending = None
    owner._impl = None
    return _adopt(owner, result, args, kwargs, pending.key if pending is not None else None, earlier_run=False,
                  child=pending)


def _adopt(owner, result, args, kwargs, key, earlier_run, child=None):
    """Switch to what a child process (or an earlier run) found fastest; called between steps.
    ``child``: the child that sent ``result``, which may go on to build a package."""
    verdict = result.get("verdict")
    engage("background")
    if result.get("times"):
        engage("race")
    for message in result.get("warnings", ()):
        _warn_once(message)
    where = "in an earlier run" if earlier_run else "in the background"
    times = result.get("times")
    timing = f" (median {times[0] * 1e3:.3f} ms compiled, {times[1] * 1e3:.3f} ms eager)" if times else ""
    if verdict == "eager":
        _logger.info("sporetorch jit: compiled '%s' with backend %s %s in %.2f s; it runs eagerly%s", owner.name,
                     owner.backend_name(), where, result.get("compile_s", 0.0), timing)
        plan_ahead(result.get("plans"))
        owner._impl = (owner._run_eager if key is None
                       else functools.partial(_run_eager_and_record, owner, key, result))
        return owner._impl(*args, **kwargs)
    if verdict == "compiled":
        packaged = _load_package(owner, result, args, kwargs) if earlier_run else None
        waiting = child is not None and result.get("packaging")
        _logger.info("sporetorch jit: compiled '%s' with backend %s %s in %.2f s; it runs compiled%s%s", owner.name,
                     owner.backend_name(), where, result.get("compile_s", 0.0), timing,
                     ", from the package built then" if packaged is not None else
                     ", once the child has packaged it" if waiting else "")
        owner._decided = "compiled"
        if packaged is not None:
            owner._impl = functools.partial(_run_packaged, owner, packaged)
        elif waiting:
            owner._impl = functools.partial(_await_package, owner, child)
        else:
            owner._impl = functools.partial(_compile_when_imported, owner)
        return owner._impl(*args, **kwargs)
    if verdict == "failed":
        warnings.warn(result.get("message", f"sporetorch jit: compiling '{owner.name}' failed; running it "
                                            "eagerly."), RuntimeWarning, stacklevel=5)
        owner._impl = owner.fn
        return owner.fn(*args, **kwargs)
    # The child stopped on an error of the user's code or was killed: compile here, as without a child.
    return owner._compile_now(args, kwargs)


def _load_package(owner, record, args, kwargs):
    """The AOTInductor package an earlier run's child built (``_package_for_later_runs``), loaded
    for these cells and arguments, or None."""
    entry = record.get("package")
    folder = _jit_folder()
    if not isinstance(entry, dict) or folder is None or turned_off("packages"):
        return None
    packaged = _jit_package.load(folder, entry, *_reached(owner.fn))
    if packaged is None or not packaged.matches(args, kwargs):
        return None
    engage("packages")
    return packaged


def _await_package(owner, child, *args, **kwargs):
    """After a verdict of compiled from a child that goes on to package the function: run eagerly
    until the package is built, then run it. No compiler in the caller, so no call waits for
    Dynamo's tracing, and the compiler's memory is never taken."""
    entry = child.package()
    if entry is _WAITING:
        return owner._run_plain(*args, **kwargs)
    packaged = _load_package(owner, {"package": entry}, args, kwargs)
    if packaged is None:
        owner._impl = functools.partial(_compile_when_imported, owner)
    else:
        _logger.info("sporetorch jit: '%s' runs compiled, from the package built in the background", owner.name)
        owner._impl = functools.partial(_run_packaged, owner, packaged)
    return owner._impl(*args, **kwargs)


def _run_packaged(owner, packaged, *args, **kwargs):
    """A call of the packaged code where it computes what the function would; a call it does not
    fit (other shapes, a train flag switched, a gradient wanted, a parameter replaced by another
    layout) goes to the function compiled as without a package (an evaluation's smaller last
    batch, say), and the calls after it to the package again where they fit."""
    if packaged.matches(args, kwargs):
        return packaged(*args)
    if owner._fallback is None:
        _logger.info("sporetorch jit: '%s' is called with other inputs or state than its package was built "
                     "for; compiling it for those", owner.name)
        fallback = type(owner)(owner.fn, owner.name, owner.backend, owner.fullgraph, owner.dynamic, owner.options,
                               owner.frame_name)
        fallback._decided = "compiled"
        fallback._impl = functools.partial(_compile_when_imported, fallback)
        owner._fallback = fallback
    return owner._fallback(*args, **kwargs)


def _run_eager_and_record(owner, key, result, *args, **kwargs):
    """An eager call after adopting a verdict of eager, until a call plans nothing new: the
    kernel choices taken or made ahead and those made after each call (for what the child's
    run never met) go into the record, so that a later run on this machine takes them all
    without timing."""
    out = owner._run_eager(*args, **kwargs)
    plans = collect_plans()
    if plans == result.get("plans"):
        owner._impl = owner._run_eager
    else:
        result = {**result, "plans": plans}
        _write_record(key, result)
        owner._impl = functools.partial(_run_eager_and_record, owner, key, result)
    return out


def race_or(owner, compiled):
    """What the owner runs from now on: ``compiled``, or a race of it against eager execution when
    autotuning. Cells compiled inside a step that is itself being raced are kept compiled: the outer
    race times forward and backward together, which a race of the forward alone could not."""
    if (_context.autotune_enabled() and not _context.state.get("compiled_cells_region")
            and owner._decided != "compiled"):
        engage("race")
        return _Race(owner, compiled)
    return compiled


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
# Kernel choices that eager layers make by timing (``conv_plan``), by name: a function
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


collect_plans = _collect_plans


def defer_planning():
    """At the start of a tuned call: the planners that now defer the layers they meet unplanned."""
    return [name for name, (_, _, defer) in _PLANNERS.items() if defer is not None and defer(True)]


def deferred_plans(deferring):
    """At the end of a tuned call: what the ``deferring`` planners met unplanned, to ``plan_ahead``."""
    return {name: _PLANNERS[name][2](False) for name in deferring}


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
    host_memory.release()
    for name, records in plans.items():
        entry = _PLANNERS[name]
        try:
            count += entry[1](records)
        except Exception as exc:  # noqa: BLE001 - a damaged record: steps plan what they meet, as before
            _logger.info("sporetorch jit: could not plan %s kernels ahead (%s)", name, failure_summary(exc))
    if count:
        host_memory.release()
        _logger.info("sporetorch jit: timed the kernels of %d layers in %.2f s, between steps", count,
                     time.perf_counter() - start)
    _planning_s += time.perf_counter() - start
    return count


plan_ahead = _plan_ahead


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
    not strict, where a fork is safe); ``"hot"``: in the caller, once it has run eagerly for
    ``_HOT_S`` (on a GPU, and wherever a fork is not safe: see ``fork_is_safe``); ``"now"``: in the
    caller at the first call, as torch.compile does.

    ``$SPORETORCH_JIT_BACKGROUND``: ``0`` compiles now."""
    setting = os.environ.get("SPORETORCH_JIT_BACKGROUND", "auto")
    if _IN_CHILD or setting == "0":
        return "now"
    if _context.state.get("compiled_cells_region") or owner._strict() or owner._decided is not None:
        return "now"
    # Only inductor's code generation takes long enough to be worth a child ("1" forces one, for tests).
    if setting != "1" and owner.backend_name() != "inductor":
        return "now"
    if _device.default_device().type != "cpu":
        return "hot"
    return "child" if fork_is_safe() else "hot"


# What the first compilation in a process imports before it can even look in the caches: about
# 2.5 s of the 5.6-6.4 s that a second run's first call of a CIFAR ResNet-18 inference took when its
# recorded verdict was compiled (benchmarks/graph_second_run.py).
_COMPILER_MODULES = _torch_private.COMPILER_MODULES
_compiler_imports = {}  # backend -> [the thread importing its modules, what _leave_a_core returned]
_IMPORT_SWITCH_INTERVAL_S = 0.0005
# sporetorch's files holding the code that calls torch ops: Dynamo names the function around the
# line of each op it records, and tokenizes the whole file once per process to find it.
_TRACED_FILES = (os.path.join(_PACKAGE_DIR, "nn", "layer", ""), os.path.join(_PACKAGE_DIR, "ops", "function", ""),
                  os.path.join(_PACKAGE_DIR, "common", "tensor.py"))


def _warm_inductor():
    _torch_private.warm_inductor()


def _warm_line_names():
    _torch_private.warm_line_names([module.__file__ for module in list(sys.modules.values())
                                    if (getattr(module, "__file__", None) or "").endswith(".py")
                                    and module.__file__.startswith(_TRACED_FILES)])


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
        names = _COMPILER_MODULES.get(backend, (_torch_private.DYNAMO_MODULE,))
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
        torch.set_num_threads(cores - 1)
        return threads, cores - 1
    return None


def _take_the_core_back(saved):
    """Undo ``_leave_a_core`` (unless the user has changed the thread count since)."""
    if saved is not None and torch.get_num_threads() == saved[1]:
        torch.set_num_threads(saved[0])


# Threads of this module that hold no lock a child could need: the ones waiting for a child's exit.
_SAFE_THREAD_PREFIX = "sporetorch-reap"


def fork_is_safe():
    """Whether a forked child can compile here: the platform forks; CUDA is not initialised (a forked
    child cannot use CUDA once its parent has); this process is no rank of a ``torch.distributed``
    job, no DataLoader worker and no other multiprocessing child (a dataset worker); and no other
    Python thread runs (a lock such a thread holds at the fork stays held in the child forever)."""
    if not hasattr(os, "fork") or torch.cuda.is_initialized() or _in_process_group():
        return False
    if torch.utils.data.get_worker_info() is not None or multiprocessing.parent_process() is not None:
        return False
    current = threading.current_thread()
    return all(thread is current or _harmless(thread) for thread in threading.enumerate())


def _harmless(thread):
    """Threads that hold no lock a child could need: ours that wait for a child's exit, and tqdm's
    monitor (started by any progress bar, inductor's included), which sleeps on an event and touches
    only tqdm's own lock; the child shows no progress bar (its output goes to /dev/null)."""
    kind = type(thread)
    return thread.name.startswith(_SAFE_THREAD_PREFIX) or (
        kind.__name__ == "TMonitor" and kind.__module__.startswith("tqdm"))


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


# Whether the user chose inductor's cache folder (importing inductor sets the variable to its default).
_USER_CACHE_DIR = "TORCHINDUCTOR_CACHE_DIR" in os.environ


def use_cache_dir():
    """Point inductor's on-disk caches (FX graphs, AOTAutograd) at sporetorch's cache folder, unless the
    user chose a folder for them; torch's default sits in /tmp, which does not outlive a reboot.
    Inductor reads the variable each time it opens its caches."""
    if _USER_CACHE_DIR:
        return
    path = cache.folder("inductor")
    if path is not None:
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
    inner = getattr(value, "_t", None)  # a sporetorch Tensor (known by its slot: ``common`` lies above)
    if isinstance(inner, torch.Tensor):
        value = inner
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
    # The techniques turned off too: a verdict found with another set of them need not hold.
    # The job's size too: a package built in a one-process run holds its collectives as the identities
    # they are there, and must not stand for the function in a rank of a larger job.
    world = torch.distributed.get_world_size() if _in_process_group() else 1
    parts = [torch.__version__, owner.backend_name(), owner.name, repr(owner.dynamic), repr(owner.options),
             _context.autotune_enabled(), _device.default_device().type, deps, _signature(list(args)),
             _signature(kwargs), world, [name for name in TECHNIQUES if turned_off(name)],
             sorted((name, [_file_hash(path) for path in paths]) for name, paths in _PLANNER_CODE.items())]
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


def _jit_folder():
    """Where the records, the packages and the child's lock live; None where the cache may not be used."""
    return cache.folder("jit")


def _record_path(key):
    folder = _jit_folder()
    return None if folder is None else os.path.join(folder, key + ".json")


def _read_record(key):
    path = _record_path(key)
    if path is None:
        return None
    try:
        with open(path, encoding="utf-8") as fh:
            record = json.load(fh)
    except (OSError, ValueError):
        return None
    return record if isinstance(record, dict) else None


def _write_record(key, record):
    path = _record_path(key)
    if path is None:
        return
    try:
        tmp = f"{path}.{os.getpid()}.tmp"
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(record, fh)
        os.replace(tmp, path)
    except OSError:
        pass


def _take_child_lock():
    """An open descriptor holding the lock that one compiling child at a time holds, or None."""
    folder = _jit_folder()
    if folder is None:
        return None
    path = os.path.join(folder, "child.lock")
    try:
        import fcntl
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
        # Objects that exist at the fork sit out the collections until the child's verdict comes
        # (``poll``); the child keeps them frozen (``gc_freeze``).
        thaw = gc_freeze.freeze()
        parent = os.getpid()
        try:
            with warnings.catch_warnings():
                # Python warns of a fork beside threads; only ours that hold no lock run (``fork_is_safe``).
                warnings.simplefilter("ignore", DeprecationWarning)
                pid = os.fork()
        except OSError:
            gc_freeze.thaw(thaw)
            raise
        if pid == 0:
            os.close(read_fd)
            _child_main(owner, args, kwargs, key, write_fd, parent)  # holds the lock until it exits
        engage("background")
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
        gc_freeze.thaw(self.thaw)
        self.thaw = False
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
            threading.Thread(target=_reap, args=(self.pid,), name=_SAFE_THREAD_PREFIX, daemon=True).start()

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


def _child_main(owner, args, kwargs, key, write_fd, parent):
    """In the forked child: compile, race, record the verdict, send it to the parent, package the
    function where it can, exit."""
    global _IN_CHILD
    code, result = 1, {"verdict": "error"}
    _die_with(parent)
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
    if owner.backend_name() != "inductor" or owner.dynamic or not owner._whole or turned_off("packages"):
        return None
    reached = _reached(owner.fn)
    return reached if _jit_package.eligible(args, kwargs, reached[0]) else None


def _package_for_later_runs(owner, args, kwargs, key, result, reached):
    """In the child, after a verdict of compiled: build the function's package, record the verdict
    with it for later runs (with None where building failed), and return its entry. The caller has
    its verdict and its core back by then, and runs eagerly until the entry arrives."""
    cells, functions = reached

    def run(*inputs):
        return owner._run_plain(*inputs, **kwargs)

    entry = _jit_package.build(run, args, kwargs, cells, functions, os.path.join(_jit_folder(), key + ".pt2"))
    _write_record(key, {**result, "package": entry})
    return entry


_PR_SET_PDEATHSIG = 1


def _die_with(parent):
    """In the child: never outlive ``parent``. On Linux the kernel sends SIGKILL when the parent dies
    (``prctl(PR_SET_PDEATHSIG)``); the parent may have died before that took effect, so its id is
    checked after, and a thread checks it twice a second besides (other systems, and a parent whose
    forking thread ends before the process). A later run compiles again from the caches filled so far."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
    except (OSError, AttributeError):
        pass
    if os.getppid() != parent:
        os._exit(1)
    threading.Thread(target=_exit_with, args=(parent,), daemon=True).start()


def _exit_with(parent):
    while os.getppid() == parent:
        time.sleep(0.5)
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


