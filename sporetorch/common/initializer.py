"""Weight initialisers (``mindspore.common.initializer``) computed with ``torch.nn.init``.

``initializer(init, shape, dtype)`` returns a lazily initialised Tensor, as MindSpore does:
its data is created by ``init_data()`` (or ``asnumpy()``, or when a ``Parameter`` is made
from it); computing with it before that raises RuntimeError. Random initialisers draw
from torch's global generator, which ``set_seed`` seeds.

As in MindSpore, an ``Initializer`` fills a NumPy array in ``_initialize(arr)``; the
built-in ones fill it through ``torch.from_numpy`` (shared memory) with ``torch.nn.init``,
so user subclasses written for MindSpore keep working.
"""
import math
import numbers

import numpy as np
import torch

from . import dtype as mstype
from .seed import get_seed  # noqa: F401 - MindSpore exports it here too
from .tensor import Tensor, _uninitialized, _wrap
from .._device import default_device


def _fans(shape):
    if len(shape) < 2:
        raise ValueError("'fan_in' and 'fan_out' can not be computed for tensor with fewer than "
                         f"2 dimensions, but got dimensions {len(shape)}.")
    receptive = 1
    for s in shape[2:]:
        receptive *= s
    return shape[1] * receptive, shape[0] * receptive


def _gain(nonlinearity, param=None, owner="HeUniform"):
    if nonlinearity in ("linear", "conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
                        "conv_transpose3d", "sigmoid"):
        return 1.0
    if nonlinearity == "tanh":
        return 5.0 / 3
    if nonlinearity == "relu":
        return math.sqrt(2.0)
    if nonlinearity == "leaky_relu":
        if param is None:
            param = 0.01
        elif isinstance(param, bool) or not isinstance(param, (int, float)):
            raise ValueError(f"For '{owner}', 'negative_slope' {param} is not a valid number. When 'nonlinearity' "
                             f"is 'leaky_relu', 'negative_slope' should be int or float, but got {type(param)}.")
        return math.sqrt(2.0 / (1 + param ** 2))
    raise ValueError(f"For '{owner}', the argument 'nonlinearity' should be one of ['sigmoid', 'tanh', 'relu' "
                     f"or 'leaky_relu'], but got {nonlinearity}.")


def _check_mode(mode):
    if mode not in ("fan_in", "fan_out"):
        raise ValueError(f"'mode' {mode} not supported, please use one of ['fan_in', 'fan_out']")


def _check_sigma(sigma):
    if sigma < 0:
        raise ValueError("sigma < 0")


def _calculate_fan_in_and_fan_out(shape):
    """MindSpore's private helper (mindaudio, mindocr import it): ``(fan_in, fan_out)`` of a weight shape."""
    return _fans(tuple(shape))


def _calculate_correct_fan(shape, mode):
    """MindSpore's private helper: the fan of ``shape`` that ``mode`` ('fan_in'/'fan_out', any case) names."""
    mode = mode.lower()
    _check_mode(mode)
    fan_in, fan_out = _fans(tuple(shape))
    return fan_in if mode == "fan_in" else fan_out


def _calculate_gain(nonlinearity, param=None):
    """MindSpore's private helper: the gain of ``nonlinearity`` (1 for linear maps and sigmoid)."""
    gain = _gain(nonlinearity, param)
    return 1 if gain == 1.0 and nonlinearity != "tanh" else gain


def _calculate_in_and_out(arr):
    """MindSpore's private helper: ``(n_in, n_out)`` of an array, as the Xavier initialisers count them."""
    if len(arr.shape) < 2:
        raise ValueError("If initialize data with xavier uniform, the dimension of data must be greater than 1, "
                         f"but got {len(arr.shape)}.")
    return _fans(tuple(arr.shape))


