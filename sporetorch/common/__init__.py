"""``sporetorch.common``: dtypes, Tensor, Parameter, initializers and seeds."""
from . import dtype
from .dtype import *  # noqa: F401,F403 - the dtype objects are public here as in MindSpore
from .parameter import Parameter, ParameterTuple
from .seed import get_seed, set_seed
from .tensor import Tensor, tensor
