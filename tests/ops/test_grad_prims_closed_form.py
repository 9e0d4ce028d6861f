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
