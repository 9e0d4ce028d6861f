"""``mindspore.numpy.fft``: the discrete Fourier transforms with numpy's argument names,
calling the ``ops`` FFTs (as MindSpore does)."""
from .. import ops

__all__ = ["fft", "ifft", "fft2", "ifft2", "fftn", "ifftn", "rfft", "irfft", "rfft2", "irfft2", "rfftn", "irfftn",
           "hfft", "ihfft", "hfft2", "ihfft2", "hfftn", "ihfftn", "fftshift", "ifftshift", "fftfreq", "rfftfreq"]


def fftshift(x, axes=None):
    """Shift the zero-frequency term to the centre."""
    return ops.fftshift(x, axes)


def ifftshift(x, axes=None):
    """The inverse of :func:`fftshift`."""
    return ops.ifftshift(x, axes)


def fft(a, n=None, axis=-1, norm=None):
    """``ops.fft`` along ``axis``."""
    return ops.fft(a, n, axis, norm)


def ifft(a, n=None, axis=-1, norm=None):
    """``ops.ifft`` along ``axis``."""
    return ops.ifft(a, n, axis, norm)


def rfft(a, n=None, axis=-1, norm=None):
    """``ops.rfft`` along ``axis``."""
    return ops.rfft(a, n, axis, norm)


def irfft(a, n=None, axis=-1, norm=None):
    """``ops.irfft`` along ``axis``."""
    return ops.irfft(a, n, axis, norm)


def hfft(a, n=None, axis=-1, norm=None):
    """``ops.hfft`` along ``axis``."""
    return ops.hfft(a, n, axis, norm)


def ihfft(a, n=None, axis=-1, norm=None):
    """``ops.ihfft`` along ``axis``."""
    return ops.ihfft(a, n, axis, norm)


def fft2(a, s=None, axes=(-2, -1), norm=None):
    """``ops.fft2`` over ``axes``."""
    return ops.fft2(a, s, axes, norm)


def ifft2(a, s=None, axes=(-2, -1), norm=None):
    """``ops.ifft2`` over ``axes``."""
    return ops.ifft2(a, s, axes, norm)


def rfft2(a, s=None, axes=(-2, -1), norm=None):
    """``ops.rfft2`` over ``axes``."""
    return ops.rfft2(a, s, axes, norm)


def irfft2(a, s=None, axes=(-2, -1), norm=None):
    """``ops.irfft2`` over ``axes``."""
    return ops.irfft2(a, s, axes, norm)


def hfft2(a, s=None, axes=(-2, -1), norm=None):
    """``ops.hfft2`` over ``axes``."""
    return ops.hfft2(a, s, axes, norm)


def ihfft2(a, s=None, axes=(-2, -1), norm=None):
    """``ops.ihfft2`` over ``axes``."""
    return ops.ihfft2(a, s, axes, norm)


def fftn(a, s=None, axes=None, norm=None):
    """``ops.fftn`` over ``axes`` (all axes when None)."""
    return ops.fftn(a, s, axes, norm)


def ifftn(a, s=None, axes=None, norm=None):
    """``ops.ifftn`` over ``axes`` (all axes when None)."""
    return ops.ifftn(a, s, axes, norm)


def rfftn(a, s=None, axes=None, norm=None):
    """``ops.rfftn`` over ``axes`` (all axes when None)."""
    return ops.rfftn(a, s, axes, norm)


def irfftn(a, s=None, axes=None, norm=None):
    """``ops.irfftn`` over ``axes`` (all axes when None)."""
    return ops.irfftn(a, s, axes, norm)


def hfftn(a, s=None, axes=None, norm=None):
    """``ops.hfftn`` over ``axes`` (all axes when None)."""
    return ops.hfftn(a, s, axes, norm)


def ihfftn(a, s=None, axes=None, norm=None):
    """``ops.ihfftn`` over ``axes`` (all axes when None)."""
    return ops.ihfftn(a, s, axes, norm)


def fftfreq(n, d=1.0, dtype=None):
    """The sample frequencies of :func:`fft` (float32 by default)."""
    return ops.fftfreq(n, d, dtype)


def rfftfreq(n, d=1.0, dtype=None):
    """The sample frequencies of :func:`rfft` (float32 by default)."""
    return ops.rfftfreq(n, d, dtype)