class Initializer:
    """Base class of initialisers. Subclasses implement ``_initialize(arr)``, which fills the
    NumPy array ``arr`` in place (MindSpore's convention); the built-in subclasses implement
    ``_fill(t)`` on a torch tensor instead."""

    _random = True  # whether _fill draws random numbers (and so takes a seed from NumPy's generator)

    def __init__(self, **kwargs):
        self._kwargs = kwargs
        self.seed = None

    def _initialize(self, arr):
        if not self._random:
            self._fill_array(arr)
            return
        # MindSpore seeds every random initialisation with one draw from NumPy's global generator;
        # doing the same keeps the NumPy stream of a seeded script where MindSpore leaves it.
        seed = int(np.random.randint(low=1, high=(1 << 63), dtype=np.int64))
        cpu = torch.default_generator
        state = cpu.get_state()
        cpu.manual_seed(seed)
        try:
            self._fill_array(arr)
        finally:
            cpu.set_state(state)

    def _fill_array(self, arr):
        t = torch.from_numpy(arr)
        if t.dtype in (torch.float32, torch.float64):
            self._fill(t)
        else:
            work = torch.empty(t.shape, dtype=torch.float32)
            self._fill(work)
            t.copy_(work)

    def _fill(self, t):
        raise NotImplementedError(f"{type(self).__name__} must implement _initialize(arr)")

    def __call__(self, arr):
        """Fill the NumPy array ``arr`` in place."""
        if not isinstance(arr, np.ndarray):
            raise TypeError(f"For '{type(self).__name__}', the input must be a numpy.ndarray, "
                            f"but got {type(arr).__name__}")
        self._initialize(arr)


class Zero(Initializer):
    """Fill with 0."""

    _random = False

    def _fill(self, t):
        t.zero_()


class One(Initializer):
    """Fill with 1."""

    _random = False

    def _fill(self, t):
        t.fill_(1)


class Constant(Initializer):
    """Fill with ``value``."""

    _random = False

    def __init__(self, value):
        super().__init__(value=value)
        self.value = value

    def _fill(self, t):
        t.fill_(self.value)


class Uniform(Initializer):
    """Draw from U(-scale, scale)."""

    def __init__(self, scale=0.07):
        super().__init__(scale=scale)
        self.scale = scale

    def _fill(self, t):
        torch.nn.init.uniform_(t, -self.scale, self.scale)


class Normal(Initializer):
    """Draw from N(mean, sigma²)."""

    def __init__(self, sigma=0.01, mean=0.0):
        super().__init__(sigma=sigma, mean=mean)
        self.sigma = sigma
        self.mean = mean

    def _fill(self, t):
        _check_sigma(self.sigma)
        torch.nn.init.normal_(t, self.mean, self.sigma)


class TruncatedNormal(Initializer):
    """Draw from N(mean, sigma²) truncated to the absolute bounds [a, b]."""

    def __init__(self, sigma=0.01, mean=0.0, a=-2.0, b=2.0):
        super().__init__(sigma=sigma, mean=mean, a=a, b=b)
        self.sigma, self.mean, self.a, self.b = sigma, mean, a, b

    def _fill(self, t):
        _check_sigma(self.sigma)
        torch.nn.init.trunc_normal_(t, self.mean, self.sigma, self.a, self.b)


class XavierUniform(Initializer):
    """Draw from U(-b, b) with b = gain·sqrt(6 / (fan_in + fan_out))."""

    def __init__(self, gain=1):
        super().__init__(gain=gain)
        self.gain = gain

    def _fill(self, t):
        fan_in, fan_out = _fans(t.shape)
        bound = self.gain * math.sqrt(6.0 / (fan_in + fan_out))
        torch.nn.init.uniform_(t, -bound, bound)


class XavierNormal(Initializer):
    """Draw from N(0, std²) with std = gain·sqrt(2 / (fan_in + fan_out))."""

    def __init__(self, gain=1):
        super().__init__(gain=gain)
        self.gain = gain

    def _fill(self, t):
        fan_in, fan_out = _fans(t.shape)
        torch.nn.init.normal_(t, 0.0, self.gain * math.sqrt(2.0 / (fan_in + fan_out)))


class HeUniform(Initializer):
    """Kaiming uniform: U(-b, b) with b = gain·sqrt(3 / fan), gain from ``nonlinearity``."""

    def __init__(self, negative_slope=0, mode="fan_in", nonlinearity="leaky_relu"):
        super().__init__(negative_slope=negative_slope, mode=mode, nonlinearity=nonlinearity)
        _check_mode(mode)
        self.negative_slope, self.mode, self.nonlinearity = negative_slope, mode, nonlinearity

    def _fill(self, t):
        fan_in, fan_out = _fans(t.shape)
        fan = fan_in if self.mode == "fan_in" else fan_out
        bound = _gain(self.nonlinearity, self.negative_slope, "HeUniform") * math.sqrt(3.0 / fan)
        torch.nn.init.uniform_(t, -bound, bound)


