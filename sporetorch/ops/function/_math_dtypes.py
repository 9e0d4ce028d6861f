"""The input checks of MindSpore 2.10's math Primitives where their kernels are narrower than the
functional op (``ops.acos`` takes an Int32 Tensor and returns Float32; ``ops.ACos()`` refuses it):
one table for the Primitives and for the Tensor methods that run the same kernel (``Tensor.acos``).

    check("ACos", x)              # TypeError naming ACos, its argument and the dtypes it takes
    check("LuSolve", x, lu_data, lu_pivots)

For each Primitive, in MindSpore's order: the arguments that must be Tensors (a Python number is a
TypeError), those that must share one dtype ("the input type must be same"), then each argument's
dtype set. The sets are those MindSpore 2.10 accepts (recorded on its CPU build, case by case), with
BFloat16 added where its documentation lists it for the other devices (torch computes it).
"""
import torch

from ...common import dtype as mstype
from ...common.tensor import Tensor
from ._utils import (
    FLOATS,
    FLOATS_BF16,
    _result_dtype,
    _check_dtype,
    _same_dtype,
    _tensor_arg,
)

_COMPLEX = (torch.complex64, torch.complex128)
_F32_F64 = (torch.float32, torch.float64)
_F16_F32 = (torch.float16, torch.float32, torch.bfloat16)
_INDEX = (torch.int32, torch.int64)
_INTS = (torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8)
_UINTS = (torch.uint16, torch.uint32, torch.uint64)
FLOAT_COMPLEX = FLOATS_BF16 + _COMPLEX
_ADDCMUL = FLOATS_BF16 + (torch.int8, torch.int32, torch.int64, torch.uint8)
REAL = _INTS + _UINTS + FLOATS_BF16
NUMBER = REAL + _COMPLEX


def _spec(*args, tensors=0, same=0, promoted=None):
    """``args``: ``(name, accepted dtypes or None)`` in call order; the first ``tensors`` must be Tensors,
    the first ``same`` share one dtype; ``promoted``: the dtypes the operands' promoted dtype must have
    (MindSpore converts the operands of these first: Int8 with Int32 is an Int32 kernel)."""
    return args, tensors, same, promoted


_UNARY_FLOAT_COMPLEX = ("ACos", "Acosh", "Asin", "Asinh", "Atan", "Atanh", "Cos", "Cosh", "Sinh", "Tan", "Exp",
                        "Expm1", "Log", "Rsqrt")
