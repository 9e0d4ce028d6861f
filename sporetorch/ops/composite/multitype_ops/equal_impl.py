"""``==`` (``equal``) by argument types: a value compared with None is never equal."""
from ... import functional as F
from ..base import MultitypeFuncGraph

equal = MultitypeFuncGraph("equal", True)


@equal.register("Number", "Number")
def _equal_scalar(x, y):
    return F.scalar_eq(x, y)


@equal.register("mstype", "mstype")
def _equal_mstype(x, y):
    return x == y


@equal.register("String", "None")
def _string_equal_none(x, y):
    return False


@equal.register("None", "String")
def _none_equal_string(x, y):
    return False


@equal.register("None", "None")
def _none_equal_none(x, y):
    return True


@equal.register("Number", "None")
def _scalar_equal_none(x, y):
    return False


@equal.register("None", "Number")
def _none_equal_scalar(x, y):
    return False


@equal.register("Tuple", "Tuple")
def _euqal_tuple(x, y):
    return F.tuple_equal(x, y)


@equal.register("List", "List")
def _euqal_list(x, y):
    return F.list_equal(x, y)


@equal.register("Tuple", "None")
def _tuple_euqal_none(x, y):
    return False


@equal.register("None", "Tuple")
def _none_equal_tuple(x, y):
    return False


@equal.register("Tensor", "Number")
def _tensor_equal_scalar(x, y):
    return F.equal(x, y)


@equal.register("Number", "Tensor")
def _scalar_equal_tensor(x, y):
    return F.equal(y, x)


@equal.register("Tensor", "Tensor")
def _tensor_equal_tensor(x, y):
    return F.equal(x, y)


@equal.register("Tensor", "None")
def _tensor_equal_none(x, y):
    return False


@equal.register("None", "Tensor")
def _none_equal_tensor(x, y):
    return False


@equal.register("List", "None")
def _list_equal_none(x, y):
    return False


@equal.register("None", "List")
def _none_equal_list(x, y):
    return False


@equal.register("Number", "String")
def _number_equal_string(x, y):
    return False


@equal.register("String", "Number")
def _string_equal_number(x, y):
    return False


@equal._register_default()
def default_equal(x, y):
    """Any other pair: Python's ``x == y``."""
    return x == y
