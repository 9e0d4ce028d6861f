"""Neural-network functional operators: activations, convolution, pooling, resizing, dropout,
normalisation, embeddings and losses (``mindspore.ops`` nn functions).

MindSpore differences kept here: convolutions take ``pad_mode`` ('valid' by
default, 'same', 'pad'); ``leaky_relu`` defaults to ``alpha=0.2``; ``smooth_l1_loss``
defaults to ``reduction='none'``; ``dropout`` takes the drop probability ``p``
and an op-level ``seed``.
"""
import math

import torch
import torch.nn.functional as F

from ... import _accel
from ... import _checkparam as validator
from ...common import dtype as mstype
from ...common.tensor import Tensor, _new, _wrap
from ...common._inplace import _set
from ._prim_checks import _check_dtypes, _check_ndim, float_input, tensor_of
from ._utils import (
    F16_F32,
    FLOATS,
    FLOATS_BF16,
    FLOATS_COMPLEX,
    _check_dtype,
    _fail,
    _guard,
    _guard_module,
    _inline_checked,
    _no_tensor,
    _pair,
    _same_dtype,
    _tdtype,
    _tensor_arg,
    _torch_error_type,
    _u,
    _ut,
)
from .random_func import _generator

__all__ = [
    # activations
    "relu", "relu6", "sigmoid", "tanh", "tanh_", "inplace_sigmoid", "softmax", "log_softmax", "softmin", "gelu",
    "fast_gelu", "silu", "leaky_relu", "softplus", "elu", "selu", "celu", "mish", "hardsigmoid", "hardswish",
    "hardtanh", "hardshrink", "softshrink", "soft_shrink", "tanhshrink", "logsigmoid", "softsign", "prelu", "rrelu",
    "glu", "swiglu", "threshold", "gumbel_softmax",
    # linear / conv / pooling
    "dense", "bidense", "bias_add", "conv1d", "conv2d", "conv3d", "conv_transpose2d", "conv3d_transpose",
    "avg_pool1d", "avg_pool2d", "avg_pool3d", "max_pool2d", "max_pool3d", "adaptive_avg_pool1d",
    "adaptive_avg_pool2d", "adaptive_avg_pool2d_ext", "adaptive_avg_pool3d", "adaptive_max_pool1d",
    "adaptive_max_pool2d", "adaptive_max_pool3d", "lp_pool1d", "lp_pool2d", "max_unpool1d", "max_unpool2d",
    "max_unpool3d", "interpolate", "upsample", "pixel_shuffle", "pixel_unshuffle", "unfold", "fold",
    "affine_grid", "grid_sample",
    # dropout / normalisation / embedding / distances
    "dropout", "dropout1d", "dropout2d", "dropout3d", "batch_norm", "layer_norm", "group_norm", "rms_norm",
    "add_rms_norm", "add_layer_norm", "rotary_position_embedding", "flash_attention_score",
    "lrn", "embedding", "cosine_similarity", "pdist", "cdist", "dist",
    # losses
    "cross_entropy", "nll_loss", "binary_cross_entropy", "binary_cross_entropy_with_logits", "mse_loss",
    "mse_loss_ext", "l1_loss", "smooth_l1_loss", "huber_loss", "kl_div", "soft_margin_loss",
    "margin_ranking_loss", "cosine_embedding_loss", "hinge_embedding_loss", "triplet_margin_loss",
    "multi_margin_loss", "multilabel_margin_loss", "multilabel_soft_margin_loss", "gaussian_nll_loss", "ctc_loss",
]


# ---------------------------------------------------------------------------- activations
# The dtypes MindSpore 2.10's activation primitives accept (their TypeError otherwise). Where MindSpore
# takes float16/float32 only (ReLU6, SiLU, FastGeLU, LRN, AffineGrid, RmsNorm) float64 and bfloat16 are
# accepted as well, so that float64 gradient checks and bfloat16 training run. Integer and bool inputs
# are computed as MindSpore's integer kernels do (see _int_kernel).
_FLOAT_ACTIVATIONS = ("relu6", "silu", "fast_gelu", "lrn", "softmin", "gelu", "elu", "softplus", "softsign")
_ACTIVATION_DTYPES = {
    **{op: FLOATS_BF16 for op in _FLOAT_ACTIVATIONS},
    "sigmoid": FLOATS_COMPLEX + (torch.bfloat16,), "tanh": FLOATS_COMPLEX + (torch.bfloat16,),
    "selu": FLOATS_BF16 + (torch.int8, torch.int32),
    "hardsigmoid": FLOATS_BF16 + (torch.int8, torch.int16, torch.int32, torch.int64),
    "hardswish": FLOATS_BF16 + (torch.int8, torch.int16, torch.int32, torch.int64),
}


def _int_kernel(fn, t):
    """``fn`` of an integer or bool ``t`` as MindSpore's integer kernels give it: in float64, then truncated
    toward zero to ``t``'s dtype."""
    return fn(t.double()).to(t.dtype)


def _activation(op, fn, x, name="input", int_fn=None):
    """``fn`` of Tensor ``x`` with MindSpore's dtype rules for activation ``op`` (see _ACTIVATION_DTYPES);
    ``int_fn`` replaces :func:`_int_kernel` for integer and bool inputs."""
    allowed = _ACTIVATION_DTYPES.get(op)
    if allowed is not None:
        _check_dtype(op, name, x, allowed)
    t = x._t
    if t.is_floating_point() or t.is_complex():
        return _wrap(fn(t))
    return _wrap(int_fn(t) if int_fn is not None else _int_kernel(fn, t))


def _leaky_relu_int(t, alpha):
    """MindSpore's integer LeakyReLU: the slope is truncated to an integer first (0.2 gives 0)."""
    if t.dtype == torch.bool:
        return t.clone()
    return torch.where(t > 0, t, t * int(alpha))


def _selu_int(t):
    """MindSpore's integer SeLU: scale and alpha truncated to 1, so ``x`` where positive, else
    ``exp(x) - 1`` in float32 truncated (0 down to about -17, -1 below)."""
    return torch.where(t > 0, t, (torch.exp(t.float()) - 1).to(t.dtype))


# 0-d CPU zeros by dtype, the other operand of the one-kernel ReLU below (binary kernels take a
# 0-d CPU operand with a tensor on any device; keying by dtype alone costs less per call). Made
# here, not at first use: TorchDynamo traces a zero that exists as a graph input and one that
# does not yet as a graph op, so a cache filled lazily would give a function compiled before
# any eager ReLU another graph (and miss the on-disk caches) than the same function compiled after.
_RELU_ZEROS = {dtype: torch.zeros((), dtype=dtype) for dtype in (
    torch.bool, torch.uint8, torch.int8, torch.int16, torch.int32, torch.int64,
    torch.float16, torch.bfloat16, torch.float32, torch.float64)}
_fmax = torch.fmax
# Whether a forward-mode AD level is open (torch keeps that in a private variable: _accel reads it).
_forward_ad_open = _accel.forward_ad_open


def _relu(t):
    """``torch.relu`` giving 0 for NaN, as MindSpore's ReLU kernel does (torch keeps NaN), with
    MindSpore's derivatives: 1 where the input is positive, else 0 (at 0 and at NaN too); the
    identity for Bool."""
    if not (t.requires_grad and torch.is_grad_enabled()):
        # No backward is recorded (or vmap hides it): one kernel, the hot path of PYNATIVE
        # inference. fmax gives the other operand where one is NaN. With the input second its
        # gradient is MindSpore's (what a grad transform around vmap uses); with the input first
        # its forward-mode tangent is.
        zero = _RELU_ZEROS.get(t.dtype)
        if zero is None:
            if t.is_complex():
                return torch.relu(t)  # torch's error for complex input
            zero = _RELU_ZEROS[t.dtype] = torch.zeros((), dtype=t.dtype)
        return _fmax(t, zero) if _forward_ad_open(t) else _fmax(zero, t)
    out = torch.relu(t)
    try:
        # In place on relu's fresh output, through ``.data``: relu saved this very tensor for
        # backward, and ``.data`` keeps autograd's version check quiet; backward's mask
        # (output > 0) then also gives MindSpore's zero gradient at NaN. fmax would save its
        # input as well as the next layer saving its output, and take four kernels backward.
        out.data.nan_to_num_(0.0, float("inf"))
    except RuntimeError:
        # vmap forbids ``.data``: the out-of-place form.
        return torch.where(t > 0, t, 0)
    return out


@_inline_checked
def relu(input, inplace=False):
    """``max(input, 0)``; integer inputs keep their dtype.

    Differences from PyTorch: NaN gives 0 and a zero gradient, as in MindSpore. Differences
    from MindSpore: a ``jvp`` taken while a gradient is also recorded gives tangent 1 at NaN
    (MindSpore 0).
    """
    try:
        t = input._t
        if not t.requires_grad:
            # _relu's one-kernel path, inlined: the hot path of PYNATIVE inference (a cached
            # dtype's zero; about 0.15 us less per call than calling _relu and _wrap).
            zero = _RELU_ZEROS.get(t.dtype)
            if zero is not None:
                out = _new(Tensor)
                out._t = _fmax(t, zero) if _forward_ad_open(t) else _fmax(zero, t)
                return out
        return _wrap(_relu(t))
    except AttributeError:
        raise TypeError(f"For 'relu', the 'input' must be a Tensor, but got {type(input).__name__}") from None
    except RuntimeError:
        if input._t.dtype != torch.bool:
            raise
        return _wrap(input._t.clone())  # MindSpore's ReLU of Bool is the identity


@_inline_checked
def relu6(x):
    """``min(max(x, 0), 6)``."""
    try:
        t = x._t
        if t.dtype not in FLOATS_BF16:
            _check_dtype("relu6", "x", x, FLOATS_BF16)
        return _wrap(F.relu6(t))
    except AttributeError as e:
        _no_tensor("relu6", e, x=x)


@_inline_checked
def sigmoid(input):
    """Logistic sigmoid ``1 / (1 + exp(-input))``."""
    try:
        t = input._t
        if not (t.is_floating_point() or t.is_complex()):
            _check_dtype("sigmoid", "input", input, _ACTIVATION_DTYPES["sigmoid"])
        return _wrap(torch.sigmoid(t))
    except AttributeError:
        raise TypeError(f"For 'sigmoid', the 'input' must be a Tensor, but got {type(input).__name__}") from None
    except RuntimeError as e:
        _fail("sigmoid", e, TypeError, input=input)


def inplace_sigmoid(input):
    """Alias of :func:`sigmoid`."""
    return sigmoid(input)


@_inline_checked
def tanh(input):
    """Hyperbolic tangent of a float or complex Tensor (MindSpore 2.10's kernels refuse int and bool)."""
    try:
        t = input._t
        if not (t.is_floating_point() or t.is_complex()):
            _check_dtype("tanh", "input", input, _ACTIVATION_DTYPES["tanh"])
        return _wrap(torch.tanh(t))
    except AttributeError:
        raise TypeError(f"For 'tanh', the 'input' must be a Tensor, but got {type(input).__name__}") from None
    except RuntimeError as e:
        _fail("tanh", e, TypeError, input=input)


def tanh_(input):
    """Alias of :func:`tanh`."""
    return tanh(input)


def _softmax_axis(op, t, axis):
    """ValueError for a 0-D input, whose axis range [0, 0) is empty in MindSpore (torch accepts axis -1).
    Hot callers test ``t.dim()`` first and call this only for a 0-D input."""
    if t.dim() == 0:
        raise ValueError(f"For '{op}', the 'axis' must be in range [0, 0) for a 0-D input, but got {axis}")


@_inline_checked
def softmax(input, axis=-1, *, dtype=None):
    """Softmax over ``axis``."""
    try:
        t = input._t if dtype is None else input._t.to(_tdtype(dtype))
        if not t.dim():
            _softmax_axis("softmax", t, axis)
        try:
            return _wrap(torch.softmax(t, axis))
        except IndexError as e:
            _fail("softmax", e, ValueError, input=input, axis=axis)
        except RuntimeError as e:
            _fail("softmax", e, TypeError, input=input, axis=axis)
    except AttributeError as e:
        _no_tensor("softmax", e, input=input)


@_inline_checked
def log_softmax(logits, axis=-1):
    """Log of the softmax over ``axis``, computed stably."""
    try:
        if not logits._t.dim():
            _softmax_axis("log_softmax", logits._t, axis)
        try:
            return _wrap(torch.log_softmax(logits._t, axis))
        except IndexError as e:
            _fail("log_softmax", e, ValueError, logits=logits, axis=axis)
        except RuntimeError as e:
            _fail("log_softmax", e, TypeError, logits=logits, axis=axis)
    except AttributeError as e:
        _no_tensor("log_softmax", e, logits=logits)


def softmin(x, axis=-1, *, dtype=None):
    """Softmax of ``-x`` over ``axis``."""
    t = x._t if dtype is None else x._t.to(_tdtype(dtype))
    _check_dtype("softmin", "x", _wrap(t), _ACTIVATION_DTYPES["softmin"])
    _softmax_axis("softmin", t, axis)
    return _wrap(torch.softmax(-t, axis))


@_inline_checked
def gelu(input, approximate='none'):
    """Gaussian error linear unit; ``approximate='tanh'`` uses the tanh formula."""
    try:
        if approximate not in ("none", "tanh"):
            raise ValueError(f"For 'gelu', the 'approximate' must be 'none' or 'tanh', but got {approximate!r}")
        return _activation("gelu", lambda t: F.gelu(t, approximate=approximate), input)
    except AttributeError as e:
        _no_tensor("gelu", e, input=input)


def fast_gelu(x):
    """MindSpore's fast GeLU ``x * sigmoid(1.702 x)``, in its kernel's form
    ``x / (1 + exp(-1.702 |x|)) * exp(0.851 (x - |x|))`` (no overflow for large ``|x|``)."""
    return _activation("fast_gelu", _fast_gelu, x, "x")


def _fast_gelu(t):
    a = t.abs()
    return t / (1 + torch.exp(-1.702 * a)) * torch.exp(0.851 * (t - a))


@_inline_checked
def silu(input):
    """``input * sigmoid(input)``."""
    try:
        return _activation("silu", F.silu, input)
    except AttributeError as e:
        _no_tensor("silu", e, input=input)


@_inline_checked
def leaky_relu(input, alpha=0.2):
    """``input`` where positive, ``alpha * input`` elsewhere (MindSpore's default slope is 0.2)."""
    try:
        return _activation("leaky_relu", lambda t: F.leaky_relu(t, float(alpha)), input,
                           int_fn=lambda t: _leaky_relu_int(t, alpha))
    except AttributeError as e:
        _no_tensor("leaky_relu", e, input=input)


@_inline_checked
def softplus(input, beta=1, threshold=20):
    """``log(1 + exp(beta * input)) / beta``, linear above ``threshold``."""
    try:
        return _activation("softplus", lambda t: F.softplus(t, beta, threshold), input)
    except AttributeError as e:
        _no_tensor("softplus", e, input=input)


@_inline_checked
def elu(input_x, alpha=1.0):
    """Exponential linear unit."""
    try:
        return _activation("elu", lambda t: F.elu(t, alpha), input_x, "input_x")
    except AttributeError as e:
        _no_tensor("elu", e, input_x=input_x)


def selu(input_x):
    """Scaled exponential linear unit."""
    return _activation("selu", F.selu, input_x, "input_x", int_fn=_selu_int)


def celu(x, alpha=1.0):
    """Continuously differentiable ELU."""
    return _wrap(F.celu(x._t, alpha))


