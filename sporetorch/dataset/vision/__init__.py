"""``mindspore.dataset.vision``: image transforms on NumPy arrays (HWC) and PIL images."""
from .transforms import (ImageTensorOperation, AdjustBrightness, AdjustContrast, AdjustGamma, AdjustHue,
                         AdjustSaturation, AdjustSharpness, Affine, AutoContrast, CenterCrop, ConvertColor, Crop,
                         CutOut, Decode, Equalize, Erase, FiveCrop, GaussianBlur, Grayscale, HWC2CHW, HorizontalFlip,
                         HsvToRgb, Invert, LinearTransformation, Normalize, NormalizePad, Pad, PadToSize, Perspective,
                         Posterize, RandomAdjustSharpness, RandomAffine, RandomAutoContrast, RandomColor,
                         RandomColorAdjust, RandomCrop, RandomCropDecodeResize, RandomEqualize, RandomErasing,
                         RandomGrayscale, RandomHorizontalFlip, RandomInvert, RandomLighting, RandomPerspective,
                         RandomPosterize, RandomResize, RandomResizedCrop, RandomRotation, RandomSharpness,
                         RandomSolarize, RandomVerticalFlip, Rescale, Resize, ResizedCrop, RgbToHsv, Rotate,
                         SlicePatches, Solarize, TenCrop, ToNumpy, ToPIL, ToTensor, ToType, VerticalFlip, not_random)
from ._augment import (AutoAugment, BoundingBoxAugment, CutMixBatch, MixUp, MixUpBatch, RandAugment,
                       RandomCropWithBBox, RandomHorizontalFlipWithBBox, RandomResizedCropWithBBox,
                       RandomResizeWithBBox, RandomSelectSubpolicy, RandomVerticalFlipWithBBox, ResizeWithBBox,
                       TrivialAugmentWide, UniformAugment)
from .utils import (AutoAugmentPolicy, Border, ConvertMode, ImageBatchFormat, ImageReadMode, Inter, SliceMode,
                    encode_jpeg, encode_png, get_image_num_channels, get_image_size, read_file, read_image,
                    write_file, write_jpeg, write_png)

__all__ = [name for name in dir() if not name.startswith("_") and name not in ("transforms", "utils")]
