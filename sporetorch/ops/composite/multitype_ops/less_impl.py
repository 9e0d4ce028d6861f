"""``<`` (``less``) by argument types."""
from ... import functional as F
from ..base import MultitypeFuncGraph

less = MultitypeFuncGraph("less", True)


@less.register("Number", "Number")
def _less_scala(x, y):
    return F.scalar_lt(x, y)


@less.register("Tensor", "Number")
@less.register("Tensor", "Tensor")
def _less_tensor(x, y):
    return F.tensor_lt(x, y)


@less.register("Number", "Tensor")
def _less_scalar_tensor(x, y):
    return F.tensor_gt(y, x)


@less.register("Tuple", "Tuple")
def _less_tuple(x, y):
    return x < y


@less.register("List", "List")
def _less_list(x, y):
    return x < y


@less._register_default()
def default_less(x, y):
    """Any other pair: Python's ``x < y``."""
    return x < y
