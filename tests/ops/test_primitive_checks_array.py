"""Array, image and sparse Primitives: MindSpore 2.10's input checks (exception types in its order) and the
behaviours copied from its kernels. Expected values are literals recorded with MindSpore 2.10 unless a comment
says they come from a closed form."""
import numpy as np
import pytest
import torch

from sporetorch import Parameter, Tensor
from sporetorch import dtype as mstype
from sporetorch.ops import operations as P
from sporetorch.ops.operations._errors import tensor_of


def f32(a):
    return Tensor(np.array(a, np.float32))


def i32(a):
    return Tensor(np.array(a, np.int32))


def i64(a):
    return Tensor(np.array(a, np.int64))


F = f32(np.arange(12).reshape(3, 4) / 7.0)
I = i32([[2, 3, 3, -3], [-3, 1, 2, 0], [-2, -3, -2, -2]])
J = i32([[2, 2, 1, 1], [2, 4, 3, 4], [3, 4, 1, 3]])
S = f32(0.7)


def test_tensor_of_names_the_primitive_input_and_dtype():
    tensor_of("Op", "x", I, (torch.int32,))
    with pytest.raises(TypeError, match=r"For 'Op', the 'x' must be a Tensor of \{Int32, Int64\}, but got Float32"):
        tensor_of("Op", "x", F, (torch.int32, torch.int64))
    with pytest.raises(TypeError, match="must be a Tensor, but got int"):
        tensor_of("Op", "x", 2, (torch.int32,))


