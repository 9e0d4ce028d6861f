"""`sporetorch.train`: Model, callbacks, metrics, serialization."""
from __future__ import absolute_import  # noqa: F401 - MindSpore's train namespace exports this name

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

from .dataset_helper import DatasetHelper, connect_network_with_dataset  # noqa: E402
# The submodule first, then the function under its name, as in MindSpore (train.data_sink is the function).
from . import data_sink as _data_sink_module  # noqa: E402,F401
from .data_sink import data_sink  # noqa: E402
from .model import Model  # noqa: E402
__all__ += ["DatasetHelper", "connect_network_with_dataset", "data_sink", "Model"]

# names MindSpore 2.10's train namespace re-exports from amp, the MindIR and the distributed-checkpoint tools
from ..amp import build_train_network  # noqa: E402,F401
from ..common.mindir import export_split_mindir  # noqa: E402,F401
from ..common.tensor_utils import merge_sliced_parameter  # noqa: E402,F401
from ..parallel.checkpoint_transform import (build_searched_strategy, get_ckpt_path_with_strategy,  # noqa: E402,F401
                                             load_distributed_checkpoint, restore_group_info_list)
from .train_thor import ConvertModelUtils, ConvertNetUtils  # noqa: E402,F401
