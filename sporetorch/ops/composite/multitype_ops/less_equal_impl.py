"""``<=`` (``less_equal``) by argument types."""
from ... import functional as F
from ..base import MultitypeFuncGraph

less_equal = MultitypeFuncGraph("less_equal", True)


@less_equal.register("Number", "Number")
def _less_equal_scala(x, y):
    return F.scalar_le(x, y)


@less_equal.register("Tensor", "Number")
@less_equal.register("Number", "Tensor")
@less_equal.register("Tensor", "Tensor")
def _less_equal_tensor(x, y):
    return F.tensor_le(x, y)


@less_equal.register("Tuple", "Tuple")
def _less_equal_tuple(x, y):
    return x <= y


@less_equal.register("List", "List")
def _less_equal_list(x, y):
    return x <= y


@less_equal._register_default()
def default_less_equal(x, y):
    """Any other pair: Python's ``x <= y``."""
    return x <= y
