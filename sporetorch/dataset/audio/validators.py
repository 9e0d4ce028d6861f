"""MindSpore's argument-check decorators of the audio operations (``mindspore.dataset.audio.validators``).

Each decorator binds the call to the method's signature first, so a wrong or missing argument is a
``TypeError`` naming the operation before anything runs; the value checks themselves live in the
operation classes, which raise MindSpore's ``ValueError``/``TypeError``.
"""
from ..core.validator_helpers import (check_float32, check_int32_not_zero, check_non_negative_float32,
                                      check_pos_float32, check_pos_int32, check_value, type_check)
from ..core.validator_helpers import binding_check as _binding_check
from .utils import MelType, NormType


check_amplitude_to_db = _binding_check("amplitude_to_db")
check_band_biquad = _binding_check("band_biquad")
check_highpass_biquad = _binding_check("highpass_biquad")
check_allpass_biquad = _binding_check("allpass_biquad")
check_bandpass_biquad = _binding_check("bandpass_biquad")
check_bandreject_biquad = _binding_check("bandreject_biquad")
check_bass_biquad = _binding_check("bass_biquad")
check_contrast = _binding_check("contrast")
check_db_to_amplitude = _binding_check("db_to_amplitude")
check_dc_shift = _binding_check("dc_shift")
check_deemph_biquad = _binding_check("deemph_biquad")
check_dither = _binding_check("dither")
check_equalizer_biquad = _binding_check("equalizer_biquad")
check_gain = _binding_check("gain")
check_inverse_mel_scale = _binding_check("inverse_mel_scale")
check_inverse_spectrogram = _binding_check("inverse_spectrogram")
check_lfilter = _binding_check("lfilter")
check_lowpass_biquad = _binding_check("lowpass_biquad")
check_mask_along_axis = _binding_check("mask_along_axis")
check_mask_along_axis_iid = _binding_check("mask_along_axis_iid")
check_mu_law_coding = _binding_check("mu_law_coding")
check_overdrive = _binding_check("overdrive")
check_phaser = _binding_check("phaser")
check_riaa_biquad = _binding_check("riaa_biquad")
check_spectrogram = _binding_check("spectrogram")
check_time_stretch = _binding_check("time_stretch")
check_treble_biquad = _binding_check("treble_biquad")
check_masking = _binding_check("masking")
check_mel_scale = _binding_check("mel_scale")
check_complex_norm = _binding_check("complex_norm")
check_magphase = _binding_check("magphase")
check_biquad = _binding_check("biquad")
check_fade = _binding_check("fade")
check_griffin_lim = _binding_check("griffin_lim")
check_vad = _binding_check("vad")
check_vol = _binding_check("vol")
check_detect_pitch_frequency = _binding_check("detect_pitch_frequency")
check_flanger = _binding_check("flanger")
check_sliding_window_cmn = _binding_check("sliding_window_cmn")
check_compute_deltas = _binding_check("compute_deltas")
check_spectral_centroid = _binding_check("spectral_centroid")
check_phase_vocoder = _binding_check("phase_vocoder")
check_pitch_shift = _binding_check("pitch_shift")
check_resample = _binding_check("resample")
check_lfcc = _binding_check("lfcc")
check_mfcc = _binding_check("mfcc")
check_mel_spectrogram = _binding_check("mel_spectrogram")


# Plain value checks the audio operations share (MindSpore 2.10's messages).
def check_biquad_sample_rate(sample_rate):
    """A nonzero int32."""
    type_check(sample_rate, (int,), "sample_rate")
    check_int32_not_zero(sample_rate, "sample_rate")


def _float32_check(arg_name):
    def check(value):
        type_check(value, (float, int), arg_name)
        check_float32(value, arg_name)
    check.__name__ = check.__qualname__ = f"check_biquad_{arg_name}"
    check.__doc__ = f"``{arg_name}``: a number in float32's exact-integer range."
    return check


check_biquad_central_freq = _float32_check("central_freq")
check_biquad_gain = _float32_check("gain")
check_biquad_cutoff_freq = _float32_check("cutoff_freq")


def check_biquad_q(q):
    """Q in (0, 1]."""
    type_check(q, (float, int), "Q")
    check_value(q, [0, 1], "Q", True)


def check_biquad_noise(noise):
    """A bool."""
    type_check(noise, (bool,), "noise")


def check_biquad_const_skirt_gain(const_skirt_gain):
    """A bool."""
    type_check(const_skirt_gain, (bool,), "const_skirt_gain")


def check_biquad_coeff(coeff, arg_name):
    """A number in float32's exact-integer range."""
    type_check(coeff, (float, int), arg_name)
    check_float32(coeff, arg_name)


def check_mel_scale_n_mels(n_mels):
    """A positive int32."""
    type_check(n_mels, (int,), "n_mels")
    check_pos_int32(n_mels, "n_mels")


def check_mel_scale_sample_rate(sample_rate):
    """A positive int32."""
    type_check(sample_rate, (int,), "sample_rate")
    check_pos_int32(sample_rate, "sample_rate")


def check_mel_scale_n_stft(n_stft):
    """A positive int32."""
    type_check(n_stft, (int,), "n_stft")
    check_pos_int32(n_stft, "n_stft")


def check_mel_scale_freq(f_min, f_max, sample_rate):
    """f_min below f_max (or below the Nyquist frequency when f_max is None)."""
    type_check(f_min, (int, float), "f_min")
    check_float32(f_min, "f_min")
    if f_max is not None:
        type_check(f_max, (int, float), "f_max")
        check_pos_float32(f_max, "f_max")
        if f_min >= f_max:
            raise ValueError("MelScale: f_max should be greater than f_min.")
    elif f_min >= sample_rate // 2:
        raise ValueError("MelScale: sample_rate // 2 should be greater than f_min when f_max is set to None.")


def check_mel_scale_norm(norm):
    """A NormType."""
    type_check(norm, (NormType,), "norm")


def check_mel_scale_mel_type(mel_type):
    """A MelType."""
    type_check(mel_type, (MelType,), "mel_type")


def check_power(power):
    """A non-negative number."""
    type_check(power, (int, float), "power")
    check_non_negative_float32(power, "power")


def check_mel_spectrogram_freq(f_min, f_max, sample_rate):
    """A float f_min not above f_max (or below the Nyquist frequency when f_max is None)."""
    type_check(f_min, (float,), "f_min")
    if f_max is not None:
        check_non_negative_float32(f_max, "f_max")
        if f_min > f_max:
            raise ValueError("f_max should be greater than or equal to f_min, but got f_min: "
                             f"{f_min} and f_max: {f_max}.")
    elif f_min >= sample_rate // 2:
        raise ValueError("MelSpectrogram: sample_rate // 2 should be greater than f_min when f_max is set to None, "
                         f"but got f_min: {f_min}.")
