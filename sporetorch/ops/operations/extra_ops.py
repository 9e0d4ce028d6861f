"""Less common Primitive classes: transposed/depthwise convolutions, block rearrangements,
linear-algebra extras, random samplers, control-flow helpers, box utilities."""
import math

import torch
import torch.nn.functional as F

from ... import _checkparam as validator
from ..._device import default_device
from ...common import dtype as mstype
from ...common.tensor import Tensor, _wrap
from ...common.tensor import _u
from ..function import array_func, debug_func, image_func
from ..function._utils import F16_F32, FLOATS, FLOATS_BF16, _same_dtype, _tensor_arg
from ..primitive import Primitive, prim_attr_register
from ._errors import float_input, functional, tensor_of
from .array_ops import I32_64, INTS, NUMBERS, REALS
from .comm_ops import AlltoAll, Reduce
from .nn_ops import _conv_padding, _pair
from .random_ops import _Random, _shape

# AlltoAll and Reduce stay listed: they were defined here before the collectives moved to comm_ops.
__all__ = ["STFT", "AccumulateNV2", "AlltoAll", "ApplyAdamWithAmsgrad", "ApplyAdamWithAmsgradV2",
           "ApplyProximalAdagrad", "Assert", "BatchToSpace", "BatchToSpaceND", "BatchToSpaceNDV2", "BoundingBoxDecode",
           "BoundingBoxEncode", "CTCGreedyDecoder", "Cauchy", "CheckNumerics", "CheckValid", "CompareAndBitpack",
           "ConfusionMatrix", "Conv2DBackpropInput", "Conv3DTranspose", "Custom", "DataFormatDimMap",
           "DepthwiseConv2dNative", "DropoutDoMask", "DropoutGenMask", "Eig", "EqualCount", "ExtractImagePatches",
           "ExtractVolumePatches", "FFTWithSize", "FloatStatus", "ForiLoop", "HSVToRGB", "HistogramFixedWidth",
           "InsertGradientOf", "LARSUpdate", "LerpScalar", "ListDiff", "LogNormalReverse", "LogSoftmaxExt", "LogSpace",
           "Lstsq", "LuUnpack", "MatrixDiagPartV3", "MatrixDiagV3", "MatrixLogarithm", "MatrixSetDiagV3",
           "MatrixSolveLs", "MaxPool3DWithArgmax", "MaxUnpool2D", "MaxUnpool3D", "MoveTo", "MultinomialWithReplacement",
           "NMSWithMask", "NonDeterministicInts", "NonMaxSuppressionV3", "NuclearNorm", "Ormqr", "Quantile", "RGBToHSV",
           "RandomChoiceWithMask", "RandomGamma", "RandomPoisson", "RandpermV2", "Reduce", "ResizeArea", "RmsNorm",
           "ScalarToArray", "Scan", "SpaceToBatch", "SpaceToBatchND", "SparseApplyAdagrad", "SparseApplyAdagradV2",
           "SparseApplyFtrl", "SparseApplyProximalAdagrad", "SparseApplyRMSProp", "SparseTensorDenseAdd",
           "SparseTensorDenseMatmul", "SparseToDense", "TensorDump", "TridiagonalMatMul", "UniqueWithPad", "WhileLoop"]


# Dtype families of MindSpore 2.10's infer checks for these Primitives (array_ops' families, and these).
_COMPLEX = (torch.complex64, torch.complex128)
_SIGNED = (torch.int8, torch.int16, torch.int32, torch.int64)
_NUMBER = NUMBERS + (torch.bfloat16,)
_SMALL_REAL = FLOATS + _SIGNED + (torch.uint8, torch.uint16)
_LINALG = (torch.float32, torch.float64) + _COMPLEX

# The input dtypes each Primitive's infer accepts, checked in this order (MindSpore checks the dtypes
# before the shapes): a tuple of dtypes, or the name of an earlier input whose dtype it must share.
# A listed input must be a Tensor (a Python number is a TypeError, as in MindSpore).
_DTYPES = {
    "BatchToSpace": {"input_x": REALS + _COMPLEX},
    "SpaceToBatch": {"input_x": REALS + (torch.complex64,)},
    "SpaceToBatchND": {"input_x": REALS},
    "BatchToSpaceND": {"input_x": FLOATS_BF16 + INTS},
    "BatchToSpaceNDV2": {"input_x": FLOATS_BF16 + INTS},
    "CTCGreedyDecoder": {"inputs": (torch.float32, torch.float64), "sequence_length": (torch.int32,)},
    "CompareAndBitpack": {"x": (torch.bool,) + FLOATS + _SIGNED, "threshold": "x"},
    "ConfusionMatrix": {"labels": _NUMBER, "predictions": "labels", "weights": _NUMBER + (torch.bool,)},
    "DataFormatDimMap": {"input_x": I32_64},
    "EqualCount": {"x": _NUMBER + (torch.bool,), "y": "x"},
    "HSVToRGB": {"x": FLOATS},
    "RGBToHSV": {"images": FLOATS},
    "HistogramFixedWidth": {"x": FLOATS + (torch.int32,), "range": FLOATS + (torch.int32,)},
    "LerpScalar": {"input": _NUMBER, "end": "input"},
    "ListDiff": {"x": _SMALL_REAL, "y": "x"},
    "LogSpace": {"start": FLOATS, "end": "start"},
    "MatrixDiagPartV3": {"x": FLOATS_BF16 + INTS, "k": (torch.int32,), "padding_value": "x"},
    "MatrixSetDiagV3": {"x": FLOATS_BF16 + INTS, "diagonal": "x", "k": (torch.int32,)},
    "MatrixLogarithm": {"x": _COMPLEX},
    "MatrixSolveLs": {"matrix": _LINALG, "rhs": "matrix", "l2_regularizer": (torch.float64,)},
    "MaxUnpool2D": {"x": FLOATS_BF16 + INTS, "argmax": I32_64},
    "MaxUnpool3D": {"x": FLOATS_BF16 + INTS, "argmax": I32_64},
    "NMSWithMask": {"bboxes": F16_F32},
    "NuclearNorm": {"x": (torch.float32, torch.float64)},
    "Ormqr": {"x": _LINALG, "tau": "x", "other": "x"},
    "ResizeArea": {"images": _SMALL_REAL, "size": (torch.int32,)},
    "SparseTensorDenseAdd": {"x1_indices": I32_64},
    "SparseTensorDenseMatmul": {"indices": I32_64, "values": _NUMBER, "dense": "values"},
    "SparseToDense": {"indices": I32_64},
    "TridiagonalMatMul": {name: FLOATS + _COMPLEX for name in ("superdiag", "maindiag", "subdiag", "rhs")},
}


def _check_dtypes(prim, **inputs):
    """TypeError, as MindSpore 2.10's infer raises it, unless each input listed for ``prim`` in ``_DTYPES``
    is a Tensor of an accepted dtype (or of the dtype of the input it must match); inputs in call order."""
    table = _DTYPES[prim]
    for name, x in inputs.items():
        allowed = table.get(name)
        if allowed is None or x is None:  # None: an optional input left out
            continue
        if isinstance(allowed, str):
            _tensor_arg(prim, name, x)
            _same_dtype(prim, (allowed, name), inputs[allowed], x)
        else:
            tensor_of(prim, name, x, allowed)


def _check_rank(prim, name, x, rank, at_least=False, exc=ValueError):
    """``exc`` (MindSpore's ValueError unless told) unless Tensor ``x`` has rank ``rank`` (or more)."""
    n = x._t.dim()
    if n < rank if at_least else n != rank:
        want = f"at least {rank}" if at_least else str(rank)
        raise exc(f"For '{prim}', the rank of '{name}' must be {want}, but got {n} (shape {tuple(x._t.shape)})")


def _int_values(prim, name, v, rank):
    """The values of an integer argument given as a Tensor of rank ``rank`` (or as Python ints)."""
    if not isinstance(v, Tensor):
        return v
    if v._t.is_floating_point() or v._t.is_complex() or v._t.dtype == torch.bool:
        raise TypeError(f"For '{prim}', the '{name}' must be an integer Tensor, but got {v.dtype}")
    _check_rank(prim, name, v, rank)
    return v._t.tolist()


def _kernel_ints(prim, name, value, n, allow_zero=False):
    """MindSpore's check of a window attribute: a positive (or, with ``allow_zero``, non-negative) int, or a
    tuple of ``n`` (or ``n + 2``, batch and channel included) of them."""
    items = (value,) if isinstance(value, int) else value
    if not isinstance(items, (tuple, list)) or any(isinstance(v, bool) or not isinstance(v, int) for v in items):
        raise TypeError(f"For '{prim}', the '{name}' must be an int or a tuple of ints, but got {value!r}")
    if len(items) not in (1, n, n + 2) or any(v < 0 if allow_zero else v <= 0 for v in items):
        kind = "non-negative" if allow_zero else "positive"
        raise ValueError(f"For '{prim}' attr '{name}' must be an {kind} int number or a tuple of {n} {kind} int "
                         f"numbers, but got {value!r}")


