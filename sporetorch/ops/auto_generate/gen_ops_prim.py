"""``mindspore.ops.auto_generate.gen_ops_prim``: MindSpore 2.10's generated Primitive classes and their ready-made
instances (``add_ext_op = AddExt()``).

A class here is built from MindSpore's signatures (``_generated.make_class``) around one implementation:

- ``IMPLEMENTATIONS`` below, a flat callable over our ops (call inputs, then constructor attributes);
  gradient Primitives are the vector-Jacobian product of our forward op (``_grad.vjp``);
- else our implementation of the generated function that calls the class in MindSpore (``Diagonal`` runs
  ``ops.diagonal``, which ``gen_ops_def.diagonal`` is), its parameters matched by name.

A class sporetorch already has as a ``mindspore.ops`` Primitive is that class (``gen_ops_prim.Abs`` is
``ops.Abs``, as in MindSpore). The names MindSpore's CPU build cannot run resolve through the module tree to
placeholders that say so when called.
"""
from ... import ops as _ops
from ...common.tensor import Tensor
from ..function import array_func as _array
from ..function import fft_func as _fft
from ..function import linalg_func as _linalg
from ..function import math_func as _math
from ..operations import _grad_ops
from . import _generated
from ._grad import vjp, vjp_of_vjp

_MODULE = "gen_ops_prim"
__all__ = _generated.public_names(_MODULE)


def _mint():
    # mint holds MindSpore's ``*_ext`` argument conventions over our ops; imported on use (mint imports ops)
    from ... import mint
    return mint


def _numpy():
    from ... import numpy
    return numpy


def _dim_slice(input, dim, start, end, step):
    """``input[..., start:end:step, ...]`` along ``dim`` (MindSpore's SliceExt)."""
    index = (slice(None),) * (dim % input.ndim) + (slice(start, end, step),)
    return input[index]


def _trace_v2(input, offset, axis1, axis2, dtype):
    return _mint().sum(_ops.diagonal(input, offset, axis1, axis2), -1, dtype=dtype)


def _trace_v2_grad(dout, shape, offset, axis1, axis2):
    shape = tuple(shape.tolist()) if isinstance(shape, Tensor) else tuple(shape)
    zeros = _ops.zeros(shape, dout.dtype)
    return vjp(lambda t: _trace_v2(t, offset, axis1, axis2, None), (zeros,), dout)


def _to_dtype(input, dtype):
    return input if dtype is None else input.astype(dtype)


def _bias_add_grad(dout, data_format):
    channel = dout.ndim - 1 if data_format.endswith("C") and dout.ndim > 2 else 1
    bias = _ops.zeros((dout.shape[channel],), dout.dtype)
    if channel == 1:
        return vjp(lambda b: _ops.bias_add(dout, b), (bias,), dout)
    return vjp(lambda b: _ops.add(dout, b), (bias,), dout)


def _elu_grad(dout, out):
    # Elu (alpha 1) from its output: d/dx = 1 above zero, out + 1 below.
    return _ops.select(_ops.greater(out, 0), dout, _ops.mul(dout, _ops.add(out, 1)))


def _avg_pool_grad(x, out, dout, kernel_size, strides, pad_mode, data_format):
    return vjp(_ops.AvgPool(kernel_size, strides, pad_mode, data_format), (x,), dout)


def _adaptive_max_pool2d_grad(y_grad, x, argmax):
    # the gradient goes to the input positions ``argmax`` names (flat over each plane), as MindSpore's kernel
    flat = _ops.zeros(tuple(x.shape[:-2]) + (x.shape[-2] * x.shape[-1],), y_grad.dtype)
    lead = tuple(y_grad.shape[:-2]) + (-1,)
    return _mint().scatter_add(flat, -1, argmax.reshape(lead), y_grad.reshape(lead)).reshape(x.shape)


def _scatter(input, dim, index, src, reduce):
    if reduce == "add":
        return _mint().scatter_add(input, dim, index, src)
    return _mint().scatter(input, dim, index, src)


