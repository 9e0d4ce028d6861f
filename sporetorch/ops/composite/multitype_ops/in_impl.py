"""``in`` (``in_``) by argument types."""
from ... import functional as F
from ..base import MultitypeFuncGraph
from ._compile_utils import tensor_in_sequence

in_ = MultitypeFuncGraph("in", True)


@in_.register("Number", "Tuple")
def _number_in_tuple(x, y):
    return x in y


@in_.register("Number", "List")
def _number_in_list(x, y):
    return x in y


@in_.register("String", "Tuple")
def _string_in_tuple(x, y):
    return x in y


@in_.register("String", "List")
def _string_in_list(x, y):
    return x in y


@in_.register("Tensor", "Dictionary")
@in_.register("Tuple", "Dictionary")
@in_.register("Number", "Dictionary")
@in_.register("String", "Dictionary")
def _str_in_dict(x, y):
    return F.in_dict(x, y)


@in_.register("Tensor", "List")
def _tensor_in_list(x, y):
    return tensor_in_sequence(x, y)


@in_.register("Tensor", "Tuple")
def _tensor_in_tuple(x, y):
    return tensor_in_sequence(x, y)


@in_.register("TypeType", "List")
def _mstype_in_list(x, y):
    return any(x == item for item in y)


@in_.register("TypeType", "Tuple")
def _mstype_in_tuple(x, y):
    return any(x == item for item in y)


@in_._register_default()
def default_in(x, y):
    """Any other pair: Python's ``x in y``."""
    return x in y


