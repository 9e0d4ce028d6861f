"""``SPORETORCH_ACCEL=0`` turns every speed-up off: GRAPH_MODE compiles with torch.compile at the first
call (no child, no race, no record, no timed kernels), PYNATIVE is plain torch, and the numbers are
those of PYNATIVE. Run in a fresh process, since the switch is read at import."""
import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

SCRIPT = textwrap.dedent("""
    import json, os, sys
    import numpy as np
    import sporetorch as ms
    from sporetorch import nn, Tensor
    from sporetorch._accel import background, conv_plan, host_memory

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv2d(3, 8, 3, pad_mode="same")
            self.fc = nn.Dense(8 * 8 * 8, 4)

        def construct(self, x):
            return self.fc(ms.ops.relu(self.conv(x)).reshape(x.shape[0], -1))

    def losses(mode):
        ms.set_context(mode=mode)
        ms.set_seed(3)
        net = Net()
        loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        opt = nn.SGD(net.trainable_params(), learning_rate=0.1)
        step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), opt)
        rng = np.random.RandomState(0)
        x = Tensor(rng.randn(4, 3, 8, 8).astype(np.float32))
        y = Tensor(rng.randint(0, 4, 4).astype(np.int32))
        return [float(step(x, y).asnumpy()) for _ in range(4)]

    eager = losses(ms.PYNATIVE_MODE)
    graph = losses(ms.GRAPH_MODE)
    cache = os.environ["SPORETORCH_CACHE_DIR"]
    print(json.dumps({"eager": eager, "graph": graph, "child": background._Background.active is not None,
                      "engaged": host_memory.engaged(), "plans": len(conv_plan._plans),
                      "records": os.path.isdir(os.path.join(cache, "jit")) and os.listdir(os.path.join(cache, "jit"))}))
""")


def test_accel_off_is_plain_torch_compile(tmp_path):
    env = dict(os.environ, SPORETORCH_ACCEL="0", SPORETORCH_CACHE_DIR=str(tmp_path), SPORETORCH_JIT_BACKEND="eager")
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    got = json.loads(done.stdout.strip().splitlines()[-1])
    # Dynamo's graphs round in another order than PYNATIVE's calls: equal to float rounding.
    np.testing.assert_allclose(got["graph"], got["eager"], rtol=1e-5)
    assert not got["child"] and not got["engaged"] and got["plans"] == 0 and not got["records"]


@pytest.mark.slow
def test_accel_off_names_techniques_one_by_one(tmp_path):
    """``SPORETORCH_ACCEL_OFF`` turns the named techniques off and leaves the others on (how each one's
    gain is measured); a name that is no technique is warned about, and the numbers stay PYNATIVE's."""
    env = dict(os.environ, SPORETORCH_ACCEL_OFF="background,conv_plan,host_memory,no_such_thing",
               SPORETORCH_CACHE_DIR=str(tmp_path), SPORETORCH_JIT_BACKEND="eager")
    env.pop("SPORETORCH_ACCEL", None)
    script = SCRIPT.replace("print(json.dumps({", "from sporetorch import _accel\nprint(json.dumps({"
                            "'on': [t for t in _accel.TECHNIQUES if _accel.on(t)], "
                            "'acted': _accel.engaged_techniques(), ")
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "SPORETORCH_ACCEL_OFF names no technique no_such_thing" in done.stderr
    got = json.loads(done.stdout.strip().splitlines()[-1])
    np.testing.assert_allclose(got["graph"], got["eager"], rtol=1e-5)
    assert got["on"] == ["race", "packages", "winograd", "gc_freeze"]
    assert not {"background", "conv_plan", "host_memory"} & set(got["acted"])
    assert not got["child"] and not got["engaged"] and got["plans"] == 0 and not got["records"]
