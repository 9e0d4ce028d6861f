"""Argument checks that MindSpore 2.10 makes and torch does not: ops.interpolate (scale_factor by mode
and rank), ops.logspace (an int base), ops.adaptive_avg_pool2d (3-D or 4-D input); the literals are
MindSpore 2.10's results."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import mint, nn, ops

X4 = ms.Tensor(np.arange(4, dtype=np.float32).reshape(1, 1, 2, 2))


@pytest.mark.parametrize("shape,mode", [((1, 1, 2, 2), "nearest"), ((1, 1, 4), "nearest"), ((1, 1, 4), "linear"),
                                        ((1, 1, 2, 2), "bilinear"), ((1, 1, 2, 2), "bicubic")])
def test_interpolate_refuses_scale_factor(shape, mode):
    x = ms.Tensor(np.ones(shape, np.float32))
    rank = len(shape)
    with pytest.raises(ValueError, match=f"'scale_factor' option cannot currently be set with the mode = {mode} "
                                         f"and dim = {rank}D"):
        ops.interpolate(x, scale_factor=2.0, mode=mode)


def test_interpolate_takes_scale_factor_where_mindspore_does():
    # recompute_scale_factor=True turns it into a size (MindSpore 2.10)
    got = ops.interpolate(X4, scale_factor=1.5, mode="nearest", recompute_scale_factor=True)
    assert got.asnumpy().tolist() == [[[[0.0, 0.0, 1.0], [0.0, 0.0, 1.0], [2.0, 2.0, 3.0]]]]
    got = ops.interpolate(X4, scale_factor=2.0, mode="area")
    assert got.asnumpy().tolist() == [[[[0.0, 0.0, 1.0, 1.0], [0.0, 0.0, 1.0, 1.0], [2.0, 2.0, 3.0, 3.0],
                                        [2.0, 2.0, 3.0, 3.0]]]]
    x5 = ms.Tensor(np.arange(8, dtype=np.float32).reshape(1, 1, 2, 2, 2))
    assert ops.interpolate(x5, scale_factor=2.0, mode="nearest").shape == (1, 1, 4, 4, 4)
    assert nn.Upsample(scale_factor=1.5, recompute_scale_factor=True)(X4).shape == (1, 1, 3, 3)
    with pytest.raises(ValueError, match="scale_factor"):
        nn.Upsample(scale_factor=2.0)(X4)


def test_mint_interpolate_keeps_scale_factor():
    """mint.nn.functional.interpolate is MindSpore's interpolate_ext, which takes scale_factor in every mode."""
    got = mint.nn.functional.interpolate(X4, scale_factor=2.0, mode="nearest")
    assert got.asnumpy().tolist() == [[[[0.0, 0.0, 1.0, 1.0], [0.0, 0.0, 1.0, 1.0], [2.0, 2.0, 3.0, 3.0],
                                        [2.0, 2.0, 3.0, 3.0]]]]


def test_logspace_base_is_an_int():
    got = ops.logspace(0.0, 3.0, 4, 2)
    assert got.dtype == ms.float32 and got.asnumpy().tolist() == [1.0, 2.0, 4.0, 8.0]
    for base, name in [(2.0, "float"), (True, "bool")]:
        with pytest.raises(TypeError, match=f"For 'LogSpace', the type of 'base' should be 'int', but got type '{name}'"):
            ops.logspace(0.0, 3.0, 4, base)


def test_adaptive_avg_pool2d_takes_3d_or_4d_input():
    # MindSpore 2.10: "For primitive[AdaptiveAvgPool2D], the dim of x must be in [3,4], but got 2."
    with pytest.raises(ValueError, match="adaptive_avg_pool2d"):
        ops.adaptive_avg_pool2d(ms.Tensor(np.ones((2, 3), np.float32)), 1)
    assert ops.adaptive_avg_pool2d(ms.Tensor(np.ones((2, 3, 4), np.float32)), 1).shape == (2, 1, 1)
