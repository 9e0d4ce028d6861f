"""nn, image and graph functional ops against MindSpore 2.10: the dtypes its kernels refuse (TypeError),
the shapes they refuse (ValueError), integer kernels of activations and losses, and loss semantics that
differ from torch (hinge_embedding_loss, kl_div, l1/mse/huber on integers). Expected values were recorded
with MindSpore 2.10.0 on CPU (issue 21, items 4 and 6)."""
import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import ops

T = ms.Tensor
I32 = np.array([-10, -7, -3, -1, 0, 1, 2, 7], np.int32)
F = np.array([[0.3, -1.2, 2.0], [0.5, 0.1, -0.4]], np.float32)


def _vals(x):
    return x.asnumpy().tolist()


# ---------------------------------------------------------------------------- activations
@pytest.mark.parametrize("op", ["sigmoid", "tanh", "silu", "gelu", "elu", "softplus", "fast_gelu", "softsign", "relu6",
                                "softmin"])
@pytest.mark.parametrize("dtype", [np.int32, np.bool_])
def test_float_only_activations_refuse_int_and_bool(op, dtype):
    with pytest.raises(TypeError, match=f"For '{op}'.*Int32|For '{op}'.*Bool"):
        getattr(ops, op)(T(np.array([1, 0, 1]).astype(dtype)))


def test_lrn_refuses_int():
    with pytest.raises(TypeError, match="lrn"):
        ops.lrn(T(np.ones((1, 2, 2, 2), np.int32)))


def test_integer_kernels_of_activations():
    x = T(I32)
    # MindSpore 2.10: LeakyReLU truncates its slope to an int, SeLU its scale and alpha; the others truncate
    assert _vals(ops.leaky_relu(x)) == [0, 0, 0, 0, 0, 1, 2, 7]
    assert _vals(ops.leaky_relu(T(np.array([-100, -3, 5], np.int32)), 2.0)) == [-200, -6, 5]
    assert _vals(ops.leaky_relu(T(np.array([-3, 4], np.int32)), -1.5)) == [3, 4]
    assert _vals(ops.selu(x)) == [0, 0, 0, 0, 0, 1, 2, 7]
    assert _vals(ops.selu(T(np.array([-100, -50, -20, -18, -17, -16, 5, 1000], np.int32)))) == \
        [-1, -1, -1, -1, 0, 0, 5, 1000]
    assert _vals(ops.hardsigmoid(x)) == [0, 0, 0, 0, 0, 0, 0, 1]
    assert _vals(ops.hardswish(x)) == [0, 0, 0, 0, 0, 0, 1, 7]
    assert _vals(ops.hardtanh(x)) == [-1, -1, -1, -1, 0, 1, 1, 1]
    for op in (ops.leaky_relu, ops.selu, ops.hardsigmoid, ops.hardswish, ops.hardtanh):
        assert op(x).dtype == ms.int32


def test_bool_kernels_of_activations():
    b = T(np.array([True, False, True]))
    for op in (ops.relu, ops.leaky_relu, ops.hardtanh):
        out = op(b)
        assert out.dtype == ms.bool_ and _vals(out) == [True, False, True]
    for op in (ops.selu, ops.hardsigmoid, ops.hardswish, ops.tanhshrink):
        with pytest.raises(TypeError):
            op(b)


def test_tanhshrink_of_int_is_float32():
    out = ops.tanhshrink(T(np.array([-3, 1, 2], np.int32)))
    assert out.dtype == ms.float32
    np.testing.assert_allclose(out.asnumpy(), [-2.0049443, 0.23840582, 1.0359724], rtol=1e-6)


@pytest.mark.parametrize("op", ["softmax", "softmin", "log_softmax"])
def test_softmax_family_refuses_0d(op):
    with pytest.raises(ValueError, match=op):
        getattr(ops, op)(T(np.float32(0.7)))


