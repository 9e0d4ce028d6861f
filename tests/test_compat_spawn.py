"""The ``mindspore`` alias reaches child processes whatever their start method, and reports
MindSpore's version while sporetorch keeps its own."""
import os
import subprocess
import sys
import textwrap

import pytest

# Spawned interpreters that import torch: outside the fast tier.
pytestmark = pytest.mark.slow

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CHILDREN = textwrap.dedent("""
    import os
    import sys
    import tempfile
    import multiprocessing as mp
    import concurrent.futures as cf
    import numpy as np
    import mindspore
    import mindspore.dataset as ds
    import mindspore.dataset.transforms as transforms
    import mindspore.dataset.vision as vision
    from PIL import Image

    def work(x):
        import mindspore
        return mindspore.__version__, mindspore.Tensor(x).asnumpy().tolist()

    if __name__ == "__main__":
        mp.set_start_method(sys.argv[1])
        with mp.Pool(1) as pool:
            print("pool", pool.map(work, [[1, 2]]))
        with cf.ProcessPoolExecutor(1) as ex:
            print("futures", list(ex.map(work, [[3]])))
        # mindcv-style: ImageFolder read by DataLoader worker processes, vision transforms in a process pool.
        root = tempfile.mkdtemp()
        rs = np.random.RandomState(0)
        for cls in ("a", "b"):
            os.makedirs(os.path.join(root, cls))
            for k in range(4):
                Image.fromarray(rs.randint(0, 256, (20, 24, 3), np.uint8)).save(os.path.join(root, cls, f"{k}.jpg"))
        data = ds.ImageFolderDataset(root, num_parallel_workers=2, shuffle=False)
        data = data.map([vision.Decode(), vision.RandomResizedCrop(16), vision.RandomHorizontalFlip(),
                         vision.Normalize(mean=[127.5] * 3, std=[64.0] * 3), vision.HWC2CHW()],
                        input_columns="image", num_parallel_workers=2, python_multiprocessing=True)
        data = data.map(transforms.TypeCast(mindspore.int32), input_columns="label", num_parallel_workers=2)
        for b in data.batch(4, drop_remainder=True).create_dict_iterator(num_epochs=1):
            print("images", tuple(b["image"].shape), b["label"].asnumpy().tolist())
""")


def _env():
    return dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))


@pytest.mark.slow
@pytest.mark.parametrize("method", ["fork", "spawn", "forkserver"])
def test_children_import_mindspore_under_every_start_method(tmp_path, method):
    script = tmp_path / "children.py"
    script.write_text(CHILDREN)
    proc = subprocess.run([sys.executable, "-m", "sporetorch", "run", str(script), method], capture_output=True,
                          text=True, env=_env(), cwd=str(tmp_path), timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["pool [('2.10.0', [1, 2])]", "futures [('2.10.0', [3])]",
                                        "images (4, 3, 16, 16) [0, 0, 0, 0]",
                                        "images (4, 3, 16, 16) [1, 1, 1, 1]"]


def test_programmatic_alias_reaches_a_spawned_child(tmp_path):
    script = tmp_path / "prog.py"
    script.write_text(textwrap.dedent("""
        import multiprocessing as mp
        import sporetorch.compat
        sporetorch.compat.alias_as_mindspore()

        def version(_):
            import mindspore
            return mindspore.__version__

        if __name__ == "__main__":
            with mp.get_context("spawn").Pool(1) as pool:
                print(pool.map(version, [0])[0])
    """))
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=_env(),
                          cwd=str(tmp_path), timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "2.10.0"


def test_versions_and_identity_under_the_alias():
    code = ("import sys, os, subprocess; import sporetorch, sporetorch.compat as c; "
            "assert 'mindspore' not in sys.modules; ms = c.alias_as_mindspore(); import mindspore; "
            "import mindspore.nn as nn; from mindspore import Tensor, nn as nn2; "
            "print(mindspore.__version__, sporetorch.__version__, ms is mindspore, mindspore.__name__); "
            "print(nn is sporetorch.nn, nn2 is nn, Tensor is sporetorch.Tensor, 'Tensor' in dir(mindspore)); "
            "out = subprocess.run([sys.executable, '-c', 'import mindspore; print(mindspore.__version__)'], "
            "capture_output=True, text=True).stdout.strip(); print('child', out)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=_env(),
                         timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["2.10.0 0.1.0 True mindspore", "True True True True", "child 2.10.0"]


def test_shim_is_not_on_the_path_without_the_alias():
    code = "import sys, sporetorch, sporetorch.compat as c; print(c.SHIM_DIR in sys.path, 'mindspore' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=_env(),
                         check=True, timeout=300)
    assert out.stdout.strip() == "False False"

