"""Primitive classes of neural-network operators: activations, softmax, convolution, pooling, losses."""
import math

import torch

from ... import _checkparam as validator
from ...common import dtype as mstype
from ...common.tensor import Tensor, _wrap
from ...common.tensor import _u
from ..function import array_func, image_func, nn_func, random_func
from ..function._prim_checks import (
    _check_dtypes,
    _check_ndim,
    _check_unpool_attrs,
    _ints,
    _kernel_ints,
)
from ..function._utils import (
    F16_F32,
    FLOATS,
    _same_dtype,
    _tensor_arg,
)
from ..function.image_func import (
    _cubic_taps,
    _linear_taps,
    _nearest_taps,
    _resize,
)
from ..function.nn_func import (
    _BF16_F16_F32,
    _I32_I64,
    _INTS,
    _REALS,
    _check_rank,
    _check_same_shape,
    _pair,
    _relu,
    _same_pad,
)
from ..primitive import Primitive, prim_attr_register
from ._errors import float_input, functional, tensor_of

__all__ = [
    "AvgPool",
    "BCEWithLogitsLoss",
    "BatchNorm",
    "BiasAdd",
    "BinaryCrossEntropy",
    "CeLU",
    "Conv2D",
    "Conv2DTranspose",
    "Conv3D",
    "Dropout",
    "Elu",
    "FastGeLU",
    "GeLU",
    "HShrink",
    "HSigmoid",
    "HSwish",
    "KLDivLoss",
    "L2Loss",
    "L2Normalize",
    "LayerNorm",
    "LeakyReLU",
    "LogSoftmax",
    "MaxPool",
    "MirrorPad",
    "Mish",
    "NLLLoss",
    "PReLU",
    "Pdist",
    "ReLU",
    "ReLU6",
    "ResizeBilinearV2",
    "ResizeNearestNeighbor",
    "SeLU",
    "Sigmoid",
    "SigmoidCrossEntropyWithLogits",
    "SmoothL1Loss",
    "SoftShrink",
    "Softmax",
    "SoftmaxCrossEntropyWithLogits",
    "Softplus",
    "Softsign",
    "SparseSoftmaxCrossEntropyWithLogits",
    "Tanh",
]


def _unary_class(name, fn, doc, check=None, **options):
    """A one-input Primitive: ``fn`` a torch function of the input's tensor, or the name of the functional op
    whose MindSpore 2.10 behaviour (dtypes, integer kernels) is the Primitive's (called with ``options``,
    after ``check`` when one is given)."""
    def __init__(self):
        Primitive.__init__(self, name)

    def __call__(self, input_x):
        if check is not None:
            check(name, input_x)
        if isinstance(fn, str):
            return functional(name, fn, input_x, **options)
        try:
            return _wrap(fn(input_x._t))
        except AttributeError:
            raise TypeError(f"For '{name}', the input must be a Tensor, but got {type(input_x).__name__}") from None

    return type(name, (Primitive,), {"__init__": __init__, "__call__": __call__, "__doc__": doc,
                                     "__module__": __name__})


ReLU = _unary_class("ReLU", _relu, r"Rectified linear unit, :math:`\max(x, 0)`: ``ops.ReLU()(x)``; NaN gives 0.")
ReLU6 = _unary_class("ReLU6", "relu6", r"ReLU capped at 6, :math:`\min(\max(x, 0), 6)`.", float_input)
Sigmoid = _unary_class("Sigmoid", "sigmoid", r"Logistic sigmoid, :math:`1 / (1 + e^{-x})`.", float_input)
Tanh = _unary_class("Tanh", "tanh", "Hyperbolic tangent of a float or complex Tensor.")
GeLU = _unary_class("GeLU", "gelu",
                    "Gaussian error linear unit, tanh approximation (MindSpore 2.10's GeLU kernel; ops.gelu is exact).",
                    approximate="tanh")
FastGeLU = _unary_class("FastGeLU", "fast_gelu", r"Fast GELU, :math:`x \sigma(1.702 x)`.", float_input)
HSwish = _unary_class("HSwish", "hardswish", "Hard swish (integer inputs: MindSpore's integer kernel).")
HSigmoid = _unary_class("HSigmoid", "hardsigmoid", "Hard sigmoid (integer inputs: MindSpore's integer kernel).")
SeLU = _unary_class("SeLU", "selu", "Scaled exponential linear unit (int8/int32 inputs: MindSpore's integer kernel).")
Softsign = _unary_class("Softsign", "softsign", r":math:`x / (1 + |x|)`.", float_input)
Mish = _unary_class("Mish", "mish", r"Mish, :math:`x \tanh(\mathrm{softplus}(x))`.")
Softplus = _unary_class("Softplus", "softplus", r":math:`\log(1 + e^x)`.")


class Softmax(Primitive):
    """Softmax over ``axis`` (an int or a tuple of one int). Default: the last axis."""

    @prim_attr_register
    def __init__(self, axis=-1):
        self.add_prim_attr("axis", (axis,) if isinstance(axis, int) else tuple(axis))
        self._dim = self.axis[0]

    def __call__(self, logits):
        return functional("Softmax", "softmax", logits, self._dim)


class LogSoftmax(Primitive):
    """Log-softmax over ``axis``. Default: the last axis.

    Differences from ops.log_softmax: a 0-D input is a RuntimeError (MindSpore 2.10's kernel fails on it).
    """

    @prim_attr_register
    def __init__(self, axis=-1):
        pass

    def __call__(self, logits):
        _not_scalar("LogSoftmax", "logits", logits)
        return functional("LogSoftmax", "log_softmax", logits, self.axis)


def _not_scalar(prim, name, x):
    """RuntimeError for a 0-D Tensor, which MindSpore 2.10's kernel of ``prim`` fails on at run time."""
    if isinstance(x, Tensor) and x._t.dim() == 0:
        raise RuntimeError(f"For '{prim}', the '{name}' must not be a 0-D Tensor (a scalar), but got shape ()")


class Elu(Primitive):
    """Exponential linear unit with ``alpha`` (MindSpore supports only 1.0)."""

    @prim_attr_register
    def __init__(self, alpha=1.0):
        pass

    def __call__(self, input_x):
        return functional("Elu", "elu", input_x, self.alpha)


class CeLU(Primitive):
    """Continuously differentiable ELU."""

    @prim_attr_register
    def __init__(self, alpha=1.0):
        pass

    def __call__(self, input_x):
        return functional("CeLU", "celu", input_x, self.alpha)


class LeakyReLU(Primitive):
    """Leaky ReLU with negative slope ``alpha``."""

    @prim_attr_register
    def __init__(self, alpha=0.2):
        pass

    def __call__(self, x):
        return functional("LeakyReLU", "leaky_relu", x, self.alpha)


class PReLU(Primitive):
    """Parametric ReLU: ``max(0, x) + weight * min(0, x)`` with a per-channel ``weight``."""

    def __init__(self):
        super().__init__("PReLU")

    def __call__(self, x, weight):
        return functional("PReLU", "prelu", x, weight)


class HShrink(Primitive):
    """Hard shrink: zero where ``|x| <= lambd``."""

    @prim_attr_register
    def __init__(self, lambd=0.5):
        pass

    def __call__(self, input_x):
        return functional("HShrink", "hardshrink", input_x, self.lambd)


