"""Layer parity with torch.nn: the same weights copied across, the same input, train and eval modes.

The MindSpore-specific conventions (BatchNorm momentum, 'same' padding, Conv1d's 4-D weight,
keep_prob, the Parameter names) are mapped onto the equivalent torch.nn configuration.
"""
import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import nn
from sporetorch.common.tensor import _wrap


def tensor(array):
    return ms.Tensor(np.asarray(array, dtype=np.float32))


def randn(*shape, seed=0):
    return np.random.RandomState(seed).standard_normal(shape).astype(np.float32)


def load(param, value):
    param.set_data(_wrap(value.detach().clone().to(param._t.dtype)))


def close(out, ref, atol=1e-5, rtol=1e-4):
    a = out.asnumpy()
    b = ref.detach().numpy()
    assert a.shape == b.shape, (a.shape, b.shape)
    np.testing.assert_allclose(a, b, atol=atol, rtol=rtol)


def both(cell, module, x, train, *extra):
    cell.set_train(train)
    module.train(train)
    out = cell(tensor(x), *extra)
    with torch.no_grad():
        ref = module(torch.from_numpy(x))
    return out, ref


MODES = [False, True]


@pytest.mark.parametrize("train", MODES)
def test_dense_and_linear_match_torch_linear(train):
    torch.manual_seed(0)
    ref = torch.nn.Linear(5, 3)
    for cell in (nn.Dense(5, 3), nn.Linear(5, 3)):
        load(cell.weight, ref.weight)
        load(cell.bias, ref.bias)
        out, expect = both(cell, ref, randn(2, 4, 5), train)
        close(out, expect)


def test_dense_activation_matches_torch_sequential():
    torch.manual_seed(1)
    ref = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.Tanh())
    cell = nn.Dense(4, 3, activation="tanh")
    load(cell.weight, ref[0].weight)
    load(cell.bias, ref[0].bias)
    close(*both(cell, ref, randn(6, 4), False))


@pytest.mark.parametrize("kwargs,torch_padding", [
    (dict(pad_mode="valid"), 0),
    (dict(pad_mode="pad", padding=2), 2),
    (dict(pad_mode="same"), 1),
    (dict(pad_mode="pad", padding=1, dilation=2, group=2), 1),
])
@pytest.mark.parametrize("train", MODES)
def test_conv2d_matches_torch(kwargs, torch_padding, train):
    torch.manual_seed(2)
    group = kwargs.get("group", 1)
    ref = torch.nn.Conv2d(4, 6, 3, padding=torch_padding, dilation=kwargs.get("dilation", 1), groups=group)
    cell = nn.Conv2d(4, 6, 3, has_bias=True, **kwargs)
    load(cell.weight, ref.weight)
    load(cell.bias, ref.bias)
    close(*both(cell, ref, randn(2, 4, 9, 9), train))


def test_conv2d_same_with_stride_pads_after_like_tensorflow():
    torch.manual_seed(3)
    ref = torch.nn.Conv2d(2, 3, 3, stride=2)
    cell = nn.Conv2d(2, 3, 3, stride=2, has_bias=True)
    load(cell.weight, ref.weight)
    load(cell.bias, ref.bias)
    x = randn(1, 2, 8, 8)
    # 'same' for in=8, k=3, s=2: out=4, total padding 1, all of it after.
    with torch.no_grad():
        expect = ref(torch.nn.functional.pad(torch.from_numpy(x), (0, 1, 0, 1)))
    close(cell(tensor(x)), expect)


def test_conv1d_uses_a_4d_weight_and_matches_torch():
    torch.manual_seed(4)
    ref = torch.nn.Conv1d(3, 5, 4, stride=2, padding=1)
    cell = nn.Conv1d(3, 5, 4, stride=2, pad_mode="pad", padding=1, has_bias=True)
    assert cell.weight.shape == (5, 3, 1, 4)
    load(cell.weight, ref.weight.unsqueeze(2))
    load(cell.bias, ref.bias)
    close(*both(cell, ref, randn(2, 3, 11), True))


def test_conv3d_matches_torch():
    torch.manual_seed(5)
    ref = torch.nn.Conv3d(2, 4, 3, padding=1, bias=False)
    cell = nn.Conv3d(2, 4, 3)
    load(cell.weight, ref.weight)
    close(*both(cell, ref, randn(1, 2, 5, 6, 7), False))


@pytest.mark.parametrize("cls,tcls,dims", [(nn.Conv1dTranspose, torch.nn.ConvTranspose1d, 1),
                                          (nn.Conv2dTranspose, torch.nn.ConvTranspose2d, 2),
                                          (nn.Conv3dTranspose, torch.nn.ConvTranspose3d, 3)])
