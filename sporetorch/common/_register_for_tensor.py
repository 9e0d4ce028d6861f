"""MindSpore 2.10's ``mindspore.common._register_for_tensor``: the registry through which Tensor methods
reach ops by name (one registry, kept in ``ops.function.graph_func``)."""
from ..ops.function.graph_func import _TensorOperatorRegistry as Registry
from ..ops.function.graph_func import tensor_operator_registry

__all__ = ["Registry", "tensor_operator_registry"]
