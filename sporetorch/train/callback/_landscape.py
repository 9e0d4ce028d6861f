"""Helpers of MindSpore 2.10's loss-landscape summary (``SummaryLandscape``): packing numpy arrays into
summary TensorProtos."""
from ...common.tensor import Tensor
from ..anf_ir_pb2 import DataType
from ..summary import _NP_TO_PROTO


def nptype_to_prototype(np_value):
    """The summary proto DataType name of a numpy array's dtype; None for None."""
    if np_value is None:
        return None
    proto = _NP_TO_PROTO.get(np_value.dtype.type)
    if proto is None:
        raise TypeError("No match for proto data type.")
    return proto


def fill_array_to_tensor(np_value, summary_tensor):
    """Fill the summary TensorProto ``summary_tensor`` with ``np_value``'s dtype, values (as floats) and dims."""
    summary_tensor.data_type = DataType.Value(nptype_to_prototype(np_value))
    summary_tensor.float_data.extend(np_value.reshape(-1).tolist())
    summary_tensor.dims.extend(np_value.shape)
    return summary_tensor


def transfer_tensor_to_tuple(inputs):
    """A Tensor as a 1-tuple; anything else unchanged."""
    return (inputs,) if isinstance(inputs, Tensor) else inputs
