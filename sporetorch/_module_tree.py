"""MindSpore 2.10's module tree under the ``mindspore`` alias, driven by a stored name list.

``data/ms_module_tree.json.gz`` (written by ``tools/gen_ms_module_tree.py`` from real MindSpore 2.10)
lists every module that imports on MindSpore's CPU build and the names each one holds: the names it
defines, the names it re-exports from elsewhere in ``mindspore``, its constants and submodules.

Under the alias (``sporetorch.compat``) a ``mindspore.*`` module path is served by:

- the sporetorch module of the same path where there is one (our real code), and
- a ``TreeModule`` built from the stored list where there is none.

A name the stored list holds for a module, and the module itself lacks, is resolved on first access
(``resolve``): a re-export from the module MindSpore takes it from; else the name found in sporetorch
at that path or one of its parent packages (``ops.operations.nn_ops.Conv2D`` is ``sporetorch.ops.Conv2D``);
else the sporetorch implementation of a public name MindSpore binds to the same object (``gen_ops_def.add_ext``
is ``mint.add``); else a placeholder that imports, subclasses and instantiates (Primitive placeholders) fine and raises
a ``RuntimeError`` naming itself and the reason when it is called. A name the list does not hold
raises ``AttributeError`` / ``ImportError`` as in MindSpore, so ``hasattr`` probes answer as there.
"""
import functools
import gzip
import importlib
import importlib.util
import json
import os
import sys
import threading
import types

ALIAS = "mindspore"
REAL = "sporetorch"
DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "ms_module_tree.json.gz")

# Parts of a path or name that mark something MindSpore runs only on Ascend (or that only its graph
# compiler and C++ runtime use). Matched against the lower-cased ``module.name``.
_ASCEND_MARKS = ("ascend", "npu", "hccl", "mindio", "swap", "aclnn", "acl_", "floatstatus", "float_status",
                 "_akg", "tbe", "dvm", "lccl", "atb_", "parallel_compile",
                 "custom_op", "flash_attention", "flashattention", "incre_flash", "prompt_flash", "moe_", "grouped_matmul",
                 "quant_batch_matmul", "weight_quant", "kv_cache", "paged_attention", "reshape_and_cache")
_COMPILER_MARKS = ("mindspore._c_expression", "mindspore._c_dataengine", "mindspore._c_mindrecord",
                   "mindspore._extends", "mindspore.graph", "mindspore.ops._vmap",
                   "mindspore.ops._grad_experimental", "mindspore.ops._op_impl", "mindspore.rewrite",
                   "mindspore.ops_generate", "mindspore._check_jit", "mindspore.parallel._", "mindspore.profiler")


@functools.cache
def tree():
    """The stored tree: ``{"version", "modules": {path: entry}, "failed": {path: error}}``."""
    with gzip.open(DATA, "rb") as f:
        return json.loads(f.read())


def entry(path):
    """The stored entry of the module ``path`` (``mindspore.x.y``), or None."""
    return tree()["modules"].get(path)


def fails_in_mindspore(path):
    return path in tree()["failed"]


def names(path):
    """Every name the module ``path`` holds in MindSpore 2.10 (defined, re-exported, constants, submodules)."""
    e = entry(path)
    if e is None:
        return set()
    return set(e["d"]) | set(e["r"]) | set(e["v"]) | set(e["m"])


# Names whose call fails on MindSpore 2.10's CPU build too (checked there), with what fails: a pyboost op
# with no CPU kernel, or a body that is broken in that release.
_CPU_CANNOT_RUN = {
    "mindspore.ops.function.array_func.index_fill_ext": "has no CPU kernel (IndexFillScalar, IndexFillTensor)",
    "mindspore.ops.function.array_func.one_hot_ext": "has no CPU kernel (OneHotExt)",
    "mindspore.ops.function.array_func.repeat_interleave_ext": "has no CPU kernel (RepeatInterleaveInt, "
                                                               "RepeatInterleaveTensor)",
    "mindspore.ops.function.math_func.remainder_ext": "has no CPU kernel (RemainderTensorScalar, "
                                                      "RemainderTensorTensor)",
    "mindspore.ops.function.math_func.gmm_backward": "has no CPU kernel (GroupedMatmul)",
    "mindspore.ops.function.math_func.gmm_backward_fusion": "has no CPU kernel (GroupedMatmul)",
    "mindspore.ops.function.random_func.uniform_ext": "has no CPU kernel (UniformExt)",
    "mindspore.communication._comm_helper._comm_switch_nic_helper": "fails (no device communication library: "
                                                                     "CommSwitchNic)",
    "mindspore.communication.management._comm_switch_nic": "fails (no device communication library: CommSwitchNic)",
    "mindspore.ops.function.comm_func.all_to_all_v_c": "fails with a NameError in MindSpore 2.10 itself "
                                                       "(_get_all_to_all_v_c_numel_list is not defined there)",
}


