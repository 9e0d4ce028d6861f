"""``sporetorch.ops``: functional operators and Primitive classes (``mindspore.ops``)."""
from .primitive import Primitive, PrimitiveWithCheck, PrimitiveWithInfer, prim_attr_register
from .nn_ops import ReLU