def _check_unpool_attrs(prim, n, formats):
    _kernel_ints(prim.name, "ksize", prim.ksize, n)
    if prim.strides not in (0, (0,) * n):  # 0: the strides are ksize
        _kernel_ints(prim.name, "strides", prim.strides, n)
    _kernel_ints(prim.name, "pads", prim.pads, n, allow_zero=True)
    validator.check_string(prim.data_format, formats, "data_format", prim.name)
    validator.check_value_type("output_shape", prim.output_shape, [tuple], prim.name)


def _check_block_size(prim, block_size):
    validator.check_value_type("block_size", block_size, [int], prim)
    validator.check("block_size", block_size, "", 2, validator.GE, prim)


def _check_paddings(prim, name, paddings, m):
    """``paddings`` (or crops): ``m`` pairs of non-negative ints, as MindSpore 2.10 checks them when built."""
    validator.check_value_type(name, paddings, [list, tuple], prim)
    if len(paddings) != m or any(not isinstance(p, (list, tuple)) or len(p) != 2 for p in paddings):
        raise ValueError(f"For '{prim}', the '{name}' must be {m} pairs, but got {paddings!r}")
    for pair in paddings:
        for v in pair:
            validator.check_value_type(f"{name} element", v, [int], prim)
            validator.check_non_negative_int(v, f"{name} element", prim)


def _ints(v):
    if isinstance(v, Tensor):
        v = v._t.tolist()
    return tuple(v) if isinstance(v, (list, tuple)) else v


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
            _check_rank("Conv2DBackpropInput", "input_size", input_size, 1)
        elif not isinstance(input_size, (tuple, list)):
            raise TypeError(f"For 'Conv2DBackpropInput', the 'input_size' must be a Tensor, tuple or list, but got "
                            f"{type(input_size).__name__}")
        x = torch.zeros(_ints(input_size), dtype=dout._t.dtype, device=dout._t.device, requires_grad=True)
        stride, dilation = _pair(self.stride), _pair(self.dilation)
        pads = self._pads(x.shape, dout._t.shape, weight._t.shape, stride, dilation)
        with torch.enable_grad():
            y = F.conv2d(F.pad(x, pads), weight._t.detach(), None, stride, 0, dilation, self.group)
        # conv2d is linear in x, so its vector-Jacobian product with dout is the transposed convolution.
        (dx,) = torch.autograd.grad(y, x, dout._t, create_graph=dout._t.requires_grad)
        return _wrap(dx)

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
        pad = self.pad if isinstance(self.pad, int) else tuple(self.pad)[::2]
        return _wrap(F.conv_transpose3d(dout._t, weight._t, None, _pair(self.stride, 3), pad,
                                        _pair(self.output_padding, 3), self.group, _pair(self.dilation, 3)))


class DepthwiseConv2dNative(Primitive):
    """Depthwise 2-D convolution: each input channel convolved with ``channel_multiplier`` filters."""

    @prim_attr_register
    def __init__(self, channel_multiplier, kernel_size, mode=3, pad_mode="valid", pad=0, stride=1, dilation=1,
                 group=1):
        pass

    def __call__(self, input_x, w):
        t, wt = input_x._t, w._t
        c = t.shape[1]
        weight = wt.reshape(wt.shape[0], c, wt.shape[2], wt.shape[3]).transpose(0, 1).reshape(
            c * wt.shape[0], 1, wt.shape[2], wt.shape[3])
        padding = _conv_padding(self.pad_mode, self.pad, 2)
        return _wrap(F.conv2d(t, weight, None, _pair(self.stride), padding, _pair(self.dilation), c))


