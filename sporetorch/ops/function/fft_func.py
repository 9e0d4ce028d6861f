"""Fast Fourier transforms (``mindspore.ops`` fft functions) on ``torch.fft``."""
import torch

from ..._device import default_device
from ...common.tensor import Tensor, _wrap
from ._dtype_table import FFT_ANY, FFT_REAL, apply_dtype_table
from ._utils import _desc, _float_of, _guard_module, _tdtype

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
        if input._t.dim() == 0:
            raise ValueError(f"For '{fn.__name__}', the rank of 'input' must be in [1, 8], but got a 0-D Tensor")
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
    """Shift the zero frequency to the centre (a 0-D input is returned as it is)."""
    if input._t.dim() == 0:
        return _wrap(input._t.clone())
    return _wrap(torch.fft.fftshift(input._t, dim))


def ifftshift(input, dim=None):
    """Inverse of :func:`fftshift` (a 0-D input is returned as it is)."""
    if input._t.dim() == 0:
        return _wrap(input._t.clone())
    return _wrap(torch.fft.ifftshift(input._t, dim))


def _count(op, n):
    """The int ``n``: a 0-D integer Tensor holds it; another Tensor rank is a ValueError and another dtype a
    TypeError, as in MindSpore."""
    if isinstance(n, Tensor):
        if n._t.dim() != 0:
            raise ValueError(f"For '{op}', the 'n' must be an int or a 0-D Tensor, but got {_desc(n)}")
        if n._t.is_floating_point() or n._t.is_complex() or n._t.dtype == torch.bool:
            raise TypeError(f"For '{op}', the 'n' must be an int or an integer 0-D Tensor, but got {_desc(n)}")
        return int(n._t.item())
    return n


def fftfreq(n, d=1.0, dtype=None):
    """Sample frequencies of an ``n``-point FFT."""
    n = _count("fftfreq", n)
    return _wrap(torch.fft.fftfreq(n, d, dtype=_tdtype(dtype) or torch.float32, device=default_device()))


def rfftfreq(n, d=1.0, dtype=None):
    """Sample frequencies of an ``n``-point real FFT."""
    n = _count("rfftfreq", n)
    return _wrap(torch.fft.rfftfreq(n, d, dtype=_tdtype(dtype) or torch.float32, device=default_device()))


# The maths of Primitives that have no functional op in MindSpore 2.10 (their classes in ops/operations
# adapt the attributes and call these; not exported).
def fft_with_size(x, *, real, inverse, onesided, signal_ndim, signal_sizes, norm):
    """``FFTWithSize``: (Inverse) FFT over the last ``signal_ndim`` axes, complex or real (``rfft``/``irfft``)."""
    dims = tuple(range(-signal_ndim, 0))
    t = x._t
    if real and not inverse:
        fn = torch.fft.rfftn if onesided else torch.fft.fftn
        return _wrap(fn(t, dim=dims, norm=norm))
    if real:
        sizes = tuple(signal_sizes) or None
        return _wrap(torch.fft.irfftn(t, s=sizes, dim=dims, norm=norm))
    fn = torch.fft.ifftn if inverse else torch.fft.fftn
    return _wrap(fn(t, dim=dims, norm=norm))


_guard_module(globals(), __all__)

# MindSpore 2.10's FFT kernels take int16/int32/int64, float and (for the complex transforms) complex
# inputs; Bool is refused.
apply_dtype_table(globals(), {
    **{name: {"input": FFT_ANY} for name in ("fft", "fft2", "fftn", "ifft", "ifft2", "ifftn", "hfft", "hfft2",
                                             "hfftn", "irfft", "irfft2", "irfftn")},
    **{name: {"input": FFT_REAL} for name in ("rfft", "rfft2", "rfftn", "ihfft", "ihfft2", "ihfftn")},
})
