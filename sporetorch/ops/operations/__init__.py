"""Primitive operator classes (``mindspore.ops.operations``, imported as ``P``)."""
from ..primitive import (
    Primitive,
    PrimitiveWithCheck,
    PrimitiveWithInfer,
    prim_attr_register,
)
from . import (
    _embedding_cache_ops,
    _errors,
    _inner_ops,
    array_ops,
    comm_ops,
    custom_ops,
    debug_ops,
    extra_ops,
    image_ops,
    inner_ops,
    manually_defined,
    math_ops,
    nn_ops,
    optim_ops,
    other_ops,
    random_ops,
    sparse_ops,
    unsupported_ops,
)
from ._embedding_cache_ops import *
from ._inner_ops import *
from .array_ops import *
from .comm_ops import *
from .custom_ops import *
from .debug_ops import *
from .image_ops import *
from .inner_ops import *
from .manually_defined import *
from .math_ops import *
from .nn_ops import *
from .optim_ops import *
from .other_ops import *
from .random_ops import *
from .sparse_ops import *
from .unsupported_ops import *

# extra_ops and inner_ops re-export classes of the family modules (their old import paths): listed once.
_FAMILIES = (_embedding_cache_ops, _inner_ops, array_ops, comm_ops, custom_ops, debug_ops, image_ops, inner_ops,
             manually_defined, math_ops, nn_ops, optim_ops, other_ops, random_ops, sparse_ops, unsupported_ops)
__all__ = ["Primitive", "PrimitiveWithCheck", "PrimitiveWithInfer", "prim_attr_register"]
for _module in _FAMILIES:
    __all__ += [_name for _name in _module.__all__ if _name not in __all__]
__all__ += [_name for _name in extra_ops.__all__ if _name not in __all__]

_errors.guard_primitives(_FAMILIES)
