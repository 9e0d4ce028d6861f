"""The sharding sampler of MindSpore 2.10's PyTorch-style data loader (``mindspore.dataset.dataloader.distributed``)."""
import math
from typing import TypeVar

import numpy as np

from .sampler import Sampler

_T_co = TypeVar("_T_co", covariant=True)


class DistributedSampler(Sampler):
    """The indices of shard ``rank`` of ``num_replicas``: every ``num_replicas``-th index of the (shuffled with
    ``seed + epoch``) index list, padded by repeating it (or cut, with ``drop_last``) to divide evenly.

    Args:
        dataset (Dataset): the dataset.
        num_replicas (int, optional): number of shards (default: the world size of ``mint.distributed``).
        rank (int, optional): this shard (default: the rank of ``mint.distributed``).
        shuffle (bool): shuffle the indices. Default: True.
        seed (int): shuffle seed. Default: 0.
        drop_last (bool): cut the tail instead of padding. Default: False.
    """

    def __init__(self, dataset, num_replicas=None, rank=None, shuffle=True, seed=0, drop_last=False):
        super().__init__(dataset)
        for name, value, kind in (("num_replicas", num_replicas, int), ("rank", rank, int)):
            if value is not None and not isinstance(value, kind):
                raise TypeError(f"{name} must be int, but got: {type(value).__name__}")
        for name, value, kind in (("shuffle", shuffle, bool), ("seed", seed, int), ("drop_last", drop_last, bool)):
            if not isinstance(value, kind):
                raise TypeError(f"{name} must be {kind.__name__}, but got: {type(value).__name__}")
        if num_replicas is None or rank is None:
            from ...mint import distributed
            if not distributed.is_available():
                raise RuntimeError("MindSpore distributed feature is not available.")
            num_replicas = distributed.get_world_size() if num_replicas is None else num_replicas
            rank = distributed.get_rank() if rank is None else rank
        if num_replicas <= 0:
            raise ValueError(f"Invalid num_replicas: {num_replicas}, num_replicas must be greater than 0.")
        if rank >= num_replicas or rank < 0:
            raise ValueError(f"Invalid rank: {rank}, rank must be in the interval [0, {num_replicas - 1}]")
        self.dataset, self.num_replicas, self.rank = dataset, num_replicas, rank
        self.shuffle, self.seed, self.drop_last = shuffle, seed, drop_last
        self.epoch = 0
        n = len(dataset)
        if n % num_replicas == 0 or not drop_last:
            self.num_samples = math.ceil(n / num_replicas)
        else:
            self.num_samples = math.ceil((n - num_replicas) / num_replicas)
        self.total_samples = self.num_samples * num_replicas

    def __iter__(self):
        n = len(self.dataset)
        if self.shuffle:
            indices = np.random.default_rng(self.seed + self.epoch).permutation(n).tolist()
        else:
            indices = list(range(n))
        if self.drop_last:
            indices = indices[:self.total_samples]
        else:
            pad = self.total_samples - len(indices)
            indices += (indices * math.ceil(pad / len(indices)))[:pad] if pad > len(indices) else indices[:pad]
        if len(indices) != self.total_samples:
            raise RuntimeError("The length of total indices must be equal to the number of total samples.")
        mine = indices[self.rank:self.total_samples:self.num_replicas]
        if len(mine) != self.num_samples:
            raise RuntimeError("The length of indices must be equal to the number of samples in this replica.")
        return iter(mine)

    def __len__(self):
        return self.num_samples

    def set_epoch(self, epoch):
        """Use ``seed + epoch`` for the next shuffle."""
        if not isinstance(epoch, int):
            raise TypeError(f"epoch must be int, but got: {type(epoch).__name__}")
        self.epoch = epoch
