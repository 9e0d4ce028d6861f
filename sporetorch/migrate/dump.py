"""Per-call dumps of a torch run and a MindSpore-API run, and their comparison (TroubleShooter's
``api_dump`` and its comparison).

``dump(net, inputs, path)`` runs ``net`` (a ``torch.nn.Module`` or a ``Cell``) once forward and
once backward (the gradient of the sum of its outputs) and records two kinds of call, in the order
they happen:

- every call of a leaf layer (``Conv2d``, ``BatchNorm2d``, ``ReLU``...): ``"call_type": "layer"``;
- every functional API call the model code makes itself between layers (``torch.flatten``,
  ``F.relu``, ``out += identity``; ``ops.flatten``, ``mint.*``, ``+`` on Tensors):
  ``"call_type": "api"``. Calls inside a leaf layer and calls made by torch or sporetorch code are
  not recorded. On the torch side a ``torch.overrides.TorchFunctionMode`` sees the calls; on the
  MindSpore side, where every API runs on torch, recording torch calls would record this package's
  implementation, so the public entry points (``ops.<fn>``, ``mint.<fn>``,
  ``mint.nn.functional.<fn>``, the Tensor operators and common Tensor methods) are wrapped for the
  run and restored afterwards, exceptions included.

For each call: the forward inputs (before the call, so in-place calls do not overwrite them) and
output, and in the backward the gradient of that output. ``path`` is a directory: ``dump.json``
(one record per call and role: index, direction, name (layer path or API name), ``call_type``,
type, normalised kind, the enclosing layer (``scope``), shapes, dtypes and statistics) and
``tensors.npz`` (the arrays).

``compare_dumps(torch_dir, mindspore_dir)`` pairs the calls of the two dumps (forward in call
order, backward in the order the gradients arrive) by normalised kind (torch API names go through
the migrate API table, operators through a small table: ``__iadd__``, ``add_``, ``Tensor.__add__``
are all ``add``), compares the arrays, and names the first divergent call of each direction: the
first call whose input agrees and whose output differs, a pair of calls of different kinds (a
structural difference at that index), or a call made on one side only right before the first call
whose input differs, whichever comes first.
"""
import functools
import json
import math
import os
import sys

import numpy as np
import torch
from torch.overrides import TorchFunctionMode, resolve_name

from .scan import api_table
from .weights import layer_kind

__all__ = ["dump", "compare_dumps", "DumpComparison", "api_kind"]

_TORCH_DIR = os.path.dirname(torch.__file__) + os.sep
_TORCH_MODULES_DIR = os.path.join(_TORCH_DIR, "nn", "modules") + os.sep
_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep

# operator and method spellings of one API -> its kind (after the API table and the "_" of
# in-place names are applied); functional names of layer kinds -> the layer kind
_KIND_ALIASES = {
    "__add__": "add", "__radd__": "add", "__iadd__": "add", "add_ext": "add",
    "__sub__": "sub", "__rsub__": "sub", "__isub__": "sub", "sub_ext": "sub", "subtract": "sub",
    "__mul__": "mul", "__rmul__": "mul", "__imul__": "mul", "multiply": "mul",
    "__truediv__": "div", "__rtruediv__": "div", "__itruediv__": "div", "divide": "div", "true_divide": "div",
    "__matmul__": "matmul", "__rmatmul__": "matmul", "__neg__": "neg", "negative": "neg",
    "__pow__": "pow", "__rpow__": "pow", "__getitem__": "getitem", "view": "reshape",
    "linear": "dense", "adaptive_avg_pool2d": "adaptive_avgpool2d", "max_pool2d": "maxpool2d",
    "avg_pool2d": "avgpool2d", "concat": "cat",
}

# torch calls that return no tensor or only describe one: not recorded, inputs not copied
_NOT_RECORDED = frozenset((
    "size", "dim", "ndimension", "numel", "nelement", "item", "tolist", "stride", "element_size", "data_ptr",
    "is_contiguous", "is_floating_point", "is_complex", "get_device", "__len__", "__bool__", "__int__", "__float__",
    "__index__", "__format__", "__repr__", "__hash__", "__setitem__", "__reduce_ex__", "__deepcopy__", "__array__",
    "register_hook", "backward",
))

