"""Loss-scale unscaling (``optim_func.unscale_and_check_``): its public ops compute what torch's fused
GradScaler kernel computes (the reference, called directly), values and the inf/NaN flag, for every
float dtype."""
import math

import pytest
import torch

from sporetorch.ops.function import optim_func

DTYPES = [torch.float32, torch.float64, torch.float16, torch.bfloat16]


def _grads(dtype, poison=None):
    gen = torch.Generator().manual_seed(0)
    ts = [torch.randn(shape, generator=gen).mul(100).to(dtype) for shape in ((7, 5), (3,), (2, 3, 4), (1,))]
    if poison is not None:
        ts[2].view(-1)[5] = poison
    return ts


def _fused(ts, scale):
    found = torch.zeros(1)
    torch._amp_foreach_non_finite_check_and_unscale_(ts, found, (1.0 / scale.float()).reshape(1))
    return found.reshape(())


def _public(ts, scale):
    inv = (1.0 / scale.float()).reshape(1)
    found = optim_func._any_non_finite(ts)
    optim_func._unscale_(ts, inv)
    return found.float()


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("poison", [None, math.inf, -math.inf, math.nan])
@pytest.mark.parametrize("scale", [1024.0, 3.0, 1.0, 0.3])
def test_public_unscale_matches_the_fused_kernel(dtype, poison, scale):
    scale = torch.tensor(scale)
    a, b = _grads(dtype, poison), _grads(dtype, poison)
    assert _public(a, scale).item() == _fused(b, scale).item() == (0.0 if poison is None else 1.0)
    for x, y in zip(a, b):
        assert x.dtype == dtype
        torch.testing.assert_close(x, y, rtol=0, atol=0, equal_nan=True)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16])
def test_finite_values_whose_sum_overflows_are_not_an_overflow(dtype):
    big = torch.finfo(dtype).max
    ts = [torch.full((8,), big, dtype=dtype), torch.tensor([-big, -big], dtype=dtype)]
    assert _public([t.clone() for t in ts], torch.tensor(2.0)).item() == 0.0
    assert _fused([t.clone() for t in ts], torch.tensor(2.0)).item() == 0.0
