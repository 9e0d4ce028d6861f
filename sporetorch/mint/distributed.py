"""``mindspore.mint.distributed``: the ``torch.distributed``-style API on ``torch.distributed``
(see ``sporetorch.communication._dist_api``)."""
from ..communication._dist_api import *  # noqa: F401,F403
from ..communication._dist_api import __all__  # noqa: F401
