"""Activation layers and ``get_activation``.

Each activation is a parameter-free Cell (PReLU and its Ext variant hold ``a``/``weight``)
whose ``construct`` checks its input as MindSpore's cell does and calls the functional op of ``ops``.
"""
import torch

from ...common import dtype as mstype
from ...common.parameter import Parameter
from ...common.tensor import Tensor, _wrap
from ...ops.function import nn_func as _nn
from ...ops.function.creation_func import full
from ...ops.function.nn_func import _relu, lrn
from ..cell import Cell
from ._checks import FLOATS, NoArgCell, check_dtype, check_float as _check_float

__all__ = ["CELU", "ELU", "FastGelu", "GELU", "GLU", "HShrink", "HSigmoid", "HSwish", "Hardtanh", "LeakyReLU",
           "LogSigmoid", "LogSoftmax", "LogSoftmaxExt", "Mish", "PReLU", "PReLUExt", "RReLU", "ReLU", "ReLU6",
           "SeLU", "SiLU", "Sigmoid", "SoftShrink", "Softmax", "Softmax2d", "Softmin", "Softsign", "Tanh",
           "Tanhshrink", "Threshold", "LRN", "get_activation"]


def _check_axis(axis, cls):
    """Softmax-like cells take an int axis (a 1-tuple is accepted as MindSpore does)."""
    if isinstance(axis, (tuple, list)) and len(axis) == 1:
        axis = axis[0]
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise TypeError(f"For '{cls}', the 'axis' must be an int, but got {axis!r}")
    return axis


class ReLU(NoArgCell):
    r"""Rectified linear unit: :math:`\max(x, 0)`.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.

    Differences from PyTorch: NaN inputs give 0 with a zero gradient, as in MindSpore's kernel
    (``torch.nn.ReLU`` returns NaN with gradient 1). Differences from MindSpore: forward-mode
    ``jvp`` gives tangent 1 at NaN (MindSpore 0).
    """

    def construct(self, x):
        return _wrap(_relu(x._t))


