"""Run-time support of MindSpore's hybrid kernel DSL (``ops.operations._ms_kernel``): the NumPy helpers a
hybrid function's intrinsics stand for when it runs as Python (``allocate``, ``rsqrt``, ``erf``, ``grid``,
the ``with`` scope stub). ``kernel``/``ms_kernel`` are ``custom_ops``'s."""
from itertools import product

import numpy

from .custom_ops import kernel, ms_kernel  # noqa: F401 - MindSpore defines them in this module

__all__ = []


def _allocate(shape, dtype="float32", scope="global"):
    """A zero-filled NumPy buffer of ``shape`` and ``dtype`` (``scope`` is the device memory scope; unused)."""
    del scope
    return numpy.zeros(shape).astype(dtype)


def _rsqrt(x):
    """``1 / sqrt(x)`` element-wise, in ``x``'s NumPy dtype."""
    return numpy.ones_like(x) / numpy.sqrt(x)


def _erf(x):
    """erf of a real number by Abramowitz and Stegun's rational approximation 7.1.26 (absolute error below
    1.5e-7), the formula the DSL's ``erf`` intrinsic uses."""
    sign = 1 if x >= 0 else -1
    x = numpy.abs(x)
    coeffs = (1.061405429, -1.453152027, 1.421413741, -0.284496736, 0.254829592)
    t = 1.0 / (1.0 + 0.3275911 * x)
    poly = 0.0
    for c in coeffs:  # Horner: ((((a5 t + a4) t + a3) t + a2) t + a1) t
        poly = (poly + c) * t
    return sign * (1.0 - poly * numpy.exp(-x * x))


def _grid(extents):
    """Every index tuple of a loop nest with ``extents`` (``itertools.product`` of the ranges)."""
    return product(*[list(range(ext)) for ext in extents])


class WithStub:
    """The object a hybrid kernel's ``with`` scope intrinsics return when it runs as Python: entering, leaving
    and calling it all give the stub itself."""

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc_value, exc_traceback):
        del exc_type, exc_value, exc_traceback
        return self

    def __call__(self, *arg, **kwargs):
        return self
