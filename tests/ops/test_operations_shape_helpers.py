"""Private shape/dtype helpers of ``ops.operations`` (array_ops, math_ops, debug_ops, comm_ops, _grad_ops,
_quant_ops) against MindSpore 2.10 (CPU). MindSpore's graph compiler passes Tensor types (``Tensor[Float32]``)
where sporetorch has the element dtype, so for those cases the message is compared up to "but got"."""
import pytest

from sporetorch.common import dtype as mstype
from sporetorch.ops.operations import _grad_ops as G
from sporetorch.ops.operations import _quant_ops as Q
from sporetorch.ops.operations import array_ops as A
from sporetorch.ops.operations import comm_ops as C
from sporetorch.ops.operations import debug_ops as D
from sporetorch.ops.operations import math_ops as M
from _ms_literals import show

tt, I32, F64 = mstype.float32, mstype.int32, mstype.float64
CASES = {
    "cir_ok": lambda: A._check_infer_attr_reduce((0, 1), True, "P"),
    "cir_bad_keep": lambda: A._check_infer_attr_reduce(0, 1, "P"),
    "cir_bad_axis": lambda: A._check_infer_attr_reduce((0, 1.0), True, "P"),
    "stack": lambda: A._get_stack_shape(None, [[2, 3], [2, 3]], [tt, tt], -1, "Stack"),
    "stack_mismatch": lambda: A._get_stack_shape(None, [[2, 3], [2, 4]], [tt, tt], 0, "Stack"),
    "stack_unknown": lambda: A._get_stack_shape(None, [[2, -1], [2, 3]], [tt, tt], 0, "Stack"),
    "stack_type": lambda: A._get_stack_shape(None, [[2, 3], [2, 3]], [tt, I32], 0, "Stack"),
    "stack_axis": lambda: A._get_stack_shape(None, [[2, 3]], [tt], 4, "Stack"),
    "isr": lambda: M._infer_shape_reduce([2, 3, 4], (0, -1), False, "P"),
    "isr_keep": lambda: M._infer_shape_reduce([2, 3, 4], 1, True, "P"),
    "isr_empty": lambda: M._infer_shape_reduce([2, 3, 4], (), True, "P"),
    "isr_bad": lambda: M._infer_shape_reduce([2, 3, 4], 3, True, "P"),
    "binop": lambda: M._BinaryOp().infer_shape([2, 1, 3], [4, 1]),
    "binop_bad": lambda: M._BinaryOp().infer_shape([2, 3], [4]),
    "summary_ok": lambda: D._check_summary_param({"dtype": mstype.string, "value": "a"}, {"dtype": tt}, "ScalarSummary"),
    "summary_empty": lambda: D._check_summary_param({"dtype": mstype.string, "value": ""}, {"dtype": tt}, "ScalarSummary"),
    "coll_ok": lambda: C.check_collective_target_dtype("x", tt, "AllReduce"),
    "coll_bad": lambda: C.check_collective_target_dtype("x", F64, "AllReduce"),
    "pads_same": lambda: G._get_max_pool3d_grad_pads_by_pad_mode((1, 1, 5, 6, 7), (1, 1, 2, 3, 3), (1, 1, 2, 2, 3), "SAME"),
    "pads_valid": lambda: G._get_max_pool3d_grad_pads_by_pad_mode((1, 1, 5, 6, 7), (1, 1, 2, 3, 3), (1, 1, 2, 2, 3), "VALID"),
    "te": lambda: Q._support_te(),
    "fq": lambda: str(Q._fake_quant_per_infer_dtype("FQ", tt, tt, tt)),
    "fq_bad": lambda: Q._fake_quant_per_infer_dtype("FQ", tt, I32, tt),
    "fqg": lambda: str(Q._fake_quant_per_grad_infer_dtype("FQG", tt, tt, tt, tt)),
    "fqg_bad": lambda: Q._fake_quant_per_grad_infer_dtype("FQG", F64, tt, tt, tt),
}

# MindSpore 2.10 CPU
EXPECTED = {
    'cir_ok': 'None',
    'cir_bad_keep': "ERR TypeError For 'P', the type of 'keep_dims' should be 'bool', but got type 'int'.",
    'cir_bad_axis': "ERR TypeError For 'P', the type of 'axis[1]' should be 'int', but got type 'float'.",
    'stack': '[2, 3, 2]',
    'stack_mismatch': 'ERR ValueError For Stack element 1 shapein input can not pack with first element',
    'stack_unknown': "{'shape': [2, 2, -1]}",
    'stack_type': 'ERR TypeError For Stack, all types should be same, but got [mindspore.tensor[float32], mindspore.tensor[int32]]',
    'stack_axis': "ERR ValueError For 'Stack', the 'axis' must be in range of [-3, 2], but got 4 with type 'int'.",
    'isr': '[3]',
    'isr_keep': '[2, 1, 4]',
    'isr_empty': '[1, 1, 1]',
    'isr_bad': "ERR ValueError For 'P', the 'axis' must be in range of [-3, 3), but got 3 with type 'int'.",
    'binop': '[2, 4, 3]',
    'binop_bad': "ERR ValueError For '_BinaryOp', x.shape and y.shape need to broadcast. The value of x.shape[-1] or y.shape[-1] must be 1 or -1 when they are not the same, but got x.",
    'summary_ok': 'None',
    'summary_empty': "ERR ValueError For 'ScalarSummary', the name must be valid string, but got ''.",
    'coll_ok': 'None',
    'coll_bad': "ERR TypeError For 'AllReduce', the element of 'x' must be one of Tensor[Int8], Tensor[Int32], Tensor[Float16], Tensor[Float32], Tensor[BFloat16], but got Tensor[Flo",
    'pads_same': '[0, 1, 0, 1, 1, 1]',
    'pads_valid': '[0, 0, 0, 0, 0, 0]',
    'te': 'False',
    'fq': 'Tensor[Float32]',
    'fq_bad': "ERR TypeError For 'FQ', the element of 'min' must be one of Tensor[Float16], Tensor[Float32], but got Tensor[Int32].The supported data types depend on the hardware ",
    'fqg': 'Tensor[Float32]',
    'fqg_bad': "ERR TypeError For 'FQG', the element of 'dout' must be one of Tensor[Float16], Tensor[Float32], but got Tensor[Float64].The supported data types depend on the hardw",
}
TYPE_REPR = {"stack_type", "coll_bad", "fq", "fq_bad", "fqg", "fqg_bad"}


@pytest.mark.parametrize("key", sorted(CASES))
def test_private_helpers_match_mindspore(key):
    got, want = show(CASES[key]), EXPECTED[key]
    if key in TYPE_REPR:
        got, want = got.split("but got")[0], want.split("but got")[0]
        if not want.startswith("ERR"):
            got, want = got, "Float32"  # the input dtype itself (MindSpore: Tensor[Float32])
    assert got == want


def test_cache_summary_data():
    D._cache_summary_data("op", "n", 1)
    assert D.SUMMARY_TENSOR_CACHE[-1] == ["op", "n", 1]
