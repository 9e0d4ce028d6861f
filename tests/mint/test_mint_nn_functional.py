"""mindspore.mint.nn.functional against torch.nn.functional, which MindSpore 2.10 documents these functions by
(MindSpore 2.10 cannot run most of them on CPU; the ones it runs are recorded in test_mint_nn.py)."""
import warnings

import numpy as np
import pytest
import torch
import torch.nn.functional as TF

import sporetorch as ms
from sporetorch import Tensor, mint

F = mint.nn.functional
torch.manual_seed(3)
X = torch.randn(3, 5)
X4 = torch.randn(2, 4, 6, 6)
X3 = torch.randn(2, 4, 7)
X5 = torch.randn(1, 2, 4, 4, 4)
P = torch.rand(3, 5)
T = (torch.rand(3, 5) > 0.5).float()
C = torch.tensor([0, 4, 2])
W4 = torch.randn(3, 4, 3, 3)
W3 = torch.randn(3, 4, 3)
W5 = torch.randn(3, 2, 2, 2, 2)
G = torch.rand(2, 3, 3, 2) * 2 - 1
LW, LB, WT, R4 = torch.randn(2, 5), torch.randn(2), torch.randn(4, 2, 3, 3), torch.rand(4)
FOLDIN, W5C = torch.randn(1, 12, 6), torch.rand(5)


def _t(a):
    return Tensor.from_torch(a) if isinstance(a, torch.Tensor) else a