def _nll_loss_grad(logits, loss_grad, labels, weight, total_weight, reduction, ignore_index):
    # MindSpore divides by the ``total_weight`` it is given (the forward's second output) for 'mean'
    summed = "sum" if reduction == "mean" else reduction
    grad = vjp(lambda t: _ops.nll_loss(t, labels, weight, ignore_index, summed), (logits,), loss_grad)
    return _ops.div(grad, total_weight) if reduction == "mean" else grad


def _upsample_grad(mode):
    """The gradient of an Upsample op: the vector-Jacobian product of ``interpolate`` at an input of
    ``input_size``."""
    def grad(dy, input_size, output_size, scales, align_corners=None):
        zeros = _ops.zeros(tuple(input_size), dy.dtype)
        return vjp(lambda t: _ops.interpolate(t, tuple(output_size), None, mode, align_corners), (zeros,), dy)
    return grad


def _resize_nearest_grad(grads, size, align_corners, half_pixel_centers):
    zeros = _ops.zeros(tuple(grads.shape[:2]) + tuple(size), grads.dtype)
    forward = _ops.ResizeNearestNeighbor(tuple(grads.shape[2:]), align_corners)
    return vjp(forward, (zeros,), grads)


def _resize_bilinear_grad(grads, image, align_corners, half_pixel_centers):
    forward = _ops.ResizeBilinearV2(align_corners, half_pixel_centers)
    return vjp(lambda t: forward(t, tuple(grads.shape[2:])), (_ops.zeros_like(image),), grads)


def _resize_bicubic_grad(grads, image, align_corners, half_pixel_centers):
    forward = _ops.ResizeBicubic(align_corners, half_pixel_centers)
    return vjp(lambda t: forward(t, tuple(grads.shape[2:])), (_ops.zeros_like(image),), grads)


def _resize_linear1d_grad(grads, x, coordinate_transformation_mode):
    forward = _ops.ResizeLinear1D(coordinate_transformation_mode)
    return vjp(lambda t: forward(t, (grads.shape[-1],)), (_ops.zeros_like(x),), grads)


def _grid_sampler_grad(cls):
    def grad(dout, input_x, grid, interpolation_mode, padding_mode, align_corners, output_mask):
        forward = cls(interpolation_mode, padding_mode, align_corners)
        return vjp(forward, (input_x, grid), dout, wrt=(0, 1))
    return grad


def _scatter_value(input, dim, index, src, reduce):
    values = _ops.fill(input.dtype, tuple(index.shape), src)
    return _scatter(input, dim, index, values, reduce)


def _group_norm(input, num_groups, weight, bias, eps):
    # MindSpore's GroupNorm also returns each group's mean and reciprocal standard deviation, shape (N, G)
    out = _ops.group_norm(input, num_groups, weight, bias, eps)
    groups = input.reshape(input.shape[0], num_groups, -1)
    mean = _mint().mean(groups, -1)
    rstd = _ops.rsqrt(_ops.add(_mint().var(groups, -1, correction=0), eps))
    return out, mean, rstd


def _layer_norm_grad(x, dy, variance, mean, gamma, begin_norm_axis, begin_params_axis):
    # (dx, dgamma, dbeta) by autograd of layer_norm at x (the statistics it is given are x's); MindSpore's
    # kernel adds 1e-12 to the variance
    shape = tuple(x.shape[begin_norm_axis % x.ndim:])
    beta = _ops.zeros_like(gamma)
    return vjp(lambda t, g, b: _ops.layer_norm(t, shape, g.reshape(shape), b.reshape(shape), 1e-12),
               (x, gamma, beta), dy, wrt=(0, 1, 2))


def _layer_norm_grad_grad(x, dy, variance, mean, gamma, d_dx, d_dg, d_db, begin_norm_axis, begin_params_axis):
    # (d x, d dy, d gamma) of <dx, d_dx> + <dgamma, d_dg> + <dbeta, d_db>, by autograd of LayerNormGrad's autograd
    shape = tuple(x.shape[begin_norm_axis % x.ndim:])
    beta = _ops.zeros_like(gamma)
    x_grad, gamma_grad, _, dy_grad = vjp_of_vjp(
        lambda t, g, b: _ops.layer_norm(t, shape, g.reshape(shape), b.reshape(shape), 1e-12),
        (x, gamma, beta), dy, (0, 1, 2), (d_dx, d_dg, d_db))
    return x_grad, dy_grad, gamma_grad


