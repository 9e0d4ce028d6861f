"""Convolution kernels chosen by timing (GRAPH_MODE and jit on the CPU).

Every variant must compute torch's convolution and its gradients: expected values come from
``torch.nn.functional.conv2d`` and torch autograd, and the gradients are checked numerically
with ``gradcheck``/``gradgradcheck`` in float64.
"""
import os

import numpy as np
import pytest
import torch
import torch.nn.functional as F

import sporetorch as ms
from sporetorch import Tensor, nn
from sporetorch._accel import conv_plan as _conv_tuning

# Conv planning is a speed-up (``sporetorch/_accel``): SPORETORCH_ACCEL=0 turns it off.
pytestmark = pytest.mark.skipif(os.environ.get("SPORETORCH_ACCEL") == "0", reason="SPORETORCH_ACCEL=0")

# (input shape, weight shape, stride, padding, dilation, groups)
CASES = [
    ((2, 3, 9, 9), (4, 3, 3, 3), 1, 1, 1, 1),
    ((2, 4, 10, 8), (6, 2, 3, 3), 2, 1, 1, 2),
    ((2, 3, 11, 11), (5, 3, 3, 3), 2, 2, 2, 1),
    ((2, 3, 8, 8), (4, 3, 1, 1), 2, 0, 1, 1),
    ((1, 3, 7, 9), (2, 3, 2, 4), (1, 2), (0, 1), (2, 1), 1),
]


@pytest.fixture(autouse=True)
def _fresh_plans(monkeypatch):
    monkeypatch.setattr(_conv_tuning, "_plans", {})
    monkeypatch.setattr(_conv_tuning, "_MIN_FLOPS", 0)  # the test convolutions are tiny
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


def _inputs(xs, ws, channels_last=False, seed=0):
    gen = torch.Generator().manual_seed(seed)
    x = torch.randn(xs, dtype=torch.float64, generator=gen)
    if channels_last:
        x = x.contiguous(memory_format=torch.channels_last)
    w = torch.randn(ws, dtype=torch.float64, generator=gen)
    b = torch.randn(ws[0], dtype=torch.float64, generator=gen)
    return x.requires_grad_(), w.requires_grad_(), b.requires_grad_()


@pytest.mark.parametrize("channels_last", [False, True])
@pytest.mark.parametrize("xs,ws,stride,padding,dilation,groups", CASES)
def test_values_and_gradients_match_torch(xs, ws, stride, padding, dilation, groups, channels_last):
    x, w, b = _inputs(xs, ws, channels_last)
    expected = F.conv2d(x, w, b, stride, padding, dilation, groups)
    out = _conv_tuning.conv2d(x, w, b, stride, padding, dilation, groups)
    torch.testing.assert_close(out, expected, rtol=1e-12, atol=1e-12)
    g = torch.randn_like(expected)
    torch.testing.assert_close(torch.autograd.grad(out, (x, w, b), g),
                               torch.autograd.grad(expected, (x, w, b), g), rtol=1e-12, atol=1e-12)


@pytest.mark.slow
@pytest.mark.parametrize("xs,ws,stride,padding,dilation,groups", CASES)
def test_gradcheck_and_gradgradcheck(xs, ws, stride, padding, dilation, groups):
    x, w, b = _inputs(xs, ws)

    def fn(a, k, c):
        return _conv_tuning.conv2d(a, k, c, stride, padding, dilation, groups)

    assert torch.autograd.gradcheck(fn, (x, w, b))
    assert torch.autograd.gradgradcheck(fn, (x, w, b))


