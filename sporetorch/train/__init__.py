"""`sporetorch.train`: Model, callbacks, metrics, serialization."""
__all__ = []

from . import serialization  # noqa: E402
from .serialization import *  # noqa: F401,F403,E402
__all__ += serialization.__all__

from . import metrics  # noqa: E402
from .metrics import *  # noqa: F401,F403,E402
from .metrics import get_metrics  # noqa: F401,E402
__all__ += metrics.__all__

from . import loss_scale_manager  # noqa: E402
from .loss_scale_manager import *  # noqa: F401,F403,E402
__all__ += loss_scale_manager.__all__

from . import callback  # noqa: E402
from .callback import *  # noqa: F401,F403,E402
__all__ += callback.__all__

from .summary import SummaryRecord  # noqa: E402
__all__ += ["SummaryRecord"]

from .dataset_helper import DatasetHelper, connect_network_with_dataset, data_sink  # noqa: E402
from .model import Model  # noqa: E402
__all__ += ["DatasetHelper", "connect_network_with_dataset", "data_sink", "Model"]
