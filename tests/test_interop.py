"""PyTorch state_dict interop: name and layout mapping by layer type, .pth files, reports."""
import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import Parameter, Tensor, nn
from sporetorch import interop


def _param(shape, name, seed):
    return Parameter(Tensor(np.random.RandomState(seed).randn(*shape).astype(np.float32)), name=name)


# Stand-ins with MindSpore 2.10's Parameter names, so the mapping is tested on its own;
# the mapping keys off the class names, as it does for the real layers.
class BatchNorm1d(nn.Cell):
    def __init__(self, n):
        super().__init__()
        self.moving_mean = _param((n,), "moving_mean", 1)
        self.moving_variance = Parameter(Tensor(np.abs(np.random.RandomState(2).randn(n)).astype(np.float32)),
                                         name="moving_variance", requires_grad=False)
        self.gamma = _param((n,), "gamma", 3)
        self.beta = _param((n,), "beta", 4)


class LayerNorm(nn.Cell):
    def __init__(self, n):
        super().__init__()
        self.gamma = _param((n,), "gamma", 5)
        self.beta = _param((n,), "beta", 6)


class Embedding(nn.Cell):
    def __init__(self, vocab, dim):
        super().__init__()
        self.embedding_table = _param((vocab, dim), "embedding_table", 7)