class SoftShrink(Primitive):
    """Soft shrink towards zero by ``lambd``."""

    @prim_attr_register
    def __init__(self, lambd=0.5):
        pass

    def __call__(self, input_x):
        return functional("SoftShrink", "soft_shrink", input_x, self.lambd)


class Dropout(Primitive):
    """Dropout with ``keep_prob``; returns ``(output, mask)``."""

    @prim_attr_register
    def __init__(self, keep_prob=0.5, Seed0=0, Seed1=0):
        pass

    def __call__(self, x):
        return nn_func._dropout_with_mask(x, self.keep_prob)


class BiasAdd(Primitive):
    """Add a 1-D ``bias`` along the channel axis (``data_format`` 'NCHW' or 'NHWC')."""

    @prim_attr_register
    def __init__(self, data_format="NCHW"):
        pass

    def __call__(self, input_x, bias):
        _tensor_arg("BiasAdd", "input_x", input_x)
        _tensor_arg("BiasAdd", "bias", bias)
        if bias._t.dim() != 1:
            raise ValueError(f"For 'BiasAdd', the 'bias' must be 1-D, but got shape {tuple(bias._t.shape)}")
        _check_rank("BiasAdd", "input_x", input_x, (2, 3, 4, 5))
        t, b = input_x._t, bias._t
        if self.data_format == "NHWC" and b.shape[0] != t.shape[-1]:
            raise ValueError(f"For 'BiasAdd', the 'bias' must have input_x.shape[-1] elements for 'NHWC', but got "
                             f"input_x shape {tuple(t.shape)} and bias shape {tuple(b.shape)}")
        if t.dtype == torch.bool or b.dtype == torch.bool:  # MindSpore 2.10 has no Bool kernel
            raise TypeError(f"For 'BiasAdd', the inputs must not be Bool, but got {input_x.dtype} and {bias.dtype}")
        if self.data_format != "NHWC":
            return functional("BiasAdd", "bias_add", input_x, bias)
        _same_dtype("BiasAdd", ("input_x", "bias"), input_x, bias)
        return _wrap(t + b)


_CONV2D_DTYPES = _BF16_F16_F32 + (torch.int8, torch.int32, torch.int64)


def _conv_primitive(prim, fn, nd, attrs, x, w, bias):
    """A Conv2D/Conv3D Primitive through the functional convolution: its attributes (strides and dilations
    of ``nd`` or ``nd + 2`` values, ``pad`` read only with ``pad_mode='pad'``) in the functional op's terms."""
    pad = attrs.pad if attrs.pad_mode == "pad" else 0
    return functional(prim, fn, x, w, bias, _pair(attrs.stride, nd), attrs.pad_mode, pad, _pair(attrs.dilation, nd),
                      attrs.group)


class Conv2D(Primitive):
    """2-D convolution of an NCHW input with an (out, in/group, kh, kw) weight."""

    @prim_attr_register
    def __init__(self, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0, stride=1, dilation=1, group=1,
                 data_format="NCHW"):
        pass

    def __call__(self, x, w):
        tensor_of("Conv2D", "x", x, _CONV2D_DTYPES)
        tensor_of("Conv2D", "w", w, _CONV2D_DTYPES)
        _same_dtype("Conv2D", ("x", "w"), x, w)
        _check_rank("Conv2D", "x", x, (4,))
        return _conv_primitive("Conv2D", "conv2d", 2, self, x, w, None)


class Conv3D(Primitive):
    """3-D convolution of an NCDHW input."""

    @prim_attr_register
    def __init__(self, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0, stride=1, dilation=1, group=1,
                 data_format="NCDHW"):
        pass

    def __call__(self, x, weight, bias=None):
        tensor_of("Conv3D", "x", x, _BF16_F16_F32)
        tensor_of("Conv3D", "w", weight, _BF16_F16_F32)
        return _conv_primitive("Conv3D", "conv3d", 3, self, x, weight, bias)


class Conv2DTranspose(Primitive):
    """The gradient of Conv2D with respect to its input (a transposed convolution)."""

    @prim_attr_register
    def __init__(self, out_channel, kernel_size, pad_mode="valid", pad=0, pad_list=None, mode=1, stride=1,
                 dilation=1, group=1, data_format="NCHW"):
        pass

    def __call__(self, dout, weight, input_size):
        size = tuple(input_size._t.tolist()) if isinstance(input_size, Tensor) else tuple(input_size)
        _check_rank("Conv2DTranspose", "dout", dout, (4,))  # MindSpore 2.10: NCHW only, a ValueError
        return nn_func._conv2d_transpose_to_size(dout, weight, size, pad_mode=self.pad_mode, pad=self.pad,
                                                 stride=self.stride, dilation=self.dilation, group=self.group)


class MaxPool(Primitive):
    """2-D max pooling with ``kernel_size``, ``strides`` and ``pad_mode`` ('valid' or 'same')."""

    @prim_attr_register
    def __init__(self, kernel_size=1, strides=1, pad_mode="valid", data_format="NCHW"):
        pass

    def __call__(self, x):
        _check_rank("MaxPool", "x", x, (4,))  # MindSpore 2.10: NCHW only, before the dtype (a ValueError)
        k, s = _pair(self.kernel_size), _pair(self.strides)
        if self.pad_mode.lower() == "same":
            x = _wrap(_same_pad(x._t, k, s, float("-inf")))
        return functional("MaxPool", "max_pool2d", x, k, s)


class AvgPool(Primitive):
    """2-D average pooling with ``kernel_size``, ``strides`` and ``pad_mode`` ('valid' or 'same')."""

    @prim_attr_register
    def __init__(self, kernel_size=1, strides=1, pad_mode="valid", data_format="NCHW"):
        pass

    def __call__(self, x):
        _check_rank("AvgPool", "x", x, (4,))  # MindSpore 2.10: NCHW only, before the dtype (a ValueError)
        k, s = _pair(self.kernel_size), _pair(self.strides)
        if self.pad_mode.lower() == "same":
            return nn_func._avg_pool_same_mode(x, k, s)
        return functional("AvgPool", "avg_pool2d", x, k, s)


class LayerNorm(Primitive):
    """Layer normalisation over the axes from ``begin_norm_axis``; returns ``(y, mean, variance)``."""

    @prim_attr_register
    def __init__(self, begin_norm_axis=1, begin_params_axis=1, epsilon=1e-7):
        pass

    def __call__(self, input_x, gamma, beta):
        # MindSpore 2.10 checks the shapes before the dtypes here.
        return nn_func.layer_norm_with_stats(input_x, gamma, beta, begin_params_axis=self.begin_params_axis,
                                            begin_norm_axis=self.begin_norm_axis, epsilon=self.epsilon)


class BatchNorm(Primitive):
    """Batch normalisation of an NC... input; returns ``(y, batch_mean, batch_var, saved_mean, saved_var)``.

    In training the moving statistics ``mean``/``variance`` (Parameters) are updated in place
    with ``momentum`` as MindSpore does: ``moving = momentum * moving + (1 - momentum) * batch``.
    """

    @prim_attr_register
    def __init__(self, is_training=False, epsilon=1e-5, momentum=0.1, data_format="NCHW"):
        pass

    def __call__(self, input_x, scale, bias, mean, variance):
        return nn_func.batch_norm_with_stats(input_x, scale, bias, mean, variance, is_training=self.is_training,
                                            epsilon=self.epsilon, momentum=self.momentum)


