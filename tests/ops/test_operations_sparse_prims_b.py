"""SparseToDenseV2, SparseAdd, SparseFillEmptyRows (``sparse_ops``) and the sparse proximal optimizers of
``nn_ops`` against MindSpore 2.10 (CPU)."""
import numpy as np
import pytest

from sporetorch import Parameter
from sporetorch import Tensor as T
from sporetorch.ops.operations import nn_ops as N
from sporetorch.ops.operations import sparse_ops as S
from _ms_literals import show


def i64(v):
    return T(np.array(v, np.int64))


def i32(v):
    return T(np.array(v, np.int32))


def f32(v):
    return T(np.array(v, np.float32))


IDX, VAL, SH = i64([[0, 1], [1, 0], [1, 2]]), f32([1.0, 2.0, 3.0]), i64([2, 3])
IDX2, VAL2 = i64([[0, 1], [0, 2], [1, 2]]), f32([-1.0, 5.0, 2.5])


def _fspa():
    var, acc = Parameter(f32([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), "v"), Parameter(f32([[1.0, 1.0], [1.0, 1.0], [1.0, 1.0]]), "a")
    N.FusedSparseProximalAdagrad()(var, acc, f32(0.1), f32(0.01), f32(0.02), f32([[0.5, -0.5], [1.0, 2.0]]), i32([2, 0]))
    return [var.asnumpy().round(4).tolist(), acc.asnumpy().round(4).tolist()]


def _spgd():
    var = Parameter(f32([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), "v")
    N.SparseApplyProximalGradientDescent()(var, f32(0.1), f32(0.5), f32(0.2), f32([[0.5, -0.5], [1.0, 2.0]]), i32([2, 0]))
    return var.asnumpy().round(4).tolist()


CASES = {
    "SparseToDenseV2": lambda: S.SparseToDenseV2()(IDX, SH, VAL, f32(9.0)),
    "SparseAdd": lambda: S.SparseAdd()(IDX, VAL, SH, IDX2, VAL2, SH, f32(0.0)),
    "SparseAdd_thresh": lambda: S.SparseAdd()(IDX, VAL, SH, IDX2, VAL2, SH, f32(2.5)),
    "SparseFillEmptyRows": lambda: S.SparseFillEmptyRows()(i64([[1, 1], [3, 0], [1, 0]]), f32([1, 2, 3]), i64([5, 2]), f32(7.0)),
    "FusedSparseProximalAdagrad": _fspa,
    "SparseApplyProximalGradientDescent": _spgd,
}

# MindSpore 2.10 CPU (show(f, 4))
EXPECTED = {
    'SparseToDenseV2': "([[9.0, 1.0, 9.0], [2.0, 9.0, 3.0]], 'Float32')",
    'SparseAdd': '[[[0, 1], [0, 2], [1, 0], [1, 2]], [0.0, 5.0, 2.0, 5.5], [2, 3]]',
    'SparseAdd_thresh': '[[[0, 2], [1, 0], [1, 2]], [5.0, 2.0, 5.5], [2, 3]]',
    'SparseFillEmptyRows': '[[[0, 0], [1, 1], [1, 0], [2, 0], [3, 0], [4, 0]], [7.0, 1.0, 3.0, 7.0, 2.0, 7.0], [True, False, True, False, True], [1, 4, 2]]',
    'FusedSparseProximalAdagrad': '[[[0.927299976348877, 1.908400058746338], [3.0, 4.0], [4.945499897003174, 6.0329999923706055]], [[2.0, 5.0], [1.0, 1.0], [1.25, 1.25]]]',
    'SparseApplyProximalGradientDescent': '[[0.833299994468689, 1.7157000303268433], [3.0, 4.0], [4.803899765014648, 5.882400035858154]]',
}


@pytest.mark.parametrize("key", sorted(CASES))
def test_matches_mindspore(key):
    assert show(CASES[key], 4) == EXPECTED[key]


A_CSR = (i32([2, 3]), i32([0, 3]), i32([0, 1, 3]), i32([1, 0, 2]), f32([1, 2, 3]))
B_CSR = (i32([2, 3]), i32([0, 2]), i32([0, 1, 2]), i32([1, 1]), f32([4, 5]))


@pytest.mark.parametrize("second, alpha, beta, expected", [
    # MindSpore 2.10 CPU
    (B_CSR, 2.0, -1.0, "[[2, 3], [0, 4], [0, 1, 4], [1, 0, 1, 2], [-2.0, 4.0, -5.0, 6.0]]"),
    (A_CSR, 1.0, 1.0, "[[2, 3], [0, 3], [0, 1, 3], [1, 0, 2], [2.0, 4.0, 6.0]]"),
])
def test_sparse_matrix_add(second, alpha, beta, expected):
    assert show(lambda: S.SparseMatrixAdd()(*A_CSR, *second, f32(alpha), f32(beta))) == expected
