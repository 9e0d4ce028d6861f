"""COO and CSR sparse-tensor maths behind the sparse Primitives of ``ops.operations.sparse_ops`` and
``_sparse_grad_ops``: a COO tensor is ``(indices (nnz, rank), values (nnz,), shape (rank,))``, a CSR matrix
MindSpore's five Tensors ``(dense_shape, batch_pointers, row_pointers, col_indices, values)``."""
import torch

from ...common.tensor import _wrap
from ._utils import _ut

__all__ = []


def _shape_list(shape):
    return [int(v) for v in _ut(shape).reshape(-1).tolist()]


def _linear(indices, shape):
    """Row-major linear positions of the COO ``indices`` in ``shape``."""
    strides = torch.ones(len(shape), dtype=torch.int64)
    for i in range(len(shape) - 2, -1, -1):
        strides[i] = strides[i + 1] * shape[i + 1]
    return (indices.long() * strides).sum(-1)


def _unravel(linear, shape):
    out = []
    for size in reversed(shape):
        out.append(linear % size)
        linear = torch.div(linear, size, rounding_mode="floor")
    return torch.stack(out[::-1], -1)


def dense_cwise(op, indices, values, shape, dense):
    """``values`` combined (``op``: 'add', 'mul', 'div') with ``dense`` broadcast to ``shape``, at ``indices``."""
    idx, vals = _ut(indices).long(), _ut(values)
    full = _ut(dense).broadcast_to(tuple(_shape_list(shape)))
    picked = full[tuple(idx.t())]
    fn = {"add": torch.add, "mul": torch.mul, "div": torch.div}[op]
    return _wrap(fn(vals, picked).to(vals.dtype))


def reorder(indices, values, shape):
    """The COO entries in row-major order: ``(indices, values)``."""
    idx, vals = _ut(indices), _ut(values)
    order = torch.argsort(_linear(idx, _shape_list(shape)), stable=True)
    return _wrap(idx[order]), _wrap(vals[order])


def softmax(indices, values, shape):
    """Softmax of ``values`` over each group of entries that share all but the last index."""
    idx, vals = _ut(indices).long(), _ut(values)
    shp = _shape_list(shape)
    group = _linear(idx[:, :-1], shp[:-1]) if idx.shape[1] > 1 else torch.zeros(len(vals), dtype=torch.int64)
    _, inverse = torch.unique(group, return_inverse=True)
    n = int(inverse.max()) + 1 if len(vals) else 0
    peak = torch.full((n,), float("-inf"), dtype=vals.dtype).scatter_reduce(0, inverse, vals, "amax")
    e = torch.exp(vals - peak[inverse])
    total = torch.zeros((n,), dtype=vals.dtype).index_add(0, inverse, e)
    return _wrap(e / total[inverse])


def sparse_extreme(largest, a_indices, a_values, a_shape, b_indices, b_values, b_shape):
    """Element-wise maximum (``largest``) or minimum of two COO tensors over the union of their entries (a
    missing entry is 0), in row-major order: ``(indices, values)``."""
    shp = _shape_list(a_shape)
    ai, bi = _ut(a_indices), _ut(b_indices)
    av, bv = _ut(a_values), _ut(b_values)
    la, lb = _linear(ai, shp), _linear(bi, shp)
    keys = torch.unique(torch.cat([la, lb]))
    fa = torch.zeros(len(keys), dtype=av.dtype)
    fb = torch.zeros(len(keys), dtype=bv.dtype)
    fa[torch.searchsorted(keys, la)] = av
    fb[torch.searchsorted(keys, lb)] = bv
    vals = torch.maximum(fa, fb) if largest else torch.minimum(fa, fb)
    return _wrap(_unravel(keys, shp).to(ai.dtype)), _wrap(vals)


def concat(indices, values, shapes, concat_dim):
    """COO tensors concatenated along ``concat_dim``: ``(indices, values, shape)`` in row-major order."""
    shps = [_shape_list(s) for s in shapes]
    dim = concat_dim % len(shps[0])
    parts, offset = [], 0
    for idx, shp in zip(indices, shps):
        t = _ut(idx).clone()
        t[:, dim] += offset
        offset += shp[dim]
        parts.append(t)
    out_shape = list(shps[0])
    out_shape[dim] = offset
    idx = torch.cat(parts)
    vals = torch.cat([_ut(v) for v in values])
    order = torch.argsort(_linear(idx, out_shape), stable=True)
    return _wrap(idx[order]), _wrap(vals[order]), _wrap(torch.tensor(out_shape, dtype=_ut(shapes[0]).dtype))