# (id, call, the exception MindSpore 2.10 raises): dtypes are checked before shapes, input by input.
ERRORS = [
    ("BartlettWindow_float", lambda: P.BartlettWindow()(F), TypeError),
    ("BartlettWindow_2d", lambda: P.BartlettWindow()(I), ValueError),
    ("HammingWindow_2d", lambda: P.HammingWindow()(I), ValueError),
    ("HammingWindow_0d", lambda: P.HammingWindow()(i32(5)), ValueError),
    ("DiagPart_bool", lambda: P.DiagPart()(Tensor(np.eye(2, dtype=bool))), TypeError),
    ("DiagPart_0d", lambda: P.DiagPart()(S), ValueError),
    ("DiagPart_1d", lambda: P.DiagPart()(f32([1.0, 2.0])), ValueError),
    ("Expand_tuple_shape", lambda: P.Expand()(F, (4, 3)), TypeError),
    ("Expand_bool", lambda: P.Expand()(Tensor(np.ones((1, 2), bool)), i32([2, 2])), TypeError),
    ("Fill_tensor_type", lambda: P.Fill()(F, (2,), 1.0), TypeError),
    ("FillDiagonal_bool", lambda: P.FillDiagonal(1.0)(Tensor(np.ones((2, 2), bool))), TypeError),
    ("FillV2_float_shape", lambda: P.FillV2()(F, S), TypeError),
    ("FillV2_number_value", lambda: P.FillV2()(i32([2]), 2), TypeError),
    ("Fills_int_value", lambda: P.Fills()(F, 2), TypeError),
    ("Fills_int_tensor", lambda: P.Fills()(F, i32(2)), TypeError),
    ("Fills_2d_value", lambda: P.Fills()(F, F), ValueError),
    ("Flatten_0d", lambda: P.Flatten()(S), RuntimeError),
    ("IndexAdd_float_indices", lambda: P.IndexAdd(1)(F, F, F), TypeError),
    ("IndexAdd_2d_indices", lambda: P.IndexAdd(1)(I, J, I), ValueError),
    ("IndexFill_float_dim", lambda: P.IndexFill()(F, F, i32([0]), S), TypeError),
    ("IndexFill_2d_dim", lambda: P.IndexFill()(F, I, i32([0]), S), ValueError),
    ("IndexFill_value_dtype", lambda: P.IndexFill()(F, 1, i32([0]), i32(2)), TypeError),
    ("IndexPut_tensor_indices", lambda: P.IndexPut()(I, J, I), TypeError),
    ("InvertPermutation_tensor", lambda: P.InvertPermutation()(I), ValueError),
    ("InvertPermutation_repeat", lambda: P.InvertPermutation()((0, 0, 1)), ValueError),
    ("Slice_past_the_end", lambda: P.Slice()(F, (0, 3), (1, 3)), ValueError),
    ("Slice_negative_begin", lambda: P.Slice()(F, (-1, 0), (1, 2)), ValueError),
    ("LowerBound_mixed", lambda: P.LowerBound()(I, F), TypeError),
    ("UpperBound_1d", lambda: P.UpperBound()(F, f32([1.0])), ValueError),
    ("NonZero_0d", lambda: P.NonZero()(S), RuntimeError),
    ("SearchSorted_mixed", lambda: P.SearchSorted()(I, F), RuntimeError),
    ("SearchSorted_bool", lambda: P.SearchSorted()(Tensor(np.ones(3, bool)), Tensor(np.ones(3, bool))), RuntimeError),
    ("SegmentSum_number_ids", lambda: P.SegmentSum()(I, 2), TypeError),
    ("SegmentSum_2d_ids", lambda: P.SegmentSum()(I, J), ValueError),
    ("SegmentMax_bool", lambda: P.SegmentMax()(Tensor(np.ones(3, bool)), i32([0, 0, 1])), TypeError),
    ("Slice_2d_begin", lambda: P.Slice()(F, I, I), TypeError),
    ("Slice_float_begin", lambda: P.Slice()(F, f32([0, 0]), f32([1, 1])), TypeError),
    ("TensorScatterAdd_shape_before_dtype", lambda: P.TensorScatterAdd()(F, F, F), ValueError),
    ("TensorScatterAdd_float_indices", lambda: P.TensorScatterAdd()(F, f32([[0], [1]]), f32(np.ones((2, 4)))),
     TypeError),
    ("TensorScatterAdd_number_updates", lambda: P.TensorScatterAdd()(F, i32([[0], [1]]), 2.5), TypeError),
    ("TensorScatterElements_rank", lambda: P.TensorScatterElements()(F, f32([1.0]), F), ValueError),
    ("TopK_0d", lambda: P.TopK()(S, 2), RuntimeError),
    ("UnsortedSegmentMax_2d_num", lambda: P.UnsortedSegmentMax()(I, J, I), TypeError),
    ("UnsortedSegmentSum_float_ids", lambda: P.UnsortedSegmentSum()(F, F, 3), TypeError),
    ("AdjustHue_int", lambda: P.AdjustHue()(I, S), TypeError),
    ("AdjustHue_number_delta", lambda: P.AdjustHue()(F, 2.5), TypeError),
    ("AdjustHue_rank", lambda: P.AdjustHue()(F, S), ValueError),
    ("AdjustSaturation_int_scale", lambda: P.AdjustSaturation()(f32(np.ones((2, 2, 3))), i64(2)), TypeError),
    ("CropAndResize_float_box_index", lambda: P.CropAndResize()(F, F, F, (2, 2)), TypeError),
    ("CropAndResize_int_boxes", lambda: P.CropAndResize()(I, J, I, (2, 2)), TypeError),
    ("Coalesce_values_first", lambda: P.Coalesce()(I, J, I), TypeError),
    ("Coalesce_int32_shape", lambda: P.Coalesce()(i64([[0, 1]]), f32([1.0, 2.0]), i32([2])), TypeError),
    ("Dilation2D_mixed", lambda: P.Dilation2D(1, 1)(I, F), TypeError),
    ("Dilation2D_bool", lambda: P.Dilation2D(1, 1)(Tensor(np.ones((3, 4), bool)), Tensor(np.ones((3, 4), bool))),
     TypeError),
    ("Dilation2D_rank", lambda: P.Dilation2D(1, 1)(F, F), ValueError),
    ("Dilation2D_number", lambda: P.Dilation2D(1, 1)(F, 2.5), TypeError),
    ("ExtractGlimpse_number_offsets", lambda: P.ExtractGlimpse()(F, F, 2.5), TypeError),
    ("ExtractGlimpse_int", lambda: P.ExtractGlimpse()(I, J, I), TypeError),
    ("ExtractGlimpse_3d", lambda: P.ExtractGlimpse()(f32(np.ones((3, 3, 1))), i32([2, 2]), f32([[0.0, 0.0]])),
     RuntimeError),
    ("ExtractGlimpse_size_0", lambda: P.ExtractGlimpse()(f32(np.ones((1, 3, 3, 1))), i32([0, 2]), f32([[0.0, 0.0]])),
     ValueError),
    ("ScaleAndTranslate_float_size", lambda: P.ScaleAndTranslate()(F, F, F, F), TypeError),
    ("ScaleAndTranslate_int_scale", lambda: P.ScaleAndTranslate()(I, J, I, J), TypeError),
    ("ScaleAndTranslate_uint8", lambda: P.ScaleAndTranslate()(Tensor(np.ones((1, 2, 2, 1), np.uint8)), i32([2, 2]),
                                                               f32([1, 1]), f32([0, 0])), TypeError),
]


