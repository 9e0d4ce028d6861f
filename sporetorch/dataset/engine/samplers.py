"""Samplers: which rows of a random-access source an epoch reads, and in which order.

A sampler turns the source's row count ``n`` and the epoch's random generator into
a list of row indices. Sharding (``num_shards``/``shard_id``) follows MindSpore: the
(possibly shuffled) index list is extended cyclically to a multiple of the shard
count and shard ``k`` takes every ``num_shards``-th index starting at ``k``, so every
shard has ``ceil(n / num_shards)`` rows and the shards together cover every row.
"""
import numbers

import numpy as np


def _check_count(name, value, allow_none=True, minimum=0):
    if value is None and allow_none:
        return
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < minimum:
        raise ValueError(f"For '{name}', the value must be an int >= {minimum}, but got {value!r}")


class Sampler:
    """Base class of samplers. A user-defined sampler overrides ``__iter__`` to yield
    row indices; the built-in ones implement ``_indices(n, rng)``.

    Args:
        num_samples (int, optional): keep at most this many indices per epoch.
    """

    def __init__(self, num_samples=None):
        _check_count(type(self).__name__, num_samples)
        self.num_samples = num_samples or None
        self.child_sampler = None

    def add_child(self, sampler):
        """Draw from the indices ``sampler`` selects instead of from ``range(n)``."""
        if not isinstance(sampler, Sampler):
            raise TypeError(f"For 'add_child', the sampler must be a Sampler, but got {type(sampler).__name__}")
        self.child_sampler = sampler

    def get_child(self):
        return self.child_sampler

    def __iter__(self):
        raise NotImplementedError(f"{type(self).__name__} must define __iter__ or _indices")

    def _indices(self, n, rng):
        """The indices for one epoch over a source of ``n`` rows (user samplers: ``__iter__``)."""
        return self._limit([int(i) for i in iter(self)])

    def _base(self, n, rng):
        if self.child_sampler is None:
            return np.arange(n)
        return np.asarray(self.child_sampler._indices(n, rng), dtype=np.int64)

    def _limit(self, indices):
        return indices if self.num_samples is None else indices[:self.num_samples]

    def _size(self, n):
        """How many indices one epoch yields (without drawing random numbers)."""
        if type(self)._indices is Sampler._indices:
            return self._limit_count(sum(1 for _ in iter(self)))
        base = n if self.child_sampler is None else self.child_sampler._size(n)
        return self._limit_count(base)

    def _limit_count(self, count):
        return count if self.num_samples is None else min(count, self.num_samples)

    def get_num_samples(self):
        return self.num_samples


class SequentialSampler(Sampler):
    """Rows in order from ``start_index``.

    Args:
        start_index (int, optional): the first row. Default: 0.
        num_samples (int, optional): at most this many rows.
    """

    def __init__(self, start_index=None, num_samples=None):
        super().__init__(num_samples)
        _check_count("SequentialSampler", start_index)
        self.start_index = start_index or 0

    def _indices(self, n, rng):
        return self._limit(self._base(n, rng)[self.start_index:].tolist())

    def _size(self, n):
        base = n if self.child_sampler is None else self.child_sampler._size(n)
        return self._limit_count(max(base - self.start_index, 0))


class RandomSampler(Sampler):
    """Rows in a random order, a fresh one every epoch.

    Args:
        replacement (bool): draw with replacement. Default: False.
        num_samples (int, optional): rows per epoch (with replacement: default ``n``).
    """

    def __init__(self, replacement=False, num_samples=None, shuffle=None):
        super().__init__(num_samples)
        if not isinstance(replacement, bool):
            raise TypeError(f"For 'RandomSampler', 'replacement' must be a bool, but got {replacement!r}")
        self.replacement = replacement

    def _indices(self, n, rng):
        base = self._base(n, rng)
        if self.replacement:
            count = self.num_samples or len(base)
            return base[rng.integers(0, len(base), size=count)].tolist()
        return self._limit(base[rng.permutation(len(base))].tolist())

    def _size(self, n):
        base = n if self.child_sampler is None else self.child_sampler._size(n)
        if self.replacement and self.num_samples:
            return self.num_samples
        return self._limit_count(base)


