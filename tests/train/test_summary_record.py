"""SummaryRecord: argument checks as MindSpore 2.10 raises them (messages recorded from it), and
TensorBoard event files when the optional tensorboard package is installed."""
import glob
import os

import numpy as np
import pytest

import sporetorch as ms
from sporetorch import Tensor, ops
from sporetorch.train import SummaryRecord


def test_one_instance_at_a_time(tmp_path):
    with SummaryRecord(str(tmp_path)) as sr:
        with pytest.raises(RuntimeError, match="only one instance is supported"):
            SummaryRecord(str(tmp_path / "b"))
        assert sr.record(1) is True
    assert sr.record(2) is False  # closed: MindSpore returns False
    SummaryRecord(str(tmp_path / "c")).close()  # closing frees the slot


@pytest.mark.parametrize("prefix,ok", [("", False), ("a b", False), ("x-y.z_", False), ("_a", True)])
def test_file_prefix_rule(tmp_path, prefix, ok):
    # MindSpore 2.10: '' / 'a b' / 'x-y.z_' raise ValueError (regular ^\w+[0-9a-zA-Z\_\.]*$), '_a' is accepted
    if ok:
        SummaryRecord(str(tmp_path), file_prefix=prefix).close()
    else:
        with pytest.raises(ValueError, match="is illegal, it must be match regular"):
            SummaryRecord(str(tmp_path), file_prefix=prefix)
    SummaryRecord(str(tmp_path)).close()  # a failed construction does not hold the slot


def test_add_value_checks(tmp_path):
    with SummaryRecord(str(tmp_path)) as sr:
        with pytest.raises(ValueError, match="the v rank must be less than or equal to 1, but got 2"):
            sr.add_value("scalar", "x", Tensor([1.0, 2.0]))
        with pytest.raises(ValueError, match="the tensor seems not to hold a valid image"):
            sr.add_value("image", "x", Tensor(np.zeros((3, 4, 4), np.float32)))
        with pytest.raises(TypeError, match='"value" expect to be Tensor, but got float'):
            sr.add_value("scalar", "x", 1.0)
        with pytest.raises(ValueError, match='no such "plugin"'):
            sr.add_value("audio", "x", Tensor(1.0))
        sr.add_value("histogram", "h", Tensor(np.zeros((0,), np.float32)))  # accepted by MindSpore too
        sr.add_value("scalar", "s", Tensor(2))
        with pytest.raises(TypeError, match="The type of 'step' should be 'int', but got type 'float'"):
            sr.record(1.0)
        with pytest.raises(ValueError, match="is not a recognized mode"):
            sr.set_mode("test")


def test_summary_primitive_outside_record_is_inert():
    assert ops.ScalarSummary()("loss", Tensor(1.0)) is None
    with pytest.raises(TypeError, match="the name must be valid string"):
        ops.ScalarSummary()("", Tensor(1.0))


def test_writes_tensorboard_events(tmp_path):
    pytest.importorskip("tensorboard")
    from tensorboard.backend.event_processing.event_accumulator import EventAccumulator
    with SummaryRecord(str(tmp_path), file_suffix="_MS") as sr:
        for step in (1, 2):
            sr.add_value("scalar", "loss", Tensor(np.float32(0.5 * step)))
            sr.add_value("histogram", "w", Tensor(np.arange(6, dtype=np.float32)))
            ops.ScalarSummary()("acc", Tensor(0.25 * step))  # picked up by record() in train mode
            sr.record(step)
        sr.add_value("image", "img", Tensor(np.random.rand(2, 3, 4, 4).astype(np.float32)))
        sr.record(3)
        assert os.path.basename(sr.log_dir).endswith("_MS")
    files = glob.glob(str(tmp_path / "events.out.tfevents.*"))
    assert len(files) == 1
    acc = EventAccumulator(files[0], size_guidance={"histograms": 0, "images": 0}).Reload()
    assert [(e.step, e.value) for e in acc.Scalars("loss")] == [(1, 0.5), (2, 1.0)]
    assert [(e.step, e.value) for e in acc.Scalars("acc")] == [(1, 0.25), (2, 0.5)]
    assert [e.step for e in acc.Histograms("w")] == [1, 2]
    assert acc.Tags()["images"] == ["img"] and acc.Images("img")[0].step == 3


def test_without_tensorboard_warns_and_writes_nothing(tmp_path, monkeypatch):
    import sys
    from sporetorch.train import summary
    monkeypatch.setitem(sys.modules, "torch.utils.tensorboard", None)
    monkeypatch.setattr(summary, "_warned", [])
    with pytest.warns(RuntimeWarning, match="optional 'tensorboard' package"):
        sr = SummaryRecord(str(tmp_path / "none"))
    with sr:
        sr.add_value("scalar", "loss", Tensor(1.0))
        assert sr.record(1) is True
    assert not glob.glob(str(tmp_path / "none" / "*tfevents*"))


def test_creates_its_folder_private_at_the_last_level(tmp_path, monkeypatch):
    # MindSpore 2.10 (mindcv's StateMonitor relies on it for ckpt_dir/summary): the folder exists as
    # soon as the SummaryRecord does, tensorboard or not; 0o700 for the last level, parents as umask says.
    import stat
    import sys
    from sporetorch.train import summary
    monkeypatch.setitem(sys.modules, "torch.utils.tensorboard", None)
    monkeypatch.setattr(summary, "_warned", [True])
    old = os.umask(0o022)
    try:
        SummaryRecord(str(tmp_path / "a" / "b")).close()
    finally:
        os.umask(old)
    assert stat.S_IMODE(os.stat(tmp_path / "a" / "b").st_mode) == 0o700
    assert stat.S_IMODE(os.stat(tmp_path / "a").st_mode) == 0o755


def test_toplevel_name():
    assert ms.SummaryRecord is SummaryRecord
