"""What GRAPH_MODE prints: one line per graph break, naming the user's file and line and what to
change, and nothing from TorchDynamo or Inductor themselves, across set_train switches and shapes,
whether the caller compiles or a child process compiles while the caller runs eagerly."""
import os
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.slow

SCRIPT = textwrap.dedent("""
    import numpy as np
    import mindspore as ms
    from mindspore import nn, Tensor
    ms.set_context(mode=ms.GRAPH_MODE)

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.fc = nn.Dense(4, 4)
            self.drop = nn.Dropout(p=0.5)

        def construct(self, x):
            y = self.drop(self.fc(x))
            if y.sum() > 0:
                return y * 2
            return y - 1

    net = Net()
    for i in range(4):
        net(Tensor(np.random.randn(3, 4).astype(np.float32)))
    # With a compiling child: let it finish, so that the calls below switch to what it compiled.
    import time
    from sporetorch._accel import background as jit
    while jit._Background.active is not None and jit._Background.active.poll() is None:
        time.sleep(0.05)
    for n in range(1, 12):
        net.set_train(n % 2 == 0)
        net(Tensor(np.random.randn(n, 4).astype(np.float32)))
    print("done")
""")


# In the caller with inductor, as torch.compile does; and in a child process (forced for the
# eager backend, which keeps the test short).
@pytest.mark.parametrize("env_extra", [{"SPORETORCH_JIT_BACKGROUND": "0"},
                                       {"SPORETORCH_JIT_BACKGROUND": "1", "SPORETORCH_JIT_BACKEND": "eager"}],
                         ids=["caller", "child"])
def test_graph_break_and_recompiles_print_one_line(tmp_path, env_extra):
    script = tmp_path / "if_net.py"
    script.write_text(SCRIPT)
    env = {k: v for k, v in os.environ.items() if k not in ("TORCH_LOGS", "SPORETORCH_JIT_BACKEND")}
    env.update(env_extra, SPORETORCH_CACHE_DIR=str(tmp_path / "cache"))
    proc = subprocess.run([sys.executable, "-m", "sporetorch", "run", str(script)], capture_output=True,
                          text=True, timeout=600, env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.strip() == "done"
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, proc.stderr
    assert f"{script}:15 `if y.sum() > 0:`" in lines[0] and "ops.select" in lines[0]
    assert "torch._dynamo" not in proc.stderr and "recompile_limit" not in proc.stderr
