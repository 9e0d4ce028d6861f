"""``mint.nn`` normalisation layers with torch.nn's names: BatchNorm1d/2d/3d, SyncBatchNorm, GroupNorm, LayerNorm.

Parameters, as in MindSpore 2.10: ``weight`` (ones), ``bias`` (zeros), and the non-trainable ``running_mean``
(zeros), ``running_var`` (ones) and ``num_batches_tracked`` (Int64 0) Parameters. ``momentum`` is torch's (the
weight of the *new* batch statistic); None uses the cumulative average.
"""
import numbers

from .... import ops
from ....common import dtype as mstype
from ....common.initializer import initializer
from ....common.parameter import Parameter
from ....common.tensor import Tensor
from ....nn.cell import Cell
from ....nn.layer.normalization import LayerNormExt
from ....ops.operations import Shape
from .. import functional as mF

__all__ = ["BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "GroupNorm", "LayerNorm", "SyncBatchNorm"]

LayerNorm = LayerNormExt


class _BatchNorm(Cell):
    """Shared torch-style batch normalisation over axis 1 of an input with ``_dims`` dimensions."""

    _dims = (2, 3, 4, 5)

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True, dtype=None):
        super().__init__()
        cls = type(self).__name__
        if not isinstance(num_features, int) or isinstance(num_features, bool) or num_features < 1:
            raise ValueError(f"For '{cls}', the 'num_features' must be a positive int, but got {num_features!r}")
        if momentum is not None and not isinstance(momentum, numbers.Real):
            raise TypeError(f"For '{cls}', the 'momentum' must be a float or None, but got {type(momentum).__name__}")
        self.shape = Shape()  # held as MindSpore 2.10's instance holds it
        self.num_features = num_features
        self.eps = eps
        self.momentum = momentum
        self.affine = affine
        self.track_running_stats = track_running_stats
        self.dtype = mstype.float32 if dtype is None else dtype
        self.weight = self.bias = None
        if affine:
            self.weight = Parameter(initializer("ones", (num_features,), self.dtype), name="weight")
            self.bias = Parameter(initializer("zeros", (num_features,), self.dtype), name="bias")
        self.running_mean = self.running_var = self.num_batches_tracked = None
        if track_running_stats:
            self.running_mean = Parameter(initializer("zeros", (num_features,), self.dtype), name="running_mean",
                                          requires_grad=False)
            self.running_var = Parameter(initializer("ones", (num_features,), self.dtype), name="running_var",
                                         requires_grad=False)
            self.num_batches_tracked = Parameter(Tensor(0, mstype.int64), name="num_batches_tracked",
                                                 requires_grad=False)

    def _check_input_dim(self, input):
        if input.ndim not in self._dims:
            raise ValueError(f"For '{type(self).__name__}', the input must have "
                             f"{' or '.join(map(str, self._dims))} dimensions, but got shape {tuple(input.shape)}")

    def construct(self, input):
        self._check_input_dim(input)
        momentum = 0.0 if self.momentum is None else self.momentum
        if self.training and self.track_running_stats:
            ops.assign_add(self.num_batches_tracked, Tensor(1, mstype.int64))
            if self.momentum is None:
                momentum = 1.0 / float(self.num_batches_tracked.item())
        use_batch = self.training or self.running_mean is None
        return mF.batch_norm(input, self.running_mean, self.running_var, self.weight, self.bias, use_batch, momentum,
                            self.eps)

    def extend_repr(self):
        return (f"num_features={self.num_features}, eps={self.eps}, momentum={self.momentum}, affine={self.affine}, "
                f"track_running_stats={self.track_running_stats}")


class BatchNorm1d(_BatchNorm):
    r"""Batch normalisation of (N, C) or (N, C, L) inputs over the channel axis 1.

    Args:
        num_features (int): C.
        eps (float): added to the variance. Default: 1e-5.
        momentum (float): weight of the new batch statistic (None: cumulative average). Default: 0.1.
        affine (bool): learnable ``weight``/``bias``. Default: True.
        track_running_stats (bool): keep ``running_mean``/``running_var`` (used in eval mode). Default: True.
        dtype: the Parameters' dtype. Default: None (Float32).

    Inputs:
        - **input** (Tensor) - shape :math:`(N, C)` or :math:`(N, C, L)`.

    Outputs:
        Tensor of the same shape.

    Differences from ``mindspore.nn.BatchNorm1d``: torch's ``momentum`` and Parameter names.
    """

    _dims = (2, 3)


class BatchNorm2d(_BatchNorm):
    r"""Batch normalisation of (N, C, H, W) inputs over the channel axis 1 (arguments as :class:`BatchNorm1d`)."""

    _dims = (4,)


class BatchNorm3d(_BatchNorm):
    r"""Batch normalisation of (N, C, D, H, W) inputs over the channel axis 1 (arguments as :class:`BatchNorm1d`)."""

    _dims = (5,)


class SyncBatchNorm(_BatchNorm):
    r"""Batch normalisation whose statistics span a process group; with one process (the only case here) it is
    :class:`BatchNorm1d` for any input of at least 2 dimensions.

    Args:
        num_features, eps, momentum, affine, track_running_stats, dtype: as :class:`BatchNorm1d`.
        process_group (str): the communication group. Default: None (the world group).
    """

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True,
                 process_group=None, dtype=None):
        super().__init__(num_features, eps, momentum, affine, track_running_stats, dtype)
        self.process_group = "hccl_world_group" if process_group is None else process_group
        self.world_size = 1

    def _check_input_dim(self, input):
        if input.ndim < 2:
            raise ValueError(f"For 'SyncBatchNorm', the input must have at least 2 dimensions, "
                             f"but got shape {tuple(input.shape)}")


class GroupNorm(Cell):
    r"""Group normalisation: the channels (axis 1) are split into ``num_groups`` groups normalised separately.

    Args:
        num_groups (int): number of groups; must divide ``num_channels``.
        num_channels (int): C.
        eps (float): Default: 1e-5.
        affine (bool): learnable per-channel ``weight`` (ones) and ``bias`` (zeros). Default: True.
        dtype: the Parameters' dtype. Default: None (Float32).

    Inputs:
        - **input** (Tensor) - shape :math:`(N, C, *)`.

    Outputs:
        Tensor of the same shape.
    """

    def __init__(self, num_groups, num_channels, eps=1e-05, affine=True, dtype=None):
        super().__init__()
        if not isinstance(num_groups, int) or not isinstance(num_channels, int) or num_groups < 1:
            raise TypeError(f"For 'GroupNorm', the 'num_groups' and 'num_channels' must be positive ints, but got "
                            f"{num_groups!r} and {num_channels!r}")
        if num_channels % num_groups:
            raise ValueError(f"For 'GroupNorm', the 'num_channels' ({num_channels}) must be divisible by "
                             f"'num_groups' ({num_groups})")
        self.num_groups = num_groups
        self.num_channels = num_channels
        self.eps = eps
        self.affine = affine
        dtype = mstype.float32 if dtype is None else dtype
        self.weight = self.bias = None
        if affine:
            self.weight = Parameter(initializer("ones", (num_channels,), dtype), name="weight")
            self.bias = Parameter(initializer("zeros", (num_channels,), dtype), name="bias")

    def construct(self, input):
        return mF.group_norm(input, self.num_groups, self.weight, self.bias, self.eps)

    def extend_repr(self):
        return f"num_groups={self.num_groups}, num_channels={self.num_channels}, eps={self.eps}, affine={self.affine}"
