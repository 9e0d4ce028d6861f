"""Dtype checks and results of the maths Tensor methods (acos, exp, log, cumsum, ...) and the classes of
the dtype objects, as MindSpore 2.10 has them. Expected values and exception types come from MindSpore 2.10
(recorded by running it), unless a comment says otherwise."""
import pickle

import numpy as np
import pytest

import sporetorch as ms
from sporetorch.common import dtype as mstype


# ---------------------------------------------------------------------------- dtype classes
def test_dtype_classes_are_mindspores():
    # MindSpore 2.10: type(ms.float32).__name__ == "Float", Int32 is an Int, bool_ a Bool, all Number and Type.
    names = {ms.float32: "Float", ms.float16: "Float", ms.int32: "Int", ms.int8: "Int", ms.uint8: "UInt",
             ms.bool_: "Bool", ms.bfloat16: "BFloat", ms.complex64: "Complex"}
    for t, name in names.items():
        assert type(t).__name__ == name
        assert isinstance(t, mstype.Number) and isinstance(t, mstype.Type)
    assert type(ms.Tensor(np.ones(2, np.float32)).dtype).__name__ == "Float"
    assert type(ms.Tensor(np.ones(2, np.int32)).dtype).__name__ == "Int"
    assert type(ms.Tensor(np.ones(2, bool)).dtype).__name__ == "Bool"


def test_dtype_equality_hash_and_pickle_unchanged():
    x = ms.Tensor(np.ones(2, np.float32))
    assert x.dtype == ms.float32 and x.dtype is ms.float32
    assert {ms.float32: 1}[x.dtype] == 1
    assert pickle.loads(pickle.dumps(ms.int64)) is ms.int64
    assert repr(ms.int32) == "mindspore.int32" and str(ms.float32) == "Float32"


def test_dtype_family_calls():
    # MindSpore 2.10: Int(32) == int32, Float(16) == float16, Int() is mindspore.int, Bool() is mindspore.bool;
    # Int(12) and Float(8) raise RuntimeError.
    assert mstype.Int(32) == ms.int32 and mstype.Float(16) == ms.float16 and mstype.Float(64) == ms.float64
    assert repr(mstype.Int()) == "mindspore.int" and repr(mstype.Float()) == "mindspore.float"
    assert mstype.Bool() == ms.bool_
    with pytest.raises(RuntimeError):
        mstype.Int(12)
    with pytest.raises(RuntimeError):
        mstype.Float(8)
    with pytest.raises(TypeError):
        mstype.Int("a")


# ---------------------------------------------------------------------------- element-wise dtype checks
F = np.array([[0.5, -0.25], [0.1, 0.3]], np.float32)
I = np.array([[1, -2], [0, 3]], np.int32)
B = np.array([[True, False], [False, True]])


@pytest.mark.parametrize("name", ["acos", "arccosh", "asinh", "atan", "cos", "exp", "expm1", "log", "log2", "log1p",
                                  "rsqrt", "sin", "sinh", "tan", "erf", "erfinv", "floor", "isinf", "isposinf",
                                  "logit", "nan_to_num", "exp_"])
def test_float_kernel_methods_refuse_int_and_bool(name):
    # MindSpore 2.10: Tensor.acos & co. run the legacy Primitive (ACos, ...), which has no integer or Bool
    # kernel (TypeError), though ops.acos computes an integer tensor in Float32.
    for x in (I, B):
        with pytest.raises(TypeError, match=f"Tensor.{name}"):
            getattr(ms.Tensor(x), name)()
    assert getattr(ms.Tensor(F), name)().dtype in (ms.float32, ms.bool_)


def test_float_or_complex_methods_take_complex():
    # MindSpore 2.10: Tensor.exp/log/sin of a Complex64 tensor is Complex64; Tensor.erf/isinf refuse complex.
    z = ms.Tensor(np.array([1 + 1j, 0.5 - 2j], np.complex64))
    for name in ("exp", "log", "sin", "acos", "rsqrt"):
        assert getattr(z, name)().dtype == ms.complex64
    for name in ("erf", "isinf", "floor"):
        with pytest.raises(TypeError):
            getattr(z, name)()


