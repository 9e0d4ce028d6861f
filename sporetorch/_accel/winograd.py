"""3x3 stride-1 convolutions by Winograd's minimal filtering F(2x2, 3x3), one of the kernels that
GRAPH_MODE's convolution timing (``_conv_tuning``) may choose on the CPU.

Every 2x2 output tile of a 3x3 convolution is computed from a 4x4 input tile as
``A^T [(G w G^T) * (B^T d B)] A``: the input and the filter are taken to a 16-point transform
domain, where the convolution is 16 matrix products (one per point, over the channels), and the
product is taken back. That is 16 multiplications per output tile where the direct convolution
needs 36, for the forward pass and both gradients (whose transforms are the transposes of
these). The products run on oneDNN as grouped 1x1 convolutions (transposed ones for the input's
gradient) and, for the weight's gradient, on BLAS as a batched matmul.
The element-wise tile transforms of the input and the output are memory-bound passes that torch
would run as a dozen kernels each; they are four small C functions (below), compiled once per
machine into sporetorch's cache folder and loaded with ``ctypes``: no per-shape compilation, and
none of inductor's import and compile memory in the process that runs them (225-275 MB of peak RSS). The
filter's transforms (small) are torch matrix products.

Its rounding differs from the direct convolution's (sums taken in another order, through the
transforms' additions): against a float64 reference its float32 error is of the direct
kernels' size or smaller. The timing keeps it only where it is faster. Which convolutions it
serves: float32, 3x3, stride 1, padding 1, dilation 1, one group, even height and width, and at
least ``MIN_CHANNELS`` input and output channels, where the products are large enough to run
near the GEMM peak; and only where code generation is allowed (inductor is the jit backend: a C
compiler is present) and the transforms compile.
"""
import ctypes
import hashlib
import os
import platform
import shutil
import subprocess
import tempfile

import torch
import torch.nn.functional as F

from .._device import cpu_flags
from . import cache
from ._common import engage

__all__ = ["admit", "available", "products", "products_transposed", "forward", "backward"]

MIN_CHANNELS = 64

