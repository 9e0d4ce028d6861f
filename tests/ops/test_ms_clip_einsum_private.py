"""MindSpore 2.10's private helpers of ``ops.function.clip_func`` (global-norm clipping), and of ``math_func`` / ``array_func`` (reduction bounds and masks, einsum's sublist form).

Expected values: MindSpore 2.10 (CPU), recorded as literals (``ERR`` lines: the exception type and the
first 150 characters of its message)."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import Tensor, ops
from sporetorch.ops.function import clip_func as cf, math_func as mf, array_func as af
from _ms_literals import show as _show
a = Tensor(np.array([[3., -4.], [1., 2.]], np.float32))
b = Tensor(np.array([1., -2., 2.], np.float32))





CASES = {
    'sqsum': (lambda: cf._get_square_sum(a), "([30.0], 'Float32')"),
    'sqsum16': (lambda: cf._get_square_sum(a.astype(ms.float16)), "([30.0], 'Float32')"),
    'applynorm': (lambda: cf._apply_global_norm(Tensor([1.0]), Tensor([5.0]), a.astype(ms.float16)), "([[0.60009765625, -0.7998046875], [0.199951171875, 0.39990234375]], 'Float16')"),
    'oldnorm': (lambda: cf._old_norm(2.0, b), "(3.0, 'Float32')"),
    'oldnorm3': (lambda: cf._old_norm(3, Tensor([1., 2.])), "(2.0800838470458984, 'Float32')"),
    'totalnorm': (lambda: cf._cal_total_norm((a, b), 2.0), "(6.244997978210449, 'Float32')"),
    'totalnorm_inf': (lambda: cf._cal_total_norm((a, b), float("inf")), "(4.0, 'Float32')"),
    'initsel': (lambda: mf._init_and_select_elem(b, 0.5, None, ops.maximum), "([1.0, 0.5, 2.0], 'Float32')"),
    'initsel_w': (lambda: mf._init_and_select_elem(b, 0.5, Tensor([True, False, True]), ops.minimum), "([0.5, 0.5, 0.5], 'Float32')"),
    'initsel_e': (lambda: mf._init_and_select_elem(b, None, Tensor([True, False, True]), ops.minimum), 'ERR ValueError initial value must be provided for where masks'),
    'initsel_af': (lambda: af._init_and_select_elem(b, 1.5, None, ops.minimum), "([1.0, -2.0, 1.5], 'Float32')"),
    'einsub': (lambda: (lambda r: (r[0], len(r[1])))(mf._einsum_convert_sublist(a, ([0, 1], a, [1, 27], [0, 27]))), "['AB,Bb->Ab', 2]"),
    'einsub2': (lambda: (lambda r: (r[0], len(r[1])))(mf._einsum_convert_sublist(a, ([0, 1], a, [1, 2]))), "['AB,BC', 2]"),
    'einsub3': (lambda: (lambda r: (r[0], len(r[1])))(mf._einsum_convert_sublist(a, ([0, 0],))), "['AA', 1]"),
    'einsub4': (lambda: mf._einsum_convert_sublist("ij,jk->ik", (a, a))[0], 'ij,jk->ik'),
    'einsub_e': (lambda: mf._einsum_convert_sublist(a, ([60, 1],)), 'ERR ValueError For einsum, the number in sublist must be in range [0, 52), but got 60'),
    'einsub_e2': (lambda: mf._einsum_convert_sublist("ij", ()), "ERR ValueError For einsum, the 'operands' must have at least one operand."),
    'initsel_af_w': (lambda: af._init_and_select_elem(b, 1.5, [True, False, True], ops.minimum), "([1.0, 1.5, 1.5], 'Float32')"),
    'initsel_af_t': (lambda: af._init_and_select_elem(b, None, True, ops.minimum), "([1.0, -2.0, 2.0], 'Float32')"),
    'initsel_af_f': (lambda: af._init_and_select_elem(b, 0.0, False, ops.minimum), "([0.0, 0.0, 0.0], 'Float32')"),
    'initsel_af_e': (lambda: af._init_and_select_elem(b, None, False, ops.minimum), 'ERR ValueError initial value must be provided for where masks'),
    'initsel_mf_t': (lambda: mf._init_and_select_elem(b, None, True, ops.minimum), "([1.0, -2.0, 2.0], 'Float32')"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_as_mindspore(name):
    fn, expected = CASES[name]
    assert _show(fn) == expected  # MindSpore 2.10
