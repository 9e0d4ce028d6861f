"""The difference finder: one PyTorch module and one Cell, same weights, same inputs, compared
layer by layer, then their gradients and one optimizer step.

Both networks run in this process on the same torch kernels, so a correct migration agrees to
float rounding and every difference is a real one. ``compare`` copies the torch weights into the
Cell through the weight map, hooks every leaf module and leaf Cell, and aligns the two call
sequences by layer kind. It reports:

- the eval-mode forward, layer by layer (name on each side, output shape, max abs and relative
  difference) and the first layer that diverges;
- the train-mode forward with the same random numbers on both sides (``fix_random`` before each),
  and the moving statistics it leaves behind;
- the gradients of a fixed random projection of the output (``value_and_grad`` vs autograd);
- the weights after one optimizer step (``nn.Momentum`` vs ``torch.optim.SGD(momentum=...)`` by
  default);
- the migration traps found on the aligned layers (``traps.TRAPS``), with the ones at the first
  divergence named as its likely cause.
"""
import difflib
import html
import json
import math

import torch

from .reproducibility import fix_random
from .traps import TRAPS, layer_traps
from .weights import _as_map, copy_weights, layer_kind, weight_map as build_weight_map

__all__ = ["compare", "DiffReport"]


def _leaf_modules(module):
    return [(path, m) for path, m in module.named_modules() if not any(True for _ in m.children())]


def _leaf_cells(cell):
    return [(path, c) for path, c in cell.cells_and_names() if not c._cells]


def _tensors(out):
    from ..common.tensor import Tensor
    if isinstance(out, Tensor):
        return [out._t]
    if isinstance(out, torch.Tensor):
        return [out]
    if isinstance(out, (tuple, list)):
        return [t for o in out for t in _tensors(o)]
    return []


class _Recorder:
    """Forward hooks on every leaf; records ``(path, layer, input shape, outputs)`` per call."""

    def __init__(self, leaves):
        self.calls = []
        self.handles = []
        for path, layer in leaves:
            self.handles.append(layer.register_forward_hook(self._hook(path, layer)))

    def _hook(self, path, layer):
        def hook(_layer, inputs, output):
            ins = _tensors(inputs)
            self.calls.append((path, layer, tuple(ins[0].shape) if ins else None,
                               [t.detach().clone() for t in _tensors(output)]))
        return hook

    def remove(self):
        for h in self.handles:
            h.remove()


def _diff(a_list, b_list, rtol, atol):
    """(max abs, max rel, close) of the MindSpore outputs ``a`` against the torch outputs ``b``;
    None, None, False when the element counts differ."""
    if len(a_list) != len(b_list) or any(a.numel() != b.numel() for a, b in zip(a_list, b_list)):
        return None, None, False
    mabs = mrel = 0.0
    ok = True
    for a, b in zip(a_list, b_list):
        if a.numel() == 0:
            continue
        # same elements in another shape ((N, C, 1, 1) vs (N, C) after a global pooling): compared flat
        a, b = a.detach().float().reshape(-1), b.detach().float().reshape(-1)
        d = (a - b).abs()
        cur = float(d.max())
        scale = float(b.abs().max())
        if not math.isfinite(cur) or not math.isfinite(scale):  # NaN/inf: equal only where both agree
            same = (a == b) | (a.isnan() & b.isnan())
            cur = 0.0 if bool(same.all()) else float("inf")
            finite_b = b[torch.isfinite(b)]
            scale = float(finite_b.abs().max()) if finite_b.numel() else 0.0
            ok = ok and cur == 0.0
        else:
            ok = ok and bool((d <= atol + rtol * b.abs()).all())
        mabs = max(mabs, cur)
        mrel = max(mrel, cur / scale if scale > 0 else (0.0 if cur == 0 else float("inf")))
    return mabs, mrel, ok


def _layer_pairs(wmap):
    """{torch layer path: MindSpore layer path} of the layers that own weights, from the map."""
    out = {}
    for e in wmap.entries + wmap.mismatched:
        out[e["torch"].rpartition(".")[0]] = e["mindspore_layer"].rsplit(" (", 1)[0].replace("<root>", "")
    return out


