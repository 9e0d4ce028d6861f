"""The neural-network Primitives (ops/operations/nn_ops.py, inner_ops.py, unsupported_ops.py) check their
inputs as MindSpore 2.10's infer functions do: dtypes (TypeError) mostly before shapes (ValueError), a
Primitive that is its functional op calls it. Expected values and error types come from MindSpore 2.10 (CPU)."""
import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import ops
from sporetorch.common.tensor import _wrap

F = ms.Tensor(np.arange(12, dtype=np.float32).reshape(3, 4) / 10 - 0.5)
I = ms.Tensor(np.arange(12, dtype=np.int32).reshape(3, 4))


def t(values, dtype=np.float32):
    return ms.Tensor(np.array(values, dtype))


# (Primitive call, error type): MindSpore 2.10's result for inputs whose dtype and shape are both wrong.
DTYPE_FIRST = {
    "AdaptiveAvgPool2D": (lambda: ops.AdaptiveAvgPool2D(2)(I), TypeError),
    "AdaptiveAvgPool3D_bool": (lambda: ops.AdaptiveAvgPool3D(2)(ms.Tensor(np.ones((3, 4), bool))), TypeError),
    "AdaptiveAvgPool3D_int": (lambda: ops.AdaptiveAvgPool3D(2)(I), ValueError),
    "AdaptiveMaxPool3D": (lambda: ops.AdaptiveMaxPool3D()(F, F), TypeError),
    "AdaptiveMaxPool3D_tuple": (lambda: ops.AdaptiveMaxPool3D()(F, (1, 1, 1)), TypeError),
    "AvgPool3D": (lambda: ops.AvgPool3D()(I), TypeError),
    "MaxPool3D": (lambda: ops.MaxPool3D()(I), TypeError),
    "MaxPoolWithArgmax_int32": (lambda: ops.MaxPoolWithArgmax()(I), TypeError),
    "MaxPoolWithArgmaxV2_int32": (lambda: ops.MaxPoolWithArgmaxV2(2)(I), ValueError),
    "Conv2D_mixed": (lambda: ops.Conv2D(2, 2)(I, F), TypeError),
    "Conv3D": (lambda: ops.Conv3D(2, 2)(I, I), TypeError),
    "LRN": (lambda: ops.LRN()(I), TypeError),
    "LRN_rank": (lambda: ops.LRN()(F), ValueError),
    "L2Normalize": (lambda: ops.L2Normalize()(I), TypeError),
    "L2Normalize_0d": (lambda: ops.L2Normalize()(t(0.5)), TypeError),
    "KLDivLoss": (lambda: ops.KLDivLoss()(I, F), TypeError),
    "KLDivLoss_shape": (lambda: ops.KLDivLoss()(F, t([1.0, 2.0, 3.0, 4.0])), ValueError),
    "CTCLoss": (lambda: ops.CTCLoss()(F, F, F, t(1.0)), TypeError),
    "CTCLossV2": (lambda: ops.CTCLossV2()(F, F, F, F), TypeError),
    "Col2Im": (lambda: ops.Col2Im(2)(F, F), TypeError),
    "Col2Im_rank": (lambda: ops.Col2Im(2)(I, I), ValueError),
    "MirrorPad": (lambda: ops.MirrorPad()(F, F), TypeError),
    "MultilabelMarginLoss": (lambda: ops.MultilabelMarginLoss()(F, F), TypeError),
    "NLLLoss": (lambda: ops.NLLLoss()(F, F, F), TypeError),
    "SparseSoftmaxCrossEntropyWithLogits": (lambda: ops.SparseSoftmaxCrossEntropyWithLogits()(F, F), TypeError),
    "SoftmaxCrossEntropyWithLogits_rank": (lambda: ops.SoftmaxCrossEntropyWithLogits()(F, F[0]), ValueError),
    "BCEWithLogitsLoss_shape": (lambda: ops.BCEWithLogitsLoss()(F, F[0]), ValueError),
    "BiasAdd_bias_rank": (lambda: ops.BiasAdd()(I, F), ValueError),
    "BiasAdd_6d": (lambda: ops.BiasAdd()(ms.Tensor(np.ones((1, 2, 1, 1, 1, 1), np.float32)), t([1.0, 2.0])), ValueError),
    "BiasAdd_bool": (lambda: ops.BiasAdd()(ms.Tensor(np.ones((3, 2), bool)), ms.Tensor(np.ones(2, bool))), TypeError),
    "PadV3_rank": (lambda: ops.PadV3()(F, F, 2.5), ValueError),
    "PadV3_dtype": (lambda: ops.PadV3()(F, F[0], F), TypeError),
    "TripletMarginLoss": (lambda: ops.TripletMarginLoss()(F, F, F, I), TypeError),
    "DataFormatVecPermute": (lambda: ops.DataFormatVecPermute()(F), TypeError),
    "NoRepeatNGram": (lambda: ops.NoRepeatNGram()(F, F), TypeError),
    "Tanh": (lambda: ops.Tanh()(I), TypeError),
    "HSwish_bool": (lambda: ops.HSwish()(ms.Tensor(np.ones(3, bool))), TypeError),
    "TransposeExtView": (lambda: ops.TransposeExtView()(F, F, F), TypeError),
    # MindSpore 2.10 checks LayerNorm's shapes before its dtypes
    "LayerNorm": (lambda: ops.LayerNorm()(I, I, I), ValueError),
    "LayerNorm_0d": (lambda: ops.LayerNorm()(t(1.0), F, F), ValueError),
    # run-time kernel failures in MindSpore 2.10
    "LogSoftmax_0d": (lambda: ops.LogSoftmax()(t(1.0)), RuntimeError),
    "GLU_0d": (lambda: ops.GLU()(t(1.0)), RuntimeError),
    "GLU_odd": (lambda: ops.GLU()(F[:, :3]), RuntimeError),
    "CopyWithSlice_dtype": (lambda: ops.CopyWithSlice()(I, F), RuntimeError),
    "CopyWithSlice_shape": (lambda: ops.CopyWithSlice()(F, F[0]), RuntimeError),
    "CopyWithSlice_scalar": (lambda: ops.CopyWithSlice()(F, 2.5), RuntimeError),
    # checks MindSpore 2.10 makes before it finds no CPU kernel
    "RNNTLoss": (lambda: ops.RNNTLoss()(F, F, F, F), TypeError),
    "RNNTLoss_shape": (lambda: ops.RNNTLoss()(ms.Tensor(np.zeros((1, 2, 3, 5), np.float32)), t([[1, 2, 3]], np.int32),
                                              t([2], np.int32), t([2], np.int32)), ValueError),
    "GroupTopk": (lambda: ops.GroupTopk()(F, F, F, t(1.0)), ValueError),
    "ComputeAccidentalHits": (lambda: ops.ComputeAccidentalHits()(I, I), TypeError),
    "SubAndFilter": (lambda: ops.SubAndFilter()(F, 2, 1), TypeError),
}


