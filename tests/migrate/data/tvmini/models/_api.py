"""Equivalents of torchvision.models._api's weights registry (written for the tests: same names,
no downloads)."""
from dataclasses import dataclass
from enum import Enum
from typing import Any, Callable

from torch import nn

BUILTIN_MODELS = {}


@dataclass
class Weights:
    url: str
    transforms: Callable
    meta: dict[str, Any]


class WeightsEnum(Enum):
    @classmethod
    def verify(cls, obj: Any) -> Any:
        if obj is not None and not isinstance(obj, cls):
            raise TypeError(f"Invalid Weight class provided; expected {cls.__name__} but received {obj}.")
        return obj

    def get_state_dict(self, *args: Any, **kwargs: Any):
        raise RuntimeError("the test fixture has no pretrained weights")


def register_model(name=None):
    def wrapper(fn: Callable[..., nn.Module]) -> Callable[..., nn.Module]:
        BUILTIN_MODELS[name if name is not None else fn.__name__] = fn
        return fn
    return wrapper