@pytest.mark.parametrize("xs,ws,stride,padding,dilation,groups", CASES)
def test_every_variant_computes_the_same_gradients(xs, ws, stride, padding, dilation, groups):
    x, w, b = _inputs(xs, ws)
    out = F.conv2d(x, w, b, stride, padding, dilation, groups)
    g = torch.randn_like(out)
    gx, gw = torch.autograd.grad(out, (x, w), g)
    conv = _conv_tuning._Conv(x, w, b, stride, padding, dilation, groups)
    x, w = x.detach(), w.detach()
    for channels_last in (False, True):
        torch.testing.assert_close(conv.input_grad(g, x, w, channels_last), gx, rtol=1e-12, atol=1e-12)
    variants = list(conv.weight_variants(g, w))
    assert ("im2col" in variants) == (groups == 1)
    for x_cl, g_cl in [(False, False), (True, True), (False, True), (True, False)]:
        xf, gf = _conv_tuning._as_format(x, x_cl), _conv_tuning._as_format(g, g_cl)
        for variant in variants:
            got = conv.weight_grad(gf, xf, w, variant)
            torch.testing.assert_close(got, gw, rtol=1e-12, atol=1e-12)
            assert got.is_contiguous()


@pytest.mark.slow
@pytest.mark.parametrize("padding", [1, 0])
def test_im2col_weight_gradients_are_differentiable(padding):
    # A second derivative (create_graph) runs the chosen weight-gradient variant in the graph.
    x, w, b = _inputs((2, 3, 7, 7), (4, 3, 3, 3))
    conv = _conv_tuning._Conv(x, w, b, 2, padding, 1, 1)
    g = torch.randn(F.conv2d(x, w, b, 2, padding).shape, dtype=torch.float64, requires_grad=True)
    assert torch.autograd.gradcheck(lambda a, gg: conv.weight_grad(gg, a, w, "im2col"), (x, g))


def test_im2col_reads_an_input_with_any_strides():
    x, w, b = _inputs((2, 3, 9, 9), (4, 3, 3, 3))
    view = x.detach()[:, :, 1:, ::2]  # a view with an offset and a stride
    conv = _conv_tuning._Conv(view, w, b, 1, 0, 1, 1)
    g = torch.randn(2, 4, 6, 3, dtype=torch.float64)
    expected = torch.ops.aten.convolution_backward(g, view.contiguous(), w, None, [1, 1], [0, 0], [1, 1], False,
                                                   [0, 0], 1, [False, True, False])[1]
    torch.testing.assert_close(conv.weight_grad(g, view, w, "im2col"), expected, rtol=1e-12, atol=1e-12)


def test_im2col_is_offered_only_below_its_memory_bound(monkeypatch):
    x, w, _ = _inputs((2, 3, 8, 8), (4, 3, 3, 3))
    conv = _conv_tuning._Conv(x, w, None, 1, 1, 1, 1)
    g = torch.empty(2, 4, 8, 8, dtype=torch.float64)
    window_rows_bytes = 2 * 8 * 8 * 27 * 8
    monkeypatch.setattr(_conv_tuning, "_IM2COL_MAX_BYTES", window_rows_bytes)
    assert "im2col" in conv.weight_variants(g, w)
    monkeypatch.setattr(_conv_tuning, "_IM2COL_MAX_BYTES", window_rows_bytes - 1)
    assert conv.weight_variants(g, w) == ("contiguous", "channels_last", "swapped")


def test_gradients_come_back_in_the_format_of_their_tensor():
    x, w, b = _inputs((2, 8, 6, 6), (8, 8, 3, 3), channels_last=True)
    out = _conv_tuning.conv2d(x, w, b, 1, 1, 1, 1)
    gx, gw = torch.autograd.grad(out.sum(), (x, w))
    assert gx.is_contiguous(memory_format=torch.channels_last)
    assert gw.is_contiguous()


def test_each_convolution_is_timed_once():
    x, w, b = _inputs((2, 3, 8, 8), (4, 3, 3, 3))
    for _ in range(3):
        _conv_tuning.conv2d(x, w, b, 1, 1, 1, 1).sum().backward()
    assert len(_conv_tuning._plans) == 1
    (plan,) = _conv_tuning._plans.values()
    assert list(plan.backward) in ([False], [True])


