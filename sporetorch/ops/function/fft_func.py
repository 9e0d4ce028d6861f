"""Fast Fourier transforms (``mindspore.ops`` fft functions) on ``torch.fft``."""
import torch

from ...common.tensor import _wrap
from ..._device import default_device
from ._utils import _float_of, _guard_module, _tdtype

__all__ = ["fft", "fft2", "fftn", "ifft", "ifft2", "ifftn", "rfft", "rfft2", "rfftn", "irfft", "irfft2", "irfftn",
           "hfft", "hfft2", "hfftn", "ihfft", "ihfft2", "ihfftn", "fftshift", "ifftshift", "fftfreq", "rfftfreq"]


def _one(fn):
    def op(input, n=None, dim=-1, norm=None):
        return _wrap(fn(_float_of(input._t), n, dim, norm).resolve_conj())
    op.__name__ = op.__qualname__ = fn.__name__
    op.__doc__ = f"``torch.fft.{fn.__name__}`` over one axis (``mindspore.ops.{fn.__name__}``)."
    return op


def _two(fn):
    def op(input, s=None, dim=(-2, -1), norm=None):
        return _wrap(fn(_float_of(input._t), s, dim, norm).resolve_conj())
    op.__name__ = op.__qualname__ = fn.__name__
    op.__doc__ = f"``torch.fft.{fn.__name__}`` over two axes (``mindspore.ops.{fn.__name__}``)."
    return op


def _many(fn):
    def op(input, s=None, dim=None, norm=None):
        return _wrap(fn(_float_of(input._t), s, dim, norm).resolve_conj())
    op.__name__ = op.__qualname__ = fn.__name__
    op.__doc__ = f"``torch.fft.{fn.__name__}`` over several axes (``mindspore.ops.{fn.__name__}``)."
    return op


fft, ifft, rfft, irfft, hfft, ihfft = (_one(f) for f in (torch.fft.fft, torch.fft.ifft, torch.fft.rfft,
                                                           torch.fft.irfft, torch.fft.hfft, torch.fft.ihfft))
fft2, ifft2, rfft2, irfft2, hfft2, ihfft2 = (_two(f) for f in (torch.fft.fft2, torch.fft.ifft2, torch.fft.rfft2,
                                                                 torch.fft.irfft2, torch.fft.hfft2, torch.fft.ihfft2))
fftn, ifftn, rfftn, irfftn, hfftn, ihfftn = (_many(f) for f in (torch.fft.fftn, torch.fft.ifftn, torch.fft.rfftn,
                                                                  torch.fft.irfftn, torch.fft.hfftn, torch.fft.ihfftn))


def fftshift(input, dim=None):
    """Shift the zero frequency to the centre."""
    return _wrap(torch.fft.fftshift(input._t, dim))


def ifftshift(input, dim=None):
    """Inverse of :func:`fftshift`."""
    return _wrap(torch.fft.ifftshift(input._t, dim))


def fftfreq(n, d=1.0, dtype=None):
    """Sample frequencies of an ``n``-point FFT."""
    return _wrap(torch.fft.fftfreq(n, d, dtype=_tdtype(dtype) or torch.float32, device=default_device()))


def rfftfreq(n, d=1.0, dtype=None):
    """Sample frequencies of an ``n``-point real FFT."""
    return _wrap(torch.fft.rfftfreq(n, d, dtype=_tdtype(dtype) or torch.float32, device=default_device()))


_guard_module(globals(), __all__)
