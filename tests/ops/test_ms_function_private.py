"""MindSpore 2.10's ``*_ext`` forms and private helpers of ``ops.function.math_func`` / ``array_func``.

Expected values: MindSpore 2.10 (CPU), recorded as literals (``ERR`` lines: the exception type and the
first 150 characters of its message)."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import Tensor
from sporetorch.ops.function import math_func as mf, array_func as af
from _ms_literals import show as _show
x = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
y = Tensor(np.array([1., 2., 4.], np.float32))





CASES = {
    'mean_ext': (lambda: mf.mean_ext(x, 1, True), "([[1.5], [5.5], [9.5]], 'Float32')"),
    'mean_ext_d': (lambda: mf.mean_ext(Tensor([1, 2], ms.int32), dtype=ms.float32), "(1.5, 'Float32')"),
    'mul_ext': (lambda: mf.mul_ext(Tensor([1, 2], ms.int32), 2.5), "([2.5, 5.0], 'Float32')"),
    'as_strided': (lambda: mf.as_strided(x, (2, 2), (1, 2)), "([[0.0, 2.0], [1.0, 3.0]], 'Float32')"),
    'arrange': (lambda: mf.arrange(4), '[0, 1, 2, 3]'),
    'get_x_shape': (lambda: mf.get_x_shape((2, 3, 4)), '[24]'),
    'add_padding': (lambda: mf.add_padding_to_shape((3, 4), 4), '[1, 1, 3, 4]'),
    'add_padding2': (lambda: mf.add_padding_to_shape((2, 3, 4), 2), '[2, 3, 4]'),
    'listc': (lambda: mf._list_comprehensions(3, 7), '[7, 7, 7]'),
    'tsetitem': (lambda: mf._tuple_setitem((1, 2, 3), 1, 9), '[1, 9, 3]'),
    'isfloat': (lambda: (mf._check_is_float(ms.float16), mf._check_is_float(ms.float64)), '[True, False]'),
    'sametype': (lambda: mf._check_same_type(ms.int32, ms.int32), 'True'),
    'checkvalue': (lambda: mf._check_value([1, 3, 2], 3, "For 'x',", (1, 3), (2,)), "ERR ValueError For 'x', operands could not be broadcast together with shape1 (1, 3) and shape2 (2,)."),
    'deftype': (lambda: mf._get_default_div_type(Tensor([1, 2], ms.int32)), "([1.0, 2.0], 'Float32')"),
    'normaxis': (lambda: (mf._normalize_axis_index(-1, 3), mf._normalize_axis_index(3, 3)), 'ERR ValueError For norm, the dim is out of range.'),
    'wrapdims': (lambda: mf._maybe_wrap_dims_n([-1, 0], 3), '[2, 0]'),
    'wrapdims_e': (lambda: mf._maybe_wrap_dims_n([3], 3), 'ERR ValueError Dimension out of range, it must be in range of [-3, 2], but got 3.'),
    'einsumchar': (lambda: [mf._einsum_convert_num_to_char(n) for n in (0, 25, 26, 51, Ellipsis)], "['A', 'Z', 'a', 'z', '...']"),
    'einsumchar_e': (lambda: mf._einsum_convert_num_to_char(52), 'ERR ValueError For Einsum, the number in sublist should be in range [0, 52), but got 52'),
    'diffcheck': (lambda: mf._diff_check(Tensor([1., 2.], ms.float64), 1, 0), "ERR TypeError For 'diff', 'input' do not support complex64/complex128/float64/int16"),
    'diffhelper': (lambda: mf._diff_helper(Tensor([1., 4., 9., 16.]), 2, 0), "([2.0, 2.0], 'Float32')"),
    'diffhelper_b': (lambda: mf._diff_helper(Tensor([True, False, False]), 1, 0), "([True, False], 'Bool')"),
    'diffprep': (lambda: mf._diff_prepend_append_on_dim(y, Tensor([0.]), None, 0), "([0.0, 1.0, 2.0, 4.0], 'Float32')"),
    'covw': (lambda: mf._combine_cov_weights(Tensor([1, 2]), Tensor([3, 4])), "([3, 8], 'Int64')"),
    'covchk': (lambda: mf._check_cov_weights(Tensor([1, 2]), "fweights", 3, [ms.int32, ms.int64], "Int"), 'ERR ValueError For cov, the numel of fweights must equal the number of columns of input, but got numel:2, number of columns of input:3.'),
    'csq': (lambda: mf._complex_square(Tensor([1., -2.])), "([1.0, 4.0], 'Float32')"),
    'signinf': (lambda: mf._is_sign_inf(Tensor([1., float("inf"), -float("inf")]), ms.ops.less), "([False, False, True], 'Bool')"),
    'bcast': (lambda: mf._broadcast_to(Tensor([[1., 2.]]), (1, 2), (3, 2), 2), "([[1.0, 2.0], [1.0, 2.0], [1.0, 2.0]], 'Float32')"),
    'moveaxis': (lambda: mf._moveaxis(x, (0,), (1,)), "([[0.0, 4.0, 8.0], [1.0, 5.0, 9.0], [2.0, 6.0, 10.0], [3.0, 7.0, 11.0]], 'Float32')"),
    'select': (lambda: mf._select(x, 1, 2), "([2.0, 6.0, 10.0], 'Float32')"),
    'select_neg': (lambda: mf._select(x, 0, -1), "([8.0, 9.0, 10.0, 11.0], 'Float32')"),
    'reshmn': (lambda: mf._reshape_matrix_norm(x, Tensor(5.), (0, 1), True), "([[5.0]], 'Float32')"),
    'reshkmn': (lambda: mf._reshape_keepdim_matrix_norm(Tensor([5., 6.]), (2, 3, 4), (1, 2)), "([[[5.0]], [[6.0]]], 'Float32')"),
    'zle': (lambda: mf.zeros_like_except(Tensor(np.ones((2, 3, 4), np.float32)), -2), "([[0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0]], 'Float32')"),
    'trap': (lambda: mf.trapezoid(y, 1.0, 0), "(4.5, 'Float32')"),
    'trap2': (lambda: mf.trapezoid(x, 0.5, 1), "([2.25, 8.25, 14.25], 'Float32')"),
    'dotrap': (lambda: mf.dotrapezoid(y, 2.0, 0), "(9.0, 'Float32')"),
    'traptensor': (lambda: mf.trapezoid_tensor(y, Tensor(np.array([0., 1., 3.], np.float32)), 0), "(7.5, 'Float32')"),
    'dotraptensor': (lambda: mf.dotrapezoid_tensor(y, Tensor(np.array([1., 2.], np.float32)), 0), "(7.5, 'Float32')"),
    'get': (lambda: (lambda r: (mf.get([[1, 2], [3, 4]], 0, 1, 1, r), r))([]), '[0, [2]]'),
    'max_ext': (lambda: af.max_ext(x, 1), '[[3.0, 7.0, 11.0], [3, 3, 3]]'),
    'min_ext': (lambda: af.min_ext(x, 0, True), '[[[0.0, 1.0, 2.0, 3.0]], [[0, 0, 0, 0]]]'),
    'max_ext0': (lambda: af.max_ext(x), "(11.0, 'Float32')"),
    'new_ones': (lambda: af.new_ones(x, (2,)), "([1.0, 1.0], 'Float32')"),
    'new_zeros': (lambda: af.new_zeros(x, (2, 1), dtype=ms.int32), "([[0], [0]], 'Int32')"),
    'chunk_ext': (lambda: af.chunk_ext(x, 3, 1), '[[[0.0, 1.0], [4.0, 5.0], [8.0, 9.0]], [[2.0, 3.0], [6.0, 7.0], [10.0, 11.0]]]'),
    'split_ext': (lambda: af.split_ext(x, [1, 3], 1), '[[[0.0], [4.0], [8.0]], [[1.0, 2.0, 3.0], [5.0, 6.0, 7.0], [9.0, 10.0, 11.0]]]'),
    'gettype': (lambda: (str(af._get_type(1.0)), str(af._get_type(3)), str(af._get_type(True))), "['Float32', 'Int64', 'Bool']"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_as_mindspore(name):
    fn, expected = CASES[name]
    assert _show(fn) == expected  # MindSpore 2.10
