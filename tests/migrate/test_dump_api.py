"""migrate dump records the model code's functional API calls (torch.flatten, +, ops.flatten) as
well as its leaf layers, on both sides, and compare-dump names a functional call as the first
divergent one."""
import os
import sys

import pytest
import torch
from torch import nn as tnn

import sporetorch
from sporetorch import mint, nn, ops
from sporetorch.migrate import copy_weights, weight_map
from sporetorch.migrate.dump import api_kind, compare_dumps, dump

sys.path.insert(0, os.path.dirname(__file__))
from migrate_nets import MSResNet18  # noqa: E402


class TorchSkipNet(tnn.Module):
    def __init__(self):
        super().__init__()
        self.conv = tnn.Conv2d(3, 4, 3, padding=1)
        self.fc = tnn.Linear(4 * 8 * 8, 5)

    def forward(self, x, skip):
        y = torch.flatten(self.conv(x), 1)
        y = y + torch.flatten(skip, 1)
        return self.fc(y)


class MSSkipNet(nn.Cell):
    """bug: None, "scale" (the skip scaled by 1.01: one more call), "sub" (y - skip), "mint" (the same
    network through mint) or "alpha" (mint.add(y, skip, alpha=1.01))."""

    def __init__(self, bug=None):
        super().__init__()
        self.bug = bug
        self.conv = nn.Conv2d(3, 4, 3, pad_mode="pad", padding=1, has_bias=True)
        self.fc = nn.Dense(4 * 8 * 8, 5)

    def construct(self, x, skip):
        if self.bug in ("mint", "alpha"):
            y, s = mint.flatten(self.conv(x), 1), mint.flatten(skip, 1)
            return self.fc(mint.add(y, s, alpha=1.01 if self.bug == "alpha" else 1))
        y = ops.flatten(self.conv(x), start_dim=1)
        s = ops.flatten(skip, start_dim=1)
        if self.bug == "scale":
            s = s * 1.01
        return self.fc(y - s if self.bug == "sub" else y + s)


def _inputs():
    g = torch.Generator().manual_seed(3)
    return torch.randn(2, 3, 8, 8, generator=g), torch.randn(2, 4, 8, 8, generator=g)


def _pair(bug=None):
    torch.manual_seed(0)
    t, m = TorchSkipNet(), MSSkipNet(bug)
    copy_weights(t, m, weight_map(t, m))
    return t, m


def _calls(records, direction="forward"):
    return [(r["call_type"], r["name"], r["kind"]) for r in records if r["direction"] == direction
            and r["role"] != "input"]


def test_api_kinds():
    # torch names through the API table, operators and in-place spellings merged
    assert api_kind("torch.nn.functional.linear") == api_kind("mindspore.ops.dense") == "dense"
    assert api_kind("torch.Tensor.add_") == api_kind("torch.Tensor.__add__") == api_kind(
        "mindspore.Tensor.__add__") == api_kind("mindspore.mint.add") == "add"
    assert api_kind("torch.flatten") == api_kind("mindspore.ops.flatten") == "flatten"
    assert api_kind("torch.Tensor.view") == api_kind("mindspore.Tensor.reshape") == "reshape"


def test_functional_calls_recorded_and_agree(tmp_path):
    t, m = _pair()
    t_rec = dump(t, _inputs(), tmp_path / "t")
    m_rec = dump(m, _inputs(), tmp_path / "m")
    # the calls inside Conv2d/Linear (F.conv2d, F.linear; ops.conv2d...) are not recorded
    assert _calls(t_rec) == [("layer", "conv", "conv2d"), ("api", "torch.flatten", "flatten"),
                             ("api", "torch.flatten", "flatten"), ("api", "torch.Tensor.add", "add"),
                             ("layer", "fc", "dense")]
    assert _calls(m_rec) == [("layer", "conv", "conv2d"), ("api", "mindspore.ops.flatten", "flatten"),
                             ("api", "mindspore.ops.flatten", "flatten"), ("api", "mindspore.Tensor.__add__", "add"),
                             ("layer", "fc", "dense")]
    add = next(r for r in m_rec if r["name"] == "mindspore.Tensor.__add__" and r["role"] == "input")
    assert [x["shape"] for x in add["tensors"]] == [[2, 256], [2, 256]]
    # backward: one gradient per output that needs one (the skip input does not)
    assert [n for _, n, _ in _calls(t_rec, "backward")] == ["fc", "torch.Tensor.add", "torch.flatten", "conv"]
    assert [n for _, n, _ in _calls(m_rec, "backward")] == ["fc", "mindspore.Tensor.__add__",
                                                          "mindspore.ops.flatten", "conv"]
    result = compare_dumps(tmp_path / "t", tmp_path / "m")
    assert result.ok, str(result)
    assert "forward: 5 calls paired, all agree" in result.summary()
    assert "backward: 4 calls paired, all agree" in result.summary()


