"""Input checks of the Primitive classes, as MindSpore 2.10's Primitive infer makes them: dtype families, the
per-Primitive infer dtype table, Tensor-and-dtype, rank and window-attribute checks."""

import torch

from ... import _checkparam as validator
from ...common.tensor import Tensor
from ._utils import (
    F16_F32,
    FLOATS,
    FLOATS_BF16,
    _check_dtype,
    _desc,
    _same_dtype,
    _tensor_arg,
)

# Dtype families of MindSpore 2.10's Primitive infer checks (``tensor_of``).
I32_64 = (torch.int32, torch.int64)
INTS = (torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8, torch.uint16, torch.uint32, torch.uint64)
REALS = FLOATS + INTS
NUMBERS = REALS + (torch.complex64, torch.complex128)

__all__ = []


def call_as(prim, name, fn, *args, **kwargs):
    """``fn`` (the functional op ``name``) on the arguments, its TypeError/ValueError naming the Primitive
    ``prim`` as MindSpore's do."""
    try:
        return fn(*args, **kwargs)
    except (TypeError, ValueError) as e:
        msg = str(e)
        msg = msg.replace(f"'{name}'", f"'{prim}'", 1) if f"'{name}'" in msg else f"For '{prim}', {msg}"
        raise type(e)(msg) from None


def float_input(prim, x):
    """TypeError unless ``x`` is a float (or complex) Tensor: MindSpore 2.10's kernel has no other."""
    if isinstance(x, Tensor) and not (x._t.is_floating_point() or x._t.is_complex()):
        raise TypeError(f"For '{prim}', the input must be a float Tensor, but got {x.dtype}")


def complex_input(prim, x):
    if isinstance(x, Tensor) and not x._t.is_complex():
        raise TypeError(f"For '{prim}', the input must be a complex Tensor, but got {x.dtype}")


def not_bool(prim, *xs):
    for x in xs:
        if isinstance(x, Tensor) and x._t.dtype == torch.bool:
            raise TypeError(f"For '{prim}', the input must not be Bool")


def tensor_sequence(prim, xs):
    """TypeError unless ``xs`` is a tuple or list (of Tensors), as MindSpore 2.10 checks it."""
    if not isinstance(xs, (tuple, list)):
        raise TypeError(f"For '{prim}', the input must be a tuple or list of Tensors, but got {type(xs).__name__}")


def tensor_of(prim, name, x, allowed):
    """TypeError unless ``x`` is a Tensor of a dtype in ``allowed`` (torch dtypes): MindSpore 2.10's Primitive
    infer checks (``check_tensor_dtype_valid``), made input by input in its order, dtypes before shapes."""
    _tensor_arg(prim, name, x)
    _check_dtype(prim, name, x, allowed)



# Dtype families of MindSpore 2.10's infer checks for these Primitives (array_ops' families, and these).
_COMPLEX = (torch.complex64, torch.complex128)


_SIGNED = (torch.int8, torch.int16, torch.int32, torch.int64)


_NUMBER = NUMBERS + (torch.bfloat16,)


_SMALL_REAL = FLOATS + _SIGNED + (torch.uint8, torch.uint16)


_LINALG = (torch.float32, torch.float64) + _COMPLEX


# The input dtypes each Primitive's infer accepts, checked in this order (MindSpore checks the dtypes
# before the shapes): a tuple of dtypes, or the name of an earlier input whose dtype it must share.
# A listed input must be a Tensor (a Python number is a TypeError, as in MindSpore).
_DTYPES = {
    "BatchToSpace": {"input_x": REALS + _COMPLEX},
    "SpaceToBatch": {"input_x": REALS + (torch.complex64,)},
    "SpaceToBatchND": {"input_x": REALS},
    "BatchToSpaceND": {"input_x": FLOATS_BF16 + INTS},
    "BatchToSpaceNDV2": {"input_x": FLOATS_BF16 + INTS},
    "CTCGreedyDecoder": {"inputs": (torch.float32, torch.float64), "sequence_length": (torch.int32,)},
    "CompareAndBitpack": {"x": (torch.bool,) + FLOATS + _SIGNED, "threshold": "x"},
    "ConfusionMatrix": {"labels": _NUMBER, "predictions": "labels", "weights": _NUMBER + (torch.bool,)},
    "DataFormatDimMap": {"input_x": I32_64},
    "EqualCount": {"x": _NUMBER + (torch.bool,), "y": "x"},
    "HSVToRGB": {"x": FLOATS},
    "RGBToHSV": {"images": FLOATS},
    "HistogramFixedWidth": {"x": FLOATS + (torch.int32,), "range": FLOATS + (torch.int32,)},
    "LerpScalar": {"input": _NUMBER, "end": "input"},
    "ListDiff": {"x": _SMALL_REAL, "y": "x"},
    "LogSpace": {"start": FLOATS, "end": "start"},
    "MatrixDiagPartV3": {"x": FLOATS_BF16 + INTS, "k": (torch.int32,), "padding_value": "x"},
    "MatrixSetDiagV3": {"x": FLOATS_BF16 + INTS, "diagonal": "x", "k": (torch.int32,)},
    "MatrixLogarithm": {"x": _COMPLEX},
    "MatrixSolveLs": {"matrix": _LINALG, "rhs": "matrix", "l2_regularizer": (torch.float64,)},
    "MaxUnpool2D": {"x": FLOATS_BF16 + INTS, "argmax": I32_64},
    "MaxUnpool3D": {"x": FLOATS_BF16 + INTS, "argmax": I32_64},
    "NMSWithMask": {"bboxes": F16_F32},
    "NuclearNorm": {"x": (torch.float32, torch.float64)},
    "Ormqr": {"x": _LINALG, "tau": "x", "other": "x"},
    "ResizeArea": {"images": _SMALL_REAL, "size": (torch.int32,)},
    "SparseTensorDenseAdd": {"x1_indices": I32_64},
    "SparseTensorDenseMatmul": {"indices": I32_64, "values": _NUMBER, "dense": "values"},
    "SparseToDense": {"indices": I32_64},
    "TridiagonalMatMul": {name: FLOATS + _COMPLEX for name in ("superdiag", "maindiag", "subdiag", "rhs")},
}