class L2Normalize(Primitive):
    """``x / max(||x||_2, epsilon)`` over ``axis``."""

    @prim_attr_register
    def __init__(self, axis=0, epsilon=1e-4):
        pass

    def __call__(self, x):
        return nn_func.l2_normalize(x, axis=self.axis, epsilon=self.epsilon)


class L2Loss(Primitive):
    """``sum(x ** 2) / 2``."""

    def __init__(self):
        super().__init__("L2Loss")

    def __call__(self, input_x):
        return nn_func.l2_loss(input_x)


class SoftmaxCrossEntropyWithLogits(Primitive):
    """Cross entropy between ``softmax(logits)`` and dense ``labels``, both (batch, classes), float16
    or float32: ``(loss per sample, dlogits)``."""

    def __init__(self):
        super().__init__("SoftmaxCrossEntropyWithLogits")

    def __call__(self, logits, labels):
        return nn_func.softmax_cross_entropy_with_logits(logits, labels)


class SparseSoftmaxCrossEntropyWithLogits(Primitive):
    """Mean cross entropy of ``logits`` against class indices ``labels`` (``is_grad`` returns dlogits)."""

    @prim_attr_register
    def __init__(self, is_grad=False):
        pass

    def __call__(self, logits, labels):
        return nn_func.sparse_softmax_cross_entropy_with_logits(logits, labels, is_grad=self.is_grad)


class SigmoidCrossEntropyWithLogits(Primitive):
    """Element-wise binary cross entropy of ``sigmoid(logits)`` against ``label``."""

    def __init__(self):
        super().__init__("SigmoidCrossEntropyWithLogits")

    def __call__(self, logits, label):
        return functional("SigmoidCrossEntropyWithLogits", "binary_cross_entropy_with_logits", logits, label,
                          reduction="none")


class BCEWithLogitsLoss(Primitive):
    """Binary cross entropy with logits, optional ``weight`` and ``pos_weight``; ``reduction`` 'mean'/'sum'/'none'."""

    @prim_attr_register
    def __init__(self, reduction="mean"):
        pass

    def __call__(self, logits, label, weight=None, pos_weight=None):
        tensor_of("BCEWithLogitsLoss", "input", logits, _BF16_F16_F32)
        _tensor_arg("BCEWithLogitsLoss", "target", label)
        _check_same_shape("BCEWithLogitsLoss", logits, label)
        return functional("BCEWithLogitsLoss", "binary_cross_entropy_with_logits", logits, label, weight, pos_weight,
                          self.reduction)


class BinaryCrossEntropy(Primitive):
    """Binary cross entropy of probabilities ``logits`` against ``labels``."""

    @prim_attr_register
    def __init__(self, reduction="mean"):
        pass

    def __call__(self, logits, labels, weight=None):
        return functional("BinaryCrossEntropy", "binary_cross_entropy", logits, labels, weight, self.reduction)


class NLLLoss(Primitive):
    """Negative log-likelihood of log-probabilities ``logits``: ``(loss, total_weight)``."""

    @prim_attr_register
    def __init__(self, reduction="mean", ignore_index=-100):
        pass

    def __call__(self, logits, labels, weight):
        # MindSpore 2.10's CPU kernel: float logits and weight, int32/int64 labels.
        tensor_of("NLLLoss", "logits", logits, FLOATS)
        tensor_of("NLLLoss", "labels", labels, _I32_I64)
        tensor_of("NLLLoss", "weight", weight, FLOATS)
        loss = functional("NLLLoss", "nll_loss", logits, labels, weight, self.ignore_index, self.reduction)
        return loss, nn_func._nll_loss_total_weight(labels, weight, self.ignore_index)


class SmoothL1Loss(Primitive):
    """Smooth L1 (Huber-like) loss with threshold ``beta``; ``reduction`` 'none' by default."""

    @prim_attr_register
    def __init__(self, beta=1.0, reduction="none"):
        pass

    def __call__(self, logits, labels):
        return functional("SmoothL1Loss", "smooth_l1_loss", logits, labels, self.beta, self.reduction)


class KLDivLoss(Primitive):
    """Kullback-Leibler divergence of log-probabilities ``logits`` from ``labels``."""

    @prim_attr_register
    def __init__(self, reduction="mean"):
        pass

    def __call__(self, logits, labels):
        tensor_of("KLDivLoss", "logits", logits, FLOATS)
        _tensor_arg("KLDivLoss", "labels", labels)
        _same_dtype("KLDivLoss", ("logits", "labels"), logits, labels)
        return functional("KLDivLoss", "kl_div", logits, labels, self.reduction)


class ResizeBilinearV2(Primitive):
    """Bilinear resize of an NCHW tensor to ``size`` (h, w). Without ``align_corners`` or ``half_pixel_centers``
    the source of output ``i`` is ``i * in / out`` (MindSpore's legacy mode; torch has only half-pixel centres)."""

    @prim_attr_register
    def __init__(self, align_corners=False, half_pixel_centers=False):
        pass

    def __call__(self, image, size):
        size = tuple(size._t.tolist()) if isinstance(size, Tensor) else tuple(size)
        _check_rank("ResizeBilinearV2", "x", image, (4,))
        return _wrap(_resize(image._t, size, _linear_taps, self.align_corners, self.half_pixel_centers))


class ResizeNearestNeighbor(Primitive):
    """Nearest-neighbour resize of an NCHW tensor to ``size`` (h, w)."""

    @prim_attr_register
    def __init__(self, size, align_corners=False, half_pixel_centers=False):
        pass

    def __call__(self, input_x):
        # MindSpore 2.10's CPU kernel ignores half_pixel_centers here (ResizeNearestNeighborV2 honours it)
        return _wrap(_resize(input_x._t, tuple(self.size), _nearest_taps, self.align_corners, False))


class MirrorPad(Primitive):
    """Pad by reflection (``mode`` 'REFLECT') or symmetric copies ('SYMMETRIC')."""

    @prim_attr_register
    def __init__(self, mode="REFLECT"):
        pass

    def __call__(self, input_x, paddings):
        tensor_of("MirrorPad", "paddings", paddings, _I32_I64)
        return array_func.mirror_pad(input_x, paddings, self.mode)


class Pdist(Primitive):
    """Pairwise p-norm distances between the rows of a matrix (upper triangle, flattened)."""

    @prim_attr_register
    def __init__(self, p=2.0):
        pass

    def __call__(self, x):
        return functional("Pdist", "pdist", x, self.p)


Gelu = GeLU
FastGelu = FastGeLU
__all__ += ["FastGelu", "Gelu"]


class Dense(Primitive):
    """``x @ w.T + b``."""

    def __init__(self):
        super().__init__("Dense")

    def __call__(self, x, w, b=None):
        return functional("Dense", "dense", x, w, b)


class GLU(Primitive):
    """Gated linear unit: the first half of ``axis`` times the sigmoid of the second half."""

    @prim_attr_register
    def __init__(self, axis=-1):
        pass

    def __call__(self, x):
        _not_scalar("GLU", "x", x)
        t = x._t
        if -t.dim() <= self.axis < t.dim() and t.shape[self.axis] % 2:  # a kernel error in MindSpore 2.10
            raise RuntimeError(f"For 'GLU', the size of 'axis' {self.axis} must be even, but got shape "
                               f"{tuple(t.shape)}")
        return functional("GLU", "glu", x, self.axis)


