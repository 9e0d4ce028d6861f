"""The recurrent layers run on torch's public ``torch.lstm``/``gru``/``rnn_tanh``/``rnn_relu`` kernels,
which Dynamo captures (it graph-breaks on an ``nn.LSTM`` module on purpose), so a compiled step with
an RNN stays one graph, with the speed-ups on or off, and computes what the eager layer computes."""
import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import Tensor, nn


@pytest.fixture(autouse=True)
def _fresh(monkeypatch):
    monkeypatch.setenv("SPORETORCH_JIT_BACKEND", "eager")
    torch._dynamo.reset()
    yield
    torch._dynamo.reset()


@pytest.mark.parametrize("layer", [lambda: nn.LSTM(3, 4, 2, bidirectional=True), lambda: nn.GRU(3, 4),
                                   lambda: nn.RNN(3, 4, nonlinearity="relu")])
def test_a_recurrent_layer_compiles_as_one_graph(layer):
    np.random.seed(0)
    cell = layer()
    x = Tensor(np.random.RandomState(1).randn(5, 2, 3).astype(np.float32))
    torch._dynamo.utils.counters.clear()
    step = ms.jit(lambda a: cell(a)[0], fullgraph=True)
    np.testing.assert_array_equal(step(x).asnumpy(), cell(x)[0].asnumpy())
    assert torch._dynamo.utils.counters["stats"]["unique_graphs"] >= 1
    assert not torch._dynamo.utils.counters["graph_break"]