def test_convolutions_met_in_one_process_are_planned_ahead_in_another(monkeypatch):
    # What a compiling child hands its caller: records of the convolutions its eager steps met,
    # through JSON; the caller times them before its next step, which then times nothing.
    import json
    x, w, b = _inputs((2, 3, 8, 8), (4, 3, 3, 3), channels_last=True)
    _conv_tuning.conv2d(x, w, b, 1, 1, 1, 1).sum().backward()
    # Choices timed on another CPU do not hold here: the caller times the kernels itself.
    records = [dict(rec, choice=dict(rec["choice"], machine="another CPU"))
               for rec in json.loads(json.dumps(_conv_tuning.planned()))]
    met = {key: set(plan.backward) for key, plan in _conv_tuning._plans.items()}
    monkeypatch.setattr(_conv_tuning, "_plans", {})
    rng = torch.get_rng_state()
    assert _conv_tuning.plan_ahead(records) == 1
    assert torch.equal(torch.get_rng_state(), rng)  # stand-in values leave the global generator alone
    assert {key: set(plan.backward) for key, plan in _conv_tuning._plans.items()} == met
    timed = []
    monkeypatch.setattr(_conv_tuning, "_fastest", lambda variants: timed.append(variants) or next(iter(variants)))
    out = _conv_tuning.conv2d(x, w, b, 1, 1, 1, 1)
    out.sum().backward()
    assert not timed
    assert _conv_tuning.plan_ahead(records) == 0  # already planned


@pytest.mark.parametrize("threads", [1, 2])
def test_choices_recorded_on_this_cpu_are_taken_without_timing(monkeypatch, threads):
    # A caller takes its compiling child's choices, and a later run of the script its earlier
    # run's, where they were timed on this CPU, whatever the thread count (the child's is one);
    # on another CPU the kernels are timed again.
    import json
    x, w, b = _inputs((2, 3, 8, 8), (4, 3, 3, 3), channels_last=True)
    before = torch.get_num_threads()
    torch.set_num_threads(threads)
    try:
        _conv_tuning.conv2d(x, w, b, 1, 1, 1, 1).sum().backward()
    finally:
        torch.set_num_threads(before)
    records = json.loads(json.dumps(_conv_tuning.planned()))
    (chosen,) = _conv_tuning._plans.values()
    monkeypatch.setattr(_conv_tuning, "_plans", {})
    monkeypatch.setattr(_conv_tuning, "_best_times", lambda variants: pytest.fail("timed a recorded choice"))
    assert _conv_tuning.plan_ahead(records) == 0
    (taken,) = _conv_tuning._plans.values()
    assert (taken.channels_last, taken.winograd, taken.backward) == \
        (chosen.channels_last, chosen.winograd, chosen.backward)

    timed = []
    monkeypatch.setattr(_conv_tuning, "_best_times", lambda variants: timed.append(variants)
                        or dict.fromkeys(variants, 1.0))
    for changed in ({"machine": "another CPU"}, {"backward": [[True, "sideways", 1]]}, "not a choice"):
        monkeypatch.setattr(_conv_tuning, "_plans", {})
        bad = [dict(records[0], choice=changed if isinstance(changed, str) else {**records[0]["choice"], **changed})]
        timed.clear()
        assert _conv_tuning.plan_ahead(bad) == 1 and timed


def test_a_recorded_im2col_choice_is_taken_and_computes_torchs_gradients(monkeypatch):
    import json
    x, w, b = _inputs((2, 3, 8, 8), (4, 3, 3, 3), channels_last=True)
    monkeypatch.setattr(_conv_tuning, "_fastest", lambda variants: "im2col" if "im2col" in variants else next(iter(variants)))
    _conv_tuning.conv2d(x, w, b, 1, 1, 1, 1).sum().backward()
    records = json.loads(json.dumps(_conv_tuning.planned()))
    monkeypatch.setattr(_conv_tuning, "_plans", {})
    monkeypatch.setattr(_conv_tuning, "_best_times", lambda variants: pytest.fail("timed a recorded choice"))
    assert _conv_tuning.plan_ahead(records) == 0
    (taken,) = _conv_tuning._plans.values()
    assert [variants[1] for variants in taken.backward.values()] == ["im2col"]
    out = _conv_tuning.conv2d(x, w, b, 1, 1, 1, 1)
    g = torch.randn_like(out)
    expected = F.conv2d(x, w, b, 1, 1)
    torch.testing.assert_close(torch.autograd.grad(out, (x, w, b), g), torch.autograd.grad(expected, (x, w, b), g),
                               rtol=1e-12, atol=1e-12)


