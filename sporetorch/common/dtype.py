"""MindSpore data types (``mindspore.dtype`` / ``mstype``) and their torch and NumPy twins.

Each dtype is a singleton ``Type`` object that prints as MindSpore prints it
(``str(float32) == "Float32"``) and knows the torch dtype that stores it.
"""
import builtins
import enum

import numpy as np
import torch

_py_bool, _py_int, _py_float = builtins.bool, builtins.int, builtins.float


class Type:
    """A MindSpore data type. Instances are singletons; compare with ``==`` or ``is``."""

    __slots__ = ("_name", "_torch", "_numpy", "_attr", "__weakref__")

    def __init__(self, name, torch_dtype, numpy_dtype, attr=None):
        self._name = name
        self._torch = torch_dtype
        self._numpy = numpy_dtype
        self._attr = attr or name.lower()

    def __str__(self):
        return self._name

    def __repr__(self):
        return "mindspore." + self._attr

    def __reduce__(self):
        return (_by_name, (self._name,))

    @property
    def torch_dtype(self):
        return self._torch

    @property
    def numpy_dtype(self):
        return self._numpy

    @property
    def is_floating_point(self):
        return self._torch is not None and self._torch.is_floating_point


class TensorType(Type):
    """The type of a Tensor object (``mindspore.tensor_type``)."""


# The classes of the dtype singletons, as MindSpore 2.10 names them: ``type(float32).__name__ == "Float"``,
# ``type(int32)`` is ``Int``, ``type(bool_)`` is ``Bool``; all are ``Number`` and ``Type``.
class Number(Type):
    """The numeric dtypes (``mindspore.number`` and the families below)."""


class _Family(Number):
    """A dtype family whose call picks one of its singletons by width: ``Int(32)`` is ``int32``,
    ``Int()`` the family ``int_``."""

    def __new__(cls, nbits=None):
        generic, widths = _FAMILIES[cls]
        if nbits is None and generic is not None:
            return generic
        if not isinstance(nbits, _py_int) or isinstance(nbits, _py_bool):
            raise TypeError(f"{cls.__name__}(): the number of bits must be an int, but got {nbits!r}")
        if nbits not in widths:
            sizes = ", ".join(f"{n}bits" for n in widths)
            raise RuntimeError(f"For {cls.__name__} type only support number of {sizes}, but got {nbits}bits")
        return widths[nbits]

    def __init__(self, nbits=None):
        """The singletons are made once, by ``_make``; calling the family only looks one up."""


class Bool(_Family):
    """The Bool dtype: ``Bool()`` is ``bool_``."""


class Int(_Family):
    """The integer family: ``Int(32)`` is ``int32`` (8, 16, 32 or 64 bits); ``Int()`` is ``int_``."""


class UInt(_Family):
    """The unsigned integer family: ``UInt(8)`` is ``uint8``."""


class Float(_Family):
    """The floating-point family: ``Float(32)`` is ``float32`` (16, 32 or 64 bits); ``Float()`` is ``float_``."""


class BFloat(_Family):
    """The BFloat16 dtype."""


class Complex(_Family):
    """The complex family: ``Complex(64)`` is ``complex64``."""


class String(Type):
    """The string type."""


class TypeNone(Type):
    """The type of None (``mindspore.type_none``)."""


class List(Type):
    """The list type."""


class Tuple(Type):
    """The tuple type."""


def _make(cls, name, torch_dtype, numpy_dtype, attr=None):
    """A dtype singleton of class ``cls`` (the families' own call looks singletons up instead)."""
    t = object.__new__(cls)
    Type.__init__(t, name, torch_dtype, numpy_dtype, attr)
    return t


