"""``sporetorch.ops``: functional operators and Primitive classes (``mindspore.ops``)."""
from __future__ import absolute_import  # noqa: F401 - MindSpore's ops namespace exports this name

from .primitive import Primitive, PrimitiveWithCheck, PrimitiveWithInfer, constexpr, prim_attr_register
from .nn_ops import ReLU
from .function import *  # noqa: F401,F403
from .operations import *  # noqa: F401,F403
from .composite import *  # noqa: F401,F403
# Ascend-only stubs and the graph compiler's sequence/type primitives: ops names, not numerical functional ops
from .function.ascend_func import *  # noqa: F401,F403
from .function.graph_func import *  # noqa: F401,F403
from .function.graph_func import _add_attr, _ones_like_for_grad  # noqa: F401 - private names MindSpore exports
from .op_info_register import *  # noqa: F401,F403
from .op_info_register import _ms_pyfunc  # noqa: F401 - a private name MindSpore exports
from ..common.tensor import Tensor  # noqa: F401 - mindspore.ops.Tensor is the Tensor class
from .operations.other_ops import assign, assign_add, assign_sub  # noqa: F401 - Parameter updates in construct
from .grad_ops import *  # noqa: F401,F403
from ..common.sparse_func import *  # noqa: F401,F403 - coo_*/csr_*/row_tensor_* on sparse tensors
from .function.comm_func import *  # noqa: F401,F403,E402 - ops.all_reduce, ops.init_process_group, ...
from . import functional  # noqa: F401,E402 - ops.functional.identity, as mindyolo reaches it