def test_conv_transpose_pad_mode_matches_torch(cls, tcls, dims):
    torch.manual_seed(6)
    ref = tcls(4, 6, 3, stride=2, padding=1, groups=2)
    cell = cls(4, 6, 3, stride=2, pad_mode="pad", padding=1, group=2, has_bias=True)
    weight = ref.weight.unsqueeze(2) if dims == 1 else ref.weight
    assert cell.weight.shape == tuple(weight.shape)
    load(cell.weight, weight)
    load(cell.bias, ref.bias)
    close(*both(cell, ref, randn(2, 4, *([5] * dims)), False))


def test_conv_transpose_same_and_valid_output_sizes():
    x = tensor(randn(1, 2, 5, 6))
    assert nn.Conv2dTranspose(2, 3, 3, stride=2)(x).shape == (1, 3, 10, 12)
    assert nn.Conv2dTranspose(2, 3, 3, stride=2, pad_mode="valid")(x).shape == (1, 3, 11, 13)
    # kernel smaller than stride: 'valid' still gives in * stride, as MindSpore sizes it
    assert nn.Conv2dTranspose(2, 3, 2, stride=3, pad_mode="valid")(x).shape == (1, 3, 15, 18)


@pytest.mark.parametrize("train", MODES)
@pytest.mark.parametrize("shape,cls,tcls", [((6, 3), nn.BatchNorm1d, torch.nn.BatchNorm1d),
                                            ((6, 3, 5), nn.BatchNorm1d, torch.nn.BatchNorm1d),
                                            ((4, 3, 5, 5), nn.BatchNorm2d, torch.nn.BatchNorm2d)])
def test_batchnorm_matches_torch_with_inverted_momentum(train, shape, cls, tcls):
    torch.manual_seed(7)
    ref = tcls(3, momentum=1 - 0.7, eps=1e-3)
    cell = cls(3, momentum=0.7, eps=1e-3)
    with torch.no_grad():
        ref.weight.uniform_(0.5, 1.5)
        ref.bias.uniform_(-0.5, 0.5)
        ref.running_mean.uniform_(-1, 1)
        ref.running_var.uniform_(0.5, 2)
    load(cell.gamma, ref.weight)
    load(cell.beta, ref.bias)
    load(cell.moving_mean, ref.running_mean)
    load(cell.moving_variance, ref.running_var)
    for step in range(2):
        out, expect = both(cell, ref, randn(*shape, seed=step), train)
        close(out, expect)
    close(cell.moving_mean, ref.running_mean)
    close(cell.moving_variance, ref.running_var)


def test_batchnorm3d_matches_torch():
    torch.manual_seed(8)
    ref = torch.nn.BatchNorm3d(2, momentum=0.1)
    cell = nn.BatchNorm3d(2)
    x = randn(3, 2, 3, 4, 5)
    close(*both(cell, ref, x, True))
    close(cell.bn2d.moving_variance, ref.running_var)
    close(*both(cell, ref, x, False))


def test_layernorm_groupnorm_instancenorm_match_torch():
    torch.manual_seed(9)
    x = randn(2, 4, 3, 5)
    ln_ref = torch.nn.LayerNorm((3, 5), eps=1e-7)
    with torch.no_grad():
        ln_ref.weight.uniform_(0.5, 1.5)
        ln_ref.bias.uniform_(-1, 1)
    ln = nn.LayerNorm((3, 5), begin_norm_axis=-2, begin_params_axis=-2)
    load(ln.gamma, ln_ref.weight)
    load(ln.beta, ln_ref.bias)
    close(*both(ln, ln_ref, x, True))
    gn_ref = torch.nn.GroupNorm(2, 4)
    gn = nn.GroupNorm(2, 4)
    close(*both(gn, gn_ref, x, False))
    in_ref = torch.nn.InstanceNorm2d(4, affine=True)
    inorm = nn.InstanceNorm2d(4)
    close(*both(inorm, in_ref, x, True))
    ext_ref = torch.nn.LayerNorm(5)
    close(*both(nn.LayerNormExt(5), ext_ref, x, False))