class ExtractImagePatches(Primitive):
    """Patches of ``ksizes`` with ``strides`` and ``rates`` (dilation), laid out in the channel axis."""

    @prim_attr_register
    def __init__(self, ksizes, strides, rates, padding="VALID"):
        pass

    def __call__(self, input_x):
        t = input_x._t
        k, s, r = _pair(self.ksizes), _pair(self.strides), _pair(self.rates)
        if self.padding.upper() == "SAME":
            eff = tuple(r[i] * (k[i] - 1) + 1 for i in range(2))
            pads = []
            for i in (1, 0):
                n = t.shape[2 + i]
                total = max((-(-n // s[i]) - 1) * s[i] + eff[i] - n, 0)
                pads += [total // 2, total - total // 2]
            t = F.pad(t, pads)
        n, c, h, w = t.shape
        cols = F.unfold(t, k, r, 0, s)
        oh = (h - (r[0] * (k[0] - 1) + 1)) // s[0] + 1
        ow = (w - (r[1] * (k[1] - 1) + 1)) // s[1] + 1
        # MindSpore orders the output channels as (kh, kw, c).
        out = cols.reshape(n, c, k[0] * k[1], oh, ow).transpose(1, 2).reshape(n, k[0] * k[1] * c, oh, ow)
        return _wrap(out)


class MaxUnpool2D(Primitive):
    """Scatter pooled values back to the positions given by ``argmax``."""

    @prim_attr_register
    def __init__(self, ksize, strides=0, pads=0, output_shape=(), data_format="NCHW"):
        _check_unpool_attrs(self, 2, ["NCHW", "NHWC"])

    def __call__(self, x, argmax):
        _check_dtypes("MaxUnpool2D", x=x, argmax=argmax)
        _check_rank("MaxUnpool2D", "x", x, 4)
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
        _check_rank("MaxUnpool3D", "x", x, 5)
        return _max_unpool(self, x, argmax, 3)


class SpaceToBatchND(Primitive):
    """Move ``block_shape`` blocks of the padded spatial dimensions into the batch dimension."""

    @prim_attr_register
    def __init__(self, block_shape, paddings):
        blocks = [block_shape] * 2 if isinstance(block_shape, int) else block_shape
        validator.check_value_type("block_shape", blocks, [list, tuple], self.name)
        for block in blocks:
            validator.check_value_type("block_shape element", block, [int], self.name)
            validator.check("block_shape element", block, "min value", 1, validator.GE, self.name)
        _check_paddings(self.name, "paddings", paddings, len(blocks))

    def __call__(self, input_x):
        _check_dtypes("SpaceToBatchND", input_x=input_x)
        _check_rank("SpaceToBatchND", "input_x", input_x, 2, at_least=True)
        shape = tuple(input_x._t.shape)
        blocks = list(self.block_shape) if isinstance(self.block_shape, (tuple, list)) else [self.block_shape] * 2
        # MindSpore 2.10's shape inference raises these two as RuntimeError.
        if len(shape) <= len(blocks):
            raise RuntimeError(f"For 'SpaceToBatchND', the rank of 'input_x' must be greater than the length of "
                               f"'block_shape' ({len(blocks)}), but got shape {shape}")
        for size, block, (lo, hi) in zip(shape[len(shape) - len(blocks):], blocks, self.paddings):
            if (size + lo + hi) % block:
                raise RuntimeError(f"For 'SpaceToBatchND', the padded spatial sizes of 'input_x' must be divisible by "
                                   f"'block_shape' {tuple(blocks)}, but got shape {shape} and paddings {self.paddings}")
        return image_func.space_to_batch_nd(input_x, self.block_shape, self.paddings)


class BatchToSpaceND(Primitive):
    """The inverse of ``SpaceToBatchND``: move batch blocks back into space, then crop."""

    @prim_attr_register
    def __init__(self, block_shape, crops):
        pass

    def __call__(self, input_x):
        _check_dtypes("BatchToSpaceND", input_x=input_x)
        return image_func.batch_to_space_nd(input_x, self.block_shape, self.crops)


class SpaceToBatch(Primitive):
    """``SpaceToBatchND`` with a square ``block_size``."""

    @prim_attr_register
    def __init__(self, block_size, paddings):
        _check_block_size(self.name, block_size)
        _check_paddings(self.name, "paddings", paddings, 2)

    def __call__(self, input_x):
        _check_dtypes("SpaceToBatch", input_x=input_x)
        _check_rank("SpaceToBatch", "input_x", input_x, 4)
        return image_func.space_to_batch_nd(input_x, self.block_size, self.paddings)


class BatchToSpace(Primitive):
    """``BatchToSpaceND`` with a square ``block_size``."""

    @prim_attr_register
    def __init__(self, block_size, crops):
        _check_block_size(self.name, block_size)
        _check_paddings(self.name, "crops", crops, 2)

    def __call__(self, input_x):
        _check_dtypes("BatchToSpace", input_x=input_x)
        _check_rank("BatchToSpace", "input_x", input_x, 4)
        return image_func.batch_to_space_nd(input_x, self.block_size, self.crops)


class LogSpace(Primitive):
    """``steps`` values ``base ** linspace(start, end)``."""

    @prim_attr_register
    def __init__(self, steps=10, base=10, dtype=mstype.float32):
        for name, value in (("steps", steps), ("base", base)):
            validator.check_value_type(name, value, [int], self.name)
            validator.check_non_negative_int(value, name, self.name)
        if dtype not in (mstype.float16, mstype.float32, mstype.float64):
            raise TypeError(f"For 'LogSpace', the 'dtype' should be one of [Float16, Float32, Float64], but got "
                            f"{dtype}")

    def __call__(self, start, end):
        _check_dtypes("LogSpace", start=start, end=end)
        _check_rank("LogSpace", "start", start, 0)
        _check_rank("LogSpace", "end", end, 0)
        s, e = float(_u(start)), float(_u(end))
        return _wrap(torch.logspace(s, e, self.steps, self.base, dtype=mstype.to_torch(self.dtype),
                                    device=default_device()))


class Lstsq(Primitive):
    """Least-squares (or, for a wide ``x``, minimum-norm) solution ``X`` of ``x @ X = a``, for a 2-D ``x`` and a
    1-D or 2-D ``a`` (a 1-D ``a`` is one column).

    Differences from PyTorch: MindSpore 2.10 accepts only ``fast=True`` and ``l2_regularizer=0.0`` (TypeError
    otherwise, when the Primitive is built); Float16 inputs are solved in Float32 and returned as Float16.
    """

    @prim_attr_register
    def __init__(self, fast=True, l2_regularizer=0.0):
        for name, value, only in (("fast", fast, True), ("l2_regularizer", l2_regularizer, 0.0)):
            if value != only:
                raise TypeError(f"For 'Lstsq', the '{name}' should be {only}, but got '{value}'")

    def __call__(self, x, a):
        return functional("Lstsq", "lstsq", x, a)


class MatrixSolveLs(Primitive):
    """Least-squares solution of ``matrix @ X = rhs`` (batched), regularised by ``l2_regularizer * |X|^2``."""

    @prim_attr_register
    def __init__(self, fast=True):
        validator.check_value_type("fast", fast, [bool], self.name)

    def __call__(self, matrix, rhs, l2_regularizer):
        _check_dtypes("MatrixSolveLs", matrix=matrix, rhs=rhs, l2_regularizer=l2_regularizer)
        m, b = matrix._t, rhs._t
        if m.dim() < 2 or b.dim() < 2 or m.shape[:-1] != b.shape[:-1]:
            raise ValueError(f"For 'MatrixSolveLs', the 'matrix' and 'rhs' must be at least 2-D with the same shape "
                             f"but the last axis, but got {tuple(m.shape)} and {tuple(b.shape)}")
        l2 = float(l2_regularizer._t)
        if l2 == 0.0:
            return _wrap(torch.linalg.lstsq(m, b).solution)
        gram = m.mH @ m + l2 * torch.eye(m.shape[-1], dtype=m.dtype, device=m.device)
        return _wrap(torch.linalg.solve(gram, m.mH @ b))


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
        _check_dtypes("NuclearNorm", x=input)
        _check_rank("NuclearNorm", "x", input, 2, at_least=True)
        n = input._t.dim()
        if self.dim is None:
            _check_rank("NuclearNorm", "x", input, 2)  # without dim, MindSpore takes only a matrix
        elif not all(-n <= d < n for d in self.dim) or len({d % n for d in self.dim}) != 2:
            raise ValueError(f"For 'NuclearNorm', the 'dim' must be two different axes in [{-n}, {n}), but got "
                             f"{self.dim}")
        dim = (-2, -1) if self.dim is None else tuple(self.dim)
        return _wrap(torch.linalg.matrix_norm(input._t, "nuc", dim, self.keepdim))


class Quantile(Primitive):
    """The ``q`` quantiles along ``dim`` (NaN-aware with ``ignore_nan``)."""

    @prim_attr_register
    def __init__(self, dim=None, keep_dims=False, ignore_nan=False):
        pass

    def __call__(self, input, q):
        return functional("Quantile", "nanquantile" if self.ignore_nan else "quantile", input, q, self.dim,
                          self.keep_dims)


class Eig(Primitive):
    """Eigenvalues (and with ``compute_v`` eigenvectors) of square matrices (complex)."""

    @prim_attr_register
    def __init__(self, compute_v=False):
        pass

    def __call__(self, x):
        if self.compute_v:
            w, v = torch.linalg.eig(x._t)
            return _wrap(w), _wrap(v)
        w = torch.linalg.eigvals(x._t)
        return _wrap(w), _wrap(torch.zeros((), dtype=w.dtype, device=w.device))  # MindSpore's placeholder


class LuUnpack(Primitive):
    """``(P, L, U)`` from a packed LU factorisation and its pivots."""

    @prim_attr_register
    def __init__(self, unpack_data=True, unpack_pivots=True):
        pass

    def __call__(self, LU_data, LU_pivots):
        return functional("LuUnpack", "lu_unpack", LU_data, LU_pivots, self.unpack_data, self.unpack_pivots)


class MultinomialWithReplacement(Primitive):
    """``numsamples`` category indices per row of the probabilities ``x`` (Int64)."""

    @prim_attr_register
    def __init__(self, numsamples, replacement=False):
        pass

    def __call__(self, x, seed, offset):
        g = torch.Generator(device=x._t.device)
        g.manual_seed(int(_u(seed)) * 1000003 + int(_u(offset)))
        return _wrap(torch.multinomial(x._t.float(), self.numsamples, self.replacement, generator=g))


class RandomGamma(_Random):
    """Gamma samples of ``shape`` for each concentration in ``alpha``."""

    @prim_attr_register
    def __init__(self, seed=0, seed2=0):
        self._init_generator(seed, seed2)

    def __call__(self, shape, alpha):
        a = alpha._t
        conc = a.expand(_shape(shape) + tuple(a.shape))
        return _wrap(torch.distributions.Gamma(conc, torch.ones_like(conc)).sample())


class RandomPoisson(_Random):
    """Poisson samples of ``shape`` for each rate in ``rate``."""

    @prim_attr_register
    def __init__(self, seed=0, seed2=0, dtype=mstype.int64):
        self._init_generator(seed, seed2)

    def __call__(self, shape, rate):
        r = rate._t
        rates = r.expand(_shape(shape) + tuple(r.shape)).float()
        out = torch.poisson(rates, generator=self._generator)
        return _wrap(out.to(mstype.to_torch(self.dtype)))


class NonDeterministicInts(Primitive):
    """Random integers of ``shape`` over the whole range of ``dtype``."""

    @prim_attr_register
    def __init__(self, dtype=mstype.int64):
        pass

    def __call__(self, shape):
        dt = mstype.to_torch(self.dtype)
        info = torch.iinfo(dt)
        return _wrap(torch.randint(info.min, info.max, _shape(shape), dtype=dt, device=default_device()))


class LogNormalReverse(Primitive):
    """Log-normal samples shaped like ``input`` with ``mean`` and ``std`` of the underlying normal."""

    @prim_attr_register
    def __init__(self, mean=1.0, std=2.0):
        pass

    def __call__(self, input):
        return _wrap(torch.empty_like(input._t).log_normal_(self.mean, self.std))


class RandpermV2(Primitive):
    """A random permutation of ``[0, n)`` from ``seed`` and ``offset``."""

    @prim_attr_register
    def __init__(self, seed=0, offset=0, dtype=mstype.int64):
        pass

    def __call__(self, n):
        g = torch.Generator(device=default_device())
        g.manual_seed(self.seed * 1000003 + self.offset)
        k = int(_u(n).item()) if isinstance(n, Tensor) else int(n)
        return _wrap(torch.randperm(k, generator=g, device=default_device()).to(mstype.to_torch(self.dtype)))


class RandomChoiceWithMask(_Random):
    """Up to ``count`` random positions of True values of a Bool tensor: ``(indices, mask)``."""

    @prim_attr_register
    def __init__(self, count=256, seed=0, seed2=0):
        self._init_generator(seed, seed2)

    def __call__(self, input_x):
        t = input_x._t
        idx = torch.nonzero(t)
        perm = torch.randperm(idx.shape[0], generator=self._generator, device=t.device)[:self.count]
        chosen = idx[perm].to(torch.int32)
        out = torch.zeros((self.count, t.dim()), dtype=torch.int32, device=t.device)
        mask = torch.zeros((self.count,), dtype=torch.bool, device=t.device)
        out[:chosen.shape[0]] = chosen
        mask[:chosen.shape[0]] = True
        return _wrap(out), _wrap(mask)


class Cauchy(Primitive):
    """Cauchy samples of ``size`` with ``median`` and scale ``sigma``."""

    @prim_attr_register
    def __init__(self, size, median=0.0, sigma=1.0):
        pass

    def __call__(self):
        return _wrap(torch.empty(tuple(self.size), device=default_device()).cauchy_(self.median, self.sigma))


class ScalarToArray(Primitive):
    """A 0-d Tensor from a Python number."""

    def __init__(self):
        super().__init__("ScalarToArray")

    def __call__(self, input_x):
        return Tensor(input_x)


class Assert(Primitive):
    """Raise ``ValueError`` with the first ``summarize`` values of ``input_data`` when ``condition`` is False."""

    @prim_attr_register
    def __init__(self, summarize=3):
        pass

    def __call__(self, condition, input_data):
        if not bool(_u(condition)):
            shown = [(_u(d).reshape(-1)[:self.summarize].tolist() if isinstance(d, Tensor) else d)
                     for d in input_data]
            raise ValueError(f"For 'Assert', the condition is False; data: {shown}")


class EqualCount(Primitive):
    """The number of equal elements of ``x`` and ``y``, as a 1-element tensor of their dtype."""

    def __init__(self):
        super().__init__("EqualCount")

    def __call__(self, x, y):
        _check_dtypes("EqualCount", x=x, y=y)
        if x._t.shape != y._t.shape:
            raise ValueError(f"For 'EqualCount', the shapes of 'x' and 'y' must be the same, but got "
                             f"{tuple(x._t.shape)} and {tuple(y._t.shape)}")
        if x._t.dtype == torch.bool:  # found after the shapes, when MindSpore 2.10 selects the kernel
            raise TypeError("For 'EqualCount', the inputs must not be Bool")
        return _wrap(torch.eq(x._t, y._t).sum().reshape(1).to(x._t.dtype))


class HistogramFixedWidth(Primitive):
    """Counts of ``x`` in ``nbins`` equal bins over ``range`` (values outside go to the edge bins)."""

    @prim_attr_register
    def __init__(self, nbins, dtype="int32"):
        validator.check_value_type("nbins", nbins, [int], self.name)
        validator.check_int(nbins, 1, validator.GE, "nbins", self.name)
        validator.check_string(dtype, ["int32"], "dtype", self.name)

    def __call__(self, x, range):
        _check_dtypes("HistogramFixedWidth", x=x, range=range)
        _check_rank("HistogramFixedWidth", "range", range, 1)
        if range._t.shape[0] != 2:
            raise ValueError(f"For 'HistogramFixedWidth', the 'range' must have 2 elements, but got shape "
                             f"{tuple(range._t.shape)}")
        lo, hi = (float(v) for v in _u(range).tolist())
        idx = torch.floor((x._t.double() - lo) / (hi - lo) * self.nbins).clamp(0, self.nbins - 1).long()
        return _wrap(torch.bincount(idx.reshape(-1), minlength=self.nbins).to(torch.int32))


class CompareAndBitpack(Primitive):
    """Pack ``x > threshold`` along the last axis, 8 values per UInt8."""

    def __init__(self):
        super().__init__("CompareAndBitpack")

    def __call__(self, x, threshold):
        _check_dtypes("CompareAndBitpack", x=x, threshold=threshold)
        _check_rank("CompareAndBitpack", "threshold", threshold, 0)
        if x._t.dim() == 0 or x._t.shape[-1] % 8:
            raise ValueError(f"For 'CompareAndBitpack', the last dimension of 'x' must be a multiple of 8, but got "
                             f"shape {tuple(x._t.shape)}")
        # As MindSpore 2.10 packs them: x > threshold with the first of each 8 in the highest bit, but a Bool x
        # itself (threshold unused) with the first in the lowest bit.
        t = x._t
        bits = (t if t.dtype == torch.bool else t > threshold._t).to(torch.uint8)
        bits = bits.reshape(bits.shape[:-1] + (bits.shape[-1] // 8, 8))
        weights = torch.tensor([128, 64, 32, 16, 8, 4, 2, 1], dtype=torch.uint8, device=bits.device)
        if t.dtype == torch.bool:
            weights = weights.flip(0)
        return _wrap((bits * weights).sum(-1).to(torch.uint8))


class ListDiff(Primitive):
    """Values of ``x`` not in ``y`` (in order) and their positions in ``x``."""

    @prim_attr_register
    def __init__(self, out_idx=mstype.int32):
        if out_idx not in (mstype.int32, mstype.int64):
            raise TypeError(f"For 'ListDiff', the 'out_idx' must be Int32 or Int64, but got {out_idx}")

    def __call__(self, x, y):
        _check_dtypes("ListDiff", x=x, y=y)
        if x._t.dim() != 1 or y._t.dim() != 1:
            raise ValueError(f"For 'ListDiff', 'x' and 'y' must be 1-D, but got shapes {tuple(x._t.shape)} and "
                             f"{tuple(y._t.shape)}")
        keep = ~torch.isin(x._t, y._t)
        idx = torch.nonzero(keep).reshape(-1)
        return _wrap(x._t[keep]), _wrap(idx.to(mstype.to_torch(self.out_idx)))


class LerpScalar(Primitive):
    """Linear interpolation with a Python-number ``weight``."""

    def __init__(self):
        super().__init__("LerpScalar")

    def __call__(self, input, end, weight):
        # MindSpore 2.10's argument parser takes only a Python float for weight (not an int, bool or Tensor).
        if not isinstance(weight, float):
            raise TypeError(f"For 'LerpScalar', the 'weight' must be a float, but got {type(weight).__name__}")
        _check_dtypes("LerpScalar", input=input, end=end)
        return functional("LerpScalar", "lerp", input, end, weight)


class WhileLoop(Primitive):
    """``while cond_func(val): val = loop_func(val)``; returns the final value."""

    def __init__(self):
        super().__init__("WhileLoop")

    def __call__(self, cond_func, loop_func, init_val):
        val = init_val
        while bool(cond_func(val)):
            val = loop_func(val)
        return val


class ForiLoop(Primitive):
    """``for i in range(lower, upper): val = loop_func(i, val)``; returns the final value."""

    def __init__(self):
        super().__init__("ForiLoop")

    def __call__(self, lower, upper, loop_func, init_val, unroll=True):
        val = init_val
        for i in range(int(_u(lower)), int(_u(upper))):
            val = loop_func(i, val)
        return val


class Scan(Primitive):
    """``carry, y = loop_func(carry, x)`` over ``xs``; returns ``(carry, [ys])``."""

    def __init__(self):
        super().__init__("Scan")

    def __call__(self, loop_func, init, xs, length=None, unroll=True):
        carry, ys = init, []
        items = range(length) if xs is None else xs
        for x in items:
            carry, y = loop_func(carry, None if xs is None else x)
            ys.append(y)
        return carry, ys


class _GradientOf(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, f):
        ctx.f = f
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad):
        return ctx.f(_wrap(grad))._t, None


class InsertGradientOf(Primitive):
    """Identity in the forward pass; the gradient flowing back through it becomes ``f(gradient)``."""

    @prim_attr_register
    def __init__(self, f):
        pass

    def __call__(self, input_x):
        return _wrap(_GradientOf.apply(input_x._t, self.f))


class MoveTo(Primitive):
    """Copy a tensor to the device ``to`` ('CPU', 'GPU', 'Ascend')."""

    def __init__(self):
        super().__init__("MoveTo")

    def __call__(self, input, to, blocking=True):
        name = str(to).upper()
        return _wrap(input._t.to("cuda" if name.startswith(("GPU", "CUDA")) else "cpu", non_blocking=not blocking))


class FloatStatus(Primitive):
    """``[1.]`` when ``x`` holds a NaN or an infinity, ``[0.]`` otherwise."""

    def __init__(self):
        super().__init__("FloatStatus")

    def __call__(self, x):
        return _wrap((~torch.isfinite(x._t)).any().reshape(1).to(torch.float32))


class ConfusionMatrix(Primitive):
    """``num_classes`` x ``num_classes`` counts (or summed ``weights``) of (label, prediction) pairs."""

    @prim_attr_register
    def __init__(self, num_classes, dtype="int32"):
        validator.check_value_type("num_classes", num_classes, [int], self.name)
        validator.check_value_type("dtype", dtype, [str], self.name)

    def __call__(self, labels, logits, weights=None):
        _check_dtypes("ConfusionMatrix", labels=labels, predictions=logits, weights=weights)
        _check_rank("ConfusionMatrix", "labels", labels, 1)
        for name, other in (("predictions", logits), ("weights", weights)):
            if other is not None and other._t.shape != labels._t.shape:
                raise ValueError(f"For 'ConfusionMatrix', the shape of '{name}' must be the shape of 'labels' "
                                 f"{tuple(labels._t.shape)}, but got {tuple(other._t.shape)}")
        n = self.num_classes
        flat = labels._t.long() * n + logits._t.long()
        w = None if weights is None else weights._t
        out = torch.bincount(flat, w, minlength=n * n).reshape(n, n)
        return _wrap(out.to(torch.int32 if w is None else w.dtype))


class CheckValid(Primitive):
    """Whether each box (x1, y1, x2, y2) lies inside the image of ``img_metas`` (height, width, ratio)."""

    def __init__(self):
        super().__init__("CheckValid")

    def __call__(self, bboxes, img_metas):
        return functional("CheckValid", "check_valid", bboxes, img_metas)


class BoundingBoxEncode(Primitive):
    """Regression targets (dx, dy, dw, dh) of ``groundtruth_box`` relative to ``anchor_box``."""

    @prim_attr_register
    def __init__(self, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0)):
        pass

    def __call__(self, anchor_box, groundtruth_box):
        return image_func.bounding_box_encode(anchor_box, groundtruth_box, self.means, self.stds)


class BoundingBoxDecode(Primitive):
    """Boxes from ``anchor_box`` and regression ``deltas``, clipped to ``max_shape``."""

    @prim_attr_register
    def __init__(self, max_shape, means=(0.0, 0.0, 0.0, 0.0), stds=(1.0, 1.0, 1.0, 1.0), wh_ratio_clip=0.016):
        pass

    def __call__(self, anchor_box, deltas):
        return image_func.bounding_box_decode(anchor_box, deltas, self.max_shape, self.means, self.stds,
                                              self.wh_ratio_clip)


class NMSWithMask(Primitive):
    """Non-maximum suppression of (x1, y1, x2, y2, score) boxes: ``(boxes, indices, keep mask)``."""

    @prim_attr_register
    def __init__(self, iou_threshold=0.5):
        validator.check_value_type("iou_threshold", iou_threshold, [float], self.name)

    def __call__(self, bboxes):
        _check_dtypes("NMSWithMask", bboxes=bboxes)
        _check_rank("NMSWithMask", "bboxes", bboxes, 2)
        if bboxes._t.shape[1] not in (5, 8):
            raise ValueError(f"For 'NMSWithMask', the second dimension of 'bboxes' must be 5 or 8, but got shape "
                             f"{tuple(bboxes._t.shape)}")
        b = bboxes._t[:, :5]
        order = torch.argsort(b[:, 4], descending=True, stable=True)
        boxes = b[order]
        area = (boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1])
        keep = torch.ones(boxes.shape[0], dtype=torch.bool, device=b.device)
        for i in range(boxes.shape[0]):
            if not keep[i]:
                continue
            lt = torch.maximum(boxes[i, :2], boxes[i + 1:, :2])
            rb = torch.minimum(boxes[i, 2:4], boxes[i + 1:, 2:4])
            wh = (rb - lt).clamp_min(0)
            inter = wh[:, 0] * wh[:, 1]
            iou = inter / (area[i] + area[i + 1:] - inter)
            keep[i + 1:] &= iou <= self.iou_threshold
        # MindSpore 2.10 (CPU/GPU) returns the sorted boxes, and output_idx indexes them: it is 0..N-1.
        return _wrap(boxes), _wrap(torch.arange(boxes.shape[0], dtype=torch.int32, device=b.device)), _wrap(keep)


class ApplyAdamWithAmsgrad(Primitive):
    """AMSGrad Adam: ``vhat = max(vhat, v)`` in the denominator; returns ``(var, m, v, vhat)``."""

    @prim_attr_register
    def __init__(self, beta1=0.9, beta2=0.999, epsilon=1e-8, use_locking=False):
        pass

    def __call__(self, var, m, v, vhat, beta1_power, beta2_power, lr, grad):
        from ...common._inplace import _set
        with torch.no_grad():
            g = grad._t
            b1, b2 = self.beta1, self.beta2
            lr_t = _u(lr) * (1 - _u(beta2_power)) ** 0.5 / (1 - _u(beta1_power))
            m_new = b1 * m._t + (1 - b1) * g
            v_new = b2 * v._t + (1 - b2) * g * g
            vhat_new = torch.maximum(vhat._t, v_new)
            _set(m, m_new)
            _set(v, v_new)
            _set(vhat, vhat_new)
            _set(var, var._t - lr_t * m_new / (torch.sqrt(vhat_new) + self.epsilon))
        return var, m, v, vhat


class ApplyProximalAdagrad(Primitive):
    """Adagrad with a proximal L1/L2 step; returns ``(var, accum)``."""

    @prim_attr_register
    def __init__(self, use_locking=False):
        pass

    def __call__(self, var, accum, lr, l1, l2, grad):
        from ...common._inplace import _set
        with torch.no_grad():
            g = grad._t
            acc = accum._t + g * g
            rate = _u(lr) / torch.sqrt(acc)
            prox = var._t - rate * g
            new = torch.sign(prox) / (1 + rate * _u(l2)) * torch.clamp_min(torch.abs(prox) - rate * _u(l1), 0)
            _set(accum, acc)
            _set(var, new)
        return var, accum


class _CustomFunction(torch.autograd.Function):
    """Runs a Custom op's ``func`` forward and its ``bprop(*inputs, out, dout)`` backward."""

    @staticmethod
    def forward(ctx, prim, *inputs):
        ctx.prim = prim
        ctx.save_for_backward(*inputs)
        with torch.no_grad():
            out = prim._forward([_wrap(t) for t in inputs])
        ctx.out = out
        return out._t if isinstance(out, Tensor) else tuple(o._t for o in out)

    @staticmethod
    def backward(ctx, *douts):
        inputs = [_wrap(t) for t in ctx.saved_tensors]
        dout = _wrap(douts[0]) if len(douts) == 1 else tuple(_wrap(d) for d in douts)
        grads = ctx.prim.bprop(*inputs, ctx.out, dout)
        return (None,) + tuple(None if g is None else g._t for g in grads)


class Custom(Primitive):
    """A user operator from a Python function.

    ``func_type='pyfunc'`` calls ``func`` on NumPy arrays and wraps the result with ``out_dtype``;
    any other type calls ``func`` on Tensors (the function is then traced by torch like any
    composition of ops). With ``bprop(*inputs, out, dout)`` the gradient comes from ``bprop``.
    AOT/AKG/TBE kernel sources are not supported: ``func`` must be a Python callable.
    """

    @prim_attr_register
    def __init__(self, func, out_shape=None, out_dtype=None, func_type="pyfunc", bprop=None, reg_info=None):
        if not callable(func):
            raise TypeError(f"For 'Custom', the 'func' must be a Python callable on this backend, but got {func!r}")

    def _forward(self, inputs):
        if self.func_type == "pyfunc":
            out = self.func(*[x.asnumpy() for x in inputs])
            dtype = self.out_dtype
            if isinstance(out, tuple):
                dtypes = dtype if isinstance(dtype, (tuple, list)) else (dtype,) * len(out)
                return tuple(Tensor(o, d) for o, d in zip(out, dtypes))
            return Tensor(out, dtype)
        return self.func(*inputs)

    def __call__(self, *inputs):
        if self.bprop is None:
            return self._forward(list(inputs))
        out = _CustomFunction.apply(self, *[x._t for x in inputs])
        return _wrap(out) if isinstance(out, torch.Tensor) else tuple(_wrap(o) for o in out)


class DropoutGenMask(Primitive):
    """A random keep-mask of ``shape`` (kept with probability ``keep_prob``), as a UInt8 tensor."""

    @prim_attr_register
    def __init__(self, Seed0=0, Seed1=0):
        pass

    def __call__(self, shape, keep_prob):
        p = float(_u(keep_prob))
        return _wrap((torch.rand(tuple(shape), device=default_device()) < p).to(torch.uint8))


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
        t = x._t
        rstd = torch.rsqrt(t.float().pow(2).mean(-1, keepdim=True) + self.epsilon)
        return _wrap((t * rstd).to(t.dtype) * gamma._t), _wrap(rstd)


class LogSoftmaxExt(Primitive):
    """Log-softmax over ``dim`` with an optional output ``dtype``."""

    def __init__(self):
        super().__init__("LogSoftmaxExt")

    def __call__(self, input, dim=None, dtype=None):
        t = input._t if dtype is None else input._t.to(mstype.to_torch(dtype))
        return _wrap(torch.log_softmax(t, -1 if dim is None else dim))


class AccumulateNV2(Primitive):
    """Sum of a tuple or list of tensors of the same shape."""

    def __init__(self):
        super().__init__("AccumulateNV2")

    def __call__(self, inputs):
        if isinstance(inputs, Tensor):
            # MindSpore 2.10 takes a Tensor as the sequence of its rows (it asks for its length first).
            if inputs._t.dim() == 0:
                raise TypeError("For 'AccumulateNV2', the 'inputs' must be a tuple or list of Tensors, but got a "
                                "0-D Tensor, which has no length")
            inputs = [_wrap(row) for row in inputs._t.unbind(0)]
        return functional("AccumulateNV2", "addn", inputs)


class CheckNumerics(Primitive):
    """Return ``x`` unchanged, raising ``ValueError`` when it holds a NaN or an infinity."""

    def __init__(self):
        super().__init__("CheckNumerics")

    def __call__(self, x):
        float_input("CheckNumerics", x)
        if not bool(torch.isfinite(x._t).all()):
            raise ValueError(f"For 'CheckNumerics', the input of shape {tuple(x._t.shape)} holds NaN or Inf")
        return x


class UniqueWithPad(Primitive):
    """``(unique values in first-appearance order padded with pad_num, index of each element)``."""

    def __init__(self):
        super().__init__("UniqueWithPad")

    def __call__(self, x, pad_num):
        return functional("UniqueWithPad", "unique_with_pad", x, pad_num)


class MatrixDiagV3(Primitive):
    """Build (batched) matrices with diagonals ``k`` taken from ``x``, ``padding_value`` elsewhere."""

    @prim_attr_register
    def __init__(self, align="RIGHT_LEFT"):
        # MindSpore rejects a bad align when the Primitive is built, before any call.
        array_func._check_diag_align("MatrixDiagV3", align)

    def __call__(self, x, k, num_rows, num_cols, padding_value):
        return array_func.matrix_diag(x, k, num_rows, num_cols, padding_value, self.align)


class MatrixDiagPartV3(Primitive):
    """Diagonals ``k`` (one, or a band) of (batched) matrices; see :func:`ops.matrix_diag_part`."""

    @prim_attr_register
    def __init__(self, align="RIGHT_LEFT"):
        # MindSpore rejects a bad align when the Primitive is built, before any call.
        array_func._check_diag_align("MatrixDiagPartV3", align)

    def __call__(self, x, k, padding_value):
        _check_dtypes("MatrixDiagPartV3", x=x, k=k, padding_value=padding_value)
        return array_func.matrix_diag_part(x, k, padding_value, self.align)


class MatrixSetDiagV3(Primitive):
    """Replace diagonals ``k`` (one, or a band) of (batched) matrices; see :func:`ops.matrix_set_diag`."""

    @prim_attr_register
    def __init__(self, align="RIGHT_LEFT"):
        # MindSpore rejects a bad align when the Primitive is built, before any call.
        array_func._check_diag_align("MatrixSetDiagV3", align)

    def __call__(self, x, diagonal, k):
        _check_dtypes("MatrixSetDiagV3", x=x, diagonal=diagonal, k=k)
        return array_func.matrix_set_diag(x, diagonal, k, self.align)


class TridiagonalMatMul(Primitive):
    """Product of a tridiagonal matrix (given by its three diagonals) with ``rhs``."""

    def __init__(self):
        super().__init__("TridiagonalMatMul")

    def __call__(self, superdiag, maindiag, subdiag, rhs):
        diags = {"superdiag": superdiag, "maindiag": maindiag, "subdiag": subdiag}
        _check_dtypes("TridiagonalMatMul", **diags, rhs=rhs)
        for name, value in (*diags.items(), ("rhs", rhs)):
            _check_rank("TridiagonalMatMul", name, value, 2, at_least=True)
        r = rhs._t
        for name, value in diags.items():
            d = value._t
            if d.shape[-2] != 1 or d.shape[:-2] != r.shape[:-2] or d.shape[-1] != r.shape[-2]:
                raise ValueError(f"For 'TridiagonalMatMul', the '{name}' must have shape [..., 1, M] for 'rhs' of "
                                 f"shape [..., M, N] {tuple(r.shape)}, but got {tuple(d.shape)}")
        sup, main, sub = (v._t.mT for v in diags.values())  # (..., M, 1): one factor per row of rhs
        out = main * r
        out[..., :-1, :] += sup[..., :-1, :] * r[..., 1:, :]
        out[..., 1:, :] += sub[..., 1:, :] * r[..., :-1, :]
        return _wrap(out)


class Ormqr(Primitive):
    """Multiply ``other`` by the orthogonal matrix of Householder reflectors ``(x, tau)``."""

    @prim_attr_register
    def __init__(self, left=True, transpose=False):
        validator.check_value_type("left", left, [bool], self.name)
        validator.check_value_type("transpose", transpose, [bool], self.name)

    def __call__(self, *inputs):
        if len(inputs) != 3:  # MindSpore 2.10 counts the inputs itself (ValueError), not Python's call
            raise ValueError(f"For 'Ormqr', the number of inputs must be 3 (x, tau, other), but got {len(inputs)}")
        x, tau, other = inputs
        _check_dtypes("Ormqr", x=x, tau=tau, other=other)
        return _wrap(torch.ormqr(x._t, tau._t, other._t, self.left, self.transpose))


class SparseToDense(Primitive):
    """A dense tensor of ``sparse_shape`` from COO ``indices`` (N x ndim) and ``values``."""

    def __init__(self):
        super().__init__("SparseToDense")

    def __call__(self, indices, values, sparse_shape):
        _check_dtypes("SparseToDense", indices=indices)
        _check_rank("SparseToDense", "indices", indices, 2)
        _check_rank("SparseToDense", "values", values, 1)
        v = values._t
        out = torch.zeros(_ints(sparse_shape), dtype=v.dtype, device=v.device)
        _check_coo("SparseToDense", indices, v, out.shape)
        # MindSpore 2.10 writes the values in order: a repeated index keeps its last value.
        flat = (indices._t.long() * torch.tensor(out.stride(), device=v.device)).sum(1)
        positions, slot = torch.unique(flat, return_inverse=True)
        last = torch.zeros_like(positions).scatter_reduce(0, slot, torch.arange(len(flat), device=v.device), "amax")
        return _wrap(out.reshape(-1).index_put((positions,), v[last]).reshape(out.shape))


def _check_coo(prim, indices, values, shape):
    """ValueError, as MindSpore 2.10 raises it, unless there is one value per index and every index is inside ``shape``."""
    idx = indices._t
    if idx.shape[0] != values.shape[0] or idx.shape[1] != len(shape):
        raise ValueError(f"For '{prim}', the 'indices' must be (N, {len(shape)}) for {values.shape[0]} values, but got "
                         f"shape {tuple(idx.shape)}")
    bounds = torch.tensor(shape, device=idx.device)
    if bool(((idx < 0) | (idx >= bounds)).any()):
        raise ValueError(f"For '{prim}', the 'indices' must be inside the output shape {tuple(shape)}")


class SparseTensorDenseMatmul(Primitive):
    """COO sparse (``indices``, ``values``, ``sparse_shape``) times a dense matrix."""

    @prim_attr_register
    def __init__(self, adjoint_st=False, adjoint_dt=False):
        validator.check_value_type("adjoint_st", adjoint_st, [bool], self.name)
        validator.check_value_type("adjoint_dt", adjoint_dt, [bool], self.name)

    def __call__(self, indices, values, sparse_shape, dense):
        _check_dtypes("SparseTensorDenseMatmul", indices=indices, values=values, dense=dense)
        _check_rank("SparseTensorDenseMatmul", "indices", indices, 2)
        _check_rank("SparseTensorDenseMatmul", "values", values, 1)
        _check_rank("SparseTensorDenseMatmul", "dense", dense, 2)
        v = values._t  # a repeated index adds its products, as MindSpore 2.10's kernel does
        a = torch.zeros(_ints(sparse_shape), dtype=v.dtype, device=v.device).index_put(
            tuple(indices._t.long().t()), v, accumulate=True)
        b = dense._t
        return _wrap((a.mH if self.adjoint_st else a) @ (b.mH if self.adjoint_dt else b))


class SparseTensorDenseAdd(Primitive):
    """COO sparse (``x1_indices``, ``x1_values``, ``x1_shape``) plus the dense ``x2``."""

    def __init__(self):
        super().__init__("SparseTensorDenseAdd")

    def __call__(self, x1_indices, x1_values, x1_shape, x2):
        _check_dtypes("SparseTensorDenseAdd", x1_indices=x1_indices)
        if isinstance(x1_shape, Tensor):
            _check_rank("SparseTensorDenseAdd", "x1_shape", x1_shape, 1)
        if tuple(_ints(x1_shape)) != tuple(x2._t.shape):  # MindSpore 2.10 raises this one as RuntimeError
            raise RuntimeError(f"For 'SparseTensorDenseAdd', the 'x1_shape' {tuple(_ints(x1_shape))} must be the shape "
                               f"of 'x2' {tuple(x2._t.shape)} (no broadcasting)")
        return _wrap(x2._t.index_put(tuple(x1_indices._t.long().t()), x1_values._t, accumulate=True))


class DataFormatDimMap(Primitive):
    """Map axis indices of ``src_format`` to the positions of the same axes in ``dst_format``."""

    @prim_attr_register
    def __init__(self, src_format="NHWC", dst_format="NCHW"):
        validator.check_string(src_format, ["NHWC", "NCHW"], "src_format", self.name)
        validator.check_string(dst_format, ["NHWC", "NCHW"], "dst_format", self.name)

    def __call__(self, input_x):
        _check_dtypes("DataFormatDimMap", input_x=input_x)
        # As MindSpore 2.10 computes it (its example maps [0, 1, 2, 3] from NHWC to NCHW as [0, 3, 1, 2]):
        # position i of the result holds where dst_format's i-th axis sits in src_format.
        table = torch.tensor([self.src_format.index(ch) for ch in self.dst_format], dtype=input_x._t.dtype,
                             device=input_x._t.device)
        return _wrap(table[input_x._t.long() % 4])


class LARSUpdate(Primitive):
    """Layer-wise adaptive rate scaling of ``gradient`` (weight decay folded in)."""

    @prim_attr_register
    def __init__(self, epsilon=1e-05, hyperpara=0.001, use_clip=False):
        pass

    def __call__(self, weight, gradient, norm_weight, norm_gradient, weight_decay, learning_rate):
        w_norm = torch.sqrt(norm_weight._t)
        g_norm = torch.sqrt(norm_gradient._t)
        wd, lr = _u(weight_decay), _u(learning_rate)
        # As in MindSpore's kernel (and nn.LARS), a zero norm has no special case.
        trust = self.hyperpara * w_norm / (g_norm + wd * w_norm + self.epsilon)
        if self.use_clip:
            trust = torch.clamp(trust / lr, max=1.0)
        return _wrap(trust * (gradient._t + wd * weight._t))


def _rgb_to_hsv(t):
    r, g, b = t.unbind(-1)
    mx, _ = t.max(-1)
    mn, _ = t.min(-1)
    delta = mx - mn
    safe = torch.where(delta > 0, delta, torch.ones_like(delta))
    h = torch.where(mx == r, (g - b) / safe, torch.where(mx == g, 2 + (b - r) / safe, 4 + (r - g) / safe))
    h = torch.where(delta > 0, (h / 6) % 1, torch.zeros_like(h))
    s = torch.where(mx > 0, delta / torch.where(mx > 0, mx, torch.ones_like(mx)), torch.zeros_like(mx))
    return torch.stack([h, s, mx], -1)


def _hsv_to_rgb(t):
    h, s, v = t.unbind(-1)

    def channel(n):
        k = (n + h * 6) % 6
        return v - v * s * torch.clamp(torch.minimum(k, 4 - k), 0, 1)
    return torch.stack([channel(5), channel(3), channel(1)], -1)


def _image_channels(prim, name, x, rank=None):
    """MindSpore 2.10's shape checks of the colour conversions: a 0-d input is a RuntimeError, then a
    ValueError unless ``x`` has rank ``rank`` (when given) and 3 channels in its last axis."""
    if x._t.dim() == 0:
        raise RuntimeError(f"For '{prim}', the shape of '{name}' can not be empty")
    if rank is not None:
        _check_rank(prim, name, x, rank)
    if x._t.shape[-1] != 3:
        raise ValueError(f"For '{prim}', the last dimension of '{name}' must be 3, but got shape {tuple(x._t.shape)}")


class RGBToHSV(Primitive):
    """Convert RGB values in [0, 1] (last axis) to HSV."""

    def __init__(self):
        super().__init__("RGBToHSV")

    def __call__(self, images):
        _check_dtypes("RGBToHSV", images=images)
        _image_channels("RGBToHSV", "images", images)
        return _wrap(_rgb_to_hsv(images._t))


class HSVToRGB(Primitive):
    """Convert HSV values (last axis) to RGB."""

    def __init__(self):
        super().__init__("HSVToRGB")

    def __call__(self, x):
        _check_dtypes("HSVToRGB", x=x)
        _image_channels("HSVToRGB", "x", x, rank=4)
        return _wrap(_hsv_to_rgb(x._t))


class MaxPool3DWithArgmax(Primitive):
    """3-D max pooling returning ``(values, argmax)``."""

    @prim_attr_register
    def __init__(self, ksize, strides, pads, dilation=(1, 1, 1), ceil_mode=False, data_format="NCDHW",
                 argmax_type=mstype.int64):
        pass

    def __call__(self, x):
        v, i = F.max_pool3d(x._t, _pair(self.ksize, 3), _pair(self.strides, 3), _pair(self.pads, 3),
                            _pair(self.dilation, 3), self.ceil_mode, return_indices=True)
        return _wrap(v), _wrap(i.to(mstype.to_torch(self.argmax_type)))


class BatchToSpaceNDV2(Primitive):
    """``BatchToSpaceND`` with ``block_shape`` and ``crops`` given as inputs."""

    def __init__(self):
        super().__init__("BatchToSpaceNDV2")

    def __call__(self, input_x, block_shape, crops):
        _check_dtypes("BatchToSpaceNDV2", input_x=input_x)
        blocks = _int_values("BatchToSpaceNDV2", "block_shape", block_shape, 1)
        return image_func.batch_to_space_nd(input_x, blocks, _int_values("BatchToSpaceNDV2", "crops", crops, 2))


class TensorDump(Primitive):
    """Save ``input_x`` as ``<file>_<dtype>_<id>.npy``, numbered with ``ops.tensordump``'s dumps.

    Args:
        input_output (str): ``"out"`` or ``"in"``; they name the same data on one device.

    Inputs:
        - **file** (str) - the path and name of the file (a ``.npy`` ending is dropped).
        - **input_x** (Tensor) - the tensor to save.

    Outputs:
        None.
    """

    @prim_attr_register
    def __init__(self, input_output="out"):
        if input_output not in ("in", "out"):
            raise ValueError(f"The 'input_output' argument should be one of ['in', 'out'], but got: {input_output}")

    def __call__(self, file, input_x):
        if not isinstance(file, str):
            raise TypeError(f"For 'TensorDump', the type of 'file' should be 'str', but got type "
                            f"'{type(file).__name__}'.")
        return debug_func.tensordump(file, input_x, self.input_output)


class ResizeArea(Primitive):
    """Area (box-average) resize of an NHWC image batch to ``size`` (height, width)."""

    @prim_attr_register
    def __init__(self, align_corners=False):
        validator.check_value_type("align_corners", align_corners, [bool], self.name)

    def __call__(self, images, size):
        _check_dtypes("ResizeArea", images=images, size=size)
        _check_rank("ResizeArea", "images", images, 4)
        if size._t.shape != (2,) or bool((size._t <= 0).any()):
            raise ValueError(f"For 'ResizeArea', the 'size' must hold 2 positive numbers, but got {size._t.tolist()}")
        t = images._t.float()
        (h, w), out_h, out_w = t.shape[1:3], *_ints(size)
        rows, cols = _area_weights(h, out_h, self.align_corners, t), _area_weights(w, out_w, self.align_corners, t)
        return _wrap(torch.einsum("oh,nhwc,pw->nopc", rows, t, cols))


def _area_weights(n_in, n_out, align_corners, like):
    """(n_out, n_in) weights of TensorFlow's (and MindSpore's) area resize: output pixel ``o`` averages the input
    span [o * scale, (o + 1) * scale), partial pixels by their overlap, an index past the end read as the last."""
    scale = (n_in - 1) / (n_out - 1) if align_corners and n_out > 1 else n_in / n_out
    w = torch.zeros(n_out, n_in, dtype=like.dtype)
    for o in range(n_out):
        start, end = o * scale, (o + 1) * scale
        for i in range(math.floor(start), math.ceil(end)):
            w[o, min(i, n_in - 1)] += min(i + 1, end) - max(i, start)
    return (w / scale).to(like.device)


class NonMaxSuppressionV3(Primitive):
    """Indices (Int32) of at most ``max_output_size`` boxes kept by greedy IoU suppression."""

    def __init__(self):
        super().__init__("NonMaxSuppressionV3")

    def __call__(self, boxes, scores, max_output_size, iou_threshold, score_threshold):
        b, sc = boxes._t, scores._t
        thr, keep_thr = float(_u(iou_threshold)), float(_u(score_threshold))
        order = [int(i) for i in torch.argsort(sc, descending=True, stable=True) if sc[i] > keep_thr]
        area = (b[:, 2] - b[:, 0]).abs() * (b[:, 3] - b[:, 1]).abs()
        kept = []
        for i in order:
            if len(kept) == int(_u(max_output_size)):
                break
            ok = True
            for j in kept:
                lt = torch.maximum(b[i, :2], b[j, :2])
                rb = torch.minimum(b[i, 2:], b[j, 2:])
                inter = (rb - lt).clamp_min(0).prod()
                if inter / (area[i] + area[j] - inter) > thr:
                    ok = False
                    break
            if ok:
                kept.append(i)
        return _wrap(torch.tensor(kept, dtype=torch.int32, device=b.device))


class ApplyAdamWithAmsgradV2(Primitive):
    """AMSGrad Adam with the hyper-parameters as inputs; returns ``(var, m, v, vhat)``."""

    @prim_attr_register
    def __init__(self, use_locking=False):
        pass

    def __call__(self, var, m, v, vhat, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad):
        prim = ApplyAdamWithAmsgrad(float(_u(beta1)), float(_u(beta2)), float(_u(epsilon)))
        return prim(var, m, v, vhat, beta1_power, beta2_power, lr, grad)


def _rows(indices):
    return indices._t.long().reshape(-1)


def _sparse_adagrad(var, accum, grad, indices, lr, epsilon, update_slots):
    """Adagrad on the rows ``indices`` of ``var`` and ``accum``, dividing by ``sqrt(accum) + epsilon``;
    shared by SparseApplyAdagrad (``epsilon`` 0) and SparseApplyAdagradV2. Returns ``(var, accum)``."""
    from ...common._inplace import _set
    with torch.no_grad():
        idx, g = _rows(indices), grad._t
        acc = accum._t.clone()
        if update_slots:
            acc.index_add_(0, idx, g * g)
        w = var._t.clone()
        w.index_add_(0, idx, -lr * g / (torch.sqrt(acc[idx]) + epsilon))
        _set(accum, acc)
        _set(var, w)
    return var, accum


class SparseApplyAdagrad(Primitive):
    """Adagrad on the rows ``indices`` of ``var`` and ``accum``; returns ``(var, accum)``."""

    @prim_attr_register
    def __init__(self, lr, update_slots=True, use_locking=False):
        pass

    def __call__(self, var, accum, grad, indices):
        return _sparse_adagrad(var, accum, grad, indices, self.lr, 0.0, self.update_slots)


class SparseApplyAdagradV2(Primitive):
    """Adagrad with ``epsilon`` on the rows ``indices``; returns ``(var, accum)``.

    Differences from MindSpore: the step divides by ``sqrt(accum) + epsilon``, as documented;
    MindSpore 2.10's CPU kernel divides by ``sqrt(accum + epsilon)``.
    """

    @prim_attr_register
    def __init__(self, lr, epsilon, use_locking=False, update_slots=True):
        pass

    def __call__(self, var, accum, grad, indices):
        return _sparse_adagrad(var, accum, grad, indices, self.lr, self.epsilon, self.update_slots)


class SparseApplyRMSProp(Primitive):
    """RMSProp on the rows ``indices``; returns ``(var, ms, mom)``.

    Differences from MindSpore: ``ms`` decays by ``rho`` on every entry of the rows ``indices``,
    as documented; MindSpore 2.10's CPU kernel leaves it unchanged where ``grad`` is 0.
    """

    @prim_attr_register
    def __init__(self, rho, momentum, epsilon, use_locking=False):
        pass

    def __call__(self, var, ms, mom, lr, grad, indices):
        from ...common._inplace import _set
        with torch.no_grad():
            idx, g = _rows(indices), grad._t
            ms_t, mom_t, w = ms._t.clone(), mom._t.clone(), var._t.clone()
            ms_t[idx] = self.rho * ms_t[idx] + (1 - self.rho) * g * g
            mom_t[idx] = self.momentum * mom_t[idx] + _u(lr) * g / torch.sqrt(ms_t[idx] + self.epsilon)
            w[idx] = w[idx] - mom_t[idx]
            _set(ms, ms_t)
            _set(mom, mom_t)
            _set(var, w)
        return var, ms, mom


class SparseApplyProximalAdagrad(Primitive):
    """Proximal Adagrad on the rows ``indices``; returns ``(var, accum)``."""

    @prim_attr_register
    def __init__(self, use_locking=False):
        pass

    def __call__(self, var, accum, lr, l1, l2, grad, indices):
        from ...common._inplace import _set
        with torch.no_grad():
            idx, g = _rows(indices), grad._t
            acc, w = accum._t.clone(), var._t.clone()
            acc[idx] = acc[idx] + g * g
            rate = _u(lr) / torch.sqrt(acc[idx])
            prox = w[idx] - rate * g
            w[idx] = torch.sign(prox) / (1 + rate * _u(l2)) * torch.clamp_min(torch.abs(prox) - rate * _u(l1), 0)
            _set(accum, acc)
            _set(var, w)
        return var, accum


class SparseApplyFtrl(Primitive):
    """FTRL-proximal on the rows ``indices``; returns ``(var, accum, linear)``."""

    @prim_attr_register
    def __init__(self, lr, l1, l2, lr_power, use_locking=False):
        pass

    def __call__(self, var, accum, linear, grad, indices):
        from ...common._inplace import _set
        with torch.no_grad():
            idx, g = _rows(indices), grad._t
            w, acc, lin = var._t.clone(), accum._t.clone(), linear._t.clone()
            p = -self.lr_power
            acc_new = acc[idx] + g * g
            lin[idx] = lin[idx] + g - (acc_new ** p - acc[idx] ** p) / self.lr * w[idx]
            quad = acc_new ** p / self.lr + 2 * self.l2
            w[idx] = torch.where(torch.abs(lin[idx]) > self.l1, (torch.sign(lin[idx]) * self.l1 - lin[idx]) / quad,
                                 torch.zeros_like(quad))
            acc[idx] = acc_new
            _set(accum, acc)
            _set(linear, lin)
            _set(var, w)
        return var, accum, linear


class CTCGreedyDecoder(Primitive):
    """Greedy CTC decoding of time-major logits (T, N, C), the last class being the blank.

    Returns ``(decoded_indices, decoded_values, decoded_shape, log_probability)`` (sparse form).
    """

    @prim_attr_register
    def __init__(self, merge_repeated=True):
        validator.check_value_type("merge_repeated", merge_repeated, [bool], self.name)

    def __call__(self, inputs, sequence_length):
        _check_dtypes("CTCGreedyDecoder", inputs=inputs, sequence_length=sequence_length)
        _check_rank("CTCGreedyDecoder", "inputs", inputs, 3)
        _check_rank("CTCGreedyDecoder", "sequence_length", sequence_length, 1)
        if sequence_length._t.shape[0] != inputs._t.shape[1]:
            raise ValueError(f"For 'CTCGreedyDecoder', the 'sequence_length' must have one entry per batch of 'inputs' "
                             f"{tuple(inputs._t.shape)}, but got {sequence_length._t.shape[0]}")
        x = inputs._t
        blank = x.shape[-1] - 1
        best, arg = x.max(-1)
        lengths = sequence_length._t.tolist()
        indices, values, logp = [], [], []
        width = 0
        for b, n in enumerate(lengths):
            seq, prev = [], None
            for t in range(int(n)):
                c = int(arg[t, b])
                if c != blank and not (self.merge_repeated and c == prev):
                    seq.append(c)
                prev = c
            indices += [[b, i] for i in range(len(seq))]
            values += seq
            width = max(width, len(seq))
            logp.append(-float(best[:int(n), b].sum()))
        dev = x.device
        return (_wrap(torch.tensor(indices, dtype=torch.int64, device=dev).reshape(-1, 2)),
                _wrap(torch.tensor(values, dtype=torch.int64, device=dev)),
                _wrap(torch.tensor([len(lengths), width], dtype=torch.int64, device=dev)),
                _wrap(torch.tensor(logp, dtype=x.dtype, device=dev).reshape(-1, 1)))


class ExtractVolumePatches(Primitive):
    """3-D patches of ``kernel_size`` with ``strides`` laid out in the channel axis (NCDHW)."""

    @prim_attr_register
    def __init__(self, kernel_size, strides, padding):
        pass

    def __call__(self, input_x):
        t = input_x._t
        k, s = _pair(self.kernel_size, 3), _pair(self.strides, 3)
        if str(self.padding).upper() == "SAME":
            pads = []
            for i in (2, 1, 0):
                n = t.shape[2 + i]
                total = max((-(-n // s[i]) - 1) * s[i] + k[i] - n, 0)
                pads += [total // 2, total - total // 2]
            t = F.pad(t, pads)
        p = t.unfold(2, k[0], s[0]).unfold(3, k[1], s[1]).unfold(4, k[2], s[2])
        n, c, od, oh, ow = p.shape[:5]
        # MindSpore orders the output channels as (kd, kh, kw, c), the input channel fastest.
        return _wrap(p.permute(0, 5, 6, 7, 1, 2, 3, 4).reshape(n, c * k[0] * k[1] * k[2], od, oh, ow))


class STFT(Primitive):
    """Short-time Fourier transform of ``x`` with ``window``."""

    @prim_attr_register
    def __init__(self, n_fft, hop_length, win_length, normalized, onesided, return_complex):
        pass

    def __call__(self, x, window):
        out = torch.stft(x._t, self.n_fft, self.hop_length, self.win_length, _u(window), center=False,
                         normalized=self.normalized, onesided=self.onesided, return_complex=True)
        return _wrap(out if self.return_complex else torch.view_as_real(out))


class FFTWithSize(Primitive):
    """(Inverse) FFT over the last ``signal_ndim`` axes, complex or real (``rfft``/``irfft``)."""

    @prim_attr_register
    def __init__(self, signal_ndim, inverse, real, norm="backward", onesided=True, signal_sizes=()):
        pass

    def __call__(self, x):
        dims = tuple(range(-self.signal_ndim, 0))
        t = x._t
        if self.real and not self.inverse:
            fn = torch.fft.rfftn if self.onesided else torch.fft.fftn
            return _wrap(fn(t, dim=dims, norm=self.norm))
        if self.real:
            sizes = tuple(self.signal_sizes) or None
            return _wrap(torch.fft.irfftn(t, s=sizes, dim=dims, norm=self.norm))
        fn = torch.fft.ifftn if self.inverse else torch.fft.fftn
        return _wrap(fn(t, dim=dims, norm=self.norm))


class MatrixLogarithm(Primitive):
    """Principal matrix logarithm of diagonalisable complex matrices (via eigendecomposition)."""

    def __init__(self):
        super().__init__("MatrixLogarithm")

    def __call__(self, x):
        _check_dtypes("MatrixLogarithm", x=x)
        _check_rank("MatrixLogarithm", "x", x, 2, at_least=True)
        if x._t.shape[-1] != x._t.shape[-2]:
            raise ValueError(f"For 'MatrixLogarithm', the last two dimensions of 'x' must be equal, but got shape "
                             f"{tuple(x._t.shape)}")
        return _wrap(_logm(x._t.to(torch.complex128)).to(x._t.dtype))


def _logm(a):
    """Principal logarithm of (batched) square matrices, defective ones too: inverse scaling and squaring.
    Square roots (Denman-Beavers) bring ``a`` within 0.25 of I, where the series of log(I + X) converges fast;
    each square root taken doubles the result."""
    eye = torch.eye(a.shape[-1], dtype=a.dtype, device=a.device).expand_as(a)
    roots = 0
    while roots < 64 and float(torch.linalg.matrix_norm(a - eye, 1).max()) > 0.25:
        y, z = a, eye
        for _ in range(100):
            y, z, previous = (y + torch.linalg.inv(z)) / 2, (z + torch.linalg.inv(y)) / 2, y
            if torch.allclose(y, previous, rtol=1e-14, atol=1e-14):
                break
        a, roots = y, roots + 1
    d = a - eye
    term, out = eye, torch.zeros_like(a)
    for j in range(1, 40):  # |d| <= 0.25: the terms fall below 1e-24
        term = term @ d
        out = out + term * ((-1) ** (j + 1) / j)
    return out * 2 ** roots
