"""``!=`` (``not_equal``) by argument types: a value compared with None always differs."""
from ... import functional as F
from ..base import MultitypeFuncGraph

not_equal = MultitypeFuncGraph("not_equal", True)


@not_equal.register("Number", "Number")
def _not_equal_scalar(x, y):
    return not F.scalar_eq(x, y)


@not_equal.register("mstype", "mstype")
def _not_equal_mstype(x, y):
    return x != y


@not_equal.register("String", "None")
def _string_not_equal_none(x, y):
    return True


@not_equal.register("None", "String")
def _none_not_equal_string(x, y):
    return True


@not_equal.register("None", "None")
def _none_not_equal_none(x, y):
    return False


@not_equal.register("Number", "None")
def _scalar_not_equal_none(x, y):
    return True


@not_equal.register("None", "Number")
def _none_not_equal_scalar(x, y):
    return True


@not_equal.register("Tuple", "Tuple")
def _not_euqal_tuple(x, y):
    return not F.tuple_equal(x, y)


@not_equal.register("List", "List")
def _not_euqal_list(x, y):
    return not F.list_equal(x, y)


@not_equal.register("Tuple", "None")
def _tuple_not_euqal_none(x, y):
    return True


@not_equal.register("None", "Tuple")
def _none_not_equal_tuple(x, y):
    return True


@not_equal.register("Tensor", "Number")
@not_equal.register("Number", "Tensor")
@not_equal.register("Tensor", "Tensor")
def _tensor_not_equal_tensor(x, y):
    return F.not_equal(x, y)


@not_equal.register("Tensor", "None")
def _tensor_not_equal_none(x, y):
    return True


@not_equal.register("None", "Tensor")
def _none_not_equal_tensor(x, y):
    return True


@not_equal.register("List", "None")
def _list_not_equal_none(x, y):
    return True


@not_equal.register("None", "List")
def _none_not_equal_list(x, y):
    return True


@not_equal._register_default()
def default_not_equal(x, y):
    """Any other pair: Python's ``x != y``."""
    return x != y
