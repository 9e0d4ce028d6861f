"""MatrixDiagV3 / matrix_diag and cumsum / cumprod dtypes, checked against MindSpore 2.10.

Expected values are literals recorded from MindSpore 2.10 (PyNative, CPU).
"""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import Tensor, ops

ALIGNS = ["RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT"]
X33 = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]]
X22 = [[1.0, 2.0], [3.0, 4.0]]


def _diag(impl, x, k, num_rows=-1, num_cols=-1, padding_value=0.0, align="RIGHT_LEFT"):
    args = (Tensor(np.array(x, np.float32)), Tensor(np.array(k, np.int32)), Tensor(np.int32(num_rows)),
            Tensor(np.int32(num_cols)), Tensor(np.float32(padding_value)))
    if impl == "function":
        return ops.matrix_diag(*args, align=align)
    return ops.MatrixDiagV3(align=align)(*args)


# (x, k, num_rows, num_cols, padding_value) -> output; a single diagonal fills its whole length, so align
# does not matter. Values from MindSpore 2.10.
SINGLE = [
    ([1.0, 2.0], 1, -1, -1, 0.0, [[0.0, 1.0, 0.0], [0.0, 0.0, 2.0], [0.0, 0.0, 0.0]]),
    ([1.0, 2.0], -1, -1, -1, 9.0, [[9.0, 9.0, 9.0], [1.0, 9.0, 9.0], [9.0, 2.0, 9.0]]),
    ([1.0, 2.0], -1, 3, -1, 9.0, [[9.0, 9.0], [1.0, 9.0], [9.0, 2.0]]),
    ([1.0, 2.0], 1, -1, 4, 9.0, [[9.0, 1.0, 9.0, 9.0], [9.0, 9.0, 2.0, 9.0]]),
    ([1.0, 2.0], -1, 3, 4, 9.0, [[9.0, 9.0, 9.0, 9.0], [1.0, 9.0, 9.0, 9.0], [9.0, 2.0, 9.0, 9.0]]),
    (X22, [0, 0], -1, -1, 0.0, [[[1.0, 0.0], [0.0, 2.0]], [[3.0, 0.0], [0.0, 4.0]]]),
]


@pytest.mark.parametrize("impl", ["function", "primitive"])
@pytest.mark.parametrize("align", ["RIGHT_LEFT", "LEFT_RIGHT"])
@pytest.mark.parametrize("x, k, rows, cols, pad, expected", SINGLE)
def test_matrix_diag_single_diagonal(impl, align, x, k, rows, cols, pad, expected):
    out = _diag(impl, x, k, rows, cols, pad, align)
    np.testing.assert_array_equal(out.asnumpy(), np.array(expected, np.float32))


# (x, k, num_rows, num_cols, padding_value) -> output per align, in ALIGNS order. Values from MindSpore 2.10.
BAND = [
    (X33, [-1, 1], -1, -1, 0.0, [
        [[4.0, 2.0, 0.0], [7.0, 5.0, 3.0], [0.0, 8.0, 6.0]],
        [[4.0, 1.0, 0.0], [8.0, 5.0, 2.0], [0.0, 9.0, 6.0]],
        [[4.0, 1.0, 0.0], [7.0, 5.0, 2.0], [0.0, 8.0, 6.0]],
        [[4.0, 2.0, 0.0], [8.0, 5.0, 3.0], [0.0, 9.0, 6.0]]]),
    (X33, [-1, 1], 3, 4, 7.0, [
        [[4.0, 1.0, 7.0, 7.0], [7.0, 5.0, 2.0, 7.0], [7.0, 8.0, 6.0, 3.0]],
        [[4.0, 1.0, 7.0, 7.0], [8.0, 5.0, 2.0, 7.0], [7.0, 9.0, 6.0, 3.0]],
        [[4.0, 1.0, 7.0, 7.0], [7.0, 5.0, 2.0, 7.0], [7.0, 8.0, 6.0, 3.0]],
        [[4.0, 1.0, 7.0, 7.0], [8.0, 5.0, 2.0, 7.0], [7.0, 9.0, 6.0, 3.0]]]),
    (X22, [1, 2], -1, -1, 0.0, [
        [[0.0, 3.0, 2.0], [0.0, 0.0, 4.0], [0.0, 0.0, 0.0]],
        [[0.0, 3.0, 1.0], [0.0, 0.0, 4.0], [0.0, 0.0, 0.0]],
        [[0.0, 3.0, 1.0], [0.0, 0.0, 4.0], [0.0, 0.0, 0.0]],
        [[0.0, 3.0, 2.0], [0.0, 0.0, 4.0], [0.0, 0.0, 0.0]]]),
    (X22, [-2, -1], -1, -1, 0.0, [
        [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [3.0, 2.0, 0.0]],
        [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [4.0, 2.0, 0.0]],
        [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [3.0, 2.0, 0.0]],
        [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [4.0, 2.0, 0.0]]]),
    ([X22, [[5.0, 6.0], [7.0, 8.0]]], [0, 1], -1, -1, 0.0, [
        [[[3.0, 2.0], [0.0, 4.0]], [[7.0, 6.0], [0.0, 8.0]]],
        [[[3.0, 1.0], [0.0, 4.0]], [[7.0, 5.0], [0.0, 8.0]]],
        [[[3.0, 1.0], [0.0, 4.0]], [[7.0, 5.0], [0.0, 8.0]]],
        [[[3.0, 2.0], [0.0, 4.0]], [[7.0, 6.0], [0.0, 8.0]]]]),
]


