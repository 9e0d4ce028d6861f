"""``not`` (``logical_not``) by argument types: numbers and one-element Tensors give a bool Tensor, sequences
give whether they are empty."""
from ... import functional as F
from ..base import MultitypeFuncGraph

logical_not = MultitypeFuncGraph("logical_not", True)


@logical_not.register("Number")
def _logical_not_scala(x):
    return F.bool_not(bool(x))


@logical_not.register("None")
def _logical_not_none(x):
    return True


@logical_not.register("Tensor")
def _logical_not_tensor(x):
    return F.bool_not(bool(x))


@logical_not.register("Tuple")
def _logical_not_tuple(x):
    return len(x) == 0


@logical_not.register("List")
def _logical_not_list(x):
    return len(x) == 0


@logical_not._register_default()
def default_logical_not(x):
    """Any other value: Python's ``not x``."""
    return not x