@pytest.mark.parametrize("call,error", [pytest.param(c, e, id=i) for i, c, e in ERRORS])
def test_raises_what_mindspore_raises(call, error):
    with pytest.raises(error):
        call()


def test_bounds_bisect_unsorted_rows_as_mindspore():
    # MindSpore 2.10 (bisection of [0, n - 1], then one step past the last element)
    s, v = f32([[0.9, 1.2, -2.6, -1.3]]), f32([[-0.4, 0.9, 1.3, -2.6]])
    assert P.LowerBound()(s, v).asnumpy().tolist() == [[0, 0, 4, 0]]
    assert P.UpperBound()(s, v).asnumpy().tolist() == [[0, 1, 4, 0]]
    s2, v2 = i32([[1, 5, 2, 3, 3]]), i32([[3, 0, 6, 2]])
    assert P.LowerBound()(s2, v2).asnumpy().tolist() == [[3, 0, 5, 1]]
    assert P.UpperBound()(s2, v2).asnumpy().tolist() == [[5, 0, 5, 3]]
    out = P.LowerBound(out_type=mstype.int64)(f32([[1.0, 2.0, 3.0]]), f32([[2.0, 0.0, 9.0]]))
    assert out.dtype == mstype.int64 and out.asnumpy().tolist() == [[1, 0, 3]]  # sorted rows: torch.searchsorted


def test_tensor_scatter_elements_stops_at_the_first_index_out_of_range():
    # MindSpore 2.10's CPU kernel keeps the updates before the first index out of range (row-major order).
    assert P.TensorScatterElements()(I, J, I).asnumpy().tolist() == [[2, 3, 3, -3], [-3, 1, 3, -3], [-3, 3, -2, -2]]
    out = P.TensorScatterElements(axis=1, reduction="add")(I, J, I)
    assert out.asnumpy().tolist() == [[2, 3, 8, -3], [-3, 1, -1, 0], [-2, -3, -2, -2]]
    x, zeros = f32(np.arange(12).reshape(3, 4)), f32(np.zeros((3, 2)))
    # negative indices count from the end; below -size they are out of range (MindSpore 2.10)
    assert P.TensorScatterElements(axis=1)(x, i32([[-1, 1]] * 3), zeros).asnumpy()[0].tolist() == [0, 0, 2, 0]
    assert P.TensorScatterElements(axis=1)(x, i32([[-5, 1]] * 3), zeros).asnumpy()[0].tolist() == [0, 1, 2, 3]
    with pytest.raises(RuntimeError):  # updates of another shape than indices
        P.TensorScatterElements()(x, i32([[1, 0]]), f32(np.ones((2, 3))))
    with pytest.raises(TypeError):
        P.TensorScatterElements()(x, i32([[1, 0]]), i32([[1, 0]]))