def _align(t_calls, m_calls, wmap):
    """Pair the two call sequences: layers with weights through the weight map (so a block that
    calls its layers in another order still pairs them), the others by layer kind with difflib.
    Returns (torch call or None, MindSpore call or None) in torch call order."""
    by_path = {}
    for j, c in enumerate(m_calls):
        by_path.setdefault(c[0], []).append(j)
    layer_pairs = _layer_pairs(wmap)
    t_to_m = {}
    used = set()
    for i, c in enumerate(t_calls):
        target = layer_pairs.get(c[0])
        if target is None:
            continue
        free = [j for j in by_path.get(target, []) if j not in used]
        if free:
            t_to_m[i] = free[0]
            used.add(free[0])
    t_rest = [i for i in range(len(t_calls)) if i not in t_to_m and t_calls[i][0] not in layer_pairs]
    m_rest = [j for j in range(len(m_calls)) if j not in used]
    tk = [layer_kind(t_calls[i][1]) for i in t_rest]
    mk = [layer_kind(m_calls[j][1]) for j in m_rest]
    m_only = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, tk, mk, autojunk=False).get_opcodes():
        if op == "equal" or (op == "replace" and i2 - i1 == j2 - j1):
            t_to_m.update((t_rest[i], m_rest[j]) for i, j in zip(range(i1, i2), range(j1, j2)))
        else:
            m_only.extend(m_rest[j] for j in range(j1, j2))
    m_to_t = {j: i for i, j in t_to_m.items()}
    keyed = [((i, 0, 0), t_calls[i], m_calls[t_to_m[i]] if i in t_to_m else None) for i in range(len(t_calls))]
    for j in m_only:
        before = [m_to_t[k] for k in range(j) if k in m_to_t]
        keyed.append(((max(before) if before else -1, 1, j), None, m_calls[j]))
    return [(t, m) for _, t, m in sorted(keyed, key=lambda k: k[0])]


def _layer_rows(t_calls, m_calls, wmap, rtol, atol):
    rows = []
    for t, m in _align(t_calls, m_calls, wmap):
        row = {"torch": t[0] if t else None, "torch_type": type(t[1]).__name__ if t else None,
               "mindspore": m[0] if m else None, "mindspore_type": type(m[1]).__name__ if m else None,
               "torch_shape": list(t[3][0].shape) if t and t[3] else None,
               "mindspore_shape": list(m[3][0].shape) if m and m[3] else None,
               "max_abs": None, "max_rel": None, "ok": None, "traps": []}
        if t and m:
            mabs, mrel, ok = _diff(m[3], t[3], rtol, atol)
            row.update(max_abs=mabs, max_rel=mrel, ok=ok)
            kind = layer_kind(t[1])
            if kind == layer_kind(m[1]):
                row["traps"] = [{"trap": k, "message": msg} for k, msg in layer_traps(t[1], m[1], kind, m[2])]
        rows.append(row)
    return rows


def _first_bad(rows):
    return next((i for i, r in enumerate(rows) if r.get("ok") is False), None)


def _to_torch_input(x):
    from ..common.tensor import Tensor
    if isinstance(x, Tensor):
        return x._t.detach().clone()
    if isinstance(x, torch.Tensor):
        return x.detach().clone()
    return torch.as_tensor(x)


class _Inputs:
    """The network inputs as torch tensors: positional ``args`` and keyword ``kwargs``. ``compare``
    accepts one tensor (or array), a tuple/list of them (positional arguments) or a dict (keyword
    arguments); integer, boolean and float tensors are all passed as they are."""

    def __init__(self, inputs):
        if isinstance(inputs, dict):
            self.args, self.kwargs = [], {str(k): _to_torch_input(v) for k, v in inputs.items()}
        elif isinstance(inputs, (tuple, list)):
            self.args, self.kwargs = [_to_torch_input(v) for v in inputs], {}
        else:
            self.args, self.kwargs = [_to_torch_input(inputs)], {}
        if not self.args and not self.kwargs:
            raise ValueError("For 'compare', 'inputs' must hold at least one tensor, but got an empty "
                             f"{type(inputs).__name__}")

    def torch(self):
        return [a.clone() for a in self.args], {k: v.clone() for k, v in self.kwargs.items()}

    def mindspore(self):
        from ..common.tensor import Tensor
        return [Tensor.from_torch(a.clone()) for a in self.args], \
            {k: Tensor.from_torch(v.clone()) for k, v in self.kwargs.items()}

    @property
    def is_cuda(self):
        return any(t.is_cuda for t in self.args + list(self.kwargs.values()))

    def describe(self):
        items = [f"#{i}" for i in range(len(self.args))] + list(self.kwargs)
        ts = self.args + list(self.kwargs.values())
        return ", ".join(f"{n}: {tuple(t.shape)} {str(t.dtype).replace('torch.', '')}" for n, t in zip(items, ts))


