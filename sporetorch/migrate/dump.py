"""Per-call dumps of a torch run and a MindSpore-API run, and their comparison (TroubleShooter's
``api_dump`` and its comparison, for layer calls).

``dump(net, inputs, path)`` runs ``net`` (a ``torch.nn.Module`` or a ``Cell``) once forward and
once backward (the gradient of the sum of its outputs) and records, for every call of a leaf layer
(``Conv2d``, ``BatchNorm2d``, ``ReLU``...): the forward inputs and output, and in the backward the
gradient of that output. ``path`` is a directory: ``dump.json`` (one record per call: index,
direction, layer path, layer kind, shapes, dtypes and statistics) and ``tensors.npz`` (the arrays).

``compare_dumps(torch_dir, mindspore_dir)`` pairs the records of the two dumps (forward in call
order, backward in the order the gradients arrive; calls are paired by layer kind), compares the
arrays, and names the first divergent call of each direction.
"""
import json
import math
import os

import numpy as np
import torch

from .weights import layer_kind

__all__ = ["dump", "compare_dumps", "DumpComparison"]


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
    return []


def _stats(a):
    a64 = a.astype(np.float64) if a.size else a
    if not a.size or a.dtype == np.bool_:
        return {}
    return {"mean": float(a64.mean()), "std": float(a64.std()), "min": float(a64.min()), "max": float(a64.max()),
            "l2": float(np.sqrt((a64 ** 2).sum()))}


class _Dumper:
    def __init__(self):
        self.records = []
        self.arrays = {}

    def add(self, direction, path, layer, role, tensors):
        index = len(self.records)
        record = {"index": index, "direction": direction, "name": path or "<root>", "type": type(layer).__name__,
                  "kind": layer_kind(layer), "role": role, "tensors": []}
        for j, t in enumerate(tensors):
            # a copy: an in-place layer after this one (ReLU(inplace=True)) would change a shared array
            a = (t.detach().cpu().float() if t.is_floating_point() else t.detach().cpu()).numpy().copy()
            key = f"{index}_{role}_{j}"
            self.arrays[key] = a
            record["tensors"].append({"key": key, "shape": list(a.shape), "dtype": str(t.dtype).replace("torch.", ""),
                                      **_stats(a)})
        self.records.append(record)


def _leaves(net):
    if _is_torch(net):
        return [(p, m) for p, m in net.named_modules() if not any(True for _ in m.children())]
    return [(p, c) for p, c in net.cells_and_names() if not c._cells]


def dump(net, inputs, path, backward=True):
    """Run ``net`` on ``inputs`` (a tensor, or a tuple of them; torch or sporetorch tensors, or NumPy
    arrays) forward, and backward unless ``backward`` is False, recording every leaf layer call in
    the directory ``path``. Returns the list of records."""
    from ..common.tensor import Tensor
    d = _Dumper()
    inputs = inputs if isinstance(inputs, (tuple, list)) else (inputs,)
    as_torch = [x._t if isinstance(x, Tensor) else torch.as_tensor(np.asarray(x)) if not isinstance(x, torch.Tensor)
                else x for x in inputs]
    grads = []

    def pre_hook_for(path, layer):
        # inputs before the call: an in-place layer (ReLU(inplace=True)) overwrites them
        def pre_hook(_layer, args):
            d.add("forward", path, layer, "input", _torch_tensors(args))
        return pre_hook

    def hook_for(path, layer):
        def hook(_layer, args, output):
            outs = _torch_tensors(output)
            d.add("forward", path, layer, "output", outs)
            if backward:
                for t in outs:
                    if t.requires_grad:
                        t.register_hook(lambda g, path=path, layer=layer: grads.append((path, layer, g)))
        return hook

    handles = []
    for p, layer in _leaves(net):
        handles.append(layer.register_forward_pre_hook(pre_hook_for(p, layer)))
        handles.append(layer.register_forward_hook(hook_for(p, layer)))
    try:
        if _is_torch(net):
            net.eval()
            out = net(*[x.clone() for x in as_torch])
            if backward:
                sum(t.sum() for t in _torch_tensors(out)).backward()
        else:
            from ..autodiff import value_and_grad
            from .. import ops
            net.set_train(False)
            ms_inputs = [Tensor.from_torch(x.clone()) for x in as_torch]

            def fn(*args):
                out = net(*args)
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
        for h in handles:
            h.remove()
    for p, layer, g in grads:
        d.add("backward", p, layer, "grad_output", [g])
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
            n = sum(1 for x in self.rows if x["direction"] == direction)
            if r is None:
                lines.append(f"{direction}: {n} calls paired, all agree (rtol={self.rtol}, atol={self.atol})")
            else:
                lines.append(f"{direction}: first divergent call #{r['call']}: torch {r['torch']} <-> MindSpore "
                             f"{r['mindspore']} ({r['kind']}, {r['role']}), max abs {r['max_abs']:.3g}, "
                             f"max rel {r['max_rel']:.3g}")
        return "\n".join(lines)

    def __str__(self):
        lines = [self.summary(), ""]
        for r in self.rows:
            status = {True: "ok", False: "DIFF", None: "unpaired"}[r["ok"]]
            mabs = "-" if r["max_abs"] is None else f"{r['max_abs']:.3g}"
            lines.append(f"{r['direction']:<8} #{r['call']:<4} {str(r['torch']):<28} {str(r['mindspore']):<28} "
                         f"{r['kind']:<12} {r['role']:<11} {mabs:<10} {status}")
        return "\n".join(lines)


def _calls(meta):
    """Records grouped by call: [(direction, name, kind, {role: record})] in order."""
    out = []
    for r in meta["records"]:
        if out and out[-1][0] == r["direction"] == "forward" and out[-1][1] == r["name"] and r["role"] == "output" \
                and "output" not in out[-1][3]:
            out[-1][3]["output"] = r
            continue
        out.append((r["direction"], r["name"], r["kind"], {r["role"]: r}))
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
                row = {"direction": direction, "call": n, "torch": t[1] if t else None,
                       "mindspore": m[1] if m else None, "kind": (t or m)[2], "role": role,
                       "max_abs": None, "max_rel": None, "ok": None}
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
                    row.update(max_abs=mabs, max_rel=mrel, ok=ok)
                rows.append(row)
    # a call's input agreeing while its output differs is where a difference starts: prefer it
    result = DumpComparison(rows, rtol, atol)
    fwd = [r for r in rows if r["direction"] == "forward"]
    start = next((r for r in fwd if r["role"] == "output" and r["ok"] is False and any(
        x["call"] == r["call"] and x["role"] == "input" and x["ok"] is not False for x in fwd)), None)
    if start is not None:
        result.first["forward"] = start
    return result
