"""Gradient Primitives of ``mindspore.ops.operations._grad_ops``. A closed form composes the ops of
``ops.function``; the others are the vector-Jacobian product of our forward op (``_vjp``: PyTorch's autograd
through the one implementation of the forward op), so the derivative has no second copy. (The other names
of MindSpore's module resolve through the module tree.)"""
from ...common import dtype as mstype
from ...common.tensor import Tensor
from ..function import grad_func
from ..function import math_func as _math
from ..function import nn_func as _nn
from ..primitive import Primitive, prim_attr_register

__all__ = ["InvGrad", "SoftplusGrad", "TanhGrad"]


_vjp, _jvp, _zeros = grad_func.vjp, grad_func.jvp, grad_func.zeros


class TanhGrad(Primitive):
    """Gradient of Tanh from its output: ``dy * (1 - y * y)``.

    Inputs:
        - **y** (Tensor) - the output of Tanh.
        - **dy** (Tensor) - the gradient of the output, of ``y``'s shape and dtype.
    """

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, y, dy):
        return _math.mul(dy, _math.sub(1, _math.square(y)))


class SoftplusGrad(Primitive):
    """Gradient of Softplus: ``dy * sigmoid(x)``.

    Inputs:
        - **dy** (Tensor) - the gradient of the output.
        - **x** (Tensor) - the input of Softplus.
    """

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, dy, x):
        return _math.mul(dy, _nn.sigmoid(x))


class InvGrad(Primitive):
    """Gradient of Inv (``1 / x``) from its output: ``-dy * y * y``.

    Inputs:
        - **y** (Tensor) - the output of Inv.
        - **dy** (Tensor) - the gradient of the output.
    """

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, y, dy):
        return _math.neg(_math.mul(dy, _math.square(y)))


def _get_max_pool3d_grad_pads_by_pad_mode(input_shape, kernel_size, strides, pad_mode):
    """The six pads (front, back, top, bottom, left, right) of MaxPool3D's gradient: 'SAME' pads each spatial
    axis to cover a last window (the extra pad at the end), any other mode pads nothing."""
    def pad_of(size, ksize, stride):
        tail = size % stride
        pad = max((ksize - tail) if tail > 0 else (ksize - stride), 0)
        return pad // 2, pad // 2 + pad % 2

    if pad_mode != "SAME":
        return (0, 0, 0, 0, 0, 0)
    pads = ()
    for size, ksize, stride in zip(input_shape[2:], kernel_size[2:], strides[2:]):
        pads += pad_of(size, ksize, stride)
    return pads



def _nn_ops():
    from . import nn_ops
    return nn_ops


class MaxPoolGrad(Primitive):
    """Gradient of MaxPool: ``MaxPoolGrad(kernel_size, strides, pad_mode)(x, out, dout)`` routes ``dout`` to
    the maximum of each window of ``x``."""

    @prim_attr_register
    def __init__(self, kernel_size=1, strides=1, pad_mode="VALID", data_format="NCHW"):
        pass

    def _forward(self):
        return _nn_ops().MaxPool(self.kernel_size, self.strides, self.pad_mode.lower(), self.data_format)

    def __call__(self, x_origin, out_origin, grad):
        return _vjp(self._forward(), [x_origin], grad)


class MaxPoolGradGrad(MaxPoolGrad):
    """Gradient of MaxPoolGrad with respect to its output gradient: ``(x, out, grad)`` -> ``grad`` (of
    ``x``'s shape) taken at the maximum of each window, in MaxPool's output shape."""

    @prim_attr_register
    def __init__(self, kernel_size=1, strides=1, pad_mode="VALID"):
        self.data_format = "NCHW"

    def __call__(self, x_origin, out_origin, grad):
        return _jvp(self._forward(), x_origin, grad)


def _planes(t):
    """``t`` with its spatial axes flattened: ``(N, C, H*W...)``."""
    from ..function import array_func
    return array_func.reshape(t, tuple(t.shape[:2]) + (-1,))


