"""``sporetorch.nn``: Cells, layers, losses, optimizers and wrappers (``mindspore.nn``)."""
from __future__ import absolute_import  # noqa: F401 - MindSpore's nn namespace exports this name

from .cell import Cell
from .layer import *  # noqa: F401,F403
from .layer.container import CellDict, CellList, SequentialCell
from .loss import *  # noqa: F401,F403
from .optim import *  # noqa: F401,F403
from .learning_rate_schedule import *  # noqa: F401,F403
from .dynamic_lr import *  # noqa: F401,F403
from .wrap import *  # noqa: F401,F403
from ..autodiff.cells import Jvp, Vjp  # noqa: F401 - nn.Jvp / nn.Vjp
from .metrics import *  # noqa: F401,F403
from .layer.sparse import SparseToDense, SparseTensorDenseMatmul  # noqa: F401
from .wrap.micro_batch import MicroBatchInterleaved, PipelineCell, VirtualDatasetCellTriple, GraphCell  # noqa: F401
from .utils import no_init_parameters  # noqa: F401
