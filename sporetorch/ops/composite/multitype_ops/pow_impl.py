"""``**`` (``pow_``) by argument types."""
from ... import functional as F
from ..base import MultitypeFuncGraph

pow_ = MultitypeFuncGraph("pow", True)


@pow_.register("Number", "Number")
def _pow_scalar(x, y):
    return F.scalar_pow(x, y)


@pow_.register("Tensor", "Tensor")
def _pow_tensor(x, y):
    return F.tensor_pow(x, y)


@pow_.register("Tensor", "Number")
def _tensor_pow_scalar(x, y):
    return F.tensor_pow(x, y)


@pow_.register("Number", "Tensor")
def _scalar_pow_tensor(x, y):
    return F.tensor_pow(x, y)


@pow_._register_default()
def default_pow(x, y):
    """Any other pair: Python's ``x ** y``."""
    return x ** y
