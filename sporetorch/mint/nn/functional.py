"""``mindspore.mint.nn.functional``: torch.nn.functional-style activations, convolutions, pooling,
normalisation, losses and resampling.

A façade: each function translates torch's argument conventions (``dim``, ``inplace``, ``padding``
strings, argument order) and calls the op's one implementation in :mod:`sporetorch.ops`.
"""
from ... import ops
from ...ops.function import nn_func
from .._array import flatten  # noqa: F401 - mint.nn.functional.flatten is mint.flatten
from .._math import clamp  # noqa: F401
from .._reduce import norm as norm_ext  # noqa: F401
from .._array import broadcast_to  # noqa: F401

__all__ = [
    "adaptive_avg_pool1d", "adaptive_avg_pool2d", "adaptive_avg_pool3d", "adaptive_avg_pool3d_ext",
    "adaptive_max_pool1d", "adaptive_max_pool2d", "avg_pool1d", "avg_pool2d", "avg_pool3d", "batch_norm",
    "binary_cross_entropy", "binary_cross_entropy_with_logits", "broadcast_to", "clamp", "conv1d", "conv2d", "conv3d",
    "conv_transpose2d", "cosine_embedding_loss", "cross_entropy", "dropout", "dropout2d", "elu", "elu_", "elu_ext",
    "embedding", "flatten", "fold", "gelu", "glu", "grid_sample", "group_norm", "hardshrink", "hardsigmoid",
    "hardswish", "hardtanh", "hardtanh_", "hardtanh_op", "inplace_elu", "inplace_silu", "interpolate", "kl_div",
    "l1_loss", "layer_norm", "leaky_relu", "linear", "log_softmax", "logsigmoid", "max_pool2d", "max_unpool2d",
    "mish", "mse_loss", "nll_loss", "norm_ext", "normalize", "one_hot", "pad", "pixel_shuffle", "prelu", "relu",
    "relu6", "relu_", "selu", "sigmoid", "sigmoid_", "silu", "silu_func", "smooth_l1_loss", "soft_margin_loss",
    "softmax", "softplus", "softshrink", "tanh", "threshold", "threshold_", "threshold_op", "unfold", "upsample",
]

hardshrink = ops.hardshrink
hardsigmoid = ops.hardsigmoid
hardswish = ops.hardswish
pixel_shuffle = ops.pixel_shuffle
prelu = ops.prelu
softplus = ops.softplus
softshrink = ops.softshrink
tanh = ops.tanh
sigmoid = ops.sigmoid
fold = ops.fold
unfold = ops.unfold
grid_sample = ops.grid_sample
group_norm = ops.group_norm
layer_norm = ops.layer_norm
embedding = ops.embedding
l1_loss = ops.l1_loss
mse_loss = ops.mse_loss
soft_margin_loss = ops.soft_margin_loss
cosine_embedding_loss = ops.cosine_embedding_loss
cross_entropy = ops.cross_entropy
adaptive_avg_pool1d = ops.adaptive_avg_pool1d
adaptive_avg_pool2d = ops.adaptive_avg_pool2d
adaptive_avg_pool3d = adaptive_avg_pool3d_ext = ops.adaptive_avg_pool3d
adaptive_max_pool2d = ops.adaptive_max_pool2d
interpolate = nn_func.interpolate_ext
normalize = nn_func.normalize


def _inplace(input, out, inplace):
    """``out`` written into ``input`` when ``inplace``, as torch's ``inplace=True`` does."""
    return ops.assign(input, out) if inplace else out


def _implicit_dim(input):
    """torch's legacy softmax axis when none is given: 0 for 0-, 1- and 3-D inputs, else 1."""
    return 0 if input.ndim in (0, 1, 3) else 1


# ---------------------------------------------------------------------------- activations
def relu(input, inplace=False):
    """``max(input, 0)`` (``mindspore.mint.nn.functional.relu``)."""
    return _inplace(input, ops.relu(input), inplace)


def relu_(input):
    """:func:`relu` in place (``mindspore.mint.nn.functional.relu_``)."""
    return ops.assign(input, ops.relu(input))


