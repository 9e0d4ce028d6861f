"""migrate dump + compare-dump (a ResNet-18 pair with one injected difference), loss-curve and explain."""
import os
import sys

import torch

from sporetorch.cli import main as cli_main
from sporetorch.migrate import copy_weights, weight_map
from sporetorch.migrate.dump import compare_dumps, dump
from sporetorch.migrate.explain import compare_losses, explain

sys.path.insert(0, os.path.dirname(__file__))
from migrate_nets import MSResNet18, TorchResNet18  # noqa: E402


def _pair(**bug):
    torch.manual_seed(0)
    t, m = TorchResNet18(width=8), MSResNet18(width=8, **bug)
    copy_weights(t, m, weight_map(t, m))
    return t, m


def test_dump_pair_agrees_and_injected_difference_is_named(tmp_path):
    x = torch.randn(2, 3, 32, 32, generator=torch.Generator().manual_seed(1))
    t, m = _pair()
    t_records = dump(t, x, tmp_path / "torch")
    dump(m, x, tmp_path / "ms")
    backward = [r for r in t_records if r["direction"] == "backward"]
    # one gradient per call output: 60 leaf layers, the 8 `out += identity` and the torch.flatten
    assert sum(r["call_type"] == "layer" for r in backward) == 60
    assert [r["name"] for r in backward if r["call_type"] == "api"] == ["torch.flatten"] + ["torch.Tensor.add_"] * 8
    ok = compare_dumps(tmp_path / "torch", tmp_path / "ms")
    assert ok.ok, ok.summary()
    t, bad = _pair(same_pad_layer2=True)  # layer2.0.conv1 with pad_mode="same" instead of padding=1
    dump(bad, x, tmp_path / "bad")
    result = compare_dumps(tmp_path / "torch", tmp_path / "bad")
    first = result.first["forward"]
    assert (first["torch"], first["mindspore"], first["role"]) == ("layer2.0.conv1", "layer2.0.conv1", "output")
    assert "first divergent call #18: torch layer2.0.conv1 <-> MindSpore layer2.0.conv1 (conv2d, output)" \
        in result.summary()
    assert result.first["backward"] is not None


NETS = '''
import torch
from sporetorch.migrate.dump import dump
import sys, os
sys.path.insert(0, {here!r})
from migrate_nets import TorchResNet18, MSResNet18


def torch_net():
    torch.manual_seed(0)
    return TorchResNet18(width=8)


def ms_net():
    import mindspore  # the alias is on while the factory runs
    return MSResNet18(width=8, same_pad_layer2=True)
'''


def test_cli_dump_and_compare_dump(tmp_path, capsys):
    nets = tmp_path / "nets.py"
    nets.write_text(NETS.format(here=os.path.dirname(__file__)))
    map_file, pth, ckpt = tmp_path / "map.json", tmp_path / "w.pth", tmp_path / "w.ckpt"
    t_spec, m_spec = f"{nets}:torch_net", f"{nets}:ms_net"
    assert cli_main(["migrate", "map", "--torch", t_spec, "--mindspore", m_spec, "-o", str(map_file)]) == 0
    torch.manual_seed(0)
    torch.save(TorchResNet18(width=8).state_dict(), pth)
    assert cli_main(["migrate", "convert", str(pth), str(ckpt), "--map", str(map_file)]) == 0
    assert cli_main(["migrate", "dump", t_spec, "--input-shape", "2,3,32,32", "-o", str(tmp_path / "dt")]) == 0
    assert cli_main(["migrate", "dump", m_spec, "--mindspore", "--ckpt", str(ckpt), "--input-shape", "2,3,32,32",
                     "-o", str(tmp_path / "dm")]) == 0
    capsys.readouterr()
    assert cli_main(["migrate", "compare-dump", str(tmp_path / "dt"), str(tmp_path / "dm"), "-q"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("forward: first divergent call #18: torch layer2.0.conv1 <-> MindSpore layer2.0.conv1")


def test_loss_curve(tmp_path, capsys):
    a, b = tmp_path / "torch.log", tmp_path / "ms.log"
    a.write_text("".join(f"epoch 0 step {i} loss: {2.3 - 0.1 * i:.6f}\n" for i in range(5)))
    b.write_text("".join(f"step {i}, loss = {2.3 - 0.1 * i + (0.01 if i == 3 else 0):.6f} lr 0.1\n" for i in range(5)))
    assert cli_main(["migrate", "loss-curve", str(a), str(a), "-q"]) == 0
    assert cli_main(["migrate", "loss-curve", str(a), str(b)]) == 1
    out = capsys.readouterr().out
    assert "first step outside the tolerance: 3 (2.0 vs 2.01" in out
    assert compare_losses([1.0, 2.0], [1.0, 2.0])["first"] is None


def test_explain(capsys):
    names = [n for n, *_ in explain("TypeError: For 'CrossEntropyLoss', the 'labels' should be Int32, but got Int64")]
    assert names == ["label_dtype"]
    assert [n for n, *_ in explain("gelu(): argument 'input' (position 1) must be Tensor, not Tensor")] == \
        ["torch_function_on_ms_tensor"]
    assert cli_main(["migrate", "explain", "NameError: name 'torch' is not defined"]) == 0
    assert "[torch_left]" in capsys.readouterr().out
    for topic, message in [("pad_mode", "the 'padding' must be 0 when 'pad_mode' is not 'pad'"),
                           ("dropout", "keep_prob is deprecated"), ("bn_momentum", "moving_mean not loaded"),
                           ("dense_layout", "For 'MatMul', the input dimensions must be equal"),
                           ("init", "kaiming_normal_ is not a function of mindspore")]:
        assert topic in [n for n, *_ in explain(message)], topic
    assert cli_main(["migrate", "explain", "something else entirely"]) == 1
    assert "Known topics: label_dtype" in capsys.readouterr().out
