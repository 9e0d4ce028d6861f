"""Basic layers: Dense/Linear, Flatten/Unflatten, Identity, Dropout family, OneHot, Pad,
Tril/Triu, Roll, Unfold, Upsample, ClipByNorm, Norm, L1Regularizer and the matrix-diagonal cells."""
import math

import torch

from ...common import dtype as mstype
from ...common.initializer import HeUniform, Uniform, initializer
from ...common.parameter import Parameter
from ...common.tensor import Tensor, _wrap
from ...ops.function import array_func as _array, nn_func as _nn
from ...ops.function.array_func import mirror_pad
from ...ops.function.clip_func import _clip_by_norm_axes
from ...ops.function.math_func import sqrt, square
from ...ops.function.reduce_func import sum as _sum
from ...ops.operations.other_ops import assign
from ..cell import Cell
from ._checks import FLOATS, NoArgCell, check_batch_rank, check_bool, check_dtype, check_float, positive_int, weight_for
from .activation import get_activation
from .conv import same_pad_flat

__all__ = ["Dense", "Linear", "Flatten", "Identity", "Unflatten", "Dropout", "Dropout1d", "Dropout2d", "Dropout3d",
           "DropoutExt", "Dropout2dExt", "OneHot", "Pad", "Tril", "Triu", "Roll", "Unfold", "Upsample", "ClipByNorm",
           "Norm", "L1Regularizer", "MatrixDiag", "MatrixDiagPart", "MatrixSetDiag"]


def _check_init_shape(cls, name, init, shape):
    if isinstance(init, Tensor) and tuple(init.shape) != tuple(shape):
        raise ValueError(f"For '{cls}', the shape of '{name}' must be {tuple(shape)}, but got {init.shape}")


def _check_linear_input(cls, size_name, size, t):
    """Raise MindSpore 2.10's error when ``t`` cannot be Dense/Linear's input: a 0-d input is an
    IndexError for Dense (it indexes the missing last axis) and a ValueError for Linear; a wrong
    last dimension is a ValueError for both. ``from None`` hides the torch error it replaces."""
    if t.dim() == 0:
        raise (IndexError if cls == "Dense" else ValueError)(
            f"For '{cls}', the input must be at least 1-D with the last dimension equal to {size_name} "
            f"{size}, but got input shape ()") from None
    if t.shape[-1] != size:
        raise ValueError(f"For '{cls}', the last dimension of the input must equal {size_name} "
                         f"{size}, but got input shape {tuple(t.shape)}") from None


def _linear_slow_args(cell, cls, size_name, size, t, w, b):
    """Dense/Linear when the input dtype differs from the weight's: the weight and bias that
    ``weight_for`` allows, after the input shape check MindSpore does first."""
    _check_linear_input(cls, size_name, size, t)
    w = weight_for(cell, t, w._t)
    return _wrap(w), None if b is None else _wrap(b._t.to(w.dtype))


