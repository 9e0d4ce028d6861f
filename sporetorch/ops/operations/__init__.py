"""Primitive operator classes (``mindspore.ops.operations``, imported as ``P``)."""
from ..primitive import Primitive, PrimitiveWithCheck, PrimitiveWithInfer, prim_attr_register
from . import _errors
from . import (array_ops, comm_ops, custom_ops, extra_ops, math_ops, nn_ops, optim_ops, other_ops, random_ops,
               unsupported_ops, image_ops, sparse_ops, inner_ops)
from .array_ops import *  # noqa: F401,F403
from .comm_ops import *  # noqa: F401,F403
from .custom_ops import *  # noqa: F401,F403
from .extra_ops import *  # noqa: F401,F403
from .math_ops import *  # noqa: F401,F403
from .nn_ops import *  # noqa: F401,F403
from .optim_ops import *  # noqa: F401,F403
from .other_ops import *  # noqa: F401,F403
from .random_ops import *  # noqa: F401,F403
from .unsupported_ops import *  # noqa: F401,F403
from .image_ops import *  # noqa: F401,F403
from .sparse_ops import *  # noqa: F401,F403
from .inner_ops import *  # noqa: F401,F403

__all__ = (["Primitive", "PrimitiveWithCheck", "PrimitiveWithInfer", "prim_attr_register"]
           + array_ops.__all__ + comm_ops.__all__ + custom_ops.__all__ + extra_ops.__all__ + math_ops.__all__ + nn_ops.__all__ + optim_ops.__all__ + other_ops.__all__
           + random_ops.__all__ + unsupported_ops.__all__
           + image_ops.__all__ + sparse_ops.__all__ + inner_ops.__all__)

_errors.guard_primitives([array_ops, extra_ops, math_ops, nn_ops, optim_ops, other_ops, random_ops, image_ops,
                          sparse_ops, inner_ops])
