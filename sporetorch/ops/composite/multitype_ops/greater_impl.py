"""``>`` (``greater``) by argument types."""
from ... import functional as F
from ..base import MultitypeFuncGraph

greater = MultitypeFuncGraph("greater", True)


@greater.register("Number", "Number")
def _greater_scalar(x, y):
    return F.scalar_gt(x, y)


@greater.register("Tensor", "Number")
@greater.register("Number", "Tensor")
@greater.register("Tensor", "Tensor")
def _greater_tensor(x, y):
    return F.tensor_gt(x, y)


@greater.register("Tuple", "Tuple")
def _greater_than_tuple(x, y):
    return x > y


@greater.register("List", "List")
def _greater_than_list(x, y):
    return x > y


@greater._register_default()
def default_greater(x, y):
    """Any other pair: Python's ``x > y``."""
    return x > y
