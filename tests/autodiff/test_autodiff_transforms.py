"""vjp, jvp, jacfwd, jacrev, linearize, derivative and GradOperation.

Structures follow MindSpore 2.10 (recorded with the oracle); values are checked against
finite differences or closed forms.
"""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import nn, ops, Tensor, Parameter, ParameterTuple
from _ad_helpers import t64, sin, tsum, numeric_grad, numeric_param_grad, assert_close

X = t64([1.0, 2.0, 3.0])
Y = t64([0.5, -1.0, 2.0])
V = t64([1.0, 1.0, 2.0])


def f(a, b):
    return a * a * b


def two(a, b):
    return a * b, a + b


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(np.array([1.5, -0.5, 2.0]), name="w")

    def construct(self, x, y):
        return self.w * x * y


def _jacobian_fd(fn, args, pos, eps=1e-6):
    """Finite-difference Jacobian of a single-output fn: out.shape + in.shape."""
    base = args[pos].asnumpy()
    out = fn(*args).asnumpy()
    jac = np.zeros(out.shape + base.shape)
    for idx in np.ndindex(base.shape):
        plus, minus = base.copy(), base.copy()
        plus[idx] += eps
        minus[idx] -= eps
        a1, a2 = list(args), list(args)
        a1[pos], a2[pos] = Tensor(plus), Tensor(minus)
        jac[(Ellipsis,) + idx] = (fn(*a1).asnumpy() - fn(*a2).asnumpy()) / (2 * eps)
    return jac


# ---------------------------------------------------------------------- vjp
def test_vjp_values_and_structure():
    out, fn = ms.vjp(f, X, Y)
    assert_close(out, f(X, Y).asnumpy())
    gx, gy = fn(V)
    assert_close(gx, np.einsum("i,ij->j", V.asnumpy(), _jacobian_fd(f, (X, Y), 0)))
    assert_close(gy, np.einsum("i,ij->j", V.asnumpy(), _jacobian_fd(f, (X, Y), 1)))
    single = ms.vjp(lambda a: a * a, X)[1](V)
    assert type(single) is tuple and len(single) == 1


def test_vjp_tuple_output_weights_and_aux():
    gx, gy = ms.vjp(two, X, Y)[1]((V, V))
    assert_close(gx, [1.5, 0.0, 6.0])  # MindSpore 2.10
    assert_close(gy, [2.0, 3.0, 8.0])
    net = Net()
    (gin, gw) = ms.vjp(net, X, Y, weights=net.trainable_params())[1](V)
    assert len(gin) == 2 and type(gw) is tuple
    assert_close(gw[0], [0.5, -2.0, 12.0])  # MindSpore 2.10
    assert isinstance(ms.vjp(net, X, Y, weights=net.w)[1](V)[1], Tensor)
    out, fn, aux = ms.vjp(lambda a, b: (a * b, a + b, a), X, Y, has_aux=True)
    assert len(aux) == 2
    assert_close(fn(V)[0], [0.5, -1.0, 4.0])  # MindSpore 2.10
    with pytest.raises(ValueError):
        ms.vjp(f, X, Y)[1](t64([1.0, 1.0]))


def test_vjp_can_be_called_twice():
    _, fn = ms.vjp(f, X, Y)
    assert_close(fn(V)[0], fn(V)[0].asnumpy())


# ---------------------------------------------------------------------- jvp / linearize / derivative
def test_jvp_values_and_structure():
    out, tangent = ms.jvp(f, (X, Y), (V, V))
    jac = _jacobian_fd(f, (X, Y), 0) + _jacobian_fd(f, (X, Y), 1)
    assert_close(tangent, jac @ V.asnumpy())
    out, tangent = ms.jvp(lambda a: a * a, X, V)
    assert_close(tangent, 2 * X.asnumpy() * V.asnumpy())
    outs, tans = ms.jvp(two, (X, Y), (V, V))
    assert type(outs) is tuple and type(tans) is tuple
    out0, tan0, aux = ms.jvp(lambda a, b: (a * b, a + b, a), (X, Y), (V, V), has_aux=True)
    assert_close(tan0, [1.5, 1.0, 10.0]) and len(aux) == 2  # MindSpore 2.10
    with pytest.raises(ValueError, match="invalid length"):
        ms.jvp(f, (X, Y), (V,))


def test_linearize_and_derivative():
    out, fn = ops.linearize(sin, X)
    assert_close(out, np.sin(X.asnumpy()))
    assert_close(fn(V), np.cos(X.asnumpy()) * V.asnumpy())

    def exp_sin(x):
        return Tensor.from_torch(sin(x).to_torch().exp())

    x = t64([[1.0, 2.0], [3.0, 4.0]])
    out, third = ops.derivative(exp_sin, x, 3)
    assert_close(out, np.exp(np.sin(x.asnumpy())))
    assert_close(third, [[-4.0515366, 3.6724353], [0.5053504, -0.52061415]], atol=1e-5)  # MindSpore docs
    with pytest.raises(ValueError):
        ops.derivative(exp_sin, x, 0)


