"""Audio transforms (``mindspore.dataset.audio``) on NumPy arrays, computed with torch.

Waveforms are ``<..., time>``, spectrograms ``<..., freq, time>``, and complex spectrograms
``<..., freq, time, 2>`` (real and imaginary parts last), as in MindSpore. Results keep
a floating input's dtype (float32 otherwise). The formulas are the standard ones MindSpore
follows (torchaudio's and SoX's definitions); see tests/dataset/test_audio.py for the
recorded MindSpore 2.10 outputs they match.
"""
import math
import numbers

import numpy as np
import torch

from ..core import config
from ..transforms.transforms import TensorOperation, _Seeded
from . import _filters
from .utils import (BorderType, DensityFunction, FadeShape, GainType, Interpolation, MelType, Modulation, NormMode,
                    NormType, ResampleMethod, ScaleType, WindowType, create_dct, linear_fbanks, melscale_fbanks)


class AudioTensorOperation(TensorOperation):
    """Base class of the audio transforms."""


def _wave(op, x, min_dim=1):
    x = np.asarray(x)
    if x.ndim < min_dim:
        raise RuntimeError(f"For '{op}', the input must have at least {min_dim} dimension(s), but got shape {x.shape}")
    if x.dtype.kind not in "fiu":
        raise RuntimeError(f"For '{op}', the input must be numeric, but got dtype {x.dtype}")
    return x


def _out_dtype(x):
    return x.dtype if x.dtype.kind == "f" else np.dtype(np.float32)


def _finish(values, x):
    if isinstance(values, torch.Tensor):
        values = values.numpy()
    return np.asarray(values).astype(_out_dtype(x))


