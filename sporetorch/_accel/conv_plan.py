"""2-D convolution with its kernels chosen by timing, as GRAPH_MODE and ``jit`` run it on the CPU.

oneDNN's convolution speed depends on the memory format of its operands as much as on the
shape. On a 2-core AVX-512 CPU, the 64-channel 32x32 layers of a CIFAR ResNet run about 1.8x
faster channels-last than NCHW, the 512-channel 4x4 layers are faster NCHW, and their weight
gradient is faster computed as one matrix product over the input's windows (im2col) or, on other
runs of the same CPU, as a forward convolution with batch and channels swapped.
cuDNN's ``benchmark`` mode makes this kind of choice on GPUs; PyTorch has no CPU counterpart.

Each distinct convolution (shapes, memory format, stride, padding, dilation, groups, dtype,
bias) is timed once per process, separately for the forward pass, the input gradient and the
weight gradient, and the fastest variant is kept. A 3x3 stride-1 convolution is also timed,
forward and backward together, as Winograd's F(2x2, 3x3) (``winograd``), which needs 2.25x
fewer multiplications. Every variant computes the same sums in another order, so results agree
to float rounding. Gradients come back in the memory format of the tensor they belong to, so
the element-wise work around the convolution never mixes formats.
"""
import hashlib
import logging
import math
import platform
import time

import torch
import torch.nn.functional as F

from .. import _device
from . import background as _jit
from . import winograd as _winograd
from ._common import engage, failure_summary, turned_off

__all__ = ["tunable", "conv2d"]

_logger = logging.getLogger("sporetorch")
_CHANNELS_LAST = torch.channels_last
_convolution_backward = torch.ops.aten.convolution_backward
_REPEATS = 3
# Winograd against the direct kernels is timed in more rounds: a compiling child times it on one
# thread beside its caller's steps, where four rounds left the choice for CIFAR ResNet-18's
# 512-channel layers to chance (one fresh run in three kept it).
_WINOGRAD_REPEATS = 9
_LONG_ROUND_S = 0.5
# About 0.3 ms of kernel time on two cores: below it, the ~40 us that the autograd Function and
# the lookups add per forward and backward cost more than a better kernel saves (LeNet's layers).
_MIN_FLOPS = 50e6
# Winograd's estimated forward pass (products and transforms) must take less time than the direct
# forward kernel for it to be compiled and timed in full. The estimate leaves out the filter
# transform, a matrix product about a tenth of the products' cost.
_WINOGRAD_SCREEN_SHARE = 1.0
# And its timed forward and backward passes must take less time than the direct kernels', timed
# on the caller's threads: on CIFAR ResNet-18 (two threads) its 256-channel 8x8 layers time at
# 0.85-0.95 of the direct kernels and its 512-channel 4x4 layers at 0.6-0.85, and with both kept a
# whole step took x0.873 of torch eager's time against x0.903 with the 512-channel layers alone
# and x0.925 with neither (the same plans otherwise, one process). A compiling child times on
# one thread beside its caller's steps (see ``_machine``), where Winograd's advantage reads about
# 0.1 smaller (those layers: 0.97-1.02 and 0.90-0.95), so it keeps Winograd unless it is slower
# by more than that.
_WINOGRAD_MARGIN = 1.0
_WINOGRAD_CHILD_MARGIN = 1.1
# The ways to compute a weight gradient: oneDNN's kernel on NCHW or on channels-last operands, as a
# forward convolution with batch and channels swapped, and as a matrix product over the input's
# windows (im2col), whose window matrix is built only up to _IM2COL_MAX_BYTES.
_WEIGHT_VARIANTS = ("contiguous", "channels_last", "swapped", "im2col")
_IM2COL_MAX_BYTES = 32 << 20
# A process that keeps meeting new shapes stops tuning them rather than growing without bound.
_MAX_PLANS = 1024
_plans = {}