# ---------------------------------------------------------------------------- losses
def test_l1_loss_keeps_integer_and_bool_dtypes():
    a, b = T(np.array([[1, -3], [4, 2]], np.int32)), T(np.array([[2, 1], [0, 2]], np.int32))
    assert ops.l1_loss(a, b).dtype == ms.int32 and _vals(ops.l1_loss(a, b)) == 2
    assert _vals(ops.l1_loss(a, b, "sum")) == 9
    assert _vals(ops.l1_loss(a, b, "none")) == [[1, 4], [4, 0]]
    p, q = T(np.array([True, False, False])), T(np.array([False, False, True]))
    assert ops.l1_loss(p, q).dtype == ms.bool_ and _vals(ops.l1_loss(p, q)) is True
    assert _vals(ops.l1_loss(p, q, "none")) == [True, False, True]
    np.testing.assert_allclose(_vals(ops.l1_loss(a, T(np.array([[0.5, 1], [0, 2]], np.float32)))), 2.125)
    with pytest.raises(TypeError, match="'target' must be a Tensor"):
        ops.l1_loss(a, 2)


def test_mse_and_huber_loss_of_integers_are_float32():
    a, b = T(np.array([[1, -3], [4, 2]], np.int32)), T(np.array([[2, 1], [0, 2]], np.int32))
    assert ops.mse_loss(a, b).dtype == ms.float32 and _vals(ops.mse_loss(a, b)) == 8.25
    assert _vals(ops.mse_loss(a, b, "none")) == [[1.0, 16.0], [16.0, 0.0]]
    assert ops.huber_loss(a, b).dtype == ms.float32 and _vals(ops.huber_loss(a, b)) == 1.875
    assert _vals(ops.huber_loss(a, b, "none")) == [[0.5, 3.5], [3.5, 0.0]]
    with pytest.raises(TypeError, match="mse_loss"):
        ops.mse_loss(T(np.array([True])), T(np.array([False])))
    with pytest.raises(TypeError, match="'target' must be a Tensor"):
        ops.mse_loss(T(F), 2.5)
    with pytest.raises(TypeError, match="huber_loss"):
        ops.huber_loss(T(np.array([True])), T(np.array([False])))


def test_kl_div_gives_0_for_non_positive_and_nan_labels():
    x = T(np.array([0.5, -1.0, 2.0, 0.3, 0.1], np.float32))
    y = T(np.array([-0.5, 0.0, 1.0, 2.0, np.nan], np.float32))
    np.testing.assert_allclose(ops.kl_div(x, y, "none").asnumpy(), [0.0, 0.0, -2.0, 0.78629434, 0.0], rtol=1e-6)
    np.testing.assert_allclose(_vals(ops.kl_div(x, y, "sum")), -1.2137057, rtol=1e-6)
    np.testing.assert_allclose(_vals(ops.kl_div(x, y, "mean")), -0.24274114, rtol=1e-6)
    np.testing.assert_allclose(_vals(ops.kl_div(x, y, "batchmean")), -0.24274114, rtol=1e-6)
    x2 = T(np.array([[np.nan, 1.0], [2.0, 0.5]], np.float32))
    y2 = T(np.array([[0.5, 0.0], [0.0, 0.5]], np.float32))
    np.testing.assert_allclose(ops.kl_div(x2, y2, "none").asnumpy(), [[0.0, 0.0], [0.0, -0.5965736]], rtol=1e-6)
    with pytest.raises(ValueError, match="same shape"):
        ops.kl_div(T(F), T(F[0]))
    with pytest.raises(TypeError, match="kl_div"):
        ops.kl_div(T(np.ones(3, np.int32)), T(np.ones(3, np.int32)))


def test_kl_div_gradcheck():
    x = torch.tensor([0.5, -1.0, 2.0, 0.3], dtype=torch.float64, requires_grad=True)
    y = torch.tensor([0.2, -0.5, 1.0, 2.0], dtype=torch.float64, requires_grad=True)
    assert torch.autograd.gradcheck(lambda a, b: ops.kl_div(ms.Tensor(a), ms.Tensor(b), "sum")._t, (x, y))


