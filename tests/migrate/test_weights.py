"""weight_map / convert / convert_back on a torchvision-style ResNet-18 and small layer zoos."""
import json

import numpy as np
import pytest
import torch
from torch import nn as tnn

import sporetorch as ms
from sporetorch import nn
from sporetorch.migrate import AmbiguousMappingError, WeightMap, convert, convert_back, copy_weights, weight_map
from migrate_nets import MSResNet18, TorchResNet18


@pytest.fixture(scope="module")
def resnets():
    torch.manual_seed(0)
    return TorchResNet18(), MSResNet18()


def test_resnet18_map_is_complete(resnets):
    t, m = resnets
    wmap = weight_map(t, m)
    sd = t.state_dict()
    n_bn = sum(k.endswith("num_batches_tracked") for k in sd)
    assert wmap.complete
    assert (wmap.unmatched_torch, wmap.unmatched_mindspore, wmap.mismatched) == ([], [], [])
    assert len(sd) == 122  # torchvision resnet18: 102 weights and 20 num_batches_tracked
    assert len(wmap) == len(sd) - n_bn == len(list(m.get_parameters())) == 102
    assert len(wmap.dropped_torch) == n_bn
    pairs = wmap.torch_to_mindspore()
    assert pairs["bn1.running_var"] == "bn1.moving_variance"
    assert pairs["layer2.0.downsample.1.weight"] == "layer2.0.down_sample.1.gamma"
    assert pairs["fc.weight"] == "classifier.weight"
    assert "0 torch and 0 MindSpore unmatched" in wmap.report()
    # the JSON table is reviewable and reads back
    again = WeightMap.from_json(wmap.to_json())
    assert again.entries == json.loads(wmap.to_json())["entries"]


@pytest.mark.slow
@pytest.mark.parametrize("src_ext", [".pth", ".safetensors"])
def test_convert_and_back(resnets, tmp_path, src_ext):
    t, m = resnets
    wmap = weight_map(t, m)
    map_file = tmp_path / "map.json"
    wmap.to_json(map_file)
    src = tmp_path / f"resnet{src_ext}"
    sd = t.state_dict()
    if src_ext == ".pth":
        torch.save(sd, src)
    else:
        from safetensors.torch import save_file
        save_file({k: v.contiguous() for k, v in sd.items()}, str(src))
    ckpt = tmp_path / "resnet.ckpt"
    assert convert(src, ckpt, map_file) == []
    fresh = MSResNet18()
    param_dict = ms.load_checkpoint(str(ckpt))
    assert ms.load_param_into_net(fresh, param_dict) == ([], [])
    got = {p.name: p.asnumpy() for p in fresh.get_parameters()}
    for e in wmap.entries:
        np.testing.assert_array_equal(got[e["mindspore"]], sd[e["torch"]].numpy())
    # and back: a strict torch load of the file written from the checkpoint
    back = tmp_path / "back.pth"
    assert convert_back(ckpt, back, map_file) == []
    t2 = TorchResNet18()
    t2.load_state_dict(torch.load(back, weights_only=True), strict=True)
    for k, v in t2.state_dict().items():
        if not k.endswith("num_batches_tracked"):
            assert torch.equal(v, sd[k]), k


class TorchZoo(tnn.Module):
    def __init__(self):
        super().__init__()
        self.emb = tnn.Embedding(11, 4)
        self.conv = tnn.Conv1d(4, 6, 3)
        self.norm = tnn.LayerNorm(6)
        self.act = tnn.PReLU()
        self.head = tnn.Linear(6, 2)


class MSZoo(nn.Cell):
    def __init__(self):
        super().__init__()
        self.embed = nn.Embedding(11, 4)
        self.conv = nn.Conv1d(4, 6, 3, has_bias=True)
        self.ln = nn.LayerNorm((6,))
        self.act = nn.PReLU()
        self.out = nn.Dense(6, 2)


def test_layer_renames_and_conv1d_layout():
    t, m = TorchZoo(), MSZoo()
    wmap = weight_map(t, m)
    assert wmap.complete, wmap.report()
    pairs = wmap.torch_to_mindspore()
    assert pairs == {"emb.weight": "embed.embedding_table", "conv.weight": "conv.weight", "conv.bias": "conv.bias",
                     "norm.weight": "ln.gamma", "norm.bias": "ln.beta", "act.weight": "act.w",
                     "head.weight": "out.weight", "head.bias": "out.bias"}
    conv = next(e for e in wmap.entries if e["torch"] == "conv.weight")
    assert conv["layout"] == "unit_height" and conv["mindspore_shape"] == [6, 4, 1, 3]
    copy_weights(t, m, wmap)
    np.testing.assert_array_equal(m.conv.weight.asnumpy()[:, :, 0, :], t.conv.weight.detach().numpy())
    np.testing.assert_array_equal(m.embed.embedding_table.asnumpy(), t.emb.weight.detach().numpy())


def test_unmatched_and_mismatched_are_reported():
    class T(tnn.Module):
        def __init__(self):
            super().__init__()
            self.fc = tnn.Linear(4, 3)
            self.extra = tnn.Linear(2, 2, bias=False)

    class M(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = nn.Dense(4, 5)

    wmap = weight_map(T(), M())
    assert not wmap.complete
    pairs = [(e["torch"], e["mindspore"]) for e in wmap.mismatched]
    assert pairs == [("fc.weight", "fc.weight"), ("fc.bias", "fc.bias")]
    assert wmap.unmatched_torch == ["extra.weight"]
    assert "shape mismatch: fc.weight (3, 4) <-> fc.weight (5, 4)" in wmap.report()


def test_ambiguous_structure_raises_naming_both_sides():
    class T(tnn.Module):
        def __init__(self):
            super().__init__()
            self.a = tnn.Linear(4, 4)
            self.b = tnn.Linear(4, 4)

    class M(nn.Cell):
        def __init__(self):
            super().__init__()
            self.x = nn.Dense(4, 4)

    both_sides = r"torch \['a \(Linear\)', 'b \(Linear\)'\] vs MindSpore \['x \(Dense\)'\]"
    with pytest.raises(AmbiguousMappingError, match=both_sides):
        weight_map(T(), M())


def test_bad_arguments():
    with pytest.raises(TypeError, match="torch.nn.Module"):
        weight_map(MSZoo(), MSZoo())
    with pytest.raises(TypeError, match="Cell"):
        weight_map(TorchZoo(), TorchZoo())


def test_bilinear_pairs_with_bidense():
    tm, cell = tnn.Bilinear(3, 4, 2), nn.BiDense(3, 4, 2)
    wmap = weight_map(tm, cell)
    assert wmap.complete and len(wmap) == 2
    copy_weights(tm, cell, wmap)
    x1, x2 = np.random.default_rng(0).standard_normal((2, 3)).astype(np.float32), np.ones((2, 4), np.float32)
    expected = tm(torch.tensor(x1), torch.tensor(x2)).detach().numpy()
    np.testing.assert_allclose(cell(ms.Tensor(x1), ms.Tensor(x2)).asnumpy(), expected, rtol=1e-5, atol=1e-6)