def _tuple(v, n):
    if isinstance(v, (tuple, list)):
        return tuple(v) if len(v) == n else tuple(v) * (n // len(v))
    return (v,) * n

def _stand_in(like):
    """Values for timing, drawn without touching the global random state (the step's dropout and
    initialisers must draw what they would draw in PYNATIVE)."""
    gen = torch.Generator(device=like.device).manual_seed(0)
    return torch.empty_like(like).normal_(generator=gen)


def tunable(x, w, stride, padding):
    """Whether ``conv2d`` may time kernels for this convolution: a 4-D float CPU input, numeric
    padding, and enough work that a better kernel outweighs the Python cost of choosing it."""
    if x.device.type != "cpu" or x.dim() != 4 or x.dtype not in (torch.float32, torch.float64) \
            or isinstance(padding, str):
        return False
    sh, sw = _tuple(stride, 2)
    return 2 * (x.numel() // x.shape[1]) * w.numel() // (sh * sw) >= _MIN_FLOPS


def _channels_last(t):
    return not t.is_contiguous() and t.is_contiguous(memory_format=_CHANNELS_LAST)


def _memory_format(channels_last):
    return _CHANNELS_LAST if channels_last else torch.contiguous_format


def _as_format(t, channels_last):
    return t.contiguous(memory_format=_memory_format(channels_last))


def _shape_only(t, channels_last):
    """An uninitialised tensor of ``t``'s shape and dtype in the given format, for a kernel argument
    that is read only for its shape and format."""
    return torch.empty(t.shape, dtype=t.dtype, device=t.device, memory_format=_memory_format(channels_last))


def _best_times(variants, repeats=_REPEATS):
    """The best of a few interleaved timings of each of ``variants`` (name -> thunk), or of one
    when a single round takes long enough to measure reliably."""
    best = dict.fromkeys(variants, math.inf)
    for repeat in range(repeats + 1):
        for name, run in variants.items():
            start = time.perf_counter()
            run()
            elapsed = time.perf_counter() - start
            # The first round also pays for allocations and oneDNN primitive creation.
            best[name] = elapsed if repeat == 0 else min(best[name], elapsed)
        if sum(best.values()) > _LONG_ROUND_S:
            break
    return best


def _fastest(variants):
    """The name of the fastest of ``variants`` (name -> thunk)."""
    best = _best_times(variants)
    return min(best, key=best.get)


class _Conv:
    """The arguments of one convolution that its kernels and the backward pass need."""

    __slots__ = ("stride", "padding", "dilation", "groups", "key")

    def __init__(self, x, w, bias, stride, padding, dilation, groups):
        self.stride = list(_tuple(stride, 2))
        self.padding = list(_tuple(padding, 2))
        self.dilation = list(_tuple(dilation, 2))
        self.groups = groups
        self.key = (tuple(x.shape), _channels_last(x), tuple(w.shape), x.dtype, bias is not None,
                    tuple(self.stride), tuple(self.padding), tuple(self.dilation), groups)

    def forward(self, x, w, bias):
        return F.conv2d(x, w, bias, self.stride, self.padding, self.dilation, self.groups)

    def input_grad(self, g, x, w, channels_last):
        if _channels_last(x) != channels_last:
            # The input gradient reads only the input's shape and format, not its values.
            x = _shape_only(x, channels_last)
        return _convolution_backward(_as_format(g, channels_last), x, w, None, self.stride, self.padding,
                                     self.dilation, False, [0, 0], self.groups, [True, False, False])[0]

    def valid_weight_variants(self):
        """The weight-gradient variants that can compute this convolution's: the swapped and im2col
        ones only without groups."""
        return _WEIGHT_VARIANTS if self.groups == 1 else _WEIGHT_VARIANTS[:2]

    def weight_variants(self, g, w):
        """The weight-gradient variants to time for this convolution and gradient ``g``: the valid
        ones, im2col only where its window matrix stays under ``_IM2COL_MAX_BYTES``."""
        valid = self.valid_weight_variants()
        window_rows_bytes = g.shape[0] * g.shape[2] * g.shape[3] * (w.numel() // w.shape[0]) * w.element_size()
        return valid if window_rows_bytes <= _IM2COL_MAX_BYTES else tuple(v for v in valid if v != "im2col")

    def weight_grad(self, g, x, w, variant):
        if variant == "im2col":
            return self._weight_grad_im2col(g, x, w)
        if variant == "swapped":
            # dW[o, i] = sum over batch and output positions of g[:, o] * x[:, i] shifted: a convolution
            # of x with g in which the batch is the channel axis and stride and dilation trade places.
            gw = F.conv2d(_as_format(x, False).transpose(0, 1), _as_format(g, False).transpose(0, 1), None,
                          self.dilation, self.padding, self.stride)
            return gw.transpose(0, 1)[:, :, :w.shape[2], :w.shape[3]].contiguous()
        channels_last = variant == "channels_last"
        # The weight gradient reads only the weight's shape and format. Passing the weight itself,
        # oneDNN would copy it into the computation's format first.
        return _convolution_backward(_as_format(g, channels_last), _as_format(x, channels_last),
                                     _shape_only(w, channels_last), None,
                                     self.stride, self.padding, self.dilation, False, [0, 0], self.groups,
                                     [False, True, False])[1].contiguous()

    def _weight_grad_im2col(self, g, x, w):
        # dW[o, i, u, v] = sum over n, p, q of g[n, o, p, q] * xpad[n, i, p * s + u * d, q * s + v * d]: one
        # matrix product of the gradient's rows (n, p, q) with the input's windows laid out as rows
        # (im2col). The windows come from the input in channels-last order, so each row copies runs of
        # contiguous channels. oneDNN's kernels lose efficiency on small images with many channels
        # (ResNet's last stages), where this product is one large, well-shaped matrix multiplication.
        n, cin, h, wd = x.shape
        cout, _, kh, kw = w.shape
        ph, pw = self.padding
        xp = x.permute(0, 2, 3, 1)
        if ph or pw:
            padded = x.new_zeros(n, h + 2 * ph, wd + 2 * pw, cin)
            padded[:, ph:ph + h, pw:pw + wd] = xp
            xp = padded
        sn, sh, sw, sc = xp.stride()
        ho, wo = g.shape[2], g.shape[3]
        windows = xp.as_strided((n, ho, wo, kh, kw, cin),
                                (sn, sh * self.stride[0], sw * self.stride[1], sh * self.dilation[0],
                                 sw * self.dilation[1], sc), xp.storage_offset())
        rows = windows.reshape(n * ho * wo, kh * kw * cin)
        g_rows = g.permute(0, 2, 3, 1).reshape(n * ho * wo, cout)
        return (g_rows.t() @ rows).view(cout, kh, kw, cin).permute(0, 3, 1, 2).contiguous()


class _Plan:
    """The variants chosen for one convolution: Winograd for both passes, or the forward input
    format and, per incoming gradient format, the variants of the input and the weight gradient.
    An untuned plan keeps the formats the tensors arrive in. ``machine`` names the CPU the choice
    was timed on (``_machine()``)."""

    __slots__ = ("channels_last", "winograd", "backward", "tuned", "machine")

    def __init__(self, channels_last, winograd=False, tuned=True):
        self.channels_last = channels_last
        self.winograd = winograd
        self.backward = {}
        self.tuned = tuned
        self.machine = _machine()


_CPU = None


def _machine():
    """The CPU (model and features): what a timed choice holds for. Not the thread count: the
    compiling child times on one thread for a caller that runs on more, and on two cores the
    child's choices ran the caller's steps as fast as choices timed on two threads (ResNet-18
    training, ``benchmarks/plan_threads_ab.py``: x0.89 and x0.91 of torch eager), while taking
    them spares the caller 10-20 s of timing at the switch."""
    global _CPU
    if _CPU is None:
        _CPU = hashlib.sha256(repr((platform.machine(), platform.processor(), _device.cpu_flags()))
                              .encode()).hexdigest()[:16]
    return _CPU


# While a tuned call defers its planning (``defer``): records of the convolutions, and of the
# gradient formats, that it met unplanned, by key.
_deferred = None


def defer(on):
    """``defer(True)``: from now on, convolutions met unplanned run with the formats their tensors
    arrive in and torch's kernels, and are listed; False where a call is deferring already.
    ``defer(False)``: stop, and return the list, as records for ``plan_ahead``. Timing them after
    the call, rather than in it, keeps the call's activations out of the timing's memory and the
    timing out of the call's time."""
    global _deferred
    if on:
        if _deferred is not None:
            return False
        _deferred = {}
        return True
    pending, _deferred = _deferred, None
    return list((pending or {}).values())


def _defer(key, g_cl=None):
    record = _deferred.get(key)
    if record is None:
        record = _deferred[key] = _record(key, [])
    if g_cl is not None and g_cl not in record["g_cl"]:
        record["g_cl"].append(g_cl)


def _plan_forward(conv, x, w, bias, training):
    plan = _plans.get(conv.key)
    if plan is None:
        if len(_plans) >= _MAX_PLANS:
            return _Plan(_channels_last(x), tuned=False)
        if _deferred is not None:
            _defer(conv.key)
            return _Plan(_channels_last(x), tuned=False)
        with torch.no_grad():
            choice = _fastest({fmt: (lambda cl=(fmt == "channels_last"): conv.forward(_as_format(x, cl), w, bias))
                               for fmt in ("contiguous", "channels_last")})
            channels_last = choice == "channels_last"
            winograd = _winograd_admits(x, w, conv) \
                and _winograd_is_faster(conv, x, w, bias, channels_last, training)
        plan = _plans[conv.key] = _Plan(channels_last, winograd)
    return plan


def _winograd_admits(x, w, conv):
    """Whether Winograd may run this convolution: not turned off (``SPORETORCH_ACCEL_OFF``), and able to."""
    return not turned_off("winograd") and _winograd.admit(x, w, conv)


def _winograd_screen(conv, xf, w, bias, y):
    """Best times of the direct forward kernel, of Winograd's per-point products and of one copy of
    its tile buffer. The buffers (8x the input) are freed on return, before a full timing
    allocates its own."""
    tiles = torch.zeros(y.shape[0] * (y.shape[2] // 2) * (y.shape[3] // 2), 16, xf.shape[1], dtype=xf.dtype)
    tiles_copy = torch.empty_like(tiles)
    filters = torch.zeros(16, w.shape[0], w.shape[1], dtype=w.dtype)
    return _best_times({"direct": lambda: conv.forward(xf, w, bias),
                        "products": lambda: _winograd.products(tiles, filters),
                        "transform": lambda: tiles_copy.copy_(tiles)})


def _winograd_is_faster(conv, x, w, bias, channels_last, training):
    """Whether F(2x2, 3x3) takes less time than the direct kernels (within ``_WINOGRAD_MARGIN``, or
    ``_WINOGRAD_CHILD_MARGIN`` in a compiling child) for a forward pass, and in training a backward
    pass too (timed on a stand-in gradient).

    Its forward pass is estimated first, against the direct forward kernel, from its per-point
    products and two copies of the tile buffer for its input and output transforms (memory-bound
    passes over as much data). Where that estimate leaves no room, the full timing is skipped.
    """
    xf = _as_format(x, channels_last)
    y = conv.forward(xf, w, bias)
    screen = _winograd_screen(conv, xf, w, bias, y)
    if screen["products"] + 2 * screen["transform"] > _WINOGRAD_SCREEN_SHARE * screen["direct"]:
        return False
    # Each variant's backward is timed with the gradient in the format of its own output, as the
    # step's element-wise layers pass it back: Winograd's output is channels-last.
    g = _stand_in(y)
    g_winograd = _as_format(g, True)

    def direct():
        conv.forward(xf, w, bias)
        if training:
            _convolution_backward(g, xf, w, None, conv.stride, conv.padding, conv.dilation, False, [0, 0],
                                  conv.groups, [True, True, False])

    def winograd():
        saved = _winograd.forward(x, w, bias)[1]
        if training:
            _winograd.backward(g_winograd, x.shape, saved)

    try:
        winograd()
    except Exception as exc:  # noqa: BLE001 - a failure only means the direct kernels serve
        _logger.info("sporetorch: Winograd convolution unavailable for %s (%s); using direct kernels",
                     tuple(x.shape), failure_summary(exc))
        return False
    best = _best_times({"direct": direct, "winograd": winograd}, repeats=_WINOGRAD_REPEATS)
    margin = _WINOGRAD_CHILD_MARGIN if _jit.in_compiling_child() else _WINOGRAD_MARGIN
    return best["winograd"] < margin * best["direct"]


def _plan_backward(plan, conv, g, x, w, x_channels_last):
    key = _channels_last(g)
    if not plan.tuned:
        if _deferred is not None and conv.key in _deferred:
            _defer(conv.key, key)
        return key, "channels_last" if key else "contiguous"
    variants = plan.backward.get(key)
    if variants is None:
        if _deferred is not None:
            _defer(conv.key, key)
            return key, "channels_last" if key else "contiguous"
        formats = ("contiguous", "channels_last")
        input_variant = _fastest({fmt: (lambda cl=(fmt == "channels_last"): _as_format(
            conv.input_grad(g, x, w, cl), x_channels_last)) for fmt in formats})
        weight_variant = _fastest({v: (lambda v=v: conv.weight_grad(g, x, w, v)) for v in conv.weight_variants(g, w)})
        variants = plan.backward[key] = (input_variant == "channels_last", weight_variant)
    return variants


def _record(key, g_cl):
    x_shape, x_cl, w_shape, dtype, bias, stride, padding, dilation, groups = key
    return {"x": list(x_shape), "x_cl": x_cl, "w": list(w_shape), "dtype": str(dtype).replace("torch.", ""),
            "bias": bias, "stride": list(stride), "padding": list(padding), "dilation": list(dilation),
            "groups": groups, "g_cl": g_cl}


def _describe(key, plan):
    return {**_record(key, sorted(plan.backward)),
            "choice": {"machine": plan.machine, "channels_last": plan.channels_last, "winograd": plan.winograd,
                       "backward": [[g_cl, *variants] for g_cl, variants in sorted(plan.backward.items())]}}


def planned():
    """The convolutions planned in this process, with the variants chosen, as JSON-able records
    for ``plan_ahead``."""
    return [_describe(key, plan) for key, plan in _plans.items() if plan.tuned]


def _recorded_plan(choice, conv, x, w):
    """The plan that ``choice`` (a record's, timed on this CPU) holds, or None where it does not
    apply here (another CPU, Winograd unavailable) or is not a plan at all."""
    if not isinstance(choice, dict) or choice.get("machine") != _machine():
        return None
    channels_last, winograd, backward = choice.get("channels_last"), choice.get("winograd"), choice.get("backward")
    weight_variants = conv.valid_weight_variants()
    if not (isinstance(channels_last, bool) and isinstance(winograd, bool) and isinstance(backward, list)
            and all(isinstance(b, list) and len(b) == 3 and isinstance(b[0], bool) and isinstance(b[1], bool)
                    and b[2] in weight_variants for b in backward)):
        return None
    if winograd and not _winograd_admits(x, w, conv):
        return None
    plan = _Plan(channels_last, winograd)
    plan.backward = {g_cl: (input_cl, weight_variant) for g_cl, input_cl, weight_variant in backward}
    return plan


def plan_ahead(records):
    """Plan the convolutions in ``records`` (from ``planned()``, in this process or another), so that
    a step meeting them finds them planned: planning then happens between steps, with none of a
    step's activations alive. A record's choice made on this CPU (by a compiling child, or in an
    earlier run of the script) is taken as it is; the others' kernels are timed on stand-in
    tensors, and so are gradient formats that a planned convolution has not met yet. Returns how
    many convolutions were timed."""
    global _deferred
    count = 0
    deferred, _deferred = _deferred, None  # timed here, not deferred again
    try:
        with torch.no_grad():
            for rec in records:
                count += _plan_record(rec)
    finally:
        _deferred = deferred
    return count


def _plan_record(rec):
    dtype = getattr(torch, rec["dtype"])
    x = torch.empty(rec["x"], dtype=dtype, memory_format=_memory_format(rec["x_cl"]))
    w = torch.empty(rec["w"], dtype=dtype)
    bias = torch.zeros(rec["w"][0], dtype=dtype) if rec["bias"] else None
    conv = _Conv(x, w, bias, rec["stride"], rec["padding"], rec["dilation"], rec["groups"])
    if not tunable(x, w, conv.stride, conv.padding):
        return 0
    plan = _plans.get(conv.key)
    if plan is None:
        plan = _recorded_plan(rec.get("choice"), conv, x, w)
        if plan is not None:
            _plans[conv.key] = plan
            return 0
    elif not plan.tuned or all(g_cl in plan.backward for g_cl in rec["g_cl"]):
        return 0
    x, w = _stand_in(x), _stand_in(w)
    if plan is None:
        plan = _plan_forward(conv, x, w, bias, training=bool(rec["g_cl"]))
    if rec["g_cl"]:
        y = conv.forward(x, w, bias)
        for g_cl in rec["g_cl"]:
            _plan_backward(plan, conv, _stand_in(_as_format(y, g_cl)), x, w, rec["x_cl"])
    return 1


_jit.register_planner("conv2d", planned, plan_ahead, defer, code=(__file__, _winograd.__file__))


class _TunedConv2d(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, w, bias, conv):
        plan = _plan_forward(conv, x, w, bias, training=True)
        ctx.conv, ctx.plan = conv, plan
        ctx.x_channels_last = _channels_last(x)
        ctx.has_bias = bias is not None
        # The input itself is saved, not its reformatted copy, which would not connect to it in
        # the graph of a second derivative.
        ctx.save_for_backward(x, w)
        if plan.winograd:
            return _winograd.forward(x, w, bias)[0]
        return conv.forward(_as_format(x, plan.channels_last), w, bias)

    @staticmethod
    def backward(ctx, g):
        x, w = ctx.saved_tensors
        conv, plan = ctx.conv, ctx.plan
        # The Winograd gradients are not themselves differentiable; a second derivative
        # (create_graph) takes the direct kernels' gradients, which are.
        if plan.winograd and not torch.is_grad_enabled():
            # What Winograd's forward pass saves is its input and weight, saved here already.
            gx, gw = _winograd.backward(g, x.shape, (x, w))
            needs_x, needs_w, needs_b = ctx.needs_input_grad[:3]
            return (_as_format(gx, ctx.x_channels_last) if needs_x else None, gw if needs_w else None,
                    g.sum((0, 2, 3)) if ctx.has_bias and needs_b else None, None)
        with torch.no_grad():
            input_cl, weight_variant = _plan_backward(plan, conv, g, x, w, ctx.x_channels_last)
        gx = gw = gb = None
        if ctx.needs_input_grad[0]:
            gx = _as_format(conv.input_grad(g, x, w, input_cl), ctx.x_channels_last)
        if ctx.needs_input_grad[1]:
            gw = conv.weight_grad(g, x, w, weight_variant)
        if ctx.has_bias and ctx.needs_input_grad[2]:
            gb = g.sum((0, 2, 3))
        return gx, gw, gb, None


def conv2d(x, w, bias, stride, padding, dilation, groups):
    """``F.conv2d`` on torch tensors with timed kernel choices (see the module docstring).

    Call it only where ``tunable(x, w, stride, padding)`` holds.
    """
    engage("conv_plan")
    conv = _Conv(x, w, bias, stride, padding, dilation, groups)
    if torch.is_grad_enabled() and (x.requires_grad or w.requires_grad
                                    or (bias is not None and bias.requires_grad)):
        return _TunedConv2d.apply(x, w, bias, conv)
    plan = _plan_forward(conv, x, w, bias, training=False)
    if plan.winograd:
        return _winograd.forward(x, w, bias)[0]
    return conv.forward(_as_format(x, plan.channels_last), w, bias)