@pytest.mark.parametrize("case", sorted(DTYPE_FIRST))
def test_error_type_as_mindspore(case):
    call, error = DTYPE_FIRST[case]
    with pytest.raises(error, match=r"'" + case.split("_")[0] + "'"):
        call()


def test_integer_activation_kernels():
    # MindSpore 2.10: the integer kernels of HSigmoid, HSwish and SeLU (one implementation with ops.hardsigmoid...)
    x = [-5, 1, 2, 3, 4, -1]
    assert ops.HSigmoid()(t(x, np.int8)).asnumpy().tolist() == [0, 0, 0, 1, 1, 0]
    assert ops.HSwish()(t(x, np.int64)).asnumpy().tolist() == [0, 0, 1, 3, 4, 0]
    out = ops.SeLU()(t(x, np.int32))
    assert out.dtype == ms.int32 and out.asnumpy().tolist() == [0, 1, 2, 3, 4, 0]


def test_losses_and_lrn_values():
    x = t([[0.5, -1.0, 2.0], [1.5, 0.25, -0.75]])
    y = t([[0.2, -0.3, 0.5], [0.0, 0.9, 0.1]])
    # MindSpore 2.10: non-positive labels contribute 0 to KLDivLoss
    np.testing.assert_allclose(ops.KLDivLoss()(x, y).asnumpy(), -0.37392401695251465, rtol=1e-5)
    np.testing.assert_allclose(ops.KLDivLoss("sum")(x, y).asnumpy(), -2.243544101715088, rtol=1e-5)
    # weight and pos_weight default to None
    np.testing.assert_allclose(ops.BCEWithLogitsLoss()(x, y).asnumpy(), 0.7964150905609131, rtol=1e-5)
    x4 = ms.Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 2, 2) / 10)
    out = ops.LRN(depth_radius=1, bias=1.0, alpha=0.5, beta=0.75)(x4).asnumpy().ravel()[:6]
    np.testing.assert_allclose(out, [0.0, 0.09124123305082321, 0.1744391769170761, 0.24784435331821442,
                                     0.31078779697418213, 0.36256739497184753], rtol=1e-5)


