"""Ops that MindSpore 2.10 itself cannot run on CPU: they exist, build with MindSpore's arguments, and raise
a RuntimeError naming the op and the reason when called (MindSpore 2.10's CPU build raises "Unsupported op",
"kernel ... unregistered" or "only supported on Ascend" for each of them; checked with the reference)."""
import inspect

import numpy as np
import pytest

import sporetorch as ms
from sporetorch import ops
from sporetorch.ops.function import ascend_func
from sporetorch.ops.operations import unsupported_ops

_X = ms.Tensor(np.ones((2, 2), np.float32))
_CONSTRUCTOR_ARGS = {
    "PagedAttention": (2, 1.0, 2), "PagedAttentionMask": (2, 1.0, 2), "SparseApplyAdadelta": (1e-6,),
    "SparseApplyFtrlV2": (0.01, 0.0, 0.0, 0.0, -0.5), "GetNext": ([ms.float32], [[1]], 1, "q"),
    "Morph": (abs, abs, abs), "Reshard": (None, None, None),
}
_REASONS = {"ascend": "only for Ascend", "device": "device data queue", "graph": "graph-compiler primitive"}


@pytest.mark.parametrize("name", unsupported_ops.__all__)
def test_unsupported_primitive_raises_with_reason(name):
    prim = getattr(ops, name)(*_CONSTRUCTOR_ARGS.get(name, ()))
    assert prim.name == name
    with pytest.raises(RuntimeError, match=rf"ops\.{name} is not supported by sporetorch: .*"
                                           rf"{_REASONS[type(prim)._reason]}"):
        prim(_X, _X)


def test_constructor_records_mindspore_attributes():
    # MindSpore 2.10: repr(P.DynamicRNN()) lists its constructor defaults as attributes
    prim = ops.DynamicRNN()
    assert (prim.cell_type, prim.direction, prim.forget_bias, prim.is_training) == ("LSTM", "UNIDIRECTIONAL", 0.0,
                                                                                     True)


@pytest.mark.parametrize("name", ascend_func.__all__)
def test_ascend_only_function_raises(name):
    fn = getattr(ops, name)
    params = inspect.signature(fn).parameters.values()
    n = sum(p.kind is p.POSITIONAL_OR_KEYWORD and p.default is p.empty for p in params)
    with pytest.raises(RuntimeError, match=rf"ops\.{name} is not supported on CPU/GPU: MindSpore 2.10 implements it "
                                           "only for Ascend"):
        fn(*([_X] * n))


def covered_primitives():
    """Primitive names these tests exercise (read by tools/api_coverage.py)."""
    return sorted(unsupported_ops.__all__)
