"""``sporetorch.ops``: functional operators and Primitive classes (``mindspore.ops``)."""
from .primitive import Primitive, PrimitiveWithCheck, PrimitiveWithInfer, constexpr, prim_attr_register
from .nn_ops import ReLU
from .function import *  # noqa: F401,F403
from .operations import *  # noqa: F401,F403
from .composite import *  # noqa: F401,F403
from .function.graph_func import _add_attr, _ones_like_for_grad  # noqa: F401 - private names MindSpore exports
from .operations.other_ops import assign, assign_add, assign_sub  # noqa: F401 - Parameter updates in construct
from .grad_ops import *  # noqa: F401,F403
from ..common.sparse_func import *  # noqa: F401,F403 - coo_*/csr_*/row_tensor_* on sparse tensors