def test_values_as_mindspore():
    table = f32(np.arange(8).reshape(4, 2))
    # a Tensor offset: its first element (MindSpore 2.10)
    assert P.EmbeddingLookup()(table, i32([1, 3, 5]), i32([2, 7])).asnumpy().tolist() == [[0, 0], [2, 3], [6, 7]]
    np.testing.assert_allclose(P.HammingWindow()(i32([5, 9])).asnumpy(),
                               [0.08, 0.39785, 0.91215, 0.91215, 0.39785], atol=1e-5)
    assert P.BartlettWindow(periodic=False)(i64(5)).asnumpy().tolist() == [0.0, 0.5, 1.0, 0.5, 0.0]
    # computed in float64, then cast (MindSpore 2.10's Float16 values)
    blackman = P.BlackmanWindow(periodic=False, dtype=mstype.float16)(i64(5))
    assert blackman.dtype == mstype.float16 and blackman.asnumpy().tolist() == [0.0, 0.340087890625, 1.0,
                                                                                0.340087890625, 0.0]
    with pytest.raises(TypeError):
        P.BartlettWindow(dtype=mstype.int32)(i32(4))
    with pytest.raises(ValueError):
        P.TopK()(f32([1.0, 2.0]), 0)
    assert P.TensorToTuple()(F) is None and P.TensorToTuple()(i32([1, 2])) == (1, 2)
    x = f32([[1.0, 2.0], [3.0, 0.0], [5.0, 6.0]])
    assert P.SegmentMax()(x, i32([0, 0, 2])).asnumpy().tolist() == [[3, 2], [0, 0], [5, 6]]
    assert P.SegmentMean()(x, i32([0, 0, 2])).asnumpy().tolist() == [[2, 1], [0, 0], [5, 6]]
    assert P.UnsortedSegmentMax()(x, i32([1, 1, 0]), 3).asnumpy()[:2].tolist() == [[5, 6], [3, 2]]
    # negative ids are dropped; ids past num_segments fail MindSpore 2.10's CPU kernel (RuntimeError)
    assert P.UnsortedSegmentSum()(x, i32([-1, 1, 0]), 2).asnumpy().tolist() == [[5, 6], [3, 0]]
    with pytest.raises(RuntimeError):
        P.UnsortedSegmentSum()(x, i32([5, 1, 0]), 2)
    # sorted segments: ids non-negative and ascending (ValueError); an integer mean keeps its dtype, truncated
    for ids in ([1, 0, 1], [-1, 0, 1]):
        with pytest.raises(ValueError):
            P.SegmentSum()(x, i32(ids))
    updated = P.IndexAdd(0)(Parameter(f32(np.zeros((2, 2))), name="x"), i32([1]), Tensor(np.ones((1, 2), np.float16)))
    assert updated.dtype == mstype.float32 and updated.asnumpy().tolist() == [[0, 0], [1, 1]]  # y cast to x's dtype
    mean = P.SegmentMean()(i32([-3, 0, 1]), i32([0, 0, 1]))
    assert mean.dtype == mstype.int32 and mean.asnumpy().tolist() == [-1, 1]


def test_valid_inputs_as_mindspore():
    x = f32(np.arange(12).reshape(3, 4))
    # MindSpore 2.10: Gather takes negative indices from the end; Range gives Int64 for integers (Int32 inputs
    # too) and Float32 for floats (Float64 inputs too); TupleToArray gives Int32 or Float32 from a tuple of one kind.
    assert P.Gather()(x, i32([-1, 0]), 0).asnumpy()[:, 0].tolist() == [8, 0]
    with pytest.raises(RuntimeError):
        P.Gather()(x, i32([-4]), 0)
    out = P.Range()(i32(0), i32(7), i32(2))
    assert out.dtype == mstype.int64 and out.asnumpy().tolist() == [0, 2, 4, 6]
    assert P.Range()(Tensor(np.float64(0)), Tensor(np.float64(1)), Tensor(np.float64(0.25))).dtype == mstype.float32
    assert P.TupleToArray()((1, 2)).dtype == mstype.int32 and P.TupleToArray()((1.0, 2.0)).dtype == mstype.float32
    for bad in [(1.0, 2), [1, 2]]:
        with pytest.raises(TypeError):
            P.TupleToArray()(bad)