def _scatter_to_argmax(x, grad, argmax):
    """``grad`` added into a zero Tensor of ``x``'s shape at ``argmax`` (flat indices within each (N, C)
    plane), as MindSpore's argmax gradients route it."""
    from ..function import array_func
    out = array_func.tensor_scatter_elements(_planes(_zeros(x.shape, x)), _planes(argmax),
                                             _planes(grad), 2, "add")
    return array_func.reshape(out, tuple(x.shape))


def _gather_at_argmax(grad, argmax):
    """``grad`` (of the pooled input's shape) taken at ``argmax`` (flat indices within each plane)."""
    from ..function import array_func
    return array_func.reshape(array_func.gather_elements(_planes(grad), 2, _planes(argmax)), tuple(argmax.shape))


class MaxPoolGradWithArgmax(MaxPoolGrad):
    """Gradient of MaxPoolWithArgmax: ``(x, grad, argmax)`` -> ``grad`` added at ``argmax`` (flat indices within
    each (N, C) plane of ``x``)."""

    def __call__(self, x, grad, argmax):
        return _scatter_to_argmax(x, grad, argmax)


class MaxPoolGradGradWithArgmax(MaxPoolGradGrad):
    """Gradient of MaxPoolGradWithArgmax with respect to its gradient: ``(x, grad, argmax)`` -> ``grad`` (of
    ``x``'s shape) taken at ``argmax``."""

    def __call__(self, x, grad, argmax):
        return _gather_at_argmax(grad, argmax)


class MaxPoolGradWithArgmaxV2(Primitive):
    """Gradient of MaxPoolWithArgmaxV2: ``(x, grad, argmax)`` -> ``grad`` added at ``argmax`` (flat indices
    within each (N, C) plane of ``x``)."""

    @prim_attr_register
    def __init__(self, kernel_size, strides=None, pads=0, dilation=(1, 1), ceil_mode=False, argmax_type=None):
        pass

    def __call__(self, x, grad, argmax):
        return _scatter_to_argmax(x, grad, argmax)


class MaxPool3DGrad(Primitive):
    """Gradient of MaxPool3D: ``(x, out, dout)`` -> ``dout`` routed to the maximum of each window of ``x``."""

    @prim_attr_register
    def __init__(self, kernel_size=(1, 1, 1, 1, 1), strides=(1, 1, 1, 1, 1), pad_mode="VALID", pad_list=0,
                 data_format="NCDHW"):
        pass

    def _forward(self):
        k, s = self.kernel_size, self.strides
        k = k[-3:] if isinstance(k, (tuple, list)) else k
        s = s[-3:] if isinstance(s, (tuple, list)) else s
        return _nn_ops().MaxPool3D(k, s, self.pad_mode, getattr(self, "pad_list", 0))

    def __call__(self, x_origin, out_origin, grad):
        return _vjp(self._forward(), [x_origin], grad)


class MaxPool3DGradGrad(MaxPool3DGrad):
    """Gradient of MaxPool3DGrad with respect to its output gradient: ``grad`` taken at each window's maximum."""

    @prim_attr_register
    def __init__(self, kernel_size=(1, 1, 1, 1, 1), strides=(1, 1, 1, 1, 1), pad_mode="VALID", data_format="NCDHW"):
        pass

    def __call__(self, x_origin, out_origin, grad):
        return _jvp(self._forward(), x_origin, grad)


class AvgPool3DGrad(Primitive):
    """Gradient of AvgPool3D: ``(origin_input_shape, grads)`` -> the input gradient."""

    @prim_attr_register
    def __init__(self, kernel_size=1, strides=1, pads=0, ceil_mode=False, count_include_pad=True,
                 divisor_override=0, data_format="NCDHW", pad_mode="pad"):
        pass

    def __call__(self, origin_input_shape, grads):
        mode = "valid" if self.pad_mode.lower() == "pad" and not any(_as_tuple(self.pads)) else self.pad_mode
        fwd = _nn_ops().AvgPool3D(self.kernel_size, self.strides, mode.lower(), self.pads, self.ceil_mode,
                                  self.count_include_pad, self.divisor_override)
        return _vjp(fwd, [_zeros(origin_input_shape, grads)], grads)


