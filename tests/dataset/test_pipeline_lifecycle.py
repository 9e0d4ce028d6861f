"""The pipeline under ``python -m sporetorch run`` with each multiprocessing start method, and
on Ctrl-C: same values, and no thread or process left behind."""
import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

SCRIPT = textwrap.dedent("""
    import multiprocessing as mp
    import os
    import sys
    import tempfile
    import threading
    import time
    import numpy as np
    import mindspore.dataset as ds
    import mindspore.dataset.vision as vision
    from PIL import Image


    def double(x):
        return x * 2


    def pipeline(root, forever):
        data = ds.ImageFolderDataset(root, num_parallel_workers=2, shuffle=False, decode=False)
        data = data.map([vision.Decode(), vision.Resize((8, 8)), vision.Normalize([1, 2, 3], [2, 2, 2]),
                         vision.HWC2CHW()], input_columns="image", num_parallel_workers=2)
        data = data.map(double, input_columns="label", num_parallel_workers=2, python_multiprocessing=True)
        data = data.batch(3)
        return data.repeat() if forever else data


    if __name__ == "__main__":
        mp.set_start_method(sys.argv[1])
        root = tempfile.mkdtemp()
        rs = np.random.RandomState(0)
        for cls in ("a", "b"):
            os.makedirs(os.path.join(root, cls))
            for k in range(5):
                Image.fromarray(rs.randint(0, 256, (12, 10, 3)).astype(np.uint8)).save(
                    os.path.join(root, cls, f"{k}.jpg"))
        if sys.argv[2] == "once":
            total = 0.0
            for image, label in pipeline(root, False).create_tuple_iterator(output_numpy=True, num_epochs=1):
                total += float(image.astype(np.float64).sum()) + float(label.sum())
            deadline = time.monotonic() + 10
            while (threading.active_count() > 1 or mp.active_children()) and time.monotonic() < deadline:
                time.sleep(0.05)
            print("threads", threading.active_count(), "children", len(mp.active_children()))
            print("total", repr(total))
        else:
            it = pipeline(root, True).create_tuple_iterator(output_numpy=True)
            next(it)
            print("children", *[p.pid for p in mp.active_children()], flush=True)
            while True:
                next(it)
""")


def _run(tmp_path, *args, **kwargs):
    script = tmp_path / "pipeline_script.py"
    script.write_text(SCRIPT)
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return [sys.executable, "-m", "sporetorch", "run", str(script), *args], env


@pytest.mark.parametrize("method", ["fork", "spawn", "forkserver"])
def test_start_methods_give_the_same_values_and_end_cleanly(tmp_path, method):
    command, env = _run(tmp_path, method, "once")
    out = subprocess.run(command, capture_output=True, text=True, env=env, timeout=300, cwd=str(tmp_path))
    assert out.returncode == 0, out.stderr[-3000:]
    lines = dict(line.split(" ", 1) for line in out.stdout.splitlines() if line.startswith(("threads", "total")))
    assert lines["threads"] == "1 children 0"
    # 10 images: Normalize((x - c) / 2) summed, labels doubled (0 x5, 2 x5); the same for every method
    test_start_methods_give_the_same_values_and_end_cleanly.totals[method] = lines["total"]
    assert len(set(test_start_methods_give_the_same_values_and_end_cleanly.totals.values())) == 1


test_start_methods_give_the_same_values_and_end_cleanly.totals = {}


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:  # a zombie still answers kill(0); it is gone for our purpose once it is not running
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.slow  # a child process per start method, interrupted mid-epoch (13-16 s each)
@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_ctrl_c_ends_the_pipeline_and_its_workers(tmp_path, method):
    command, env = _run(tmp_path, method, "forever")
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            cwd=str(tmp_path))
    try:
        line = proc.stdout.readline()
        assert line.startswith("children"), proc.stderr.read()[-3000:] if proc.poll() is not None else line
        children = [int(p) for p in line.split()[1:]]
        assert children, "the python_multiprocessing map should have worker processes"
        time.sleep(0.5)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode != 0 and "KeyboardInterrupt" in err, err[-3000:]
    deadline = time.monotonic() + 10
    while any(_alive(p) for p in children) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [p for p in children if _alive(p)]