KERNEL_DTYPES = {
    **{name: _spec(("input", FLOAT_COMPLEX)) for name in _UNARY_FLOAT_COMPLEX},
    **{name: _spec(("input", FLOATS_BF16)) for name in ("Erf", "Erfc", "Erfinv", "Floor", "Logit")},
    "BesselI1e": _spec(("x", FLOATS_BF16)),
    "NanToNum": _spec(("input", _F16_F32)),
    "Angle": _spec(("input", _COMPLEX)),
    "Neg": _spec(("input", NUMBER)),
    "Sign": _spec(("input", (torch.int32, torch.int64) + FLOAT_COMPLEX)),
    "Lgamma": _spec(("input", (torch.int32,) + FLOATS_BF16)),
    "Eps": _spec(("x", FLOATS_BF16)),
    "MatrixDeterminant": _spec(("x", FLOATS + _COMPLEX)),
    "IsNan": _spec(("input", REAL + (torch.bool,))),
    "IsFinite": _spec(("input", REAL + (torch.bool,))),
    "IsInf": _spec(("input", FLOATS_BF16)),
    "SquaredDifference": _spec(("x", None), ("y", None), promoted=(torch.int32, torch.int64) + FLOAT_COMPLEX),
    "Gcd": _spec(("x1", None), ("x2", None), tensors=2, promoted=(torch.int16, torch.int32, torch.int64)),
    **{name: _spec(("x1", None), ("x2", None), promoted=FLOATS + _INDEX) for name in ("Fmax", "Fmin")},
    "LeftShift": _spec(("input", None), ("other", None), tensors=2, same=2),
    "RightShift": _spec(("input", None), ("other", None), tensors=2, same=2),
    "Addcdiv": _spec(("input", FLOATS + (torch.int64,)), ("tensor1", None), ("tensor2", None), ("value", None),
                     tensors=4, same=3),
    "Addcmul": _spec(("input", _ADDCMUL), ("tensor1", None), ("tensor2", None), ("value", _ADDCMUL), tensors=4, same=3),
    "BatchMatMul": _spec(("x", NUMBER), ("y", NUMBER), same=2),
    "Bincount": _spec(("array", (torch.int32,)), ("size", (torch.int32,)), ("weights", _F32_F64 + _INDEX),
                      tensors=3),
    "Complex": _spec(("real", _F32_F64), ("imag", _F32_F64), tensors=2, same=2),
    "CumulativeLogsumexp": _spec(("x", FLOATS), ("axis", (torch.int16,) + _INDEX), tensors=2),
    "EuclideanNorm": _spec(("x", NUMBER), ("axes", _INDEX), tensors=2),
    "Histogram": _spec(("x", (torch.float16, torch.float32, torch.int32))),
    "Igamma": _spec(("a", _F32_F64), ("x", _F32_F64), tensors=2, same=2),
    "Igammac": _spec(("a", _F32_F64), ("x", _F32_F64), tensors=2, same=2),
    "IsClose": _spec(("input", _INTS + FLOATS_BF16 + (torch.bool,)), ("other", None), tensors=2, same=2),
    "LinSpace": _spec(("start", _F32_F64), ("stop", _F32_F64), tensors=2, same=2),
    "LpNorm": _spec(("input", _F16_F32)),
    "LuSolve": _spec(("x", FLOATS), ("lu_data", FLOATS), ("lu_pivots", (torch.int32,)), tensors=3, same=2),
    "MatrixBandPart": _spec(("x", None), ("lower", _INDEX), ("upper", _INDEX)),
    "MatrixInverse": _spec(("x", _F32_F64 + _COMPLEX)),
    "MatrixPower": _spec(("x", _F32_F64 + _INTS)),
    "MatrixTriangularSolve": _spec(("matrix", _F32_F64 + _COMPLEX), ("rhs", None), tensors=2, same=2),
    "NextAfter": _spec(("input", _F32_F64), ("other", _F32_F64), tensors=2, same=2),
    "NthElement": _spec(("input", REAL)),
    "Polygamma": _spec(("a", _INDEX), ("x", FLOATS), tensors=2),
    "SquareSumAll": _spec(("x", _F16_F32), ("y", _F16_F32), tensors=2, same=2),
    "Svd": _spec(("input", _F32_F64 + _COMPLEX)),
    "Lerp": _spec(("start", _F16_F32), ("end", _F16_F32)),
    "ReduceStd": _spec(("input_x", REAL + (torch.bool,))),
    **{name: _spec(("x", REAL)) for name in ("Argmax", "Argmin", "ArgMaxWithValue", "ArgMinWithValue")},
    "Trace": _spec(("x", REAL + (torch.bool,))),
    "Cholesky": _spec(("input_x", FLOATS)),
    "Mvlgamma": _spec(("x", _F32_F64)),
    "Median": _spec(("x", (torch.int16, torch.int32, torch.int64) + _F32_F64)),
    "LogMatrixDeterminant": _spec(("x", FLOATS + _COMPLEX)),
    "Geqrf": _spec(("x", FLOATS)),
    "CholeskyInverse": _spec(("x", FLOATS)),
    "Renorm": _spec(("input_x", FLOAT_COMPLEX)),
    "Bucketize": _spec(("input", (torch.int16, torch.int32, torch.int64) + FLOATS_BF16)),
    "InTopK": _spec(("x1", _F16_F32)),
}


def check(prim, *args):
    """TypeError, as MindSpore 2.10's Primitive ``prim`` raises it, unless its Tensor arguments ``args``
    (in call order) are Tensors where it needs them and have dtypes its kernel takes (``KERNEL_DTYPES``)."""
    spec, tensors, same, promoted = KERNEL_DTYPES[prim]
    for (name, _), value in zip(spec[:tensors], args):
        _tensor_arg(prim, name, value)
    if same and all(isinstance(v, Tensor) for v in args[:same]):
        _same_dtype(prim, [name for name, _ in spec[:same]], *args[:same])
    for (name, allowed), value in zip(spec, args):
        if allowed is not None and isinstance(value, Tensor):
            _check_dtype(prim, name, value, allowed)
    if promoted is not None:
        dtype = _result_dtype(*(v._t if isinstance(v, Tensor) else v for v in args))
        if dtype not in promoted:
            names = ", ".join(str(mstype._TORCH_TO_TYPE[d]) for d in promoted)
            raise TypeError(f"For '{prim}', the inputs' promoted dtype must be one of {{{names}}}, but got "
                            f"{mstype._TORCH_TO_TYPE.get(dtype, dtype)}")
