"""Sparse segment reductions, their gradients, and simple adapters of ``ops.operations`` (ConvertToDynamic,
DynamicBroadcastTo, ReLUV3, RangeV2, SelfAdjointEig, Eigh, MaxPool3DGradWithArgmax) against MindSpore 2.10
(CPU)."""
import numpy as np
import pytest

from sporetorch import Tensor as T
from sporetorch.ops.operations import _grad_ops as G
from sporetorch.ops.operations import _inner_ops as I
from sporetorch.ops.operations import array_ops as A
from sporetorch.ops.operations import linalg_ops as L
from sporetorch.ops.operations import math_ops as M
from sporetorch.ops.operations import nn_ops as N
from sporetorch.ops.operations import sparse_ops as S
from _ms_literals import show

x = T(np.array([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]], np.float32))
idx, seg = T(np.array([0, 2, 1], np.int32)), T(np.array([0, 0, 2], np.int32))
num = T(np.array([4], np.int32))
spd = T(np.array([[2.0, 0.0], [0.0, 3.0]], np.float32))
CASES = {
    "SparseSegmentSum": lambda: S.SparseSegmentSum()(x, idx, seg),
    "SparseSegmentSumWithNumSegments": lambda: S.SparseSegmentSumWithNumSegments()(x, idx, seg, num),
    "SparseSegmentSqrtN": lambda: S.SparseSegmentSqrtN()(x, idx, seg),
    "SparseSegmentSqrtNWithNumSegments": lambda: S.SparseSegmentSqrtNWithNumSegments()(x, idx, seg, num),
    "SparseSegmentMeanWithNumSegments": lambda: S.SparseSegmentMeanWithNumSegments()(x, idx, seg, num),
    "SparseSegmentMean": lambda: M.SparseSegmentMean()(x, idx, seg),
    "SparseSegmentMeanGrad": lambda: G.SparseSegmentMeanGrad()(x, idx, seg, T(np.array(4, np.int32))),
    "SparseSegmentSqrtNGrad": lambda: G.SparseSegmentSqrtNGrad()(x, idx, seg, T(np.array(4, np.int32))),
    "MaxPool3DGradWithArgmax": lambda: G.MaxPool3DGradWithArgmax(2, 2, 0)(T(np.zeros((1, 1, 2, 2, 2), np.float32)), T(np.array([[[[[1.5]]]]], np.float32)), T(np.array([[[[[6]]]]], np.int32))),
    "ConvertToDynamic": lambda: I.ConvertToDynamic()(x),
    "DynamicBroadcastTo": lambda: I.DynamicBroadcastTo()(T(np.array([1, 2], np.float32)), (3, 2)),
    "DynamicBroadcastTo_t": lambda: I.DynamicBroadcastTo()(T(np.array([1, 2], np.float32)), T(np.array([2, 2], np.int64))),
    "ReLUV3": lambda: N.ReLUV3()(T(np.array([-1.0, 0.0, 2.5], np.float32))),
    "RangeV2": lambda: A.RangeV2()(T(np.array(0, np.int32)), T(np.array(10, np.int32)), T(np.array(4, np.int32))),
    "RangeV2_f": lambda: A.RangeV2()(T(np.array(1.0, np.float32)), T(np.array(2.0, np.float32)), T(np.array(0.25, np.float32))),
    "SelfAdjointEig": lambda: M.SelfAdjointEig()(spd),
    "SelfAdjointEig_nov": lambda: M.SelfAdjointEig(False)(spd)[0],
    "Eigh": lambda: L.Eigh()(spd),
    "Eigh_vals": lambda: L.Eigh(False)(T(np.array([[2.0, 1.0], [1.0, 2.0]], np.float32))),
    "SparseSegmentSum_ok": lambda: S.SparseSegmentSum()(x, idx, T(np.array([0, 0, 1], np.int32))),
    "SparseSegmentSqrtN_ok": lambda: S.SparseSegmentSqrtN()(x, idx, T(np.array([0, 1, 1], np.int32))),
}

