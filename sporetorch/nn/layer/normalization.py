"""Normalisation layers: BatchNorm1d/2d/3d, SyncBatchNorm, LayerNorm(Ext), GroupNorm, InstanceNorm1d/2d/3d."""
import numbers


from ...common import dtype as mstype
from ...common.initializer import initializer
from ...common.parameter import Parameter
from ...common.tensor import _wrap
from ...ops.function import nn_func as _nn
from ...ops.function.array_func import cast
from ..cell import Cell
from ._checks import check_bool, check_float, positive_int

__all__ = ["BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "SyncBatchNorm", "LayerNorm", "LayerNormExt", "GroupNorm",
           "InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d"]


class _BatchNorm(Cell):
    """Shared BatchNorm: MindSpore's ``momentum`` weighs the *old* moving statistic.

    moving = momentum · moving + (1 − momentum) · batch, with the unbiased batch variance,
    which is ``torch.nn.functional.batch_norm`` with ``momentum = 1 − momentum``.
    """

    _dims = (4,)

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init="ones", beta_init="zeros",
                 moving_mean_init="zeros", moving_var_init="ones", use_batch_statistics=None, data_format="NCHW",
                 dtype=mstype.float32):
        super().__init__()
        cls = type(self).__name__
        if not isinstance(num_features, int) or isinstance(num_features, bool):
            raise TypeError(f"For '{cls}', the 'num_features' must be an int, but got {type(num_features).__name__}")
        if num_features < 1:
            raise ValueError(f"For '{cls}', the 'num_features' must be at least 1, but got {num_features}")
        if not isinstance(momentum, numbers.Real) or not 0 <= momentum <= 1:
            raise ValueError(f"For '{cls}', the 'momentum' must be a number in range [0, 1], but got {momentum}")
        if data_format != "NCHW":
            raise ValueError(f"For '{cls}', only data_format 'NCHW' is supported, but got {data_format!r}")
        if use_batch_statistics is not None and not isinstance(use_batch_statistics, bool):
            raise ValueError(f"For '{cls}', the 'use_batch_statistics' must be a bool or None, "
                             f"but got {use_batch_statistics!r}")
        self.num_features = num_features
        self.eps = check_float(eps, "eps", cls)
        self.affine = affine
        self.use_batch_statistics = use_batch_statistics
        self.format = data_format
        self.gamma_init, self.beta_init = gamma_init, beta_init
        self.moving_mean_init, self.moving_var_init = moving_mean_init, moving_var_init
        # Named "mean"/"variance" as in MindSpore; a parent cell renames them to "<path>.moving_mean" etc.
        self.moving_mean = Parameter(initializer(moving_mean_init, num_features, dtype), name="mean",
                                     requires_grad=False)
        self.moving_variance = Parameter(initializer(moving_var_init, num_features, dtype), name="variance",
                                         requires_grad=False)
        self.gamma = Parameter(initializer(gamma_init, num_features, dtype), name="gamma", requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, num_features, dtype), name="beta", requires_grad=affine)
        self.momentum = 1.0 - momentum

    def construct(self, x):
        t = x._t
        if t.dim() not in self._dims or t.shape[1] != self.num_features:
            self._check_input(t)
        use_batch = self.training if self.use_batch_statistics is None else self.use_batch_statistics
        w, b = self.gamma, self.beta
        mean, var = self.moving_mean, self.moving_variance
        if w._t.dtype is not t.dtype and t.is_floating_point():
            # to_float(float16) around a BatchNorm: compute in float32 like MindSpore's kernels.
            f32 = mstype.float32
            return cast(_nn.batch_norm(cast(x, f32), mean, var, cast(w, f32), cast(b, f32), use_batch, self.momentum,
                                       self.eps), x.dtype)
        return _nn.batch_norm(x, mean, var, w, b, use_batch, self.momentum, self.eps)

    def _check_input(self, t):
        cls = type(self).__name__
        if t.dim() not in self._dims:
            raise ValueError(f"For '{cls}', the input must have {' or '.join(map(str, self._dims))} dims, "
                             f"but got shape {tuple(t.shape)}")
        raise ValueError(f"For '{cls}', the input channel dimension (axis 1) must equal num_features "
                         f"{self.num_features}, but got shape {tuple(t.shape)}")

    def extend_repr(self):
        return (f"num_features={self.num_features}, eps={self.eps}, momentum={1.0 - self.momentum}, "
                f"gamma={self.gamma}, beta={self.beta}, moving_mean={self.moving_mean}, "
                f"moving_variance={self.moving_variance}")


