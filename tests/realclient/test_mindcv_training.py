"""mindcv 0.3.0's training stack, unchanged, for two epochs under ``python -m sporetorch run``.

tests/data/mindcv_train/train_two_epochs.py is a MindSpore 2.10 script that calls mindcv's
create_dataset/create_transforms/create_loader, create_model, create_loss, create_scheduler,
create_optimizer, create_trainer and Model.train with mindcv's StateMonitor, as mindcv's training
script does, on a small ImageNet-style folder it writes. It runs in its ``fixed`` variant (no
shuffling, whole-image crops, NumPy initial weights), whose run under real MindSpore 2.10 is
recorded in tests/data/mindcv_train/mindspore210_fixed.json (see record_reference.py there), and in
its ``extras`` variant (mindcv's own TrainStep with EMA, clipping and a loss scale, AdamW, MixUp).

What is compared with MindSpore 2.10: sizes and steps per epoch, the learning rate at every step,
the loss of the first two steps (later steps drift apart: with batches of 4 and 2x2 feature maps in
the last blocks, float rounding flips ReLUs and batch statistics, and the difference grows about
tenfold per step, in MindSpore against itself on other thread counts as well), the files mindcv
writes and every checkpoint entry's name, shape and dtype.
"""
import importlib.util
import json
import math
import os
import stat
import subprocess
import sys

import numpy as np
import pytest

import sporetorch as ms

# mindcv imports ``mindspore`` and so only imports under the launcher: look for it without importing.
pytestmark = pytest.mark.skipif(importlib.util.find_spec("mindcv") is None, reason="mindcv is not installed")

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "tests", "data", "mindcv_train")
MODEL = "mobilenet_v1_025"


def _train(workdir, variant):
    # One OpenMP thread: on a busy 2-core runner torch's spinning threads make a step 10-50x slower.
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""), OMP_NUM_THREADS="1")
    proc = subprocess.run([sys.executable, "-m", "sporetorch", "run", os.path.join(DATA, "train_two_epochs.py"),
                           str(workdir), "pynative", variant], capture_output=True, text=True, env=env,
                          cwd=str(workdir), timeout=600, check=False)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    with open(workdir / "record.json", encoding="utf-8") as f:
        return proc, json.load(f)


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    workdir = tmp_path_factory.mktemp("mindcv_train")
    proc, record = _train(workdir, "fixed")
    with open(os.path.join(DATA, "mindspore210_fixed.json"), encoding="utf-8") as f:
        reference = json.load(f)
    return workdir, proc, record, reference


@pytest.mark.slow
def test_two_epochs_run_with_mindcvs_logging(run):
    workdir, proc, record, reference = run
    # Without the optional tensorboard package SummaryRecord (which StateMonitor opens) warns once.
    warnings = [line for line in proc.stderr.splitlines() if "Warning" in line and "SummaryRecord" not in line]
    assert "Traceback" not in proc.stderr and not warnings, proc.stderr[-3000:]
    assert [record[k] for k in ("train_size", "val_size", "steps_per_epoch")] == [18, 6, 4]
    assert [(s["epoch"], s["step"], s["batch_num"]) for s in record["steps"]] == \
        [(s["epoch"], s["step"], s["batch_num"]) for s in reference["steps"]]
    losses = [s["loss"] for s in record["steps"]]
    assert all(math.isfinite(v) and 0 < v < 10 for v in losses)
    log = (workdir / "ckpt" / "rank0.log").read_text()
    for epoch in (1, 2):
        assert f"Epoch: [{epoch}/2], batch: [4/4], loss: " in log
    assert log.count("Validation Top_1_Accuracy: ") == 2 and "Finish training!" in log
    assert f"Saving model to {workdir / 'ckpt' / (MODEL + '-2_4.ckpt')}" in log
    # MindSpore 2.10 prints, besides mindcv's log: LossMonitor's lines and ValCallback's (times vary).
    out = [line.split(", time: ")[0].split(", loss is ")[0] for line in proc.stdout.splitlines()
           if not line.startswith("[")]
    assert out == ["epoch: 1 step: 2", "epoch: 1 step: 4", "epoch: 2 step: 2", "epoch: 2 step: 4",
                   "batch: 1/2", "batch: 2/2", out[-1]] and out[-1].startswith("final metrics")
    printed = [float(line.split(", loss is ")[1]) for line in proc.stdout.splitlines() if ", loss is " in line]
    assert printed == pytest.approx(losses[1::2], rel=1e-6)
    lines = (workdir / "ckpt" / "result.log").read_text().splitlines()
    assert lines[0] == reference["result_log_header"]
    assert [line.split()[0] for line in lines[1:]] == ["1", "2"]
    assert [float(line.split()[1]) for line in lines[1:]] == pytest.approx([losses[3], losses[7]], abs=1e-6)


