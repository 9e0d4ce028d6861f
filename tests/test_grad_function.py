"""``mindspore._Function``: custom forward/backward differentiated by grad (closed-form derivatives)."""
import numpy as np
import torch

import sporetorch as ms


class _Cube(ms._Function):
    @staticmethod
    def forward(ctx, x, scale=1.0):
        ctx.save_for_backward(x)
        ctx.scale = scale
        return x * x * x * scale

    @staticmethod
    def backward(ctx, dout):
        (x,) = ctx.saved_tensors
        return dout * 3 * x * x * ctx.scale, None


class _SplitSign(ms._Function):
    # two outputs; a deliberately wrong backward shows that the user's backward is the one used
    @staticmethod
    def forward(ctx, x):
        return x * 2, x * 3

    @staticmethod
    def backward(ctx, d_double, d_triple):
        return d_double * 10 + d_triple * 100


def test_custom_backward_is_used():
    x = ms.Tensor(np.array([1.0, 2.0], np.float32))
    np.testing.assert_allclose(_Cube.apply(x, 2.0).asnumpy(), [2.0, 16.0])
    np.testing.assert_allclose(ms.grad(lambda t: _Cube.apply(t, 2.0).sum())(x).asnumpy(), [6.0, 24.0])
    np.testing.assert_allclose(ms.grad(lambda t: sum(o.sum() for o in _SplitSign.apply(t)))(x).asnumpy(),
                               [110.0, 110.0])


def test_gradcheck_and_needs_input_grad():
    seen = []

    class Mul(ms._Function):
        @staticmethod
        def forward(ctx, a, b):
            ctx.save_for_backward(a, b)
            seen.append(ctx.needs_input_grad)
            return a * b

        @staticmethod
        def backward(ctx, dout):
            a, b = ctx.saved_tensors
            return dout * b, dout * a

    a = torch.rand(3, dtype=torch.float64, requires_grad=True)
    b = torch.rand(3, dtype=torch.float64)
    assert torch.autograd.gradcheck(lambda t: Mul.apply(ms.Tensor.from_torch(t), ms.Tensor.from_torch(b))._t, (a,))
    assert seen[0] == (True, False)