def test_hinge_embedding_loss_follows_the_sign_of_the_target():
    x, y = T(F), T(np.array([[1.0, -1.0, 0.0], [-1.0, 0.5, -2.0]], np.float32))
    np.testing.assert_allclose(ops.hinge_embedding_loss(x, y, reduction="none").asnumpy(),
                               [[0.3, 2.2, 0.0], [0.5, 0.1, 1.4]], rtol=1e-6)
    np.testing.assert_allclose(_vals(ops.hinge_embedding_loss(x, y)), 0.75, rtol=1e-6)
    np.testing.assert_allclose(_vals(ops.hinge_embedding_loss(x, y, reduction="sum")), 4.5, rtol=1e-6)
    np.testing.assert_allclose(
        ops.hinge_embedding_loss(x, T(np.array([1.0, -1.0, -1.0], np.float32)), reduction="none").asnumpy(),
        [[0.3, 2.2, 0.0], [0.5, 0.9, 1.4]], rtol=1e-6)
    with pytest.raises(TypeError, match="hinge_embedding_loss"):
        ops.hinge_embedding_loss(T(np.array([True])), T(np.array([True])))


def test_hinge_embedding_loss_gradcheck():
    x = torch.tensor([0.3, -1.2, 2.0, 0.5], dtype=torch.float64, requires_grad=True)
    y = torch.tensor([1.0, -1.0, 0.0, -1.0], dtype=torch.float64)
    assert torch.autograd.gradcheck(lambda a: ops.hinge_embedding_loss(ms.Tensor(a), ms.Tensor(y))._t, (x,))


def test_cross_entropy_broadcasts_class_probabilities_and_refuses_int_logits():
    logits = T(np.array([[0.2, 1.5, -0.3], [1.0, 0.0, 0.4]], np.float32))
    p = T(np.array([0.2, 0.5, 0.3], np.float32))
    np.testing.assert_allclose(ops.cross_entropy(logits, p, reduction="none").asnumpy(), [1.1631353, 1.3306],
                               rtol=1e-6)
    np.testing.assert_allclose(_vals(ops.cross_entropy(logits, p)), 1.2468677, rtol=1e-6)
    with pytest.raises(TypeError, match="cross_entropy"):
        ops.cross_entropy(T(np.ones((2, 3), np.int32)), T(np.array([0, 1], np.int32)))


def test_loss_label_dtypes_as_mindspore():
    x = T(F)
    with pytest.raises(TypeError, match="nll_loss.*target"):
        ops.nll_loss(x, T(np.array([0.0, 1.0], np.float32)))
    with pytest.raises(ValueError, match="nll_loss.*batch"):
        ops.nll_loss(x, T(np.array([0, 1, 2], np.int32)))
    with pytest.raises(TypeError, match="multi_margin_loss.*Int64"):
        ops.multi_margin_loss(x, T(np.array([0, 1], np.int32)))
    with pytest.raises(TypeError, match="multilabel_margin_loss.*target"):
        ops.multilabel_margin_loss(x, T(np.array([[0, 1, -1], [2, -1, 0]], np.float32)))


def test_loss_shapes_and_values_as_mindspore():
    with pytest.raises(ValueError, match="smooth_l1_loss.*same shape"):
        ops.smooth_l1_loss(T(F), T(F[0]))
    with pytest.raises(TypeError, match="smooth_l1_loss"):
        ops.smooth_l1_loss(T(np.ones((2, 3), np.int32)), T(F))
    with pytest.raises(ValueError, match="soft_margin_loss.*same shape"):
        ops.soft_margin_loss(T(F), T(F[0]))
    # MindSpore's kernel reports probabilities outside [0, 1] as RuntimeError
    with pytest.raises(RuntimeError, match="binary_cross_entropy"):
        ops.binary_cross_entropy(T(F), T(np.abs(F)))


# ---------------------------------------------------------------------------- distances / norms
def test_cosine_similarity_and_dist_checks():
    with pytest.raises(ValueError, match="cosine_similarity.*dim"):
        ops.cosine_similarity(T(F), T(F[0]))
    with pytest.raises(TypeError, match="cosine_similarity"):
        ops.cosine_similarity(T(np.ones((2, 3), np.int32)), T(F))
    # the norm is taken of the difference, so one float operand suffices (MindSpore 2.10: Float32 result)
    assert ops.dist(T(np.ones((2, 3), np.int32)), T(F)).dtype == ms.float32
    with pytest.raises(TypeError, match="dist"):
        ops.dist(T(np.array([True])), T(np.array([False])))