def _as_tuple(v):
    return tuple(v) if isinstance(v, (tuple, list)) else (v,)


class AdaptiveAvgPool2DGrad(Primitive):
    """Gradient of AdaptiveAvgPool2D: ``(input_grad, orig_input_shape)`` -> the input gradient."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, input_grad, orig_input_shape):
        fwd = _nn_ops().AdaptiveAvgPool2D(tuple(input_grad.shape[-2:]))
        return _vjp(fwd, [_zeros(orig_input_shape, input_grad)], input_grad)


class AdaptiveAvgPool3DGrad(Primitive):
    """Gradient of AdaptiveAvgPool3D: ``(y_grad, orig_input_shape)`` -> the input gradient."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, y_grad, orig_input_shape):
        fwd = _nn_ops().AdaptiveAvgPool3D(tuple(y_grad.shape[-3:]))
        return _vjp(fwd, [_zeros(orig_input_shape, y_grad)], y_grad)


class FlattenGrad(Primitive):
    """Gradient of Flatten: ``(dout, shape)`` -> ``dout`` reshaped to ``shape``."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, x, shape):
        from ..function import array_func
        return array_func.reshape(x, tuple(shape))


class KLDivLossGrad(Primitive):
    """Gradient of KLDivLoss with respect to the logits: ``(grads, x, target)``."""

    @prim_attr_register
    def __init__(self, reduction="mean"):
        pass

    def __call__(self, grads, x, target):
        return _vjp(_nn_ops().KLDivLoss(self.reduction), [x, target], grads)


class SigmoidCrossEntropyWithLogitsGrad(Primitive):
    """Gradient of SigmoidCrossEntropyWithLogits with respect to the logits: ``(x, y, dout)``."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, x, y, dout):
        return _vjp(_nn_ops().SigmoidCrossEntropyWithLogits(), [x, y], dout)


class L2NormalizeGrad(Primitive):
    """Gradient of L2Normalize: ``(x, out, dout)``."""

    @prim_attr_register
    def __init__(self, axis=0, epsilon=1e-4):
        pass

    def __call__(self, x, out, dout):
        return _vjp(_nn_ops().L2Normalize(self.axis, self.epsilon), [x], dout)


class LRNGrad(Primitive):
    """Gradient of LRN: ``(grads, x, y)``."""

    @prim_attr_register
    def __init__(self, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5):
        pass

    def __call__(self, grads, x, y):
        return _vjp(_nn_ops().LRN(self.depth_radius, self.bias, self.alpha, self.beta), [x], grads)


class PdistGrad(Primitive):
    """Gradient of Pdist: ``(y_grad, x, y)``."""

    @prim_attr_register
    def __init__(self, p=2.0):
        pass

    def __call__(self, y_grad, x, y):
        return _vjp(_nn_ops().Pdist(self.p), [x], y_grad)


class MirrorPadGrad(Primitive):
    """Gradient of MirrorPad: ``(dy, paddings)`` -> the gradient of the unpadded input."""

    @prim_attr_register
    def __init__(self, mode="REFLECT"):
        pass

    def __call__(self, dy, paddings):
        pads = paddings.asnumpy().tolist()
        shape = [d - a - b for d, (a, b) in zip(dy.shape, pads)]
        return _vjp(lambda x: _nn_ops().MirrorPad(self.mode)(x, paddings), [_zeros(shape, dy)], dy)


class PadV3Grad(Primitive):
    """Gradient of PadV3 ('reflect', 'edge', 'circular'): ``(x, paddings)`` -> the gradient of the unpadded
    input."""

    @prim_attr_register
    def __init__(self, mode="reflect", paddings_contiguous=True):
        pass

    def __call__(self, x, paddings):
        pads = [int(v) for v in paddings.asnumpy().tolist()]
        n = len(pads) // 2
        if not self.paddings_contiguous:
            pads = [v for pair in zip(pads[:n], pads[n:]) for v in pair]
        shape = list(x.shape)
        for i in range(n):  # pads run from the last axis backwards
            shape[-1 - i] -= pads[2 * i] + pads[2 * i + 1]
        fwd = _nn_ops().PadV3(self.mode, True)
        return _vjp(lambda t: fwd(t, paddings if self.paddings_contiguous else Tensor(pads, mstype.int64)),
                    [_zeros(shape, x)], x)


