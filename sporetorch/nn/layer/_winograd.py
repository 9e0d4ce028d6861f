"""3x3 stride-1 convolutions by Winograd's minimal filtering F(2x2, 3x3), one of the kernels that
GRAPH_MODE's convolution timing (``_conv_tuning``) may choose on the CPU.

Every 2x2 output tile of a 3x3 convolution is computed from a 4x4 input tile as
``A^T [(G w G^T) * (B^T d B)] A``: the input and the filter are taken to a 16-point transform
domain, where the convolution is 16 matrix products (one per point, over the channels), and the
product is taken back. That is 16 multiplications per output tile where the direct convolution
needs 36, for the forward pass and both gradients (whose transforms are the transposes of
these). The transforms are element-wise, compiled once per shape with TorchDynamo and inductor;
the products run on oneDNN as grouped 1x1 convolutions and on BLAS as a batched matmul.

Its rounding differs from the direct convolution's (sums taken in another order, through the
transforms' additions): against a float64 reference its float32 error is of the direct
kernels' size or smaller. The timing keeps it only where it is faster. Which convolutions it
serves: float32, 3x3, stride 1, padding 1, dilation 1, one group, even height and width, and at
least ``MIN_CHANNELS`` input and output channels, where the products are large enough to run
near the GEMM peak; and only where inductor can compile (a C compiler is present).
"""
import functools

import torch
import torch.nn.functional as F

from ...common.jit import default_backend

__all__ = ["admit", "products", "forward", "backward"]

MIN_CHANNELS = 64
_shapes = set()


def _shape_limit():
    """TorchDynamo compiles each transform once per shape and, past its recompile limit, runs it
    uncompiled (and slow) with a warning; no more shapes than that are admitted. (Read when
    needed: importing TorchDynamo at ``import sporetorch`` would cost every user a second.)"""
    return torch._dynamo.config.recompile_limit


def admit(x, w, conv):
    """Whether a convolution of ``x`` by ``w`` with ``conv``'s arguments can run as F(2x2, 3x3),
    counting its shape against the shapes the compiled transforms may take."""
    if not (x.dtype == torch.float32 and w.shape[2:] == (3, 3) and conv.groups == 1
            and conv.stride == [1, 1] and conv.padding == [1, 1] and conv.dilation == [1, 1]
            and x.shape[2] % 2 == 0 and x.shape[3] % 2 == 0
            and min(w.shape[0], w.shape[1]) >= MIN_CHANNELS and default_backend() == "inductor"):
        return False
    shape = (tuple(x.shape), tuple(w.shape))
    if shape not in _shapes:
        if len(_shapes) >= _shape_limit():
            return False
        _shapes.add(shape)
    return True


# The transforms along one axis of a tile. B^T, G and A^T are Lavin & Gray's matrices for F(2, 3);
# the ``_t`` forms apply their transposes, for the gradients.
def _bt(v0, v1, v2, v3):
    return v0 - v2, v1 + v2, v2 - v1, v1 - v3


def _bt_t(v0, v1, v2, v3):
    return v0, v1 - v2 + v3, v1 + v2 - v0, -v3


def _g(v0, v1, v2):
    return v0, (v0 + v1 + v2) * 0.5, (v0 - v1 + v2) * 0.5, v2


def _g_t(v0, v1, v2, v3):
    return v0 + (v1 + v2) * 0.5, (v1 - v2) * 0.5, (v1 + v2) * 0.5 + v3


def _at(v0, v1, v2, v3):
    return v0 + v1 + v2, v1 - v2 - v3


def _at_t(v0, v1):
    return v0, v0 + v1, v0 - v1, -v1


def _input_tiles(x):
    """x [N, C, H, W] -> the transformed 4x4 input tiles, [N*H/2*W/2, 16, C]."""
    n, c, h, w = x.shape
    th, tw = h // 2, w // 2
    xh = F.pad(x, (1, 1, 1, 1)).permute(0, 2, 3, 1)
    tiles = []
    for row in _bt(*(xh[:, k:k + 2 * th:2] for k in range(4))):
        tiles += _bt(*(row[:, :, k:k + 2 * tw:2] for k in range(4)))
    return torch.stack(tiles, 3).reshape(n * th * tw, 16, c)


def _filter_tiles(w):
    """w [K, C, 3, 3] -> the transformed filter, [16, K, C]."""
    tiles = []
    for row in _g(w[:, :, 0], w[:, :, 1], w[:, :, 2]):
        tiles += _g(row[..., 0], row[..., 1], row[..., 2])
    return torch.stack(tiles, 0)


