"""Index samplers of MindSpore 2.10's PyTorch-style data loader (``mindspore.dataset.dataloader.sampler``)."""
import itertools
from typing import Generic, TypeVar

import numpy as np

from ._utils import check_positive, check_type

_T_co = TypeVar("_T_co", covariant=True)


class Sampler(Generic[_T_co]):
    """Base of the samplers (``data_source`` is accepted and ignored)."""

    def __init__(self, data_source=None):
        pass


class SequentialSampler(Sampler):
    """Indices ``0 .. len(data_source) - 1`` in order."""

    def __init__(self, data_source):
        super().__init__(data_source)
        self.data_source = data_source

    def __iter__(self):
        yield from range(len(self.data_source))

    def __len__(self):
        return len(self.data_source)


class RandomSampler(Sampler):
    """Random indices of ``data_source``: permutations (``replacement=False``), or draws with replacement.

    Args:
        data_source (Dataset): the dataset.
        replacement (bool): draw with replacement. Default: False.
        num_samples (int, optional): how many indices (default: ``len(data_source)``).
        generator (numpy.random.Generator, optional): the generator (default: a fresh one per iteration).
    """

    def __init__(self, data_source, replacement=False, num_samples=None, generator=None):
        super().__init__(data_source)
        if not isinstance(replacement, bool):
            raise TypeError(f"replacement must be bool, but got: {type(replacement).__name__}")
        if num_samples is not None and not isinstance(num_samples, int):
            raise TypeError(f"num_samples must be int, but got: {type(num_samples).__name__}")
        if num_samples is not None and num_samples <= 0:
            raise ValueError(f"num_samples must be a positive integer value, but got num_samples = {num_samples}")
        if generator is not None and not isinstance(generator, np.random.Generator):
            raise TypeError(f"generator must be numpy.random.Generator, but got: {type(generator).__name__}")
        self.data_source = data_source
        self.replacement = replacement
        self._num_samples = num_samples
        self.generator = generator

    @property
    def num_samples(self):
        """The number of indices one iteration yields."""
        return len(self.data_source) if self._num_samples is None else self._num_samples

    def __iter__(self):
        n = len(self.data_source)
        gen = self.generator
        if gen is None:
            gen = np.random.default_rng(np.random.randint(0, np.iinfo(np.int64).max, dtype=np.int64, endpoint=True))
        total = self.num_samples
        if self.replacement:
            # drawn 32 at a time, so a seeded generator gives MindSpore's sequence
            for _ in range(total // 32):
                yield from gen.integers(low=0, high=n, size=(32,), dtype=np.int64).tolist()
            yield from gen.integers(low=0, high=n, size=(total % 32,), dtype=np.int64).tolist()
        else:
            for _ in range(total // n):
                yield from gen.permutation(n).tolist()
            yield from gen.permutation(n).tolist()[:total % n]

    def __len__(self):
        return self.num_samples


class BatchSampler(Sampler):
    """Lists of ``batch_size`` indices drawn from ``sampler`` (the last shorter one kept unless ``drop_last``)."""

    def __init__(self, sampler, batch_size, drop_last):
        super().__init__()
        check_type(batch_size, "batch_size", valid_type=int, invalid_type=bool)
        check_positive(batch_size, "batch_size")
        check_type(drop_last, "drop_last", valid_type=bool)
        self.sampler = sampler
        self.batch_size = batch_size
        self.drop_last = drop_last

    def __iter__(self):
        it = iter(self.sampler)
        while True:
            batch = list(itertools.islice(it, self.batch_size))
            if not batch or (self.drop_last and len(batch) < self.batch_size):
                return
            yield batch

    def __len__(self):
        if self.drop_last:
            return len(self.sampler) // self.batch_size
        return (len(self.sampler) - 1) // self.batch_size + 1


class InfiniteSampler(Sampler):
    """The sampler of an iterable-style dataset: ``None`` forever (the dataset decides when it ends)."""

    def __iter__(self):
        while True:
            yield None
