"""mint ops that MindSpore 2.10 cannot run on CPU ("kernel ... unregistered"): MindSpore documents each by its torch
counterpart, so torch's result is the expected value. Also the ops added to sporetorch.ops for mint: gradchecks."""
import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import Tensor, mint
from sporetorch.ops.function import array_func, linalg_func, nn_func, reduce_func

rs = np.random.RandomState(7)
A = rs.randn(3, 4).astype(np.float32)
B = rs.randn(3, 4).astype(np.float32)
V = rs.randn(4).astype(np.float32)
M = rs.randn(3, 3).astype(np.float32) + 3 * np.eye(3, dtype=np.float32)
I = rs.randint(-5, 6, (3, 4)).astype(np.int32)
IDX = np.array([[2, 0], [1, 3], [0, 0]], np.int64)
a, b, v, m, ii, idx = (torch.from_numpy(t) for t in (A, B, V, M, I, IDX))
T = Tensor

# (name, mint call, torch call)
CASES = [
    ("addcdiv", lambda: mint.addcdiv(T(A), T(B), T(B + 5), value=2), lambda: torch.addcdiv(a, b, b + 5, value=2)),
    ("addmm", lambda: mint.addmm(T(M), T(M), T(M), beta=0.5, alpha=2), lambda: torch.addmm(m, m, m, beta=0.5, alpha=2)),
    ("baddbmm", lambda: mint.baddbmm(T(M), T(M[None]), T(M[None]), beta=0.5),
     lambda: torch.baddbmm(m, m[None], m[None], beta=0.5)),
    ("argmax", lambda: mint.argmax(T(A), 1, True), lambda: torch.argmax(a, 1, True)),
    ("argmin", lambda: mint.argmin(T(A)), lambda: torch.argmin(a)),
    ("argsort", lambda: mint.argsort(T(A), dim=0, descending=True), lambda: torch.argsort(a, dim=0, descending=True)),
    ("bitwise_not", lambda: mint.bitwise_not(T(I)), lambda: torch.bitwise_not(ii)),
    ("bincount", lambda: mint.bincount(T(np.array([0, 3, 3, 1]))), lambda: torch.bincount(torch.tensor([0, 3, 3, 1]))),
    ("cdist", lambda: mint.cdist(T(A), T(B), p=1.0), lambda: torch.cdist(a, b, p=1.0)),
    ("count_nonzero", lambda: mint.count_nonzero(T(I), 0), lambda: torch.count_nonzero(ii, 0)),
    ("cummin", lambda: mint.cummin(T(A), 1), lambda: tuple(torch.cummin(a, 1))),
    ("cumsum_int", lambda: mint.cumsum(T(I), 1), lambda: torch.cumsum(ii, 1)),
    ("diag_offset", lambda: mint.diag(T(V), -1), lambda: torch.diag(v, -1)),
    ("diag_of_matrix", lambda: mint.diag(T(A), 1), lambda: torch.diag(a, 1)),
    ("divide_floor", lambda: mint.divide(T(I), 4, rounding_mode="floor"),
     lambda: torch.div(ii, 4, rounding_mode="floor")),
    ("dot", lambda: mint.dot(T(V), T(V)), lambda: torch.dot(v, v)),
    ("einsum", lambda: mint.einsum("ij,j->i", T(A), T(V)), lambda: torch.einsum("ij,j->i", a, v)),
    ("full_float", lambda: mint.full((2, 2), 1.5), lambda: torch.full((2, 2), 1.5)),
    ("full_int", lambda: mint.full((2,), 3), lambda: torch.full((2,), 3)),
    ("gather", lambda: mint.gather(T(A), 1, T(IDX)), lambda: torch.gather(a, 1, idx)),
    ("index_add", lambda: mint.index_add(T(A), 1, T(np.array([0, 2])), T(B[:, :2]), alpha=2),
     lambda: torch.index_add(a, 1, torch.tensor([0, 2]), b[:, :2], alpha=2)),
    ("index_select", lambda: mint.index_select(T(A), 1, T(np.array([3, 0]))),
     lambda: torch.index_select(a, 1, torch.tensor([3, 0]))),
    ("kthvalue", lambda: mint.kthvalue(T(A), 2, 0, True), lambda: tuple(torch.kthvalue(a, 2, 0, True))),
    ("linspace", lambda: mint.linspace(-1, 2, 7, dtype=ms.float64), lambda: torch.linspace(-1, 2, 7, dtype=torch.float64)),
    ("logsumexp", lambda: mint.logsumexp(T(A), (0, 1)), lambda: torch.logsumexp(a, (0, 1))),
    ("median_all", lambda: mint.median(T(A)), lambda: torch.median(a)),
    ("median_dim", lambda: mint.median(T(A), 1, True), lambda: tuple(torch.median(a, 1, True))),
    ("norm_p3", lambda: mint.norm(T(A), 3, 1), lambda: torch.norm(a, 3, 1)),
    ("norm_nuc", lambda: mint.norm(T(A), "nuc"), lambda: torch.norm(a, "nuc")),
    ("norm_fro_dim", lambda: mint.norm(T(A), "fro", (0, 1), True), lambda: torch.norm(a, "fro", (0, 1), True)),
    ("repeat_interleave", lambda: mint.repeat_interleave(T(A), 2, 0), lambda: torch.repeat_interleave(a, 2, 0)),
    ("scatter_add", lambda: mint.scatter_add(T(A), 1, T(IDX), T(B[:, :2])),
     lambda: torch.scatter_add(a, 1, idx, b[:, :2])),
    ("select_neg", lambda: mint.select(T(A), 1, -1), lambda: torch.select(a, 1, -1)),
    ("sort_desc", lambda: mint.sort(T(A), dim=0, descending=True), lambda: tuple(torch.sort(a, dim=0, descending=True))),
    ("stack", lambda: mint.stack([T(A), T(B)], 2), lambda: torch.stack([a, b], 2)),
    ("std_correction", lambda: mint.std(T(A), 1, correction=0), lambda: torch.std(a, 1, correction=0)),
    ("tril", lambda: mint.tril(T(A), -1), lambda: torch.tril(a, -1)),
    ("topk_smallest", lambda: mint.topk(T(A), 2, 0, largest=False), lambda: tuple(torch.topk(a, 2, 0, largest=False))),
    ("unique_dim", lambda: mint.unique(T(np.array([[1, 2], [1, 2], [0, 5]])), return_counts=True, dim=0),
     lambda: torch.unique(torch.tensor([[1, 2], [1, 2], [0, 5]]), return_counts=True, dim=0)),
    ("var_mean", lambda: mint.var_mean(T(A), 0, keepdim=True), lambda: torch.var_mean(a, 0, keepdim=True)),
    ("vdot", lambda: mint.vdot(T(V), T(V)), lambda: torch.vdot(v, v)),
    ("where", lambda: mint.where(T(A) > 0, T(A), 0.0), lambda: torch.where(a > 0, a, 0.0)),
    ("where_nonzero", lambda: mint.where(T(A) > 0), lambda: torch.where(a > 0)),
    ("zeros_like", lambda: mint.zeros_like(T(I), dtype=ms.float16), lambda: torch.zeros_like(ii, dtype=torch.float16)),
    ("triangular_solve", lambda: mint.triangular_solve(T(A[:, :2]), T(np.triu(M))),
     lambda: tuple(torch.linalg.solve_triangular(torch.triu(m), a[:, :2], upper=True)[None]) + (torch.triu(m),)),
    ("triangular_solve_t", lambda: mint.triangular_solve(T(A[:, :2]), T(np.tril(M)), upper=False, transpose=True),
     lambda: (torch.linalg.solve_triangular(torch.tril(m).mT, a[:, :2], upper=True), torch.tril(m))),
    ("linalg_vector_norm", lambda: mint.linalg.vector_norm(T(A), 1, (0, 1)), lambda: torch.linalg.vector_norm(a, 1, (0, 1))),
    ("linalg_matrix_norm", lambda: mint.linalg.matrix_norm(T(M), 'nuc'), lambda: torch.linalg.matrix_norm(m, 'nuc')),
    ("special_log_softmax", lambda: mint.special.log_softmax(T(A), 0), lambda: torch.special.log_softmax(a, 0)),
    ("special_round_op", lambda: mint.special.round_op(T(A), 1), lambda: torch.round(a, decimals=1)),
]


