"""Functional transforms: ``vjp``, ``jvp``, ``jacfwd``, ``jacrev``, ``linearize``, ``derivative``.

Reverse mode runs on ``torch.autograd.grad``; forward mode (``jvp``, ``jacfwd``) on
``torch.autograd.forward_ad`` dual tensors, so ``fn`` stays ordinary eager code.
"""
import warnings

import torch
import torch.autograd.forward_ad as fwad

from ..common.tensor import Tensor, _wrap
from ._core import state, flat_tensors, rebuild, detach, is_differentiable, make_leaf, aux_head
from .grad import _normalize_position, normalize_weights

__all__ = ["vjp", "jvp", "jacfwd", "jacrev", "linearize", "derivative"]


def _as_tuple(inputs, api, name):
    if isinstance(inputs, Tensor):
        return (inputs,), True
    if isinstance(inputs, (tuple, list)) and inputs:
        for i, x in enumerate(inputs):
            if not isinstance(x, Tensor):
                raise TypeError(f"For '{api}', every element of '{name}' must be a Tensor, but the element at "
                                f"index {i} is a {type(x).__name__}")
        return tuple(inputs), False
    raise TypeError(f"For '{api}', the '{name}' must be a Tensor or a non-empty tuple of Tensors, "
                    f"but got {type(inputs).__name__}")


def _split_aux(out, has_aux, api):
    """``(differentiated output, aux)``. As in MindSpore 2.10's vjp/jvp/jacfwd/jacrev, a single
    auxiliary output comes back as it is (a Tensor, list or tuple), several as a tuple."""
    if not has_aux:
        return out, None
    head = aux_head(out, api)
    return head, detach(out[1]) if len(out) == 2 else tuple(detach(o) for o in out[1:])


def _run_recorded(fn, inputs, weights, api):
    """Run ``fn`` recording a graph from fresh leaves of ``inputs`` and from ``weights``."""
    nested = state.depth > 0
    leaves = []
    call = []
    for i, x in enumerate(inputs):
        if not isinstance(x, Tensor):
            raise TypeError(f"For '{api}', every input must be a Tensor, but input {i} is a {type(x).__name__}")
        leaf = make_leaf(x._t, nested) if is_differentiable(x._t) else None
        leaves.append(leaf)
        call.append(x if leaf is None else _wrap(leaf))
    flipped = _switch_on(weights)
    state.depth += 1
    try:
        with torch.enable_grad():
            out = fn(*call)
    finally:
        _switch_off(flipped)
        state.depth -= 1
    return out, leaves


def _switch_on(weights):
    flipped = []
    for w in weights or ():
        t = w._t
        if w.requires_grad and not t.requires_grad and is_differentiable(t):
            t.requires_grad_(True)
            flipped.append(t)
    return flipped


def _switch_off(flipped):
    for t in flipped:
        t.requires_grad_(False)


def _grads_or_zeros(outs, gouts, targets, refs, create_graph):
    """``torch.autograd.grad`` over the non-None ``targets``; zeros where nothing flows."""
    live = [t for t in targets if t is not None]
    pairs = [(o, g) for o, g in zip(outs, gouts) if o.requires_grad]
    got = []
    if pairs and live:
        got = list(torch.autograd.grad([o for o, _ in pairs], live, [g for _, g in pairs], retain_graph=True,
                                       create_graph=create_graph, allow_unused=True))
    it = iter(got)
    res = []
    for t, ref in zip(targets, refs):
        g = next(it, None) if (t is not None and got) else None
        res.append(torch.zeros_like(ref) if g is None else g)
    return res


def vjp(fn, *inputs, weights=None, has_aux=False):
    """Return ``(fn(*inputs), vjp_fn)``; ``vjp_fn(v)`` gives the vector-Jacobian product for
    each input (a tuple), and ``(input_grads, weight_grads)`` when ``weights`` are given.
    With ``has_aux`` the result is ``(out0, vjp_fn, aux)``, only ``out0`` differentiated."""
    wts, single_w = normalize_weights(weights, "vjp")
    out, leaves = _run_recorded(fn, inputs, wts, "vjp")
    diff_out, aux = _split_aux(out, has_aux, "vjp")
    flat = flat_tensors(diff_out, [])
    refs = [x._t for x in inputs]
    nested = state.depth > 0

    def vjp_fn(*v):
        v = v[0] if len(v) == 1 else v
        vflat = flat_tensors(v, [])
        if len(vflat) != len(flat):
            raise ValueError(f"For 'vjp', the vector must have one Tensor per output Tensor ({len(flat)}), "
                             f"but got {len(vflat)}")
        for o, g in zip(flat, vflat):
            if tuple(o.shape) != tuple(g.shape):
                raise ValueError(f"For 'vjp', the vector's shape {tuple(g.shape)} must equal the output's shape "
                                 f"{tuple(o.shape)}")
        wt = [w._t if w.requires_grad and is_differentiable(w._t) else None for w in wts or ()]
        flipped = _switch_on(wts)
        try:
            grads = _grads_or_zeros(flat, [g.to(o.dtype) for o, g in zip(flat, vflat)], leaves + wt,
                                    refs + [w._t for w in wts or ()], create_graph=nested or state.depth > 0)
        finally:
            _switch_off(flipped)
        gin = tuple(_wrap(g) for g in grads[:len(leaves)])
        if wts is None:
            return gin
        gw = tuple(_wrap(g) for g in grads[len(leaves):])
        return gin, (gw[0] if single_w else gw)

    value = diff_out if nested else detach(diff_out)
    if has_aux:
        return value, vjp_fn, aux
    return value, vjp_fn


