"""`sporetorch.dataset`: MindSpore's dataset API on torch.utils.data."""
from .core import config
from .engine.datasets import (Dataset, MappableDataset, BatchDataset, BatchInfo, ShuffleDataset, MapDataset,
                              RepeatDataset, TakeDataset, SkipDataset, ProjectDataset, RenameDataset, ZipDataset,
                              ConcatDataset, FilterDataset)
from .engine.datasets_user_defined import GeneratorDataset, NumpySlicesDataset
from .engine.datasets_vision import (MnistDataset, Cifar10Dataset, Cifar100Dataset, ImageFolderDataset,
                                     FashionMnistDataset, KMnistDataset, CelebADataset, VOCDataset, CocoDataset)
from .engine.datasets_standard_format import MindDataset, CSVDataset, Shuffle
from .engine.datasets_text import TextFileDataset
from .engine.iterators import TupleIterator, DictIterator
from .engine.samplers import (Sampler, SequentialSampler, RandomSampler, DistributedSampler, SubsetSampler,
                              SubsetRandomSampler, WeightedRandomSampler)
from . import transforms, vision


def zip(datasets):  # noqa: A001 - mindspore.dataset.zip
    """Join the rows of ``datasets`` (a tuple of Datasets) side by side."""
    return ZipDataset(datasets)


__all__ = ["config", "Dataset", "GeneratorDataset", "NumpySlicesDataset", "MnistDataset", "Cifar10Dataset",
           "Cifar100Dataset", "ImageFolderDataset", "Sampler", "SequentialSampler", "RandomSampler",
           "DistributedSampler", "SubsetSampler", "SubsetRandomSampler", "WeightedRandomSampler", "BatchInfo",
           "transforms", "vision", "zip", "MindDataset", "CSVDataset", "TextFileDataset", "Shuffle",
           "FashionMnistDataset", "KMnistDataset", "CelebADataset", "VOCDataset", "CocoDataset"]