def test_dropout_is_identity_in_eval_and_scales_in_train():
    x = np.ones((200, 50), np.float32)
    for cell, drop in ((nn.Dropout(keep_prob=0.75), 0.25), (nn.Dropout(p=0.4), 0.4), (nn.Dropout1d(p=0.5), 0.5),
                       (nn.Dropout2d(p=0.5), 0.5), (nn.Dropout3d(p=0.5), 0.5)):
        inp = x.reshape((200, 50) if not isinstance(cell, (nn.Dropout2d, nn.Dropout3d))
                        else ((20, 10, 5, 10) if isinstance(cell, nn.Dropout2d) else (20, 10, 5, 2, 5)))
        assert cell(tensor(inp)).asnumpy().tolist() == inp.tolist()
        cell.set_train()
        out = cell(tensor(inp)).asnumpy()
        assert abs((out == 0).mean() - drop) < 0.08
        np.testing.assert_allclose(out[out != 0], 1 / (1 - drop), rtol=1e-6)


def test_dropout_follows_set_seed():
    cell = nn.Dropout(p=0.5).set_train()
    ms.set_seed(11)
    a = cell(tensor(np.ones((8, 8)))).asnumpy()
    ms.set_seed(11)
    b = cell(tensor(np.ones((8, 8)))).asnumpy()
    assert (a == b).all()


@pytest.mark.parametrize("cell,ref", [
    (nn.MaxPool2d(3, 2, pad_mode="pad", padding=1, ceil_mode=True), torch.nn.MaxPool2d(3, 2, 1, ceil_mode=True)),
    (nn.MaxPool2d(2, 2), torch.nn.MaxPool2d(2, 2)),
    (nn.AvgPool2d(3, 2, pad_mode="pad", padding=1, count_include_pad=False),
     torch.nn.AvgPool2d(3, 2, 1, count_include_pad=False)),
    (nn.AvgPool2d(2, 2), torch.nn.AvgPool2d(2, 2)),
    (nn.AdaptiveAvgPool2d((2, 3)), torch.nn.AdaptiveAvgPool2d((2, 3))),
    (nn.AdaptiveMaxPool2d(3), torch.nn.AdaptiveMaxPool2d(3)),
    (nn.LPPool2d(2, 3, 2), torch.nn.LPPool2d(2, 3, 2)),
    (nn.MaxPool2dExt(3, 2, 1), torch.nn.MaxPool2d(3, 2, 1)),
    (nn.AvgPool2dExt(3, 2, 1), torch.nn.AvgPool2d(3, 2, 1)),
])
def test_2d_pooling_matches_torch(cell, ref):
    close(*both(cell, ref, randn(2, 3, 7, 8), False))


@pytest.mark.parametrize("cell,ref", [
    (nn.MaxPool1d(3, 2, pad_mode="pad", padding=1), torch.nn.MaxPool1d(3, 2, 1)),
    (nn.AvgPool1d(2, 2), torch.nn.AvgPool1d(2, 2)),
    (nn.AdaptiveAvgPool1d(3), torch.nn.AdaptiveAvgPool1d(3)),
    (nn.AdaptiveMaxPool1d(3), torch.nn.AdaptiveMaxPool1d(3)),
    (nn.LPPool1d(2, 3), torch.nn.LPPool1d(2, 3)),
])
def test_1d_pooling_matches_torch(cell, ref):
    close(*both(cell, ref, randn(2, 3, 9), False))


@pytest.mark.parametrize("cell,ref", [
    (nn.MaxPool3d(2, 2), torch.nn.MaxPool3d(2, 2)),
    (nn.AvgPool3d(2, 1, pad_mode="pad", padding=1), torch.nn.AvgPool3d(2, 1, 1)),
    (nn.AdaptiveAvgPool3d(2), torch.nn.AdaptiveAvgPool3d(2)),
    (nn.AdaptiveMaxPool3d(2), torch.nn.AdaptiveMaxPool3d(2)),
])
def test_3d_pooling_matches_torch(cell, ref):
    close(*both(cell, ref, randn(1, 2, 4, 5, 6), False))


def test_maxpool_indices_and_unpool_match_torch():
    x = randn(1, 2, 6, 6)
    out, idx = nn.MaxPool2d(2, 2, pad_mode="pad", return_indices=True)(tensor(x))
    ref, ref_idx = torch.nn.functional.max_pool2d(torch.from_numpy(x), 2, 2, return_indices=True)
    close(out, ref)
    assert idx.asnumpy().tolist() == ref_idx.numpy().tolist()
    close(nn.MaxUnpool2d(2)(out, idx), torch.nn.functional.max_unpool2d(ref, ref_idx, 2))


