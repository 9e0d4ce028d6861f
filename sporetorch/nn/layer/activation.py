"""Activation layers and ``get_activation``."""
import torch

from ...common.tensor import _wrap
from ..cell import Cell


class ReLU(Cell):
    r"""Rectified linear unit: :math:`\max(x, 0)`.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def construct(self, x):
        return _wrap(torch.relu(x._t))


_ACTIVATIONS = {
    "relu": ReLU,
}


def get_activation(name, prim_name=None):
    """Return a new activation Cell for ``name`` (``"relu"``, ``"gelu"``, ...), or None for None."""
    if name is None:
        return None
    if not isinstance(name, str):
        raise TypeError(f"For 'get_activation', the 'name' must be a str, but got {type(name).__name__}")
    key = name.lower()
    if key not in _ACTIVATIONS:
        raise KeyError(f"For 'get_activation', unknown activation {name!r}; known: {sorted(_ACTIVATIONS)}")
    return _ACTIVATIONS[key]()
