"""Compiled inference code that a later run loads at its first call, without tracing.

A second run of a GRAPH_MODE script whose recorded verdict is compiled has to compile in the caller:
Dynamo's tracing is not cached by torch, so its first calls run eagerly and one call waits 2-3 s
for the trace (a CIFAR ResNet-18 at batch 32). For an inference function (no gradient, no state
written), the compiling child also builds an AOTInductor package of it: a shared library and JSON
metadata, and no weights. The later run loads it through torch's C++ loader, hands it its own
parameters (by reference, so in-place updates such as ``load_param_into_net`` reach it), and runs
compiled code from the first call. Nothing is unpickled.

What Dynamo's guards would check is checked here instead:
- at load, the CPU's instruction sets, and a digest of the plain attributes of every cell and of
  the plain module globals (small Tensors included) that the traced code names, against those
  recorded at export (a script run with other options does not load a package built for the
  first run's);
- at each call, the inputs' shapes, dtypes and strides, the layout of any cell tensor replaced
  since the last call, the cells' train flags, and that no gradient is wanted.
A mismatch at load leaves the function to the usual path, which compiles it with Dynamo; a call
that does not fit goes to that path, and the calls after it to the package again where they fit.
"""
import hashlib
import os
import platform
import shutil
import warnings

import torch

from .. import _device
from ..common import dtype as mstype
from ..common.parameter import Parameter
from ..common.tensor import Tensor, _Uninitialized, _wrap
from . import _torch_private, cache

_MODEL = "model"
# The layout of a record's package entry; an entry of another layout (an older sporetorch's) is not loaded.
_FORMAT = 1
_SIMPLE = (bool, int, float, str, type(None))
# The most elements of a tensor that the graph may hold as a constant, and the record as numbers.
_LITERAL_NUMEL = 64
# Inductor options of the package: no weights in it (the caller's own are loaded by reference),
# kernels reading the thread count when they run (the child builds the package on one thread), and
# random numbers drawn as eager draws them (as for the function compiled without a package).
_INDUCTOR_CONFIGS = {"aot_inductor.package_constants_in_so": False, "cpp.dynamic_threads": True,
                     "fallback_random": True}


class _Ineligible(Exception):
    """The function is not one a package can stand for (it differentiates, writes state, has hooks...)."""


def _cells(roots):
    """Every cell under ``roots``, each once, in traversal order."""
    seen, cells = set(), []
    for root in roots:
        for _, cell in root.cells_and_names():
            if id(cell) not in seen:
                seen.add(id(cell))
                cells.append(cell)
    return cells


def _constants(cells):
    """The tensors the function reads from its cells, in a fixed order: Parameters, then plain Tensor
    attributes (a positional table, say)."""
    seen, out = set(), []
    for cell in cells:
        for _, param in cell.parameters_and_names(expand=False):
            if id(param) not in seen:
                seen.add(id(param))
                out.append(param)
    for cell in cells:
        for name in sorted(vars(cell)):
            value = vars(cell)[name]
            if isinstance(value, Tensor) and not isinstance(value, Parameter) and id(value) not in seen:
                seen.add(id(value))
                out.append(value)
    return out


def _plain(value, tensors=False):
    """``value`` as text where it is plain data (what a graph may have been specialised on), else None;
    with ``tensors``, a small Tensor too (the graph holds a global one as a constant)."""
    if isinstance(value, _SIMPLE):
        return repr(value)
    if isinstance(value, mstype.Type):
        return str(value)
    if isinstance(value, (tuple, list)) and all(isinstance(v, _SIMPLE) for v in value):
        return repr(value)
    if isinstance(value, dict) and all(isinstance(k, str) and isinstance(v, _SIMPLE) for k, v in value.items()):
        return repr(sorted(value.items()))
    if tensors and isinstance(value, Tensor) and not isinstance(value._t, _Uninitialized) \
            and value._t.numel() <= _LITERAL_NUMEL:
        return repr(value._t.tolist())
    return None


def _named_globals(code, namespace, out, depth=0):
    """The plain-valued globals that ``code`` (and the code nested in it) names."""
    for name in code.co_names:
        if name in namespace:
            text = _plain(namespace[name], tensors=True)
            if text is not None:
                out.add((code.co_filename, name, text))
    if depth < 3:
        for const in code.co_consts:
            if hasattr(const, "co_names"):
                _named_globals(const, namespace, out, depth + 1)


def _digest(cells, functions):
    """The plain state that a traced graph may depend on beyond its inputs and constants."""
    state, names = [], set()
    for cell in cells:
        attrs = vars(cell)
        state.append(sorted((k, text) for k, text in ((k, _plain(v)) for k, v in attrs.items()) if text is not None))
        construct = getattr(type(cell), "construct", None)
        if hasattr(construct, "__code__"):
            _named_globals(construct.__code__, construct.__globals__, names)
    for fn in functions:
        _named_globals(fn.__code__, fn.__globals__, names)
    return repr((state, sorted(names)))


