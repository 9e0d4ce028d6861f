"""``mindspore.ops.composite.multitype_ops._constexpr_utils``: shape arithmetic of Tensor indexing (evaluated
on Python values, as MindSpore evaluates it at compile time)."""
from ....common.tensor import Tensor

ALL_TENSOR = 0
NO_TENSOR = 1
INT_ = 0
BOOL_ = 1
SET_ITEM_BY_ONE_TENSOR = 0
SET_ITEM_BY_TUPLE_OF_TENSOR = 1
SET_ITEM_BY_NON_TENSOR = 2


def _deep_tensor_to_nparray(array_like):
    """Tensors in (nested) lists replaced, in place, by NumPy arrays; a Tensor itself becomes its array."""
    if isinstance(array_like, Tensor):
        return array_like.asnumpy()
    if isinstance(array_like, list):
        for i, value in enumerate(array_like):
            array_like[i] = _deep_tensor_to_nparray(value)
    return array_like


def _judge_order_continuous(order_sequence):
    """Whether the integers are consecutive and increasing (an empty sequence is not)."""
    if not order_sequence:
        return False
    return all(a + 1 == b for a, b in zip(order_sequence[:-1], order_sequence[1:]))


def ellipsis2slice(input_, shape):
    """An index with its ``...`` replaced by full slices for the dimensions of ``shape`` it stands for."""
    index = (input_,) if input_ is Ellipsis else input_
    result = []
    seen = 0
    for element in index:
        if element is not Ellipsis:
            result.append(element)
            continue
        seen += 1
        if seen > 1:
            raise IndexError("There cannot be more than one ellisis (...) in the index of the tensor, but it is "
                             f"currently {index}")
        result.extend(slice(None, None, None) for _ in range(len(shape) - len(index) + 1))
    return tuple(result)


def expanded_shape(shape, expand_size):
    return (1,) * expand_size + tuple(shape)


def generate_updates_shape(data_shape, index_shape, op_type):
    """The shape of the updates a scatter by ``index_shape`` indices into ``data_shape`` takes."""
    if op_type == SET_ITEM_BY_ONE_TENSOR:
        return tuple(index_shape) + tuple(data_shape[1:])
    return tuple(index_shape[:-1]) + tuple(data_shape[index_shape[-1]:])


def get_source_shape(data_shape, value_shape):
    return data_shape if len(value_shape) > len(data_shape) else value_shape


def judge_data_dim(data_dim, min_data_dim=0, max_data_dim=8):
    if data_dim < min_data_dim or data_dim > max_data_dim:
        raise ValueError(f"The input data's dim must in the range of [{min_data_dim}, {max_data_dim}], but got "
                         f"'{data_dim}'.")