def test_rms_norm_normalises_over_gammas_axes():
    x = np.arange(1.0, 13.0, dtype=np.float32).reshape(2, 2, 3)
    gamma = np.full((2, 3), 2.0, np.float32)
    y, rstd = ops.rms_norm(T(x), T(gamma))
    want_rstd = 1 / np.sqrt((x ** 2).mean(axis=(1, 2), keepdims=True) + 1e-6)  # closed form
    np.testing.assert_allclose(rstd.asnumpy(), want_rstd, rtol=1e-6)
    np.testing.assert_allclose(y.asnumpy(), x * want_rstd * 2.0, rtol=1e-6)
    with pytest.raises(TypeError, match="rms_norm"):
        ops.rms_norm(T(np.ones((2, 3), np.int32)), T(np.ones(3, np.int32)))
    with pytest.raises(ValueError, match="rms_norm"):
        ops.rms_norm(T(np.float32(1.0)), T(np.ones(3, np.float32)))


# ---------------------------------------------------------------------------- conv / pooling
def test_pooling_and_conv_argument_errors():
    x = T(F)
    for op in (ops.adaptive_avg_pool2d, ops.adaptive_avg_pool3d, ops.adaptive_max_pool2d):
        with pytest.raises(TypeError, match="output_size"):
            op(x, T(F))
    with pytest.raises(ValueError, match="adaptive_avg_pool2d_ext"):
        ops.adaptive_avg_pool2d_ext(T(np.ones((1, 2, 4, 4), np.float32)), 2.5)
    with pytest.raises(ValueError, match="adaptive_avg_pool1d.*3-D"):
        ops.adaptive_avg_pool1d(x, 2)
    with pytest.raises(TypeError, match="avg_pool2d"):
        ops.avg_pool2d(T(np.ones((1, 1, 4, 4), np.int32)))
    with pytest.raises(ValueError, match="avg_pool2d"):
        ops.avg_pool2d(x)
    with pytest.raises(ValueError, match="avg_pool1d"):
        ops.avg_pool1d(x)
    with pytest.raises(ValueError, match="conv1d.*3-D"):
        ops.conv1d(x, 2)
    # MindSpore 2.10 reports conv_transpose2d's input rank as RuntimeError
    with pytest.raises(RuntimeError, match="conv_transpose2d"):
        ops.conv_transpose2d(x, x)
    with pytest.raises(TypeError, match="affine_grid"):
        ops.affine_grid(T(np.ones((1, 2, 3), np.int32)), (1, 1, 2, 2))
    with pytest.raises(ValueError, match="affine_grid.*3-D"):
        ops.affine_grid(x, (1, 1, 2, 2))
    with pytest.raises(TypeError, match="group_norm.*num_groups"):
        ops.group_norm(x, x)


def test_dense_dtype_mismatch_is_type_error():
    with pytest.raises(TypeError, match="dense"):
        ops.dense(T(np.ones((2, 3), np.int32)), T(F))


# ---------------------------------------------------------------------------- image / graph / decoders
def test_box_ops_dtypes_and_shapes():
    boxes = T(np.array([[0, 0, 4, 4], [1, 1, 3, 5]], np.int32))
    with pytest.raises(TypeError, match="iou"):
        ops.iou(boxes, boxes)
    with pytest.raises(TypeError, match="iou.*same dtype"):
        ops.iou(T(np.ones((2, 4), np.float32)), T(np.ones((2, 4), np.float16)))
    with pytest.raises(TypeError, match="bounding_box_encode"):
        ops.bounding_box_encode(boxes, boxes)
    fboxes = T(np.array([[0, 0, 4, 4], [1, 1, 3, 5]], np.float32))
    with pytest.raises(TypeError, match="check_valid"):
        ops.check_valid(boxes, T(np.array([8.0, 8.0, 1.0], np.float32)))
    with pytest.raises(TypeError, match="img_metas"):
        ops.check_valid(fboxes, 2.5)
    with pytest.raises(ValueError, match="img_metas"):
        ops.check_valid(fboxes, T(np.ones(4, np.float32)))
    assert _vals(ops.check_valid(fboxes, T(np.array([5.0, 5.0, 1.0], np.float32)))) == [True, False]


