"""``manually_defined.ops_def``'s constant-folding helpers (``infer_value_for_<Op>``) and ``batch_norm_``: the
values MindSpore 2.10 folds (with NumPy's result dtypes) against ours."""
import numpy as np
import pytest

from sporetorch import Tensor as T
from sporetorch.ops.operations import manually_defined as o
from _ms_literals import show

xi = T(np.array([[1, 2, 3], [4, 5, 7]], np.int32))
xf = T(np.array([[1.5, -2, 3], [4, 0, 7]], np.float32))
CASES = {
    "red_mean_i": lambda: o.infer_value_for_ReduceMean(xi, (), False),
    "red_mean_f": lambda: o.infer_value_for_ReduceMean(xf, 1, True),
    "red_prod_i": lambda: o.infer_value_for_ReduceProd(xi, (0,), False),
    "red_sum_i": lambda: o.infer_value_for_ReduceSum(xi, [1, 1], False, False),
    "red_sum_skip": lambda: o.infer_value_for_ReduceSum(xi, (), False, True),
    "red_max": lambda: o._infer_value_for_Reduce(xf, 0, False, "ReduceMax"),
    "red_other": lambda: o._infer_value_for_Reduce(xf, 0, False, "ReduceSum"),
    "mean_ext": lambda: o.infer_value_for_MeanExt(xf, None, False, None),
    "sum_ext_i": lambda: o.infer_value_for_SumExt(xi, (1,), True, None),
    "sum_ext_dt": lambda: o.infer_value_for_SumExt(xi, 0, False, 43),
    "prod_ext": lambda: o.infer_value_for_ProdExt(xf, 1, False, None),
    "arange_i": lambda: o.infer_value_for_Arange(0, 5, 2),
    "arange_f": lambda: o.infer_value_for_Arange(0, 1.0, 0.25),
    "arange_dt": lambda: o.infer_value_for_Arange(1, 4, 1, 43),
    "bcast": lambda: o.infer_value_for_BroadcastTo(T(np.array([1, 2], np.float32)), (2, -1)),
    "bcast_t": lambda: o.infer_value_for_BroadcastTo(T(np.array([1, 2], np.float32)), T(np.array([3, 2], np.int32))),
    "reshape": lambda: o.infer_value_for_Reshape(xi, (3, -1)),
    "reshape_bad": lambda: o.infer_value_for_Reshape(xi, (4, -1)),
    "reshape_two": lambda: o.infer_value_for_Reshape(xi, (-1, -1)),
    "cast": lambda: o.infer_value_for_Cast(xf, 35),
    "cast_num": lambda: o.infer_value_for_Cast(3, 43),
    "concat": lambda: o.infer_value_for_Concat([xi, xi], 0),
    "div": lambda: o.infer_value_for_Div(xi, T(np.array([2, 2, 2], np.int32))),
    "div_f": lambda: o.infer_value_for_Div(xf, xf),
    "divmod1": lambda: o.infer_value_for_DivMod(xf, T(np.array([2, -3, 2], np.float32)), 1),
    "divmod2": lambda: o.infer_value_for_DivMod(xi, T(np.array([2, -3, 2], np.int32)), 2),
    "divmod0": lambda: o.infer_value_for_DivMod(xi, xi, 0),
    "divmods2": lambda: o.infer_value_for_DivMods(xi, 2, 2),
    "divmods1": lambda: o.infer_value_for_DivMods(xf, -2.0, 1),
    "divs": lambda: o.infer_value_for_Divs(xi, 2),
    "divs0": lambda: o.infer_value_for_Divs(T(np.array(3, np.int32)), 2),
    "divs0f": lambda: o.infer_value_for_Divs(T(np.array(3, np.float16)), 2),
    "lvn": lambda: o.infer_value_for_LinalgVectorNorm(xf, 2, 1, False, None),
    "lvn0": lambda: o.infer_value_for_LinalgVectorNorm(xf, 0, None, False, None),
    "lpn": lambda: o.infer_value_for_LpNormV2(xf, 2, 1, True),
    "svd": lambda: o.infer_value_for_Svd(T(np.array([[3, 0], [0, -2]], np.float32)), False, True),
    "svd_s": lambda: o.infer_value_for_Svd(T(np.array([[3, 0], [0, -2]], np.float32)), False, False)[0],
}

