"""``x[i] = v`` (``setitem``) by argument types. A list gives a new list with the item replaced; a Tensor a new
Tensor (a Parameter is updated in place), through the Tensor setitem helpers of ``_compile_utils``."""
from ... import functional as F
from ..base import MultitypeFuncGraph
from . import _compile_utils as compile_utils

setitem = MultitypeFuncGraph("setitem", True)


def _list_set(data, index, value):
    if index < -len(data) or index >= len(data):
        raise IndexError(f"list_setitem evaluator the index: {index} to set out of range: [{-len(data)},"
                         f"{len(data) - 1}].")
    out = list(data)
    out[index] = value
    return out


@setitem.register("List", "Number", "String")
def _list_setitem_with_string(data, number_index, value):
    return _list_set(data, number_index, value)


@setitem.register("List", "Number", "Number")
def _list_setitem_with_number(data, number_index, value):
    return _list_set(data, number_index, value)


@setitem.register("List", "Number", "List")
def _list_setitem_with_list(data, number_index, value):
    return _list_set(data, number_index, value)


@setitem.register("List", "Number", "Tuple")
def _list_setitem_with_tuple(data, number_index, value):
    return _list_set(data, number_index, value)


@setitem.register("List", "Slice", "Number")
def _list_slice_setitem_with_number(data, slice_index, value):
    """A number is no iterable: Python's TypeError, as MindSpore raises it."""
    if slice_index.step in (1, None):
        raise TypeError("can only assign an iterable")
    raise TypeError("must assign iterable to extended slice")


@setitem.register("Tensor", "Tensor", "Tensor")
def _tensor_setitem_by_tensor_with_tensor(data, index, value_tensor):
    return compile_utils.tensor_setitem_by_tensor_with_tensor(data, index, value_tensor)


@setitem.register("Tensor", "Tensor", "Number")
def _tensor_setitem_by_tensor_with_number(data, index, value):
    return compile_utils.tensor_setitem_by_tensor_with_number(data, index, value)


@setitem.register("Tensor", "Tensor", "Tuple")
def _tensor_setitem_by_tensor_with_tuple(data, index, value):
    return compile_utils.tensor_setitem_by_tensor_with_sequence(data, index, value)


@setitem.register("Tensor", "Tensor", "List")
def _tensor_setitem_by_tensor_with_list(data, index, value):
    return compile_utils.tensor_setitem_by_tensor_with_sequence(data, index, value)


@setitem.register("Tensor", "Number", "Number")
def _tensor_setitem_by_number_with_number(data, index, value):
    if isinstance(index, bool):
        return compile_utils.tensor_setitem_by_bool(data, index, value)
    return compile_utils.tensor_setitem_by_number_with_number(data, index, value)


@setitem.register("Tensor", "Number", "Tensor")
def _tensor_setitem_by_number_with_tensor(data, index, value):
    if isinstance(index, bool):
        return compile_utils.tensor_setitem_by_bool(data, index, value)
    return compile_utils.tensor_setitem_by_number_with_tensor(data, index, value)


@setitem.register("Tensor", "Number", "Tuple")
def _tensor_setitem_by_number_with_tuple(data, index, value):
    if isinstance(index, bool):
        return compile_utils.tensor_setitem_by_bool(data, index, value)
    return compile_utils.tensor_setitem_by_number_with_sequence(data, index, value)


@setitem.register("Tensor", "Number", "List")
def _tensor_setitem_by_number_with_list(data, index, value):
    if isinstance(index, bool):
        return compile_utils.tensor_setitem_by_bool(data, index, value)
    return compile_utils.tensor_setitem_by_number_with_sequence(data, index, value)


@setitem.register("Tensor", "Ellipsis", "Number")
def _tensor_setitem_by_ellipsis_with_number(data, index, value):
    return compile_utils.tensor_setitem_by_ellipsis_with_number(data, value)


@setitem.register("Tensor", "Ellipsis", "Tensor")
def _tensor_setitem_by_ellipsis_with_tensor(data, index, value):
    return compile_utils.tensor_setitem_by_ellipsis_with_tensor(data, value)


@setitem.register("Tensor", "Ellipsis", "List")
def _tensor_setitem_by_ellipsis_with_list(data, index, value):
    return compile_utils.tensor_setitem_by_ellipsis_with_sequence(data, value)


@setitem.register("Tensor", "Ellipsis", "Tuple")
def _tensor_setitem_by_ellipsis_with_tuple(data, index, value):
    return compile_utils.tensor_setitem_by_ellipsis_with_sequence(data, value)


@setitem.register("Tensor", "None", "Number")
def _tensor_setitem_by_none_with_number(data, index, value):
    return compile_utils.tensor_setitem_by_ellipsis_with_number(data, value)


@setitem.register("Tensor", "None", "Tensor")
def _tensor_setitem_by_none_with_tensor(data, index, value):
    return compile_utils.tensor_setitem_by_ellipsis_with_tensor(data, value)


@setitem.register("Tensor", "None", "List")
def _tensor_setitem_by_none_with_list(data, index, value):
    return compile_utils.tensor_setitem_by_ellipsis_with_sequence(data, value)


@setitem.register("Tensor", "None", "Tuple")
def _tensor_setitem_by_none_with_tuple(data, index, value):
    return compile_utils.tensor_setitem_by_ellipsis_with_sequence(data, value)


@setitem.register("Tensor", "List", "Number")
def _tensor_setitem_by_list_with_number(data, index, value):
    return compile_utils.tensor_setitem_by_list(data, index, F.scalar_to_tensor(value, data.dtype))


@setitem.register("Tensor", "List", "Tensor")
def _tensor_setitem_by_list_with_tensor(data, index, value):
    return compile_utils.tensor_setitem_by_list(data, index, value)


@setitem.register("Tensor", "List", "Tuple")
def _tensor_setitem_by_list_with_tuple(data, index, value):
    return compile_utils.tensor_setitem_by_list(data, index, compile_utils.sequence_to_tensor(value, data.dtype))


@setitem.register("Tensor", "List", "List")
def _tensor_setitem_by_list_with_list(data, index, value):
    return compile_utils.tensor_setitem_by_list(data, index, compile_utils.sequence_to_tensor(value, data.dtype))


@setitem._register_default()
def default_getitem(x, y, z):
    """Any other triple: Python's ``x[y] = z``; returns ``x``."""
    x[y] = z
    return x