class HeNormal(Initializer):
    """Kaiming normal: N(0, std²) with std = gain / sqrt(fan)."""

    def __init__(self, negative_slope=0, mode="fan_in", nonlinearity="leaky_relu"):
        super().__init__(negative_slope=negative_slope, mode=mode, nonlinearity=nonlinearity)
        _check_mode(mode)
        self.negative_slope, self.mode, self.nonlinearity = negative_slope, mode, nonlinearity

    def _fill(self, t):
        fan_in, fan_out = _fans(t.shape)
        fan = fan_in if self.mode == "fan_in" else fan_out
        torch.nn.init.normal_(t, 0.0, _gain(self.nonlinearity, self.negative_slope, "HeNormal") / math.sqrt(fan))


class Orthogonal(Initializer):
    """A (semi-)orthogonal matrix scaled by ``gain``."""

    def __init__(self, gain=1.0):
        super().__init__(gain=gain)
        self.gain = gain

    def _fill(self, t):
        if t.dim() < 2:
            raise ValueError("For Orthogonal initializer, the dimension of the initialized tensor should be no "
                             f"less than 2, but got {t.dim()}.")
        torch.nn.init.orthogonal_(t, self.gain)


class Identity(Initializer):
    """The identity matrix (2-D shapes only)."""

    _random = False

    def _fill(self, t):
        if t.dim() != 2:
            raise ValueError("For Identity initializer, the dimension of the initialized tensor should be 2, "
                             f"but got {t.dim()}.")
        torch.nn.init.eye_(t)


class Dirac(Initializer):
    """The Dirac delta for 3-, 4- and 5-D convolution weights, preserving the input per group."""

    _random = False

    def __init__(self, groups=1):
        super().__init__(groups=groups)
        self.groups = groups

    def _fill(self, t):
        if t.dim() not in (3, 4, 5):
            raise ValueError("For Dirac initializer, only support to initialize tensor with dimension of 3, 4 "
                             f"or 5, but got {t.dim()}.")
        if t.shape[0] % self.groups != 0:
            raise ValueError("For Dirac initializer, the first dimension of the initialized tensor must be "
                             f"divisible by groups, but got first dimension {t.shape[0]}, groups {self.groups}.")
        torch.nn.init.dirac_(t, self.groups)


class Sparse(Initializer):
    """A 2-D matrix with a ``sparsity`` fraction of zeros per column, the rest N(0, sigma²)."""

    def __init__(self, sparsity, sigma=0.01):
        super().__init__(sparsity=sparsity, sigma=sigma)
        self.sparsity, self.sigma = sparsity, sigma

    def _fill(self, t):
        if t.dim() != 2:
            raise ValueError("For Sparse initializer, the dimension of the initialized tensor should be 2, "
                             f"but got {t.dim()}.")
        torch.nn.init.sparse_(t, self.sparsity, self.sigma)


class VarianceScaling(Initializer):
    """Scale-aware draws with n from ``mode``: N(0, scale / n) for ``"untruncated_normal"``, otherwise
    U(-sqrt(3·scale / n), sqrt(3·scale / n)).

    Differences from the MindSpore documentation: MindSpore 2.10 only takes its truncated-normal
    branch for the (unaccepted) name ``"truncated_norm"``, so ``"truncated_normal"`` (the default)
    draws from the uniform distribution; sporetorch reproduces what MindSpore computes."""

    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal"):
        super().__init__(scale=scale, mode=mode, distribution=distribution)
        if scale <= 0:
            raise ValueError("For VarianceScaling initializer, the argument 'scale' must be greater than 0, "
                             f"but got {scale}.")
        if mode not in ("fan_in", "fan_out", "fan_avg"):
            raise ValueError("For VarianceScaling initializer, the argument 'mode' must be fan_in, fan_out or "
                             f"fan_avg, but got {mode}.")
        if distribution not in ("uniform", "truncated_normal", "untruncated_normal"):
            raise ValueError("For VarianceScaling initializer, the argument 'distribution' must be uniform, "
                             f"truncated_norm or untruncated_norm, but got {distribution}.")
        self.scale, self.mode, self.distribution = scale, mode, distribution

    def _fill(self, t):
        fan_in, fan_out = _fans(t.shape)
        n = {"fan_in": fan_in, "fan_out": fan_out, "fan_avg": (fan_in + fan_out) / 2.0}[self.mode]
        scale = self.scale / max(1.0, n)
        if self.distribution == "untruncated_normal":
            torch.nn.init.normal_(t, 0.0, math.sqrt(scale))
        else:
            bound = math.sqrt(3.0 * scale)
            torch.nn.init.uniform_(t, -bound, bound)