# ops.operations: the quantization-aware-training and THOR Primitives that MindSpore 2.10's CPU build cannot
# run (checked there: building them imports the TBE compiler 'te', or kernel selection reports the op as
# unsupported on CPU).
_TBE = "fails when built (its TBE kernel module 'te' is absent)"
_NO_CPU_KERNEL = "has no CPU kernel (kernel selection: unsupported op)"
_EAGER_FAILS = "fails when called eagerly (its output address does not exist)"
_CPU_CANNOT_RUN.update({
    "mindspore.ops.operations._quant_ops.BatchNormFold2D": _TBE,
    "mindspore.ops.operations._quant_ops.BatchNormFold2GradD": _TBE,
    "mindspore.ops.operations._quant_ops.BatchNormFold2GradReduce": _TBE,
    "mindspore.ops.operations._quant_ops.BatchNormFoldD": _TBE,
    "mindspore.ops.operations._quant_ops.BatchNormFoldGradD": _TBE,
    "mindspore.ops.operations._quant_ops.FakeLearnedScaleQuantPerChannelGradD": _TBE,
    "mindspore.ops.operations._quant_ops.FakeLearnedScaleQuantPerChannelGradDReduce": _TBE,
    "mindspore.ops.operations._quant_ops.FakeLearnedScaleQuantPerLayerGradD": _TBE,
    "mindspore.ops.operations._quant_ops.FakeLearnedScaleQuantPerLayerGradDReduce": _TBE,
    "mindspore.ops.operations._quant_ops.CorrectionMul": _NO_CPU_KERNEL,
    "mindspore.ops.operations._quant_ops.CorrectionMulGrad": _NO_CPU_KERNEL,
    "mindspore.ops.operations._quant_ops.CorrectionMulGradReduce": _NO_CPU_KERNEL,
    "mindspore.ops.operations._quant_ops.FakeLearnedScaleQuantPerChannelGrad": _NO_CPU_KERNEL,
    "mindspore.ops.operations._quant_ops.FakeLearnedScaleQuantPerLayer": _NO_CPU_KERNEL,
    "mindspore.ops.operations._quant_ops.FakeLearnedScaleQuantPerLayerGrad": _NO_CPU_KERNEL,
    "mindspore.ops.operations._quant_ops.FakeQuantPerChannelGrad": _NO_CPU_KERNEL,
    "mindspore.ops.operations._thor_ops.CusBatchMatMul": _TBE,
    "mindspore.ops.operations._thor_ops.CusCholeskyTrsm": _TBE,
    "mindspore.ops.operations._thor_ops.CusFusedAbsMax1": _TBE,
    "mindspore.ops.operations._thor_ops.CusImg2Col": _TBE,
    "mindspore.ops.operations._thor_ops.CusMatMulCube": _TBE,
    "mindspore.ops.operations._thor_ops.CusMatMulCubeDenseLeft": _TBE,
    "mindspore.ops.operations._thor_ops.CusMatMulCubeDenseRight": _TBE,
    "mindspore.ops.operations._thor_ops.CusMatMulCubeFraczLeftCast": _TBE,
    "mindspore.ops.operations._thor_ops.CusMatMulCubeFraczRightMul": _TBE,
    "mindspore.ops.operations._thor_ops.CusMatrixCombine": _TBE,
    "mindspore.ops.operations._thor_ops.CusTranspose02314": _TBE,
    "mindspore.ops.operations._thor_ops.CholeskyTrsm": _NO_CPU_KERNEL,
    "mindspore.ops.operations._thor_ops.DetTriangle": _NO_CPU_KERNEL,
    "mindspore.ops.operations._thor_ops.ProdForceSeA": _NO_CPU_KERNEL,
    "mindspore.ops.operations._thor_ops.ThorIm2Col": _NO_CPU_KERNEL,
    "mindspore.ops.operations._thor_ops.UpdateThorGradient": _NO_CPU_KERNEL,
    "mindspore.ops.operations._thor_ops._Cholesky": _NO_CPU_KERNEL,
    "mindspore.ops.operations.manually_defined.ops_def.TypeAs": "has no CPU kernel (The kernel TypeAs unregistered)",
    # Sequence Primitives whose CPU kernels fail when called eagerly (PyNative) there
    "mindspore.ops.operations._sequence_ops.SequenceStack": "has no CPU kernel for a sequence input "
                                                            "(KernelObjectTypeNotSupported)",
    "mindspore.ops.operations._sequence_ops.SequenceUnstack": _EAGER_FAILS,
    "mindspore.ops.operations._sequence_ops.SequenceAddOffset": _EAGER_FAILS,
    "mindspore.ops.operations._sequence_ops.ShapeMulGrad": _EAGER_FAILS,
})


