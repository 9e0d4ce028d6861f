"""``|`` (``bitwise_or``) by argument types."""
from ....common.tensor import Tensor
from ... import functional as F
from ..base import MultitypeFuncGraph

bitwise_or = MultitypeFuncGraph("bitwise_or", True)


@bitwise_or.register("Number", "Number")
def _bitwise_or_scalar(x, y):
    return F.bitwise_or(Tensor(x), Tensor(y))


@bitwise_or.register("Tensor", "Tensor")
def _bitwise_or_tensor(x, y):
    return F.bitwise_or(x, y)


@bitwise_or.register("Tensor", "Number")
def _tensor_bitwise_or_scalar(x, y):
    return F.bitwise_or(x, y)


@bitwise_or.register("Number", "Tensor")
def _scalar_bitwise_or_tensor(x, y):
    return F.bitwise_or(x, y)


@bitwise_or._register_default()
def default_bitwsie_or(x, y):
    """Any other pair: Python's ``x | y``."""
    return x | y