def _check_dtypes(prim, **inputs):
    """TypeError, as MindSpore 2.10's infer raises it, unless each input listed for ``prim`` in ``_DTYPES``
    is a Tensor of an accepted dtype (or of the dtype of the input it must match); inputs in call order."""
    table = _DTYPES[prim]
    for name, x in inputs.items():
        allowed = table.get(name)
        if allowed is None or x is None:  # None: an optional input left out
            continue
        if isinstance(allowed, str):
            _tensor_arg(prim, name, x)
            _same_dtype(prim, (allowed, name), inputs[allowed], x)
        else:
            tensor_of(prim, name, x, allowed)


def _check_ndim(prim, name, x, rank, at_least=False, exc=ValueError):
    """``exc`` (MindSpore's ValueError unless told) unless Tensor ``x`` has rank ``rank`` (or more)."""
    n = x._t.dim()
    if n < rank if at_least else n != rank:
        want = f"at least {rank}" if at_least else str(rank)
        raise exc(f"For '{prim}', the rank of '{name}' must be {want}, but got {n} (shape {tuple(x._t.shape)})")


def _int_values(prim, name, v, rank):
    """The values of an integer argument given as a Tensor of rank ``rank`` (or as Python ints)."""
    if not isinstance(v, Tensor):
        return v
    if v._t.is_floating_point() or v._t.is_complex() or v._t.dtype == torch.bool:
        raise TypeError(f"For '{prim}', the '{name}' must be an integer Tensor, but got {v.dtype}")
    _check_ndim(prim, name, v, rank)
    return v._t.tolist()


def _kernel_ints(prim, name, value, n, allow_zero=False):
    """MindSpore's check of a window attribute: a positive (or, with ``allow_zero``, non-negative) int, or a
    tuple of ``n`` (or ``n + 2``, batch and channel included) of them."""
    items = (value,) if isinstance(value, int) else value
    if not isinstance(items, (tuple, list)) or any(isinstance(v, bool) or not isinstance(v, int) for v in items):
        raise TypeError(f"For '{prim}', the '{name}' must be an int or a tuple of ints, but got {value!r}")
    if len(items) not in (1, n, n + 2) or any(v < 0 if allow_zero else v <= 0 for v in items):
        kind = "non-negative" if allow_zero else "positive"
        raise ValueError(f"For '{prim}' attr '{name}' must be an {kind} int number or a tuple of {n} {kind} int "
                         f"numbers, but got {value!r}")


def _check_unpool_attrs(prim, n, formats):
    _kernel_ints(prim.name, "ksize", prim.ksize, n)
    if prim.strides not in (0, (0,) * n):  # 0: the strides are ksize
        _kernel_ints(prim.name, "strides", prim.strides, n)
    _kernel_ints(prim.name, "pads", prim.pads, n, allow_zero=True)
    validator.check_string(prim.data_format, formats, "data_format", prim.name)
    validator.check_value_type("output_shape", prim.output_shape, [tuple], prim.name)


def _check_block_size(prim, block_size):
    validator.check_value_type("block_size", block_size, [int], prim)
    validator.check("block_size", block_size, "", 2, validator.GE, prim)


def _check_paddings(prim, name, paddings, m):
    """``paddings`` (or crops): ``m`` pairs of non-negative ints, as MindSpore 2.10 checks them when built."""
    validator.check_value_type(name, paddings, [list, tuple], prim)
    if len(paddings) != m or any(not isinstance(p, (list, tuple)) or len(p) != 2 for p in paddings):
        raise ValueError(f"For '{prim}', the '{name}' must be {m} pairs, but got {paddings!r}")
    for pair in paddings:
        for v in pair:
            validator.check_value_type(f"{name} element", v, [int], prim)
            validator.check_non_negative_int(v, f"{name} element", prim)


def _ints(v):
    if isinstance(v, Tensor):
        v = v._t.tolist()
    return tuple(v) if isinstance(v, (list, tuple)) else v


def _int_arg(prim, name, value):
    """TypeError unless ``value`` is a Python int, as MindSpore 2.10's argument parser requires it."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"For '{prim}', the '{name}' must be an int, but got {type(value).__name__}")


def _rank(op, name, x, ranks):
    """ValueError unless Tensor ``x`` has one of the ``ranks``."""
    if x._t.dim() not in ranks:
        raise ValueError(f"For '{op}', the rank of '{name}' must be {' or '.join(map(str, ranks))}, but got "
                         f"{_desc(x)}")
