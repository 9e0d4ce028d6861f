"""Functional operators (`mindspore.ops.function`), one module per family."""
from . import math_func, reduce_func
from .math_func import *  # noqa: F401,F403
from .reduce_func import *  # noqa: F401,F403

__all__ = math_func.__all__ + reduce_func.__all__