ACTIVATIONS = [
    (nn.ReLU(), torch.nn.ReLU()), (nn.ReLU6(), torch.nn.ReLU6()), (nn.LeakyReLU(), torch.nn.LeakyReLU(0.2)),
    (nn.ELU(0.7), torch.nn.ELU(0.7)), (nn.CELU(0.5), torch.nn.CELU(0.5)), (nn.SeLU(), torch.nn.SELU()),
    (nn.GELU(), torch.nn.GELU(approximate="tanh")), (nn.GELU(approximate=False), torch.nn.GELU()),
    (nn.SiLU(), torch.nn.SiLU()), (nn.Sigmoid(), torch.nn.Sigmoid()), (nn.HSigmoid(), torch.nn.Hardsigmoid()),
    (nn.HSwish(), torch.nn.Hardswish()), (nn.Mish(), torch.nn.Mish()), (nn.Tanh(), torch.nn.Tanh()),
    (nn.Softmax(), torch.nn.Softmax(-1)), (nn.Softmax(axis=0), torch.nn.Softmax(0)),
    (nn.LogSoftmax(), torch.nn.LogSoftmax(-1)), (nn.Softmin(1), torch.nn.Softmin(1)),
    (nn.Softsign(), torch.nn.Softsign()), (nn.Hardtanh(-0.5, 2.0), torch.nn.Hardtanh(-0.5, 2.0)),
    (nn.HShrink(0.4), torch.nn.Hardshrink(0.4)), (nn.SoftShrink(0.4), torch.nn.Softshrink(0.4)),
    (nn.Tanhshrink(), torch.nn.Tanhshrink()), (nn.Threshold(0.1, -2.0), torch.nn.Threshold(0.1, -2.0)),
    (nn.LogSigmoid(), torch.nn.LogSigmoid()), (nn.GLU(), torch.nn.GLU(-1)), (nn.Softmax2d(), torch.nn.Softmax2d()),
    (nn.PReLU(), torch.nn.PReLU()),
]


@pytest.mark.parametrize("cell,ref", ACTIVATIONS, ids=[type(c).__name__ for c, _ in ACTIVATIONS])
def test_activations_match_torch(cell, ref):
    close(*both(cell, ref, randn(2, 4, 3, 6) * 3, False))


def test_embedding_and_lookup_match_torch():
    torch.manual_seed(12)
    ref = torch.nn.Embedding(7, 4)
    ids = np.array([[0, 3, 6], [2, 2, 1]], np.int32)
    for cell, param in ((nn.Embedding(7, 4), "embedding_table"), (nn.EmbeddingLookup(7, 4), "embedding_table"),
                        (nn.EmbeddingExt(7, 4), "weight")):
        load(getattr(cell, param), ref.weight)
        out = cell(ms.Tensor(ids))
        close(out, ref(torch.from_numpy(ids).long()))


@pytest.mark.parametrize("kind", ["LSTM", "GRU", "RNN"])
@pytest.mark.parametrize("train", MODES)
def test_recurrent_layers_match_torch(kind, train):
    torch.manual_seed(13)
    ref = getattr(torch.nn, kind)(3, 5, num_layers=2, bidirectional=True, batch_first=True)
    cell = getattr(nn, kind)(3, 5, num_layers=2, bidirectional=True, batch_first=True)
    params = dict(cell.parameters_and_names())
    for name, value in ref.named_parameters():
        load(params[name], value)
    x = randn(2, 4, 3)
    cell.set_train(train)
    out = cell(tensor(x))
    with torch.no_grad():
        expect = ref(torch.from_numpy(x))
    close(out[0], expect[0])
    if kind == "LSTM":
        close(out[1][0], expect[1][0])
        close(out[1][1], expect[1][1])
    else:
        close(out[1], expect[1])


def test_lstm_seq_length_matches_packed_sequences():
    torch.manual_seed(14)
    ref = torch.nn.LSTM(3, 4)
    cell = nn.LSTM(3, 4)
    params = dict(cell.parameters_and_names())
    for name, value in ref.named_parameters():
        load(params[name], value)
    x = randn(5, 2, 3)
    out, (h, c) = cell(tensor(x), seq_length=ms.Tensor(np.array([5, 2], np.int32)))
    packed = torch.nn.utils.rnn.pack_padded_sequence(torch.from_numpy(x), torch.tensor([5, 2]))
    with torch.no_grad():
        pout, (th, tc) = ref(packed)
    expect, _ = torch.nn.utils.rnn.pad_packed_sequence(pout, total_length=5)
    close(out, expect)
    close(h, th)
    assert not out.asnumpy()[2:, 1].any()