_BN_DOC = r"""

    Args:
        num_features (int): number of channels :math:`C`.
        eps (float): added to the variance. Default: 1e-5.
        momentum (float): weight of the old moving statistic:
            ``moving = momentum * moving + (1 - momentum) * batch``. Default: 0.9.
        affine (bool): whether ``gamma`` and ``beta`` are trainable. Default: True.
        gamma_init, beta_init, moving_mean_init, moving_var_init: initialisers.
            Default: ``"ones"``, ``"zeros"``, ``"zeros"``, ``"ones"``.
        use_batch_statistics (bool): None uses batch statistics (and updates the moving ones)
            only in training; True always; False never. Default: None.
        dtype: the Parameters' dtype. Default: Float32.

    Outputs:
        Tensor of the input's shape and dtype.

    Differences from PyTorch: ``momentum`` is ``1 - torch_momentum``; the statistics are named
    ``moving_mean``/``moving_variance``; the scale and shift are ``gamma``/``beta``.
    """


class BatchNorm1d(_BatchNorm):
    __doc__ = r"""Batch normalisation over :math:`(N, C)` or :math:`(N, C, L)` input.""" + _BN_DOC

    _dims = (2, 3)

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init="ones", beta_init="zeros",
                 moving_mean_init="zeros", moving_var_init="ones", use_batch_statistics=None, data_format="NCHW",
                 dtype=mstype.float32):
        super().__init__(num_features, eps, momentum, affine, gamma_init, beta_init, moving_mean_init,
                         moving_var_init, use_batch_statistics, data_format, dtype)


class BatchNorm2d(_BatchNorm):
    __doc__ = r"""Batch normalisation over :math:`(N, C, H, W)` input.""" + _BN_DOC

    _dims = (4,)

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init="ones", beta_init="zeros",
                 moving_mean_init="zeros", moving_var_init="ones", use_batch_statistics=None, data_format="NCHW",
                 dtype=mstype.float32):
        super().__init__(num_features, eps, momentum, affine, gamma_init, beta_init, moving_mean_init,
                         moving_var_init, use_batch_statistics, data_format, dtype)


class BatchNorm3d(Cell):
    __doc__ = r"""Batch normalisation over :math:`(N, C, D, H, W)` input. As in MindSpore it holds a
    BatchNorm2d child ``bn2d`` (Parameters ``bn2d.moving_mean``, ...) applied to the input viewed as
    :math:`(N, C, D \cdot H, W)`.""" + _BN_DOC

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init="ones", beta_init="zeros",
                 moving_mean_init="zeros", moving_var_init="ones", use_batch_statistics=None, dtype=mstype.float32):
        super().__init__()
        self.bn2d = BatchNorm2d(num_features, eps, momentum, affine, gamma_init, beta_init, moving_mean_init,
                                moving_var_init, use_batch_statistics, "NCHW", dtype)

    def construct(self, x):
        t = x._t
        if t.dim() != 5:
            raise ValueError(f"For 'BatchNorm3d', the input must have 5 dims, but got shape {tuple(t.shape)}")
        n, c, d, h, w = t.shape
        out = self.bn2d(_wrap(t.reshape(n, c, d * h, w)))
        return _wrap(out._t.reshape(n, c, d, h, w))


