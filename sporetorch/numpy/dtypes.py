"""Dtypes and constants of ``mindspore.numpy``, and its type-promotion table."""
from ..common import dtype as _mstype
from ..common.dtype import (bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64, float16,  # noqa: F401
                            float32, float64)

inf = float("inf")
PINF = float("inf")
NINF = float("-inf")
nan = float("nan")
pi = 3.141592653589793

# mindspore.numpy's own aliases: the default integer and float are 32-bit.
int_ = int32
uint = uint32
float_ = float32

numeric_types = ["int_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float_",
                 "float16", "float32", "float64", "bool_"]

dtype_map = {"int": int_, "int8": int8, "int16": int16, "int32": int32, "int64": int64, "uint": uint, "uint8": uint8,
             "uint16": uint16, "uint32": uint32, "uint64": uint64, "float": float_, "float16": float16,
             "float32": float32, "float64": float64, "bool": bool_}

# MindSpore 2.10's promotion table (mindspore.numpy.dtypes.promotion_rule), read from the reference:
# numpy's rules, except that uint64 with a signed integer gives float64 and uint16 with float64 float32.
_RULES = {
    (uint8, uint16): uint16, (uint8, uint32): uint32, (uint8, uint64): uint64, (uint16, uint32): uint32,
    (uint16, uint64): uint64, (uint32, uint64): uint64, (uint8, int8): int16, (uint8, int16): int16,
    (uint8, int32): int32, (uint8, int64): int64, (uint16, int8): int32, (uint16, int16): int32,
    (uint16, int32): int32, (uint16, int64): int64, (uint32, int8): int64, (uint32, int16): int64,
    (uint32, int32): int64, (uint32, int64): int64, (uint64, int8): float64, (uint64, int16): float64,
    (uint64, int32): float64, (uint64, int64): float64, (uint8, float16): float16, (uint8, float32): float32,
    (uint8, float64): float64, (uint16, float16): float16, (uint16, float32): float32, (uint16, float64): float32,
    (uint32, float16): float16, (uint32, float32): float32, (uint32, float64): float64, (uint64, float16): float16,
    (uint64, float32): float32, (uint64, float64): float64, (int8, int16): int16, (int8, int32): int32,
    (int8, int64): int64, (int16, int32): int32, (int16, int64): int64, (int32, int64): int64,
    (int8, float16): float16, (int8, float32): float32, (int8, float64): float64, (int16, float16): float16,
    (int16, float32): float32, (int16, float64): float64, (int32, float16): float16, (int32, float32): float32,
    (int32, float64): float64, (int64, float16): float16, (int64, float32): float32, (int64, float64): float64,
    (float16, float32): float32, (float16, float64): float64, (float32, float64): float64,
    (bool_, uint8): uint8, (bool_, uint16): uint16, (bool_, uint32): uint32, (bool_, uint64): uint64,
    (bool_, int8): int8, (bool_, int16): int16, (bool_, int32): int32, (bool_, int64): int64,
    (bool_, float16): float16, (bool_, float32): float32, (bool_, float64): float64,
}

# The float dtype trigonometric and other float-only functions compute integer inputs in.
_FLOAT_OF = {float16: float16, float32: float32, float64: float64, int8: float16, int16: float32, int32: float32,
             int64: float32, uint8: float16, uint16: float32, uint32: float32, uint64: float32, bool_: float16}


def _to_dtype(dtype):
    """A MindSpore dtype from a dtype, a numpy dtype/type or a name ('float32', 'int', ...)."""
    if isinstance(dtype, str) and dtype in dtype_map:
        return dtype_map[dtype]
    if dtype is int:
        return int32
    if dtype is float:
        return float32
    if dtype is bool:
        return bool_
    return _mstype.from_any(dtype)


def _promote(dtype1, dtype2):
    if dtype1 == dtype2:
        return dtype1
    res = _RULES.get((dtype1, dtype2)) or _RULES.get((dtype2, dtype1))
    if res is None:
        raise TypeError(f"input dtype: {dtype1}, {dtype2} are not all mindspore datatypes.")
    return res
