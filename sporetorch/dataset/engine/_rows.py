"""Rows and columns of a pipeline: the epoch context, argument and column checks, array
conversion and stacking. The bottom of the dataset engine: it imports no other engine module."""
import numbers

import numpy as np
import torch


def _check_int(op, name, value, minimum, allow=()):
    if value in allow and not isinstance(value, bool):
        return
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < minimum:
        raise ValueError(f"For '{op}', '{name}' must be an int >= {minimum}, but got {value!r}")


def _as_column_list(op, name, columns):
    if columns is None:
        return None
    if isinstance(columns, str):
        return [columns]
    if not isinstance(columns, (list, tuple)) or not all(isinstance(c, str) for c in columns):
        raise TypeError(f"For '{op}', '{name}' must be a str or a list of str, but got {columns!r}")
    return list(columns)


def _check_known(op, columns, known):
    for c in columns:
        if c not in known:
            raise ValueError(f"For '{op}', the column '{c}' does not exist; the dataset has columns {known}")


def _to_array(value, column, op):
    """One column value as a NumPy array, with a clear error for ragged data."""
    if isinstance(value, np.ndarray):
        arr = value
    elif isinstance(value, torch.Tensor):
        arr = value.detach().cpu().numpy()
    elif hasattr(value, "asnumpy"):
        arr = value.asnumpy()
    else:
        try:
            arr = np.asarray(value)
        except ValueError as err:
            raise ValueError(f"For '{op}', the column '{column}' holds a ragged nested sequence that cannot "
                             f"be an array: {value!r}") from err
    if arr.dtype == object:
        raise ValueError(f"For '{op}', the column '{column}' holds a ragged or mixed-type value that cannot be "
                         f"an array: {value!r}")
    return arr


class _EpochContext:
    """What a node needs to produce one epoch: the iterator's seed and the epoch number."""
    __slots__ = ("seed", "epoch")

    def __init__(self, seed, epoch):
        self.seed = seed
        self.epoch = epoch

    def rng(self, node):
        return np.random.default_rng([self.seed, self.epoch, node._depth])


def _stack(column, values):
    first = values[0].shape
    for k, v in enumerate(values):
        if v.shape != first:
            raise RuntimeError(f"For 'batch', cannot batch column '{column}': row 0 of the batch has shape "
                               f"{first} but row {k} has shape {v.shape}; pad or resize the rows first")
    return np.stack(values)
