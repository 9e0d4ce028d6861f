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
# Arguments that pass the checks MindSpore 2.10 makes before it finds no CPU kernel (3-D boxes, integer indices).
_VALID_ARGS = {"rotated_iou": (ms.Tensor(np.ones((1, 5, 2), np.float32)),) * 2,
               "moe_token_permute": (_X, ms.Tensor(np.zeros(2, np.int32)))}
# Inputs that pass the checks MindSpore 2.10 makes before it finds no CPU kernel.
_CALL_ARGS = {"RNNTLoss": (ms.Tensor(np.ones((1, 2, 3, 5), np.float32)), ms.Tensor(np.ones((1, 2), np.int32)))
              + (ms.Tensor(np.ones(1, np.int32)),) * 2,
              "GroupTopk": (_X, _X, 1, 1)}
_REASONS = {"ascend": "only for Ascend", "device": "device data queue", "graph": "graph-compiler primitive"}


_CLASSES = [n for n in unsupported_ops.__all__ if n[0].isupper()]


@pytest.mark.parametrize("name", _CLASSES)
def test_unsupported_primitive_raises_with_reason(name):
    prim = getattr(ops, name)(*_CONSTRUCTOR_ARGS.get(name, ()))
    assert prim.name == name
    with pytest.raises(RuntimeError, match=rf"ops\.{name} is not supported by sporetorch: .*"
                                           rf"{_REASONS[type(prim)._reason]}"):
        prim(*_CALL_ARGS.get(name, (_X, _X)))


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
        fn(*_VALID_ARGS.get(name, [_X] * n))


def test_control_flow_instances_raise():
    # MindSpore 2.10's PyNative mode raises NotImplementedError for ops.geswitch and ops.merge
    for name in ("geswitch", "merge"):
        with pytest.raises(RuntimeError, match="graph-compiler primitive"):
            getattr(ops, name)(_X, _X)


def test_kernel_registration_helpers():
    # MindSpore 2.10: CpuRegOp('X').input(...).output(...).dtype_format(...).get_op_info()
    info = (ops.CpuRegOp("X").input(0, "x", "required").output(0, "y", "required")
            .dtype_format(("float32", "DefaultFormat"), ("float32", "DefaultFormat")).get_op_info())
    assert info == {"op_name": "X", "inputs": [{"index": 0, "name": "x", "paramType": "required"}],
                    "outputs": [{"index": 0, "name": "y", "paramType": "required"}], "attr": [], "fusion_type": "",
                    "dtype_format": [(("float32", "DefaultFormat"), ("float32", "DefaultFormat"))],
                    "imply_type": "CPU"}
    assert ops.TBERegOp("t").kernel_name("k").async_flag(False).get_op_info()["kernel_name"] == "k"
    assert ops.AiCPURegOp("a").get_op_info()["imply_type"] == "AiCPU"
    assert ops.AkgGpuRegOp("g").get_op_info()["processor"] == "cuda"
    assert ops.AkgAscendRegOp("g").get_op_info()["processor"] == "aicore"
    assert ops.op_info_register(info)(lambda a: a + 1)(1) == 2
    with pytest.raises(NotImplementedError, match="MindSpore's C\\+\\+ API"):
        ops.CustomOpBuilder("my_op", ["op.cpp"]).load()
    # MindSpore 2.10 type ids
    assert ops.DtypeToEnum()("op", "arg", ms.float32) == 43 and ops.DtypeToEnum()("op", "arg", ms.bool_) == 30
    with pytest.raises(TypeError, match="For 'op', the input 'arg' should be mindspore dtype, but got 3."):
        ops.DtypeToEnum()("op", "arg", 3)

    class Scale(ops.Primitive):
        @ops.prim_arg_register
        def __init__(self, factor=2.0):
            pass
    assert Scale().factor == 2.0
    double = ops._ms_pyfunc(lambda *a: None)(lambda x: x * 2)
    assert isinstance(double, ops.Primitive) and double(3) == 6
    assert ops.Tensor is ms.Tensor


def covered_primitives():
    """Primitive names these tests exercise (read by tools/api_coverage.py)."""
    return sorted(_CLASSES + ["CpuRegOp", "TBERegOp", "AiCPURegOp", "AkgGpuRegOp", "AkgAscendRegOp",
                              "CustomOpBuilder", "DtypeToEnum"])
