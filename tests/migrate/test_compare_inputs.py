"""compare with several inputs of any dtype (Python tuple/dict, CLI --input/--inputs), converted
files (--pth/--ckpt), --quiet, and a factory that imports mindspore in its body."""
import numpy as np
import pytest
import torch

from sporetorch import nn, ops
from sporetorch.cli import main as cli_main
from sporetorch.migrate import compare


class TorchTokens(torch.nn.Module):
    """A two-input model: token ids and an attention mask (a tiny encoder layer)."""

    def __init__(self, vocab=50, dim=8):
        super().__init__()
        self.emb = torch.nn.Embedding(vocab, dim)
        self.proj = torch.nn.Linear(dim, dim)
        self.norm = torch.nn.LayerNorm(dim)
        self.head = torch.nn.Linear(dim, 3)

    def forward(self, ids, mask):
        h = self.norm(torch.relu(self.proj(self.emb(ids))))
        pooled = (h * mask.unsqueeze(-1)).sum(1) / mask.sum(1, keepdim=True)
        return self.head(pooled)


class MsTokens(nn.Cell):
    def __init__(self, vocab=50, dim=8, eps=1e-5):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.proj = nn.Dense(dim, dim)
        self.norm = nn.LayerNorm((dim,), epsilon=eps)
        self.head = nn.Dense(dim, 3)

    def construct(self, ids, mask):
        h = self.norm(ops.relu(self.proj(self.emb(ids))))
        pooled = (h * mask.unsqueeze(-1)).sum(1) / mask.sum(1, keepdims=True)
        return self.head(pooled)


def _batch():
    gen = torch.Generator().manual_seed(0)
    ids = torch.randint(0, 50, (2, 6), generator=gen)
    mask = torch.ones(2, 6)
    mask[1, 4:] = 0
    return ids, mask


def test_two_inputs_integer_ids_tuple_and_dict():
    ids, mask = _batch()
    assert ids.dtype == torch.int64
    report = compare(TorchTokens(), MsTokens(), (ids, mask))
    assert report.ok, str(report)
    assert {"eval forward", "train forward", "gradients", "optimizer step"} <= set(report.phases)
    assert report.phases["eval forward"][-1]["torch"] == "<output>"
    report = compare(TorchTokens(), MsTokens(), {"ids": ids, "mask": mask.numpy()})
    assert report.ok, str(report)


def test_two_inputs_finds_the_wrong_epsilon():
    report = compare(TorchTokens(), MsTokens(eps=1e-1), _batch(), grads=False, step=False, train=False)
    assert not report.ok
    assert report.first_divergence["mindspore"] == "norm"
    assert report.summary().startswith("First divergence: eval forward, torch norm <-> MindSpore norm")


def test_empty_inputs_are_refused():
    with pytest.raises(ValueError, match="at least one tensor"):
        compare(TorchTokens(), MsTokens(), ())


TORCH_FILE = '''
import torch
from test_compare_inputs import TorchTokens


def make():
    torch.manual_seed(1)
    return TorchTokens()
'''

MS_FILE = '''
def make(eps=1e-5):
    import mindspore  # imported while the factory runs: the alias must still be on
    from mindspore import nn
    from test_compare_inputs import MsTokens
    assert issubclass(MsTokens, nn.Cell)
    return MsTokens(eps=eps)


def bad():
    return make(eps=0.5)
'''


@pytest.fixture()
def files(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path.parent))
    monkeypatch.syspath_prepend(__import__("os").path.dirname(__file__))
    (tmp_path / "tok_torch.py").write_text(TORCH_FILE)
    (tmp_path / "tok_ms.py").write_text(MS_FILE)
    return tmp_path


def test_cli_inputs_quiet_and_factory_alias(files, capsys):
    t, m = f"{files / 'tok_torch.py'}:make", f"{files / 'tok_ms.py'}:make"
    assert cli_main(["migrate", "compare", "--torch", t, "--mindspore", m, "--input", "ids:2,6:int64:0:50",
                     "--input", "mask:2,6:float32:1:2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("All phases agree") and "== eval forward ==" not in out
    ids, mask = _batch()
    np.savez(files / "batch.npz", ids=ids.numpy(), mask=mask.numpy())
    assert cli_main(["migrate", "compare", "--torch", t, "--mindspore", f"{files / 'tok_ms.py'}:bad",
                     "--inputs", str(files / "batch.npz")]) == 1
    out = capsys.readouterr().out
    assert out.startswith("First divergence: eval forward, torch norm <-> MindSpore norm")
    assert "== eval forward ==" in out  # the tables follow the summary


def test_cli_compares_converted_files(files, capsys):
    t, m = f"{files / 'tok_torch.py'}:make", f"{files / 'tok_ms.py'}:make"
    map_file = files / "map.json"
    assert cli_main(["migrate", "map", "--torch", t, "--mindspore", m, "-o", str(map_file)]) == 0
    net = TorchTokens()
    torch.save(net.state_dict(), files / "w.pth")
    assert cli_main(["migrate", "convert", str(files / "w.pth"), str(files / "w.ckpt"), "--map", str(map_file)]) == 0
    args = ["migrate", "compare", "--torch", t, "--mindspore", m, "--input", "ids:2,6:int64:0:50",
            "--input", "mask:2,6:float32:1:2", "--pth", str(files / "w.pth"), "--ckpt", str(files / "w.ckpt"),
            "--eval-only", "-q"]
    capsys.readouterr()
    assert cli_main(args) == 0, capsys.readouterr().out
    # a checkpoint from other weights: the files differ, and compare says so
    with torch.no_grad():
        net.head.bias.add_(1.0)
    torch.save(net.state_dict(), files / "w2.pth")
    assert cli_main(args[:-6] + ["--pth", str(files / "w2.pth"), "--ckpt", str(files / "w.ckpt"), "--eval-only"]) == 1
    assert "First divergence: eval forward" in capsys.readouterr().out


def test_every_cli_option_has_help():
    from sporetorch.migrate.cli import _parser
    parser = _parser()
    subs = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    missing = [(name, act.dest) for name, sp in subs.choices.items() for act in sp._actions
               if act.dest != "help" and not act.help]
    assert missing == []