def test_ctc_greedy_decoder_dtypes():
    x = T(np.zeros((2, 1, 3), np.float32))
    with pytest.raises(TypeError, match="inputs"):
        ops.ctc_greedy_decoder(T(np.zeros((2, 1, 3), np.int32)), T(np.array([2], np.int32)))
    with pytest.raises(TypeError, match="sequence_length"):
        ops.ctc_greedy_decoder(x, T(np.array([2.0], np.float32)))
    with pytest.raises(TypeError, match="sequence_length"):
        ops.ctc_greedy_decoder(x, 2.0)


def test_graph_helpers_as_mindspore():
    assert ops.shape_mul((2, 3)) == 6
    with pytest.raises(ValueError, match="tuple"):
        ops.shape_mul([2, 3])
    x = T(F)
    assert ops.reshard(x, None) is x
    with pytest.raises(TypeError, match="callable"):
        ops._add_attr(x)
    with pytest.raises(TypeError, match="callable"):
        ops._add_attr(ops.Add())
    # MindSpore 2.10's PyNative GeSwitch and Merge raise NotImplementedError
    with pytest.raises(NotImplementedError):
        ops.geswitch(x, T(True))
    with pytest.raises(NotImplementedError):
        ops.merge((x, x))


def test_negative_class_targets_count_from_the_end():
    x = T(np.array([[0.1, 0.2, 0.7], [1.0, -1.0, 0.5]], np.float32))
    # MindSpore 2.10: -k is class C - k; ignore_index (-100) gives 0 and leaves the mean
    for target, want_ce, want_nll in (([0, -1], [1.3679494, 1.0549567], [-0.1, -0.5]),
                                      ([0, -3], [1.3679494, 0.5549567], [-0.1, -1.0]),
                                      ([-1, -2], [0.7679494, 2.5549567], [-0.7, 1.0])):
        t = T(np.array(target, np.int32))
        np.testing.assert_allclose(ops.cross_entropy(x, t, reduction="none").asnumpy(), want_ce, rtol=1e-6)
        np.testing.assert_allclose(ops.nll_loss(x, t, reduction="none").asnumpy(), want_nll, rtol=1e-6)
    np.testing.assert_allclose(_vals(ops.cross_entropy(x, T(np.array([-1, -2], np.int32)))), 1.661453, rtol=1e-6)
    ignored = T(np.array([0, -100], np.int32))
    np.testing.assert_allclose(ops.cross_entropy(x, ignored, reduction="none").asnumpy(), [1.3679494, 0.0], rtol=1e-6)
    np.testing.assert_allclose(_vals(ops.cross_entropy(x, ignored)), 1.3679494, rtol=1e-6)
    with pytest.raises(RuntimeError, match="cross_entropy"):
        ops.cross_entropy(x, T(np.array([0, 5], np.int32)))


