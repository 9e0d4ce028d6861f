"""``<<`` (``left_shift``) by argument types."""
from ..base import MultitypeFuncGraph

left_shift = MultitypeFuncGraph("left_shift", True)


@left_shift._register_default()
def default_left_shift(x, y):
    """Any other pair: Python's ``x << y``."""
    return x << y
