"""An equivalent of torchvision.transforms._presets.ImageClassification (written for the tests:
it keeps its settings and is not called)."""
from torch import nn


class ImageClassification(nn.Module):
    def __init__(self, *, crop_size: int, resize_size: int = 256) -> None:
        super().__init__()
        self.crop_size = [crop_size]
        self.resize_size = [resize_size]