class ReLU6(NoArgCell):
    r""":math:`\min(\max(x, 0), 6)`.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def construct(self, x):
        check_dtype(self, "x", x._t, FLOATS)
        return _nn.relu6(x)


class LeakyReLU(Cell):
    r""":math:`\max(x, \alpha x)` for :math:`\alpha \le 1`.

    Args:
        alpha (float): slope of the negative part. Default: 0.2.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.

    Differences from PyTorch: the default slope is 0.2 (``torch.nn.LeakyReLU`` uses 0.01); integer
    inputs are accepted and keep their dtype, with ``alpha`` cast to it (as MindSpore 2.10 computes).
    """

    def __init__(self, alpha=0.2):
        super().__init__()
        self.alpha = _check_float(alpha, "alpha", "LeakyReLU")

    def construct(self, x):
        # integer inputs: MindSpore 2.10's kernels cast alpha to the input's dtype (0.2 becomes 0)
        return _nn.leaky_relu(x, self.alpha)


class PReLU(Cell):
    r""":math:`\max(0, x) + a \cdot \min(0, x)` with a learnable ``a`` per channel (axis 1).

    Args:
        channel (int): number of elements of ``a``: 1 or the channel count of the input. Default: 1.
        w (float, list or Tensor): initial value of ``a``. Default: 0.25.

    Inputs:
        - **x** (Tensor) - shape :math:`(N, C, *)`, float16 or float32.

    Outputs:
        Tensor of the same shape and dtype.

    Differences from PyTorch: ``channel``/``w`` instead of ``num_parameters``/``init``; the
    Parameter is the attribute ``w``, named ``a`` (``sub.w`` inside a parent cell).
    """

    def __init__(self, channel=1, w=0.25):
        super().__init__()
        if not isinstance(channel, int) or isinstance(channel, bool) or channel < 1:
            raise ValueError(f"For 'PReLU', the 'channel' must be a positive int, but got {channel!r}")
        if isinstance(w, (float, int)) and not isinstance(w, bool):
            data = full((channel,), float(w), dtype=mstype.float32)
        elif isinstance(w, list):
            if len(w) != channel:
                raise ValueError(f"For 'PReLU', the length of 'w' must equal 'channel' {channel}, "
                                 f"but got {len(w)}")
            data = Tensor(w, mstype.float32)
        elif isinstance(w, Tensor):
            if w.ndim != 1 or w.shape[0] != channel:
                raise ValueError(f"For 'PReLU', the shape of 'w' must be ({channel},), but got {w.shape}")
            data = w.copy()
        else:
            raise TypeError(f"For 'PReLU', the 'w' must be a float, a list of floats or a Tensor, "
                            f"but got {type(w).__name__}")
        self.channel = channel
        # MindSpore keeps the Parameter in attribute ``w`` under the name "a".
        self.w = Parameter(data, name="a")

    def construct(self, x):
        return _nn.prelu(x, self.w)


class PReLUExt(Cell):
    r"""``torch.nn.PReLU`` spelling: :math:`\max(0, x) + w \cdot \min(0, x)`.

    Args:
        num_parameters (int): 1 or the channel count. Default: 1.
        init (float): initial value of ``weight``. Default: 0.25.
        dtype: the Parameter's dtype. Default: Float32.

    Inputs:
        - **input** (Tensor) - shape :math:`(N, C, *)`.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def __init__(self, num_parameters=1, init=0.25, dtype=None):
        super().__init__()
        if not isinstance(num_parameters, int) or num_parameters < 1:
            raise ValueError(f"For 'PReLUExt', the 'num_parameters' must be a positive int, "
                             f"but got {num_parameters!r}")
        self.num_parameters = num_parameters
        self.weight = Parameter(full((num_parameters,), float(init), dtype=dtype if dtype is not None else mstype.float32),
                                name="weight")

    def construct(self, input):  # noqa: A002 - MindSpore's argument name
        return _nn.prelu(input, self.weight)


class RReLU(Cell):
    r"""Randomised leaky ReLU: each negative element is scaled by a slope drawn from U(lower, upper).

    Args:
        lower (float): Default: 1/8.
        upper (float): Default: 1/3.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.

    Differences from PyTorch: the slopes are random in inference mode too (``torch.nn.RReLU``
    uses their mean when not training); int32/int64 inputs keep their dtype, with the slopes cast
    to it (0), as MindSpore 2.10 computes.
    """

    def __init__(self, lower=1 / 8, upper=1 / 3):
        super().__init__()
        lower = _check_float(lower, "lower", "RReLU")
        upper = _check_float(upper, "upper", "RReLU")
        if lower > upper:
            raise ValueError(f"For 'RReLU', the 'upper' must be >= 'lower', but got lower {lower}, upper {upper}")
        self.lower, self.upper = lower, upper

    def construct(self, x):
        t = x._t
        if t.dtype in (torch.int32, torch.int64):  # MindSpore 2.10 casts the slopes to the integer dtype: 0
            return _nn.relu(x)
        check_dtype(self, "x", t, FLOATS)
        return _nn.rrelu(x, self.lower, self.upper)


class ELU(Cell):
    r""":math:`x` for :math:`x > 0`, :math:`\alpha (e^x - 1)` otherwise.

    Args:
        alpha (float): Default: 1.0.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def __init__(self, alpha=1.0):
        super().__init__()
        self.alpha = _check_float(alpha, "alpha", "ELU")

    def construct(self, x):
        return _nn.elu(x, self.alpha)


class CELU(Cell):
    r""":math:`\max(0, x) + \min(0, \alpha (e^{x/\alpha} - 1))`.

    Args:
        alpha (float): must not be 0. Default: 1.0.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def __init__(self, alpha=1.0):
        super().__init__()
        self.alpha = _check_float(alpha, "alpha", "CELU")
        if self.alpha == 0:
            raise ValueError("For 'CELU', the 'alpha' must not be 0")

    def construct(self, x):
        return _nn.celu(x, self.alpha)