def test_betainc_is_nan_outside_its_domain():
    # MindSpore 2.10: NaN for a <= 0, b <= 0 or x outside [0, 1]
    out = ops.Betainc()(t([0.5, -1.0, 2.0, 1.0]), t([2.0, 1.0, 0.0, 3.0]), t([0.3, 0.5, 0.5, 1.5])).asnumpy()
    np.testing.assert_allclose(out[0], 0.7394254207611084, rtol=1e-5)
    assert np.isnan(out[1:]).all()


def test_views_take_mindspore_argument_order():
    x = ms.Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
    # MindSpore 2.10: SelectView()(x, index, axis)
    assert ops.SelectView()(x, 1, 0).asnumpy().tolist() == [4, 5, 6, 7]
    assert ops.SelectView()(x, 2, 1).asnumpy().tolist() == [2, 6, 10]
    with pytest.raises(TypeError, match="'axis'"):
        ops.SelectView()(x, 1, t(0, np.int32))


def test_sub_and_filter_and_accidental_hits():
    # MindSpore 2.10's documented examples (SubAndFilter also run on its CPU kernel)
    res, idx = ops.SubAndFilter()(t([1, 3, 5, 8, 9, 16], np.int64), 10, 5)
    assert res.dtype == idx.dtype == ms.int64
    assert res.asnumpy().tolist() == [0, 3, 4] and idx.asnumpy().tolist() == [2, 3, 4]
    # a Tensor max_num/offset: MindSpore 2.10 reads its first element
    res, idx = ops.SubAndFilter()(t([[2, 3, 3, -3], [-3, 1, 2, 0]], np.int32), t([[2, 9]], np.int32),
                                  t([2, 7], np.int32))
    assert res.asnumpy().tolist() == [0, 1, 1, 0] and idx.asnumpy().tolist() == [0, 1, 2, 6]
    indices, ids, weights = ops.ComputeAccidentalHits(2)(t([[1, 2], [0, 4], [3, 3]], np.int64),
                                                         t([0, 1, 2, 3, 4], np.int64))
    assert (indices.dtype, ids.dtype, weights.dtype) == (ms.int32, ms.int64, ms.float32)
    assert indices.asnumpy().tolist() == [0, 0, 1, 1, 2, 2] and ids.asnumpy().tolist() == [1, 2, 0, 4, 3, 3]
    np.testing.assert_array_equal(weights.asnumpy(), np.full(6, np.finfo(np.float32).min))


def test_copy_with_slice_copies_in_place():
    dst = t([1.0, 1.0])
    out = ops.CopyWithSlice()(dst, t([0.0, 2.0]))
    assert out is dst and dst.asnumpy().tolist() == [0.0, 2.0]


def test_primitives_call_functional_gradients():
    x = torch.tensor([[0.3, -0.2, 0.9, 0.1]], dtype=torch.float64, requires_grad=True)
    labels = _wrap(torch.tensor([[0.1, 0.2, 0.3, 0.4]], dtype=torch.float64))
    assert torch.autograd.gradcheck(lambda v: ops.KLDivLoss("sum")(_wrap(v), labels)._t, (x,))
    assert torch.autograd.gradcheck(lambda v: ops.GLU()(_wrap(v))._t, (x,))