class LRN(Primitive):
    """Local response normalisation across channels."""

    @prim_attr_register
    def __init__(self, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region="ACROSS_CHANNELS"):
        pass

    def __call__(self, x):
        tensor_of("LRN", "x", x, F16_F32)
        _check_rank("LRN", "x", x, (4,))
        return functional("LRN", "lrn", x, self.depth_radius, self.bias, self.alpha, self.beta, self.norm_region)


class AdaptiveAvgPool2D(Primitive):
    """Average pooling to the spatial ``output_size``."""

    @prim_attr_register
    def __init__(self, output_size):
        pass

    def __call__(self, input_x):
        tensor_of("AdaptiveAvgPool2D", "x", input_x, FLOATS)
        return functional("AdaptiveAvgPool2D", "adaptive_avg_pool2d", input_x, self.output_size)


class AdaptiveAvgPool3D(Primitive):
    """3-D average pooling to ``output_size``."""

    @prim_attr_register
    def __init__(self, output_size):
        pass

    def __call__(self, x):
        tensor_of("AdaptiveAvgPool3D", "x", x, FLOATS + _INTS + (torch.uint8,))
        if not x._t.is_floating_point():  # MindSpore's integer kernel: the mean truncated to the input's dtype
            out = functional("AdaptiveAvgPool3D", "adaptive_avg_pool3d", _wrap(x._t.double()), self.output_size)
            return _wrap(out._t.to(x._t.dtype))
        return functional("AdaptiveAvgPool3D", "adaptive_avg_pool3d", x, self.output_size)


class AdaptiveMaxPool2D(Primitive):
    """Max pooling to the spatial ``output_size``: ``(values, argmax)``."""

    @prim_attr_register
    def __init__(self, output_size):
        pass

    def __call__(self, input_x):
        return functional("AdaptiveMaxPool2D", "adaptive_max_pool2d", input_x, self.output_size, True)


class AdaptiveMaxPool3D(Primitive):
    """3-D max pooling to ``output_size``: ``(values, argmax)``."""

    def __init__(self):
        super().__init__("AdaptiveMaxPool3D")

    def __call__(self, x, output_size):
        tensor_of("AdaptiveMaxPool3D", "x", x, _REALS)
        tensor_of("AdaptiveMaxPool3D", "output_size", output_size, (torch.int32,))
        _check_rank("AdaptiveMaxPool3D", "x", x, (4, 5))
        return nn_func._adaptive_max_pool3d_int32(x, tuple(output_size._t.tolist()))


class MaxPool3D(Primitive):
    """3-D max pooling."""

    @prim_attr_register
    def __init__(self, kernel_size=1, strides=1, pad_mode="VALID", pad_list=0, ceil_mode=None,
                 data_format="NCDHW"):
        pass

    def __call__(self, x):
        tensor_of("MaxPool3D", "x", x, FLOATS)
        k, s = _pair(self.kernel_size, 3), _pair(self.strides, 3)
        if self.pad_mode.lower() == "same":
            return nn_func.max_pool3d(_wrap(_same_pad(x._t, k, s, float("-inf"))), k, s)
        pad = self.pad_list if isinstance(self.pad_list, int) else tuple(self.pad_list)[::2]
        return nn_func.max_pool3d(x, k, s, pad, ceil_mode=bool(self.ceil_mode))


class AvgPool3D(Primitive):
    """3-D average pooling."""

    @prim_attr_register
    def __init__(self, kernel_size=1, strides=1, pad_mode="valid", pad=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=0, data_format="NCDHW"):
        pass

    def __call__(self, input_x):
        tensor_of("AvgPool3D", "x", input_x, FLOATS)
        k, s = _pair(self.kernel_size, 3), _pair(self.strides, 3)
        if self.pad_mode.lower() == "same":
            return nn_func._avg_pool_same_mode(input_x, k, s, divisor_override=self.divisor_override,
                                               count_include_pad=self.count_include_pad)
        pad = self.pad if isinstance(self.pad, int) else tuple(self.pad)[::2]
        return nn_func.avg_pool3d(input_x, k, s, pad, self.ceil_mode, self.count_include_pad, self.divisor_override)


class MaxPoolWithArgmax(Primitive):
    """2-D max pooling of an NCHW input with ``kernel_size``, ``strides`` and ``pad_mode`` ('valid' or 'same'):
    ``(values, argmax)``, the argmax an int32 index into each sample's flattened (C, H, W) input, as MindSpore
    2.10 gives it (torch's ``return_indices`` counts within each channel)."""

    @prim_attr_register
    def __init__(self, kernel_size=1, strides=1, pad_mode="valid", data_format="NCHW"):
        pass

    def __call__(self, x):
        return nn_func.max_pool_with_argmax(x, kernel_size=self.kernel_size, strides=self.strides,
                                           pad_mode=self.pad_mode)


class MaxPoolWithArgmaxV2(Primitive):
    """2-D max pooling with padding and dilation, returning ``(values, argmax)``."""

    @prim_attr_register
    def __init__(self, kernel_size, strides=None, pads=0, dilation=(1, 1), ceil_mode=False,
                 argmax_type=None):
        pass

    def __call__(self, x):
        return nn_func.max_pool_with_argmax_v2(x, kernel_size=self.kernel_size, strides=self.strides,
                                              ceil_mode=self.ceil_mode, pads=self.pads, dilation=self.dilation)


class Dropout2D(Primitive):
    """Zero whole channels with probability ``1 - keep_prob``; returns ``(output, mask)``."""

    @prim_attr_register
    def __init__(self, keep_prob=0.5):
        pass

    def __call__(self, x):
        return nn_func._channel_dropout_with_mask(x, self.keep_prob)


Dropout3D = type("Dropout3D", (Dropout2D,), {"__doc__": "Zero whole 3-D channels; returns ``(output, mask)``.",
                                             "__module__": __name__})


class ResizeNearestNeighborV2(Primitive):
    """Nearest-neighbour resize of an NCHW tensor to ``size``."""

    @prim_attr_register
    def __init__(self, align_corners=False, half_pixel_centers=False):
        pass

    def __call__(self, x, size):
        size = tuple(size._t.tolist()) if isinstance(size, Tensor) else tuple(size)
        return _wrap(_resize(x._t, size, _nearest_taps, self.align_corners, self.half_pixel_centers))


class ResizeBicubic(Primitive):
    """Bicubic resize of an NCHW tensor to ``size`` with MindSpore's cubic weights (see ``_cubic_taps``; torch's
    ``bicubic`` differs) and source coordinates (as ResizeBilinearV2)."""

    @prim_attr_register
    def __init__(self, align_corners=False, half_pixel_centers=False):
        pass

    def __call__(self, images, size):
        size = tuple(size._t.tolist()) if isinstance(size, Tensor) else tuple(size)
        _check_rank("ResizeBicubic", "images", images, (4,))
        return _wrap(_resize(images._t, size, _cubic_taps, self.align_corners, self.half_pixel_centers))


class ResizeLinear1D(Primitive):
    """Linear resize of an NCW tensor to ``size``."""

    @prim_attr_register
    def __init__(self, coordinate_transformation_mode="align_corners"):
        pass

    def __call__(self, x, size):
        return image_func.resize_linear_1d(x, size,
                                          coordinate_transformation_mode=self.coordinate_transformation_mode)