class SeLU(NoArgCell):
    r"""Scaled ELU with the fixed constants of Klambauer et al.

    Inputs:
        - **x** (Tensor) - any shape; floating, int8 or int32.

    Outputs:
        Tensor of the same shape and dtype.

    Differences from PyTorch: int8/int32 inputs keep their dtype, with the constants cast to it (1),
    as MindSpore 2.10 computes.
    """

    def construct(self, x):
        if x._t.dtype not in (torch.int8, torch.int32):  # integer kernels: scale and alpha cast to 1
            check_dtype(self, "x", x._t, FLOATS)
        return _nn.selu(x)


class GELU(Cell):
    r"""Gaussian error linear unit.

    Args:
        approximate (bool): use the tanh approximation. Default: True.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.

    Differences from PyTorch: the tanh approximation is the default (``torch.nn.GELU``
    computes the exact erf form unless ``approximate='tanh'``).
    """

    def __init__(self, approximate=True):
        super().__init__()
        if not isinstance(approximate, bool):
            raise TypeError(f"For 'GELU', the 'approximate' must be a bool, but got {approximate!r}")
        self.approximate = approximate
        self._mode = "tanh" if approximate else "none"

    def construct(self, x):
        return _nn.gelu(x, self._mode)


class FastGelu(NoArgCell):
    r""":math:`x / (1 + e^{-1.702 |x|}) \cdot e^{0.851 (x - |x|)}` (a sigmoid approximation of GELU).

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def construct(self, x):
        check_dtype(self, "x", x._t, FLOATS)
        return _nn.fast_gelu(x)


class SiLU(NoArgCell):
    r""":math:`x \cdot \sigma(x)`.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def construct(self, x):
        return _nn.silu(x)


class Sigmoid(NoArgCell):
    r""":math:`1 / (1 + e^{-x})`.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def construct(self, x):
        check_dtype(self, "x", x._t, FLOATS)
        return _nn.sigmoid(x)


class HSigmoid(NoArgCell):
    r"""Hard sigmoid: :math:`\text{ReLU6}(x + 3) / 6`.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def construct(self, x):
        return _nn.hardsigmoid(x)  # integer inputs keep their dtype, the result truncated


class HSwish(NoArgCell):
    r"""Hard swish: :math:`x \cdot \text{ReLU6}(x + 3) / 6`.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def construct(self, x):
        return _nn.hardswish(x)  # integer inputs keep their dtype, the result truncated


class Mish(NoArgCell):
    r""":math:`x \tanh(\text{softplus}(x))`.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def construct(self, x):
        return _nn.mish(x)


class Tanh(NoArgCell):
    r"""Hyperbolic tangent.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def construct(self, x):
        check_dtype(self, "x", x._t, FLOATS)
        return _nn.tanh(x)


class Tanhshrink(NoArgCell):
    r""":math:`x - \tanh(x)`.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def construct(self, x):
        return _nn.tanhshrink(x)


class Softmax(Cell):
    r"""Softmax along ``axis``.

    Args:
        axis (int): Default: -1.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.

    Differences from PyTorch: ``axis`` instead of ``dim``, with a default of -1.
    """

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = _check_axis(axis, "Softmax")

    def construct(self, x):
        return _nn.softmax(x, self.axis)


class Softmax2d(NoArgCell):
    r"""Softmax over the channel axis of :math:`(C, H, W)` or :math:`(N, C, H, W)` input.

    Inputs:
        - **x** (Tensor) - 3-D or 4-D.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def construct(self, x):
        t = x._t
        if t.dim() not in (3, 4):
            raise ValueError(f"For 'Softmax2d', the input must be 3-D or 4-D, but got shape {tuple(t.shape)}")
        return _nn.softmax(x, -3)


class LogSoftmax(Cell):
    r""":math:`\log \text{softmax}(x)` along ``axis``.

    Args:
        axis (int): Default: -1.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = _check_axis(axis, "LogSoftmax")

    def construct(self, x):
        return _nn.log_softmax(x, self.axis)


