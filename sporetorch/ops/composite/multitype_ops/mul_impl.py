"""``*`` (``mul``, ``augassign_mul``) by argument types."""
from ....common import sparse_func
from ....common.sparse_tensor import COOTensor
from ... import functional as F
from ..base import MultitypeFuncGraph
from ._compile_utils import sequence_to_tensor

augassign_mul = MultitypeFuncGraph("augassign_mul", True)
mul = MultitypeFuncGraph("mul", True)


@augassign_mul.register("Number", "Number")
@mul.register("Number", "Number")
def _mul_scalar(x, y):
    return F.scalar_mul(x, y)


@mul.register("Tensor", "Tensor")
def _mul_tensor(x, y):
    return F.tensor_mul(x, y)


@augassign_mul.register("Number", "Tensor")
@mul.register("Number", "Tensor")
def _scalar_mul_tensor(x, y):
    return F.tensor_muls(y, x)


@mul.register("Tensor", "Number")
def _tensor_mul_scalar(x, y):
    return F.tensor_muls(x, y)


@augassign_mul.register("Number", "String")
@mul.register("Number", "String")
def _number_mul_string(x, y):
    return x * y


@augassign_mul.register("String", "Number")
@mul.register("String", "Number")
def _string_mul_number(x, y):
    return x * y


def _repeat(seq, times, name):
    """A tuple or list repeated ``times`` times (Python's ``seq * n``; the count must be an int)."""
    if not isinstance(times, int):
        raise TypeError(f"can't multiply sequence by non-int of type '{type(times)}'.")
    return seq * times


@augassign_mul.register("List", "Number")
@mul.register("List", "Number")
def _list_mul_scalar(x, y):
    return _repeat(x, y, "list")


@augassign_mul.register("Number", "List")
@mul.register("Number", "List")
def _scalar_mul_list(x, y):
    return _repeat(y, x, "list")


@augassign_mul.register("Tuple", "Number")
@mul.register("Tuple", "Number")
def _tuple_mul_scalar(x, y):
    return _repeat(x, y, "tuple")


@augassign_mul.register("Number", "Tuple")
@mul.register("Number", "Tuple")
def _scalar_mul_tuple(x, y):
    return _repeat(y, x, "tuple")


@augassign_mul.register("Tensor", "Tuple")
@mul.register("Tensor", "Tuple")
def _tensor_mul_tuple(x, y):
    return F.tensor_mul(x, sequence_to_tensor(y, x.dtype))


@augassign_mul.register("Tuple", "Tensor")
@mul.register("Tuple", "Tensor")
def _tuple_mul_tensor(x, y):
    return F.tensor_mul(sequence_to_tensor(x, y.dtype), y)


@augassign_mul.register("Tensor", "List")
@mul.register("Tensor", "List")
def _tensor_mul_list(x, y):
    return F.tensor_mul(x, sequence_to_tensor(y, x.dtype))


@augassign_mul.register("List", "Tensor")
@mul.register("List", "Tensor")
def _list_mul_tensor(x, y):
    return F.tensor_mul(sequence_to_tensor(x, y.dtype), y)


@augassign_mul.register("CSRTensor", "Tensor")
@mul.register("CSRTensor", "Tensor")
def _csrtensor_mul_tensor(x, y):
    return sparse_func.csr_mul(x, y)


@augassign_mul.register("Tensor", "CSRTensor")
@mul.register("Tensor", "CSRTensor")
def _tensor_mul_csrtensor(x, y):
    return sparse_func.csr_mul(y, x)


@augassign_mul.register("COOTensor", "Tensor")
@mul.register("COOTensor", "Tensor")
def _cootensor_mul_tensor(x, y):
    return COOTensor(x.indices, x.values * F.gather_nd(y, x.indices), x.shape)


@augassign_mul.register("Tensor", "COOTensor")
@mul.register("Tensor", "COOTensor")
def _tensor_mul_cootensor(x, y):
    return COOTensor(y.indices, y.values * F.gather_nd(x, y.indices), y.shape)


@augassign_mul._register_default()
@mul._register_default()
def default_mul(x, y):
    """Any other pair: Python's ``x * y``."""
    return x * y