def _dual_run(fn, inputs, tangents):
    """Run ``fn`` on dual tensors; return ``(out, primals, tangents)`` of its flattened output."""
    # torch scripts its forward-AD decompositions on first use with a DeprecationWarning of its own.
    with warnings.catch_warnings(), fwad.dual_level():
        warnings.simplefilter("ignore", DeprecationWarning)
        call = []
        for x, v in zip(inputs, tangents):
            t = x._t
            call.append(_wrap(fwad.make_dual(t, v.to(t.dtype))) if v is not None and is_differentiable(t) else x)
        out = fn(*call)
        primals = []
        tans = []
        for o in flat_tensors(out, []):
            p, tan = fwad.unpack_dual(o)
            primals.append(p)
            tans.append(torch.zeros_like(p) if tan is None else tan)
        # Outside the dual level the duals lose their tangents; keep plain copies of the primals.
        out = rebuild(out, primals)
    return out, primals, tans


def jvp(fn, inputs, v, has_aux=False):
    """Return ``(fn(*inputs), J @ v)`` (with ``has_aux``: ``(out0, jvp0, aux)``), in forward mode.

    Args:
        inputs (Tensor or tuple of Tensors): the point.
        v (Tensor or tuple of Tensors): the tangent, shaped like ``inputs``.
    """
    xs, _ = _as_tuple(inputs, "jvp", "inputs")
    vs, _ = _as_tuple(v, "jvp", "v")
    if len(vs) != len(xs):
        raise ValueError(f"For 'jvp', v has invalid length: should be {len(xs)}, but got {len(vs)}")
    for x, t in zip(xs, vs):
        if x.shape != t.shape:
            raise ValueError(f"For 'jvp', each tangent must have its input's shape: {x.shape} vs {t.shape}")
    out, primals, tans = _dual_run(fn, xs, [t._t for t in vs])
    diff_out, aux = _split_aux(out, has_aux, "jvp")
    n = len(flat_tensors(diff_out, []))
    result = rebuild(diff_out, tans[:n])
    if has_aux:
        return diff_out, result, aux
    return diff_out, result


def linearize(fn, inputs):
    """Return ``(fn(*inputs), jvp_fn)`` where ``jvp_fn(v)`` is the Jacobian-vector product at ``inputs``."""
    xs, single = _as_tuple(inputs, "linearize", "inputs")
    out = detach(fn(*xs))

    def jvp_fn(v):
        return jvp(fn, xs[0] if single else xs, v)[1]

    return out, jvp_fn


def _jacobian_structure(diff_out, per_output, single_pos):
    """Nest Jacobians as MindSpore does: outputs outside, positions inside."""
    blocks = [j[0] if single_pos else tuple(j) for j in per_output]
    if isinstance(diff_out, Tensor):
        return blocks[0]
    return tuple(blocks)


def _make_jac(fn, grad_position, has_aux, api, forward):
    positions, single_pos = _normalize_position(grad_position, api)
    if positions is None:
        raise TypeError(f"For '{api}', the 'grad_position' must be int or tuple, but got None")

    def jac_fn(*args):
        for p in positions:
            if p >= len(args):
                raise RuntimeError(f"For '{api}', the position index {p} exceeds the number of inputs ({len(args)})")
            if not isinstance(args[p], Tensor) or not is_differentiable(args[p]._t):
                raise TypeError(f"For '{api}', the input at grad_position {p} must be a floating-point Tensor, "
                                f"but got {args[p]!r}")
        if forward:
            diff_out, aux, per_output = _jac_forward(fn, args, positions, has_aux, api)
        else:
            diff_out, aux, per_output = _jac_reverse(fn, args, positions, has_aux, api)
        res = _jacobian_structure(diff_out, per_output, single_pos)
        return (res, aux) if has_aux else res

    return jac_fn


def _jac_reverse(fn, args, positions, has_aux, api):
    nested = state.depth > 0
    call = list(args)
    leaves = []
    for p in positions:
        leaf = make_leaf(args[p]._t, nested)
        call[p] = _wrap(leaf)
        leaves.append(leaf)
    state.depth += 1
    try:
        with torch.enable_grad():
            out = fn(*call)
    finally:
        state.depth -= 1
    diff_out, aux = _split_aux(out, has_aux, api)
    per_output = []
    for o in flat_tensors(diff_out, []):
        rows = _jacobian_rows(o, leaves, nested)
        per_output.append([_wrap(r.reshape(tuple(o.shape) + tuple(leaf.shape))) for leaf, r in zip(leaves, rows)])
    return (diff_out if nested else detach(diff_out)), aux, per_output


