"""Saves killed mid-write (real SIGKILL and SIGTERM on a child process) leave the previous
checkpoint intact, and no temporary file survives the next save."""
import os
import random
import signal
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import sporetorch as ms

pytestmark = [pytest.mark.slow, pytest.mark.skipif(os.name != "posix", reason="POSIX signals")]

# Saves a ~32 MB net to TARGET over and over; prints "ready" once the first save is done.
_SAVER = textwrap.dedent("""
    import sys
    import numpy as np
    import sporetorch as ms
    target = sys.argv[1]
    rs = np.random.RandomState(0)
    params = [{"name": f"layer{i}.weight", "data": ms.Tensor(rs.rand(1000, 1000).astype(np.float32))}
              for i in range(8)]
    ms.save_checkpoint(params, target)
    print("ready", flush=True)
    while True:
        ms.save_checkpoint(params, target)
""")


def _temps(folder):
    return [n for n in os.listdir(folder) if n.endswith(".tmp")]


def _start_saver(target):
    proc = subprocess.Popen([sys.executable, "-c", _SAVER, target], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "ready"
    return proc


def _check_intact(target):
    loaded = ms.load_checkpoint(target)
    assert sorted(loaded) == [f"layer{i}.weight" for i in range(8)]
    assert loaded["layer7.weight"].shape == (1000, 1000)


def test_sigkill_during_saves_leaves_target_intact_and_next_save_cleans_up(tmp_path):
    target = str(tmp_path / "net.ckpt")
    rng = random.Random(0)
    proc = _start_saver(target)
    for kill in range(6):
        time.sleep(rng.uniform(0.05, 0.6))
        proc.kill()
        proc.wait()
        _check_intact(target)
        if kill < 5:
            proc = _start_saver(target)  # its first save removes the temp files of the killed ones
    ms.save_checkpoint([{"name": "after", "data": ms.Tensor(np.ones(2, np.float32))}], target)
    assert _temps(tmp_path) == []


def test_sigterm_during_a_save_removes_the_temporary_file(tmp_path):
    target = str(tmp_path / "net.ckpt")
    proc = _start_saver(target)
    time.sleep(0.3)
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=60) == -signal.SIGTERM  # still ends the way SIGTERM ends a process
    _check_intact(target)
    assert _temps(tmp_path) == []


def test_a_live_process_temp_file_is_left_alone(tmp_path):
    target = str(tmp_path / "net.ckpt")
    mine = tmp_path / f".net.ckpt.{os.getppid()}.abcd.tmp"  # the parent of this test process is alive
    gone = tmp_path / ".net.ckpt.999999999.abcd.tmp"  # no such process
    mine.write_bytes(b"x")
    gone.write_bytes(b"x")
    ms.save_checkpoint([{"name": "w", "data": ms.Tensor(np.ones(2, np.float32))}], target)
    assert sorted(_temps(tmp_path)) == [mine.name]