def _batch_norm_grad(dout, x, scale, saved_mean, saved_variance, reserve, is_training, epsilon, data_format):
    # (dx, dscale, dbias) by autograd of batch_norm over the saved statistics (the batch's when training)
    bias = _ops.zeros_like(scale)

    def forward(t, s, b):
        return _ops.batch_norm(t, saved_mean.copy(), saved_variance.copy(), s, b, is_training, 0.1, epsilon)
    return vjp(forward, (x, scale, bias), dout, wrt=(0, 1, 2))


def _batch_norm_grad_grad(x, dy, scale, saved_mean, saved_variance, dout_dx, dout_dscale, dout_dbias,
                          is_training, epsilon, data_format):
    # (d x, d dy, d scale) of <dx, dout_dx> + <dscale, dout_dscale> + <dbias, dout_dbias>, by autograd of
    # batch_norm's autograd (over the saved statistics, or the batch's when training)
    bias = _ops.zeros_like(scale)

    def forward(t, s, b):
        return _ops.batch_norm(t, saved_mean.copy(), saved_variance.copy(), s, b, is_training, 0.1, epsilon)
    x_grad, scale_grad, _, dy_grad = vjp_of_vjp(forward, (x, scale, bias), dy, (0, 1, 2),
                                                (dout_dx, dout_dscale, dout_dbias))
    return x_grad, dy_grad, scale_grad


def _group_norm_grad(dy, x, mean, rstd, gamma_opt, num_groups, dx_is_require, dgamma_is_require,
                     dbeta_is_require):
    # (dx, dgamma, dbeta) by autograd of group_norm at x, with GroupNorm's default epsilon
    beta = _ops.zeros_like(gamma_opt)
    return vjp(lambda t, g, b: _ops.group_norm(t, num_groups, g, b, 1e-5), (x, gamma_opt, beta), dy,
               wrt=(0, 1, 2))


def _fft_shape_copy(dout, shape):
    # dout cut to ``shape`` and zero-padded up to it (the gradient of an FFT's size change)
    cut = dout[tuple(slice(0, min(a, b)) for a, b in zip(dout.shape, shape))]
    pads = []
    for have, want in reversed(list(zip(cut.shape, shape))):
        pads += [0, want - have]
    return _ops.pad(cut, tuple(pads)) if any(pads) else cut.copy()


def _tensor_copy_slices(x, value, begin, end, strides):
    out = x.copy()
    out[tuple(slice(b, e, s) for b, e, s in zip(begin, end, strides))] = value
    return out