# (name, mint.nn.functional call, torch call) with the same arguments
CASES = [
    ("relu", lambda f: f.relu(X)), ("relu6", lambda f: f.relu6(X * 4)), ("elu", lambda f: f.elu(X, 0.4)),
    ("selu", lambda f: f.selu(X)), ("silu", lambda f: f.silu(X)), ("mish", lambda f: f.mish(X)),
    ("gelu", lambda f: f.gelu(X, approximate="tanh")), ("glu", lambda f: f.glu(X4, 1)),
    ("hardshrink", lambda f: f.hardshrink(X, 0.3)), ("softshrink", lambda f: f.softshrink(X, 0.3)),
    ("hardsigmoid", lambda f: f.hardsigmoid(X)), ("hardswish", lambda f: f.hardswish(X)),
    ("hardtanh", lambda f: f.hardtanh(X, -0.3, 0.4)), ("leaky_relu", lambda f: f.leaky_relu(X)),
    ("leaky_relu_slope", lambda f: f.leaky_relu(X, 0.2)), ("logsigmoid", lambda f: f.logsigmoid(X)),
    ("softplus", lambda f: f.softplus(X, 2, 1)), ("sigmoid", lambda f: f.sigmoid(X)), ("tanh", lambda f: f.tanh(X)),
    ("threshold", lambda f: f.threshold(X, 0.2, -1.0)), ("prelu", lambda f: f.prelu(X4, torch.tensor([0.1, 0.2, 0.3, 0.4]))),
    ("softmax", lambda f: f.softmax(X, 0)), ("log_softmax", lambda f: f.log_softmax(X, 1)),
    ("softmax_dtype", lambda f: f.softmax(X, 1, dtype=torch.float64) if f is TF else f.softmax(X, 1, ms.float64)),
    ("linear", lambda f: f.linear(X, LW, LB)),
    ("conv1d", lambda f: f.conv1d(X3, W3, None, 2, 1)), ("conv1d_same", lambda f: f.conv1d(X3, W3, padding="same")),
    ("conv2d", lambda f: f.conv2d(X4, W4, torch.ones(3), 1, (1, 2), 2)),
    ("conv2d_valid", lambda f: f.conv2d(X4, W4, padding="valid")),
    ("conv3d", lambda f: f.conv3d(X5, W5, None, 1, 1)),
    ("conv_transpose2d", lambda f: f.conv_transpose2d(X4, WT, None, 2, 1, 1)),
    ("avg_pool1d", lambda f: f.avg_pool1d(X3, 3)), ("avg_pool2d", lambda f: f.avg_pool2d(X4, 3, 2, 1, True, False)),
    ("avg_pool2d_div", lambda f: f.avg_pool2d(X4, 2, divisor_override=3)), ("avg_pool3d", lambda f: f.avg_pool3d(X5, 2)),
    ("max_pool2d", lambda f: f.max_pool2d(X4, 3, 2, 1, 1, True, True)),
    ("adaptive_avg_pool1d", lambda f: f.adaptive_avg_pool1d(X3, 3)),
    ("adaptive_avg_pool2d", lambda f: f.adaptive_avg_pool2d(X4, (4, 2))),
    ("adaptive_avg_pool3d", lambda f: f.adaptive_avg_pool3d(X5, 3)),
    ("adaptive_max_pool1d", lambda f: f.adaptive_max_pool1d(X3, 3, True)),
    ("adaptive_max_pool2d", lambda f: f.adaptive_max_pool2d(X4, 4, True)),
    ("batch_norm", lambda f: f.batch_norm(X4, torch.zeros(4), torch.ones(4), R4, R4 - 0.5, True, 0.2)),
    ("group_norm", lambda f: f.group_norm(X4, 2, R4, R4 - 0.5)),
    ("layer_norm", lambda f: f.layer_norm(X4, (6, 6))), ("normalize", lambda f: f.normalize(X, 1.0, 0)),
    ("dropout_eval", lambda f: f.dropout(X, 0.5, False)), ("dropout2d_eval", lambda f: f.dropout2d(X4, 0.5, False)),
    ("embedding", lambda f: f.embedding(torch.tensor([[0, 2], [1, 1]]), X, 1)),
    ("one_hot", lambda f: f.one_hot(C)), ("one_hot_n", lambda f: f.one_hot(C, 6)),
    ("pad_constant", lambda f: f.pad(X4, (1, 2, 0, 1), value=0.5)), ("pad_reflect", lambda f: f.pad(X3, (1, 2), "reflect")),
    ("pad_replicate", lambda f: f.pad(X3, (3, 1), "replicate")), ("pad_circular", lambda f: f.pad(X4, (1, 1, 2, 0), "circular")),
    ("interpolate", lambda f: f.interpolate(X4, scale_factor=1.5, mode="bilinear", align_corners=False)),
    ("interpolate_nearest", lambda f: f.interpolate(X4, size=(3, 9))),
    ("upsample", lambda f: f.upsample(X4, (8, 8), None, "bicubic", True) if isinstance(f, _Wrapped) else TF.interpolate(X4, (8, 8), None, "bicubic", True)),
    ("grid_sample", lambda f: f.grid_sample(X4[:, :3, :3, :3].contiguous()[:2], G, "bilinear", "border", True)),
    ("fold", lambda f: f.fold(FOLDIN, (3, 4), 2)), ("unfold", lambda f: f.unfold(X4, 3, 1, 1, 2)),
    ("pixel_shuffle", lambda f: f.pixel_shuffle(X4, 2)),
    ("binary_cross_entropy", lambda f: f.binary_cross_entropy(P, T, W5C)),
    ("bce_with_logits", lambda f: f.binary_cross_entropy_with_logits(X, T, None, reduction="sum", pos_weight=W5C)),
    ("cross_entropy", lambda f: f.cross_entropy(X, C, None, ignore_index=2, label_smoothing=0.2)),
    ("cross_entropy_probs", lambda f: f.cross_entropy(X, P.softmax(1))),
    ("nll_loss", lambda f: f.nll_loss(X.log_softmax(1), C, W5C, reduction="sum")),
    ("kl_div", lambda f: f.kl_div(X.log_softmax(1), P, reduction="batchmean")),
    ("kl_div_log_target", lambda f: f.kl_div(X, P.log(), reduction="sum", log_target=True)),
    ("l1_loss", lambda f: f.l1_loss(X, P)), ("mse_loss", lambda f: f.mse_loss(X, P, reduction="none")),
    ("smooth_l1_loss", lambda f: f.smooth_l1_loss(X, P, reduction="sum", beta=0.4)),
    ("soft_margin_loss", lambda f: f.soft_margin_loss(X, T * 2 - 1)),
    ("cosine_embedding_loss", lambda f: f.cosine_embedding_loss(X, P, torch.tensor([1.0, -1.0, 1.0]), margin=0.1)),
    ("flatten", lambda f: f.flatten(X4, 1) if isinstance(f, _Wrapped) else torch.flatten(X4, 1)),
    ("clamp", lambda f: f.clamp(X, -0.5, 0.5) if isinstance(f, _Wrapped) else torch.clamp(X, -0.5, 0.5)),
    ("norm_ext", lambda f: f.norm_ext(X, 3, 1) if isinstance(f, _Wrapped) else torch.norm(X, 3, 1)),
    ("broadcast_to", lambda f: f.broadcast_to(X[:1], (4, 5)) if isinstance(f, _Wrapped) else torch.broadcast_to(X[:1], (4, 5))),
]


class _Wrapped:
    """mint.nn.functional with torch arguments converted to Tensors (and back)."""

    def __getattr__(self, name):
        fn = getattr(F, name)

        def call(*args, **kwargs):
            return fn(*[_t(a) for a in args], **{k: _t(v) for k, v in kwargs.items()})
        return call


