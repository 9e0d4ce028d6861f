"""``mindspore.mint.special``: torch.special-style functions over :mod:`sporetorch.ops`."""
from .. import ops
from .nn.functional import log_softmax  # noqa: F401 - the same function as mint.nn.functional's

__all__ = ["erfc", "exp2", "expm1", "log1p", "log_softmax", "round", "round_op", "sinc"]

erfc = ops.erfc
exp2 = ops.exp2
expm1 = ops.expm1
log1p = ops.log1p
sinc = ops.sinc
round = ops.round


def round_op(input, decimals=0):
    """Round half to even to ``decimals`` places (``mindspore.mint.special.round_op``)."""
    return ops.round(input, decimals=decimals)