def _check_cells(cells):
    for cell in cells:
        if cell._call_hook is not None or cell._forward_pre_hooks or cell._forward_hooks:
            raise _Ineligible(f"{type(cell).__name__} has hooks")


def _signature(tensor):
    t = tensor._t
    return [list(t.shape), str(t.dtype).replace("torch.", ""), list(t.stride())]


def _dense_cpu(tensor):
    t = tensor._t
    return (type(t) is torch.Tensor or isinstance(t, torch.nn.Parameter)) and t.device.type == "cpu" \
        and t.layout == torch.strided and not isinstance(t, _Uninitialized)


class _Exported(torch.nn.Module):
    """The function as a torch module taking the cells' tensors as inputs after its own arguments, so
    that the package holds no weights and the compiler folds none of them into its code (a batch
    norm's statistics would be baked in, and a later update lost). Each call puts the traced tensors
    into the Tensors the cells hold, and puts the originals back."""

    def __init__(self, run, holders, count):
        super().__init__()
        self.run = run
        self.holders = holders
        self.count = count

    def forward(self, *tensors):
        originals = [holder._t for holder in self.holders]
        try:
            for holder, tensor in zip(self.holders, tensors[self.count:]):
                holder._t = tensor
            out = self.run(*(_wrap(t) for t in tensors[:self.count]))
            if any(holder._t is not tensor for holder, tensor in zip(self.holders, tensors[self.count:])):
                raise _Ineligible("the function assigns to a parameter")
        finally:
            for holder, original in zip(self.holders, originals):
                holder._t = original
        if isinstance(out, Tensor):
            return out._t
        if type(out) in (tuple, list) and out and all(isinstance(o, Tensor) for o in out):
            return type(out)(o._t for o in out)
        raise _Ineligible(f"returns {type(out).__name__}, not Tensors")


def build(run, args, kwargs, roots, functions, path):
    """In the compiling child: package ``run`` (the function, called eagerly) for ``args`` at ``path``.

    Returns the record entry describing the package, or None where the function is not an inference
    function of Tensors that a package can stand for, or exporting or compiling it failed."""
    try:
        return _build(run, args, kwargs, roots, functions, path)
    except Exception:  # noqa: BLE001 - any failure leaves the usual path, which Dynamo compiles
        return None


def eligible(args, kwargs, roots):
    """Whether a function of ``args`` reaching the cells ``roots`` passes the checks made before
    exporting it (an export may still find it writes state or reads other tensors)."""
    try:
        _check(args, kwargs, _cells(roots))
    except Exception:  # noqa: BLE001 - _Ineligible, or a cell that fails to list its cells: no package
        return False
    return True


def _check(args, kwargs, cells):
    if kwargs or not args or not all(isinstance(a, Tensor) and _dense_cpu(a) for a in args):
        raise _Ineligible("arguments other than dense CPU Tensors")
    if any(a._t.requires_grad or hasattr(a._t, "_dynamo_dynamic_indices") for a in args):
        raise _Ineligible("an argument needs a gradient or has dynamic dimensions")
    _check_cells(cells)
    if any(cell.training for cell in cells):
        raise _Ineligible("a cell is in training mode")


def _build(run, args, kwargs, roots, functions, path):
    cells = _cells(roots)
    _check(args, kwargs, cells)
    holders = _constants(cells)
    if not all(_dense_cpu(h) for h in holders):
        raise _Ineligible("a parameter is not a dense CPU tensor")
    digest = _digest(cells, functions)
    module = _Exported(run, holders, len(args))
    tensors = tuple(a._t for a in args) + tuple(h._t for h in holders)
    with torch.no_grad(), warnings.catch_warnings():
        # torch's own deprecation notices from inside export and AOTInductor: nothing for the user.
        warnings.simplefilter("ignore")
        sample = module(*tensors)
        program = torch.export.export(module, tensors, strict=False)
        literals = _literals(program)
        _compile(program, path)
    return {"format": _FORMAT, "file": os.path.basename(path), "cpu": _cpu(),
            "inputs": [_signature(a) for a in args], "constants": [_signature(h) for h in holders],
            "outputs": "Tensor" if torch.is_tensor(sample) else type(sample).__name__,
            "training": [bool(c.training) for c in cells], "literals": literals, "digest": digest}


def _literals(program):
    """The small constants the exported graph holds, as JSON, by name; refuses a graph that reads
    other tensors than its inputs and those, or writes state."""
    signature = program.graph_signature
    literals = {}
    kinds = torch.export.graph_signature.InputKind
    for spec in signature.input_specs:
        if spec.kind == kinds.CONSTANT_TENSOR:
            literals[spec.target] = _literal(program.constants[spec.target])
        elif spec.kind != kinds.USER_INPUT:
            raise _Ineligible(f"the graph reads {spec.target}, which is not a cell's tensor")
    # Export's graph keeps in-place ops as they are; functionalised, it lists what they write.
    written = program.run_decompositions({}).graph_signature.output_specs
    if any(spec.kind != torch.export.graph_signature.OutputKind.USER_OUTPUT for spec in written):
        raise _Ineligible("the function writes state")
    return literals


