"""``manually_defined.ops_def``'s constant-folding helpers; expected values from MindSpore 2.10 (CPU)."""
import numpy as np

import sporetorch as ms
from sporetorch.ops.operations import manually_defined as o

X = np.array([[1., -2.], [3., 4.]], np.float32)
I = np.array([[1, 0], [2, 3]], np.int32)


def test_infer_values_match_mindspore():
    x, i = ms.Tensor(X), ms.Tensor(I)
    # MindSpore 2.10: [[1 0 1 0] [2 3 2 3]] (Int32)
    t = o.infer_value_for_Tile(i, (1, 2))
    assert t.dtype == ms.int32 and t.asnumpy().tolist() == [[1, 0, 1, 0], [2, 3, 2, 3]]
    # MindSpore 2.10: [[1 0] [0 2]]; a 2-D input gives None
    assert o.infer_value_for_Diag(ms.Tensor(np.array([1, 2], np.int32))).asnumpy().tolist() == [[1, 0], [0, 2]]
    assert o.infer_value_for_Diag(x) is None
    # MindSpore 2.10: [[-2. 1.] [3. 3.]]
    g = o.infer_value_for_GatherD(x, 1, ms.Tensor(np.array([[1, 0], [0, 0]], np.int64)))
    assert g.asnumpy().tolist() == [[-2.0, 1.0], [3.0, 3.0]]
    # MindSpore 2.10: [[0.95257413 0.04742587] [0.26894143 0.7310586]]
    np.testing.assert_allclose(o.infer_value_for_Softmax(x, 1).asnumpy(),
                               [[0.95257413, 0.04742587], [0.26894143, 0.7310586]], rtol=1e-6)
    # MindSpore 2.10: True False
    assert bool(o.infer_value_for_EqualExt(x, x).asnumpy()) is True
    assert bool(o.infer_value_for_EqualExt(x, i).asnumpy()) is False
    # MindSpore 2.10: 3 -2.0 None
    assert int(o.infer_value_for_Max(i).asnumpy()) == 3 and float(o.infer_value_for_Min(x).asnumpy()) == -2.0
    assert o.infer_value_for_Max(None) is None
    # MindSpore 2.10: 4.0 [[-2.] [3.]] False True None
    assert float(o.infer_value_for_ReduceMax(x, (), False).asnumpy()) == 4.0
    assert o.infer_value_for_ReduceMin(x, 1, True).asnumpy().tolist() == [[-2.0], [3.0]]
    b = ms.Tensor(np.array([True, False]))
    assert bool(o.infer_value_for_ReduceAll(b, 0, False).asnumpy()) is False
    assert bool(o.infer_value_for_ReduceAny(b, (), False).asnumpy()) is True
    assert o.infer_value_for_ReduceMax(x, None, False) is None
    # MindSpore 2.10: scalar_bool(3) -> True, an instance of ScalarBool
    assert o.scalar_bool(3) is True and isinstance(o.scalar_bool, o.ScalarBool)
