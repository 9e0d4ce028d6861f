"""Callbacks: hook order and cb_params fields recorded from MindSpore 2.10 (same tiny problem:
6 rows in batches of 3, i.e. 2 steps per epoch), and each built-in callback's behaviour."""
import io
import os

import numpy as np
import pytest

import sporetorch as ms
from sporetorch.train import (Callback, CheckpointConfig, EarlyStopping, History, LambdaCallback, LossMonitor,
                              ModelCheckpoint, ProgressBar, ReduceLROnPlateau, RunContext, TimeMonitor)
from sporetorch.train.callback._progress import progress_enabled

from _model_fixtures import data, model

NEW = ["on_train_begin", "on_train_epoch_begin", "on_train_step_begin", "on_train_step_end", "on_train_epoch_end",
       "on_train_end", "on_eval_begin", "on_eval_epoch_begin", "on_eval_step_begin", "on_eval_step_end",
       "on_eval_epoch_end", "on_eval_end"]
OLD = ["begin", "epoch_begin", "step_begin", "step_end", "epoch_end", "end"]


def recorder(names):
    class Recorder(Callback):
        def __init__(self):
            self.log = []

    def make(name):
        def hook(self, run_context):
            p = run_context.original_args()
            self.log.append((name, p.get("cur_epoch_num"), p.get("cur_step_num")))
        return hook
    for name in names:
        setattr(Recorder, name, make(name))
    return Recorder()


def _train_epoch(e, first_step):
    s = first_step
    return [("on_train_epoch_begin", e, s), ("on_train_step_begin", e, s + 1), ("on_train_step_end", e, s + 1),
            ("on_train_step_begin", e, s + 2), ("on_train_step_end", e, s + 2)]


def _fit_eval(e):
    return [("on_eval_begin", e, 0), ("on_eval_epoch_begin", e, 0), ("on_eval_step_begin", e, 1),
            ("on_eval_step_end", e, 1), ("on_eval_step_begin", e, 2), ("on_eval_step_end", e, 2),
            ("on_eval_epoch_end", e, 2), ("on_eval_end", e, 2)]


# Recorded with MindSpore 2.10 (train(2, ...), batch_num 2).
TRAIN_ORDER = [("on_train_begin", None, 0)] + _train_epoch(1, 0) + [("on_train_epoch_end", 1, 2)] \
    + _train_epoch(2, 2) + [("on_train_epoch_end", 2, 4), ("on_train_end", 2, 4)]
EVAL_ORDER = [("on_eval_begin", None, 0), ("on_eval_epoch_begin", None, 0), ("on_eval_step_begin", None, 1),
              ("on_eval_step_end", None, 1), ("on_eval_step_begin", None, 2), ("on_eval_step_end", None, 2),
              ("on_eval_epoch_end", None, 2), ("on_eval_end", None, 2)]
FIT_ORDER = [("on_train_begin", None, 0)] + _train_epoch(1, 0) + _fit_eval(1) + [("on_train_epoch_end", 1, 2)] \
    + _train_epoch(2, 2) + _fit_eval(2) + [("on_train_epoch_end", 2, 4), ("on_train_end", 2, 4)]
FIT_EVERY_2ND_ORDER = [("on_train_begin", None, 0)] + _train_epoch(1, 0) + [("on_train_epoch_end", 1, 2)] \
    + _train_epoch(2, 2) + _fit_eval(2) + [("on_train_epoch_end", 2, 4)] + _train_epoch(3, 4) \
    + [("on_train_epoch_end", 3, 6), ("on_train_end", 3, 6)]
TRAIN_OLD_ORDER = [("begin", None, 0), ("epoch_begin", 1, 0), ("step_begin", 1, 1), ("step_end", 1, 1),
                   ("step_begin", 1, 2), ("step_end", 1, 2), ("epoch_end", 1, 2), ("end", 1, 2)]
EVAL_OLD_ORDER = [("begin", None, 0), ("epoch_begin", None, 0), ("step_begin", None, 1), ("step_end", None, 1),
                  ("step_begin", None, 2), ("step_end", None, 2), ("epoch_end", None, 2), ("end", None, 2)]
RESUMED_ORDER = [("on_train_begin", None, 0)] + _train_epoch(2, 0) + [("on_train_epoch_end", 2, 2),
                                                                      ("on_train_end", 2, 2)]
TRAIN_FIELDS = ["batch_num", "cur_epoch_num", "cur_step_num", "dataset_sink_mode", "device_number", "epoch_num",
                "initial_step", "last_save_ckpt_step", "latest_ckpt_file", "list_callback", "loss_fn",
                "loss_scale_mananger", "mode", "net_outputs", "network", "optimizer", "parallel_mode",
                "train_dataset", "train_dataset_element", "train_network"]