class Dense(Cell):
    r"""Fully connected layer: :math:`y = activation(x W^T + b)`.

    Args:
        in_channels (int): size of the last input dimension.
        out_channels (int): size of the last output dimension.
        weight_init: initialiser of ``weight`` (out_channels, in_channels). Default: HeUniform(sqrt(5)).
        bias_init: initialiser of ``bias`` (out_channels,). Default: U(-1/sqrt(in), 1/sqrt(in)).
        has_bias (bool): whether to add ``bias``. Default: True.
        activation: an activation name (``"relu"``) or Cell applied to the output. Default: None.
        dtype: the Parameters' dtype. Default: Float32.

    Inputs:
        - **x** (Tensor) - shape :math:`(*, in\_channels)`, the Parameters' dtype.

    Outputs:
        Tensor of shape :math:`(*, out\_channels)`.

    Differences from PyTorch: ``torch.nn.Linear(in, out)``; MindSpore adds ``activation`` and
    rejects inputs whose dtype differs from the weight's with a TypeError.
    """

    def __init__(self, in_channels, out_channels, weight_init=None, bias_init=None, has_bias=True,
                 activation=None, dtype=mstype.float32):
        super().__init__()
        self.in_channels = positive_int(in_channels, "in_channels", "Dense")
        self.out_channels = positive_int(out_channels, "out_channels", "Dense")
        self.has_bias = check_bool(has_bias, "has_bias", "Dense")
        _check_init_shape("Dense", "weight_init", weight_init, (out_channels, in_channels))
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        self.weight = Parameter(initializer(weight_init, [out_channels, in_channels], dtype), name="weight")
        self.bias = None
        if self.has_bias:
            _check_init_shape("Dense", "bias_init", bias_init, (out_channels,))
            if bias_init is None:
                bias_init = Uniform(1 / math.sqrt(in_channels))
            self.bias = Parameter(initializer(bias_init, [out_channels], dtype), name="bias")
        self.activation = get_activation(activation) if isinstance(activation, str) else activation
        if activation is not None and not isinstance(self.activation, Cell):
            raise TypeError(f"For 'Dense', the 'activation' must be a str or a Cell, "
                            f"but got {type(activation).__name__}")
        self.activation_flag = self.activation is not None

    def construct(self, x):
        t = x._t
        w, b = self.weight, self.bias
        if t.dtype is not w._t.dtype:
            w, b = _linear_slow_args(self, "Dense", "in_channels", self.in_channels, t, w, b)
        try:
            out = _nn.dense(x, w, b)
        except (ValueError, TypeError):
            # The shape is checked only once the op has rejected the input: no cost when it is valid.
            _check_linear_input("Dense", "in_channels", self.in_channels, t)
            raise
        if self.activation_flag:
            out = self.activation(out)
        return out

    def extend_repr(self):
        s = f"input_channels={self.in_channels}, output_channels={self.out_channels}, has_bias={self.has_bias}"
        if self.activation_flag:
            s += f", activation={self.activation}"
        return s


class Linear(Cell):
    r"""Fully connected layer with ``torch.nn.Linear``'s argument names: :math:`y = x W^T + b`.

    Args:
        in_features (int): size of the last input dimension.
        out_features (int): size of the last output dimension.
        bias (bool): whether to add ``bias``. Default: True.
        weight_init: Default: HeUniform(sqrt(5)).
        bias_init: Default: U(-1/sqrt(in_features), 1/sqrt(in_features)).
        dtype: the Parameters' dtype. Default: None (Float32).

    Inputs:
        - **x** (Tensor) - shape :math:`(*, in\_features)`.

    Outputs:
        Tensor of shape :math:`(*, out\_features)`.
    """

    def __init__(self, in_features, out_features, bias=True, weight_init=None, bias_init=None, dtype=None):
        super().__init__()
        self.in_features = positive_int(in_features, "in_features", "Linear")
        self.out_features = positive_int(out_features, "out_features", "Linear")
        self.has_bias = check_bool(bias, "bias", "Linear")
        dtype = mstype.float32 if dtype is None else dtype
        _check_init_shape("Linear", "weight_init", weight_init, (out_features, in_features))
        if weight_init is None:
            weight_init = HeUniform(math.sqrt(5))
        self.weight = Parameter(initializer(weight_init, [out_features, in_features], dtype), name="weight")
        self.bias = None
        if self.has_bias:
            _check_init_shape("Linear", "bias_init", bias_init, (out_features,))
            if bias_init is None:
                bias_init = Uniform(1 / math.sqrt(in_features))
            self.bias = Parameter(initializer(bias_init, [out_features], dtype), name="bias")

    def construct(self, x):
        t = x._t
        w, b = self.weight, self.bias
        if t.dtype is not w._t.dtype:
            w, b = _linear_slow_args(self, "Linear", "in_features", self.in_features, t, w, b)
        try:
            return _nn.dense(x, w, b)
        except (ValueError, TypeError):
            # As in Dense: the shape is checked only once torch has rejected the input.
            _check_linear_input("Linear", "in_features", self.in_features, t)
            raise

    def extend_repr(self):
        s = f"input_features={self.in_features}, output_features={self.out_features}"
        if self.has_bias:
            s += f", has_bias={self.has_bias}"
        return s


