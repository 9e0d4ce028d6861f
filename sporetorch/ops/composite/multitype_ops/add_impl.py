"""``+`` (``add``, ``augassign_add``) and the gradient accumulation ``_add_backward``, by argument types."""
from ....common import sparse_func
from ... import functional as F
from ..base import HyperMap, MultitypeFuncGraph
from ._compile_utils import sequence_to_tensor

augassign_add = MultitypeFuncGraph("augassign_add", True)
add = MultitypeFuncGraph("add", True)
_add_backward = MultitypeFuncGraph("add_backward")


@augassign_add.register("Number", "Number")
@add.register("Number", "Number")
@_add_backward.register("Number", "Number")
def _scalar_add_scalar(x, y):
    return F.scalar_add(x, y)


@augassign_add.register("Number", "Tensor")
@add.register("Number", "Tensor")
def _scalar_add_tensor(x, y):
    return F.add(x, y)


@add.register("Tensor", "Number")
def _tensor_add_scalar(x, y):
    return F.add(x, y)


@augassign_add.register("Tuple", "Tensor")
@add.register("Tuple", "Tensor")
def _tuple_add_tensor(x, y):
    return F.tensor_add(sequence_to_tensor(x, y.dtype), y)


@augassign_add.register("Tensor", "Tuple")
@add.register("Tensor", "Tuple")
def _tensor_add_tuple(x, y):
    return F.tensor_add(x, sequence_to_tensor(y, x.dtype))


@augassign_add.register("List", "Tensor")
@add.register("List", "Tensor")
def _list_add_tensor(x, y):
    return F.tensor_add(sequence_to_tensor(x, y.dtype), y)


@augassign_add.register("Tensor", "List")
@add.register("Tensor", "List")
def _tensor_add_list(x, y):
    return F.tensor_add(x, sequence_to_tensor(y, x.dtype))


@add.register("Tensor", "Tensor")
def _tensor_add_tensor(x, y):
    return F.add(x, y)


@add.register("None", "None")
def _none_add_none(x, y):
    return None


def _check_same_shape(x, y):
    if tuple(x.shape) != tuple(y.shape):
        raise ValueError(f"input1 (shape={tuple(x.shape)}) and input2(shape={tuple(y.shape)}) should be the same "
                         "shape.")


@augassign_add.register("COOTensor", "COOTensor")
@add.register("COOTensor", "COOTensor")
def _add_cootensor(x, y):
    _check_same_shape(x, y)
    return sparse_func.coo_add(x, y, F.scalar_to_tensor(0, x.values.dtype))


@augassign_add.register("CSRTensor", "CSRTensor")
@add.register("CSRTensor", "CSRTensor")
def _add_csrtensor(x, y):
    _check_same_shape(x, y)
    one = F.scalar_to_tensor(1, x.values.dtype)
    return sparse_func.csr_add(x, y, one, one)


@augassign_add.register("COOTensor", "Tensor")
@add.register("COOTensor", "Tensor")
def _add_cootensor_tensor(x, y):
    _check_same_shape(x, y)
    return F.tensor_scatter_add(y, x.indices, x.values)


@augassign_add.register("Tensor", "COOTensor")
@add.register("Tensor", "COOTensor")
def _add_tensor_cootensor(x, y):
    _check_same_shape(x, y)
    return F.tensor_scatter_add(x, y.indices, y.values)


@_add_backward.register("Tensor", "Tensor")
def _add_addn(x, y):
    return F.addn((x, y))


# Graph-only values (monads, map tensors) pass through a gradient sum unchanged.
@_add_backward.register("UMonad", "UMonad")
def _add_umonad_umonad(x, y):
    return x


@_add_backward.register("IOMonad", "IOMonad")
def _add_iomonad_iomonad(x, y):
    return x


@_add_backward.register("MapTensor", "MapTensor")
def _map_tensor_add_backward(x, y):
    return x


@augassign_add._register_default()
@add._register_default()
def default_add(x, y):
    """Any other pair: Python's ``x + y``."""
    return x + y


hyper_add = HyperMap(_add_backward)
