"""``ops.strided_slice`` and the ``ops.StridedSlice`` Primitive (which delegates to it) against MindSpore 2.10.

Shapes, values, dtypes and exception types come from MindSpore 2.10 (PyNative, CPU) on ``arange`` inputs.
Its CPU kernel returns wrong values for a few mask layouts (a new axis ahead of a sliced axis, among others)
while its shape inference and documentation agree with Python slicing; those cases, marked below, keep
MindSpore's shape and the documented values.
"""
import numpy as np
import pytest
import torch

from sporetorch import Tensor, ops
from sporetorch.common.tensor import _wrap

KINDS = ["function", "primitive"]


def _x(shape, dtype=np.float32):
    return Tensor(np.arange(int(np.prod(shape))).reshape(shape).astype(dtype))


def _call(kind, x, begin, end, strides, masks):
    if kind == "function":
        return ops.strided_slice(x, begin, end, strides, **masks)
    return ops.StridedSlice(**masks)(x, begin, end, strides)


# (id, input shape, begin, end, strides, masks, output shape, output values); recorded with MindSpore 2.10
CASES = [
    ("basic", (3, 4, 5), (1, 0, 1), (3, 4, 5), (1, 2, 2), {}, (2, 2, 2),
     [[[21, 23], [31, 33]], [[41, 43], [51, 53]]]),
    ("shorter_than_rank", (2, 3), (1,), (2,), (1,), {}, (1, 3), [[3, 4, 5]]),
    ("negative_begin_end", (3, 4), (-2, -3), (-1, 4), (1, 1), {}, (1, 3), [[5, 6, 7]]),
    ("clamped_out_of_range", (3, 4), (-10, 1), (10, 100), (2, 1), {}, (2, 3), [[1, 2, 3], [9, 10, 11]]),
    ("empty", (2, 3), (2, 1), (1, 3), (1, 1), {}, (0, 2), []),
    ("negative_stride", (2, 3), (0, -1), (2, -4), (1, -1), {}, (2, 3), [[2, 1, 0], [5, 4, 3]]),
    ("negative_strides_all_axes", (2, 3), (1, 2), (-3, -4), (-1, -1), {}, (2, 3), [[5, 4, 3], [2, 1, 0]]),
    ("negative_stride_step_2", (5,), (3,), (0,), (-2,), {}, (2,), [3, 1]),
    ("begin_mask", (2, 3), (1, 2), (2, 3), (1, 1), {"begin_mask": 3}, (2, 3), [[0, 1, 2], [3, 4, 5]]),
    ("end_mask", (2, 3), (1, 1), (0, 0), (1, 1), {"end_mask": 3}, (1, 2), [[4, 5]]),
    ("masks_with_negative_stride", (3, 4), (0, 0), (3, 0), (1, -1), {"begin_mask": 2, "end_mask": 2}, (3, 4),
     [[3, 2, 1, 0], [7, 6, 5, 4], [11, 10, 9, 8]]),
    ("end_mask_with_negative_stride", (2, 3), (0, 1), (2, 2), (1, -1), {"end_mask": 2}, (2, 2), [[1, 0], [4, 3]]),
    ("shrink", (3, 4, 5), (1, 2, 0), (2, 3, 5), (1, 1, 2), {"shrink_axis_mask": 3}, (3,), [30, 32, 34]),
    ("shrink_negative_begin", (2, 3), (-1, 0), (0, 3), (1, 1), {"shrink_axis_mask": 1}, (3,), [3, 4, 5]),
    ("shrink_ignores_end", (2, 3), (1, 1), (100, 3), (1, 1), {"shrink_axis_mask": 1}, (2,), [4, 5]),
    ("shrink_takes_begin_mask", (2, 3), (1, 0), (0, 3), (1, 1), {"shrink_axis_mask": 1, "begin_mask": 1}, (3,),
     [0, 1, 2]),
    ("new_axis_last", (3, 4, 5), (0, 0, 0), (2, 2, 2), (1, 1, 1), {"new_axis_mask": 4}, (2, 2, 1, 5),
     [[[[0, 1, 2, 3, 4]], [[5, 6, 7, 8, 9]]], [[[20, 21, 22, 23, 24]], [[25, 26, 27, 28, 29]]]]),
    # MindSpore's shape; its CPU kernel returns wrong values here ([[[1, 2, 5, 6], [9, 10, 0, 0]]])
    ("new_axis_first", (3, 4), (0, 1), (2, 3), (1, 1), {"new_axis_mask": 1}, (1, 2, 4),
     [[[4, 5, 6, 7], [8, 9, 10, 11]]]),
    # MindSpore's shape (x[0:, None, :2]); its CPU kernel returns wrong values here
    ("new_axis_with_begin_end_masks", (3, 4, 5), (0, 0, 0), (2, 2, 2), (1, 1, 1),
     {"new_axis_mask": 2, "begin_mask": 4, "end_mask": 1}, (3, 1, 2, 5),
     [[[[0, 1, 2, 3, 4], [5, 6, 7, 8, 9]]], [[[20, 21, 22, 23, 24], [25, 26, 27, 28, 29]]],
      [[[40, 41, 42, 43, 44], [45, 46, 47, 48, 49]]]]),
    ("ellipsis_first", (3, 4), (0, 1), (2, 3), (1, 1), {"ellipsis_mask": 1}, (3, 2), [[1, 2], [5, 6], [9, 10]]),
    ("ellipsis_wins_over_shrink", (3, 4), (0, 1), (2, 3), (1, 1), {"ellipsis_mask": 1, "shrink_axis_mask": 1},
     (3, 2), [[1, 2], [5, 6], [9, 10]]),
    ("ellipsis_middle", (2, 3, 4), (1, 0, 3), (2, 0, 4), (1, 1, 1), {"ellipsis_mask": 2}, (1, 3, 1),
     [[[15], [19], [23]]]),
    ("ellipsis_last", (3, 4), (1, 0), (3, 0), (1, 1), {"ellipsis_mask": 2}, (2, 4), [[4, 5, 6, 7], [8, 9, 10, 11]]),
    ("ellipsis_new_axis_shrink", (3, 4, 5), (0, 0, 2), (0, 0, 3), (1, 1, 1),
     {"ellipsis_mask": 1, "new_axis_mask": 2, "shrink_axis_mask": 4}, (3, 4, 1),
     [[[2], [7], [12], [17]], [[22], [27], [32], [37]], [[42], [47], [52], [57]]]),
    ("scalar_input", (), (), (), (), {}, (), 0),
]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name,shape,begin,end,strides,masks,out_shape,values", CASES, ids=[c[0] for c in CASES])
def test_values(kind, name, shape, begin, end, strides, masks, out_shape, values):
    out = _call(kind, _x(shape), begin, end, strides, masks)
    assert out.shape == out_shape
    assert str(out.dtype) == "Float32"
    np.testing.assert_array_equal(out.asnumpy(), np.array(values, np.float32).reshape(out_shape))