class PReLU(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = _param((1,), "w", 8)


class Conv1d(nn.Cell):
    def __init__(self, cin, cout, k):
        super().__init__()
        self.weight = _param((cout, cin, 1, k), "weight", 9)
        self.bias = _param((cout,), "bias", 10)


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.emb = Embedding(5, 4)
        self.conv = Conv1d(4, 3, 2)
        self.bn = BatchNorm1d(3)
        self.act = PReLU()
        self.ln = LayerNorm(3)
        self.fc = nn.Dense(3, 2)


def _torch_net():
    return torch.nn.ModuleDict({
        "emb": torch.nn.Embedding(5, 4), "conv": torch.nn.Conv1d(4, 3, 2), "bn": torch.nn.BatchNorm1d(3),
        "act": torch.nn.PReLU(), "ln": torch.nn.LayerNorm(3), "fc": torch.nn.Linear(3, 2)})


def test_to_torch_state_dict_loads_strictly_into_the_torch_network():
    net = Net()
    sd = interop.to_torch_state_dict(net)
    assert list(sd) == ["emb.weight", "conv.weight", "conv.bias", "bn.running_mean", "bn.running_var",
                        "bn.weight", "bn.bias", "act.weight", "ln.weight", "ln.bias", "fc.weight", "fc.bias",
                        "bn.num_batches_tracked"]
    tnet = _torch_net()
    tnet.load_state_dict(sd, strict=True)
    assert torch.equal(tnet["conv"].weight, net.conv.weight._t.squeeze(2))
    assert torch.equal(tnet["bn"].running_var, net.bn.moving_variance._t)
    assert torch.equal(tnet["emb"].weight, net.emb.embedding_table._t)


def test_load_torch_state_dict_round_trip_and_keeps_parameters():
    tnet = _torch_net()
    net = Net()
    ids = {p.name: id(p) for p in net.get_parameters()}
    report = interop.load_torch_state_dict(net, tnet.state_dict())
    assert report == interop.TorchLoadReport([], [], [])
    assert torch.equal(net.conv.weight._t, tnet["conv"].weight.detach().unsqueeze(2))
    assert torch.equal(net.bn.gamma._t, tnet["bn"].weight.detach())
    assert torch.equal(net.act.w._t, tnet["act"].weight.detach())
    assert {p.name: id(p) for p in net.get_parameters()} == ids
    assert net.bn.moving_variance.requires_grad is False


def test_dense_forward_matches_torch_linear_after_loading():
    lin = torch.nn.Linear(3, 2)
    dense = nn.Dense(3, 2)
    interop.load_torch_state_dict(dense, lin.state_dict())
    x = np.random.RandomState(0).randn(4, 3).astype(np.float32)
    np.testing.assert_allclose(dense(Tensor(x)).asnumpy(), lin(torch.from_numpy(x)).detach().numpy(),
                               rtol=1e-6, atol=1e-6)


def test_strict_mismatch_reports_and_loads_nothing():
    tnet = _torch_net()
    sd = tnet.state_dict()
    sd["fc.weight"] = torch.zeros(2, 7)
    sd["extra.weight"] = torch.zeros(1)
    del sd["ln.bias"]
    net = Net()
    before = {p.name: p._t.clone() for p in net.get_parameters()}
    with pytest.raises(ValueError, match="nothing was loaded") as info:
        interop.load_torch_state_dict(net, sd)
    assert "ln.beta" in str(info.value) and "extra.weight" in str(info.value)
    assert all(torch.equal(before[p.name], p._t) for p in net.get_parameters())
    report = interop.load_torch_state_dict(net, sd, strict=False)
    assert report.missing == ["ln.beta"] and report.unexpected == ["extra.weight"]
    assert report.mismatched == [("fc.weight", (2, 7), (2, 3))]
    assert torch.equal(net.bn.gamma._t, tnet["bn"].weight.detach())


def test_pth_files_are_read_with_weights_only(tmp_path):
    tnet = _torch_net()
    path = tmp_path / "w.pth"
    torch.save({"state_dict": {"module." + k: v for k, v in tnet.state_dict().items()}}, path)
    net = Net()
    assert interop.load_torch_state_dict(net, str(path)) == ([], [], [])

    class Evil:
        def __reduce__(self):
            return (print, ("code ran",))

    torch.save({"fc.weight": Evil()}, tmp_path / "evil.pth")
    with pytest.raises(ValueError, match="Refused to load .*evil.pth") as info:
        interop.load_torch_state_dict(net, str(tmp_path / "evil.pth"))
    text = str(info.value)
    assert "print" in text and "safetensors" in text  # what was refused, and the safe way to convert
    assert "weights_only" not in text  # not torch's advice to turn the protection off


def test_name_guesses_without_a_network():
    assert interop.mindspore_names_from_torch(
        ["bn.weight", "bn.bias", "bn.running_mean", "bn.running_var", "bn.num_batches_tracked", "fc.weight"]) == {
        "bn.weight": "bn.gamma", "bn.bias": "bn.beta", "bn.running_mean": "bn.moving_mean",
        "bn.running_var": "bn.moving_variance", "bn.num_batches_tracked": None, "fc.weight": "fc.weight"}
    assert interop.torch_names_from_mindspore(["bn.gamma", "emb.embedding_table", "fc.bias"]) == {
        "bn.gamma": "bn.weight", "emb.embedding_table": "emb.weight", "fc.bias": "fc.bias"}


# (sporetorch layer, its arguments, the torch twin, an input shape); arguments chosen so that
# the two compute the same function (MindSpore's Conv1d pads "same" and LayerNorm uses eps 1e-7).
REAL_LAYERS = [
    ("BatchNorm2d", (3,), {}, lambda: torch.nn.BatchNorm2d(3), (2, 3, 4, 4)),
    ("LayerNorm", ((3,),), {"epsilon": 1e-5}, lambda: torch.nn.LayerNorm(3), (2, 3)),
    ("GroupNorm", (1, 3), {}, lambda: torch.nn.GroupNorm(1, 3), (2, 3, 4)),
    ("Embedding", (5, 3), {}, lambda: torch.nn.Embedding(5, 3), None),
    ("PReLU", (), {}, lambda: torch.nn.PReLU(), (2, 3)),
    ("Conv1d", (3, 2, 2), {"has_bias": True, "pad_mode": "valid"}, lambda: torch.nn.Conv1d(3, 2, 2), (2, 3, 5)),
]


@pytest.mark.parametrize("layer,args,kwargs,torch_layer,shape", REAL_LAYERS, ids=[r[0] for r in REAL_LAYERS])
def test_real_layers_map_onto_torch_and_compute_the_same(layer, args, kwargs, torch_layer, shape):
    if not hasattr(nn, layer):
        pytest.skip(f"nn.{layer} is not implemented yet")
    cell = getattr(nn, layer)(*args, **kwargs)
    tmod = torch_layer().eval()
    torch.manual_seed(0)
    with torch.no_grad():
        for t in tmod.state_dict().values():
            if t.is_floating_point():
                t.copy_(torch.rand(t.shape) + 0.5)
    assert interop.load_torch_state_dict(cell, tmod.state_dict()) == ([], [], [])
    tmod2 = torch_layer()
    tmod2.load_state_dict(interop.to_torch_state_dict(cell), strict=True)
    for (k, v), v2 in zip(tmod.state_dict().items(), tmod2.state_dict().values()):
        assert torch.equal(v, v2), k
    x = torch.tensor([[0, 4, 2]]) if shape is None else torch.randn(shape)
    xs = Tensor(x.numpy())
    np.testing.assert_allclose(cell(xs).asnumpy(), tmod(x).detach().numpy(), rtol=1e-5, atol=1e-5)


def test_checkpoint_to_torch_and_back(tmp_path):
    net = Net()
    ms.save_checkpoint(net, str(tmp_path / "n.ckpt"))
    sd = interop.to_torch_state_dict(net)
    params = interop.parameters_from_torch(sd, Net())
    ms.save_checkpoint(params, str(tmp_path / "back.ckpt"))
    assert (tmp_path / "back.ckpt").read_bytes() == (tmp_path / "n.ckpt").read_bytes()


def test_rnn_parameter_tuples_map_by_name():
    if not hasattr(nn, "LSTM"):
        pytest.skip("nn.LSTM is not implemented yet")

    class Tagger(nn.Cell):
        def __init__(self):
            super().__init__()
            self.rnn = nn.LSTM(3, 4, num_layers=2, bidirectional=True, batch_first=True)
            self.fc = nn.Dense(8, 2)

    tnet = torch.nn.ModuleDict({"rnn": torch.nn.LSTM(3, 4, num_layers=2, bidirectional=True, batch_first=True),
                                "fc": torch.nn.Linear(8, 2)})
    net = Tagger()
    assert interop.load_torch_state_dict(net, tnet.state_dict()) == ([], [], [])
    x = torch.randn(2, 5, 3)
    out, _ = net.rnn(Tensor(x.numpy()))
    np.testing.assert_allclose(out.asnumpy(), tnet["rnn"](x)[0].detach().numpy(), rtol=1e-5, atol=1e-6)
    tnet2 = torch.nn.ModuleDict({"rnn": torch.nn.LSTM(3, 4, num_layers=2, bidirectional=True, batch_first=True),
                                 "fc": torch.nn.Linear(8, 2)})
    tnet2.load_state_dict(interop.to_torch_state_dict(net), strict=True)