@pytest.mark.parametrize("kind", ["LSTMCell", "GRUCell", "RNNCell"])
def test_recurrent_cells_match_torch(kind):
    torch.manual_seed(15)
    ref = getattr(torch.nn, kind)(3, 4)
    cell = getattr(nn, kind)(3, 4)
    for name, value in ref.named_parameters():
        load(getattr(cell, name), value)
    x, h = randn(2, 3), randn(2, 4, seed=1)
    hx = (tensor(h), tensor(h)) if kind == "LSTMCell" else tensor(h)
    thx = (torch.from_numpy(h), torch.from_numpy(h)) if kind == "LSTMCell" else torch.from_numpy(h)
    out = cell(tensor(x), hx)
    with torch.no_grad():
        expect = ref(torch.from_numpy(x), thx)
    for a, b in (zip(out, expect) if kind == "LSTMCell" else [(out, expect)]):
        close(a, b)


def _load_attention(cell, ref):
    load(cell.in_proj_weight, ref.in_proj_weight)
    load(cell.in_proj_bias, ref.in_proj_bias)
    load(cell.out_proj.weight, ref.out_proj.weight)
    load(cell.out_proj.bias, ref.out_proj.bias)


def test_multihead_attention_matches_torch():
    torch.manual_seed(16)
    ref = torch.nn.MultiheadAttention(8, 2, batch_first=True)
    cell = nn.MultiheadAttention(8, 2, batch_first=True)
    _load_attention(cell, ref)
    q, kv = randn(2, 3, 8), randn(2, 5, 8, seed=1)
    mask = np.zeros((2, 5), bool)
    mask[0, -2:] = True
    out, weights = cell(tensor(q), tensor(kv), tensor(kv), key_padding_mask=ms.Tensor(mask))
    with torch.no_grad():
        eo, ew = ref(torch.from_numpy(q), torch.from_numpy(kv), torch.from_numpy(kv),
                     key_padding_mask=torch.from_numpy(mask))
    close(out, eo)
    close(weights, ew)
    assert len(cell(tensor(q), tensor(kv), tensor(kv), need_weights=False)) == 1


@pytest.mark.parametrize("norm_first", [False, True])
def test_transformer_encoder_layer_matches_torch(norm_first):
    torch.manual_seed(17)
    ref = torch.nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, norm_first=norm_first)
    cell = nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, norm_first=norm_first)
    _load_attention(cell.self_attn, ref.self_attn)
    for mine, theirs in ((cell.dense1, ref.linear1), (cell.dense2, ref.linear2)):
        load(mine.weight, theirs.weight)
        load(mine.bias, theirs.bias)
    for mine, theirs in ((cell.norm1, ref.norm1), (cell.norm2, ref.norm2)):
        load(mine.gamma, theirs.weight)
        load(mine.beta, theirs.bias)
    close(*both(cell, ref, randn(5, 2, 8), False))


@pytest.mark.parametrize("cell,ref", [
    (nn.ConstantPad2d((1, 2, 0, 1), 0.5), torch.nn.ConstantPad2d((1, 2, 0, 1), 0.5)),
    (nn.ZeroPad2d(1), torch.nn.ZeroPad2d(1)),
    (nn.ReflectionPad2d((1, 2, 2, 1)), torch.nn.ReflectionPad2d((1, 2, 2, 1))),
    (nn.ReplicationPad2d(2), torch.nn.ReplicationPad2d(2)),
    (nn.PixelUnshuffle(2), torch.nn.PixelUnshuffle(2)),
    # MindSpore 2.10 takes a 4-D 'nearest' scale_factor only turned into a size
    (nn.Upsample(scale_factor=2.0, mode="nearest", recompute_scale_factor=True),
     torch.nn.Upsample(scale_factor=2.0, mode="nearest", recompute_scale_factor=True)),
    (nn.Flatten(), torch.nn.Flatten()),
    (nn.Unflatten(1, (2, 2)), torch.nn.Unflatten(1, (2, 2))),
    (nn.ChannelShuffle(2), torch.nn.ChannelShuffle(2)),
])
def test_shape_layers_match_torch(cell, ref):
    close(*both(cell, ref, randn(2, 4, 4, 6), False))


def test_bidense_matches_torch_bilinear():
    torch.manual_seed(18)
    ref = torch.nn.Bilinear(3, 4, 5)
    cell = nn.BiDense(3, 4, 5)
    load(cell.weight, ref.weight)
    load(cell.bias, ref.bias)
    a, b = randn(2, 3), randn(2, 4, seed=1)
    with torch.no_grad():
        expect = ref(torch.from_numpy(a), torch.from_numpy(b))
    close(cell(tensor(a), tensor(b)), expect)