IMAGE = f32([[[[9.0], [5.0], [2.0], [1.0]], [[6.0], [1.0], [9.0], [7.0]]]])


def test_scale_and_translate_as_mindspore():
    out = P.ScaleAndTranslate()(IMAGE, i32([2, 2]), f32([1, 1]), f32([1, 1]))
    assert out.dtype == mstype.float32 and out.asnumpy().ravel().tolist() == [0, 0, 0, 9]
    size, scale, shift = i32([3, 3]), f32([1.5, 0.7]), f32([0.2, 0.1])
    np.testing.assert_allclose(P.ScaleAndTranslate("triangle")(IMAGE, size, scale, shift).asnumpy().ravel(),
                               [7.92308, 3.5, 1.26923, 6.72436, 4.05, 3.56795, 4.65385, 5.0, 7.53846], atol=1e-4)
    np.testing.assert_allclose(
        P.ScaleAndTranslate("keyscubic", antialias=False)(IMAGE, size, scale, shift).asnumpy().ravel(),
        [9.14383, 3.16391, 0.43385, 7.80054, 3.82089, 3.09108, 5.72437, 4.8363, 7.19807], atol=1e-4)
    with pytest.raises(ValueError):
        P.ScaleAndTranslate("bicubic")


def test_scale_and_translate_gradient():
    img = torch.rand(1, 2, 3, 1, dtype=torch.float64, requires_grad=True)
    op = P.ScaleAndTranslate("triangle")

    def fn(t):
        return op(Tensor.from_torch(t), i32([3, 2]), f32([1.3, 0.8]), f32([0.1, -0.2])).to_torch()
    # linear in the image (computed in float32): finite differences are exact up to float32 rounding
    assert torch.autograd.gradcheck(fn, (img,), eps=1e-2, atol=1e-3, rtol=1e-3)


def test_crop_and_resize_bilinear_v2_as_mindspore():
    # MindSpore 2.10: on an image whose channels are its row and column index, the samples' coordinates.
    rows, cols = np.meshgrid(np.arange(6), np.arange(8), indexing="ij")
    image = f32(np.stack([rows, cols], -1)[None])
    cases = [([0.2, 0.1, 0.7, 0.6], (2, 2), [1.5, 3.5], [0.75, 3.25]),
             ([0.0, 0.0, 1.0, 1.0], (3, 4), [0.6667, 3.0, 5.0], [0.625, 2.875, 5.125, 7.0]),
             ([0.1, 0.3, 0.5, 0.9], (4, 3), [0.0, 1.0, 2.0, 3.0], [2.5, 4.5, 6.5]),
             ([-0.2, 0.1, 1.3, 0.6], (3, 3), [0.0, 3.0, 5.0], [0.3333, 2.0, 3.6667])]
    for box, size, want_rows, want_cols in cases:
        out = P.CropAndResize("bilinear_v2", 9.0)(image, f32([box]), i32([0]), size).asnumpy()[0]
        np.testing.assert_allclose(out[:, 0, 0], want_rows, atol=1e-4)
        np.testing.assert_allclose(out[0, :, 1], want_cols, atol=1e-4)


def test_extract_glimpse_as_mindspore():
    x = f32(np.arange(9).reshape(1, 3, 3, 1))
    op = P.ExtractGlimpse(centered=False, normalized=False, uniform_noise=False, noise="zero")
    assert op(x, i32([2, 2]), f32([[1, 1]])).asnumpy().ravel().tolist() == [0, 1, 3, 4]
    assert op(x, i32([4, 4]), f32([[1, 1]])).asnumpy().ravel().tolist() == [0, 0, 0, 0, 0, 0, 1, 2, 0, 3, 4, 5,
                                                                             0, 6, 7, 8]
    assert P.ExtractGlimpse()(x, i32([2, 2]), f32([[0.1, -0.2]])).asnumpy().ravel().tolist() == [0, 1, 3, 4]
    with pytest.raises(ValueError):
        P.ExtractGlimpse(uniform_noise=True, noise="zero")
    # Noise as MindSpore 2.10's CPU kernel draws it, whatever the image: uniform in [-1, 1), normal(10, 0.5).
    far = f32([[50.0, 50.0]])
    uniform = P.ExtractGlimpse(centered=False, normalized=False)(x + 100, i32([20, 20]), far).asnumpy()
    assert -1 <= uniform.min() and uniform.max() < 1 and abs(uniform.mean()) < 0.2
    gaussian = P.ExtractGlimpse(False, False, False, "gaussian")(x + 100, i32([20, 20]), far).asnumpy()
    assert abs(gaussian.mean() - 10) < 0.2 and abs(gaussian.std() - 0.5) < 0.1


