"""``mindspore.ops.functional`` (imported as ``F``): the functional operators under their MindSpore names."""
from .function import *  # noqa: F401,F403
from .function import __all__  # noqa: F401
from .grad_ops import (  # noqa: F401 - F.stop_gradient, F.grad, ... as in MindSpore
    stop_gradient, stop_gradient_, grad, value_and_grad, get_grad, vjp, jvp, jacfwd, jacrev, derivative,
    linearize, vmap)
from .composite import partial  # noqa: F401,E402 - F.partial(fn, *args), as model zoos call it


def tuple_getitem(data, index):
    """``data[index]``: the graph-mode element access that MindSpore code calls on tuples."""
    return data[index]


list_getitem = tuple_getitem


def tuple_len(data):
    """``len(data)``."""
    return len(data)


list_len = tuple_len


def make_tuple(*args):
    """The tuple of the arguments."""
    return args


def shape_mul(shape):
    """The product of the entries of a shape tuple (1 for ``()``)."""
    out = 1
    for s in shape:
        out *= s
    return out
