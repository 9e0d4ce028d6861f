"""Sequence Primitives (``mindspore.ops.operations._sequence_ops``): Python list/tuple semantics as
Primitive classes, which MindSpore's graph compiler emits for ``len``, ``in``, ``+``, slicing,
comparisons and list edits of tuples and lists, and the Tensor <-> sequence conversions.

Each call returns a new sequence (the input is never edited in place), as MindSpore 2.10's CPU kernels do.
"""
import operator

from ...common.tensor import Tensor
from ..primitive import Primitive

__all__ = []


def _list_append(self, input_data, target):
    return list(input_data) + [target]


def _list_insert(self, input_data, index, target):
    out = list(input_data)
    out.insert(index, target)
    return out


def _list_pop(self, input_data, index):
    out = list(input_data)
    out.pop(index)
    return out


def _list_to_tensor(self, x, dtype):
    if x is not None and None not in x and isinstance(x, list):
        return Tensor(x, dtype)
    raise RuntimeError(f"input must be list, but got {x}")


def _tuple_to_tensor(self, x, dtype):
    # MindSpore 2.10 answers None (no value) for anything but a tuple (or range) without None
    if isinstance(x, range):
        x = tuple(x)
    if isinstance(x, tuple) and None not in x:
        return Tensor(x, dtype=dtype)
    return None


def _tensor_to_list(self, x):
    # MindSpore 2.10 gives a value only for a Tensor of rank 0 or 1, None otherwise
    if isinstance(x, Tensor) and len(x.shape) <= 1:
        return x.asnumpy().tolist()
    return None


def _tensor_to_scalar(self, x):
    # MindSpore 2.10 gives a value only for a Tensor of shape () or (1,), None otherwise
    if isinstance(x, Tensor) and tuple(x.shape) in ((), (1,)):
        return x.item()
    return None


def _zeros_like(self, sequence):
    return type(sequence)(type(v)(0) for v in sequence)


def _shape_mul(self, input_data):
    if not isinstance(input_data, tuple):
        raise ValueError("For primitive [shape_mul], input must be tuple")
    out = 1
    for v in input_data:
        out *= v
    return out


def _compare(fn):
    return lambda self, x, y: fn(x, y)


# name -> (__call__, one-line description)
_SEQUENCE_PRIMS = {
    "InSequence": (lambda self, target, sequence: target in sequence, "``target in sequence``."),
    "ListAppend": (_list_append, "A copy of the list with ``target`` appended."),
    "ListInsert": (_list_insert, "A copy of the list with ``target`` inserted at ``index``."),
    "ListAppendAndInsertGrad": (_list_pop, "A copy of the list without the item at ``index`` (the gradient of "
                                           "ListAppend/ListInsert)."),
    "ListToTensor": (_list_to_tensor, "A Tensor of ``dtype`` from a list without None; RuntimeError otherwise."),
    "TupleToTensor": (_tuple_to_tensor, "A Tensor of ``dtype`` from a tuple (or range) without None; None otherwise."),
    "TensorToList": (_tensor_to_list, "The list of a Tensor of rank 0 or 1; None otherwise."),
    "TensorToScalar": (_tensor_to_scalar, "The Python scalar of a Tensor of shape () or (1,); None otherwise."),
    "SequenceAdd": (lambda self, x, y: x + y, "Concatenation ``x + y`` of two sequences."),
    "SequenceCount": (lambda self, sequence, target: sequence.count(target), "``sequence.count(target)``."),
    "SequenceIndex": (lambda self, sequence, target, start=None, end=None: sequence.index(target, start, end),
                      "``sequence.index(target, start, end)``."),
    "SequenceMax": (lambda self, sequence: max(sequence), "``max(sequence)``."),
    "SequenceMin": (lambda self, sequence: min(sequence), "``min(sequence)``."),
    "SequenceMul": (lambda self, sequence, scalar: sequence * scalar, "Repetition ``sequence * scalar``."),
    "SequenceSlice": (lambda self, sequence, start, stop, step: sequence[start:stop:step],
                      "``sequence[start:stop:step]``."),
    "SequenceZerosLike": (_zeros_like, "A sequence of the same type with each item a zero of the item's type."),
    "make_range": (lambda self, start, limit, delta: range(start, limit, delta), "``range(start, limit, delta)``."),
    "sequence_len": (lambda self, x: len(x), "``len(x)``."),
    "shape_mul": (_shape_mul, "The product of a tuple's items (ValueError for anything but a tuple)."),
}
for _prefix in ("list", "tuple"):
    for _suffix, _fn, _sym in (("equal", operator.eq, "=="), ("greater_equal", operator.ge, ">="),
                               ("greater_than", operator.gt, ">"), ("le", operator.le, "<="), ("lt", operator.lt, "<")):
        _SEQUENCE_PRIMS[f"{_prefix}_{_suffix}"] = (_compare(_fn), f"``x {_sym} y`` of two {_prefix}s.")


def _init(self):
    Primitive.__init__(self, type(self).__name__)


def _make(name, call, doc):
    """A Primitive class ``name`` taking no attributes whose call is ``call``."""
    return type(name, (Primitive,), {
        "__module__": __name__, "__qualname__": name, "__init__": _init, "__call__": call,
        "__doc__": f"{doc}\n\n    Inputs: the operands. Outputs: a Python value, as in MindSpore 2.10.\n"})


for _name, (_call, _doc) in _SEQUENCE_PRIMS.items():
    globals()[_name] = _make(_name, _call, _doc)
    __all__.append(_name)
del _name, _call, _doc, _prefix, _suffix, _fn, _sym
