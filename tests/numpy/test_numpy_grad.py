"""Gradients flow through mindspore.numpy's façades (they call differentiable ops)."""
import numpy as np
import torch

import sporetorch as ms
import sporetorch.numpy as mnp
from sporetorch import Tensor


def _ours(t):
    return mnp.sum(mnp.sin(t) * mnp.exp(t) + mnp.square(mnp.clip(t, -0.5, 0.5))) + mnp.mean(mnp.dot(t, t.T))


def _torch(t):
    return (torch.sin(t) * torch.exp(t) + torch.clamp(t, -0.5, 0.5) ** 2).sum() + (t @ t.T).mean()


def test_grad_through_facades_matches_torch():
    x = np.random.RandomState(0).randn(3, 4)
    got = ms.grad(_ours)(Tensor(x))
    t = torch.tensor(x, requires_grad=True)
    assert torch.autograd.gradcheck(_torch, (t,))
    _torch(t).backward()
    np.testing.assert_allclose(got.asnumpy(), t.grad.numpy(), rtol=1e-10, atol=1e-12)
