"""MindSpore 2.10's private padding, loss and interpolation helpers of ``ops.function.nn_func``.

Expected values: MindSpore 2.10 (CPU), recorded as literals (``ERR`` lines: the exception type and the
first 150 characters of its message)."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import Tensor
from sporetorch.ops.function import nn_func as nf
from _ms_literals import show as _show
x = Tensor(np.arange(6, dtype=np.float32).reshape(1, 2, 3))





CASES = {
    'circ': (lambda: nf._circular_pad(x, (1, 2)), "([[[2.0, 0.0, 1.0, 2.0, 0.0, 1.0], [5.0, 3.0, 4.0, 5.0, 3.0, 4.0]]], 'Float32')"),
    'circ2': (lambda: nf._circular_pad(Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)), (1, 1)), "([[2.0, 0.0, 1.0, 2.0, 0.0], [5.0, 3.0, 4.0, 5.0, 3.0]], 'Float32')"),
    'circ_l': (lambda: nf._circular_pad(x, [2, 0]), "([[[1.0, 2.0, 0.0, 1.0, 2.0], [4.0, 5.0, 3.0, 4.0, 5.0]]], 'Float32')"),
    'pnonc': (lambda: nf._pad_ext_non_constant(x, (1, 2), "circular", None), "([[[2.0, 0.0, 1.0, 2.0, 0.0, 1.0], [5.0, 3.0, 4.0, 5.0, 3.0, 4.0]]], 'Float32')"),
    'pnonc0': (lambda: nf._pad_ext_non_constant(x, (1, 2), "circular", 0), "([[[2.0, 0.0, 1.0, 2.0, 0.0, 1.0], [5.0, 3.0, 4.0, 5.0, 3.0, 4.0]]], 'Float32')"),
    'pnonc_e': (lambda: nf._pad_ext_non_constant(x, (1, 2), "circular", 1.0), 'ERR ValueError Padding mode does not take in a value argument.'),
    'pnonc_e2': (lambda: nf._pad_ext_non_constant(x, (1, 2), "foo", None), "ERR ValueError Pad filling mode must be 'constant' 'circular' 'reflect' or 'replicate'."),
    'innerpad': (lambda: nf._inner_pad(Tensor([[True, False]]), (1, 1), value=1), "([[True, True, False, True]], 'Bool')"),
    'innerpad_f': (lambda: nf._inner_pad(x, (0, 1, 1, 0), value=-1.0), "([[[-1.0, -1.0, -1.0, -1.0], [0.0, 1.0, 2.0, -1.0], [3.0, 4.0, 5.0, -1.0]]], 'Float32')"),
    'idrop': (lambda: [nf._inner_dropout(x, 0.5, False), nf._inner_dropout(x, 0.0, True)], '[[[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]], [[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]]]'),
    'getloss': (lambda: [nf._get_loss(x, "mean", "L"), nf._get_loss(x.astype(ms.float16), "sum", "L", Tensor([1., 2., 3.])), nf._get_loss(x, "none", "L", 2.0)], '[2.5, 34.0, [[[0.0, 2.0, 4.0], [6.0, 8.0, 10.0]]]]'),
    'getloss_dt': (lambda: str(nf._get_loss(x.astype(ms.float16), "sum", "L", Tensor([1., 2., 3.])).dtype), 'Float16'),
    'getloss_e': (lambda: nf._get_loss(x, "avg", "L1Loss"), "ERR ValueError For 'L1Loss', the 'reduction' must be in ['mean', 'sum', 'none'], but got avg."),
    'mktuple': (lambda: [nf._interploate_ext_make_tuple(Tensor(np.ones((1, 1, 2, 2), np.float32)), 2.0), nf._interploate_ext_make_tuple(x, [3])], '[(2.0, 2.0), [3]]'),
    'sf2size': (lambda: nf._interpolate_ext_scale_factor_convert_size(Tensor(np.ones((1, 1, 3, 5), np.float32)), (1.5, 0.5)), '[4, 2]'),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_as_mindspore(name):
    fn, expected = CASES[name]
    assert _show(fn) == expected  # MindSpore 2.10


def test_inner_log_softmax():
    # MindSpore 2.10: [[-2.4076054, -1.4076054, -0.4076054]]
    out = nf._innner_log_softmax(Tensor([[1., 2., 3.]]), 1).asnumpy()
    np.testing.assert_allclose(out, [[-2.4076054, -1.4076054, -0.4076054]], rtol=2e-6)  # float32 logsumexp rounding


# MindSpore 2.10's CPU build has no kernel for these (ReflectionPad1D, ReplicationPad1D, ConstantPadND
# unregistered): expected values from NumPy's pad.
@pytest.mark.parametrize("fn,np_mode,kwargs", [
    (lambda t: nf._reflection_pad(t, (1, 2)), "reflect", {}),
    (lambda t: nf._replication_pad(t, (1, 2)), "edge", {}),
    (lambda t: nf._pad_ext_constant(t, (1, 2), 3.0), "constant", {"constant_values": 3.0}),
    (lambda t: nf._pad_ext_non_constant(t, (1, 2), "reflect", None), "reflect", {}),
])
def test_pads_without_a_mindspore_cpu_kernel(fn, np_mode, kwargs):
    np.testing.assert_array_equal(fn(x).asnumpy(), np.pad(x.asnumpy(), ((0, 0), (0, 0), (1, 2)), np_mode, **kwargs))
