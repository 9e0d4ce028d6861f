"""ChannelShuffle."""

from ...ops.function.array_func import channel_shuffle
from ..cell import Cell
from ._checks import positive_int

__all__ = ["ChannelShuffle"]


class ChannelShuffle(Cell):
    r"""Split :math:`C` channels into ``groups`` groups and interleave them.

    Args:
        groups (int): divides the channel count.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, *)`.

    Outputs:
        Tensor of the same shape.
    """

    def __init__(self, groups):
        super().__init__()
        self.groups = positive_int(groups, "groups", "ChannelShuffle")

    def construct(self, x):
        t = x._t
        if t.dim() < 3 or t.shape[1] % self.groups:
            raise ValueError(f"For 'ChannelShuffle', the input must be at least 3-D with channels divisible by "
                             f"groups {self.groups}, but got shape {tuple(t.shape)}")
        return channel_shuffle(x, self.groups)