# Tensor methods wrapped on the MindSpore side (those that exist on the class)
_TENSOR_METHODS = (
    "__add__", "__radd__", "__iadd__", "__sub__", "__rsub__", "__isub__", "__mul__", "__rmul__", "__imul__",
    "__truediv__", "__rtruediv__", "__itruediv__", "__matmul__", "__rmatmul__", "__neg__", "__pow__",
    "__getitem__", "flatten", "view", "reshape", "transpose", "permute", "squeeze", "unsqueeze", "expand",
    "mean", "sum", "add", "sub", "mul", "div", "matmul", "relu", "sigmoid", "softmax", "exp", "chunk", "split",
)


def api_kind(name):
    """The normalised kind of an API name (``"torch.nn.functional.linear"``, ``"torch.Tensor.add_"``,
    ``"mindspore.ops.dense"``, ``"mindspore.Tensor.__add__"``): the MindSpore function name, through
    the API table for torch names, with operators, in-place and ``_ext`` spellings merged."""
    if name.startswith("torch."):
        entry = _table().get(name)
        if entry and entry.get("mindspore"):
            name = entry["mindspore"]
    base = name.rsplit(".", 1)[-1]
    if base.endswith("_") and not base.startswith("__"):
        base = base[:-1]
    if base.endswith("_ext"):
        base = base[:-4]
    return _KIND_ALIASES.get(base, base)


@functools.lru_cache(maxsize=1)
def _table():
    return api_table()


def _is_torch(net):
    return isinstance(net, torch.nn.Module)


def _torch_tensors(out):
    from ..common.tensor import Tensor
    if isinstance(out, Tensor):
        return [out._t]
    if isinstance(out, torch.Tensor):
        return [out]
    if isinstance(out, (tuple, list)):
        return [t for o in out for t in _torch_tensors(o)]
    if isinstance(out, dict):
        return [t for o in out.values() for t in _torch_tensors(o)]
    return []


def _stats(a):
    a64 = a.astype(np.float64) if a.size else a
    if not a.size or a.dtype == np.bool_:
        return {}
    return {"mean": float(a64.mean()), "std": float(a64.std()), "min": float(a64.min()), "max": float(a64.max()),
            "l2": float(np.sqrt((a64 ** 2).sum()))}


def _array(t):
    # a copy: an in-place call after this one (ReLU(inplace=True), +=) would change a shared array
    with torch.no_grad():
        return (t.detach().cpu().float() if t.is_floating_point() else t.detach().cpu()).numpy().copy()


class _Dumper:
    """The records, and the state of the run: ``active`` while the network runs, ``layer_depth``
    inside a leaf layer, ``api_depth`` inside a recorded API call, ``scopes`` the layers entered."""

    def __init__(self, backward):
        self.records = []
        self.arrays = {}
        self.grads = []
        self.backward = backward
        self.active = False
        self.layer_depth = 0
        self.api_depth = 0
        self.scopes = []

    def add(self, direction, name, type_name, kind, role, arrays, call_type, scope):
        index = len(self.records)
        record = {"index": index, "direction": direction, "name": name or "<root>", "type": type_name,
                  "kind": kind, "role": role, "call_type": call_type, "scope": scope or "", "tensors": []}
        for j, (a, dtype) in enumerate(arrays):
            key = f"{index}_{role}_{j}"
            self.arrays[key] = a
            record["tensors"].append({"key": key, "shape": list(a.shape), "dtype": dtype, **_stats(a)})
        self.records.append(record)

    def scope(self):
        return self.scopes[-1] if self.scopes else ""

    def add_call(self, name, type_name, kind, call_type, ins, outs):
        """One forward call: its input arrays and output tensors; hooks the outputs' gradients."""
        self.api_depth += 1  # the torch calls made here are the dump's own
        try:
            self._add_call(name, type_name, kind, call_type, ins, outs)
        finally:
            self.api_depth -= 1

    def _add_call(self, name, type_name, kind, call_type, ins, outs):
        scope = self.scope()
        self.add("forward", name, type_name, kind, "input", ins, call_type, scope)
        self.add("forward", name, type_name, kind, "output", [(_array(t), _dtype(t)) for t in outs], call_type,
                 scope)
        if self.backward:
            for t in outs:
                if t.requires_grad:
                    t.register_hook(lambda g, info=(name, type_name, kind, call_type, scope): self.grads.append(
                        (info, g)))

    def add_grads(self):
        for (name, type_name, kind, call_type, scope), g in self.grads:
            self.add("backward", name, type_name, kind, "grad_output", [(_array(g), _dtype(g))], call_type, scope)

    def recording_api(self):
        return self.active and not self.layer_depth and not self.api_depth