# MindSpore's alias table: every class under its lower-case name, plus the snake-case names.
_ALIASES = {
    "zeros": Zero, "zero": Zero, "ones": One, "one": One,
    "uniform": Uniform, "normal": Normal, "truncatednormal": TruncatedNormal,
    "xavier_uniform": XavierUniform, "xavieruniform": XavierUniform,
    "xavier_normal": XavierNormal, "xaviernormal": XavierNormal,
    "he_uniform": HeUniform, "heuniform": HeUniform, "he_normal": HeNormal, "henormal": HeNormal,
    "orthogonal": Orthogonal, "identity": Identity, "dirac": Dirac, "sparse": Sparse,
    "variancescaling": VarianceScaling,
}


def _resolve(init):
    """Return the ``Initializer`` (or Tensor) that fills a tensor for ``init``."""
    if isinstance(init, (Initializer, Tensor)):
        return init
    if isinstance(init, str):
        cls = _ALIASES.get(init.lower())
        if cls is None:
            raise ValueError(f"For 'initializer', the class corresponding to '{init}' was not found.")
        return cls()
    if isinstance(init, numbers.Number):
        return Constant(init)
    raise TypeError("For 'initializer', the type of the 'init' argument should be 'Tensor', 'number', 'string' "
                    f"or 'initializer', but got {type(init)}.")


def _normalise_shape(shape):
    if isinstance(shape, numbers.Integral) and not isinstance(shape, bool):
        shape = (shape,)
    if not isinstance(shape, (tuple, list)) or any(
            isinstance(s, bool) or not isinstance(s, numbers.Real) or s <= 0 or int(s) != s for s in shape):
        raise ValueError("For 'initializer', the argument 'shape' is invalid, the value of 'shape' must be "
                         f"positive integer, but got {tuple(shape) if isinstance(shape, list) else shape}")
    return tuple(int(s) for s in shape)


def _check_dtype(dtype):
    if not (isinstance(dtype, mstype.Type) and dtype.torch_dtype is not None):
        raise TypeError(f"For 'initializer', the 'dtype' should be a mindspore dtype such as mindspore.float32, "
                        f"but got {dtype!r}.")


def _fill(init, shape, dtype):
    """Create the torch data of a ``shape``/``dtype`` tensor filled by ``init`` (see ``_resolve``)."""
    tdtype = mstype.to_torch(dtype)
    if isinstance(init, Tensor):
        if init.has_init:
            init.init_data()
        if tuple(init.shape) != tuple(shape):
            raise ValueError("For 'initializer', the shape of the 'init' argument should be same as the argument "
                             f"'shape', but got the 'init' shape {list(init.shape)} and the 'shape' {list(shape)}.")
        return init._t.detach().to(tdtype, copy=True).to(default_device())
    arr = np.zeros(shape, dtype=np.float64 if tdtype == torch.float64 else np.float32)
    init(arr)
    return torch.from_numpy(arr).to(tdtype).to(default_device())


def initializer(init, shape=None, dtype=mstype.float32):
    """Create a Tensor of ``shape`` and ``dtype`` whose data ``init`` creates.

    Args:
        init (Union[Tensor, str, Initializer, numbers.Number]): an ``Initializer``, its
            alias (``"zeros"``, ``"ones"``, ``"normal"``, ``"he_uniform"``, ...), a number
            (``Constant``) or a Tensor of ``shape`` (copied).
        shape (Union[tuple, list, int]): the shape; positive integers. Default: the shape of
            ``init`` when it is a Tensor.
        dtype (mindspore.dtype): Default: ``mindspore.float32``.

    Returns:
        Tensor. For a Tensor ``init`` the data is there at once; otherwise the tensor is
        lazily initialised, as in MindSpore: ``init_data()`` creates the data, ``str`` prints
        ``<uninitialized>`` until then and computing with it raises RuntimeError.
    """
    if not isinstance(init, (Tensor, numbers.Number, str, Initializer)):
        raise TypeError("For 'initializer', the type of the 'init' argument should be 'Tensor', 'number', "
                        f"'string' or 'initializer', but got {type(init)}.")
    _check_dtype(dtype)
    if isinstance(init, Tensor):
        shape = init.shape if shape is None else _normalise_shape(shape)
        return _wrap(_fill(init, shape, dtype))
    if shape is None:
        raise ValueError("For 'initializer', the argument 'shape' must be given when 'init' is not a Tensor")
    return _wrap(_uninitialized(_resolve(init), _normalise_shape(shape), dtype))