@pytest.mark.slow
def test_learning_rate_and_first_losses_match_mindspore(run):
    _, _, record, reference = run
    assert record["schedule"] == pytest.approx(reference["schedule"], rel=1e-12)
    assert [s["lr"] for s in record["steps"]] == pytest.approx([s["lr"] for s in reference["steps"]], rel=1e-7)
    losses, expected = [s["loss"] for s in record["steps"]], [s["loss"] for s in reference["steps"]]
    assert losses[0] == pytest.approx(expected[0], rel=1e-5)
    assert losses[1] == pytest.approx(expected[1], rel=1e-3)
    assert record["num_trainable"] == reference["num_trainable"]


@pytest.mark.slow
def test_checkpoints_as_mindcv_writes_them(run):
    workdir, _, record, reference = run
    assert record["ckpt_files"] == reference["ckpt_files"]
    ckpt = workdir / "ckpt"
    # MindSpore 2.10 leaves its checkpoints read-only for the owner and the summary folder private.
    for name in record["ckpt_files"]:
        if name.endswith(".ckpt"):
            assert stat.S_IMODE(os.stat(ckpt / name).st_mode) == 0o400, name
    assert stat.S_IMODE(os.stat(ckpt / "summary").st_mode) == 0o700
    for name in (f"{MODEL}-1_4.ckpt", f"{MODEL}-2_4.ckpt", f"{MODEL}_best.ckpt"):
        params = ms.load_checkpoint(str(ckpt / name))
        assert [[k, list(v.shape), str(v.dtype)] for k, v in params.items()] == reference["ckpt_entries"]
    optim = ms.load_checkpoint(str(ckpt / f"optim_{MODEL}.ckpt"))
    assert [[k, list(v.shape), str(v.dtype)] for k, v in optim.items()] == reference["optim_ckpt_entries"]
    last = ms.load_checkpoint(str(ckpt / f"{MODEL}-2_4.ckpt"))
    assert int(last["global_step"].asnumpy()[0]) == 8
    np.testing.assert_allclose(last["learning_rate"].asnumpy(), reference["schedule"], rtol=1e-6)
    assert all(np.isfinite(v.asnumpy()).all() for v in last.values())
    # The network reloaded from the last checkpoint evaluates as the trained one did.
    assert record["not_loaded"] == []
    assert 0 <= record["final_metrics"]["Top_1_Accuracy"] <= 1
    assert record["reloaded_accuracy"] == pytest.approx(record["final_metrics"]["Top_1_Accuracy"])


@pytest.mark.slow
def test_extras_variant_mindcvs_own_train_step(tmp_path):
    # mindcv's TrainStep (EMA weights, gradient clipping, loss scale 16), its AdamW with no decay on
    # norms and biases, MixUp, and mindcv's random data settings; the run is random, so only what it
    # writes is compared with MindSpore 2.10's run (tests/data/mindcv_train/mindspore210_extras.json).
    _, record = _train(tmp_path, "extras")
    with open(os.path.join(DATA, "mindspore210_extras.json"), encoding="utf-8") as f:
        reference = json.load(f)
    assert [record[k] for k in ("train_size", "val_size", "steps_per_epoch")] == [18, 6, 4]
    assert [s["lr"] for s in record["steps"]] == pytest.approx([s["lr"] for s in reference["steps"]], rel=1e-7)
    assert all(math.isfinite(s["loss"]) for s in record["steps"])
    assert record["ckpt_files"] == reference["ckpt_files"]
    last = ms.load_checkpoint(str(tmp_path / "ckpt" / f"{MODEL}-2_4.ckpt"))
    assert [[k, list(v.shape), str(v.dtype)] for k, v in last.items()] == reference["ckpt_entries"]
    optim = ms.load_checkpoint(str(tmp_path / "ckpt" / f"optim_{MODEL}.ckpt"))
    assert [[k, list(v.shape), str(v.dtype)] for k, v in optim.items()] == reference["optim_ckpt_entries"]
    # TrainStep counted one EMA update per step and kept its fixed loss scale.
    assert float(last["updates"].asnumpy()) == 8.0 and float(last["scale_sense"].asnumpy()) == 16.0
    assert record["not_loaded"] == []
    assert record["reloaded_accuracy"] == pytest.approx(record["final_metrics"]["Top_1_Accuracy"])
