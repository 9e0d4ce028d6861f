"""The math Primitives' own input checks, where MindSpore 2.10's kernels are stricter than the functional op.

Expected errors and values come from MindSpore 2.10 (recorded on its CPU build)."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import Tensor, ops
from sporetorch.ops.operations import _math_dtypes


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
