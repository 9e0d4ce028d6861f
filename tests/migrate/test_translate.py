"""translate: PyTorch nn.Module files into MindSpore nn.Cell files, proven with the finder."""
import ast
import os
import sys

import pytest

from sporetorch.cli import main as cli_main
from sporetorch.migrate import translate, verify
from sporetorch.migrate import translator as _translator
from sporetorch.migrate.translator import TODO_MARK

MODELS = '''
import torch
import torch.nn as nn
import torch.nn.functional as F


class LeNet(nn.Module):
    def __init__(self, num_classes=10):
        super(LeNet, self).__init__()
        self.conv1 = nn.Conv2d(1, 6, 5)
        self.conv2 = nn.Conv2d(6, 16, 5)
        self.fc1 = nn.Linear(16 * 5 * 5, 120)
        self.fc2 = nn.Linear(120, 84)
        self.fc3 = nn.Linear(84, num_classes)

    def forward(self, x):
        x = F.max_pool2d(F.relu(self.conv1(x)), 2)
        x = F.max_pool2d(F.relu(self.conv2(x)), 2)
        x = torch.flatten(x, 1)
        x = F.relu(self.fc1(x))
        x = F.relu(self.fc2(x))
        return self.fc3(x)


class BasicBlock(nn.Module):
    def __init__(self, in_planes=8, planes=16, stride=2):
        super().__init__()
        self.conv1 = nn.Conv2d(in_planes, planes, kernel_size=3, stride=stride, padding=1, bias=False)
        self.bn1 = nn.BatchNorm2d(planes)
        self.conv2 = nn.Conv2d(planes, planes, kernel_size=3, stride=1, padding=1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.shortcut = nn.Sequential()
        if stride != 1 or in_planes != planes:
            self.shortcut = nn.Sequential(
                nn.Conv2d(in_planes, planes, kernel_size=1, stride=stride, bias=False),
                nn.BatchNorm2d(planes, momentum=0.2),
            )

    def forward(self, x):
        out = F.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        out = out + self.shortcut(x)
        return F.relu(out)


class Head(nn.Module):
    def __init__(self):
        super().__init__()
        self.pool = nn.AvgPool2d(2)
        self.drop = nn.Dropout(0.25)
        self.norm = nn.LayerNorm(4, eps=1e-6)
        self.act = nn.GELU()
        self.fc = nn.Linear(4, 3)

    def forward(self, x):
        x = self.pool(x)
        x = x.view(x.size(0), -1)
        return self.fc(self.act(self.norm(self.drop(x))))
'''


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("translate")
    src = d / "models.py"
    src.write_text(MODELS)
    dst = d / "models_ms.py"
    dst.write_text(translate(MODELS, "models.py"))
    return src, dst


def test_translation_reads_as_mindspore(files):
    _, dst = files
    text = dst.read_text()
    ast.parse(text)
    assert "torch" not in text.replace("sporetorch", "")
    assert TODO_MARK not in text.split("\n", 1)[1]  # everything in these models is translated
    for piece in ("class LeNet(nn.Cell):", "def construct(self, x):",
                  "nn.Conv2d(1, 6, 5, pad_mode='valid', has_bias=True)",
                  "stride=stride, pad_mode='pad', padding=1, has_bias=False", "nn.BatchNorm2d(planes, momentum=0.9)",
                  "nn.BatchNorm2d(planes, momentum=0.8)", "nn.SequentialCell([])", "nn.Dense(120, 84)",
                  "ops.max_pool2d(ops.relu(self.conv1(x)), kernel_size=2, stride=2)", "ops.flatten(x, start_dim=1)",
                  "nn.AvgPool2d(kernel_size=2, stride=2, pad_mode='valid')", "nn.Dropout(p=0.25)",
                  "nn.LayerNorm((4,), begin_norm_axis=-1, begin_params_axis=-1, epsilon=1e-06)",
                  "nn.GELU(approximate=False)", "x.view(x.shape[0], -1)"):
        assert piece in text, piece


@pytest.mark.parametrize("name,shape", [("LeNet", (2, 1, 32, 32)), ("BasicBlock", (2, 8, 8, 8)),
                                        ("Head", (2, 1, 4, 4))])
@pytest.mark.slow
def test_finder_proves_translation(files, name, shape):
    src, dst = files
    report = verify(str(src), str(dst), name, shape)
    assert report.ok, str(report)
    assert "mindspore" not in sys.modules or sys.modules["mindspore"].__name__ == "mindspore"


def test_untranslated_constructs_raise_at_their_place_and_the_module_imports(tmp_path):
    src = ('"""A module docstring."""\n# Copyright (c) someone. Licence header kept.\nimport torch\n'
           "from torch import nn\n\n\nclass M(nn.Module):\n    def __init__(self):\n"
           "        super().__init__()\n        self.rnn = nn.LSTM(4, 8, batch_first=True)\n"
           "        self.pad = nn.Conv2d(1, 1, 3, padding=1, padding_mode='reflect')  # reflect on purpose\n\n"
           "    def forward(self, x: torch.Tensor) -> torch.Tensor:\n        # a comment in forward\n"
           "        x = x.cuda()\n        return torch.special.zeta(x, 2)\n")
    result = translate(src, report=True)
    text = result.text
    assert text.startswith('"""A module docstring."""\n# Copyright (c) someone. Licence header kept.\n')
    assert "        # a comment in forward\n" in text and "def construct(self, x: mindspore.Tensor) -> mindspore.Tensor:" in text
    assert ("        raise NotImplementedError(\"'torch.nn.LSTM(...)' at line 10: MindSpore has mindspore.nn.LSTM "
            in text)
    assert "        # torch: self.rnn = nn.LSTM(4, 8, batch_first=True)\n" in text
    assert "padding_mode other than 'zeros' at line 11: pad the input with ops.pad first" in text
    assert "# torch: self.pad = nn.Conv2d(1, 1, 3, padding=1, padding_mode='reflect')  # reflect on purpose" in text
    assert "'torch.special.zeta(...)' at line 16: write it with MindSpore ops" in text
    assert "        x = x\n" in text  # .cuda() removed, with a note
    assert [line for line, _ in result.todos] == [10, 11, 16]
    assert any("'.cuda(...)' removed" in msg for _, msg in result.notes)
    path = tmp_path / "m_ms.py"
    path.write_text(text)
    with _translator._mindspore_alias():
        module = _translator._load(str(path), "_m_ms_for_test")
        with pytest.raises(NotImplementedError, match="torch.nn.LSTM"):
            module.M()


@pytest.mark.slow
def test_cli_translate_and_check(files, tmp_path, capsys):
    src, _ = files
    out = tmp_path / "lenet_ms.py"
    rc = cli_main(["migrate", "translate", str(src), "-o", str(out), "--check", "LeNet", "--input-shape", "2,1,32,32"])
    assert rc == 0
    assert "All phases agree" in capsys.readouterr().out
    assert os.path.exists(out)