class UpsampleNearest3D(Primitive):
    """Nearest-neighbour 3-D upsampling to ``output_size`` or by ``scales``."""

    def __init__(self):
        super().__init__("UpsampleNearest3D")

    def __call__(self, x, output_size=None, scales=None):
        return image_func.upsample_nearest_3d(x, output_size, scales)


class UpsampleTrilinear3D(Primitive):
    """Trilinear 3-D upsampling to ``output_size`` or by ``scales``."""

    @prim_attr_register
    def __init__(self, align_corners=False, half_pixel_centers=True):
        pass

    def __call__(self, x, output_size=None, scales=None):
        return image_func.upsample_trilinear_3d(x, output_size, scales, align_corners=self.align_corners)


class Im2Col(Primitive):
    """Extract sliding blocks of an NCHW tensor as columns."""

    @prim_attr_register
    def __init__(self, ksizes, strides=1, dilations=1, pads=0):
        pass

    def __call__(self, x):
        return nn_func.im2col(x, ksizes=self.ksizes, dilations=self.dilations, pads=self.pads,
                              strides=self.strides)


class Col2Im(Primitive):
    """Sum sliding-block columns back into an NCHW tensor of ``output_size``."""

    @prim_attr_register
    def __init__(self, kernel_size, dilation=1, padding=0, stride=1):
        pass

    def __call__(self, x, output_size):
        tensor_of("Col2Im", "output_size", output_size, _I32_I64)
        _check_rank("Col2Im", "output_size", output_size, (1,))
        return image_func.col2im(x, output_size, _pair(self.kernel_size), _pair(self.dilation), _pair(self.padding),
                                 _pair(self.stride))


class PadV3(Primitive):
    """Pad with ``paddings`` (last dimension first, as torch) in ``mode`` 'constant', 'reflect' or 'edge'."""

    @prim_attr_register
    def __init__(self, mode="constant", paddings_contiguous=True):
        pass

    def __call__(self, x, paddings, constant_value=None):
        return nn_func.pad_v3(x, paddings, constant_value, mode=self.mode)


class Padding(Primitive):
    """Extend the last axis (of size 1) to ``pad_dim_size`` with zeros."""

    @prim_attr_register
    def __init__(self, pad_dim_size=8):
        pass

    def __call__(self, x):
        return functional("Padding", "padding", x, self.pad_dim_size)


class ChannelShuffle(Primitive):
    """Shuffle the channels of an NC... tensor in ``group`` groups."""

    @prim_attr_register
    def __init__(self, group):
        pass

    def __call__(self, x):
        return functional("ChannelShuffle", "channel_shuffle", x, self.group)


class SoftMarginLoss(Primitive):
    """:math:`\\log(1 + e^{-y x})`, reduced by ``reduction``."""

    @prim_attr_register
    def __init__(self, reduction="mean"):
        pass

    def __call__(self, logits, labels):
        return functional("SoftMarginLoss", "soft_margin_loss", logits, labels, self.reduction)


class MultiMarginLoss(Primitive):
    """Multi-class hinge loss."""

    @prim_attr_register
    def __init__(self, p=1, margin=1.0, reduction="mean"):
        pass

    def __call__(self, inputs, target, weight=None):
        return functional("MultiMarginLoss", "multi_margin_loss", inputs, target, self.p, self.margin, weight,
                          self.reduction)


class MultilabelMarginLoss(Primitive):
    """Multi-label hinge loss: ``(loss, is_target)``."""

    @prim_attr_register
    def __init__(self, reduction="mean"):
        pass

    def __call__(self, x, target):
        tensor_of("MultilabelMarginLoss", "x", x, FLOATS)
        tensor_of("MultilabelMarginLoss", "target", target, (torch.int32,))
        loss = functional("MultilabelMarginLoss", "multilabel_margin_loss", x, target, self.reduction)
        return loss, nn_func._multilabel_is_target(target)


class TripletMarginLoss(Primitive):
    """Triplet margin loss of ``(x, positive, negative)`` with ``margin`` (a Tensor)."""

    @prim_attr_register
    def __init__(self, p=2, swap=False, eps=1e-6, reduction="mean"):
        pass

    def __call__(self, x, positive, negative, margin):
        tensor_of("TripletMarginLoss", "margin", margin, (torch.float32,))
        return functional("TripletMarginLoss", "triplet_margin_loss", x, positive, negative, float(margin._t.item()),
                          self.p, self.eps, self.swap, self.reduction)


class GridSampler2D(Primitive):
    """Sample an NCHW tensor at the normalised coordinates ``grid``."""

    @prim_attr_register
    def __init__(self, interpolation_mode="bilinear", padding_mode="zeros", align_corners=False):
        pass

    def __call__(self, input_x, grid):
        return nn_func.grid_sampler_2d(input_x, grid, interpolation_mode=self.interpolation_mode,
                                      padding_mode=self.padding_mode, align_corners=self.align_corners)


class GridSampler3D(GridSampler2D):
    """Sample an NCDHW tensor at the normalised coordinates ``grid``."""


class AffineGrid(Primitive):
    """Sampling grid of the affine transforms ``theta`` for ``output_size``."""

    @prim_attr_register
    def __init__(self, align_corners=False):
        pass

    def __call__(self, theta, output_size):
        return functional("AffineGrid", "affine_grid", theta, output_size, self.align_corners)


class IOU(Primitive):
    """Intersection over union (``mode`` 'iou') or over foreground ('iof') of two box sets (x1, y1, x2, y2)."""

    @prim_attr_register
    def __init__(self, mode="iou"):
        pass

    def __call__(self, anchor_boxes, gt_boxes):
        return image_func.iou(anchor_boxes, gt_boxes, self.mode)


class CTCLoss(Primitive):
    """CTC loss of time-major ``inputs`` (T, N, C) against sparse ``labels``: ``(loss, gradient)``."""

    @prim_attr_register
    def __init__(self, preprocess_collapse_repeated=False, ctc_merge_repeated=True,
                 ignore_longer_outputs_than_inputs=False):
        pass

    def __call__(self, x, labels_indices, labels_values, sequence_length):
        tensor_of("CTCLoss", "labels_indices", labels_indices, (torch.int64,))
        tensor_of("CTCLoss", "labels_values", labels_values, (torch.int32,))
        tensor_of("CTCLoss", "sequence_length", sequence_length, (torch.int32,))
        tensor_of("CTCLoss", "inputs", x, FLOATS)
        return nn_func._ctc_loss_sparse(x, labels_indices, labels_values, sequence_length,
                                        zero_infinity=self.ignore_longer_outputs_than_inputs)


__all__ += [
    "GLU",
    "IOU",
    "LRN",
    "AdaptiveAvgPool2D",
    "AdaptiveAvgPool3D",
    "AdaptiveMaxPool2D",
    "AdaptiveMaxPool3D",
    "AffineGrid",
    "AvgPool3D",
    "CTCLoss",
    "ChannelShuffle",
    "Col2Im",
    "Dense",
    "Dropout2D",
    "Dropout3D",
    "GridSampler2D",
    "GridSampler3D",
    "Im2Col",
    "MaxPool3D",
    "MaxPoolWithArgmax",
    "MaxPoolWithArgmaxV2",
    "MultiMarginLoss",
    "MultilabelMarginLoss",
    "PadV3",
    "Padding",
    "ResizeBicubic",
    "ResizeLinear1D",
    "ResizeNearestNeighborV2",
    "SoftMarginLoss",
    "TripletMarginLoss",
    "UpsampleNearest3D",
    "UpsampleTrilinear3D",
]


