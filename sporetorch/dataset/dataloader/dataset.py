"""``mindspore.dataset.dataloader.dataset``: the type variable of its generic classes (the classes themselves are
served from the stored module tree)."""
from typing import TypeVar

_T_co = TypeVar("_T_co", covariant=True)
