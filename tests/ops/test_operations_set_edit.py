"""DenseToDenseSetOperation and EditDistance against MindSpore 2.10 (CPU)."""
import numpy as np
import pytest

from sporetorch import Tensor as T
from sporetorch.ops.operations import array_ops as A
from sporetorch.ops.operations import sparse_ops as S
from _ms_literals import show


def i64(v):
    return T(np.array(v, np.int64))


def i32(v):
    return T(np.array(v, np.int32))


def f32(v):
    return T(np.array(v, np.float32))


hi, hv, hs = i64([[0, 0, 0], [1, 0, 1], [1, 1, 1]]), f32([1, 2, 3]), i64([2, 2, 2])
ti, tv, ts = i64([[0, 1, 0], [0, 0, 1], [1, 1, 0], [1, 0, 1]]), f32([1, 3, 2, 1]), i64([2, 2, 2])
h2i, h2v, h2s = i64([[0, 0], [0, 1], [0, 2], [1, 0]]), f32([1, 2, 3, 5]), i64([3, 3])
t2i, t2v, t2s = i64([[0, 0], [0, 1], [2, 0]]), f32([1, 3, 4]), i64([3, 2])
CASES = {
    "EditDistance_2": lambda: A.EditDistance(True)(h2i, h2v, h2s, t2i, t2v, t2s),
    "EditDistance_2raw": lambda: A.EditDistance(False)(h2i, h2v, h2s, t2i, t2v, t2s),
    "DenseToDense_a-b": lambda: S.DenseToDenseSetOperation("a-b")(i32([[1, 2, 3], [4, 5, 6]]), i32([[2, 9, 9], [4, 5, 7]])),
    "DenseToDense_union": lambda: S.DenseToDenseSetOperation("union")(i32([[1, 2, 2], [4, 5, 6]]), i32([[2, 9, 9], [4, 5, 7]])),
    "DenseToDense_inter": lambda: S.DenseToDenseSetOperation("intersection")(i32([[1, 2, 3], [4, 5, 6]]), i32([[2, 9, 9], [4, 5, 7]])),
    "EditDistance": lambda: A.EditDistance(True)(hi, hv, hs, ti, tv, ts),
    "EditDistance_raw": lambda: A.EditDistance(False)(hi, hv, hs, ti, tv, ts),
}

# MindSpore 2.10 CPU (show(f, 4))
EXPECTED = {
    'DenseToDense_a-b': '[[[0, 0], [0, 1], [1, 0]], [1, 3, 6], [2, 2]]',
    'DenseToDense_union': '[[[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2], [1, 3]], [1, 2, 9, 4, 5, 6, 7], [2, 4]]',
    'DenseToDense_inter': '[[[0, 0], [1, 0], [1, 1]], [2, 4, 5], [2, 2]]',
    'EditDistance': "([[1.0, 1.0], [1.0, 1.0]], 'Float32')",
    'EditDistance_raw': "([[1.0, 1.0], [1.0, 1.0]], 'Float32')",
    'EditDistance_2': "([0.5, inf, 1.0], 'Float32')",
    'EditDistance_2raw': "([1.0, 1.0, 1.0], 'Float32')",
}


@pytest.mark.parametrize("key", sorted(CASES))
def test_matches_mindspore(key):
    assert show(CASES[key], 4) == EXPECTED[key]