def test_mint_calls_recorded_and_a_value_difference_named(tmp_path):
    t, m = _pair("mint")
    dump(t, _inputs(), tmp_path / "t")
    m_rec = dump(m, _inputs(), tmp_path / "m")
    assert [n for c, n, _ in _calls(m_rec) if c == "api"] == ["mindspore.mint.flatten", "mindspore.mint.flatten",
                                                             "mindspore.mint.add"]
    assert compare_dumps(tmp_path / "t", tmp_path / "m").ok
    t, m = _pair("alpha")
    dump(m, _inputs(), tmp_path / "a")
    result = compare_dumps(tmp_path / "t", tmp_path / "a")
    assert result.summary().startswith("forward: first divergent call #3: torch torch.Tensor.add <-> MindSpore "
                                       "mindspore.mint.add (add, output)")


def test_extra_scaling_call_is_named_first(tmp_path):
    t, m = _pair("scale")
    dump(t, _inputs(), tmp_path / "t")
    dump(m, _inputs(), tmp_path / "m")
    result = compare_dumps(tmp_path / "t", tmp_path / "m")
    first = result.first["forward"]
    assert (first["torch"], first["mindspore"], first["kind"]) == (None, "mindspore.Tensor.__mul__", "mul")
    assert "first divergent call #3: torch None <-> MindSpore mindspore.Tensor.__mul__ (mul, a call made on one " \
        "side only" in result.summary()
    assert result.first["backward"] is None  # the skip needs no gradient: the backward agrees


def test_kind_mismatch_is_structural(tmp_path):
    t, m = _pair("sub")
    dump(t, _inputs(), tmp_path / "t")
    dump(m, _inputs(), tmp_path / "m")
    result = compare_dumps(tmp_path / "t", tmp_path / "m")
    first = result.first["forward"]
    assert (first["call"], first["torch"], first["mindspore"]) == (3, "torch.Tensor.add", "mindspore.Tensor.__sub__")
    assert "first divergent call #3: torch torch.Tensor.add <-> MindSpore mindspore.Tensor.__sub__ " \
        "(structure: add vs sub)" in result.summary()


def test_wrappers_restored_after_an_exception(tmp_path):
    class Broken(nn.Cell):
        def construct(self, x):
            y = ops.flatten(x) + 1
            raise RuntimeError(f"broken after {y.shape}")

    before = (ops.flatten, sporetorch.mint.flatten, dict(vars(sporetorch.Tensor)))
    with pytest.raises(RuntimeError, match="broken after"):
        dump(Broken(), torch.ones(2, 3), tmp_path / "b")
    assert (ops.flatten, sporetorch.mint.flatten, dict(vars(sporetorch.Tensor))) == before
    assert not os.path.exists(tmp_path / "b" / "dump.json")


def test_torchvision_resnet18_names_the_injected_layer(tmp_path):
    # torchvision's own resnet.py (torch.flatten, out += identity) against a mindcv-style Cell
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "data"))
    from tvmini.models.resnet import resnet18
    torch.manual_seed(0)
    t = resnet18(num_classes=10)
    x = torch.randn(1, 3, 32, 32, generator=torch.Generator().manual_seed(1))
    t_rec = dump(t, x, tmp_path / "t")
    assert {(r["name"], r["kind"]) for r in t_rec if r["call_type"] == "api"} == \
        {("torch.Tensor.add_", "add"), ("torch.flatten", "flatten")}
    for bug, expected in ((False, None), (True, "layer2.0.conv1")):
        m = MSResNet18(num_classes=10, same_pad_layer2=bug)
        copy_weights(t, m, weight_map(t, m))
        dump(m, x, tmp_path / f"m{bug}")
        result = compare_dumps(tmp_path / "t", tmp_path / f"m{bug}")
        first = result.first["forward"]
        assert (first and first["mindspore"]) == expected, result.summary()
        if bug:
            assert "first divergent call #18: torch layer2.0.conv1 <-> MindSpore layer2.0.conv1 (conv2d, output)" \
                in result.summary()
