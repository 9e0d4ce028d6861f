"""mindspore.train.callback._callback's internals, with MindSpore 2.10's behaviour and messages."""
import numpy as np
import pytest

import sporetorch as ms
from sporetorch import nn
from sporetorch.train.callback import _callback as cbm


def test_callback_manager_messages():
    with pytest.raises(TypeError, match="The 'callbacks' is not a Callback or a list of Callback."):
        cbm.CallbackManager(3)
    with pytest.raises(TypeError, match="the elements in 'callbacks' must be Callback functions."):
        cbm.CallbackManager([3])
    p = cbm.InternalCallbackParam()
    p.epoch_num = 2
    assert p["epoch_num"] == 2


def test_checkpoint_cb_for_save_op_fills_net():
    net = nn.Dense(2, 1)
    assert cbm.checkpoint_cb_for_save_op([]) is False
    cbm.set_cur_net(net)
    items = [{"name": "weight", "data": ms.Tensor(np.full((1, 2), 3.0, np.float32))},
             {"name": "bias", "data": ms.Tensor(np.full((1,), 5.0, np.float32))}]
    assert cbm.checkpoint_cb_for_save_op(items) is True
    assert net.weight.asnumpy().tolist() == [[3.0, 3.0]] and net.bias.asnumpy().tolist() == [5.0]
    assert cbm.CUR_NET is None and items == []


def test_summary_cb_caches():
    from sporetorch.train.summary import _get_summary_tensor_data
    assert cbm.summary_cb_for_save_op([{"name": "loss[:Scalar]", "data": 1}]) is True
    assert _get_summary_tensor_data() == {"loss[:Scalar]": 1}
    assert _get_summary_tensor_data() == {}


def test_checkpoint_prefix_rule(tmp_path):
    from sporetorch.train.callback import _checkpoint as ck
    for name in ("net-1_1.ckpt", "net_3-2_1.ckpt", "net_x-1_1.ckpt", "other-1_1.ckpt", "net-1_1_breakpoint.ckpt"):
        (tmp_path / name).write_bytes(b"")
    assert ck._chg_ckpt_file_name_if_same_exist(str(tmp_path), "net") == "net_4"  # MindSpore 2.10
    assert ck._chg_ckpt_file_name_if_same_exist(str(tmp_path), "net", exception=True) == "net_1"
    with pytest.raises(ValueError, match="when format is 'safetensors', other param must be default"):
        ck._check_format_and_other_params("safetensors", None, "AES-GCM", crc_check=True)


def test_value_reduce_single_device():
    from sporetorch.train.callback._early_stop import ValueReduce
    assert ValueReduce()(ms.Tensor(np.ones(2, np.float32))).tolist() == [1.0, 1.0]  # MindSpore 2.10 (one device)


def test_tft_ckpt_dir():
    from sporetorch.train.callback._train_fault_tolerance import _get_ckpt_dir
    assert _get_ckpt_dir(7, "/ck", True) == "/ck/ttp_saved_checkpoints-step_7_tmp"  # MindSpore 2.10's rule
    assert _get_ckpt_dir(7, "/ck", False) == "/ck/ttp_saved_checkpoints-step_7"
