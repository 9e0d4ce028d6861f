"""``mint.nn`` basic layers: Linear, Embedding, Dropout, Flatten, Fold/Unfold, PixelShuffle and the upsampling layers.

Linear, Embedding (EmbeddingExt), Identity, Fold, UnfoldExt, UpsampleExt and the Dropout layers are
``mindspore.nn``'s classes, as in
MindSpore 2.10.
"""
from ....nn.cell import Cell
from ....nn.layer.basic import Dropout2dExt, DropoutExt, Fold, Identity, Linear, UnfoldExt, UpsampleExt
from ....nn.layer.embedding import EmbeddingExt
from .. import functional as mF

__all__ = ["Dropout", "Dropout2d", "Embedding", "Flatten", "Fold", "Identity", "Linear", "PixelShuffle", "Unfold",
           "Upsample", "UpsamplingBilinear2d", "UpsamplingNearest2d"]

Dropout = DropoutExt
Dropout2d = Dropout2dExt
Embedding = EmbeddingExt


class Flatten(Cell):
    r"""Merge the axes ``start_dim..end_dim`` into one.

    Args:
        start_dim (int): Default: 1.
        end_dim (int): Default: -1.
    """

    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        self.start_dim = start_dim
        self.end_dim = end_dim

    def construct(self, input):
        return mF.flatten(input, self.start_dim, self.end_dim)


class PixelShuffle(Cell):
    r"""Rearrange (N, C*r*r, H, W) into (N, C, H*r, W*r).

    Args:
        upscale_factor (int): ``r``.
    """

    def __init__(self, upscale_factor):
        super().__init__()
        self.upscale_factor = upscale_factor

    def construct(self, input):
        return mF.pixel_shuffle(input, self.upscale_factor)


class UpsamplingNearest2d(Cell):
    r"""Nearest-neighbour 2-D upsampling to ``size`` or by ``scale_factor``."""

    def __init__(self, size=None, scale_factor=None):
        super().__init__()
        self.size = size
        self.scale_factor = scale_factor

    def construct(self, input):
        return mF.interpolate(input, self.size, self.scale_factor, 'nearest')


class UpsamplingBilinear2d(Cell):
    r"""Bilinear 2-D upsampling with ``align_corners=True`` to ``size`` or by ``scale_factor``."""

    def __init__(self, size=None, scale_factor=None):
        super().__init__()
        self.size = size
        self.scale_factor = scale_factor

    def construct(self, input):
        return mF.interpolate(input, self.size, self.scale_factor, 'bilinear', True)


Unfold = UnfoldExt  # MindSpore 2.10's class names
Upsample = UpsampleExt