def _compare(got, want):
    if isinstance(want, (tuple, list)):
        for g, w in zip(got, want):
            _compare(g, w)
        return
    torch.testing.assert_close(got.to_torch(), want, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("name,call", CASES, ids=[c[0] for c in CASES])
def test_matches_torch_functional(name, call):
    ours = call(_Wrapped())
    theirs = call(TF)
    _compare(ours, theirs)


def test_the_wrapped_object_is_really_mint():
    # The call helper routes F.* through mint.nn.functional; F itself is the torch module only for 'theirs'.
    assert _Wrapped().relu(X) is not None and F is not TF


def test_softmax_implicit_dim_as_torch():
    with pytest.warns(UserWarning):
        want = TF.softmax(X4[0], None)
    _compare(F.softmax(_t(X4[0])), want)
    _compare(F.log_softmax(_t(X)), TF.log_softmax(X, 1))


@pytest.mark.parametrize("fn,args,ref", [
    ("relu_", (), lambda t: torch.relu(t)), ("sigmoid_", (), torch.sigmoid), ("elu_", (0.5,), lambda t: TF.elu(t, 0.5)),
    ("inplace_elu", (), TF.elu), ("inplace_silu", (), TF.silu), ("hardtanh_", (-0.2, 0.2), lambda t: TF.hardtanh(t, -0.2, 0.2)),
    ("threshold_", (0.1, 3.0), lambda t: TF.threshold(t, 0.1, 3.0)),
])
def test_inplace_functions_write_their_input(fn, args, ref):
    t = Tensor.from_torch(X.clone())
    out = getattr(F, fn)(t, *args)
    assert out is t
    torch.testing.assert_close(t.to_torch(), ref(X))


@pytest.mark.parametrize("fn,args", [("relu", ()), ("relu6", ()), ("silu", ()), ("elu", (1.0,)),
                                     ("hardtanh", (-1.0, 1.0)), ("threshold", (0.0, 1.0))])
def test_inplace_flag(fn, args):
    t = Tensor.from_torch(X.clone())
    out = getattr(F, fn)(t, *args, inplace=True)
    assert out is t
    torch.testing.assert_close(t.to_torch(), getattr(TF, fn)(X, *args))
    u = Tensor.from_torch(X.clone())
    getattr(F, fn)(u, *args)
    torch.testing.assert_close(u.to_torch(), X)


def test_kl_div_mean_is_the_mean_over_all_elements_and_warns_of_nothing():
    # MindSpore 2.10 documents 'mean' as the mean over every element and prints no warning;
    # torch's 'mean' computes the same and warns that it is not 'batchmean'.
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = mint.nn.functional.kl_div(_t(X.log_softmax(1)), _t(P))
    _compare(out, (P * (P.log() - X.log_softmax(1))).mean())


def test_aliases():
    _compare(F.elu_ext(_t(X), 0.3), TF.elu(X, 0.3))
    _compare(F.hardtanh_op(_t(X)), TF.hardtanh(X))
    _compare(F.threshold_op(_t(X), 0.0, 2.0), TF.threshold(X, 0.0, 2.0))
    _compare(F.silu_func(_t(X)), TF.silu(X))
    _compare(F.adaptive_avg_pool3d_ext(_t(X5), 2), TF.adaptive_avg_pool3d(X5, 2))
    _compare(mint.nn.nllloss(_t(X.log_softmax(1)), _t(C)), TF.nll_loss(X.log_softmax(1), C))
    _compare(mint.nn.mse_loss_ext(_t(X), _t(P), "sum"), TF.mse_loss(X, P, reduction="sum"))
    _compare(mint.nn.kl_div_ext(_t(X), _t(P)), TF.kl_div(X, P, reduction="none").mean())
    _compare(mint.nn.cross_entropy(_t(X), _t(C)), TF.cross_entropy(X, C))
    _compare(mint.nn.upsample_bilinear2d_op(_t(X4), (9, 9), None, True),
             TF.interpolate(X4, (9, 9), mode="bilinear", align_corners=True))
    _compare(mint.nn.upsample_nearest2d_op(_t(X4), (3, 4)), TF.interpolate(X4, (3, 4)))
    _compare(mint.softmax(_t(X), 0), TF.softmax(X, 0))
    _compare(mint.softmax_ext(_t(X)), TF.softmax(X, 1))
    _compare(mint.npu_gelu(_t(X)), TF.gelu(X))
    _compare(mint.conv2d(_t(X4), _t(W4), None, 1, 1), TF.conv2d(X4, W4, None, 1, 1))


def test_dropout_training_scales_kept_values():
    t = Tensor(np.ones((200, 50), np.float32))
    out = F.dropout(t, 0.25).asnumpy()
    kept = out != 0
    assert 0.7 < kept.mean() < 0.8
    np.testing.assert_allclose(out[kept], 1 / 0.75, rtol=1e-6)
    ch = F.dropout2d(Tensor(np.ones((4, 64, 2, 2), np.float32)), 0.5).asnumpy()
    assert set(np.unique(ch.reshape(4, 64, 4).std(-1))) == {0.0}


def test_gradients_match_torch():
    x = X4.clone().requires_grad_()
    w = W4.clone().requires_grad_()
    TF.conv2d(TF.silu(x), w, padding=1).square().mean().backward()

    def f(a, b):
        return F.conv2d(F.silu(a), b, padding=1).square().mean()
    ga, gb = ms.grad(f, grad_position=(0, 1))(_t(X4), _t(W4))
    torch.testing.assert_close(ga.to_torch(), x.grad, rtol=1e-4, atol=1e-6)
    torch.testing.assert_close(gb.to_torch(), w.grad, rtol=1e-4, atol=1e-6)
