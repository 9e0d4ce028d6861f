"""Loss cells: parity with torch.nn losses for the shared formulas, literal MindSpore 2.10
values for the MindSpore-specific ones, reductions, dtypes and gradients."""
import numpy as np
import pytest
import torch
import torch.nn.functional as F

import sporetorch as ms
from sporetorch import nn, ops
from sporetorch.common.tensor import _wrap

RS = np.random.RandomState(0)
P = RS.uniform(-2, 2, (4, 5)).astype(np.float32)
T = RS.uniform(-2, 2, (4, 5)).astype(np.float32)
SIGN = np.sign(RS.randn(4, 5)).astype(np.float32)
BIN = (RS.rand(4, 5) > 0.5).astype(np.float32)
LAB = np.array([1, 0, 4, 2], np.int32)
W5 = np.linspace(0.5, 1.5, 5).astype(np.float32)
REDUCTIONS = ["mean", "sum", "none"]


def ten(a):
    return ms.Tensor(np.asarray(a))


def th(a):
    return torch.from_numpy(np.asarray(a))


def close(out, ref, atol=1e-5):
    ref = ref.numpy() if isinstance(ref, torch.Tensor) else np.asarray(ref, np.float32)
    assert out.shape == tuple(ref.shape)
    np.testing.assert_allclose(out.asnumpy(), ref, atol=atol, rtol=1e-4)


@pytest.mark.parametrize("reduction", REDUCTIONS)
def test_losses_match_torch(reduction):
    r = reduction
    logp = F.log_softmax(th(P), 1)
    cases = [
        (nn.L1Loss(r)(ten(P), ten(T)), F.l1_loss(th(P), th(T), reduction=r)),
        (nn.MSELoss(r)(ten(P), ten(T)), F.mse_loss(th(P), th(T), reduction=r)),
        (nn.SmoothL1Loss(0.7, r)(ten(P), ten(T)), F.smooth_l1_loss(th(P), th(T), reduction=r, beta=0.7)),
        (nn.HuberLoss(r, 0.5)(ten(P), ten(T)), F.huber_loss(th(P), th(T), reduction=r, delta=0.5)),
        (nn.BCELoss(ten(W5), r)(ten(1 / (1 + np.exp(-P))), ten(BIN)),
         F.binary_cross_entropy(torch.sigmoid(th(P)), th(BIN), th(W5), reduction=r)),
        (nn.BCEWithLogitsLoss(r, ten(W5), ten(W5[::-1].copy()))(ten(P), ten(BIN)),
         F.binary_cross_entropy_with_logits(th(P), th(BIN), th(W5), reduction=r, pos_weight=th(W5[::-1].copy()))),
        (nn.NLLLoss(ten(W5), 4, r)(ten(logp.numpy()), ten(LAB)),
         F.nll_loss(logp, th(LAB).long(), th(W5), ignore_index=4, reduction=r)),
        (nn.CrossEntropyLoss(ten(W5), -100, r, 0.1)(ten(P), ten(LAB)),
         F.cross_entropy(th(P), th(LAB).long(), th(W5), reduction=r, label_smoothing=0.1)),
        (nn.MarginRankingLoss(0.3, r)(ten(P), ten(T), ten(SIGN)),
         F.margin_ranking_loss(th(P), th(T), th(SIGN), 0.3, reduction=r)),
        (nn.SoftMarginLoss(r)(ten(P), ten(SIGN)), F.soft_margin_loss(th(P), th(SIGN), reduction=r)),
        (nn.HingeEmbeddingLoss(0.5, r)(ten(P), ten(SIGN)), F.hinge_embedding_loss(th(P), th(SIGN), 0.5, reduction=r)),
        (nn.MultiMarginLoss(2, 0.5, r, ten(W5))(ten(P), ten(LAB.astype(np.int64))),
         F.multi_margin_loss(th(P), th(LAB).long(), 2, 0.5, th(W5), reduction=r)),
        (nn.MultiLabelSoftMarginLoss(ten(W5), r)(ten(P), ten(BIN)),
         F.multilabel_soft_margin_loss(th(P), th(BIN), th(W5), reduction=r)),
        (nn.TripletMarginLoss(reduction=r, margin=0.5)(ten(P), ten(T), ten(SIGN)),
         F.triplet_margin_loss(th(P), th(T), th(SIGN), 0.5, reduction=r)),
        (nn.GaussianNLLLoss(full=True, reduction=r)(ten(P), ten(T), ten(np.abs(T) + 0.1)),
         F.gaussian_nll_loss(th(P), th(T), th(np.abs(T) + 0.1), True, reduction=r)),
        (nn.KLDivLoss(r)(ten(logp.numpy()), ten(F.softmax(th(T), 1).numpy())),
         F.kl_div(logp, F.softmax(th(T), 1), reduction="sum" if r == "mean" else r) / (20 if r == "mean" else 1)),
        (nn.MultilabelMarginLoss(r)(ten(P), ten(np.array([[3, 0, -1, 1, 1]] * 4, np.int32))),
         F.multilabel_margin_loss(th(P), torch.tensor([[3, 0, -1, 1, 1]] * 4), reduction=r)),
    ]
    for out, ref in cases:
        close(out, ref)


