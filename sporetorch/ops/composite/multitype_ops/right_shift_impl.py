"""``>>`` (``right_shift``) by argument types."""
from ..base import MultitypeFuncGraph

right_shift = MultitypeFuncGraph("right_shift", True)


@right_shift._register_default()
def default_right_shift(x, y):
    """Any other pair: Python's ``x >> y``."""
    return x >> y
