"""matrix_diag_part / MatrixDiagPartV3 and matrix_set_diag / MatrixSetDiagV3: single diagonals, bands
k = [low, high] and the four aligns, checked against MindSpore 2.10.

Expected values are literals recorded from MindSpore 2.10 (PyNative, CPU). The inputs are
M(*shape) = 1, 2, 3, ... and, for set, the diagonals -1, -2, -3, ... in the layout matrix_diag_part returns.
"""
import numpy as np
import pytest
import torch

from sporetorch import Tensor, ops
from sporetorch.common.tensor import _wrap

ALIGNS = ["RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT"]


def M(*shape):
    return np.arange(1, 1 + np.prod(shape), dtype=np.float32).reshape(shape)


def _k(k):
    return Tensor(np.array(k, np.int32))


def _diagonal_for(shape, k):
    lo, hi = (k, k) if np.ndim(k) == 0 else (k[0], k[-1])
    rows, cols = shape[-2:]
    length = min(rows + min(hi, 0), cols - max(lo, 0))
    return -M(*shape[:-2], *((length,) if lo == hi else (hi - lo + 1, length)))


def _part(impl, x, k, padding_value=9.0, align="RIGHT_LEFT"):
    args = (Tensor(x), _k(k), Tensor(np.float32(padding_value)))
    if impl == "function":
        return ops.matrix_diag_part(*args, align=align)
    return ops.MatrixDiagPartV3(align=align)(*args)


def _set(impl, x, diagonal, k, align="RIGHT_LEFT"):
    args = (Tensor(x), Tensor(diagonal), _k(k))
    if impl == "function":
        return ops.matrix_set_diag(*args, align=align)
    return ops.MatrixSetDiagV3(align=align)(*args)


# (shape, k, output): a single diagonal fills its whole length, so align does not matter. From MindSpore 2.10.
PART_SINGLE = [
    ((3, 4), 1, [2, 7, 12]),
    ((3, 4), -1, [5, 10]),
    ((3, 4), 3, [4]),
    ((4, 3), -3, [10]),
    ((4, 3), 1, [2, 6]),
    ((2, 3, 4), 2, [[3, 8], [15, 20]]),
]


@pytest.mark.parametrize("impl", ["function", "primitive"])
@pytest.mark.parametrize("align", ALIGNS)
@pytest.mark.parametrize("shape, k, expected", PART_SINGLE)
def test_matrix_diag_part_single_diagonal(impl, align, shape, k, expected):
    out = _part(impl, M(*shape), k, align=align)
    np.testing.assert_array_equal(out.asnumpy(), np.array(expected, np.float32))


# (shape, k, output per align in ALIGNS order), padding_value 9. From MindSpore 2.10.
PART_BAND = [
    ((3, 3), [-1, 1], [
        [[9, 2, 6], [1, 5, 9], [4, 8, 9]],
        [[2, 6, 9], [1, 5, 9], [9, 4, 8]],
        [[2, 6, 9], [1, 5, 9], [4, 8, 9]],
        [[9, 2, 6], [1, 5, 9], [9, 4, 8]],
    ]),
    ((3, 4), [0, 2], [
        [[9, 3, 8], [2, 7, 12], [1, 6, 11]],
        [[3, 8, 9], [2, 7, 12], [1, 6, 11]],
        [[3, 8, 9], [2, 7, 12], [1, 6, 11]],
        [[9, 3, 8], [2, 7, 12], [1, 6, 11]],
    ]),
    ((3, 4), [-2, -1], [
        [[5, 10], [9, 9]],
        [[5, 10], [9, 9]],
        [[5, 10], [9, 9]],
        [[5, 10], [9, 9]],
    ]),
    ((4, 3), [1, 2], [
        [[9, 3], [2, 6]],
        [[3, 9], [2, 6]],
        [[3, 9], [2, 6]],
        [[9, 3], [2, 6]],
    ]),
    ((2, 3, 4), [-1, 1], [
        [[[2, 7, 12], [1, 6, 11], [5, 10, 9]], [[14, 19, 24], [13, 18, 23], [17, 22, 9]]],
        [[[2, 7, 12], [1, 6, 11], [9, 5, 10]], [[14, 19, 24], [13, 18, 23], [9, 17, 22]]],
        [[[2, 7, 12], [1, 6, 11], [5, 10, 9]], [[14, 19, 24], [13, 18, 23], [17, 22, 9]]],
        [[[2, 7, 12], [1, 6, 11], [9, 5, 10]], [[14, 19, 24], [13, 18, 23], [9, 17, 22]]],
    ]),
]


