"""MindSpore's ``nn.optim.thor`` module: the helpers of the THOR second-order optimizer (gradient clipping,
weight decay, the layer-type mask of a network, THOR's matrix tiling shapes).

``thor()`` and ``ThorGpu`` themselves are not here: their step needs THOR's Cholesky kernels, which
MindSpore 2.10's CPU build does not have (see ``data/ms_cpu_cannot_run/nn.json``)."""
from ... import ops
from ..._checkparam import check_value_type
from ...common.tensor import Tensor

# Layer types of THOR's mask (MindSpore's values)
Conv, FC, Embedding, LayerNorm, BatchNorm, Other = 1, 2, 3, 4, 5, -1
IS_ENABLE_GLOBAL_NORM = False
GRADIENT_CLIP_TYPE = 1
GRADIENT_CLIP_VALUE = 1.0
C0 = 16


def _tensor_apply_decay(weight_decay, if_apply, weight, gradient):
    """``weight * weight_decay + gradient`` when ``if_apply``, else ``gradient``."""
    if if_apply:
        return ops.addn((weight * weight_decay, gradient))
    return gradient


def _tensor_run_opt_ext(opt, momentum, learning_rate, gradient, weight, moment):
    """One momentum step through the Primitive ``opt(weight, moment, lr, gradient, momentum)``; returns True."""
    opt(weight, moment, learning_rate, gradient, momentum)
    return True


def _clip_grad(clip_type, clip_value, grad):
    """``grad`` clipped to ``[-clip_value, clip_value]`` (``clip_type`` 0) or to L2 norm ``clip_value``
    (``clip_type`` 1, :class:`nn.ClipByNorm`); unchanged for any other type."""
    from ..layer.basic import ClipByNorm
    if clip_type not in [0, 1]:
        return grad
    dt = grad.dtype
    if clip_type == 0:
        return ops.clip_by_value(grad, ops.cast(Tensor([-clip_value]), dt), ops.cast(Tensor([clip_value]), dt))
    return ClipByNorm()(grad, ops.cast(Tensor([clip_value]), dt))


def clip_gradient(enable_clip_grad, gradients):
    """The gradients each clipped to norm ``GRADIENT_CLIP_VALUE`` when ``enable_clip_grad``."""
    if enable_clip_grad:
        if IS_ENABLE_GLOBAL_NORM:
            return ops.clip_by_global_norm(gradients, GRADIENT_CLIP_VALUE, None)
        return tuple(_clip_grad(GRADIENT_CLIP_TYPE, GRADIENT_CLIP_VALUE, g) for g in gradients)
    return gradients


def _check_param(momentum, frequency, lr, cls_name):
    """THOR's argument checks, with MindSpore's messages."""
    check_value_type("momentum", momentum, [float], cls_name)
    if isinstance(momentum, float) and momentum < 0.0:
        raise ValueError("For 'thor', the argument 'momentum' must be at least 0.0, "
                         "but got 'momentum' {}.".format(momentum))
    check_value_type("frequency", frequency, [int], cls_name)
    if isinstance(frequency, int) and frequency < 2:
        raise ValueError("For 'thor', the argument 'frequency' must be at least 2, "
                         "but got 'frequency' {}.".format(frequency))
    check_value_type("learning rate", lr, [Tensor], cls_name)


