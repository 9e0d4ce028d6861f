"""Weight initialisers (``mindspore.common.initializer``) computed with ``torch.nn.init``.

An ``Initializer`` fills a torch tensor in place. ``initializer(init, shape, dtype)``
returns a lazily initialised Tensor whose data is created by ``init_data()`` (or on
first use), drawing from the global generator seeded by ``set_seed``.
"""
import math
import numbers

import numpy as np
import torch

from . import dtype as mstype
from .tensor import Tensor, _wrap
from .._device import default_device


def _fans(shape):
    if len(shape) < 2:
        raise ValueError(f"For initializer, fan_in and fan_out need a shape of at least 2 dimensions, "
                         f"but got {tuple(shape)}")
    receptive = 1
    for s in shape[2:]:
        receptive *= s
    return shape[1] * receptive, shape[0] * receptive


def _gain(nonlinearity, param=None):
    if nonlinearity in ("linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
                        "conv_transpose3d", "sigmoid"):
        return 1.0
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        slope = 0.01 if param is None else param
        return math.sqrt(2.0 / (1 + slope ** 2))
    if nonlinearity == "selu":
        return 3.0 / 4
    raise ValueError(f"For initializer, the nonlinearity {nonlinearity!r} is not supported")


class Initializer:
    """Base class: subclasses implement ``_initialize(t)`` that fills the torch tensor ``t`` in place."""

    def __init__(self, **kwargs):
        self._kwargs = kwargs

    def _initialize(self, t):
        raise NotImplementedError

    def __call__(self, arr):
        """Fill a NumPy array in place (MindSpore's calling convention)."""
        t = torch.from_numpy(arr) if arr.dtype != np.float16 else torch.from_numpy(arr.astype(np.float32))
        self._initialize(t)
        if arr.dtype == np.float16:
            arr[...] = t.numpy().astype(np.float16)


class Zero(Initializer):
    """Fill with 0."""

    def _initialize(self, t):
        t.zero_()


class One(Initializer):
    """Fill with 1."""

    def _initialize(self, t):
        t.fill_(1)


class Constant(Initializer):
    """Fill with ``value``."""

    def __init__(self, value):
        super().__init__(value=value)
        self.value = value

    def _initialize(self, t):
        t.fill_(self.value)


class Uniform(Initializer):
    """Draw from U(-scale, scale)."""

    def __init__(self, scale=0.07):
        super().__init__(scale=scale)
        self.scale = scale

    def _initialize(self, t):
        torch.nn.init.uniform_(t, -self.scale, self.scale)


class Normal(Initializer):
    """Draw from N(mean, sigma²)."""

    def __init__(self, sigma=0.01, mean=0.0):
        super().__init__(sigma=sigma, mean=mean)
        self.sigma = sigma
        self.mean = mean

    def _initialize(self, t):
        torch.nn.init.normal_(t, self.mean, self.sigma)


class TruncatedNormal(Initializer):
    """Draw from N(mean, sigma²) truncated to [a, b]."""

    def __init__(self, sigma=0.01, mean=0.0, a=-2.0, b=2.0):
        super().__init__(sigma=sigma, mean=mean, a=a, b=b)
        self.sigma, self.mean, self.a, self.b = sigma, mean, a, b

    def _initialize(self, t):
        torch.nn.init.trunc_normal_(t, self.mean, self.sigma, self.a, self.b)


class XavierUniform(Initializer):
    """Draw from U(-b, b) with b = gain·sqrt(6 / (fan_in + fan_out))."""

    def __init__(self, gain=1):
        super().__init__(gain=gain)
        self.gain = gain

    def _initialize(self, t):
        fan_in, fan_out = _fans(t.shape)
        bound = self.gain * math.sqrt(6.0 / (fan_in + fan_out))
        torch.nn.init.uniform_(t, -bound, bound)


class XavierNormal(Initializer):
    """Draw from N(0, std²) with std = gain·sqrt(2 / (fan_in + fan_out))."""

    def __init__(self, gain=1):
        super().__init__(gain=gain)
        self.gain = gain

    def _initialize(self, t):
        fan_in, fan_out = _fans(t.shape)
        torch.nn.init.normal_(t, 0.0, self.gain * math.sqrt(2.0 / (fan_in + fan_out)))


