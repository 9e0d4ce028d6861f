"""mindspore.train.model's small helpers, with MindSpore 2.10's behaviour and messages."""
import pytest

import sporetorch as ms
from sporetorch.train import model as m
from sporetorch.train.callback import ModelCheckpoint


def test_arg_infos_and_tuple():
    assert m._get_arg_infos((1, 2)) == (2, [[0, 1], [1, 2]])
    assert m._get_arg_infos({"arg_specified_infos": [[1, 3]], "total_arg_length": 2}) == (2, [[1, 3]])
    with pytest.raises(RuntimeError, match="inputs should be a list/tuple or a dict, but got 3!"):
        m._get_arg_infos(3)
    t = ms.Tensor([1.0])
    assert m._transfer_tensor_to_tuple(t) == (t,) and m._transfer_tensor_to_tuple([t]) == [t]


def test_callback_lookups(tmp_path, monkeypatch):
    c = ModelCheckpoint(directory=str(tmp_path))
    assert m._get_ckpt_obj(callbacks=[1, c]) is c and m._get_tft_obj(callbacks=c) is None
    m._update_ckpt_callback_info(5, callbacks=[c])
    assert c._append_step_num == 5 and c._last_triggered_step == 0
    monkeypatch.setenv("MS_ENABLE_TFT", "{TTP:1}")
    m._check_tft()  # MindSpore 2.10 checks nothing off Ascend