class Flatten(Cell):
    r"""Flatten the dimensions from ``start_dim`` to ``end_dim`` into one.

    Args:
        start_dim (int): first dimension to flatten. Default: 1.
        end_dim (int): last dimension to flatten. Default: -1.

    Inputs:
        - **x** (Tensor) - at least ``start_dim + 1`` dimensions.

    Outputs:
        Tensor with the flattened dimensions merged.
    """

    def __init__(self, start_dim=1, end_dim=-1):
        super().__init__()
        for name, v in (("start_dim", start_dim), ("end_dim", end_dim)):
            if not isinstance(v, int) or isinstance(v, bool):
                raise TypeError(f"For 'Flatten', the '{name}' must be an int, but got {type(v).__name__}")
        self.start_dim = start_dim
        self.end_dim = end_dim

    def construct(self, x):
        rank = max(x._t.dim(), 1)
        if not (-rank <= self.start_dim < rank and -rank <= self.end_dim < rank):
            # MindSpore 2.10's cell checks the range (the functional op leaves a 1-D input as it is)
            raise ValueError(f"For 'Flatten', 'start_dim' or 'end_dim' out of range: got {self.start_dim} and "
                             f"{self.end_dim} for input shape {tuple(x.shape)}")
        return _array.flatten(x, start_dim=self.start_dim, end_dim=self.end_dim)


class Unflatten(Cell):
    r"""Expand dimension ``axis`` into ``unflattened_size``.

    Args:
        axis (int): the dimension to expand.
        unflattened_size (tuple or list): the new sizes; their product equals the size of ``axis``.

    Inputs:
        - **input_x** (Tensor) - any shape.

    Outputs:
        Tensor with ``axis`` replaced by ``unflattened_size``.
    """

    def __init__(self, axis, unflattened_size):
        super().__init__()
        if not isinstance(axis, int) or isinstance(axis, bool):
            raise TypeError(f"For 'Unflatten', the 'axis' must be an int, but got {type(axis).__name__}")
        if not isinstance(unflattened_size, (tuple, list)):
            raise TypeError(f"For 'Unflatten', the 'unflattened_size' must be a tuple or list, "
                            f"but got {type(unflattened_size).__name__}")
        self.axis = axis
        self.unflattened_size = tuple(unflattened_size)

    def construct(self, input_x):
        shape = tuple(input_x.shape)
        axis = self.axis % max(len(shape), 1)
        return _array.reshape(input_x, shape[:axis] + self.unflattened_size + shape[axis + 1:])


class Identity(Cell):
    """Return the input unchanged (any constructor arguments are ignored).

    Inputs:
        - **x** (Tensor) - any tensor.

    Outputs:
        ``x`` itself.
    """

    def __init__(self, *args, **kwargs):
        super().__init__()

    def construct(self, x):
        return x


