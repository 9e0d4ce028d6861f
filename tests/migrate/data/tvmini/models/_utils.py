# Copied in part from torchvision 0.29.1 (BSD 3-Clause License, see LICENSE in this folder);
# handle_legacy_interface is written for the tests (the pretrained= keyword is not supported).
import functools
from typing import Any, Callable, Optional, TypeVar


V = TypeVar("V")


def _make_divisible(v: float, divisor: int, min_value: Optional[int] = None) -> int:
    """
    This function is taken from the original tf repo.
    It ensures that all layers have a channel number that is divisible by 8
    It can be seen here:
    https://github.com/tensorflow/models/blob/master/research/slim/nets/mobilenet/mobilenet.py
    """
    if min_value is None:
        min_value = divisor
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    # Make sure that round down does not go down by more than 10%.
    if new_v < 0.9 * v:
        new_v += divisor
    return new_v


def handle_legacy_interface(**weights: Any):
    def outer_wrapper(builder: Callable) -> Callable:
        @functools.wraps(builder)
        def inner_wrapper(*args: Any, **kwargs: Any):
            return builder(*args, **kwargs)

        return inner_wrapper

    return outer_wrapper


def _ovewrite_named_param(kwargs: dict[str, Any], param: str, new_value: V) -> None:
    if param in kwargs:
        if kwargs[param] != new_value:
            raise ValueError(f"The parameter '{param}' expected value {new_value} but got {kwargs[param]} instead.")
    else:
        kwargs[param] = new_value
