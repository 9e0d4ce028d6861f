"""``&`` (``bitwise_and``) by argument types."""
from ....common.tensor import Tensor
from ... import functional as F
from ..base import MultitypeFuncGraph

bitwise_and = MultitypeFuncGraph("bitwise_and", True)


@bitwise_and.register("Number", "Number")
def _bitwise_and_scalar(x, y):
    return F.bitwise_and(Tensor(x), Tensor(y))


@bitwise_and.register("Tensor", "Tensor")
def _bitwise_and_tensor(x, y):
    return F.bitwise_and(x, y)


@bitwise_and.register("Tensor", "Number")
def _tensor_bitwise_and_scalar(x, y):
    return F.bitwise_and(x, y)


@bitwise_and.register("Number", "Tensor")
def _scalar_bitwise_and_tensor(x, y):
    return F.bitwise_and(x, y)


@bitwise_and._register_default()
def default_bitwsie_add(x, y):
    """Any other pair: Python's ``x & y``."""
    return x & y
