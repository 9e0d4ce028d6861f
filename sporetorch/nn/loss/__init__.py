"""Loss cells (``mindspore.nn.loss``)."""
from .loss import *  # noqa: F401,F403
from .loss import __all__  # noqa: F401
