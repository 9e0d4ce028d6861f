"""``not in`` (``not_in_``) by argument types."""
from ... import functional as F
from ..base import MultitypeFuncGraph
from ._compile_utils import tensor_in_sequence

not_in_ = MultitypeFuncGraph("not_in", True)


@not_in_.register("Number", "Tuple")
def _number_not_in_tuple(x, y):
    return x not in y


@not_in_.register("Number", "List")
def _number_not_in_list(x, y):
    return x not in y


@not_in_.register("String", "Tuple")
def _string_not_in_tuple(x, y):
    return x not in y


@not_in_.register("String", "List")
def _string_not_in_list(x, y):
    return x not in y


@not_in_.register("Tensor", "Dictionary")
@not_in_.register("Tuple", "Dictionary")
@not_in_.register("Number", "Dictionary")
@not_in_.register("String", "Dictionary")
def _str_not_in_dict(x, y):
    return F.not_in_dict(x, y)


@not_in_.register("Tensor", "List")
def _tensor_not_in_list(x, y):
    return not tensor_in_sequence(x, y)


@not_in_.register("Tensor", "Tuple")
def _tensor_not_in_tuple(x, y):
    return not tensor_in_sequence(x, y)


@not_in_.register("TypeType", "List")
def _mstype_not_in_list(x, y):
    return not any(x == item for item in y)


@not_in_.register("TypeType", "Tuple")
def _mstype_not_in_tuple(x, y):
    return not any(x == item for item in y)


@not_in_._register_default()
def default_not_in(x, y):
    """Any other pair: Python's ``x not in y``."""
    return x not in y