class HeUniform(Initializer):
    """Kaiming uniform: U(-b, b) with b = gain·sqrt(3 / fan), gain from ``nonlinearity``."""

    def __init__(self, negative_slope=0, mode="fan_in", nonlinearity="leaky_relu"):
        super().__init__(negative_slope=negative_slope, mode=mode, nonlinearity=nonlinearity)
        if mode not in ("fan_in", "fan_out"):
            raise ValueError(f"For 'HeUniform', the 'mode' must be 'fan_in' or 'fan_out', but got {mode!r}")
        self.negative_slope, self.mode, self.nonlinearity = negative_slope, mode, nonlinearity

    def _initialize(self, t):
        fan_in, fan_out = _fans(t.shape)
        fan = fan_in if self.mode == "fan_in" else fan_out
        bound = _gain(self.nonlinearity, self.negative_slope) * math.sqrt(3.0 / fan)
        torch.nn.init.uniform_(t, -bound, bound)


class HeNormal(Initializer):
    """Kaiming normal: N(0, std²) with std = gain / sqrt(fan)."""

    def __init__(self, negative_slope=0, mode="fan_in", nonlinearity="leaky_relu"):
        super().__init__(negative_slope=negative_slope, mode=mode, nonlinearity=nonlinearity)
        if mode not in ("fan_in", "fan_out"):
            raise ValueError(f"For 'HeNormal', the 'mode' must be 'fan_in' or 'fan_out', but got {mode!r}")
        self.negative_slope, self.mode, self.nonlinearity = negative_slope, mode, nonlinearity

    def _initialize(self, t):
        fan_in, fan_out = _fans(t.shape)
        fan = fan_in if self.mode == "fan_in" else fan_out
        torch.nn.init.normal_(t, 0.0, _gain(self.nonlinearity, self.negative_slope) / math.sqrt(fan))


class Orthogonal(Initializer):
    """A (semi-)orthogonal matrix scaled by ``gain``."""

    def __init__(self, gain=1.0):
        super().__init__(gain=gain)
        self.gain = gain

    def _initialize(self, t):
        if t.dim() < 2:
            raise ValueError(f"For 'Orthogonal', the shape must have at least 2 dimensions, but got {tuple(t.shape)}")
        torch.nn.init.orthogonal_(t, self.gain)


class Identity(Initializer):
    """The identity matrix (2-D shapes only)."""

    def _initialize(self, t):
        if t.dim() != 2:
            raise ValueError(f"For 'Identity', the shape must be 2-D, but got {tuple(t.shape)}")
        torch.nn.init.eye_(t)


class Dirac(Initializer):
    """The Dirac delta for 3-, 4- and 5-D convolution weights, preserving the input per group."""

    def __init__(self, groups=1):
        super().__init__(groups=groups)
        self.groups = groups

    def _initialize(self, t):
        if t.dim() not in (3, 4, 5):
            raise ValueError(f"For 'Dirac', the shape must be 3-, 4- or 5-D, but got {tuple(t.shape)}")
        torch.nn.init.dirac_(t, self.groups)


class Sparse(Initializer):
    """A 2-D matrix with a ``sparsity`` fraction of zeros per column, the rest N(0, sigma²)."""

    def __init__(self, sparsity, sigma=0.01):
        super().__init__(sparsity=sparsity, sigma=sigma)
        self.sparsity, self.sigma = sparsity, sigma

    def _initialize(self, t):
        if t.dim() != 2:
            raise ValueError(f"For 'Sparse', the shape must be 2-D, but got {tuple(t.shape)}")
        torch.nn.init.sparse_(t, self.sparsity, self.sigma)


