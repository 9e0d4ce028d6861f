"""Layer behaviour where MindSpore differs from PyTorch, checked against literal values that
real MindSpore 2.10 produced (CPU) for the same inputs."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import nn


def tensor(array, dtype=np.float32):
    return ms.Tensor(np.asarray(array, dtype=dtype))


def check(out, expect, atol=1e-4):
    np.testing.assert_allclose(out.asnumpy(), np.asarray(expect, np.float32), atol=atol, rtol=1e-4)


X55 = np.arange(1, 26, dtype=np.float32).reshape(1, 1, 5, 5) / 10
W33 = (np.arange(9, dtype=np.float32).reshape(1, 1, 3, 3) - 4) / 4
ACT_IN = [-3.0, -1.0, -0.1, 0.0, 0.7, 4.0]


def test_conv2d_same_padding_with_stride_and_even_kernel():
    # From MindSpore 2.10.
    check(nn.Conv2d(1, 1, 3, stride=2, weight_init=tensor(W33))(tensor(X55)),
          [[[[1.2, 1.9, 1.1], [2.4, 2.4, 0.45], [-1.5, -3.95, -4.0]]]])
    out = nn.Conv2d(1, 1, 2, weight_init=tensor([[[[1, 2], [3, 4]]]]))(tensor(X55))
    check(out, [[[[5.1, 6.1, 7.1, 8.1, 3.5], [10.1, 11.1, 12.1, 13.1, 5.5], [15.1, 16.1, 17.1, 18.1, 7.5],
                  [20.1, 21.1, 22.1, 23.1, 9.5], [6.5, 6.8, 7.1, 7.4, 2.5]]]])


def test_conv1d_same_with_stride_and_3d_weight_init():
    conv = nn.Conv1d(1, 1, 3, stride=2, weight_init=tensor([[[1, -1, 2]]]))
    assert conv.weight.shape == (1, 1, 1, 3)
    check(conv(tensor(np.arange(1, 8).reshape(1, 1, 7))), [[[3.0, 7.0, 11.0, -1.0]]])


def test_conv2d_transpose_same_and_zero_output_padding():
    x = tensor(X55[:, :, :2, :2])
    check(nn.Conv2dTranspose(1, 1, 3, stride=2, weight_init=tensor(W33))(x),
          [[[[-0.1, -0.075, -0.25, -0.15], [-0.025, 0.0, -0.025, 0.0], [-0.55, -0.375, -0.8, -0.375],
             [-0.15, 0.0, -0.025, 0.0]]]])
    # MindSpore appends output_padding as zeros, after the bias.
    conv = nn.Conv2dTranspose(1, 1, 3, stride=2, pad_mode="pad", padding=1, output_padding=1, weight_init=tensor(W33),
                              has_bias=True, bias_init="ones")
    check(conv(x), [[[[1.0, 0.975, 1.0, 0.0], [0.625, 0.2, 0.625, 0.0], [1.0, 0.975, 1.0, 0.0], [0.0, 0.0, 0.0, 0.0]]]])


def test_pooling_pad_modes():
    x = tensor(X55)
    check(nn.MaxPool2d(2, 2, pad_mode="same")(x), [[[[0.7, 0.9, 1.0], [1.7, 1.9, 2.0], [2.2, 2.4, 2.5]]]])
    check(nn.AvgPool2d(2, 2, pad_mode="same")(x), [[[[0.4, 0.6, 0.75], [1.4, 1.6, 1.75], [2.15, 2.35, 2.5]]]])
    check(nn.AvgPool2d(2, 2, pad_mode="pad", padding=1, ceil_mode=True)(x),
          [[[[0.025, 0.125, 0.225], [0.425, 1.0, 1.2], [0.925, 2.0, 2.2]]]])
    x3 = tensor(np.arange(27).reshape(1, 1, 3, 3, 3) / 10)
    check(nn.AvgPool3d(2, 2, pad_mode="same")(x3),
          [[[[[0.65, 0.4], [0.55, 0.3125]], [[1.0, 0.5375], [0.6125, 0.325]]]]])
    values, indices = nn.MaxPool1d(3, 2, pad_mode="pad", padding=1, return_indices=True)(tensor([[[1, 5, 2, 8, 3, 0]]]))
    check(values, [[[5.0, 8.0, 8.0]]])
    assert indices.asnumpy().tolist() == [[[1, 3, 3]]]


def test_pooling_defaults_are_stride_1_valid():
    pool = nn.MaxPool2d(kernel_size=2)
    assert (pool.pad_mode, pool.stride) == ("VALID", 1)
    assert pool(tensor(X55)).shape == (1, 1, 4, 4)
    with pytest.raises(ValueError):
        nn.MaxPool2d(2, 2, pad_mode="valid", padding=1)


XL = np.arange(24, dtype=np.float32).reshape(2, 3, 4) ** 1.5 / 10


def test_layernorm_axes_and_epsilon():
    check(nn.LayerNorm((4,))(tensor(XL))[0], [[-1.14101, -0.63527, 0.28942, 1.48686],
                                              [-1.29918, -0.48892, 0.40701, 1.38109],
                                              [-1.31755, -0.47106, 0.42387, 1.36474]])
    out = nn.LayerNorm((3, 4), begin_norm_axis=1, begin_params_axis=1)(tensor(XL))
    check(out[1], [[-1.51311, -1.26781, -1.01289, -0.7487], [-0.47555, -0.19372, 0.09653, 0.39495],
                   [0.70133, 1.01548, 1.33719, 1.6663]])
    gamma = tensor([1, 2, 3, 4])
    out = nn.LayerNorm((4,), begin_norm_axis=1, begin_params_axis=-1, gamma_init=gamma)(tensor(XL))
    check(out[0], [[-1.2613, -2.35363, -3.06703, -3.28925], [-0.58543, -0.6335, -0.05897, 1.2134],
                   [0.65034, 2.03949, 4.23088, 7.28355]])
    assert nn.LayerNorm((4,)).epsilon == 1e-7


@pytest.mark.parametrize("cell,expect", [
    (nn.GELU(), [-0.00364, -0.15881, -0.04602, 0.0, 0.53057, 3.99993]),
    (nn.GELU(False), [-0.00405, -0.15866, -0.04602, 0.0, 0.53063, 3.99987]),
    (nn.FastGelu(), [-0.01807, -0.1542, -0.04576, 0.0, 0.53689, 3.99558]),
    (nn.HSigmoid(), [0.0, 0.33333, 0.48333, 0.5, 0.61667, 1.0]),
    (nn.HSwish(), [0.0, -0.33333, -0.04833, 0.0, 0.43167, 4.0]),
    (nn.Mish(), [-0.14565, -0.3034, -0.05679, 0.0, 0.56115, 3.99741]),
    (nn.SeLU(), [-1.67057, -1.11133, -0.16731, 0.0, 0.73549, 4.2028]),
    (nn.CELU(0.5), [-0.49876, -0.43233, -0.09063, 0.0, 0.7, 4.0]),
    (nn.LeakyReLU(), [-0.6, -0.2, -0.02, 0.0, 0.7, 4.0]),
    (nn.Softsign(), [-0.75, -0.5, -0.09091, 0.0, 0.41176, 0.8]),
    (nn.HShrink(0.5), [-3.0, -1.0, 0.0, 0.0, 0.7, 4.0]),
    (nn.SoftShrink(0.5), [-2.5, -0.5, 0.0, 0.0, 0.2, 3.5]),
    (nn.LogSigmoid(), [-3.04859, -1.31326, -0.7444, -0.69315, -0.40319, -0.01815]),
    (nn.Threshold(0.5, 20.0), [20.0, 20.0, 20.0, 20.0, 0.7, 4.0]),
    (nn.Hardtanh(-2.0, 1.0), [-2.0, -1.0, -0.1, 0.0, 0.7, 1.0]),
    (nn.Tanhshrink(), [-2.00494, -0.23841, -0.00033, 0.0, 0.09563, 3.00066]),
    (nn.Softmin(), [0.79003, 0.10692, 0.04347, 0.03933, 0.01953, 0.00072]),
    (nn.GLU(), [-1.5, -0.66819, -0.0982]),
], ids=lambda v: type(v).__name__ if isinstance(v, nn.Cell) else "")
def test_activation_values(cell, expect):
    check(cell(tensor(ACT_IN)), expect)


def test_get_activation_names():
    assert isinstance(nn.get_activation("relu"), nn.ReLU)
    assert isinstance(nn.get_activation("fast_gelu"), nn.FastGelu)
    assert nn.get_activation(None) is None
    assert not hasattr(nn, "Softplus")
    with pytest.raises(KeyError):
        nn.get_activation("softplus")


def test_onehot_out_of_range_and_axis():
    check(nn.OneHot(depth=3)(ms.Tensor(np.array([0, 2, -1, 3], np.int32))),
          [[1, 0, 0], [0, 0, 1], [0, 0, 0], [0, 0, 0]])
    check(nn.OneHot(axis=0, depth=3, on_value=5.0, off_value=-1.0)(ms.Tensor(np.array([1, 0], np.int32))),
          [[-1.0, 5.0], [5.0, -1.0], [-1.0, -1.0]])


def test_batchnorm_momentum_and_unbiased_moving_variance():
    bn = nn.BatchNorm1d(2, momentum=0.8).set_train()
    x = tensor([[1.0, 2.0], [3.0, -1.0], [0.0, 5.0]])
    check(bn(x), [[-0.26726, 0.0], [1.3363, -1.22474], [-1.06904, 1.22474]])
    check(bn.moving_mean, [0.26667, 0.4])
    check(bn.moving_variance, [1.26667, 2.6])
    check(bn.set_train(False)(x), [[0.65158, 0.99228], [2.42862, -0.86824], [-0.23694, 2.85279]])


def test_pad_symmetric_and_reflect():
    x = tensor([[1, 2, 3], [4, 5, 6]])
    check(nn.Pad(((1, 1), (2, 1)), mode="SYMMETRIC")(x),
          [[2, 1, 1, 2, 3, 3], [2, 1, 1, 2, 3, 3], [5, 4, 4, 5, 6, 6], [5, 4, 4, 5, 6, 6]])
    check(nn.Pad(((1, 1), (2, 1)), mode="REFLECT")(x),
          [[6, 5, 4, 5, 6, 5], [3, 2, 1, 2, 3, 2], [6, 5, 4, 5, 6, 5], [3, 2, 1, 2, 3, 2]])
    # MindSpore 2.10 raises ValueError when a mirror padding exceeds the axis (REFLECT: >= size).
    for mode, paddings in (("REFLECT", ((2, 2), (0, 0))), ("SYMMETRIC", ((3, 3), (0, 0)))):
        with pytest.raises(ValueError, match="too large"):
            nn.Pad(paddings, mode=mode)(x)


def test_range_dtypes():
    r = nn.Range(1, 8, 3)()
    assert r.asnumpy().tolist() == [1, 4, 7] and r.dtype == ms.int32
    assert nn.Range(0.5, 2, 0.5)().dtype == ms.float32


# Parameter names, shapes and trainability, as MindSpore 2.10 reports them.
PARAMS = {
    "conv1d": (lambda: nn.Conv1d(3, 4, 3, has_bias=True), [("weight", (4, 3, 1, 3)), ("bias", (4,))]),
    "conv1dT": (lambda: nn.Conv1dTranspose(3, 4, 3), [("weight", (3, 4, 1, 3))]),
    "conv2dT": (lambda: nn.Conv2dTranspose(4, 6, 3, group=2), [("weight", (4, 3, 3, 3))]),
    "conv3d": (lambda: nn.Conv3d(3, 4, 3), [("weight", (4, 3, 3, 3, 3))]),
    "bn2d": (lambda: nn.BatchNorm2d(3), [("mean", (3,)), ("variance", (3,)), ("gamma", (3,)), ("beta", (3,))]),
    "bn3d": (lambda: nn.BatchNorm3d(3), [("bn2d.moving_mean", (3,)), ("bn2d.moving_variance", (3,)),
                                         ("bn2d.gamma", (3,)), ("bn2d.beta", (3,))]),
    "in2d": (lambda: nn.InstanceNorm2d(4), [("mean", (4,)), ("variance", (4,)), ("gamma", (4,)), ("beta", (4,))]),
    "ln": (lambda: nn.LayerNorm((4, 5)), [("gamma", (4, 5)), ("beta", (4, 5))]),
    "prelu": (lambda: nn.PReLU(3), [("a", (3,))]),
    "emb": (lambda: nn.Embedding(5, 3), [("embedding_table", (5, 3))]),
    "bidense": (lambda: nn.BiDense(2, 3, 4), [("weight", (4, 2, 3)), ("bias", (4,))]),
    "gru": (lambda: nn.GRU(3, 4), [("weight_ih_l0", (12, 3)), ("weight_hh_l0", (12, 4)), ("bias_ih_l0", (12,)),
                                   ("bias_hh_l0", (12,))]),
    "lstm2": (lambda: nn.LSTM(3, 4, bidirectional=True, has_bias=False),
              [("weight_ih_l0", (16, 3)), ("weight_ih_l0_reverse", (16, 3)), ("weight_hh_l0", (16, 4)),
               ("weight_hh_l0_reverse", (16, 4))]),
    "lstmcell": (lambda: nn.LSTMCell(3, 4), [("weight_ih", (16, 3)), ("weight_hh", (16, 4)), ("bias_ih", (16,)),
                                              ("bias_hh", (16,))]),
    "mha": (lambda: nn.MultiheadAttention(8, 2), [("in_proj_weight", (24, 8)), ("in_proj_bias", (24,)),
                                                  ("out_proj.weight", (8, 8)), ("out_proj.bias", (8,))]),
}


@pytest.mark.parametrize("key", sorted(PARAMS))
def test_parameter_names_and_shapes(key):
    make, expect = PARAMS[key]
    assert [(p.name, p.shape) for p in make().get_parameters()] == expect


def test_nested_names_and_trainability():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.bn = nn.BatchNorm2d(2, affine=False)
            self.act = nn.PReLU()
            self.enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 2, 8), 2)

    names = [p.name for p in Net().get_parameters()]
    assert names[:5] == ["bn.moving_mean", "bn.moving_variance", "bn.gamma", "bn.beta", "act.w"]
    assert "enc.layers.1.self_attn.in_proj_weight" in names and "enc.layers.0.norm2.beta" in names
    assert [p.name for p in nn.BatchNorm2d(2, affine=False).trainable_params()] == []


def test_combined_and_time_distributed_layers():
    # Structure and names as MindSpore 2.10 builds them.
    assert [p.name for p in nn.Conv2dBnAct(3, 4, 3, has_bn=True).get_parameters()] == [
        "conv.weight", "batchnorm.moving_mean", "batchnorm.moving_variance", "batchnorm.gamma", "batchnorm.beta"]
    assert [p.name for p in nn.SSIM().get_parameters()] == ["conv.weight"]
    dense = nn.Dense(3, 5)
    seq = tensor(np.random.RandomState(0).rand(2, 4, 3))
    per_step = nn.TimeDistributed(dense, time_axis=1)(seq)
    merged = nn.TimeDistributed(dense, time_axis=1, reshape_with_axis=0)(seq)
    # float32 matmuls over other batchings round differently: 1.5e-6 relative on an AVX-512 CPU.
    np.testing.assert_allclose(per_step.asnumpy(), merged.asnumpy(), rtol=1e-5)
    np.testing.assert_allclose(per_step.asnumpy(), dense(seq).asnumpy(), rtol=1e-5)


def test_lrn_sums_over_the_channel_window():
    x = np.random.RandomState(1).rand(1, 5, 2, 2).astype(np.float32)
    sq = np.pad(x ** 2, ((0, 0), (1, 1), (0, 0), (0, 0)))
    window = sq[:, :-2] + sq[:, 1:-1] + sq[:, 2:]
    check(nn.LRN(1, 2.0, 0.5, 0.75)(tensor(x)), x / (2.0 + 0.5 * window) ** 0.75)


def test_ssim_and_psnr():
    rs = np.random.RandomState(2)
    a, b = rs.rand(2, 3, 12, 12).astype(np.float32), rs.rand(2, 3, 12, 12).astype(np.float32)
    check(nn.SSIM()(tensor(a), tensor(a)), [1.0, 1.0])
    assert (nn.SSIM()(tensor(a), tensor(b)).asnumpy() < 0.5).all()
    check(nn.PSNR()(tensor(a), tensor(b)), 10 * np.log10(1 / ((a - b) ** 2).mean((1, 2, 3))))


@pytest.mark.parametrize("operator,expect", [
    ("SUM", [[[-0.3, -0.15, 0.0], [0, 0, 0], [1.6, 1.8, 2.0], [0, 0, 0]],
             [[-0.7, -0.6, -0.5], [-1.6, -1.8, -2.0], [0, 0, 0], [0, 0, 0]]]),
    ("MEAN", [[[-0.2, -0.1, 0.0], [0, 0, 0], [0.8, 0.9, 1.0], [0, 0, 0]],
              [[-0.7, -0.6, -0.5], [-0.4, -0.45, -0.5], [0, 0, 0], [0, 0, 0]]]),
    ("MAX", [[[0.1, 0.15, 0.2], [0, 0, 0], [1.6, 1.8, 2.0], [0, 0, 0]],
             [[-0.7, -0.6, -0.5], [-0.1, 0.0, 0.1], [0, 0, 0], [0, 0, 0]]]),
])
def test_multi_field_embedding_lookup(operator, expect):
    # From MindSpore 2.10.
    ids = ms.Tensor(np.array([[2, 4, 6, 0, 0], [1, 3, 5, 0, 0]], np.int32))
    values = tensor([[1, 0.5, 2, 0, 0], [1, 1, -3, 0, 0]])
    fields = ms.Tensor(np.array([[0, 0, 2, 1, 1], [0, 1, 1, 1, 2]], np.int32))
    cell = nn.MultiFieldEmbeddingLookup(8, 3, 4, operator=operator)
    cell.embedding_table.set_data(tensor(np.arange(24).reshape(8, 3) / 10 - 1))
    check(cell(ids, values, fields), expect)


def test_msssim_structure_and_identity():
    cell = nn.MSSSIM(power_factors=(0.3, 0.3, 0.4), filter_size=7)
    assert [p.name for p in cell.get_parameters()] == [f"multi_convs_list.{i}.weight" for i in range(3)]
    img = tensor(np.random.RandomState(3).rand(2, 3, 32, 32))
    check(cell(img, img), [1.0, 1.0])


def test_relu_maps_nan_to_zero_in_inference():
    # MindSpore 2.10's ReLU kernel returns 0 for NaN.
    out = nn.ReLU()(tensor([np.nan, 1.0, -1.0, 0.0, np.inf]))
    assert out.asnumpy().tolist() == [0.0, 1.0, 0.0, 0.0, np.inf]
