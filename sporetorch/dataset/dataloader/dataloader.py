"""``mindspore.dataset.dataloader.dataloader``: the type variables of its generic classes (the classes themselves
are served from the stored module tree)."""
from typing import TypeVar

_T = TypeVar("_T")
_T_co = TypeVar("_T_co", covariant=True)
_K = TypeVar("_K")
_V = TypeVar("_V")