def _dtype(t):
    return str(t.dtype).replace("torch.", "")


def _snapshot(tensors):
    return [(_array(t), _dtype(t)) for t in tensors]


def _torch_internal(frame):
    """Whether the torch API call whose handler runs above ``frame`` was made by torch's own code
    inside a built-in module (``MultiheadAttention``'s ``F.linear``) or by this package, rather than
    by the model's code."""
    while frame is not None and frame.f_code.co_filename.startswith(_TORCH_DIR):
        if frame.f_code.co_filename.startswith(_TORCH_MODULES_DIR):
            return True
        frame = frame.f_back
    return frame is None or frame.f_code.co_filename.startswith(_PACKAGE_DIR)


class _TorchApiMode(TorchFunctionMode):
    """Records the public torch calls of the model's code (outside leaf layers)."""

    def __init__(self, dumper):
        super().__init__()
        self.dumper = dumper

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        d = self.dumper
        if not d.recording_api():
            return func(*args, **kwargs)
        name = resolve_name(func)
        if name is None or name.endswith(("__get__", "__set__")) or name.rsplit(".", 1)[-1] in _NOT_RECORDED \
                or _torch_internal(sys._getframe(1)):
            return func(*args, **kwargs)
        ins = _snapshot(_torch_tensors(list(args)) + _torch_tensors(list(kwargs.values())))
        out = func(*args, **kwargs)
        outs = _torch_tensors(out)
        if outs:
            d.add_call(name, "api", api_kind(name), "api", ins, outs)
        return out


def _recording(d, orig, name, method=False):
    """A wrapper of the MindSpore API ``orig`` (a function, or with ``method`` a Tensor class
    attribute) that records its calls from the model's code."""
    kind = api_kind(name)

    def run(call, tensors_in, args, kwargs, caller):
        if not d.recording_api() or caller.f_code.co_filename.startswith(_PACKAGE_DIR):
            return call(*args, **kwargs)
        ins = _snapshot(_torch_tensors(list(tensors_in)) + _torch_tensors(list(kwargs.values())))
        d.api_depth += 1  # the calls it makes are its implementation
        try:
            out = call(*args, **kwargs)
        finally:
            d.api_depth -= 1
        outs = _torch_tensors(out)
        if outs:
            d.add_call(name, "api", kind, "api", ins, outs)
        return out

    if not method:
        def wrapper(*args, **kwargs):
            return run(orig, args, args, kwargs, sys._getframe(1))
        return functools.wraps(orig)(wrapper) if callable(orig) and hasattr(orig, "__name__") else wrapper
    get = getattr(type(orig), "__get__", None)

    def method_wrapper(self, *args, **kwargs):
        call = get(orig, self, type(self)) if get is not None else functools.partial(orig, self)
        return run(call, (self,) + args, args, kwargs, sys._getframe(1))
    return method_wrapper


