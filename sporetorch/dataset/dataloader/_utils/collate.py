"""Batch collation of the data loader (``mindspore.dataset.dataloader._utils.collate``).

``default_convert`` turns NumPy data inside nested containers into Tensors; ``collate`` merges a list of samples
into a batch by the type of the first sample, recursing into mappings, named tuples and sequences, with the
leaf functions of ``default_collate_fn_map`` (Tensors and arrays stacked, numbers to a Tensor, strings kept).
"""
import copy
import re
from collections.abc import Mapping, MutableMapping, MutableSequence, Sequence

import numpy as np

from ....common import dtype as mstype
from ....common.tensor import Tensor

np_str_obj_array_pattern = re.compile("[SaUO]")


def convert_tensor(data):
    """A Tensor stays as it is."""
    return data


def convert_numpy_scalar(data):
    """A NumPy scalar as a 0-d Tensor."""
    return Tensor(data)


def convert_numpy_array(data):
    """A NumPy array as a Tensor (string and object arrays stay arrays)."""
    if np_str_obj_array_pattern.search(data.dtype.str) is not None:
        return data
    return Tensor.from_numpy(data)


def _rebuild(container, same_type, factory):
    """``same_type()`` (the container's own type), or ``factory()`` (a plain dict/list) when that type cannot be
    rebuilt from its items."""
    try:
        return same_type()
    except TypeError:
        return factory()


def convert_mapping(data):
    """Each value converted, in a mapping of the same type where possible (a dict otherwise)."""
    def same_type():
        if isinstance(data, MutableMapping):
            clone = copy.copy(data)
            clone.update({key: default_convert(data[key]) for key in data})
            return clone
        return type(data)({key: default_convert(data[key]) for key in data})
    return _rebuild(data, same_type, lambda: {key: default_convert(data[key]) for key in data})


def convert_namedtuple(data):
    """Each field converted, in the same named tuple type."""
    return type(data)(*(default_convert(d) for d in data))


def convert_tuple(data):
    """Each item converted, as a list."""
    return [default_convert(d) for d in data]


def convert_sequence(data):
    """Each item converted, in a sequence of the same type where possible (a list otherwise)."""
    def same_type():
        if isinstance(data, MutableSequence):
            clone = copy.copy(data)
            for i, d in enumerate(data):
                clone[i] = default_convert(d)
            return clone
        return type(data)([default_convert(d) for d in data])
    return _rebuild(data, same_type, lambda: [default_convert(d) for d in data])


def default_convert(data):
    """NumPy arrays and scalars inside ``data`` (nested mappings, tuples, sequences) as Tensors."""
    if isinstance(data, Tensor):
        return convert_tensor(data)
    if isinstance(data, (np.number, np.bool_)):
        return convert_numpy_scalar(data)
    if isinstance(data, np.ndarray):
        return convert_numpy_array(data)
    if isinstance(data, Mapping):
        return convert_mapping(data)
    if isinstance(data, tuple) and hasattr(data, "_fields"):
        return convert_namedtuple(data)
    if isinstance(data, tuple):
        return convert_tuple(data)
    if isinstance(data, Sequence) and not isinstance(data, (str, bytes)):
        return convert_sequence(data)
    return data


def collate_mapping_fn(batch, *, collate_fn_map=None):
    """Collate per key of a batch of mappings."""
    elem = batch[0]

    def per_key():
        return {key: collate([d[key] for d in batch], collate_fn_map=collate_fn_map) for key in elem}

    def same_type():
        if isinstance(elem, MutableMapping):
            clone = copy.copy(elem)
            clone.update(per_key())
            return clone
        return type(elem)(per_key())
    return _rebuild(elem, same_type, per_key)


def collate_namedtuple_fn(batch, *, collate_fn_map=None):
    """Collate per field of a batch of named tuples."""
    return type(batch[0])(*(collate(samples, collate_fn_map=collate_fn_map) for samples in zip(*batch)))


def collate_sequence_fn(batch, *, collate_fn_map=None):
    """Collate per position of a batch of equal-length sequences (tuples give a list)."""
    elem = batch[0]
    if len({len(e) for e in batch}) > 1:
        raise RuntimeError("Each element in list of batch must be of equal size.")
    transposed = list(zip(*batch))

    def as_list():
        return [collate(samples, collate_fn_map=collate_fn_map) for samples in transposed]
    if isinstance(elem, tuple):
        return as_list()

    def same_type():
        if isinstance(elem, MutableSequence):
            clone = copy.copy(elem)
            for i, samples in enumerate(transposed):
                clone[i] = collate(samples, collate_fn_map=collate_fn_map)
            return clone
        return type(elem)(as_list())
    return _rebuild(elem, same_type, as_list)


def collate(batch, *, collate_fn_map=None):
    """Merge a list of samples into a batch by the first sample's type: ``collate_fn_map``'s function for the
    type (exact, then by isinstance), else per key/field/position of mappings, named tuples and sequences."""
    elem = batch[0]
    if collate_fn_map is not None:
        if type(elem) in collate_fn_map:
            return collate_fn_map[type(elem)](batch, collate_fn_map=collate_fn_map)
        for collate_type in collate_fn_map:
            if isinstance(elem, collate_type):
                return collate_fn_map[collate_type](batch, collate_fn_map=collate_fn_map)
    if isinstance(elem, Mapping):
        return collate_mapping_fn(batch, collate_fn_map=collate_fn_map)
    if isinstance(elem, tuple) and hasattr(elem, "_fields"):
        return collate_namedtuple_fn(batch, collate_fn_map=collate_fn_map)
    if isinstance(elem, Sequence):
        return collate_sequence_fn(batch, collate_fn_map=collate_fn_map)
    raise TypeError(f"Cannot find the appropriate collate function for type {type(elem)} in collate_fn_map.")


def collate_tensor_fn(batch, *, collate_fn_map=None):
    """Tensors stacked along a new first axis."""
    return Tensor(np.stack([t.asnumpy() if isinstance(t, Tensor) else t for t in batch], axis=0))


def collate_numpy_array_fn(batch, *, collate_fn_map=None):
    """Arrays stacked into a Tensor (string and object arrays refused)."""
    elem = batch[0]
    if np_str_obj_array_pattern.search(elem.dtype.str) is not None:
        raise TypeError(f"NumPy arrays with dtype {elem.dtype} are not supported for collation.")
    return collate([Tensor.from_numpy(b) for b in batch], collate_fn_map=collate_fn_map)


def collate_numpy_scalar_fn(batch, *, collate_fn_map=None):
    """NumPy scalars as a 1-D Tensor (the Tensor constructor's dtype rule for a list)."""
    return Tensor(batch)


def collate_float_fn(batch, *, collate_fn_map=None):
    """Python floats as a float64 Tensor."""
    return Tensor(batch, dtype=mstype.float64)


def collate_int_fn(batch, *, collate_fn_map=None):
    """Python ints as an int64 Tensor."""
    return Tensor(batch)


def collate_str_fn(batch, *, collate_fn_map=None):
    """Strings and bytes stay a list."""
    return batch


default_collate_fn_map = {Tensor: collate_tensor_fn, np.ndarray: collate_numpy_array_fn,
                          (np.bool_, np.number, np.object_): collate_numpy_scalar_fn, float: collate_float_fn,
                          int: collate_int_fn, str: collate_str_fn, bytes: collate_str_fn}


def default_collate(batch):
    """``collate`` with ``default_collate_fn_map``."""
    return collate(batch, collate_fn_map=default_collate_fn_map)