def test_past_the_plan_limit_convolutions_run_untuned(monkeypatch):
    monkeypatch.setattr(_conv_tuning, "_MAX_PLANS", 0)
    x, w, b = _inputs((2, 3, 8, 8), (4, 3, 3, 3))
    out = _conv_tuning.conv2d(x, w, b, 1, 1, 1, 1)
    expected = F.conv2d(x, w, b, 1, 1)
    torch.testing.assert_close(out, expected)
    torch.testing.assert_close(torch.autograd.grad(out.sum(), (x, w, b)),
                               torch.autograd.grad(expected.sum(), (x, w, b)))
    assert not _conv_tuning._plans


def test_only_float_cpu_4d_convolutions_with_numeric_padding_and_enough_work_are_tuned(monkeypatch):
    monkeypatch.setattr(_conv_tuning, "_MIN_FLOPS", 0)
    x, w = torch.zeros(1, 3, 4, 4), torch.zeros(2, 3, 3, 3)
    assert _conv_tuning.tunable(x, w, 1, 1)
    assert not _conv_tuning.tunable(x, w, 1, "same")
    assert not _conv_tuning.tunable(x.half(), w.half(), 1, 1)
    assert not _conv_tuning.tunable(torch.zeros(3, 4, 4), w, 1, 1)
    # 2 * (32 * 32 * 32) positions * 64 * 64 * 9 weights = 2.4 GFLOP; stride 2 computes a quarter.
    x, w = torch.zeros(32, 64, 32, 32), torch.zeros(64, 64, 3, 3)
    monkeypatch.setattr(_conv_tuning, "_MIN_FLOPS", 2 * 32 * 32 * 32 * 64 * 64 * 9)
    assert _conv_tuning.tunable(x, w, 1, 1)
    assert not _conv_tuning.tunable(x, w, (2, 1), 1)


def _net():
    ms.set_seed(0)
    return nn.SequentialCell([nn.Conv2d(3, 4, 3, has_bias=True), nn.ReLU(), nn.Conv2d(4, 2, 1)])


def _value_and_grads(net, x):
    fn = ms.value_and_grad(lambda t: net(t).sum(), None, net.trainable_params())
    loss, grads = fn(x)
    return loss.asnumpy(), [g.asnumpy() for g in grads]


@pytest.fixture
def _eager_backend(monkeypatch):
    monkeypatch.setenv("SPORETORCH_JIT_BACKEND", "eager")
    torch._dynamo.reset()
    yield
    torch._dynamo.reset()


def test_pynative_does_not_tune_and_graph_mode_does(_eager_backend):
    x = Tensor(np.random.RandomState(0).standard_normal((2, 3, 8, 8)).astype(np.float32))
    net = _net()
    expected = _value_and_grads(net, x)
    assert not _conv_tuning._plans
    ms.set_context(mode=ms.GRAPH_MODE)
    step = ms.jit(lambda t: _value_and_grads(net, t))
    for _ in range(4):
        loss, grads = step(x)
        np.testing.assert_allclose(loss, expected[0], rtol=1e-5, atol=1e-5)
        for got, want in zip(grads, expected[1]):
            np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
    assert len(_conv_tuning._plans) == 2


