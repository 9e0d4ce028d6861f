"""``sporetorch.nn``: Cells, layers, losses, optimizers and wrappers (``mindspore.nn``)."""
from .cell import Cell
from .layer.activation import ReLU, get_activation
from .layer.basic import Dense, Flatten, Identity
from .layer.container import CellDict, CellList, SequentialCell
from .layer.conv import Conv2d
from .loss import *  # noqa: F401,F403
from .optim import *  # noqa: F401,F403
from .wrap import *  # noqa: F401,F403
