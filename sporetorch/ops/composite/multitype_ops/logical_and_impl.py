"""``and`` (``logical_and``) by argument types."""
from ... import functional as F
from ..base import MultitypeFuncGraph

logical_and = MultitypeFuncGraph("logical_and", True)


@logical_and.register("Tensor", "Tensor")
def _logical_and_tensor(x, y):
    return F.logical_and(x, y)


@logical_and._register_default()
def default_logical_and(x, y):
    """Any other pair: Python's ``x and y``."""
    return x and y