# MindSpore 2.10 CPU (show(f, 4))
EXPECTED = {
    'red_mean_i': "(3.6667, 'Float64')",
    'red_mean_f': "([[0.833299994468689], [3.6666998863220215]], 'Float32')",
    'red_prod_i': "([4, 10, 21], 'Int64')",
    'red_sum_i': "([6, 16], 'Int64')",
    'red_sum_skip': "([[1, 2, 3], [4, 5, 7]], 'Int32')",
    'red_max': "([4.0, 0.0, 7.0], 'Float32')",
    'red_other': 'None',
    'mean_ext': "(2.25, 'Float32')",
    'sum_ext_i': "([[6], [16]], 'Int64')",
    'sum_ext_dt': "([5.0, 7.0, 10.0], 'Float32')",
    'prod_ext': "([-9.0, 0.0], 'Float32')",
    'arange_i': "([0, 2, 4], 'Int64')",
    'arange_f': "([0.0, 0.25, 0.5, 0.75], 'Float32')",
    'arange_dt': "([1.0, 2.0, 3.0], 'Float32')",
    'bcast': "([[1.0, 2.0], [1.0, 2.0]], 'Float32')",
    'bcast_t': "([[1.0, 2.0], [1.0, 2.0], [1.0, 2.0]], 'Float32')",
    'reshape': "([[1, 2], [3, 4], [5, 7]], 'Int32')",
    'reshape_bad': "ERR ValueError For 'Reshape', the product of the 'input_x' shape should be equal to product of 'input_shape', but got product of the shape of 'input_x': 6, product o",
    'reshape_two': "ERR ValueError For 'Reshape', there can be at most one '-1' in 'input_shape', but got [-1, -1].",
    'cast': "([[1, -2, 3], [4, 0, 7]], 'Int64')",
    'cast_num': "(3.0, 'Float32')",
    'concat': "([[1, 2, 3], [4, 5, 7], [1, 2, 3], [4, 5, 7]], 'Int32')",
    'div': "([[0.5, 1.0, 1.5], [2.0, 2.5, 3.5]], 'Float64')",
    'div_f': "([[1.0, 1.0, 1.0], [1.0, nan, 1.0]], 'Float32')",
    'divmod1': "([[0.0, 0.0, 1.0], [2.0, -0.0, 3.0]], 'Float32')",
    'divmod2': "([[0, -1, 1], [2, -2, 3]], 'Int32')",
    'divmod0': 'None',
    'divmods2': "([[0, 1, 1], [2, 2, 3]], 'Int32')",
    'divmods1': "([[-0.0, 1.0, -1.0], [-2.0, -0.0, -3.0]], 'Float32')",
    'divs': "([[0.5, 1.0, 1.5], [2.0, 2.5, 3.5]], 'Float64')",
    'divs0': "(1.5, 'Float32')",
    'divs0f': "(1.5, 'Float16')",
    'lvn': "([3.905100107192993, 8.062299728393555], 'Float32')",
    'lvn0': "(5, 'Int64')",
    'lpn': "([[3.905100107192993], [8.062299728393555]], 'Float32')",
    'svd': '[[3.0, 2.0], [[1.0, 0.0], [0.0, 1.0]], [[1.0, 0.0], [-0.0, -1.0]]]',
    'svd_s': "([3.0, 2.0], 'Float32')",
}


@pytest.mark.parametrize("key", sorted(CASES))
def test_infer_value_matches_mindspore(key):
    assert show(CASES[key], 4) == EXPECTED[key]


def test_batch_norm_():
    x = T(np.array([[1.0, 2.0], [3.0, 5.0]], np.float32))
    one = T(np.ones(2, np.float32))
    out = o.batch_norm_(x, one, one, one, one, False, 1e-5, 0.1)
    # MindSpore 2.10 CPU: [[1.0, 1.9999949932098389], [2.9999899864196777, 4.999979972839355]]
    np.testing.assert_allclose(out[0].asnumpy(), [[1.0, 1.999995], [2.99999, 4.99998]], rtol=1e-5)