class DiffReport:
    """The result of ``compare``: ``phases`` (a dict of per-layer or per-weight rows), ``traps``,
    ``first_divergence`` and ``ok``. ``str(report)`` is the terminal table; ``to_json``/``to_html``
    write the report."""

    def __init__(self, phases, traps, first_divergence, weight_map_report, tolerances):
        self.phases = phases
        self.traps = traps
        self.first_divergence = first_divergence
        self.weight_map_report = weight_map_report
        self.tolerances = tolerances

    @property
    def ok(self):
        return self.first_divergence is None

    def to_dict(self):
        return {"ok": self.ok, "first_divergence": self.first_divergence, "traps": self.traps,
                "tolerances": self.tolerances, "weight_map": self.weight_map_report, "phases": self.phases}

    def to_json(self, path=None):
        text = json.dumps(self.to_dict(), indent=1, default=float)
        if path is not None:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text + "\n")
        return text

    def _phase_lines(self, name, rows):
        layered = rows and "torch_type" in rows[0]
        head = ("#", "torch", "MindSpore", "shape", "max abs", "max rel", "")
        table = []
        for i, r in enumerate(rows):
            shape = r.get("mindspore_shape") or r.get("torch_shape") or r.get("shape")
            t = f"{r['torch']} ({r['torch_type']})" if layered and r["torch"] else (r["torch"] or "-")
            m = f"{r['mindspore']} ({r['mindspore_type']})" if layered and r["mindspore"] else (r["mindspore"] or "-")
            status = {True: "ok", False: "DIFF", None: "unpaired"}[r["ok"]]
            table.append((str(i), t, m, "x".join(map(str, shape)) if shape else "-", _fmt(r["max_abs"]),
                          _fmt(r["max_rel"]), status))
        widths = [max(len(x[k]) for x in [head] + table) for k in range(len(head))]
        lines = [f"== {name} =="]
        lines.append("  ".join(h.ljust(w) for h, w in zip(head, widths)))
        fd = self.first_divergence
        for i, *cols in table:
            mark = "  <-- first divergence" if fd and fd["phase"] == name and fd["index"] == int(i) else ""
            lines.append("  ".join(c.ljust(w) for c, w in zip([i] + cols, widths)).rstrip() + mark)
        return lines

    def __str__(self):
        """The summary first, then every phase's table."""
        lines = [self.summary(), ""]
        for name, rows in self.phases.items():
            lines += self._phase_lines(name, rows) + [""]
        return "\n".join(lines).rstrip() + "\n"

    def summary(self):
        """A few lines: agreement or the first divergence with its likely causes, then the other traps."""
        lines = []
        if self.first_divergence is None:
            lines.append(f"All phases agree (forward rtol={self.tolerances['rtol']}, atol={self.tolerances['atol']}; "
                         f"gradients and step rtol=atol={self.tolerances['grad_tol']}).")
        else:
            fd = self.first_divergence
            lines.append(f"First divergence: {fd['phase']}, torch {fd['torch']} <-> MindSpore {fd['mindspore']}")
            for c in fd["causes"]:
                lines.append(f"  likely cause [{c['trap']}]: {c['message']}")
            if not fd["causes"]:
                lines.append("  no known trap found at this layer: compare its code on both sides")
        others = [t for t in self.traps if not self.first_divergence or t not in self.first_divergence["causes"]]
        if others:
            lines.append("Other migration traps found:")
            lines += [f"  [{t['trap']}] {t.get('mindspore') or ''}: {t['message']}" for t in others]
        return "\n".join(lines)

    def to_html(self, path=None):
        parts = ["<!doctype html><meta charset='utf-8'><title>sporetorch migrate compare</title>",
                 "<style>body{font-family:sans-serif}td,th{padding:2px 8px;text-align:left}"
                 ".bad{background:#fdd}.first{background:#f88}</style>",
                 f"<h1>{'All phases agree' if self.ok else 'Difference found'}</h1>"]
        if self.first_divergence:
            fd = self.first_divergence
            parts.append(f"<p>First divergence: {html.escape(fd['phase'])}: torch <b>{html.escape(str(fd['torch']))}"
                         f"</b> / MindSpore <b>{html.escape(str(fd['mindspore']))}</b></p><ul>")
            parts += [f"<li>{html.escape(c['trap'])}: {html.escape(c['message'])}</li>" for c in fd["causes"]]
            parts.append("</ul>")
        for name, rows in self.phases.items():
            parts.append(f"<h2>{html.escape(name)}</h2><table><tr><th>#</th><th>torch</th><th>MindSpore</th>"
                         "<th>shape</th><th>max abs</th><th>max rel</th><th></th></tr>")
            for i, r in enumerate(rows):
                fd = self.first_divergence
                cls = "first" if fd and fd["phase"] == name and fd["index"] == i else "bad" if r["ok"] is False else ""
                shape = r.get("mindspore_shape") or r.get("torch_shape") or r.get("shape")
                parts.append(f"<tr class='{cls}'><td>{i}</td><td>{html.escape(str(r['torch']))}</td>"
                             f"<td>{html.escape(str(r['mindspore']))}</td><td>{shape}</td><td>{_fmt(r['max_abs'])}"
                             f"</td><td>{_fmt(r['max_rel'])}</td><td>{r['ok']}</td></tr>")
            parts.append("</table>")
        text = "\n".join(parts)
        if path is not None:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text + "\n")
        return text