# ops.operations: Primitives whose kernel selection on MindSpore 2.10's CPU build reports 'Unsupported op [...] on CPU'
# (checked there by calling each).
_CPU_CANNOT_RUN.update({
    "mindspore.ops.operations._grad_ops.EinsumGrad": _NO_CPU_KERNEL,
    "mindspore.ops.operations._inner_ops.DynamicBroadcastGradientArgs": "has no CPU kernel for its tuple output (KernelObjectTypeNotSupported)",
    "mindspore.ops.operations._inner_ops.MatrixDiagPart": _NO_CPU_KERNEL,
    "mindspore.ops.operations.comm_ops._MicroStepAllGather": _NO_CPU_KERNEL,
    "mindspore.ops.operations.comm_ops._MiniStepAllGather": _NO_CPU_KERNEL,
    "mindspore.ops.operations.comm_ops._MirrorMicroStepOperator": _NO_CPU_KERNEL,
    "mindspore.ops.operations.comm_ops._MirrorMiniStepOperator": _NO_CPU_KERNEL,
    "mindspore.ops.operations.comm_ops._VirtualAccuGrad": _NO_CPU_KERNEL,
    "mindspore.ops.operations.comm_ops._VirtualAdd": _NO_CPU_KERNEL,
    "mindspore.ops.operations.comm_ops._VirtualAssignAdd": _NO_CPU_KERNEL,
    "mindspore.ops.operations.comm_ops._VirtualAssignKvCache": _NO_CPU_KERNEL,
    "mindspore.ops.operations._ocr_ops.BatchEnqueue": _NO_CPU_KERNEL,
    "mindspore.ops.operations.inner_ops.LambApplyOptimizerAssign": _NO_CPU_KERNEL,
    "mindspore.ops.operations.inner_ops.LambApplyWeightAssign": _NO_CPU_KERNEL,
    "mindspore.ops.operations._grad_ops.BNTrainingReduceGrad": _NO_CPU_KERNEL,
    "mindspore.ops.operations._grad_ops.BNTrainingUpdateGrad": _NO_CPU_KERNEL,
    "mindspore.ops.operations._grad_ops.RandomGammaGrad": _NO_CPU_KERNEL,
    "mindspore.ops.operations._grad_ops._ActivationGrad": _NO_CPU_KERNEL,
    "mindspore.ops.operations._grad_ops._PoolGrad": _NO_CPU_KERNEL,
    "mindspore.ops.operations._inner_ops.ConfusionMulGrad": _NO_CPU_KERNEL,
    "mindspore.ops.operations._inner_ops.DSDGrad": _NO_CPU_KERNEL,
    "mindspore.ops.operations._inner_ops.DSDMatmul": _NO_CPU_KERNEL,
    "mindspore.ops.operations._inner_ops.DecodeImage": _NO_CPU_KERNEL,
    "mindspore.ops.operations._inner_ops.Format": _NO_CPU_KERNEL,
    "mindspore.ops.operations._inner_ops.GpuConvertToDynamicShape": _NO_CPU_KERNEL,
    "mindspore.ops.operations._inner_ops.MatmulDDS": _NO_CPU_KERNEL,
    "mindspore.ops.operations._inner_ops.MatmulDDSGrad": _NO_CPU_KERNEL,
    "mindspore.ops.operations._inner_ops.NonZeroWithValue": _NO_CPU_KERNEL,
    "mindspore.ops.operations._inner_ops.NonZeroWithValueShape": _NO_CPU_KERNEL,
    "mindspore.ops.operations._inner_ops.StackDestroy": _NO_CPU_KERNEL,
    "mindspore.ops.operations._inner_ops.StackInit": _NO_CPU_KERNEL,
    "mindspore.ops.operations._inner_ops.StackPush": _NO_CPU_KERNEL,
    "mindspore.ops.operations._inner_ops._VirtualConverterEnd": _NO_CPU_KERNEL,
    "mindspore.ops.operations.nn_ops.AvgPoolV1": _NO_CPU_KERNEL,
    "mindspore.ops.operations.nn_ops.MaxPoolV1": _NO_CPU_KERNEL,
    "mindspore.ops.operations.nn_ops._Pool": _NO_CPU_KERNEL,
    "mindspore.ops.operations.comm_ops._MirrorOperator": _NO_CPU_KERNEL,
    "mindspore.ops.operations.comm_ops._VirtualDataset": _NO_CPU_KERNEL,
    "mindspore.ops.operations.comm_ops._VirtualDiv": _NO_CPU_KERNEL,
    "mindspore.ops.operations.comm_ops._VirtualOutput": _NO_CPU_KERNEL,
    "mindspore.ops.operations.comm_ops._VirtualPipelineEnd": _NO_CPU_KERNEL,
    "mindspore.ops.operations.array_ops._ScatterOp": _NO_CPU_KERNEL,
    "mindspore.ops.operations._ocr_ops.BatchDilatePolys": _NO_CPU_KERNEL,
    "mindspore.ops.operations._ocr_ops.OCRDetectionPostHandle": _NO_CPU_KERNEL,
    "mindspore.ops.operations._ocr_ops.OCRDetectionPreHandle": _NO_CPU_KERNEL,
    "mindspore.ops.operations._ocr_ops.OCRFindContours": _NO_CPU_KERNEL,
    "mindspore.ops.operations._ocr_ops.OCRRecognitionPreHandle": _NO_CPU_KERNEL,
    "mindspore.ops.operations._ocr_ops.ResizeAndClipPolys": _NO_CPU_KERNEL,
    "mindspore.ops.operations._ocr_ops.StringLength": _NO_CPU_KERNEL,
    "mindspore.ops.operations.math_ops._BitwiseBinaryOp": _NO_CPU_KERNEL,
    "mindspore.ops.operations.math_ops._LogicBinaryOp": _NO_CPU_KERNEL,
    "mindspore.ops.operations.math_ops._MathBinaryOp": _NO_CPU_KERNEL,
})


