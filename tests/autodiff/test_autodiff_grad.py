"""grad / value_and_grad: numerical checks, return structures and errors.

Expected structures and error types come from MindSpore 2.10 (recorded with the oracle).
"""
import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import nn, Tensor, Parameter, ParameterTuple
from _ad_helpers import t64, sin, tsum, numeric_grad, numeric_param_grad, assert_close

X = t64([1.0, 2.0, 3.0])
Y = t64([0.5, -1.0, 2.0])
Z = t64([2.0, 2.0, 2.0])


def f3(x, y, z):
    return tsum(x * x * y + sin(z) * x)


class Affine(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(np.array([1.5, -0.5, 2.0]), name="w")
        self.b = Parameter(np.array([1.0]), name="b")

    def construct(self, x, y):
        return tsum(self.w * x * y) + tsum(self.b * self.b)


# ---------------------------------------------------------------------- numerical checks
@pytest.mark.parametrize("pos", [0, 1, 2])
def test_grad_inputs_match_finite_differences(pos):
    g = ms.grad(f3, grad_position=pos)(X, Y, Z)
    assert_close(g, numeric_grad(f3, (X, Y, Z), pos))


def test_grad_weights_match_finite_differences():
    net = Affine()
    gx, (gw, gb) = ms.grad(net, 0, net.trainable_params())(X, Y)
    assert_close(gx, numeric_grad(net, (X, Y), 0))
    assert_close(gw, numeric_param_grad(net, net.w, (X, Y)))
    assert_close(gb, numeric_param_grad(net, net.b, (X, Y)))


def test_value_and_grad_matches_value_and_finite_differences():
    v, (gx, gy) = ms.value_and_grad(f3, (0, 1))(X, Y, Z)
    assert_close(v, f3(X, Y, Z).asnumpy())
    assert_close(gx, numeric_grad(f3, (X, Y, Z), 0))
    assert_close(gy, numeric_grad(f3, (X, Y, Z), 1))


def test_several_outputs_add_up():
    def two(x, y):
        return x * x * y, sin(x)

    assert_close(ms.grad(two)(X, Y), numeric_grad(two, (X, Y), 0))


def test_integer_outputs_contribute_nothing():
    def f(x, y):
        return x * y, (x > 1).astype(ms.int32)

    assert_close(ms.grad(f)(X, Y), Y.asnumpy())  # MindSpore 2.10: [0.5, -1, 2]
    assert_close(ms.grad(lambda x, y: (x > 1).astype(ms.int32))(X, Y), [0.0, 0.0, 0.0])


def test_sens_param_weights_each_output():
    sens = t64([1.0, 2.0, 3.0])
    assert_close(ms.grad(lambda a, b: a * b, 0, sens_param=True)(X, Y, sens), [0.5, -2.0, 6.0])
    got = ms.grad(lambda a, b: (a * b, a), 0, sens_param=True)(X, Y, (sens, t64([1.0, 1.0, 1.0])))
    assert_close(got, [1.5, -1.0, 7.0])  # MindSpore 2.10
    v, g = ms.value_and_grad(lambda a, b: a * b, 0, sens_param=True)(X, Y, sens)
    assert_close(v, [0.5, -2.0, 6.0])
    assert_close(g, [0.5, -2.0, 6.0])


def test_unused_input_and_constant_output_give_zeros():
    assert_close(ms.grad(lambda a, b: a * 2, 1)(X, Y), [0.0, 0.0, 0.0])
    g = ms.grad(lambda a, b: Tensor(1.0), 0)(X, Y)
    assert g.shape == (3,) and not g.asnumpy().any()


def test_numpy_round_trip_cuts_the_graph():
    def f(x):
        return Tensor(x.asnumpy() * 2.0) + x

    assert_close(ms.grad(f)(X), [1.0, 1.0, 1.0])


def test_float_dtypes_are_kept():
    for dtype in (ms.float16, ms.float32, ms.float64):
        g = ms.grad(lambda a: a * a)(Tensor(np.array([1.0]), dtype))
        assert g.dtype == dtype
        assert_close(g, [2.0])


def test_keyword_inputs_follow_the_positional_ones():
    def f(a, b):
        return a * b

    assert_close(ms.grad(f, 0)(X, b=Y), Y.asnumpy())
    assert_close(ms.grad(f, 1)(X, b=Y), X.asnumpy())  # MindSpore 2.10 counts keyword inputs after positional


# ---------------------------------------------------------------------- return structures (MindSpore 2.10)
def test_position_structures():
    assert isinstance(ms.grad(f3)(X, Y, Z), Tensor)
    assert isinstance(ms.grad(f3, (1,))(X, Y, Z), Tensor)
    g = ms.grad(f3, (0, 2))(X, Y, Z)
    assert type(g) is tuple and len(g) == 2
    assert len(ms.grad(f3, (0, 1, 2))(X, Y, Z)) == 3


def test_weight_structures():
    net = Affine()
    gw = ms.grad(net, None, net.trainable_params())(X, Y)
    assert type(gw) is tuple and len(gw) == 2
    assert isinstance(ms.grad(net, None, net.w)(X, Y), Tensor)
    gx, gws = ms.grad(net, 0, net.trainable_params())(X, Y)
    assert isinstance(gx, Tensor) and type(gws) is tuple
    (g0, g1), gws = ms.grad(net, (0, 1), ParameterTuple(net.trainable_params()))(X, Y)
    assert len(gws) == 2
    assert ms.grad(net, None, [])(X, Y) == ()


def test_return_ids_structures():
    net = Affine()
    pos0 = ms.grad(net, 0, return_ids=True)(X, Y)
    assert pos0[0] == 0 and isinstance(pos0[1], Tensor)
    both = ms.grad(net, (0, 1), net.trainable_params(), return_ids=True)(X, Y)
    assert [i for i, _ in both[0]] == [0, 1]
    assert [n for n, _ in both[1]] == ["w", "b"]
    assert ms.grad(net, None, net.w, return_ids=True)(X, Y)[0] == "w"
    v, ids = ms.value_and_grad(net, 0, net.trainable_params(), return_ids=True)(X, Y)
    assert ids[0][0] == 0 and ids[1][0][0] == "w"
    assert_close(ms.get_grad(both, 1), numeric_grad(net, (X, Y), 1))
    assert_close(ms.get_grad(both, net.w), numeric_param_grad(net, net.w, (X, Y)))
    with pytest.raises(RuntimeError):
        ms.get_grad(both, 5)


def test_has_aux_structures():
    def f(a, b):
        return a * b, a, b

    g, aux = ms.grad(f, 0, has_aux=True)(X, Y)
    assert_close(g, Y.asnumpy())
    assert type(aux) is tuple and len(aux) == 2
    assert_close(aux[0], X.asnumpy())
    assert not aux[0].to_torch().requires_grad
    v, g = ms.value_and_grad(f, 0, has_aux=True)(X, Y)
    assert type(v) is tuple and len(v) == 3
    with pytest.raises(ValueError, match="has_aux"):
        ms.grad(lambda a, b: a * b, 0, has_aux=True)(X, Y)


def test_value_and_grad_value_is_the_full_output():
    v, g = ms.value_and_grad(lambda a, b: (a * b, a), 0)(X, Y)
    assert type(v) is tuple and len(v) == 2
    assert_close(g, [1.5, 0.0, 3.0])  # MindSpore 2.10: both outputs contribute
    assert not v[0].to_torch().requires_grad


# ---------------------------------------------------------------------- errors
def test_bad_grad_position():
    f = lambda a, b: a * b  # noqa: E731
    with pytest.raises(ValueError, match=">= 0"):
        ms.grad(f, -1)
    for bad in (1.0, "a", [0, 1], ()):
        with pytest.raises(TypeError, match="grad_position"):
            ms.grad(f, bad)
    with pytest.raises(RuntimeError, match="position index 5"):  # MindSpore 2.10 raises RuntimeError
        ms.grad(f, (0, 5))(X, Y)
    with pytest.raises(ValueError, match="can not be None"):
        ms.grad(f, None)


def test_bad_weights():
    with pytest.raises(TypeError, match="index 0 is a Tensor"):
        ms.grad(lambda a: a, 0, [X])
    with pytest.raises(TypeError, match="weights"):
        ms.grad(lambda a: a, 0, 3)


def test_non_tensor_input_at_differentiated_position():
    with pytest.raises(TypeError, match="grad_position 0 must be a Tensor"):
        ms.grad(lambda a, b: a * b, 0)(2.0, Y)
    with pytest.raises(TypeError, match="got tuple"):
        ms.grad(lambda t: t[0], 0)((X, Y))


def test_weight_flags_restored_after_an_exception():
    net = Affine()

    def boom(x, y):
        net(x, y)
        raise KeyError("boom")

    with pytest.raises(KeyError):
        ms.value_and_grad(boom, None, net.trainable_params())(X, Y)
    assert not net.w.to_torch().requires_grad and not net.b.to_torch().requires_grad
    gw = ms.grad(net, None, net.trainable_params())(X, Y)
    assert_close(gw[0], numeric_param_grad(net, net.w, (X, Y)))


# ---------------------------------------------------------------------- higher order
def test_grad_of_grad():
    second = ms.grad(ms.grad(sin))
    third = ms.grad(ms.grad(ms.grad(sin)))
    assert_close(second(X), -np.sin(X.asnumpy()))
    assert_close(third(X), -np.cos(X.asnumpy()))


def test_mixed_second_derivative():
    def g(x, y):
        return x ** 3 * y

    a, b = t64(2.0), t64(3.0)
    assert_close(ms.grad(ms.grad(g, 0), 0)(a, b), 36.0)  # 6 a b
    assert_close(ms.grad(ms.grad(g, 0), 1)(a, b), 12.0)  # 3 a^2


def test_grad_through_value_and_grad_results():
    def first(x):
        return ms.value_and_grad(lambda u: tsum(u ** 3))(x)[1]

    assert_close(ms.grad(first)(X), 6 * X.asnumpy())


def test_second_derivative_with_weights():
    net = Affine()

    def dloss_dx(x, y):
        return tsum(ms.grad(net, 0)(x, y) * x)

    gw = ms.grad(dloss_dx, None, net.w)(X, Y)
    assert_close(gw, numeric_param_grad(dloss_dx, net.w, (X, Y)))


# ---------------------------------------------------------------------- frozen parameters
def test_frozen_parameter_is_excluded_and_gets_zeros_but_gradients_flow_through_it():
    net = Affine()
    net.w.requires_grad = False
    assert [p.name for p in net.trainable_params()] == ["b"]
    gw, gb = ms.grad(net, None, [net.w, net.b])(X, Y)
    assert_close(gw, [0.0, 0.0, 0.0])  # MindSpore 2.10: a frozen Parameter gets zeros even when asked for
    assert_close(gb, [2.0])
    assert not net.w.to_torch().requires_grad
    assert_close(ms.grad(net)(X, Y), numeric_grad(net, (X, Y), 0))  # the input gradient still goes through w


def test_batchnorm_statistics_in_weights_get_zeros():
    bn = nn.BatchNorm1d(3).set_train(True)
    x = Tensor(np.random.RandomState(0).standard_normal((4, 3)).astype(np.float32))
    grads = ms.grad(bn, None, list(bn.get_parameters()))(x)
    assert not grads[0].asnumpy().any() and not grads[1].asnumpy().any()  # moving mean / variance
    assert_close(grads[3], [4.0, 4.0, 4.0])  # MindSpore 2.10: d sum / d beta = batch size


def test_grad_inside_construct_of_a_cell():
    class GradNet(nn.Cell):
        def __init__(self, net):
            super().__init__()
            self.net = net

        def construct(self, x, y):
            return ms.grad(self.net)(x, y)

    net = Affine()
    assert_close(GradNet(net)(X, Y), numeric_grad(net, (X, Y), 0))


def test_plain_forward_records_nothing():
    net = Affine()
    out = net(X, Y)
    assert out.to_torch().grad_fn is None and not out.to_torch().requires_grad
    dense = nn.Dense(3, 2)
    y = dense(Tensor(np.ones((4, 3), np.float32)))
    assert y.to_torch().grad_fn is None
    v, g = ms.value_and_grad(lambda x: tsum(dense(x)), None, dense.trainable_params())(
        Tensor(np.ones((4, 3), np.float32)))
    assert v.to_torch().grad_fn is None and all(t.to_torch().grad_fn is None for t in g)
    assert not any(p.to_torch().requires_grad for p in dense.get_parameters())
    conv = nn.SequentialCell([nn.Conv2d(3, 4, 3), nn.ReLU(), nn.Conv2d(4, 2, 3)])
    y = conv(Tensor(np.ones((1, 3, 8, 8), np.float32)))
    assert y.to_torch().grad_fn is None and not y.to_torch().requires_grad
    assert all(p.to_torch().grad is None for p in conv.get_parameters())


def test_gradcheck_of_the_whole_grad_function():
    # torch.autograd.gradcheck on the map x -> grad(f)(x): checks second derivatives numerically.
    def torch_fn(x):
        return ms.grad(lambda u: tsum(sin(u) * u))(Tensor.from_torch(x)).to_torch()

    x = torch.tensor([0.3, -1.2, 2.0], dtype=torch.float64, requires_grad=True)
    ms.autodiff._core.state.depth += 1  # behave as inside an outer differentiation (keep the graph)
    try:
        assert torch.autograd.gradcheck(torch_fn, (x,))
    finally:
        ms.autodiff._core.state.depth -= 1
