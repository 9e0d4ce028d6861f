"""The Tensor operators and methods raise what their functional op raises.

For each operator (``a + b``), legacy method (``a.add(b)``) and in-place method (``a.add_(b)``), and each
bad input of a small set (broadcast mismatch, Bool, float for a bitwise op, a str operand, a 0-d matrix ...),
the functional op of the primitive MindSpore 2.10 runs for it is called first; whenever it raises, the
operator must raise the same exception class. Where MindSpore 2.10's operator runs another primitive than
the ``ops`` function of the same name (``+`` is AddExt, which takes Bool; ``ops.add`` is Add, which does not),
the reference is that primitive's function (``mint.add``).
"""
import operator

import numpy as np
import pytest

import sporetorch as ms
from sporetorch import mint, ops
from sporetorch.ops.function.math_func import (
    _sub_ext,  # SubExt: Bool - Bool is their xor (MindSpore 2.10)
)


def T(shape, dtype=np.float32):
    return ms.Tensor(np.ones(shape, dtype) if dtype is not np.bool_ else np.ones(shape, bool))


# name -> (what the user writes, the functional op it must agree with)
BINARY = {
    "+": (operator.add, mint.add),
    "-": (operator.sub, _sub_ext),
    "*": (operator.mul, ops.mul),
    "/": (operator.truediv, ops.div),
    "//": (operator.floordiv, ops.floor_divide),
    "%": (operator.mod, ops.floor_mod),
    "**": (operator.pow, ops.pow),
    "@": (operator.matmul, ops.matmul),
    "&": (operator.and_, ops.bitwise_and),
    "|": (operator.or_, ops.bitwise_or),
    "^": (operator.xor, ops.bitwise_xor),
    "<": (operator.lt, ops.lt),
    "<=": (operator.le, ops.le),
    ">": (operator.gt, ops.gt),
    ">=": (operator.ge, ops.ge),
    "Tensor.add": (lambda a, b: a.add(b), mint.add),
    "Tensor.sub": (lambda a, b: a.sub(b), _sub_ext),
    "Tensor.mul": (lambda a, b: a.mul(b), ops.mul),
    "Tensor.multiply": (lambda a, b: a.multiply(b), ops.mul),
    "Tensor.div": (lambda a, b: a.div(b), ops.div),
    "Tensor.true_divide": (lambda a, b: a.true_divide(b), ops.div),
    "Tensor.pow": (lambda a, b: a.pow(b), ops.pow),
    "Tensor.matmul": (lambda a, b: a.matmul(b), ops.matmul),
    "Tensor.remainder": (lambda a, b: a.remainder(b), ops.remainder),
    "Tensor.floor_divide": (lambda a, b: a.floor_divide(b), ops.floor_divide),
    "Tensor.maximum": (lambda a, b: a.maximum(b), ops.maximum),
    "Tensor.minimum": (lambda a, b: a.minimum(b), ops.minimum),
    "Tensor.eq": (lambda a, b: a.eq(b), ops.eq),
    "Tensor.ne": (lambda a, b: a.ne(b), ops.ne),
    "Tensor.lt": (lambda a, b: a.lt(b), ops.lt),
    "Tensor.le": (lambda a, b: a.le(b), ops.le),
    "Tensor.gt": (lambda a, b: a.gt(b), ops.gt),
    "Tensor.ge": (lambda a, b: a.ge(b), ops.ge),
    "Tensor.bitwise_and": (lambda a, b: a.bitwise_and(b), ops.bitwise_and),
    "Tensor.logical_and": (lambda a, b: a.logical_and(b), ops.logical_and),
    "Tensor.add_": (lambda a, b: a.add_(b), mint.add),
    "Tensor.sub_": (lambda a, b: a.sub_(b), _sub_ext),
    "Tensor.mul_": (lambda a, b: a.mul_(b), ops.mul),
    "Tensor.div_": (lambda a, b: a.div_(b), ops.div),
}
UNARY = {
    "-x": (operator.neg, ops.neg),
    "abs(x)": (operator.abs, ops.abs),
    "Tensor.neg": (lambda a: a.neg(), ops.neg),
    "Tensor.abs": (lambda a: a.abs(), ops.abs),
    "Tensor.sqrt": (lambda a: a.sqrt(), ops.sqrt),
    "Tensor.log1p": (lambda a: a.log1p(), ops.log1p),
    "Tensor.sin": (lambda a: a.sin(), ops.sin),
    "Tensor.isnan": (lambda a: a.isnan(), ops.isnan),
    "Tensor.reciprocal": (lambda a: a.reciprocal(), ops.reciprocal),
    "Tensor.logical_not": (lambda a: a.logical_not(), ops.logical_not),
    "Tensor.sum": (lambda a: a.sum(5), lambda a: ops.sum(a, 5)),
    "Tensor.mean": (lambda a: a.mean(5), lambda a: ops.mean(a, 5)),
    "Tensor.softmax": (lambda a: a.softmax(5), lambda a: ops.softmax(a, 5)),
    "Tensor.transpose": (lambda a: a.transpose(0, 5), lambda a: ops.transpose(a, (0, 5))),
}
BAD_PAIRS = {
    "broadcast": lambda: (T((2, 2)), T((3,))),
    "broadcast int": lambda: (T((2, 2), np.int32), T((3,), np.int32)),
    "bool bool": lambda: (T((2,), np.bool_), T((2,), np.bool_)),
    "str": lambda: (T((2,)), "a"),
    "none": lambda: (T((2,)), None),
    "matrix 0-d": lambda: (T((2, 2)), T(())),
    "float int": lambda: (T((2, 2)), T((2, 2), np.int32)),
    "list broadcast": lambda: (T((2, 2)), [1.0, 2.0, 3.0]),
}
BAD_SINGLES = {
    "bool": lambda: T((2,), np.bool_),
    "int": lambda: T((2,), np.int32),
    "0-d": lambda: T(()),
    "3-d": lambda: T((2, 2, 2)),
}
# (name, case): MindSpore 2.10's method or operator behaves differently from the functional op here.
DIFFERENT = set()  # none among the cases above