def test_max_pool_with_argmax_indexes_each_sample_flattened():
    x = ms.Tensor(np.random.RandomState(1).randn(2, 2, 4, 4).astype(np.float32))
    _, idx = ops.MaxPoolWithArgmax(2, 2)(x)
    # MindSpore 2.10: an index into the sample's (C, H, W), so the second channel's start at 16
    assert idx.dtype == ms.int32
    assert idx.asnumpy().reshape(2, 2, -1).tolist() == [[[0, 6, 8, 10], [21, 22, 24, 26]],
                                                         [[5, 6, 12, 15], [17, 23, 29, 27]]]
    _, idx = ops.MaxPoolWithArgmaxV2(2, 2)(x)  # V2 counts within each channel
    assert idx.asnumpy().reshape(2, 2, -1).tolist() == [[[0, 6, 8, 10], [5, 6, 8, 10]],
                                                         [[5, 6, 12, 15], [1, 7, 13, 11]]]


def test_resize_modes_as_mindspore():
    # MindSpore 2.10: without align_corners/half_pixel_centers the source of output i is i * in / out (torch has
    # no such mode); ResizeBicubic's cubic weights are TensorFlow's (a = -0.75 from a 1/1024 table, or Keys'
    # a = -0.5 with renormalised in-range taps for half-pixel centres)
    x = ms.Tensor((np.arange(12, dtype=np.float32).reshape(1, 1, 3, 4) ** 2) / 10)
    np.testing.assert_allclose(ops.ResizeBilinearV2()(x, (4, 6)).asnumpy().ravel(), [
        0.0, 0.06667, 0.2, 0.4, 0.73333, 0.9, 1.2, 1.66667, 2.2, 2.8, 3.53333, 3.9, 4.0, 4.86667, 5.8, 6.8, 7.93333,
        8.5, 6.4, 7.53333, 8.73333, 10.0, 11.4, 12.1], rtol=1e-4, atol=1e-5)
    want = {
        (False, False): [
            0.0, 0.03522, 0.17771, 0.4, 0.75941, 0.95556, 0.73125, 1.07343, 1.64111, 2.2, 2.95539, 3.3493, 4.15,
            4.91761, 6.07459, 7.1, 8.4042, 9.07222, 6.90625, 7.90902, 9.39172, 10.675, 12.28255, 13.10208],
        (True, False): [
            0.0, 0.02877, 0.15044, 0.30152, 0.62661, 0.9, 0.56353, 0.82372, 1.28757, 1.67008, 2.33733, 2.84215,
            3.2872, 3.8903, 4.86116, 5.58658, 6.76084, 7.60857, 6.4, 7.23453, 8.54756, 9.5044, 11.02084, 12.1],
        (False, True): [
            -0.08742, -0.07138, 0.00384, 0.17581, 0.49061, 0.72124, 0.63012, 0.8788, 1.32186, 1.81823, 2.50088,
            2.96415, 3.42116, 4.00872, 4.98758, 5.95644, 7.17489, 7.97704, 6.53598, 7.35619, 8.70289, 9.99615,
            11.58244, 12.61724],
    }
    for (align, half), values in want.items():
        out = ops.ResizeBicubic(align, half)(x, ms.Tensor(np.array([4, 6], np.int32)))
        np.testing.assert_allclose(out.asnumpy().ravel(), values, rtol=1e-4, atol=1e-5)
    t = torch.rand(1, 2, 3, 4, dtype=torch.float64, requires_grad=True)
    assert torch.autograd.gradcheck(lambda v: ops.ResizeBicubic()(_wrap(v), (5, 7))._t, (t,))
    assert torch.autograd.gradcheck(lambda v: ops.ResizeBilinearV2()(_wrap(v), (5, 7))._t, (t,))


