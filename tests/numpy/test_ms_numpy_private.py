"""MindSpore 2.10's private helpers of ``mindspore.numpy`` (utils, array_creations, array_ops, logic_ops, math_ops) and its grid classes.

Expected values: MindSpore 2.10 (CPU), recorded as literals (``ERR`` lines: the exception type and the
first 150 characters of its message)."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import Tensor, ops
from sporetorch.numpy import utils as nu, array_creations as nc, array_ops as na, logic_ops as nl, math_ops as nm
import sporetorch.numpy as mnp
from _ms_literals import show as _show
x = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
v = Tensor(np.array([1., float("nan"), 3., float("inf"), -float("inf")], np.float32))





CASES = {
    'u_expand': (lambda: nu._expand(Tensor([1., 2.]), 3).shape, '[1, 1, 2]'),
    'u_expand_b': (lambda: nu._expand(Tensor([1., 2.]), 3, -1).shape, '[2, 1, 1]'),
    'u_bcast': (lambda: nu._broadcast_to(Tensor([[1., 2.]]), (1, 2), (3, 2), 2), "([[1.0, 2.0], [1.0, 2.0], [1.0, 2.0]], 'Float32')"),
    'u_bcast_shape': (lambda: nu._broadcast_to_shape(Tensor([1., 2.]), (2, 2)), "([[1.0, 2.0], [1.0, 2.0]], 'Float32')"),
    'u_callable': (lambda: (nu._callable(x, lambda a: a), nu._callable(x, 3)), '[True, False]'),
    'u_b2i': (lambda: nu._convert_bool_to_int(Tensor([True, False])), "([1, 0], 'Int32')"),
    'u_l2t': (lambda: nu._convert_list_tensor_to_tuple_tensor([1, 2]), '[1, 2]'),
    'u_deeplist': (lambda: nu._deep_list((1, (2, 3), [4])), '[1, [2, 3], [4]]'),
    'u_deepnp': (lambda: (lambda r: [type(r[0]).__name__, r[0].tolist(), r[1][0].tolist()])(nu._deep_tensor_to_nparray([Tensor([1, 2]), [Tensor(3.0)]])), "['ndarray', [1, 2], 3.0]"),
    'u_dts': (lambda: [str(nu._get_dtype_from_scalar(*a)) for a in [(True, None), (1, True), (1, 2.0), ()]], "['Bool', 'Int32', 'Float32', 'Bool']"),
    'u_size': (lambda: (nu._get_size(x), nu._get_size(x, (1,)), nu._get_size(x, ())), '[12, 4, 12]'),
    'u_isscalar': (lambda: (nu._is_scalar((1, 1)), nu._is_scalar((2,)), nu._is_scalar(())), '[True, False, True]'),
    'u_isnan': (lambda: nu._isnan(v), "([False, True, False, False, False], 'Bool')"),
    'u_slice': (lambda: nu._slice_along_axis(x, 1, 1, 3), "([[1.0, 2.0], [5.0, 6.0], [9.0, 10.0]], 'Float32')"),
    'u_orig': (lambda: [str(t.dtype) for t in nu._to_tensor_origin_dtype(1, 2.5, True, [1, 2], x)], "['Int64', 'Float32', 'Bool', 'Int64', 'Float32']"),
    'u_orig_e': (lambda: nu._to_tensor_origin_dtype("a"), 'ERR TypeError Expect input to be array like.'),
    'c_dtype': (lambda: (str(nc._get_dtype([1, 2])), str(nc._get_dtype(1.5)), str(nc._get_dtype(x))), "['Int32', 'Float32', 'Float32']"),
    'c_shape': (lambda: (nc._get_shape([[1, 2]]), nc._get_shape(x)), '[(1, 2), (3, 4)]'),
    'c_xlike': (lambda: nc._x_like([1, 2], None, None, mnp.full, 7), "([7, 7], 'Int32')"),
    'c_xlike2': (lambda: nc._x_like(x, ms.int32, (2,), mnp.zeros), "([0, 0], 'Int32')"),
    'c_xlike_e': (lambda: nc._x_like("a", None, None, mnp.zeros), "ERR TypeError prototype should be int, float, bool, list, tuple, Tensor, but got<class 'str'>"),
    'c_window': (lambda: (nc._check_window_size(1), nc._check_window_size(3)), '[False, True]'),
    'c_window_e': (lambda: nc._check_window_size(2.0), 'ERR TypeError the number fo points should be an int'),
    'c_index': (lambda: [nc._index(i, s, c) for i, s, c in [(0, 2, True), (1, 2, True), (2, 3, True), (0, 1, True), (0, 2, False)]], '[1, 0, 2, 0, 0]'),
    'c_padnd': (lambda: [nc._convert_pad_to_nd(p, 2) for p in (1, [2], (1, 2), [[1, 2]], [[1, 2], [3, 4]])], '[((1, 1), (1, 1)), ((2, 2), (2, 2)), ((1, 2), (1, 2)), ((1, 2), (1, 2)), ((1, 2), (3, 4))]'),
    'c_padnd_e': (lambda: nc._convert_pad_to_nd([[1, 2, 3]], 2), 'ERR ValueError input values must be able to broadcast to (2, 2)'),
    'c_padnd_t': (lambda: nc._convert_pad_to_nd(1.5, 2), 'ERR TypeError pad_width, stat_length, constant_values or end_values should only be int, list, tuple or tensor'),
    'c_padc': (lambda: nc._pad_constant(Tensor([[1, 2]], ms.int32), ((1, 0), (0, 2)), ((5, 6), (7, 8))), "([[5, 5, 8, 8], [1, 2, 8, 8]], 'Int32')"),
    'c_pade': (lambda: nc._pad_empty(Tensor([[1., 2.]]), ((1, 0), (0, 2))).shape, '[2, 4]'),
    'c_padedge': (lambda: nc._pad_edge(Tensor([[1., 2.]]), ((1, 0), (0, 2))), "([[1.0, 2.0, 2.0, 2.0], [1.0, 2.0, 2.0, 2.0]], 'Float32')"),
    'c_padwrap': (lambda: nc._pad_wrap(Tensor([[1., 2., 3.]]), ((0, 0), (2, 4))), "([[2.0, 3.0, 1.0, 2.0, 3.0, 1.0, 2.0, 3.0, 1.0]], 'Float32')"),
    'c_padrefl': (lambda: nc._pad_reflect(Tensor([[1., 2., 3.]]), ((0, 0), (2, 1)), "even"), "([[3.0, 2.0, 1.0, 2.0, 3.0, 2.0]], 'Float32')"),
    'c_padrefl_o': (lambda: nc._pad_reflect(Tensor([[1., 2., 3.]]), ((0, 0), (2, 1)), "odd"), "([[-1.0, 0.0, 1.0, 2.0, 3.0, 4.0]], 'Float32')"),
    'c_padsym': (lambda: nc._pad_symmetric(Tensor([[1., 2., 3.]]), ((0, 0), (2, 1)), "even"), "([[2.0, 1.0, 1.0, 2.0, 3.0, 3.0]], 'Float32')"),
    'c_padlin': (lambda: nc._pad_linear(Tensor([[1., 2., 3.]]), ((0, 0), (2, 2)), 0), "([[0.0, 0.5, 1.0, 2.0, 3.0, 1.5, 0.0]], 'Float32')"),
    'c_mgrid': (lambda: nc.MGridClass()[0:2, 0:3], "([[[0, 0, 0], [1, 1, 1]], [[0, 1, 2], [0, 1, 2]]], 'Int32')"),
    'c_ogrid': (lambda: nc.OGridClass()[0:2, 0:3], '[[[0], [1]], [[0, 1, 2]]]'),
    'c_ndgrid': (lambda: nc.NdGrid(sparse=False)[0:1:3j], "([0.0, 0.5, 1.0], 'Float32')"),
    'a_unique': (lambda: na.UniqueNet()(Tensor([3, 1, 3, 2], ms.int32)), '[[3, 1, 2], [0, 1, 0, 2]]'),
    'a_atleast': (lambda: [t.shape for t in na._atleast_xd(3, (Tensor([1., 2.]), x))], '[(1, 1, 2), (1, 3, 4)]'),
    'a_atleast1': (lambda: na._atleast_xd(2, (Tensor([1., 2.]),)).shape, '[1, 2]'),
    'a_mod': (lambda: na._mod(Tensor([-5., 7.]), Tensor([3., -4.])), "([1.0, -1.0], 'Float32')"),
    'a_promote': (lambda: [str(t.dtype) for t in na._promote_type_for_concatenate((Tensor([1], ms.int32), Tensor([1.], ms.float16)))], "['Float16', 'Float16']"),
    'a_promote_same': (lambda: [str(t.dtype) for t in na._promote_type_for_concatenate((Tensor([1], ms.int32), Tensor([2], ms.int32)))], "['Int32', 'Int32']"),
    'a_stack': (lambda: na._stack_arrays([[1, 2], [3, 4]]), "([[1, 2], [3, 4]], 'Int32')"),
    'a_stack1': (lambda: na._stack_arrays(5), "([5], 'Int32')"),
    'a_splitsub': (lambda: na._split_sub_tensors(x, (1, -1), 1), '[[[0.0], [4.0], [8.0]], [[1.0, 2.0], [5.0, 6.0], [9.0, 10.0]], [[3.0], [7.0], [11.0]]]'),
    'a_splitsub_e': (lambda: na._split_sub_tensors(x, (2, 1), 1), 'ERR ValueError empty sub-tensor encountered.'),
    'a_roll': (lambda: na.roll_along_axis(x, 1, 1), "([[3.0, 0.0, 1.0, 2.0], [7.0, 4.0, 5.0, 6.0], [11.0, 8.0, 9.0, 10.0]], 'Float32')"),
    'a_roll2': (lambda: na.roll_along_axis(x, -4, 0), "([[4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0], [0.0, 1.0, 2.0, 3.0]], 'Float32')"),
    'a_chkidx_clip': (lambda: na._check_indices(4, Tensor([-6, -2, 1, 9], ms.int32), "clip"), "([0, -2, 1, 3], 'Int32')"),
    'a_chkidx_clip2': (lambda: na._check_indices(4, Tensor([-6, -2, 1, 9], ms.int32), "clip", False), "([0, 0, 1, 3], 'Int32')"),
    'a_chkidx_wrap': (lambda: na._check_indices(4, Tensor([-6, -2, 1, 9], ms.int32), "wrap"), "([2, 2, 1, 1], 'Int32')"),
    'a_chkidx_e': (lambda: na._check_indices(4, Tensor([1], ms.int32), "foo"), 'ERR ValueError invalid mode. Expected "raise", "wrap", or "clip"'),
    'l_isinf': (lambda: nl._isinf(v), "([False, False, False, True, True], 'Bool')"),
    'l_signinf': (lambda: nl._is_sign_inf(v, ops.greater), "([False, False, False, True, False], 'Bool')"),
    'm_apply': (lambda: nm._apply_tensor_op(ops.add, [1, 2], 3, dtype=ms.float32), "([4.0, 5.0], 'Float32')"),
    'm_nansum': (lambda: nm._reduce_nansum(Tensor([[1., float("nan")], [2., 3.]]), 1), "([1.0, 5.0], 'Float32')"),
    'm_nansum_k': (lambda: nm._reduce_nansum(Tensor([[1., float("nan")], [2., 3.]]), (), True), "([[6.0]], 'Float32')"),
    'm_countnn': (lambda: nm._count_nonnan(Tensor([[1., float("nan")], [2., 3.]]), 0), "([2.0, 1.0], 'Float32')"),
    'm_nanvar': (lambda: nm._nanvar(Tensor([[1., float("nan"), 4.], [2., 3., 5.]]), 1, 1), "([4.5, 2.3333334922790527], 'Float32')"),
    'm_propnan': (lambda: nm._prop_nan(ops.maximum, Tensor([1., float("nan"), 3.]), Tensor([2., 1., float("nan")])), "([2.0, nan, nan], 'Float32')"),
    'm_poly1d': (lambda: nm._to_poly1d(3), "([3], 'Int32')"),
    'm_poly1d_e': (lambda: nm._to_poly1d([[1, 2]]), 'ERR ValueError input array must be scalar or 1-d sequence'),
    'm_strides': (lambda: (nm._get_strides((2, 3, 4)), nm._get_strides((2, 3, 4), "F")), '[[12, 4, 1], [1, 2, 6]]'),
    'm_multidot': (lambda: nm._multi_dot([Tensor(np.ones((2, 3), np.float32)), Tensor(np.ones((3, 4), np.float32)), Tensor(np.ones((4, 1), np.float32))], 0, 2, [[0, 0, 1], [0, 0, 1], [0, 0, 0]]), "([[12.0], [12.0]], 'Float32')"),
    'm_shaperem': (lambda: (nm._infer_shape_rem((2, 3), (3, 4), 2, 2, False), nm._infer_shape_rem((3,), (5, 3), 1, 2, True)), '[(2, 4), (5,)]'),
    'm_avg': (lambda: nm.comput_avg(x, 1, Tensor(np.arange(1, 13, dtype=np.float32).reshape(3, 4))), '[[2.0, 5.692307472229004, 9.619047164916992], [10.0, 26.0, 42.0]]'),
    'm_avg_all': (lambda: nm.comput_avg(x, None, Tensor(np.ones((3, 4), np.float32))), '[5.5, 12.0]'),
    'm_slice': (lambda: nm._slice_along_axis(x, 0, 1, 3), "([[4.0, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, 11.0]], 'Float32')"),
    'm_procidx': (lambda: nm._process_index(Tensor([[-1, 5], [2, 7]], ms.int32), (3, 4), "clip"), "([[0, 2], [2, 3]], 'Int32')"),
    'm_procidx_w': (lambda: nm._process_index(Tensor([[-1, 5], [2, 7]], ms.int32), (3, 4), "wrap"), "([[2, 2], [2, 3]], 'Int32')"),
    'm_procidx_e': (lambda: nm._process_index(Tensor([[1]], ms.int32), (3,), "raise"), "ERR NotImplementedError 'raise' mode is not implemented"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_as_mindspore(name):
    fn, expected = CASES[name]
    assert _show(fn) == expected  # MindSpore 2.10
