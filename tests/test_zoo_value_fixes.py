"""Value fixes found while running the model zoos (mindocr's DBNet loss, mindaudio's Conv1d layers).
Expected values recorded with MindSpore 2.10 (CPU)."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import Tensor, nn, ops
from sporetorch.common.initializer import HeUniform, initializer


def test_binary_cross_entropy_clamps_the_log_as_mindspore():
    x = Tensor(np.array([1., 1e-30], np.float32))
    y = Tensor(np.array([0., 1.], np.float32))
    # MindSpore 2.10: [27.631021 27.631021] (log(x + 1e-12)); torch's clamp at -100 would give [100, 69.08]
    np.testing.assert_allclose(ops.binary_cross_entropy(x, y, reduction="none").asnumpy(), [27.631021, 27.631021],
                               rtol=1e-6)
    np.testing.assert_allclose(nn.BCELoss(reduction="none")(x, y).asnumpy(), [27.631021, 27.631021], rtol=1e-6)
    x2 = Tensor(np.array([0.0, 1.0, 0.5, 1e-13, 1 - 1e-7], np.float32))
    y2 = Tensor(np.array([1., 0., 1., 1., 0.], np.float32))
    # MindSpore 2.10
    np.testing.assert_allclose(ops.binary_cross_entropy(x2, y2, reduction="none").asnumpy(),
                               [27.631021, 27.631021, 0.6931472, 27.535711, 15.942377], rtol=1e-5)


def test_binary_cross_entropy_weight_reductions_and_grad():
    x = Tensor(np.array([0.2, 0.7, 0.3], np.float32))
    y = Tensor(np.array([0., 1., 1.], np.float32))
    w = Tensor(np.array([2., 1., 0.5], np.float32))
    # MindSpore 2.10: [0.44628707 0.35667497 0.6019864 ] 0.46831617 1.4049485
    np.testing.assert_allclose(ops.binary_cross_entropy(x, y, w, reduction="none").asnumpy(),
                               [0.44628707, 0.35667497, 0.6019864], rtol=1e-6)
    np.testing.assert_allclose(ops.binary_cross_entropy(x, y, w).asnumpy(), 0.46831617, rtol=1e-6)
    np.testing.assert_allclose(ops.binary_cross_entropy(x, y, w, reduction="sum").asnumpy(), 1.4049485, rtol=1e-6)
    g = ms.grad(lambda a: ops.binary_cross_entropy(a, Tensor(np.array([0., 1.], np.float32))))(
        Tensor(np.array([1., 1e-30], np.float32)))
    np.testing.assert_allclose(g.asnumpy(), [5e11, -5e11], rtol=1e-4)  # MindSpore 2.10
    g = ms.grad(lambda a: ops.binary_cross_entropy(a, y))(x)
    np.testing.assert_allclose(g.asnumpy(), [0.41666663, -0.4761905, -1.1111112], rtol=1e-5)  # MindSpore 2.10


def test_binary_cross_entropy_float16_saturates_to_inf():
    out = ops.binary_cross_entropy(Tensor(np.array([0., 1.], np.float16)), Tensor(np.array([1., 0.], np.float16)),
                                   reduction="none")
    assert np.isinf(out.asnumpy()).all()  # MindSpore 2.10: [inf inf]


def test_binary_cross_entropy_rejects_probabilities_outside_0_1():
    with pytest.raises(RuntimeError):  # MindSpore 2.10: RuntimeError, "must be between 0 and 1"
        ops.binary_cross_entropy(Tensor(np.array([1.5, 0.3], np.float32)), Tensor(np.array([0., 1.], np.float32)))


def test_conv1d_with_initializer_weight():
    c = nn.Conv1d(4, 8, 3, weight_init=initializer(HeUniform(), (8, 4, 3)))
    # MindSpore 2.10: weight (8, 4, 1, 3), output (1, 8, 10); HeUniform bound sqrt(6 / fan_in) with fan_in 12
    assert tuple(c.weight.shape) == (8, 4, 1, 3)
    assert tuple(c(Tensor(np.ones((1, 4, 10), np.float32))).shape) == (1, 8, 10)
    assert np.abs(c.weight.asnumpy()).max() <= np.sqrt(6 / 12)
    with pytest.raises(ValueError) as info:
        nn.Conv1d(4, 8, 3, weight_init=initializer(HeUniform(), (8, 4, 1, 3)))
    assert str(info.value) == "For 'Conv1d', the 'weight_init_shape' must be int and must = 3, but got '4' with type 'int'."