class SyncBatchNorm(_BatchNorm):
    __doc__ = r"""Batch normalisation synchronised across devices; in a single process it is
    BatchNorm over :math:`(N, C)` or :math:`(N, C, H, W)` input.""" + _BN_DOC + r"""
    ``process_groups`` (list of rank lists) is accepted for compatibility. Default: None.
    """

    _dims = (2, 4)  # MindSpore 2.10's SyncBatchNorm takes (N, C) or (N, C, H, W) only

    def __init__(self, num_features, eps=1e-5, momentum=0.9, affine=True, gamma_init="ones", beta_init="zeros",
                 moving_mean_init="zeros", moving_var_init="ones", use_batch_statistics=None, process_groups=None,
                 dtype=mstype.float32):
        super().__init__(num_features, eps, momentum, affine, gamma_init, beta_init, moving_mean_init,
                         moving_var_init, use_batch_statistics, "NCHW", dtype)
        self.process_groups = process_groups


class LayerNorm(Cell):
    r"""Layer normalisation over the axes from ``begin_norm_axis`` to the last.

    Args:
        normalized_shape (tuple or list): shape of ``gamma`` and ``beta``: the input's dimensions
            from ``begin_params_axis`` on.
        begin_norm_axis (int): first axis of the mean and variance. Default: -1.
        begin_params_axis (int): first axis that ``gamma``/``beta`` apply to. Default: -1.
        gamma_init, beta_init: Default: ``"ones"``, ``"zeros"``.
        epsilon (float): added to the variance. Default: 1e-7.
        dtype: the Parameters' dtype. Default: Float32.

    Inputs:
        - **input_x** (Tensor) - shape :math:`(N, \ldots)`.

    Outputs:
        Tensor of the same shape and dtype.

    Differences from PyTorch: ``epsilon=1e-7`` (``torch.nn.LayerNorm`` uses 1e-5); the
    normalised and parameter axes are given by ``begin_norm_axis``/``begin_params_axis``.
    """

    def __init__(self, normalized_shape, begin_norm_axis=-1, begin_params_axis=-1, gamma_init="ones",
                 beta_init="zeros", epsilon=1e-7, dtype=mstype.float32):
        super().__init__()
        if not isinstance(normalized_shape, (tuple, list)):
            raise TypeError(f"For 'LayerNorm', the 'normalized_shape' must be a tuple or list of ints, "
                            f"but got {type(normalized_shape).__name__}")
        if not normalized_shape:
            raise ValueError("For 'LayerNorm', the 'normalized_shape' must have at least one element")
        for name, v in (("begin_norm_axis", begin_norm_axis), ("begin_params_axis", begin_params_axis)):
            if not isinstance(v, int) or isinstance(v, bool):
                raise TypeError(f"For 'LayerNorm', the '{name}' must be an int, but got {type(v).__name__}")
        self.normalized_shape = normalized_shape
        self.begin_norm_axis, self.begin_params_axis = begin_norm_axis, begin_params_axis
        self.epsilon = check_float(epsilon, "epsilon", "LayerNorm")
        self.gamma = Parameter(initializer(gamma_init, normalized_shape, dtype), name="gamma")
        self.beta = Parameter(initializer(beta_init, normalized_shape, dtype), name="beta")
        self._shape = tuple(normalized_shape)
        self._nshape = len(normalized_shape)

    def construct(self, input_x):
        t = input_x._t
        n = t.dim()
        norm_axis = self.begin_norm_axis % n if n else 0
        params_axis = self.begin_params_axis % n if n else 0
        if not t.is_floating_point():  # MindSpore 2.10's kernel selection refuses it with a TypeError
            raise TypeError(f"For 'LayerNorm', the 'input_x' must be a float Tensor, but got {input_x.dtype}")
        g, b = self.gamma, self.beta
        if g._t.dtype is not t.dtype:
            g, b = cast(g, input_x.dtype), cast(b, input_x.dtype)
        if norm_axis == params_axis == n - self._nshape and t.shape[norm_axis:] == self._shape:
            return _nn.layer_norm(input_x, self._shape, g, b, self.epsilon)
        if tuple(t.shape[params_axis:]) != self._shape:
            raise ValueError(f"For 'LayerNorm', the input dimensions from begin_params_axis {self.begin_params_axis} "
                             f"must equal normalized_shape {self._shape}, but got input shape {tuple(t.shape)}")
        return _wrap(_nn._layer_norm_from_axis(t, norm_axis, g._t, b._t, self.epsilon)[0])

    def extend_repr(self):
        return (f"normalized_shape={self.normalized_shape}, begin_norm_axis={self.begin_norm_axis}, "
                f"begin_params_axis={self.begin_params_axis}, gamma{self.gamma}, beta={self.beta}")


