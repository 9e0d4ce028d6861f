"""``mindspore.ops.functional`` (imported as ``F``): the functional operators under their MindSpore names."""
from .function import *  # noqa: F401,F403
from .function import __all__  # noqa: F401
from .grad_ops import (  # noqa: F401 - F.stop_gradient, F.grad, ... as in MindSpore
    stop_gradient, stop_gradient_, grad, value_and_grad, get_grad, vjp, jvp, jacfwd, jacrev, derivative,
    linearize, vmap)
from .composite import partial  # noqa: F401,E402 - F.partial(fn, *args), as model zoos call it

from .function.graph_func import *  # noqa: F401,F403,E402 - F.tuple_getitem, F.shape_mul, ... (graph primitives)
