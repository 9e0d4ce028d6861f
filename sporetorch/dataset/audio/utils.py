"""Enums and filter-bank helpers of ``mindspore.dataset.audio`` (values as in MindSpore 2.10)."""
import math
from enum import Enum

import numpy as np


class BorderType(str, Enum):
    """Padding modes."""
    CONSTANT = "constant"
    EDGE = "edge"
    REFLECT = "reflect"
    SYMMETRIC = "symmetric"


class DensityFunction(str, Enum):
    """Noise distributions of ``Dither``."""
    TPDF = "TPDF"
    RPDF = "RPDF"
    GPDF = "GPDF"


class FadeShape(str, Enum):
    """Curves of ``Fade``."""
    QUARTER_SINE = "quarter_sine"
    HALF_SINE = "half_sine"
    LINEAR = "linear"
    LOGARITHMIC = "logarithmic"
    EXPONENTIAL = "exponential"


class GainType(str, Enum):
    """How ``Vol`` reads its gain."""
    AMPLITUDE = "amplitude"
    POWER = "power"
    DB = "db"


class Interpolation(str, Enum):
    """Delay-line interpolation of ``Flanger``."""
    LINEAR = "linear"
    QUADRATIC = "quadratic"


class MelType(str, Enum):
    """Mel scales."""
    HTK = "htk"
    SLANEY = "slaney"


class Modulation(str, Enum):
    """Modulation shapes of ``Flanger``."""
    SINUSOIDAL = "sinusoidal"
    TRIANGULAR = "triangular"


class NormMode(str, Enum):
    """DCT normalisation."""
    ORTHO = "ortho"
    NONE = "none"


class NormType(str, Enum):
    """Mel filter-bank normalisation."""
    SLANEY = "slaney"
    NONE = "none"


class ResampleMethod(str, Enum):
    """Windows of ``Resample``'s sinc kernel."""
    SINC_INTERPOLATION = "sinc_interpolation"
    KAISER_WINDOW = "kaiser_window"


class ScaleType(str, Enum):
    """Whether ``AmplitudeToDB`` gets power or magnitude."""
    POWER = "power"
    MAGNITUDE = "magnitude"


class WindowType(str, Enum):
    """STFT windows."""
    BARTLETT = "bartlett"
    BLACKMAN = "blackman"
    HAMMING = "hamming"
    HANN = "hann"
    KAISER = "kaiser"


def _hz_to_mel(freq, mel_type):
    if MelType(mel_type) == MelType.HTK:
        return 2595.0 * math.log10(1.0 + freq / 700.0)
    f_sp = 200.0 / 3
    mels = freq / f_sp
    if freq >= 1000.0:
        mels = 1000.0 / f_sp + math.log(freq / 1000.0) / (math.log(6.4) / 27.0)
    return mels


def _mel_to_hz(mels, mel_type):
    mels = np.asarray(mels, np.float64)
    if MelType(mel_type) == MelType.HTK:
        return 700.0 * (10.0 ** (mels / 2595.0) - 1.0)
    f_sp = 200.0 / 3
    min_log_mel = 1000.0 / f_sp
    freqs = f_sp * mels
    logstep = math.log(6.4) / 27.0
    return np.where(mels >= min_log_mel, 1000.0 * np.exp(logstep * (mels - min_log_mel)), freqs)


def _triangular(all_freqs, f_pts):
    f_diff = f_pts[1:] - f_pts[:-1]
    slopes = f_pts[None, :] - all_freqs[:, None]
    down = -slopes[:, :-2] / f_diff[:-1]
    up = slopes[:, 2:] / f_diff[1:]
    return np.maximum(0.0, np.minimum(down, up))


def melscale_fbanks(n_freqs, f_min, f_max, n_mels, sample_rate, norm=NormType.NONE, mel_type=MelType.HTK):
    """Triangular mel filters, shape (n_freqs, n_mels), float32."""
    all_freqs = np.linspace(0, sample_rate // 2, n_freqs)
    m_pts = np.linspace(_hz_to_mel(f_min, mel_type), _hz_to_mel(f_max, mel_type), n_mels + 2)
    f_pts = _mel_to_hz(m_pts, mel_type)
    fb = _triangular(all_freqs, f_pts)
    if NormType(norm) == NormType.SLANEY:
        fb *= (2.0 / (f_pts[2:n_mels + 2] - f_pts[:n_mels]))[None, :]
    return fb.astype(np.float32)


def linear_fbanks(n_freqs, f_min, f_max, n_filter, sample_rate):
    """Triangular filters equally spaced in Hz, shape (n_freqs, n_filter), float32."""
    all_freqs = np.linspace(0, sample_rate // 2, n_freqs)
    return _triangular(all_freqs, np.linspace(f_min, f_max, n_filter + 2)).astype(np.float32)


def create_dct(n_mfcc, n_mels, norm=NormMode.NONE):
    """The DCT-II matrix, shape (n_mels, n_mfcc), float32 (``norm`` ORTHO makes it orthonormal)."""
    n = np.arange(float(n_mels))
    k = np.arange(float(n_mfcc))[:, None]
    dct = np.cos(math.pi / float(n_mels) * (n + 0.5) * k)
    if NormMode(norm) == NormMode.NONE:
        dct *= 2.0
    else:
        dct[0] *= 1.0 / math.sqrt(2.0)
        dct *= math.sqrt(2.0 / float(n_mels))
    return dct.T.astype(np.float32)
