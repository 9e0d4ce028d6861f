"""repr/str of Tensors. Every expected string was printed by MindSpore 2.10 for the same data."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch.common.initializer import initializer

CASES = [
    (np.arange(6, dtype=np.float32).reshape(2, 3), None,
     "Tensor(shape=[2, 3], dtype=Float32, value=\n"
     "[[ 0.00000000e+00,  1.00000000e+00,  2.00000000e+00],\n"
     " [ 3.00000000e+00,  4.00000000e+00,  5.00000000e+00]])"),
    (np.array([[1e-5, 2.5], [3.0, -4.0]], np.float32), None,
     "Tensor(shape=[2, 2], dtype=Float32, value=\n"
     "[[ 9.99999975e-06,  2.50000000e+00],\n [ 3.00000000e+00, -4.00000000e+00]])"),
    (np.array([1.5, -2.25, 3.0], np.float32), None,
     "Tensor(shape=[3], dtype=Float32, value= [ 1.50000000e+00, -2.25000000e+00,  3.00000000e+00])"),
    (np.array([0.1, 0.2], np.float16), None, "Tensor(shape=[2], dtype=Float16, value= [ 9.9976e-02,  1.9995e-01])"),
    (np.array([1e300, 1e-300, 1.0]), None,
     "Tensor(shape=[3], dtype=Float64, value= [1.00000000e+300, 1.00000000e-300,  1.00000000e+00])"),
    (np.array([[1, -2], [30, 4]], np.int64), None, "Tensor(shape=[2, 2], dtype=Int64, value=\n[[ 1, -2],\n [30,  4]])"),
    (np.array([-128, 127], np.int8), None, "Tensor(shape=[2], dtype=Int8, value= [-128,  127])"),
    (np.array([[True, False], [False, True]]), None,
     "Tensor(shape=[2, 2], dtype=Bool, value=\n[[ True, False],\n [False,  True]])"),
    (np.array(2.0, np.float32), None, "Tensor(shape=[], dtype=Float32, value= 2)"),
    (np.array(-0.001, np.float32), None, "Tensor(shape=[], dtype=Float32, value= -0.001)"),
    (np.array(1 / 3, np.float32), None, "Tensor(shape=[], dtype=Float32, value= 0.333333)"),
    (np.array(123456789.0, np.float32), None, "Tensor(shape=[], dtype=Float32, value= 1.23457e+08)"),
    (np.array(7, np.int64), None, "Tensor(shape=[], dtype=Int64, value= 7)"),
    (np.array(True), None, "Tensor(shape=[], dtype=Bool, value= True)"),
    (np.array([np.nan, np.inf, -np.inf, 1.0], np.float32), None,
     "Tensor(shape=[4], dtype=Float32, value= [            nan,             inf,            -inf,  1.00000000e+00])"),
    (np.array([-np.nan, np.nan], np.float32), None,
     "Tensor(shape=[2], dtype=Float32, value= [           -nan,             nan])"),
    (np.array([1 + 2j, 10.5 - 100j, 0j], np.complex64), None,
     "Tensor(shape=[3], dtype=Complex64, value= [1+2j, 10.5-100j, 0+0j])"),
    (np.array([1.5, -2.25, 3.0, 100.0, 1e-3], np.float32), ms.bfloat16,
     "Tensor(shape=[5], dtype=BFloat16, value= [        1.5,       -2.25,           3,         100, 0.000999451])"),
    (np.zeros((0, 3), np.float32), None, "Tensor(shape=[0, 3], dtype=Float32, value=\n)"),
    (np.zeros((0,), np.float32), None, "Tensor(shape=[0], dtype=Float32, value= )"),
    (np.arange(8, dtype=np.float32).reshape(2, 2, 2), None,
     "Tensor(shape=[2, 2, 2], dtype=Float32, value=\n"
     "[[[ 0.00000000e+00,  1.00000000e+00],\n  [ 2.00000000e+00,  3.00000000e+00]],\n"
     " [[ 4.00000000e+00,  5.00000000e+00],\n  [ 6.00000000e+00,  7.00000000e+00]]])"),
    # Dimensions longer than 6 are summarised in 2-D and higher, whatever the size.
    (np.arange(14, dtype=np.int32).reshape(7, 2), None,
     "Tensor(shape=[7, 2], dtype=Int32, value=\n"
     "[[ 0,  1],\n [ 2,  3],\n [ 4,  5],\n ...\n [ 8,  9],\n [10, 11],\n [12, 13]])"),
    (np.arange(60, dtype=np.int32).reshape(2, 30), None,
     "Tensor(shape=[2, 30], dtype=Int32, value=\n[[ 0,  1,  2 ... 27, 28, 29],\n [30, 31, 32 ... 57, 58, 59]])"),
    # Integer padding only counts the printed elements.
    (np.array([1] * 3 + [123456] * 1000 + [2] * 3, np.int64), None,
     "Tensor(shape=[1006], dtype=Int64, value= [1, 1, 1 ... 2, 2, 2])"),
    (np.arange(1008, dtype=np.float32), None,
     "Tensor(shape=[1008], dtype=Float32, value= [ 0.00000000e+00,  1.00000000e+00,  2.00000000e+00 ...  "
     "1.00500000e+03,  1.00600000e+03,  1.00700000e+03])"),
    # Unsummarised 1-D tensors wrap after 24 integers or 12 floats.
    (np.arange(30, dtype=np.int32), None,
     "Tensor(shape=[30], dtype=Int32, value= [ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, "
     "17, 18, 19, 20, 21, 22, 23, \n 24, 25, 26, 27, 28, 29])"),
    (np.arange(24, dtype=np.int32), None,
     "Tensor(shape=[24], dtype=Int32, value= [ 0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 16, "
     "17, 18, 19, 20, 21, 22, 23\n ])"),
    (np.arange(13, dtype=np.float32), None,
     "Tensor(shape=[13], dtype=Float32, value= [ 0.00000000e+00,  1.00000000e+00,  2.00000000e+00,  3.00000000e+00,"
     "  4.00000000e+00,  5.00000000e+00,  6.00000000e+00,  7.00000000e+00,  8.00000000e+00,  9.00000000e+00,"
     "  1.00000000e+01,  1.10000000e+01, \n  1.20000000e+01])"),
]


@pytest.mark.parametrize("data,dtype,expected", CASES)
def test_repr_matches_mindspore(data, dtype, expected):
    assert repr(ms.Tensor(data, dtype)) == expected


def test_repr_summarises_3d():
    text = repr(ms.Tensor(np.zeros((20, 20, 20), np.float32)))
    row = "[ 0.00000000e+00,  0.00000000e+00,  0.00000000e+00 ...  0.00000000e+00,  0.00000000e+00,  0.00000000e+00]"
    block = "[" + (",\n  ".join([row] * 3)) + ",\n  ...\n  " + ",\n  ".join([row] * 3) + "]"
    body = "[" + ",\n ".join([block] * 3) + ",\n ...\n " + ",\n ".join([block] * 3) + "]"
    assert text == "Tensor(shape=[20, 20, 20], dtype=Float32, value=\n" + body + ")"


@pytest.mark.parametrize("data,dtype,expected", [
    (np.arange(6, dtype=np.float32).reshape(2, 3), None, "[[0. 1. 2.]\n [3. 4. 5.]]"),
    (np.array(2.0, np.float32), None, "2.0"),
    (np.array(7, np.int64), None, "7"),
    (np.array([True, False]), None, "[ True False]"),
    (np.array([1.5, -2.25, 3.0, 100.0, 1e-3], np.float32), ms.bfloat16,
     "[1.500000 -2.250000 3.000000 100.000000 0.000999]"),
])
def test_str_is_numpy_str(data, dtype, expected):
    assert str(ms.Tensor(data, dtype)) == expected


def test_python_scalars_print_like_mindspore():
    assert repr(ms.Tensor(2.0)) == "Tensor(shape=[], dtype=Float32, value= 2)"
    assert repr(ms.Tensor(3)) == "Tensor(shape=[], dtype=Int64, value= 3)"
    assert repr(ms.Tensor(True)) == "Tensor(shape=[], dtype=Bool, value= True)"
    assert repr(ms.Tensor(1 + 2j)) == "Tensor(shape=[], dtype=Complex128, value= 1+2j)"


def test_uninitialized_tensor_prints_like_mindspore():
    x = initializer("ones", [1, 2, 3], ms.float32)
    assert str(x) == "Tensor(shape=[1, 2, 3], dtype=Float32, value=\n<uninitialized>)"
    # MindSpore's repr reads the not yet allocated buffer and shows zeros.
    assert repr(x) == ("Tensor(shape=[1, 2, 3], dtype=Float32, value=\n"
                       "[[[ 0.00000000e+00,  0.00000000e+00,  0.00000000e+00],\n"
                       "  [ 0.00000000e+00,  0.00000000e+00,  0.00000000e+00]]])")
    assert str(initializer("ones", [2], ms.float32)) == "Tensor(shape=[2], dtype=Float32, value=<uninitialized>)"
    assert str(initializer("ones", [], ms.float32)) == "Tensor(shape=[], dtype=Float32, value=<uninitialized>)"


def test_dtype_str_and_repr():
    assert str(ms.float32) == "Float32" and repr(ms.float32) == "mindspore.float32"
    assert str(ms.bool_) == "Bool" and repr(ms.bool_) == "mindspore.bool"
    assert [str(t) for t in (ms.int8, ms.uint8, ms.float16, ms.bfloat16, ms.complex64)] == \
        ["Int8", "UInt8", "Float16", "BFloat16", "Complex64"]