# Tiles are [N*H/2*W/2, 16, C] (point a*4+b: a along the height, b along the width), images
# channels-last [N, H, W, C]. B^T, A^T are Lavin & Gray's matrices for F(2, 3); the ``_T`` forms
# apply their transposes, for the gradients. The body is compiled once per element type.
_SOURCE_HEAD = r"""
#include <stdint.h>
#define BT(v0, v1, v2, v3, o0, o1, o2, o3) o0 = v0 - v2; o1 = v1 + v2; o2 = v2 - v1; o3 = v1 - v3;
#define BT_T(v0, v1, v2, v3, o0, o1, o2, o3) o0 = v0; o1 = v1 - v2 + v3; o2 = v1 + v2 - v0; o3 = -v3;
#define AT(v0, v1, v2, v3, o0, o1) o0 = v0 + v1 + v2; o1 = v1 - v2 - v3;
#define AT_T(v0, v1, o0, o1, o2, o3) o0 = v0; o1 = v0 + v1; o2 = v0 - v1; o3 = -v1;
"""
_SOURCE_BODY = r"""
/* x [N, H, W, C] -> B^T d B of every 4x4 tile d (rows 2i-1 .. 2i+2, zero outside). */
void NAME(input_tiles)(const REAL *restrict x, REAL *restrict out, const REAL *restrict zeros,
                       int64_t n, int64_t h, int64_t w, int64_t c, int nt) {
    int64_t th = h / 2, tw = w / 2;
    #pragma omp parallel for num_threads(nt) if(nt > 1) schedule(static)
    for (int64_t q = 0; q < n * th; q++) {
        int64_t b = q / th, i = q % th;
        for (int64_t j = 0; j < tw; j++) {
            const REAL *src[16];
            for (int r = 0; r < 4; r++) {
                for (int s = 0; s < 4; s++) {
                    int64_t y = 2 * i - 1 + r, z = 2 * j - 1 + s;
                    src[r * 4 + s] = (y < 0 || y >= h || z < 0 || z >= w) ? zeros : x + ((b * h + y) * w + z) * c;
                }
            }
            REAL *dst = out + (q * tw + j) * 16 * c;
            for (int64_t k = 0; k < c; k++) {
                REAL d[16], t[16];
                for (int e = 0; e < 16; e++) d[e] = src[e][k];
                for (int s = 0; s < 4; s++) { BT(d[s], d[4 + s], d[8 + s], d[12 + s], t[s], t[4 + s], t[8 + s], t[12 + s]) }
                for (int a = 0; a < 4; a++) {
                    REAL *o = dst + a * 4 * c + k;
                    BT(t[4 * a], t[4 * a + 1], t[4 * a + 2], t[4 * a + 3], o[0], o[c], o[2 * c], o[3 * c])
                }
            }
        }
    }
}

/* The products [N*H/2*W/2, 16, C] -> y [N, H, W, C] = A^T m A (+ bias, which may be NULL); y's
   pixels are ldy apart (C channels of a wider image). */
void NAME(output)(const REAL *restrict m, const REAL *restrict bias, REAL *restrict y,
                  int64_t n, int64_t h, int64_t w, int64_t c, int64_t ldy, int nt) {
    int64_t th = h / 2, tw = w / 2;
    #pragma omp parallel for num_threads(nt) if(nt > 1) schedule(static)
    for (int64_t q = 0; q < n * th; q++) {
        int64_t b = q / th, i = q % th;
        for (int64_t j = 0; j < tw; j++) {
            const REAL *src = m + (q * tw + j) * 16 * c;
            REAL *dst[4];
            for (int u = 0; u < 2; u++)
                for (int v = 0; v < 2; v++) dst[u * 2 + v] = y + ((b * h + 2 * i + u) * w + 2 * j + v) * ldy;
            for (int64_t k = 0; k < c; k++) {
                REAL d[16], t[8], o[4];
                for (int e = 0; e < 16; e++) d[e] = src[e * c + k];
                for (int s = 0; s < 4; s++) { AT(d[s], d[4 + s], d[8 + s], d[12 + s], t[s], t[4 + s]) }
                AT(t[0], t[1], t[2], t[3], o[0], o[1])
                AT(t[4], t[5], t[6], t[7], o[2], o[3])
                REAL bk = bias ? bias[k] : (REAL)0;
                for (int e = 0; e < 4; e++) dst[e][k] = o[e] + bk;
            }
        }
    }
}

/* The gradient of output: g [N, H, W, C] -> [N*H/2*W/2, 16, C]. */
void NAME(output_grad)(const REAL *restrict g, REAL *restrict out, int64_t n, int64_t h, int64_t w,
                       int64_t c, int nt) {
    int64_t th = h / 2, tw = w / 2;
    #pragma omp parallel for num_threads(nt) if(nt > 1) schedule(static)
    for (int64_t q = 0; q < n * th; q++) {
        int64_t b = q / th, i = q % th;
        for (int64_t j = 0; j < tw; j++) {
            const REAL *src[4];
            for (int u = 0; u < 2; u++)
                for (int v = 0; v < 2; v++) src[u * 2 + v] = g + ((b * h + 2 * i + u) * w + 2 * j + v) * c;
            REAL *dst = out + (q * tw + j) * 16 * c;
            for (int64_t k = 0; k < c; k++) {
                REAL t[8];
                AT_T(src[0][k], src[2][k], t[0], t[2], t[4], t[6])
                AT_T(src[1][k], src[3][k], t[1], t[3], t[5], t[7])
                for (int a = 0; a < 4; a++) {
                    REAL *o = dst + a * 4 * c + k;
                    AT_T(t[2 * a], t[2 * a + 1], o[0], o[c], o[2 * c], o[3 * c])
                }
            }
        }
    }
}

/* The gradient of input_tiles: each tile's B gv B^T is added where the tile read its input. Tiles
   of rows i and i + 1 overlap, so even and odd tile rows take turns; what falls in the padding is
   added to a scratch row. gx's pixels are ldx apart (C channels of a wider image). */
void NAME(input_grad)(const REAL *restrict gv, REAL *restrict gx, int64_t n, int64_t h, int64_t w,
                      int64_t c, int64_t ldx, int nt) {
    int64_t th = h / 2, tw = w / 2;
    for (int parity = 0; parity < 2; parity++) {
        int64_t rows = (th + 1 - parity) / 2;
        #pragma omp parallel for num_threads(nt) if(nt > 1) schedule(static)
        for (int64_t q2 = 0; q2 < n * rows; q2++) {
            int64_t b = q2 / rows, i = 2 * (q2 % rows) + parity, q = b * th + i;
            REAL scratch[c];
            for (int64_t j = 0; j < tw; j++) {
                const REAL *src = gv + (q * tw + j) * 16 * c;
                REAL *dst[16];
                for (int r = 0; r < 4; r++) {
                    for (int s = 0; s < 4; s++) {
                        int64_t y = 2 * i - 1 + r, z = 2 * j - 1 + s;
                        dst[r * 4 + s] = (y < 0 || y >= h || z < 0 || z >= w) ? scratch : gx + ((b * h + y) * w + z) * ldx;
                    }
                }
                for (int64_t k = 0; k < c; k++) {
                    REAL d[16], t[16], o[16];
                    for (int e = 0; e < 16; e++) d[e] = src[e * c + k];
                    for (int s = 0; s < 4; s++) { BT_T(d[s], d[4 + s], d[8 + s], d[12 + s], t[s], t[4 + s], t[8 + s], t[12 + s]) }
                    for (int r = 0; r < 4; r++) {
                        BT_T(t[4 * r], t[4 * r + 1], t[4 * r + 2], t[4 * r + 3], o[4 * r], o[4 * r + 1], o[4 * r + 2], o[4 * r + 3])
                    }
                    for (int e = 0; e < 16; e++) dst[e][k] += o[e];
                }
            }
        }
    }
}
"""
_TYPES = (("float", "f32", torch.float32), ("double", "f64", torch.float64))
_SOURCE = _SOURCE_HEAD + "".join(f"#define REAL {ctype}\n#define NAME(f) f##_{suffix}\n{_SOURCE_BODY}#undef REAL\n"
                                 "#undef NAME\n" for ctype, suffix, _ in _TYPES)
