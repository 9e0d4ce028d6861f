"""SparseApplyAdagradDA, SparseApplyCenteredRMSProp (the dense updates on the given rows) and AdjustContrastv2
against MindSpore 2.10 (CPU)."""
import numpy as np
import pytest

from sporetorch import Parameter
from sporetorch import Tensor as T
from sporetorch.ops.operations import image_ops as IM
from sporetorch.ops.operations import nn_ops as N
from _ms_literals import show


def i32(v):
    return T(np.array(v, np.int32))


def i64(v):
    return T(np.array(v, np.int64))


def f32(v):
    return T(np.array(v, np.float32))


def P(v, n):
    return Parameter(f32(v), n)


def _da():
    var, ga, gs = P([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], "v"), P([[0.1, 0.1], [0.1, 0.1], [0.1, 0.1]], "a"), P([[0.1, 0.1], [0.1, 0.1], [0.1, 0.1]], "s")
    N.SparseApplyAdagradDA()(var, ga, gs, f32([[0.5, -0.5], [1.0, 2.0]]), i32([2, 0]), f32(0.1), f32(0.01), f32(0.02), i64(2))
    return [var.asnumpy().round(4).tolist(), ga.asnumpy().round(4).tolist(), gs.asnumpy().round(4).tolist()]


def _crms():
    var, mg, ms_, mom = P([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], "v"), P([[0.1, 0.1]] * 3, "g"), P([[0.5, 0.5]] * 3, "s"), P([[0.2, 0.2]] * 3, "m")
    N.SparseApplyCenteredRMSProp()(var, mg, ms_, mom, f32(0.1), f32(0.9), f32(0.5), f32(1e-6), f32([[0.5, -0.5], [1.0, 2.0]]), i32([2, 0]))
    return [var.asnumpy().round(4).tolist(), mg.asnumpy().round(4).tolist(), ms_.asnumpy().round(4).tolist(), mom.asnumpy().round(4).tolist()]


img = T((np.arange(12) % 5).astype(np.float32).reshape(2, 2, 3))

CASES = {
    "SparseApplyAdagradDA": _da,
    "SparseApplyCenteredRMSProp": _crms,
    "AdjustContrastv2": lambda: IM.AdjustContrastv2()(img, f32(1.5)),
}

# MindSpore 2.10 CPU (show(f, 4))
EXPECTED = {
    'SparseApplyAdagradDA': '[[[-0.10260000079870224, -0.10249999910593033], [3.0, 4.0], [-0.09740000218153, 0.06379999965429306]], [[1.100000023841858, 2.0999999046325684], [0.10000000149011612, 0.10000000149011612], [0.6000000238418579, -0.4000000059604645]], [[1.100000023841858, 4.099999904632568], [0.10000000149011612, 0.10000000149011612], [0.3499999940395355, 0.3499999940395355]]]',
    'SparseApplyCenteredRMSProp': '[[[0.7605000138282776, 1.6714999675750732], [3.0, 4.0], [4.825900077819824, 5.972700119018555]], [[0.1899999976158142, 0.28999999165534973], [0.10000000149011612, 0.10000000149011612], [0.14000000059604645, 0.03999999910593033]], [[0.550000011920929, 0.8500000238418579], [0.5, 0.5], [0.4749999940395355, 0.4749999940395355]], [[0.2395000010728836, 0.32850000262260437], [0.20000000298023224, 0.20000000298023224], [0.17409999668598175, 0.027300000190734863]]]',
    'AdjustContrastv2': "([[[-1.0, 0.625, 2.25], [3.5, 5.125, -0.75]], [[0.5, 2.125, 3.75], [5.0, -0.875, 0.75]]], 'Float32')",
}


@pytest.mark.parametrize("key", sorted(CASES))
def test_matches_mindspore(key):
    assert show(CASES[key], 4) == EXPECTED[key]