def _jacobian_rows(o, leaves, nested):
    """The rows ``d o.flat[j] / d leaf`` for every leaf, each of shape ``(o.numel(), *leaf.shape)``:
    one vmapped backward over the identity, or one backward per row where vmap cannot run."""
    m = o.numel()
    if not o.requires_grad or m == 0:
        return [leaf.new_zeros((m,) + tuple(leaf.shape)) for leaf in leaves]
    eye = torch.eye(m, dtype=o.dtype, device=o.device).reshape((m,) + tuple(o.shape))
    try:
        got = torch.autograd.grad([o], leaves, [eye], retain_graph=True, create_graph=nested, allow_unused=True,
                                  is_grads_batched=True)
        return [leaf.new_zeros((m,) + tuple(leaf.shape)) if g is None else g for leaf, g in zip(leaves, got)]
    except RuntimeError:
        flat_o = o.reshape(-1)
        per_row = [_grads_or_zeros([flat_o[j]], [None], leaves, leaves, create_graph=nested) for j in range(m)]
        return [torch.stack([row[k] for row in per_row]) for k in range(len(leaves))]


def _jac_forward(fn, args, positions, has_aux, api):
    columns = {}
    out = None
    for k, p in enumerate(positions):
        x = args[p]._t
        for e in range(x.numel()):
            basis = torch.zeros(x.numel(), dtype=x.dtype, device=x.device)
            basis[e] = 1
            tangents = [None] * len(args)
            tangents[p] = basis.reshape(x.shape)
            out, _, tans = _dual_run(fn, args, tangents)
            columns.setdefault(k, []).append(tans)
    if out is None:
        out = fn(*args)
    diff_out, aux = _split_aux(out, has_aux, api)
    flat = flat_tensors(diff_out, [])
    per_output = []
    for i, o in enumerate(flat):
        jac = []
        for k, p in enumerate(positions):
            x = args[p]._t
            cols = [tans[i].reshape(-1) for tans in columns.get(k, [])]
            m = torch.stack(cols, dim=-1) if cols else o.new_zeros((o.numel(), 0))
            jac.append(_wrap(m.reshape(tuple(o.shape) + tuple(x.shape))))
        per_output.append(jac)
    return diff_out, aux, per_output


def jacfwd(fn, grad_position=0, has_aux=False):
    """Return a function computing the Jacobian of ``fn`` in forward mode (``mindspore.jacfwd``).

    The result has shape ``output.shape + input.shape``; several outputs give a tuple over
    outputs, several positions a tuple over positions inside it.
    """
    return _make_jac(fn, grad_position, has_aux, "jacfwd", True)


def jacrev(fn, grad_position=0, has_aux=False):
    """Return a function computing the Jacobian of ``fn`` in reverse mode (``mindspore.jacrev``)."""
    return _make_jac(fn, grad_position, has_aux, "jacrev", False)


def derivative(fn, primals, order):
    """Return ``(fn(primals), n-th derivative)`` along a tangent of ones (``mindspore.ops.derivative``).

    The n-th derivative is ``d^n/dt^n fn(primals + t)`` at ``t = 0``, computed by repeated
    Jacobian-vector products (each a double backward) so any order works.
    """
    xs, single = _as_tuple(primals, "derivative", "primals")
    if not isinstance(order, int) or isinstance(order, bool):
        raise TypeError(f"For 'derivative', the 'order' must be an int, but got {type(order).__name__}")
    if order <= 0:
        raise ValueError(f"For 'derivative', the 'order' must be positive, but got {order}")
    ts = [x._t if is_differentiable(x._t) else x._t.float() for x in xs]
    step = torch.zeros((), dtype=ts[0].dtype, device=ts[0].device, requires_grad=True)
    state.depth += 1
    try:
        with torch.enable_grad():
            out = fn(*[_wrap(t + step) for t in ts])
            series = flat_tensors(out, [])
            for _ in range(order):
                series = [_d_dstep(s, step) for s in series]
    finally:
        state.depth -= 1
    return detach(out), detach(rebuild(out, series))


def _d_dstep(s, step):
    """Elementwise ``ds/dstep`` of a tensor ``s`` that depends on the scalar ``step``."""
    if not s.requires_grad:
        return torch.zeros_like(s)
    u = torch.zeros_like(s, requires_grad=True)
    (g,) = torch.autograd.grad(s, step, u, create_graph=True, allow_unused=True)
    if g is None or not g.requires_grad:
        return torch.zeros_like(s)
    (d,) = torch.autograd.grad(g, u, create_graph=True, allow_unused=True)
    return torch.zeros_like(s) if d is None else d
