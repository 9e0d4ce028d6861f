"""Unary ``+`` (``uadd``): the value itself."""
from ..base import MultitypeFuncGraph

uadd = MultitypeFuncGraph("uadd", True)


@uadd.register("Tensor")
@uadd.register("Number")
def _uadd_scala(x):
    return x