EVAL_FIELDS = ["batch_num", "cur_step_num", "dataset_sink_mode", "eval_dataset_element", "eval_network",
               "list_callback", "mode", "net_outputs", "network", "valid_dataset"]
FIT_EVAL_END_FIELDS = sorted(set(TRAIN_FIELDS) | {"eval_dataset_element", "eval_network", "eval_results",
                                                  "metrics", "valid_dataset"})


def test_hook_order_train_eval_fit():
    m = model()
    cb = recorder(NEW)
    m.train(2, data(), callbacks=[cb])
    assert cb.log == TRAIN_ORDER
    cb = recorder(NEW)
    m.eval(data(), callbacks=[cb])
    assert cb.log == EVAL_ORDER
    cb = recorder(NEW)
    m.fit(2, data(), data(), callbacks=[cb])
    assert cb.log == FIT_ORDER
    cb = recorder(NEW)
    m.fit(3, data(), data(), callbacks=cb, valid_frequency=2)
    assert cb.log == FIT_EVERY_2ND_ORDER


def test_hook_order_resume_sink_and_old_names():
    m = model()
    cb = recorder(NEW)
    m.train(2, data(), callbacks=[cb], initial_epoch=1)
    assert cb.log == RESUMED_ORDER
    cb = recorder(NEW)
    m.train(2, data(), callbacks=[cb], dataset_sink_mode=True)
    assert cb.log == TRAIN_ORDER
    cb = recorder(OLD)
    m.train(1, data(), callbacks=[cb])
    assert cb.log == TRAIN_OLD_ORDER
    cb = recorder(OLD)
    m.eval(data(), callbacks=[cb])
    assert cb.log == EVAL_OLD_ORDER
    with pytest.raises(ValueError, match="on_train"):
        m.fit(1, data(), callbacks=[recorder(OLD)])


def test_callbacks_run_in_list_order_inside_their_context():
    log = []

    class Tagged(Callback):
        def __init__(self, tag):
            self.tag = tag

        def __enter__(self):
            log.append(("enter", self.tag))
            return self

        def __exit__(self, *err):
            log.append(("exit", self.tag))

        def on_train_step_end(self, run_context):
            log.append(("step_end", self.tag))

    model().train(1, data(), callbacks=[Tagged("a"), Tagged("b")])
    assert log == [("enter", "a"), ("enter", "b"), ("step_end", "a"), ("step_end", "b"), ("step_end", "a"),
                   ("step_end", "b"), ("exit", "b"), ("exit", "a")]


def test_cb_params_fields_and_request_stop():
    seen = {}

    class Fields(Callback):
        def on_train_step_end(self, run_context):
            p = run_context.original_args()
            seen["train"] = sorted(p.keys())
            seen["values"] = (p.batch_num, p.epoch_num, p.mode, type(p.net_outputs).__name__,
                              type(p.train_network).__name__, type(p.train_dataset_element).__name__)
            run_context.request_stop()

        def on_train_epoch_end(self, run_context):
            seen["epoch_end_step"] = run_context.original_args().cur_step_num

        def on_train_end(self, run_context):
            seen["end_epoch"] = run_context.original_args().cur_epoch_num

        def on_eval_step_end(self, run_context):
            seen["eval"] = sorted(run_context.original_args().keys())

        def on_eval_end(self, run_context):
            p = run_context.original_args()
            if "cur_epoch_num" in p:
                seen["fit_eval_end"] = sorted(p.keys())
                seen["eval_results"] = sorted(p.eval_results)

    m = model()
    m.train(3, data(), callbacks=[Fields()])
    assert seen["train"] == TRAIN_FIELDS
    assert seen["values"] == (2, 3, "train", "Tensor", "TrainOneStepCell", "list")
    assert seen["epoch_end_step"] == 1 and seen["end_epoch"] == 1  # MindSpore 2.10: stop ends after epoch-end hooks
    m.eval(data(), callbacks=[Fields()])
    assert seen["eval"] == EVAL_FIELDS
    m.fit(1, data(), data(), callbacks=[Fields()])
    assert seen["fit_eval_end"] == FIT_EVAL_END_FIELDS and seen["eval_results"] == ["eval_loss", "mae"]


def test_run_context():
    params = {"a": 1}
    rc = RunContext(params)
    assert rc.original_args() is params and not rc.get_stop_requested()
    rc.request_stop()
    assert rc.get_stop_requested()
    with pytest.raises(TypeError, match="dict"):
        RunContext([1])


