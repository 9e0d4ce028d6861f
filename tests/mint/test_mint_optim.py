"""mint.optim: torch's exact SGD/Adam/AdamW updates (MindSpore 2.10 defines them by torch.optim and
cannot run them on CPU), checked against torch.optim."""
import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import Tensor, nn
from sporetorch.experimental import optim as experimental
from sporetorch.experimental.optim import lr_scheduler
from sporetorch.mint import optim

_rs = np.random.RandomState(5)
X = _rs.randn(6, 3).astype(np.float32)
Y = _rs.randn(6, 2).astype(np.float32)
W = np.array([[0.5, -0.3, 0.8], [0.1, 0.2, -0.4]], np.float32)
B = np.array([0.1, -0.2], np.float32)


def _ours(make_opt):
    net = nn.Dense(3, 2)
    net.weight.set_data(Tensor(W))
    net.bias.set_data(Tensor(B))
    opt = make_opt(net.trainable_params())
    grad_fn = ms.value_and_grad(lambda x, y: ((net(x) - y) ** 2).mean(), None, opt.parameters)
    for _ in range(6):
        _, grads = grad_fn(Tensor(X), Tensor(Y))
        opt(grads)
    return net.weight.asnumpy(), net.bias.asnumpy()


def _torch(make_opt):
    w, b = torch.tensor(W, requires_grad=True), torch.tensor(B, requires_grad=True)
    opt = make_opt([w, b])
    for _ in range(6):
        opt.zero_grad()
        ((torch.from_numpy(X) @ w.T + b - torch.from_numpy(Y)) ** 2).mean().backward()
        opt.step()
    return w.detach().numpy(), b.detach().numpy()


@pytest.mark.parametrize("name, torch_name, kwargs", [
    ("SGD", "SGD", dict(lr=0.1, momentum=0.9, dampening=0.1, weight_decay=0.01)),
    ("SGD", "SGD", dict(lr=0.1, momentum=0.9, nesterov=True, maximize=True)),
    ("Adam", "Adam", dict(lr=0.05, weight_decay=0.1, amsgrad=True)),
    ("AdamW", "AdamW", dict(lr=0.05, weight_decay=0.1)),
    ("FusedAdamW", "AdamW", dict(lr=0.05, amsgrad=True)),
])
def test_matches_torch(name, torch_name, kwargs):
    ours = _ours(lambda p: getattr(optim, name)(p, **kwargs))
    ref = _torch(lambda p: getattr(torch.optim, torch_name)(p, **kwargs))
    np.testing.assert_allclose(ours[0], ref[0], rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(ours[1], ref[1], rtol=1e-6, atol=1e-7)


def test_distinct_classes_on_the_experimental_base():
    # As in MindSpore 2.10: mint.optim.Adam is not experimental.optim.Adam, but shares its base.
    assert optim.Adam is not experimental.Adam
    assert issubclass(optim.SGD, experimental.Optimizer)
    p = ms.Parameter(Tensor(np.zeros(1, np.float32)), name="p")
    opt = optim.AdamW([p], lr=0.1)
    s = lr_scheduler.StepLR(opt, 1, 0.5)
    s.step()
    assert float(opt.param_groups[0]["lr"].asnumpy()) == pytest.approx(0.05)
