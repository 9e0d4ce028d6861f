"""``-`` (``sub``, ``augassign_sub``) by argument types."""
from ....common import sparse_func
from ... import functional as F
from ..base import MultitypeFuncGraph
from ._compile_utils import sequence_to_tensor

augassign_sub = MultitypeFuncGraph("augassign_sub", True)
sub = MultitypeFuncGraph("sub", True)


@augassign_sub.register("Number", "Number")
@sub.register("Number", "Number")
def _sub_scalar(x, y):
    return F.scalar_sub(x, y)


@sub.register("Tensor", "Tensor")
def _sub_tensor(x, y):
    return F.tensor_sub(x, y)


@augassign_sub.register("Number", "Tensor")
@sub.register("Number", "Tensor")
def _scalar_sub_tensor(x, y):
    return F.tensor_sub(x, y)


@sub.register("Tensor", "Number")
def _tensor_sub_scalar(x, y):
    return F.tensor_sub(x, y)


@augassign_sub.register("Tuple", "Tensor")
@sub.register("Tuple", "Tensor")
def _tuple_sub_tensor(x, y):
    return F.tensor_sub(sequence_to_tensor(x, y.dtype), y)


@augassign_sub.register("Tensor", "Tuple")
@sub.register("Tensor", "Tuple")
def _tensor_sub_tuple(x, y):
    return F.tensor_sub(x, sequence_to_tensor(y, x.dtype))


@augassign_sub.register("List", "Tensor")
@sub.register("List", "Tensor")
def _list_sub_tensor(x, y):
    return F.tensor_sub(sequence_to_tensor(x, y.dtype), y)


@augassign_sub.register("Tensor", "List")
@sub.register("Tensor", "List")
def _tensor_sub_list(x, y):
    return F.tensor_sub(x, sequence_to_tensor(y, x.dtype))


@augassign_sub.register("CSRTensor", "CSRTensor")
@sub.register("CSRTensor", "CSRTensor")
def _sub_csrtensor(x, y):
    return sparse_func.csr_add(x, y, F.scalar_to_tensor(1, x.values.dtype), F.scalar_to_tensor(-1, x.values.dtype))


@augassign_sub.register("COOTensor", "COOTensor")
@sub.register("COOTensor", "COOTensor")
def _sub_cootensor(x, y):
    return sparse_func.coo_add(x, -y, F.scalar_to_tensor(0, x.values.dtype))


@augassign_sub.register("Tensor", "COOTensor")
@sub.register("Tensor", "COOTensor")
def _tensor_sub_cootensor(x, y):
    return F.tensor_scatter_sub(x, y.indices, y.values)


@augassign_sub.register("COOTensor", "Tensor")
@sub.register("COOTensor", "Tensor")
def _cootensor_sub_tensor(x, y):
    return F.tensor_scatter_add(-y, x.indices, x.values)


@augassign_sub._register_default()
@sub._register_default()
def default_sub(x, y):
    """Any other pair: Python's ``x - y``."""
    return x - y
