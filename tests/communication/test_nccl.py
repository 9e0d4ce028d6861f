"""NCCL on CUDA tensors: a one-process group on one GPU, and two msrun workers on two GPUs.
Skipped without CUDA (and the two-process test without two GPUs)."""
import os
import subprocess
import sys
import textwrap

import pytest
import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

pytestmark = pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")

SCRIPT = textwrap.dedent("""
    import numpy as np
    import torch
    import sporetorch as ms
    from sporetorch import ops
    from sporetorch.communication import init, get_rank, get_group_size, GlobalComm
    ms.set_context(device_target="GPU")
    init()
    x = ms.Tensor(np.full((3,), get_rank() + 1.0, np.float32))
    assert x._t.is_cuda
    out = ops.AllReduce()(x)
    expected = sum(range(1, get_group_size() + 1))
    assert out._t.is_cuda and float(out._t.sum()) == 3 * expected, out
    assert GlobalComm.WORLD_COMM_GROUP == "nccl_world_group"
    print("ok", get_rank(), flush=True)
""")


def _env():
    env = dict(os.environ, PYTHONPATH=ROOT)
    for key in ("RANK", "WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT"):
        env.pop(key, None)
    return env


def test_one_process_nccl(tmp_path):
    script = tmp_path / "one.py"
    script.write_text(SCRIPT)
    env = dict(_env(), RANK="0", WORLD_SIZE="1", MASTER_ADDR="127.0.0.1", MASTER_PORT="29731", LOCAL_RANK="0")
    proc = subprocess.run([sys.executable, "-m", "sporetorch", "run", str(script)], capture_output=True, text=True,
                          env=env, timeout=300)
    assert proc.returncode == 0 and "ok 0" in proc.stdout, proc.stderr[-3000:]


@pytest.mark.slow
@pytest.mark.skipif(torch.cuda.device_count() < 2, reason="needs two GPUs")
def test_two_process_nccl(tmp_path):
    script = tmp_path / "two.py"
    script.write_text(SCRIPT)
    proc = subprocess.run([sys.executable, "-m", "sporetorch", "msrun", "--worker_num=2", "--local_worker_num=2",
                           "--master_port=29732", "--join=True", f"--log_dir={tmp_path}", str(script)],
                          capture_output=True, text=True, env=_env(), timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