@pytest.mark.parametrize("impl", ["function", "primitive"])
@pytest.mark.parametrize("align_index", range(4), ids=ALIGNS)
@pytest.mark.parametrize("shape, k, expected", PART_BAND)
def test_matrix_diag_part_band_and_align(impl, align_index, shape, k, expected):
    out = _part(impl, M(*shape), k, align=ALIGNS[align_index])
    np.testing.assert_array_equal(out.asnumpy(), np.array(expected[align_index], np.float32))


def test_matrix_diag_part_keeps_dtype():
    # From MindSpore 2.10.
    x = M(3, 4).astype(np.int32)
    out = ops.matrix_diag_part(Tensor(x), _k([0, 1]), Tensor(np.int32(-1)))
    assert str(out.dtype) == "Int32"
    np.testing.assert_array_equal(out.asnumpy(), [[2, 7, 12], [1, 6, 11]])
    out = ops.matrix_diag_part(Tensor(np.zeros((0, 3, 3), np.float32)), _k([0, 1]), Tensor(np.float32(0)))
    assert out.shape == (0, 2, 3)


# (shape, k, output). From MindSpore 2.10.
SET_SINGLE = [
    ((3, 4), 1, [[1, -1, 3, 4], [5, 6, -2, 8], [9, 10, 11, -3]]),
    ((3, 4), -2, [[1, 2, 3, 4], [5, 6, 7, 8], [-1, 10, 11, 12]]),
    ((4, 3), -3, [[1, 2, 3], [4, 5, 6], [7, 8, 9], [-1, 11, 12]]),
    ((2, 3, 4), 2, [[[1, 2, -1, 4], [5, 6, 7, -2], [9, 10, 11, 12]],
                    [[13, 14, -3, 16], [17, 18, 19, -4], [21, 22, 23, 24]]]),
]


@pytest.mark.parametrize("impl", ["function", "primitive"])
@pytest.mark.parametrize("align", ALIGNS)
@pytest.mark.parametrize("shape, k, expected", SET_SINGLE)
def test_matrix_set_diag_single_diagonal(impl, align, shape, k, expected):
    out = _set(impl, M(*shape), _diagonal_for(shape, k), k, align=align)
    np.testing.assert_array_equal(out.asnumpy(), np.array(expected, np.float32))


# (shape, k, output per align in ALIGNS order). From MindSpore 2.10.
SET_BAND = [
    ((3, 3), [-1, 1], [
        [[-4, -2, 3], [-7, -5, -3], [7, -8, -6]],
        [[-4, -1, 3], [-8, -5, -2], [7, -9, -6]],
        [[-4, -1, 3], [-7, -5, -2], [7, -8, -6]],
        [[-4, -2, 3], [-8, -5, -3], [7, -9, -6]],
    ]),
    ((3, 4), [-1, 2], [
        [[-7, -4, -2, 4], [-10, -8, -5, -3], [9, -11, -9, -6]],
        [[-7, -4, -1, 4], [-11, -8, -5, -2], [9, -12, -9, -6]],
        [[-7, -4, -1, 4], [-10, -8, -5, -2], [9, -11, -9, -6]],
        [[-7, -4, -2, 4], [-11, -8, -5, -3], [9, -12, -9, -6]],
    ]),
    ((4, 3), [1, 2], [
        [[1, -3, -2], [4, 5, -4], [7, 8, 9], [10, 11, 12]],
        [[1, -3, -1], [4, 5, -4], [7, 8, 9], [10, 11, 12]],
        [[1, -3, -1], [4, 5, -4], [7, 8, 9], [10, 11, 12]],
        [[1, -3, -2], [4, 5, -4], [7, 8, 9], [10, 11, 12]],
    ]),
    ((2, 3, 4), [-2, 0], [
        [[[-1, 2, 3, 4], [-4, -2, 7, 8], [-7, -5, -3, 12]],
         [[-10, 14, 15, 16], [-13, -11, 19, 20], [-16, -14, -12, 24]]],
        [[[-1, 2, 3, 4], [-5, -2, 7, 8], [-9, -6, -3, 12]],
         [[-10, 14, 15, 16], [-14, -11, 19, 20], [-18, -15, -12, 24]]],
        [[[-1, 2, 3, 4], [-4, -2, 7, 8], [-7, -5, -3, 12]],
         [[-10, 14, 15, 16], [-13, -11, 19, 20], [-16, -14, -12, 24]]],
        [[[-1, 2, 3, 4], [-5, -2, 7, 8], [-9, -6, -3, 12]],
         [[-10, 14, 15, 16], [-14, -11, 19, 20], [-18, -15, -12, 24]]],
    ]),
]