def _check(op, name, value, low=None, high=None, integer=False):
    kinds = numbers.Integral if integer else numbers.Real
    if isinstance(value, bool) or not isinstance(value, kinds):
        raise TypeError(f"For '{op}', '{name}' must be {'an int' if integer else 'a number'}, but got {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise ValueError(f"For '{op}', '{name}' must be in [{low}, {high}], but got {value}")
    return value


# ---------------------------------------------------------------- spectral


def _window(kind, length):
    kind = WindowType(kind)
    if kind == WindowType.HANN:
        return torch.hann_window(length, dtype=torch.float64)
    if kind == WindowType.HAMMING:
        return torch.hamming_window(length, dtype=torch.float64)
    if kind == WindowType.BLACKMAN:
        return torch.blackman_window(length, dtype=torch.float64)
    if kind == WindowType.BARTLETT:
        return torch.bartlett_window(length, dtype=torch.float64)
    return torch.kaiser_window(length, True, 12.0, dtype=torch.float64)


_NP_PAD = {BorderType.CONSTANT: "constant", BorderType.EDGE: "edge", BorderType.REFLECT: "reflect",
           BorderType.SYMMETRIC: "symmetric"}


def _stft(x, n_fft, win_length, hop_length, pad, window, normalized, center, pad_mode, onesided):
    """Complex STFT (torch complex128) of ``x`` (<..., time>) → <..., freq, frames>."""
    x = np.asarray(x, np.float64)
    if pad:
        x = np.pad(x, [(0, 0)] * (x.ndim - 1) + [(pad, pad)])
    shape = x.shape
    flat = x.reshape(-1, shape[-1])
    if center:
        flat = np.pad(flat, ((0, 0), (n_fft // 2, n_fft // 2)), mode=_NP_PAD[BorderType(pad_mode)])
    win = _window(window, win_length)
    spec = torch.stft(torch.from_numpy(np.ascontiguousarray(flat)), n_fft, hop_length, win_length, win, center=False,
                      normalized=False, onesided=onesided, return_complex=True)
    if normalized:
        spec = spec / win.pow(2).sum().sqrt()
    return spec.reshape(shape[:-1] + spec.shape[-2:])


class Spectrogram(AudioTensorOperation):
    """``|STFT|^power`` of a waveform <..., time> → <..., freq, frames>.

    Args:
        n_fft (int): FFT size. win_length (int): window size (default n_fft). hop_length (int): default win_length // 2.
        pad (int): zeros added on both sides first. window (WindowType): default HANN.
        power (float): exponent of the magnitude. normalized (bool): divide by the window's L2 norm.
        center (bool): pad n_fft // 2 on both sides with ``pad_mode``. onesided (bool): only non-negative frequencies.
    """

    def __init__(self, n_fft=400, win_length=None, hop_length=None, pad=0, window=WindowType.HANN, power=2.0,
                 normalized=False, center=True, pad_mode=BorderType.REFLECT, onesided=True):
        op = type(self).__name__
        self.n_fft = _check(op, "n_fft", n_fft, 1, integer=True)
        self.win_length = n_fft if win_length is None else _check(op, "win_length", win_length, 1, n_fft, True)
        self.hop_length = self.win_length // 2 if hop_length is None else _check(op, "hop_length", hop_length, 1,
                                                                                 integer=True)
        self.pad = _check(op, "pad", pad, 0, integer=True)
        self.window = WindowType(window)
        self.power = _check(op, "power", power, 0)
        self.normalized = bool(normalized)
        self.center = bool(center)
        self.pad_mode = BorderType(pad_mode)
        self.onesided = bool(onesided)

    def _spec(self, x):
        return _stft(x, self.n_fft, self.win_length, self.hop_length, self.pad, self.window, self.normalized,
                     self.center, self.pad_mode, self.onesided)

    def _apply(self, x):
        x = _wave(type(self).__name__, x)
        return _finish(self._spec(x).abs().pow(self.power), x)


def _to_complex(x):
    x = torch.from_numpy(np.asarray(x, np.float64))
    return torch.complex(x[..., 0], x[..., 1])


def _from_complex(z):
    return torch.stack([z.real, z.imag], dim=-1)


def _check_complex(op, x):
    x = np.asarray(x)
    if x.ndim < 1 or x.shape[-1] != 2:
        raise RuntimeError(f"For '{op}', the input must be a complex tensor <..., 2>, but got shape {x.shape}")
    return x


class InverseSpectrogram(AudioTensorOperation):
    """Inverse STFT of a complex spectrogram <..., freq, frames, 2> → <..., time>."""

    def __init__(self, length=None, n_fft=400, win_length=None, hop_length=None, pad=0, window=WindowType.HANN,
                 normalized=False, center=True, pad_mode=BorderType.REFLECT, onesided=True):
        self.length = length
        self.n_fft = n_fft
        self.win_length = n_fft if win_length is None else win_length
        self.hop_length = self.win_length // 2 if hop_length is None else hop_length
        self.pad = pad
        self.window = WindowType(window)
        self.normalized = bool(normalized)
        self.center = bool(center)
        self.pad_mode = BorderType(pad_mode)
        self.onesided = bool(onesided)

    def _apply(self, x):
        x = _check_complex("InverseSpectrogram", x)
        z = _to_complex(x)
        shape = z.shape
        z = z.reshape(-1, shape[-2], shape[-1])
        win = _window(self.window, self.win_length)
        if self.normalized:
            z = z * win.pow(2).sum().sqrt()
        length = None if self.length is None else self.length + 2 * self.pad
        wave = torch.istft(z, self.n_fft, self.hop_length, self.win_length, win, center=self.center,
                           normalized=False, onesided=self.onesided, length=length)
        if self.pad > 0:
            wave = wave[..., self.pad:-self.pad]
        return _finish(wave.reshape(shape[:-2] + wave.shape[-1:]), x)


class MelScale(AudioTensorOperation):
    """Project a spectrogram <..., n_stft, time> onto ``n_mels`` triangular mel filters."""

    def __init__(self, n_mels=128, sample_rate=16000, f_min=0.0, f_max=None, n_stft=201, norm=NormType.NONE,
                 mel_type=MelType.HTK):
        self.n_mels, self.sample_rate, self.f_min = n_mels, sample_rate, f_min
        self.f_max = float(sample_rate // 2) if f_max is None else f_max
        self.n_stft = n_stft
        self.norm, self.mel_type = NormType(norm), MelType(mel_type)
        self._fb = melscale_fbanks(n_stft, f_min, self.f_max, n_mels, sample_rate, self.norm, self.mel_type)

    def _apply(self, x):
        x = _wave("MelScale", x, 2)
        if x.shape[-2] != self.n_stft:
            raise RuntimeError(f"For 'MelScale', the input has {x.shape[-2]} frequency bins, expected {self.n_stft}")
        return _finish(np.matmul(np.swapaxes(x.astype(np.float64), -1, -2), self._fb.astype(np.float64))
                       .swapaxes(-1, -2), x)


class InverseMelScale(AudioTensorOperation):
    """Recover a linear spectrogram <..., n_stft, time> from a mel one by non-negative least squares.

    Differences from MindSpore: solved with projected gradient descent in closed-form steps
    (MindSpore runs SGD), so results agree only approximately.
    """

    def __init__(self, n_stft, n_mels=128, sample_rate=16000, f_min=0.0, f_max=None, max_iter=100000,
                 tolerance_loss=1e-5, tolerance_change=1e-8, sgdargs=None, norm=NormType.NONE, mel_type=MelType.HTK):
        self.n_stft, self.n_mels = n_stft, n_mels
        self.max_iter, self.tolerance_loss, self.tolerance_change = max_iter, tolerance_loss, tolerance_change
        f_max = float(sample_rate // 2) if f_max is None else f_max
        self._fb = melscale_fbanks(n_stft, f_min, f_max, n_mels, sample_rate, NormType(norm), MelType(mel_type))

    def _apply(self, x):
        x = _wave("InverseMelScale", x, 2)
        fb = torch.from_numpy(self._fb.astype(np.float64))
        mel = torch.from_numpy(x.astype(np.float64))
        # min ||fb^T S - mel||² subject to S >= 0, by projected gradient steps of size 1/L.
        step = 1.0 / max(float(torch.linalg.matrix_norm(fb, 2) ** 2), 1e-12)
        spec = torch.zeros(mel.shape[:-2] + (self.n_stft, mel.shape[-1]), dtype=torch.float64)
        for _ in range(min(self.max_iter, 1000)):
            grad = fb @ (fb.T @ spec - mel)
            new = (spec - step * grad).clamp_(min=0)
            if (new - spec).abs().max() < self.tolerance_change:
                spec = new
                break
            spec = new
        return _finish(spec, x)


class MelSpectrogram(Spectrogram):
    """``MelScale`` of a ``Spectrogram``: <..., time> → <..., n_mels, frames>."""

    def __init__(self, sample_rate=16000, n_fft=400, win_length=None, hop_length=None, f_min=0.0, f_max=None, pad=0,
                 n_mels=128, window=WindowType.HANN, power=2.0, normalized=False, center=True,
                 pad_mode=BorderType.REFLECT, onesided=True, norm=NormType.NONE, mel_scale=MelType.HTK):
        super().__init__(n_fft, win_length, hop_length, pad, window, power, normalized, center, pad_mode, onesided)
        self.sample_rate, self.f_min, self.f_max, self.n_mels = sample_rate, f_min, f_max, n_mels
        self._mel = MelScale(n_mels, sample_rate, f_min, f_max, n_fft // 2 + 1, norm, mel_scale)

    def _apply(self, x):
        x = _wave("MelSpectrogram", x)
        spec = self._spec(x).abs().pow(self.power).numpy()
        return _finish(self._mel._apply(spec), x)


def _amplitude_to_db(x, multiplier, amin, db_multiplier, top_db):
    x_db = multiplier * np.log10(np.maximum(x, amin)) - multiplier * db_multiplier
    if top_db is not None:
        x_db = np.maximum(x_db, x_db.max() - top_db)
    return x_db


class AmplitudeToDB(AudioTensorOperation):
    """``10·log10`` (power) or ``20·log10`` (magnitude) relative to ``ref_value``, floored at max - ``top_db``."""

    def __init__(self, stype=ScaleType.POWER, ref_value=1.0, amin=1e-10, top_db=80.0):
        self.stype = ScaleType(stype)
        self.ref_value = _check("AmplitudeToDB", "ref_value", ref_value, 0)
        self.amin = _check("AmplitudeToDB", "amin", amin, 0)
        self.top_db = top_db

    def _apply(self, x):
        x = _wave("AmplitudeToDB", x)
        multiplier = 10.0 if self.stype == ScaleType.POWER else 20.0
        db_multiplier = math.log10(max(self.amin, self.ref_value))
        return _finish(_amplitude_to_db(x.astype(np.float64), multiplier, self.amin, db_multiplier, self.top_db), x)


class DBToAmplitude(AudioTensorOperation):
    """``ref * (10 ** (x / 10)) ** power``."""

    def __init__(self, ref, power):
        self.ref = _check("DBToAmplitude", "ref", ref)
        self.power = _check("DBToAmplitude", "power", power)

    def _apply(self, x):
        x = _wave("DBToAmplitude", x)
        return _finish(self.ref * np.power(np.power(10.0, x.astype(np.float64) * 0.1), self.power), x)


class MFCC(AudioTensorOperation):
    """Mel-frequency cepstral coefficients: DCT of the (dB or log) mel spectrogram."""

    def __init__(self, sample_rate=16000, n_mfcc=40, dct_type=2, norm=NormMode.ORTHO, log_mels=False, melkwargs=None):
        if dct_type != 2:
            raise ValueError(f"For 'MFCC', only DCT type 2 is supported, but got {dct_type}")
        self.sample_rate, self.n_mfcc, self.dct_type = sample_rate, n_mfcc, dct_type
        self.norm, self.log_mels = NormMode(norm), bool(log_mels)
        kwargs = dict(melkwargs or {})
        self._mel = MelSpectrogram(sample_rate=sample_rate, **kwargs)
        if n_mfcc > self._mel.n_mels:
            raise ValueError(f"For 'MFCC', 'n_mfcc' ({n_mfcc}) must not exceed n_mels ({self._mel.n_mels})")
        self._dct = create_dct(n_mfcc, self._mel.n_mels, self.norm).astype(np.float64)

    def _apply(self, x):
        x = _wave("MFCC", x)
        mel = self._mel._apply(x.astype(np.float64))
        mel = np.log(mel + 1e-6) if self.log_mels else _amplitude_to_db(mel, 10.0, 1e-10, 0.0, 80.0)
        return _finish(np.matmul(np.swapaxes(mel, -1, -2), self._dct).swapaxes(-1, -2), x)


class LFCC(AudioTensorOperation):
    """Linear-frequency cepstral coefficients: DCT of the (dB or log) linear-filtered spectrogram."""

    def __init__(self, sample_rate=16000, n_filter=128, n_lfcc=40, f_min=0.0, f_max=None, dct_type=2,
                 norm=NormMode.ORTHO, log_lf=False, speckwargs=None):
        if dct_type != 2:
            raise ValueError(f"For 'LFCC', only DCT type 2 is supported, but got {dct_type}")
        self.sample_rate, self.n_filter, self.n_lfcc = sample_rate, n_filter, n_lfcc
        self.f_min = f_min
        self.f_max = float(sample_rate // 2) if f_max is None else f_max
        self.log_lf = bool(log_lf)
        self._spec = Spectrogram(**dict(speckwargs or {}))
        self._fb = linear_fbanks(self._spec.n_fft // 2 + 1, f_min, self.f_max, n_filter, sample_rate).astype(np.float64)
        self._dct = create_dct(n_lfcc, n_filter, NormMode(norm)).astype(np.float64)

    def _apply(self, x):
        x = _wave("LFCC", x)
        spec = self._spec._spec(x).abs().pow(self._spec.power).numpy()
        lin = np.matmul(np.swapaxes(spec, -1, -2), self._fb)
        lin = np.log(lin + 1e-6) if self.log_lf else _amplitude_to_db(lin, 10.0, 1e-10, 0.0, 80.0)
        return _finish(np.matmul(lin, self._dct).swapaxes(-1, -2), x)


class SpectralCentroid(Spectrogram):
    """The magnitude-weighted mean frequency of each frame: <..., time> → <..., 1, frames>."""

    def __init__(self, sample_rate, n_fft=400, win_length=None, hop_length=None, pad=0, window=WindowType.HANN):
        super().__init__(n_fft, win_length, hop_length, pad, window, power=1.0)
        self.sample_rate = sample_rate

    def _apply(self, x):
        x = _wave("SpectralCentroid", x)
        spec = self._spec(x).abs().numpy()
        freqs = np.linspace(0, self.sample_rate // 2, 1 + self.n_fft // 2)[:, None]
        return _finish((freqs * spec).sum(axis=-2, keepdims=True) / spec.sum(axis=-2, keepdims=True), x)


class Angle(AudioTensorOperation):
    """The phase ``atan2(imag, real)`` of a complex tensor <..., 2>."""

    def _apply(self, x):
        x = _check_complex("Angle", x)
        return _finish(np.arctan2(x[..., 1].astype(np.float64), x[..., 0]), x)


class ComplexNorm(AudioTensorOperation):
    """``|z| ** power`` of a complex tensor <..., 2>."""

    def __init__(self, power=1.0):
        self.power = _check("ComplexNorm", "power", power, 0)

    def _apply(self, x):
        x = _check_complex("ComplexNorm", x)
        z = x.astype(np.float64)
        return _finish(np.power(z[..., 0] ** 2 + z[..., 1] ** 2, 0.5 * self.power), x)


class Magphase(AudioTensorOperation):
    """``(|z| ** power, angle(z))`` of a complex tensor <..., 2>."""

    def __init__(self, power=1.0):
        self.power = _check("Magphase", "power", power, 0)

    def _apply(self, x):
        return ComplexNorm(self.power)._apply(x), Angle()._apply(x)


def _phase_vocoder(z, rate, phase_advance):
    """Stretch a complex spectrogram <..., freq, time> in time by ``1 / rate``."""
    steps = torch.arange(0, z.shape[-1], rate, dtype=torch.float64)
    alphas = steps % 1.0
    phase_0 = z[..., :1].angle()
    z = torch.nn.functional.pad(z, [0, 2])
    z0 = z.index_select(-1, steps.long())
    z1 = z.index_select(-1, (steps + 1).long())
    phase = z1.angle() - z0.angle() - phase_advance
    phase = phase - 2 * math.pi * torch.round(phase / (2 * math.pi))
    phase = torch.cat([phase_0, (phase + phase_advance)[..., :-1]], dim=-1)
    mag = alphas * z1.abs() + (1 - alphas) * z0.abs()
    return torch.polar(mag, torch.cumsum(phase, -1))


class PhaseVocoder(AudioTensorOperation):
    """Speed a complex spectrogram <..., freq, time, 2> up by ``rate`` without changing pitch."""

    def __init__(self, rate, phase_advance):
        self.rate = _check("PhaseVocoder", "rate", rate)
        if self.rate <= 0:
            raise ValueError(f"For 'PhaseVocoder', 'rate' must be positive, but got {rate}")
        self.phase_advance = np.asarray(phase_advance, np.float64)

    def _apply(self, x):
        x = _check_complex("PhaseVocoder", x)
        z = _phase_vocoder(_to_complex(x), self.rate, torch.from_numpy(self.phase_advance))
        return _finish(_from_complex(z), x)


class TimeStretch(AudioTensorOperation):
    """``PhaseVocoder`` with the phase advance of a hop of ``hop_length`` over ``n_freq`` bins."""

    def __init__(self, hop_length=None, n_freq=201, fixed_rate=None):
        self.n_freq = n_freq
        self.hop_length = (n_freq - 1) if hop_length is None else hop_length
        self.fixed_rate = fixed_rate
        self._advance = torch.linspace(0, math.pi * self.hop_length, n_freq, dtype=torch.float64)[:, None]

    def _apply(self, x):
        x = _check_complex("TimeStretch", x)
        rate = 1.0 if self.fixed_rate is None else self.fixed_rate
        if rate == 1.0:
            return _finish(x, x)
        return _finish(_from_complex(_phase_vocoder(_to_complex(x), rate, self._advance)), x)


class GriffinLim(AudioTensorOperation):
    """Reconstruct a waveform from a magnitude spectrogram <..., freq, time> (Griffin-Lim with momentum)."""

    def __init__(self, n_fft=400, n_iter=32, win_length=None, hop_length=None, window_type=WindowType.HANN,
                 power=2.0, momentum=0.99, length=None, rand_init=True):
        self.n_fft, self.n_iter = n_fft, n_iter
        self.win_length = n_fft if win_length is None else win_length
        self.hop_length = self.win_length // 2 if hop_length is None else hop_length
        self.window_type, self.power, self.momentum = WindowType(window_type), power, momentum
        self.length, self.rand_init = length, bool(rand_init)

    def _apply(self, x):
        x = _wave("GriffinLim", x, 2)
        shape = x.shape
        spec = torch.from_numpy(x.reshape(-1, shape[-2], shape[-1]).astype(np.float64)).pow(1 / self.power)
        win = _window(self.window_type, self.win_length)
        if self.rand_init:
            gen = config._rng(0x6A1F)
            angles = torch.polar(torch.ones_like(spec), torch.from_numpy(gen.uniform(0, 2 * math.pi, spec.shape)))
        else:
            angles = torch.ones_like(spec, dtype=torch.complex128)
        previous = torch.zeros_like(angles)
        for _ in range(self.n_iter):
            wave = torch.istft(spec * angles, self.n_fft, self.hop_length, self.win_length, win, length=self.length)
            rebuilt = torch.stft(wave, self.n_fft, self.hop_length, self.win_length, win, center=True,
                                 pad_mode="reflect", normalized=False, onesided=True, return_complex=True)
            angles = rebuilt - previous * (self.momentum / (1 + self.momentum)) if self.momentum else rebuilt
            angles = angles / (angles.abs() + 1e-16)
            previous = rebuilt
        wave = torch.istft(spec * angles, self.n_fft, self.hop_length, self.win_length, win, length=self.length)
        return _finish(wave.reshape(shape[:-2] + wave.shape[-1:]), x)


def _resample(x, orig_freq, new_freq, method, lowpass_filter_width, rolloff, beta):
    """Band-limited sinc interpolation (Hann or Kaiser window) by the rational factor new/orig."""
    if orig_freq == new_freq:
        return np.asarray(x, np.float64)
    gcd = math.gcd(int(orig_freq), int(new_freq))
    orig, new = int(orig_freq) // gcd, int(new_freq) // gcd
    base_freq = min(orig, new) * rolloff
    width = math.ceil(lowpass_filter_width * orig / base_freq)
    idx = torch.arange(-width, width + orig, dtype=torch.float64)[None, None] / orig
    x = np.asarray(x, np.float64)
    shape = x.shape
    flat = torch.from_numpy(np.ascontiguousarray(x.reshape(-1, shape[-1])))
    target = int(math.ceil(new * shape[-1] / orig))
    # One kernel row per output sample (its phase j % new), applied to the input window of frame j // new:
    # the same result as a strided convolution with all `new` phases, without building unused phases.
    j = torch.arange(target)
    t = (-(j % new).to(torch.float64) / new)[:, None] + idx[0]
    t = (t * base_freq).clamp(-lowpass_filter_width, lowpass_filter_width)
    if method == ResampleMethod.SINC_INTERPOLATION:
        window = torch.cos(t * math.pi / lowpass_filter_width / 2) ** 2
    else:
        beta = 14.769656459379492 if beta is None else beta
        beta_t = torch.tensor(float(beta), dtype=torch.float64)
        window = torch.i0(beta_t * torch.sqrt(1 - (t / lowpass_filter_width) ** 2)) / torch.i0(beta_t)
    t = t * math.pi
    kernel = torch.where(t == 0, torch.ones_like(t), torch.sin(t) / t) * window * (base_freq / orig)
    padded = torch.nn.functional.pad(flat, (width, width + orig))
    positions = (j // new * orig)[:, None] + torch.arange(kernel.shape[1])[None, :]
    out = (padded[:, positions] * kernel).sum(-1)
    return out.reshape(shape[:-1] + out.shape[-1:]).numpy()


class Resample(AudioTensorOperation):
    """Resample a waveform from ``orig_freq`` to ``new_freq`` (windowed-sinc interpolation)."""

    def __init__(self, orig_freq=16000, new_freq=16000, resample_method=ResampleMethod.SINC_INTERPOLATION,
                 lowpass_filter_width=6, rolloff=0.99, beta=None):
        self.orig_freq = _check("Resample", "orig_freq", orig_freq, 0)
        self.new_freq = _check("Resample", "new_freq", new_freq, 0)
        self.resample_method = ResampleMethod(resample_method)
        self.lowpass_filter_width = _check("Resample", "lowpass_filter_width", lowpass_filter_width, 1, integer=True)
        self.rolloff = _check("Resample", "rolloff", rolloff, 0, 1)
        self.beta = beta

    def _apply(self, x):
        x = _wave("Resample", x)
        return _finish(_resample(x, self.orig_freq, self.new_freq, self.resample_method, self.lowpass_filter_width,
                                 self.rolloff, self.beta), x)


class PitchShift(AudioTensorOperation):
    """Shift the pitch by ``n_steps`` of ``bins_per_octave`` (phase vocoder, then resampling)."""

    def __init__(self, sample_rate, n_steps, bins_per_octave=12, n_fft=512, win_length=None, hop_length=None,
                 window=WindowType.HANN):
        self.sample_rate, self.n_steps, self.bins_per_octave, self.n_fft = sample_rate, n_steps, bins_per_octave, n_fft
        self.win_length = n_fft if win_length is None else win_length
        self.hop_length = self.win_length // 4 if hop_length is None else hop_length
        self.window = WindowType(window)

    def _apply(self, x):
        x = _wave("PitchShift", x)
        shape = x.shape
        flat = torch.from_numpy(x.reshape(-1, shape[-1]).astype(np.float64))
        length = shape[-1]
        rate = 2.0 ** (-float(self.n_steps) / self.bins_per_octave)
        win = _window(self.window, self.win_length)
        spec = torch.stft(flat, self.n_fft, self.hop_length, self.win_length, win, center=True, pad_mode="reflect",
                          normalized=False, onesided=True, return_complex=True)
        advance = torch.linspace(0, math.pi * self.hop_length, spec.shape[-2], dtype=torch.float64)[:, None]
        stretched = _phase_vocoder(spec, rate, advance)
        wave = torch.istft(stretched, self.n_fft, self.hop_length, self.win_length, win,
                           length=int(round(length / rate)))
        shifted = _resample(wave.numpy(), int(self.sample_rate / rate), self.sample_rate,
                            ResampleMethod.SINC_INTERPOLATION, 6, 0.99, None)
        if shifted.shape[-1] > length:
            shifted = shifted[..., :length]
        else:
            shifted = np.pad(shifted, ((0, 0), (0, length - shifted.shape[-1])))
        return _finish(shifted.reshape(shape), x)


# ---------------------------------------------------------------- waveform effects


class Gain(AudioTensorOperation):
    """Multiply by ``10 ** (gain_db / 20)``."""

    def __init__(self, gain_db=1.0):
        self.gain_db = _check("Gain", "gain_db", gain_db)

    def _apply(self, x):
        x = _wave("Gain", x)
        return _finish(x.astype(np.float64) * 10 ** (self.gain_db / 20), x)


class Vol(AudioTensorOperation):
    """Scale by an amplitude factor, a power factor or a gain in dB, then clip to [-1, 1]."""

    def __init__(self, gain, gain_type=GainType.AMPLITUDE):
        self.gain = _check("Vol", "gain", gain)
        self.gain_type = GainType(gain_type)
        if self.gain_type != GainType.DB and self.gain < 0:
            raise ValueError(f"For 'Vol', 'gain' must be >= 0 for {self.gain_type.name}, but got {gain}")

    def _apply(self, x):
        x = _wave("Vol", x)
        w = x.astype(np.float64)
        if self.gain_type == GainType.AMPLITUDE:
            out = w * self.gain
        elif self.gain_type == GainType.DB:
            out = w * 10 ** (self.gain / 20)
        else:
            out = w * 10 ** (10 * math.log10(self.gain) / 20)
        return _finish(np.clip(out, -1, 1), x)


class DCShift(AudioTensorOperation):
    """Add ``shift``, limiting the peaks with ``limiter_gain`` instead of clipping them."""

    def __init__(self, shift, limiter_gain=None):
        self.shift = _check("DCShift", "shift", shift, -2.0, 2.0)
        self.limiter_gain = None if limiter_gain is None else _check("DCShift", "limiter_gain", limiter_gain)

    def _apply(self, x):
        x = _wave("DCShift", x)
        w = x.astype(np.float64)
        shift, gain = self.shift, self.limiter_gain
        if gain is None:
            return _finish(np.clip(w + shift, -1, 1), x)
        threshold = 1.0 - (abs(shift) - gain)
        if shift > 0:
            mask = w > threshold
            limited = np.minimum((w - threshold) * gain / (1 - threshold) + threshold + shift, threshold)
        elif shift < 0:
            mask = w < -threshold
            limited = np.maximum((w + threshold) * gain / (1 - threshold) - threshold + shift, -threshold)
        else:
            mask, limited = np.zeros(w.shape, bool), w
        return _finish(np.where(mask, limited, np.clip(w + shift, -1, 1)), x)


class Contrast(AudioTensorOperation):
    """SoX's contrast: ``sin(t + a·sin(4t))`` with ``t = x·π/2`` and ``a = enhancement_amount / 750``."""

    def __init__(self, enhancement_amount=75.0):
        self.enhancement_amount = _check("Contrast", "enhancement_amount", enhancement_amount, 0, 100)

    def _apply(self, x):
        x = _wave("Contrast", x)
        t = x.astype(np.float64) * (math.pi / 2)
        return _finish(np.sin(t + self.enhancement_amount / 750.0 * np.sin(t * 4)), x)


class Overdrive(AudioTensorOperation):
    """SoX's overdrive: soft clipping with ``gain`` (dB) and even harmonics from ``color``, then a DC blocker."""

    def __init__(self, gain=20.0, color=20.0):
        self.gain = _check("Overdrive", "gain", gain, 0, 100)
        self.color = _check("Overdrive", "color", color, 0, 100)

    def _apply(self, x):
        x = _wave("Overdrive", x)
        w = x.astype(np.float64)
        temp = w * 10 ** (self.gain / 20) + self.color / 200
        temp = np.where(temp < -1, -2.0 / 3, np.where(temp > 1, 2.0 / 3, temp - temp ** 3 / 3))
        blocked = _filters.lfilter(temp, [1.0, -0.995], [1.0, -1.0], clamp=False)
        return _finish(np.clip(w * 0.5 + blocked * 0.75, -1, 1), x)


class Fade(AudioTensorOperation):
    """Fade in over the first ``fade_in_len`` samples and out over the last ``fade_out_len``."""

    def __init__(self, fade_in_len=0, fade_out_len=0, fade_shape=FadeShape.LINEAR):
        self.fade_in_len = _check("Fade", "fade_in_len", fade_in_len, 0, integer=True)
        self.fade_out_len = _check("Fade", "fade_out_len", fade_out_len, 0, integer=True)
        self.fade_shape = FadeShape(fade_shape)

    def _curve(self, n, fade_in):
        f = np.linspace(0, 1, n)
        shape = self.fade_shape
        if not fade_in:
            # MindSpore 2.10's exponential curves are f·2^(f-1) in and (1-f)·2^(-f) out (recorded).
            f = {FadeShape.LINEAR: lambda: 1 - f, FadeShape.EXPONENTIAL: lambda: (1 - f) * 2 ** (-f),
                 FadeShape.LOGARITHMIC: lambda: np.log10(1.1 - f) + 1,
                 FadeShape.QUARTER_SINE: lambda: np.sin(f * math.pi / 2 + math.pi / 2),
                 FadeShape.HALF_SINE: lambda: np.sin(f * math.pi + math.pi / 2) / 2 + 0.5}[shape]()
            return f
        return {FadeShape.LINEAR: lambda: f, FadeShape.EXPONENTIAL: lambda: f * 2 ** (f - 1),
                FadeShape.LOGARITHMIC: lambda: np.log10(0.1 + f) + 1,
                FadeShape.QUARTER_SINE: lambda: np.sin(f * math.pi / 2),
                FadeShape.HALF_SINE: lambda: np.sin(f * math.pi - math.pi / 2) / 2 + 0.5}[shape]()

    def _apply(self, x):
        x = _wave("Fade", x)
        n = x.shape[-1]
        if self.fade_in_len > n or self.fade_out_len > n:
            raise RuntimeError(f"For 'Fade', the fade lengths must not exceed the waveform length {n}")
        env = np.ones(n)
        env[:self.fade_in_len] *= self._curve(self.fade_in_len, True)
        env[n - self.fade_out_len:] *= self._curve(self.fade_out_len, False)
        return _finish(x.astype(np.float64) * env, x)


class MuLawEncoding(AudioTensorOperation):
    """μ-law companding to integers in [0, quantization_channels) (int32)."""

    def __init__(self, quantization_channels=256):
        self.quantization_channels = _check("MuLawEncoding", "quantization_channels", quantization_channels, 1,
                                            integer=True)

    def _apply(self, x):
        x = _wave("MuLawEncoding", x).astype(np.float64)
        mu = self.quantization_channels - 1.0
        x_mu = np.sign(x) * np.log1p(mu * np.abs(x)) / math.log1p(mu)
        return ((x_mu + 1) / 2 * mu + 0.5).astype(np.int32)


class MuLawDecoding(AudioTensorOperation):
    """Inverse μ-law: integers in [0, quantization_channels) → waveform in [-1, 1] (float32)."""

    def __init__(self, quantization_channels=256):
        self.quantization_channels = _check("MuLawDecoding", "quantization_channels", quantization_channels, 1,
                                            integer=True)

    def _apply(self, x):
        x = _wave("MuLawDecoding", x)
        mu = self.quantization_channels - 1.0
        y = x.astype(np.float64) / mu * 2 - 1.0
        return _finish(np.sign(y) * (np.exp(np.abs(y) * math.log1p(mu)) - 1.0) / mu, x)


class Dither(_Seeded, AudioTensorOperation):
    """Add noise (TPDF, RPDF or GPDF) at 16-bit resolution before quantising, optionally noise-shaped."""

    _salt_value = 0xD17E

    def __init__(self, density_function=DensityFunction.TPDF, noise_shaping=False):
        self.density_function = DensityFunction(density_function)
        self.noise_shaping = bool(noise_shaping)

    def _apply(self, x):
        x = _wave("Dither", x)
        w = x.astype(np.float64)
        if self.density_function == DensityFunction.TPDF:
            noise = self._rng.triangular(-1, 0, 1, w.shape)
        elif self.density_function == DensityFunction.RPDF:
            noise = self._rng.uniform(-1, 1, w.shape)
        else:
            noise = self._rng.normal(0, 1, w.shape)
        scale = 2 ** 15
        if self.noise_shaping:
            q = np.round(w * scale + noise)
            error = q - w * scale
            shaped = np.round(w * scale + noise - np.concatenate([np.zeros(w.shape[:-1] + (1,)), error[..., :-1]],
                                                                  axis=-1))
            return _finish(shaped / scale, x)
        return _finish(np.round(w * scale + noise) / scale, x)


# ---------------------------------------------------------------- filters


class LFilter(AudioTensorOperation):
    """An IIR filter with denominator ``a_coeffs`` and numerator ``b_coeffs`` (clipped to [-1, 1] if ``clamp``)."""

    def __init__(self, a_coeffs, b_coeffs, clamp=True):
        if len(a_coeffs) != len(b_coeffs) or not len(a_coeffs) or a_coeffs[0] == 0:
            raise ValueError("For 'LFilter', 'a_coeffs' and 'b_coeffs' must have the same length and a_coeffs[0] "
                             f"must be non-zero, but got {a_coeffs!r} and {b_coeffs!r}")
        self.a_coeffs, self.b_coeffs, self.clamp = list(a_coeffs), list(b_coeffs), bool(clamp)

    def _apply(self, x):
        x = _wave(type(self).__name__, x)
        return _finish(_filters.lfilter(x, self.a_coeffs, self.b_coeffs, self.clamp), x)


class Filtfilt(LFilter):
    """``LFilter`` forwards, then backwards (zero phase)."""

    def _apply(self, x):
        x = _wave("Filtfilt", x)
        forward = _filters.lfilter(x, self.a_coeffs, self.b_coeffs, clamp=False)
        out = _filters.lfilter(forward[..., ::-1], self.a_coeffs, self.b_coeffs, self.clamp)[..., ::-1]
        return _finish(out, x)


class _Biquad(AudioTensorOperation):
    def _coeffs(self):
        raise NotImplementedError

    def _apply(self, x):
        x = _wave(type(self).__name__, x)
        b0, b1, b2, a0, a1, a2 = self._coeffs()
        return _finish(_filters.biquad(x, b0, b1, b2, a0, a1, a2), x)


def _sr(op, sample_rate):
    if isinstance(sample_rate, bool) or not isinstance(sample_rate, numbers.Integral) or sample_rate == 0:
        raise ValueError(f"For '{op}', 'sample_rate' must be a non-zero int, but got {sample_rate!r}")
    return int(sample_rate)


class Biquad(_Biquad):
    """A second-order IIR filter from its six coefficients."""

    def __init__(self, b0, b1, b2, a0, a1, a2):
        if a0 == 0:
            raise ValueError("For 'Biquad', 'a0' must be non-zero")
        self.b0, self.b1, self.b2, self.a0, self.a1, self.a2 = b0, b1, b2, a0, a1, a2

    def _coeffs(self):
        return self.b0, self.b1, self.b2, self.a0, self.a1, self.a2


class AllpassBiquad(_Biquad):
    """Two-pole all-pass filter at ``central_freq`` with quality ``Q``."""

    def __init__(self, sample_rate, central_freq, Q=0.707):
        self.sample_rate, self.central_freq, self.Q = _sr("AllpassBiquad", sample_rate), central_freq, Q

    def _coeffs(self):
        return _filters.allpass(self.sample_rate, self.central_freq, self.Q)


class BandBiquad(_Biquad):
    """Two-pole band filter (``noise`` selects the unpitched-audio gain)."""

    def __init__(self, sample_rate, central_freq, Q=0.707, noise=False):
        self.sample_rate, self.central_freq, self.Q = _sr("BandBiquad", sample_rate), central_freq, Q
        self.noise = bool(noise)

    def _coeffs(self):
        return _filters.band(self.sample_rate, self.central_freq, self.Q, self.noise)


class BandpassBiquad(_Biquad):
    """Two-pole band-pass filter (constant skirt gain or constant 0 dB peak gain)."""

    def __init__(self, sample_rate, central_freq, Q=0.707, const_skirt_gain=False):
        self.sample_rate, self.central_freq, self.Q = _sr("BandpassBiquad", sample_rate), central_freq, Q
        self.const_skirt_gain = bool(const_skirt_gain)

    def _coeffs(self):
        return _filters.bandpass(self.sample_rate, self.central_freq, self.Q, self.const_skirt_gain)


class BandrejectBiquad(_Biquad):
    """Two-pole band-reject (notch) filter."""

    def __init__(self, sample_rate, central_freq, Q=0.707):
        self.sample_rate, self.central_freq, self.Q = _sr("BandrejectBiquad", sample_rate), central_freq, Q

    def _coeffs(self):
        return _filters.bandreject(self.sample_rate, self.central_freq, self.Q)


class BassBiquad(_Biquad):
    """Low-shelf filter boosting or cutting by ``gain`` dB below ``central_freq``."""

    def __init__(self, sample_rate, gain, central_freq=100.0, Q=0.707):
        self.sample_rate, self.gain = _sr("BassBiquad", sample_rate), gain
        self.central_freq, self.Q = central_freq, Q

    def _coeffs(self):
        return _filters.bass(self.sample_rate, self.gain, self.central_freq, self.Q)


class TrebleBiquad(_Biquad):
    """High-shelf filter boosting or cutting by ``gain`` dB above ``central_freq``."""

    def __init__(self, sample_rate, gain, central_freq=3000, Q=0.707):
        self.sample_rate, self.gain = _sr("TrebleBiquad", sample_rate), gain
        self.central_freq, self.Q = central_freq, Q

    def _coeffs(self):
        return _filters.treble(self.sample_rate, self.gain, self.central_freq, self.Q)


class DeemphBiquad(_Biquad):
    """The CD de-emphasis filter (44100 or 48000 Hz)."""

    def __init__(self, sample_rate):
        if sample_rate not in (44100, 48000):
            raise ValueError(f"For 'DeemphBiquad', 'sample_rate' must be 44100 or 48000, but got {sample_rate!r}")
        self.sample_rate = sample_rate

    def _coeffs(self):
        return _filters.deemph(self.sample_rate)


class RiaaBiquad(_Biquad):
    """The RIAA vinyl playback equalisation (44100, 48000, 88200 or 96000 Hz)."""

    def __init__(self, sample_rate):
        if sample_rate not in (44100, 48000, 88200, 96000):
            raise ValueError(f"For 'RiaaBiquad', 'sample_rate' must be 44100, 48000, 88200 or 96000, "
                             f"but got {sample_rate!r}")
        self.sample_rate = sample_rate

    def _coeffs(self):
        return _filters.riaa(self.sample_rate)


class EqualizerBiquad(_Biquad):
    """Peaking equaliser: ``gain`` dB at ``center_freq``."""

    def __init__(self, sample_rate, center_freq, gain, Q=0.707):
        self.sample_rate, self.center_freq = _sr("EqualizerBiquad", sample_rate), center_freq
        self.gain, self.Q = gain, Q

    def _coeffs(self):
        return _filters.equalizer(self.sample_rate, self.center_freq, self.gain, self.Q)


class HighpassBiquad(_Biquad):
    """Two-pole high-pass filter."""

    def __init__(self, sample_rate, cutoff_freq, Q=0.707):
        self.sample_rate, self.cutoff_freq, self.Q = _sr("HighpassBiquad", sample_rate), cutoff_freq, Q

    def _coeffs(self):
        return _filters.highpass(self.sample_rate, self.cutoff_freq, self.Q)


class LowpassBiquad(_Biquad):
    """Two-pole low-pass filter."""

    def __init__(self, sample_rate, cutoff_freq, Q=0.707):
        self.sample_rate, self.cutoff_freq, self.Q = _sr("LowpassBiquad", sample_rate), cutoff_freq, Q

    def _coeffs(self):
        return _filters.lowpass(self.sample_rate, self.cutoff_freq, self.Q)


# ---------------------------------------------------------------- spectrogram editing


class ComputeDeltas(AudioTensorOperation):
    """Delta coefficients along time: a regression over ``win_length`` frames, edges padded by ``pad_mode``."""

    def __init__(self, win_length=5, pad_mode=BorderType.EDGE):
        self.win_length = _check("ComputeDeltas", "win_length", win_length, 3, integer=True)
        self.pad_mode = BorderType(pad_mode)

    def _apply(self, x):
        x = _wave("ComputeDeltas", x, 2)
        n = (self.win_length - 1) // 2
        denom = n * (n + 1) * (2 * n + 1) / 3
        padded = np.pad(x.astype(np.float64), [(0, 0)] * (x.ndim - 1) + [(n, n)], mode=_NP_PAD[self.pad_mode])
        windows = np.lib.stride_tricks.sliding_window_view(padded, 2 * n + 1, axis=-1)
        return _finish(windows @ np.arange(-n, n + 1, dtype=np.float64) / denom, x)


def _mask(x, axis, start, width, value):
    out = x.copy()
    index = [slice(None)] * x.ndim
    index[axis] = slice(start, start + width)
    out[tuple(index)] = value
    return out


class MaskAlongAxis(AudioTensorOperation):
    """Set ``[mask_start, mask_start + mask_width)`` along ``axis`` (1: frequency, 2: time) to ``mask_value``."""

    def __init__(self, mask_start, mask_width, mask_value, axis):
        self.mask_start = _check("MaskAlongAxis", "mask_start", mask_start, 0, integer=True)
        self.mask_width = _check("MaskAlongAxis", "mask_width", mask_width, 1, integer=True)
        self.mask_value = _check("MaskAlongAxis", "mask_value", mask_value)
        if axis not in (1, 2):
            raise ValueError(f"For 'MaskAlongAxis', 'axis' must be 1 or 2, but got {axis!r}")
        self.axis = axis

    def _apply(self, x):
        x = _wave("MaskAlongAxis", x, 2)
        axis = x.ndim - 3 + self.axis
        if self.mask_start + self.mask_width > x.shape[axis]:
            raise RuntimeError(f"For 'MaskAlongAxis', the mask [{self.mask_start}, "
                               f"{self.mask_start + self.mask_width}) exceeds the axis length {x.shape[axis]}")
        return _mask(x, axis, self.mask_start, self.mask_width, self.mask_value)


class MaskAlongAxisIID(_Seeded, AudioTensorOperation):
    """Mask a random band along ``axis``: width ~ U[0, mask_param], start ~ U[0, length - width]."""

    _salt_value = 0x1D1D

    def __init__(self, mask_param, mask_value, axis):
        self.mask_param = _check("MaskAlongAxisIID", "mask_param", mask_param, 0, integer=True)
        self.mask_value = _check("MaskAlongAxisIID", "mask_value", mask_value)
        if axis not in (1, 2):
            raise ValueError(f"For 'MaskAlongAxisIID', 'axis' must be 1 or 2, but got {axis!r}")
        self.axis = axis

    def _apply(self, x):
        x = _wave("MaskAlongAxisIID", x, 2)
        axis = x.ndim - 3 + self.axis
        width = int(self._rng.integers(0, self.mask_param + 1))
        start = int(self._rng.integers(0, x.shape[axis] - width + 1))
        return _mask(x, axis, start, width, self.mask_value)


class _AxisMasking(_Seeded, AudioTensorOperation):
    _axis = -2

    def _salt(self):
        return 0xF4A5 + self._axis

    def __init__(self, iid_masks=False, mask_param=0, mask_start=0, mask_value=0.0):
        self.iid_masks = bool(iid_masks)
        self.mask_param = _check(type(self).__name__, "mask_param", mask_param, 0, integer=True)
        self.mask_start = _check(type(self).__name__, "mask_start", mask_start, 0, integer=True)
        self.mask_value = mask_value

    def _apply(self, x):
        x = _wave(type(self).__name__, x, 2)
        length = x.shape[self._axis]
        if self.iid_masks:
            width = int(self._rng.integers(0, self.mask_param + 1))
            start = int(self._rng.integers(0, length - width + 1))
        else:
            width, start = self.mask_param, self.mask_start
        if start + width > length:
            raise RuntimeError(f"For '{type(self).__name__}', the mask [{start}, {start + width}) exceeds the axis "
                               f"length {length}")
        return _mask(x, x.ndim + self._axis, start, width, self.mask_value)


class FrequencyMasking(_AxisMasking):
    """Mask ``freq_mask_param`` frequency rows from ``mask_start`` (random rows with ``iid_masks``)."""
    _axis = -2

    def __init__(self, iid_masks=False, freq_mask_param=0, mask_start=0, mask_value=0.0):
        super().__init__(iid_masks, freq_mask_param, mask_start, mask_value)


class TimeMasking(_AxisMasking):
    """Mask ``time_mask_param`` time columns from ``mask_start`` (random columns with ``iid_masks``)."""
    _axis = -1

    def __init__(self, iid_masks=False, time_mask_param=0, mask_start=0, mask_value=0.0):
        super().__init__(iid_masks, time_mask_param, mask_start, mask_value)


class SlidingWindowCmn(AudioTensorOperation):
    """Cepstral mean (and variance) normalisation over a sliding window of frames (Kaldi's apply-cmvn-sliding).

    Input <..., time, feature>.
    """

    def __init__(self, cmn_window=600, min_cmn_window=100, center=False, norm_vars=False):
        self.cmn_window = _check("SlidingWindowCmn", "cmn_window", cmn_window, 0, integer=True)
        self.min_cmn_window = _check("SlidingWindowCmn", "min_cmn_window", min_cmn_window, 0, integer=True)
        self.center, self.norm_vars = bool(center), bool(norm_vars)

    def _window(self, t, num_frames):
        if self.center:
            start = t - self.cmn_window // 2
            end = start + self.cmn_window
        else:
            start, end = t - self.cmn_window, t + 1
        if start < 0:
            end -= start
            start = 0
        if not self.center and end > t:
            end = max(t + 1, self.min_cmn_window)
        if end > num_frames:
            start = max(start - (end - num_frames), 0)
            end = num_frames
        return start, end

    def _apply(self, x):
        x = _wave("SlidingWindowCmn", x, 2)
        shape = x.shape
        spec = x.reshape(-1, shape[-2], shape[-1]).astype(np.float64)
        num_frames = shape[-2]
        cums = np.concatenate([np.zeros_like(spec[:, :1]), np.cumsum(spec, axis=1)], axis=1)
        cums2 = np.concatenate([np.zeros_like(spec[:, :1]), np.cumsum(spec ** 2, axis=1)], axis=1)
        out = np.empty_like(spec)
        for t in range(num_frames):
            start, end = self._window(t, num_frames)
            count = end - start
            total = cums[:, end] - cums[:, start]
            out[:, t] = spec[:, t] - total / count
            if self.norm_vars:
                if count == 1:
                    out[:, t] = 0
                else:
                    variance = (cums2[:, end] - cums2[:, start]) / count - total ** 2 / count ** 2
                    out[:, t] *= variance ** -0.5
        return _finish(out.reshape(shape), x)


class DetectPitchFrequency(AudioTensorOperation):
    """Pitch per frame from the normalised cross-correlation, median-smoothed over ``win_length`` frames."""

    def __init__(self, sample_rate, frame_time=0.01, win_length=30, freq_low=85, freq_high=3400):
        self.sample_rate = _sr("DetectPitchFrequency", sample_rate)
        self.frame_time, self.win_length, self.freq_low, self.freq_high = frame_time, win_length, freq_low, freq_high

    def _nccf(self, w):
        lags = int(math.ceil(self.sample_rate / self.freq_low))
        frame = int(math.ceil(self.sample_rate * self.frame_time))
        frames = int(math.ceil(w.shape[-1] / frame))
        w = np.pad(w, ((0, 0), (0, lags + frames * frame - w.shape[-1])))
        out = []
        for lag in range(1, lags + 1):
            s1 = w[:, :-lag][:, :frames * frame].reshape(w.shape[0], frames, frame)
            s2 = w[:, lag:][:, :frames * frame].reshape(w.shape[0], frames, frame)
            out.append((s1 * s2).sum(-1) / (1e-9 + np.linalg.norm(s1, axis=-1)) ** 2
                       / (1e-9 + np.linalg.norm(s2, axis=-1)) ** 2)
        return np.stack(out, axis=-1)

    def _apply(self, x):
        x = _wave("DetectPitchFrequency", x)
        shape = x.shape
        nccf = torch.from_numpy(self._nccf(x.reshape(-1, shape[-1]).astype(np.float32)))
        lag_min = int(math.ceil(self.sample_rate / self.freq_high))
        best_v, best_i = torch.max(nccf[..., lag_min:], -1)
        half_v, half_i = torch.max(nccf[..., lag_min:nccf.shape[-1] // 2], -1)
        mask = half_v > 0.99 * best_v
        indices = torch.where(mask, half_i, best_i) + lag_min + 1
        pad = (self.win_length - 1) // 2
        indices = torch.nn.functional.pad(indices.to(torch.float64), (pad, 0))
        indices[..., :pad] = indices[..., pad:pad + 1]
        smooth = torch.median(indices.unfold(-1, self.win_length, 1), -1).values
        freq = self.sample_rate / (1e-9 + smooth)
        return _finish(freq.reshape(shape[:-1] + freq.shape[-1:]), x)


def _wave_table(wave_type, table_size, low, high, phase, as_int):
    """SoX's LFO table: a sine or triangle of ``table_size`` points between ``low`` and ``high``."""
    offset = int(phase / math.pi / 2 * table_size + 0.5)
    point = (np.arange(table_size) + offset) % table_size
    if wave_type == Modulation.SINUSOIDAL:
        d = (np.sin(point / table_size * 2 * math.pi) + 1) / 2
    else:
        d = point * 2.0 / table_size
        quarter = (4 * point) // table_size
        d = np.select([quarter == 0, quarter == 1, quarter == 2, quarter == 3], [d + 0.5, 1.5 - d, 1.5 - d, d - 1.5])
    d = d * (high - low) + low
    if as_int:
        return np.where(d < 0, d - 0.5, d + 0.5).astype(np.int64)
    return d.astype(np.float32).astype(np.float64)


class Flanger(AudioTensorOperation):
    """SoX's flanger: a modulated short delay mixed with the input. Input <..., channel, time>."""

    def __init__(self, sample_rate, delay=0.0, depth=2.0, regen=0.0, width=71.0, speed=0.5, phase=25.0,
                 modulation=Modulation.SINUSOIDAL, interpolation=Interpolation.LINEAR):
        self.sample_rate = _sr("Flanger", sample_rate)
        self.delay = _check("Flanger", "delay", delay, 0, 30)
        self.depth = _check("Flanger", "depth", depth, 0, 10)
        self.regen = _check("Flanger", "regen", regen, -95, 95)
        self.width = _check("Flanger", "width", width, 0, 100)
        self.speed = _check("Flanger", "speed", speed, 0.1, 10)
        self.phase = _check("Flanger", "phase", phase, 0, 100)
        self.modulation, self.interpolation = Modulation(modulation), Interpolation(interpolation)

    def _apply(self, x):
        x = _wave("Flanger", x, 2)
        shape = x.shape
        w = x.reshape(-1, shape[-2], shape[-1]).astype(np.float64)
        feedback = self.regen / 100
        delay_gain = self.width / 100
        in_gain = 1.0 / (1 + delay_gain)
        delay_gain = delay_gain / (1 + delay_gain) * (1 - abs(feedback))
        delay_min, delay_depth = self.delay / 1000, self.depth / 1000
        buf_len = int((delay_min + delay_depth) * self.sample_rate + 0.5) + 2
        bufs = np.zeros(w.shape[:2] + (buf_len,))
        last = np.zeros(w.shape[:2])
        lfo_len = int(self.sample_rate / self.speed)
        lfo = _wave_table(self.modulation, lfo_len, float(math.floor(delay_min * self.sample_rate + 0.5)),
                          buf_len - 2.0, 3 * math.pi / 2, False)
        channels = np.arange(w.shape[1])
        channel_phase = (channels * lfo_len * (self.phase / 100) + 0.5).astype(np.int64)
        out = np.zeros_like(w)
        pos = lfo_pos = 0
        for i in range(w.shape[-1]):
            pos = (pos + buf_len - 1) % buf_len
            delay = lfo[(lfo_pos + channel_phase) % lfo_len]
            frac = delay - np.floor(delay)
            k = np.floor(delay).astype(np.int64)
            bufs[:, :, pos] = w[:, :, i] + last * feedback
            d0 = bufs[:, channels, (pos + k) % buf_len]
            d1 = bufs[:, channels, (pos + k + 1) % buf_len]
            if self.interpolation == Interpolation.LINEAR:
                delayed = d0 + (d1 - d0) * frac
            else:
                d2 = bufs[:, channels, (pos + k + 2) % buf_len] - d0
                d1 = d1 - d0
                delayed = d0 + ((d2 * 0.5 - d1) * frac + (d1 * 2 - d2 * 0.5)) * frac
            last = delayed
            out[:, :, i] = w[:, :, i] * in_gain + delayed * delay_gain
            lfo_pos = (lfo_pos + 1) % lfo_len
        return _finish(np.clip(out, -1, 1).reshape(shape), x)


class Phaser(AudioTensorOperation):
    """SoX's phaser: the input plus a modulated, decaying delayed copy of itself."""

    def __init__(self, sample_rate, gain_in=0.4, gain_out=0.74, delay_ms=3.0, decay=0.4, mod_speed=0.5,
                 sinusoidal=True):
        self.sample_rate = _sr("Phaser", sample_rate)
        self.gain_in = _check("Phaser", "gain_in", gain_in, 0, 1)
        self.gain_out = _check("Phaser", "gain_out", gain_out, 0, 1e9)
        self.delay_ms = _check("Phaser", "delay_ms", delay_ms, 0, 5)
        self.decay = _check("Phaser", "decay", decay, 0, 0.99)
        self.mod_speed = _check("Phaser", "mod_speed", mod_speed, 0.1, 2)
        self.sinusoidal = bool(sinusoidal)

    def _apply(self, x):
        x = _wave("Phaser", x)
        shape = x.shape
        w = x.reshape(-1, shape[-1]).astype(np.float64) * self.gain_in
        buf_len = int(self.delay_ms * 0.001 * self.sample_rate + 0.5)
        buf = np.zeros((w.shape[0], buf_len))
        mod_len = int(self.sample_rate / self.mod_speed + 0.5)
        mod = _wave_table(Modulation.SINUSOIDAL if self.sinusoidal else Modulation.TRIANGULAR, mod_len, 1.0,
                          float(buf_len), math.pi / 2, True)
        out = np.empty_like(w)
        pos = mod_pos = 0
        for i in range(w.shape[-1]):
            idx = int((pos + mod[mod_pos]) % buf_len)
            mod_pos = (mod_pos + 1) % mod_len
            pos = (pos + 1) % buf_len
            out[:, i] = w[:, i] + buf[:, idx]
            buf[:, pos] = out[:, i] * self.decay
        return _finish(np.clip(out * self.gain_out, -1, 1).reshape(shape), x)
