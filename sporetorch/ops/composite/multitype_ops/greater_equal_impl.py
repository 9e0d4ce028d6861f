"""``>=`` (``greater_equal``) by argument types."""
from ... import functional as F
from ..base import MultitypeFuncGraph

greater_equal = MultitypeFuncGraph("greater_equal", True)


@greater_equal.register("Number", "Number")
def _greater_equal_scala(x, y):
    return F.scalar_ge(x, y)


@greater_equal.register("Tensor", "Number")
@greater_equal.register("Number", "Tensor")
@greater_equal.register("Tensor", "Tensor")
def _greater_equal_tensor(x, y):
    return F.tensor_ge(x, y)


@greater_equal.register("Tuple", "Tuple")
def _greater_equal_tuple(x, y):
    return x >= y


@greater_equal.register("List", "List")
def _greater_equal_list(x, y):
    return x >= y


@greater_equal._register_default()
def default_greater_equal(x, y):
    """Any other pair: Python's ``x >= y``."""
    return x >= y
