"""translate on real third-party model files: torchvision 0.29.1's resnet.py and mobilenetv2.py
(copied into tests/migrate/data/tvmini with the helpers they import; BSD 3-Clause). The outputs
must import, build and match the torch models: exactly on sporetorch, within 1e-5 relative on
real MindSpore 2.10 (that part runs when SPORETORCH_MINDSPORE_PYTHON names its interpreter)."""
import ast
import os
import re
import subprocess
import sys

import pytest

from sporetorch.cli import main as cli_main
from sporetorch.migrate import translate_file, verify

HERE = os.path.dirname(__file__)
TV = os.path.join(HERE, "data", "tvmini", "models")
MS_PYTHON = os.environ.get("SPORETORCH_MINDSPORE_PYTHON")
ROOT = os.path.dirname(os.path.dirname(HERE))

CASES = [("resnet.py", "resnet18"), ("mobilenetv2.py", "mobilenet_v2")]


@pytest.fixture(scope="module")
def translated(tmp_path_factory):
    d = tmp_path_factory.mktemp("zoo")
    out = {}
    for name, _ in CASES:
        dst = d / name.replace(".py", "_ms.py")
        out[name] = (dst, translate_file(os.path.join(TV, name), str(dst), report=True))
    return out


def test_everything_translated_comments_and_docstrings_kept(translated):
    for name, (dst, result) in translated.items():
        assert result.todos == [], (name, result.todos)
        text = dst.read_text()
        assert re.search(r"NotImplementedError\(.* at line \d+: ", text) is None
        assert text.startswith("# Copied from torchvision 0.29.1 (BSD 3-Clause License")
        tree = ast.parse(text)
        assert not [n for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id in ("torch", "F")]
        assert not [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))
                    and "torch" in ast.unparse(n)]
        notes = "\n".join(m for _, m in result.notes)
        assert "'_log_api_usage_once' of ../utils.py: not model code, replaced by a stand-in" in notes
        assert "'register_model' from ._api: not used by the model classes" in notes
    resnet = translated["resnet.py"][0].read_text()
    assert '"""3x3 convolution with padding"""' in resnet
    assert "# Both self.conv1 and self.downsample layers downsample the input when stride != 1" in resnet
    assert "class BasicBlock(nn.Cell):" in resnet and "def construct(self, x: mindspore.Tensor) -> mindspore.Tensor:" in resnet
    assert "norm_layer = _torch_BatchNorm2d" in resnet  # a layer class used as a value: torch's signature
    assert '_torch_init(m, "weight", HeNormal(mode="fan_out", nonlinearity="relu"))' in resnet.replace("'", '"')
    mobilenet = translated["mobilenetv2.py"][0].read_text()
    # model code reached through relative imports is translated into the file
    assert "# ---- from ../ops/misc.py (translated) ----" in mobilenet
    assert "class Conv2dNormActivation(ConvNormActivation):" in mobilenet
    assert "class ConvNormActivation(nn.SequentialCell):" in mobilenet
    assert "def _make_divisible(v: float, divisor: int, min_value: Optional[int] = None) -> int:" in mobilenet


@pytest.mark.parametrize("name,factory", CASES)
def test_translation_matches_torch_exactly(translated, name, factory):
    dst, _ = translated[name]
    report = verify(os.path.join(TV, name), str(dst), factory, (2, 3, 32, 32), rtol=0, atol=0, grad_tol=1e-5,
                    mindspore_python=MS_PYTHON)
    assert report.ok, report.summary()
    out = report.phases["eval forward"][-1]
    assert out["torch"] == "<output>" and out["max_abs"] == 0.0
    if MS_PYTHON:
        assert report.mindspore_check["max_rel"] <= 1e-5 and report.mindspore_check["not_loaded"] == []


def test_translations_import_under_sporetorch_run(translated, tmp_path):
    script = tmp_path / "build.py"
    lines = ["import importlib.util, numpy as np, mindspore as ms"]
    for name, factory in CASES:
        dst = translated[name][0]
        lines += [f"spec = importlib.util.spec_from_file_location('m', {str(dst)!r})",
                  "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)",
                  f"net = m.{factory}(); net.set_train(False)",
                  "print(net(ms.Tensor(np.zeros((1, 3, 32, 32), np.float32))).shape)"]
    script.write_text("\n".join(lines) + "\n")
    env = dict(os.environ, PYTHONPATH=ROOT)
    proc = subprocess.run([sys.executable, "-m", "sporetorch", "run", str(script)], capture_output=True, text=True,
                          env=env, timeout=600, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.split() == ["(1,", "1000)", "(1,", "1000)"]


def test_cli_translate_check(tmp_path, capsys):
    out = tmp_path / "resnet_ms.py"
    assert cli_main(["migrate", "translate", os.path.join(TV, "resnet.py"), "-o", str(out), "--check", "resnet18",
                     "--input-shape", "2,3,32,32"]) == 0
    text = capsys.readouterr().out
    assert "0 constructs left as NotImplementedError" in text
    assert "sporetorch: outputs differ by at most 0 (abs), 0 (rel) -- exactly equal" in text
