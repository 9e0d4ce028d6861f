"""Winograd F(2x2, 3x3) convolutions, one of GRAPH_MODE's timed CPU kernels.

Expected values are torch's direct convolution and its autograd gradients (float64, where
both are exact to rounding); the hand-written backward is checked numerically with gradcheck.
The transforms are C functions compiled once per machine, so these tests need a C compiler.
"""
import shutil
import subprocess
import sys

import pytest
import torch
import torch.nn.functional as F

from sporetorch._accel import conv_plan as _conv_tuning, winograd as _winograd

pytestmark = pytest.mark.skipif(shutil.which("cc") is None and shutil.which("gcc") is None
                                and shutil.which("clang") is None,
                                reason="Winograd's transforms are C functions compiled on first use")


class _Winograd(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, w, bias):
        y, ctx.saved = _winograd.forward(x, w, bias)
        ctx.x_shape = x.shape
        return y

    @staticmethod
    def backward(ctx, g):
        gx, gw = _winograd.backward(g.contiguous(memory_format=torch.channels_last), ctx.x_shape, ctx.saved)
        return gx, gw, g.sum((0, 2, 3))


def _inputs(xs, ws, dtype=torch.float64, seed=0):
    gen = torch.Generator().manual_seed(seed)
    x = torch.randn(xs, dtype=dtype, generator=gen)
    w = torch.randn(ws, dtype=dtype, generator=gen)
    b = torch.randn(ws[0], dtype=dtype, generator=gen)
    return x.requires_grad_(), w.requires_grad_(), b.requires_grad_()


@pytest.fixture(autouse=True)
def _inductor(monkeypatch):
    monkeypatch.setenv("SPORETORCH_JIT_BACKEND", "inductor")


def _assert_matches_direct(x, w, b):
    """Winograd's values and gradients equal the direct convolution's (float64), and come out channels-last."""
    expected = F.conv2d(x, w, b, padding=1)
    out = _Winograd.apply(x, w, b)
    torch.testing.assert_close(out, expected, rtol=1e-12, atol=1e-12)
    assert out.is_contiguous(memory_format=torch.channels_last)
    g = torch.randn_like(expected)
    torch.testing.assert_close(torch.autograd.grad(out, (x, w, b), g),
                               torch.autograd.grad(expected, (x, w, b), g), rtol=1e-12, atol=1e-12)


F64_SHAPES = [((2, 3, 6, 4), (5, 3, 3, 3)), ((1, 3, 2, 8), (2, 3, 3, 3))]
F32_SHAPE = ((1, 3, 4, 4), (2, 3, 3, 3))


@pytest.mark.parametrize("xs,ws", F64_SHAPES)
def test_values_and_gradients_match_the_direct_convolution(xs, ws):
    _assert_matches_direct(*_inputs(xs, ws))


def test_a_batch_in_slices_gives_the_same_values_and_gradients(monkeypatch):
    monkeypatch.setattr(_winograd, "_SLICE_BYTES", 1)  # one sample per slice
    monkeypatch.setattr(_winograd, "_FILTER_CHUNK_BYTES", 1)  # and one channel per filter chunk
    x, w, b = _inputs((3, 4, 6, 8), (5, 4, 3, 3))
    assert len(_winograd._slices(x.shape, 5, x.dtype)) == 3
    _assert_matches_direct(x, w, b)


def test_filter_transform_is_g_w_gt_and_its_gradient_the_adjoint():
    # Closed form: point (a, b) of filter (k, c) is sum over taps (i, j) of G[a, i] w[k, c, i, j] G[b, j].
    gen = torch.Generator().manual_seed(2)
    w = torch.randn(5, 3, 3, 3, dtype=torch.float64, generator=gen)
    g = torch.tensor(_winograd._G, dtype=torch.float64)
    expected = torch.stack([g[a] @ w @ g[b] for a in range(4) for b in range(4)])
    torch.testing.assert_close(_winograd._filter_tiles(w), expected, rtol=1e-14, atol=1e-14)
    u = torch.randn(16, 5, 3, dtype=torch.float64, generator=gen)
    torch.testing.assert_close((_winograd._filter_tiles(w) * u).sum(), (w * _winograd._filter_grad(u)).sum(),
                               rtol=1e-12, atol=1e-12)


def test_transposed_products_take_the_filters_as_they_are():
    gen = torch.Generator().manual_seed(3)
    tiles = torch.randn(6, 16, 5, generator=gen)
    filters = torch.randn(16, 5, 4, generator=gen)
    expected = torch.einsum("tpk,pkc->tpc", tiles, filters)
    torch.testing.assert_close(_winograd.products_transposed(tiles, filters), expected)
    torch.testing.assert_close(_winograd.products(tiles, filters.transpose(1, 2).contiguous()), expected)