class LayerNormExt(Cell):
    r"""Layer normalisation with ``torch.nn.LayerNorm``'s arguments.

    Args:
        normalized_shape (int, tuple or list): the trailing shape normalised over.
        eps (float): Default: 1e-5.
        elementwise_affine (bool): learnable ``weight``/``bias``. Default: True.
        bias (bool): whether ``bias`` exists. Default: True.
        dtype: the Parameters' dtype. Default: None (Float32).

    Inputs:
        - **input** (Tensor) - trailing dimensions equal to ``normalized_shape``.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def __init__(self, normalized_shape, eps=1e-5, elementwise_affine=True, bias=True, dtype=None):
        super().__init__()
        if isinstance(normalized_shape, int):
            normalized_shape = (normalized_shape,)
        self.normalized_shape = tuple(normalized_shape)
        self.eps = check_float(eps, "eps", "LayerNormExt")
        self.elementwise_affine = elementwise_affine
        dtype = mstype.float32 if dtype is None else dtype
        self.weight = self.bias = None
        if elementwise_affine:
            self.weight = Parameter(initializer("ones", self.normalized_shape, dtype), name="weight")
            if bias:
                self.bias = Parameter(initializer("zeros", self.normalized_shape, dtype), name="bias")

    def construct(self, input):  # noqa: A002 - MindSpore's argument name
        return _nn.layer_norm(input, self.normalized_shape, self.weight, self.bias, self.eps)


class GroupNorm(Cell):
    r"""Group normalisation: channels are split into ``num_groups`` groups normalised separately.

    Args:
        num_groups (int): divides ``num_channels``.
        num_channels (int): channel count :math:`C`.
        eps (float): Default: 1e-5.
        affine (bool): whether ``gamma``/``beta`` are trainable. Default: True.
        gamma_init, beta_init: Default: ``"ones"``, ``"zeros"``.
        dtype: the Parameters' dtype. Default: Float32.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, *)`.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def __init__(self, num_groups, num_channels, eps=1e-05, affine=True, gamma_init="ones", beta_init="zeros",
                 dtype=mstype.float32):
        super().__init__()
        self.num_groups = positive_int(num_groups, "num_groups", "GroupNorm")
        self.num_channels = positive_int(num_channels, "num_channels", "GroupNorm")
        if num_channels % num_groups:
            raise ValueError(f"For 'GroupNorm', the 'num_channels' must be divisible by 'num_groups', "
                             f"but got num_channels {num_channels}, num_groups {num_groups}")
        self.eps = check_float(eps, "eps", "GroupNorm")
        self.affine = check_bool(affine, "affine", "GroupNorm")
        self.gamma = Parameter(initializer(gamma_init, num_channels, dtype), name="gamma", requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, num_channels, dtype), name="beta", requires_grad=affine)

    def construct(self, x):
        t = x._t
        if t.dim() < 2 or t.shape[1] != self.num_channels:
            raise ValueError(f"For 'GroupNorm', the channel (axis 1) of the input must equal num_channels "
                             f"{self.num_channels}, but got shape {tuple(t.shape)}")
        g, b = self.gamma, self.beta
        if g._t.dtype is not t.dtype:
            g, b = cast(g, x.dtype), cast(b, x.dtype)
        return _nn.group_norm(x, self.num_groups, g, b, self.eps)

    def extend_repr(self):
        return f"num_groups={self.num_groups}, num_channels={self.num_channels}"