bool_ = _make(Bool, "Bool", torch.bool, np.bool_, "bool")
int8 = _make(Int, "Int8", torch.int8, np.int8)
int16 = _make(Int, "Int16", torch.int16, np.int16)
int32 = _make(Int, "Int32", torch.int32, np.int32)
int64 = _make(Int, "Int64", torch.int64, np.int64)
uint8 = _make(UInt, "UInt8", torch.uint8, np.uint8)
uint16 = _make(UInt, "UInt16", torch.uint16, np.uint16)
uint32 = _make(UInt, "UInt32", torch.uint32, np.uint32)
uint64 = _make(UInt, "UInt64", torch.uint64, np.uint64)
float16 = _make(Float, "Float16", torch.float16, np.float16)
float32 = _make(Float, "Float32", torch.float32, np.float32)
float64 = _make(Float, "Float64", torch.float64, np.float64)
bfloat16 = _make(BFloat, "BFloat16", torch.bfloat16, None)
complex64 = _make(Complex, "Complex64", torch.complex64, np.complex64)
complex128 = _make(Complex, "Complex128", torch.complex128, np.complex128)
string = _make(String, "String", None, np.str_)
type_none = _make(TypeNone, "NoneType", None, None)
number = _make(Number, "Number", None, None)
int_ = _make(Int, "Int", None, None)
uint = _make(UInt, "UInt", None, None)
float_ = _make(Float, "Float", None, None)
tensor_type = TensorType("Tensor", None, None, "tensor")
list_ = _make(List, "List", None, None)
tuple_ = _make(Tuple, "Tuple", None, None)
# family: (what calling it without a width gives, {width: dtype})
_FAMILIES = {Bool: (bool_, {}), Int: (int_, {8: int8, 16: int16, 32: int32, 64: int64}),
             UInt: (uint, {8: uint8, 16: uint16, 32: uint32, 64: uint64}),
             Float: (float_, {16: float16, 32: float32, 64: float64}), BFloat: (bfloat16, {16: bfloat16}),
             Complex: (None, {64: complex64, 128: complex128})}

# Aliases MindSpore exports.
bool = bool_  # noqa: A001 - MindSpore's own name
half = float16
single = float32
double = float64
float = float32  # noqa: A001
short = int16
intc = int32
int = int32  # noqa: A001 - mindspore.int is Int32
long = int64
intp = int64
byte = int8
ubyte = uint8
ushort = uint16
uintc = uint32
uintp = uint64
cfloat = complex64
cdouble = complex128

_ALL = (bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
        float16, float32, float64, bfloat16, complex64, complex128)
_NAME_TO_TYPE = {t._name: t for t in _ALL}
_TORCH_TO_TYPE = {t._torch: t for t in _ALL}
_NUMPY_TO_TYPE = {np.dtype(t._numpy): t for t in _ALL if t._numpy is not None}

# float8 (storage and casts; few torch kernels take it), kept out of _ALL/number_type, which ops iterate.
float8_e4m3fn = _make(Float, "Float8E4M3FN", torch.float8_e4m3fn, None, "float8_e4m3fn")
float8_e5m2 = _make(Float, "Float8E5M2", torch.float8_e5m2, None, "float8_e5m2")
_NAME_TO_TYPE.update({t._name: t for t in (float8_e4m3fn, float8_e5m2)})
_TORCH_TO_TYPE.update({t._torch: t for t in (float8_e4m3fn, float8_e5m2)})
# Ascend-only storage types: they name a dtype (MindSpore 2.10 exports them) but torch has no such tensors
hifloat8 = _make(Float, "HiFloat8", None, None, "hifloat8")
qint4x2 = _make(Int, "Int4", None, None, "int4")


class _NullType(Type):
    """The type of MindSpore's ``_null`` (a missing optional value in graph mode)."""


_null = _NullType("Null", None, None, "Null")


QuantDtype = enum.IntEnum(
    "QuantDtype", [(f"INT{n}", n - 1) for n in range(1, 17)] + [(f"UINT{n}", 99 + n) for n in range(1, 17)])
QuantDtype.__doc__ = "Bit widths of quantized data (``QuantDtype.INT8``, ...), with MindSpore 2.10's values."

number_type = (int8, int16, int32, int64, uint8, uint16, uint32, uint64,
               float16, float32, float64, bfloat16, complex64, complex128)
int_type = (int8, int16, int32, int64)
uint_type = (uint8, uint16, uint32, uint64)
float_type = (float16, float32, float64, bfloat16)
all_types = _ALL


def _by_name(name):
    return _NAME_TO_TYPE[name]


def to_torch(dtype):
    """Return the torch dtype for a MindSpore ``Type``, a NumPy dtype, a torch dtype or a Python type."""
    if isinstance(dtype, Type):
        if dtype._torch is None:
            raise TypeError(f"dtype {dtype} has no tensor storage type")
        return dtype._torch
    if isinstance(dtype, torch.dtype):
        return dtype
    return from_any(dtype)._torch


