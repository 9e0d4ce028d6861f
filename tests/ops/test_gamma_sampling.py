"""Gamma sampling (``ops.gamma``, ``ops.random_gamma``, ``P.Gamma``, ``P.RandomGamma``): the samples
follow the gamma law (Kolmogorov-Smirnov distance against the closed-form CDF, the regularised
incomplete gamma function), seeds repeat a stream, and the edge values are MindSpore's."""
import math

import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import Tensor, ops
from sporetorch.ops import operations as P


@pytest.fixture(autouse=True)
def _seeded():
    ms.set_seed(7)
    yield


def _ks_distance(samples, cdf):
    x = np.sort(samples.astype(np.float64))
    n = len(x)
    f = cdf(x)
    return max(np.max(np.arange(1, n + 1) / n - f), np.max(f - np.arange(n) / n))


@pytest.mark.parametrize("alpha", [0.05, 0.3, 1.0, 4.5, 60.0])
def test_gamma_samples_follow_the_gamma_law(alpha):
    n, beta = 20000, 2.0
    x = ops.gamma((n,), Tensor(np.float32(alpha)), Tensor(np.float32(beta)), seed=3).asnumpy()
    assert x.dtype == np.float32 and (x >= 0).all()

    def cdf(v):
        return torch.special.gammainc(torch.tensor(alpha, dtype=torch.float64), torch.from_numpy(v * beta)).numpy()

    # 1.95 / sqrt(n): the KS statistic's 0.1 % critical value
    assert _ks_distance(x, cdf) < 1.95 / math.sqrt(n)
    assert abs(x.mean() - alpha / beta) < 5 * math.sqrt(alpha) / beta / math.sqrt(n)


def test_random_gamma_draws_per_concentration_with_its_shape_and_dtype():
    alpha = np.array([0.5, 3.0], np.float64)
    x = ops.random_gamma((4000,), Tensor(alpha), seed=2).asnumpy()
    assert x.shape == (4000, 2) and x.dtype == np.float64
    np.testing.assert_allclose(x.mean(0), alpha, rtol=0.1)
    assert ops.random_gamma((3,), Tensor(np.array([1.5], np.float16))).dtype == ms.float16


def test_edge_concentrations_as_mindspore():
    # MindSpore 2.10: ops.random_gamma(Tensor([3]), Tensor([0., -1., nan, 1e-30], float32), seed=3)
    # gives [0, nan, nan, 0] in every row (1e-30's samples underflow float32).
    out = ops.random_gamma((3,), Tensor(np.array([0.0, -1.0, np.nan, 1e-30], np.float32)), seed=3).asnumpy()
    for row in out:
        np.testing.assert_array_equal(row, np.array([0.0, np.nan, np.nan, 0.0], np.float32))


def test_tiny_concentrations_underflow_to_zero_as_often_as_the_law_says():
    # P(X < 1e-45, float32's smallest value) for alpha = 1e-3 is gammainc(1e-3, 7e-46) = 0.902; MindSpore 2.10
    # gave 0.102 of 4000 samples above zero, and 0.0055 zeros for alpha = 0.05 (closed form 0.0057).
    x = ops.random_gamma((4000,), Tensor(np.array([1e-3, 0.05], np.float32)), seed=3).asnumpy()
    above = float(torch.special.gammaincc(torch.tensor(1e-3, dtype=torch.float64), torch.tensor(7e-46, dtype=torch.float64)))
    assert abs((x[:, 0] > 0).mean() - above) < 0.02
    assert (x[:, 1] == 0).mean() < 0.02


def test_an_op_seed_repeats_its_stream_after_set_seed():
    alpha = Tensor(np.array([0.4, 2.0], np.float32))
    first = [ops.random_gamma((5,), alpha, seed=11).asnumpy() for _ in range(2)]
    assert not np.array_equal(first[0], first[1])
    ms.set_seed(7)
    again = [ops.random_gamma((5,), alpha, seed=11).asnumpy() for _ in range(2)]
    np.testing.assert_array_equal(first, again)


def test_seeded_gamma_primitives_repeat_their_stream():
    def draw():
        ms.set_seed(5)
        g = P.Gamma(seed=1, seed2=2)((6,), Tensor(np.array([2.0], np.float32)), Tensor(np.array([1.0], np.float32)))
        r = P.RandomGamma(seed=1, seed2=2)((6,), Tensor(np.array([0.5, 2.0], np.float32)))
        return g.asnumpy(), r.asnumpy()

    (g1, r1), (g2, r2) = draw(), draw()
    assert g1.shape == (6, 1) and r1.shape == (6, 2)
    np.testing.assert_array_equal(g1, g2)
    np.testing.assert_array_equal(r1, r2)