def _compare(got, want):
    if isinstance(want, (tuple, list)):
        assert len(got) == len(want)
        for g, w in zip(got, want):
            _compare(g, w)
        return
    g = got.to_torch()
    assert g.dtype == want.dtype, (g.dtype, want.dtype)
    assert g.shape == want.shape
    torch.testing.assert_close(g, want, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name,ours,theirs", CASES, ids=[c[0] for c in CASES])
def test_matches_torch(name, ours, theirs):
    _compare(ours(), theirs())


def test_max_min_forms():
    t = T(A)
    assert float(mint.max(t)) == A.max()
    values, indices = mint.min(t, 1, keepdim=True)
    assert tuple(values.shape) == (3, 1) and indices.dtype == ms.int64
    np.testing.assert_array_equal(mint.max(t, T(B)).asnumpy(), np.maximum(A, B))
    np.testing.assert_array_equal(mint.min(t, other=T(B)).asnumpy(), np.minimum(A, B))


def test_where_scalar_other_and_errors():
    with pytest.raises(TypeError):
        mint.squeeze(T(A))  # MindSpore 2.10 requires 'dim'
    with pytest.raises(ValueError):
        mint.dot(T(A), T(A))
    with pytest.raises(IndexError):
        mint.select(T(A), 0, 3)
    with pytest.raises(ValueError):
        mint.cat((T(A), T(V)), dim=0)


def test_random_ops_dtypes_shapes_and_generator():
    g = ms.Generator().manual_seed(3)
    first = mint.rand(2, 3, generator=g)
    assert first.shape == (2, 3) and first.dtype == ms.float32
    g.manual_seed(3)
    np.testing.assert_array_equal(mint.rand((2, 3), generator=g).asnumpy(), first.asnumpy())
    assert mint.randn(4, dtype=ms.float64).dtype == ms.float64
    r = mint.randint(2, 5, (100,))
    assert r.dtype == ms.int64 and 2 <= int(r.min()) and int(r.max()) < 5
    assert mint.randint(3, (5,), generator=g).dtype == ms.int64
    p = mint.randperm(6, generator=g)
    assert sorted(p.asnumpy().tolist()) == list(range(6))
    assert sorted(mint.randperm(5).asnumpy().tolist()) == list(range(5))
    n = mint.normal(T(np.zeros(1000, np.float32)), 2.0)
    assert n.shape == (1000,) and 1.7 < float(n.std()) < 2.3
    assert mint.normal(1.0, 0.5, (3,)).shape == (3,)
    bern = mint.bernoulli(T(np.array([0.0, 1.0, 1.0], np.float32)))
    np.testing.assert_array_equal(bern.asnumpy(), [0, 1, 1])
    assert mint.multinomial(T(np.array([0.0, 1.0], np.float32)), 1).dtype == ms.int64
    assert mint.empty(2, 3).shape == (2, 3) and mint.empty_like(T(I)).dtype == ms.int32
    assert mint.randint_like(T(I), 10).dtype == ms.int32


# ------------------------------------------------------------------ gradchecks of the ops added for mint
def _ms_fn(op, *consts, n=1):
    """A float64 torch function of ``n`` tensors that runs sporetorch ``op`` on them (and ``consts``)."""
    def f(*ts):
        out = op(*[Tensor.from_torch(t) for t in ts[:n]], *consts)
        return tuple(o.to_torch() for o in out) if isinstance(out, tuple) else out.to_torch()
    return f


def _d(*shape):
    return torch.randn(*shape, dtype=torch.float64, requires_grad=True)


def test_gradcheck_added_ops():
    torch.manual_seed(0)
    assert torch.autograd.gradcheck(_ms_fn(linalg_func.vdot, n=2), (_d(4), _d(4)))
    tri = (torch.triu(torch.rand(3, 3, dtype=torch.float64)) + 2 * torch.eye(3, dtype=torch.float64)).requires_grad_()
    assert torch.autograd.gradcheck(
        lambda b_, a_: linalg_func.triangular_solve(Tensor.from_torch(b_), Tensor.from_torch(a_))[0].to_torch(),
        (_d(3, 2), tri))
    assert torch.autograd.gradcheck(lambda t: reduce_func.kthvalue(Tensor.from_torch(t), 2, 1)[0].to_torch(),
                                    (_d(3, 4),))
    assert torch.autograd.gradcheck(_ms_fn(array_func.diag_ext, 1), (_d(3),))
    assert torch.autograd.gradcheck(
        lambda t, s: array_func.index_add_ext(Tensor.from_torch(t), 0, Tensor([0, 2]), Tensor.from_torch(s)).to_torch(),
        (_d(3, 2), _d(2, 2)))
    assert torch.autograd.gradcheck(_ms_fn(nn_func.normalize, 2.0, 1), (_d(3, 4),))
    assert torch.autograd.gradcheck(
        lambda p, q: nn_func.kl_div_ext(Tensor.from_torch(p), Tensor.from_torch(q), 'batchmean', True).to_torch(),
        (_d(3, 4), _d(3, 4)))
    assert torch.autograd.gradcheck(
        lambda i, w, bias: nn_func.conv_tbc(Tensor.from_torch(i), Tensor.from_torch(w), Tensor.from_torch(bias),
                                            1).to_torch(), (_d(5, 2, 3), _d(3, 3, 4), _d(4)))
    assert torch.autograd.gradcheck(_ms_fn(nn_func.batch_norm_stats, 1e-5), (_d(4, 3, 2),))
    assert torch.autograd.gradcheck(
        lambda t, w, bias, mean, invstd: nn_func.batch_norm_elemt(*[Tensor.from_torch(u) for u in
                                                                    (t, w, bias, mean, invstd)]).to_torch(),
        (_d(4, 3, 2), _d(3), _d(3), _d(3), _d(3)))


def test_batch_norm_stats_elemt_gather_match_torch_batch_norm():
    t = torch.randn(6, 3, 5)
    mean, invstd = mint.batch_norm_stats(Tensor.from_torch(t), 1e-5)
    out = mint.batch_norm_elemt(Tensor.from_torch(t), None, None, mean, invstd, 1e-5)
    torch.testing.assert_close(out.to_torch(), torch.nn.functional.batch_norm(t, None, None, training=True),
                               rtol=1e-4, atol=1e-5)
    parts = [mint.batch_norm_stats(Tensor.from_torch(p), 1e-5) for p in (t[:2], t[2:])]
    rm, rv = Tensor(np.zeros(3, np.float32)), Tensor(np.ones(3, np.float32))
    g_mean, g_invstd = mint.batch_norm_gather_stats_with_counts(
        Tensor.from_torch(t), mint.stack([p[0] for p in parts]), mint.stack([p[1] for p in parts]), rm, rv, 0.1,
        1e-5, Tensor(np.array([10.0, 20.0], np.float32)))
    torch.testing.assert_close(g_mean.to_torch(), mean.to_torch(), rtol=1e-5, atol=1e-6)
    torch.testing.assert_close(g_invstd.to_torch(), invstd.to_torch(), rtol=1e-4, atol=1e-5)
    trm, trv = torch.zeros(3), torch.ones(3)
    torch.nn.functional.batch_norm(t, trm, trv, training=True)
    torch.testing.assert_close(rm.to_torch(), trm, rtol=1e-5, atol=1e-6)
    torch.testing.assert_close(rv.to_torch(), trv, rtol=1e-5, atol=1e-6)


def test_conv_tbc_matches_torch():
    i, w, bias = torch.randn(5, 2, 3), torch.randn(3, 3, 4), torch.randn(4)
    got = mint.conv_tbc(Tensor.from_torch(i), Tensor.from_torch(w), Tensor.from_torch(bias), 1)
    torch.testing.assert_close(got.to_torch(), torch.conv_tbc(i, w, bias, 1))