def add_grad(val_grad, x1_indices, x2_indices, sum_indices):
    """Gradient of SparseAdd: the entries of ``val_grad`` (at ``sum_indices``) that each input's entries
    contributed to: ``(dx1_values, dx2_values)``."""
    g, si = _ut(val_grad), _ut(sum_indices).long()
    rank = si.shape[1]
    size = [int(max(int(si[:, d].max()) if len(si) else 0,
                    int(_ut(x1_indices)[:, d].max()) if len(_ut(x1_indices)) else 0,
                    int(_ut(x2_indices)[:, d].max()) if len(_ut(x2_indices)) else 0)) + 1 for d in range(rank)]
    keys = _linear(si, size)
    lookup = dict(zip(keys.tolist(), range(len(keys))))

    def pick(indices):
        lin = _linear(_ut(indices).long(), size).tolist()
        return torch.stack([g[lookup[k]] if k in lookup else torch.zeros((), dtype=g.dtype) for k in lin]) \
            if lin else torch.zeros((0,), dtype=g.dtype)
    return _wrap(pick(x1_indices)), _wrap(pick(x2_indices))


def fill_empty_rows_grad(reverse_index_map, grad_values):
    """Gradient of SparseFillEmptyRows: ``(d_values, d_default_value)``: the output gradient of each input
    entry, and the sum over the filled (default) entries."""
    g = _ut(grad_values)
    d_values = g[_ut(reverse_index_map).long()]
    return _wrap(d_values), _wrap(g.sum() - d_values.sum())


# ---------------------------------------------------------------------------------------------- CSR
def coo_to_csr(indices, values, dense_shape):
    """A COO tensor (rank 2, or rank 3 with a batch axis) as MindSpore's CSR matrix."""
    idx, vals = _ut(indices).long(), _ut(values)
    shp = _shape_list(dense_shape)
    itype = _ut(indices).dtype
    if len(shp) == 2:
        idx = torch.cat([torch.zeros((len(idx), 1), dtype=torch.int64), idx], 1)
        batches, rows, cols = 1, shp[0], shp[1]
    else:
        batches, rows, cols = shp
    order = torch.argsort(_linear(idx, [batches, rows, cols]), stable=True)
    idx, vals = idx[order], vals[order]
    batch_ptr = torch.zeros(batches + 1, dtype=torch.int64)
    batch_ptr[1:] = torch.cumsum(torch.bincount(idx[:, 0], minlength=batches), 0)
    row_ptr = []
    for b in range(batches):
        sel = idx[:, 0] == b
        counts = torch.bincount(idx[sel, 1], minlength=rows)
        row_ptr.append(torch.cat([torch.zeros(1, dtype=torch.int64), torch.cumsum(counts, 0)]))
    return (_wrap(torch.tensor(shp, dtype=itype)), _wrap(batch_ptr.to(itype)), _wrap(torch.cat(row_ptr).to(itype)),
            _wrap(idx[:, 2].to(itype)), _wrap(vals))


def csr_to_coo(dense_shape, batch_pointers, row_pointers, col_indices, values):
    """MindSpore's CSR matrix as a COO tensor: ``(indices, values, dense_shape)``."""
    shp = _shape_list(dense_shape)
    rows = shp[-2]
    bp, rp, cols = _ut(batch_pointers).long(), _ut(row_pointers).long(), _ut(col_indices).long()
    entries = []
    for b in range(len(bp) - 1):
        ptr = rp[b * (rows + 1):(b + 1) * (rows + 1)]
        row_of = torch.repeat_interleave(torch.arange(rows), ptr[1:] - ptr[:-1])
        batch_cols = cols[int(bp[b]):int(bp[b + 1])]
        part = torch.stack([row_of, batch_cols], 1)
        if len(shp) == 3:
            part = torch.cat([torch.full((len(part), 1), b, dtype=torch.int64), part], 1)
        entries.append(part)
    idx = torch.cat(entries) if entries else torch.zeros((0, len(shp)), dtype=torch.int64)
    itype = _ut(col_indices).dtype
    return _wrap(idx.to(itype)), _wrap(_ut(values)), _wrap(_ut(dense_shape))


