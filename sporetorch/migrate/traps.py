"""The usual PyTorch → MindSpore migration traps, recognised from two aligned layers' settings.

Each check takes the torch module, the Cell and the input shape the Cell saw, and returns a list
of ``(trap, message)``; the difference finder attaches them to the layer that diverges.
"""
import math

__all__ = ["layer_traps", "TRAPS"]

TRAPS = {
    "bn_momentum": "BatchNorm momentum: MindSpore's momentum weighs the old moving statistic "
                   "(MindSpore 0.9 == torch 0.1)",
    "bn_eps": "BatchNorm epsilon differs",
    "dropout_keep_prob": "Dropout: MindSpore's keep_prob is the probability to keep (1 - torch's p)",
    "pad_mode": "Convolution/pooling padding: MindSpore's pad_mode='same' pads like TensorFlow "
                "(the odd pixel after), torch pads explicitly and symmetrically",
    "stride": "Stride differs (MindSpore pooling defaults to stride 1, torch to the kernel size)",
    "layernorm_epsilon": "LayerNorm epsilon: MindSpore's default is 1e-7, torch's 1e-5",
    "gelu_approximate": "GELU: MindSpore's nn.GELU defaults to the tanh approximation, torch's to erf",
    "leaky_relu_slope": "LeakyReLU: MindSpore's default slope is 0.2, torch's 0.01",
    "default_init": "Weights left at each framework's default initialiser (not copied by the map)",
    "weight_decay": "Weight decay applied to other parameters (or another way) on one side",
    "count_include_pad": "AvgPool count_include_pad differs",
}


def _pair(v, n):
    if isinstance(v, (tuple, list)):
        return tuple(v) if len(v) == n else tuple(v) * n
    return (v,) * n