# MindSpore 2.10 CPU (show(f, 4))
EXPECTED = {
    'SparseSegmentSum': "ERR ValueError For 'SparseSegmentSum', indices in 'segment_ids' should be contiguous.",
    'SparseSegmentSumWithNumSegments': "([[10.0, 12.0, 14.0, 16.0], [0.0, 0.0, 0.0, 0.0], [5.0, 6.0, 7.0, 8.0], [0.0, 0.0, 0.0, 0.0]], 'Float32')",
    'SparseSegmentSqrtN': "ERR ValueError For 'SparseSegmentSqrtN', segment_ids should be sorted and contiguous.",
    'SparseSegmentSqrtNWithNumSegments': "([[7.071100234985352, 8.485300064086914, 9.899499893188477, 11.313699722290039], [0.0, 0.0, 0.0, 0.0], [5.0, 6.0, 7.0, 8.0], [0.0, 0.0, 0.0, 0.0]], 'Float32')",
    'SparseSegmentMeanWithNumSegments': "([[5.0, 6.0, 7.0, 8.0], [0.0, 0.0, 0.0, 0.0], [5.0, 6.0, 7.0, 8.0], [0.0, 0.0, 0.0, 0.0]], 'Float32')",
    'SparseSegmentMean': "([[5.0, 6.0, 7.0, 8.0], [0.0, 0.0, 0.0, 0.0], [5.0, 6.0, 7.0, 8.0]], 'Float32')",
    'SparseSegmentMeanGrad': "([[0.5, 1.0, 1.5, 2.0], [9.0, 10.0, 11.0, 12.0], [0.5, 1.0, 1.5, 2.0], [0.0, 0.0, 0.0, 0.0]], 'Float32')",
    'SparseSegmentSqrtNGrad': "([[0.707099974155426, 1.414199948310852, 2.121299982070923, 2.828399896621704], [9.0, 10.0, 11.0, 12.0], [0.707099974155426, 1.414199948310852, 2.121299982070923, 2.828399896621704], [0.0, 0.0, 0.0, 0.0]], 'Float32')",
    'MaxPool3DGradWithArgmax': "([[[[[0.0, 0.0], [0.0, 0.0]], [[0.0, 0.0], [1.5, 0.0]]]]], 'Float32')",
    'ConvertToDynamic': "([[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]], 'Float32')",
    'DynamicBroadcastTo': "([[1.0, 2.0], [1.0, 2.0], [1.0, 2.0]], 'Float32')",
    'DynamicBroadcastTo_t': "([[1.0, 2.0], [1.0, 2.0]], 'Float32')",
    'ReLUV3': "([0.0, 0.0, 2.5], 'Float32')",
    'RangeV2': "([0, 4, 8], 'Int32')",
    'RangeV2_f': "([1.0, 1.25, 1.5, 1.75], 'Float32')",
    'SelfAdjointEig': '[[2.0, 3.0], [[1.0, 0.0], [0.0, 1.0]]]',
    'SelfAdjointEig_nov': "([2.0, 3.0], 'Float32')",
    'Eigh': '[[2.0, 3.0], [[1.0, 0.0], [0.0, 1.0]]]',
    'Eigh_vals': "([1.0, 3.0], 'Float32')",
    'SparseSegmentSum_ok': "([[10.0, 12.0, 14.0, 16.0], [5.0, 6.0, 7.0, 8.0]], 'Float32')",
    'SparseSegmentSqrtN_ok': "([[1.0, 2.0, 3.0, 4.0], [9.899499893188477, 11.313699722290039, 12.727899551391602, 14.14210033416748]], 'Float32')",
}


@pytest.mark.parametrize("key", sorted(CASES))
def test_matches_mindspore(key):
    assert show(CASES[key], 4) == EXPECTED[key]