def test_loss_monitor_and_time_monitor(capsys):
    m = model()
    m.train(2, data(), callbacks=[LossMonitor(2), TimeMonitor()])
    out = capsys.readouterr().out.splitlines()
    loss_lines = [ln for ln in out if ln.startswith("epoch:")]
    assert [ln.split(",")[0] for ln in loss_lines] == ["epoch: 1 step: 2", "epoch: 2 step: 2"]
    assert all(" loss is " in ln for ln in loss_lines)
    assert sum(ln.startswith("Train epoch time: ") and "per step time: " in ln for ln in out) == 2
    m.fit(1, data(), data(), callbacks=[LossMonitor(1)])
    out = capsys.readouterr().out.splitlines()
    assert [ln.split(",")[0] for ln in out[:2]] == ["epoch: 1 step: 1", "epoch: 1 step: 2"]
    assert out[2].startswith("Eval result: epoch 1, metrics: {'mae': ")
    with pytest.raises(ValueError, match="per_print_times"):
        LossMonitor(-1)


def test_loss_monitor_stops_on_nan():
    m = model(lr=1e30)
    with pytest.raises(ValueError, match="NAN or INF"):
        m.train(5, data(), callbacks=[LossMonitor(1)])


def test_history_and_lambda():
    m = model()
    h = History()
    counts = {"step": 0, "epoch": 0}
    lam = LambdaCallback(on_train_step_end=lambda rc: counts.__setitem__("step", counts["step"] + 1),
                         on_train_epoch_end=lambda rc: counts.__setitem__("epoch", counts["epoch"] + 1))
    m.fit(2, data(), data(), callbacks=[h, lam])
    assert h.epoch == {"epoch": [1, 2]}
    assert list(h.history) == ["net_output", "mae"] and len(h.history["mae"]) == 2
    assert counts == {"step": 4, "epoch": 2}
    with pytest.raises(TypeError, match="callable"):
        LambdaCallback(on_train_end=3)


def test_early_stopping():
    m = model()
    es, h = EarlyStopping(monitor="loss", patience=1, min_delta=100), History()
    m.train(5, data(), callbacks=[es, h])
    assert es.stopped_epoch == 2 and h.epoch == {"epoch": [1, 2]}  # MindSpore 2.10
    es = EarlyStopping(monitor="mae", patience=0, mode="max")
    m.fit(4, data(), data(), callbacks=[es])
    assert es.stopped_epoch == 1
    with pytest.raises(ValueError, match="mode"):
        EarlyStopping(mode="up")


def test_early_stopping_restores_best_weights():
    m = model(lr=0.1)
    es = EarlyStopping(monitor="loss", patience=2, min_delta=100, restore_best_weights=True)
    snapshots = []

    class Snap(Callback):
        def on_train_epoch_end(self, run_context):
            if not snapshots:
                snapshots.append(run_context.original_args().network.weight.asnumpy().copy())

    m.train(5, data(), callbacks=[Snap(), es])
    assert es.stopped_epoch == 3
    np.testing.assert_array_equal(m.predict_network.weight.asnumpy(), snapshots[0])


def test_reduce_lr_on_plateau():
    m = model(lr=0.1)
    cb = ReduceLROnPlateau(monitor="loss", factor=0.5, patience=1, min_delta=100)
    m.train(3, data(), callbacks=[cb])
    # epoch 1 sets the best; epochs 2 and 3 do not improve by 100 -> two halvings.
    assert float(m.train_network.optimizer.learning_rate.asnumpy()) == pytest.approx(0.025)
    with pytest.raises(ValueError, match="factor"):
        ReduceLROnPlateau(factor=1.5)


def test_learning_rate_scheduler():
    m = model(lr=0.1)
    m.train(2, data(), callbacks=[ms.LearningRateScheduler(lambda lr, step: lr * 0.5 if step % 2 == 0 else lr)])
    assert float(m.train_network.optimizer.learning_rate.asnumpy()) == pytest.approx(0.025)  # halved at steps 2, 4


def test_backup_and_restore(tmp_path):
    m = model()
    backup = ms.BackupAndRestore(str(tmp_path), delete_checkpoint=False)
    m.train(2, data(), callbacks=[backup])
    saved = m.predict_network.weight.asnumpy().copy()
    assert os.listdir(tmp_path) == ["backup.ckpt"]
    fresh = model()
    weights = []

    class Peek(Callback):
        def on_train_begin(self, run_context):
            weights.append(run_context.original_args().network.weight.asnumpy().copy())

    fresh.train(1, data(), callbacks=[ms.BackupAndRestore(str(tmp_path)), Peek()])
    np.testing.assert_array_equal(weights[0], saved)  # restored before the other callbacks' train begin
    assert os.listdir(tmp_path) == []