def test_ctc_loss_matches_torch():
    lp = F.log_softmax(torch.randn(6, 2, 4, generator=torch.Generator().manual_seed(0)), 2)
    targets, il, tl = np.array([[1, 2], [3, 3]], np.int32), np.array([6, 5], np.int32), np.array([2, 1], np.int32)
    for r in REDUCTIONS:
        out = nn.CTCLoss(reduction=r)(ten(lp.numpy()), ten(targets), ten(il), ten(tl))
        close(out, F.ctc_loss(lp, th(targets).long(), th(il).long(), th(tl).long(), reduction=r))


def test_default_reductions():
    assert nn.SmoothL1Loss()(ten(P), ten(T)).shape == (4, 5)
    assert nn.SoftmaxCrossEntropyWithLogits()(ten(P), ten(np.eye(5, dtype=np.float32)[LAB])).shape == (4,)
    assert nn.MSELoss()(ten(P), ten(T)).shape == ()
    assert isinstance(nn.MSELoss(), nn.Cell) and isinstance(nn.MSELoss(), nn.LossBase)
    with pytest.raises(ValueError, match="reduction"):
        nn.L1Loss("avg")


# Literal values from MindSpore 2.10 (CPU).
PM = np.array([[0.5, -1.0, 2.0], [1.5, 0.2, -0.3]], np.float32)
TM = np.array([[1.0, 0.0, 1.5], [-1.0, 0.5, 0.0]], np.float32)
LM = np.array([2, 0], np.int32)