def mish(x):
    """``x * tanh(softplus(x))``."""
    return _wrap(F.mish(x._t))


def hardsigmoid(input):
    """Piecewise-linear sigmoid ``relu6(x + 3) / 6``."""
    return _activation("hardsigmoid", F.hardsigmoid, input)


def hardswish(input):
    """``x * relu6(x + 3) / 6``."""
    return _activation("hardswish", F.hardswish, input)


def hardtanh(input, min_val=-1.0, max_val=1.0):
    """Clamp to ``[min_val, max_val]``."""
    return _activation("hardtanh", lambda t: F.hardtanh(t, min_val, max_val), input)


def hardshrink(input, lambd=0.5):
    """Zero the elements with ``|x| <= lambd``."""
    return _wrap(F.hardshrink(input._t, lambd))


def softshrink(input, lambd=0.5):
    """Shrink toward zero by ``lambd``."""
    return _wrap(F.softshrink(input._t, lambd))


def soft_shrink(input, lambd=0.5):
    """Alias of :func:`softshrink`."""
    return softshrink(input, lambd)


def tanhshrink(input):
    """``x - tanh(x)``; integer inputs give float32, as in MindSpore (whose Tanh refuses Bool)."""
    if input._t.dtype == torch.bool:
        raise TypeError("For 'tanhshrink', the 'input' must not be a Bool Tensor")
    return _wrap(F.tanhshrink(input._t))


def logsigmoid(x):
    """``log(sigmoid(x))``, computed stably."""
    return _wrap(F.logsigmoid(x._t))


def softsign(x):
    """``x / (1 + |x|)``."""
    return _activation("softsign", F.softsign, x, "x")


def prelu(input, weight):
    """Leaky ReLU with a learned slope per channel (axis 1)."""
    if weight._t.dim() > 1:
        raise ValueError(f"For 'prelu', the 'weight' must be 0-D or 1-D, but got shape {tuple(weight._t.shape)}")
    _check_dtype("prelu", "input", input, FLOATS_BF16)
    return _wrap(F.prelu(input._t, weight._t))


def rrelu(input, lower=0.125, upper=0.3333333333333333):
    """Randomised leaky ReLU with a slope drawn from ``[lower, upper)`` per element."""
    t = input._t
    if t.dtype == torch.float16:  # torch's CPU kernel lacks float16, MindSpore's has it
        return _wrap(F.rrelu(t.float(), lower, upper, training=True).half())
    return _wrap(F.rrelu(t, lower, upper, training=True))


def glu(x, axis=-1):
    """Gated linear unit: split ``axis`` in halves ``a, b`` and return ``a * sigmoid(b)``."""
    return _wrap(F.glu(x._t, axis))


def swiglu(input, dim=-1):
    """Split ``dim`` in halves ``a, b`` and return ``silu(a) * b``."""
    a, b = torch.chunk(input._t, 2, dim)
    return _wrap(F.silu(a) * b)


def threshold(input, thr, value):
    """``input`` where it is greater than ``thr``, else ``value``."""
    return _wrap(F.threshold(input._t, thr, value))


def gumbel_softmax(logits, tau=1.0, hard=False, dim=-1):
    """Samples from the Gumbel-softmax distribution (one-hot with ``hard``)."""
    return _wrap(F.gumbel_softmax(logits._t, tau, hard, dim=dim))


# ---------------------------------------------------------------------------- linear / conv
@_inline_checked
def dense(input, weight, bias=None):
    """``input @ weight.T + bias``."""
    try:
        try:
            return _wrap(F.linear(input._t, weight._t, None if bias is None else bias._t))
        except RuntimeError as e:
            _fail("dense", e, _torch_error_type(e), input=input, weight=weight, bias=bias)
    except AttributeError as e:
        _no_tensor("dense", e, input=input, weight=weight, bias=bias)


def bidense(input1, input2, weight, bias=None):
    """Bilinear transform ``x1^T W x2 + b``."""
    return _wrap(F.bilinear(input1._t, input2._t, weight._t, None if bias is None else bias._t))


def bias_add(input_x, bias):
    """Add a 1-D ``bias`` along the channel axis (axis 1)."""
    t, b = input_x._t, bias._t
    if t.dim() < 2 or b.dim() != 1 or b.shape[0] != t.shape[1]:
        raise ValueError(f"For 'bias_add', the 'bias' must be 1-D with input_x.shape[1] elements, but got "
                         f"input_x shape {tuple(t.shape)} and bias shape {tuple(b.shape)}")
    if t.dtype != b.dtype:
        raise TypeError(f"For 'bias_add', the 'input_x' and 'bias' must have the same dtype, but got {input_x.dtype} "
                        f"and {bias.dtype}")
    return _wrap(t + b.reshape((-1,) + (1,) * (t.dim() - 2)))


def _check_rank(op, name, x, ranks, exc=ValueError):
    """``exc`` (MindSpore's ValueError by default) unless Tensor ``x`` has one of the ``ranks``."""
    if x._t.dim() not in ranks:
        want = " or ".join(f"{r}-D" for r in ranks)
        raise exc(f"For '{op}', the '{name}' must be {want}, but got shape {tuple(x._t.shape)}")


def _check_output_size(op, output_size):
    """TypeError unless ``output_size`` is an int or a tuple/list (of ints or None), as MindSpore checks it."""
    if isinstance(output_size, bool) or not isinstance(output_size, (int, tuple, list)):
        raise TypeError(f"For '{op}', the 'output_size' must be an int or a tuple, but got "
                        f"{type(output_size).__name__}")
    if isinstance(output_size, (tuple, list)) and not all(
            v is None or (isinstance(v, int) and not isinstance(v, bool)) for v in output_size):
        raise ValueError(f"For '{op}', the 'output_size' must hold ints or None, but got {output_size!r}")


def _tuple(v, n):
    if isinstance(v, (tuple, list)):
        return tuple(v) if len(v) == n else tuple(v) * (n // len(v))
    return (v,) * n


def _same_pad_flat(in_sizes, kernel, stride, dilation):
    """TensorFlow-style 'same' padding (MindSpore's ``pad_mode='same'``) as an ``F.pad`` argument (last
    dimension first): output = ceil(in / stride); the extra padding goes after. The one formula of the
    convolutions and poolings, functional and nn."""
    flat = []
    for size, k, s, d in reversed(list(zip(in_sizes, kernel, stride, dilation))):
        out = (size + s - 1) // s
        total = max((out - 1) * s + (k - 1) * d + 1 - size, 0)
        flat += [total // 2, total - total // 2]
    return flat


def _avg_pool_same(fn, t, flat, kernel, stride, nd):
    """Average pooling ``fn`` (torch's avg_poolNd) of torch tensor ``t`` with MindSpore's 'same' padding
    ``flat``: the 3-D kernel averages the zero padding in (divisor = kernel volume); the 1-D/2-D ones average
    the real cells only (window sums divided by window counts)."""
    if nd == 3:
        return fn(F.pad(t, flat), kernel, stride)
    ones = torch.ones((1,) * (t.dim() - nd) + tuple(t.shape[-nd:]), dtype=t.dtype, device=t.device)
    return fn(F.pad(t, flat), kernel, stride) / fn(F.pad(ones, flat), kernel, stride)


def _conv_padding(op, t, weight_shape, nd, stride, pad_mode, padding, dilation):
    """Pad ``t`` as MindSpore's ``pad_mode`` asks and return (input, torch padding)."""
    if pad_mode == "valid":
        return t, 0
    if pad_mode == "same":
        pads = _same_pad_flat(t.shape[2:2 + nd], weight_shape[2:2 + nd], _tuple(stride, nd), _tuple(dilation, nd))
        return F.pad(t, pads), 0
    if pad_mode == "pad":
        if isinstance(padding, int) or len(padding) == nd:
            return t, padding
        if len(padding) == 2 * nd:
            pads = []
            for i in range(nd):
                pads = [padding[2 * i], padding[2 * i + 1]] + pads
            return F.pad(t, pads), 0
        raise ValueError(f"For '{op}', the 'padding' must be an int or a tuple of {nd} or {2 * nd} ints, "
                         f"but got {padding!r}")
    raise ValueError(f"For '{op}', the 'pad_mode' must be 'valid', 'same' or 'pad', but got {pad_mode!r}")


def _conv(op, fn, nd, input, weight, bias, stride, pad_mode, padding, dilation, groups):
    t, w = input._t, weight._t
    if not (t.is_floating_point() and w.is_floating_point()) and t.dim() == nd + 2:
        # MindSpore's convolution kernels are float only (TypeError, after its rank check's ValueError);
        # torch would convolve integers
        _check_dtype(op, "input", input, FLOATS_BF16)
        _check_dtype(op, "weight", weight, FLOATS_BF16)
    if pad_mode != "pad" and padding not in (0, (0,) * nd, [0] * nd, (0,) * 2 * nd):
        raise ValueError(f"For '{op}', the 'padding' must be 0 when 'pad_mode' is {pad_mode!r}, but got {padding!r}")
    t, pad = _conv_padding(op, t, w.shape, nd, stride, pad_mode, padding, dilation)
    try:
        return _wrap(fn(t, w, None if bias is None else bias._t, stride, pad, dilation, groups))
    except RuntimeError as e:
        # MindSpore 2.10 reports a channel mismatch as RuntimeError, other bad shapes as ValueError.
        _fail(op, e, RuntimeError if "channels" in str(e) else ValueError, input=input, weight=weight)


@_inline_checked
def conv1d(input, weight, bias=None, stride=1, pad_mode='valid', padding=0, dilation=1, groups=1):
    """1-D convolution over (N, C, L) with MindSpore's ``pad_mode``."""
    try:
        _check_rank("conv1d", "input", input, (3,))
        return _conv("conv1d", F.conv1d, 1, input, weight, bias, stride, pad_mode, padding, dilation, groups)
    except AttributeError as e:
        _no_tensor("conv1d", e, input=input, weight=weight, bias=bias)


@_inline_checked
def conv2d(input, weight, bias=None, stride=1, pad_mode='valid', padding=0, dilation=1, groups=1):
    """2-D convolution over (N, C, H, W) with MindSpore's ``pad_mode`` ('same' pads the extra row at the end)."""
    try:
        return _conv("conv2d", F.conv2d, 2, input, weight, bias, stride, pad_mode, padding, dilation, groups)
    except AttributeError as e:
        _no_tensor("conv2d", e, input=input, weight=weight, bias=bias)


@_inline_checked
def conv3d(input, weight, bias=None, stride=1, pad_mode='valid', padding=0, dilation=1, groups=1):
    """3-D convolution over (N, C, D, H, W) with MindSpore's ``pad_mode``."""
    try:
        return _conv("conv3d", F.conv3d, 3, input, weight, bias, stride, pad_mode, padding, dilation, groups)
    except AttributeError as e:
        _no_tensor("conv3d", e, input=input, weight=weight, bias=bias)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    """Transposed 2-D convolution (``torch.nn.functional.conv_transpose2d`` argument order)."""
    # MindSpore 2.10 reports an input of the wrong rank as RuntimeError here
    _check_tensor("conv_transpose2d", "weight", weight)
    _check_rank("conv_transpose2d", "input", input, (3, 4), RuntimeError)
    return _wrap(F.conv_transpose2d(input._t, weight._t, None if bias is None else bias._t, stride, padding,
                                    output_padding, groups, dilation))


def conv3d_transpose(inputs, weight, pad_mode='valid', padding=0, stride=1, dilation=1, group=1, output_padding=0):
    """Transposed 3-D convolution."""
    _check_rank("conv3d_transpose", "inputs", inputs, (5,))
    if pad_mode == "same":
        raise ValueError("For 'conv3d_transpose', pad_mode='same' is not supported; use 'pad' with explicit padding")
    pad = padding if pad_mode == "pad" else 0
    if isinstance(pad, (tuple, list)) and len(pad) == 6:
        pad = pad[::2]
    return _wrap(F.conv_transpose3d(inputs._t, weight._t, None, stride, pad, output_padding, group, dilation))


# ---------------------------------------------------------------------------- pooling
def avg_pool1d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False, count_include_pad=True):
    """1-D average pooling."""
    _check_dtype("avg_pool1d", "input_x", input_x, FLOATS_BF16)
    _check_rank("avg_pool1d", "input_x", input_x, (3,))
    return _wrap(F.avg_pool1d(input_x._t, kernel_size, stride, padding, ceil_mode, count_include_pad))


@_inline_checked
def avg_pool2d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=0):
    """2-D average pooling (``divisor_override=0``: divide by the window size)."""
    try:
        _check_dtype("avg_pool2d", "input_x", input_x, FLOATS_BF16)
        _check_rank("avg_pool2d", "input_x", input_x, (3, 4))
        try:
            return _wrap(F.avg_pool2d(input_x._t, kernel_size, stride, padding, ceil_mode, count_include_pad,
                                      divisor_override or None))
        except RuntimeError as e:
            _fail("avg_pool2d", e, RuntimeError, input_x=input_x, kernel_size=kernel_size)
    except AttributeError as e:
        _no_tensor("avg_pool2d", e, input_x=input_x)


def avg_pool3d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=0):
    """3-D average pooling."""
    _check_dtype("avg_pool3d", "input_x", input_x, FLOATS_BF16)
    return _wrap(F.avg_pool3d(input_x._t, kernel_size, stride, padding, ceil_mode, count_include_pad,
                              divisor_override or None))


@_inline_checked
def max_pool2d(x, kernel_size, stride=None, padding=0, dilation=1, return_indices=False, ceil_mode=False):
    """2-D max pooling; with ``return_indices`` also the Int64 flat indices of the maxima."""
    try:
        if x._t.dtype == torch.bool:
            raise TypeError(f"For 'max_pool2d', the 'x' must not be a Bool Tensor, but got shape {tuple(x._t.shape)}")
        try:
            out = F.max_pool2d(x._t, kernel_size, stride, padding, dilation, ceil_mode, return_indices)
        except RuntimeError as e:
            _fail("max_pool2d", e, ValueError, x=x, kernel_size=kernel_size)
        return (_wrap(out[0]), _wrap(out[1])) if return_indices else _wrap(out)
    except AttributeError as e:
        _no_tensor("max_pool2d", e, x=x, kernel_size=kernel_size, stride=stride)