class _Patches:
    """Attributes replaced for the run; ``restore`` puts every one back."""

    def __init__(self):
        self.saved = []

    def set(self, owner, attr, value):
        self.saved.append((owner, attr, attr in vars(owner), vars(owner).get(attr)))
        setattr(owner, attr, value)

    def restore(self):
        while self.saved:
            owner, attr, had, old = self.saved.pop()
            if had:
                setattr(owner, attr, old)
            else:
                delattr(owner, attr)


def _ms_api_entry_points():
    """``[(owner, attribute, public name, is a Tensor method)]`` of the MindSpore API that model
    code calls: functions of ``ops``, ``mint``, ``mint.nn.functional``, and Tensor methods."""
    import types
    from .. import mint, ops
    from ..common.tensor import Tensor
    from ..mint.nn import functional as mint_f
    out = []
    for module, prefix in ((ops, "mindspore.ops"), (mint, "mindspore.mint"),
                           (mint_f, "mindspore.mint.nn.functional")):
        for attr, value in list(vars(module).items()):
            if not attr.startswith("_") and isinstance(value, (types.FunctionType, types.BuiltinFunctionType)):
                out.append((module, attr, f"{prefix}.{attr}", False))
    for attr in _TENSOR_METHODS:
        value = next((vars(k)[attr] for k in Tensor.__mro__ if attr in vars(k)), None)
        if value is not None and not isinstance(value, (staticmethod, classmethod, property)):
            out.append((Tensor, attr, f"mindspore.Tensor.{attr}", True))
    return out


def _leaves(net):
    if _is_torch(net):
        return [(p, m) for p, m in net.named_modules() if not any(True for _ in m.children())]
    return [(p, c) for p, c in net.cells_and_names() if not c._cells]


def _composites(net):
    if _is_torch(net):
        return [(p, m) for p, m in net.named_modules() if any(True for _ in m.children())]
    return [(p, c) for p, c in net.cells_and_names() if c._cells]


def _layer_hooks(d, net):
    """Hooks on every layer: leaf calls recorded (and API recording off inside them), the scope of
    the composite layers followed. Returns the handles."""
    def leaf_pre(path, layer):
        def pre_hook(_layer, args):
            # inputs before the call: an in-place layer (ReLU(inplace=True)) overwrites them
            d.layer_depth += 1
            d.pending.append(_snapshot(_torch_tensors(args)))
        return pre_hook

    def leaf_post(path, layer):
        def hook(_layer, args, output):
            d.layer_depth -= 1
            ins = d.pending.pop()
            if not d.layer_depth:
                d.add_call(path, type(layer).__name__, layer_kind(layer), "layer", ins, _torch_tensors(output))
        return hook

    def enter(path):
        def pre_hook(_layer, args):
            d.scopes.append(path)
        return pre_hook

    def leave(_layer, args, output):
        d.scopes.pop()

    handles = []
    for p, layer in _leaves(net):
        handles.append(layer.register_forward_pre_hook(leaf_pre(p, layer)))
        handles.append(layer.register_forward_hook(leaf_post(p, layer)))
    for p, layer in _composites(net):
        handles.append(layer.register_forward_pre_hook(enter(p)))
        handles.append(layer.register_forward_hook(leave))
    return handles