# ---------------------------------------------------------------------- jacobians
@pytest.mark.parametrize("jac", [ms.jacfwd, ms.jacrev])
def test_jacobians_match_finite_differences(jac):
    assert_close(jac(f)(X, Y), _jacobian_fd(f, (X, Y), 0))
    j0, j1 = jac(f, grad_position=(0, 1))(X, Y)
    assert_close(j1, _jacobian_fd(f, (X, Y), 1))
    m = t64([[1.0, 2.0], [0.5, -1.0]])
    assert jac(lambda a: a * a)(m).shape == (2, 2, 2, 2)
    assert_close(jac(lambda a: tsum(a * a))(X), 2 * X.asnumpy())


@pytest.mark.parametrize("jac", [ms.jacfwd, ms.jacrev])
def test_jacobian_structures(jac):
    per_out = jac(two)(X, Y)
    assert type(per_out) is tuple and len(per_out) == 2
    nested = jac(two, grad_position=(0, 1))(X, Y)
    assert len(nested) == 2 and len(nested[0]) == 2  # outputs outside, positions inside
    res, aux = jac(lambda a, b: (a * b, a + b, a), has_aux=True)(X, Y)
    assert isinstance(res, Tensor) and len(aux) == 2


# ---------------------------------------------------------------------- GradOperation
def test_grad_operation_modes():
    net = Net()
    assert_close(ops.GradOperation()(f)(X, Y), numeric_grad(f, (X, Y), 0))
    all_g = ops.GradOperation(get_all=True)(f)(X, Y)
    assert type(all_g) is tuple and len(all_g) == 2
    assert len(ops.GradOperation(get_all=True)(lambda a: a * a)(X)) == 1
    assert len(ops.GradOperation(get_all=True)(lambda a, n: a * n)(X, 3)) == 1  # non-Tensors are skipped
    by_list = ops.GradOperation(get_by_list=True)(net, ParameterTuple(net.trainable_params()))(X, Y)
    assert type(by_list) is tuple
    assert_close(by_list[0], numeric_param_grad(net, net.w, (X, Y)))
    gin, gw = ops.GradOperation(get_all=True, get_by_list=True)(net, net.trainable_params())(X, Y)
    assert len(gin) == 2 and len(gw) == 1
    assert_close(ops.GradOperation(sens_param=True)(f)(X, Y, V), [1.0, -4.0, 24.0])  # MindSpore 2.10
    with pytest.raises(TypeError):
        ops.GradOperation(get_by_list=True)(net)
    with pytest.raises(TypeError):
        ops.GradOperation(get_all=1)


def test_grad_operation_reuses_the_grad_function():
    net = Net()
    grad_op = ops.GradOperation(get_by_list=True)
    params = ParameterTuple(net.trainable_params())
    assert grad_op(net, params) is grad_op(net, params)


# ---------------------------------------------------------------------- vmap and the nn cells
def test_vmap_matches_a_loop():
    x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    w = Tensor(np.array([1.0, 2.0, 3.0], np.float32))

    def per_row(a, b):
        return a * b, tsum(a)

    prod, sums = ms.vmap(per_row, in_axes=(0, None))(x, w)
    assert_close(prod, [[0.0, 2.0, 6.0], [3.0, 8.0, 15.0]])  # MindSpore 2.10
    assert_close(sums, [3.0, 12.0])
    assert_close(ms.vmap(lambda t: t[0] + t[1], in_axes=((0, 0),))((x, x)), 2 * x.asnumpy())
    assert ms.vmap(lambda a: a * 2, in_axes=1, out_axes=1)(x).shape == (2, 3)
    assert ops.vmap is ms.vmap
    with pytest.raises(TypeError, match="in_axes"):
        ms.vmap(per_row, in_axes="0")


def test_nn_vjp_and_jvp_cells():
    out, g = nn.Vjp(lambda a: a * a)(X, V)
    assert_close(g, 2 * X.asnumpy() * V.asnumpy())
    out, (gx, gy) = nn.Vjp(f)(X, Y, V)
    assert_close(gx, [1.0, -4.0, 24.0])  # MindSpore 2.10
    out, tangent = nn.Jvp(lambda a: a * a)(X, V)
    assert_close(tangent, 2 * X.asnumpy() * V.asnumpy())
    outs, tans = nn.Jvp(two)(X, Y, (V, V))
    assert_close(tans[1], 2 * V.asnumpy())


def test_jacrev_through_a_custom_bprop_cell():
    class Cube(nn.Cell):
        def construct(self, x):
            return x * x * x

        def bprop(self, x, out, dout):
            return (3 * x * x * dout,)

    assert_close(ms.jacrev(Cube())(t64([1.0, 2.0])), [[3.0, 0.0], [0.0, 12.0]])