def csr_to_dense(dense_shape, batch_pointers, row_pointers, col_indices, values):
    """MindSpore's CSR matrix as a dense Tensor."""
    idx, vals, _ = csr_to_coo(dense_shape, batch_pointers, row_pointers, col_indices, values)
    out = torch.zeros(tuple(_shape_list(dense_shape)), dtype=vals._t.dtype)
    out[tuple(idx._t.long().t())] = vals._t
    return _wrap(out)


def dense_to_csr(dense, indices):
    """The entries of ``dense`` at ``indices`` as MindSpore's CSR matrix."""
    d, idx = _ut(dense), _ut(indices)
    vals = d[tuple(idx.long().t())]
    return coo_to_csr(idx, vals, torch.tensor(d.shape, dtype=idx.dtype))


def csr_nnz(dense_shape, batch_pointers, row_pointers, col_indices, values):
    """The number of entries of each batch of a CSR matrix (Int32)."""
    bp = _ut(batch_pointers)
    return _wrap((bp[1:] - bp[:-1]).to(torch.int32))


def csr_transpose(dense_shape, batch_pointers, row_pointers, col_indices, values, conjugate=False):
    """The (conjugate) transpose of each batch of a CSR matrix, as a CSR matrix."""
    idx, vals, shape = csr_to_coo(dense_shape, batch_pointers, row_pointers, col_indices, values)
    t = idx._t.clone()
    t[:, [-2, -1]] = t[:, [-1, -2]]
    shp = _ut(shape).clone()
    shp[[-2, -1]] = shp[[-1, -2]]
    v = vals._t.conj() if conjugate else vals._t
    out = coo_to_csr(t, v, shp)
    return (_wrap(shp),) + out[1:4] + (out[4],)


# ---------------------------------------------------------------------------------------------- sets
def dense_set_operation(x1, x2, operation):
    """The set ``operation`` ('a-b', 'b-a', 'intersection', 'union') of each pair of last-axis rows of ``x1``
    and ``x2``, as a sorted COO tensor ``(indices, values, shape)``."""
    a, b = _ut(x1), _ut(x2)
    lead = tuple(a.shape[:-1])
    fn = {"a-b": lambda p, q: p - q, "b-a": lambda p, q: q - p, "intersection": lambda p, q: p & q,
          "union": lambda p, q: p | q}[operation]
    entries, width = [], 0
    for row in (torch.cartesian_prod(*[torch.arange(n) for n in lead]).reshape(-1, len(lead)).tolist()
                if lead else [[]]):
        result = sorted(fn(set(a[tuple(row)].tolist()), set(b[tuple(row)].tolist())))
        width = max(width, len(result))
        entries += [(row + [j], v) for j, v in enumerate(result)]
    indices = torch.tensor([e[0] for e in entries], dtype=torch.int64).reshape(-1, len(lead) + 1)
    values = torch.tensor([e[1] for e in entries], dtype=a.dtype)
    return _wrap(indices), _wrap(values), _wrap(torch.tensor(list(lead) + [width], dtype=torch.int64))


def edit_distance(hyp_indices, hyp_values, hyp_shape, truth_indices, truth_values, truth_shape, normalize):
    """Levenshtein distance between the sequences of two COO tensors (each sequence along the last axis),
    Float32 of the leading shape (the larger of the two); ``normalize`` divides by the truth's length (a
    hypothesis against an empty truth gives inf, two empty sequences 0)."""
    hs, ts = _shape_list(hyp_shape), _shape_list(truth_shape)
    lead = [max(p, q) for p, q in zip(hs[:-1], ts[:-1])]

    def sequences(indices, values):
        out = {}
        for idx, v in sorted(zip(_ut(indices).tolist(), _ut(values).tolist())):
            out.setdefault(tuple(idx[:-1]), []).append(v)
        return out
    hyp, truth = sequences(hyp_indices, hyp_values), sequences(truth_indices, truth_values)
    out = torch.zeros(tuple(lead), dtype=torch.float32)
    for row in set(hyp) | set(truth):
        h, t = hyp.get(row, []), truth.get(row, [])
        prev = list(range(len(t) + 1))
        for i, hv in enumerate(h, 1):
            cur = [i] + [0] * len(t)
            for j, tv in enumerate(t, 1):
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (hv != tv))
            prev = cur
        dist = float(prev[-1])
        if normalize:
            dist = dist / len(t) if t else (float("inf") if h else 0.0)
        out[row] = dist
    return _wrap(out)


