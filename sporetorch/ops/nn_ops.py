"""``mindspore.ops.nn_ops``: the neural-network Primitive classes (defined in ``operations.nn_ops``)."""
from .operations.nn_ops import *  # noqa: F401,F403
from .operations.nn_ops import __all__  # noqa: F401