# Tried in order: OpenMP splits each pass over torch's threads; without it, one thread does.
_FLAG_SETS = (["-O3", "-march=native", "-fopenmp"], ["-O3", "-fopenmp"], ["-O3"])
_state = {"lib": None, "tried": False, "error": None}


def _compiler():
    return shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")


def _compiler_allowed():
    """Whether code generation is allowed: ``SPORETORCH_JIT_BACKEND`` names no backend without it."""
    return os.environ.get("SPORETORCH_JIT_BACKEND", "inductor") in ("", "inductor")


def _build(compiler):
    """Compile ``_SOURCE`` into the cache folder (once per machine, compiler and source) and load it."""
    tag = hashlib.sha256(repr((_SOURCE, compiler, platform.machine(), cpu_flags())).encode()).hexdigest()[:16]
    folder = cache.folder("kernels")
    if folder is None:
        raise OSError("the cache folder may not be used")
    path = os.path.join(folder, f"winograd-{tag}.so")
    # A library is loaded only where this user's process built it: its HMAC matches (``cache``).
    if not cache.verified(path):
        with tempfile.TemporaryDirectory(dir=folder) as tmp:
            src = os.path.join(tmp, "winograd.c")
            with open(src, "w", encoding="utf-8") as fh:
                fh.write(_SOURCE)
            out, errors = os.path.join(tmp, "winograd.so"), []
            for flags in _FLAG_SETS:
                done = subprocess.run([compiler, *flags, "-shared", "-fPIC", "-o", out, src],
                                      capture_output=True, text=True)
                if done.returncode == 0:
                    break
                errors.append(done.stderr.strip().splitlines()[-1:] or [""])
            else:
                raise RuntimeError(f"{compiler} could not compile Winograd's transforms: {errors[-1][0]}")
            os.replace(out, path)  # atomic: another process may be building the same file
            cache.sign(path)
    lib = ctypes.CDLL(path)
    for _, suffix, _ in _TYPES:
        for name, pointers, ints in (("input_tiles", 3, 4), ("output", 3, 5), ("output_grad", 2, 4),
                                     ("input_grad", 2, 5)):
            fn = getattr(lib, f"{name}_{suffix}")
            fn.argtypes = [ctypes.c_void_p] * pointers + [ctypes.c_int64] * ints + [ctypes.c_int]
            fn.restype = None
    return lib


def _library():
    """The compiled transforms, or None where they cannot be built (no C compiler, a compiler error)."""
    if not _state["tried"]:
        _state["tried"] = True
        compiler = _compiler()
        if compiler is None:
            _state["error"] = "no C compiler"
        else:
            try:
                _state["lib"] = _build(compiler)
            except (OSError, RuntimeError) as exc:
                _state["error"] = f"{type(exc).__name__}: {exc}"
    return _state["lib"]


def available():
    """Whether the transforms are compiled and loaded; the reason they are not is ``_state['error']``."""
    return _library() is not None


def admit(x, w, conv):
    """Whether a convolution of ``x`` by ``w`` with ``conv``'s arguments can run as F(2x2, 3x3)."""
    return (x.dtype == torch.float32 and w.shape[2:] == (3, 3) and conv.groups == 1
            and conv.stride == [1, 1] and conv.padding == [1, 1] and conv.dilation == [1, 1]
            and x.shape[2] % 2 == 0 and x.shape[3] % 2 == 0
            and min(w.shape[0], w.shape[1]) >= MIN_CHANNELS and _compiler_allowed() and available())


