"""MindSpore's private helpers that model zoos import (mindaudio, mindocr, mindone, mindformers).
Expected values and messages recorded with MindSpore 2.10 (CPU); projections checked against NumPy."""
import numpy as np
import pytest

from sporetorch import Parameter, Tensor, nn
from sporetorch._checkparam import args_type_check
from sporetorch.common.initializer import (
    _calculate_correct_fan,
    _calculate_fan_in_and_fan_out,
)
from sporetorch.nn.layer.rnn_cells import RNNCellBase
from sporetorch.ops.function.nn_func import _in_projection_packed
from sporetorch.train.serialization import _load_dismatch_prefix_params


def test_calculate_fans():
    # MindSpore 2.10: [72, 144, 5, (20, 15)]
    assert _calculate_correct_fan((16, 8, 3, 3), "fan_in") == 72
    assert _calculate_correct_fan((16, 8, 3, 3), "FAN_OUT") == 144
    assert _calculate_correct_fan([4, 5], "fan_in") == 5
    assert _calculate_fan_in_and_fan_out((3, 4, 5)) == (20, 15)


@pytest.mark.parametrize("args,msg", [
    (((3,), "fan_in"), "'fan_in' and 'fan_out' can not be computed for tensor with fewer than 2 dimensions, "
                       "but got dimensions 1."),
    (((3, 4), "fan_avg"), "'mode' fan_avg not supported, please use one of ['fan_in', 'fan_out']"),
])
def test_calculate_correct_fan_errors(args, msg):
    with pytest.raises(ValueError) as info:
        _calculate_correct_fan(*args)
    assert str(info.value) == msg  # MindSpore 2.10's message


def test_args_type_check():
    @args_type_check(a=int, b=(str, bool))
    def f(a, b=None, **kwargs):
        return a
    assert f(1) == 1 and f(2, b=True) == 2
    with pytest.raises(TypeError) as info:
        f(1.5)
    assert str(info.value) == "The parameter 'a' must be <class 'int'>, but got <class 'float'>"
    with pytest.raises(TypeError) as info:
        f(1, b=3)
    assert str(info.value) == "The parameter 'b' must be (<class 'str'>, <class 'bool'>), but got <class 'int'>"


def test_load_dismatch_prefix_params():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(2, 3)
    net = Net()
    pd = {"backbone.dense.weight": Parameter(Tensor(np.arange(6, dtype=np.float32).reshape(3, 2)),
                                             name="backbone.dense.weight"),
          "backbone.dense.bias": Parameter(Tensor(np.ones(3, np.float32)), name="backbone.dense.bias")}
    not_loaded = ["dense.weight", "dense.bias"]
    _load_dismatch_prefix_params(net, pd, not_loaded, False)
    # MindSpore 2.10: [] and the values loaded
    assert not_loaded == []
    np.testing.assert_array_equal(net.dense.weight.asnumpy(), [[0, 1], [2, 3], [4, 5]])
    np.testing.assert_array_equal(net.dense.bias.asnumpy(), [1, 1, 1])


def _np_linear(x, w, b):
    return x @ w.T + (0 if b is None else b)


@pytest.mark.parametrize("case", ["self", "encdec", "sep", "sep_nobias"])
def test_in_projection_packed(case):
    rng = np.random.RandomState(0)
    q, k, v = (rng.randn(2, n, 4).astype(np.float32) for n in (3, 5, 5))
    w, b = rng.randn(12, 4).astype(np.float32), rng.randn(12).astype(np.float32)
    qq, kk, vv, k_is_v, q_is_k, bb = {"self": (q, q, q, True, True, b), "encdec": (q, k, k, True, False, b),
                                      "sep": (q, k, v, False, False, b),
                                      "sep_nobias": (q, k, v, False, False, None)}[case]
    out = _in_projection_packed(Tensor(qq), Tensor(kk), Tensor(vv), Tensor(w), None if bb is None else Tensor(bb),
                                k_is_v, q_is_k)
    ws, bs = np.split(w, 3), [None] * 3 if bb is None else np.split(bb, 3)
    want = [_np_linear(x, wi, bi) for x, wi, bi in zip((qq, kk, vv), ws, bs)]
    assert len(out) == 3
    for got, exp in zip(out, want):
        np.testing.assert_allclose(got.asnumpy(), exp, rtol=1e-5, atol=1e-5)
    if case == "self":
        # MindSpore 2.10, first row of the query projection
        np.testing.assert_allclose(out[0].asnumpy()[0, 0], [-4.1162429, 7.0163708, 0.6825405, 3.6130848], rtol=1e-5)


class _MyCell(RNNCellBase):
    def construct(self, x, h):
        return x


def test_rnn_cell_base():
    c = _MyCell(3, 4, True, 2)
    # MindSpore 2.10: names and shapes, every value within 1/sqrt(hidden_size) = 0.5
    assert [(p.name, tuple(p.shape)) for p in c.get_parameters()] == [
        ("weight_ih", (8, 3)), ("weight_hh", (8, 4)), ("bias_ih", (8,)), ("bias_hh", (8,))]
    assert all(np.abs(p.asnumpy()).max() <= 0.5 for p in c.get_parameters())
    c2 = _MyCell(3, 4, False, 3)
    assert [(p.name, tuple(p.shape)) for p in c2.get_parameters()] == [("weight_ih", (12, 3)), ("weight_hh", (12, 4))]
    assert c2.bias_ih is None and c2.bias_hh is None


@pytest.mark.parametrize("args,exc,msg", [
    ((3, 4, 1, 2), TypeError, "For '_MyCell', the type of 'has_bias' should be 'bool', but got type 'int'."),
    ((3, 0, True, 2), ValueError, "For '_MyCell', the 'hidden_size' must be int and must > 0, but got '0' with type 'int'."),
    ((0, 4, True, 2), ValueError, "For '_MyCell', the 'input_size' must be int and must > 0, but got '0' with type 'int'."),
])
def test_rnn_cell_base_errors(args, exc, msg):
    with pytest.raises(exc) as info:
        _MyCell(*args)
    assert str(info.value) == msg  # MindSpore 2.10's messages
