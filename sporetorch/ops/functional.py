"""``mindspore.ops.functional`` (imported as ``F``): the functional operators under their MindSpore names."""
from .function import *  # noqa: F401,F403
from .function import __all__  # noqa: F401
from .grad_ops import (  # noqa: F401 - F.stop_gradient, F.grad, ... as in MindSpore
    stop_gradient, stop_gradient_, grad, value_and_grad, get_grad, vjp, jvp, jacfwd, jacrev, derivative,
    linearize, vmap)
