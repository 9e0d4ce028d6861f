"""``mindspore.mint``: MindSpore 2.10's PyTorch-style namespace (``dim``/``keepdim`` arguments).

A façade: every name translates torch-style arguments and calls the one implementation of the op
in :mod:`sporetorch.ops`. ``mint.nn`` holds the layers and losses, ``mint.nn.functional`` their functions,
``mint.linalg`` and ``mint.special`` the torch.linalg / torch.special subsets MindSpore 2.10 has.
"""
from ..common.tensor import Tensor  # noqa: F401 - mindspore.mint.Tensor
from ..common.api_helpers import constexpr  # noqa: F401 - mindspore.mint.constexpr
from ._math import *  # noqa: F401,F403
from ._math import abs, pow, round  # noqa: F401,A004 - shadow the builtins on purpose, as mint does
from ._reduce import *  # noqa: F401,F403
from ._reduce import all, any, max, min, sum  # noqa: F401,A004
from ._array import *  # noqa: F401,F403
from ._creation import *  # noqa: F401,F403
from ._nn_ops import *  # noqa: F401,F403
from . import nn, linalg, special  # noqa: F401
from . import optim  # noqa: F401,E402 - mindspore.mint.optim
from . import distributed  # noqa: E402,F401 - mindspore.mint.distributed
