"""Dtype checks, integer/bool results and errors of the math, reduction, scalar and clip functions,
as MindSpore 2.10 gives them (every expected value and exception type below was recorded with
MindSpore 2.10 on CPU).

Mechanisms: ``math_func._DTYPES`` (the dtypes a primitive's check accepts, for unary ops on the
input and for binary ops on the promoted dtype), ``_binary(same=..., tensors=...)`` (operands of one
dtype; no Python number), and the per-op integer/bool kernels (inv, frac, floor_div, fmod, subtract).
"""
import math

import numpy as np
import pytest

import sporetorch as ms
from sporetorch import ops

T = ms.Tensor
I32 = T(np.array([2, 1, 0, -1, 3], np.int32))
I64 = T(np.array([2, 1, 0, -1, 3], np.int64))
B1 = T(np.array([True, True, False, False]))
B2 = T(np.array([True, False, True, False]))
F = T(np.array([-1.5, -0.5, 0.5, 2.0], np.float32))
FI = T(np.array([1, 2, 3, 4], np.int32))


def _check(out, dtype, values):
    assert out.dtype == dtype
    np.testing.assert_allclose(out.asnumpy().astype(np.float64), np.array(values, np.float64), rtol=1e-5, atol=1e-6)


# ---------------------------------------------------------------------------- dtype table: TypeError
REFUSED = {
    "bessel_i0-int32": lambda: ops.bessel_i0(FI), "i0-int32": lambda: ops.i0(FI), "ceil-int32": lambda: ops.ceil(FI),
    "invert-bool": lambda: ops.invert(B1), "population_count-bool": lambda: ops.population_count(B1),
    "deg2rad-int32": lambda: ops.deg2rad(FI), "conj-bool": lambda: ops.conj(B1), "square-bool": lambda: ops.square(B1),
    "inv-bool": lambda: ops.inv(B1), "exp-int32": lambda: ops.exp(FI), "fmax-bool": lambda: ops.fmax(B1, B2),
    "xdivy-int32": lambda: ops.xdivy(FI, FI), "heaviside-bool": lambda: ops.heaviside(B1, B2),
    "copysign-bool": lambda: ops.copysign(B1, B2), "histc-bool": lambda: ops.histc(B1),
    "quantile-int32": lambda: ops.quantile(FI, 0.5), "logcumsumexp-int32": lambda: ops.logcumsumexp(FI, 0),
    "count_nonzero-bool": lambda: ops.count_nonzero(B1), "amax-bool": lambda: ops.amax(B1),
    "argmin-bool": lambda: ops.argmin(B1), "scalar_usub-bool": lambda: ops.scalar_usub(B1),
    "clip_by_global_norm-bool": lambda: ops.clip_by_global_norm(B1),
    "stft-int32": lambda: ops.stft(T(np.arange(16, dtype=np.int32)), 4),
    "nextafter-float16": lambda: ops.nextafter(T(np.ones(2, np.float16)), T(np.ones(2, np.float16))),
    "gcd-int8": lambda: ops.gcd(T(np.ones(2, np.int8)), T(np.ones(2, np.int8))),
    "lcm-int8": lambda: ops.lcm(T(np.ones(2, np.int8)), T(np.ones(2, np.int8))),
    "truncate_mod-int64": lambda: ops.truncate_mod(T(np.ones(2, np.int64)), T(np.ones(2, np.int64))),
    "hypot-float16": lambda: ops.hypot(T(np.ones(2, np.float16)), T(np.ones(2, np.float16))),
    "igamma-float16": lambda: ops.igamma(T(np.ones(2, np.float16)), T(np.ones(2, np.float16))),
    "median-int8": lambda: ops.median(T(np.ones(3, np.int8))),
    "cummax-bool": lambda: ops.cummax(B1, 0), "cummin-bool": lambda: ops.cummin(B1, 0),
    "max-axis-bool": lambda: ops.max(B1, 0), "logsumexp-int32": lambda: ops.logsumexp(FI, 0),
    "clip_by_value-bool": lambda: ops.clip_by_value(B1, 1, 3),
    "igamma-scalar": lambda: ops.igamma(T(np.ones(2, np.float32)), 2.0),
    "igamma-float64-float32": lambda: ops.igamma(T(np.ones(2, np.float64)), T(np.ones(2, np.float32))),
    "zeta-int8-scalar": lambda: ops.zeta(T(np.ones(2, np.int8)), 2.5),
    "bitwise_left_shift-int32-int64": lambda: ops.bitwise_left_shift(T(np.ones(2, np.int32)), T(np.ones(2, np.int64))),
    "nanmedian-float16": lambda: ops.nanmedian(T(np.ones(3, np.float16))),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_dtypes_mindspore_refuses_raise_type_error(case):
    with pytest.raises(TypeError, match="For '"):
        REFUSED[case]()


def test_dtype_error_names_the_op_argument_and_dtypes():
    with pytest.raises(TypeError, match=r"For 'bessel_i0', the 'x' must be a Tensor of \{Float16, Float32, Float64\}"):
        ops.bessel_i0(FI)
    with pytest.raises(TypeError, match=r"For 'xdivy'.*promoted to Int32"):
        ops.xdivy(FI, FI)


def test_binary_dtype_check_applies_after_promotion():
    _check(ops.xdivy(FI, F), ms.float32, [-0.6666667, -4.0, 6.0, 2.0])
    _check(ops.approximate_equal(FI, F), ms.bool_, [False] * 4)


def test_operands_of_one_dtype_and_no_python_number():
    for call in (lambda: ops.zeta(FI, F), lambda: ops.isclose(FI, F), lambda: ops.heaviside(F, 0.5),
                 lambda: ops.nextafter(F, 1.0), lambda: ops.gcd(FI, 2), lambda: ops.logaddexp(FI, F)):
        with pytest.raises(TypeError):
            call()
    # A Python number takes the Tensor's dtype for zeta; the logical ops take a Python bool.
    _check(ops.zeta(T(np.array([2.0, 3.0], np.float32)), 1.0), ms.float32, [math.pi ** 2 / 6, 1.2020569])
    _check(ops.logical_and(B1, True), ms.bool_, [True, True, False, False])


def test_shape_mismatch_of_approximate_equal_is_runtime_error():
    with pytest.raises(RuntimeError, match="approximate_equal"):
        ops.approximate_equal(F, T(np.ones(1, np.float32)))


# ---------------------------------------------------------------------------- integer and bool kernels
def test_inv_of_integers_keeps_the_dtype_with_c_division():
    _check(ops.inv(I32), ms.int32, [0, 1, -2147483648, -1, 0])
    assert ops.inv(I64).asnumpy().tolist() == [0, 1, -9223372036854775808, -1, 0]


def test_bool_floor_division_remainder_and_subtraction():
    for fn in (ops.floor_div, ops.floor_divide):
        _check(fn(B1, B2), ms.bool_, [True, True, False, False])
    for fn in (ops.fmod, ops.remainder):
        _check(fn(B1, B2), ms.bool_, [False, True, False, False])
    _check(ops.subtract(B1, B2), ms.int64, [0, 1, -1, 0])
    _check(ops.scalar_sub(B1, B2), ms.bool_, [False, True, True, False])
    with pytest.raises(TypeError):
        ops.sub(B1, B2)


def test_integer_division_by_zero():
    a = T(np.array([5, -5, 0, 7, -7], np.int32))
    b = T(np.array([0, 0, 0, 2, 2], np.int32))
    for fn in (ops.floor_div, ops.floor_divide, ops.floordiv):
        _check(fn(a, b), ms.int32, [2147483647, -2147483648, 0, 3, -4])
    _check(ops.truncate_div(a, b), ms.int32, [2147483647, -2147483648, 0, 3, -3])
    for fn in (ops.fmod, ops.remainder):
        _check(fn(a, b), ms.int32, [5, -5, 0, 1, -1 if fn is ops.fmod else 1])
    _check(ops.floor_mod(a, b), ms.int32, [-2147483648, -2147483648, -2147483648, 1, 1])
    _check(ops.truncate_mod(a, b), ms.int32, [0, 0, 0, 1, -1])
    a8, b8 = T(np.array([5, -5, 7], np.int8)), T(np.array([0, 0, 2], np.int8))
    _check(ops.floor_div(a8, b8), ms.int8, [127, -128, 3])
    _check(ops.floor_mod(a8, b8), ms.int8, [0, 0, 1])
    _check(ops.inv(T(np.array([2, 1, 0, -1], np.int16))), ms.int16, [0, 1, 0, -1])


def test_mixed_bool_operands_and_copysign_dtype():
    bf = (T(np.array([True, False])), T(np.array([1.0, 0.5], np.float32)))
    _check(ops.sub(*bf), ms.float32, [0.0, -0.5])
    _check(ops.approximate_equal(*bf), ms.bool_, [True, False])
    _check(ops.subtract(T(np.array([1, 5], np.int32)), T(np.array([True, False]))), ms.int64, [0, 5])
    out = ops.copysign(T(np.array([1, -2], np.float16)), T(np.array([-1, 1], np.float32)))
    _check(out, ms.float16, [-1.0, 2.0])
    _check(ops.histc(T(np.array([1, 2, 3], np.float16)), 4), ms.float32, [1.0, 0.0, 1.0, 1.0])


def test_tensor_div_of_integers_truncates_in_their_dtype():
    a = T(np.array([7, -7, 5, 5], np.int32))
    _check(ops.tensor_div(a, T(np.array([2, 2, -3, 0], np.int32))), ms.int32, [3, -3, -1, 2147483647])
    _check(ops.tensor_div(a, 2), ms.int32, [3, -3, 2, 2])
    _check(ops.tensor_div(a, T(np.array([2.0, 2.0, 2.0, 2.0], np.float32))), ms.float32, [3.5, -3.5, 2.5, 2.5])
    with pytest.raises(TypeError):
        ops.tensor_div(B1, B2)


def test_bessel_functions_of_float16_and_gamma_of_order_zero():
    x = T(np.array([1.0, 2.0, 3.0], np.float16))
    _check(ops.bessel_j0(x), ms.float16, [0.76513671875, 0.223876953125, -0.260009765625])
    _check(ops.bessel_k1e(x), ms.float16, [1.6357421875, 1.033203125, 0.806640625])
    a, x64 = T(np.array([0.0, 1.0], np.float64)), T(np.array([1.0, 2.0], np.float64))
    _check(ops.igamma(a, x64), ms.float64, [math.nan, 0.8646647167633873])
    _check(ops.igammac(a, x64), ms.float64, [math.nan, 0.1353352832366127])


def test_all_and_any_of_uint8():
    u8 = T(np.array([1, 2], np.uint8))
    assert ops.all(u8).dtype == ms.bool_
    assert ops.any(u8).dtype == ms.uint8


def test_copysign_and_ldexp_dtypes():
    i32 = T(np.array([1, -2], np.int32))
    _check(ops.copysign(i32, True), ms.float32, [1.0, 2.0])
    _check(ops.copysign(T(np.array([1, -2], np.int8)), T(np.array([-1, 1], np.int8))), ms.float32, [-1.0, 2.0])
    _check(ops.ldexp(T(np.array([1.0, 2.0], np.float16)), True), ms.float16, [2.0, 4.0])
    _check(ops.bitwise_left_shift(i32, 2), ms.int32, [4, -8])


def test_frac_of_integers_and_bools():
    _check(ops.frac(I32), ms.int32, [0] * 5)
    _check(ops.frac(B1), ms.int64, [0] * 4)


def test_bessel_k_and_y_of_negative_arguments():
    _check(ops.bessel_k0(F), ms.float32, [math.inf, math.inf, 0.9244191, 0.1138939])
    _check(ops.bessel_k1e(F), ms.float32, [math.inf, math.inf, 2.7310095, 1.0334768])
    _check(ops.bessel_y0(F), ms.float32, [-math.inf, -math.inf, -0.4445187, 0.5103757])
    _check(ops.bessel_y1(F), ms.float32, [-math.inf, -math.inf, -1.4714724, -0.1070324])


def test_xlogy_is_nan_where_x_is_zero_and_y_not_positive():
    out = ops.xlogy(T(np.array([0.0, 0.0, 1.0, 2.0], np.float32)), T(np.array([0.0, -1.0, 0.0, 3.0], np.float32)))
    _check(out, ms.float32, [math.nan, math.nan, -math.inf, 2.1972246])


# ---------------------------------------------------------------------------- reductions
def test_bool_reductions():
    assert ops.argmax(B2).dtype == ms.int64 and ops.argmax(B2).asnumpy().item() == 0
    _check(ops.nansum(B1), ms.int64, 2)
    for call in (lambda: ops.max(B1), lambda: ops.min(B1), lambda: ops.mean(B1)):
        with pytest.raises(RuntimeError):
            call()


def test_reduction_argument_errors():
    with pytest.raises(RuntimeError):
        ops.trace(T(np.array(1.0, np.float32)))
    with pytest.raises(TypeError):
        ops.diff(T(np.array(1.0, np.float32)))
    with pytest.raises(TypeError):
        ops.cummax(F, T(np.array([0])))
    _check(ops.cummax(F, T(0))[0], ms.float32, [-1.5, -0.5, 0.5, 2.0])
    with pytest.raises(ValueError):
        ops.bincount(T(np.ones((2, 2), np.float32)))
    with pytest.raises(ValueError):
        ops.cumsum(F, T(np.array([0, 0])))


# ---------------------------------------------------------------------------- scalar and clip functions
def test_scalar_division_by_a_tensor_needs_one_element():
    _check(ops.scalar_div(FI, 2), ms.float32, [0.5, 1.0, 1.5, 2.0])
    _check(ops.scalar_floordiv(FI, 2), ms.int32, [0, 1, 1, 2])
    _check(ops.scalar_mod(FI, 3), ms.int32, [1, 2, 0, 1])
    assert ops.scalar_div(7, 2) == 3.5
    for call in (lambda: ops.scalar_div(FI, FI), lambda: ops.scalar_div(3, 0)):
        with pytest.raises(ValueError):
            call()


def test_mixed_precision_cast_checks_the_dtype_only_when_it_casts():
    with pytest.raises(TypeError):
        ops.mixed_precision_cast(F, F)
    assert ops.mixed_precision_cast(F, FI) is FI


def test_clip_by_global_norm_of_one_tensor():
    _check(ops.clip_by_global_norm(T(np.array(3.0, np.float32))), ms.float32, [1.0])
    assert ops.clip_by_global_norm(T(np.array(3.0, np.float32))).shape == (1,)
    _check(ops.clip_by_global_norm(F), ms.float32, [-0.5773503, -0.1924501, 0.1924501, 0.7698004])
    _check(ops.clip_by_global_norm(FI, 2.0), ms.int32, [0, 0, 1, 1])
    _check(ops.clip_by_global_norm((T(np.array([3.0, 4.0], np.float32)),), T(1.0))[0], ms.float32, [0.6, 0.8])
    with pytest.raises(ValueError):
        ops.clip_by_global_norm((F,), 0)


def test_clamp_refuses_bool_with_value_error():
    for call in (lambda: ops.clamp(B1, 1, 3), lambda: ops.clamp(F, True, None)):
        with pytest.raises(ValueError, match="bool"):
            call()


def test_clip_by_norm_of_bool_takes_its_norm_as_true():
    b = T(np.array([[True, True, True], [False, True, True]]))
    _check(ops.clip_by_norm(b, 1.0), ms.float32, [[0.999999] * 3, [0.0, 0.999999, 0.999999]])


def test_clip_by_norm_of_integers():
    _check(ops.clip_by_norm(FI, 2), ms.float32, [0.4, 0.8, 1.2, 1.6])  # the norm of an int32 input truncates
    _check(ops.clip_by_norm(FI, 100), ms.int32, [1, 2, 3, 4])  # within the norm: unchanged
    with pytest.raises(ValueError):
        ops.clip_by_norm(F, F)


def test_add_of_two_bool_tensors_is_refused_by_ops_and_kept_bool_by_mint():
    # MindSpore 2.10: ops.add / ops.tensor_add / ops.Add refuse Bool + Bool (TypeError); mint.add (AddExt)
    # and Tensor.add give Bool [True, False].
    b = ms.Tensor(np.array([True, False]))
    for fn in (ms.ops.add, ms.ops.tensor_add, ms.ops.Add()):
        with pytest.raises(TypeError, match="Bool"):
            fn(b, b)
    for result in (ms.mint.add(b, b), b.add(b)):
        assert result.dtype == ms.bool_
        np.testing.assert_array_equal(result.asnumpy(), [True, False])
