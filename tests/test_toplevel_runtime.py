"""Runtime controls on CPU: synchronisation, memory figures, streams/events and the set-once settings.

CPU values (every memory figure 0, the summary table, error messages) are MindSpore 2.10's.
"""
import os
import subprocess
import sys
import textwrap

import pytest

import sporetorch as ms
from sporetorch import runtime

_SUMMARY = """\
|=============================================|
|               Memory summary                |
|=============================================|
| Metric               | Data                 |
|---------------------------------------------|
| Reserved memory      |      0 B             |
|---------------------------------------------|
| Allocated memory     |      0 B             |
|---------------------------------------------|
| Idle memory          |      0 B             |
|---------------------------------------------|
| Eager free memory    |      0 B             |
|---------------------------------------------|
| Max reserved memory  |      0 B             |
|---------------------------------------------|
| Max allocated memory |      0 B             |
|=============================================|
"""


def test_cpu_memory_figures_are_zero():
    assert (ms.memory_allocated(), ms.max_memory_allocated(), ms.memory_reserved(), ms.max_memory_reserved()) == (
        0, 0, 0, 0)
    assert ms.memory_stats() == {  # MindSpore 2.10 on CPU
        "total_reserved_memory": 0, "total_allocated_memory": 0, "total_idle_memory": 0,
        "total_eager_free_memory": 0, "max_reserved_memory": 0, "max_allocated_memory": 0,
        "common_mem_pool_stats": {"block_unit_size": 0, "block_counts": 0, "blocks_info": {}},
        "persistent_mem_pool_stats": {"block_counts": 0, "block_unit_size": 0, "blocks_info": {}}}
    assert ms.memory_summary() == _SUMMARY
    for fn in (ms.synchronize, ms.empty_cache, ms.reset_peak_memory_stats, ms.reset_max_memory_allocated,
               ms.reset_max_memory_reserved):
        assert fn() is None


def test_size_units_switch_at_768():
    # MindSpore's table: the next unit once the value reaches 768 of the current one (1024-based).
    assert runtime._format_bytes(768 * 1024 - 1) == "786431 B  "
    assert runtime._format_bytes(768 * 1024) == "   768 KB"
    assert runtime._format_bytes(5 * 1024 ** 3) == "  5120 MB"


def test_cpu_streams_and_events():
    s = ms.current_stream()
    assert repr(s) == "Stream(device_name=CPU, device_id:0, stream id:0)"  # MindSpore 2.10 on CPU
    assert s == ms.default_stream() == ms.communication_stream()
    assert s.query() is True and s.synchronize() is None
    other = ms.Stream(priority=0)
    with ms.StreamCtx(other) as inside:
        assert inside is other and ms.current_stream() is other
    assert ms.current_stream() is s
    start, end = ms.Event(enable_timing=True), ms.Event(enable_timing=True)
    start.record()
    s.record_event(end)
    assert end.query() and end.synchronize() is None and start.elapsed_time(end) >= 0.0
    s.wait_event(end)
    s.wait_stream(other)
    with pytest.raises(RuntimeError, match="enable_timing=True"):
        ms.Event().elapsed_time(end)
    with pytest.raises(TypeError, match="Stream"):
        ms.set_cur_stream("stream")
    with pytest.raises(TypeError, match="Event"):
        s.wait_event(object())


def test_argument_errors_before_setting():
    with pytest.raises(TypeError, match="The parameter 'deterministic' must be <class 'bool'>, but got <class 'str'>"):
        ms.set_deterministic("ON")
    with pytest.raises(ValueError, match="The '1G' is illegal"):
        ms.set_memory(init_size="1G")
    with pytest.raises(ValueError, match=r"The optimize_level must be one of \['O0', 'O1'\], but got O2."):
        ms.set_memory(optimize_level="O2")
    with pytest.raises(TypeError):
        ms.set_memory(foo=1)
    with pytest.raises(ValueError, match="'a-b'"):
        ms.set_cpu_affinity(True, ["3"])


def test_run_check(capsys):
    ms.run_check()
    out = capsys.readouterr().out
    assert "The result of multiplication calculation is correct" in out and "[CPU]" in out


@pytest.mark.slow
def test_set_once_settings_in_a_fresh_process():
    # set_deterministic / set_memory / set_cpu_affinity change process-wide state, so they run apart.
    script = textwrap.dedent("""
        import os, torch, sporetorch as ms
        ms.set_deterministic(True)
        assert torch.are_deterministic_algorithms_enabled() and ms.get_context("deterministic") == "ON"
        try:
            ms.set_deterministic(False)
        except RuntimeError as e:
            assert str(e) == "The 'mindspore.set_deterministic' can not be set repeatedly.", e
        else:
            raise AssertionError("second set_deterministic accepted")
        ms.set_memory(init_size="1GB", optimize_level="O1")
        try:
            ms.set_memory(init_size="1GB")
        except RuntimeError as e:
            assert "can not be set repeatedly" in str(e)
        cores = sorted(os.sched_getaffinity(0))
        ms.set_cpu_affinity(True, [f"{cores[0]}-{cores[0]}"])
        assert os.sched_getaffinity(0) == {cores[0]}
        print("ok")
    """)
    env = dict(os.environ, PYTHONPATH=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr
