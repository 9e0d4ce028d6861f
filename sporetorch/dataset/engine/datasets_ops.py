"""Padding for the batching operations (``padded_batch``, ``bucket_batch_by_length``): the
``pad_info`` check and the pad-and-stack kernel. The nodes themselves live in ``datasets``."""
import numpy as np

from ._rows import _check_known


def _check_pad_info(op, pad_info, cols):
    if pad_info is None:
        return {}
    if not isinstance(pad_info, dict):
        raise TypeError(f"For '{op}', 'pad_info' must be a dict {{column: (shape, value)}}, but got {pad_info!r}")
    _check_known(op, list(pad_info), cols)
    out = {}
    for c, spec in pad_info.items():
        if spec is None:
            out[c] = (None, 0)
            continue
        if not isinstance(spec, tuple) or len(spec) != 2:
            raise TypeError(f"For '{op}', pad_info['{c}'] must be a (shape, pad value) tuple, but got {spec!r}")
        shape, value = spec
        if shape is not None and (not isinstance(shape, (list, tuple)) or
                                  not all(d is None or (isinstance(d, int) and d > 0) for d in shape)):
            raise ValueError(f"For '{op}', the pad shape of '{c}' must be a list of positive ints or None, "
                             f"but got {shape!r}")
        out[c] = (None if shape is None else list(shape), value)
    return out


def pad_stack(op, column, values, shape, value):
    """Pad every array to ``shape`` (``None`` dims: the batch's largest) with ``value`` and stack."""
    ndim = values[0].ndim
    if any(v.ndim != ndim for v in values):
        raise RuntimeError(f"For '{op}', the rows of column '{column}' differ in rank: "
                           f"{sorted({v.ndim for v in values})}")
    largest = np.max([v.shape for v in values], axis=0) if ndim else np.zeros(0, int)
    if shape is None:
        target = [int(d) for d in largest]
    else:
        if len(shape) != ndim:
            raise RuntimeError(f"For '{op}', the pad shape {shape} of column '{column}' has rank {len(shape)} but "
                               f"its rows have rank {ndim}")
        target = [int(largest[k]) if d is None else d for k, d in enumerate(shape)]
    out = np.full((len(values), *target), value, dtype=values[0].dtype)
    for k, v in enumerate(values):
        if any(s > t for s, t in zip(v.shape, target)):
            raise RuntimeError(f"For '{op}', row {k} of column '{column}' has shape {v.shape}, larger than the "
                               f"pad shape {target}")
        out[(k, *[slice(0, s) for s in v.shape])] = v
    return out
