"""mindspore.ops.operations._inner_ops.SiLU (mindformers' LlamaSiLU builds it). Expected values recorded
with MindSpore 2.10.0 on CPU."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch.ops.operations import _inner_ops


def test_inner_silu_values():
    out = _inner_ops.SiLU()(ms.Tensor(np.array([-2.0, -0.5, 0.0, 1.0, 3.0], np.float32)))
    # MindSpore 2.10: [-0.23840573 -0.18877032 0. 0.7310589 2.8577223]
    np.testing.assert_allclose(out.asnumpy(), [-0.23840573, -0.18877032, 0.0, 0.7310589, 2.8577223], rtol=1e-6)


def test_inner_silu_refuses_int():
    # MindSpore 2.10: TypeError (its CPU Sigmoid kernel has no integer type)
    with pytest.raises(TypeError):
        _inner_ops.SiLU()(ms.Tensor(np.array([1, 2], np.int32)))
