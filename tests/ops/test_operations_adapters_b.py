"""Adapters of ``ops.operations`` over our ops: ClipByNorm, TridiagonalSolve, SparseMatrixMatMul, ROIAlignGrad,
ScaleAndTranslateGrad, CropAndResizeGrad{Image,Boxes}, UpdateCache, DynamicAssign; against MindSpore 2.10
(CPU). (MindSpore 2.10's UpdateCache returns uninitialised memory, so only the updated Parameter is compared.)"""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import Parameter
from sporetorch import Tensor as T
from sporetorch.ops.operations import _embedding_cache_ops as E
from sporetorch.ops.operations import _grad_ops as G
from sporetorch.ops.operations import _inner_ops as I
from sporetorch.ops.operations import image_ops as IM
from sporetorch.ops.operations import math_ops as M
from sporetorch.ops.operations import sparse_ops as S
from _ms_literals import show


def i64(v):
    return T(np.array(v, np.int64))


def i32(v):
    return T(np.array(v, np.int32))


def f32(v):
    return T(np.array(v, np.float32))


def fr(*s, k=7):
    n = int(np.prod(s))
    return T(((np.arange(n) * k) % 11 / 4 - 1).astype(np.float32).reshape(s))


CSR5 = (i64([2, 3]), i64([0, 3]), i64([0, 1, 3]), i64([1, 0, 2]), f32([1, 2, 3]))


def _uc():
    p = Parameter(f32([[1, 1], [2, 2], [3, 3]]), "p")
    E.UpdateCache()(p, i64([2, 5, 0]), f32([[7, 7], [8, 8], [9, 9]]), i64(3))
    return p.asnumpy().tolist()


def _da():
    p = Parameter(f32([[1, 1], [2, 2]]), "p")
    E.DynamicAssign()(p, f32([[5, 6], [7, 8]]))
    return p.asnumpy().tolist()


CASES = {
    "ClipByNorm": lambda: I.ClipByNorm()(fr(2, 3), f32(1.0)),
    "TridiagonalSolve": lambda: M.TridiagonalSolve()(f32([[1, 2, 0], [4, 5, 6], [0, 1, 2]]), f32([[1], [2], [3]])),
    "SparseMatrixMatMul": lambda: S.SparseMatrixMatMul()(*CSR5, fr(3, 2)),
    "SparseMatrixMatMul_t": lambda: S.SparseMatrixMatMul(transpose_x2=True, transpose_output=True)(*CSR5, fr(2, 3)),
    "ROIAlignGrad": lambda: G.ROIAlignGrad(2, 2, 1.0, 2)(fr(1, 1, 2, 2), f32([[0, 0.5, 0.5, 2.5, 2.5]]), (1, 1, 4, 4)),
    "ScaleAndTranslateGrad": lambda: G.ScaleAndTranslateGrad("triangle", False)(fr(1, 2, 2, 1), fr(1, 4, 4, 1), f32([0.5, 0.5]), f32([0.0, 0.0])),
    "CropAndResizeGradImage": lambda: IM.CropAndResizeGradImage(ms.float32)(fr(1, 2, 2, 1), f32([[0, 0, 1, 1]]), i32([0]), i32([1, 3, 3, 1])),
    "CropAndResizeGradBoxes": lambda: IM.CropAndResizeGradBoxes()(fr(1, 2, 2, 1), fr(1, 3, 3, 1, k=3), f32([[0.1, 0.2, 0.8, 0.9]]), i32([0])),
    "UpdateCache": _uc,
    "DynamicAssign": _da,
}

# MindSpore 2.10 CPU (show(f, 4))
EXPECTED = {
    'ClipByNorm': "([[-0.4781000018119812, 0.358599990606308, -0.11949999630451202], [0.7171000242233276, 0.23899999260902405, -0.23899999260902405]], 'Float32')",
    'TridiagonalSolve': "([[0.20409999787807465], [0.18369999527931213], [0.43880000710487366]], 'Float32')",
    'SparseMatrixMatMul': "([[-0.25, 1.5], [-0.5, 0.0]], 'Float32')",
    'SparseMatrixMatMul_t': "([[0.75, -2.75], [0.5, 1.5]], 'Float32')",
    'ROIAlignGrad': "([[[[-0.0038999998942017555, -0.03909999877214432, -0.004900000058114529, 0.03220000118017197], [-0.03909999877214432, -0.3905999958515167, -0.04879999905824661, 0.322299987077713], [-0.024399999529123306, -0.24410000443458557, 0.09769999980926514, 0.48339998722076416], [-0.010700000450015068, -0.10740000009536743, 0.2685999870300293, 0.7089999914169312]]]], 'Float32')",
    'ScaleAndTranslateGrad': "([[[[-0.25], [-0.25], [0.1875], [0.1875]], [[-0.25], [-0.25], [0.1875], [0.1875]], [[-0.0625], [-0.0625], [0.375], [0.375]], [[-0.0625], [-0.0625], [0.375], [0.375]]]], 'Float32')",
    'CropAndResizeGradImage': "([[[[-1.0], [0.0], [0.75]], [[0.0], [0.0], [0.0]], [[-0.25], [0.0], [1.5]]]], 'Float32')",
    'CropAndResizeGradBoxes': "([[-3.049999952316284, -0.22499999403953552, -0.15000000596046448, -1.5750000476837158]], 'Float32')",
    'DynamicAssign': '[[5.0, 6.0], [7.0, 8.0]]',
    'UpdateCache': '[[9.0, 9.0], [2.0, 2.0], [7.0, 7.0]]',
}


@pytest.mark.parametrize("key", sorted(CASES))
def test_matches_mindspore(key):
    assert show(CASES[key], 4) == EXPECTED[key]
