"""Input checks of the Primitives of sporetorch/ops/operations/extra_ops.py (``_DTYPES``, ``_check_dtypes``,
``_check_rank`` and the Primitives' own shape checks): the exception types, and the values, come from
MindSpore 2.10 (run on its CPU build) unless a comment says otherwise."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import Tensor
from sporetorch.ops import operations as P

F = np.random.RandomState(0).randn(3, 4).astype(np.float32)
I = np.arange(12, dtype=np.int32).reshape(3, 4)  # the sweep's name for its int input


def _f(*shape):
    return Tensor(np.ones(shape, np.float32))


def _i(values, dtype=np.int32):
    return Tensor(np.asarray(values, dtype))


# (Primitive call, MindSpore 2.10's exception type): dtypes are checked before shapes.
RAISES = [
    ("BatchToSpace bool", lambda: P.BatchToSpace(2, ((0, 0), (0, 0)))(Tensor(F > 0)), TypeError),
    ("SpaceToBatch bool", lambda: P.SpaceToBatch(2, ((0, 0), (0, 0)))(Tensor(F > 0)), TypeError),
    ("SpaceToBatchND bool", lambda: P.SpaceToBatchND((1, 1), ((0, 0), (1, 1)))(Tensor(F > 0)), TypeError),
    ("SpaceToBatchND 0-d", lambda: P.SpaceToBatchND((1, 1), ((0, 0), (1, 1)))(Tensor(np.float32(1))), ValueError),
    ("SpaceToBatchND rank <= blocks", lambda: P.SpaceToBatchND((1, 1), ((0, 0), (1, 1)))(Tensor(F)), RuntimeError),
    ("CTCGreedyDecoder int inputs", lambda: P.CTCGreedyDecoder()(Tensor(I), _i([1])), TypeError),
    ("CTCGreedyDecoder float length", lambda: P.CTCGreedyDecoder()(_f(2, 1, 3), _f(1)), TypeError),
    ("CompareAndBitpack dtypes differ", lambda: P.CompareAndBitpack()(Tensor(I), Tensor(F)), TypeError),
    ("CompareAndBitpack number threshold", lambda: P.CompareAndBitpack()(Tensor(I), 2), TypeError),
    ("CompareAndBitpack threshold rank", lambda: P.CompareAndBitpack()(_f(2, 8), _f(1)), ValueError),
    ("CompareAndBitpack last axis % 8", lambda: P.CompareAndBitpack()(Tensor(F), Tensor(np.float32(0))), ValueError),
    ("ConfusionMatrix bool labels", lambda: P.ConfusionMatrix(3)(Tensor(F > 0), Tensor(F)), TypeError),
    ("ConfusionMatrix 2-D labels", lambda: P.ConfusionMatrix(3)(Tensor(F), Tensor(F)), ValueError),
    ("ConfusionMatrix number weights", lambda: P.ConfusionMatrix(3)(Tensor(F), Tensor(F), 2.5), TypeError),
    ("Conv2DBackpropInput 2-D input_size", lambda: P.Conv2DBackpropInput(2, 2)(Tensor(F), Tensor(F), Tensor(F)),
     ValueError),
    ("Conv2DBackpropInput number input_size", lambda: P.Conv2DBackpropInput(2, 2)(Tensor(F), Tensor(F), 2.5),
     TypeError),
    ("DataFormatDimMap float", lambda: P.DataFormatDimMap()(Tensor(F)), TypeError),
    ("EqualCount dtypes differ", lambda: P.EqualCount()(Tensor(I), _f(4)), TypeError),
    ("EqualCount shapes differ", lambda: P.EqualCount()(Tensor(F), _f(4)), ValueError),
    ("EqualCount bool", lambda: P.EqualCount()(Tensor(F > 0), Tensor(F > 1)), TypeError),
    ("HSVToRGB int", lambda: P.HSVToRGB()(Tensor(I)), TypeError),
    ("HSVToRGB 0-d", lambda: P.HSVToRGB()(Tensor(np.float32(1))), RuntimeError),
    ("HSVToRGB rank 2", lambda: P.HSVToRGB()(_f(2, 3)), ValueError),
    ("HSVToRGB 4 channels", lambda: P.HSVToRGB()(_f(1, 2, 2, 4)), ValueError),
    ("RGBToHSV bool", lambda: P.RGBToHSV()(Tensor(F > 0)), TypeError),
    ("RGBToHSV 0-d", lambda: P.RGBToHSV()(Tensor(np.float32(1))), RuntimeError),
    ("RGBToHSV 4 channels", lambda: P.RGBToHSV()(Tensor(F)), ValueError),
    ("HistogramFixedWidth bool", lambda: P.HistogramFixedWidth(3)(Tensor(F > 0), _f(2)), TypeError),
    ("HistogramFixedWidth int64 range", lambda: P.HistogramFixedWidth(3)(_i([1, 2]), _i([0, 5], np.int64)),
     TypeError),
    ("HistogramFixedWidth number range", lambda: P.HistogramFixedWidth(3)(Tensor(F), 2.5), TypeError),
    ("HistogramFixedWidth 2-D range", lambda: P.HistogramFixedWidth(3)(Tensor(F), Tensor(F)), ValueError),
    ("HistogramFixedWidth 4 ends", lambda: P.HistogramFixedWidth(3)(Tensor(F), _f(4)), ValueError),
    ("LerpScalar Tensor weight", lambda: P.LerpScalar()(Tensor(F), Tensor(F), Tensor(F)), TypeError),
    ("LerpScalar int weight", lambda: P.LerpScalar()(Tensor(F), Tensor(F), 1), TypeError),
    ("LerpScalar dtypes differ", lambda: P.LerpScalar()(Tensor(I), Tensor(F), 0.5), TypeError),
    ("ListDiff dtypes differ", lambda: P.ListDiff()(_i([1, 2]), _i([1], np.int64)), TypeError),
    ("ListDiff number y", lambda: P.ListDiff()(_i([1, 2]), 2), TypeError),
    ("ListDiff 2-D", lambda: P.ListDiff()(Tensor(F), Tensor(F)), ValueError),
    ("LogSpace int", lambda: P.LogSpace()(Tensor(I), Tensor(I)), TypeError),
    ("LogSpace number", lambda: P.LogSpace()(Tensor(F), 2.5), TypeError),
    ("LogSpace 1-D start", lambda: P.LogSpace()(_f(1), _f(1)), ValueError),
    ("Lstsq int", lambda: P.Lstsq()(Tensor(I), Tensor(I)), TypeError),
    ("Lstsq dtypes differ", lambda: P.Lstsq()(Tensor(F), Tensor(F.astype(np.float64))), TypeError),
    ("MatrixDiagPartV3 float k", lambda: P.MatrixDiagPartV3()(Tensor(F), Tensor(F), Tensor(np.float32(0))),
     TypeError),
    ("MatrixDiagPartV3 number padding", lambda: P.MatrixDiagPartV3()(Tensor(F), _i(0), 2.5), TypeError),
    ("MatrixSetDiagV3 float k", lambda: P.MatrixSetDiagV3()(Tensor(np.float32(1)), Tensor(F), Tensor(F)),
     TypeError),
    ("MatrixLogarithm float", lambda: P.MatrixLogarithm()(Tensor(F)), TypeError),
    ("MatrixLogarithm 1-D", lambda: P.MatrixLogarithm()(Tensor(np.ones(2, np.complex64))), ValueError),
    ("MatrixLogarithm not square", lambda: P.MatrixLogarithm()(Tensor(np.ones((2, 3), np.complex64))), ValueError),
    ("MatrixSolveLs float32 l2", lambda: P.MatrixSolveLs()(Tensor(F), Tensor(F), Tensor(np.float32(0))), TypeError),
    ("MatrixSolveLs number l2", lambda: P.MatrixSolveLs()(Tensor(F), Tensor(F), 2.5), TypeError),
    ("MatrixSolveLs int", lambda: P.MatrixSolveLs()(Tensor(I), Tensor(I), Tensor(np.float64(0))), TypeError),
    ("MaxUnpool2D float argmax", lambda: P.MaxUnpool2D(2)(Tensor(F), Tensor(F)), TypeError),
    ("MaxUnpool2D bool x", lambda: P.MaxUnpool2D(2)(Tensor(F > 0), Tensor(I)), TypeError),
    ("MaxUnpool2D rank 2", lambda: P.MaxUnpool2D(2)(Tensor(I), Tensor(I)), ValueError),
    ("MaxUnpool3D rank 2", lambda: P.MaxUnpool3D(2)(Tensor(I), Tensor(I)), ValueError),
    ("NMSWithMask int", lambda: P.NMSWithMask()(Tensor(I)), TypeError),
    ("NMSWithMask float64", lambda: P.NMSWithMask()(Tensor(np.zeros((3, 5)))), TypeError),
    ("NMSWithMask rank 3", lambda: P.NMSWithMask()(_f(2, 3, 5)), ValueError),
    ("NMSWithMask 4 columns", lambda: P.NMSWithMask()(Tensor(F)), ValueError),
    ("NuclearNorm float16", lambda: P.NuclearNorm()(Tensor(F.astype(np.float16))), TypeError),
    ("Ormqr one input", lambda: P.Ormqr()(Tensor(F)), ValueError),
    ("Ormqr two inputs", lambda: P.Ormqr()(_f(3, 3), _f(3)), ValueError),
    ("ResizeArea tuple size", lambda: P.ResizeArea()(_f(1, 4, 4, 2), (2, 2)), TypeError),
    ("ResizeArea int64 size", lambda: P.ResizeArea()(_f(1, 4, 4, 2), _i([2, 2], np.int64)), TypeError),
    ("SparseTensorDenseAdd float indices", lambda: P.SparseTensorDenseAdd()(Tensor(F), Tensor(F), Tensor(F),
                                                                            Tensor(F)), TypeError),
    ("SparseTensorDenseMatmul 2-D values", lambda: P.SparseTensorDenseMatmul()(Tensor(I), Tensor(I), Tensor(I),
                                                                              Tensor(I)), ValueError),
    ("SparseToDense float indices", lambda: P.SparseToDense()(Tensor(F), Tensor(F), (3, 4)), TypeError),
    ("SparseToDense 2-D values", lambda: P.SparseToDense()(Tensor(I), Tensor(I), (3, 4)), ValueError),
    ("TridiagonalMatMul int", lambda: P.TridiagonalMatMul()(Tensor(I), Tensor(I), Tensor(I), Tensor(I)), TypeError),
    ("AccumulateNV2 0-d Tensor", lambda: P.AccumulateNV2()(Tensor(np.float32(1))), TypeError),
    # MindSpore 2.10 raises an internal RuntimeError; its documentation lists this ValueError.
    ("RmsNorm gamma rank > x rank", lambda: P.RmsNorm()(Tensor(np.float32(1)), Tensor(F)), ValueError),
]


@pytest.mark.parametrize("call,exc", [(c, e) for _, c, e in RAISES], ids=[n for n, _, _ in RAISES])
def test_raises_like_mindspore(call, exc):
    with pytest.raises(exc) as info:
        call()
    assert "For '" in str(info.value)


def test_dtype_table_names_primitive_and_argument():
    with pytest.raises(TypeError, match=r"For 'MaxUnpool2D', the 'argmax' must be a Tensor of \{Int32, Int64\}"):
        P.MaxUnpool2D(2)(Tensor(F), Tensor(F))
    with pytest.raises(TypeError, match="For 'ListDiff', the 'y' must be a Tensor, but got int"):
        P.ListDiff()(_i([1, 2]), 2)
    with pytest.raises(ValueError, match=r"For 'ListDiff'.*\(3, 4\)"):
        P.ListDiff()(Tensor(F), Tensor(F))


def test_values_like_mindspore():
    # Each expected value below is MindSpore 2.10's output for the same call.
    assert P.DataFormatDimMap()(_i([0, 1, 2, 3])).asnumpy().tolist() == [0, 3, 1, 2]
    out = P.DataFormatDimMap()(_i([0, 1, 2, 3, -1, -4, 5, 7], np.int64))
    assert out.dtype == ms.int64 and out.asnumpy().tolist() == [0, 3, 1, 2, 2, 0, 3, 2]
    assert P.DataFormatDimMap("NCHW", "NHWC")(_i([0, 1, 2, 3])).asnumpy().tolist() == [0, 2, 3, 1]
    x, y = Tensor(np.array([1.0, 2.0], np.float16)), Tensor(np.array([1.0, 3.0], np.float16))
    out = P.EqualCount()(x, y)
    assert out.dtype == ms.float16 and out.asnumpy().tolist() == [1.0]
    diff, idx = P.ListDiff()(_i([1, 2, 3, 2]), _i([2]))
    assert diff.asnumpy().tolist() == [1, 3] and idx.asnumpy().tolist() == [0, 2]
    boxes = Tensor(np.array([[0, 0, 2, 2, 0.9], [0, 0, 2, 2.1, 0.8], [3, 3, 4, 4, 0.7]], np.float32))
    _, order, keep = P.NMSWithMask(0.5)(boxes)
    assert order.asnumpy().tolist() == [0, 1, 2] and keep.asnumpy().tolist() == [True, False, True]
    spd = Tensor(np.array([[4.0, 1.0], [1.0, 3.0]], np.float32))
    out = P.MatrixSolveLs()(spd, Tensor(np.array([[1.0], [2.0]], np.float32)), Tensor(np.float64(1.0)))
    np.testing.assert_allclose(out.asnumpy(), [[0.11409397], [0.56375837]], rtol=1e-5)
    out = P.MatrixLogarithm()(Tensor(np.eye(2, dtype=np.complex64) * 2))
    np.testing.assert_allclose(out.asnumpy(), np.eye(2) * np.log(2), atol=1e-6)
    bits = P.CompareAndBitpack()(Tensor(np.array([[1, 1, 1, 1, 1, 0, 1, 0]], np.float32)), Tensor(np.float32(0.5)))
    assert bits.dtype == ms.uint8 and bits.asnumpy().tolist() == [[250]]  # 0b11111010


def test_accumulate_nv2_takes_a_tensor_as_its_rows():
    # MindSpore 2.10 reads a Tensor input as the sequence of its rows (its wrapper asks for its length), and
    # a list of one Tensor is that Tensor (MindSpore's result). Longer sequences have no CPU kernel in
    # MindSpore 2.10: their sums are ops.addn's (closed form).
    row = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
    assert P.AccumulateNV2()([row]).asnumpy().tolist() == [1.0, 2.0, 3.0]
    assert P.AccumulateNV2()((row, row)).asnumpy().tolist() == [2.0, 4.0, 6.0]
    assert P.AccumulateNV2()(Tensor(F)).asnumpy().tolist() == pytest.approx(F.sum(0).tolist(), rel=1e-6)


def test_lstsq_like_mindspore():
    # Values from MindSpore 2.10 (the first is its documentation's example): X solves x @ X = a.
    x = Tensor(np.array([[2, 1, 5], [3, 5, 1], [1, 1, 1]], np.float32))
    a = Tensor(np.array([[10, 5], [15, 8], [7, 4]], np.float32))
    np.testing.assert_allclose(P.Lstsq()(x, a).asnumpy(), [[17, 11], [-6.5, -4.5], [-3.5, -2.5]], atol=1e-4)
    out = P.Lstsq()(x, Tensor(np.array([10, 15, 7], np.float32)))
    assert out.shape == (3, 1)
    np.testing.assert_allclose(out.asnumpy(), [[17], [-6.5], [-3.5]], atol=1e-4)
    wide = P.Lstsq()(Tensor(np.array([[1, 0, 1], [0, 1, 1]], np.float32)), Tensor(np.array([1, 2], np.float32)))
    np.testing.assert_allclose(wide.asnumpy(), [[0], [1], [1]], atol=1e-5)
    tall = Tensor(np.array([[1, 0], [0, 1], [1, 1]], np.float16)), Tensor(np.array([[1], [2], [4]], np.float16))
    out = P.Lstsq()(*tall)
    assert out.dtype == ms.float16
    np.testing.assert_allclose(out.asnumpy().astype(np.float32), [[1.333], [2.334]], atol=2e-3)
    for kwargs in ({"fast": False}, {"l2_regularizer": 1.0}):
        with pytest.raises(TypeError, match="For 'Lstsq'"):
            P.Lstsq(**kwargs)
    with pytest.raises(ValueError, match="For 'Lstsq'"):
        P.Lstsq()(x, Tensor(np.ones((3, 1, 1), np.float32)))
    with pytest.raises(ValueError, match="For 'Lstsq'"):
        P.Lstsq()(Tensor(np.ones((2, 3, 3), np.float32)), Tensor(np.ones((2, 3, 2), np.float32)))


def test_matrix_solve_ls_like_mindspore():
    # Values and exception types from MindSpore 2.10.
    l2 = Tensor(np.float64(0.0))
    out = P.MatrixSolveLs()(Tensor(np.array([[2, 0], [0, 4]], np.complex64)), Tensor(np.array([[2], [2]], np.complex64)),
                            l2)
    assert out.dtype == ms.complex64
    np.testing.assert_allclose(out.asnumpy(), [[1], [0.5]], atol=1e-6)
    batch = Tensor(np.stack([np.eye(2), 2 * np.eye(2)]).astype(np.float32))
    np.testing.assert_allclose(P.MatrixSolveLs()(batch, Tensor(np.ones((2, 2, 1), np.float32)), l2).asnumpy(),
                               [[[1], [1]], [[0.5], [0.5]]], atol=1e-6)
    for matrix, rhs in (((3,), (3, 1)), ((3, 2), (2, 1)), ((2, 3, 2), (3, 3, 1))):
        with pytest.raises(ValueError, match="For 'MatrixSolveLs'"):
            P.MatrixSolveLs()(Tensor(np.ones(matrix, np.float32)), Tensor(np.ones(rhs, np.float32)), l2)


def _values(out):
    return np.round(out.asnumpy().astype(np.float64), 4).tolist()


def test_layouts_and_packing_like_mindspore():
    # Each expected value below is MindSpore 2.10's output for the same call.
    x = Tensor(np.arange(16, dtype=np.float32).reshape(1, 2, 2, 4))
    out = P.SpaceToBatchND((2,), ((0, 0),))(x)  # the blocks come from the last M axes
    assert out.shape == (2, 2, 2, 2)
    assert _values(out.reshape(-1))[:8] == [0, 2, 4, 6, 8, 10, 12, 14]
    out = P.SpaceToBatchND((2, 2), ((0, 0), (0, 0)))(Tensor(np.arange(32, dtype=np.float32).reshape(1, 2, 2, 2, 4)))
    assert out.shape == (4, 2, 2, 1, 2)
    assert _values(out.reshape(-1))[:8] == [0, 2, 8, 10, 16, 18, 24, 26]
    out = P.BatchToSpaceND((2,), ((0, 0),))(Tensor(np.arange(16, dtype=np.float32).reshape(2, 2, 2, 2)))
    assert out.shape == (1, 2, 2, 4)
    assert _values(out.reshape(-1))[:8] == [0, 8, 1, 9, 2, 10, 3, 11]
    with pytest.raises(RuntimeError, match="divisible"):
        P.SpaceToBatchND((2,), ((0, 0),))(Tensor(np.ones((2, 4, 3), np.float32)))
    # Bool x is packed first-in-lowest-bit (threshold unused), other dtypes first-in-highest-bit.
    for pattern, packed in (([1, 1, 0, 0, 0, 0, 0, 0], 3), ([0, 0, 0, 0, 0, 0, 0, 1], 128)):
        for threshold in (False, True):
            out = P.CompareAndBitpack()(Tensor(np.array(pattern, bool)), Tensor(np.array(threshold)))
            assert out.asnumpy().tolist() == [packed]
    out = P.CompareAndBitpack()(Tensor(np.array([1, 1, 0, 0, 0, 0, 0, 0], np.float32)), Tensor(np.float32(0.5)))
    assert out.asnumpy().tolist() == [192]
    # NMSWithMask returns the boxes sorted by score, and output_idx indexes that sorted list.
    boxes = Tensor(np.array([[0, 0, 2, 2, 0.5], [1, 1, 3, 3, 0.9], [0, 0, 1, 1, 0.7], [5, 5, 6, 6, 0.6]], np.float32))
    sorted_boxes, idx, keep = P.NMSWithMask(0.1)(boxes)
    assert _values(sorted_boxes[:, 4]) == [0.9, 0.7, 0.6, 0.5]
    assert idx.asnumpy().tolist() == [0, 1, 2, 3] and keep.asnumpy().tolist() == [True, True, True, False]


def test_resize_area_like_mindspore():
    # TensorFlow's area weights (partial pixels by overlap), as MindSpore 2.10 computes them; Float32 out.
    img = Tensor(np.arange(12, dtype=np.float32).reshape(1, 3, 4, 1))
    size = _i([2, 3])
    assert _values(P.ResizeArea()(img, size).reshape(-1)) == [1.5833, 2.8333, 4.0833, 6.9167, 8.1667, 9.4167]
    assert _values(P.ResizeArea(align_corners=True)(img, size).reshape(-1)) == [2.3333, 3.6667, 5.0, 8.3333, 9.6667,
                                                                                11.0]
    out = P.ResizeArea()(Tensor(np.arange(4, dtype=np.uint8).reshape(1, 2, 2, 1)), _i([3, 3]))
    assert out.dtype == ms.float32 and _values(out.reshape(-1)) == [0, 0.5, 1, 1, 1.5, 2, 2, 2.5, 3]
    for images, size in (((4, 4, 2), [2, 2]), ((1, 4, 4, 2), [2, 2, 2]), ((1, 4, 4, 2), [0, 2])):
        with pytest.raises(ValueError, match="For 'ResizeArea'"):
            P.ResizeArea()(_f(*images), _i(size))


def test_tridiagonal_matmul_like_mindspore():
    # Diagonals of shape [..., 1, M] and rhs [..., M, N] of the same rank (MindSpore 2.10's values and errors).
    sup = Tensor(np.array([[[1.0, 2.0, 0.0]], [[1.0, 1.0, 0.0]]], np.float32))
    main = Tensor(np.array([[[3.0, 4.0, 5.0]], [[1.0, 1.0, 1.0]]], np.float32))
    sub = Tensor(np.array([[[0.0, 6.0, 7.0]], [[0.0, 2.0, 2.0]]], np.float32))
    rhs = Tensor(np.stack([np.eye(3), np.ones((3, 3))]).astype(np.float32))
    assert _values(P.TridiagonalMatMul()(sup, main, sub, rhs)) == [[[3, 1, 0], [6, 4, 2], [0, 7, 5]],
                                                                   [[2, 2, 2], [4, 4, 4], [3, 3, 3]]]
    for diag, rhs_shape in (((3,), (3, 3)), ((2, 3), (3, 3)), ((2, 1, 3), (3, 2)), ((1, 4), (3, 2))):
        with pytest.raises(ValueError, match="For 'TridiagonalMatMul'"):
            P.TridiagonalMatMul()(_f(*diag), _f(*diag), _f(*diag), _f(*rhs_shape))
    import torch
    diags = [torch.randn(1, 3, dtype=torch.float64, requires_grad=True) for _ in range(3)]
    r = torch.randn(3, 2, dtype=torch.float64, requires_grad=True)
    assert torch.autograd.gradcheck(lambda *a: P.TridiagonalMatMul()(*[Tensor(t) for t in a])._t, (*diags, r))


def test_conv2d_backprop_input_padding_like_mindspore():
    # 'same' with a stride pads what makes the forward output dout's size; 'pad' takes (top, bottom, left, right).
    w = Tensor((np.arange(9, dtype=np.float32) / 10).reshape(1, 1, 3, 3))
    out = P.Conv2DBackpropInput(1, 3, pad_mode="same", stride=2)(Tensor(np.arange(4, dtype=np.float32).reshape(
        1, 1, 2, 2)), w, (1, 1, 4, 4))
    assert _values(out[0, 0]) == [[0, 0, 0, 0.1], [0, 0, 0.3, 0.4], [0, 0.2, 1, 1], [0.6, 0.8, 1.9, 1.2]]
    out = P.Conv2DBackpropInput(1, 3, pad_mode="pad", pad=(1, 0, 0, 1))(Tensor(np.arange(9, dtype=np.float32).reshape(
        1, 1, 3, 3)), w, (1, 1, 4, 4))
    assert _values(out[0, 0]) == [[0, 0.6, 2, 2.6], [0.9, 3.6, 8.4, 8.4], [3.6, 9, 16.4, 13.4], [3.6, 8.4, 14.5, 11.2]]


def test_nuclear_norm_axes_like_mindspore():
    x = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
    with pytest.raises(ValueError, match="For 'NuclearNorm'"):  # without dim, MindSpore 2.10 takes only a matrix
        P.NuclearNorm()(x)
    for dim in ([0, 0], [0, 3]):
        with pytest.raises(ValueError, match="For 'NuclearNorm'"):
            P.NuclearNorm(dim=dim)(x)
    out = P.NuclearNorm(dim=[0, 2], keepdim=True)(x)  # MindSpore 2.10: [[[29.2461], [38.2535], [48.2424]]]
    assert out.shape == (1, 3, 1)
    np.testing.assert_allclose(out.asnumpy().reshape(-1), [29.2461, 38.2535, 48.2424], rtol=1e-5)


def test_unpool_sparse_and_logarithm_like_mindspore():
    # Each expected value below is MindSpore 2.10's output for the same call.
    x, argmax = _i([[[[5, 6], [7, 8]]]]), _i([[[[5, 7], [13, 15]]]], np.int64)
    want = [[0, 0, 0, 0], [0, 5, 0, 6], [0, 0, 0, 0], [0, 7, 0, 8]]
    out = P.MaxUnpool2D(ksize=2, strides=2)(x, argmax)  # an integer x too
    assert out.dtype == ms.int32 and out.asnumpy()[0, 0].tolist() == want
    nhwc = P.MaxUnpool2D(ksize=2, strides=2, data_format="NHWC")(Tensor(np.array([[[[5.0], [6.0]], [[7.0], [8.0]]]],
                                                                                np.float32)), argmax.transpose(0, 2, 3, 1))
    assert nhwc.shape == (1, 4, 4, 1) and nhwc.asnumpy()[0, :, :, 0].tolist() == want
    out = P.MaxUnpool3D(ksize=2, strides=2)(Tensor(np.array([[[[[5.0]]]]], np.float32)), _i([[[[[7]]]]], np.int64))
    assert out.shape == (1, 1, 2, 2, 2) and out.asnumpy().reshape(-1).tolist() == [0] * 7 + [5]
    # A repeated index: SparseToDense keeps the last value, SparseTensorDenseAdd adds them all.
    dense = P.SparseToDense()(_i([[0, 1], [0, 1]]), Tensor(np.array([5.0, 6.0], np.float32)), (2, 2))
    assert dense.asnumpy().tolist() == [[0, 6], [0, 0]]
    added = P.SparseTensorDenseAdd()(_i([[0, 1], [0, 1]], np.int64), Tensor(np.array([5.0, 6.0], np.float32)),
                                     _i([2, 2], np.int64), Tensor(np.zeros((2, 2), np.float32)))
    assert added.asnumpy().tolist() == [[0, 11], [0, 0]]
    # The principal logarithm of a defective matrix ([[1, 2], [0, 1]] has no eigenvector basis).
    out = P.MatrixLogarithm()(Tensor(np.array([[[1, 2], [0, 1]], [[4, 0], [0, 9]]], np.complex128)))
    np.testing.assert_allclose(out.asnumpy(), [[[0, 2], [0, 0]], [[np.log(4), 0], [0, np.log(9)]]], atol=1e-10)
    with pytest.raises(TypeError, match="For 'LogSpace'"):
        P.LogSpace(dtype=ms.int32)


def test_matrix_logarithm_inverts_exp():
    # Closed form: log(expm(A)) == A for a matrix whose eigenvalues have imaginary parts in (-pi, pi).
    import torch
    rs = np.random.RandomState(1)
    a = torch.from_numpy((rs.randn(3, 4, 4) + 1j * rs.randn(3, 4, 4)) * 0.3)
    out = P.MatrixLogarithm()(Tensor(torch.linalg.matrix_exp(a).to(torch.complex64)))
    np.testing.assert_allclose(out.asnumpy(), a.numpy(), atol=1e-4)


def test_volume_patches_and_eig_like_mindspore():
    # MindSpore 2.10 orders ExtractVolumePatches' channels (kd, kh, kw, c), the input channel fastest.
    vol = Tensor(np.arange(54, dtype=np.float32).reshape(1, 2, 3, 3, 3))
    out = P.ExtractVolumePatches((1, 1, 2, 2, 2), (1, 1, 1, 1, 1), "VALID")(vol)
    assert out.shape == (1, 16, 2, 2, 2)
    assert out.asnumpy()[0, :3].reshape(3, -1).tolist() == [[0, 1, 3, 4, 9, 10, 12, 13], [27, 28, 30, 31, 36, 37, 39, 40],
                                                            [1, 2, 4, 5, 10, 11, 13, 14]]
    _, placeholder = P.Eig()(Tensor(np.diag([2.0, 3.0]).astype(np.float32)))  # MindSpore: a 0-d Complex64 zero
    assert placeholder.dtype == ms.complex64 and placeholder.shape == ()


# (Primitive built or called, MindSpore 2.10's exception type): the constructor checks of its Python
# __init__ and further shape checks of its infer functions.
MORE_RAISES = [
    ("LogSpace steps < 0", lambda: P.LogSpace(steps=-1), ValueError),
    ("LogSpace float base", lambda: P.LogSpace(base=2.5), TypeError),
    ("NMSWithMask int iou_threshold", lambda: P.NMSWithMask(1), TypeError),
    ("MaxUnpool2D ksize 0", lambda: P.MaxUnpool2D(0), ValueError),
    ("MaxUnpool2D data_format", lambda: P.MaxUnpool2D(2, data_format="NCDHW"), ValueError),
    ("MaxUnpool3D data_format", lambda: P.MaxUnpool3D(2, data_format="NCHW"), ValueError),
    ("ConfusionMatrix float num_classes", lambda: P.ConfusionMatrix(2.5), TypeError),
    ("HistogramFixedWidth nbins 0", lambda: P.HistogramFixedWidth(0), ValueError),
    ("DataFormatDimMap format", lambda: P.DataFormatDimMap(src_format="NCDHW"), ValueError),
    ("NuclearNorm int keepdim", lambda: P.NuclearNorm(keepdim=1), TypeError),
    ("Ormqr int left", lambda: P.Ormqr(left=1), TypeError),
    ("SpaceToBatchND block 0", lambda: P.SpaceToBatchND((0, 2), ((0, 0), (0, 0))), ValueError),
    ("SpaceToBatch block 1", lambda: P.SpaceToBatch(1, ((0, 0), (0, 0))), ValueError),
    ("BatchToSpace negative crop", lambda: P.BatchToSpace(2, ((0, -1), (0, 0))), ValueError),
    ("Conv2DBackpropInput NHWC on CPU", lambda: P.Conv2DBackpropInput(1, 2, data_format="NHWC"), ValueError),
    ("CTCGreedyDecoder 2-D length", lambda: P.CTCGreedyDecoder()(_f(4, 2, 3), _i([[4, 4]])), ValueError),
    ("CTCGreedyDecoder length per batch", lambda: P.CTCGreedyDecoder()(_f(4, 2, 3), _i([4])), ValueError),
    ("SparseToDense one value per index", lambda: P.SparseToDense()(_i([[0, 1], [1, 1]]), _f(3), (2, 2)), ValueError),
    ("SparseToDense index outside", lambda: P.SparseToDense()(_i([[0, 5]]), _f(1), (2, 2)), ValueError),
    ("SparseTensorDenseMatmul 1-D dense", lambda: P.SparseTensorDenseMatmul()(_i([[0, 1]]), _f(1), (2, 2), _f(2)),
     ValueError),
    ("SparseTensorDenseAdd shapes differ", lambda: P.SparseTensorDenseAdd()(_i([[0, 1]]), _f(1), _i([2, 3]), _f(2, 2)),
     RuntimeError),
    ("SpaceToBatch rank 3", lambda: P.SpaceToBatch(2, ((0, 0), (0, 0)))(_f(1, 4, 4)), ValueError),
    ("BatchToSpace rank 3", lambda: P.BatchToSpace(2, ((0, 0), (0, 0)))(_f(4, 2, 2)), ValueError),
    ("BatchToSpaceND bool", lambda: P.BatchToSpaceND((2, 2), ((0, 0), (0, 0)))(Tensor(np.ones((4, 1, 2, 2), bool))),
     TypeError),
]


@pytest.mark.parametrize("call,exc", [(c, e) for _, c, e in MORE_RAISES], ids=[n for n, _, _ in MORE_RAISES])
def test_constructor_and_shape_checks_like_mindspore(call, exc):
    with pytest.raises(exc, match="For '"):
        call()


def test_gradients():
    import torch
    x = torch.randn(1, 2, 2, 2, dtype=torch.float64, requires_grad=True)
    argmax = Tensor(np.array([[[[0, 3], [8, 11]], [[5, 6], [13, 15]]]], np.int64))
    assert torch.autograd.gradcheck(lambda t: P.MaxUnpool2D(ksize=2, strides=2)(Tensor(t), argmax)._t, (x,))
    a = torch.randn(4, 3, dtype=torch.float64, requires_grad=True)
    b = torch.randn(4, 2, dtype=torch.float64, requires_grad=True)
    assert torch.autograd.gradcheck(lambda m, r: P.Lstsq()(Tensor(m), Tensor(r))._t, (a, b))
    l2 = Tensor(np.float64(0.5))
    assert torch.autograd.gradcheck(lambda m, r: P.MatrixSolveLs()(Tensor(m), Tensor(r), l2)._t, (a, b))