def _compile(program, path):
    """AOTInductor's package of ``program`` at ``path``, written whole or not at all."""
    # The archive's folder is named after the file: the file is made under its final name.
    folder = f"{path}.{os.getpid()}.tmp"
    tmp = os.path.join(folder, os.path.basename(path))
    try:
        os.makedirs(folder, exist_ok=True)
        _torch_private.aoti_compile_and_package(program, tmp, _INDUCTOR_CONFIGS)
        os.replace(tmp, path)
        cache.sign(path)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _cpu():
    """The instruction sets the package's code may use: a cache folder shared by machines (a home folder
    on a cluster) must not hand AVX-512 code to a CPU without it."""
    digest = hashlib.sha256(_device.cpu_flags().encode()).hexdigest()[:16]
    return f"{platform.machine()} {torch.backends.cpu.get_cpu_capability()} {digest}"


def _literal(tensor):
    """A constant the graph holds that no cell does (ReLU's zero, a scale), as JSON; a large one is state
    that a package cannot check."""
    if tensor.numel() > _LITERAL_NUMEL or tensor.device.type != "cpu" or tensor.is_complex():
        raise _Ineligible(f"the graph holds a constant tensor of shape {tuple(tensor.shape)}")
    return [list(tensor.shape), str(tensor.dtype).replace("torch.", ""), tensor.flatten().tolist()]


def _from_literal(literal):
    shape, dtype, values = literal
    return torch.tensor(values, dtype=getattr(torch, dtype)).reshape(shape)


class Packaged:
    """A package loaded for this process's cells: call it with arguments it :meth:`matches`."""

    __slots__ = ("loader", "literals", "inputs", "holders", "tensors", "signatures", "cells", "training",
                 "outputs")

    def __init__(self, loader, literals, entry, holders, cells):
        self.loader = loader
        # The package reads these by reference: they live as long as it does.
        self.literals = literals
        self.inputs = [_Spec(*spec) for spec in entry["inputs"]]
        self.holders = holders
        self.tensors = [h._t for h in holders]
        self.signatures = [_Spec(*spec) for spec in entry["constants"]]
        if not all(spec.fits(t) for spec, t in zip(self.signatures, self.tensors)):
            raise _Ineligible("a parameter's layout differs from the one the package was built for")
        self.cells = cells
        self.training = entry["training"]
        self.outputs = entry["outputs"]

    def matches(self, args, kwargs):
        """Whether a call with these arguments, in the current state, computes what the package does."""
        if kwargs or len(args) != len(self.inputs):
            return False
        for arg, spec in zip(args, self.inputs):
            if not isinstance(arg, Tensor) or not spec.fits(arg._t):
                return False
        for i, holder in enumerate(self.holders):
            if holder._t is not self.tensors[i]:
                # Replaced (``set_data``, a checkpoint loaded by assignment): the same code serves
                # a tensor of the same layout.
                if not self.signatures[i].fits(holder._t):
                    return False
                self.tensors[i] = holder._t
        if torch.is_grad_enabled() and any(t.requires_grad for t in self.tensors):
            return False
        return all(cell.training == flag for cell, flag in zip(self.cells, self.training))

    def __call__(self, *args):
        outs = self.loader.run([*(a._t for a in args), *self.tensors])
        if self.outputs == "Tensor":
            return _wrap(outs[0])
        return (list if self.outputs == "list" else tuple)(_wrap(t) for t in outs)


class _Spec:
    """The layout a package was compiled for: one input's shape, dtype and strides, on the CPU."""

    __slots__ = ("shape", "dtype", "stride")

    def __init__(self, shape, dtype, stride):
        self.shape, self.dtype, self.stride = torch.Size(shape), getattr(torch, dtype), tuple(stride)

    def fits(self, t):
        return (t.shape == self.shape and t.dtype == self.dtype and t.stride() == self.stride
                and t.device.type == "cpu" and not t.requires_grad and not isinstance(t, _Uninitialized))


def load(folder, entry, roots, functions):
    """The package ``entry`` (from a record in ``folder``) bound to this process's cells, or None where
    they differ from those it was built for, or it does not load."""
    try:
        cells = _cells(roots)
        _check_cells(cells)
        holders = _constants(cells)
        if entry.get("format") != _FORMAT or entry["cpu"] != _cpu():
            return None
        if len(holders) != len(entry["constants"]) or len(cells) != len(entry["training"]):
            return None
        if _digest(cells, functions) != entry["digest"]:
            return None
        path = os.path.join(folder, entry["file"])
        if not cache.verified(path):  # only what this user's process built runs
            return None
        loader = _torch_private.aoti_loader(path, _MODEL)
        literals = {name: _from_literal(literal) for name, literal in entry["literals"].items()}
        needed = loader.get_constant_fqns()
        if needed:
            loader.load_constants({name: literals[name] for name in needed}, False, True, True)
        return Packaged(loader, literals, entry, holders, cells)
    except (_Ineligible, KeyError, TypeError, ValueError, AttributeError, RuntimeError, OSError):
        return None