# MindSpore class -> flat implementation (call inputs, then constructor attributes).
IMPLEMENTATIONS = {
    # arithmetic and reductions (mint holds MindSpore's ``*_ext`` conventions)
    "AddExt": lambda input, other, alpha: _mint().add(input, other, alpha=alpha),
    "SubExt": lambda input, other, alpha: _mint().sub(input, other, alpha=alpha),
    "Divs": lambda input, other: _mint().div(input, other),
    "DivMod": lambda input, other, rounding_mode: _mint().div(input, other, rounding_mode=rounding_mode),
    "DivMods": lambda input, other, rounding_mode: _mint().div(input, other, rounding_mode=rounding_mode),
    "EqScalar": lambda input, other: _mint().eq(input, other),
    "PowScalarTensor": lambda input, exponent: _mint().pow(input, exponent),
    "PowTensorScalar": lambda input, exponent: _mint().pow(input, exponent),
    "BitwiseAndTensor": lambda input, other: _mint().bitwise_and(input, other),
    "MeanExt": lambda input, dim, keepdim, dtype: _mint().mean(input, dim, keepdim, dtype=dtype),
    "SumExt": lambda input, dim, keepdim, dtype: _mint().sum(input, dim, keepdim, dtype=dtype),
    "ProdExt": lambda input, dim, keepdim, dtype: _mint().prod(input, dim, keepdim, dtype=dtype),
    "Max": lambda input: _mint().max(input),
    "Min": lambda input: _mint().min(input),
    "MaxDim": lambda input, dim, keepdim: _mint().max(input, dim, keepdim),
    "MinDim": lambda input, dim, keepdim: _mint().min(input, dim, keepdim),
    "Any": lambda input: _mint().any(input),
    "AnyExt": lambda input, dim, keepdim: _mint().any(input, dim, keepdim),
    "TraceV2": _trace_v2,
    "TraceV2Grad": _trace_v2_grad,
    "MatMulExt": lambda input, other: _mint().matmul(input, other),
    "TExt": lambda input: _mint().t(input),
    # shapes and views
    "Chunk": lambda input, chunks, dim: _mint().chunk(input, chunks, dim),
    "ChunkView": lambda input, chunks, dim: _mint().chunk(input, chunks, dim),
    "SplitTensor": lambda input, split_size, dim: _mint().split(input, split_size, dim),
    "SplitTensorView": lambda input, split_size, dim: _mint().split(input, split_size, dim),
    "SplitWithSize": lambda input, split_size, dim: _mint().split(input, list(split_size), dim),
    "SplitWithSizeView": lambda input, split_size, dim: _mint().split(input, list(split_size), dim),
    "UnstackExtView": lambda input, dim: _mint().unbind(input, dim),
    "SliceExt": _dim_slice,
    "SliceExtView": _dim_slice,
    "DiagonalView": lambda input, offset, dim1, dim2: _ops.diagonal(input, offset, dim1, dim2),
    "ExpandDimsView": lambda input, dim: _ops.expand_dims(input, dim),
    "View": lambda input, shape: input.view(shape),
    "ViewDtype": lambda input, dtype: input.view(dtype),
    "Contiguous": lambda input: input.contiguous(),
    "Copy": lambda input: input.copy(),
    "InplaceCopy": lambda input, src, non_blocking: input.copy_(src),
    "ClampScalar": lambda input, min, max: _mint().clamp(input, min, max),
    "ClampTensor": lambda input, min, max: _mint().clamp(input, min, max),
    "RealView": lambda input: _ops.real(input),
    "GetData": lambda input: input.copy(),
    "AsStrided": lambda input, size, stride, storage_offset: _math.as_strided(
        input.reshape(-1)[storage_offset:] if storage_offset else input, size, stride),
    "Scatter": _scatter,
    "UpsampleNearest1D": lambda x, output_size, scales: _ops.interpolate(x, output_size, scales, "nearest"),
    "UpsampleNearest2D": lambda x, output_size, scales: _ops.interpolate(x, output_size, scales, "nearest"),
    "SolveTriangular": _linalg._solve_triangular,
    "LstsqV2": _linalg._lstsq_v2,
    "Correlate": lambda a, v, pad_mode: _numpy().correlate(a, v, pad_mode),
    "MaximumGradGrad": lambda x, y, dx, dy, grad_x, grad_y: (
        _ops.zeros_like(x), _ops.zeros_like(y), _ops.select(_ops.greater_equal(x, y), dx, dy)),
    "UpsampleNearest1DGrad": _upsample_grad("nearest"),
    "UpsampleNearest2DGrad": _upsample_grad("nearest"),
    "UpsampleNearest3DGrad": _upsample_grad("nearest"),
    "UpsampleTrilinear3DGrad": _upsample_grad("trilinear"),
    "ResizeNearestNeighborGrad": _resize_nearest_grad,
    "ResizeNearestNeighborV2Grad": _resize_nearest_grad,
    "PixelShuffle": lambda input, upscale_factor: _ops.pixel_shuffle(input, upscale_factor),
    "GatherNdExt": lambda input, indices: _ops.gather_nd(input, indices),
    "GroupNorm": _group_norm,
    "TensorCopySlices": _tensor_copy_slices,
    "LayerNormGrad": _layer_norm_grad,
    "GroupNormGrad": _group_norm_grad,
    "LayerNormGradGrad": _layer_norm_grad_grad,
    "BatchNormGradGrad": _batch_norm_grad_grad,
    "BatchNormGrad": _batch_norm_grad,
    "DCT": _fft._dct,
    "IDCT": _fft._idct,
    "DCTN": _fft._dctn,
    "IDCTN": _fft._idctn,
    "FFTShapeCopy": _fft_shape_copy,
    "FFTOrtho": _fft._fft_ortho,
    "ResizeBilinearGrad": _resize_bilinear_grad,
    "ResizeLinear1DGrad": _resize_linear1d_grad,
    "ResizeBicubicGrad": _resize_bicubic_grad,
    "LstsqV2Grad": lambda gX, A, B: vjp(lambda a, b: _linalg._lstsq_v2(a, b)[0], (A, B), gX, wrt=(0, 1)),
    "GluGrad": lambda grads, x, axis: vjp(lambda t: _ops.glu(t, axis), (x,), grads),
    "PReLUGrad": lambda dy, x, weight: vjp(_ops.prelu, (x, weight), dy, wrt=(0, 1)),
    "GridSampler2DGrad": _grid_sampler_grad(_ops.GridSampler2D),
    "GridSampler3DGrad": _grid_sampler_grad(_ops.GridSampler3D),
    "ScatterValue": _scatter_value,
    "BoolNot": lambda x: _ops.logical_not(Tensor(x)),
    "ImagView": lambda input: _ops.imag(input),
    "TupleToTensor": lambda input_tuple, dtype: Tensor(list(input_tuple), dtype),
    "ToDtype": lambda input, dtype, non_blocking, copy: _to_dtype(input, dtype),
    "ToDevice": lambda input, device, dtype, non_blocking, copy: _to_dtype(input, dtype),
    "ToOther": lambda input, other, non_blocking, copy: _to_dtype(input, other.dtype),
    "NewOnes": lambda input, size, dtype: _array.new_ones(input, size, dtype=dtype),
    "NewZeros": lambda input, size, dtype: _array.new_zeros(input, size, dtype=dtype),
    "NewEmpty": lambda input, size, dtype, device: _mint().empty(size, dtype=dtype or input.dtype),
    "Empty": lambda size, dtype, device, pin_memory: _mint().empty(size, dtype=dtype),
    "EmptyLike": lambda input, dtype, device, pin_memory: _mint().empty_like(input, dtype=dtype),
    # gradients: the vector-Jacobian product of the forward op at its input
    "AbsGrad": lambda x, dout: vjp(_ops.abs, (x,), dout),
    "ACosGrad": lambda x, dout: vjp(_ops.acos, (x,), dout),
    "AsinGrad": lambda x, dout: vjp(_ops.asin, (x,), dout),
    "AtanGrad": lambda x, dout: vjp(_ops.atan, (x,), dout),
    "AsinhGrad": lambda out, dout: vjp(_ops.asinh, (_ops.sinh(out),), dout),
    "FastGeLUGrad": lambda dy, x: vjp(_ops.fast_gelu, (x,), dy),
    # MindSpore's GeLU is the tanh approximation
    "GeLUGrad": lambda dy, x, y: vjp(lambda t: _ops.gelu(t, approximate="tanh"), (x,), dy),
    "HSigmoidGrad": lambda grads, input_x: vjp(_ops.hardsigmoid, (input_x,), grads),
    "HSwishGrad": lambda y_grad, x: vjp(_ops.hardswish, (x,), y_grad),
    "HShrinkGrad": lambda gradients, features, lambd: vjp(lambda t: _ops.hardshrink(t, lambd), (features,), gradients),
    "SoftShrinkGrad": lambda input_grad, input_x, lambd: vjp(lambda t: _ops.softshrink(t, lambd), (input_x,),
                                                             input_grad),
    "ReLU6Grad": lambda y_backprop, x: vjp(_ops.relu6, (x,), y_backprop),
    "ReluGrad": lambda y_backprop, x: vjp(_ops.relu, (x,), y_backprop),
    "SiLUGrad": lambda dout, x: vjp(_ops.silu, (x,), dout),
    "LogitGrad": lambda grad, input, eps: vjp(lambda t: _ops.logit(t, None if eps < 0 else eps), (input,), grad),
    "MaximumGrad": lambda x, y, grads, grad_x, grad_y: vjp(_ops.maximum, (x, y), grads, wrt=(0, 1)),
    "MinimumGrad": lambda x1, x2, grads, grad_x, grad_y: vjp(_ops.minimum, (x1, x2), grads, wrt=(0, 1)),
    "GatherDGradV2": lambda x, dim, index, dout: vjp(lambda t: _ops.gather_d(t, dim, index), (x,), dout),
    "MaskedSelectGrad": lambda input, mask, grad: vjp(lambda t: _ops.masked_select(t, mask), (input,), grad),
    "CdistGrad": lambda grad, input_x, input_y, cdist, p: vjp(lambda t: _ops.cdist(t, input_y, p), (input_x,), grad),
    "BinaryCrossEntropyGrad": lambda input, target, grad_output, weight, reduction: vjp(
        lambda t: _ops.binary_cross_entropy(t, target, weight, reduction), (input,), grad_output),
    "SmoothL1LossGrad": lambda prediction, target, dout, beta, reduction: vjp(
        lambda t: _ops.smooth_l1_loss(t, target, beta, reduction), (prediction,), dout),
    "NLLLossGrad": _nll_loss_grad,
    "BiasAddGrad": _bias_add_grad,
    "AvgPoolGrad": _avg_pool_grad,
    "AdaptiveMaxPool2DGrad": _adaptive_max_pool2d_grad,
    # gradients MindSpore computes from the forward output: closed forms shared with ops.operations._grad_ops
    "TanhGrad": lambda y, dy: _grad_ops.TanhGrad()(y, dy),
    "ReciprocalGrad": lambda y, dy: _grad_ops.InvGrad()(y, dy),
    "SigmoidGrad": lambda y, dy: _ops.mul(dy, _ops.mul(y, _ops.sub(1, y))),
    # MindSpore's SqrtGrad takes the output first, despite its parameter names
    "SqrtGrad": lambda dy, y: _ops.div(_ops.mul(y, 0.5), dy),
    "AcoshGrad": lambda out, dout: _ops.div(dout, _ops.sinh(out)),
    "LogSoftmaxGrad": lambda logits, grad, axis: _ops.sub(
        grad, _ops.mul(_ops.exp(logits), _mint().sum(grad, axis, keepdim=True))),
    "RsqrtGrad": lambda y_backprop, x: _ops.mul(_ops.mul(x, -0.5), _ops.pow(y_backprop, 3)),
    "EluGrad": _elu_grad,
}


