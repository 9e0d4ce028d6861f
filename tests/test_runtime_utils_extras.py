"""Top-level runtime limits, MindIO hooks, ``mindspore.utils`` helpers and the extra dtype names.

Behaviour on CPU recorded with MindSpore 2.10: ``stress_detect()`` raises RuntimeError("Stress detection is not
supported"), ``get_sdc_detect_result()`` is False, ``mindio_preload`` False, ``set_kernel_launch_group()`` then
``set_kernel_launch_capture(False)`` raises "can not be set together", ``get_stream_limit(None)`` raises TypeError,
``Int(32) == int32``, ``repr(qint4x2) == 'mindspore.int4'``, ``repr(_null) == 'mindspore.Null'``.
"""
import importlib

import pytest

import sporetorch as ms
from sporetorch import _runtime_limits as limits
from sporetorch import utils


def test_utils_helpers():
    assert utils.ExitByRequest().exit_by_request("g", None, None) == "g"
    handle = utils.RSCPluginHandle()
    assert handle.check_enable() is False
    assert utils.TFTCommValue.ENABLE_MINDX == "ENABLE_MINDX"
    with utils.MsDispatchMode():
        pass
    assert utils.sdc_detect_start() is None and utils.sdc_detect_stop() is None
    assert utils.get_sdc_detect_result() is False
    with pytest.raises(RuntimeError, match="Stress detection is not supported"):
        utils.stress_detect()
    assert utils.comm_exec_order_check("start") is None
    with pytest.raises(ValueError, match="Path does not exist: /no/such/dir"):
        utils.runtime_execution_order_check("/no/such/dir")


def test_runtime_limits(tmp_path):
    limits._launch.clear()
    try:
        ms.set_kernel_launch_group()
        with pytest.raises(RuntimeError, match="can not be set together"):
            ms.set_kernel_launch_capture(False)
    finally:
        limits._launch.clear()
    with pytest.raises(TypeError, match="For 'get_stream_limit', the argument 'stream' should be Stream"):
        ms.get_stream_limit(None)
    stream = ms.runtime.Stream()
    assert ms.get_stream_limit(stream) == (-1, -1)
    with ms.StreamLimitCtx(stream, 4, 8):
        assert ms.get_stream_limit(stream) == (4, 8)
    assert ms.get_stream_limit(stream) == (-1, -1)
    ms.set_device_limit(0, 2, 4)
    assert ms.get_device_limit(0) == (2, 4)
    with pytest.raises(TypeError, match="'device' must be an int device id"):
        ms.set_device_limit("CPU", 1, 1)
    with pytest.raises(RuntimeError, match="only on Ascend"):
        ms.memory_replay(str(tmp_path / "trace"))
    pool = ms.MemPool()
    with ms.use_mem_pool(pool) as used:
        assert used is pool
    with ms.DeviceCtx("CPU") as ctx:
        assert ctx.name == "CPU"
    assert ms.mindio_preload("net.ckpt") is False and ms.set_mindio_server_info() is None


def test_extra_dtypes():
    assert ms.Int(32) == ms.int32 and ms.Int(8) == ms.int8
    assert repr(ms.hifloat8) == "mindspore.hifloat8" and repr(ms.qint4x2) == "mindspore.int4"
    assert repr(ms._null) == "mindspore.Null" and isinstance(ms._null, ms._NullType)
    assert ms.QuantDtype.INT4 == 3 and ms.QuantDtype.UINT1 == 100 and len(ms.QuantDtype) == 32


def test_top_level_reexports():
    mr = importlib.import_module("sporetorch.mindrecord")
    assert ms.FileWriter is mr.FileWriter and ms.SUCCESS is mr.SUCCESS
    assert ms.stress_detect is utils.stress_detect