def _torch_pads(padding, n, kernel, dilation):
    if padding == "valid":
        return ((0, 0),) * n
    if padding == "same":  # torch pads the odd pixel after, as TensorFlow does
        totals = [d * (k - 1) for k, d in zip(kernel, dilation)]
        return tuple((t // 2, t - t // 2) for t in totals)
    return tuple((p, p) for p in _pair(padding, n))


def _ms_pads(cell, n, kernel, stride, dilation, in_shape):
    mode = str(getattr(cell, "pad_mode", "pad")).lower()
    if mode == "valid":
        return ((0, 0),) * n
    if mode == "same":
        out = []
        for i in range(n):
            size = in_shape[-n + i] if in_shape is not None and len(in_shape) >= n else None
            if size is None:
                return None
            total = max((math.ceil(size / stride[i]) - 1) * stride[i] + (kernel[i] - 1) * dilation[i] + 1 - size, 0)
            out.append((total // 2, total - total // 2))
        return tuple(out)
    pad = getattr(cell, "padding", 0)
    if isinstance(pad, (tuple, list)) and len(pad) == 2 * n:  # (top, bottom, left, right[, ...])
        return tuple((pad[2 * i], pad[2 * i + 1]) for i in range(n))
    return tuple((p, p) for p in _pair(pad, n))


def _spatial(kind):
    return 1 if kind.endswith("1d") else 3 if kind.endswith("3d") else 2


def _conv(tm, cell, kind, in_shape):
    n = _spatial(kind)
    out = []
    kernel = _pair(tm.kernel_size, n)
    stride, dilation = _pair(tm.stride, n), _pair(tm.dilation, n)
    ms_kernel = _pair(cell.kernel_size, n) if n != 1 else (_pair(cell.kernel_size, 2)[-1],)
    ms_stride = _pair(cell.stride, n) if n != 1 else (_pair(cell.stride, 2)[-1],)
    ms_dil = _pair(cell.dilation, n) if n != 1 else (_pair(cell.dilation, 2)[-1],)
    if ms_stride != stride:
        out.append(("stride", f"stride {ms_stride} in MindSpore vs {stride} in torch"))
    tp = _torch_pads(tm.padding, n, kernel, dilation)
    if n == 1 and isinstance(getattr(cell, "padding", 0), (tuple, list)) and len(cell.padding) == 4:
        mp = (tuple(cell.padding[2:4]),) if str(cell.pad_mode).lower() == "pad" else \
            _ms_pads(cell, 1, ms_kernel, ms_stride, ms_dil, in_shape)
    else:
        mp = _ms_pads(cell, n, ms_kernel, ms_stride, ms_dil, in_shape)
    if mp is not None and mp != tp:
        out.append(("pad_mode", f"pad_mode={cell.pad_mode!r} pads (before, after) {mp} where torch pads {tp}; "
                                f"use pad_mode='pad', padding={tp[0][0]}" if len(set(tp)) == 1 and tp[0][0] == tp[0][1]
                    else f"padding {mp} in MindSpore vs {tp} in torch"))
    return out


def _pool(tm, cell, kind, in_shape):
    n = _spatial(kind)
    kernel = _pair(tm.kernel_size, n)
    stride = _pair(tm.stride if tm.stride is not None else tm.kernel_size, n)
    out = []
    ms_kernel, ms_stride = _pair(cell.kernel_size, n), _pair(cell.stride, n)
    if ms_stride != stride:
        out.append(("stride", f"stride {ms_stride} in MindSpore vs {stride} in torch (MindSpore's pooling "
                              "stride defaults to 1, torch's to the kernel size)"))
    dilation = _pair(getattr(tm, "dilation", 1), n)
    tp = _torch_pads(tm.padding, n, kernel, dilation)
    mp = _ms_pads(cell, n, ms_kernel, ms_stride, _pair(getattr(cell, "dilation", 1), n), in_shape)
    if mp is not None and mp != tp:
        out.append(("pad_mode", f"pad_mode={str(cell.pad_mode).lower()!r} pads (before, after) {mp} where torch "
                                f"pads {tp}; use pad_mode='pad', padding={tp[0][0]}"))
    if kind.startswith("avgpool") and hasattr(cell, "count_include_pad") and \
            bool(cell.count_include_pad) != bool(tm.count_include_pad):
        out.append(("count_include_pad", f"count_include_pad={cell.count_include_pad} in MindSpore vs "
                                         f"{tm.count_include_pad} in torch"))
    return out


def _batchnorm(tm, cell, kind, in_shape):
    out = []
    # sporetorch (like MindSpore) stores 1 - momentum, the weight of the new batch statistic.
    ms_new = getattr(cell, "momentum", None)
    if ms_new is not None and tm.momentum is not None and abs(ms_new - tm.momentum) > 1e-6:
        given = round(1 - ms_new, 6)
        if abs(ms_new - (1 - tm.momentum)) < 1e-6:
            out.append(("bn_momentum", f"BatchNorm momentum={given} is torch's value; MindSpore's momentum "
                                       f"weighs the old statistic, so torch's {tm.momentum} is "
                                       f"momentum={round(1 - tm.momentum, 6)} in MindSpore"))
        else:
            out.append(("bn_momentum", f"BatchNorm momentum={given} in MindSpore is {round(ms_new, 6)} in torch's "
                                       f"convention, but torch uses {tm.momentum}"))
    eps = getattr(cell, "eps", None)
    if eps is not None and abs(eps - tm.eps) > 1e-12:
        out.append(("bn_eps", f"eps={eps} in MindSpore vs {tm.eps} in torch"))
    return out


def _dropout(tm, cell, kind, in_shape):
    p = getattr(cell, "p", None)
    ms_drop = p if p is not None else 1 - getattr(cell, "keep_prob", 1.0)
    if abs(ms_drop - tm.p) < 1e-6:
        return []
    if abs(ms_drop - (1 - tm.p)) < 1e-6:
        return [("dropout_keep_prob", f"Dropout drops {ms_drop:g} in MindSpore but {tm.p:g} in torch: keep_prob "
                                      f"was given torch's p; use keep_prob={1 - tm.p:g} or p={tm.p:g}")]
    return [("dropout_keep_prob", f"Dropout drops {ms_drop:g} in MindSpore but {tm.p:g} in torch")]


def _layernorm(tm, cell, kind, in_shape):
    eps = getattr(cell, "epsilon", None)
    if eps is not None and abs(eps - tm.eps) > 1e-12:
        return [("layernorm_epsilon", f"LayerNorm epsilon={eps:g} in MindSpore vs eps={tm.eps:g} in torch; "
                                      f"pass epsilon={tm.eps:g}")]
    return []


def _gelu(tm, cell, kind, in_shape):
    ms_tanh = bool(getattr(cell, "approximate", False))
    if ms_tanh != (tm.approximate == "tanh"):
        return [("gelu_approximate", f"GELU approximate={ms_tanh} in MindSpore vs approximate={tm.approximate!r} "
                                     "in torch")]
    return []


def _leaky(tm, cell, kind, in_shape):
    alpha = getattr(cell, "alpha", None)
    if alpha is not None and abs(alpha - tm.negative_slope) > 1e-12:
        return [("leaky_relu_slope", f"LeakyReLU alpha={alpha:g} in MindSpore vs negative_slope="
                                     f"{tm.negative_slope:g} in torch")]
    return []


_CHECKS = {
    "conv1d": _conv, "conv2d": _conv, "conv3d": _conv,
    "maxpool1d": _pool, "maxpool2d": _pool, "maxpool3d": _pool,
    "avgpool1d": _pool, "avgpool2d": _pool, "avgpool3d": _pool,
    "batchnorm": _batchnorm, "dropout": _dropout, "layernorm": _layernorm, "gelu": _gelu,
    "leaky_relu": _leaky,
}


def layer_traps(torch_module, cell, kind, in_shape=None):
    """The traps found between two aligned layers of family ``kind``: a list of ``(trap, message)``."""
    check = _CHECKS.get(kind)
    if check is None:
        return []
    try:
        return check(torch_module, cell, kind, in_shape)
    except (AttributeError, TypeError, ValueError, IndexError):  # a custom layer with the family's name
        return []