class Conv2DBackpropInput(Primitive):
    """The gradient of a 2-D convolution with respect to its input: ``(dout, weight, input_size)``."""

    @prim_attr_register
    def __init__(self, out_channel, kernel_size, pad_mode="valid", pad=0, pad_list=None, mode=1, stride=1,
                 dilation=1, group=1, data_format="NCHW"):
        validator.check_positive_int(out_channel, "out_channel", self.name)
        _kernel_ints(self.name, "kernel_size", kernel_size, 2)
        validator.check_value_type("pad", pad, (int, tuple), self.name)
        validator.check_value_type("pad_mode", pad_mode, [str], self.name)
        validator.check_string(data_format, ["NCHW", "NHWC"], "format", self.name)
        if data_format == "NHWC":  # as MindSpore 2.10 on CPU (its GPU kernel has NHWC)
            raise ValueError("For 'Conv2DBackpropInput', the 'NHWC' format is only supported in GPU target")

    def __call__(self, dout, weight, input_size):
        # MindSpore reads input_size first: a Tensor must be 1-D, anything but a tuple/list is a TypeError.
        if isinstance(input_size, Tensor):
            _check_ndim("Conv2DBackpropInput", "input_size", input_size, 1)
        elif not isinstance(input_size, (tuple, list)):
            raise TypeError(f"For 'Conv2DBackpropInput', the 'input_size' must be a Tensor, tuple or list, but got "
                            f"{type(input_size).__name__}")
        size = tuple(_ints(input_size))
        stride, dilation = _pair(self.stride), _pair(self.dilation)
        pads = self._pads(size, dout._t.shape, weight._t.shape, stride, dilation)
        return nn_func._conv2d_backprop_input(dout, weight, size, pads=pads, stride=stride, dilation=dilation,
                                              group=self.group)

    def _pads(self, x_shape, dout_shape, w_shape, stride, dilation):
        """``F.pad`` widths (left, right, top, bottom) of the forward convolution: 'same' pads what makes the
        output ``dout``'s size (the extra one at the end), 'pad' takes ``pad`` (one int, or top/bottom/left/right)."""
        mode = str(self.pad_mode).lower()
        if mode == "same":
            pairs = []
            for i in range(2):
                total = max((dout_shape[2 + i] - 1) * stride[i] + (w_shape[2 + i] - 1) * dilation[i] + 1
                            - x_shape[2 + i], 0)
                pairs.append((total // 2, total - total // 2))
        elif mode == "pad":
            p = (self.pad,) * 4 if isinstance(self.pad, int) else tuple(self.pad)
            pairs = [(p[0], p[1]), (p[2], p[3])]
        else:
            pairs = [(0, 0), (0, 0)]
        return (*pairs[1], *pairs[0])


class Conv3DTranspose(Primitive):
    """3-D transposed convolution of ``dout`` with ``weight`` (in_channel, out_channel/group, kd, kh, kw)."""

    @prim_attr_register
    def __init__(self, in_channel, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0, stride=1, dilation=1,
                 group=1, output_padding=0, data_format="NCDHW"):
        pass

    def __call__(self, dout, weight):
        # The padding is ``pad`` whatever ``pad_mode`` says (one int, or the six before/after widths).
        return nn_func.conv3d_transpose(dout, weight, "pad", self.pad, _pair(self.stride, 3), _pair(self.dilation, 3),
                                        self.group, _pair(self.output_padding, 3))


class DepthwiseConv2dNative(Primitive):
    """Depthwise 2-D convolution: each input channel convolved with ``channel_multiplier`` filters."""

    @prim_attr_register
    def __init__(self, channel_multiplier, kernel_size, mode=3, pad_mode="valid", pad=0, stride=1, dilation=1,
                 group=1):
        pass

    def __call__(self, input_x, w):
        return nn_func.depthwise_conv2d_native(input_x, w, pad_mode=self.pad_mode, pad=self.pad, stride=self.stride,
                                              dilation=self.dilation)


class MaxUnpool2D(Primitive):
    """Scatter pooled values back to the positions given by ``argmax``."""

    @prim_attr_register
    def __init__(self, ksize, strides=0, pads=0, output_shape=(), data_format="NCHW"):
        _check_unpool_attrs(self, 2, ["NCHW", "NHWC"])

    def __call__(self, x, argmax):
        _check_dtypes("MaxUnpool2D", x=x, argmax=argmax)
        _check_ndim("MaxUnpool2D", "x", x, 4)
        return _max_unpool(self, x, argmax, 2)


def _max_unpool(prim, x, argmax, n):
    """Each value of ``x`` at the flat spatial position ``argmax`` holds for it (per sample and channel) in a
    zero tensor of ``output_shape`` (else ``(in - 1) * stride - 2 * pad + ksize`` per axis); any dtype."""
    channels_last = prim.data_format in ("NHWC", "NDHWC")
    t, idx = x._t, argmax._t.long()
    if channels_last:
        t, idx = t.movedim(-1, 1), idx.movedim(-1, 1)
    k, pads = _pair(prim.ksize, n), _pair(prim.pads, n)
    strides = _pair(prim.strides or prim.ksize, n)
    if prim.output_shape:
        shape = tuple(prim.output_shape)
        size = shape[1:1 + n] if channels_last else shape[-n:]
    else:
        size = tuple((t.shape[2 + i] - 1) * strides[i] - 2 * pads[i] + k[i] for i in range(n))
    out = t.new_zeros((*t.shape[:2], math.prod(size))).scatter(2, idx.flatten(2), t.flatten(2))
    out = out.reshape(*t.shape[:2], *size)
    return _wrap(out.movedim(1, -1) if channels_last else out)


class MaxUnpool3D(Primitive):
    """Scatter 3-D pooled values back to the positions given by ``argmax``."""

    @prim_attr_register
    def __init__(self, ksize, strides=0, pads=0, output_shape=(), data_format="NCDHW"):
        _check_unpool_attrs(self, 3, ["NCDHW", "NDHWC"])

    def __call__(self, x, argmax):
        _check_dtypes("MaxUnpool3D", x=x, argmax=argmax)
        _check_ndim("MaxUnpool3D", "x", x, 5)
        return _max_unpool(self, x, argmax, 3)


class NuclearNorm(Primitive):
    """Sum of singular values over the matrix dimensions ``dim``."""

    @prim_attr_register
    def __init__(self, dim=None, keepdim=False):
        validator.check_value_type("dim", dim, [list, tuple, type(None)], self.name)
        if dim is not None:
            validator.check_int(len(dim), 2, validator.EQ, "length of dim_size", self.name)
            for i, d in enumerate(dim):
                validator.check_is_int(d, f"dim[{i}]", self.name)
        validator.check_value_type("keepdim", keepdim, [bool], self.name)

    def __call__(self, input):
        return nn_func.nuclear_norm(input, dim=self.dim, keepdim=self.keepdim)


class DropoutGenMask(Primitive):
    """A random keep-mask of ``shape`` (kept with probability ``keep_prob``), as a UInt8 tensor."""

    @prim_attr_register
    def __init__(self, Seed0=0, Seed1=0):
        pass

    def __call__(self, shape, keep_prob):
        return random_func.dropout_gen_mask(shape, keep_prob)


class DropoutDoMask(Primitive):
    """Apply a keep-mask from ``DropoutGenMask``: ``x * mask / keep_prob``."""

    def __init__(self):
        super().__init__("DropoutDoMask")

    def __call__(self, input_x, mask, keep_prob):
        t = input_x._t
        m = mask._t.reshape(-1)[:t.numel()].reshape(t.shape).to(t.dtype)
        return _wrap(t * m / float(_u(keep_prob)))


class RmsNorm(Primitive):
    """Root-mean-square normalisation over the last axis times ``gamma``: ``(y, rstd)``."""

    @prim_attr_register
    def __init__(self, epsilon=1e-6):
        pass

    def __call__(self, x, gamma):
        if gamma._t.dim() > x._t.dim():
            raise ValueError(f"For 'RmsNorm', the rank of 'gamma' must not be larger than the rank of 'x', but got "
                             f"shapes {tuple(gamma._t.shape)} and {tuple(x._t.shape)}")
        return nn_func._rms_norm_last_axis(x, gamma, self.epsilon)


class LogSoftmaxExt(Primitive):
    """Log-softmax over ``dim`` with an optional output ``dtype``."""

    def __init__(self):
        super().__init__("LogSoftmaxExt")

    def __call__(self, input, dim=None, dtype=None):
        return nn_func.log_softmax_ext(input, dim, dtype)


class DataFormatDimMap(Primitive):
    """Map axis indices of ``src_format`` to the positions of the same axes in ``dst_format``."""

    @prim_attr_register
    def __init__(self, src_format="NHWC", dst_format="NCHW"):
        validator.check_string(src_format, ["NHWC", "NCHW"], "src_format", self.name)
        validator.check_string(dst_format, ["NHWC", "NCHW"], "dst_format", self.name)

    def __call__(self, input_x):
        return nn_func.data_format_dim_map(input_x, dst_format=self.dst_format, src_format=self.src_format)


class MaxPool3DWithArgmax(Primitive):
    """3-D max pooling returning ``(values, argmax)``."""

    @prim_attr_register
    def __init__(self, ksize, strides, pads, dilation=(1, 1, 1), ceil_mode=False, data_format="NCDHW",
                 argmax_type=mstype.int64):
        pass

    def __call__(self, x):
        return nn_func.max_pool3d_with_argmax(x, ceil_mode=self.ceil_mode, ksize=self.ksize, strides=self.strides,
                                              pads=self.pads, dilation=self.dilation, argmax_type=self.argmax_type)


class CTCGreedyDecoder(Primitive):
    """Greedy CTC decoding of time-major logits (T, N, C), the last class being the blank.

    Returns ``(decoded_indices, decoded_values, decoded_shape, log_probability)`` (sparse form).
    """

    @prim_attr_register
    def __init__(self, merge_repeated=True):
        validator.check_value_type("merge_repeated", merge_repeated, [bool], self.name)

    def __call__(self, inputs, sequence_length):
        _check_dtypes("CTCGreedyDecoder", inputs=inputs, sequence_length=sequence_length)
        _check_ndim("CTCGreedyDecoder", "inputs", inputs, 3)
        _check_ndim("CTCGreedyDecoder", "sequence_length", sequence_length, 1)
        if sequence_length._t.shape[0] != inputs._t.shape[1]:
            raise ValueError(f"For 'CTCGreedyDecoder', the 'sequence_length' must have one entry per batch of 'inputs' "
                             f"{tuple(inputs._t.shape)}, but got {sequence_length._t.shape[0]}")
        return functional("CTCGreedyDecoder", "ctc_greedy_decoder", inputs, sequence_length, self.merge_repeated)


class DataFormatVecPermute(Primitive):
    """Permute a vector (4,) or a matrix (4, 2) of per-dimension values from ``src_format`` to ``dst_format``.

    Args:
        src_format (str): ``"NHWC"`` (default) or ``"NCHW"``.
        dst_format (str): ``"NCHW"`` (default) or ``"NHWC"``.
    """

    @prim_attr_register
    def __init__(self, src_format="NHWC", dst_format="NCHW"):
        for name, value in (("src_format", src_format), ("dst_format", dst_format)):
            if value not in ("NHWC", "NCHW"):
                raise ValueError(f"For 'DataFormatVecPermute', the '{name}' must be 'NHWC' or 'NCHW', but got "
                                 f"{value!r}")

    def __call__(self, x):
        return nn_func.data_format_vec_permute(x, dst_format=self.dst_format, src_format=self.src_format)


class CTCLossV2(Primitive):
    """The CTC loss and its forward variables.

    Args:
        blank (int): the blank class. Default: 0.
        reduction (str): only ``"none"`` (MindSpore 2.10 accepts nothing else).
        zero_infinity (bool): report infinite losses (impossible alignments) as 0. Default: False.

    Inputs:
        - **log_probs** (Tensor) - (T, N, C) log-probabilities.
        - **targets** (Tensor) - (N, S) int class indices.
        - **input_lengths**, **target_lengths** (Tensor) - (N,) int.

    Outputs:
        ``(neg_log_likelihood, log_alpha)``: (N,) losses and the (N, T, 2 * S + 1) log forward variables over
        the blank-extended targets (``-inf`` where a state or step is outside a sample's lengths).
    """

    @prim_attr_register
    def __init__(self, blank=0, reduction="none", zero_infinity=False):
        if reduction != "none":
            raise ValueError(f"For 'CTCLossV2', the 'reduction' must be str and must be in '['none']', but got "
                             f"'{reduction}'.")

    def __call__(self, log_probs, targets, input_lengths, target_lengths):
        return nn_func.ctc_loss_v2(log_probs, targets, input_lengths, target_lengths,
                                  zero_infinity=self.zero_infinity, blank=self.blank)


class ComputeAccidentalHits(Primitive):
    """The accidental hits of sampled classes: every ``(i, j)`` where a target class of row ``i`` of
    ``true_classes`` equals ``sampled_candidates[j]`` (once per matching target).

    Args:
        num_true (int): the number of target classes per row. Default: 1.

    Inputs:
        - **true_classes** (Tensor) - (batch, num_true) int64.
        - **sampled_candidates** (Tensor) - (num_sampled,) int64.

    Outputs:
        ``(indices, ids, weights)``: the rows (int32), the sampled positions (int64) and the weights, the
        lowest float32, of the hits in row order.

    Differences from MindSpore: MindSpore 2.10 documents it but has no CPU kernel for it.
    """

    @prim_attr_register
    def __init__(self, num_true=1):
        pass

    def __call__(self, true_classes, sampled_candidates):
        return nn_func.compute_accidental_hits(true_classes, sampled_candidates)

__all__ += ["Conv2DBackpropInput", "Conv3DTranspose", "DepthwiseConv2dNative", "MaxUnpool2D", "MaxUnpool3D", "NuclearNorm", "DropoutGenMask", "DropoutDoMask", "RmsNorm", "LogSoftmaxExt", "DataFormatDimMap", "MaxPool3DWithArgmax", "CTCGreedyDecoder", "DataFormatVecPermute", "CTCLossV2", "ComputeAccidentalHits"]


# MindSpore 2.10's private attribute helpers of nn_ops (zoos' custom Primitives import them)
def _check_positive_int_or_tuple(arg_name, arg_value, prim_name, allow_four=False, ret_four=False,
                                 strict_positive=True):
    """A positive int or a tuple of 2 (or 4 with ``allow_four``) positive ints, as a 2-tuple (or NCHW 4-tuple
    with ``ret_four``); ValueError otherwise (0 allowed when not ``strict_positive``)."""
    def _raise_message():
        raise ValueError(f"For '{prim_name}' attr '{arg_name}' must be an positive int number or a tuple of two "
                         f"{'or four ' if allow_four else ''}positive int numbers, but got {arg_value}")

    validator.check_value_type(arg_name, arg_value, (int, tuple), prim_name)
    if isinstance(arg_value, int):
        ret = (1, 1, arg_value, arg_value) if ret_four else (arg_value, arg_value)
    elif len(arg_value) == 2:
        ret = (1, 1, arg_value[0], arg_value[1]) if ret_four else arg_value
    elif len(arg_value) == 4 and allow_four:
        ret = arg_value if ret_four else (arg_value[2], arg_value[3])
    else:
        _raise_message()
    for item in ret:
        if isinstance(item, int) and not isinstance(item, bool) and (item > 0 or (not strict_positive and item == 0)):
            continue
        _raise_message()
    return ret


def _check_shape(arg_name, arg_value, prim_name):
    """A list/tuple of positive ints, returned as is; ValueError otherwise."""
    validator.check_value_type(arg_name, arg_value, (list, tuple), prim_name)
    for item in arg_value:
        if not (isinstance(item, int) and item > 0):
            raise ValueError(f"For '{prim_name}' attr '{arg_name}' dims elements must be positive int numbers, "
                             f"but got {arg_value}")
    return arg_value


def _deconv_output_length(input_length, kernel_size, stride_size, dilation_size):
    """Output length of a transposed convolution along one axis (no padding)."""
    filter_size = kernel_size + (kernel_size - 1) * (dilation_size - 1)
    if filter_size - stride_size > 0:
        return input_length * stride_size + filter_size - stride_size
    return input_length * stride_size


def _update_attr_by_format(arg_value, arg_format):
    """A 4-element NHWC strides/dilation tuple moved to its H, W, C order padded with 1; else as is."""
    if len(arg_value) == 4 and arg_format == "NHWC":
        return arg_value[1:] + (1,)
    return arg_value

# MindSpore 2.10's ReLUV3 is ReLU under another kernel name.
ReLUV3 = _unary_class("ReLUV3", _relu, r"Rectified linear unit, :math:`\max(x, 0)`: ``ReLUV3()(x)``.")
__all__ += ["ReLUV3"]


class SparseApplyMomentum(Primitive):
    """Momentum on the rows ``indices``: ``(var, accum, lr, grad, indices, momentum)`` -> ``var``."""

    @prim_attr_register
    def __init__(self, use_locking=False, use_nesterov=False):
        pass

    def __call__(self, var, accum, lr, grad, indices, momentum):
        from ..function import optim_func
        # MindSpore 2.10's CPU kernel: plain momentum, use_nesterov or not
        return optim_func.sparse_apply_momentum(var, accum, lr, grad, indices, momentum)


class FusedSparseFtrl(Primitive):
    """FTRL-proximal on the rows ``indices`` (``SparseApplyFtrl``'s update): ``(var, accum, linear, grad,
    indices)`` -> ``(var, accum, linear)``."""

    @prim_attr_register
    def __init__(self, lr, l1, l2, lr_power, use_locking=False):
        pass

    def __call__(self, var, accum, linear, grad, indices):
        from ..function import optim_func
        return optim_func.sparse_apply_ftrl(var, accum, linear, grad, indices, lr_power=self.lr_power, lr=self.lr,
                                            l2=self.l2, l1=self.l1)


class SparseSoftmaxCrossEntropyWithLogitsV2(Primitive):
    """Softmax cross entropy against integer ``labels``: ``(features, labels)`` -> ``(loss, backprop)`` with
    ``loss[i] = -log softmax(features[i])[labels[i]]`` and ``backprop = softmax - one_hot(labels)``."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, features, labels):
        return nn_func.sparse_softmax_cross_entropy_v2(features, labels)


def _deprecated_batch_norm(name, message):
    def __init__(self, *args, **kwargs):
        raise TypeError(message)
    return type(name, (Primitive,), {"__init__": __init__, "__module__": __name__, "__qualname__": name,
                                     "__doc__": f"Deprecated in MindSpore 2.10: building it raises ``TypeError`` "
                                                f"({message})"})


FusedBatchNorm = _deprecated_batch_norm(
    "FusedBatchNorm", "The FusedBatchNorm interface is deprecated, please use the BatchNorm interface.")
FusedBatchNormEx = _deprecated_batch_norm(
    "FusedBatchNormEx", "FusedBatchnormEx interface is deprecated, please use BatchNorm interface.")

__all__ += ["SparseApplyMomentum", "FusedSparseFtrl", "SparseSoftmaxCrossEntropyWithLogitsV2", "FusedBatchNorm",
            "FusedBatchNormEx"]


class FusedSparseProximalAdagrad(Primitive):
    """Proximal Adagrad on the rows ``indices`` (``SparseApplyProximalAdagrad``'s update): ``(var, accum, lr,
    l1, l2, grad, indices)`` -> ``(var, accum)``."""

    @prim_attr_register
    def __init__(self, use_locking=False):
        pass

    def __call__(self, var, accum, lr, l1, l2, grad, indices):
        from ..function import optim_func
        return optim_func.sparse_apply_proximal_adagrad(var, accum, lr, l1, l2, grad, indices)


class SparseApplyProximalGradientDescent(Primitive):
    """Proximal gradient descent on the rows ``indices``: ``(var, alpha, l1, l2, grad, indices)`` -> ``var``."""

    @prim_attr_register
    def __init__(self, use_locking=False):
        pass

    def __call__(self, var, alpha, l1, l2, grad, indices):
        from ..function import optim_func
        return optim_func.sparse_apply_proximal_gradient_descent(var, alpha, l1, l2, grad, indices)


__all__ += ["FusedSparseProximalAdagrad", "SparseApplyProximalGradientDescent"]


class SparseApplyAdagradDA(Primitive):
    """Adagrad dual averaging on the rows ``indices``: ``(var, grad_accum, grad_square_accum, grad, indices, lr,
    l1, l2, global_step)`` -> ``var``."""

    @prim_attr_register
    def __init__(self, use_locking=False):
        pass

    def __call__(self, var, grad_accum, grad_square_accum, grad, indices, lr, l1, l2, global_step):
        from ..function import optim_func
        return optim_func.sparse_apply_adagrad_da(var, grad_accum, grad_square_accum, grad, indices, lr, l1, l2,
                                                  global_step)


class SparseApplyCenteredRMSProp(Primitive):
    """Centered RMSProp on the rows ``indices``: ``(var, mg, ms, mom, lr, rho, momentum, epsilon, grad,
    indices)`` -> ``var``."""

    @prim_attr_register
    def __init__(self, use_locking=False):
        pass

    def __call__(self, var, mg, ms, mom, lr, rho, momentum, epsilon, grad, indices):
        from ..function import optim_func
        return optim_func.sparse_apply_centered_rms_prop(var, mg, ms, mom, lr, rho, momentum, epsilon, grad, indices)


__all__ += ["SparseApplyAdagradDA", "SparseApplyCenteredRMSProp"]