class MvlgammaGrad(Primitive):
    """Gradient of Mvlgamma: ``(y_grad, x)``."""

    @prim_attr_register
    def __init__(self, p):
        pass

    def __call__(self, y_grad, x):
        return _vjp(lambda t: _math.mvlgamma(t, self.p), [x], y_grad)


class DropoutGrad(Primitive):
    """Gradient of Dropout: ``(dy, mask)`` -> ``dy * mask / keep_prob``."""

    @prim_attr_register
    def __init__(self, keep_prob=0.5):
        pass

    def __call__(self, dy, mask):
        return _math.mul(_math.mul(dy, mask), 1.0 / self.keep_prob)


class TraceGrad(Primitive):
    """Gradient of Trace: ``(y_grad, x_shape)`` -> ``y_grad`` on the diagonal of a zero matrix."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, y_grad, x_shape):
        from ..function import reduce_func
        return _vjp(reduce_func.trace, [_zeros(x_shape, y_grad)], y_grad)


class SliceGrad(Primitive):
    """Gradient of Slice: ``(dy, x, begin, size)`` -> ``dy`` placed at the slice of a zero ``x``."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, dy, x, begin, size):
        from .array_ops import Slice
        return _vjp(lambda t: Slice()(t, begin, size), [_zeros(x.shape, dy)], dy)


class StridedSliceGrad(Primitive):
    """Gradient of StridedSlice: ``(dy, shapex, begin, end, strides)``."""

    @prim_attr_register
    def __init__(self, begin_mask=0, end_mask=0, ellipsis_mask=0, new_axis_mask=0, shrink_axis_mask=0):
        pass

    def __call__(self, dy, shapex, begin, end, strides):
        from .array_ops import StridedSlice
        fwd = StridedSlice(self.begin_mask, self.end_mask, self.ellipsis_mask, self.new_axis_mask,
                           self.shrink_axis_mask)
        return _vjp(lambda t: fwd(t, begin, end, strides), [_zeros(shapex, dy)], dy)


class AffineGridGrad(Primitive):
    """Gradient of AffineGrid with respect to ``theta``: ``(y_grad, x_size)``."""

    @prim_attr_register
    def __init__(self, align_corners=False):
        pass

    def __call__(self, y_grad, x_size):
        n, spatial = x_size[0], len(x_size) - 2
        theta = _zeros((n, spatial, spatial + 1), y_grad)
        return _vjp(lambda t: _nn_ops().AffineGrid(self.align_corners)(t, tuple(x_size)), [theta], y_grad)


class MultiMarginLossGrad(Primitive):
    """Gradient of MultiMarginLoss with respect to the input: ``(y_grad, x, target, weight=None)``."""

    @prim_attr_register
    def __init__(self, p=1, margin=1.0, reduction="mean"):
        pass

    def __call__(self, y_grad, x, target, weight=None):
        fwd = _nn_ops().MultiMarginLoss(self.p, self.margin, self.reduction)
        return _vjp(lambda t: fwd(t, target, weight), [x], y_grad)


class Conv2DBackpropFilter(Primitive):
    """Gradient of Conv2D with respect to the weight: ``(dout, x, filter_size)``."""

    @prim_attr_register
    def __init__(self, out_channel, kernel_size, pad_mode="valid", pad=0, pad_list=(0, 0, 0, 0), mode=1,
                 stride=(1, 1), dilation=(1, 1, 1, 1), group=1, data_format="NCHW"):
        pass

    def __call__(self, out_backprop, input, filter_sizes):
        pad = self.pad if self.pad_mode.lower() == "pad" else 0
        fwd = _nn_ops().Conv2D(self.out_channel, self.kernel_size, self.mode, self.pad_mode.lower(), pad,
                               self.stride, self.dilation, self.group)
        return _vjp(lambda w: fwd(input, w), [_zeros(filter_sizes, out_backprop)], out_backprop)


