"""ConcatOffset, Conv3DBackpropFilter, SparseSliceGrad (``_grad_ops``) and ``random_ops.Uniform`` against
MindSpore 2.10 (CPU)."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import Tensor as T
from sporetorch.ops.operations import _grad_ops as G
from sporetorch.ops.operations import random_ops as R
from _ms_literals import show


def fr(*s, k=7):
    n = int(np.prod(s))
    return T(((np.arange(n) * k) % 11 / 4 - 1).astype(np.float32).reshape(s))


CASES = {
    "ConcatOffset": lambda: G.ConcatOffset(2, 1)((fr(1, 2), fr(1, 3))),
    "ConcatOffset_3": lambda: G.ConcatOffset(3, 0)((fr(1, 2), fr(2, 2), fr(1, 2))),
    "Conv3DBackpropFilter": lambda: G.Conv3DBackpropFilter(1, 2)(fr(1, 1, 3, 3, 3), fr(1, 1, 2, 2, 2, k=3), (1, 1, 2, 2, 2)),
    "SparseSliceGrad": lambda: G.SparseSliceGrad()(T(np.array([5., 7.], np.float32)), T(np.array([[0, 0], [1, 1], [1, 2]], np.int64)), T(np.array([1, 0], np.int64)), T(np.array([[0, 1], [0, 2]], np.int64))),
}

# MindSpore 2.10 CPU (show(f, 4))
EXPECTED = {
    'ConcatOffset': "([[0, 0], [0, 2]], 'Int64')",
    'ConcatOffset_3': "([[0, 0], [1, 0], [3, 0]], 'Int64')",
    'Conv3DBackpropFilter': "([[[[[1.625, 1.0], [-1.625, 0.5]], [[-2.625, 2.9375], [1.0, 3.8125]]]]], 'Float32')",
    'SparseSliceGrad': "([0.0, 5.0, 7.0], 'Float32')",
}


@pytest.mark.parametrize("key", sorted(CASES))
def test_matches_mindspore(key):
    assert show(CASES[key], 4) == EXPECTED[key]


def test_uniform_shape_dtype_range():
    # MindSpore 2.10 CPU: Uniform(1.0, 2.0)(x) keeps x's shape (3, 4) and dtype Float64, values in [1, 2)
    y = R.Uniform(minval=1.0, maxval=2.0)(T(np.zeros((3, 4)), ms.float64))
    assert y.shape == (3, 4) and y.dtype == ms.float64
    assert ((y.asnumpy() >= 1.0) & (y.asnumpy() < 2.0)).all()
    with pytest.raises(ValueError):
        R.Uniform(minval=2.0, maxval=1.0)
