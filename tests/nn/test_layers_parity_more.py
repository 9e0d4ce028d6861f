"""More torch.nn parity: padding, shuffles, pooling variants, normalisation variants, the decoder
side of the Transformer and the torch-style *Ext layers, in train and eval modes."""
import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import nn
from sporetorch.common.tensor import _wrap


def randn(*shape, seed=0):
    return np.random.RandomState(seed).standard_normal(shape).astype(np.float32)


def load(param, value):
    param.set_data(_wrap(value.detach().clone().to(param._t.dtype)))


def close(out, ref, atol=1e-5):
    assert out.shape == tuple(ref.shape)
    np.testing.assert_allclose(out.asnumpy(), ref.detach().numpy(), atol=atol, rtol=1e-4)


@pytest.mark.parametrize("train", [False, True])
@pytest.mark.parametrize("cell,ref,shape", [
    (nn.ConstantPad1d((2, 1), 0.5), torch.nn.ConstantPad1d((2, 1), 0.5), (2, 3, 5)),
    (nn.ConstantPad3d(1, -1.0), torch.nn.ConstantPad3d(1, -1.0), (1, 2, 3, 3, 3)),
    (nn.ReflectionPad1d((2, 1)), torch.nn.ReflectionPad1d((2, 1)), (2, 3, 5)),
    (nn.ReflectionPad3d(1), torch.nn.ReflectionPad3d(1), (1, 2, 3, 3, 3)),
    (nn.ReplicationPad1d(2), torch.nn.ReplicationPad1d(2), (2, 3, 5)),
    (nn.ReplicationPad3d((1, 0, 0, 1, 1, 1)), torch.nn.ReplicationPad3d((1, 0, 0, 1, 1, 1)), (1, 2, 3, 3, 3)),
    (nn.PixelShuffle(2), torch.nn.PixelShuffle(2), (1, 8, 3, 2)),
    (nn.Identity(), torch.nn.Identity(), (2, 3)),
    (nn.ReLU6(), torch.nn.ReLU6(), (3, 7)),
    (nn.LogSoftmaxExt(1), torch.nn.LogSoftmax(1), (3, 7)),
    (nn.PReLUExt(), torch.nn.PReLU(), (3, 7)),
    (nn.AvgPool1dExt(3, 2, 1), torch.nn.AvgPool1d(3, 2, 1), (2, 3, 9)),
    (nn.AvgPool3dExt(2), torch.nn.AvgPool3d(2), (1, 2, 4, 4, 4)),
    (nn.InstanceNorm1d(3), torch.nn.InstanceNorm1d(3, affine=True), (2, 3, 6)),
    (nn.InstanceNorm3d(2), torch.nn.InstanceNorm3d(2, affine=True), (2, 2, 3, 3, 3)),
    (nn.Upsample(size=(5, 7), mode="bilinear", align_corners=True),
     torch.nn.Upsample(size=(5, 7), mode="bilinear", align_corners=True), (1, 2, 3, 4)),
], ids=lambda v: type(v).__name__ if not isinstance(v, tuple) else "")
def test_more_layers_match_torch(cell, ref, shape, train):
    x = randn(*shape)
    cell.set_train(train)
    ref.train(train)
    with torch.no_grad():
        close(cell(ms.Tensor(x)), ref(torch.from_numpy(x)))


def test_dropout_ext_layers():
    x = np.ones((40, 10, 2, 2), np.float32)
    for cell, drop in ((nn.DropoutExt(0.3), 0.3), (nn.Dropout2dExt(0.5), 0.5)):
        assert cell(ms.Tensor(x)).asnumpy().tolist() == x.tolist()
        out = cell.set_train()(ms.Tensor(x)).asnumpy()
        assert abs((out == 0).mean() - drop) < 0.1
        np.testing.assert_allclose(out[out != 0], 1 / (1 - drop), rtol=1e-6)


def test_syncbatchnorm_is_batchnorm_in_one_process():
    ref = torch.nn.BatchNorm2d(3, momentum=0.1)
    cell = nn.SyncBatchNorm(3).set_train()
    x = randn(4, 3, 2, 2)
    with torch.no_grad():
        close(cell(ms.Tensor(x)), ref(torch.from_numpy(x)))
    close(cell.moving_variance, ref.running_var)


def test_unpool_and_fractional_pool_match_torch():
    x = randn(1, 2, 8)
    out, idx = nn.MaxPool1d(2, 2, pad_mode="pad", return_indices=True)(ms.Tensor(x))
    ref, ref_idx = torch.nn.functional.max_pool1d(torch.from_numpy(x), 2, 2, return_indices=True)
    close(nn.MaxUnpool1d(2)(out, idx), torch.nn.functional.max_unpool1d(ref, ref_idx, 2))
    x3 = randn(1, 1, 4, 4, 4)
    out3, idx3 = nn.MaxPool3d(2, 2, pad_mode="pad", return_indices=True)(ms.Tensor(x3))
    ref3, ref_idx3 = torch.nn.functional.max_pool3d(torch.from_numpy(x3), 2, 2, return_indices=True)
    close(nn.MaxUnpool3d(2)(out3, idx3), torch.nn.functional.max_unpool3d(ref3, ref_idx3, 2))
    samples = torch.rand(1, 2, 2, generator=torch.Generator().manual_seed(0))
    x2 = randn(1, 2, 9, 9)
    frac = nn.FractionalMaxPool2d(3, output_size=(4, 4), _random_samples=ms.Tensor(samples.numpy()))
    close(frac(ms.Tensor(x2)), torch.nn.functional.fractional_max_pool2d(
        torch.from_numpy(x2), 3, output_size=(4, 4), _random_samples=samples))