def test_angle_complex_only():
    # MindSpore 2.10: Tensor.angle takes only complex tensors (TypeError for Float32); Complex64 gives Float32.
    with pytest.raises(TypeError, match="Tensor.angle"):
        ms.Tensor(F).angle()
    out = ms.Tensor(np.array([1 + 1j, -1 + 0j], np.complex64)).angle()
    assert out.dtype == ms.float32
    np.testing.assert_allclose(out.asnumpy(), [np.pi / 4, np.pi], rtol=1e-6)


def test_sign_and_round_on_bool():
    # MindSpore 2.10: Tensor.sign/sgn of Bool is a TypeError (no Bool kernel); Int32 keeps Int32.
    # Tensor.round of Bool is a RuntimeError (its Round kernel fails to initialise for Bool).
    for name in ("sign", "sgn"):
        with pytest.raises(TypeError):
            getattr(ms.Tensor(B), name)()
        assert getattr(ms.Tensor(I), name)().asnumpy().tolist() == [[1, -1], [0, 1]]
    with pytest.raises(RuntimeError):
        ms.Tensor(B).round()
    assert ms.Tensor(I).round().dtype == ms.int32


# ---------------------------------------------------------------------------- in-place arithmetic
def test_inplace_result_that_fits_updates_self():
    x = ms.Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))
    assert x.add_(1.0) is x and x.asnumpy().tolist() == [[2.0, 3.0], [4.0, 5.0]]
    xi = ms.Tensor(I.copy())
    assert xi.mul_(2) is xi and xi.asnumpy().tolist() == [[2, -4], [0, 6]]


@pytest.mark.parametrize("name,other,want", [
    # MindSpore 2.10 (values recorded from it): an Int32 tensor with a Float32 operand gives Float32, integer
    # true division gives Float32, a 0-d tensor with a matrix gives the matrix; the tensor itself is unchanged.
    ("add_", F, [[1.5, -2.25], [0.1, 3.3]]),
    ("sub_", F, [[0.5, -1.75], [-0.1, 2.7]]),
    ("mul_", F, [[0.5, 0.5], [0.0, 0.9]]),
    ("div_", np.array([[2, 4], [1, 2]], np.int32), [[0.5, -0.5], [0.0, 1.5]]),
    ("floor_divide_", F, [[2.0, 8.0], [0.0, 9.0]]),
    ("remainder_", F, [[0.0, 0.0], [0.0, 0.2999998927116394]]),
])
def test_inplace_result_that_promotes_is_returned(name, other, want):
    x = ms.Tensor(I.copy())
    out = getattr(x, name)(ms.Tensor(other))
    assert out is not x and out.dtype == ms.float32
    np.testing.assert_allclose(out.asnumpy(), want, rtol=1e-6, atol=1e-6)
    assert x.dtype == ms.int32 and x.asnumpy().tolist() == I.tolist()


def test_inplace_0d_with_matrix_returns_the_matrix():
    # MindSpore 2.10: Tensor(0.7).mul_(matrix) is the (2, 2) product.
    s = ms.Tensor(np.array(0.7, np.float32))
    out = s.mul_(ms.Tensor(F))
    assert out.shape == (2, 2) and s.shape == ()
    np.testing.assert_allclose(out.asnumpy(), 0.7 * F, rtol=1e-6)


def test_bool_arithmetic_methods():
    b, c = ms.Tensor(B), ms.Tensor(np.array([[True, True], [False, False]]))
    # MindSpore 2.10: Tensor.sub/subtract of two Bool tensors is their exclusive or (Bool);
    # Tensor.floor_divide of Bool is Bool (x where y is True, and x where y is False too);
    # Tensor.sub_/remainder_ of Bool raise TypeError; div_ of Bool is Float32.
    assert b.sub(c).asnumpy().tolist() == [[False, True], [False, True]]
    assert b.subtract(c).dtype == ms.bool_
    assert b.floor_divide(c).asnumpy().tolist() == B.tolist()
    assert b.floor_divide_(c).dtype == ms.bool_
    for name in ("sub_", "remainder_"):
        with pytest.raises(TypeError):
            getattr(ms.Tensor(B), name)(c)
    assert ms.Tensor(B).div_(c).dtype == ms.float32
