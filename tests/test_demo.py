"""The main job: ``sporetorch demo`` and the MindSpore-style example scripts."""
import json
import os
import subprocess
import sys

import numpy as np
import pytest
import torch

import sporetorch as ms
from sporetorch import cli
from sporetorch.data import load_digits
from sporetorch.demo import LeNetDigits, split_digits

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _run_example(script, *args, cwd, **env):
    """Run ``examples/<script>`` unchanged under ``python -m sporetorch run``; it must succeed."""
    env = dict(os.environ, OMP_NUM_THREADS="1", **env)
    proc = subprocess.run([sys.executable, "-m", "sporetorch", "run", os.path.join(ROOT, "examples", script), *args],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return proc


@pytest.fixture
def keep_threads():
    """The demo runs in this process and sets the thread count, the mode and the device (GPU where
    CUDA is present): later tests must find them as they were."""
    threads, mode, target = torch.get_num_threads(), ms.get_context("mode"), ms.get_context("device_target")
    yield
    torch.set_num_threads(threads)
    ms.set_context(mode=mode, device_target=target)


def test_bundled_digits():
    images, labels = load_digits()
    assert images.shape == (1797, 8, 8) and images.dtype == np.uint8 and images.max() == 16
    assert labels.shape == (1797,) and np.bincount(labels).tolist() == [178, 182, 177, 183, 181, 182, 181, 179,
                                                                        174, 180]
    (x_train, y_train), (x_test, y_test) = split_digits()
    assert len(y_train) + len(y_test) == 1797 and x_train.shape[1:] == (1, 8, 8)
    assert set(np.unique(y_test)) == set(range(10))


def test_demo_writes_checkpoint_metrics_and_explains_the_plot(tmp_path, capsys, keep_threads):
    assert cli.main(["demo", "--epochs", "2", "--out", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Held-out accuracy:" in out and "Checkpoint:" in out and f"Metrics: {tmp_path / 'metrics.json'}" in out
    summary = json.loads((tmp_path / "metrics.json").read_text())
    assert len(summary["train_loss"]) == 2 and summary["train_loss"][1] < summary["train_loss"][0]
    net = LeNetDigits()
    ms.load_param_into_net(net, ms.load_checkpoint(summary["checkpoint"]))
    try:
        import matplotlib  # noqa: F401
        assert (tmp_path / "lenet_digits_training.png").stat().st_size > 0
    except ImportError:
        assert 'pip install -e ".[plot]"' in out


@pytest.mark.slow
def test_demo_reaches_95_percent(tmp_path, keep_threads):
    from sporetorch.demo import main
    assert main(["--out", str(tmp_path)]) == 0
    summary = json.loads((tmp_path / "metrics.json").read_text())
    assert summary["held_out_accuracy"] >= 0.95


@pytest.mark.slow
def test_lenet_example_runs_unchanged_under_the_launcher(tmp_path):
    proc = _run_example("lenet_digits.py", "--ckpt-dir", str(tmp_path), cwd=ROOT, SPORETORCH_PROGRESS="0")
    accuracy = float(proc.stdout.split("held-out accuracy:")[1].split()[0])
    assert accuracy >= 0.95
    assert sorted(os.listdir(tmp_path)) == ["lenet-11_44.ckpt", "lenet-12_44.ckpt"]


def test_demo_out_naming_a_file_is_a_clear_error(tmp_path, capsys, keep_threads):
    (tmp_path / "taken").write_text("x")
    assert cli.main(["demo", "--epochs", "1", "--out", str(tmp_path / "taken")]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err


def test_demo_without_cuda_says_so(capsys, keep_threads):
    if torch.cuda.is_available():
        pytest.skip("this machine has CUDA")
    assert cli.main(["demo", "--device", "gpu", "--epochs", "1", "--out", "unused"]) == 2
    assert "CUDA" in capsys.readouterr().err


@pytest.mark.slow
def test_functional_example_trains(tmp_path):
    proc = _run_example("functional_train.py", "--epochs", "3", cwd=str(tmp_path))
    accuracies = [float(line.rsplit(" ", 1)[1]) for line in proc.stdout.splitlines() if "held-out accuracy" in line]
    assert len(accuracies) == 3 and accuracies[-1] > 0.8
