"""Primitive classes of neural-network operators."""
import torch

from ..common.tensor import _wrap
from .primitive import Primitive


class ReLU(Primitive):
    r"""Rectified linear unit, :math:`\max(x, 0)`, as a Primitive: ``ops.ReLU()(x)``."""

    def __init__(self):
        super().__init__("ReLU")

    def __call__(self, input_x):
        return _wrap(torch.relu(input_x._t))