CPU_CANNOT_RUN_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "ms_cpu_cannot_run")


@functools.cache
def cpu_cannot_run():
    """Every name whose call fails on MindSpore 2.10's CPU build, with what fails there: the lists above,
    and the recorded ones in ``data/ms_cpu_cannot_run/*.json`` (one file per family, each
    ``{"mindspore.path.Name": "what fails"}``, written from calls on real MindSpore 2.10)."""
    merged = dict(_CPU_CANNOT_RUN)
    if os.path.isdir(CPU_CANNOT_RUN_DIR):
        for fname in sorted(os.listdir(CPU_CANNOT_RUN_DIR)):
            if fname.endswith(".json"):
                with open(os.path.join(CPU_CANNOT_RUN_DIR, fname), encoding="utf-8") as f:
                    merged.update(json.load(f))
    return merged


def reason(path, name):
    """``(kind, text)``: why ``path.name`` cannot run here; kind is 'ascend' (MindSpore's CPU build cannot
    run it either), 'internal' or 'missing'."""
    full = f"{path}.{name}"
    low = full.lower()
    fails = cpu_cannot_run().get(full)
    if fails is not None:
        return "ascend", (f"'{full}' {fails} on MindSpore 2.10's CPU build, so it runs only on "
                          "Ascend devices or inside its graph compiler there; sporetorch does not run it either.")
    if any(mark in low for mark in _ASCEND_MARKS):
        return "ascend", (f"'{full}' runs only on Ascend devices in MindSpore 2.10; sporetorch runs on "
                          "PyTorch's CPU and CUDA devices, where MindSpore's CPU build cannot run it either.")
    if any(full.startswith(m) for m in _COMPILER_MARKS):
        return "internal", (f"'{full}' is an internal of MindSpore 2.10's graph compiler or C++ runtime, "
                            "which sporetorch (eager PyTorch) does not have.")
    return "missing", (f"'{full}' is in MindSpore 2.10's module tree, but sporetorch does not implement "
                       "it yet.")


