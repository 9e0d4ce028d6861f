"""``Dataset.save``: write a pipeline's rows to MindRecord files as MindSpore does.

The schema comes from the first row: 0-d numbers are scalar fields, arrays become fields
of shape ``[-1, *shape[1:]]``, ``str`` is ``string`` and ``bytes_`` is ``bytes``; integers
widen to int32/int64 and floats to float32/float64 as MindSpore's save does.
"""
import numpy as np

from ._rows import _EpochContext

_INT32 = {"int8", "int16", "int32", "uint8", "uint16", "bool"}
_INT64 = {"int64", "uint32", "uint64"}
_FLOAT32 = {"float16", "float32"}


def _field(column, arr):
    name = arr.dtype.name
    if arr.dtype.kind == "U":
        if arr.ndim:
            raise ValueError(f"For 'save', the column '{column}' holds an array of strings; only single strings "
                             "can be saved")
        return {"type": "string"}, str
    if arr.dtype.kind == "S":
        return {"type": "bytes"}, lambda a: bytes(a.reshape(-1)[0]) if a.size else b""
    if name in _INT32:
        kind, dtype = "int32", np.int32
    elif name in _INT64:
        kind, dtype = "int64", np.int64
    elif name in _FLOAT32:
        kind, dtype = "float32", np.float32
    elif name == "float64":
        kind, dtype = "float64", np.float64
    else:
        raise TypeError(f"For 'save', the column '{column}' has dtype {name}, which MindRecord cannot store")
    if arr.ndim == 0:
        return {"type": kind}, (lambda a, t=dtype: t(a).item())
    return {"type": kind, "shape": [-1, *arr.shape[1:]]}, (lambda a, t=dtype: np.ascontiguousarray(a, dtype=t))


def save(dataset, file_name, num_files=1, file_type="mindrecord"):
    from ...mindrecord import FileWriter
    if file_type != "mindrecord":
        raise ValueError(f"For 'save', 'file_type' must be 'mindrecord', but got {file_type!r}")
    if isinstance(num_files, bool) or not isinstance(num_files, int) or not 1 <= num_files <= 1000:
        raise ValueError(f"For 'save', 'num_files' must be an int in [1, 1000], but got {num_files!r}")
    from ..core import config
    names = dataset.get_col_names()
    writer = FileWriter(file_name, num_files)
    converters, batch = None, []
    for row in dataset._rows(_EpochContext(config._new_base_seed(), 0)):
        if converters is None:
            fields = [_field(c, a) for c, a in zip(names, row)]
            writer.add_schema({c: f for c, (f, _) in zip(names, fields)}, "mindrecord")
            converters = [conv for _, conv in fields]
        batch.append({c: conv(a) for c, conv, a in zip(names, converters, row)})
        if len(batch) == 1000:
            writer.write_raw_data(batch)
            batch = []
    if converters is None:
        raise RuntimeError("For 'save', the dataset yields no rows")
    if batch:
        writer.write_raw_data(batch)
    writer.commit()