class Dropout(Cell):
    r"""Zero each element with probability :math:`p` in training and scale the rest by :math:`1/(1-p)`.

    Args:
        keep_prob (float): probability of keeping an element, in (0, 1] (deprecated spelling). Default: 0.5.
        p (float): probability of dropping an element, in [0, 1); overrides ``keep_prob``. Default: None.
        dtype: ignored (kept for compatibility). Default: Float32.

    Inputs:
        - **x** (Tensor) - any shape, floating.

    Outputs:
        Tensor of the same shape and dtype; ``x`` itself unless the cell is training.

    Differences from PyTorch: MindSpore's first argument is the *keep* probability; cells are in
    inference mode (identity) until ``set_train()``.
    """

    def __init__(self, keep_prob=0.5, p=None, dtype=mstype.float32):
        super().__init__()
        if p is None:
            if not isinstance(keep_prob, float):
                raise TypeError(f"For 'Dropout', the 'keep_prob' must be a float, "
                                f"but got {type(keep_prob).__name__}")
            if not 0 < keep_prob <= 1:
                raise ValueError(f"For 'Dropout', the 'keep_prob' must be a number in range (0, 1], "
                                 f"but got {keep_prob}")
            drop = 1.0 - keep_prob
        else:
            if not isinstance(p, (float, int)) or isinstance(p, bool):
                raise TypeError(f"For 'Dropout', the 'p' must be a float, but got {type(p).__name__}")
            if not 0 <= p < 1:
                raise ValueError(f"For 'Dropout', the 'p' must be a number in range [0, 1), but got {p}")
            drop = float(p)
        self.p = p
        self.keep_prob = keep_prob
        self._drop = drop

    def construct(self, x):
        if not self.training or self._drop == 0:
            return x
        return _nn.dropout(x, self._drop, True)

    def extend_repr(self):
        return f"keep_prob={self.keep_prob}" if self.p is None else f"p={self.p}"


class DropoutExt(Cell):
    r"""Dropout with ``torch.nn.Dropout``'s arguments.

    Args:
        p (float): drop probability in [0, 1]. Default: 0.5.
        inplace (bool): overwrite the input. Default: False.

    Inputs:
        - **input** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        p = check_float(p, "p", "DropoutExt")
        if not 0 <= p <= 1:
            raise ValueError(f"For 'DropoutExt', the 'p' must be in [0, 1], but got {p}")
        self.p, self.inplace = p, inplace

    def construct(self, input):  # noqa: A002 - MindSpore's argument name
        if not self.training or self.p == 0:
            return input
        out = _nn.dropout(input, self.p, True)
        return assign(input, out) if self.inplace else out


class _DropoutNd(Cell):
    """Channel-wise dropout: whole feature maps are zeroed with probability ``p``."""

    _nd = 1
    _fn = staticmethod(_nn.dropout1d)

    def __init__(self, p=0.5):
        super().__init__()
        cls = type(self).__name__
        if not isinstance(p, float):
            raise TypeError(f"For '{cls}', the 'p' must be a float, but got {type(p).__name__}")
        if not 0 <= p <= 1:
            raise ValueError(f"For '{cls}', the 'p' must be a number in range [0, 1], but got {p}")
        self.p = p
        self.keep_prob = 1.0 - p

    def construct(self, x):
        if not self.training or self.p == 0:
            return x
        check_batch_rank(self, x._t)
        return self._fn(x, self.p, True)

    def extend_repr(self):
        return f"p={self.p}"


class Dropout1d(_DropoutNd):
    r"""Zero whole channels of :math:`(N, C, L)` or :math:`(C, L)` input with probability ``p`` in training.

    Args:
        p (float): drop probability in [0, 1]. Default: 0.5.

    Inputs:
        - **x** (Tensor) - 2-D or 3-D.

    Outputs:
        Tensor of the same shape and dtype.
    """

    _nd = 1
    _fn = staticmethod(_nn.dropout1d)


class Dropout2d(_DropoutNd):
    r"""Zero whole channels of :math:`(N, C, H, W)` input with probability ``p`` in training.

    Args:
        p (float): drop probability in [0, 1]. Default: 0.5.

    Inputs:
        - **x** (Tensor) - 3-D or 4-D.

    Outputs:
        Tensor of the same shape and dtype.
    """

    _nd = 2
    _fn = staticmethod(_nn.dropout2d)


class Dropout3d(_DropoutNd):
    r"""Zero whole channels of :math:`(N, C, D, H, W)` input with probability ``p`` in training.

    Args:
        p (float): drop probability in [0, 1]. Default: 0.5.

    Inputs:
        - **x** (Tensor) - 4-D or 5-D.

    Outputs:
        Tensor of the same shape and dtype.
    """

    _nd = 3
    _fn = staticmethod(_nn.dropout3d)


class Dropout2dExt(Cell):
    r"""``torch.nn.Dropout2d`` spelling of channel dropout.

    Args:
        p (float): Default: 0.5.
        inplace (bool): Default: False.

    Inputs:
        - **input** (Tensor) - 3-D or 4-D.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        self.p = check_float(p, "p", "Dropout2dExt")
        self.inplace = inplace

    def construct(self, input):  # noqa: A002 - MindSpore's argument name
        if not self.training or self.p == 0:
            return input
        out = _nn.dropout2d(input, self.p, True)
        return assign(input, out) if self.inplace else out