def test_margin_ranking_loss_broadcasts_and_needs_one_dtype():
    a = T(np.array([[0.5, -1.0, 2.0], [1.5, 0.2, -0.3]], np.float32))
    b = T(np.array([0.1, 0.4, -1.0], np.float32))
    t = T(np.array([[1.0, -1.0, 1.0], [-1.0, 1.0, 1.0]], np.float32))
    np.testing.assert_allclose(ops.margin_ranking_loss(a, b, t, margin=0.2, reduction="none").asnumpy(),
                               [[0.0, 0.0, 0.0], [1.6, 0.4, 0.0]], rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(ops.margin_ranking_loss(T(np.float32(0.5)), a, t, reduction="none").asnumpy(),
                               [[0.0, 1.5, 1.5], [0.0, 0.0, 0.0]], rtol=1e-6)
    np.testing.assert_allclose(_vals(ops.margin_ranking_loss(a, b, t, margin=0.2)), 0.33333334, rtol=1e-6)
    with pytest.raises(TypeError, match="margin_ranking_loss"):
        ops.margin_ranking_loss(T(np.ones((2, 3), np.int32)), a, t)
    with pytest.raises(TypeError, match="cosine_embedding_loss"):
        ops.cosine_embedding_loss(T(np.ones((2, 3), np.int32)), a, T(np.ones(2, np.float32)))


def test_margin_ranking_loss_gradcheck():
    a = torch.tensor([[0.5, -1.0, 2.0], [1.5, 0.2, -0.3]], dtype=torch.float64, requires_grad=True)
    b = torch.tensor([0.1, 0.4, -1.1], dtype=torch.float64, requires_grad=True)
    t = torch.tensor([[1.0, -1.0, 1.0], [-1.0, 1.0, 1.0]], dtype=torch.float64)
    assert torch.autograd.gradcheck(
        lambda x, y: ops.margin_ranking_loss(ms.Tensor(x), ms.Tensor(y), ms.Tensor(t), margin=0.3)._t, (a, b))


def test_more_dtype_rules_of_nn_ops():
    img = np.arange(12, dtype=np.int32).reshape(1, 1, 3, 4)
    # MindSpore 2.10: LPPool on Int32 gives Float32, Im2Col keeps Int32 and refuses Bool
    out = ops.lp_pool2d(T(img), 2, 2)
    assert out.dtype == ms.float32
    np.testing.assert_allclose(out.asnumpy(), [[[[6.4807405, 9.899495]]]], rtol=1e-6)
    out = ops.unfold(T(img - 5), 2)
    assert out.dtype == ms.int32
    assert _vals(out) == [[[-5, -4, -3, -1, 0, 1], [-4, -3, -2, 0, 1, 2], [-1, 0, 1, 3, 4, 5], [0, 1, 2, 4, 5, 6]]]
    with pytest.raises(TypeError, match="unfold"):
        ops.unfold(T(img > 3), 2)
    with pytest.raises(TypeError, match="max_pool2d"):
        ops.max_pool2d(T(img > 3), 2)
    with pytest.raises(TypeError, match="interpolate"):
        ops.interpolate(T(img[0]), size=(8,), mode="linear")
    with pytest.raises(TypeError, match="prelu"):
        ops.prelu(T(np.ones((2, 3), np.int32)), T(np.full((3,), 0.25, np.float32)))
    with pytest.raises(TypeError, match="bias_add.*same dtype"):
        ops.bias_add(T(np.ones((2, 3), np.int32)), T(np.ones(3, np.float32)))


def test_conv_and_batch_norm_are_float_only_and_max_unpool_keeps_ints():
    # MindSpore 2.10: Conv2D and BatchNorm refuse integer and bool inputs with TypeError
    with pytest.raises(TypeError, match="conv2d"):
        ops.conv2d(T(np.ones((1, 1, 4, 4), np.int32)), T(np.ones((1, 1, 2, 2), np.int32)))
    with pytest.raises(TypeError, match="conv1d"):
        ops.conv1d(T(np.ones((1, 1, 6), np.bool_)), T(np.ones((1, 1, 2), np.bool_)))
    with pytest.raises(TypeError, match="batch_norm"):
        ops.batch_norm(T(np.ones((2, 3, 2, 2), np.int32)), T(np.zeros(3, np.float32)), T(np.ones(3, np.float32)),
                       T(np.ones(3, np.float32)), T(np.zeros(3, np.float32)))
    out = ops.max_unpool2d(T(np.array([[[[5, -2], [7, 1]]]], np.int32)),
                           T(np.array([[[[0, 3], [8, 11]]]], np.int64)), 2)
    assert out.dtype == ms.int32 and out.shape == (1, 1, 4, 4)
    assert _vals(out)[0][0] == [[5, 0, 0, -2], [0, 0, 0, 0], [7, 0, 0, 1], [0, 0, 0, 0]]
