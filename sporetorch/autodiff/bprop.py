"""Cells on the autodiff slow path: custom ``bprop`` and ``set_grad()`` forward recording.

``Cell.__call__`` sends a cell here (through ``_extra_call``) when its class defines
``bprop(self, *inputs, out, dout)``, after ``cell.set_grad()`` or once it has a backward hook;
other cells never pay for it.

- Custom bprop: while a differentiation records, ``construct`` runs inside a
  ``torch.autograd.Function`` (so nothing inside it is recorded, NumPy included) and the
  Function's backward calls ``bprop`` with MindSpore's ``out`` and ``dout`` structures.
- ``set_grad()``: a plain call of the cell records its forward (fresh leaves for the floating
  Tensor inputs, the cell's trainable weights switched on) and keeps that graph; a following
  ``grad(cell)`` with the very same input objects differentiates it instead of running
  ``construct`` again, as MindSpore's PyNative mode does. The user gets detached outputs.
"""
import torch

from ..common.tensor import Tensor, _wrap
from ._core import state, flat_tensors, rebuild, detach, is_differentiable
from .hooks import has_backward_hooks, run_with_backward_hooks


class _Recorded:
    __slots__ = ("args", "kwargs", "leaves", "out", "weight_ids")

    def __init__(self, args, kwargs, leaves, out, weight_ids):
        self.args = args
        self.kwargs = kwargs
        self.leaves = leaves
        self.out = out
        self.weight_ids = weight_ids

    # A copied or pickled cell starts without a recorded forward (a live graph cannot be copied).
    def __deepcopy__(self, memo):
        return None

    def __reduce__(self):
        return (type(None), ())


def cell_call(cell, args, kwargs):
    """Run ``cell`` for ``Cell.__call__``'s slow path (after hooks and input casting)."""
    if state.depth == 0 and cell.__dict__.get("requires_grad") and torch.is_grad_enabled():
        return _record_forward(cell, args, kwargs)
    return run_cell(cell, args, kwargs)


def run_cell(cell, args, kwargs):
    """Run the cell with its backward hooks (if any) attached."""
    if has_backward_hooks(cell):
        return run_with_backward_hooks(cell, args, kwargs, _run_body)
    return _run_body(cell, args, kwargs)


def _run_body(cell, args, kwargs):
    """Run ``construct``; through the custom bprop when the cell has one and a graph is recorded."""
    if getattr(type(cell), "bprop", None) is not None and torch.is_grad_enabled():
        tensors = [a._t for a in args if isinstance(a, Tensor)]
        if any(t.requires_grad for t in tensors):
            return _bprop_forward(cell, args, kwargs, tensors)
    return cell.construct(*args, **kwargs)


# ---------------------------------------------------------------------- set_grad recording
def _record_forward(cell, args, kwargs):
    d = cell.__dict__
    params = d.get("_grad_params")
    if params is None:
        params = d["_grad_params"] = list(cell.get_parameters())
    call_args = []
    leaves = []
    for a in args:
        if isinstance(a, Tensor) and is_differentiable(a._t):
            leaf = a._t.detach().requires_grad_()
            call_args.append(_wrap(leaf))
            leaves.append(leaf)
        else:
            call_args.append(a)
            leaves.append(None)
    flipped = []
    weight_ids = set()
    for p in params:
        t = p._t
        if p.requires_grad and is_differentiable(t):
            weight_ids.add(id(p))
            if not t.requires_grad:
                t.requires_grad_(True)
                flipped.append(t)
    d["_grad_forward"] = None
    state.depth += 1
    try:
        with torch.enable_grad():
            out = run_cell(cell, call_args, kwargs)
    finally:
        for t in flipped:
            t.requires_grad_(False)
        state.depth -= 1
    d["_grad_forward"] = _Recorded(tuple(args), dict(kwargs), leaves, out, weight_ids)
    return detach(out)


def take_recorded_forward(cell, args, kwargs, weights):
    """Return (and forget) the forward recorded for exactly these inputs, or None."""
    d = cell.__dict__
    rec = d.get("_grad_forward")
    if rec is None:
        return None
    d["_grad_forward"] = None
    if len(rec.args) != len(args) or any(a is not b for a, b in zip(rec.args, args)):
        return None
    if rec.kwargs.keys() != kwargs.keys() or any(rec.kwargs[k] is not v for k, v in kwargs.items()):
        return None
    if weights is not None and any(id(w) not in rec.weight_ids for w in weights):
        return None
    return rec


# ---------------------------------------------------------------------- custom bprop
class _BpropCall:
    """What the Function needs to call ``bprop``: the cell, its inputs and the output template."""
    __slots__ = ("cell", "args", "kwargs", "out", "flat_out")

    def __init__(self, cell, args, kwargs):
        self.cell = cell
        self.args = args
        self.kwargs = kwargs
        self.out = None
        self.flat_out = None


class _CustomBprop(torch.autograd.Function):
    """Forward: ``construct`` (grad mode is off inside, so nothing is recorded). Backward: ``bprop``."""

    @staticmethod
    def forward(ctx, call, *tensors):
        out = call.cell.construct(*call.args, **call.kwargs)
        flat = flat_tensors(out, [])
        call.out = out
        call.flat_out = [t.detach() for t in flat]
        ctx.call = call
        ctx.mark_non_differentiable(*[t for t in flat if not is_differentiable(t)])
        return tuple(flat)

    @staticmethod
    def backward(ctx, *douts):
        call = ctx.call
        cell = call.cell
        douts = [torch.zeros_like(o) if d is None else d for o, d in zip(call.flat_out, douts)]
        out = rebuild(call.out, call.flat_out)
        dout = rebuild(call.out, douts)
        inputs = [_wrap(a._t.detach()) if isinstance(a, Tensor) else a for a in call.args]
        res = cell.bprop(*inputs, out, dout)
        if not isinstance(res, (tuple, list)):
            res = (res,)
        if len(res) < len(call.args):
            raise RuntimeError(f"For the bprop of '{type(cell).__name__}', there must be one gradient per input "
                               f"({len(call.args)}), but it returned {len(res)}")
        grads = [None]
        for i, a in enumerate(call.args):
            if not isinstance(a, Tensor):
                continue
            g = res[i]
            if isinstance(g, Tensor):
                g = g._t
                if g.shape != a._t.shape:
                    raise ValueError(f"For the bprop of '{type(cell).__name__}', the gradient of input {i} must "
                                     f"have the input's shape {tuple(a._t.shape)}, but got {tuple(g.shape)}")
                if g.dtype != a._t.dtype and is_differentiable(a._t):
                    g = g.to(a._t.dtype)
            elif g is not None:
                raise TypeError(f"For the bprop of '{type(cell).__name__}', the gradient of input {i} must be a "
                                f"Tensor, but got {type(g).__name__}")
            grads.append(g if is_differentiable(a._t) else None)
        return tuple(grads)


def _bprop_forward(cell, args, kwargs, tensors):
    call = _BpropCall(cell, args, kwargs)
    flat = _CustomBprop.apply(call, *tensors)
    return rebuild(call.out, flat)
