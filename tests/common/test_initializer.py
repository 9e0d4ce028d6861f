"""Initialisers: distributions checked against their closed forms (MindSpore 2.10's formulas),
aliases, errors and lazy semantics as recorded from MindSpore 2.10."""
import math

import numpy as np
import pytest

import sporetorch as ms
from sporetorch.common import initializer as I


def draw(init, shape, dtype=ms.float32):
    ms.set_seed(1)
    return I.initializer(init, shape, dtype).init_data().asnumpy()


def test_aliases_are_mindspores():
    # The alias table of MindSpore 2.10 (mindspore.common.initializer._INITIALIZER_ALIAS).
    assert sorted(I._ALIASES) == [
        "dirac", "he_normal", "he_uniform", "henormal", "heuniform", "identity", "normal", "one", "ones",
        "orthogonal", "sparse", "truncatednormal", "uniform", "variancescaling", "xavier_normal",
        "xavier_uniform", "xaviernormal", "xavieruniform", "zero", "zeros"]
    assert isinstance(I.initializer("HE_UNIFORM", [2, 2]).init, I.HeUniform)


def test_constant_ones_zeros_and_dtypes():
    assert I.initializer(0.1, [2, 2]).asnumpy().tolist() == [[np.float32(0.1)] * 2] * 2
    ones = I.initializer("ones", [3], ms.float16)
    assert ones.dtype == ms.float16 and ones.asnumpy().tolist() == [1.0, 1.0, 1.0]
    assert I.initializer("zeros", (2, 1), ms.int32).asnumpy().tolist() == [[0], [0]]
    assert I.initializer(I.Constant(2.5), 2).asnumpy().tolist() == [2.5, 2.5]
    assert I.initializer(2, [2], ms.int32).asnumpy().tolist() == [2, 2]
    assert I.initializer("ones", (2,), ms.bool_).asnumpy().tolist() == [True, True]
    assert I.initializer(I.Normal(), (3,), ms.int32).asnumpy().tolist() == [0, 0, 0]  # N(0, 0.01) truncated
    assert I.initializer(I.One(), ()).asnumpy() == 1.0


def test_tensor_init_is_copied_at_once():
    src = ms.Tensor(np.ones((2, 2), np.float32))
    out = I.initializer(src, [2, 2], ms.float64)
    assert not out.has_init and out.dtype == ms.float64 and out.asnumpy().sum() == 4
    with pytest.raises(ValueError, match=r"the 'init' shape \[2, 2\] and the 'shape' \[3, 2\]"):
        I.initializer(src, [3, 2])


@pytest.mark.parametrize("init,shape,error,match", [
    ("foo", [2], ValueError, "the class corresponding to 'foo' was not found"),
    (I.Uniform, [2], TypeError, "should be 'Tensor', 'number', 'string' or 'initializer'"),
    (I.Uniform(), [-1], ValueError, "must be positive integer"),
    (I.Uniform(), [0], ValueError, "must be positive integer"),
    (I.HeUniform(), (3,), ValueError, "fewer than 2 dimensions"),
    (I.HeUniform(nonlinearity="foo"), (3, 3), ValueError, "'nonlinearity' should be one of"),
    (I.Identity(), (2, 2, 2), ValueError, "should be 2, but got 3"),
    (I.Normal(sigma=-1), (2,), ValueError, "sigma < 0"),
    (I.Dirac(groups=3), (2, 2, 3), ValueError, "divisible by groups"),
    (I.Orthogonal(), (3,), ValueError, "no less than 2"),
])
def test_errors(init, shape, error, match):
    with pytest.raises(error, match=match):
        I.initializer(init, shape).init_data()


def test_constructor_errors():
    with pytest.raises(ValueError, match="'scale' must be greater than 0"):
        I.VarianceScaling(scale=0)
    with pytest.raises(ValueError, match="'mode' x not supported"):
        I.HeUniform(mode="x")
    with pytest.raises(TypeError):
        I.initializer("ones", [2], np.float32)


def test_uniform_and_normal():
    u = draw(I.Uniform(scale=2.0), (20000,))
    assert np.abs(u).max() <= 2.0 and u.max() > 1.99 and abs(u.mean()) < 0.05
    assert abs(u.std() - 2.0 / math.sqrt(3)) < 0.02  # std of U(-a, a) = a / sqrt(3)
    n = draw(I.Normal(sigma=0.5, mean=1.0), (20000,))
    assert abs(n.mean() - 1.0) < 0.02 and abs(n.std() - 0.5) < 0.01


