"""Helpers of ``TFRecordToMR`` (``mindspore.mindrecord.tools.tfrecord_to_mr``); the class itself is in
``mindrecord.tools``."""
from string import punctuation

import numpy as np

SupportedTensorFlowVersion = "1.13.0-rc1"

_NP_TYPES = {"int32": np.int32, "int64": np.int64, "float32": np.float32, "float64": np.float64}


def _cast_string_type_to_np_type(value):
    """``"int32"``/``"int64"``/``"float32"``/``"float64"`` -> the NumPy type; ValueError for any other name."""
    if value in _NP_TYPES:
        return _NP_TYPES[value]
    raise ValueError("Type " + value + " is not supported cast to numpy type in MindRecord.")


_SPECIAL = (set(punctuation) | {" "}) - {"_"}


def _cast_name(key):
    """A schema field name with each punctuation character and space replaced by "_" ("a b" -> "a_b")."""
    return "".join("_" if ch in _SPECIAL else ch for ch in key)