def test_conv2d_transpose_same_padding_crops_as_mindspore():
    # MindSpore 2.10: Conv2D's 'same' pad of 1 (0 before, 1 after) is cropped from the transposed output
    d = ms.Tensor(np.arange(18, dtype=np.float32).reshape(1, 2, 3, 3) / 10)
    out = ops.Conv2DTranspose(1, 3, pad_mode="same", stride=2)(d, ms.Tensor(np.ones((2, 1, 3, 3), np.float32)),
                                                              (1, 1, 6, 6))
    assert out.shape == (1, 1, 6, 6)
    np.testing.assert_allclose(out.asnumpy().ravel(), [
        0.9, 0.9, 2.0, 1.1, 2.4, 1.3, 0.9, 0.9, 2.0, 1.1, 2.4, 1.3, 2.4, 2.4, 5.2, 2.8, 6.0, 3.2, 1.5, 1.5, 3.2,
        1.7, 3.6, 1.9, 3.6, 3.6, 7.6, 4.0, 8.4, 4.4, 2.1, 2.1, 4.4, 2.3, 4.8, 2.5], rtol=1e-5)


def test_nearest_resize_modes_and_3d_same_pooling():
    x = ms.Tensor(np.arange(12, dtype=np.float32).reshape(1, 1, 3, 4))
    size = ms.Tensor(np.array([5, 3], np.int32))
    # MindSpore 2.10: legacy floor, aligned corners and half-pixel centres round
    want = {(False, False): [0, 1, 2, 0, 1, 2, 4, 5, 6, 4, 5, 6, 8, 9, 10],
            (True, False): [0, 2, 3, 4, 6, 7, 4, 6, 7, 8, 10, 11, 8, 10, 11],
            (False, True): [0, 2, 3, 0, 2, 3, 4, 6, 7, 8, 10, 11, 8, 10, 11]}
    for (align, half), values in want.items():
        assert ops.ResizeNearestNeighborV2(align, half)(x, size).asnumpy().ravel().tolist() == values
    # MindSpore 2.10's ResizeNearestNeighbor ignores half_pixel_centers
    assert ops.ResizeNearestNeighbor((5, 3), False, True)(x).asnumpy().ravel().tolist() == want[False, False]
    # An empty input: MindSpore 2.10 returns a (1, 1, 4, 4) tensor of unset values; we refuse it with an
    # error naming the op (the power-of-two upscale path once divided by its zero height instead).
    with pytest.raises(ValueError, match="ResizeNearestNeighbor"):
        ops.ResizeNearestNeighbor((4, 4))(ms.Tensor(np.zeros((1, 1, 0, 2), np.float32)))
    v = ms.Tensor(np.arange(60, dtype=np.float32).reshape(1, 1, 3, 4, 5) % 7)
    assert ops.MaxPool3D(2, 2, "same")(v).asnumpy().ravel().tolist() == [6, 6, 4, 4, 6, 6, 6, 6, 2, 6, 4, 5]
    np.testing.assert_allclose(ops.AvgPool3D(2, 2, "same", count_include_pad=False)(v).asnumpy().ravel(),
                               [3.375, 1.875, 2.5, 2.0, 4.0, 3.75, 4.5, 3.0, 1.0, 2.25, 2.5, 4.0])


def test_integer_adaptive_pooling_3d_and_l2_normalize_axis():
    v = ms.Tensor((np.arange(24, dtype=np.int32).reshape(1, 1, 2, 3, 4) * 5) % 11 - 5)
    # MindSpore 2.10's integer kernels: the mean truncated toward zero; the max and its flat index
    out = ops.AdaptiveAvgPool3D((1, 2, 2))(v)
    assert out.dtype == ms.int32 and out.asnumpy().ravel().tolist() == [0, 0, 0, -1]
    values, index = ops.AdaptiveMaxPool3D()(v, ms.Tensor(np.array([1, 2, 2], np.int32)))
    assert values.dtype == ms.int32 and values.asnumpy().ravel().tolist() == [5, 5, 4, 3]
    assert index.asnumpy().ravel().tolist() == [13, 2, 4, 6]
    with pytest.raises(TypeError, match="'axis'"):  # MindSpore 2.10 normalises over one axis only
        ops.L2Normalize((0, 1))(F)
