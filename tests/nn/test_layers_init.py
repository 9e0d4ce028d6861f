"""Default initialisation of the layers' Parameters against MindSpore 2.10's documented
distributions (statistics of large draws; bounds are exact)."""
import math

import numpy as np
import pytest

import sporetorch as ms
from sporetorch import nn


def stats(param):
    a = param.asnumpy().astype(np.float64)
    return a.mean(), a.std(), np.abs(a).max()


def assert_uniform(param, bound):
    mean, std, peak = stats(param)
    assert peak <= bound + 1e-6
    assert peak > 0.9 * bound
    assert abs(std - bound / math.sqrt(3)) < 0.08 * bound / math.sqrt(3)
    assert abs(mean) < 0.1 * bound


def assert_normal(param, sigma):
    mean, std, _ = stats(param)
    assert abs(std - sigma) < 0.05 * sigma
    assert abs(mean) < 0.05 * sigma


def he_uniform_sqrt5_bound(fan_in):
    # HeUniform(negative_slope=sqrt(5)): gain sqrt(2 / 6), bound = gain * sqrt(3 / fan_in) = 1 / sqrt(fan_in)
    return 1 / math.sqrt(fan_in)


@pytest.fixture(autouse=True)
def seeded():
    ms.set_seed(123)


def test_dense_and_conv_default_init():
    dense = nn.Dense(200, 300)
    assert_uniform(dense.weight, he_uniform_sqrt5_bound(200))
    assert_uniform(dense.bias, 1 / math.sqrt(200))
    conv = nn.Conv2d(32, 64, 3, has_bias=True)
    assert_uniform(conv.weight, he_uniform_sqrt5_bound(32 * 9))
    assert_uniform(conv.bias, 1 / math.sqrt(32 * 9))
    conv1 = nn.Conv1d(32, 64, 5, has_bias=True)
    assert_uniform(conv1.weight, he_uniform_sqrt5_bound(32 * 5))
    # transposed weights are (in, out/group, k, k): fan_in is out/group * k * k
    convt = nn.Conv2dTranspose(32, 64, 3, has_bias=True)
    assert_uniform(convt.weight, he_uniform_sqrt5_bound(64 * 9))
    assert_uniform(convt.bias, 1 / math.sqrt(64 * 9))
    assert nn.Conv2d(3, 4, 3).bias is None


def test_bidense_and_recurrent_uniform_init():
    bd = nn.BiDense(40, 30, 50)
    assert_uniform(bd.weight, 1 / math.sqrt(40))
    lstm = nn.LSTM(64, 100)
    assert_uniform(lstm.w_hh_list[0], 1 / math.sqrt(100))
    assert all(np.abs(p.asnumpy()).max() <= 0.1 + 1e-6 for p in lstm.get_parameters())
    cell = nn.GRUCell(64, 100)
    assert_uniform(cell.weight_ih, 0.1)


def test_embedding_normal_001():
    assert_normal(nn.Embedding(1000, 64).embedding_table, 0.01)
    assert_normal(nn.EmbeddingLookup(1000, 64).embedding_table, 0.01)
    table = nn.Embedding(10, 4, padding_idx=3).embedding_table.asnumpy()
    assert not table[3].any() and table[2].any()


def test_normalisation_constants():
    bn = nn.BatchNorm2d(5)
    assert bn.gamma.asnumpy().tolist() == [1] * 5 and bn.beta.asnumpy().tolist() == [0] * 5
    assert bn.moving_mean.asnumpy().tolist() == [0] * 5 and bn.moving_variance.asnumpy().tolist() == [1] * 5
    assert not bn.moving_mean.requires_grad and bn.gamma.requires_grad
    ln = nn.LayerNorm((3,), gamma_init="zeros", beta_init="ones")
    assert ln.gamma.asnumpy().tolist() == [0] * 3 and ln.beta.asnumpy().tolist() == [1] * 3
    assert nn.PReLU(2).w.asnumpy().tolist() == [0.25, 0.25]


def test_attention_init():
    mha = nn.MultiheadAttention(64, 4, add_bias_kv=True)
    # XavierUniform on (3E, E): bound sqrt(6 / (4E))
    assert_uniform(mha.in_proj_weight, math.sqrt(6 / (4 * 64)))
    assert not mha.in_proj_bias.asnumpy().any()
    assert_uniform(mha.out_proj.weight, 1 / math.sqrt(64))
    tr = nn.Transformer(32, 2, 1, 1, 64)
    # every Parameter with ndim > 1 is re-drawn XavierUniform
    assert_uniform(tr.encoder.layers[0].dense1.weight, math.sqrt(6 / (32 + 64)))


def test_init_follows_set_seed():
    ms.set_seed(5)
    a = nn.Dense(3, 4).weight.asnumpy()
    ms.set_seed(5)
    b = nn.Dense(3, 4).weight.asnumpy()
    assert (a == b).all()


def test_numpy_stream_advances_as_in_mindspore():
    # From MindSpore 2.10: each random initialiser draws one NumPy seed, and the recurrent
    # layers draw their values from NumPy's global generator.
    np.random.seed(3)
    nn.Conv2d(3, 12, kernel_size=3, pad_mode="pad", padding=1)
    assert abs(np.random.uniform(-0.3, 0.3) - 0.1248887) < 1e-7
    np.random.seed(7)
    lstm = nn.LSTM(3, 4, num_layers=2, bidirectional=True)
    nn.GRUCell(3, 4)
    firsts = [float(p.asnumpy().ravel()[0]) for p in lstm.get_parameters()][:4]
    np.testing.assert_allclose(firsts, [-0.42369172, 0.30787084, -0.40741819, -0.14320531], rtol=1e-6)
    assert np.random.rand() == 0.1176382647967319