@pytest.mark.parametrize("impl", ["function", "primitive"])
@pytest.mark.parametrize("align_index", range(4), ids=ALIGNS)
@pytest.mark.parametrize("x, k, rows, cols, pad, expected", BAND)
def test_matrix_diag_band_and_align(impl, align_index, x, k, rows, cols, pad, expected):
    out = _diag(impl, x, k, rows, cols, pad, ALIGNS[align_index])
    np.testing.assert_array_equal(out.asnumpy(), np.array(expected[align_index], np.float32))


@pytest.mark.parametrize("impl", ["function", "primitive"])
@pytest.mark.parametrize("x, k, rows, cols, match", [
    # neither side tight: the longest diagonal would not fit x
    ([1.0, 2.0], 0, 3, 4, "number of rows or columns is not consistent"),
    (X22, [1, 2], 3, 4, "number of rows or columns is not consistent"),
    ([1.0, 2.0], 0, 1, -1, "number of rows is too small"),
    ([1.0, 2.0], 0, -1, 1, "number of columns is too small"),
    (X22, [1, 0], -1, -1, "must not be greater than"),
    (X33, [0, 1], -1, -1, r"x_shape\[-2\] doesn't match"),
    ([[1.0], [2.0], [3.0]], [-3, -1], -1, -1, r"must be in \(-2, 2\)"),
    ([1.0, 2.0], [0, 1, 2], -1, -1, "size of 'k'"),
])
def test_matrix_diag_errors(impl, x, k, rows, cols, match):
    with pytest.raises(ValueError, match="MatrixDiagV3.*" + match):
        _diag(impl, x, k, rows, cols)


def test_matrix_diag_bad_align():
    with pytest.raises(ValueError, match="MatrixDiagV3.*'align'"):
        ops.MatrixDiagV3(align="LEFT")
    with pytest.raises(ValueError, match="MatrixDiagV3.*'align'"):
        ops.matrix_diag(Tensor(np.ones(2, np.float32)), align="LEFT")


# ---------------------------------------------------------------------------- cumsum / cumprod dtypes
BASE = np.array([[5, 7, 11], [1, 0, 3]])


def _x(dtype):
    return Tensor(BASE.astype(dtype))


# (input dtype, call, expected values, expected dtype). Values from MindSpore 2.10.
CUM = [
    # Tensor.cumprod widens Bool and integers to Int64, as ops.cumprod does.
    (np.int32, lambda x: x.cumprod(1), [[5, 35, 385], [1, 0, 0]], "Int64"),
    (np.uint8, lambda x: x.cumprod(1), [[5, 35, 385], [1, 0, 0]], "Int64"),
    (np.bool_, lambda x: x.cumprod(1), [[1, 1, 1], [1, 0, 0]], "Int64"),
    (np.int32, lambda x: ops.cumprod(x, 1), [[5, 35, 385], [1, 0, 0]], "Int64"),
    (np.uint8, lambda x: x.cumprod(1, dtype=ms.uint8), [[5, 35, 129], [1, 0, 0]], "UInt8"),
    (np.float16, lambda x: x.cumprod(1), [[5, 35, 385], [1, 0, 0]], "Float16"),
    # the Primitive keeps the input dtype (wrapping)
    (np.uint8, lambda x: ops.CumProd(exclusive=True, reverse=True)(x, 1), [[77, 11, 1], [0, 3, 1]], "UInt8"),
    # Tensor.cumsum sums Bool, UInt8, Int8 and Int16 in Int32, also when dtype names the input's own dtype
    (np.uint8, lambda x: x.cumsum(1), [[5, 12, 23], [1, 1, 4]], "Int32"),
    (np.bool_, lambda x: x.cumsum(1), [[1, 2, 3], [1, 1, 2]], "Int32"),
    (np.int8, lambda x: x.cumsum(axis=0), [[5, 7, 11], [6, 7, 14]], "Int32"),
    (np.bool_, lambda x: x.cumsum(), [1, 2, 3, 4, 4, 5], "Int32"),
    (np.uint8, lambda x: x.cumsum(0, dtype=ms.uint8), [[5, 7, 11], [6, 7, 14]], "Int32"),
    (np.bool_, lambda x: x.cumsum(0, dtype=ms.uint8), [[1, 1, 1], [2, 1, 2]], "UInt8"),
    (np.int32, lambda x: x.cumsum(1), [[5, 12, 23], [1, 1, 4]], "Int32"),
    (np.uint16, lambda x: x.cumsum(1), [[5, 12, 23], [1, 1, 4]], "UInt16"),
    # ops.cumsum keeps the input dtype; Bool only through dtype
    (np.uint8, lambda x: ops.cumsum(x, 1), [[5, 12, 23], [1, 1, 4]], "UInt8"),
    (np.bool_, lambda x: ops.cumsum(x, 1, dtype=ms.int32), [[1, 2, 3], [1, 1, 2]], "Int32"),
]


@pytest.mark.parametrize("dtype, call, expected, expected_dtype", CUM)
def test_cumulative_dtypes(dtype, call, expected, expected_dtype):
    out = call(_x(dtype))
    assert str(out.dtype) == expected_dtype
    np.testing.assert_array_equal(out.asnumpy(), expected)


@pytest.mark.parametrize("call", [
    lambda x: ops.cumsum(x, 1),
    lambda x: ops.CumSum()(x, 1),
    lambda x: ops.CumSum(exclusive=True)(x, 1),
    lambda x: ops.CumProd()(x, 1),
    lambda x: ops.CumProd(reverse=True)(x, 1),
], ids=["cumsum", "CumSum", "CumSum_exclusive", "CumProd", "CumProd_reverse"])
def test_cumulative_bool_kernels_raise(call):
    # MindSpore 2.10 has no Bool CumSum / CumProd kernel: TypeError.
    with pytest.raises(TypeError, match="(?i)cum(sum|prod).*Bool"):
        call(_x(np.bool_))
