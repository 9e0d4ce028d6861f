"""``x[i]`` (``getitem``) by argument types: sequences, dictionaries and strings index as in Python, Tensors
through the Tensor indexing helpers of ``_compile_utils``."""
from ....common.tensor import Tensor
from ... import functional as F
from ..base import MultitypeFuncGraph
from . import _compile_utils as compile_utils

getitem = MultitypeFuncGraph("getitem", False)


def _sequence_index(data, index, what):
    if isinstance(index, float) or not isinstance(index, int):
        raise IndexError(f"{what} index should be an int64 number, but got {index}.")
    if index < -len(data) or index >= len(data):
        raise IndexError(f"{what} index should be in range[{-len(data)}, {len(data)}), but got {index}.")
    return data[index]


@getitem.register("Tuple", "Bool")
def _tuple_getitem_by_bool(data, number_index):
    return data[1] if number_index else data[0]


@getitem.register("Tuple", "Int")
@getitem.register("Tuple", "UInt")
@getitem.register("Tuple", "Float")
def _tuple_getitem_by_number(data, number_index):
    return _sequence_index(data, number_index, "TupleGetItem evaluator")


@getitem.register("List", "Bool")
def _list_getitem_by_bool(data, number_index):
    return data[1] if number_index else data[0]


@getitem.register("List", "Int")
@getitem.register("List", "UInt")
@getitem.register("List", "Float")
def _list_getitem_by_number(data, number_index):
    return _sequence_index(data, number_index, "list_getitem evaluator")


@getitem.register("Dictionary", "Tensor")
@getitem.register("Dictionary", "Tuple")
@getitem.register("Dictionary", "Number")
@getitem.register("Dictionary", "String")
def _dict_getitem_by_key(data, key):
    if isinstance(key, Tensor):
        # MindSpore 2.10 looks a key up by value; an eager Tensor has none.
        raise RuntimeError("dict_getitem evaluator key only supports string, number, type, none, constant tensor and "
                           "tuple, but got a Tensor without a constant value")
    if key not in data:
        raise ValueError(f"The key {key} does not exist in the dict:{data}")
    return data[key]


@getitem.register("String", "Number")
def _string_getitem_by_number(data, number_index):
    if number_index < -len(data) or number_index >= len(data):
        raise IndexError(f"String index out of range, expect:[{-len(data)}, {len(data) - 1}], but got "
                         f"{number_index}.")
    return data[number_index]


@getitem.register("Tensor", "Number")
def _tensor_getitem_by_number(data, number_index):
    return compile_utils.tensor_index_by_number(data, number_index)


@getitem.register("Tensor", "None")
def _tensor_getitem_by_none(data, _):
    return F.expand_dims(data, 0)


@getitem.register("Tensor", "Tensor")
def _tensor_getitem_by_tensor(data, tensor_index):
    return compile_utils.tensor_index_by_tensor(data, tensor_index)


@getitem.register("Tensor", "Ellipsis")
def _tensor_getitem_by_ellipsis(data, _):
    return data


@getitem.register("Tensor", "List")
def _tensor_getitem_by_list(data, list_index):
    return compile_utils.tensor_index_by_list(data, list_index)


@getitem._register_default()
def default_getitem(x, y):
    """Any other pair: Python's ``x[y]``."""
    return x[y]
