"""Type conversions of the dataset engine (``mindspore.dataset.core.datatypes``).

The pipeline's column type ("detype") is a NumPy dtype; strings are ``np.dtype(str)``.
"""
import numpy as np

_NP_TO_DE = {np.dtype(name): np.dtype(name) for name in (
    "bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "float16", "float32", "float64")}
_NP_TO_DE[np.dtype("str")] = np.dtype(str)


def nptype_to_detype(type_):
    """The pipeline type of NumPy type ``type_`` (None for a type the pipeline does not carry)."""
    if not isinstance(type_, np.dtype):
        type_ = np.dtype(type_)
    return _NP_TO_DE.get(type_)


def mstypelist_to_detypelist(type_list):
    """Convert a list of MindSpore dtypes to pipeline types in place and return it; None entries stay None
    (an unspecified type)."""
    from ..engine._utils import mstype_to_detype
    for i, type_ in enumerate(type_list):
        if type_ is not None:
            type_list[i] = mstype_to_detype(type_)
    return type_list
