"""Cell backward hooks, ops.HookBackward and saved-tensor hooks.

Expected gradients and hook arguments come from MindSpore 2.10 (recorded with the oracle).
"""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import nn, ops, Tensor
from _ad_helpers import tsum, assert_close

X = Tensor(np.array([1.0, 2.0, 3.0], np.float32))
Y = Tensor(np.array([0.5, -1.0, 2.0], np.float32))


class Mul(nn.Cell):
    def construct(self, a, b):
        return a * b * 2


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.m = Mul()

    def construct(self, a, b):
        return tsum(self.m(a, b) * 3)


def test_backward_hook_sees_input_and_output_gradients():
    net = Net()
    seen = []
    handle = net.m.register_backward_hook(lambda cell, gin, gout: seen.append((cell, gin, gout)))
    gx, gy = ms.grad(net, (0, 1))(X, Y)
    cell, gin, gout = seen[0]
    assert cell is net.m and len(gin) == 2 and len(gout) == 1
    assert_close(gin[0], [3.0, -6.0, 12.0])  # MindSpore 2.10
    assert_close(gin[1], [6.0, 12.0, 18.0])
    assert_close(gout[0], [3.0, 3.0, 3.0])
    assert_close(gx, [3.0, -6.0, 12.0])
    handle.remove()
    ms.grad(net, (0, 1))(X, Y)
    assert len(seen) == 1


def test_backward_hook_replaces_input_gradients():
    net = Net()
    net.m.register_backward_hook(lambda cell, gin, gout: (gin[0] * 0, gin[1] * 10))
    gx, gy = ms.grad(net, (0, 1))(X, Y)
    assert_close(gx, [0.0, 0.0, 0.0])
    assert_close(gy, [60.0, 120.0, 180.0])  # MindSpore 2.10


def test_backward_pre_hook_replaces_output_gradients():
    net = Net()
    net.m.register_backward_pre_hook(lambda cell, gout: (gout[0] * 100,))
    gx, gy = ms.grad(net, (0, 1))(X, Y)
    assert_close(gx, [300.0, -600.0, 1200.0])  # MindSpore 2.10


def test_hooked_cell_plain_call_records_nothing():
    net = Net()
    net.m.register_backward_hook(lambda cell, gin, gout: None)
    out = net(X, Y)
    assert out.to_torch().grad_fn is None
    assert_close(out, 27.0)
    with pytest.raises(TypeError, match="callable"):
        net.m.register_backward_hook(3)


def test_hook_backward_primitive():
    seen = []

    def hook(grads):
        seen.append(grads)
        return (grads[0] * 2,)

    hb = ops.HookBackward(hook)

    def f(a):
        return tsum(hb(a * 3) * 2)

    assert_close(ms.grad(f)(X), [12.0, 12.0, 12.0])
    assert type(seen[0]) is tuple and len(seen[0]) == 1
    assert_close(seen[0][0], [2.0, 2.0, 2.0])  # MindSpore 2.10
    assert hb(X) is X


def test_saved_tensors_hooks():
    events = []

    def pack(t):
        events.append("pack")
        return t + 1

    def unpack(t):
        events.append("unpack")
        return t

    @ms.register_saved_tensors_hooks(pack, unpack)
    def fwd(a, b):
        return a * b

    ones = Tensor(np.ones(2, np.float32))
    v, (ga, gb) = ms.value_and_grad(fwd, (0, 1))(ones, ones)
    assert_close(ga, [2.0, 2.0])  # the backward sees the packed values (MindSpore 2.10 docs example)
    assert events == ["pack", "pack", "unpack", "unpack"]
    with ms.saved_tensors_hooks(lambda t: t, lambda t: t):
        assert_close(ms.grad(lambda a: a * a)(X), [2.0, 4.0, 6.0])


def test_removing_the_last_backward_hook_restores_the_fast_call_path():
    net = Net()
    handle = net.m.register_backward_hook(lambda cell, gin, gout: None)
    assert net.m._call_hook is not None
    handle.remove()
    assert net.m._call_hook is None and net.m._extra_call is None
    # d(sum(3 * 2 * a * b))/da = 6 * b with no hook left
    assert_close(ms.grad(net, 0)(X, Y), np.array([3.0, -6.0, 12.0], np.float32))
