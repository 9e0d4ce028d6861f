"""`sporetorch.train`: Model, callbacks, metrics, serialization."""
__all__ = []

from . import serialization  # noqa: E402
from .serialization import *  # noqa: F401,F403,E402
__all__ += serialization.__all__

from . import metrics  # noqa: E402
from .metrics import *  # noqa: F401,F403,E402
from .metrics import get_metrics  # noqa: F401,E402
__all__ += metrics.__all__
