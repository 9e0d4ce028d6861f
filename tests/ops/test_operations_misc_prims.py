"""``other_ops.Load`` and ``manually_defined._inner.TensorReport`` against MindSpore 2.10 (CPU)."""
import numpy as np

import sporetorch as ms
from sporetorch import Tensor as T
from sporetorch.ops.operations import manually_defined as MD
from sporetorch.ops.operations import other_ops as O


def test_load_returns_the_parameter_value_as_a_tensor():
    # MindSpore 2.10 CPU: Tensor [1.0, 2.0]
    p = ms.Parameter(T(np.array([1.0, 2.0], np.float32)), "p")
    r = O.Load()(p, T(np.array(0, np.int32)))
    assert type(r).__name__ == "Tensor" and r.asnumpy().tolist() == [1.0, 2.0]


def test_tensor_report_is_a_warning_in_pynative():
    # MindSpore 2.10 CPU: logs "TensorReport doesn't support pynative mode." and returns None
    assert MD.TensorReport()("f", T(np.array([1.0], np.float32))) is None
