"""``/`` (``div``, ``augassign_div``) by argument types."""
from ....common import sparse_func
from ....common.sparse_tensor import COOTensor
from ... import functional as F
from ..base import MultitypeFuncGraph
from ._compile_utils import sequence_to_tensor

augassign_div = MultitypeFuncGraph("augassign_div", True)
div = MultitypeFuncGraph("div", True)


@augassign_div.register("Number", "Number")
@div.register("Number", "Number")
def _div_scalar(x, y):
    return F.scalar_div(x, y)


@div.register("Tensor", "Tensor")
def _div_tensor(x, y):
    return F.tensor_div(x, y)


@augassign_div.register("Number", "Tensor")
@div.register("Number", "Tensor")
def _scalar_div_tensor(x, y):
    return F.tensor_muls(F.reciprocal(y), x)


@div.register("Tensor", "Number")
def _tensor_div_scalar(x, y):
    return F.tensor_div(x, y)


@augassign_div.register("Tuple", "Tensor")
@div.register("Tuple", "Tensor")
def _tuple_div_tensor(x, y):
    return F.tensor_div(sequence_to_tensor(x, y.dtype), y)


@augassign_div.register("Tensor", "Tuple")
@div.register("Tensor", "Tuple")
def _tensor_div_tuple(x, y):
    return F.tensor_div(x, sequence_to_tensor(y, x.dtype))


@augassign_div.register("List", "Tensor")
@div.register("List", "Tensor")
def _list_div_tensor(x, y):
    return F.tensor_div(sequence_to_tensor(x, y.dtype), y)


@augassign_div.register("Tensor", "List")
@div.register("Tensor", "List")
def _tensor_div_list(x, y):
    return F.tensor_div(x, sequence_to_tensor(y, x.dtype))


@augassign_div.register("CSRTensor", "Tensor")
@div.register("CSRTensor", "Tensor")
def _csrtensor_div_tensor(x, y):
    # As in MindSpore, zero entries of the dense divisor are ignored (the CSR values keep their positions).
    return sparse_func.csr_div(x, y)


@augassign_div.register("COOTensor", "Tensor")
@div.register("COOTensor", "Tensor")
def _cootensor_div_tensor(x, y):
    return COOTensor(x.indices, x.values / F.gather_nd(y, x.indices), x.shape)


@augassign_div._register_default()
@div._register_default()
def default_div(x, y):
    """Any other pair: Python's ``x / y`` (a zero divisor is a ValueError, as in MindSpore)."""
    if y != 0:
        return x / y
    raise ValueError("division by zero")
