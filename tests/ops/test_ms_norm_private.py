"""MindSpore 2.10's private vector-norm helpers of ``ops.function.math_func`` (values rounded to 5 decimals).

Expected values: MindSpore 2.10 (CPU), recorded as literals (``ERR`` lines: the exception type and the
first 150 characters of its message)."""
import functools
import numpy as np
import pytest

from sporetorch import Tensor, ops
from sporetorch.ops.function import math_func as mf
from _ms_literals import show
a = Tensor(np.array([[3., -4., 0.], [1., 2., -2.]], np.float32))



_show = functools.partial(show, decimals=5)  # values recorded rounded to 5 decimals


CASES = {
    'vint0': (lambda: mf._norm_vector_int_ord(a, 0, (1,), False), "([2.0, 3.0], 'Float32')"),
    'vint1': (lambda: mf._norm_vector_int_ord(a, 1, (1,), True), "([[7.0], [5.0]], 'Float32')"),
    'vint2': (lambda: mf._norm_vector_int_ord(a, 2, (0, 1), False), "(5.830949783325195, 'Float32')"),
    'vintm1': (lambda: mf._norm_vector_int_ord(Tensor([1., 2., 4.]), -1, (0,), False), "(0.5714300274848938, 'Float32')"),
    'vinf': (lambda: mf._norm_vector_other_ord(a, float("inf"), (1,), False), "([4.0, 2.0], 'Float32')"),
    'vminf': (lambda: mf._norm_vector_other_ord(a, -float("inf"), (1,), True), "([[0.0], [1.0]], 'Float32')"),
    'vnone': (lambda: mf._norm_vector_other_ord(a, None, (1,), False), "([5.0, 3.0], 'Float32')"),
    'v0': (lambda: mf._norm_vector_other_ord(a, 0, (0,), False), "([2.0, 2.0, 1.0], 'Float32')"),
    'v3': (lambda: mf._norm_vector_other_ord(a, 3.0, (1,), False), "([4.4979400634765625, 2.571280002593994], 'Float32')"),
    'imm': (lambda: mf._norm_immediate(a, (0, 1), True, 2), "([[5.830949783325195]], 'Float32')"),
    'imm2': (lambda: mf._norm_immediate(a, (0, 1), False, 2), "(5.830949783325195, 'Float32')"),
    'ninf': (lambda: mf._compute_vector_norm_inf(a, (1,), False, ops.max), "([4.0, 2.0], 'Float32')"),
    'ninf2': (lambda: mf._compute_vector_norm_inf(a, (0, 1), True, ops.min), "([[0.0]], 'Float32')"),
    'ninf3': (lambda: mf._compute_vector_norm_inf(a, (0, 1), False, ops.max), "(4.0, 'Float32')"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_as_mindspore(name):
    fn, expected = CASES[name]
    assert _show(fn) == expected  # MindSpore 2.10
