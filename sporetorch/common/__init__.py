"""``sporetorch.common``: dtypes, Tensor, Parameter, initializers and seeds."""
from . import dtype
from .dtype import *  # noqa: F401,F403 - the dtype objects are public here as in MindSpore
from .parameter import Parameter, ParameterTuple
from .seed import get_seed, set_seed
from .tensor import Tensor, tensor
# Not seed(): ``common.seed`` stays the module that ops import for the global seed state.
from .generator import Generator, default_generator, manual_seed, initial_seed, get_rng_state, set_rng_state
from .sparse_tensor import COOTensor, CSRTensor, RowTensor, SparseTensor
from .tensor_utils import swap_tensors
from .mindir import save_mindir, load_mindir
from .dtype import float8_e4m3fn, float8_e5m2  # noqa: F401 - outside dtype.__all__ (not in number_type)
from .api_helpers import mutable  # noqa: F401,E402 - ``from mindspore.common import mutable``