def to_dense(indices, output_shape, values, default_value):
    """A dense Tensor of ``output_shape`` filled with ``default_value``, ``values`` at ``indices`` (a scalar
    ``values`` goes to every index)."""
    idx, vals = _ut(indices).long(), _ut(values)
    if idx.dim() == 1:
        idx = idx.unsqueeze(-1) if len(_shape_list(output_shape)) == 1 else idx.unsqueeze(0)
    out = torch.full(tuple(_shape_list(output_shape)), _ut(default_value).item(), dtype=vals.dtype)
    out[tuple(idx.t())] = vals
    return _wrap(out)


def sparse_add(a_indices, a_values, a_shape, b_indices, b_values, b_shape, thresh):
    """The sum of two COO tensors over the union of their entries, in row-major order; where both hold an
    entry, the sum is kept only if its magnitude is at least ``thresh``: ``(indices, values, shape)``."""
    shp = _shape_list(a_shape)
    ai, bi = _ut(a_indices), _ut(b_indices)
    la, lb = _linear(ai, shp), _linear(bi, shp)
    keys = torch.unique(torch.cat([la, lb]))
    vals = torch.zeros(len(keys), dtype=_ut(a_values).dtype)
    vals.index_add_(0, torch.searchsorted(keys, la), _ut(a_values))
    vals.index_add_(0, torch.searchsorted(keys, lb), _ut(b_values).to(vals.dtype))
    both = torch.zeros(len(keys), dtype=torch.int64)
    both.index_add_(0, torch.searchsorted(keys, la), torch.ones(len(la), dtype=torch.int64))
    both.index_add_(0, torch.searchsorted(keys, lb), torch.ones(len(lb), dtype=torch.int64))
    keep = (both < 2) | (vals.abs() >= _ut(thresh).to(vals.dtype))
    return _wrap(_unravel(keys[keep], shp).to(ai.dtype)), _wrap(vals[keep]), _wrap(_ut(a_shape))


def fill_empty_rows(indices, values, dense_shape, default_value):
    """A COO tensor with ``default_value`` at column 0 of each empty row: ``(output_indices, output_values,
    empty_row_indicator, reverse_index_map)``, ordered by row (a row's entries keep their input order)."""
    idx, vals = _ut(indices), _ut(values)
    shp = _shape_list(dense_shape)
    rows = shp[0]
    has = torch.zeros(rows, dtype=torch.bool)
    has[idx[:, 0].long()] = True
    empty = ~has
    extra_rows = torch.nonzero(empty).reshape(-1)
    extra = torch.zeros((len(extra_rows), idx.shape[1]), dtype=idx.dtype)
    extra[:, 0] = extra_rows.to(idx.dtype)
    all_idx = torch.cat([idx, extra])
    all_vals = torch.cat([vals, torch.full((len(extra_rows),), _ut(default_value).item(), dtype=vals.dtype)])
    order = torch.argsort(all_idx[:, 0], stable=True)
    position = torch.empty_like(order)
    position[order] = torch.arange(len(order))
    return (_wrap(all_idx[order]), _wrap(all_vals[order]), _wrap(empty),
            _wrap(position[:len(idx)].to(torch.int64)))


def csr_add(a, b, alpha, beta):
    """``alpha * a + beta * b`` of two CSR matrices (MindSpore's five Tensors each), as a CSR matrix."""
    ai, av, shape = csr_to_coo(*a)
    bi, bv, _ = csr_to_coo(*b)
    shp = _shape_list(shape)
    la, lb = _linear(ai._t, shp), _linear(bi._t, shp)
    keys = torch.unique(torch.cat([la, lb]))
    vals = torch.zeros(len(keys), dtype=av._t.dtype)
    vals.index_add_(0, torch.searchsorted(keys, la), av._t * _ut(alpha).to(vals.dtype))
    vals.index_add_(0, torch.searchsorted(keys, lb), bv._t * _ut(beta).to(vals.dtype))
    itype = _ut(a[0]).dtype
    return coo_to_csr(_unravel(keys, shp).to(itype), vals, _ut(a[0]))