def dump(net, inputs, path, backward=True):
    """Run ``net`` on ``inputs`` (a tensor, or a tuple of them; torch or sporetorch tensors, or NumPy
    arrays) forward, and backward unless ``backward`` is False, recording every leaf layer call and
    every API call of the model's own code in the directory ``path``. Returns the list of records."""
    from ..common.tensor import Tensor
    d = _Dumper(backward)
    d.pending = []
    inputs = inputs if isinstance(inputs, (tuple, list)) else (inputs,)
    as_torch = [x._t if isinstance(x, Tensor) else torch.as_tensor(np.asarray(x)) if not isinstance(x, torch.Tensor)
                else x for x in inputs]
    handles = _layer_hooks(d, net)
    patches = _Patches()
    try:
        if _is_torch(net):
            net.eval()
            args = [x.clone() for x in as_torch]
            d.active = True
            with _TorchApiMode(d):
                out = net(*args)
            d.active = False
            if backward:
                sum(t.sum() for t in _torch_tensors(out)).backward()
        else:
            from ..autodiff import value_and_grad
            from .. import ops
            for owner, attr, name, method in _ms_api_entry_points():
                orig = next(vars(k)[attr] for k in owner.__mro__ if attr in vars(k)) if method else getattr(owner, attr)
                patches.set(owner, attr, _recording(d, orig, name, method))
            net.set_train(False)
            ms_inputs = [Tensor.from_torch(x.clone()) for x in as_torch]

            def fn(*args):
                d.active = True
                try:
                    out = net(*args)
                finally:
                    d.active = False
                outs = list(out) if isinstance(out, (tuple, list)) else [out]
                total = None
                for o in outs:
                    total = ops.sum(o) if total is None else total + ops.sum(o)
                return total
            if backward:
                value_and_grad(fn, None, net.trainable_params())(*ms_inputs)
            else:
                fn(*ms_inputs)
    finally:
        d.active = False
        patches.restore()
        for h in handles:
            h.remove()
    d.add_grads()
    os.makedirs(path, exist_ok=True)
    with open(os.path.join(path, "dump.json"), "w", encoding="utf-8") as f:
        json.dump({"framework": "torch" if _is_torch(net) else "mindspore", "records": d.records}, f, indent=1)
    np.savez(os.path.join(path, "tensors.npz"), **d.arrays)
    return d.records


def _load(path):
    with open(os.path.join(path, "dump.json"), encoding="utf-8") as f:
        meta = json.load(f)
    return meta, np.load(os.path.join(path, "tensors.npz"))


class DumpComparison:
    """Paired calls (``rows``: direction, index, torch name, MindSpore name, kind, max abs, max rel,
    ok) and ``first`` (per direction, the first row that diverges, or None)."""

    def __init__(self, rows, rtol, atol):
        self.rows, self.rtol, self.atol = rows, rtol, atol
        self.first = {}
        for direction in ("forward", "backward"):
            self.first[direction] = next((r for r in rows if r["direction"] == direction and r["ok"] is False), None)

    @property
    def ok(self):
        return all(v is None for v in self.first.values())

    def summary(self):
        lines = []
        for direction, r in self.first.items():
            n = len({x["call"] for x in self.rows if x["direction"] == direction})
            if r is None:
                lines.append(f"{direction}: {n} calls paired, all agree (rtol={self.rtol}, atol={self.atol})")
            else:
                head = f"{direction}: first divergent call #{r['call']}: torch {r['torch']} <-> MindSpore " \
                    f"{r['mindspore']}"
                if r.get("structural"):
                    lines.append(f"{head} (structure: {r['kind']})")
                elif r.get("extra"):
                    lines.append(f"{head} ({r['kind']}, a call made on one side only, before the first call whose "
                                 "input differs)")
                else:
                    lines.append(f"{head} ({r['kind']}, {r['role']}), max abs {r['max_abs']:.3g}, "
                                 f"max rel {r['max_rel']:.3g}")
        return "\n".join(lines)

    def __str__(self):
        lines = [self.summary(), ""]
        for r in self.rows:
            status = "KIND" if r.get("structural") else {True: "ok", False: "DIFF", None: "unpaired"}[r["ok"]]
            mabs = "-" if r["max_abs"] is None else f"{r['max_abs']:.3g}"
            lines.append(f"{r['direction']:<8} #{r['call']:<4} {str(r['torch']):<28} {str(r['mindspore']):<28} "
                         f"{r['kind']:<12} {r['role']:<11} {mabs:<10} {status}")
        return "\n".join(lines)


def _calls(meta):
    """Records grouped by call: [(direction, label, kind, {role: record})] in order; the label of an
    API call names its enclosing layer (``torch.flatten@layer4``)."""
    out = []
    for r in meta["records"]:
        label = r["name"]
        if r.get("call_type") == "api" and r.get("scope"):
            label = f"{label}@{r['scope']}"
        if out and out[-1][0] == r["direction"] == "forward" and out[-1][1] == label and r["role"] == "output" \
                and "output" not in out[-1][3]:
            out[-1][3]["output"] = r
            continue
        out.append((r["direction"], label, r["kind"], {r["role"]: r}))
    return out