def _outcome(fn, *args):
    try:
        fn(*args)
        return None
    except Exception as e:  # noqa: BLE001 - the class is what is compared
        return type(e)


@pytest.mark.parametrize("case", sorted(BAD_PAIRS))
@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_raises_as_its_functional_op(name, case):
    written, functional = BINARY[name]
    expected = _outcome(functional, *BAD_PAIRS[case]())
    if expected is None or (name, case) in DIFFERENT:
        return
    got = _outcome(written, *BAD_PAIRS[case]())
    assert got is expected, f"{name} on {case}: {got} raised, {functional.__name__} raises {expected.__name__}"


@pytest.mark.parametrize("case", sorted(BAD_SINGLES))
@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_raises_as_its_functional_op(name, case):
    written, functional = UNARY[name]
    expected = _outcome(functional, BAD_SINGLES[case]())
    if expected is None or (name, case) in DIFFERENT:
        return
    got = _outcome(written, BAD_SINGLES[case]())
    assert got is expected, f"{name} on {case}: {got} raised, the functional op raises {expected.__name__}"


def test_add_broadcast_mismatch_is_value_error():
    # MindSpore 2.10: ValueError "For 'AddExt', input.shape and other.shape need to broadcast ..."
    a, b = T((2, 2)), T((3,))
    with pytest.raises(ValueError, match=r"shape=\(2, 2\).*shape=\(3,\)"):
        a + b
    with pytest.raises(ValueError):
        b + a
    with pytest.raises(ValueError):
        a.add_(b)


def test_setitem_of_a_value_that_does_not_broadcast_is_value_error():
    # MindSpore 2.10: ValueError "For 'BroadcastTo', in order to broadcast, each dimension pair must be equal ..."
    x = T((2, 2))
    with pytest.raises(ValueError, match=r"__setitem__.*shape=\(3,\)"):
        x[0] = T((3,))
    with pytest.raises(IndexError):  # MindSpore 2.10: IndexError "index 5 is out of bounds for dimension with size 2"
        x[5]


def test_operator_results_as_mindspore():
    # MindSpore 2.10: Bool + Bool and Bool - Bool are Bool (AddExt, SubExt: xor), ~Float32 is Bool (x == 0),
    # 1 - Bool is Int64, x % 0 of Int32 is the Int32 minimum.
    a = ms.Tensor(np.array([True, True, False, False]))
    b = ms.Tensor(np.array([True, False, True, False]))
    assert (a + b).dtype == ms.bool_ and (a + b).asnumpy().tolist() == [True, True, True, False]
    assert (a - b).dtype == ms.bool_ and (a - b).asnumpy().tolist() == [False, True, True, False]
    inv = ~ms.Tensor(np.array([0.0, 1.0, 2.0], np.float32))
    assert inv.dtype == ms.bool_ and inv.asnumpy().tolist() == [True, False, False]
    r = 1 - a
    assert r.dtype == ms.int64 and r.asnumpy().tolist() == [0, 0, 1, 1]
    m = ms.Tensor(np.array([5, -5], np.int32)) % ms.Tensor(np.array([0, 0], np.int32))
    assert m.asnumpy().tolist() == [-2147483648, -2147483648]
    f = ms.Tensor(np.array([5, -5], np.int32)) // ms.Tensor(np.array([0, 0], np.int32))
    assert f.asnumpy().tolist() == [2147483647, -2147483648]


def test_operators_are_their_functional_ops():
    """No second body: the forward operators are the functional op's own function object."""
    from sporetorch.ops.function import linalg_func, math_func
    assert ms.Tensor.__add__ is math_func._add_ext
    assert ms.Tensor.__mul__ is math_func.mul
    assert ms.Tensor.__truediv__ is math_func.div
    assert ms.Tensor.__matmul__ is linalg_func.matmul
