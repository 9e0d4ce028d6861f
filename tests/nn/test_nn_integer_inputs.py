"""Layers that MindSpore 2.10 runs on integer (or mixed-dtype) inputs where torch's kernels refuse them,
and the layers that broadcast or reflect shapes torch's kernels do not take. Expected values come from
MindSpore 2.10 (CPU) unless a comment says otherwise; the error types are in the nn error sweep."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import Tensor, nn

WIDE = np.array([-100, -1, 0, 1, 2, 3, 20, 100, 1000], np.int32)


def _run(cell, *arrays):
    out = cell(*[Tensor(a) for a in arrays])
    return out.dtype, out.asnumpy().tolist()


def test_leaky_relu_on_integers_casts_alpha_to_the_dtype():
    x = np.array([-7, -3, -2, -1, 0, 1, 2, 5, 7, 9], np.int32)
    assert _run(nn.LeakyReLU(0.2), x) == (ms.int32, [0, 0, 0, 0, 0, 1, 2, 5, 7, 9])
    assert _run(nn.LeakyReLU(-2.0), WIDE) == (ms.int32, [200, 2, 0, 1, 2, 3, 20, 100, 1000])
    assert _run(nn.LeakyReLU(0.2), WIDE.astype(np.uint8)) == (ms.uint8, [156, 255, 0, 1, 2, 3, 20, 100, 232])
    assert _run(nn.LeakyReLU(0.2), x.astype(np.bool_)) == (ms.bool_, [bool(v) for v in x])


def test_selu_and_rrelu_on_integers():
    assert _run(nn.SeLU(), WIDE) == (ms.int32, [-1, 0, 0, 1, 2, 3, 20, 100, 1000])
    assert _run(nn.SeLU(), np.array([-100, -1, 0, 1, 20, 100, 120], np.int8)) == (
        ms.int8, [-1, 0, 0, 1, 20, 100, 120])
    assert _run(nn.RReLU(), WIDE) == (ms.int32, [0, 0, 0, 1, 2, 3, 20, 100, 1000])
    assert _run(nn.RReLU(), WIDE.astype(np.int64))[0] == ms.int64
    with pytest.raises(TypeError, match="SeLU"):
        nn.SeLU()(Tensor(WIDE.astype(np.int64)))
    with pytest.raises(TypeError, match="RReLU"):
        nn.RReLU()(Tensor(WIDE.astype(np.int8)))


@pytest.mark.parametrize("cls", [nn.Sigmoid, nn.Tanh, nn.ReLU6, nn.Softsign, nn.FastGelu, nn.LGamma, nn.DiGamma])
def test_float_only_kernels_refuse_integers_naming_the_cell(cls):
    with pytest.raises(TypeError, match=f"For '{cls.__name__}', the 'x' must be .*Int32 with shape \\(9,\\)"):
        cls()(Tensor(WIDE))


def test_3d_adaptive_pools_keep_an_integer_dtype():
    a = np.arange(-20, 44, dtype=np.int32).reshape(1, 1, 4, 4, 4) * 3
    assert _run(nn.AdaptiveAvgPool3d(2), a) == (ms.int32, [[[[[-28, -22], [-4, 1]], [[67, 73], [91, 97]]]]])
    assert _run(nn.AdaptiveAvgPool3d(3), a)[1] == [[[
        [[-28, -25, -22], [-16, -13, -10], [-4, -1, 1]], [[19, 22, 25], [31, 34, 37], [43, 46, 49]],
        [[67, 70, 73], [79, 82, 85], [91, 94, 97]]]]]
    assert _run(nn.AdaptiveMaxPool3d(2), a) == (ms.int32, [[[[[3, 9], [27, 33]], [[99, 105], [123, 129]]]]])
    assert _run(nn.AdaptiveMaxPool3d(3), a)[1] == [[[
        [[3, 6, 9], [15, 18, 21], [27, 30, 33]], [[51, 54, 57], [63, 66, 69], [75, 78, 81]],
        [[99, 102, 105], [111, 114, 117], [123, 126, 129]]]]]


def test_max_unpool_of_integers_and_its_index_dtype():
    x, idx = np.array([[[[5, -3], [7, 2]]]], np.int32), np.array([[[[0, 3], [9, 15]]]], np.int64)
    assert _run(nn.MaxUnpool2d(2), x, idx) == (
        ms.int32, [[[[5, 0, 0, -3], [0, 0, 0, 0], [0, 7, 0, 0], [0, 0, 0, 2]]]])
    with pytest.raises(TypeError, match="'indices'"):
        nn.MaxUnpool2d(2)(Tensor(x), Tensor(idx.astype(np.float32)))


def test_fractional_max_pool2d_of_integers_takes_the_maxima_of_the_input():
    # MindSpore 2.10's integer kernel starts its maxima at 0 ([[0, 1], [19, 25]] here): ours keeps the
    # float result (closed form: the maxima of the windows the samples pick) in the integer dtype.
    samples = Tensor(np.array([[[0.5, 0.5]]], np.float32))
    x = (np.arange(16).reshape(1, 1, 4, 4) * 3 - 20).astype(np.int32)
    out = nn.FractionalMaxPool2d(2, output_size=(2, 2), _random_samples=samples)(Tensor(x))
    assert out.dtype == ms.int32 and out.asnumpy().tolist() == [[[[-5, 1], [19, 25]]]]


def test_l1_regularizer_returns_float32_for_integer_and_float16_weights():
    assert _run(nn.L1Regularizer(0.5), np.array([1, -2], np.float16)) == (ms.float32, 1.5)
    assert _run(nn.L1Regularizer(0.5), np.array([1, -2], np.int32)) == (ms.float32, 1.5)


def test_bidense_promotes_an_integer_second_input():
    cell = nn.BiDense(2, 2, 1, weight_init="ones", bias_init="zeros")
    assert _run(cell, np.array([[1.0, 2.0]], np.float32), np.array([[3, 4]], np.int32)) == (ms.float32, [[21.0]])


def test_gaussian_nll_loss_broadcasts_its_operands():
    rs = np.random.RandomState(0)
    x, y = rs.randn(1, 2, 3).astype(np.float32), rs.randn(2, 3).astype(np.float32)
    var = (rs.rand(2, 1) + 0.5).astype(np.float32)
    dtype, out = _run(nn.GaussianNLLLoss(reduction="none"), x, y, var)
    np.testing.assert_allclose(out, [[[0.3430784344673157, 0.17530958354473114, 0.5809399485588074],
                                      [1.3522343635559082, 1.2191404104232788, 2.2509682178497314]]], rtol=1e-5)
    with pytest.raises(ValueError, match="GaussianNLLLoss"):
        nn.GaussianNLLLoss()(Tensor(x), Tensor(y), Tensor(np.array([0.5, 2.0], np.float32)))


def test_reflection_pads_take_any_rank_up_to_5():
    assert _run(nn.ReflectionPad1d((1, 2)), np.arange(8, dtype=np.float32).reshape(2, 1, 1, 4))[1] == [
        [[[1.0, 0.0, 1.0, 2.0, 3.0, 2.0, 1.0]]], [[[5.0, 4.0, 5.0, 6.0, 7.0, 6.0, 5.0]]]]
    assert _run(nn.ReflectionPad2d(1), np.arange(4, dtype=np.float32).reshape(2, 2))[1] == [
        [3.0, 2.0, 3.0, 2.0], [1.0, 0.0, 1.0, 0.0], [3.0, 2.0, 3.0, 2.0], [1.0, 0.0, 1.0, 0.0]]
    assert nn.ReflectionPad1d(1)(Tensor(np.ones(3, np.float32))).shape == (5,)
    with pytest.raises(ValueError, match="ReflectionPad2d"):
        nn.ReflectionPad2d(1)(Tensor(np.ones((1, 1, 1, 2, 3, 3), np.float32)))


# Class labels and ids: MindSpore 2.10 gathers at them, so a negative one in [-C, 0) counts from the end
# and one outside [-C, C) is a RuntimeError; its CPU EmbeddingLookup gives zeros outside [0, vocab_size).
LOGITS = np.array([[1.0, 2.0, 3.0], [1.0, 0.0, -1.0]], np.float32)
TABLE = np.arange(30, dtype=np.float32).reshape(10, 3)


def _close(cell, *arrays):
    dtype, out = _run(cell, *arrays)
    return dtype, np.round(np.asarray(out, np.float64), 4).tolist()


def test_class_labels_count_from_the_end_as_mindspore_gathers_them():
    none = {"reduction": "none"}
    assert _close(nn.NLLLoss(**none), LOGITS, np.array([-1, 1], np.int32))[1] == [-3.0, 0.0]
    assert _close(nn.NLLLoss(**none), LOGITS, np.array([-3, 1], np.int32))[1] == [-1.0, 0.0]
    assert _close(nn.NLLLoss(), LOGITS, np.array([-1, 1], np.int32))[1] == -1.5
    assert _close(nn.NLLLoss(**none), np.arange(6, dtype=np.float32).reshape(1, 3, 2),
                  np.array([[-1, 1]], np.int32))[1] == [[-4.0, -3.0]]
    assert _close(nn.CrossEntropyLoss(**none), LOGITS, np.array([-3, 1], np.int32))[1] == [2.4076, 1.4076]
    assert _close(nn.CrossEntropyLoss(**none), LOGITS, np.array([-100, 1], np.int32))[1] == [0.0, 1.4076]
    assert _close(nn.CrossEntropyLoss(), LOGITS, np.array([-1, 1], np.int32))[1] == 0.9076
    weighted = nn.CrossEntropyLoss(weight=Tensor(np.array([1.0, 2.0, 3.0], np.float32)))
    assert _close(weighted, LOGITS, np.array([-1, 1], np.int32))[1] == 0.8076
    assert _close(nn.FocalLoss(**none), LOGITS, np.array([[-1], [1]], np.int32))[1] == [0.0457, 0.8029]
    sparse = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="none")
    assert _close(sparse, LOGITS, np.array([-1, 1], np.int32))[1] == [0.0, 1.4076]
    assert _close(sparse, LOGITS, np.array([3, 1], np.int32))[1] == [0.0, 1.4076]


@pytest.mark.parametrize("cell,labels", [
    (nn.NLLLoss(), [-4, 1]), (nn.NLLLoss(), [100, 1]), (nn.CrossEntropyLoss(), [3, 1]),
    (nn.CrossEntropyLoss(), [-4, 1]), (nn.FocalLoss(), [[3], [1]])])
def test_class_labels_out_of_range_are_a_runtime_error_naming_the_loss(cell, labels):
    with pytest.raises(RuntimeError, match=f"For '{type(cell).__name__}', the .*'labels' must be in \\[-3, 3\\)"):
        cell(Tensor(LOGITS), Tensor(np.array(labels, np.int32)))


def test_embedding_ids_count_from_the_end_and_lookups_zero_outside():
    emb = nn.Embedding(10, 3, embedding_table=Tensor(TABLE))
    assert _run(emb, np.array([[-1, 1]], np.int32))[1] == [[[27.0, 28.0, 29.0], [3.0, 4.0, 5.0]]]
    for bad in (10, -11):
        with pytest.raises(RuntimeError, match="For 'Embedding', the input ids must be in the range \\[0, 10\\)"):
            emb(Tensor(np.array([[bad, 1]], np.int32)))
    lookup = nn.EmbeddingLookup(10, 3, param_init=Tensor(TABLE))
    assert _run(lookup, np.array([[10, -1, -11, 9]], np.int32))[1] == [[[0.0] * 3] * 3 + [[27.0, 28.0, 29.0]]]
    fields = nn.MultiFieldEmbeddingLookup(10, 3, 2, param_init=Tensor(TABLE))
    assert _run(fields, np.array([[10, -1, 2]], np.int32), np.ones((1, 3), np.float32),
                np.array([[0, 1, 1]], np.int32))[1] == [[[0.0, 0.0, 0.0], [6.0, 7.0, 8.0]]]