def test_filters_in_chunks_of_channels_give_the_same_values_and_gradients(monkeypatch):
    # One sample: one slice of the batch, so the weight's gradient is made a chunk at a time.
    monkeypatch.setattr(_winograd, "_FILTER_CHUNK_BYTES", 1024)
    x, w, b = _inputs((1, 4, 6, 8), (5, 4, 3, 3))
    assert len(_winograd._slices(x.shape, 5, x.dtype)) == 1
    assert len(_winograd._filter_chunks(w, 0)) == 3 and len(_winograd._filter_chunks(w, 1)) == 4
    _assert_matches_direct(x, w, b)


def test_gradcheck():
    assert torch.autograd.gradcheck(_Winograd.apply, _inputs(*F64_SHAPES[1]))


def test_float32_error_is_of_the_direct_kernels_size():
    x, w, _ = _inputs((2, 64, 4, 4), (64, 64, 3, 3), dtype=torch.float32)
    x, w = x.detach(), w.detach()
    reference = F.conv2d(x.double(), w.double(), padding=1)
    direct_error = (F.conv2d(x, w, padding=1).double() - reference).abs().max()
    winograd_error = (_winograd.forward(x, w, None)[0].double() - reference).abs().max()
    assert winograd_error <= 2 * direct_error


def _conv(x, w, stride=1, padding=1, dilation=1, groups=1):
    return _conv_tuning._Conv(x, w, None, stride, padding, dilation, groups)


def test_admits_only_what_it_computes(monkeypatch):
    x, w = torch.zeros(2, 64, 8, 8), torch.zeros(64, 64, 3, 3)
    assert _winograd.admit(x, w, _conv(x, w))
    assert not _winograd.admit(x, w, _conv(x, w, stride=2))
    assert not _winograd.admit(x, w, _conv(x, w, padding=2, dilation=2))
    assert not _winograd.admit(x, w[:, :32], _conv(x, w[:, :32], groups=2))
    assert not _winograd.admit(x.double(), w.double(), _conv(x.double(), w.double()))
    assert not _winograd.admit(x[:, :, :7], w, _conv(x[:, :, :7], w))
    assert not _winograd.admit(x[:, :32], w[:32, :32], _conv(x[:, :32], w[:32, :32]))
    monkeypatch.setenv("SPORETORCH_JIT_BACKEND", "aot_eager")
    assert not _winograd.admit(x, w, _conv(x, w))


def test_not_admitted_where_the_transforms_cannot_be_built(monkeypatch):
    monkeypatch.setitem(_winograd._state, "tried", True)
    monkeypatch.setitem(_winograd._state, "lib", None)
    x, w = torch.zeros(2, 64, 8, 8), torch.zeros(64, 64, 3, 3)
    assert not _winograd.admit(x, w, _conv(x, w))


