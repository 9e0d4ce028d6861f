"""The math Primitives' own input checks, where MindSpore 2.10's kernels are stricter than the functional op.

Expected errors and values come from MindSpore 2.10 (recorded on its CPU build)."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import Tensor, ops
from sporetorch.ops.function import _math_dtypes


def _t(dtype):
    return Tensor(np.ones((2, 2)).astype(dtype))


# MindSpore 2.10: ops.ACos()(int32 Tensor) raises TypeError, ops.acos returns Float32.
@pytest.mark.parametrize("name", ["ACos", "Acosh", "Asin", "Asinh", "Atan", "Atanh", "Cos", "Cosh", "Sinh", "Tan",
                                  "Exp", "Expm1", "Log", "Rsqrt", "Erf", "Erfc", "Erfinv", "Floor", "Logit",
                                  "BesselI1e", "NanToNum"])
@pytest.mark.parametrize("dtype", ["int8", "int32", "int64", "uint8", "bool"])
def test_float_only_unary_refuses_int_and_bool(name, dtype):
    with pytest.raises(TypeError, match=f"For '{name}'"):
        getattr(ops, name)()(_t(dtype))


def test_float_only_unary_keeps_float_and_complex():
    x = Tensor(np.array([[0.5, 0.25]], np.float32))
    np.testing.assert_allclose(ops.ACos()(x).asnumpy(), np.arccos([[0.5, 0.25]]), rtol=1e-6)
    assert ops.Exp()(Tensor(np.ones(2, np.complex64))).dtype == ms.complex64
    assert ops.Erf()(_t("float16")).dtype == ms.float16
    # MindSpore 2.10's Erf, Floor and Logit have no complex kernel, NanToNum no Float64 one.
    for name, dtype in (("Erf", "complex64"), ("Floor", "complex64"), ("NanToNum", "float64")):
        with pytest.raises(TypeError):
            getattr(ops, name)()(_t(dtype))


def test_functional_op_still_promotes_int():
    # ops.acos(int32) is Float32 in MindSpore 2.10: only the Primitive refuses it.
    assert ops.acos(_t("int32")).dtype == ms.float32


def test_neg_sign_angle_dtypes():
    # MindSpore 2.10: Neg takes every number dtype but Bool; Sign Int32/Int64 and floats; Angle complex only.
    assert ops.Neg()(_t("int8")).dtype == ms.int8
    assert ops.Sign()(_t("int32")).dtype == ms.int32
    for name, dtype in (("Neg", "bool"), ("Sign", "bool"), ("Sign", "int8"), ("Angle", "float32")):
        with pytest.raises(TypeError, match=f"For '{name}'"):
            getattr(ops, name)()(_t(dtype))
    assert ops.Angle()(Tensor(np.ones(2, np.complex64))).dtype == ms.float32


def test_check_helper_names_primitive_argument_and_dtype():
    with pytest.raises(TypeError, match=r"For 'ACos', the 'input' must be a Tensor of \{.*\}, but got Int32"):
        _math_dtypes.check("ACos", _t("int32"))
    _math_dtypes.check("ACos", 1.0)  # a non-Tensor is left to the op's own checks


def _i32(a):
    return Tensor(np.array(a, np.int32))


def _f32(a):
    return Tensor(np.array(a, np.float32))


# ---------------------------------------------------------------------------- multi-input table (check(prim, *args))
@pytest.mark.parametrize("call", [
    lambda: ops.IsClose()(_f32([1.0, 2.0]), 1.0),                               # a Tensor only
    lambda: ops.Addcdiv()(_f32([1.0]), _f32([3.0]), _f32([5.0]), 2.0),          # value a Tensor only
    lambda: ops.Addcdiv()(_i32([1]), _i32([3]), _i32([5]), _i32(2)),            # no Int32 kernel
    lambda: ops.Igamma()(_i32([1]), _f32([1.0])),                               # one dtype
    lambda: ops.LuSolve()(_f32(np.ones((2, 1))), _f32(np.eye(2)), Tensor(np.array([1, 2], np.int64))),
    lambda: ops.MatrixBandPart()(_f32(np.ones((3, 3))), 1.0, 1),                # lower an int
    lambda: ops.Einsum("i->i")((_i32([1, 2]),)),                                 # float only
    lambda: ops.Minimum()(Tensor(np.array([True])), Tensor(np.array([False]))),  # no Bool kernel
    lambda: ops.Atan2()(_i32([1, 2]), _i32([1, 1])),                            # a float operand
    lambda: ops.CumulativeLogsumexp()(_f32([[0.0, 1.0]]), 1),                   # axis a Tensor only
    lambda: ops.EuclideanNorm()(_f32([[0.0, 1.0]]), 1),                         # axes a Tensor only
    lambda: ops.Polygamma()(_f32(1.0), _f32([0.5])),                            # a an int Tensor
    lambda: ops.LinSpace()(_f32(0.0), _f32(1.0), 2.5),                          # num an int
    lambda: ops.Svd()(_i32(np.eye(2))),
    lambda: ops.MatrixInverse()(_i32(np.eye(2))),
    lambda: ops.Histogram()(Tensor(np.array([0.5]))),                           # no Float64 kernel
])
def test_mindspore_type_errors(call):
    # Each is a TypeError in MindSpore 2.10.
    with pytest.raises(TypeError):
        call()


@pytest.mark.parametrize("call", [
    lambda: ops.BatchMatMul()(_f32(np.ones((2, 3))), _f32(np.ones(3))),          # y at least 2-D
    lambda: ops.BatchMatMul()(_i32(np.ones((2, 3))), _f32(np.ones((2, 3)))),     # shapes before dtypes
    lambda: ops.MatrixBandPart()(_f32(1.0), 1, 1),
    lambda: ops.CumSum()(_f32(1.0), 0),
    lambda: ops.CumulativeLogsumexp()(_f32([[0.0, 1.0]]), _i32([1])),            # axis 0-d
    lambda: ops.SquareSumAll()(_f32([1.0, 2.0]), _f32([1.0, 2.0, 3.0])),
    lambda: ops.Bincount()(_i32([0, 1]), _i32([3]), _f32([1.0, 1.0])),          # size 0-d
    lambda: ops.Polygamma()(_f32([1.0, 2.0]), _f32([0.5])),                     # a's rank before its dtype
    lambda: ops.Einsum("->")((_f32(1.0),)),
    lambda: ops.Fmax()(_f32([1.0])),                                             # input count
])
def test_mindspore_value_errors(call):
    # Each is a ValueError in MindSpore 2.10.
    with pytest.raises(ValueError):
        call()


def test_accepted_mixed_inputs():
    # MindSpore 2.10: Atan2 takes one float operand; Minimum Int32 with Bool; Addcmul Int32.
    np.testing.assert_allclose(ops.Atan2()(_f32([1.0, 2.0]), _i32([1, 1])).asnumpy(), [0.7853982, 1.1071488],
                               rtol=1e-6)
    out = ops.Minimum()(_i32([[1, 0], [-1, 2]]), Tensor(np.array([[True, False], [True, True]])))
    assert out.dtype == ms.int32 and out.asnumpy().tolist() == [[1, 0], [-1, 1]]
    assert ops.Addcmul()(_i32([1, 2]), _i32([3, 4]), _i32([5, 6]), _i32(2)).asnumpy().tolist() == [31, 50]


# ---------------------------------------------------------------------------- results as MindSpore 2.10's
I = [[2, 3, 3, -3], [-3, 1, 2, 0], [-2, -3, -2, -2]]
BOOL = np.array([[True, False], [True, True]])


def test_integer_and_bool_reductions_keep_the_dtype():
    # MindSpore 2.10 literals: integer sums wrap in their dtype, Bool sums are OR and products AND,
    # the integer mean is truncated towards zero.
    out = ops.ReduceSum()(Tensor(np.array([[100, 100], [100, 1]], np.int8)), 0)
    assert out.dtype == ms.int8 and out.asnumpy().tolist() == [-56, 101]
    assert ops.ReduceSum()(Tensor(BOOL), 0).asnumpy().tolist() == [True, True]
    assert ops.ReduceProd()(Tensor(BOOL), 0).asnumpy().tolist() == [True, False]
    out = ops.ReduceProd()(_i32(I), 1)
    assert out.dtype == ms.int32 and out.asnumpy().tolist() == [-54, 0, 24]
    out = ops.ReduceMean()(_i32(I), 0)
    assert out.dtype == ms.int32 and out.asnumpy().tolist() == [-1, 0, 1, -1]
    assert ops.ReduceMean(keep_dims=True)(_i32(I), 1).asnumpy().tolist() == [[1], [0], [-2]]
    with pytest.raises(RuntimeError):
        ops.ReduceMean()(Tensor(BOOL))


def test_histogram_linspace_polygamma_lpnorm_euclidean_norm():
    # MindSpore 2.10 literals.
    out = ops.Histogram(bins=4, min=0.0, max=4.0)(_f32([0.5, 1.5, 1.7, 3.9]))
    assert out.dtype == ms.float32 and out.asnumpy().tolist() == [1.0, 2.0, 0.0, 1.0]
    out = ops.Histogram(bins=4, min=0.0, max=4.0)(_i32([0, 1, 1, 3]))
    assert out.dtype == ms.int32 and out.asnumpy().tolist() == [1, 2, 0, 1]
    np.testing.assert_allclose(ops.LinSpace()(_f32(0.7), _f32(2.0), 5).asnumpy(), [0.7, 1.025, 1.35, 1.675, 2.0],
                               rtol=1e-6)
    out = ops.LinSpace()(Tensor(0.0, ms.float64), Tensor(1.0, ms.float64), _i32(3))
    assert out.dtype == ms.float64 and out.asnumpy().tolist() == [0.0, 0.5, 1.0]
    np.testing.assert_allclose(ops.Polygamma()(_i32(1), _f32([0.5, 1.0, 2.5])).asnumpy(), [4.9348, 1.64493, 0.49036],
                               rtol=1e-5)
    out = ops.LpNorm(axis=1)(_f32(-0.7))
    assert out.shape == () and out.asnumpy() == pytest.approx(0.7)
    # EuclideanNorm's documented example (MindSpore 2.10's CPU build has no kernel for it).
    out = ops.EuclideanNorm(keep_dims=True)(_i32([[3, 5], [4, 12]]), _i32([0]))
    assert out.dtype == ms.int32 and out.asnumpy().tolist() == [[5, 13]]


def test_lpnorm_gradient_float32():
    # LpNorm has Float16/Float32 kernels only: its gradient against the closed form sign(x)|x|^(p-1)/|x|_p^(p-1).
    import torch

    from sporetorch.common.tensor import _wrap
    x = torch.tensor([[0.3, -1.2, 2.0], [1.5, 0.4, -0.7]], requires_grad=True)
    ops.LpNorm(axis=1, p=3)(_wrap(x))._t.sum().backward()
    t = x.detach()
    want = torch.sign(t) * t.abs() ** 2 / torch.linalg.vector_norm(t, 3, 1, keepdim=True) ** 2
    torch.testing.assert_close(x.grad, want, rtol=1e-5, atol=1e-6)


def test_addcmul_addcdiv_value_takes_the_input_dtype():
    # MindSpore 2.10 literals: value is cast to the input's dtype; the Int64 Addcdiv truncates the sum.
    assert ops.Addcmul()(_i32([1, 2]), _i32([3, 4]), _i32([5, 6]), _f32(1.7)).asnumpy().tolist() == [16, 26]
    out = ops.Addcmul()(_f32([1.0, 2.0]), _f32([3.0, 4.0]), _f32([5.0, 6.0]), Tensor(0.5, ms.float64))
    assert out.dtype == ms.float32 and out.asnumpy().tolist() == [8.5, 14.0]
    def i64(a):
        return Tensor(np.array(a, np.int64))
    assert ops.Addcdiv()(i64([1, 2]), i64([3, 4]), i64([5, 6]), i64(2)).asnumpy().tolist() == [2, 3]
    with pytest.raises(TypeError, match="'value'"):
        ops.Addcmul()(_f32([1.0]), _f32([3.0]), _f32([5.0]), Tensor(True))


def test_complex_inputs():
    # MindSpore 2.10: Sign of a complex number is x/|x|, Svd gives complex singular values in the input's
    # dtype, IsClose has no complex kernel.
    c = Tensor(np.array([1 + 1j, -2j, 0], np.complex64))
    np.testing.assert_allclose(ops.Sign()(c).asnumpy(), [0.70710677 + 0.70710677j, -1j, 0], atol=1e-6)
    s = ops.Svd()(Tensor(np.array([[1 + 1j, 2], [0, 1j]], np.complex64)))[0]
    assert s.dtype == ms.complex64
    np.testing.assert_allclose(s.asnumpy(), [2.58874, 0.54629], rtol=1e-5)
    with pytest.raises(TypeError, match="For 'IsClose'"):
        ops.IsClose()(c, c)


def test_lusolve_float16_and_cumulative_logsumexp_axis_range():
    # MindSpore 2.10 literals: LuSolve has a Float16 kernel; an out-of-range axis is its kernel's RuntimeError.
    lu = Tensor(np.array([[2.0, 0.5], [0.25, 1.5]], np.float16))
    out = ops.LuSolve()(Tensor(np.ones((2, 1), np.float16)), lu, _i32([1, 2]))
    assert out.dtype == ms.float16 and out.asnumpy().ravel().tolist() == [0.375, 0.5]
    with pytest.raises(RuntimeError):
        ops.CumulativeLogsumexp()(_f32([[0.0, 1.0]]), _i32(4))


@pytest.mark.parametrize("name,dtype", [("Lgamma", "int8"), ("Lgamma", "int64"), ("IsNan", "complex64"),
                                        ("IsFinite", "complex64"), ("IsInf", "int32")])
def test_more_unary_kernel_dtypes(name, dtype):
    # TypeError in MindSpore 2.10 (Lgamma computes Int32 and floats only; IsNan/IsFinite have no complex kernel).
    with pytest.raises(TypeError, match=f"For '{name}'"):
        getattr(ops, name)()(_t(dtype))
    assert ops.Lgamma()(_t("int32")).dtype == ms.float32
    assert ops.IsNan()(_t("int8")).dtype == ms.bool_


def test_squared_difference_and_gcd_dtypes():
    # MindSpore 2.10: SquaredDifference has no Int8/Int16/UInt8 kernel, Gcd no Int8/UInt8 one; Int16 Gcd computes.
    with pytest.raises(TypeError, match="For 'SquaredDifference'"):
        ops.SquaredDifference()(_t("int8"), _t("int8"))
    with pytest.raises(TypeError, match="For 'Gcd'"):
        ops.Gcd()(_t("uint8"), _t("uint8"))
    out = ops.Gcd()(Tensor(np.array([4, 6], np.int16)), Tensor(np.array([6, 9], np.int16)))
    assert out.dtype == ms.int16 and out.asnumpy().tolist() == [2, 3]


SQ = [[2.0, 0.5], [0.25, 1.5]]


def test_linear_algebra_float16_and_dtype_checks():
    # MindSpore 2.10 literals: Float16 kernels (torch's CPU has none: ours computes them in Float32).
    out = ops.MatrixSolve()(Tensor(np.array(SQ, np.float16)), Tensor(np.ones((2, 1), np.float16)))
    assert out.dtype == ms.float16
    np.testing.assert_allclose(out.asnumpy().ravel(), [0.348, 0.609], atol=1e-3)
    out = ops.Cholesky()(Tensor(np.array([[4.0, 1.0], [1.0, 3.0]], np.float16)))
    assert out.dtype == ms.float16
    np.testing.assert_allclose(out.asnumpy().ravel(), [2.0, 0.0, 0.5, 1.658], atol=1e-3)
    assert ops.Cdist()(_t("float16").reshape(1, 2, 2), _t("float16").reshape(1, 2, 2)).dtype == ms.float16
    # MindSpore 2.10: square shapes are checked before dtypes; Int32 has no kernel.
    with pytest.raises(ValueError):
        ops.MatrixDeterminant()(Tensor(np.ones((3, 4), np.int32)))
    for prim in (ops.MatrixDeterminant(), ops.Cholesky(), ops.CholeskyInverse()):
        with pytest.raises(TypeError):
            prim(Tensor(np.eye(2, dtype=np.int32)))
    logdet = ops.LogMatrixDeterminant()(Tensor(np.array(SQ, np.complex64)))[1]
    assert logdet.dtype == ms.complex64  # MindSpore 2.10 keeps the complex dtype


def test_more_class_dtypes():
    # MindSpore 2.10: Lerp Float16/Float32 only, Mvlgamma Float32/Float64, InTopK Float16/Float32,
    # Argmax no complex, ReduceAll a Bool result for any input.
    c = Tensor(np.ones((2, 2), np.complex64))
    for call in (lambda: ops.Lerp()(Tensor(np.ones(2)), Tensor(np.ones(2)), 0.5),
                 lambda: ops.Mvlgamma(p=1)(_i32([3, 4])),
                 lambda: ops.InTopK(1)(_i32([[1, 2]]), _i32([1])),
                 lambda: ops.Argmax()(c), lambda: ops.Trace()(c), lambda: ops.Median()(_t("int8"))):
        with pytest.raises(TypeError):
            call()
    out = ops.ReduceAll()(Tensor(np.array([[1, 0], [2, 3]], np.uint8)), 1)
    assert out.dtype == ms.bool_ and out.asnumpy().tolist() == [False, True]


def test_bucketize_integer_input_against_float_boundaries():
    # MindSpore 2.10 literal: the boundaries stay floats for an integer input (0 < 0.2 is bucket 0).
    out = ops.Bucketize(boundaries=[0.2, 0.6, 2.0])(_i32([[2, 1, 3], [0, 1, 3]]))
    assert out.dtype == ms.int32 and out.asnumpy().tolist() == [[3, 2, 3], [0, 2, 3]]


def test_binary_dtype_rules_on_promoted_operands():
    # MindSpore 2.10 converts these operands first: Int8 with Int32 is the Int32 kernel, Int8 alone none.
    i8 = Tensor(np.array([2, 1, 3], np.int8))
    assert ops.Gcd()(i8, _i32([4, 2, 6])).dtype == ms.int32
    assert ops.SquaredDifference()(Tensor(np.array([True, False])), _i32([4, 2])).asnumpy().tolist() == [9, 4]
    assert ops.SquaredDifference()(Tensor(np.array([1, 2], np.int64)), True).asnumpy().tolist() == [0, 1]
    for call in (lambda: ops.Gcd()(i8, i8), lambda: ops.SquaredDifference()(i8, i8),
                 lambda: ops.Fmax()(Tensor(np.array([1], np.uint8)), Tensor(np.array([1], np.int8))),
                 lambda: ops.LeftShift()(i8, _i32([1, 1, 1]))):  # LeftShift: one dtype, no conversion
        with pytest.raises(TypeError):
            call()
    # A Python float is the float operand Atan2 and DivNoNan need.
    np.testing.assert_allclose(ops.Atan2()(_i32([2, 0]), 2.5).asnumpy(), [0.674741, 0.0], rtol=1e-5)
    assert ops.MulNoNan()(Tensor(np.array([True, True])), _i32([4, 0])).asnumpy().tolist() == [4, 0]


def test_integer_division_by_zero():
    # MindSpore 2.10 literals: RealDiv truncates, x / 0 is the dtype's extreme by x's sign and 0 / 0 is 0;
    # Mod's x % 0 is the dtype's minimum (32/64-bit, 0 for Int8) and 0 % 0 is 0.
    out = ops.RealDiv()(Tensor(np.array([True, False])), _i32([0, 0]))
    assert out.dtype == ms.int32 and out.asnumpy().tolist() == [2147483647, 0]
    assert ops.Mod()(_i32([0, 1, -1, 5]), _i32([0, 0, 0, 3])).asnumpy().tolist() == [0, -2147483648, -2147483648, 2]
    def i8(a):
        return Tensor(np.array(a, np.int8))
    assert ops.Mod()(i8([0, 1, -1, 5]), i8([0, 0, 0, 3])).asnumpy().tolist() == [0, 0, 0, 2]