# ---------------------------------------------------------------------------------------- placeholders
class Unavailable:
    """Mixin of the placeholder classes: records why the name cannot run here."""

    _ms_unavailable = None  # (kind, text)


def _raise(text):
    raise RuntimeError(text)


def _placeholder_function(path, name, why):
    def placeholder(*args, **kwargs):
        _raise(why[1])
    placeholder.__name__ = placeholder.__qualname__ = name
    placeholder.__module__ = path
    placeholder.__doc__ = f"Placeholder: {why[1]}"
    placeholder._ms_unavailable = why
    return placeholder


def _placeholder_class(path, name, kind, why):
    """A class of MindSpore's name. Primitive placeholders instantiate (zoos build them at module level)
    and raise when called; Cell and other placeholders raise when instantiated. Exception placeholders
    are real exception classes, so ``except`` clauses work."""
    namespace = {"__module__": path, "__qualname__": name, "__doc__": f"Placeholder: {why[1]}",
                 "_ms_unavailable": why}
    if kind == "e":
        return type(name, (RuntimeError,), namespace)
    if kind == "p":
        from .ops.primitive import Primitive

        def __init__(self, *args, **kwargs):
            Primitive.__init__(self, name)
            self._ms_init_args = (args, kwargs)

        def __call__(self, *args, **kwargs):
            _raise(why[1])
        namespace.update(__init__=__init__, __call__=__call__)
        return type(name, (Primitive, Unavailable), namespace)

    def __new__(cls, *args, **kwargs):
        if cls._ms_unavailable is why:
            _raise(why[1])
        return object.__new__(cls)  # a subclass defined by user code that overrides everything
    namespace["__new__"] = __new__
    return type(name, (Unavailable,), namespace)


class _PlaceholderInstance(Unavailable):
    """A module-level object MindSpore builds (``abs_op = Abs()``) that sporetorch lacks."""

    def __init__(self, full, why):
        self._full, self._ms_unavailable = full, why

    def __call__(self, *args, **kwargs):
        _raise(self._ms_unavailable[1])

    def __repr__(self):
        return f"<placeholder {self._full}>"


# ---------------------------------------------------------------------------------------- resolution
_MISSING = object()
_local = threading.local()


def real_name(path):
    """``mindspore.x.y`` -> ``sporetorch.x.y``."""
    return REAL + path[len(ALIAS):]


def _real_module(real):
    """The sporetorch module ``real`` if it is a file of ours (imported on demand), else None."""
    module = sys.modules.get(real)
    if module is not None:
        return module if not isinstance(module, TreeModule) else None
    try:
        if importlib.util.find_spec(real) is None:
            return None
        return importlib.import_module(real)
    except (ImportError, ValueError):
        return None


# Module names too common to say that two modules are the same one.
_GENERIC_BASENAMES = {"utils", "util", "common", "base", "core", "functional", "tools", "api", "config", "math",
                      "basic", "layer", "ops", "nn", "function", "operations", "helper", "helpers", "types"}


def _candidates(path):
    """sporetorch modules searched for a name of ``path``: the same path, then its parent packages,
    then the namespaces MindSpore re-exports the family from. (Remembered while no module is imported:
    the scan of ``sys.modules`` for twins is the slow part of a resolution.)"""
    return _candidates_for(path, len(sys.modules))