def from_torch(torch_dtype):
    """Return the MindSpore ``Type`` for a torch dtype."""
    try:
        return _TORCH_TO_TYPE[torch_dtype]
    except KeyError:
        raise TypeError(f"torch dtype {torch_dtype} has no MindSpore equivalent") from None


def from_numpy(np_dtype):
    """Return the MindSpore ``Type`` for a NumPy dtype."""
    try:
        return _NUMPY_TO_TYPE[np.dtype(np_dtype)]
    except (KeyError, TypeError):
        raise TypeError(f"NumPy dtype {np_dtype} has no MindSpore equivalent") from None


def from_any(dtype):
    """Normalise a ``Type``, torch dtype, NumPy dtype, Python type or type name to a ``Type``."""
    if isinstance(dtype, Type):
        return dtype
    if isinstance(dtype, torch.dtype):
        return from_torch(dtype)
    if dtype is _py_bool:
        return bool_
    if dtype is _py_int:
        return int64
    if dtype is _py_float:
        return float32
    if isinstance(dtype, str) and dtype in _NAME_TO_TYPE:
        return _NAME_TO_TYPE[dtype]
    return from_numpy(dtype)


def dtype_to_nptype(type_):
    """Return the NumPy type of a MindSpore ``Type`` (``mindspore.dtype_to_nptype``)."""
    if type_ is bfloat16:
        raise TypeError("BFloat16 has no NumPy type")
    return from_any(type_)._numpy


def dtype_to_pytype(type_):
    """Return the Python type of a MindSpore ``Type`` (``mindspore.dtype_to_pytype``)."""
    t = from_any(type_)
    if t is bool_:
        return _py_bool
    if t in int_type or t in uint_type:
        return _py_int
    if t in float_type:
        return _py_float
    if t in (complex64, complex128):
        return complex
    raise TypeError(f"dtype {t} has no Python type")


def pytype_to_dtype(obj):
    """Return the MindSpore ``Type`` of a Python or NumPy type (``mindspore.pytype_to_dtype``):
    ``int`` → Int64, ``float`` → Float64, ``bool`` → Bool."""
    if isinstance(obj, Type):
        return obj
    if obj is _py_float:
        return float64
    return from_any(obj)


def get_py_obj_dtype(obj):
    """Return the MindSpore ``Type`` of a Python object (``mindspore.get_py_obj_dtype``)."""
    if hasattr(obj, "dtype") and isinstance(obj.dtype, Type):
        return TensorType(f"Tensor[{obj.dtype}]", None, None, "tensor")
    if isinstance(obj, _py_bool):
        return bool_
    if isinstance(obj, _py_int):
        return int64
    if isinstance(obj, _py_float):
        return float64
    return from_any(type(obj))


# MindSpore 2.10 keeps the bodies under private names (the public ones above wrap them); one body each here.
_dtype_to_nptype = dtype_to_nptype
_dtype_to_pytype = dtype_to_pytype
_pytype_to_dtype = pytype_to_dtype
_get_py_obj_dtype = get_py_obj_dtype


def _issubclass_(type_, dtype):
    """Whether the MindSpore ``Type`` ``type_`` is ``dtype`` or of its family (False for a non-``Type``)."""
    if not isinstance(type_, Type):
        return False
    return type_ is dtype or isinstance(type_, type(dtype)) and dtype._torch is None


def type_size_in_bytes(dtype):
    """Return the size in bytes of one element of the MindSpore dtype ``dtype`` (``bool_`` is 1).

    Args:
        dtype (Type): a MindSpore dtype.
    """
    if not isinstance(dtype, Type):
        raise TypeError("The argument `dtype` should be instance of ", Type)
    if dtype._torch is None:
        raise TypeError(f"dtype {dtype} has no fixed element size")
    return torch.empty((), dtype=dtype._torch).element_size()


__all__ = [
    "Type", "TensorType", "Bool", "Int", "Float",
    "bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "bfloat16", "complex64", "complex128", "string", "type_none", "number",
    "int_", "uint", "float_", "tensor_type", "list_", "tuple_", "bool", "half", "single", "double", "float",
    "short", "intc", "int", "long", "intp", "byte", "ubyte", "ushort", "uintc", "uintp", "cfloat", "cdouble",
    "number_type", "int_type", "uint_type", "float_type", "all_types", "dtype_to_nptype", "dtype_to_pytype",
    "pytype_to_dtype", "get_py_obj_dtype",
]
