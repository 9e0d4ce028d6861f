"""Python-level Primitives of ``ops.operations._inner_ops``; expected values and messages from
MindSpore 2.10 (CPU)."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch.ops.operations import _inner_ops as q


def test_python_prims_match_mindspore():
    x = ms.Tensor(np.ones((2, 3), np.float32))
    y = ms.Tensor(np.ones((2, 3), np.int32))
    # MindSpore 2.10: same_type_shape_(x, x) is x; 1 None (1, 4, 1) True True False
    assert q.same_type_shape_(x, x) is x
    assert q.SliceGetItem()(slice(1, 5, None), "start") == 1
    assert q.SliceGetItem()(slice(1, 5, None), "step") is None
    assert q.TileSize()((2, 1, 3), (2, 4, 3), 3) == (1, 4, 1)
    assert q.IsConstant()(x) is True
    assert q.IsParameter()(ms.Parameter(x, name="p")) is True and q.IsParameter()(x) is False
    # MindSpore 2.10: [Float16, Int32]
    assert [t.dtype for t in q.MixedPrecisionCast()(ms.float16, (x, y))] == [ms.float16, ms.int32]


def test_same_type_shape_errors():
    x = ms.Tensor(np.ones((2, 3), np.float32))
    # MindSpore 2.10's messages
    with pytest.raises(TypeError, match=r"For 'SameTypeShape', the x dtype should be = y dtype: Int32, but got Float32"):
        q.SameTypeShape()(x, ms.Tensor(np.ones((2, 3), np.int32)))
    with pytest.raises(ValueError, match=r"For 'SameTypeShape', the x shape should be = y shape: \(3, 2\), but got"):
        q.SameTypeShape()(x, ms.Tensor(np.ones((3, 2), np.float32)))
    with pytest.raises(TypeError, match="For 'SameTypeShape', the type of 'y' should be 'Tensor', but got type 'int'"):
        q.SameTypeShape()(x, 1)
    with pytest.raises(TypeError, match="only support to get a slice type element but got 3"):
        q.SliceGetItem()(3, "start")
