"""How the data loader reads one batch (``mindspore.dataset.dataloader._utils.fetch``)."""
from .collate import default_collate, default_convert


class Fetcher:
    """Reads samples from ``dataset`` and collates them (``default_collate`` for batches, ``default_convert``
    for single samples when ``collate_fn`` is None)."""

    def __init__(self, dataset, auto_collation, collate_fn):
        self.dataset = dataset
        self.auto_collation = auto_collation
        if collate_fn is None:
            collate_fn = default_collate if auto_collation else default_convert
        self.collate_fn = collate_fn

    def fetch(self, indices):
        """The collated samples of ``indices``."""
        raise NotImplementedError(f"{self.__class__.__name__} should implement fetch method.")

    def reset(self):
        """Start over (nothing to do for a map-style dataset)."""


class MapDatasetFetcher(Fetcher):
    """Fetcher of a map-style dataset: ``dataset[i]`` for each index of the batch (or ``dataset[indices]``)."""

    def fetch(self, indices):
        if self.auto_collation:
            return self.collate_fn([self.dataset[i] for i in indices])
        return self.collate_fn(self.dataset[indices])


class IterableDatasetFetcher(Fetcher):
    """Fetcher of an iterable-style dataset: the next ``len(indices)`` samples of its iterator; StopIteration once
    it is exhausted (or, with ``drop_last``, when a batch would be short)."""

    def __init__(self, dataset, auto_collation, collate_fn, drop_last):
        super().__init__(dataset, auto_collation, collate_fn)
        self.drop_last = drop_last
        self.reset()

    def fetch(self, indices):
        if self.ended:
            raise StopIteration
        if not self.auto_collation:
            return self.collate_fn(next(self.dataset_iterator))
        data = []
        for _ in indices:
            try:
                data.append(next(self.dataset_iterator))
            except StopIteration:
                if data:
                    self.ended = True
                    break
        if not data or (self.drop_last and len(data) < len(indices)):
            raise StopIteration
        return self.collate_fn(data)

    def reset(self):
        self.dataset_iterator = iter(self.dataset)
        self.ended = False