def test_jit_in_pynative_tunes_and_the_switch_turns_it_off(_eager_backend, monkeypatch):
    x = Tensor(np.ones((1, 3, 6, 6), np.float32))
    net = _net()
    fn = ms.jit(lambda t: net(t))
    for _ in range(3):  # the compiled variant first, then the eager one it is raced against
        fn(x)
    assert ms.context.state["tuned"] is False
    tuned = len(_conv_tuning._plans)
    monkeypatch.setenv("SPORETORCH_JIT_AUTOTUNE", "0")
    monkeypatch.setattr(_conv_tuning, "_plans", {})
    fn = ms.jit(lambda t: net(t))
    for _ in range(3):
        fn(x)
    ms.set_context(mode=ms.GRAPH_MODE)
    for _ in range(3):
        net(x)
    assert tuned == 2 and not _conv_tuning._plans


def test_variants_are_timed_over_rounds_unless_one_round_is_long(monkeypatch):
    calls = []
    variants = {"a": lambda: calls.append("a"), "b": lambda: calls.append("b")}
    assert _conv_tuning._fastest(variants) in variants
    assert calls == ["a", "b"] * (_conv_tuning._REPEATS + 1)
    calls.clear()
    monkeypatch.setattr(_conv_tuning, "_LONG_ROUND_S", 0.0)
    _conv_tuning._fastest(variants)
    assert calls == ["a", "b"]


def test_a_tuned_call_times_the_kernels_it_meets_after_it_returns(monkeypatch):
    # GRAPH_MODE's eager variant: a convolution met unplanned runs on torch's kernels in its
    # arrival format, and is timed once the call has returned (its activations gone); the next
    # call runs the plan.
    from sporetorch.common import jit
    events = []
    best_times = _conv_tuning._best_times
    monkeypatch.setattr(_conv_tuning, "_best_times", lambda variants: events.append("timed") or best_times(variants))
    x, w, b = _inputs((2, 3, 8, 8), (4, 3, 3, 3))
    g = torch.randn(2, 4, 8, 8, dtype=torch.float64).contiguous(memory_format=torch.channels_last)
    expected = F.conv2d(x, w, b, 1, 1)
    expected_grads = torch.autograd.grad(expected, (x, w, b), g, retain_graph=True)

    def step():
        out = _conv_tuning.conv2d(x, w, b, 1, 1, 1, 1)
        grads = torch.autograd.grad(out, (x, w, b), g)
        events.append("returned")
        return out, grads

    out, grads = jit._run_in_mode(step, (), {}, graph=False, region=False, tuned=True)
    torch.testing.assert_close(out, expected, rtol=1e-12, atol=1e-12)
    torch.testing.assert_close(grads, expected_grads, rtol=1e-12, atol=1e-12)
    assert events[0] == "returned" and events.count("timed") >= 2
    (plan,) = _conv_tuning._plans.values()
    assert plan.tuned and set(plan.backward) == {True}  # the gradient's format, met in the call
    events.clear()
    out, grads = jit._run_in_mode(step, (), {}, graph=False, region=False, tuned=True)
    torch.testing.assert_close(grads, expected_grads, rtol=1e-12, atol=1e-12)
    assert events == ["returned"]
    # A gradient format the plan has not met is timed after the call too.
    g = g.contiguous()
    expected_grads = torch.autograd.grad(expected, (x, w, b), g, retain_graph=True)
    out, grads = jit._run_in_mode(step, (), {}, graph=False, region=False, tuned=True)
    torch.testing.assert_close(grads, expected_grads, rtol=1e-12, atol=1e-12)
    assert events[1] == "returned" and "timed" in events[2:] and set(plan.backward) == {True, False}
    assert _conv_tuning._deferred is None


def test_a_failing_tuned_call_leaves_nothing_deferred():
    from sporetorch.common import jit
    x, w, b = _inputs((2, 3, 8, 8), (4, 3, 3, 3))

    def step():
        _conv_tuning.conv2d(x, w, b, 1, 1, 1, 1)
        raise ValueError("the user's error")

    with pytest.raises(ValueError, match="the user's error"):
        jit._run_in_mode(step, (), {}, graph=False, region=False, tuned=True)
    assert _conv_tuning._deferred is None and not _conv_tuning._plans