def _fmt(v):
    return "-" if v is None else f"{v:.3g}"


def _weight_rows(wmap, t_values, m_values, tol, trainable_only=False, cell_params=None):
    rows = []
    for e in wmap.entries:
        if e["torch"] not in t_values or e["mindspore"] not in m_values:
            continue
        t = t_values[e["torch"]]
        m = m_values[e["mindspore"]]
        if e["layout"] == "unit_height":
            m = m.squeeze(2)
        mabs, mrel, ok = _diff([m], [t], tol, tol)
        rows.append({"torch": e["torch"], "mindspore": e["mindspore"], "shape": list(t.shape),
                     "max_abs": mabs, "max_rel": mrel, "ok": ok})
    return rows


def _forward(module, cell, wmap, x_t, seed, rtol, atol):
    t_rec, m_rec = _Recorder(_leaf_modules(module)), _Recorder(_leaf_cells(cell))
    try:
        with fix_random(seed, deterministic=False), torch.no_grad():
            args, kwargs = x_t.torch()
            t_out = module(*args, **kwargs)
        with fix_random(seed, deterministic=False):
            args, kwargs = x_t.mindspore()
            m_out = cell(*args, **kwargs)
    finally:
        t_rec.remove()
        m_rec.remove()
    rows = _layer_rows(t_rec.calls, m_rec.calls, wmap, rtol, atol)
    # the network outputs themselves, so that a difference outside any leaf layer (functional
    # code in forward/construct) is caught too
    mabs, mrel, ok = _diff(_tensors(m_out), _tensors(t_out), rtol, atol)
    outs = _tensors(t_out)
    rows.append({"torch": "<output>", "torch_type": type(module).__name__, "mindspore": "<output>",
                 "mindspore_type": type(cell).__name__, "torch_shape": list(outs[0].shape) if outs else None,
                 "mindspore_shape": None, "max_abs": mabs, "max_rel": mrel, "ok": ok, "traps": []})
    return rows


def _projection(module, x_t, seed):
    """Fixed random weights for the outputs, so that the loss is a generic function of them (a plain
    sum would give BatchNorm'd networks near-zero gradients). Eval mode: no statistic moves."""
    training = module.training
    module.eval()
    try:
        with torch.no_grad():
            args, kwargs = x_t.torch()
            out = module(*args, **kwargs)
    finally:
        module.train(training)
    gen = torch.Generator().manual_seed(seed + 1)
    return [torch.randn(o.shape, generator=gen, dtype=o.dtype) for o in _tensors(out)]


def _torch_grads(module, x_t, proj, seed):
    with fix_random(seed, deterministic=False):
        args, kwargs = x_t.torch()
        out = _tensors(module(*args, **kwargs))
        loss = sum((o * w).sum() for o, w in zip(out, proj))
    return loss


def _ms_loss_fn(cell, proj):
    from ..common.tensor import Tensor
    from .. import ops
    ws = [Tensor.from_torch(w) for w in proj]

    def fn(*args, **kwargs):
        out = cell(*args, **kwargs)
        outs = list(out) if isinstance(out, (tuple, list)) else [out]
        total = None
        for o, w in zip(outs, ws):
            term = ops.sum(o * w)
            total = term if total is None else total + term
        return total
    return fn