def test_model_checkpoint_files(tmp_path):
    m = model()
    cb = ModelCheckpoint(prefix="net", directory=str(tmp_path),
                         config=CheckpointConfig(save_checkpoint_steps=1, keep_checkpoint_max=3))
    m.train(3, data(), callbacks=[cb])
    # MindSpore 2.10: the 3 newest of 6 step checkpoints are kept.
    assert sorted(os.listdir(tmp_path)) == ["net-2_2.ckpt", "net-3_1.ckpt", "net-3_2.ckpt"]
    assert cb.latest_ckpt_file_name == str(tmp_path / "net-3_2.ckpt")
    cb = ModelCheckpoint(prefix="net", directory=str(tmp_path),
                         config=CheckpointConfig(save_checkpoint_steps=4, keep_checkpoint_max=10))
    m.train(3, data(), callbacks=[cb])
    # MindSpore 2.10: the prefix becomes net_1; step 4 and the final step are saved.
    assert sorted(os.listdir(tmp_path)) == ["net-2_2.ckpt", "net-3_1.ckpt", "net-3_2.ckpt", "net_1-2_2.ckpt",
                                            "net_1-3_2.ckpt"]
    params = ms.load_checkpoint(str(tmp_path / "net_1-3_2.ckpt"))
    assert list(params) == ["weight", "bias", "global_step", "learning_rate", "momentum", "accum.weight",
                            "accum.bias", "stat.weight", "stat.bias"]  # MindSpore 2.10
    np.testing.assert_array_equal(params["weight"].asnumpy(), m.predict_network.weight.asnumpy())


def test_checkpoint_config():
    cfg = CheckpointConfig(save_checkpoint_steps=10, keep_checkpoint_max=0, append_info=["epoch_num"])
    assert cfg.save_checkpoint_steps == 10 and cfg.keep_checkpoint_max == 1 and cfg.append_dict == {"epoch_num": 0}
    with pytest.raises(ValueError, match="can not be None"):
        CheckpointConfig(save_checkpoint_steps=0, save_checkpoint_seconds=0)
    with pytest.raises(TypeError, match="CheckpointConfig"):
        ModelCheckpoint(config={"save_checkpoint_steps": 1})


def test_progress_bar_draws_on_a_terminal_and_is_silent_otherwise(capsys, monkeypatch):
    monkeypatch.delenv("SPORETORCH_PROGRESS", raising=False)
    m = model()
    m.train(1, data())
    assert capsys.readouterr().err == ""  # pytest's stderr is not a TTY: no bar
    assert not progress_enabled(io.StringIO())
    stream = io.StringIO()
    m.train(2, data(), callbacks=[ProgressBar(enabled=True, file=stream)])
    text = stream.getvalue()
    assert "Epoch 1/2" in text and "Epoch 2/2" in text and "loss=" in text and "samples/s" in text
    monkeypatch.setenv("SPORETORCH_PROGRESS", "1")
    assert progress_enabled(io.StringIO())
    monkeypatch.setenv("SPORETORCH_PROGRESS", "0")
    assert not progress_enabled()


def test_progress_bar_loss_is_the_epoch_mean_so_far():
    """The bar's final loss of an epoch is the mean over its steps (closed form), not the last step."""
    m = model()
    losses = []

    class Record(Callback):
        def on_train_step_end(self, run_context):
            losses.append(float(run_context.original_args().net_outputs.asnumpy()))

    stream = io.StringIO()
    m.train(1, data(), callbacks=[Record(), ProgressBar(enabled=True, file=stream)])
    shown = float(stream.getvalue().rsplit("loss=", 1)[1].split(",")[0].rstrip("]"))
    assert len(losses) > 1 and losses[-1] != pytest.approx(np.mean(losses), abs=1e-4)
    assert shown == pytest.approx(np.mean(losses), abs=1e-4)


def test_summary_collector_needs_tensorboard(tmp_path):
    try:
        import tensorboard  # noqa: F401
    except ImportError:
        with pytest.raises(ImportError, match="pip install tensorboard"):
            ms.SummaryCollector(str(tmp_path))
        return
    m = model()
    m.train(1, data(), callbacks=[ms.SummaryCollector(str(tmp_path), collect_freq=1)])
    assert any(f.startswith("events.") for f in os.listdir(tmp_path))
