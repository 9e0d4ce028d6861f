"""Functional operators (`mindspore.ops.function`), one module per family."""
from . import (
               array_func,
               ascend_func,
               clip_func,
               creation_func,
               debug_func,
               fft_func,
               graph_func,
               image_func,
               linalg_func,
               math_func,
               nn_func,
               random_func,
               reduce_func,
               scalar_func,
               sparse_func,
)
from .array_func import *  # noqa: F401,F403
from .clip_func import *  # noqa: F401,F403
from .creation_func import *  # noqa: F401,F403
from .debug_func import *  # noqa: F401,F403
from .fft_func import *  # noqa: F401,F403
from .image_func import *  # noqa: F401,F403
from .linalg_func import *  # noqa: F401,F403
from .math_func import *  # noqa: F401,F403
from .nn_func import *  # noqa: F401,F403
from .random_func import *  # noqa: F401,F403
from .reduce_func import *  # noqa: F401,F403
from .scalar_func import *  # noqa: F401,F403
from .sparse_func import *  # noqa: F401,F403

__all__ = (math_func.__all__ + reduce_func.__all__ + array_func.__all__ + creation_func.__all__
           + random_func.__all__ + nn_func.__all__ + linalg_func.__all__ + clip_func.__all__
           + sparse_func.__all__ + fft_func.__all__ + image_func.__all__ + scalar_func.__all__
           + debug_func.__all__)
