"""Slices with a negative step (``x[::-1]``), which MindSpore takes as NumPy does and torch refuses.
Expected values are NumPy's; MindSpore 2.10 gave the same for the first three
(``x[::-1][0, 0]`` = [12, 13, 14, 15], ``x[:, ::-2]``, ``x[1:, -1:0:-1, ::-3]`` = [[[23, 20], [19, 16]]])."""
import numpy as np
import pytest
import torch

import sporetorch as ms

A = np.arange(24, dtype=np.float32).reshape(2, 3, 4)


@pytest.mark.parametrize("index", [
    np.s_[::-1], np.s_[:, ::-2], np.s_[1:, -1:0:-1, ::-3], np.s_[..., ::-1], np.s_[None, ::-1, 1],
    np.s_[4:1:-1], np.s_[1:4:-1], np.s_[::-1, None, ..., 2:0:-1], np.s_[:, ::-1, ::2],
], ids=str)
def test_negative_step_slices_pick_numpy_elements(index):
    np.testing.assert_array_equal(ms.Tensor(A)[index].asnumpy(), A[index])


def test_negative_step_after_a_boolean_mask():
    mask = A[:, :, 0] > 5
    np.testing.assert_array_equal(ms.Tensor(A)[ms.Tensor(mask), ::-1].asnumpy(), A[mask, ::-1])


def test_gradient_flows_back_through_a_reversed_slice():
    x = ms.Tensor(np.arange(6, dtype=np.float32))
    weights = ms.Tensor(np.arange(1, 4, dtype=np.float32))
    grad = ms.grad(lambda t: (t[::-2] * weights).sum())(x)
    np.testing.assert_array_equal(grad.asnumpy(), [0, 3, 0, 2, 0, 1])


def test_reversed_slice_gradcheck():
    def f(t):
        return ms.Tensor(t)[1:, ::-1]._t  # wraps t without copying, so autograd sees the slice
    t = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
    assert torch.autograd.gradcheck(f, (t,))