def relu6(input, inplace=False):
    """``min(max(input, 0), 6)`` (``mindspore.mint.nn.functional.relu6``)."""
    return _inplace(input, ops.relu6(input), inplace)


def sigmoid_(input):
    """:func:`sigmoid` in place (``mindspore.mint.nn.functional.sigmoid_``)."""
    return ops.assign(input, ops.sigmoid(input))


def silu(input, inplace=False):
    """``input * sigmoid(input)`` (``mindspore.mint.nn.functional.silu``)."""
    return _inplace(input, ops.silu(input), inplace)


def silu_func(input):
    """:func:`silu` without ``inplace`` (``mindspore.mint.nn.functional.silu_func``)."""
    return ops.silu(input)


def inplace_silu(input):
    """:func:`silu` in place (``mindspore.mint.nn.functional.inplace_silu``)."""
    return ops.assign(input, ops.silu(input))


def elu(input, alpha=1.0, inplace=False):
    """Exponential linear unit (``mindspore.mint.nn.functional.elu``)."""
    return _inplace(input, ops.elu(input, alpha), inplace)


def elu_ext(input, alpha=1.0):
    """:func:`elu` without ``inplace`` (``mindspore.mint.nn.functional.elu_ext``)."""
    return ops.elu(input, alpha)


def elu_(input, alpha=1.0):
    """:func:`elu` in place (``mindspore.mint.nn.functional.elu_``)."""
    return ops.assign(input, ops.elu(input, alpha))


def inplace_elu(input, alpha=1.0):
    """:func:`elu` in place (``mindspore.mint.nn.functional.inplace_elu``)."""
    return ops.assign(input, ops.elu(input, alpha))


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    """Clamp to ``[min_val, max_val]`` (``mindspore.mint.nn.functional.hardtanh``)."""
    return _inplace(input, ops.hardtanh(input, min_val, max_val), inplace)


def hardtanh_op(input, min_val=-1, max_val=1):
    """:func:`hardtanh` without ``inplace`` (``mindspore.mint.nn.functional.hardtanh_op``)."""
    return ops.hardtanh(input, min_val, max_val)


def hardtanh_(input, min_val=-1, max_val=1):
    """:func:`hardtanh` in place (``mindspore.mint.nn.functional.hardtanh_``)."""
    return ops.assign(input, ops.hardtanh(input, min_val, max_val))


def threshold(input, threshold, value, inplace=False):
    """``input`` where it is greater than ``threshold``, else ``value`` (``mindspore.mint.nn.functional.threshold``)."""
    return _inplace(input, ops.threshold(input, threshold, value), inplace)


def threshold_op(input, threshold, value):
    """:func:`threshold` without ``inplace`` (``mindspore.mint.nn.functional.threshold_op``)."""
    return ops.threshold(input, threshold, value)


def threshold_(input, threshold, value):
    """:func:`threshold` in place (``mindspore.mint.nn.functional.threshold_``)."""
    return ops.assign(input, ops.threshold(input, threshold, value))


def leaky_relu(input, negative_slope=0.01):
    """``input`` where positive, ``negative_slope * input`` elsewhere (``mindspore.mint.nn.functional.leaky_relu``).

    Differences from ``mindspore.ops.leaky_relu``: the default slope is 0.01, as in torch.
    """
    return ops.leaky_relu(input, negative_slope)


def gelu(input, *, approximate='none'):
    """Gaussian error linear unit, exact (``'none'``) or ``'tanh'``-approximated
    (``mindspore.mint.nn.functional.gelu``)."""
    return ops.gelu(input, approximate)


def glu(input, dim=-1):
    """Gated linear unit: first half times sigmoid of the second half along ``dim``
    (``mindspore.mint.nn.functional.glu``)."""
    return ops.glu(input, dim)


def selu(input):
    """Scaled exponential linear unit (``mindspore.mint.nn.functional.selu``)."""
    return ops.selu(input)


def mish(input):
    """``input * tanh(softplus(input))`` (``mindspore.mint.nn.functional.mish``)."""
    return ops.mish(input)


