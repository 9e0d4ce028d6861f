"""TimeDistributed: apply a layer to every time step of a sequence."""

from ...common.tensor import Tensor, _wrap
from ...ops.function.array_func import stack
from ..cell import Cell

__all__ = ["TimeDistributed"]


class TimeDistributed(Cell):
    r"""Apply ``layer`` to every slice of the input along ``time_axis``.

    Args:
        layer (Cell): the layer applied per time step.
        time_axis (int): the time dimension of the input.
        reshape_with_axis (int): merge the time dimension into this one and call ``layer`` once
            (faster); None calls it per step. Default: None.

    Inputs:
        - **inputs** (Tensor) - at least 3-D.

    Outputs:
        Tensor: the per-step outputs stacked along the time axis.
    """

    def __init__(self, layer, time_axis, reshape_with_axis=None):
        if not isinstance(layer, Cell):
            raise TypeError(f"For 'TimeDistributed', the 'layer' must be a Cell, but got {type(layer).__name__}")
        super().__init__()
        for name, v in (("time_axis", time_axis), ("reshape_with_axis", reshape_with_axis)):
            if v is not None and (not isinstance(v, int) or isinstance(v, bool)):
                raise TypeError(f"For 'TimeDistributed', the '{name}' must be an int, but got {type(v).__name__}")
        self.layer, self.time_axis, self.reshape_with_axis = layer, time_axis, reshape_with_axis

    def construct(self, inputs):
        if not isinstance(inputs, Tensor):
            raise TypeError(f"For 'TimeDistributed', the inputs must be a Tensor, but got {type(inputs).__name__}")
        if inputs.ndim < 3:
            raise ValueError(f"For 'TimeDistributed', the inputs must be a Tensor of at least 3 dimensions, "
                             f"but got {getattr(inputs, 'shape', type(inputs).__name__)}")
        t = inputs._t
        n = t.dim()
        time_axis = self.time_axis % n
        if self.reshape_with_axis is None:
            return stack([self.layer(_wrap(s)) for s in t.unbind(time_axis)], time_axis)
        axis = self.reshape_with_axis % n
        # MindSpore moves the time axis next to ``reshape_with_axis`` and merges the two.
        new_time = n - 2 if axis == n - 1 else (axis + 1 if time_axis > axis else axis - 1)
        pos = min(new_time, axis)
        moved = t.movedim(time_axis, new_time)
        merged = moved.reshape(moved.shape[:pos] + (-1,) + moved.shape[pos + 2:])
        out = self.layer(_wrap(merged))._t
        return _wrap(out.reshape((-1,) + (out.shape[:pos] + moved.shape[pos:pos + 2] + out.shape[pos + 1:])[1:]))