@functools.lru_cache(maxsize=8192)
def _candidates_for(path, _module_count):
    parts = path.split(".")
    out = [real_name(".".join(parts[:i])) for i in range(len(parts), 0, -1)]
    family = parts[1] if len(parts) > 1 else ""
    extra = {"ops": ["sporetorch.ops.operations", "sporetorch.ops.function", "sporetorch.ops.composite",
                     "sporetorch.ops.functional"],
             "mint": ["sporetorch.mint.nn.functional", "sporetorch.mint.nn"],
             "common": ["sporetorch.common.dtype", "sporetorch.common.api"],
             "nn": ["sporetorch.nn.layer", "sporetorch.nn.loss", "sporetorch.nn.optim", "sporetorch.nn.wrap"],
             "train": ["sporetorch.train.callback", "sporetorch.train.metrics"]}.get(family, [])
    # A module MindSpore keeps at another path (``train.amp`` is our ``amp``, ``graph.api`` our ``common.api``).
    base = parts[-1]
    twins = []
    if len(parts) > 1 and not base.startswith("_") and base not in _GENERIC_BASENAMES:
        twins = sorted(n for n in list(sys.modules) if n.startswith(REAL + ".") and n.rsplit(".", 1)[-1] == base)
    seen = []
    for name in out[:-1] + extra + twins + out[-1:]:  # the top-level package last
        if name not in seen:
            seen.append(name)
    return tuple(seen)


def _fits(obj, kind):
    if kind is None or kind.startswith("i:"):
        return True
    if kind in ("c", "p", "n", "e"):
        return isinstance(obj, type)
    return callable(obj)


def _lookup(module, name):
    value = module.__dict__.get(name, _MISSING)
    if value is _MISSING:
        # The module's own lazy __getattr__ (not the tree hook, which would recurse).
        own = module.__dict__.get("__getattr__")
        own = getattr(own, "_ms_own", own) if own is not None else None
        if own is not None:
            try:
                value = own(name)
            except AttributeError:
                value = _MISSING
    return value


def find_real(path, name, kind):
    """Our implementation of ``path.name``: the name found in sporetorch at the path or a parent."""
    for real in _candidates(path):
        module = _real_module(real)
        if module is None:
            continue
        value = _lookup(module, name)
        if value is not _MISSING and not isinstance(value, types.ModuleType) and _fits(value, kind) \
                and not isinstance(value, Unavailable) and not getattr(value, "_ms_unavailable", None):
            return value
    return _MISSING


def _find_by_public_alias(path, name, kind):
    """Ours for a name MindSpore also exports publicly under another spelling (the stored ``aliases``:
    ``gen_ops_def.add_ext`` is ``mint.add``): the public name's sporetorch implementation."""
    for public in tree().get("aliases", {}).get(f"{path}.{name}", ()):
        module_path, _, public_name = public.rpartition(".")
        module = _real_module(real_name(module_path))
        if module is None:
            continue
        value = _lookup(module, public_name)
        if value is not _MISSING and _fits(value, kind) and not isinstance(value, Unavailable) \
                and not getattr(value, "_ms_unavailable", None):
            return value
    return _MISSING


def resolve(path, name):
    """The object MindSpore 2.10 holds as ``path.name`` here: ours, or a placeholder. AttributeError when
    MindSpore's module has no such name."""
    e = entry(path)
    if e is None or name not in names(path):
        raise AttributeError(f"module '{path}' has no attribute '{name}'")
    busy = getattr(_local, "busy", None)
    if busy is None:
        busy = _local.busy = set()
    key = (path, name)
    if key in busy:
        raise AttributeError(f"module '{path}' has no attribute '{name}'")
    busy.add(key)
    try:
        return _resolve(path, name, e)
    finally:
        busy.discard(key)