def _call(name, dtype, *args):
    suffix = "f32" if dtype == torch.float32 else "f64"
    getattr(_library(), f"{name}_{suffix}")(*args, torch.get_num_threads())


def _ptr(t):
    return None if t is None else t.data_ptr()


def _channels_last(t):
    return t.contiguous(memory_format=torch.channels_last)


def _tile_buffer(n, h, w, c, like):
    return torch.empty(n * (h // 2) * (w // 2), 16, c, dtype=like.dtype, device=like.device)


def _input_tiles(x):
    """x [N, C, H, W] channels-last -> the transformed 4x4 input tiles, [N*H/2*W/2, 16, C]."""
    n, c, h, w = x.shape
    out = _tile_buffer(n, h, w, c, x)
    zeros = torch.zeros(c, dtype=x.dtype)
    _call("input_tiles", x.dtype, x.data_ptr(), out.data_ptr(), zeros.data_ptr(), n, h, w, c)
    return out


def _output(m, bias, y):
    """The products [N*H/2*W/2, 16, K] (+ bias) -> y [N, K, H, W], channels-last (or a channel slice
    of such an image), written in place."""
    n, k, h, w = y.shape
    _call("output", m.dtype, m.contiguous().data_ptr(), _ptr(bias), y.data_ptr(), n, h, w, k, y.stride(3))


def _output_grad(gy):
    """The gradient of ``_output``: gy [N, K, H, W] channels-last -> [N*H/2*W/2, 16, K]."""
    n, k, h, w = gy.shape
    out = _tile_buffer(n, h, w, k, gy)
    _call("output_grad", gy.dtype, gy.data_ptr(), out.data_ptr(), n, h, w, k)
    return out


def _input_grad(gv, gx):
    """The gradient of ``_input_tiles``: [N*H/2*W/2, 16, C] -> added to gx [N, C, H, W], channels-last
    (or a channel slice of such an image), in place."""
    n, c, h, w = gx.shape
    _call("input_grad", gv.dtype, gv.contiguous().data_ptr(), gx.data_ptr(), n, h, w, c, gx.stride(3))


# Tile buffers are 4x the size of the image they come from, and transformed filters 16/9 of the
# weight's. The batch goes through in slices, and the filters in chunks of channels, whose buffers
# stay under these sizes: a pass then holds a few small buffers rather than a few times its image
# or weight. The last layers' backward pass runs at the step's peak of memory (every activation
# saved), where 17 MB of transformed 512x512 filters, and their gradient, showed in the peak RSS.
# Filter chunks are larger: the products of a 512x512 layer in four chunks took 10-20 % longer.
_SLICE_BYTES = 4 << 20
_FILTER_CHUNK_BYTES = 8 << 20


def _chunks(count, per_item_bytes, limit):
    step = max(1, limit // per_item_bytes)
    return [slice(i, min(count, i + step)) for i in range(0, count, step)]


def _slices(shape, channels, dtype):
    """Slices of the batch whose tile buffers, of ``channels`` channels, stay under _SLICE_BYTES."""
    _, _, h, w = shape
    return _chunks(shape[0], 16 * (h // 2) * (w // 2) * channels * torch.finfo(dtype).bits // 8, _SLICE_BYTES)


def _filter_chunks(w, dim):
    """Slices of ``w``'s dimension ``dim`` (0: output channels, 1: input channels) whose transformed
    filters stay under _FILTER_CHUNK_BYTES."""
    return _chunks(w.shape[dim], 16 * w.shape[1 - dim] * w.element_size(), _FILTER_CHUNK_BYTES)


# G for F(2, 3). The filter transform G w G^T over the 3x3 taps is one matrix, kron(G, G) [16, 9]
# (point a*4+b, tap i*3+j), applied to every filter in one matrix product; its gradient is the
# product with the transpose. (As an einsum, torch permuted and copied the weight several times:
# 5 ms for a 512x512 filter against 0.7 ms.)
_G = ((1.0, 0.0, 0.0), (0.5, 0.5, 0.5), (0.5, -0.5, 0.5), (0.0, 0.0, 1.0))
_KRON = {}


def _kron(dtype):
    kron = _KRON.get(dtype)
    if kron is None:
        g = torch.tensor(_G, dtype=dtype)
        kron = _KRON[dtype] = torch.einsum("ai,bj->abij", g, g).reshape(16, 9)
    return kron


def _filter_tiles(w):
    """w [K, C, 3, 3] -> the transformed filter, [16, K, C]."""
    return (_kron(w.dtype) @ w.reshape(-1, 9).t()).view(16, *w.shape[:2])


def _filter_grad(gu):
    """The gradient of ``_filter_tiles``: [16, K, C] -> [K, C, 3, 3]."""
    return (gu.reshape(16, -1).t() @ _kron(gu.dtype)).view(*gu.shape[1:], 3, 3)


def _points_image(tiles):
    """[P, 16, C] tiles as the channels-last image [1, 16*C, P, 1] that oneDNN's grouped 1x1
    convolutions take: one group per transform point."""
    points, channels = tiles.shape[0], tiles.shape[2]
    return tiles.view(1, points, 1, 16 * channels).permute(0, 3, 1, 2)


def _from_points_image(image, points):
    return image.permute(0, 2, 3, 1).reshape(points, 16, -1)


def products(tiles, filters):
    """Per transform point p: tiles[:, p] @ filters[p]^T, as a 16-group 1x1 convolution on oneDNN."""
    out = F.conv2d(_points_image(tiles), filters.reshape(-1, tiles.shape[2], 1, 1), groups=16)
    return _from_points_image(out, tiles.shape[0])


def products_transposed(tiles, filters):
    """Per transform point p: tiles[:, p] @ filters[p], the products' gradient, as a 16-group 1x1
    transposed convolution: it takes ``filters`` [16, K, C] as they are, where a convolution
    would need them transposed (a copy: 2.5 ms for 512x512 filters)."""
    out = F.conv_transpose2d(_points_image(tiles), filters.reshape(-1, filters.shape[2], 1, 1), groups=16)
    return _from_points_image(out, tiles.shape[0])


def forward(x, w, bias):
    """The convolution of ``x`` [N, C, H, W] by ``w`` [K, C, 3, 3], stride 1 and padding 1, in
    channels-last, and what ``backward`` needs of it: ``x`` and ``w`` themselves. The input tiles
    are 4x the input's size, so the backward pass transforms the input again rather than keep
    them (a memory-bound pass over the tiles; the input is kept for the backward anyway)."""
    engage("winograd")
    with torch.no_grad():
        n, _, h, width = x.shape
        xc = _channels_last(x)
        chunks = _filter_chunks(w, 0)
        filters = _filter_tiles(w) if len(chunks) == 1 else None
        y = torch.empty((n, w.shape[0], h, width), dtype=x.dtype, memory_format=torch.channels_last)
        bias = None if bias is None else bias.detach().to(x.dtype).contiguous()
        for part in _slices(x.shape, max(x.shape[1], w.shape[0]), x.dtype):
            tiles = _input_tiles(xc[part])
            for out_channels in chunks:
                chunk = filters if filters is not None else _filter_tiles(w[out_channels])
                _output(products(tiles, chunk), None if bias is None else bias[out_channels],
                        y[part][:, out_channels])
        return y, (x, w)


def backward(g, x_shape, saved):
    """The gradients of ``forward`` for the input (channels-last) and the weight, from what it saved."""
    x, w = saved
    with torch.no_grad():
        g, xc = _channels_last(g), _channels_last(x)
        in_chunks, out_chunks = _filter_chunks(w, 1), _filter_chunks(w, 0)
        filters = _filter_tiles(w) if len(in_chunks) == 1 else None
        gx = torch.empty(x_shape, dtype=x.dtype, memory_format=torch.channels_last).zero_()
        parts = _slices(x_shape, max(x_shape[1], w.shape[0]), x.dtype)
        # With one slice, the weight's gradient is made a chunk of output channels at a time, straight
        # into the result; over several, it is summed in the transform domain first.
        gw = torch.empty_like(w, memory_format=torch.contiguous_format) if len(parts) == 1 else None
        g_filters = None
        for i, part in enumerate(parts):
            g_products = _output_grad(g[part])
            # The input's gradient first, so that at most two buffers of tiles are alive at once
            # and the transformed filters are freed before the weight's gradient is made.
            for in_channels in in_chunks:
                chunk = filters if filters is not None else _filter_tiles(w[:, in_channels])
                _input_grad(products_transposed(g_products, chunk), gx[part][:, in_channels])
            if i == len(parts) - 1:
                del filters
            tiles = _input_tiles(xc[part])
            g_rows, tile_rows = g_products.permute(1, 2, 0), tiles.permute(1, 0, 2)
            if gw is not None:
                for out_channels in out_chunks:
                    gw[out_channels] = _filter_grad(torch.bmm(g_rows[:, out_channels], tile_rows))
            elif g_filters is None:
                g_filters = torch.bmm(g_rows, tile_rows)
            else:
                g_filters.baddbmm_(g_rows, tile_rows)
            del tiles, g_products, g_rows, tile_rows
        return gx, (gw if gw is not None else _filter_grad(g_filters))