@pytest.mark.parametrize("impl", ["function", "primitive"])
@pytest.mark.parametrize("align_index", range(4), ids=ALIGNS)
@pytest.mark.parametrize("shape, k, expected", SET_BAND)
def test_matrix_set_diag_band_and_align(impl, align_index, shape, k, expected):
    out = _set(impl, M(*shape), _diagonal_for(shape, k), k, align=ALIGNS[align_index])
    np.testing.assert_array_equal(out.asnumpy(), np.array(expected[align_index], np.float32))


def test_matrix_set_diag_python_int_k():
    # From MindSpore 2.10: the functional form takes an int k, 0 by default.
    out = ops.matrix_set_diag(Tensor(M(3, 4)), Tensor(-M(3)))
    np.testing.assert_array_equal(out.asnumpy(), [[-1, 2, 3, 4], [5, -2, 7, 8], [9, 10, -3, 12]])
    out = ops.matrix_set_diag(Tensor(M(3, 4)), Tensor(-M(3)), 1)
    np.testing.assert_array_equal(out.asnumpy(), [[1, -1, 3, 4], [5, 6, -2, 8], [9, 10, 11, -3]])


@pytest.mark.parametrize("x_dtype, d_dtype, out_dtype, expected", [
    # From MindSpore 2.10: x and diagonal promote to a common dtype.
    (np.float32, np.float16, "Float32", [-1, -2, -3]),
    (np.float16, np.float32, "Float32", [-1, -2, -3]),
    (np.int32, np.float32, "Float32", [-1, -2, -3]),
    (np.float64, np.float32, "Float64", [-1, -2, -3]),
    (np.int8, np.int32, "Int32", [-1, -2, -3]),
    (np.uint8, np.int8, "Int16", [-1, -2, -3]),
    (np.float32, np.bool_, "Float32", [1, 1, 1]),
])
def test_matrix_set_diag_dtype_promotion(x_dtype, d_dtype, out_dtype, expected):
    x = np.arange(1, 10).reshape(3, 3).astype(x_dtype)
    out = ops.matrix_set_diag(Tensor(x), Tensor((-np.arange(1, 4)).astype(d_dtype)), _k(0))
    assert str(out.dtype) == out_dtype
    np.testing.assert_array_equal(np.diagonal(out.asnumpy()), expected)
    np.testing.assert_array_equal(out.asnumpy()[~np.eye(3, dtype=bool)], x[~np.eye(3, dtype=bool)])


