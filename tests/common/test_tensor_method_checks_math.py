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


# ---------------------------------------------------------------------------- reductions, cumulative, binary
def test_var_std_of_integers_use_the_truncated_integer_mean():
    # MindSpore 2.10 takes an integer tensor's deviations from its truncated Int mean (Tensor.mean's):
    # values recorded from it.
    x = ms.Tensor(I)
    np.testing.assert_allclose(x.var().asnumpy(), 3.5, rtol=1e-6)
    np.testing.assert_allclose(x.var(axis=0).asnumpy(), [0.5, 6.5], rtol=1e-6)
    np.testing.assert_allclose(x.std(axis=1).asnumpy(), [1.5811388492584229, 1.5811388492584229], rtol=1e-6)
    np.testing.assert_allclose(x.var(ddof=1).asnumpy(), 4.666666507720947, rtol=1e-6)
    assert x.var().dtype == ms.float32


def test_bool_argmax_and_approximate_equal():
    # MindSpore 2.10: argmax of a Bool tensor is its first True; approximate_equal of Bool tensors compares values.
    assert ms.Tensor(np.array([False, True, True])).argmax().asnumpy().tolist() == 1
    out = ms.Tensor(B).approximate_equal(ms.Tensor(np.array([[True, True], [False, False]])))
    assert out.asnumpy().tolist() == [[True, False], [True, False]]


def test_binary_float_kernels():
    # MindSpore 2.10 (values recorded from it): xlogy of 0 and a negative is NaN, a number 'other' counts as a float;
    # atan2 of Int32 and Float32 promotes; a float shift amount is cast to the integer tensor's dtype.
    x = ms.Tensor(np.array([0, 0, 2], np.int32)).xlogy(ms.Tensor(np.array([-1.5, 2.0, 3.0], np.float32)))
    np.testing.assert_allclose(x.asnumpy(), [np.nan, 0.0, 2.1972246170043945], rtol=1e-6)
    np.testing.assert_allclose(ms.Tensor(np.array([1, 2], np.int32)).xlogy(2).asnumpy(),
                               [0.6931471824645996, 1.3862943649291992], rtol=1e-6)
    np.testing.assert_allclose(ms.Tensor(np.array([1, 2], np.int32)).atan2(ms.Tensor(np.ones(2, np.float32))).asnumpy(),
                               [0.7853981852531433, 1.1071487665176392], rtol=1e-6)
    shifted = ms.Tensor(np.array([8, -8, 5], np.int32)).bitwise_right_shift(
        ms.Tensor(np.array([1.7, 2.2, 0.5], np.float32)))
    assert shifted.dtype == ms.int32 and shifted.asnumpy().tolist() == [4, -2, 5]


T = ms.Tensor
S0 = np.float32(1.0)


@pytest.mark.parametrize("call,error", [
    # exception types recorded from MindSpore 2.10
    (lambda: T(I).igamma(T(I)), TypeError), (lambda: T(F).igamma(T(F.astype(np.float64))), TypeError),
    (lambda: T(F).igammac(2.0), TypeError), (lambda: T(S0).cumsum(0), ValueError),
    (lambda: T(S0).cummin(0), ValueError), (lambda: T(S0).cumprod(0), ValueError),
    (lambda: T(S0).cummax(0), ValueError), (lambda: T(S0).logcumsumexp(0), ValueError),
    (lambda: T(F).softmax(), TypeError), (lambda: T(F).to_(), ValueError), (lambda: T(F).to_("GPU"), ValueError),
    (lambda: T(S0).topk(1), RuntimeError), (lambda: T(B).max(), RuntimeError), (lambda: T(B).min(), RuntimeError),
    (lambda: T(B).mean(), RuntimeError), (lambda: T(B).std(), RuntimeError), (lambda: T(B).var(), RuntimeError),
    (lambda: T(B).nanmedian(), TypeError), (lambda: T(I.astype(np.int8)).nanmedian(), TypeError),
    (lambda: T(I).allclose(T(F)), TypeError), (lambda: T(B).addcmul(T(B), T(B)), TypeError),
    (lambda: T(I).lerp(T(I), T(I)), TypeError), (lambda: T(I).logcumsumexp(0), TypeError),
    (lambda: T(I).atan2(T(I)), TypeError), (lambda: T(I).arctan2(2), TypeError),
    (lambda: T(B).minimum(T(B)), TypeError), (lambda: T(B).ptp(), TypeError), (lambda: T(B).aminmax(), TypeError),
    (lambda: T(I).mvlgamma(1), TypeError), (lambda: T(B).top_k(1), TypeError), (lambda: T(I).xlogy(T(I)), TypeError),
    (lambda: T(F).approximate_equal(1.0), ValueError),
])
def test_method_errors(call, error):
    with pytest.raises(error):
        call()


def test_softmax_needs_its_axis():
    # MindSpore 2.10's Tensor.softmax(axis, dtype=None) has no default axis (TypeError without one).
    x = np.array([[1.0, 2.0, 3.0], [0.5, 0.5, -1.0]], np.float32)
    e = np.exp(x - x.max(axis=0))
    np.testing.assert_allclose(ms.Tensor(x).softmax(0).asnumpy(), e / e.sum(axis=0), rtol=1e-6)
    np.testing.assert_allclose(ms.Tensor(x).softmax(dim=1).asnumpy(), ms.Tensor(x).softmax(-1).asnumpy())


def test_bool_max_min_along_an_axis_are_type_errors():
    # MindSpore 2.10: max/min of all of a Bool tensor's elements is a RuntimeError (no Reduce kernel), along an axis
    # a TypeError (MaxDim/ArgMaxWithValue have no Bool kernel).
    b = ms.Tensor(B)
    for call in (lambda: b.max(0), lambda: b.max(axis=0), lambda: b.min(1)):
        with pytest.raises(TypeError):
            call()
    with pytest.raises(RuntimeError):
        b.max(keepdims=True)