class LogSoftmaxExt(Cell):
    r""":math:`\log \text{softmax}(x)` along ``dim`` (``torch.nn.LogSoftmax`` spelling).

    Args:
        dim (int): Default: None, meaning -1.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def __init__(self, dim=None):
        super().__init__()
        self.dim = -1 if dim is None else _check_axis(dim, "LogSoftmaxExt")

    def construct(self, x):
        return _nn.log_softmax(x, self.dim)


class Softmin(Cell):
    r""":math:`\text{softmax}(-x)` along ``axis``.

    Args:
        axis (int): Default: -1.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = _check_axis(axis, "Softmin")

    def construct(self, x):
        return _nn.softmin(x, self.axis)


class Softsign(NoArgCell):
    r""":math:`x / (1 + |x|)`.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def construct(self, x):
        check_dtype(self, "x", x._t, FLOATS)
        return _nn.softsign(x)


class Hardtanh(Cell):
    r"""Clamp to ``[min_val, max_val]``.

    Args:
        min_val (float): Default: -1.0.
        max_val (float): Default: 1.0.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def __init__(self, min_val=-1.0, max_val=1.0):
        super().__init__()
        self.min_val = _check_float(min_val, "min_val", "Hardtanh")
        self.max_val = _check_float(max_val, "max_val", "Hardtanh")
        if self.min_val > self.max_val:
            raise ValueError(f"For 'Hardtanh', the 'max_val' must be >= 'min_val', "
                             f"but got min_val {min_val}, max_val {max_val}")

    def construct(self, x):
        return _nn.hardtanh(x, self.min_val, self.max_val)


class HShrink(Cell):
    r"""Hard shrinkage: :math:`x` where :math:`|x| > \lambda`, 0 elsewhere.

    Args:
        lambd (float): Default: 0.5.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = _check_float(lambd, "lambd", "HShrink")

    def construct(self, x):
        return _nn.hardshrink(x, self.lambd)


class SoftShrink(Cell):
    r"""Soft shrinkage: :math:`x - \lambda \,\text{sign}(x)` where :math:`|x| > \lambda`, 0 elsewhere.

    Args:
        lambd (float): non-negative. Default: 0.5.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def __init__(self, lambd=0.5):
        super().__init__()
        self.lambd = _check_float(lambd, "lambd", "SoftShrink")
        if self.lambd < 0:
            raise ValueError(f"For 'SoftShrink', the 'lambd' must be non-negative, but got {lambd}")

    def construct(self, x):
        return _nn.softshrink(x, self.lambd)