def test_mindspore_values_classification():
    close(nn.SoftmaxCrossEntropyWithLogits(sparse=True)(ten(PM), ten(LM)), [0.24131, 0.36314])
    close(nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")(ten(PM), ten(LM)), 0.30222)
    soft = np.array([[0.2, 0.3, 0.5], [1, 0, 0]], np.float32)
    close(nn.SoftmaxCrossEntropyWithLogits(reduction="sum")(ten(PM), ten(soft)), 1.80445)
    close(nn.CrossEntropyLoss(label_smoothing=0.2)(ten(PM), ten(LM)), 0.55556)
    close(nn.FocalLoss(gamma=2.0)(ten(PM), ten(LM.reshape(2, 1))), 0.02238)
    onehot = np.array([[0, 0, 1], [1, 0, 0]], np.float32)
    close(nn.FocalLoss(weight=ten(np.array([1.0, 2.0, 0.5], np.float32)), reduction="none")(ten(PM), ten(onehot)),
          [[0.0, 0.0, 0.00555], [0.03367, 0.0, 0.0]])
    close(nn.MultiClassDiceLoss()(ten(PM), ten(onehot)), 0.37261)
    close(nn.DiceLoss()(ten(1 / (1 + np.exp(-PM))), ten(np.array([[1, 0, 1], [0, 1, 0]], np.float32))), 0.23782)


def test_mindspore_values_regression():
    close(nn.SmoothL1Loss()(ten(PM), ten(TM)), [[0.125, 0.5, 0.125], [2.0, 0.045, 0.045]])
    close(nn.SmoothL1Loss(0.5, "mean")(ten(PM), ten(TM)), 0.61333)
    close(nn.HuberLoss("none", 0.5)(ten(PM), ten(TM)), [[0.125, 0.375, 0.125], [1.125, 0.045, 0.045]])
    close(nn.RMSELoss()(ten(PM), ten(TM)), 1.14964)
    close(nn.MAELoss("sum")(ten(PM), ten(TM)), 5.1)
    close(nn.CosineEmbeddingLoss(0.1, "none")(ten(PM), ten(TM), ten(np.array([1, -1], np.int32))), [0.15268, 0.0])
    counts = np.array([[0., 2, 3], [1, 4, 0]], np.float32)
    close(nn.PoissonNLLLoss(full=True, reduction="none")(ten(PM), ten(counts)),
          [[1.64872, 3.01968, 3.15314], [2.98169, 3.57867, 0.74082]])
    close(nn.TripletMarginWithDistanceLoss(reduction="none")(ten(PM), ten(TM), ten(np.ones((2, 3), np.float32))),
          [0.0, 1.92951])
    var = np.array([[0.5, 1, 2], [1, 1, 1e-8]], np.float32)
    close(nn.GaussianNLLLoss(full=True)(ten(PM), ten(TM), ten(var)), 7500.43164, atol=1e-2)
    logp, prob = F.log_softmax(th(PM), 1).numpy(), F.softmax(th(TM), 1).numpy()
    close(nn.KLDivLoss("batchmean")(ten(logp), ten(prob)), 0.43458)
    close(nn.KLDivLoss()(ten(logp), ten(prob)), 0.14486)


def test_lossbase_get_loss_weights_and_dtype():
    class Diff(nn.LossBase):
        def construct(self, a, b):
            return self.get_loss(a - b, ms.Tensor(np.array([1.0, 2.0, 0.5], np.float32)))

    close(Diff()(ten(PM), ten(TM)), -0.08333)
    close(Diff("sum")(ten(PM), ten(TM)), -0.5)
    close(Diff("none")(ten(PM), ten(TM)), [[-0.5, -2.0, 0.25], [2.5, -0.6, -0.15]])
    half = Diff()(ten(PM.astype(np.float16)), ten(TM.astype(np.float16)))
    assert half.dtype == ms.float16
    assert nn.LossBase().get_axis(ten(PM)) == (0, 1)


def test_loss_output_dtype_follows_input():
    assert nn.MSELoss()(ten(P.astype(np.float16)), ten(T.astype(np.float16))).dtype == ms.float16
    assert nn.CrossEntropyLoss()(ten(P), ten(LAB)).dtype == ms.float32


def test_loss_gradients_match_torch():
    # CrossEntropyLoss takes float16 and float32 logits only, as in MindSpore 2.10.
    x32 = th(P).requires_grad_(True)
    g = ms.grad(lambda a: nn.CrossEntropyLoss(label_smoothing=0.1)(a, ten(LAB)))(_wrap(x32.detach()))
    F.cross_entropy(x32, th(LAB).long(), label_smoothing=0.1).backward()
    np.testing.assert_allclose(g.asnumpy(), x32.grad.numpy(), rtol=1e-6, atol=1e-7)
    x = th(P).double().requires_grad_(True)
    assert torch.autograd.gradcheck(lambda a: ops.cross_entropy(_wrap(a), ten(LAB), label_smoothing=0.1)._t,
                                    (x.detach().clone().requires_grad_(True),))
    assert torch.autograd.gradcheck(
        lambda a: nn.FocalLoss()(_wrap(a), ten(LAB.reshape(4, 1)))._t, (x.detach().clone().requires_grad_(True),))
    assert torch.autograd.gradcheck(
        lambda a: nn.DiceLoss()(_wrap(torch.sigmoid(a)), ten(BIN.astype(np.float64)))._t,
        (x.detach().clone().requires_grad_(True),))


def test_sampled_softmax_loss():
    rs = np.random.RandomState(0)
    w = ten(rs.randn(7, 4).astype(np.float32))
    b = ten(np.linspace(-1, 1, 7).astype(np.float32))
    labels = ten(np.array([[0, 3], [1, 4], [2, 2]], np.int32))
    x = ten(np.random.RandomState(1).randn(3, 4).astype(np.float32))
    given = (ten(np.array([5, 6, 1], np.int32)), ten(np.full((3, 2), 0.4, np.float32)),
             ten(np.full((3,), 0.3, np.float32)))
    # From MindSpore 2.10 (fixed sampled_values; the reduction is not applied there either).
    close(nn.SampledSoftmaxLoss(3, 7, num_true=2, sampled_values=given, reduction="mean")(w, b, labels, x),
          [6.454253, 3.0225034, 6.98241])
    loss = nn.SampledSoftmaxLoss(2, 7, num_true=2, seed=3)
    sampled, _, count = loss._sample(labels._t.long())
    assert set(sampled.tolist()) == {5, 6} and count.shape == (2,)
    assert loss(w, b, labels, x).shape == (3,)
    with pytest.raises(ValueError, match="num_sampled"):
        nn.SampledSoftmaxLoss(3, 7, num_true=2)(w, b, labels, x)


def test_mse_loss_takes_integer_labels_and_differentiates_the_logits():
    # Closed form: d/dx mean((x - y)^2) = 2 (x - y) / n, with y cast to x's dtype.
    x = np.array([[0.5, -1.0, 2.0], [1.5, 0.0, -0.5]], np.float32)
    y = np.array([[1, 0, 2], [1, -1, 0]], np.int32)
    loss, grad = ms.value_and_grad(lambda logits: nn.MSELoss()(logits, ms.Tensor(y)))(ms.Tensor(x))
    assert loss.dtype == ms.float32
    np.testing.assert_allclose(loss.asnumpy(), np.mean((x - y) ** 2), rtol=1e-6)
    np.testing.assert_allclose(grad.asnumpy(), 2 * (x - y) / x.size, rtol=1e-6)


def test_cross_entropy_layers_refuse_float64_logits():
    # MindSpore 2.10 raises TypeError for float64 (and bfloat16) logits in both layers and in the
    # dense Primitive; ops.cross_entropy accepts float64 there, as here.
    logits = ten(P.astype(np.float64))
    with pytest.raises(TypeError, match=r"For 'CrossEntropyLoss', the 'logits' should be one of "
                                        r"\[mindspore.float16, mindspore.float32\], but got 'mindspore.float64'"):
        nn.CrossEntropyLoss()(logits, ten(LAB))
    with pytest.raises(TypeError, match=r"SoftmaxCrossEntropyWithLogits.*'logits'.*Float64"):
        nn.SoftmaxCrossEntropyWithLogits(sparse=True)(logits, ten(LAB))
    with pytest.raises(TypeError, match=r"SoftmaxCrossEntropyWithLogits.*'labels'.*Float64"):
        nn.SoftmaxCrossEntropyWithLogits()(ten(P), ten(np.eye(5)[LAB]))
    with pytest.raises(TypeError, match=r"SoftmaxCrossEntropyWithLogits.*'logits'.*BFloat16"):
        nn.SoftmaxCrossEntropyWithLogits(sparse=True)(ten(P).astype(ms.bfloat16), ten(LAB))
    with pytest.raises(TypeError, match=r"SoftmaxCrossEntropyWithLogits.*Float64"):
        ops.SoftmaxCrossEntropyWithLogits()(logits, ten(np.eye(5)[LAB]))
    assert ops.cross_entropy(logits, ten(LAB)).dtype == ms.float64