class VarianceScaling(Initializer):
    """Scale-aware draws: std = sqrt(scale / n) with n from ``mode``; normal, truncated normal or uniform."""

    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal"):
        super().__init__(scale=scale, mode=mode, distribution=distribution)
        if scale <= 0:
            raise ValueError(f"For 'VarianceScaling', the 'scale' must be positive, but got {scale}")
        if mode not in ("fan_in", "fan_out", "fan_avg"):
            raise ValueError(f"For 'VarianceScaling', the 'mode' must be fan_in, fan_out or fan_avg, got {mode!r}")
        if distribution not in ("uniform", "truncated_normal", "untruncated_normal"):
            raise ValueError(f"For 'VarianceScaling', unknown distribution {distribution!r}")
        self.scale, self.mode, self.distribution = scale, mode, distribution

    def _initialize(self, t):
        fan_in, fan_out = _fans(t.shape)
        n = {"fan_in": fan_in, "fan_out": fan_out, "fan_avg": (fan_in + fan_out) / 2.0}[self.mode]
        scale = self.scale / max(1.0, n)
        if self.distribution == "uniform":
            bound = math.sqrt(3.0 * scale)
            torch.nn.init.uniform_(t, -bound, bound)
        elif self.distribution == "untruncated_normal":
            torch.nn.init.normal_(t, 0.0, math.sqrt(scale))
        else:
            # 0.8796... is the std of a standard normal truncated to [-2, 2].
            std = math.sqrt(scale) / .87962566103423978
            torch.nn.init.trunc_normal_(t, 0.0, std, -2 * std, 2 * std)


_ALIASES = {
    "zeros": Zero, "zero": Zero, "ones": One, "one": One,
    "uniform": Uniform, "normal": Normal, "truncatednormal": TruncatedNormal,
    "xavier_uniform": XavierUniform, "xavieruniform": XavierUniform,
    "xavier_normal": XavierNormal, "xaviernormal": XavierNormal,
    "he_uniform": HeUniform, "heuniform": HeUniform, "he_normal": HeNormal, "henormal": HeNormal,
    "orthogonal": Orthogonal, "identity": Identity, "eye": Identity, "dirac": Dirac,
    "variancescaling": VarianceScaling,
}


def _resolve(init):
    if isinstance(init, Initializer):
        return init
    if isinstance(init, str):
        key = init.lower()
        if key not in _ALIASES:
            raise ValueError(f"For 'initializer', the init name {init!r} is not supported; "
                             f"choose one of {sorted(set(_ALIASES))}")
        return _ALIASES[key]()
    if isinstance(init, type) and issubclass(init, Initializer):
        return init()
    raise TypeError(f"For 'initializer', the 'init' must be an Initializer, str, Tensor or number, "
                    f"but got {type(init).__name__}")


def _normalise_shape(shape):
    if shape is None:
        raise ValueError("For 'initializer', the 'shape' must be given")
    if isinstance(shape, numbers.Integral):
        shape = (int(shape),)
    shape = tuple(int(s) for s in shape)
    if any(s < 0 for s in shape):
        raise ValueError(f"For 'initializer', the 'shape' must not contain negative values, but got {shape}")
    return shape


def _fill(init, shape, dtype):
    """Create and initialise a torch tensor."""
    tdtype = mstype.to_torch(dtype)
    if isinstance(init, Tensor):
        if tuple(init.shape) != shape:
            raise ValueError(f"For 'initializer', the shape of the Tensor {init.shape} must equal shape {shape}")
        return init._t.to(tdtype).clone()
    if isinstance(init, numbers.Number) and not isinstance(init, bool):
        return torch.full(shape, init, dtype=tdtype, device=default_device())
    ini = _resolve(init)
    work = torch.empty(shape, dtype=torch.float32 if not tdtype.is_floating_point or tdtype in (
        torch.float16, torch.bfloat16) else tdtype)
    ini._initialize(work)
    return work.to(tdtype).to(default_device())


def initializer(init, shape=None, dtype=mstype.float32):
    """Create a Tensor of ``shape`` and ``dtype`` filled by ``init``.

    Args:
        init: an ``Initializer`` instance or class, its name (``"zeros"``, ``"he_uniform"``, ...),
            a Tensor of the same shape, or a number.
        shape: an int or a tuple of ints.
        dtype: a MindSpore dtype. Default: Float32.
    """
    if isinstance(init, Tensor) and shape is None:
        shape = init.shape
    return _wrap(_fill(init, _normalise_shape(shape), dtype))


def _lazy_init_data(tensor, init, shape, dtype):
    """``Tensor(init=..., shape=..., dtype=...)``: build the data for the new tensor."""
    return _fill(init if init is not None else "zeros", _normalise_shape(shape),
                 mstype.float32 if dtype is None else dtype)
