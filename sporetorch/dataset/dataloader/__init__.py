"""``mindspore.dataset.dataloader``: MindSpore 2.10's PyTorch-style data loading (``DataLoader`` over map-style and
iterable-style datasets, samplers, collation, worker processes)."""
from ._utils.collate import default_collate, default_convert
from ._utils.worker import get_worker_info
from .dataloader import DataLoader
from .dataset import Dataset, IterableDataset, TensorDataset
from .distributed import DistributedSampler
from .sampler import BatchSampler, RandomSampler, Sampler, SequentialSampler

__all__ = ["BatchSampler", "DataLoader", "Dataset", "DistributedSampler", "IterableDataset", "RandomSampler",
           "Sampler", "SequentialSampler", "TensorDataset", "default_collate", "default_convert", "get_worker_info"]