def test_truncated_normal_bounds_are_absolute():
    t = draw(I.TruncatedNormal(sigma=1.0, mean=0.5, a=-1.0, b=1.0), (20000,))
    assert t.min() >= -1.0 and t.max() <= 1.0 and t.min() < -0.99 and t.max() > 0.99
    # Closed form for N(0.5, 1) truncated to [-1, 1]: mean = mu + (phi(alpha) - phi(beta)) / Z.
    phi = lambda x: math.exp(-x * x / 2) / math.sqrt(2 * math.pi)  # noqa: E731
    cdf = lambda x: 0.5 * (1 + math.erf(x / math.sqrt(2)))  # noqa: E731
    alpha, beta = -1.5, 0.5
    assert abs(t.mean() - (0.5 + (phi(alpha) - phi(beta)) / (cdf(beta) - cdf(alpha)))) < 0.02


@pytest.mark.parametrize("init,shape,bound", [
    (I.HeUniform(), (200, 50), math.sqrt(6 / 50)),                       # gain sqrt(2), fan_in 50
    (I.HeUniform(negative_slope=math.sqrt(5)), (200, 50), math.sqrt(6 / (6 * 50))),  # Dense's default
    (I.HeUniform(mode="fan_out", nonlinearity="relu"), (20, 5, 3, 3), math.sqrt(6 / (20 * 9))),
    (I.XavierUniform(), (200, 50), math.sqrt(6 / 250)),
    (I.XavierUniform(gain=2), (10, 4, 3, 3), 2 * math.sqrt(6 / (36 + 90))),
    (I.VarianceScaling(), (200, 100), math.sqrt(3 / 100)),  # MindSpore 2.10 draws uniform here
    (I.VarianceScaling(scale=2.0, mode="fan_avg", distribution="uniform"), (200, 100), math.sqrt(6 / 150)),
])
def test_uniform_bounds(init, shape, bound):
    v = draw(init, shape)
    assert np.abs(v).max() <= bound * (1 + 1e-6) and np.abs(v).max() > 0.95 * bound


@pytest.mark.parametrize("init,shape,std", [
    (I.HeNormal(), (200, 50), math.sqrt(2 / 50)),
    (I.HeNormal(mode="fan_out", nonlinearity="relu"), (200, 50), math.sqrt(2 / 200)),
    (I.HeNormal(nonlinearity="tanh"), (200, 50), (5 / 3) / math.sqrt(50)),
    (I.XavierNormal(gain=2), (200, 50), 2 * math.sqrt(2 / 250)),
    (I.VarianceScaling(scale=2.0, distribution="untruncated_normal"), (200, 100), math.sqrt(2 / 100)),
])
def test_normal_std(init, shape, std):
    v = draw(init, shape)
    assert abs(v.std() / std - 1) < 0.03 and abs(v.mean()) < 0.05 * std + 1e-3


def test_structured_initialisers():
    o = draw(I.Orthogonal(gain=2.0), (3, 5))
    np.testing.assert_allclose(o @ o.T, 4 * np.eye(3), atol=1e-5)
    assert draw(I.Identity(), (2, 3)).tolist() == [[1, 0, 0], [0, 1, 0]]
    # MindSpore 2.10 prints this Dirac tensor for shape (2, 2, 3).
    assert draw(I.Dirac(), (2, 2, 3)).tolist() == [[[0, 1, 0], [0, 0, 0]], [[0, 0, 0], [0, 1, 0]]]
    s = draw(I.Sparse(0.5), (4, 3))
    assert (s == 0).sum(axis=0).tolist() == [2, 2, 2]  # ceil(0.5 * 4) zeros per column


def test_user_initializer_fills_numpy():
    class Halves(I.Initializer):
        def _initialize(self, arr):
            arr[...] = np.full(arr.shape, 0.5)

    assert I.initializer(Halves(), [2]).asnumpy().tolist() == [0.5, 0.5]
    arr = np.zeros((2, 2), np.float32)
    I.One()(arr)
    assert arr.sum() == 4


def test_seeded_draws_repeat():
    assert np.array_equal(draw(I.Normal(), (5,)), draw(I.Normal(), (5,)))
