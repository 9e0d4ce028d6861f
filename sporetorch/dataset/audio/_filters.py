"""IIR filtering and the biquad coefficient formulas (RBJ's audio-EQ cookbook, SoX's effects).

``lfilter`` runs the feed-forward part as a convolution and the feedback recursion as
one vectorised step per sample across all channels: a recursive filter has no
closed-form parallel evaluation, and the step count is the signal length.
"""
import math

import numpy as np
import torch


def lfilter(waveform, a_coeffs, b_coeffs, clamp=True):
    """``a[0] y[n] = sum_k b[k] x[n-k] - sum_{k>=1} a[k] y[n-k]`` along the last axis (float64 inside)."""
    x = np.asarray(waveform, np.float64)
    a = np.asarray(a_coeffs, np.float64)
    b = np.asarray(b_coeffs, np.float64)
    a, b = a / a[0], b / a[0]
    shape = x.shape
    flat = torch.from_numpy(np.ascontiguousarray(x.reshape(-1, 1, shape[-1])))
    order = len(b)
    kernel = torch.from_numpy(b[::-1].copy()).view(1, 1, -1)
    fir = torch.nn.functional.conv1d(torch.nn.functional.pad(flat, (order - 1, 0)), kernel)[:, 0].numpy()
    y = np.zeros((fir.shape[0], shape[-1] + len(a) - 1))
    k = len(a) - 1
    feedback = a[1:][::-1]
    for n in range(shape[-1]):
        y[:, n + k] = fir[:, n] - y[:, n:n + k] @ feedback
    out = y[:, k:].reshape(shape)
    if clamp:
        out = np.clip(out, -1.0, 1.0)
    return out


def biquad(waveform, b0, b1, b2, a0, a1, a2):
    return lfilter(waveform, [a0, a1, a2], [b0, b1, b2])


def _w0_alpha(sample_rate, freq, q):
    w0 = 2 * math.pi * freq / sample_rate
    return w0, math.sin(w0) / 2 / q


def allpass(sample_rate, central_freq, q):
    w0, alpha = _w0_alpha(sample_rate, central_freq, q)
    c = math.cos(w0)
    return 1 - alpha, -2 * c, 1 + alpha, 1 + alpha, -2 * c, 1 - alpha


def band(sample_rate, central_freq, q, noise):
    w0 = 2 * math.pi * central_freq / sample_rate
    bw_hz = central_freq / q
    a2 = math.exp(-2 * math.pi * bw_hz / sample_rate)
    a1 = -4 * a2 / (1 + a2) * math.cos(w0)
    b0 = math.sqrt(1 - a1 * a1 / (4 * a2)) * (1 - a2)
    if noise:
        b0 *= math.sqrt(((1 + a2) ** 2 - a1 * a1) * (1 - a2) / (1 + a2)) / b0
    return b0, 0.0, 0.0, 1.0, a1, a2


def bandpass(sample_rate, central_freq, q, const_skirt_gain):
    w0, alpha = _w0_alpha(sample_rate, central_freq, q)
    temp = math.sin(w0) / 2 if const_skirt_gain else alpha
    return temp, 0.0, -temp, 1 + alpha, -2 * math.cos(w0), 1 - alpha


def bandreject(sample_rate, central_freq, q):
    w0, alpha = _w0_alpha(sample_rate, central_freq, q)
    c = math.cos(w0)
    return 1.0, -2 * c, 1.0, 1 + alpha, -2 * c, 1 - alpha


def _shelf_terms(w0, alpha, gain):
    amp = math.exp(gain / 40 * math.log(10))
    return amp, 2 * math.sqrt(amp) * alpha, (amp - 1) * math.cos(w0), (amp + 1) * math.cos(w0)


def bass(sample_rate, gain, central_freq, q):
    w0, alpha = _w0_alpha(sample_rate, central_freq, q)
    A, t1, t2, t3 = _shelf_terms(w0, alpha, gain)
    return (A * ((A + 1) - t2 + t1), 2 * A * ((A - 1) - t3), A * ((A + 1) - t2 - t1),
            (A + 1) + t2 + t1, -2 * ((A - 1) + t3), (A + 1) + t2 - t1)


def _treble_coeffs(A, t1, t2, t3):
    return (A * ((A + 1) + t2 + t1), -2 * A * ((A - 1) + t3), A * ((A + 1) + t2 - t1),
            (A + 1) - t2 + t1, 2 * ((A - 1) - t3), (A + 1) - t2 - t1)


def treble(sample_rate, gain, central_freq, q):
    w0, alpha = _w0_alpha(sample_rate, central_freq, q)
    return _treble_coeffs(*_shelf_terms(w0, alpha, gain))


_DEEMPH = {44100: (5283.0, 0.4845, -9.477), 48000: (5356.0, 0.479, -9.62)}


def deemph(sample_rate):
    central_freq, width_slope, gain = _DEEMPH[sample_rate]
    w0 = 2 * math.pi * central_freq / sample_rate
    amp = math.exp(gain / 40 * math.log(10))
    alpha = math.sin(w0) / 2 * math.sqrt((amp + 1 / amp) * (1 / width_slope - 1) + 2)
    return _treble_coeffs(amp, 2 * math.sqrt(amp) * alpha, (amp - 1) * math.cos(w0), (amp + 1) * math.cos(w0))


def equalizer(sample_rate, center_freq, gain, q):
    w0, alpha = _w0_alpha(sample_rate, center_freq, q)
    amp = math.exp(gain / 40 * math.log(10))
    c = math.cos(w0)
    return 1 + alpha * amp, -2 * c, 1 - alpha * amp, 1 + alpha / amp, -2 * c, 1 - alpha / amp


def highpass(sample_rate, cutoff_freq, q):
    w0, alpha = _w0_alpha(sample_rate, cutoff_freq, q)
    c = math.cos(w0)
    return (1 + c) / 2, -1 - c, (1 + c) / 2, 1 + alpha, -2 * c, 1 - alpha


def lowpass(sample_rate, cutoff_freq, q):
    w0, alpha = _w0_alpha(sample_rate, cutoff_freq, q)
    c = math.cos(w0)
    return (1 - c) / 2, 1 - c, (1 - c) / 2, 1 + alpha, -2 * c, 1 - alpha


_RIAA = {44100: ((-0.2014898, 0.9233820), (0.7083149, 0.9924091)),
         48000: ((-0.1766069, 0.9321590), (0.7396325, 0.9931330)),
         88200: ((-0.1168735, 0.9648312), (0.8590646, 0.9964002)),
         96000: ((-0.1141486, 0.9676817), (0.8699137, 0.9966946))}


def riaa(sample_rate):
    (z0, z1), (p0, p1) = _RIAA[sample_rate]
    b = [1.0, -(z0 + z1), z0 * z1]
    a = [1.0, -(p0 + p1), p0 * p1]
    y = 2 * math.pi * 1000 / sample_rate
    b_re = b[0] + b[1] * math.cos(-y) + b[2] * math.cos(-2 * y)
    a_re = a[0] + a[1] * math.cos(-y) + a[2] * math.cos(-2 * y)
    b_im = b[1] * math.sin(-y) + b[2] * math.sin(-2 * y)
    a_im = a[1] * math.sin(-y) + a[2] * math.sin(-2 * y)
    g = 1 / math.sqrt((b_re ** 2 + b_im ** 2) / (a_re ** 2 + a_im ** 2))
    return b[0] * g, b[1] * g, b[2] * g, a[0], a[1], a[2]