class MinimumGradGrad(Primitive):
    """Second-order gradient of Minimum: ``(x1, x2, grad_y1, grad_y2)`` -> ``(zeros, zeros, sopd_grads)``
    where ``sopd_grads`` takes ``grad_y1`` where ``x1 <= x2`` and ``grad_y2`` elsewhere."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, x1, x2, grad_y1, grad_y2):
        from ..function import array_func
        sopd = array_func.select(_math.le(x1, x2), grad_y1, grad_y2)
        from ..function import creation_func
        return creation_func.zeros_like(x1), creation_func.zeros_like(x2), sopd


__all__ += ["MaxPoolGrad", "MaxPoolGradGrad", "MaxPoolGradWithArgmax", "MaxPoolGradGradWithArgmax",
            "MaxPoolGradWithArgmaxV2", "MaxPool3DGrad", "MaxPool3DGradGrad", "AvgPool3DGrad",
            "AdaptiveAvgPool2DGrad", "AdaptiveAvgPool3DGrad", "FlattenGrad", "KLDivLossGrad",
            "SigmoidCrossEntropyWithLogitsGrad", "L2NormalizeGrad", "LRNGrad", "PdistGrad", "MirrorPadGrad",
            "PadV3Grad", "MvlgammaGrad", "DropoutGrad", "TraceGrad", "SliceGrad", "StridedSliceGrad",
            "AffineGridGrad", "MultiMarginLossGrad", "Conv2DBackpropFilter", "MinimumGradGrad"]


class MaxPool3DGradWithArgmax(Primitive):
    """Gradient of MaxPool3DWithArgmax: ``(x, grads, argmax)`` -> ``grads`` added at ``argmax`` (flat indices
    within each (N, C) volume of ``x``)."""

    @prim_attr_register
    def __init__(self, ksize, strides, pads, dilation=(1, 1, 1), ceil_mode=False, data_format="NCDHW"):
        pass

    def __call__(self, x, grads, argmax):
        return _scatter_to_argmax(x, grads, argmax)


class _SparseSegmentGrad(Primitive):
    """Gradient of a sparse segment reduction: ``(x, indices, segment_ids, output_dim0)`` -> the gradient of
    the ``output_dim0`` data rows for the output gradient ``x``."""

    _MODE = "mean"

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, x, indices, segment_ids, output_dim0):
        from ..function import sparse_func
        n = int(output_dim0.asnumpy().reshape(-1)[0]) if isinstance(output_dim0, Tensor) else int(output_dim0)
        num = Tensor(x.shape[0], mstype.int64)
        data = _zeros((n,) + tuple(x.shape[1:]), x)
        return _vjp(lambda d: sparse_func.sparse_segment_reduce(d, indices, segment_ids, num, self._MODE),
                    [data], x)


SparseSegmentMeanGrad = type("SparseSegmentMeanGrad", (_SparseSegmentGrad,),
                             {"__doc__": "Gradient of SparseSegmentMean: ``(x, indices, segment_ids, output_dim0)``.",
                              "_MODE": "mean"})
SparseSegmentSqrtNGrad = type("SparseSegmentSqrtNGrad", (_SparseSegmentGrad,),
                              {"__doc__": "Gradient of SparseSegmentSqrtN: ``(x, indices, segment_ids, output_dim0)``.",
                               "_MODE": "sqrtn"})

__all__ += ["MaxPool3DGradWithArgmax", "SparseSegmentMeanGrad", "SparseSegmentSqrtNGrad"]


class SparseFillEmptyRowsGrad(Primitive):
    """Gradient of SparseFillEmptyRows: ``(reverse_index_map, grad_values)`` -> ``(d_values,
    d_default_value)``."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, reverse_index_map, grad_values):
        from ..function import sparse_coo_func
        return sparse_coo_func.fill_empty_rows_grad(reverse_index_map, grad_values)


__all__ += ["SparseFillEmptyRowsGrad"]


