"""Shared helpers for the autodiff tests: torch-backed ops and central finite differences."""
import numpy as np
import torch

import sporetorch as ms
from sporetorch import Tensor


def t64(values):
    return Tensor(np.asarray(values, np.float64))


def sin(x):
    return Tensor.from_torch(torch.sin(x.to_torch()))


def tsum(x):
    return Tensor.from_torch(x.to_torch().sum())


def numeric_grad(f, args, pos, eps=1e-6):
    """Central differences of the scalar sum of ``f(*args)`` with respect to ``args[pos]`` (float64)."""
    def total_at(x):
        a = list(args)
        a[pos] = Tensor(x)
        return _total(f(*a))

    return _central_differences(total_at, args[pos].asnumpy().astype(np.float64), eps)


def numeric_param_grad(f, param, args, eps=1e-6):
    """Central differences of the scalar sum of ``f(*args)`` with respect to a Parameter's values."""
    def total_at(x):
        param.set_data(Tensor(x))
        return _total(f(*args))

    base = param.asnumpy().astype(np.float64).copy()
    g = _central_differences(total_at, base, eps)
    param.set_data(Tensor(base))
    return g


def _central_differences(total_at, base, eps):
    """``d total_at / d base`` by central differences, one element at a time."""
    g = np.zeros_like(base)
    flat = g.reshape(-1)
    for i in range(base.size):
        for sign in (1, -1):
            x = base.copy().reshape(-1)
            x[i] += sign * eps
            flat[i] += sign * total_at(x.reshape(base.shape)) / (2 * eps)
    return g


def _total(out):
    if isinstance(out, (tuple, list)):
        return sum(_total(o) for o in out)
    t = out.to_torch()
    return float(t.double().sum()) if t.is_floating_point() else 0.0


def assert_close(actual, expected, atol=1e-6):
    a = actual.asnumpy() if hasattr(actual, "asnumpy") else np.asarray(actual)
    np.testing.assert_allclose(a, np.asarray(expected), rtol=1e-5, atol=atol)


__all__ = ["ms", "t64", "sin", "tsum", "numeric_grad", "numeric_param_grad", "assert_close"]