def logsigmoid(input):
    """``log(sigmoid(input))`` (``mindspore.mint.nn.functional.logsigmoid``)."""
    return ops.logsigmoid(input)


def softmax(input, dim=None, dtype=None):
    """Softmax along ``dim`` (torch's implicit axis when None), computed in ``dtype`` when given
    (``mindspore.mint.nn.functional.softmax``)."""
    return ops.softmax(input, _implicit_dim(input) if dim is None else dim, dtype=dtype)


def log_softmax(input, dim=None, *, dtype=None):
    """``log(softmax(input))`` along ``dim`` (torch's implicit axis when None)
    (``mindspore.mint.nn.functional.log_softmax``)."""
    if dtype is not None:
        input = ops.cast(input, dtype)
    return ops.log_softmax(input, _implicit_dim(input) if dim is None else dim)


# ---------------------------------------------------------------------------- linear / conv
def linear(input, weight, bias=None):
    """``input @ weight.T + bias`` (``mindspore.mint.nn.functional.linear``)."""
    return ops.dense(input, weight, bias)


def _pad_mode(padding):
    """MindSpore's ``(pad_mode, padding)`` for torch's ``padding`` (an int, a tuple, 'same' or 'valid')."""
    if isinstance(padding, str):
        if padding not in ("same", "valid"):
            raise ValueError(f"The 'padding' must be 'same', 'valid', an int or a tuple, but got {padding!r}")
        return padding, 0
    return "pad", padding


def conv1d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """1-D convolution over (N, C, L) (``mindspore.mint.nn.functional.conv1d``)."""
    pad_mode, padding = _pad_mode(padding)
    return ops.conv1d(input, weight, bias, stride, pad_mode, padding, dilation, groups)


def conv2d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """2-D convolution over (N, C, H, W) (``mindspore.mint.nn.functional.conv2d``)."""
    pad_mode, padding = _pad_mode(padding)
    return ops.conv2d(input, weight, bias, stride, pad_mode, padding, dilation, groups)


def conv3d(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1):
    """3-D convolution over (N, C, D, H, W) (``mindspore.mint.nn.functional.conv3d``)."""
    pad_mode, padding = _pad_mode(padding)
    return ops.conv3d(input, weight, bias, stride, pad_mode, padding, dilation, groups)


def conv_transpose2d(input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1):
    """2-D transposed convolution (``mindspore.mint.nn.functional.conv_transpose2d``)."""
    return ops.conv_transpose2d(input, weight, bias, stride, padding, output_padding, groups, dilation)


# ---------------------------------------------------------------------------- pooling
def avg_pool1d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True):
    """1-D average pooling; ``stride`` defaults to ``kernel_size`` (``mindspore.mint.nn.functional.avg_pool1d``)."""
    return ops.avg_pool1d(input, kernel_size, kernel_size if stride is None else stride, padding, ceil_mode,
                          count_include_pad)


def avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    """2-D average pooling; ``stride`` defaults to ``kernel_size`` (``mindspore.mint.nn.functional.avg_pool2d``)."""
    return ops.avg_pool2d(input, kernel_size, kernel_size if stride is None else stride, padding, ceil_mode,
                          count_include_pad, divisor_override or 0)


def avg_pool3d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    """3-D average pooling; ``stride`` defaults to ``kernel_size`` (``mindspore.mint.nn.functional.avg_pool3d``)."""
    return ops.avg_pool3d(input, kernel_size, kernel_size if stride is None else stride, padding, ceil_mode,
                          count_include_pad, divisor_override or 0)


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    """2-D max pooling, with the Int64 argmax indices on request (``mindspore.mint.nn.functional.max_pool2d``)."""
    return ops.max_pool2d(input, kernel_size, stride, padding, dilation, return_indices=return_indices,
                          ceil_mode=ceil_mode)


def adaptive_max_pool1d(input, output_size, return_indices=False):
    """Max pooling of (N, C, L) to length ``output_size``, with indices on request
    (``mindspore.mint.nn.functional.adaptive_max_pool1d``)."""
    out = ops.adaptive_max_pool2d(ops.unsqueeze(input, -2), (1, output_size), return_indices)
    if return_indices:
        return ops.squeeze(out[0], -2), ops.squeeze(out[1], -2)
    return ops.squeeze(out, -2)