def _functions_calling(name):
    """The generated functions that call ``gen_ops_prim.name`` in MindSpore."""
    key = f"{_MODULE}.{name}"
    return [full for full, sig in _generated.signatures().items() if sig.get("op") == key]


def _build(name):
    impl = IMPLEMENTATIONS.get(name)
    if impl is not None:
        return _generated.make_class(_MODULE, name, impl)
    found = _generated.existing(_MODULE, name, "p")
    if found is not None:  # our mindspore.ops Primitive (``ops.Abs`` is ``gen_ops_prim.Abs`` in MindSpore too)
        return found
    init, call = _generated.class_parameters(f"{_MODULE}.{name}")
    flat_names = [n for n, _ in call] + [n for n, _ in init]
    for full in _functions_calling(name):
        module, _, function_name = full.partition(".")
        function = _generated.existing(module, function_name, "f")
        params = [n for n, has_default, _ in _generated.signatures()[full]["params"] or []]
        if function is None or not set(params) <= set(flat_names):
            continue

        def flat(*values, _function=function, _params=params):
            named = dict(zip(flat_names, values))
            return _function(*(named[n] for n in _params))
        return _generated.make_class(_MODULE, name, flat)
    return None


def __getattr__(name):
    sig = _generated.signatures().get(f"{_MODULE}.{name}")
    cls = _build(name) if sig is not None and "call" in sig else None
    if cls is None:
        return _generated.from_tree(__name__, _MODULE, name)
    globals()[name] = cls
    return cls
