"""`sporetorch ckpt show / convert / diff`."""
import os
import subprocess
import sys

import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import Parameter, Tensor
from sporetorch.train.ckpt_cli import main

FIXTURES = os.path.normpath(os.environ.get("CONF_FIXTURES") or os.path.join(
    os.path.dirname(__file__), "..", "data", "fixtures"))


def _params():
    rs = np.random.RandomState(0)
    return {"bn.gamma": Parameter(Tensor(rs.randn(3).astype(np.float32)), name="bn.gamma"),
            "bn.moving_mean": Parameter(Tensor(rs.randn(3).astype(np.float32)), name="bn.moving_mean"),
            "fc.weight": Parameter(Tensor(rs.randn(2, 3).astype(np.float32)), name="fc.weight"),
            "step": Parameter(Tensor(np.array([4], np.int32)), name="step")}


@pytest.mark.slow
@pytest.mark.skipif(not os.path.isdir(FIXTURES), reason="conformance fixtures not present")
def test_show_fixture_through_the_entry_point():
    out = subprocess.run([sys.executable, "-m", "sporetorch", "ckpt", "show", os.path.join(FIXTURES, "convbn.ckpt")],
                         capture_output=True, text=True, check=True).stdout
    assert "8 entries, CRC: none" in out
    assert "bn.moving_variance" in out and "(2, 1, 3, 3)" in out and "Float32" in out
    assert "total 220 bytes" in out


def test_show_reports_crc_status(tmp_path, capsys):
    path = str(tmp_path / "c.ckpt")
    ms.save_checkpoint(_params(), path, crc_check=True)
    assert main(["show", path, "--values"]) == 0
    out = capsys.readouterr().out
    assert "4 entries, CRC: ok" in out and "step" in out and "[4]" in out
    bad = tmp_path / "bad.ckpt"
    data = bytearray((tmp_path / "c.ckpt").read_bytes())
    data[-18] ^= 4  # the last byte of the last tensor
    bad.write_bytes(bytes(data))
    assert main(["show", str(bad)]) == 0
    assert "CRC: MISMATCH" in capsys.readouterr().out
    data[20] ^= 4  # and now also inside a tensor_type
    bad.write_bytes(bytes(data))
    assert main(["show", str(bad)]) == 1
    assert "CRC: MISMATCH" in capsys.readouterr().err


def test_convert_between_ckpt_safetensors_and_pth(tmp_path, capsys):
    src = str(tmp_path / "m.ckpt")
    ms.save_checkpoint(_params(), src)
    assert main(["convert", src, str(tmp_path / "m.safetensors")]) == 0
    assert main(["convert", src, str(tmp_path / "m.pth")]) == 0
    sd = torch.load(str(tmp_path / "m.pth"), weights_only=True)
    assert sorted(sd) == ["bn.running_mean", "bn.weight", "fc.weight", "step"]
    assert main(["convert", str(tmp_path / "m.pth"), str(tmp_path / "back.ckpt")]) == 0
    back = ms.load_checkpoint(str(tmp_path / "back.ckpt"))
    assert sorted(back) == sorted(_params())
    capsys.readouterr()
    assert main(["diff", src, str(tmp_path / "back.ckpt")]) == 0
    assert main(["diff", src, str(tmp_path / "m.safetensors")]) == 0
    assert "max abs diff 0" in capsys.readouterr().out


@pytest.mark.parametrize("name", ["dense", "convbn", "momentum_opt", "mixed_dtypes"])
def test_convert_to_safetensors_and_back_is_byte_identical(tmp_path, name):
    src = os.path.join(FIXTURES, f"{name}.ckpt")  # written by MindSpore 2.10, entries not sorted by name
    st, back = str(tmp_path / "m.safetensors"), str(tmp_path / "back.ckpt")
    assert main(["convert", src, st]) == 0
    assert main(["convert", st, back]) == 0
    with open(src, "rb") as a, open(back, "rb") as b:
        assert a.read() == b.read()
    # still an ordinary safetensors file (sorted by name, as the format writes it), read as MindSpore reads it
    from safetensors import safe_open
    with safe_open(st, "pt") as f:
        names = list(f.keys())
        assert f.metadata()["format"] == "ms"
    assert names == sorted(names)
    assert list(ms.load_checkpoint(st, format="safetensors")) == names


def test_convert_keeps_the_order_with_a_crc_and_ignores_a_forged_order(tmp_path):
    src, st, back = (str(tmp_path / n) for n in ("m.ckpt", "m.safetensors", "back.ckpt"))
    params = dict(reversed(list(_params().items())))
    ms.save_checkpoint(params, src, crc_check=True)
    assert main(["convert", src, st, "--crc"]) == 0
    assert main(["convert", st, back, "--crc"]) == 0
    with open(src, "rb") as a, open(back, "rb") as b:
        assert a.read() == b.read()
    assert set(ms.load_checkpoint(st, format="safetensors", crc_check=True)) == set(params)
    from safetensors.torch import load_file, save_file
    save_file(load_file(st), st, metadata={"format": "ms", "sporetorch_order": '["step", "nothing"]'})
    assert main(["convert", st, back]) == 0
    assert list(ms.load_checkpoint(back)) == sorted(params)


def test_diff_reports_differences(tmp_path, capsys):
    a, b = str(tmp_path / "a.ckpt"), str(tmp_path / "b.ckpt")
    ms.save_checkpoint(_params(), a)
    changed = _params()
    changed["fc.weight"] = Parameter(changed["fc.weight"]._t + 0.5, name="fc.weight")
    del changed["step"]
    ms.save_checkpoint(changed, b)
    assert main(["diff", a, b]) == 1
    out = capsys.readouterr().out
    assert "fc.weight" in out and "max abs diff 0.5" in out and "only in" in out
    assert main(["diff", a, a]) == 0


def test_errors_are_reported_not_raised(tmp_path, capsys):
    assert main(["show", str(tmp_path / "missing.ckpt")]) == 1
    (tmp_path / "junk.ckpt").write_bytes(b"junk" * 10)
    assert main(["show", str(tmp_path / "junk.ckpt")]) == 1
    assert main(["convert", str(tmp_path / "junk.ckpt"), str(tmp_path / "x.txt")]) == 1
    assert "error" in capsys.readouterr().err


def test_convert_pth_with_a_network_maps_layers(tmp_path, monkeypatch):
    (tmp_path / "cli_models.py").write_text(
        "from sporetorch import nn\n"
        "class Net(nn.Cell):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.conv = nn.Conv1d(2, 3, 2, has_bias=True)\n"
        "        self.bn = nn.BatchNorm1d(3)\n")
    monkeypatch.chdir(tmp_path)
    tnet = torch.nn.ModuleDict({"conv": torch.nn.Conv1d(2, 3, 2), "bn": torch.nn.BatchNorm1d(3)})
    with torch.no_grad():
        tnet["bn"].running_mean.uniform_()
    torch.save(tnet.state_dict(), "t.pth")
    assert main(["convert", "t.pth", "m.ckpt", "--net", "cli_models:Net"]) == 0
    d = ms.load_checkpoint("m.ckpt")
    assert d["conv.weight"].shape == (3, 2, 1, 2)
    np.testing.assert_array_equal(d["bn.moving_mean"].asnumpy(), tnet["bn"].running_mean.numpy())
    assert main(["convert", "m.ckpt", "back.pth", "--net", "cli_models:Net"]) == 0
    back = torch.load("back.pth", weights_only=True)
    for k, v in tnet.state_dict().items():
        assert torch.equal(back[k], v), k
