"""Distributed-checkpoint tools for one process, OnRequestExit, TrainFaultTolerance, the THOR converters,
Symbol and flops_collection.

Errors for missing files, Symbol's checks and to_dict, TrainFaultTolerance's missing-argument error and
flops_collection's failure were recorded with MindSpore 2.10 on CPU.
"""
import os
import signal

import numpy as np
import pytest

import sporetorch as ms
from sporetorch import nn, train


def _net():
    ms.set_seed(1)
    return nn.Dense(2, 2)


def test_unsharded_checkpoint_tools(tmp_path):
    net = _net()
    src = tmp_path / "src" / "rank_0"
    src.mkdir(parents=True)
    ms.save_checkpoint(net, str(src / "net.ckpt"))
    assert ms.rank_list_for_transform(0) == [0]
    ms.transform_checkpoints(str(tmp_path / "src"), str(tmp_path / "dst"), "new_")
    out = tmp_path / "dst" / "rank_0" / "new_0.ckpt"
    loaded = ms.load_checkpoint(str(out))
    np.testing.assert_array_equal(loaded["weight"].asnumpy(), net.weight.asnumpy())
    other = nn.Dense(2, 2)
    assert ms.load_distributed_checkpoint(other, [str(out)]) is None
    np.testing.assert_array_equal(other.weight.asnumpy(), net.weight.asnumpy())
    assert ms.train.load_distributed_checkpoint is ms.load_distributed_checkpoint
    t = ms.Tensor([1.0])
    assert ms.reshard(t, None) is t and ms.parameter_broadcast(net, None) is None
    assert ms.sync_pipeline_shared_parameters(net) is None


def test_checkpoint_tool_errors(tmp_path):
    missing = str(tmp_path / "none.ckpt")
    with pytest.raises(ValueError, match=f"For 'build_searched_strategy', no such strategy file: {missing}"):
        ms.build_searched_strategy(missing)
    with pytest.raises(ValueError, match="For 'restore_group_info_list', no such group information file"):
        ms.restore_group_info_list(missing)
    with pytest.raises(FileNotFoundError):
        ms.get_ckpt_path_with_strategy(missing, missing)
    with pytest.raises(ValueError, match="make sure the .* at index 0 is a valid checkpoint file"):
        ms.load_distributed_checkpoint(_net(), [missing])
    with pytest.raises(NotADirectoryError, match="is not a directory"):
        ms.merge_pipeline_strategys(missing, missing)
    with pytest.raises(ValueError, match="'src_checkpoints_dir' can not be empty"):
        ms.transform_checkpoints(str(tmp_path / "nothing"), str(tmp_path / "dst"), "ck")
    strategy = tmp_path / "strategy.ckpt"
    strategy.write_bytes(b"\x00")
    with pytest.raises(NotImplementedError, match="strategy file"):
        ms.build_searched_strategy(str(strategy))


class _Ctx:
    def __init__(self, net):
        self.train_network = net
        self.stopped = False

    def original_args(self):
        return self

    def request_stop(self):
        self.stopped = True


def test_on_request_exit_saves_and_stops(tmp_path):
    net = _net()
    cb = train.OnRequestExit(save_mindir=False, directory=str(tmp_path), sig=signal.SIGUSR1)
    ctx = _Ctx(net)
    previous = signal.getsignal(signal.SIGUSR1)
    try:
        cb.on_train_begin(ctx)
        cb.on_train_step_end(ctx)
        assert not ctx.stopped
        os.kill(os.getpid(), signal.SIGUSR1)
        cb.on_train_step_end(ctx)
    finally:
        signal.signal(signal.SIGUSR1, previous)
    assert ctx.stopped
    # MindSpore 2.10 names the file <directory>/rank_<device_id>/<file_name>_train.ckpt
    saved = tmp_path / f"rank_{ms.get_context('device_id')}" / "Net_train.ckpt"
    assert saved.is_file()
    with pytest.raises(ValueError, match="SIGKILL"):
        train.OnRequestExit(sig=signal.SIGKILL)


def test_fault_tolerance_thor_symbol_flops():
    with pytest.raises(ValueError, match="TrainFaultTolerance construct need to set ckpt_save_fn or ckpt_save_path!"):
        train.TrainFaultTolerance()
    assert train.TrainFaultTolerance(ckpt_save_path="./ckpt").ckpt_save_path == "./ckpt"
    model = object()
    assert ms.ConvertModelUtils.convert_to_thor_model(model, None, optimizer=object()) is model
    with pytest.raises(NotImplementedError, match="THOR"):
        ms.ConvertNetUtils().convert_to_thor_net(_net())
    assert ms.Symbol(max=8, min=2, divisor=2).to_dict() == {"max": 8, "divisor": 2}
    assert ms.Symbol().to_dict() == {}
    with pytest.raises(ValueError, match="the 'remainder' value should be in the range '\\[0, 2\\)', but got 3"):
        ms.Symbol(remainder=3, divisor=2)
    with pytest.raises(TypeError, match="the argument 'unique' must be bool"):
        ms.Symbol(unique=1)
    with pytest.raises(RuntimeError, match="flop_counter"):
        ms.flops_collection()