def test_runs_without_importing_the_compiler():
    # Importing inductor and compiling with it costs a process ~200 MB of resident memory.
    code = ("import sys, torch; from sporetorch._accel import winograd as W; "
            "x, w = torch.randn(2, 64, 8, 8), torch.randn(64, 64, 3, 3); y, saved = W.forward(x, w, None); "
            "W.backward(torch.randn_like(y), x.shape, saved); "
            "print(sorted(m for m in sys.modules if m.startswith(('torch._inductor', 'torch._dynamo'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.fixture
def winograd_plans(monkeypatch):
    """Tuned convolutions that always choose Winograd where it is admitted."""
    monkeypatch.setattr(_conv_tuning, "_plans", {})
    monkeypatch.setattr(_winograd, "MIN_CHANNELS", 1)
    monkeypatch.setattr(_conv_tuning, "_MIN_FLOPS", 0)
    monkeypatch.setattr(_conv_tuning, "_WINOGRAD_SCREEN_SHARE", float("inf"))
    monkeypatch.setattr(_conv_tuning, "_WINOGRAD_MARGIN", float("inf"))
    monkeypatch.setattr(_conv_tuning, "_fastest", lambda variants: "winograd" if "winograd" in variants
                        else next(iter(variants)))


def test_tuned_convolution_runs_winograd_when_it_is_faster(winograd_plans):
    x, w, b = _inputs(*F32_SHAPE, dtype=torch.float32, seed=1)
    out = _conv_tuning.conv2d(x, w, b, 1, 1, 1, 1)
    (plan,) = _conv_tuning._plans.values()
    assert plan.winograd
    expected = F.conv2d(x, w, b, padding=1)
    torch.testing.assert_close(out, expected, rtol=1e-5, atol=1e-5)
    g = torch.randn_like(expected)
    torch.testing.assert_close(torch.autograd.grad(out, (x, w, b), g),
                               torch.autograd.grad(expected, (x, w, b), g), rtol=1e-5, atol=1e-5)
    with torch.no_grad():
        torch.testing.assert_close(_conv_tuning.conv2d(x, w, b, 1, 1, 1, 1), expected, rtol=1e-5, atol=1e-5)


def test_second_derivatives_take_the_direct_gradients(winograd_plans):
    x, w, _ = _inputs(*F32_SHAPE, dtype=torch.float32, seed=2)
    out = _conv_tuning.conv2d(x, w, None, 1, 1, 1, 1)
    assert next(iter(_conv_tuning._plans.values())).winograd
    (gx,) = torch.autograd.grad(out.square().sum(), x, create_graph=True)
    (ggw,) = torch.autograd.grad(gx.sum(), w)
    expected_out = F.conv2d(x, w, padding=1)
    (egx,) = torch.autograd.grad(expected_out.square().sum(), x, create_graph=True)
    (eggw,) = torch.autograd.grad(egx.sum(), w)
    torch.testing.assert_close(ggw, eggw, rtol=1e-4, atol=1e-4)


def test_a_failing_compiler_leaves_the_direct_kernels(winograd_plans, monkeypatch):
    def broken(*args):
        raise RuntimeError("no compiler here")

    monkeypatch.setattr(_winograd, "forward", broken)
    x, w, _ = _inputs(*F32_SHAPE, dtype=torch.float32)
    out = _conv_tuning.conv2d(x, w, None, 1, 1, 1, 1)
    assert not next(iter(_conv_tuning._plans.values())).winograd
    torch.testing.assert_close(out, F.conv2d(x, w, padding=1))


def test_an_estimate_slower_than_the_direct_kernel_skips_timing_winograd(winograd_plans, monkeypatch):
    monkeypatch.setattr(_conv_tuning, "_WINOGRAD_SCREEN_SHARE", 0.0)
    calls = []
    monkeypatch.setattr(_winograd, "forward", lambda *args: calls.append(args))
    x, w, _ = _inputs(*F32_SHAPE, dtype=torch.float32)
    _conv_tuning.conv2d(x, w, None, 1, 1, 1, 1)
    assert not next(iter(_conv_tuning._plans.values())).winograd
    assert not calls


def test_gradients_only_for_what_requires_them(winograd_plans):
    x, w, b = _inputs(*F32_SHAPE, dtype=torch.float32, seed=3)
    x.requires_grad_(False)
    out = _conv_tuning.conv2d(x, w, b, 1, 1, 1, 1)
    assert next(iter(_conv_tuning._plans.values())).winograd
    out.sum().backward()
    assert x.grad is None
    torch.testing.assert_close(w.grad, torch.autograd.grad(F.conv2d(x, w, b, padding=1).sum(), w)[0],
                               rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("in_child, winograd_s, chosen",
                         [(False, 1.05, False), (False, 0.95, True), (True, 1.05, True), (True, 1.15, False)])
def test_winograd_is_kept_where_it_is_faster(monkeypatch, in_child, winograd_s, chosen):
    # A compiling child times on one thread, where Winograd's advantage reads about 0.1 smaller than
    # on its caller's threads: it keeps Winograd unless it is slower by more than that.
    def best_times(variants, repeats=None):
        if "winograd" in variants:
            assert repeats == _conv_tuning._WINOGRAD_REPEATS
            for run in variants.values():
                run()
            return {"direct": 1.0, "winograd": winograd_s}
        return {"direct": 1.0, "products": 0.1, "transform": 0.1}

    monkeypatch.setattr(_conv_tuning, "_best_times", best_times)
    monkeypatch.setattr(_conv_tuning._jit, "in_compiling_child", lambda: in_child)
    x, w, b = _inputs(*F32_SHAPE, dtype=torch.float32, seed=1)
    conv = _conv(x, w)
    assert _conv_tuning._winograd_is_faster(conv, x, w, b, False, training=True) is chosen


def test_winograd_backward_is_timed_on_a_channels_last_gradient(monkeypatch):
    # Winograd's output is channels-last, so the gradient reaching its backward pass in a step is too,
    # even where the direct kernels it is timed against run NCHW.
    formats = []
    backward = _winograd.backward

    def spy(g, x_shape, saved):
        formats.append(g.is_contiguous(memory_format=torch.channels_last) and not g.is_contiguous())
        return backward(g, x_shape, saved)

    monkeypatch.setattr(_winograd, "backward", spy)
    monkeypatch.setattr(_conv_tuning, "_WINOGRAD_SCREEN_SHARE", float("inf"))
    x, w, b = _inputs((2, 3, 4, 4), (3, 3, 3, 3), dtype=torch.float32, seed=1)
    x, w, b = x.detach(), w.detach(), b.detach()
    _conv_tuning._winograd_is_faster(_conv(x, w), x, w, b, False, training=True)
    assert formats and all(formats)
