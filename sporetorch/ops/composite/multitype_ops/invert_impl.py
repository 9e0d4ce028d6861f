"""``~`` (``invert``) by argument type: an int is ``-x - 1`` (a bool counts as 0 or 1), a Tensor its logical not."""
from ... import functional as F
from ..base import MultitypeFuncGraph

invert = MultitypeFuncGraph("invert", True)


@invert.register("Number")
def _invert_scalar(x):
    if isinstance(x, bool):
        return -2 if x else -1
    if not isinstance(x, int):
        raise TypeError(f"bad operand type for unary ~: '{type(x)}")
    return -x - 1


@invert.register("Tensor")
def _invert_tensor(x):
    return F.logical_not(x)