def _state(module):
    return {k: v.detach().clone() for k, v in module.state_dict().items()}


def _ms_state(cell):
    return {p.name: p._t.detach().clone() for _, p in cell.parameters_and_names()}


def compare(torch_module, cell, inputs, rtol=1e-5, atol=1e-5, *, weight_map=None, grad_tol=1e-4, train=True,
            grads=True, step=True, lr=0.01, momentum=0.9, weight_decay=0.0, ms_optimizer=None,
            torch_optimizer=None, seed=0, copy=True, deterministic=None):
    """Compare ``torch_module`` and ``cell`` layer by layer, then gradients and one optimizer step.

    Args:
        torch_module (torch.nn.Module): the reference.
        cell (Cell): its migration.
        inputs: the input batch: one tensor (torch.Tensor, sporetorch Tensor or NumPy array), a
            tuple/list of them (positional arguments, e.g. ``(ids, mask)``) or a dict (keyword
            arguments). Any dtype: integer token ids pass as they are. Both sides get the same values.
        rtol, atol (float): tolerances of the forward comparisons. Default: 1e-5.
        weight_map (WeightMap or str): the map; built with ``weight_map`` when None.
        grad_tol (float): rtol and atol of the gradients and the step. Default: 1e-4.
        train (bool): also compare a train-mode forward and its moving statistics. Default: True.
        grads, step (bool): compare gradients / one optimizer step (both in train mode when
            ``train``, else in eval mode). Default: True.
        lr, momentum, weight_decay (float): the default optimizers' settings (``nn.Momentum`` and
            ``torch.optim.SGD(momentum=...)``).
        ms_optimizer, torch_optimizer (callable): build other optimizers from the parameter list.
        seed (int): ``fix_random`` seed used before each side's forward.
        copy (bool): copy the torch weights into the Cell first. Default: True.
        deterministic (bool): deterministic torch kernels during the comparison (``fix_random``).
            Default None: on for CUDA inputs; CPU kernels are deterministic already (and switching
            torch's flag on imports its compiler, which costs seconds).

    Returns:
        DiffReport. The Cell keeps the torch weights; the torch module is restored.
    """
    from ..nn.cell import Cell
    if not isinstance(torch_module, torch.nn.Module):
        raise TypeError("For 'compare', 'torch_module' must be a torch.nn.Module, "
                        f"but got {type(torch_module).__name__}")
    if not isinstance(cell, Cell):
        raise TypeError(f"For 'compare', 'cell' must be a Cell, but got {type(cell).__name__}")
    wmap = build_weight_map(torch_module, cell) if weight_map is None else _as_map(weight_map)
    x_t = _Inputs(inputs)
    t_saved = _state(torch_module)
    was_training = torch_module.training
    if copy:
        copy_weights(torch_module, cell, wmap)
    m_saved = _ms_state(cell)

    def restore():
        torch_module.load_state_dict(t_saved)
        params = {p.name: p for _, p in cell.parameters_and_names()}
        with torch.no_grad():
            for name, v in m_saved.items():
                params[name]._t.copy_(v)

    phases, traps = {}, []
    if deterministic is None:
        deterministic = x_t.is_cuda
    guard = fix_random(seed, deterministic=deterministic)
    try:
        torch_module.eval()
        cell.set_train(False)
        phases["eval forward"] = _forward(torch_module, cell, wmap, x_t, seed, rtol, atol)
        if train:
            restore()
            torch_module.train()
            cell.set_train(True)
            phases["train forward"] = _forward(torch_module, cell, wmap, x_t, seed, rtol, atol)
            buffers = {e["torch"] for e in wmap.entries} - {k for k, _ in torch_module.named_parameters()}
            t_state = {k: v for k, v in _state(torch_module).items() if k in buffers}
            phases["train state"] = _weight_rows(wmap, t_state, _ms_state(cell), grad_tol)
        if grads or step:
            restore()
            phases.update(_grads_and_step(torch_module, cell, wmap, x_t, seed, grad_tol, grads, step, lr, momentum,
                                          weight_decay, ms_optimizer, torch_optimizer))
    finally:
        torch_module.load_state_dict(t_saved)
        torch_module.train(was_training)
        restore()
        guard.__exit__(None, None, None)

    for name in ("eval forward", "train forward"):
        for r in phases.get(name, []):
            for t in r["traps"]:
                item = dict(t, torch=r["torch"], mindspore=r["mindspore"])
                if item not in traps:
                    traps.append(item)
    if wmap.unmatched_torch or wmap.unmatched_mindspore or wmap.mismatched:
        traps.append({"trap": "default_init", "torch": None, "mindspore": None,
                      "message": f"{TRAPS['default_init']}: torch {wmap.unmatched_torch}, MindSpore "
                                 f"{wmap.unmatched_mindspore}, shape mismatches "
                                 f"{[(e['torch'], e['mindspore']) for e in wmap.mismatched]}"})
    first = _first_divergence(phases, traps)
    return DiffReport(phases, traps, first, wmap.report(), {"rtol": rtol, "atol": atol, "grad_tol": grad_tol})