class _InstanceNorm(Cell):
    """Instance normalisation: each sample's channel normalised over its spatial dimensions."""

    _dim = 4

    def __init__(self, num_features, eps=1e-5, momentum=0.1, affine=True, gamma_init="ones", beta_init="zeros",
                 dtype=mstype.float32):
        super().__init__()
        cls = type(self).__name__
        positive_int(num_features, "num_features", cls)
        self.eps = check_float(eps, "eps", cls)
        momentum = check_float(momentum, "momentum", cls)
        if not 0 <= momentum <= 1:
            raise ValueError(f"For '{cls}', the 'momentum' must be a number in range [0, 1], but got {momentum}")
        check_bool(affine, "affine", cls)
        self.num_features, self.momentum, self.affine = num_features, momentum, affine
        self.moving_mean = Parameter(initializer("zeros", num_features, dtype), name="mean", requires_grad=False)
        self.moving_variance = Parameter(initializer("ones", num_features, dtype), name="variance",
                                         requires_grad=False)
        self.gamma = Parameter(initializer(gamma_init, num_features, dtype), name="gamma", requires_grad=affine)
        self.beta = Parameter(initializer(beta_init, num_features, dtype), name="beta", requires_grad=affine)

    def construct(self, x):
        t = x._t
        if t.dim() != self._dim or t.shape[1] != self.num_features:
            raise ValueError(f"For '{type(self).__name__}', the input must be {self._dim}-D with "
                             f"{self.num_features} channels, but got shape {tuple(t.shape)}")
        return _nn._instance_norm(x, self.gamma, self.beta, self.momentum, self.eps)

    def extend_repr(self):
        return (f"num_features={self.num_features}, eps={self.eps}, momentum={self.momentum}, "
                f"gamma={self.gamma}, beta={self.beta}, moving_mean={self.moving_mean}, "
                f"moving_variance={self.moving_variance}")


_IN_DOC = r"""

    Args:
        num_features (int): channel count :math:`C`.
        eps (float): Default: 1e-5.
        momentum (float): Default: 0.1.
        affine (bool): whether ``gamma``/``beta`` are trainable. Default: True.
        gamma_init, beta_init: Default: ``"ones"``, ``"zeros"``.
        dtype: the Parameters' dtype. Default: Float32.

    Outputs:
        Tensor of the input's shape and dtype (statistics are always those of the instance).
    """


class InstanceNorm1d(_InstanceNorm):
    __doc__ = r"""Instance normalisation over :math:`(N, C, L)` input.""" + _IN_DOC
    _dim = 3


class InstanceNorm2d(_InstanceNorm):
    __doc__ = r"""Instance normalisation over :math:`(N, C, H, W)` input.""" + _IN_DOC
    _dim = 4


class InstanceNorm3d(_InstanceNorm):
    __doc__ = r"""Instance normalisation over :math:`(N, C, D, H, W)` input.""" + _IN_DOC
    _dim = 5


def _check_dim(val, target, cls_name):
    """ValueError unless the input rank ``val`` is ``target`` (MindSpore 2.10's check and message)."""
    if val != target:
        raise ValueError(f"For '{cls_name}', the in_shape must have {target} dims, but got {val}.")


_SYNCBN_GROUP_DICT = {}


def _syncbatchnorm_group_dict():
    """The process-wide dict of SyncBatchNorm's communication groups (by rank-list name)."""
    return _SYNCBN_GROUP_DICT