def compare_dumps(torch_dir, mindspore_dir, rtol=1e-4, atol=1e-5):
    """Compare two dumps call by call. Returns a ``DumpComparison``."""
    import difflib
    t_meta, t_arr = _load(torch_dir)
    m_meta, m_arr = _load(mindspore_dir)
    rows = []
    for direction in ("forward", "backward"):
        tc = [c for c in _calls(t_meta) if c[0] == direction]
        mc = [c for c in _calls(m_meta) if c[0] == direction]
        sm = difflib.SequenceMatcher(None, [c[2] for c in tc], [c[2] for c in mc], autojunk=False)
        pairs = []
        for op, i1, i2, j1, j2 in sm.get_opcodes():
            if op == "equal" or (op == "replace" and i2 - i1 == j2 - j1):
                pairs += list(zip(tc[i1:i2], mc[j1:j2]))
            else:
                pairs += [(c, None) for c in tc[i1:i2]] + [(None, c) for c in mc[j1:j2]]
        for n, (t, m) in enumerate(pairs):
            roles = ["input", "output"] if direction == "forward" else ["grad_output"]
            for role in roles:
                structural = bool(t and m and t[2] != m[2])
                row = {"direction": direction, "call": n, "torch": t[1] if t else None,
                       "mindspore": m[1] if m else None, "role": role, "structural": structural,
                       "kind": f"{t[2]} vs {m[2]}" if structural else (t or m)[2],
                       "max_abs": None, "max_rel": None, "ok": False if structural else None}
                if t and m and role in t[3] and role in m[3]:
                    mabs = mrel = 0.0
                    ok = len(t[3][role]["tensors"]) == len(m[3][role]["tensors"])
                    for ta, ma in zip(t[3][role]["tensors"], m[3][role]["tensors"]):
                        a, b = t_arr[ta["key"]], m_arr[ma["key"]]
                        if a.size != b.size:
                            ok = False
                            mabs = mrel = math.inf
                            continue
                        a, b = a.reshape(-1).astype(np.float64), b.reshape(-1).astype(np.float64)
                        diff = np.abs(a - b)
                        cur = float(diff.max()) if diff.size else 0.0
                        scale = float(np.abs(a).max()) if a.size else 0.0
                        mabs, mrel = max(mabs, cur), max(mrel, cur / scale if scale else cur)
                        ok = ok and bool((diff <= atol + rtol * np.abs(a)).all())
                    row.update(max_abs=mabs, max_rel=mrel, ok=ok and not structural)
                rows.append(row)
    # a call's input agreeing while its output differs is where a difference starts: prefer it
    result = DumpComparison(rows, rtol, atol)
    fwd = [r for r in rows if r["direction"] == "forward"]
    start = next((r for r in fwd if r["role"] == "output" and r["ok"] is False and any(
        x["call"] == r["call"] and x["role"] == "input" and x["ok"] is not False for x in fwd)), None)
    # a pair of calls of different kinds is a structural difference: divergent from there on
    candidates = [r for r in (start, next((r for r in fwd if r["structural"]), None)) if r is not None]
    # a call whose input already differs, right after calls made on one side only: the first of
    # those extra calls (``skip * 1.01`` before an add) is where the difference starts
    bad = next((r for r in fwd if r["ok"] is False), None)
    if bad is not None and bad["role"] == "input" and not bad["structural"]:
        unpaired = {r["call"]: r for r in reversed(fwd) if r["torch"] is None or r["mindspore"] is None}
        k = bad["call"]
        while k - 1 in unpaired:
            k -= 1
        if k < bad["call"]:
            candidates.append(dict(unpaired[k], extra=True))
    if candidates:
        result.first["forward"] = min(candidates, key=lambda r: r["call"])
    return result
