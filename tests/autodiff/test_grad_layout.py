"""A weight's gradient comes back in its weight's memory layout, as torch's AccumulateGrad lays out
``.grad`` (a compiled backward may produce a convolution weight's gradient channels-last)."""
import numpy as np

import sporetorch as ms
from sporetorch import Parameter, Tensor


def test_weight_gradient_takes_the_weight_layout():
    w = Parameter(Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)), name="w")
    c = Tensor(np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], dtype=np.float32))

    def fn():
        # d/dw sum(w.T * c) = c.T, which autograd returns as a transposed (non-contiguous) view
        return (w.transpose(1, 0) * c).sum()

    loss, (g,) = ms.value_and_grad(fn, None, [w])()
    assert float(loss.asnumpy()) == float((np.arange(6).reshape(2, 3).T * c.asnumpy()).sum())
    np.testing.assert_array_equal(g.asnumpy(), c.asnumpy().T)
    assert g._t.stride() == w._t.stride()

