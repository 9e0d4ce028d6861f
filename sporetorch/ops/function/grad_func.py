"""Gradient maths behind the gradient Primitives of ``ops.operations._grad_ops``: vector-Jacobian products of
our forward ops through PyTorch's autograd (so a derivative has no second copy), and the closed forms that
have no forward op to differentiate (argmax routing, concat offsets, sparse-slice and LU-unpack gradients)."""
import torch

from ...common.tensor import Tensor, _wrap

__all__ = []


def _leaf(x, grad=True):
    t = x._t if isinstance(x, Tensor) else torch.as_tensor(x)
    t = t.detach()
    return t.requires_grad_(grad and (t.is_floating_point() or t.is_complex()))


def vjp(forward, primals, dout, wrt=(0,), output=0):
    """The gradients of ``forward(*primals)`` (output number ``output`` of a tuple result) with respect to
    the primals at ``wrt`` for the output gradient ``dout``: one Tensor, or a tuple for several ``wrt``."""
    leaves = [_leaf(p, i in wrt) if isinstance(p, Tensor) else p for i, p in enumerate(primals)]
    with torch.enable_grad():
        out = forward(*[_wrap(t) if isinstance(t, torch.Tensor) else t for t in leaves])
        if isinstance(out, (tuple, list)):
            out = out[output]
        targets = [leaves[i] for i in wrt]
        grads = torch.autograd.grad(out._t, targets, dout._t.to(out._t.dtype), allow_unused=True)
    grads = [_wrap(torch.zeros_like(t) if g is None else g.detach()) for g, t in zip(grads, targets)]
    return grads[0] if len(grads) == 1 else tuple(grads)


def jvp(forward, x, tangent):
    """``J @ tangent`` of ``forward`` at ``x`` (the gradient of a gradient op with respect to its output
    gradient), by the double-vector-Jacobian trick: the VJP is linear in its cotangent ``u``."""
    xt = _leaf(x)
    with torch.enable_grad():
        out = forward(_wrap(xt))._t
        u = torch.zeros_like(out, requires_grad=True)
        (gx,) = torch.autograd.grad(out, xt, u, create_graph=True)
        (res,) = torch.autograd.grad(gx, u, tangent._t.to(gx.dtype))
    return _wrap(res.detach())


def zeros(shape, like):
    """A zero Tensor of ``shape`` (a tuple or a 1-D Tensor) in the dtype of ``like`` (a Tensor or a dtype)."""
    from ...common import dtype as mstype
    if isinstance(shape, Tensor):
        shape = tuple(int(v) for v in shape.asnumpy().tolist())
    dtype = like._t.dtype if isinstance(like, Tensor) else mstype.to_torch(like)
    return _wrap(torch.zeros(tuple(shape), dtype=dtype))


def concat_offset(x, axis):
    """The offset of each input of a Concat along ``axis``: an (N, rank) Int64 Tensor."""
    rank = len(x[0].shape)
    axis = axis % rank
    out = torch.zeros((len(x), rank), dtype=torch.int64)
    offset = 0
    for i, t in enumerate(x):
        out[i, axis] = offset
        offset += t.shape[axis]
    return _wrap(out)


def sparse_slice_grad(backprop_val_grad, indices, start, new_indices):
    """Gradient of SparseSlice: each input value's entry of ``backprop_val_grad`` where ``index - start`` is
    among ``new_indices``, else 0."""
    g, idx = backprop_val_grad._t, indices._t - start._t
    match = (idx.unsqueeze(1) == new_indices._t.unsqueeze(0)).all(-1)  # (nnz, n_new)
    out = torch.zeros(idx.shape[0], dtype=g.dtype)
    hit = match.any(1)
    out[hit] = g[match.float().argmax(1)[hit]]
    return _wrap(out)


def lu_unpack_grad(L_grad, U_grad, LU_data, l_flag, u_flag):
    """Gradient of LuUnpack with respect to the packed LU data: the strictly lower part of ``L_grad`` and the
    upper part of ``U_grad`` (zeros where a flag is off)."""
    lu = LU_data._t
    m, n = lu.shape[-2:]
    k = min(m, n)
    l_part, u_part = torch.zeros_like(lu), torch.zeros_like(lu)
    if l_flag:
        l_part[..., :, :k] = torch.tril(L_grad._t, -1)[..., :m, :k]
    if u_flag:
        u_part[..., :k, :] = torch.triu(U_grad._t)[..., :k, :n]
    return _wrap(l_part), _wrap(u_part)
