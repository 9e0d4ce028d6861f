"""Dense/Linear input errors, and ReLU's NaN handling on the no-grad and grad paths.
Expected values and exception types from MindSpore 2.10."""
import re

import numpy as np
import pytest

import sporetorch as ms
from sporetorch import nn, ops


def t(value, dtype=np.float32):
    return ms.Tensor(np.array(value, dtype))


# ---------------------------------------------------------------------------- Dense / Linear
def test_dense_rejects_a_0d_input_with_index_error():
    # From MindSpore 2.10: Dense on a 0-d input raises IndexError (it indexes the missing last axis).
    with pytest.raises(IndexError, match=r"For 'Dense'.*in_channels 3.*\(\)"):
        nn.Dense(3, 2)(t(1.0))
    with pytest.raises(IndexError, match="Dense"):
        nn.Dense(1, 2)(t(1.0))
    with pytest.raises(IndexError, match="Dense"):  # the shape is checked before the dtype, as in MindSpore
        nn.Dense(3, 2)(t(1.0, np.float16))


def test_dense_rejects_a_wrong_last_dimension_with_value_error():
    # From MindSpore 2.10: ValueError ("For 'MatMul' the input dimensions must be equal").
    for shape in ((2, 4), (4,), (2, 2, 4), (2, 0)):
        with pytest.raises(ValueError, match=r"For 'Dense'.*in_channels 3.*" + re.escape(str(shape))):
            nn.Dense(3, 2)(ms.Tensor(np.ones(shape, np.float32)))
    with pytest.raises(ValueError, match="Dense"):
        nn.Dense(3, 2)(ms.Tensor(np.ones((2, 4), np.float16)))


def test_dense_valid_inputs_still_work():
    # From MindSpore 2.10: shapes (2,) and (0, 2).
    d = nn.Dense(3, 2)
    assert d(ms.Tensor(np.ones(3, np.float32))).shape == (2,)
    assert d(ms.Tensor(np.ones((0, 3), np.float32))).shape == (0, 2)


def test_linear_input_errors():
    # From MindSpore 2.10: Linear raises ValueError for a 0-d input and for a wrong last dimension.
    with pytest.raises(ValueError, match=r"For 'Linear'.*in_features 3.*\(\)"):
        nn.Linear(3, 2)(t(1.0))
    with pytest.raises(ValueError, match=r"For 'Linear'.*in_features 3.*\(2, 4\)"):
        nn.Linear(3, 2)(ms.Tensor(np.ones((2, 4), np.float32)))
    assert nn.Linear(3, 2)(ms.Tensor(np.ones(3, np.float32))).shape == (2,)


# ---------------------------------------------------------------------------- ReLU and NaN
X = [np.nan, -1.0, 2.0, 0.0, np.inf, -np.inf]
VALUE = [0.0, 0.0, 2.0, 0.0, np.inf, 0.0]  # from MindSpore 2.10, PyNative and inside ms.grad alike
GRAD = [0.0, 0.0, 1.0, 0.0, 1.0, 0.0]  # from MindSpore 2.10: ms.value_and_grad of relu


@pytest.mark.parametrize("relu", [nn.ReLU(), ops.relu, ops.ReLU()], ids=["nn.ReLU", "ops.relu", "ops.ReLU"])
def test_relu_nan_gives_zero_without_and_with_grad(relu):
    assert relu(t(X)).asnumpy().tolist() == VALUE
    value, grad = ms.value_and_grad(relu)(t(X))
    assert value.asnumpy().tolist() == VALUE
    assert grad.asnumpy().tolist() == GRAD


@pytest.mark.parametrize("relu", [nn.ReLU(), ops.relu], ids=["nn.ReLU", "ops.relu"])
def test_relu_nan_in_graph_mode_and_vmap(relu):
    # aot_eager runs AOT autograd (what matters for relu's saved output) without code generation.
    f = ms.jit(lambda x: relu(x) * 2, backend="aot_eager", fullgraph=True)
    assert f(t(X)).asnumpy().tolist() == [2 * v for v in VALUE]
    assert ms.grad(f)(t(X)).asnumpy().tolist() == [2 * g for g in GRAD]
    x2 = t([X[:3], X[3:]])
    assert ms.vmap(relu)(x2).asnumpy().tolist() == [VALUE[:3], VALUE[3:]]
    # From MindSpore 2.10: ms.grad through ms.vmap(relu) gives [[0, 0, 1], [0, 1, 0]].
    assert ms.grad(lambda x: ms.vmap(relu)(x * 1.0).sum())(x2).asnumpy().tolist() == [GRAD[:3], GRAD[3:]]


def test_relu_keeps_dtype():
    # From MindSpore 2.10: float16/float64 give 0 for NaN; int32 stays int32.
    for np_dtype, dtype in ((np.float16, ms.float16), (np.float64, ms.float64)):
        out = ops.relu(t(X, np_dtype))
        assert out.dtype == dtype and out.asnumpy().tolist() == VALUE
    out = ops.relu(t([-1, 2], np.int32))
    assert out.dtype == ms.int32 and out.asnumpy().tolist() == [0, 2]
