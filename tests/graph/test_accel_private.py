"""Every private torch API is guarded (``sporetorch/_accel/_torch_private.py``): where one is missing,
its technique turns itself off with one warning, and results stay those of the plain path."""
import logging

import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import Tensor, nn
from sporetorch._accel import _common, _torch_private


@pytest.fixture(autouse=True)
def _fresh(monkeypatch):
    monkeypatch.setattr(_torch_private, "_OFF", {})
    monkeypatch.setattr(_common, "_EMITTED", set())
    torch._dynamo.reset()
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)
    torch._dynamo.reset()


def _missing(monkeypatch, path):
    real = _torch_private._attr
    monkeypatch.setattr(_torch_private, "_attr", lambda p: None if p == path else real(p))


def test_the_tested_versions_are_listed():
    assert "2.13.0" in _torch_private.TESTED


def test_a_missing_inductor_entry_runs_graphs_on_eager_kernels_with_one_warning(monkeypatch, caplog):
    _missing(monkeypatch, "torch._inductor.compile_fx.compile_fx")
    backend = _torch_private.InductorBackend("f", {})
    gm = torch.fx.symbolic_trace(lambda x: x * 2 + 1)
    with caplog.at_level(logging.WARNING, logger="sporetorch"):
        for _ in range(2):
            fn = backend(gm, [torch.ones(3)])
            assert torch.equal(fn(torch.ones(3)), torch.full((3,), 3.0))
    assert sum("inductor backend is off" in r.getMessage() for r in caplog.records) == 1


def test_a_missing_mark_dynamic_leaves_shapes_to_recompile(monkeypatch, caplog):
    _missing(monkeypatch, "torch._dynamo.mark_dynamic")
    with caplog.at_level(logging.WARNING, logger="sporetorch"):
        _torch_private.mark_dynamic(torch.ones(2, 3), 0)
        _torch_private.mark_dynamic(torch.ones(2, 3), 0)
    assert sum("dynamic inputs is off" in r.getMessage() for r in caplog.records) == 1


def test_a_changed_dynamo_table_leaves_matmul_a_graph_break(monkeypatch, caplog):
    from torch._dynamo.variables.builtin import BuiltinVariable
    monkeypatch.setattr(BuiltinVariable, "_binops", staticmethod(lambda: ()), raising=False)
    with caplog.at_level(logging.WARNING, logger="sporetorch"):
        _torch_private.trace_matmul_operator()
        _torch_private.trace_matmul_operator()
    assert _torch_private.is_off("matmul capture")
    assert sum("matmul capture is off" in r.getMessage() for r in caplog.records) == 1
    # Results stay those of eager execution.
    ms.set_context(mode=ms.GRAPH_MODE)

    class Net(nn.Cell):
        def construct(self, a, b):
            return a @ b

    a = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    b = Tensor(np.ones((3, 2), np.float32))
    np.testing.assert_allclose(Net()(a, b).asnumpy(), np.arange(6, dtype=np.float32).reshape(2, 3) @ np.ones((3, 2)))


def test_a_missing_package_loader_turns_packages_off(monkeypatch):
    monkeypatch.setattr(torch._C, "_aoti", None, raising=False)
    with pytest.raises(RuntimeError):
        _torch_private.aoti_loader("nowhere.pt2", "model")
    assert _torch_private.is_off("packages")


def test_capture_errors_are_known_without_dynamo_imported(monkeypatch):
    monkeypatch.delitem(__import__("sys").modules, "torch._dynamo.exc", raising=False)
    assert not _torch_private.is_capture_error(ValueError("user error"))


def _sgd_run():
    np.random.seed(0)
    net = nn.Dense(3, 2)
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    step = ms.value_and_grad(lambda x: (net(x) ** 2).sum(), None, opt.parameters)
    x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    for _ in range(3):
        _, grads = step(x)
        opt(grads)
    return [p.asnumpy() for p in net.trainable_params()]


def _fp16_batch_norm_run():
    np.random.seed(0)
    net = nn.SequentialCell([nn.Dense(3, 4), nn.BatchNorm1d(4)]).to_float(ms.float16)
    net.set_train()
    x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    for _ in range(2):
        net(x)
    return [p.asnumpy() for p in net.get_parameters()]


@pytest.mark.parametrize("run", [_sgd_run, _fp16_batch_norm_run])
def test_without_version_counters_results_are_the_same(monkeypatch, run):
    # Optimizer host caches read their tensors again; cast Parameters compare values to see a write.
    expected = run()
    monkeypatch.setattr(ms._accel, "tensor_version", lambda t: None)
    got = run()
    for a, b in zip(got, expected):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("public", [False, True])
def test_relu_tangents_without_the_forward_ad_level(monkeypatch, public):
    # ReLU orders its fmax for forward-mode AD; without torch's private level it asks the tensor.
    from sporetorch.ops.function import nn_func
    if public:
        monkeypatch.setattr(nn_func, "_forward_ad_open", _torch_private._forward_ad_open_public)
    x = Tensor(np.array([-1.0, 0.0, np.nan, 2.0], np.float32))
    v = Tensor(np.array([3.0, 4.0, 5.0, 6.0], np.float32))
    out, tangent = ms.ops.jvp(ms.ops.relu, x, v)
    np.testing.assert_array_equal(out.asnumpy(), [0.0, 0.0, 0.0, 2.0])
    # MindSpore's ReLU derivative: 1 where the input is positive, else 0 (at 0 and NaN too); the
    # other fmax order would give the tangent 4 at 0.
    np.testing.assert_array_equal(tangent.asnumpy(), [0.0, 0.0, 0.0, 6.0])
    # Outside forward AD the tensor at hand has no tangent either way.
    assert not nn_func._forward_ad_open(torch.ones(2))
