"""``//`` (``floordiv``, ``augassign_floordiv``) by argument types."""
from ... import functional as F
from ..base import MultitypeFuncGraph
from ._compile_utils import sequence_to_tensor

augassign_floordiv = MultitypeFuncGraph("augassign_floordiv", True)
floordiv = MultitypeFuncGraph("floordiv", True)


@augassign_floordiv.register("Number", "Number")
@floordiv.register("Number", "Number")
def _floordiv_scalar(x, y):
    return F.scalar_floordiv(x, y)


@floordiv.register("Tensor", "Tensor")
def _floordiv_tensor(x, y):
    return F.tensor_floordiv(x, y)


@floordiv.register("Tensor", "Number")
def _tensor_floordiv_scalar(x, y):
    return F.tensor_floordiv(x, y)


@augassign_floordiv.register("Number", "Tensor")
@floordiv.register("Number", "Tensor")
def _scalar_floordiv_tensor(x, y):
    return F.tensor_floordiv(x, y)


@augassign_floordiv.register("Tuple", "Tensor")
@floordiv.register("Tuple", "Tensor")
def _tuple_floordiv_tensor(x, y):
    return F.tensor_floordiv(sequence_to_tensor(x, y.dtype), y)


@augassign_floordiv.register("Tensor", "Tuple")
@floordiv.register("Tensor", "Tuple")
def _tensor_floordiv_tuple(x, y):
    return F.tensor_floordiv(x, sequence_to_tensor(y, x.dtype))


@augassign_floordiv.register("List", "Tensor")
@floordiv.register("List", "Tensor")
def _list_floordiv_tensor(x, y):
    return F.tensor_floordiv(sequence_to_tensor(x, y.dtype), y)


@augassign_floordiv.register("Tensor", "List")
@floordiv.register("Tensor", "List")
def _tensor_floordiv_list(x, y):
    return F.tensor_floordiv(x, sequence_to_tensor(y, x.dtype))


@augassign_floordiv._register_default()
@floordiv._register_default()
def default_floordiv(x, y):
    """Any other pair: Python's ``x // y`` (a zero divisor is a ValueError, as in MindSpore)."""
    if y == 0:
        raise ValueError("division by zero")
    return x // y
