"""``^`` (``bitwise_xor``) by argument types."""
from ... import functional as F
from ..base import MultitypeFuncGraph

bitwise_xor = MultitypeFuncGraph("bitwise_xor", True)


@bitwise_xor.register("Tensor", "Tensor")
def _bitwise_xor_tensor(x, y):
    return F.bitwise_xor(x, y)


@bitwise_xor.register("Tensor", "Number")
def _tensor_bitwise_xor_scalar(x, y):
    return F.bitwise_xor(x, y)


@bitwise_xor.register("Number", "Tensor")
def _scalar_bitwise_xor_tensor(x, y):
    return F.bitwise_xor(x, y)


@bitwise_xor._register_default()
def default_bitwsie_xor(x, y):
    """Any other pair: Python's ``x ^ y``."""
    return x ^ y