class DistributedSampler(Sampler):
    """The rows of one shard out of ``num_shards``.

    Args:
        num_shards (int): how many shards the data is split into.
        shard_id (int): which shard this is, ``0 <= shard_id < num_shards``.
        shuffle (bool): shuffle (the same permutation on every shard) before sharding. Default: True.
        num_samples (int, optional): at most this many rows per shard.
        offset (int): start the cyclic assignment at shard ``offset`` (MindSpore's ``offset``). Default: -1 (0).
    """

    def __init__(self, num_shards, shard_id, shuffle=True, num_samples=None, offset=-1):
        super().__init__(num_samples)
        _check_count("DistributedSampler", num_shards, allow_none=False, minimum=1)
        if isinstance(shard_id, bool) or not isinstance(shard_id, numbers.Integral) \
                or not 0 <= shard_id < num_shards:
            raise ValueError(f"For 'DistributedSampler', 'shard_id' must be an int in [0, {num_shards - 1}], "
                             f"but got {shard_id!r}")
        self.num_shards = int(num_shards)
        self.shard_id = int(shard_id)
        self.shuffle = bool(shuffle)
        self.offset = max(int(offset), 0)

    def _indices(self, n, rng):
        base = self._base(n, rng)
        if self.shuffle:
            base = base[rng.permutation(len(base))]
        return self._limit(_shard(base, self.num_shards, (self.shard_id - self.offset) % self.num_shards))

    def _size(self, n):
        base = n if self.child_sampler is None else self.child_sampler._size(n)
        return self._limit_count(-(-base // self.num_shards))


def _shard(indices, num_shards, shard_id):
    """MindSpore's sharding: pad cyclically to a multiple of ``num_shards``, take every ``num_shards``-th."""
    indices = np.asarray(indices)
    if len(indices) == 0:
        return []
    per_shard = -(-len(indices) // num_shards)
    padded = np.resize(indices, per_shard * num_shards)
    return padded[shard_id::num_shards].tolist()


class SubsetSampler(Sampler):
    """Exactly the rows in ``indices``, in that order.

    Args:
        indices (list[int]): row indices.
        num_samples (int, optional): at most this many of them.
    """

    def __init__(self, indices, num_samples=None):
        super().__init__(num_samples)
        try:
            self.indices = [int(i) for i in indices]
        except (TypeError, ValueError) as err:
            raise TypeError(f"For '{type(self).__name__}', 'indices' must be a sequence of ints, "
                            f"but got {indices!r}") from err

    def _checked(self, n):
        for i in self.indices:
            if not -n <= i < n:
                raise ValueError(f"For '{type(self).__name__}', index {i} is out of range for a dataset "
                                 f"of {n} rows")
        return np.asarray(self.indices, dtype=np.int64) % max(n, 1)

    def _indices(self, n, rng):
        return self._limit(self._checked(n).tolist())

    def _size(self, n):
        return self._limit_count(len(self.indices))


class SubsetRandomSampler(SubsetSampler):
    """The rows in ``indices`` in a random order, a fresh one every epoch."""

    def _indices(self, n, rng):
        chosen = self._checked(n)
        return self._limit(chosen[rng.permutation(len(chosen))].tolist())


class WeightedRandomSampler(Sampler):
    """``num_samples`` rows drawn with probability proportional to ``weights``.

    Args:
        weights (list[float]): one non-negative weight per row.
        num_samples (int, optional): rows per epoch. Default: ``len(weights)``.
        replacement (bool): draw with replacement. Default: True.
    """

    def __init__(self, weights, num_samples=None, replacement=True):
        super().__init__(num_samples)
        w = np.asarray(weights, dtype=np.float64)
        if w.ndim != 1 or w.size == 0 or (w < 0).any() or w.sum() <= 0:
            raise ValueError(f"For 'WeightedRandomSampler', 'weights' must be a non-empty list of non-negative "
                             f"numbers with a positive sum, but got {weights!r}")
        if not replacement and num_samples is not None and num_samples > int((w > 0).sum()):
            raise ValueError(f"For 'WeightedRandomSampler', cannot draw {num_samples} rows without replacement "
                             f"from {int((w > 0).sum())} rows of positive weight")
        self.weights = w
        self.replacement = bool(replacement)

    def _indices(self, n, rng):
        count = self.num_samples or len(self.weights)
        p = self.weights / self.weights.sum()
        return rng.choice(len(p), size=count, replace=self.replacement, p=p).tolist()

    def _size(self, n):
        return self.num_samples or len(self.weights)


def _as_sampler(sampler):
    """Accept a Sampler, a user sampler object with ``__iter__``, or a list of indices."""
    if sampler is None or isinstance(sampler, Sampler):
        return sampler
    if isinstance(sampler, (list, tuple, np.ndarray)):
        return SubsetSampler(list(sampler))
    if hasattr(sampler, "__iter__"):
        return _IterableSampler(sampler)
    raise TypeError(f"The 'sampler' must be a Sampler, a list of indices or an iterable of indices, "
                    f"but got {type(sampler).__name__}")


class _IterableSampler(Sampler):
    def __init__(self, source):
        super().__init__()
        self._source = source

    def __iter__(self):
        return iter(self._source)


def _build_sampler(name, sampler, shuffle, num_samples, num_shards, shard_id, default_shuffle=True):
    """The sampler that a source's (sampler, shuffle, num_samples, num_shards, shard_id) arguments describe."""
    if (num_shards is None) != (shard_id is None):
        raise ValueError(f"For '{name}', 'num_shards' and 'shard_id' must be given together, "
                         f"but got num_shards={num_shards!r}, shard_id={shard_id!r}")
    if sampler is not None:
        if shuffle is not None:
            raise ValueError(f"For '{name}', 'sampler' and 'shuffle' cannot be given together")
        if num_shards is not None:
            raise ValueError(f"For '{name}', 'sampler' and 'num_shards'/'shard_id' cannot be given together")
        sampler = _as_sampler(sampler)
        if num_samples is not None:
            sampler.num_samples = num_samples
        return sampler
    shuffle = default_shuffle if shuffle is None else shuffle
    if not isinstance(shuffle, bool):
        raise TypeError(f"For '{name}', 'shuffle' must be a bool, but got {shuffle!r}")
    if num_shards is not None:
        return DistributedSampler(num_shards, shard_id, shuffle=shuffle, num_samples=num_samples)
    if shuffle:
        return RandomSampler(num_samples=num_samples)
    return SequentialSampler(num_samples=num_samples)


BuiltinSampler = Sampler


class IterSampler(Sampler):
    """Indices from any iterable (re-iterated every epoch).

    Args:
        sampler: an object with ``__iter__`` yielding row indices.
        num_samples (int, optional): at most this many per epoch.
    """

    def __init__(self, sampler, num_samples=None):
        super().__init__(num_samples)
        if not hasattr(sampler, "__iter__"):
            raise TypeError(f"For 'IterSampler', 'sampler' must be iterable, but got {type(sampler).__name__}")
        self.sampler = sampler

    def __iter__(self):
        return iter(self.sampler)


class PKSampler(Sampler):
    """``num_val`` rows of every class (P classes x K rows), for metric learning.

    Args:
        num_val (int): rows per class (drawn again when a class has fewer).
        num_class (int, optional): accepted (MindSpore does not support it either).
        shuffle (bool): shuffle the classes and their rows. Default: False.
        class_column (str): the label column. Default: ``"label"``.
        num_samples (int, optional): at most this many rows.
    """

    def __init__(self, num_val, num_class=None, shuffle=False, class_column="label", num_samples=None):
        super().__init__(num_samples)
        _check_count("PKSampler", num_val, allow_none=False, minimum=1)
        if num_class is not None:
            raise NotImplementedError("For 'PKSampler', num_class is not supported (as in MindSpore)")
        if not isinstance(shuffle, bool):
            raise TypeError(f"For 'PKSampler', 'shuffle' must be a bool, but got {shuffle!r}")
        self.num_val, self.shuffle, self.class_column = num_val, shuffle, class_column
        self._source = None

    def _labels(self, n):
        if self._source is None:
            raise RuntimeError("For 'PKSampler', the sampler must be given to a random-access source")
        cols = self._source.get_col_names()
        if self.class_column not in cols:
            raise ValueError(f"For 'PKSampler', the class column '{self.class_column}' is not one of {cols}")
        pos = cols.index(self.class_column)
        return [self._source._read_row(i)[pos].item() for i in range(n)]

    def _indices(self, n, rng):
        groups = {}
        for i, label in enumerate(self._labels(n)):
            groups.setdefault(label, []).append(i)
        classes = sorted(groups)
        if self.shuffle:
            classes = [classes[k] for k in rng.permutation(len(classes))]
        out = []
        for c in classes:
            rows = groups[c]
            if self.shuffle:
                rows = [rows[k] for k in rng.permutation(len(rows))]
            out += [rows[k % len(rows)] for k in range(self.num_val)]
        return self._limit(out)

    def _size(self, n):
        return self._limit_count(len(set(self._labels(n))) * self.num_val)
