"""translate on a standard torch training script (tests/migrate/data/torch_train_cnn.py: a CNN,
a DataLoader over random data, SGD with momentum, CrossEntropyLoss, 10 steps): the translation
runs unchanged under `python -m sporetorch run` (and under real MindSpore 2.10 when
SPORETORCH_MINDSPORE_PYTHON names its interpreter) and its losses follow torch's step by step."""
import os
import re
import subprocess
import sys

import pytest

from sporetorch.cli import main as cli_main
from sporetorch.migrate import translate, translate_file
from sporetorch.migrate.train_check import check_training

HERE = os.path.dirname(__file__)
SCRIPT = os.path.join(HERE, "data", "torch_train_cnn.py")
MS_PYTHON = os.environ.get("SPORETORCH_MINDSPORE_PYTHON")
ROOT = os.path.dirname(os.path.dirname(HERE))


@pytest.fixture(scope="module")
def ported(tmp_path_factory):
    dst = tmp_path_factory.mktemp("train") / "train_ms.py"
    return dst, translate_file(SCRIPT, str(dst), report=True)


def test_loop_is_ported(ported):
    dst, result = ported
    assert result.todos == []
    text = dst.read_text()
    for piece in ("mindspore.set_seed(0)", "device = None",
                  "class RandomImages(object):",
                  "return (mindspore.Tensor.from_numpy(self.images[index]), mindspore.Tensor(self.labels[index], "
                  "dtype=mindspore.int64))",
                  "model = SmallCNN()\n", "loader = _torch_DataLoader(RandomImages(), batch_size=8, shuffle=False)",
                  "optimizer = nn.SGD(model.trainable_params(), learning_rate=0.05, momentum=0.9)",
                  "model.set_train(True)", "images, labels = (images, labels)",
                  "        def _forward_fn(images, labels):\n"
                  "            logits = model(images)  # the forward pass\n"
                  "            loss = criterion(logits, labels.astype(mindspore.int32))\n"
                  "            return loss\n"
                  "        loss, _grads = mindspore.value_and_grad(_forward_fn, None, optimizer.parameters)(images, labels)\n"
                  "        optimizer(_grads)\n",
                  "model.set_train(False)"):
        assert piece in text, piece
    assert ".backward()" not in text and "zero_grad" not in text
    notes = "\n".join(m for _, m in result.notes)
    assert "'.to(...)' removed" in notes and "labels cast to int32" in notes and "training step ported" in notes


def test_aux_outputs_and_other_optimizers():
    src = ("import torch\nfrom torch import nn\nmodel = nn.Linear(2, 2)\n"
           "opt = torch.optim.Adam(model.parameters(), lr=1e-3, betas=(0.8, 0.99))\n"
           "crit = nn.CrossEntropyLoss()\n"
           "for x, y in []:\n    out = model(x)\n    opt.zero_grad()\n    loss = crit(out, y)\n    loss.backward()\n"
           "    opt.step()\n    acc = (out.argmax(1) == y).float().mean()\n")
    text = translate(src)
    assert "opt = nn.Adam(model.trainable_params(), learning_rate=0.001, beta1=0.8, beta2=0.99, eps=1e-08, " \
           "weight_decay=0.0)" in text
    assert "    def _forward_fn(x, y):\n        out = model(x)\n" in text
    assert "(loss, out), _grads = mindspore.value_and_grad(_forward_fn, None, opt.parameters, has_aux=True)(x, y)" \
        in text


def test_runs_under_sporetorch_run(ported):
    dst, _ = ported
    env = dict(os.environ, PYTHONPATH=ROOT)
    proc = subprocess.run([sys.executable, "-m", "sporetorch", "run", str(dst)], capture_output=True, text=True,
                          env=env, timeout=600, check=False)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert re.findall(r"^step (\d+) loss ", proc.stdout, re.M) == [str(i) for i in range(10)]


def test_losses_follow_torch(ported):
    dst, _ = ported
    check = check_training(SCRIPT, str(dst), steps=10, mindspore_python=MS_PYTHON)
    assert len(check.torch) == 10 and len(check.sporetorch) == 10
    assert check.max_diff("sporetorch") <= 1e-5, str(check)
    if MS_PYTHON:
        assert len(check.mindspore) == 10 and check.max_diff("mindspore") <= 1e-4, str(check)
    assert check.ok


def test_cli_translate_check_on_a_script(tmp_path, capsys):
    out = tmp_path / "train_ms.py"
    assert cli_main(["migrate", "translate", SCRIPT, "-o", str(out), "--check", "--steps", "3"]) == 0
    text = capsys.readouterr().out
    assert "sporetorch: 3 steps, max |loss diff| 0 (tolerance 1e-05)" in text and "losses agree" in text
