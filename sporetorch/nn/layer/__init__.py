"""The layer families of ``sporetorch.nn``, one module each (as ``mindspore.nn.layer``)."""
from .activation import *  # noqa: F401,F403
from .basic import *  # noqa: F401,F403
from .channel_shuffle import *  # noqa: F401,F403
from .combined import *  # noqa: F401,F403
from .conv import *  # noqa: F401,F403
from .dense import *  # noqa: F401,F403
from .embedding import *  # noqa: F401,F403
from .image import *  # noqa: F401,F403
from .math import *  # noqa: F401,F403
from .normalization import *  # noqa: F401,F403
from .padding import *  # noqa: F401,F403
from .pooling import *  # noqa: F401,F403
from .rnn_cells import *  # noqa: F401,F403
from .rnns import *  # noqa: F401,F403
from .timedistributed import *  # noqa: F401,F403
from .transformer import *  # noqa: F401,F403
from . import activation, basic, channel_shuffle, combined, conv, dense, embedding, image, math, normalization, \
    padding, pooling, rnn_cells, rnns, timedistributed, transformer

__all__ = [name for module in (activation, basic, channel_shuffle, combined, conv, dense, embedding, image, math,
                               normalization, padding, pooling, rnn_cells, rnns, timedistributed, transformer)
           for name in module.__all__]

from . import container  # noqa: E402
from ._ms_attrs import install as _install_ms_attrs  # noqa: E402
_install_ms_attrs(globals())  # MindSpore's Primitive attributes, made lazily for subclasses
_install_ms_attrs(container)