class Threshold(Cell):
    r""":math:`x` where :math:`x > threshold`, ``value`` elsewhere.

    Args:
        threshold (float): the threshold.
        value (float): the replacement.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def __init__(self, threshold, value):
        super().__init__()
        self.threshold = _check_float(threshold, "threshold", "Threshold")
        self.value = _check_float(value, "value", "Threshold")

    def construct(self, x):
        return _nn.threshold(x, self.threshold, self.value)


class LogSigmoid(NoArgCell):
    r""":math:`\log \sigma(x)`.

    Inputs:
        - **x** (Tensor) - any shape.

    Outputs:
        Tensor of the same shape and dtype.
    """

    def construct(self, x):
        return _nn.logsigmoid(x)


class GLU(Cell):
    r"""Gated linear unit: split ``x`` in halves :math:`a, b` along ``axis``; :math:`a \sigma(b)`.

    Args:
        axis (int): Default: -1.

    Inputs:
        - **x** (Tensor) - the size of ``axis`` must be even.

    Outputs:
        Tensor with ``axis`` halved.
    """

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = _check_axis(axis, "GLU")

    def construct(self, x):
        t = x._t
        if t.shape[self.axis] % 2:
            raise ValueError(f"For 'GLU', the size of axis {self.axis} must be even, but got shape {tuple(t.shape)}")
        return _nn.glu(x, self.axis)


class LRN(Cell):
    r"""Local response normalisation across channels:
    :math:`b_c = a_c / (bias + \alpha \sum_{c'=c-r}^{c+r} a_{c'}^2)^{\beta}`.

    Args:
        depth_radius (int): half-width :math:`r` of the channel window. Default: 5.
        bias (float): Default: 1.0.
        alpha (float): scale of the sum (not divided by the window size). Default: 1.0.
        beta (float): exponent. Default: 0.5.
        norm_region (str): only ``"ACROSS_CHANNELS"``.

    Inputs:
        - **input_x** (Tensor) - :math:`(N, C, H, W)`.

    Outputs:
        Tensor of the same shape and dtype.

    Differences from PyTorch: ``torch.nn.LocalResponseNorm`` divides ``alpha`` by the window size.
    """

    def __init__(self, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region="ACROSS_CHANNELS"):
        super().__init__()
        if not isinstance(depth_radius, int) or isinstance(depth_radius, bool) or depth_radius < 0:
            raise ValueError(f"For 'LRN', the 'depth_radius' must be a non-negative int, but got {depth_radius!r}")
        if norm_region != "ACROSS_CHANNELS":
            raise ValueError(f"For 'LRN', the 'norm_region' must be 'ACROSS_CHANNELS', but got {norm_region!r}")
        self.depth_radius, self.norm_region = depth_radius, norm_region
        self.bias = _check_float(bias, "bias", "LRN")
        self.alpha = _check_float(alpha, "alpha", "LRN")
        self.beta = _check_float(beta, "beta", "LRN")

    def construct(self, input_x):
        t = check_dtype(self, "input_x", input_x._t, FLOATS)
        if t.dim() != 4:
            raise ValueError(f"For 'LRN', the input must be 4-D, but got shape {tuple(t.shape)}")
        return lrn(input_x, self.depth_radius, self.bias, self.alpha, self.beta)


_ACTIVATIONS = {
    "softmin": Softmin,
    "softmax": Softmax,
    "softmax2d": Softmax2d,
    "logsoftmax": LogSoftmax,
    "logsoftmaxext": LogSoftmaxExt,
    "relu": ReLU,
    "relu6": ReLU6,
    "rrelu": RReLU,
    "silu": SiLU,
    "tanh": Tanh,
    "tanhshrink": Tanhshrink,
    "hardtanh": Hardtanh,
    "gelu": GELU,
    "fast_gelu": FastGelu,
    "elu": ELU,
    "sigmoid": Sigmoid,
    "softsign": Softsign,
    "prelu": PReLU,
    "preluext": PReLUExt,
    "leakyrelu": LeakyReLU,
    "hswish": HSwish,
    "hsigmoid": HSigmoid,
    "logsigmoid": LogSigmoid,
    "softshrink": SoftShrink,
    "hshrink": HShrink,
    "threshold": Threshold,
    "mish": Mish,
}


def get_activation(name, prim_name=None):
    """Return a new activation Cell for ``name`` (``"relu"``, ``"gelu"``, ...), or None for None.

    Args:
        name (str): the activation's name, as listed by MindSpore's ``get_activation``.
        prim_name (str): the caller's name, used in error messages. Default: None.
    """
    caller = prim_name or "get_activation"
    if name is None:
        return None
    if not isinstance(name, str):
        raise TypeError(f"For '{caller}', the 'name' must be a str, but got {type(name).__name__}")
    key = name.lower()
    if key not in _ACTIVATIONS:
        raise KeyError(f"For '{caller}', the activation {name!r} is not supported; known: {sorted(_ACTIVATIONS)}")
    return _ACTIVATIONS[key]()
