"""``%`` (``mod``, ``augassign_mod``) by argument types."""
from ... import functional as F
from ..base import MultitypeFuncGraph
from ._compile_utils import sequence_to_tensor

augassign_mod = MultitypeFuncGraph("augassign_mod", True)
mod = MultitypeFuncGraph("mod", True)


@augassign_mod.register("Number", "Number")
@mod.register("Number", "Number")
def _mod_scalar(x, y):
    return F.scalar_mod(x, y)


@augassign_mod.register("Tuple", "Tensor")
@mod.register("Tuple", "Tensor")
def _tuple_mod_tensor(x, y):
    return F.tensor_mod(sequence_to_tensor(x, y.dtype), y)


@augassign_mod.register("Tensor", "Tuple")
@mod.register("Tensor", "Tuple")
def _tensor_mod_tuple(x, y):
    return F.tensor_mod(x, sequence_to_tensor(y, x.dtype))


@augassign_mod.register("List", "Tensor")
@mod.register("List", "Tensor")
def _list_mod_tensor(x, y):
    return F.tensor_mod(sequence_to_tensor(x, y.dtype), y)


@augassign_mod.register("Tensor", "List")
@mod.register("Tensor", "List")
def _tensor_mod_list(x, y):
    return F.tensor_mod(x, sequence_to_tensor(y, x.dtype))


@augassign_mod._register_default()
@mod._register_default()
def default_mod(x, y):
    """Any other pair: Python's ``x % y``."""
    return x % y