def caculate_device_shape(matrix_dim, channel, is_a):
    """THOR's tiled shape of a ``matrix_dim`` square matrix (16x16 tiles; an A matrix of fewer than 16
    channels is padded to 16), and its dimension: ``((n, n, 16, 16), dim)``."""
    if is_a and channel // C0 == 0:
        matrix_dim = (matrix_dim / channel) * C0
    return (int(matrix_dim // C0), int(matrix_dim // C0), C0, C0), int(matrix_dim)


# (G shape, A shape) pairs THOR's fused convolution kernel supports
_CONV_MATMUL_SHAPES = {
    ((4, 4, 16, 16), (49, 49, 16, 16)), ((4, 4, 16, 16), (4, 4, 16, 16)), ((4, 4, 16, 16), (36, 36, 16, 16)),
    ((16, 16, 16, 16), (4, 4, 16, 16)), ((4, 4, 16, 16), (16, 16, 16, 16)), ((8, 8, 16, 16), (16, 16, 16, 16)),
    ((8, 8, 16, 16), (72, 72, 16, 16)), ((32, 32, 16, 16), (8, 8, 16, 16)), ((32, 32, 16, 16), (16, 16, 16, 16)),
    ((8, 8, 16, 16), (32, 32, 16, 16)), ((16, 16, 16, 16), (32, 32, 16, 16)), ((16, 16, 16, 16), (144, 144, 16, 16)),
    ((64, 64, 16, 16), (16, 16, 16, 16)), ((64, 64, 16, 16), (32, 32, 16, 16)), ((16, 16, 16, 16), (64, 64, 16, 16)),
    ((32, 32, 16, 16), (64, 64, 16, 16)), ((32, 32, 16, 16), (288, 288, 16, 16)),
    ((128, 128, 16, 16), (32, 32, 16, 16)), ((128, 128, 16, 16), (64, 64, 16, 16)),
    ((32, 32, 16, 16), (128, 128, 16, 16)),
}


def is_conv_matmul_support_shape(matrix_a_shape, matrix_g_shape):
    """Whether THOR's fused convolution kernel supports this pair of tiled A and G shapes."""
    return (matrix_g_shape, matrix_a_shape) in _CONV_MATMUL_SHAPES


def _batches(dim, split_dim):
    if dim % split_dim == 0:
        return dim // split_dim, split_dim
    if dim < split_dim:
        return 1, dim
    return dim // split_dim + 1, split_dim


def caculate_matmul_shape(matrix_a_dim, matrix_g_dim, split_dim):
    """THOR's batched shapes of the A and G matrices split into ``split_dim`` blocks:
    ``((batch_h, batch_w, a, a), (batch_h, g, g))``."""
    batch_w, split_dima = _batches(matrix_a_dim, split_dim)
    batch_h, split_dimg = _batches(matrix_g_dim, split_dim)
    return (batch_h, batch_w, split_dima, split_dima), (batch_h, split_dimg, split_dimg)


def get_layer_type_for_dense_and_conv(subcell, prefix, layertype_map):
    """Append ``Other`` for a trainable Dense/Conv2d (except the later convolutions of an RPN's list)."""
    if subcell.weight.requires_grad:
        low = prefix.lower()
        if "rpn_with_loss.rpn_convs_list." not in low or "rpn_with_loss.rpn_convs_list.0." in low:
            layertype_map.append(Other)


def find_net_layertype_recur(net, layertype_map):
    """Append the THOR layer type of each layer of ``net`` (depth first) to ``layertype_map``."""
    from ... import _module_tree
    from .. import layer as L
    thor = {n: _module_tree.resolve("mindspore.nn.layer.thor_layer", n)
            for n in ("Conv2dThor", "DenseThor", "EmbeddingThor", "EmbeddingLookupThor")}
    cells = net.name_cells()
    for name in cells:
        subcell = cells[name]
        if subcell == net:
            continue
        if isinstance(subcell, thor["Conv2dThor"]):
            layertype_map.append(Conv)
        elif isinstance(subcell, thor["DenseThor"]):
            layertype_map.append(FC)
        elif isinstance(subcell, (thor["EmbeddingThor"], thor["EmbeddingLookupThor"])):
            layertype_map.append(Embedding)
        elif isinstance(subcell, L.LayerNorm):
            layertype_map.append(LayerNorm)
        elif isinstance(subcell, L.BatchNorm2d):
            if subcell.gamma.requires_grad:
                layertype_map.append(BatchNorm)
        elif isinstance(subcell, (L.Conv2d, L.Dense, L.Embedding, L.Conv2dTranspose, L.Conv1d, L.Conv1dTranspose,
                                  L.BatchNorm1d, L.GroupNorm)):
            if isinstance(subcell, (L.Dense, L.Conv2d)):
                get_layer_type_for_dense_and_conv(subcell, subcell.param_prefix, layertype_map)
            else:
                layertype_map.append(Other)
        else:
            find_net_layertype_recur(subcell, layertype_map)


def get_net_layertype_mask(net):
    """THOR's layer types of ``net``, in order."""
    layertype_map = []
    find_net_layertype_recur(net, layertype_map)
    return layertype_map


def get_layer_counter(layer_type, layer_counter, params, idx):
    """THOR's layer index after Parameter ``params[idx]``: a layer ends at its bias (its beta for norms), or at
    a weight not followed by a bias."""
    name = params[idx].name.lower()
    next_is_bias = idx < len(params) - 1 and "bias" in params[idx + 1].name.lower()
    if layer_type in [Conv, FC]:
        if "bias" in name or (idx < len(params) - 1 and not next_is_bias):
            layer_counter += 1
    elif layer_type in [LayerNorm, BatchNorm]:
        if "beta" in name:
            layer_counter += 1
    elif "bias" in name:
        layer_counter += 1
    elif "weight" in name:
        if idx < len(params) - 1 and not next_is_bias:
            layer_counter += 1
    else:
        layer_counter += 1
    return layer_counter


__all__ = []
