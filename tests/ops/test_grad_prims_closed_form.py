"""Closed-form gradient Primitives of ``ops.operations._grad_ops``; expected values from MindSpore 2.10 (CPU)."""
import numpy as np

import sporetorch as ms
from sporetorch.ops.operations import _grad_ops as g


def test_closed_form_grads_match_mindspore():
    y = ms.Tensor(np.array([0.5, -0.2, 0.9], np.float32))
    dy = ms.Tensor(np.array([1., 2., 3.], np.float32))
    # MindSpore 2.10: [0.75 1.92 0.5700001]
    np.testing.assert_allclose(g.TanhGrad()(y, dy).asnumpy(), [0.75, 1.92, 0.5700001], rtol=1e-6)
    # MindSpore 2.10: [0.6224594 0.90033203 2.1328487]
    np.testing.assert_allclose(g.SoftplusGrad()(dy, y).asnumpy(), [0.6224594, 0.90033203, 2.1328487], rtol=1e-6)
    # MindSpore 2.10: [-0.25 -0.08000001 -2.4299998]
    np.testing.assert_allclose(g.InvGrad()(y, dy).asnumpy(), [-0.25, -0.08000001, -2.4299998], rtol=1e-6)
    assert g.TanhGrad()(y, dy).dtype == ms.float32


def test_addv2_and_stop_gradient_op():
    from sporetorch.ops.operations import math_ops, other_ops
    x = ms.Tensor(np.array([1., 2.], np.float32))
    y = ms.Tensor(np.array([3, 4], np.int32))
    # MindSpore 2.10: AddV2 [2. 4.]; Float32 + Int32 -> [4. 6.] (Float32); stop_gradient_op(x) -> [1. 2.]
    p = math_ops.AddV2()
    assert p.name == "AddV2" and p(x, x).asnumpy().tolist() == [2.0, 4.0]
    out = p(x, y)
    assert out.dtype == ms.float32 and out.asnumpy().tolist() == [4.0, 6.0]
    assert other_ops.stop_gradient_op(x).asnumpy().tolist() == [1.0, 2.0]
