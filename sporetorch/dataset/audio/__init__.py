"""``mindspore.dataset.audio``: spectral features, filters and effects on NumPy waveforms, in torch."""
from .transforms import (AudioTensorOperation, AllpassBiquad, AmplitudeToDB, Angle, BandBiquad, BandpassBiquad,
                         BandrejectBiquad, BassBiquad, Biquad, ComplexNorm, ComputeDeltas, Contrast, DBToAmplitude,
                         DCShift, DeemphBiquad, DetectPitchFrequency, Dither, EqualizerBiquad, Fade, Filtfilt,
                         FrequencyMasking, Gain, GriffinLim, HighpassBiquad, InverseMelScale, InverseSpectrogram, LFCC,
                         LFilter, LowpassBiquad, MFCC, Magphase, MaskAlongAxis, MaskAlongAxisIID, MelScale,
                         MelSpectrogram, MuLawDecoding, MuLawEncoding, Overdrive, PhaseVocoder, PitchShift, Resample,
                         RiaaBiquad, SlidingWindowCmn, SpectralCentroid, Spectrogram, TimeMasking, TimeStretch,
                         TrebleBiquad, Vol, Flanger, Phaser)
from .utils import (BorderType, DensityFunction, FadeShape, GainType, Interpolation, MelType, Modulation, NormMode,
                    NormType, ResampleMethod, ScaleType, WindowType, create_dct, linear_fbanks, melscale_fbanks)

__all__ = [name for name in dir() if not name.startswith("_") and name not in ("transforms", "utils")]
