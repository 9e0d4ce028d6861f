"""Tensor methods that call their functional op (issue "one implementation per op"): the cases where the method's
result was settled against MindSpore 2.10 when it moved onto the op. Expected values are MindSpore 2.10's."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import Tensor, ops

F = np.array([[1.0, 5.0, 2.0], [7.0, 0.0, 3.0]], np.float32)
I = np.array([[1, 5, 2], [7, 0, 3]], np.int32)


def test_take_clip_counts_negative_indices_from_the_end():
    x = Tensor(np.array([1.0, 5.0, 2.0, 7.0, 0.0, 3.0], np.float32))
    idx = Tensor(np.array([-1, -2, -6, -7, -20, 6, 7], np.int32))
    # MindSpore 2.10
    np.testing.assert_array_equal(x.take(idx).asnumpy(), [3.0, 0.0, 1.0, 1.0, 1.0, 3.0, 3.0])
    np.testing.assert_array_equal(x.take(idx, mode="wrap").asnumpy(), [3.0, 0.0, 1.0, 3.0, 0.0, 1.0, 5.0])


def test_igamma_of_zero_order_at_zero_is_zero():
    out = ops.igamma(Tensor(np.array([0.0, 0.0, 1.0], np.float32)), Tensor(np.array([0.0, 1.0, 0.0], np.float32)))
    np.testing.assert_array_equal(out.asnumpy(), [0.0, np.nan, 0.0])  # MindSpore 2.10
    a = Tensor(np.array([[1.0, 2.0], [0.0, 3.0]], np.float32))
    np.testing.assert_array_equal(a.igamma(a).asnumpy(), ops.igamma(a, a).asnumpy())


def test_clamp_by_tensors_promotes_with_the_input():
    lo = Tensor(np.array([2.0, 1.0, 1.0], np.float32))
    out = Tensor(I).clamp(lo)
    assert out.dtype == ms.float32  # MindSpore 2.10
    np.testing.assert_array_equal(out.asnumpy(), [[2.0, 5.0, 2.0], [7.0, 1.0, 3.0]])
    assert ops.clamp(Tensor(I), Tensor(np.array([2, 1, 1], np.int64))).dtype == ms.int64  # MindSpore 2.10


def test_top_k_of_a_0d_tensor_is_a_runtime_error():
    with pytest.raises(RuntimeError):  # MindSpore 2.10
        Tensor(2.0).top_k(1)


def test_cumsum_of_a_0d_tensor_flattens_without_an_axis():
    out = Tensor(3).cumsum()
    assert out.shape == (1,) and out.dtype == ms.int64  # MindSpore 2.10
    with pytest.raises(ValueError):  # MindSpore 2.10: an axis of a 0-d tensor
        Tensor(3.0).cumsum(0)


def test_integer_var_and_std_deviate_from_the_truncated_mean():
    np.testing.assert_allclose(Tensor(I).var(0).asnumpy(), [9.0, 6.5, 0.5])  # MindSpore 2.10
    np.testing.assert_allclose(Tensor(I).std(axis=1, ddof=1).asnumpy(), [2.2360680103302, 3.535533905029297],
                               rtol=1e-6)  # MindSpore 2.10


def test_max_with_where_and_initial():
    where = Tensor(np.array([[True, False, True], [False, True, True]]))
    np.testing.assert_array_equal(Tensor(F).max(axis=1, where=where, initial=-1.0).asnumpy(), [2.0, 3.0])  # MS 2.10
    values, indices = Tensor(F).max(0)
    np.testing.assert_array_equal(values.asnumpy(), [7.0, 5.0, 3.0])  # MindSpore 2.10
    np.testing.assert_array_equal(indices.asnumpy(), [1, 0, 1])


def test_index_select_takes_an_int_axis_only():
    with pytest.raises(TypeError):  # MindSpore 2.10
        Tensor(F).index_select(Tensor(1), Tensor(np.array([0], np.int32)))