def max_pool3d(x, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    """3-D max pooling."""
    out = F.max_pool3d(x._t, kernel_size, stride, padding, dilation, ceil_mode, return_indices)
    return (_wrap(out[0]), _wrap(out[1])) if return_indices else _wrap(out)


def adaptive_avg_pool1d(input, output_size):
    """Average pooling to a fixed output length."""
    _check_output_size("adaptive_avg_pool1d", output_size)
    _check_rank("adaptive_avg_pool1d", "input", input, (3,))
    return _wrap(F.adaptive_avg_pool1d(input._t, output_size))


def adaptive_avg_pool2d(input, output_size):
    """Average pooling to a fixed output size (None in ``output_size`` keeps that axis)."""
    _check_output_size("adaptive_avg_pool2d", output_size)
    _check_dtype("adaptive_avg_pool2d", "input", input, FLOATS_BF16)
    _check_rank("adaptive_avg_pool2d", "input", input, (3, 4))  # torch also pools a 2-D input
    return _wrap(F.adaptive_avg_pool2d(input._t, output_size))


def adaptive_avg_pool2d_ext(input, output_size):
    """Alias of :func:`adaptive_avg_pool2d` (whose 'output_size' of the wrong type is a ValueError here)."""
    try:
        _check_output_size("adaptive_avg_pool2d_ext", output_size)
    except TypeError as e:
        raise ValueError(str(e)) from None
    _check_rank("adaptive_avg_pool2d_ext", "input", input, (3, 4))
    return adaptive_avg_pool2d(input, output_size)


def adaptive_avg_pool3d(input, output_size):
    """3-D average pooling to a fixed output size."""
    _check_output_size("adaptive_avg_pool3d", output_size)
    return _wrap(F.adaptive_avg_pool3d(input._t, output_size))


def _maybe_pair(out, return_indices):
    return (_wrap(out[0]), _wrap(out[1])) if return_indices else _wrap(out)


def adaptive_max_pool1d(input, output_size):
    """Max pooling to a fixed output length."""
    _check_output_size("adaptive_max_pool1d", output_size)
    _check_rank("adaptive_max_pool1d", "input", input, (3,))
    return _wrap(F.adaptive_max_pool1d(input._t, output_size))


def adaptive_max_pool2d(input, output_size, return_indices=False):
    """Max pooling to a fixed output size."""
    _check_output_size("adaptive_max_pool2d", output_size)
    return _maybe_pair(F.adaptive_max_pool2d(input._t, output_size, return_indices), return_indices)


def adaptive_max_pool3d(input, output_size, return_indices=False):
    """3-D max pooling to a fixed output size."""
    if input._t.dtype == torch.bool or input._t.is_complex():
        raise TypeError(f"For 'adaptive_max_pool3d', the 'input' must be a real number Tensor, but got {input.dtype}")
    _check_rank("adaptive_max_pool3d", "input", input, (4, 5))
    return _maybe_pair(F.adaptive_max_pool3d(input._t, output_size, return_indices), return_indices)


def lp_pool1d(x, norm_type, kernel_size, stride=None, ceil_mode=False):
    """1-D power-average pooling (integer inputs give float32, as in MindSpore)."""
    t = x._t if x._t.is_floating_point() else x._t.float()
    return _wrap(F.lp_pool1d(t, norm_type, kernel_size, stride, ceil_mode))


def lp_pool2d(x, norm_type, kernel_size, stride=None, ceil_mode=False):
    """2-D power-average pooling (integer inputs give float32, as in MindSpore)."""
    t = x._t if x._t.is_floating_point() else x._t.float()
    return _wrap(F.lp_pool2d(t, norm_type, kernel_size, stride, ceil_mode))


def max_unpool1d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    """Inverse of 1-D max pooling."""
    return _wrap(F.max_unpool1d(x._t, indices._t.long(), kernel_size, stride, padding, output_size))


def max_unpool2d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    """Inverse of 2-D max pooling; integer inputs keep their dtype, as in MindSpore."""
    t = x._t
    if t.is_floating_point() or t.dtype == torch.bool:
        return _wrap(F.max_unpool2d(t, indices._t.long(), kernel_size, stride, padding, output_size))
    # the unpooling only places values: float64 holds every int32 exactly
    return _wrap(F.max_unpool2d(t.double(), indices._t.long(), kernel_size, stride, padding, output_size).to(t.dtype))


def max_unpool3d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    """Inverse of 3-D max pooling."""
    return _wrap(F.max_unpool3d(x._t, indices._t.long(), kernel_size, stride, padding, output_size))


_INTERP_MODES = ("nearest", "linear", "bilinear", "bicubic", "trilinear", "area", "nearest-exact")


# MindSpore 2.10's ops.interpolate takes scale_factor only for these (mode, rank) pairs ("area" turns it
# into a size first); mint.nn.functional.interpolate (interpolate_ext) takes it for every mode.
_INTERP_RANKS = {"nearest": (3, 4, 5), "linear": (3,), "bilinear": (4,), "bicubic": (4,), "area": (3, 4, 5),
                 "nearest-exact": (3, 4), "trilinear": (5,)}
_INTERP_SCALE_OK = {("nearest", 5), ("trilinear", 5), ("area", 3), ("area", 4), ("area", 5)}


@_inline_checked
def interpolate(input, size=None, scale_factor=None, mode='nearest', align_corners=None, recompute_scale_factor=None):
    """Resize to ``size`` or by ``scale_factor`` with ``mode``; ``scale_factor`` only for 5-D ``'nearest'``
    and ``'trilinear'`` and for ``'area'``, unless ``recompute_scale_factor`` turns it into a size (ValueError
    otherwise, as MindSpore 2.10 raises)."""
    rank = getattr(getattr(input, "_t", None), "ndim", None)
    if scale_factor is not None and not recompute_scale_factor and isinstance(mode, str) \
            and rank in _INTERP_RANKS.get(mode, ()) and (mode, rank) not in _INTERP_SCALE_OK:
        raise ValueError(f"For 'interpolate', 'scale_factor' option cannot currently be set with the mode = {mode} "
                         f"and dim = {rank}D.")
    return interpolate_ext(input, size, scale_factor, mode, align_corners, recompute_scale_factor)


@_inline_checked
def interpolate_ext(input, size=None, scale_factor=None, mode='nearest', align_corners=None,
                    recompute_scale_factor=None):
    """Resize to ``size`` or by ``scale_factor`` with ``mode`` (``mindspore.mint.nn.functional.interpolate``)."""
    try:
        if mode not in _INTERP_MODES:
            raise ValueError(f"For 'interpolate', the 'mode' must be one of {list(_INTERP_MODES)}, but got {mode!r}")
        if (size is None) == (scale_factor is None):
            raise ValueError("For 'interpolate', exactly one of 'size' and 'scale_factor' must be given")
        if mode in ("nearest", "area", "nearest-exact") and align_corners:
            raise ValueError(f"For 'interpolate', 'align_corners' cannot be set with mode {mode!r}")
        if isinstance(size, Tensor):
            size = tuple(size._t.tolist())
        if not (input._t.is_floating_point() or input._t.is_complex()):
            _check_dtype("interpolate", "input", input, FLOATS_BF16)
        linear = mode in ("linear", "bilinear", "bicubic", "trilinear")
        try:
            return _wrap(F.interpolate(input._t, size, scale_factor, mode, align_corners if linear else None,
                                       recompute_scale_factor))
        except (RuntimeError, ValueError, NotImplementedError) as e:
            _fail("interpolate", e, ValueError, input=input, size=size, scale_factor=scale_factor)
    except AttributeError as e:
        _no_tensor("interpolate", e, input=input, size=size, scale_factor=scale_factor, align_corners=align_corners,
                   recompute_scale_factor=recompute_scale_factor)


def upsample(input, size=None, scale_factor=None, mode='nearest', align_corners=None, recompute_scale_factor=None):
    """Alias of :func:`interpolate`."""
    return interpolate(input, size, scale_factor, mode, align_corners, recompute_scale_factor)


def pixel_shuffle(input, upscale_factor):
    """Rearrange (N, C*r*r, H, W) to (N, C, H*r, W*r)."""
    return _wrap(F.pixel_shuffle(input._t, upscale_factor))


def pixel_unshuffle(input, downscale_factor):
    """Rearrange (N, C, H*r, W*r) to (N, C*r*r, H, W)."""
    return _wrap(F.pixel_unshuffle(input._t, downscale_factor))


def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    """Extract sliding local blocks (im2col); integer inputs keep their dtype, as in MindSpore (Bool is refused)."""
    t = input._t
    if t.dtype == torch.bool:
        raise TypeError(f"For 'unfold', the 'input' must not be a Bool Tensor, but got shape {tuple(t.shape)}")
    if t.is_floating_point() or t.is_complex():
        return _wrap(F.unfold(t, kernel_size, dilation, padding, stride))
    # im2col only copies values: float64 holds every int32 exactly (int64 beyond 2**53 would round)
    return _wrap(F.unfold(t.double(), kernel_size, dilation, padding, stride).to(t.dtype))


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """Combine sliding local blocks into a tensor (col2im)."""
    if input._t.dtype == torch.bool:
        raise TypeError(f"For 'fold', the 'input' must not be a Bool Tensor, but got shape {tuple(input._t.shape)}")
    size = tuple(output_size._t.tolist()) if isinstance(output_size, Tensor) else output_size
    return _wrap(F.fold(input._t, size, kernel_size, dilation, padding, stride))


def affine_grid(theta, size, align_corners=False):
    """Sampling grid for the affine transforms ``theta``."""
    if not isinstance(size, (tuple, list, Tensor)):
        raise TypeError(f"For 'affine_grid', the 'size' must be a tuple of ints, but got {type(size).__name__}")
    _check_dtype("affine_grid", "theta", theta, FLOATS_BF16)
    _check_rank("affine_grid", "theta", theta, (3,))
    size = size._t.tolist() if isinstance(size, Tensor) else list(size)
    return _wrap(F.affine_grid(theta._t, size, align_corners))


def grid_sample(input, grid, mode='bilinear', padding_mode='zeros', align_corners=None):
    """Sample ``input`` at the normalised coordinates in ``grid``."""
    return _wrap(F.grid_sample(input._t, grid._t, mode, padding_mode, bool(align_corners)))


# ---------------------------------------------------------------------------- dropout / normalisation
@_inline_checked
def dropout(input, p=0.5, training=True, seed=None):
    """Zero elements with probability ``p`` and scale the rest by ``1 / (1 - p)``; identity when not training."""
    try:
        if not 0 <= p <= 1:
            # MindSpore 2.10 raises RuntimeError here (from its keep_prob check)
            raise RuntimeError(f"For 'dropout', the 'p' must be in range [0, 1], but got {p}")
        t = input._t
        if not training or p == 0:
            return input
        if p == 1:
            return _wrap(torch.zeros_like(t))
        gen = _generator(seed, t.device)
        if gen is None:
            return _wrap(F.dropout(t, p, True))
        keep = torch.rand(t.shape, generator=gen, device=t.device) >= p
        return _wrap(t * keep / (1 - p))
    except AttributeError as e:
        _no_tensor("dropout", e, input=input, seed=seed)


def _channel_dropout(op, fn, input, p, training):
    if not 0 <= p <= 1:
        raise ValueError(f"For '{op}', the 'p' must be in range [0, 1], but got {p}")
    return _wrap(fn(input._t, p, training))


def dropout1d(input, p=0.5, training=True):
    """Zero whole channels of (N, C, L) with probability ``p``."""
    return _channel_dropout("dropout1d", F.dropout1d, input, p, training)


def dropout2d(input, p=0.5, training=True):
    """Zero whole channels of (N, C, H, W) with probability ``p``."""
    return _channel_dropout("dropout2d", F.dropout2d, input, p, training)


def dropout3d(input, p=0.5, training=True):
    """Zero whole channels of (N, C, D, H, W) with probability ``p``."""
    return _channel_dropout("dropout3d", F.dropout3d, input, p, training)


@_inline_checked
def batch_norm(input_x, running_mean, running_var, weight, bias, training=False, momentum=0.1, eps=1e-05):
    """Batch normalisation over axis 1; in training the running statistics are updated in place."""
    try:
        if not input_x._t.is_floating_point():
            _check_dtype("batch_norm", "input_x", input_x, FLOATS_BF16)
        try:
            # torch.batch_norm, not F.batch_norm: MindSpore 2.10 normalises a single value per channel in
            # training (output = bias, running variance NaN), which F.batch_norm refuses with a ValueError.
            return _wrap(torch.batch_norm(input_x._t, _u(weight), _u(bias), running_mean._t, running_var._t, training,
                                          momentum, eps, torch.backends.cudnn.enabled))
        except RuntimeError as e:
            _fail("batch_norm", e, ValueError, input_x=input_x, running_mean=running_mean, weight=weight)
    except AttributeError as e:
        _no_tensor("batch_norm", e, input_x=input_x, running_mean=running_mean, running_var=running_var,
                   weight=weight, bias=bias)


@_inline_checked
def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05):
    """Normalise over the trailing ``normalized_shape`` axes."""
    try:
        shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
        try:
            return _wrap(F.layer_norm(input._t, shape, _u(weight), _u(bias), eps))
        except RuntimeError as e:
            _fail("layer_norm", e, ValueError, input=input, normalized_shape=normalized_shape)
    except AttributeError as e:
        _no_tensor("layer_norm", e, input=input, normalized_shape=normalized_shape, weight=weight, bias=bias)


def _layer_norm_from_axis(t, norm_axis, gamma, beta, eps):
    """MindSpore's LayerNorm kernel on torch tensors: ``t`` normalised over the axes from ``norm_axis`` with
    the biased variance, scaled by ``gamma`` and shifted by ``beta`` (broadcast against the trailing axes).
    Returns ``(y, mean, var)``, the statistics with kept dimensions. ``nn.LayerNorm`` (when the parameter
    axes differ from the normalised ones) and the ``LayerNorm`` Primitive share it."""
    var, mean = torch.var_mean(t, tuple(range(norm_axis, t.dim())), correction=0, keepdim=True)
    return (t - mean) * torch.rsqrt(var + eps) * gamma + beta, mean, var


def _instance_norm(input, gamma, beta, momentum, eps):
    """Instance normalisation of Tensor ``input`` (N, C, ...) with per-channel ``gamma``/``beta``
    (``nn.InstanceNorm1d/2d/3d``): each sample's channel over its spatial axes, batch statistics."""
    return _wrap(F.instance_norm(input._t, None, None, gamma._t, beta._t, True, momentum, eps))


def group_norm(input, num_groups, weight=None, bias=None, eps=1e-05):
    """Normalise over groups of channels."""
    if isinstance(num_groups, bool) or not isinstance(num_groups, int):
        raise TypeError(f"For 'group_norm', the 'num_groups' must be an int, but got {type(num_groups).__name__}")
    return _wrap(F.group_norm(input._t, num_groups, _u(weight), _u(bias), eps))


def _rms_norm(t, gamma, epsilon):
    g = gamma._t
    if g.dim() > t.dim():
        raise ValueError(f"For 'rms_norm', the rank of 'gamma' must not exceed the rank of 'x', but got shapes "
                         f"{tuple(g.shape)} and {tuple(t.shape)}")
    rstd = torch.rsqrt(t.pow(2).mean(tuple(range(-max(g.dim(), 1), 0)), keepdim=True) + epsilon)
    return _wrap(t * rstd * g), _wrap(rstd)


def rms_norm(x, gamma, epsilon=1e-06):
    """Root-mean-square normalisation over the trailing axes that ``gamma`` spans (the last axis for a 1-D
    ``gamma``); returns ``(y, rstd)``."""
    _check_dtype("rms_norm", "x", x, FLOATS_BF16)
    _check_dtype("rms_norm", "gamma", gamma, FLOATS_BF16)
    return _rms_norm(x._t, gamma, epsilon)


def add_rms_norm(x1, x2, gamma, epsilon=1e-06):
    """RMS norm of ``x1 + x2`` over the last axis; returns ``(y, rstd, x1 + x2)``."""
    x = x1._t + x2._t
    return _rms_norm(x, gamma, epsilon) + (_wrap(x),)


def add_layer_norm(x1, x2, gamma, beta, epsilon=1e-05, additional_output=False):
    """Layer norm of ``x1 + x2`` over the axes of ``gamma``; returns ``(y, mean, rstd, x1 + x2)``."""
    x = x1._t + x2._t
    axes = tuple(range(-gamma._t.dim(), 0))
    var, mean = torch.var_mean(x, axes, correction=0, keepdim=True)
    rstd = torch.rsqrt(var + epsilon)
    return _wrap((x - mean) * rstd * gamma._t + beta._t), _wrap(mean), _wrap(rstd), _wrap(x)