def test_functional_cells_match_torch():
    x = randn(3, 4)
    close(nn.Tril()(ms.Tensor(x), 1), torch.tril(torch.from_numpy(x), 1))
    close(nn.Triu()(ms.Tensor(x)), torch.triu(torch.from_numpy(x)))
    close(nn.Roll(2, 1)(ms.Tensor(x)), torch.roll(torch.from_numpy(x), 2, 1))
    close(nn.MatMul(transpose_x2=True)(ms.Tensor(x), ms.Tensor(x)), torch.from_numpy(x) @ torch.from_numpy(x).T)
    mean, var = nn.Moments(axis=0)(ms.Tensor(x))
    ref_var, ref_mean = torch.var_mean(torch.from_numpy(x), 0, unbiased=False)
    close(mean, ref_mean)
    close(var, ref_var)
    close(nn.ReduceLogSumExp(1, keep_dims=True)(ms.Tensor(x)), torch.logsumexp(torch.from_numpy(x), 1, True))
    norm = torch.from_numpy(x).norm()
    close(nn.ClipByNorm()(ms.Tensor(x), ms.Tensor(np.float32(1.0))), torch.from_numpy(x) / norm)


def test_multihead_attention_separate_projections_match_torch():
    torch.manual_seed(3)
    ref = torch.nn.MultiheadAttention(8, 2, kdim=6, vdim=5, add_bias_kv=True)
    cell = nn.MultiheadAttention(8, 2, kdim=6, vdim=5, add_bias_kv=True)
    for name in ("q_proj_weight", "k_proj_weight", "v_proj_weight", "in_proj_bias", "bias_k", "bias_v"):
        load(getattr(cell, name), getattr(ref, name))
    load(cell.out_proj.weight, ref.out_proj.weight)
    load(cell.out_proj.bias, ref.out_proj.bias)
    q, k, v = randn(3, 2, 8), randn(4, 2, 6, seed=1), randn(4, 2, 5, seed=2)
    out, w = cell(ms.Tensor(q), ms.Tensor(k), ms.Tensor(v), average_attn_weights=False)
    with torch.no_grad():
        eo, ew = ref(torch.from_numpy(q), torch.from_numpy(k), torch.from_numpy(v), average_attn_weights=False)
    close(out, eo)
    close(w, ew)


def _load_decoder_layer(cell, ref):
    for mine, theirs in ((cell.self_attn, ref.self_attn), (cell.multihead_attn, ref.multihead_attn)):
        load(mine.in_proj_weight, theirs.in_proj_weight)
        load(mine.in_proj_bias, theirs.in_proj_bias)
        load(mine.out_proj.weight, theirs.out_proj.weight)
        load(mine.out_proj.bias, theirs.out_proj.bias)
    for mine, theirs in ((cell.dense1, ref.linear1), (cell.dense2, ref.linear2)):
        load(mine.weight, theirs.weight)
        load(mine.bias, theirs.bias)
    for mine, theirs in ((cell.norm1, ref.norm1), (cell.norm2, ref.norm2), (cell.norm3, ref.norm3)):
        load(mine.gamma, theirs.weight)
        load(mine.beta, theirs.bias)


@pytest.mark.parametrize("norm_first", [False, True])
def test_transformer_decoder_layer_matches_torch(norm_first):
    torch.manual_seed(4)
    ref = torch.nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0, activation="gelu", norm_first=norm_first,
                                           batch_first=True)
    cell = nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0, activation="gelu", norm_first=norm_first,
                                      batch_first=True)
    _load_decoder_layer(cell, ref)
    tgt, mem = randn(2, 3, 8), randn(2, 5, 8, seed=1)
    mask = torch.nn.Transformer.generate_square_subsequent_mask(3)
    ref.eval()
    with torch.no_grad():
        expect = ref(torch.from_numpy(tgt), torch.from_numpy(mem), tgt_mask=mask)
    close(cell(ms.Tensor(tgt), ms.Tensor(mem), tgt_mask=ms.Tensor(mask.numpy())), expect)


@pytest.mark.filterwarnings("ignore:enable_nested_tensor")
def test_transformer_stack_matches_torch():
    torch.manual_seed(5)
    ref = torch.nn.Transformer(8, 2, 2, 1, 16, dropout=0.0)
    cell = nn.Transformer(8, 2, 2, 1, 16, dropout=0.0)
    for mine, theirs in zip(cell.encoder.layers, ref.encoder.layers):
        for a, b in ((mine.self_attn, theirs.self_attn),):
            load(a.in_proj_weight, b.in_proj_weight)
            load(a.in_proj_bias, b.in_proj_bias)
            load(a.out_proj.weight, b.out_proj.weight)
            load(a.out_proj.bias, b.out_proj.bias)
        for a, b in ((mine.dense1, theirs.linear1), (mine.dense2, theirs.linear2)):
            load(a.weight, b.weight)
            load(a.bias, b.bias)
        for a, b in ((mine.norm1, theirs.norm1), (mine.norm2, theirs.norm2)):
            load(a.gamma, b.weight)
            load(a.beta, b.bias)
    _load_decoder_layer(cell.decoder.layers[0], ref.decoder.layers[0])
    for mine, theirs in ((cell.encoder.norm, ref.encoder.norm), (cell.decoder.norm, ref.decoder.norm)):
        load(mine.gamma, theirs.weight)
        load(mine.beta, theirs.bias)
    src, tgt = randn(5, 2, 8), randn(3, 2, 8, seed=1)
    ref.eval()
    with torch.no_grad():
        expect = ref(torch.from_numpy(src), torch.from_numpy(tgt))
    close(cell(ms.Tensor(src), ms.Tensor(tgt)), expect, atol=1e-4)
