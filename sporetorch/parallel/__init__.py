"""``mindspore.parallel`` for one process: strategy helpers that leave the computation as it is.

The settings live in ``sporetorch.parallel_context``; ``_utils`` has the private queries
(``_get_parallel_mode``, ``_get_device_num``, ...) that model-zoo training cells import.
"""
from ..common.api_helpers import shard
from ..common.tensor_utils import merge_sliced_parameter
from ..parallel_context import set_algo_parameters, get_algo_parameters, reset_algo_parameters
from ..train.serialization import load_segmented_checkpoints
from .layout import Layout
from . import _utils  # noqa: F401

__all__ = ["Layout", "shard", "merge_sliced_parameter", "set_algo_parameters", "get_algo_parameters",
           "reset_algo_parameters", "load_segmented_checkpoints"]
