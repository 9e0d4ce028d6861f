"""The input dtypes of MindSpore 2.10's math Primitives where their kernels are narrower than the
functional op (``ops.acos`` takes an Int32 Tensor and returns Float32; ``ops.ACos()`` refuses it):
one table for the Primitives and for the Tensor methods that run the same kernel (``Tensor.acos``).

    check("ACos", x)   # TypeError naming ACos, its argument and the dtypes it takes, unless x's dtype is one

The sets are those MindSpore 2.10 accepts (recorded on its CPU build, case by case), with BFloat16
added where its documentation lists it for the other devices (its CPU kernels have none; torch computes it).
"""
import torch

from ...common.tensor import Tensor
from ..function._utils import FLOATS_BF16, _check_dtype

_COMPLEX = (torch.complex64, torch.complex128)
FLOAT_COMPLEX = FLOATS_BF16 + _COMPLEX
_INTS = (torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8)

# Primitive -> (argument name, accepted torch dtypes).
KERNEL_DTYPES = {
    **{name: ("input", FLOAT_COMPLEX) for name in (
        "ACos", "Acosh", "Asin", "Asinh", "Atan", "Atanh", "Cos", "Cosh", "Sinh", "Tan", "Exp", "Expm1", "Log",
        "Rsqrt")},
    **{name: ("input", FLOATS_BF16) for name in ("Erf", "Erfc", "Erfinv", "Floor", "Logit")},
    "BesselI1e": ("x", FLOATS_BF16),
    "NanToNum": ("input", (torch.float16, torch.float32, torch.bfloat16)),
    "Angle": ("input", _COMPLEX),
    "Neg": ("input", _INTS + FLOAT_COMPLEX),
    "Sign": ("input", (torch.int32, torch.int64) + FLOAT_COMPLEX),
}


def check(prim, x):
    """TypeError, as MindSpore 2.10's Primitive ``prim`` raises it, unless Tensor ``x`` has a dtype its
    kernel takes (``KERNEL_DTYPES``); anything else passes on to the op's own checks."""
    if isinstance(x, Tensor):
        name, allowed = KERNEL_DTYPES[prim]
        _check_dtype(prim, name, x, allowed)
