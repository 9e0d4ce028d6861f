"""The collectives' wire helpers of MindSpore 2.10 (``ops.function.comm_func``, ``mint.distributed``,
``communication.comm_func``): objects pickled into Int8 Tensors and back, and the checks of Tensor lists
and split sizes."""
import builtins
import pickle

import numpy as np

from ..common.tensor import Tensor

# Builtins an object collective may rebuild when unpickling safely (MindSpore 2.10's list).
safe_builtins = {"range", "complex", "set", "frozenset", "slice"}


class RestrictedUnpickler(pickle.Unpickler):
    """An unpickler that rebuilds only the builtins of ``safe_builtins`` (any other global is refused)."""

    def find_class(self, module, name):
        if module == "builtins" and name in safe_builtins:
            return getattr(builtins, name)
        raise pickle.UnpicklingError(f"global '{module}.{name}' is forbidden")


def restricted_loads(s):
    """Unpickle the bytes ``s`` (the object collectives' wire format)."""
    return pickle.loads(s)


def _object_to_tensor(obj, size=0):
    """``(Int8 Tensor of obj's pickle, its length)``; the bytes are resized (repeated) to ``size`` when
    that is larger."""
    buf = np.frombuffer(pickle.dumps(obj), dtype=np.int8)
    tensor_size = buf.size
    if size > tensor_size:
        buf = np.resize(buf, size)
        tensor_size = size
    return Tensor(buf), tensor_size


def _tensor_to_object(tensor, tensor_size):
    """The object whose pickle is the first ``tensor_size`` bytes of ``tensor``."""
    return restricted_loads(tensor.asnumpy().tobytes()[:tensor_size])


def _check_group_tensor_list(tensor_list, group_size):
    if not tensor_list or len(tensor_list) != group_size:
        raise TypeError(f"The argument list tensor len must be equal to group rank size, but got {len(tensor_list)}.")


def _check_tensor_list(tensor_list, tensor, group_size):
    """``tensor_list`` holds ``group_size`` Tensors of ``tensor``'s dtype and shape."""
    _check_group_tensor_list(tensor_list, group_size)
    if tensor.dtype != tensor_list[0].dtype:
        raise TypeError(f"The argument list tensor type must be equal to tensor type, but got {tensor_list[0].dtype}.")
    if tensor.shape != tensor_list[0].shape:
        raise TypeError(f"The argument list tensor shape must be equal to tensor shape, but got {tensor_list[0].shape}.")


def _get_size(shape):
    """The number of elements of ``shape``."""
    numel = 1
    for s in shape:
        numel *= s
    return numel


def _is_split_sizes_empty(split_sizes):
    return split_sizes is None or not split_sizes


def _contiguous(tensor):
    """``tensor``, made contiguous where it is not."""
    return tensor if tensor.is_contiguous() else tensor.contiguous()


def _check_split_sizes_sequence(tensor, sequence):
    """Equal split sizes that sum to ``tensor.shape[0]`` (what ``all_to_all_single`` supports)."""
    if not sequence:
        raise TypeError("sequence can not be empty list.")
    if any(size != sequence[0] for size in sequence[1:]):
        raise TypeError("sequence containing different elements is not supported yet. Elements must be the same.")
    if sum(sequence) != tensor.shape[0]:
        raise TypeError(" The sum of sequence should equal to tensor.shape[0].")