def max_unpool2d(input, indices, kernel_size, stride=None, padding=0, output_size=None):
    """Inverse of :func:`max_pool2d`: the values of ``input`` at the flat ``indices``, zeros elsewhere
    (``mindspore.mint.nn.functional.max_unpool2d``)."""
    return ops.max_unpool2d(input, indices, kernel_size, stride, padding, output_size)


# ---------------------------------------------------------------------------- normalisation / dropout / misc
def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-05):
    """Batch normalisation over axis 1; in training the running statistics are updated in place
    (``mindspore.mint.nn.functional.batch_norm``). Without running statistics (None) ``training`` must be True."""
    if running_mean is None or running_var is None:
        if not training:
            raise ValueError("For 'batch_norm', 'running_mean' and 'running_var' are required when not training")
        # Batch statistics only: these throw-away buffers take the (discarded) running update.
        channels = (input.shape[1],)
        running_mean, running_var = ops.zeros(channels, input.dtype), ops.ones(channels, input.dtype)
    return ops.batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)


def dropout(input, p=0.5, training=True, inplace=False):
    """Zero elements with probability ``p`` and scale the rest by ``1 / (1 - p)`` when ``training``
    (``mindspore.mint.nn.functional.dropout``)."""
    return _inplace(input, ops.dropout(input, p, training), inplace and training)


def dropout2d(input, p=0.5, training=True, inplace=False):
    """Zero whole channels with probability ``p`` when ``training`` (``mindspore.mint.nn.functional.dropout2d``)."""
    return _inplace(input, ops.dropout2d(input, p, training), inplace and training)


def one_hot(tensor, num_classes=-1):
    """Int64 one-hot encoding (``num_classes = max + 1`` when -1) (``mindspore.mint.nn.functional.one_hot``)."""
    return nn_func.one_hot_ext(tensor, num_classes)


def pad(input, pad, mode='constant', value=None):
    """Pad the trailing axes by ``pad`` (pairs from the last axis) with ``mode``
    (``mindspore.mint.nn.functional.pad``)."""
    return ops.pad(input, pad, mode, value)


def upsample(input, size=None, scale_factor=None, mode='nearest', align_corners=None):
    """Alias of :func:`interpolate` (``mindspore.mint.nn.functional.upsample``)."""
    return nn_func.interpolate_ext(input, size, scale_factor, mode, align_corners)


# ---------------------------------------------------------------------------- losses
def binary_cross_entropy(input, target, weight=None, reduction='mean'):
    """Binary cross entropy of probabilities ``input`` (``mindspore.mint.nn.functional.binary_cross_entropy``)."""
    return ops.binary_cross_entropy(input, target, weight, reduction)


def binary_cross_entropy_with_logits(input, target, weight=None, reduction='mean', pos_weight=None):
    """Sigmoid followed by binary cross entropy, computed stably
    (``mindspore.mint.nn.functional.binary_cross_entropy_with_logits``)."""
    return ops.binary_cross_entropy_with_logits(input, target, weight, pos_weight, reduction)


def kl_div(input, target, reduction='mean', log_target=False):
    """KL divergence of log-probabilities ``input`` from ``target`` (``mindspore.mint.nn.functional.kl_div``)."""
    return nn_func.kl_div_ext(input, target, reduction, log_target)


def nll_loss(input, target, weight=None, ignore_index=-100, reduction='mean'):
    """Negative log-likelihood of log-probabilities (``mindspore.mint.nn.functional.nll_loss``)."""
    return ops.nll_loss(input, target, weight, ignore_index, reduction)


def smooth_l1_loss(input, target, reduction='mean', beta=1.0):
    """Smooth L1 (Huber-like) loss with threshold ``beta`` (``mindspore.mint.nn.functional.smooth_l1_loss``)."""
    return ops.smooth_l1_loss(input, target, beta, reduction)