@pytest.mark.parametrize("kind", KINDS)
def test_keeps_dtype_and_takes_tensor_bounds(kind):
    out = _call(kind, _x((2, 3), np.int32), Tensor(np.array([0, 2])), [2, 0], (1, -1), {})
    assert str(out.dtype) == "Int32"
    np.testing.assert_array_equal(out.asnumpy(), [[2, 1], [5, 4]])
    out = _call(kind, Tensor(np.arange(6).reshape(2, 3) % 2 == 0), (1, 0), (2, 3), (1, 2), {})
    assert str(out.dtype) == "Bool"
    np.testing.assert_array_equal(out.asnumpy(), [[False, False]])


# (id, begin, end, strides, masks, exception type as MindSpore 2.10 raises it, message substrings); input (3, 4)
ERRORS = [
    ("zero_stride", (0, 0), (2, 2), (1, 0), {}, ValueError, ["strides", "(3, 4)"]),
    ("two_ellipsis_bits", (0, 0), (2, 2), (1, 1), {"ellipsis_mask": 3}, ValueError, ["ellipsis_mask", "3"]),
    ("length_mismatch", (0,), (2, 2), (1, 1), {}, ValueError, ["begin", "end", "(3, 4)"]),
    ("negative_mask", (0, 0), (2, 2), (1, 1), {"end_mask": -1}, ValueError, ["end_mask", "-1"]),
    ("shrink_out_of_range", (0, 4), (2, 5), (1, 1), {"shrink_axis_mask": 2}, IndexError,
     ["begin[1]", "[-4, 4)", "(3, 4)"]),
    ("shrink_negative_stride", (1, 0), (0, 2), (-1, 1), {"shrink_axis_mask": 1}, IndexError,
     ["strides[0]", "(3, 4)"]),
    # past an ellipsis MindSpore reports the same check as ValueError
    ("shrink_out_of_range_past_ellipsis", (0, -5), (1, 1), (1, 1), {"ellipsis_mask": 1, "shrink_axis_mask": 2},
     ValueError, ["begin[1]", "(3, 4)"]),
    ("longer_than_rank", (0, 0, 0), (1, 1, 1), (1, 1, 1), {"new_axis_mask": 1}, RuntimeError, ["begin", "(3, 4)"]),
    ("int_begin", 0, (2, 2), (1, 1), {}, TypeError, ["begin", "int"]),
    ("float_in_begin", (0.5, 0), (2, 2), (1, 1), {}, TypeError, ["begin"]),
    ("bool_mask", (0, 0), (2, 2), (1, 1), {"begin_mask": True}, TypeError, ["begin_mask", "bool"]),
    ("float_mask", (0, 0), (2, 2), (1, 1), {"shrink_axis_mask": 1.0}, TypeError, ["shrink_axis_mask", "float"]),
]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name,begin,end,strides,masks,exc,words", ERRORS, ids=[c[0] for c in ERRORS])
def test_errors(kind, name, begin, end, strides, masks, exc, words):
    with pytest.raises(exc) as info:
        _call(kind, _x((3, 4)), begin, end, strides, masks)
    for word in ["StridedSlice"] + words:
        assert word in str(info.value)


@pytest.mark.parametrize("kind", KINDS)
def test_gradient(kind):
    # x[2:0:-1, None, 1, 4::-2]: a reversed slice, a new axis, a shrink and a masked negative stride
    x = torch.rand((3, 4, 5, 2), generator=torch.Generator().manual_seed(0), dtype=torch.float64).requires_grad_(True)
    masks = {"new_axis_mask": 2, "shrink_axis_mask": 4, "end_mask": 8}

    def run(t):
        return _call(kind, _wrap(t), (2, 0, 1, 4), (0, 0, 2, 0), (-1, 1, 1, -2), masks)._t

    assert run(x).shape == (2, 1, 3, 2)
    assert torch.autograd.gradcheck(run, (x,), eps=1e-6, atol=1e-5)