class AdaptiveMaxPool3DGrad(Primitive):
    """Gradient of AdaptiveMaxPool3D: ``(input_grad, x, argmax)`` -> ``input_grad`` added at ``argmax`` (flat
    indices within each (N, C) volume of ``x``)."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, input_grad, x, argmax):
        return _scatter_to_argmax(x, input_grad, argmax)


class LuUnpackGrad(Primitive):
    """Gradient of LuUnpack with respect to the packed LU data: ``(L_grad, U_grad, LU_data)`` ->
    ``(L_data_grad, U_data_grad)``: the strictly lower part of ``L_grad`` and the upper part of ``U_grad``
    (zeros where a flag is off)."""

    @prim_attr_register
    def __init__(self, L_grad_flag, U_grad_flag):
        pass

    def __call__(self, L_grad, U_grad, LU_data):
        return grad_func.lu_unpack_grad(L_grad, U_grad, LU_data, self.L_grad_flag, self.U_grad_flag)


__all__ += ["AdaptiveMaxPool3DGrad", "LuUnpackGrad"]


def _image_ops():
    from . import image_ops
    return image_ops


class ROIAlignGrad(Primitive):
    """Gradient of ROIAlign with respect to the features: ``(dy, rois, xdiff_shape)``."""

    @prim_attr_register
    def __init__(self, pooled_height, pooled_width, spatial_scale, sample_num=2):
        pass

    def __call__(self, dy, rois, xdiff_shape):
        fwd = _image_ops().ROIAlign(self.pooled_height, self.pooled_width, float(self.spatial_scale),
                                    self.sample_num)
        return _vjp(lambda x: fwd(x, rois), [_zeros(xdiff_shape, dy)], dy)


class ScaleAndTranslateGrad(Primitive):
    """Gradient of ScaleAndTranslate with respect to the images: ``(grads, original_image, scale,
    translation)``."""

    @prim_attr_register
    def __init__(self, kernel_type="lanczos3", antialias=True):
        pass

    def __call__(self, grads, original_image, scale, translation):
        fwd = _image_ops().ScaleAndTranslate(self.kernel_type, self.antialias)
        size = Tensor(list(grads.shape[1:3]), mstype.int32)
        return _vjp(lambda x: fwd(x, size, scale, translation), [original_image], grads)


__all__ += ["ROIAlignGrad", "ScaleAndTranslateGrad"]


class ConcatOffset(Primitive):
    """The offset of each input of a Concat along ``axis``: ``ConcatOffset(N, axis)(x)`` -> an (N, rank) Int64
    Tensor, zero but for the running offset along ``axis``."""

    @prim_attr_register
    def __init__(self, N=2, axis=0):
        pass

    def __call__(self, x):
        return grad_func.concat_offset(x, self.axis)


class Conv3DBackpropFilter(Primitive):
    """Gradient of Conv3D with respect to the weight: ``(x, dout, w_size)``."""

    @prim_attr_register
    def __init__(self, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0, stride=(1, 1, 1, 1, 1),
                 dilation=(1, 1, 1, 1, 1), group=1, data_format="NCDHW"):
        pass

    def __call__(self, x, dout, w_size):
        stride = self.stride[-3:] if isinstance(self.stride, (tuple, list)) else self.stride
        dilation = self.dilation[-3:] if isinstance(self.dilation, (tuple, list)) else self.dilation
        fwd = _nn_ops().Conv3D(self.out_channel, self.kernel_size, self.mode, self.pad_mode.lower(), self.pad,
                               stride, dilation, self.group)
        return _vjp(lambda w: fwd(x, w), [_zeros(w_size, dout)], dout)


class SparseSliceGrad(Primitive):
    """Gradient of SparseSlice: ``(backprop_val_grad, indices, start, new_indices)`` -> the gradient of each
    input value: its entry of ``backprop_val_grad`` where ``index - start`` is among ``new_indices``, else 0."""

    @prim_attr_register
    def __init__(self):
        pass

    def __call__(self, backprop_val_grad, indices, start, new_indices):
        return grad_func.sparse_slice_grad(backprop_val_grad, indices, start, new_indices)


__all__ += ["ConcatOffset", "Conv3DBackpropFilter", "SparseSliceGrad"]