def _tensor_init_data(init, shape, dtype):
    """The data of ``Tensor(init=..., shape=..., dtype=...)`` (lazy) or ``Tensor(shape=..., dtype=...)`` (zeros)."""
    if shape is None or dtype is None:
        raise ValueError("init, dtype and shape must have values at the same time.")
    shape = _normalise_shape(shape) if shape else ()
    if init is None:
        return torch.zeros(shape, dtype=mstype.to_torch(dtype), device=default_device())
    return _uninitialized(_resolve(init), shape, dtype)


# ------------------------------------------------------------------ MindSpore 2.10's NumPy-side helpers
# MindSpore fills float32 NumPy arrays with its C++ generators, seeded from NumPy's global RNG (so
# ``np.random.seed`` repeats them); here NumPy's generator draws the same distributions.
_INITIALIZER_ALIAS = _ALIASES


def _register(*aliases):
    """Class decorator adding an ``Initializer`` subclass to the alias table under its lower-case name
    and ``aliases`` (existing entries win)."""
    def alias_reg(cls):
        for name in (cls.__name__.lower(),) + aliases:
            _INITIALIZER_ALIAS.setdefault(name, cls)
        return cls
    return alias_reg


def _assignment(arr, num):
    """Assign ``num`` (a scalar or array) to every element of the NumPy array ``arr``; returns ``arr``."""
    if arr.shape == ():
        arr = arr.reshape(1)
        arr[:] = num
        return arr.reshape(())
    arr[:] = num[:] if isinstance(num, np.ndarray) else num
    return arr


def _numpy_seed():
    """A seed drawn from NumPy's global RNG (the same after ``np.random.seed`` with the same seed)."""
    return np.random.randint(low=1, high=(1 << 63), dtype=np.int64)


def _fill_float32(arr, draw):
    if not isinstance(arr, np.ndarray) or arr.dtype != np.float32:
        code = arr.dtype.char if isinstance(arr, np.ndarray) else type(arr).__name__
        raise RuntimeError(f"Unsupported data type '{code}'.")
    arr[...] = draw(np.random.default_rng(int(_numpy_seed())), arr.shape)


def _init_random_normal_inplace(mean, sigma, arr):
    """Fill the float32 array ``arr`` with N(mean, sigma²) samples."""
    if sigma < 0:
        raise ValueError("sigma < 0")
    _fill_float32(arr, lambda g, shape: g.normal(mean, sigma, shape))


def _init_random_uniform_inplace(a, b, arr):
    """Fill the float32 array ``arr`` with U[a, b) samples."""
    _fill_float32(arr, lambda g, shape: g.uniform(a, b, shape))


def _init_truncated_normal_inplace(a, b, mean, sigma, arr):
    """Fill the float32 array ``arr`` with N(mean, sigma²) samples kept inside [a, b] (absolute bounds)."""
    if sigma < 0:
        raise ValueError("sigma < 0")

    def draw(g, shape):
        out = g.normal(mean, sigma, shape)
        bad = (out < a) | (out > b)
        while bad.any():  # redraw the samples outside the bounds
            out[bad] = g.normal(mean, sigma, int(bad.sum()))
            bad = (out < a) | (out > b)
        return out
    _fill_float32(arr, draw)


def _init_random_normal(mean, sigma, shape):
    """A new float32 array of ``shape`` with N(mean, sigma²) samples."""
    data = np.ndarray(shape=shape, dtype=np.float32)
    _init_random_normal_inplace(mean, sigma, data)
    return data


def _init_random_uniform(a, b, shape):
    """A new float32 array of ``shape`` with U[a, b) samples."""
    data = np.ndarray(shape=shape, dtype=np.float32)
    _init_random_uniform_inplace(a, b, data)
    return data


def _init_truncated_normal(a, b, mean, sigma, shape):
    """A new float32 array of ``shape`` with N(mean, sigma²) samples inside [a, b]."""
    data = np.ndarray(shape=shape, dtype=np.float32)
    _init_truncated_normal_inplace(a, b, mean, sigma, data)
    return data