class OneHot(Cell):
    r"""One-hot encode integer indices along a new ``axis``.

    Args:
        axis (int): where the new dimension goes (-1 or 0..rank). Default: -1.
        depth (int): number of classes. Default: 1.
        on_value (float): value at the index. Default: 1.0.
        off_value (float): value elsewhere. Default: 0.0.
        dtype: output dtype. Default: Float32.

    Inputs:
        - **indices** (Tensor) - int32 or int64 of any shape.

    Outputs:
        Tensor of ``dtype`` with one more dimension of size ``depth``.
    """

    def __init__(self, axis=-1, depth=1, on_value=1.0, off_value=0.0, dtype=mstype.float32):
        super().__init__()
        if not isinstance(axis, int) or axis < -1:
            raise ValueError(f"For 'OneHot', the 'axis' must be an int >= -1, but got {axis!r}")
        if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0:
            raise ValueError(f"For 'OneHot', the 'depth' must be a non-negative int, but got {depth!r}")
        self.depth = depth
        self.axis, self.on_value, self.off_value, self.dtype = axis, on_value, off_value, dtype
        self._tdtype = mstype.to_torch(dtype)

    def construct(self, indices):
        t = indices._t
        if t.is_floating_point():
            raise TypeError(f"For 'OneHot', the 'indices' must be int32 or int64, "
                            f"but got {mstype.from_torch(t.dtype)}")
        # Out-of-range indices (e.g. -1) give a row of off_value, as in MindSpore.
        return _array.one_hot(indices, self.depth, Tensor(self.on_value, self.dtype), Tensor(self.off_value, self.dtype),
                              self.axis)


_PAD_MODES = {"CONSTANT": "constant", "REFLECT": "reflect", "SYMMETRIC": "symmetric"}


class Pad(Cell):
    r"""Pad every dimension by ``paddings[d] = (before, after)``.

    Args:
        paddings (tuple): ``((before_0, after_0), ..., (before_{N-1}, after_{N-1}))`` for an N-D input.
        mode (str): ``"CONSTANT"`` (zeros), ``"REFLECT"`` or ``"SYMMETRIC"`` (edge repeated). Default: ``"CONSTANT"``.

    Inputs:
        - **x** (Tensor) - N-D.

    Outputs:
        Tensor padded on each dimension.
    """

    def __init__(self, paddings, mode="CONSTANT"):
        super().__init__()
        if mode not in _PAD_MODES:
            raise ValueError(f"For 'Pad', the 'mode' must be one of {list(_PAD_MODES)}, but got {mode!r}")
        if not isinstance(paddings, tuple) or not all(isinstance(p, tuple) and len(p) == 2 for p in paddings):
            raise TypeError(f"For 'Pad', the 'paddings' must be a tuple of (before, after) pairs, "
                            f"but got {paddings!r}")
        self.paddings, self.mode = paddings, mode
        self._flat = [v for pair in reversed(paddings) for v in pair]

    def construct(self, x):
        t = x._t
        if t.dim() != len(self.paddings):
            raise ValueError(f"For 'Pad', the length of 'paddings' ({len(self.paddings)}) must equal the input rank, "
                             f"but got input shape {tuple(t.shape)}")
        if self.mode == "CONSTANT":
            return _array.pad(x, self._flat)
        return mirror_pad(x, self.paddings, self.mode)