def rotary_position_embedding(x, cos, sin, mode=0):
    """Rotary position embedding ``x * cos + rotate(x) * sin``.

    ``mode=0`` rotates halves (GPT-NeoX style: ``cat(-x2, x1)``), ``mode=1`` rotates interleaved
    pairs (GPT-J style: ``(x0, x1) -> (-x1, x0)``).
    """
    t = x._t
    if mode == 0:
        first, second = t.chunk(2, -1)
        rotated = torch.cat([-second, first], -1)
    elif mode == 1:
        rotated = torch.stack([-t[..., 1::2], t[..., ::2]], -1).flatten(-2)
    else:
        raise ValueError(f"For 'rotary_position_embedding', the 'mode' must be 0 or 1, but got {mode!r}")
    return _wrap(t * cos._t + rotated * sin._t)


def _to_bnsd(t, layout, heads):
    """(B, N, S, D) view of an attention input in MindSpore's ``input_layout``."""
    if layout == "BNSD":
        return t
    if layout == "BSND":
        return t.transpose(1, 2)
    if layout == "BSH":
        b, seq, hidden = t.shape
        return t.reshape(b, seq, heads, hidden // heads).transpose(1, 2)
    if layout == "SBH":
        seq, b, hidden = t.shape
        return t.reshape(seq, b, heads, hidden // heads).permute(1, 2, 0, 3)
    raise ValueError(f"For 'flash_attention_score', the 'input_layout' must be 'BSH', 'SBH', 'BSND' or 'BNSD', "
                     f"but got {layout!r}")


def _from_bnsd(t, layout):
    if layout == "BNSD":
        return t
    if layout == "BSND":
        return t.transpose(1, 2)
    b, heads, seq, dim = t.shape
    if layout == "BSH":
        return t.transpose(1, 2).reshape(b, seq, heads * dim)
    return t.permute(2, 0, 1, 3).reshape(seq, b, heads * dim)


def flash_attention_score(query, key, value, head_num, real_shift=None, drop_mask=None, padding_mask=None,
                          attn_mask=None, prefix=None, actual_seq_qlen=None, actual_seq_kvlen=None, keep_prob=1.0,
                          scalar_value=1.0, pre_tokens=2147483647, next_tokens=2147483647, inner_precise=0,
                          input_layout='BSH', sparse_mode=0):
    """Scaled dot-product attention ``softmax(scalar_value * Q K^T + real_shift, masked) V``.

    ``attn_mask`` marks the positions to *discard* (True/1), as in MindSpore; ``pre_tokens``
    and ``next_tokens`` keep the band ``-pre_tokens <= k - q <= next_tokens``; ``keep_prob``
    applies attention dropout. Key/value may have fewer heads than the query (grouped-query
    attention). Supported: ``sparse_mode=0`` and the layouts BSH, SBH, BSND, BNSD; variable
    sequence lengths (``actual_seq_*``, ``prefix``) are not.
    """
    if sparse_mode != 0 or prefix is not None or actual_seq_qlen is not None or actual_seq_kvlen is not None:
        raise ValueError("For 'flash_attention_score', only sparse_mode=0 without prefix or actual_seq_* "
                         "lengths is supported")
    q = _to_bnsd(query._t, input_layout, head_num)
    kv_heads = head_num if input_layout in ("BNSD", "BSND") else key._t.shape[-1] // q.shape[-1]
    k = _to_bnsd(key._t, input_layout, kv_heads)
    v = _to_bnsd(value._t, input_layout, kv_heads)
    if k.shape[1] != q.shape[1]:
        k = k.repeat_interleave(q.shape[1] // k.shape[1], 1)
        v = v.repeat_interleave(q.shape[1] // v.shape[1], 1)
    q_len, k_len = q.shape[-2], k.shape[-2]
    no_band = pre_tokens >= q_len and next_tokens >= k_len
    causal = pre_tokens >= q_len and next_tokens == 0  # the band keeps k <= q: torch's top-left causal mask
    if real_shift is None and attn_mask is None and (no_band or causal):
        # torch's fused kernels (flash / memory-efficient attention on a GPU) compute the same softmax
        # without writing the (q_len, k_len) scores to memory
        out = F.scaled_dot_product_attention(q, k, v, dropout_p=1.0 - keep_prob, is_causal=causal and not no_band,
                                             scale=scalar_value)
        return _wrap(_from_bnsd(out, input_layout))
    scores = torch.matmul(q, k.transpose(-2, -1)) * scalar_value
    if real_shift is not None:
        scores = scores + real_shift._t
    discard = None if attn_mask is None else attn_mask._t.bool()
    if pre_tokens < scores.shape[-2] or next_tokens < scores.shape[-1]:
        rows = torch.arange(scores.shape[-2], device=scores.device).unsqueeze(1)
        cols = torch.arange(scores.shape[-1], device=scores.device).unsqueeze(0)
        band = ((cols - rows) > next_tokens) | ((rows - cols) > pre_tokens)
        discard = band if discard is None else discard | band
    if discard is not None:
        scores = scores.masked_fill(discard, float("-inf"))
    probs = torch.softmax(scores, -1)
    if keep_prob < 1.0:
        probs = F.dropout(probs, 1.0 - keep_prob, True)
    return _wrap(_from_bnsd(torch.matmul(probs, v), input_layout))


def lrn(x, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region='ACROSS_CHANNELS'):
    """Local response normalisation across channels: ``x / (bias + alpha * sum(x^2 over the window)) ** beta``."""
    _check_dtype("lrn", "x", x, _ACTIVATION_DTYPES["lrn"])
    t = x._t
    sq = F.pad(t.pow(2).unsqueeze(1), (0, 0, 0, 0, depth_radius, depth_radius)).squeeze(1)
    windows = sq.unfold(1, 2 * depth_radius + 1, 1).sum(-1)
    return _wrap(t / (bias + alpha * windows).pow(beta))


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False):
    """Look up rows of ``weight`` at the integer ``input``."""
    return _wrap(F.embedding(input._t.long(), weight._t, padding_idx, max_norm, norm_type, scale_grad_by_freq))


def cosine_similarity(x1, x2, dim=1, eps=1e-08):
    """Cosine similarity along ``dim``.

    Differences from MindSpore: a 0-D operand broadcasts before the norms are taken, so the result is a
    cosine (MindSpore 2.10 takes the norm of the 0-D operand alone and can return values above 1).
    """
    for name, x in (("x1", x1), ("x2", x2)):
        _check_dtype("cosine_similarity", name, x, FLOATS_BF16)
        rank = x._t.dim()
        if rank and not -rank <= dim < rank:
            raise ValueError(f"For 'cosine_similarity', the 'dim' must be in range [{-rank}, {rank}) for '{name}' "
                             f"of shape {tuple(x._t.shape)}, but got {dim}")
    return _wrap(F.cosine_similarity(x1._t, x2._t, dim, eps))


def pdist(input, p=2.0):
    """Pairwise p-norm distances between the rows of a 2-D tensor (upper triangle, flattened)."""
    return _wrap(F.pdist(input._t, p))


def cdist(x1, x2, p=2.0):
    """p-norm distances between each pair of rows of ``x1`` and ``x2``."""
    return _wrap(torch.cdist(x1._t, x2._t, p))


def dist(input, other, p=2):
    """p-norm of ``input - other``."""
    # MindSpore takes the norm of the difference: only its dtype must be a float one
    if not (input._t.is_floating_point() or other._t.is_floating_point()):
        raise TypeError(f"For 'dist', the difference of 'input' and 'other' must be a float Tensor, but got "
                        f"{input.dtype} and {other.dtype}")
    return _wrap(torch.dist(input._t, other._t, p))


# ---------------------------------------------------------------------------- losses
_REDUCTIONS = ("none", "mean", "sum")
_INDEX_DTYPES = (torch.int32, torch.int64)


def _check_tensor(op, name, x):
    if not isinstance(x, Tensor):
        raise TypeError(f"For '{op}', the '{name}' must be a Tensor, but got {type(x).__name__}")


def _check_same_dtype(op, **tensors):
    """TypeError unless the Tensors ``tensors`` share one dtype (MindSpore's losses do not promote)."""
    if len({t._t.dtype for t in tensors.values()}) > 1:
        got = ", ".join(f"'{k}': {t.dtype}" for k, t in tensors.items())
        raise TypeError(f"For '{op}', the inputs must have the same dtype, but got {got}")


def _check_same_shape(op, x, y, names=("input", "target")):
    """ValueError unless Tensors ``x`` and ``y`` have one shape (MindSpore's loss kernels do not broadcast)."""
    if x._t.shape != y._t.shape:
        raise ValueError(f"For '{op}', the '{names[0]}' and '{names[1]}' must have the same shape, but got "
                         f"{tuple(x._t.shape)} and {tuple(y._t.shape)}")


def _check_reduction(op, reduction, allowed=_REDUCTIONS):
    if reduction not in allowed:
        raise ValueError(f"For '{op}', the 'reduction' must be one of {list(allowed)}, but got {reduction!r}")


def _reduced(loss, reduction):
    """``loss`` reduced as a checked ``reduction`` ('none', 'sum' or 'mean') asks."""
    if reduction == "none":
        return loss
    return loss.sum() if reduction == "sum" else loss.mean()


def _loss(op, fn, *args, **kw):
    try:
        return _wrap(fn(*args, **kw))
    except (RuntimeError, ValueError, IndexError) as e:
        _fail(op, e, _torch_error_type(e), **{f"arg{i}": a for i, a in enumerate(args)
                                              if isinstance(a, torch.Tensor)})


def _class_targets(logits, target, ignore_index):
    """Int64 class indices of ``target`` with MindSpore's negative indices: ``-k`` is class ``C - k`` (its
    kernel gathers Python-style), ``ignore_index`` excepted; indices out of [-C, C) stay for torch to refuse."""
    tg = target.long()
    n_classes = logits.shape[1 if logits.dim() > 1 else 0]
    return torch.where((tg < 0) & (tg >= -n_classes) & (tg != ignore_index), tg + n_classes, tg)


@_inline_checked
def cross_entropy(input, target, weight=None, ignore_index=-100, reduction='mean', label_smoothing=0.0):
    """Cross entropy of logits ``input`` (N, C, ...) against class indices or class probabilities ``target``."""
    try:
        _check_reduction("cross_entropy", reduction)
        _check_dtype("cross_entropy", "input", input, FLOATS_BF16)
        tg = target._t
        if not tg.is_floating_point():
            tg = _class_targets(input._t, tg, ignore_index)
        elif tg.shape != input._t.shape:
            # class probabilities broadcast against the logits, as in MindSpore
            try:
                tg = tg.broadcast_to(input._t.shape)
            except RuntimeError as e:
                _fail("cross_entropy", e, ValueError, input=input, target=target)
        return _loss("cross_entropy", F.cross_entropy, input._t, tg, weight=_u(weight), ignore_index=ignore_index,
                     reduction=reduction, label_smoothing=label_smoothing)
    except AttributeError as e:
        _no_tensor("cross_entropy", e, input=input, target=target, weight=weight)


@_inline_checked
def nll_loss(inputs, target, weight=None, ignore_index=-100, reduction='mean', label_smoothing=0.0):
    """Negative log-likelihood of log-probabilities ``inputs`` at class indices ``target``."""
    try:
        _check_reduction("nll_loss", reduction)
        if inputs._t.dim() and target._t.dim() and inputs._t.shape[0] != target._t.shape[0]:
            raise ValueError(f"For 'nll_loss', the batch sizes of 'inputs' and 'target' must match, but got shapes "
                             f"{tuple(inputs._t.shape)} and {tuple(target._t.shape)}")
        _check_dtype("nll_loss", "target", target, _INDEX_DTYPES)
        logp = inputs._t
        tg = _class_targets(logp, target._t, ignore_index)
        if label_smoothing == 0.0:
            return _loss("nll_loss", F.nll_loss, logp, tg, weight=_u(weight), ignore_index=ignore_index,
                         reduction=reduction)
        # Label smoothing mixes in the mean over classes, as cross_entropy does.
        n_classes = logp.shape[1]
        w = _u(weight)
        nll = F.nll_loss(logp, tg, weight=w, ignore_index=ignore_index, reduction="none")
        weighted = logp if w is None else logp * w.reshape((1, -1) + (1,) * (logp.dim() - 2))
        smooth = -weighted.sum(1)
        smooth = torch.where(tg == ignore_index, torch.zeros_like(smooth), smooth)
        loss = (1 - label_smoothing) * nll + label_smoothing / n_classes * smooth
        if reduction == "none":
            return _wrap(loss)
        if reduction == "sum":
            return _wrap(loss.sum())
        denom = (w[tg.clamp(min=0)] * (tg != ignore_index)).sum() if w is not None else (tg != ignore_index).sum()
        return _wrap(loss.sum() / denom)
    except AttributeError as e:
        _no_tensor("nll_loss", e, inputs=inputs, target=target, weight=weight)


def binary_cross_entropy(logits, labels, weight=None, reduction='mean'):
    """Binary cross entropy of probabilities ``logits`` against ``labels``.

    As MindSpore's kernel: ``-w * (y * log(x + 1e-12) + (1 - y) * log(1 - x + 1e-12))``, so a saturated
    probability costs 27.63 (torch clamps the log at -100 instead); in float16 the 1e-12 underflows and the
    loss is inf, as in MindSpore.
    """
    _check_reduction("binary_cross_entropy", reduction)
    try:
        t, lab, w = logits._t, labels._t, _u(weight)
        if t.shape != lab.shape or t.dtype != lab.dtype or not t.is_floating_point() \
                or (t.numel() and bool(((t < 0) | (t > 1)).any())):
            # torch's own checks raise the shape / dtype / range errors, translated below as MindSpore's
            F.binary_cross_entropy(t, lab, w, reduction=reduction)
        eps = 1e-12
        loss = -(lab * torch.log(t + eps) + (1 - lab) * torch.log(1 - t + eps))
        if w is not None:
            loss = loss * w
        return _wrap(_reduced(loss, reduction))
    except RuntimeError as e:
        # MindSpore's kernel reports probabilities outside [0, 1] as RuntimeError, bad shapes as ValueError
        _fail("binary_cross_entropy", e, RuntimeError if "between 0 and 1" in str(e) else _torch_error_type(e),
              logits=logits, labels=labels)


@_inline_checked
def binary_cross_entropy_with_logits(input, target, weight=None, pos_weight=None, reduction='mean'):
    """Sigmoid followed by binary cross entropy, computed stably."""
    try:
        _check_reduction("binary_cross_entropy_with_logits", reduction)
        return _loss("binary_cross_entropy_with_logits", F.binary_cross_entropy_with_logits, input._t, target._t,
                     _u(weight), reduction=reduction, pos_weight=_u(pos_weight))
    except AttributeError as e:
        _no_tensor("binary_cross_entropy_with_logits", e, input=input, target=target, weight=weight,
                   pos_weight=pos_weight)


@_inline_checked
def mse_loss(input, target, reduction='mean'):
    """Squared error ``(input - target) ** 2`` with broadcasting."""
    try:
        _check_reduction("mse_loss", reduction)
        _check_tensor("mse_loss", "target", target)
        if input._t.dtype == torch.bool or target._t.dtype == torch.bool:
            raise TypeError(f"For 'mse_loss', the inputs must not be Bool, but got {input.dtype} and {target.dtype}")
        try:
            d = torch.sub(input._t, target._t)
        except RuntimeError as e:
            _fail("mse_loss", e, ValueError, input=input, target=target)
        if not (d.is_floating_point() or d.is_complex()):
            d = d.float()  # MindSpore squares integers and gives float32
        return _wrap(_reduced(d * d, reduction))
    except AttributeError as e:
        _no_tensor("mse_loss", e, input=input, target=target)


def mse_loss_ext(input, target, reduction='mean'):
    """Alias of :func:`mse_loss`."""
    return mse_loss(input, target, reduction)


@_inline_checked
def l1_loss(input, target, reduction='mean'):
    """Absolute error ``|input - target|`` with broadcasting."""
    try:
        _check_reduction("l1_loss", reduction)
        _check_tensor("l1_loss", "target", target)
        t, g = input._t, target._t
        d = torch.logical_xor(t, g) if t.dtype == torch.bool and g.dtype == torch.bool else torch.abs(t - g)
        if reduction == "none" or d.is_floating_point() or d.is_complex():
            return _wrap(_reduced(d, reduction))
        # integer and bool losses reduce in float32 and are truncated back to their dtype, as in MindSpore
        return _wrap(_reduced(d.float(), reduction).to(d.dtype))
    except AttributeError as e:
        _no_tensor("l1_loss", e, input=input, target=target)


@_inline_checked
def smooth_l1_loss(input, target, beta=1.0, reduction='none'):
    """Smooth L1 (quadratic below ``beta``); MindSpore's default reduction is 'none'."""
    try:
        _check_reduction("smooth_l1_loss", reduction)
        _check_same_shape("smooth_l1_loss", input, target)
        if input._t.dtype != target._t.dtype and not input._t.is_floating_point():
            raise TypeError(f"For 'smooth_l1_loss', an integer 'input' needs a 'target' of its dtype, but got "
                            f"{input.dtype} and {target.dtype}")
        return _loss("smooth_l1_loss", F.smooth_l1_loss, input._t, target._t, reduction=reduction, beta=beta)
    except AttributeError as e:
        _no_tensor("smooth_l1_loss", e, input=input, target=target)


def huber_loss(input, target, reduction='mean', delta=1.0):
    """Huber loss with threshold ``delta``."""
    _check_reduction("huber_loss", reduction)
    t, g = input._t, target._t
    if t.dtype == torch.bool or g.dtype == torch.bool:
        raise TypeError(f"For 'huber_loss', the inputs must not be Bool, but got {input.dtype} and {target.dtype}")
    if not t.is_floating_point():
        t = t.float()  # MindSpore casts integer inputs and gives float32
    if not g.is_floating_point():
        g = g.float()
    return _loss("huber_loss", F.huber_loss, t, g, reduction=reduction, delta=delta)


def kl_div(logits, labels, reduction='mean'):
    """KL divergence with log-probabilities ``logits`` and probabilities ``labels``.

    'mean' averages over all elements; 'batchmean' divides the sum by the batch size.

    Differences from PyTorch: as MindSpore's kernel, an element whose label is not positive (or NaN), and an
    element whose result is NaN, contributes 0 (torch gives NaN for a negative label); the shapes must match.
    """
    _check_reduction("kl_div", reduction, _REDUCTIONS + ("batchmean",))
    _check_dtype("kl_div", "logits", logits, FLOATS_BF16)
    _check_same_shape("kl_div", logits, labels, ("logits", "labels"))
    x, y = logits._t, labels._t
    positive = y > 0
    safe_y = torch.where(positive, y, 1)  # keeps log's gradient finite where the label is masked out
    pointwise = torch.where(positive, safe_y * (safe_y.log() - x), 0).nan_to_num(0.0, float("inf"), float("-inf"))
    if reduction == "batchmean":
        return _wrap(pointwise.sum() / logits._t.shape[0])
    return _wrap(_reduced(pointwise, reduction))


def soft_margin_loss(input, target, reduction='mean'):
    """``log(1 + exp(-target * input))``."""
    _check_reduction("soft_margin_loss", reduction)
    _check_same_shape("soft_margin_loss", input, target)
    _check_dtype("soft_margin_loss", "input", input, FLOATS_BF16)
    return _loss("soft_margin_loss", F.soft_margin_loss, input._t, target._t, reduction=reduction)


def margin_ranking_loss(input1, input2, target, margin=0.0, reduction='mean'):
    """``max(0, -target * (input1 - input2) + margin)``, the operands broadcast together; they must share one
    dtype, as in MindSpore."""
    _check_reduction("margin_ranking_loss", reduction)
    _check_same_dtype("margin_ranking_loss", input1=input1, input2=input2, target=target)
    _check_dtype("margin_ranking_loss", "input1", input1, FLOATS_BF16 + (torch.int8, torch.int16, torch.int32,
                                                                         torch.int64, torch.uint8))
    try:
        loss = (-target._t * (input1._t - input2._t) + margin).clamp(min=0)
    except RuntimeError as e:
        _fail("margin_ranking_loss", e, ValueError, input1=input1, input2=input2, target=target)
    return _wrap(_reduced(loss, reduction))


def cosine_embedding_loss(input1, input2, target, margin=0.0, reduction='mean'):
    """Cosine embedding loss for targets in {1, -1}."""
    _check_reduction("cosine_embedding_loss", reduction)
    _check_same_dtype("cosine_embedding_loss", input1=input1, input2=input2)
    if input1._t.dtype == torch.bool:
        raise TypeError("For 'cosine_embedding_loss', the inputs must not be Bool Tensors")
    return _loss("cosine_embedding_loss", F.cosine_embedding_loss, input1._t, input2._t, target._t, margin=margin,
                 reduction=reduction)


def hinge_embedding_loss(inputs, targets, margin=1.0, reduction='mean'):
    """Hinge embedding loss: ``inputs`` where ``targets`` is positive, ``max(0, margin - inputs)`` where it is
    negative, 0 where it is 0 (broadcasting the operands).

    Differences from PyTorch: torch treats every target other than 1 as -1 and every target other than -1 as 1.
    """
    _check_reduction("hinge_embedding_loss", reduction)
    _check_dtype("hinge_embedding_loss", "inputs", inputs, FLOATS_BF16)
    _check_dtype("hinge_embedding_loss", "targets", targets, FLOATS_BF16)
    x, y = inputs._t, targets._t
    try:
        loss = torch.where(y > 0, x, 0) + torch.where(y < 0, (margin - x).clamp(min=0), 0)
    except RuntimeError as e:
        _fail("hinge_embedding_loss", e, ValueError, inputs=inputs, targets=targets)
    return _wrap(_reduced(loss, reduction))


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-06, swap=False, reduction='mean'):
    """Triplet margin loss with p-norm distances."""
    _check_reduction("triplet_margin_loss", reduction)
    return _loss("triplet_margin_loss", F.triplet_margin_loss, anchor._t, positive._t, negative._t, margin=margin,
                 p=p, eps=eps, swap=swap, reduction=reduction)


def multi_margin_loss(input, target, p=1, margin=1, weight=None, reduction='mean'):
    """Multi-class hinge loss."""
    _check_reduction("multi_margin_loss", reduction)
    _check_dtype("multi_margin_loss", "target", target, (torch.int64,))
    return _loss("multi_margin_loss", F.multi_margin_loss, input._t, target._t.long(), p=p, margin=margin,
                 weight=_u(weight), reduction=reduction)


def multilabel_margin_loss(input, target, reduction='mean'):
    """Multi-label hinge loss (targets are class indices padded with -1)."""
    _check_reduction("multilabel_margin_loss", reduction)
    _check_dtype("multilabel_margin_loss", "input", input, FLOATS_BF16)
    _check_dtype("multilabel_margin_loss", "target", target, _INDEX_DTYPES)
    return _loss("multilabel_margin_loss", F.multilabel_margin_loss, input._t, target._t.long(), reduction=reduction)


def multilabel_soft_margin_loss(input, target, weight=None, reduction='mean'):
    """Multi-label one-versus-all logistic loss."""
    _check_reduction("multilabel_soft_margin_loss", reduction)
    return _loss("multilabel_soft_margin_loss", F.multilabel_soft_margin_loss, input._t, target._t,
                 weight=_u(weight), reduction=reduction)


def gaussian_nll_loss(x, target, var, full=False, eps=1e-06, reduction='mean'):
    """Gaussian negative log-likelihood with predicted variance ``var``."""
    _check_reduction("gaussian_nll_loss", reduction)
    return _loss("gaussian_nll_loss", F.gaussian_nll_loss, x._t, target._t, _ut(var, x._t), full=full, eps=eps,
                 reduction=reduction)


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction='mean', zero_infinity=False):
    """Connectionist temporal classification loss of ``log_probs`` (T, N, C).

    Returns ``(loss, log_alpha)`` as MindSpore does: ``log_alpha`` (N, T, 2 * S + 1) holds the
    forward variables over the blank-interleaved targets (-inf where a path is impossible).
    """
    _check_reduction("ctc_loss", reduction)
    lp, tg = log_probs._t, targets._t.long()
    loss = _ctc_loss(lp, tg, input_lengths, target_lengths, blank, reduction, zero_infinity)
    return _wrap(loss), _wrap(_ctc_log_alpha(lp.detach(), tg, blank))


def _ctc_loss(lp, targets, input_lengths, target_lengths, blank, reduction, zero_infinity):
    """The CTC loss of torch tensors ``lp`` and ``targets`` (lengths: Tensors, tensors or sequences), without
    ``log_alpha`` (``nn.CTCLoss`` returns the loss alone)."""
    return F.ctc_loss(lp, targets.long(), _ut(input_lengths).long(), _ut(target_lengths).long(), blank, reduction,
                      zero_infinity)


def _ctc_log_alpha(lp, targets, blank):
    """CTC forward variables log alpha[n, t, s] over the extended label sequence."""
    steps, batch, _ = lp.shape
    ext = torch.full((batch, 2 * targets.shape[1] + 1), blank, dtype=torch.long, device=lp.device)
    ext[:, 1::2] = targets
    emit = lp.permute(1, 0, 2).gather(2, ext.unsqueeze(1).expand(batch, steps, ext.shape[1]))
    neg_inf = torch.tensor(float("-inf"), dtype=lp.dtype, device=lp.device)
    # a label may skip the blank before it unless it repeats the previous label
    can_skip = torch.zeros_like(ext, dtype=torch.bool)
    can_skip[:, 2:] = (ext[:, 2:] != blank) & (ext[:, 2:] != ext[:, :-2])
    alpha = torch.full((batch, steps, ext.shape[1]), float("-inf"), dtype=lp.dtype, device=lp.device)
    alpha[:, 0, :2] = emit[:, 0, :2]
    for step in range(1, steps):
        prev = alpha[:, step - 1]
        shift1 = torch.cat([neg_inf.expand(batch, 1), prev[:, :-1]], 1)
        shift2 = torch.where(can_skip, torch.cat([neg_inf.expand(batch, 2), prev[:, :-2]], 1), neg_inf)
        alpha[:, step] = torch.logsumexp(torch.stack([prev, shift1, shift2]), 0) + emit[:, step]
    return alpha


# Exposed by MindSpore only through ``mint`` (not in ``mindspore.ops``): their one implementation.
def _channel_view(t, ndim):
    """A per-channel vector reshaped to broadcast over axis 1 of an ``ndim``-D input."""
    return t.reshape((1, -1) + (1,) * (ndim - 2))


@_guard
def batch_norm_stats(input, eps):
    """``(mean, invstd)`` per channel (axis 1) of ``input``, ``invstd = 1 / sqrt(var + eps)`` with the
    biased variance (``mindspore.mint.batch_norm_stats``)."""
    t = input._t
    dims = [d for d in range(t.dim()) if d != 1]
    var, mean = torch.var_mean(t, dims, correction=0)
    return _wrap(mean), _wrap(torch.rsqrt(var + eps))


@_guard
def batch_norm_elemt(input, weight=None, bias=None, mean=None, invstd=None, eps=1e-05):
    """``(input - mean) * invstd * weight + bias`` with per-channel statistics (``mindspore.mint.batch_norm_elemt``)."""
    t = input._t
    out = (t - _channel_view(mean._t, t.dim())) * _channel_view(invstd._t, t.dim())
    if weight is not None:
        out = out * _channel_view(weight._t, t.dim())
    if bias is not None:
        out = out + _channel_view(bias._t, t.dim())
    return _wrap(out)


@_guard
def batch_norm_gather_stats_with_counts(input, mean, invstd, running_mean=None, running_var=None, momentum=0.1,
                                        eps=1e-05, counts=None):
    """Global ``(mean, invstd)`` from per-group statistics ``mean``/``invstd`` of shape (G, C) and element
    ``counts`` (G,); updates ``running_mean``/``running_var`` in place with the unbiased variance
    (``mindspore.mint.batch_norm_gather_stats_with_counts``)."""
    m, c = mean._t, counts._t.to(mean._t.dtype).reshape(-1, 1)
    n = c.sum()
    total_mean = (m * c).sum(0) / n
    group_var = 1.0 / invstd._t.square() - eps
    var = ((group_var + (m - total_mean).square()) * c).sum(0) / n
    with torch.no_grad():
        if running_mean is not None:
            running_mean._t.mul_(1 - momentum).add_(total_mean.to(running_mean._t.dtype), alpha=momentum)
        if running_var is not None:
            unbiased = var * n / (n - 1)
            running_var._t.mul_(1 - momentum).add_(unbiased.to(running_var._t.dtype), alpha=momentum)
    return _wrap(total_mean), _wrap(torch.rsqrt(var + eps))


@_guard
def conv_tbc(input, weight, bias, pad=0):
    """1-D convolution over a (time, batch, channels) input with a (kernel, in, out) weight
    (``mindspore.mint.conv_tbc``)."""
    return _wrap(torch.conv_tbc(input._t, weight._t, bias._t, pad))


@_guard
def kl_div_ext(input, target, reduction='mean', log_target=False):
    """KL divergence of log-probabilities ``input`` from ``target`` (log-probabilities with ``log_target``);
    'mean' averages over all elements, 'batchmean' divides the sum by the batch size."""
    _check_reduction("kl_div", reduction, _REDUCTIONS + ("batchmean",))
    if reduction == "mean":
        # torch's 'mean' is this mean, but it warns that 'batchmean' is the true KL divergence;
        # MindSpore documents 'mean' as the mean over all elements and warns of nothing.
        return _wrap(F.kl_div(input._t, target._t, reduction="none", log_target=log_target).mean())
    return _wrap(F.kl_div(input._t, target._t, reduction=reduction, log_target=log_target))


@_guard
def normalize(input, p=2.0, dim=1, eps=1e-12):
    """``input / max(||input||_p, eps)`` along ``dim`` (``mindspore.mint.nn.functional.normalize``)."""
    return _wrap(F.normalize(input._t, p, dim, eps))


@_guard
def one_hot_ext(tensor, num_classes=-1):
    """Int64 one-hot encoding with ``num_classes`` classes (``max + 1`` when -1)
    (``mindspore.mint.nn.functional.one_hot``)."""
    return _wrap(F.one_hot(tensor._t.long(), num_classes))



def ctc_greedy_decoder(inputs, sequence_length, merge_repeated=True):
    """Greedy (best-path) CTC decoding: the most likely class per step, repeats merged, blanks dropped.

    Args:
        inputs (Tensor): (max_time, batch_size, num_classes) logits; the last class is the blank.
        sequence_length (Tensor): (batch_size,) int, the steps of each sequence.
        merge_repeated (bool): merge consecutive repeats of a class. Default: True.

    Outputs:
        ``(decoded_indices, decoded_values, decoded_shape, log_probability)``: a sparse (batch, position) matrix
        of the decoded classes (int64, shape (batch_size, longest decoding)) and, per sequence, minus the sum
        of its maximal logits, shape (batch_size, 1).
    """
    _check_dtype("ctc_greedy_decoder", "inputs", inputs, (torch.float32, torch.float64))
    _check_tensor("ctc_greedy_decoder", "sequence_length", sequence_length)
    _check_dtype("ctc_greedy_decoder", "sequence_length", sequence_length, (torch.int32,))
    t = inputs._t
    if t.dim() != 3:
        raise ValueError(f"For 'ctc_greedy_decoder', the 'inputs' must be 3-D (max_time, batch_size, num_classes), "
                         f"but got shape {tuple(t.shape)}")
    lengths = _ut(sequence_length, t).long().tolist()
    if len(lengths) != t.shape[1] or any(n > t.shape[0] or n < 0 for n in lengths):
        raise ValueError(f"For 'ctc_greedy_decoder', the 'sequence_length' must have one value per batch entry in "
                         f"[0, {t.shape[0]}], but got {lengths}")
    best, classes = t.max(dim=-1)
    blank = t.shape[-1] - 1
    decoded, log_prob = [], []
    for b, n in enumerate(lengths):
        seq, prev = [], None
        for c in classes[:n, b].tolist():
            if c != blank and not (merge_repeated and c == prev):
                seq.append(c)
            prev = c
        decoded.append(seq)
        log_prob.append(-best[:n, b].sum())
    indices = [[b, i] for b, seq in enumerate(decoded) for i in range(len(seq))]
    dev = t.device
    return (_wrap(torch.tensor(indices, dtype=torch.int64, device=dev).reshape(-1, 2)),
            _wrap(torch.tensor([c for seq in decoded for c in seq], dtype=torch.int64, device=dev)),
            _wrap(torch.tensor([len(lengths), max((len(s) for s in decoded), default=0)], dtype=torch.int64,
                               device=dev)),
            _wrap(torch.stack(log_prob).reshape(-1, 1) if log_prob else t.new_zeros((0, 1))))


__all__ += ["ctc_greedy_decoder"]


def _logsumexp0(stack):
    """``logsumexp`` over axis 0 whose gradient stays finite where every term is ``-inf``."""
    m = stack.max(0).values
    m = torch.where(torch.isinf(m), torch.zeros_like(m), m)
    total = torch.exp(stack - m).sum(0)
    found = total > 0
    return torch.where(found, m + torch.log(torch.where(found, total, torch.ones_like(total))),
                       torch.full_like(total, float("-inf")))


# The maths of Primitives that have no functional op in MindSpore 2.10 (their classes in ops/operations
# adapt the attributes and call these; not exported).
def grid_sampler_2d(input_x, grid, *, interpolation_mode, padding_mode, align_corners):
    """``GridSampler2D``: Sample an NCHW tensor at the normalised coordinates ``grid``."""
    return _wrap(F.grid_sample(input_x._t, grid._t, interpolation_mode, padding_mode,
                               align_corners))


def log_softmax_ext(input, dim=None, dtype=None):
    """``LogSoftmaxExt``: Log-softmax over ``dim`` with an optional output ``dtype``."""
    t = input._t if dtype is None else input._t.to(mstype.to_torch(dtype))
    return _wrap(torch.log_softmax(t, -1 if dim is None else dim))


def data_format_dim_map(input_x, *, dst_format, src_format):
    """``DataFormatDimMap``: Map axis indices of ``src_format`` to the positions of the same axes in
    ``dst_format``."""
    _check_dtypes("DataFormatDimMap", input_x=input_x)
    # As MindSpore 2.10 computes it (its example maps [0, 1, 2, 3] from NHWC to NCHW as [0, 3, 1, 2]):
    # position i of the result holds where dst_format's i-th axis sits in src_format.
    table = torch.tensor([src_format.index(ch) for ch in dst_format], dtype=input_x._t.dtype,
                         device=input_x._t.device)
    return _wrap(table[input_x._t.long() % 4])


# MindSpore 2.10's dtype lists of its Primitives' infer checks (``check_tensor_dtype_valid``), as torch dtypes.
_INTS = (torch.int8, torch.int16, torch.int32, torch.int64)


_I32_I64 = (torch.int32, torch.int64)


_UINTS = (torch.uint8, torch.uint16, torch.uint32, torch.uint64)


_REALS = FLOATS + _INTS + _UINTS


_BF16_F16_F32 = (torch.bfloat16,) + F16_F32


def _same_pad(t, k, s, value):
    """``t`` padded with ``value`` for MindSpore's 'same' windows ``k`` and strides ``s`` over its last
    ``len(k)`` axes (an output of ``ceil(n / s)``; the odd pad after)."""
    pads = []
    for i in reversed(range(len(k))):
        n = t.shape[i - len(k)]
        out = -(-n // s[i])
        total = max((out - 1) * s[i] + k[i] - n, 0)
        pads += [total // 2, total - total // 2]
    return F.pad(t, pads, value=value)


_ARGMAX_POOL_DTYPES = tuple(d for d in _REALS if d != torch.int32)  # MindSpore 2.10's list has no int32


def l2_loss(input_x):
    """``sum(x ** 2) / 2``."""
    float_input("L2Loss", input_x)
    return _wrap(torch.sum(torch.square(input_x._t)) / 2)


def softmax_cross_entropy_with_logits(logits, labels):
    """``SoftmaxCrossEntropyWithLogits``: Cross entropy between ``softmax(logits)`` and dense ``labels``, both
    (batch, classes), float16 or float32: ``(loss per sample, dlogits)``."""
    prim = "SoftmaxCrossEntropyWithLogits"
    tensor_of(prim, "labels", labels, F16_F32)
    tensor_of(prim, "logits", logits, F16_F32)
    _same_dtype(prim, ("logits", "labels"), logits, labels)
    _check_rank(prim, "logits", logits, (2,))
    _check_rank(prim, "labels", labels, (2,))
    _check_same_shape(prim, logits, labels, ("logits", "labels"))
    lg, lb = logits._t, labels._t
    loss = -(lb * torch.log_softmax(lg, -1)).sum(-1)
    return _wrap(loss), _wrap(torch.softmax(lg, -1) - lb)


def sparse_softmax_cross_entropy_with_logits(logits, labels, *, is_grad):
    """``SparseSoftmaxCrossEntropyWithLogits``: Mean cross entropy of ``logits`` against class indices ``labels``
    (``is_grad`` returns dlogits)."""
    prim = "SparseSoftmaxCrossEntropyWithLogits"
    tensor_of(prim, "labels", labels, _I32_I64)
    tensor_of(prim, "logits", logits, F16_F32)
    if labels._t.shape != logits._t.shape[:-1]:
        raise ValueError(f"For '{prim}', the 'labels' must have the shape of 'logits' less its last axis, but got "
                         f"logits shape {tuple(logits._t.shape)} and labels shape {tuple(labels._t.shape)}")
    lg, lb = logits._t, labels._t.long()
    if is_grad:
        g = torch.softmax(lg, -1) - F.one_hot(lb, lg.shape[-1]).to(lg.dtype)
        return _wrap(g / lg.shape[0])
    return _wrap(F.cross_entropy(lg, lb))


def max_pool_with_argmax(x, *, kernel_size, strides, pad_mode):
    """``MaxPoolWithArgmax``: 2-D max pooling of an NCHW input with ``kernel_size``, ``strides`` and ``pad_mode``
    ('valid' or 'same'): ``(values, argmax)``, the argmax an int32 index into each sample's flattened (C, H, W)
    input, as MindSpore 2.10 gives it (torch's ``return_indices`` counts within each channel)."""
    tensor_of("MaxPoolWithArgmax", "x", x, _ARGMAX_POOL_DTYPES)
    _check_rank("MaxPoolWithArgmax", "x", x, (4,))
    t = x._t
    k, s = _pair(kernel_size), _pair(strides)
    h, w = t.shape[-2:]
    padded = _same_pad(t, k, s, float("-inf")) if pad_mode.lower() == "same" else t
    top, left = (padded.shape[-2] - h) // 2, (padded.shape[-1] - w) // 2
    v, i = F.max_pool2d(padded, k, s, return_indices=True)
    rows, cols = i // padded.shape[-1] - top, i % padded.shape[-1] - left
    channel = torch.arange(t.shape[1], device=t.device).reshape(1, -1, 1, 1) * (h * w)
    return _wrap(v), _wrap((channel + rows * w + cols).to(torch.int32))


def im2col(x, *, ksizes, dilations, pads, strides):
    """``Im2Col``: Extract sliding blocks of an NCHW tensor as columns."""
    t = x._t
    out = F.unfold(t, _pair(ksizes), _pair(dilations), _pair(pads), _pair(strides))
    k = _pair(ksizes)
    return _wrap(out.reshape(t.shape[0], t.shape[1], k[0] * k[1], -1))


def depthwise_conv2d_native(input_x, w, *, pad_mode, pad, stride, dilation):
    """``DepthwiseConv2dNative``: Depthwise 2-D convolution: each input channel convolved with
    ``channel_multiplier`` filters."""
    t, wt = input_x._t, w._t
    c = t.shape[1]
    weight = wt.reshape(wt.shape[0], c, wt.shape[2], wt.shape[3]).transpose(0, 1).reshape(
        c * wt.shape[0], 1, wt.shape[2], wt.shape[3])
    padding = _pad_mode_padding(pad_mode, pad, 2)
    return _wrap(F.conv2d(t, weight, None, _pair(stride), padding, _pair(dilation), c))


def max_pool3d_with_argmax(x, *, ceil_mode, ksize, strides, pads, dilation, argmax_type):
    """``MaxPool3DWithArgmax``: 3-D max pooling returning ``(values, argmax)``."""
    v, i = F.max_pool3d(x._t, _pair(ksize, 3), _pair(strides, 3), _pair(pads, 3),
                        _pair(dilation, 3), ceil_mode, return_indices=True)
    return _wrap(v), _wrap(i.to(mstype.to_torch(argmax_type)))


def ctc_loss_v2(log_probs, targets, input_lengths, target_lengths, *, zero_infinity, blank):
    """``CTCLossV2``: The CTC loss and its forward variables."""
    tensor_of("CTCLossV2", "log_probs", log_probs, (torch.float32, torch.float64))
    tensor_of("CTCLossV2", "targets", targets, _I32_I64)
    for name, lengths in (("input_lengths", input_lengths), ("target_lengths", target_lengths)):
        if isinstance(lengths, Tensor):  # or a tuple of ints
            tensor_of("CTCLossV2", name, lengths, _I32_I64)
    lp = log_probs._t
    tg = _ut(targets, lp).long()
    il, tl = _ut(input_lengths, lp).long().tolist(), _ut(target_lengths, lp).long().tolist()
    steps, batch, _ = lp.shape
    states = 2 * tg.shape[1] + 1
    ninf = torch.tensor(float("-inf"), dtype=lp.dtype, device=lp.device)
    ext = torch.full((batch, states), blank, dtype=torch.long, device=lp.device)
    ext[:, 1::2] = tg
    # a state may be entered from two back when it is a label different from the label two back
    skip = torch.zeros((batch, states), dtype=torch.bool, device=lp.device)
    skip[:, 2:] = (ext[:, 2:] != blank) & (ext[:, 2:] != ext[:, :-2])
    valid = torch.arange(states, device=lp.device)[None, :] < (2 * torch.tensor(tl, device=lp.device) + 1)[:, None]
    emit = lp.gather(2, ext[None].expand(steps, -1, -1))  # (T, N, states)
    alpha = torch.where(torch.arange(states, device=lp.device)[None, :] < 2, emit[0], ninf)
    alpha = torch.where(valid, alpha, ninf)
    rows = [alpha]
    for t in range(1, steps):
        prev = rows[-1]
        one = torch.cat([ninf.expand(batch, 1), prev[:, :-1]], 1)
        two = torch.where(skip, torch.cat([ninf.expand(batch, 2), prev[:, :-2]], 1), ninf)
        nxt = _logsumexp0(torch.stack([prev, one, two])) + emit[t]
        rows.append(torch.where(valid, nxt, ninf))
    log_alpha = torch.stack(rows, 1)  # (N, T, states)
    in_time = torch.arange(steps, device=lp.device)[None, :] < torch.tensor(il, device=lp.device)[:, None]
    log_alpha = torch.where(in_time[:, :, None], log_alpha, ninf)
    losses = []
    for b in range(batch):
        last = log_alpha[b, il[b] - 1] if il[b] > 0 else ninf.expand(states)
        end = 2 * tl[b]
        losses.append(-_logsumexp0(torch.stack([last[end], last[end - 1] if end > 0 else ninf])))
    loss = torch.stack(losses)
    if zero_infinity:
        loss = torch.where(torch.isinf(loss), torch.zeros_like(loss), loss)
    return _wrap(loss), _wrap(log_alpha)


def compute_accidental_hits(true_classes, sampled_candidates):
    """``ComputeAccidentalHits``: The accidental hits of sampled classes: every ``(i, j)`` where a target class of
    row ``i`` of ``true_classes`` equals ``sampled_candidates[j]`` (once per matching target)."""
    tensor_of("ComputeAccidentalHits", "true_classes", true_classes, (torch.int64,))
    tensor_of("ComputeAccidentalHits", "sampled_candidates", sampled_candidates, (torch.int64,))
    tc, sc = true_classes._t, sampled_candidates._t
    if tc.dim() != 2 or sc.dim() != 1:
        raise ValueError(f"For 'ComputeAccidentalHits', the 'true_classes' must be 2-D and the "
                         f"'sampled_candidates' 1-D, but got shapes {tuple(tc.shape)} and {tuple(sc.shape)}")
    row, _, col = torch.nonzero(tc[:, :, None] == sc[None, None, :], as_tuple=True)
    weights = torch.full(row.shape, torch.finfo(torch.float32).min, dtype=torch.float32, device=tc.device)
    return _wrap(row.to(torch.int32)), _wrap(col), _wrap(weights)


def data_format_vec_permute(x, *, dst_format, src_format):
    """``DataFormatVecPermute``: Permute a vector (4,) or a matrix (4, 2) of per-dimension values from
    ``src_format`` to ``dst_format``."""
    tensor_of("DataFormatVecPermute", "x", x, _I32_I64)
    t = x._t
    if tuple(t.shape) not in ((4,), (4, 2)):
        raise ValueError(f"For 'DataFormatVecPermute', the input shape must be (4,) or (4, 2), but got "
                         f"{tuple(t.shape)}")
    order = [src_format.index(c) for c in dst_format]
    return _wrap(t[order])


def _pad_mode_padding(pad_mode, pad, n):
    """Torch padding for MindSpore's ``pad_mode`` ('valid', 'same', 'pad') and ``pad``."""
    if pad_mode == "same":
        return "same"
    if pad_mode == "valid":
        return 0
    if isinstance(pad, int):
        return pad
    pad = tuple(pad)
    if len(pad) == n:
        return pad
    # MindSpore gives (top, bottom, left, right); torch pads symmetrically, so require pairs equal.
    if all(pad[2 * i] == pad[2 * i + 1] for i in range(n)):
        return tuple(pad[2 * i] for i in range(n))
    return pad


def layer_norm_with_stats(input_x, gamma, beta, *, begin_params_axis, begin_norm_axis, epsilon):
    """``LayerNorm``: Layer normalisation over the axes from ``begin_norm_axis``; returns ``(y, mean,
    variance)``."""
    t = input_x._t
    if t.dim() == 0:
        raise ValueError("For 'LayerNorm', the 'input_x' must not be 0-D, but got shape ()")
    want = t.shape[begin_params_axis % t.dim():]
    _tensor_arg("LayerNorm", "gamma", gamma)
    _tensor_arg("LayerNorm", "beta", beta)
    if gamma._t.shape != want or beta._t.shape != want:
        raise ValueError(f"For 'LayerNorm', the 'gamma' and 'beta' must have the shape {tuple(want)} of input_x "
                         f"from begin_params_axis {begin_params_axis}, but got input_x shape "
                         f"{tuple(t.shape)}, gamma shape {tuple(gamma._t.shape)} and beta shape "
                         f"{tuple(beta._t.shape)}")
    for name, value in (("input_x", input_x), ("gamma", gamma), ("beta", beta)):
        _check_dtype("LayerNorm", name, value, FLOATS)
    axes = tuple(range(begin_norm_axis % t.dim(), t.dim()))
    var, mean = torch.var_mean(t, axes, correction=0, keepdim=True)
    y = (t - mean) * torch.rsqrt(var + epsilon) * gamma._t + beta._t
    return _wrap(y), _wrap(mean), _wrap(var)


def batch_norm_with_stats(input_x, scale, bias, mean, variance, *, is_training, epsilon, momentum):
    """``BatchNorm``: Batch normalisation of an NC... input; returns ``(y, batch_mean, batch_var, saved_mean,
    saved_var)``."""
    t = input_x._t
    if not is_training:
        y = F.batch_norm(t, mean._t, variance._t, scale._t, bias._t, False, 0.0, epsilon)
        return _wrap(y), mean, variance, mean, variance
    axes = (0,) + tuple(range(2, t.dim()))
    var, m = torch.var_mean(t, axes, correction=0)
    shape = (1, -1) + (1,) * (t.dim() - 2)
    y = (t - m.reshape(shape)) * torch.rsqrt(var.reshape(shape) + epsilon) * scale._t.reshape(shape) \
        + bias._t.reshape(shape)
    n = t.numel() // t.shape[1]
    with torch.no_grad():
        unbiased = var.detach() * (n / max(n - 1, 1))
        _set(mean, mean._t * momentum + m.detach() * (1 - momentum))
        _set(variance, variance._t * momentum + unbiased * (1 - momentum))
    return _wrap(y), _wrap(m), _wrap(var), _wrap(m), _wrap(var)


def pad_v3(x, paddings, constant_value=None, *, mode):
    """``PadV3``: Pad with ``paddings`` (last dimension first, as torch) in ``mode`` 'constant', 'reflect' or
    'edge'."""
    if isinstance(paddings, Tensor):  # MindSpore 2.10 checks the rank, then the dtype
        _check_rank("PadV3", "paddings", paddings, (1,))
        _check_dtype("PadV3", "paddings", paddings, _I32_I64)
    pads = paddings._t.tolist() if isinstance(paddings, Tensor) else list(paddings)
    mode = {"edge": "replicate"}.get(mode, mode)
    if mode == "constant":
        value = 0 if constant_value is None else float(constant_value._t.item()
                                                       if isinstance(constant_value, Tensor) else constant_value)
        return _wrap(F.pad(x._t, pads, value=value))
    return _wrap(F.pad(x._t, pads, mode=mode))


def max_pool_with_argmax_v2(x, *, kernel_size, strides, ceil_mode, pads, dilation):
    """``MaxPoolWithArgmaxV2``: 2-D max pooling with padding and dilation, returning ``(values, argmax)``."""
    tensor_of("MaxPoolWithArgmaxV2", "x", x, _REALS)
    strides = kernel_size if strides is None else strides
    v, i = F.max_pool2d(x._t, _pair(kernel_size), _pair(strides), _pair(pads),
                        _pair(dilation), ceil_mode, return_indices=True)
    return _wrap(v), _wrap(i)


def l2_normalize(x, *, axis, epsilon):
    """``x / max(||x||_2, epsilon)`` over ``axis``."""
    tensor_of("L2Normalize", "x", x, FLOATS)
    if x._t.dim() == 0:  # a TypeError in MindSpore 2.10
        raise TypeError("For 'L2Normalize', the 'x' must have at least 1 dimension, but got shape ()")
    axis = axis if isinstance(axis, int) else tuple(axis)
    if isinstance(axis, tuple) and len(axis) != 1:
        raise TypeError(f"For 'L2Normalize', the 'axis' must be an int or a tuple of one int, but got {axis}")
    norm = torch.linalg.vector_norm(x._t, 2, axis, True)
    return _wrap(x._t / torch.clamp_min(norm, epsilon))


def nuclear_norm(input, *, dim, keepdim):
    """``NuclearNorm``: Sum of singular values over the matrix dimensions ``dim``."""
    _check_dtypes("NuclearNorm", x=input)
    _check_ndim("NuclearNorm", "x", input, 2, at_least=True)
    n = input._t.dim()
    if dim is None:
        _check_ndim("NuclearNorm", "x", input, 2)  # without dim, MindSpore takes only a matrix
    elif not all(-n <= d < n for d in dim) or len({d % n for d in dim}) != 2:
        raise ValueError(f"For 'NuclearNorm', the 'dim' must be two different axes in [{-n}, {n}), but got "
                         f"{dim}")
    dim = (-2, -1) if dim is None else tuple(dim)
    return _wrap(torch.linalg.matrix_norm(input._t, "nuc", dim, keepdim))


_guard_module(globals(), __all__)

# ---------------------------------------------------------------------------- losses of the nn cells
# MindSpore 2.10 has these losses as nn cells only; their bodies live here with the other losses.
def _poisson_nll_loss(input, target, log_input, full, eps):
    """Unreduced Poisson negative log likelihood (``nn.PoissonNLLLoss``): ``exp(x) - y x`` with ``log_input``,
    else ``x - y log(x + eps)``; ``full`` adds the Stirling term where the target exceeds 1."""
    x = input._t
    y = target._t.to(x.dtype)
    loss = torch.exp(x) - y * x if log_input else x - y * torch.log(x + eps)
    if full:
        y = torch.clamp(y, min=eps)
        stirling = (y + 0.5) * torch.log(y) - y + 0.5 * math.log(2 * math.pi)
        loss = loss + torch.where(y > 1, stirling, torch.zeros_like(stirling))
    return _wrap(loss)


def _cosine_embedding_loss(input1, input2, target, margin):
    """Unreduced cosine embedding loss as ``nn.CosineEmbeddingLoss`` computes it (no epsilon in the norms,
    unlike :func:`cosine_embedding_loss`): ``1 - cos`` for target 1, ``max(0, cos - margin)`` for -1."""
    a, b, y = input1._t, input2._t, target._t
    cosine = (a * b).sum(1) / (torch.sqrt((a * a).sum(1)) * torch.sqrt((b * b).sum(1)))
    zeros = torch.zeros_like(cosine)
    loss = torch.where(y == 1, 1.0 - cosine, zeros) + torch.where(y == -1, torch.clamp(cosine - margin, min=0.0),
                                                                  zeros)
    return _wrap(loss)


def _focal_loss(logits, labels, weight, gamma):
    """Unreduced focal loss ``-(1 - p)^gamma log p`` over the class axis 1 (``nn.FocalLoss``): ``labels`` are
    one-hot of the logits' shape (averaged over classes) or class indices with one channel."""
    x, y = logits._t, labels._t
    x = x.reshape(x.shape[0], x.shape[1], -1)
    y = y.reshape(y.shape[0], y.shape[1], -1)
    log_p = torch.log_softmax(x, 1)
    sparse = y.shape[1] == 1
    if sparse:
        c = x.shape[1]
        y = y.long()
        y = torch.where(y < 0, y + c, y)  # MindSpore 2.10 gathers at the labels: negatives count from the end
        try:
            log_p = log_p.gather(1, y).squeeze(1)
        except RuntimeError:
            raise RuntimeError(f"For 'FocalLoss', the class-index 'labels' must be in [-{c}, {c}), but got "
                               f"{labels._t[(labels._t < -c) | (labels._t >= c)].flatten()[0].item()} with logits "
                               f"of shape {tuple(logits.shape)}") from None
    p = torch.exp(log_p)
    if weight is not None:
        w = weight._t[None, :, None].expand(y.shape[0], -1, y.shape[2])
        if sparse:
            w = w.gather(1, y).squeeze(1)
        log_p = log_p * w
    factor = torch.pow(1.0 - p, gamma)
    return _wrap((-factor * log_p).mean(1) if sparse else (-factor * y * log_p).mean(-1))


def _sampled_softmax_candidates(op, labels, num_sampled, num_classes, remove_accidental_hits, generator):
    """Unique uniform candidates for ``nn.SampledSoftmaxLoss`` and the expected counts MindSpore's
    UniformCandidateSampler reports, as torch tensors ``(sampled, true_count, sampled_count)``."""
    excluded = set(labels.reshape(-1).tolist()) if remove_accidental_hits else set()
    if num_classes - len(excluded) < num_sampled:
        raise ValueError(f"For '{op}', only {num_classes - len(excluded)} classes are not "
                         f"true labels of the batch, fewer than num_sampled {num_sampled}")
    chosen, tries = [], 0
    while len(chosen) < num_sampled:
        tries += 1
        c = int(torch.randint(num_classes, (1,), generator=generator))
        if c not in excluded and c not in chosen:
            chosen.append(c)
    p = 1.0 / num_classes
    count = 1.0 - (1.0 - p) ** tries if remove_accidental_hits else num_sampled * p
    sampled = torch.tensor(chosen, dtype=torch.int64)
    return sampled, torch.full(labels.shape, count), torch.full((num_sampled,), count)


def _sampled_softmax_loss(x, w, b, y, sampled, true_count, sampled_count, num_true):
    """Per-example softmax cross entropy over the true and the sampled classes (``nn.SampledSoftmaxLoss``),
    the logits corrected by the log expected counts; torch tensors in and out."""
    true_logits = (x.unsqueeze(1) * w[y]).sum(-1) + b[y] - torch.log(true_count.to(x.dtype))
    sampled_logits = x @ w[sampled].T + b[sampled] - torch.log(sampled_count.to(x.dtype))
    out_logits = torch.cat((true_logits, sampled_logits), 1)
    targets = torch.cat((torch.full_like(true_logits, 1.0 / num_true), torch.zeros_like(sampled_logits)), 1)
    # MindSpore's stabilised softmax with a 1e-20 floor inside the log.
    pred = torch.softmax(out_logits, 1)
    return -(targets * torch.log(pred + 1.0e-20)).sum(1)


# ---------------------------------------------------------------------------- embedding lookups of the nn cells
def _clip_rows_by_norm(x, max_norm):
    """Rows (last axis) of Tensor ``x`` scaled down to an L2 norm of at most ``max_norm``
    (``nn.EmbeddingLookup``'s ``max_norm``)."""
    out = x._t
    norm = out.norm(dim=-1, keepdim=True)
    return _wrap(out * torch.clamp(max_norm / norm.clamp_min(1e-12), max=1.0))


def _merge_fields(rows, values, fields, field_size, operator):
    """``nn.MultiFieldEmbeddingLookup``'s merge, on torch tensors: the looked-up ``rows`` (B, F, E) weighted
    by ``values`` (B, F) and combined per (sample, field id) by ``operator`` ("SUM", "MEAN" over the sum of
    ``|values|``, or "MAX" ignoring zero values); empty fields are 0. Returns (B, field_size, E)."""
    batch, size = rows.shape[0], rows.shape[-1]
    segments = (fields.long() + torch.arange(batch, device=rows.device)[:, None] * field_size).reshape(-1)
    num = batch * field_size
    weighted = (values.unsqueeze(-1) * rows).reshape(-1, size)
    counts = torch.zeros(num, dtype=values.dtype, device=values.device).index_add(0, segments,
                                                                                   values.abs().reshape(-1))
    if operator == "MAX":
        weighted = weighted.masked_fill((values == 0).reshape(-1, 1), float("-inf"))
        merged = torch.full((num, size), float("-inf"), dtype=weighted.dtype, device=weighted.device)
        merged = merged.scatter_reduce(0, segments[:, None].expand(-1, size), weighted, "amax")
        merged = torch.where((counts != 0)[:, None], merged, torch.zeros_like(merged))
    else:
        merged = torch.zeros(num, size, dtype=weighted.dtype, device=weighted.device).index_add(0, segments,
                                                                                                weighted)
        if operator == "MEAN":
            merged = torch.where((counts != 0)[:, None], merged / counts.clamp_min(1e-30)[:, None],
                                 torch.zeros_like(merged))
    return merged.reshape(batch, field_size, size)


# ---------------------------------------------------------------------------- nn Primitives
# The bodies of the nn Primitives of ops/operations/nn_ops.py that no functional op above computes (their
# classes check the inputs as MindSpore 2.10's do and pass their attributes here; not exported).
def _dropout_with_mask(x, keep_prob):
    """``Dropout``: ``(output, mask)``, each element kept with probability ``keep_prob`` and scaled by its
    inverse; the mask in ``x``'s dtype."""
    t = x._t
    mask = torch.rand_like(t, dtype=torch.float32 if not t.is_floating_point() else t.dtype) < keep_prob
    return _wrap(t * mask / keep_prob), _wrap(mask.to(t.dtype))


def _channel_dropout_with_mask(x, keep_prob):
    """``Dropout2D``/``Dropout3D``: ``(output, mask)``, whole channels kept with probability ``keep_prob``."""
    t = x._t
    mask = torch.rand(t.shape[:2] + (1,) * (t.dim() - 2), device=t.device) < keep_prob
    return _wrap(t * mask / keep_prob), _wrap(mask.expand(t.shape))


def _conv2d_transpose_to_size(dout, weight, size, *, pad_mode, pad, stride, dilation, group):
    """``Conv2DTranspose``: the gradient of Conv2D with respect to its input of spatial ``size`` (the last two
    entries count)."""
    stride, dilation = _pair(stride), _pair(dilation)
    k = weight._t.shape[-2:]
    out = conv_transpose2d(dout, weight, None, stride, 0, 0, group, dilation)._t
    # The full transposed convolution covers Conv2D's padded input; keep the input's rows and columns:
    # from the leading pad on, zeros past the end where Conv2D's windows never reached.
    for i, n_out in enumerate(size[-2:]):
        n_in, eff = dout._t.shape[2 + i], dilation[i] * (k[i] - 1) + 1
        if pad_mode.lower() == "same":
            before = max((n_in - 1) * stride[i] + eff - n_out, 0) // 2
        elif pad_mode.lower() == "pad":
            pads = (pad,) * 4 if isinstance(pad, int) else tuple(pad)
            before = pads[2 * i]
        else:
            before = 0
        axis = 2 + i
        short = before + n_out - out.shape[axis]
        if short > 0:
            out = F.pad(out, (0, 0) * (1 - i) + (0, short))
        out = out.narrow(axis, before, n_out)
    return _wrap(out)


def _conv2d_backprop_input(dout, weight, size, *, pads, stride, dilation, group):
    """``Conv2DBackpropInput``: the input gradient of the convolution of an input of shape ``size``, padded by
    ``pads`` (``F.pad`` widths), with ``weight``, for the output gradient ``dout``."""
    x = torch.zeros(size, dtype=dout._t.dtype, device=dout._t.device, requires_grad=True)
    with torch.enable_grad():
        y = F.conv2d(F.pad(x, pads), weight._t.detach(), None, stride, 0, dilation, group)
    # conv2d is linear in x, so its vector-Jacobian product with dout is the transposed convolution.
    (dx,) = torch.autograd.grad(y, x, dout._t, create_graph=dout._t.requires_grad)
    return _wrap(dx)


def _avg_pool_same_mode(x, kernel, stride, *, divisor_override=0, count_include_pad=False):
    """2-D/3-D average pooling (by ``len(kernel)``) with MindSpore's 'same' windows: the window sums divided
    by ``divisor_override``, the kernel volume (``count_include_pad``) or the count of real cells."""
    t = x._t
    fn = F.avg_pool3d if len(kernel) == 3 else F.avg_pool2d
    summed = fn(_same_pad(t, kernel, stride, 0.0), kernel, stride, divisor_override=1)
    if divisor_override:
        return _wrap(summed / divisor_override)
    if count_include_pad:
        return _wrap(summed / math.prod(kernel))
    ones = _same_pad(torch.ones_like(t[:1, :1]), kernel, stride, 0.0)
    return _wrap(summed / fn(ones, kernel, stride, divisor_override=1))


def _adaptive_max_pool3d_int32(x, output_size):
    """``AdaptiveMaxPool3D``: ``(values, Int32 argmax)``; integer inputs pooled in float64, which holds
    MindSpore's integer inputs (up to 2**53) exactly (torch has no integer kernel)."""
    t = x._t
    v, i = adaptive_max_pool3d(x if t.is_floating_point() else _wrap(t.double()), output_size, True)
    return _wrap(v._t.to(t.dtype)), _wrap(i._t.to(torch.int32))


def _multilabel_is_target(target):
    """``MultilabelMarginLoss``'s second output: 1 at each class listed in a row of ``target`` before its
    first -1, Int32."""
    tg = target._t.long()
    valid = torch.cumprod((tg >= 0).long(), -1)
    is_target = torch.zeros_like(tg).scatter_reduce(-1, tg.clamp_min(0) * valid, valid, "amax")
    return _wrap(is_target.to(torch.int32))


def _ctc_loss_sparse(x, labels_indices, labels_values, sequence_length, *, zero_infinity):
    """``CTCLoss``: ``(loss, gradient placeholder)`` of logits ``x`` (T, N, C) with the labels as a sparse
    (indices, values) pair; the blank is the last class."""
    t = x._t
    idx = labels_indices._t.long()
    lengths = torch.bincount(idx[:, 0], minlength=t.shape[1])
    loss = _ctc_loss(torch.log_softmax(t, -1), labels_values._t, sequence_length._t, lengths, t.shape[-1] - 1,
                     "none", zero_infinity)
    return _wrap(loss), _wrap(torch.zeros_like(t))


def _nll_loss_total_weight(labels, weight, ignore_index):
    """``NLLLoss``'s second output: the sum of the class weights of the labels not ignored."""
    lb, w = labels._t.long(), weight._t
    return _wrap((w[lb.clamp_min(0)] * (lb != ignore_index)).sum())


def _rms_norm_last_axis(x, gamma, epsilon):
    """``RmsNorm``: ``(y, rstd)`` normalising the last axis, the statistics in float32 (MindSpore 2.10's
    kernel for half inputs)."""
    t = x._t
    rstd = torch.rsqrt(t.float().pow(2).mean(-1, keepdim=True) + epsilon)
    return _wrap((t * rstd).to(t.dtype) * gamma._t), _wrap(rstd)


# MindSpore's private attention helpers of this module, which zoos import from here.
from ._nn_private import linear, _in_projection, _in_projection_packed  # noqa: E402,F401


# ---------------------------------------------------------------------------- MindSpore 2.10's private argument
# checks and shape helpers of ``ops.function.nn_func`` (model code imports them), with MindSpore's messages.
def _check_avg_pool3d_padding(padding):
    if isinstance(padding, int):
        validator.check_non_negative_int(padding, "padding", "avg_pool3d")
    elif isinstance(padding, tuple):
        if len(padding) != 6:
            raise ValueError("For avg_pool3d, padding should be int or tuple of length 6.")
        for item in padding:
            validator.check_non_negative_int(item, "padding", "avg_pool3d")
    else:
        raise TypeError("For avg_pool3d, padding should be int or tuple of length 6.")


def _check_conv_iterable_lengths(iterable, dim, iter_name):
    if len(iterable) != dim:
        raise ValueError(f"For 'conv{dim}d', the {iter_name} must be a int or a tuple/list with length {dim}, "
                         f"but got {iterable}.")


def _check_dense_add_bias_shape(input_shape, output_shape, bias_shape):
    if input_shape != output_shape:
        raise ValueError(f"For dense, the bias shape {bias_shape} does not match the input shape {input_shape}.")


def _check_fractional_output_size_ratio(output_size, output_ratio, cls_name):
    if output_ratio is None and output_size is None:
        raise ValueError(f"For {cls_name}, 'output_size' and 'output_ratio' can not be Noneat the same time, but "
                         f"got {output_ratio} and {output_size} .")


def _check_stride_when_same_mode(stride):
    """``padding='same'`` convolutions take stride 1 only."""
    if isinstance(stride, int):
        if stride != 1:
            raise ValueError(f"For conv2d, 'padding=same' is not supported for stride convolution, but got {stride}")
    elif isinstance(stride, tuple):
        validator.check_int(len(stride), 2, validator.EQ, "stride", "conv2d")
        if not all(s == 1 for s in stride):
            raise ValueError(f"For conv2d, 'padding=same' is not supported for stride convolution, but got {stride}")
    else:
        raise TypeError(f"For conv2d, the parameter 'stride' must be a int/tuple, but got {type(stride)}")


def _get_axis(x):
    """``(0, 1, ..., x.ndim - 1)``."""
    return tuple(range(x.ndim))


def _get_flip_start(ndim, shape, axes):
    return tuple(shape[i] - 1 if i in axes else 0 for i in range(ndim))


def _get_flip_end(ndim, shape, axes):
    return tuple(-shape[i] - 1 if i in axes else shape[i] + 1 for i in range(ndim))


def _get_softmax_implicit_dim(ndim):
    """The axis softmax takes when none is given (torch's legacy rule)."""
    return 0 if ndim in (0, 1, 3) else 1


def _get_pad_info(dilation, weight):
    """``(whether 'same' padding is uneven, left pads, right pads)`` of a 2-D convolution's kernel."""
    pad_l, pad_r = (), ()
    for i in range(2):
        total = dilation[i] * (weight.shape[i + 2] - 1)
        pad_l += (int(total / 2),)
        pad_r += (int(total - pad_l[i]),)
    return pad_l != pad_r, pad_l, pad_r


def _get_pad_nd_info(pad_l, pad_r):
    """``(extra pad of the uneven sides, in pad's last-axis-first order; the even pads)``."""
    pad_nd, new_pad_l = (), ()
    for i in range(2):
        delta = pad_r[i] - pad_l[i]
        if delta > 0:
            pad_nd = (0, delta) + pad_nd
            new_pad_l += (pad_l[i],)
        else:
            pad_nd = (delta, 0) + pad_nd
            new_pad_l += (pad_r[i],)
    return pad_nd, new_pad_l


def _interpolate_mode_check(mode, supported_dict):
    if isinstance(mode, list) or mode not in supported_dict:
        raise ValueError(f"For 'interpolate', 'mode' must be in '{list(supported_dict)}', but got {mode}")


def _interpolate_rank_check(input_rank, mode, supported_dict):
    if input_rank not in supported_dict.get(mode):
        raise ValueError(f"For 'interpolate', {mode} only support '{list(supported_dict.get(mode, {}))}'D, but got "
                         f"{input_rank}D")


def _interpolate_scale_factor_check(scale_factor, mode, rank, supported_dict):
    if scale_factor is not None and "scale_factor" not in supported_dict.get(mode, {}).get(rank):
        raise ValueError(f"For 'interpolate', 'scale_factor' option cannot currently be set with the mode = {mode} "
                         f"and dim = {rank}D.")


def _interpolate_align_corners_mode_check(rank, mode, supported_dict):
    if "align_corners" not in supported_dict.get(mode, {}).get(rank):
        raise ValueError(f"For 'interpolate', 'align_corners' option cannot currently be set with the mode = {mode}, "
                         f"and dim = {rank}D")


def _interpolate_scale_factor_check_with_rank(scale_factor, input_rank):
    if len(scale_factor) != input_rank - 2:
        raise ValueError("For 'interpolate', 'input' and 'scale_factor' must have the same spatial dimensions, but "
                         f"got 'input' is {input_rank - 2}D, 'scale_factor' is {len(scale_factor)}D")


def _interpolate_size_check_with_rank(size, input_rank):
    if len(size) != input_rank - 2:
        raise ValueError("For 'interpolate', 'input' and 'size' must have the same spatial dimensions, but got "
                         f"'input' is {input_rank - 2}D, 'size' is {len(size)}D")


def _is_dim_unknown(shape):
    """Whether ``shape`` is MindSpore's dynamic-rank marker (holds -2)."""
    return isinstance(shape, tuple) and -2 in shape


def _is_shape_empty(shp):
    """Whether the shape (or the dim ``shp``) has no element."""
    if isinstance(shp, int):
        return shp == 0
    return math.prod(shp) == 0


def _manipulate_padding(padding, dim):
    """A convolution's per-axis ``padding`` as MindSpore's (before, after) pairs."""
    if not isinstance(padding, (tuple, list)):
        raise TypeError(f"For 'conv{dim}d', 'padding' must be a tuple, list or int, but got {type(padding)}.")
    if len(padding) != dim:
        raise ValueError(f"For 'conv{dim}d', 'padding' must be a tuple or list of {dim} integers, but got {padding}.")
    return tuple(p for i in range(dim) for p in (padding[i], padding[i]))


def _dim_manipulation(x, name):
    """A conv1d argument (an int or a 1-sequence, positive) as the 2-D ``(1, x)``."""
    if isinstance(x, int):
        if x <= 0:
            raise ValueError(f"For 'conv1d', {name} must be a positive int, but got {x}.")
        return (1, x)
    if isinstance(x, (tuple, list)):
        if len(x) != 1:
            raise ValueError(f"For 'conv1d', {name} must be a tuple/list with 1 element or int, but got {x}.")
        if x[0] <= 0:
            raise ValueError(f"For 'conv1d', elements in {name} must be positive int, but got {x}.")
        return (1, x[0])
    raise ValueError(f"For 'conv1d', {name} must be an int or a tuple/list with 1 element, but got {x}.")


def _normalize_max_unpool2d_output_size(x_shape, output_size):
    """``max_unpool2d``'s ``output_size`` as the full NCHW output shape (``()`` when not given)."""
    if output_size is None:
        return ()
    if not isinstance(output_size, tuple):
        raise ValueError(f"For max_unpool2d, output_size must be tuple, but got {type(output_size)}.")
    if len(output_size) not in (0, 2, 3, 4):
        raise ValueError("For max_unpool2d, length of output_size with tuple must be 0, 2, 3, 4, but got "
                         f"{len(output_size)}.")
    if not output_size:
        return ()
    if len(x_shape) == 3:
        return (1,) + x_shape[:1] + output_size[-2:]
    return x_shape[:2] + output_size[-2:]


# ---------------------------------------------------------------------------- MindSpore 2.10's private padding,
# loss and interpolation helpers of ``ops.function.nn_func``, as adapters of the ops above.
def _circular_pad(input_x, padding):
    """``input_x`` padded circularly by ``padding`` (pairs from the last axis)."""
    from .array_func import pad
    return pad(input_x, tuple(padding), "circular")


def _reflection_pad(input, pad):
    """``input`` padded by reflection (1, 2 or 3 padded axes)."""
    from .array_func import pad as _pad
    return _pad(input, tuple(pad), "reflect")


def _replication_pad(input, pad):
    """``input`` padded with its edge values (1, 2 or 3 padded axes)."""
    from .array_func import pad as _pad
    return _pad(input, tuple(pad), "replicate")


def _pad_ext_constant(input_x, pad, value):
    """``input_x`` padded with ``value`` (0 when None)."""
    from .array_func import pad as _pad
    return _pad(input_x, tuple(pad), "constant", 0 if value is None else value)


def _pad_ext_non_constant(input_x, pad, mode, value):
    """``input_x`` padded in ``mode`` 'circular', 'reflect' or 'replicate' (which take no ``value``)."""
    if value is not None and value != 0:
        raise ValueError("Padding mode does not take in a value argument.")
    fn = {"circular": _circular_pad, "reflect": _reflection_pad, "replicate": _replication_pad}.get(mode)
    if fn is None:
        raise ValueError("Pad filling mode must be 'constant' 'circular' 'reflect' or 'replicate'.")
    return fn(input_x, pad)


def _inner_pad(x, padding, value=None):
    """Constant padding that also takes Bool ``x`` (padded as Int32, returned as Bool)."""
    from .array_func import cast, pad
    dtype = x.dtype
    if dtype == mstype.bool_:
        x = cast(x, mstype.int32)
    return cast(pad(x, padding, value=value), dtype)


def _innner_log_softmax(inputs, axis):
    """``inputs - logsumexp(inputs, axis)``."""
    from .math_func import sub
    from .reduce_func import logsumexp
    return sub(inputs, logsumexp(inputs, axis, True))


def _inner_dropout(x, p, training):
    """Dropout with drop probability ``p`` when training and ``0 < p <= 1``; else ``x``."""
    if 0.0 < p <= 1.0 and training:
        return dropout(x, p, training)
    return x


def _get_loss(x, reduction, cls_name, weights=1.0):
    """``weights * x`` reduced by ``reduction`` ('mean', 'sum' or 'none'), computed in Float32 and returned in
    ``x``'s dtype."""
    from .array_func import cast
    from .math_func import mul
    from .reduce_func import mean, sum as _sum
    if reduction not in ("mean", "sum", "none"):
        raise ValueError(f"For '{cls_name}', the 'reduction' must be in ['mean', 'sum', 'none'], but got "
                         f"{reduction}.")
    dtype = x.dtype
    w = cast(weights, mstype.float32) if isinstance(weights, Tensor) else float(weights)
    y = mul(w, cast(x, mstype.float32))
    if reduction == "mean":
        y = mean(y)
    elif reduction == "sum":
        y = _sum(y)
    return cast(y, dtype)


def _interploate_ext_make_tuple(input, value):
    """``value`` once per spatial axis of ``input`` (a list or tuple passes through)."""
    if isinstance(value, (list, tuple)):
        return value
    return tuple(value for _ in range(input.ndim - 2))


def _interpolate_ext_scale_factor_convert_size(input, scale_factor):
    """The output size ``floor(spatial size * scale_factor)`` of each spatial axis."""
    shape = input.shape
    return tuple(math.floor(shape[i + 2] * scale_factor[i]) for i in range(min(len(shape) - 2, len(scale_factor))))


def sparse_softmax_cross_entropy_v2(features, labels):
    """``SparseSoftmaxCrossEntropyWithLogitsV2``: ``(loss, backprop)`` with ``loss[i] = -log
    softmax(features[i])[labels[i]]`` and ``backprop = softmax - one_hot(labels)``."""
    logp = torch.log_softmax(features._t, -1)
    lab = labels._t.long()
    loss = -logp.gather(-1, lab.unsqueeze(-1)).squeeze(-1)
    backprop = logp.exp() - F.one_hot(lab, features.shape[-1]).to(features._t.dtype)
    return _wrap(loss), _wrap(backprop)
