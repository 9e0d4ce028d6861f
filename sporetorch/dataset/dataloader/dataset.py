"""Map-style and iterable-style dataset bases of MindSpore 2.10's PyTorch-style data loader
(``mindspore.dataset.dataloader.dataset``)."""
from typing import Generic, Iterable, TypeVar

_T_co = TypeVar("_T_co", covariant=True)


class Dataset(Generic[_T_co]):
    """Base of map-style datasets: subclasses define ``__getitem__`` (and usually ``__len__``)."""

    def __init__(self):
        pass

    def __getitem__(self, index):
        raise NotImplementedError(f"{self.__class__.__name__} must implement __getitem__ method.")


class IterableDataset(Dataset[_T_co], Iterable[_T_co]):
    """Base of iterable-style datasets: subclasses define ``__iter__``."""

    def __iter__(self):
        raise NotImplementedError(f"{self.__class__.__name__} must implement __iter__ method.")


class TensorDataset(Dataset):
    """Rows taken along the first axis of several Tensors of the same length.

    Args:
        *tensors (Tensor): the columns.

    Raises:
        ValueError: the Tensors' first dimensions differ.
    """

    def __init__(self, *tensors):
        super().__init__()
        if any(t.shape[0] != tensors[0].shape[0] for t in tensors):
            raise ValueError("All tensors must have the same size in the first dimension.")
        self.tensors = tensors

    def __getitem__(self, index):
        return tuple(t[index] for t in self.tensors)

    def __len__(self):
        return self.tensors[0].shape[0]