def _grads_and_step(module, cell, wmap, x_t, seed, tol, grads, step, lr, momentum, weight_decay, ms_opt, t_opt):
    from ..autodiff import value_and_grad
    from .. import nn
    out = {}
    proj = _projection(module, x_t, seed)
    t_params = dict(module.named_parameters())
    m_params = cell.trainable_params()
    snapshot_t, snapshot_m = _state(module), _ms_state(cell)

    loss = _torch_grads(module, x_t, proj, seed)
    t_grads = dict(zip(t_params, torch.autograd.grad(loss, list(t_params.values()), allow_unused=True)))
    t_grads = {k: (g if g is not None else torch.zeros_like(t_params[k])) for k, g in t_grads.items()}
    # the forward above moved BatchNorm statistics; both sides start the step from the same state
    module.load_state_dict(snapshot_t)
    fn = _ms_loss_fn(cell, proj)
    with fix_random(seed, deterministic=False):
        args, kwargs = x_t.mindspore()
        _, m_grads = value_and_grad(fn, None, m_params)(*args, **kwargs)
    m_grad_d = {p.name: g._t for p, g in zip(m_params, m_grads)}
    if grads:
        out["gradients"] = _weight_rows(wmap, t_grads, m_grad_d, tol)
    if step:
        params = {p.name: p for _, p in cell.parameters_and_names()}
        with torch.no_grad():
            for name, v in snapshot_m.items():
                params[name]._t.copy_(v)
        t_o = t_opt(list(t_params.values())) if t_opt else torch.optim.SGD(
            list(t_params.values()), lr=lr, momentum=momentum, weight_decay=weight_decay)
        m_o = ms_opt(m_params) if ms_opt else nn.Momentum(m_params, learning_rate=lr, momentum=momentum,
                                                          weight_decay=weight_decay)
        t_o.zero_grad()
        _torch_grads(module, x_t, proj, seed).backward()
        t_o.step()
        with fix_random(seed, deterministic=False):
            args, kwargs = x_t.mindspore()
            _, g = value_and_grad(fn, None, m_params)(*args, **kwargs)
        m_o(g)
        out["optimizer step"] = _weight_rows(wmap, _state(module), _ms_state(cell), tol)
    return out


def _first_divergence(phases, traps):
    for name, rows in phases.items():
        i = _first_bad(rows)
        if i is None:
            continue
        r = rows[i]
        causes = [dict(t, torch=r["torch"], mindspore=r["mindspore"]) for t in r.get("traps", [])]
        if not causes and name in ("train state", "gradients", "optimizer step"):
            causes = _causes_for_weight(r, traps, phases, name)
        if not causes:
            causes = [t for t in traps if t["trap"] == "default_init"]
        return {"phase": name, "index": i, "torch": r["torch"], "mindspore": r["mindspore"], "causes": causes}
    return None


def _causes_for_weight(row, traps, phases, phase):
    layer = row["mindspore"].rpartition(".")[0]
    found = [t for t in traps if t.get("mindspore") == layer]
    if found:
        return found
    if phase == "optimizer step" and all(r["ok"] for r in phases.get("gradients", [])):
        return [{"trap": "weight_decay", "message": f"{TRAPS['weight_decay']}: the gradients agree but the step "
                 f"differs from {row['mindspore']} on; check which parameters each optimizer decays (MindSpore "
                 "decays every parameter given unless group parameters say otherwise, and adds the decay to "
                 "the gradient as torch.optim.SGD does; AdamW and Adam differ)"}]
    return []
