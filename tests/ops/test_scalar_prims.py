"""Scalar Primitives of ``ops.operations._scalar_ops`` / ``manually_defined.ops_def``; expected values
from MindSpore 2.10 (CPU)."""
import math

import pytest

from sporetorch.ops.operations import _scalar_ops as s
from sporetorch.ops.operations import manually_defined as md


def test_scalar_prims_match_mindspore():
    # MindSpore 2.10: 3.5 3 1 8 2.0794415416798357 -3 False 3.5 -3 True 2 7 True
    got = (s.ScalarDiv()(7, 2), s.ScalarFloorDiv()(7, 2), s.ScalarMod()(-7, 2), s.ScalarPow()(2, 3),
           s.ScalarLog()(8.0), s.ScalarUsub()(3), s.ScalarBool()(0.0), s.ScalarMax()(2, 3.5), s.ScalarSub()(2, 5),
           s.ScalarEq()(1, 1.0), s.bit_and()(6, 3), s.bit_or()(6, 3), s.bool_not()(0))
    assert got[:4] == (3.5, 3, 1, 8)
    assert math.isclose(got[4], 2.0794415416798357)
    assert got[5:] == (-3, False, 3.5, -3, True, 2, 7, True)
    assert md.ScalarAdd is s.ScalarAdd and s.ScalarAdd().name == "ScalarAdd"


@pytest.mark.parametrize("cls,msg", [(s.ScalarDiv, "The divisor could not be zero"),
                                     (s.ScalarFloorDiv, "The divisor could not be zero"),
                                     (s.ScalarMod, "Cannot perform modulo operation on zero")])
def test_scalar_division_by_zero(cls, msg):
    # MindSpore 2.10 raises ValueError with these messages
    with pytest.raises(ValueError, match=msg):
        cls()(1, 0)