@pytest.mark.parametrize("impl", ["function", "primitive"])
@pytest.mark.parametrize("call, error", [
    # Exception types from MindSpore 2.10.
    (lambda impl: _part(impl, M(3, 4), 4), ValueError),
    (lambda impl: _part(impl, M(3, 4), -3), ValueError),
    (lambda impl: _part(impl, M(3, 4), [-3, 0]), ValueError),
    (lambda impl: _part(impl, M(3, 4), [1, 0]), ValueError),
    (lambda impl: _part(impl, M(3, 4), [0, 1, 2]), ValueError),
    (lambda impl: _part(impl, M(3, 4), [[0, 1]]), ValueError),
    (lambda impl: _part(impl, M(4), 0), ValueError),
    (lambda impl: _part(impl, np.zeros((0, 3), np.float32), 0), ValueError),
    (lambda impl: _set(impl, M(3, 4), np.ones(0, np.float32), 4), ValueError),
    (lambda impl: _set(impl, M(3, 4), np.ones(0, np.float32), -3), ValueError),
    (lambda impl: _set(impl, M(3, 4), -M(2, 3), [1, 0]), ValueError),
    (lambda impl: _set(impl, M(3, 4), -M(2, 3), [0, 1, 2]), ValueError),
    (lambda impl: _set(impl, M(4), -M(1), 0), ValueError),
    (lambda impl: _set(impl, M(3, 4), -M(3), [0, 1]), ValueError),          # diagonal rank
    (lambda impl: _set(impl, M(3, 4), -M(1, 3), 0), ValueError),            # diagonal rank
    (lambda impl: _set(impl, M(3, 4), -M(3, 3), [0, 1]), ValueError),       # number of diagonals
    (lambda impl: _set(impl, M(3, 4), -M(2, 2), [0, 1]), ValueError),       # diagonal length
    (lambda impl: _set(impl, M(3, 4), -M(4), 0), ValueError),               # diagonal length
    (lambda impl: _set(impl, M(2, 3, 4), -M(3, 2, 3), [0, 1]), ValueError),  # batch
])
def test_matrix_diag_part_set_errors(impl, call, error):
    with pytest.raises(error):
        call(impl)


def test_matrix_diag_part_set_type_errors():
    # Exception types from MindSpore 2.10.
    x = Tensor(M(3, 4))
    for pad in (Tensor(np.float64(0)), Tensor(np.int32(0))):
        with pytest.raises(TypeError):
            ops.matrix_diag_part(x, _k([0, 1]), pad)
    with pytest.raises(ValueError):
        ops.matrix_diag_part(x, _k([0, 1]), Tensor(np.ones(1, np.float32)))
    with pytest.raises(TypeError):
        ops.matrix_diag_part(x, Tensor(np.array(1, np.float32)), Tensor(np.float32(0)))
    with pytest.raises(TypeError):
        ops.matrix_set_diag(x, Tensor(-M(2, 3)), Tensor(np.array([0, 1], np.float32)))
    with pytest.raises(TypeError):
        ops.matrix_diag_part(M(3, 4).tolist(), _k(0), Tensor(np.float32(0)))
    with pytest.raises(TypeError):
        ops.matrix_set_diag(x, [[1.0, 2.0, 3.0]], _k(0))


@pytest.mark.parametrize("name", ["MatrixDiagPartV3", "MatrixSetDiagV3"])
def test_bad_align(name):
    # From MindSpore 2.10: the Primitive checks align when it is built.
    with pytest.raises(ValueError, match=f"{name}.*'align'"):
        getattr(ops, name)(align="LEFT")
    with pytest.raises(TypeError, match=f"{name}.*'align'"):
        getattr(ops, name)(align=1)
    with pytest.raises(ValueError, match="MatrixDiagPartV3.*'align'"):
        ops.matrix_diag_part(Tensor(M(3, 3)), _k(0), Tensor(np.float32(0)), align="LEFT")
    with pytest.raises(ValueError, match="MatrixSetDiagV3.*'align'"):
        ops.matrix_set_diag(Tensor(M(3, 3)), Tensor(-M(3)), _k(0), align="X")


@pytest.mark.parametrize("align", ["RIGHT_LEFT", "LEFT_RIGHT"])
@pytest.mark.parametrize("k", [[-1, 2], [1, 2], -2])
def test_matrix_diag_part_gradcheck(align, k):
    x = torch.randn(2, 3, 4, dtype=torch.float64, requires_grad=True)
    pad = Tensor(np.float64(0.5))
    assert torch.autograd.gradcheck(lambda t: ops.matrix_diag_part(_wrap(t), _k(k), pad, align=align)._t, (x,))


@pytest.mark.parametrize("align", ["RIGHT_LEFT", "LEFT_RIGHT"])
@pytest.mark.parametrize("k", [[-1, 2], [1, 2], -2])
def test_matrix_set_diag_gradcheck(align, k):
    x = torch.randn(2, 3, 4, dtype=torch.float64, requires_grad=True)
    d = torch.tensor(_diagonal_for((2, 3, 4), k), dtype=torch.float64, requires_grad=True)
    assert torch.autograd.gradcheck(
        lambda t, u: ops.matrix_set_diag(_wrap(t), _wrap(u), _k(k), align=align)._t, (x, d))
