"""Numerical gradient checks (torch.autograd.gradcheck in float64) through a representative set
of layers: gradients with respect to the input and to the Parameters."""
import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import nn
from sporetorch.common.tensor import _wrap


def to_double(cell):
    for p in cell.get_parameters():
        p._t = p._t.double()
    return cell


def check_cell(cell, *shapes, train=False, params=True):
    """gradcheck of ``cell`` w.r.t. its inputs and (optionally) its trainable Parameters."""
    cell = to_double(cell).set_train(train)
    trainable = [p for p in cell.trainable_params()] if params else []
    gen = torch.Generator().manual_seed(0)
    inputs = [torch.randn(*s, generator=gen, dtype=torch.float64, requires_grad=True) for s in shapes]
    weights = [p._t.detach().clone().requires_grad_(True) for p in trainable]

    def fn(*args):
        xs, ws = args[:len(inputs)], args[len(inputs):]
        for p, w in zip(trainable, ws):
            p._t = w
        out = cell(*[_wrap(x) for x in xs])
        out = out[0] if isinstance(out, tuple) else out
        return out._t

    assert torch.autograd.gradcheck(fn, tuple(inputs + weights), eps=1e-6, atol=1e-5, rtol=1e-3)


@pytest.mark.parametrize("make,shape", [
    (lambda: nn.Dense(4, 3, activation="tanh"), (2, 4)),
    (lambda: nn.Conv2d(1, 2, 3, stride=2, has_bias=True), (1, 1, 4, 4)),
    (lambda: nn.Conv1d(2, 3, 2, pad_mode="pad", padding=1), (1, 2, 5)),
    (lambda: nn.Conv2dTranspose(2, 2, 3, stride=2), (1, 2, 3, 3)),
    (lambda: nn.LayerNorm((3, 4), begin_norm_axis=1, begin_params_axis=1), (2, 3, 4)),
    (lambda: nn.GroupNorm(2, 4), (2, 4, 3)),
    (lambda: nn.AvgPool2d(2, 2, pad_mode="same"), (1, 2, 5, 5)),
    (lambda: nn.MaxPool2d(3, 2, pad_mode="pad", padding=1), (1, 1, 5, 5)),
    (lambda: nn.PReLU(3), (2, 3, 4)),
    (lambda: nn.GELU(), (3, 4)),
    (lambda: nn.FastGelu(), (3, 4)),
    (lambda: nn.BiDense(2, 3, 2), (2, 2), ),
], ids=["dense", "conv2d_same_s2", "conv1d", "conv2dT", "layernorm", "groupnorm", "avgpool_same", "maxpool_pad",
        "prelu", "gelu", "fastgelu", "bidense"])
def test_gradcheck_layers(make, shape):
    shapes = (shape, (2, 3)) if make().__class__ is nn.BiDense else (shape,)
    check_cell(make(), *shapes)


def test_gradcheck_batchnorm_train():
    check_cell(nn.BatchNorm1d(3), (4, 3), train=True)


def test_gradcheck_lstm():
    check_cell(nn.LSTM(2, 3, batch_first=True), (2, 3, 2))


def test_gradcheck_attention():
    cell = nn.MultiheadAttention(4, 2)

    class Self(nn.Cell):
        def __init__(self):
            super().__init__()
            self.attn = cell

        def construct(self, x):
            return self.attn(x, x, x)[0]

    check_cell(Self(), (3, 1, 4))


def test_sporetorch_grad_reaches_layer_parameters():
    net = nn.Dense(3, 2)
    x = ms.Tensor(np.ones((4, 3), np.float32))
    grads = ms.grad(lambda inp: net(inp).sum(), grad_position=None, weights=net.trainable_params())(x)
    np.testing.assert_allclose(grads[0].asnumpy(), np.full((2, 3), 4.0))
    np.testing.assert_allclose(grads[1].asnumpy(), np.full((2,), 4.0))
