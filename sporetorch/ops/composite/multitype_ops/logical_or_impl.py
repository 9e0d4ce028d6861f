"""``or`` (``logical_or``) by argument types."""
from ... import functional as F
from ..base import MultitypeFuncGraph

logical_or = MultitypeFuncGraph("logical_or", True)


@logical_or.register("Tensor", "Tensor")
def _logical_or_tensor(x, y):
    return F.logical_or(x, y)


@logical_or._register_default()
def default_logical_or(x, y):
    """Any other pair: Python's ``x or y``."""
    return x or y