def _dilation_reference(x, f, stride, dilation, same):
    """The documented max-plus formula, element by element (padded positions take no part)."""
    n, c, h, w = x.shape
    _, kh, kw = f.shape
    (sh, sw), (dh, dw) = stride, dilation
    eh, ew = (kh - 1) * dh + 1, (kw - 1) * dw + 1
    if same:
        oh, ow = -(-h // sh), -(-w // sw)
        top, left = max((oh - 1) * sh + eh - h, 0) // 2, max((ow - 1) * sw + ew - w, 0) // 2
    else:
        oh, ow, top, left = -(-(h - eh + 1) // sh), -(-(w - ew + 1) // sw), 0, 0
    out = np.full((n, c, oh, ow), -np.inf)
    for i in range(oh):
        for j in range(ow):
            for m in range(kh):
                for k in range(kw):
                    r, q = i * sh + m * dh - top, j * sw + k * dw - left
                    if 0 <= r < h and 0 <= q < w:
                        out[:, :, i, j] = np.maximum(out[:, :, i, j], x[:, :, r, q] + f[None, :, m, k])
    return out


@pytest.mark.parametrize("pad_mode", ["valid", "same"])
@pytest.mark.parametrize("stride,dilation", [(1, 1), (2, 1), (1, 2), ((2, 3), (1, 2)), ((1, 1, 1, 2), 1)])
def test_dilation2d_matches_the_formula(pad_mode, stride, dilation):
    rs = np.random.RandomState(0)
    x, f = rs.randn(2, 3, 7, 8), rs.randn(3, 3, 2)
    op = P.Dilation2D(stride, dilation, pad_mode=pad_mode)
    pair = [(v, v) if isinstance(v, int) else tuple(v[-2:]) for v in (stride, dilation)]
    want = _dilation_reference(x, f, pair[0], pair[1], pad_mode == "same")
    got = op(Tensor(x.astype(np.float32)), Tensor(f.astype(np.float32)))
    assert got.dtype == mstype.float32
    np.testing.assert_allclose(got.asnumpy(), want, rtol=1e-5, atol=1e-5)
    ints = op(i32(np.round(x * 3)), i32(np.round(f * 3)))
    np.testing.assert_array_equal(ints.asnumpy(), _dilation_reference(np.round(x * 3), np.round(f * 3), *pair,
                                                                       pad_mode == "same"))


def test_dilation2d_gradient_and_attributes():
    x = torch.randn(1, 2, 4, 4, dtype=torch.float64, requires_grad=True)
    f = torch.randn(2, 2, 2, dtype=torch.float64, requires_grad=True)
    op = P.Dilation2D(1, 1, pad_mode="same")

    def fn(a, b):
        return op(Tensor.from_torch(a), Tensor.from_torch(b)).to_torch()
    assert torch.autograd.gradcheck(fn, (x, f))
    assert op.stride == (1, 1, 1, 1) and op.pad_mode == "SAME"
    for args in [(0, 1), (256, 1), ((2, 1, 1, 1), 1), (1, 1, "full"), (1, 1, "same", "NHWC")]:
        with pytest.raises(ValueError):
            P.Dilation2D(*args)
    with pytest.raises(TypeError):
        P.Dilation2D(1.5, 1)