def _resolve(path, name, e):
    if name in e["m"]:
        target = e["m"][name]
        try:
            return importlib.import_module(target)
        except ModuleNotFoundError as exc:
            # Without the alias (sporetorch imported as itself) the submodule is reached by its own name.
            if exc.name != "mindspore" or not target.startswith("mindspore."):
                raise
            return importlib.import_module("sporetorch" + target[len("mindspore"):])
    if name in e["v"]:
        value = find_real(path, name, None)
        if value is not _MISSING:
            return value
        stored = e["v"][name]
        if stored is None:
            raise AttributeError(f"module '{path}' has no attribute '{name}' in sporetorch (MindSpore 2.10 "
                                 "holds a value there that the stored module tree does not record)")
        if "refs" in stored:
            # A list of MindSpore classes/functions (amp's AMP_BLACK_LIST): each one resolved as a name.
            value = [resolve(mod, item) if entry(mod) else _MISSING for mod, item in stored["refs"]]
            value = [v for v in value if v is not _MISSING]
        else:
            value = stored["="]
        return tuple(value) if stored.get("t") == "tuple" else value
    kind = e["d"].get(name)
    source = e["r"].get(name)
    if source is not None and source != path and not fails_in_mindspore(source):
        try:
            return getattr(importlib.import_module(source), name)
        except (ImportError, AttributeError):
            pass
        kind = (entry(source) or {"d": {}})["d"].get(name, kind)
    value = find_real(path, name, kind)
    if value is _MISSING:
        value = _find_by_public_alias(source or path, name, kind)
    if value is not _MISSING:
        return value
    home = source or path
    if kind is not None and kind.startswith("i:"):
        # A ready-made instance (``abs_op = Abs()``): MindSpore builds it with the class's defaults.
        value = _instance_of(home, kind[2:])
        if value is not _MISSING:
            return value
    why = reason(home, name)
    if kind is None or kind == "f":
        return _placeholder_function(home, name, why)
    if kind.startswith("i:"):
        return _PlaceholderInstance(f"{home}.{name}", why)
    return _placeholder_class(home, name, kind, why)


def _instance_of(path, class_name):
    """``class_name()`` when ``path.class_name`` resolves to our implementation of the class, else _MISSING."""
    try:
        cls = resolve(path, class_name)
    except AttributeError:
        return _MISSING
    if not isinstance(cls, type) or issubclass(cls, Unavailable) or getattr(cls, "_ms_unavailable", None):
        return _MISSING
    try:
        return cls()
    except Exception:  # noqa: BLE001 - a class that needs constructor arguments has no default instance
        return _MISSING


# ---------------------------------------------------------------------------------------- modules
class TreeModule(types.ModuleType):
    """A ``mindspore.*`` module sporetorch has no file for: its names come from the stored tree."""

    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(name)
        value = resolve(self.__name__, name)
        setattr(self, name, value)
        return value

    def __dir__(self):
        return sorted(set(self.__dict__) | names(self.__name__))


def make_tree_module(path):
    e = entry(path)
    module = TreeModule(path, f"MindSpore 2.10's '{path}' (names from the stored module tree).")
    if e["pkg"]:
        module.__path__ = []
    if "a" in e:
        module.__all__ = list(e["a"])
    else:
        module.__all__ = sorted(n for n in set(e["d"]) | set(e["r"]) if not n.startswith("_"))
    return module


def install_hook(module, path):
    """Give a sporetorch module the names MindSpore's ``path`` holds that it lacks (resolved on access).
    Its own module ``__getattr__`` (lazy imports) keeps running first."""
    e = entry(path)
    if e is None:
        return
    if e["pkg"] and not hasattr(module, "__path__"):
        # A package in MindSpore, one file here (``hal.py``): its MindSpore submodules come from the tree.
        module.__path__ = []
    own = module.__dict__.get("__getattr__")
    if own is not None and getattr(own, "_ms_tree", False):
        return

    def __getattr__(name, _own=own, _path=path, _module=module):
        if _own is not None:
            try:
                return _own(name)
            except AttributeError:
                pass
        if name.startswith("__") and name.endswith("__"):
            raise AttributeError(f"module '{_module.__name__}' has no attribute '{name}'")
        value = resolve(_path, name)
        _module.__dict__.setdefault(name, value)
        return value
    __getattr__._ms_tree = True
    __getattr__._ms_own = own
    module.__getattr__ = __getattr__