def _output(m, n, h, w):
    """The products [N*H/2*W/2, 16, K] -> the output [N, K, H, W], channels-last."""
    k = m.shape[-1]
    m = m.view(n, h // 2, w // 2, 4, 4, k)
    rows = []
    for row in _at(*(m[:, :, :, a] for a in range(4))):
        rows.append(torch.stack(_at(*(row[:, :, :, b] for b in range(4))), 3))
    return torch.stack(rows, 2).reshape(n, h, w, k).permute(0, 3, 1, 2)


def _output_grad(gy):
    """The gradient of ``_output``: gy [N, K, H, W] -> [N*H/2*W/2, 16, K]."""
    n, k, h, w = gy.shape
    g = gy.permute(0, 2, 3, 1).reshape(n, h // 2, 2, w // 2, 2, k)
    tiles = []
    for row in _at_t(g[:, :, 0], g[:, :, 1]):
        tiles += _at_t(row[:, :, :, 0], row[:, :, :, 1])
    return torch.stack(tiles, 3).reshape(-1, 16, k)


def _overlap_add(parts, dim):
    """Sum tiles that overlap by two along ``dim``: parts[i] holds rows 2t + i of each tile t."""
    size = list(parts[0].shape)
    size[dim] *= 2
    first = torch.stack(parts[:2], dim + 1).reshape(size)
    second = torch.stack(parts[2:], dim + 1).reshape(size)
    pad_first = [0, 0] * (first.dim() - 1 - dim) + [0, 2]
    pad_second = [0, 0] * (first.dim() - 1 - dim) + [2, 0]
    return F.pad(first, pad_first) + F.pad(second, pad_second)


def _input_grad(gv, n, h, w):
    """The gradient of ``_input_tiles``: [N*H/2*W/2, 16, C] -> [N, C, H, W], channels-last."""
    c = gv.shape[-1]
    v = gv.view(n, h // 2, w // 2, 4, 4, c)
    rows = _overlap_add(_bt_t(*(v[:, :, :, a] for a in range(4))), 1)
    full = _overlap_add(_bt_t(*(rows[:, :, :, b] for b in range(4))), 2)
    return full[:, 1:h + 1, 1:w + 1].permute(0, 3, 1, 2)


def _filter_grad(gu):
    """The gradient of ``_filter_tiles``: [16, K, C] -> [K, C, 3, 3]."""
    u = gu.view(4, 4, *gu.shape[1:])
    taps = []
    for row in _g_t(*(u[a] for a in range(4))):
        taps += _g_t(*(row[b] for b in range(4)))
    return torch.stack(taps, -1).view(*gu.shape[1:], 3, 3)


def _forward_tiles(x, w):
    return _input_tiles(x), _filter_tiles(w)


def _gradients(g_tiles, g_filters, n, h, w):
    return _input_grad(g_tiles, n, h, w), _filter_grad(g_filters)


@functools.cache
def _kernel(fn):
    """``fn`` compiled with inductor for static shapes (TorchDynamo recompiles it per shape; inductor
    fails on some of these transforms with symbolic shapes). Transforms that run back to back are
    compiled as one function, and their inputs always come channels-last (TorchDynamo also
    recompiles for other strides): each compilation costs seconds on the first call of a shape."""
    return torch.compile(fn, backend="inductor", fullgraph=True, dynamic=False)


def products(tiles, filters):
    """Per transform point p: tiles[:, p] @ filters[p]^T, as a 16-group 1x1 convolution on oneDNN."""
    points, cin = tiles.shape[0], tiles.shape[2]
    image = tiles.view(1, points, 1, 16 * cin).permute(0, 3, 1, 2)
    out = F.conv2d(image, filters.reshape(-1, cin, 1, 1), groups=16)
    return out.permute(0, 2, 3, 1).reshape(points, 16, -1)


def _tiles(x, w):
    return _kernel(_forward_tiles)(x.contiguous(memory_format=torch.channels_last), w.contiguous())


def forward(x, w, bias):
    """The convolution of ``x`` [N, C, H, W] by ``w`` [K, C, 3, 3], stride 1 and padding 1, in
    channels-last, and what ``backward`` needs of it: ``x`` and ``w`` themselves. The input tiles
    are 4x the input's size, so the backward pass transforms the input again rather than keep
    them (a memory-bound pass over the tiles; the input is kept for the backward anyway)."""
    n, _, h, width = x.shape
    tiles, filters = _tiles(x, w)
    y = _kernel(_output)(products(tiles, filters), n, h, width)
    del tiles  # freed before the bias is added
    return (y if bias is None else y + bias.view(1, -1, 1, 1)), (x, w)


def backward(g, x_shape, saved):
    """The gradients of ``forward`` for the input (channels-last) and the weight, from what it saved."""
    n, _, h, width = x_shape
    g_products = _kernel(_output_grad)(g.contiguous(memory_format=torch.channels_last))
    tiles, filters = _tiles(*saved)
    # The weight's gradient first, so that the input tiles are freed before the input's gradient
    # tiles are made: at most two buffers of tiles are alive at once.
    g_filters = torch.bmm(g_products.permute(1, 2, 0), tiles.permute(1, 0, 2))
    del tiles
    g_tiles = products(g_products, filters.transpose(1, 2))
    del g_products
    return _kernel(_gradients)(g_tiles, g_filters, n, h, width)