class Tril(NoArgCell):
    r"""Keep the lower triangle (on and below diagonal ``k``) of the last two dimensions.

    Inputs:
        - **x** (Tensor) - at least 2-D.
        - **k** (int) - diagonal offset. Default: 0.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def construct(self, x, k=0):
        return _array.tril(x, k)


class Triu(NoArgCell):
    r"""Keep the upper triangle (on and above diagonal ``k``) of the last two dimensions.

    Inputs:
        - **x** (Tensor) - at least 2-D.
        - **k** (int) - diagonal offset. Default: 0.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def construct(self, x, k=0):
        return _array.triu(x, k)


class Roll(Cell):
    r"""Roll elements along ``axis`` by ``shift`` (wrapping around).

    Args:
        shift (int, tuple or list): the shifts.
        axis (int, tuple or list): the axes, one per shift.

    Inputs:
        - **input_x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def __init__(self, shift, axis):
        super().__init__()
        for name, v in (("shift", shift), ("axis", axis)):
            if not isinstance(v, (int, tuple, list)) or isinstance(v, bool):
                raise TypeError(f"For 'Roll', the '{name}' must be an int, tuple or list, but got {type(v).__name__}")
        shift = tuple(shift) if isinstance(shift, (tuple, list)) else (shift,)
        axis = tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)
        if len(shift) != len(axis):
            raise ValueError(f"For 'Roll', the length of 'shift' ({len(shift)}) must equal the length of 'axis' "
                             f"({len(axis)})")
        self.shift, self.axis = shift, axis

    def construct(self, input_x):
        return _array.roll(input_x, self.shift, self.axis)


class Unfold(Cell):
    r"""Extract image patches into the channel dimension (TensorFlow's ``extract_image_patches``).

    Args:
        ksizes (tuple or list): ``[1, ksize_row, ksize_col, 1]``.
        strides (tuple or list): ``[1, stride_row, stride_col, 1]``.
        rates (tuple or list): ``[1, rate_row, rate_col, 1]`` (dilation).
        padding (str): ``"valid"`` or ``"same"``. Default: ``"valid"``.

    Inputs:
        - **input_x** (Tensor) - shape :math:`(N, C, H, W)`.

    Outputs:
        Tensor of shape :math:`(N, C \cdot k_r \cdot k_c, H_{out}, W_{out})`, ordered (row, col, channel).
    """

    def __init__(self, ksizes, strides, rates, padding="valid"):
        super().__init__()
        for name, v in (("ksizes", ksizes), ("strides", strides), ("rates", rates)):
            if not isinstance(v, (tuple, list)) or len(v) != 4 or v[0] != 1 or v[3] != 1:
                raise ValueError(f"For 'Unfold', the '{name}' must be [1, row, col, 1], but got {v!r}")
        padding = padding.lower() if isinstance(padding, str) else padding
        if padding not in ("valid", "same"):
            raise ValueError(f"For 'Unfold', the 'padding' must be 'valid' or 'same', but got {padding!r}")
        self.ksizes, self.strides, self.rates, self.padding = ksizes, strides, rates, padding
        self._k, self._s, self._d = tuple(ksizes[1:3]), tuple(strides[1:3]), tuple(rates[1:3])

    def construct(self, input_x):
        t = input_x._t
        if t.dim() != 4:
            raise ValueError(f"For 'Unfold', the input must be 4-D, but got shape {tuple(t.shape)}")
        n, c, h, w = t.shape
        if self.padding == "same":
            input_x = _array.pad(input_x, same_pad_flat((h, w), self._k, self._s, self._d))
            t = input_x._t
        cols = _nn.unfold(input_x, self._k, dilation=self._d, stride=self._s)._t
        kk = self._k[0] * self._k[1]
        oh = (t.shape[2] - (self._k[0] - 1) * self._d[0] - 1) // self._s[0] + 1
        ow = (t.shape[3] - (self._k[1] - 1) * self._d[1] - 1) // self._s[1] + 1
        # torch orders the patch dimension (channel, row, col); MindSpore orders it (row, col, channel).
        cols = cols.view(n, c, kk, oh, ow).transpose(1, 2).reshape(n, kk * c, oh, ow)
        return _wrap(cols)


class Upsample(Cell):
    r"""Resize by ``size`` or ``scale_factor`` with ``mode`` (``"nearest"``, ``"linear"``, ``"bilinear"``,
    ``"bicubic"``, ``"trilinear"``, ``"area"``, ``"nearest-exact"``).

    Args:
        size (int or tuple): output spatial size. Default: None.
        scale_factor (float or tuple): multiplier of the spatial size. Default: None.
        mode (str): Default: ``"nearest"``.
        align_corners (bool): for the linear modes. Default: None.
        recompute_scale_factor (bool): Default: None.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, *)` with 1 to 3 spatial dimensions.

    Outputs:
        Tensor resized on the spatial dimensions.
    """

    def __init__(self, size=None, scale_factor=None, mode="nearest", align_corners=None, recompute_scale_factor=None):
        super().__init__()
        if (size is None) == (scale_factor is None):
            raise ValueError("For 'Upsample', exactly one of 'size' and 'scale_factor' must be given, "
                             f"but got size={size!r}, scale_factor={scale_factor!r}")
        self.size, self.scale_factor, self.mode = size, scale_factor, mode
        self.align_corners, self.recompute_scale_factor = align_corners, recompute_scale_factor

    def construct(self, x):
        return _nn.interpolate(x, self.size, self.scale_factor, self.mode, self.align_corners,
                               self.recompute_scale_factor)


class ClipByNorm(Cell):
    r"""Scale ``x`` so that its L2 norm over ``axis`` is at most ``clip_norm``.

    Args:
        axis (int or tuple): the axes of the norm; None means all. Default: None.

    Inputs:
        - **x** (Tensor) - float16 or float32.
        - **clip_norm** (Tensor or float) - positive, broadcastable to ``x``.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def __init__(self, axis=None):
        super().__init__()
        self.axis = () if axis is None else axis

    def construct(self, x, clip_norm):
        t = check_dtype(self, "x", x._t, FLOATS)
        c = check_dtype(self, "clip_norm", clip_norm._t, FLOATS) if isinstance(clip_norm, Tensor) else clip_norm
        return _wrap(_clip_by_norm_axes(t, c, None if self.axis == () else self.axis))


class Norm(Cell):
    r"""L2 norm over ``axis``.

    Args:
        axis (tuple or int): Default: () meaning all axes.
        keep_dims (bool): Default: False.

    Inputs:
        - **x** (Tensor) - floating.

    Outputs:
        Tensor of the norms.
    """

    def __init__(self, axis=(), keep_dims=False):
        super().__init__()
        self.axis, self.keep_dims = axis, keep_dims
        self._dims = None if axis == () else axis

    def construct(self, x):
        return sqrt(_sum(square(x), self._dims, self.keep_dims))


class L1Regularizer(Cell):
    r""":math:`scale \cdot \sum |w|`.

    Args:
        scale (float): positive factor.

    Inputs:
        - **weights** (Tensor) - any shape.

    Outputs:
        0-D Tensor.
    """

    def __init__(self, scale):
        super().__init__()
        scale = check_float(scale, "scale", "L1Regularizer")
        if scale <= 0 or math.isinf(scale) or math.isnan(scale):
            raise ValueError(f"For 'L1Regularizer', the 'scale' must be a positive finite float, but got {scale}")
        self.scale = scale

    def construct(self, weights):
        t = weights._t
        if t.dtype == torch.bool:
            raise TypeError(f"For 'L1Regularizer', the 'weights' must be a numeric Tensor, but got Bool with shape "
                            f"{tuple(t.shape)}")
        # MindSpore 2.10 returns float32 for integer and float16 weights
        dtype = torch.float64 if t.dtype == torch.float64 else torch.float32
        return _wrap(t.to(dtype).abs().sum() * self.scale)


class MatrixDiag(NoArgCell):
    r"""Build matrices whose diagonal is the last dimension of ``x``.

    Inputs:
        - **input_x** (Tensor) - shape :math:`(*, n)`.

    Outputs:
        Tensor of shape :math:`(*, n, n)`.
    """

    def construct(self, input_x):
        return _array.diag_embed(input_x)


class MatrixDiagPart(NoArgCell):
    r"""The main diagonal of the last two dimensions.

    Inputs:
        - **input_x** (Tensor) - shape :math:`(*, m, n)`.

    Outputs:
        Tensor of shape :math:`(*, \min(m, n))`.
    """

    def construct(self, input_x):
        return _wrap(_array.diagonal(input_x, 0, -2, -1)._t.contiguous())


class MatrixSetDiag(NoArgCell):
    r"""Replace the main diagonal of the last two dimensions.

    Inputs:
        - **input_x** (Tensor) - shape :math:`(*, m, n)`.
        - **diagonal** (Tensor) - shape :math:`(*, \min(m, n))`.

    Outputs:
        Tensor of the shape of ``input_x``.
    """

    def construct(self, input_x, diagonal):
        return _array.diagonal_scatter(input_x, diagonal, 0, -2, -1)


# mint.nn's Fold/Unfold/Upsample layers, defined here as in MindSpore 2.10 (mindspore.nn.layer.basic).
class Fold(Cell):
    r"""Combine sliding local blocks (N, C*prod(kernel_size), L) into a (N, C, *output_size) tensor.

    Args:
        output_size, kernel_size, dilation (default 1), padding (default 0), stride (default 1): as torch.nn.Fold.
    """

    def __init__(self, output_size, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.output_size = output_size
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.padding = padding
        self.stride = stride

    def construct(self, input):
        return _nn.fold(input, self.output_size, self.kernel_size, self.dilation, self.padding, self.stride)


class UnfoldExt(Cell):
    r"""Extract sliding local blocks of a (N, C, H, W) tensor as (N, C*prod(kernel_size), L).

    Args:
        kernel_size, dilation (default 1), padding (default 0), stride (default 1): as torch.nn.Unfold.
    """

    def __init__(self, kernel_size, dilation=1, padding=0, stride=1):
        super().__init__()
        self.kernel_size = kernel_size
        self.dilation = dilation
        self.padding = padding
        self.stride = stride

    def construct(self, input):
        return _nn.unfold(input, self.kernel_size, self.dilation, self.padding, self.stride)


class UpsampleExt(Cell):
    r"""Resize to ``size`` or by ``scale_factor`` with ``mode`` (as :func:`mint.nn.functional.interpolate`).

    Args:
        size, scale_factor, mode (default 'nearest'), align_corners, recompute_scale_factor: as torch.nn.Upsample.
    """

    def __init__(self, size=None, scale_factor=None, mode='nearest', align_corners=None, recompute_scale_factor=None):
        super().__init__()
        self.size = size
        self.scale_factor = scale_factor
        self.mode = mode
        self.align_corners = align_corners
        self.recompute_scale_factor = recompute_scale_factor

    def construct(self, input):
        return _nn.interpolate_ext(input, self.size, self.scale_factor, self.mode, self.align_corners,
                             self.recompute_scale_factor)
