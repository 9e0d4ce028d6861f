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


def _dct_matrix(n, dtype):
    """The orthonormal DCT-II matrix ``C[k, j] = sqrt(2 / n) cos(pi k (2 j + 1) / (2 n))`` (row 0 scaled by
    ``1 / sqrt(2)``); its transpose is the orthonormal DCT-III, the inverse."""
    k = torch.arange(n, dtype=torch.float64).unsqueeze(1)
    j = torch.arange(n, dtype=torch.float64).unsqueeze(0)
    c = torch.cos(torch.pi * k * (2 * j + 1) / (2 * n)) * (2.0 / n) ** 0.5
    c[0] /= 2 ** 0.5
    return c.to(dtype)


def _dct_along(op, t, n, axis, inverse):
    if n is not None:
        if n < 1:
            raise ValueError(f"For '{op}', 'n' must be at least 1, but got {n}")
        size = t.shape[axis]
        t = t.narrow(axis, 0, min(n, size))
        if n > size:
            pad = [0, 0] * (t.dim() - 1 - axis % t.dim()) + [0, n - size]
            t = torch.nn.functional.pad(t, pad)
    matrix = _dct_matrix(t.shape[axis], t.real.dtype if t.is_complex() else t.dtype)
    if inverse:
        matrix = matrix.T
    moved = t.movedim(axis, -1)
    out = moved @ (matrix.T.to(t.dtype))
    return out.movedim(-1, axis)


def _dct_checks(op, x, type, norm):
    if not isinstance(x, Tensor):
        raise TypeError(f"For '{op}', 'x' must be a Tensor, but got {type(x).__name__}")
    if type != 2:
        raise ValueError(f"For '{op}', only 'type' 2 is supported, but got {type}")
    if norm not in (None, "ortho"):
        raise ValueError(f"For '{op}', only 'norm' 'ortho' is supported, but got {norm!r}")
    t = x._t
    return t if t.is_floating_point() or t.is_complex() else t.to(torch.float32)


def _dct(x, type=2, n=None, axis=-1, norm=None):
    """(Private: MindSpore 2.10's ``ops.function.fft_func`` has no such name; ``ops.auto_generate``'s ``DCT``
    stands on it.) Orthonormal DCT-II of ``x`` along ``axis`` (MindSpore's ``DCT``: only type 2 and the 'ortho' norm,
    which ``None`` means); ``n`` truncates or zero-pads that axis first."""
    t = _dct_checks("dct", x, type, norm)
    return _wrap(_dct_along("dct", t, n, axis, inverse=False))


def _idct(x, type=2, n=None, axis=-1, norm=None):
    """Inverse of ``dct`` (the orthonormal DCT-III) along ``axis``."""
    t = _dct_checks("idct", x, type, norm)
    return _wrap(_dct_along("idct", t, n, axis, inverse=True))


def _dct_n(op, x, type, s, axes, norm, inverse):
    t = _dct_checks(op, x, type, norm)
    if axes is None:
        axes = tuple(range(t.dim())) if s is None else tuple(range(t.dim() - len(s), t.dim()))
    sizes = [None] * len(axes) if s is None else list(s)
    for axis, n in zip(axes, sizes):
        t = _dct_along(op, t, n, axis, inverse)
    return _wrap(t)


def _dctn(x, type=2, s=None, axes=None, norm=None):
    """``dct`` over each of ``axes`` (every axis by default); ``s`` gives their lengths."""
    return _dct_n("dctn", x, type, s, axes, norm, inverse=False)


def _idctn(x, type=2, s=None, axes=None, norm=None):
    """Inverse of ``dctn``."""
    return _dct_n("idctn", x, type, s, axes, norm, inverse=True)


def _fft_ortho(input, axes=None, forward=True):
    """Scales ``input`` along each of ``axes`` by the orthonormal DCT-II factors (MindSpore's ``FFTOrtho``):
    ``sqrt(1 / (4 n))`` at index 0 and ``sqrt(1 / (2 n))`` elsewhere, or their inverses when not
    ``forward``; no axes leave it unchanged."""
    t = input._t
    for axis in axes or ():
        n = t.shape[axis]
        factors = torch.full((n,), (2.0 * n) ** -0.5, dtype=torch.float64)
        factors[0] = (4.0 * n) ** -0.5
        if not forward:
            factors = 1 / factors
        shape = [1] * t.dim()
        shape[axis] = n
        t = t * factors.to(t.dtype if t.is_floating_point() else torch.float32).reshape(shape)
    return _wrap(t.clone() if t is input._t else t)
