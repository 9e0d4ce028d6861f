"""``python -m sporetorch run script.py`` and ``sporetorch.compat.alias_as_mindspore()``."""
import os
import subprocess
import sys
import textwrap

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

SCRIPT = textwrap.dedent("""
    import sys
    import mindspore
    import mindspore as ms
    import mindspore.nn as nn
    import mindspore.common.dtype as mstype
    import mindspore.common.initializer as init
    from mindspore.common.initializer import Normal, initializer
    from mindspore.ops import operations as P
    from mindspore import context, Tensor, Parameter
    from mindspore.common.tensor import Tensor as T2
    from mindspore.common.parameter import Parameter as P2
    from mindspore.communication.management import get_rank, get_group_size
    import helper_mod

    def main():
        print("argv", sys.argv[1:])
        print("main", __name__)
        print("same", ms is sys.modules["mindspore"], T2 is Tensor, P2 is Parameter,
              mindspore.nn is sys.modules["mindspore.nn"], type(P.ReLU()).__name__, helper_mod.VALUE)
        print("real", mindspore.__name__, mindspore.__version__, sys.modules["mindspore.ops.operations"].__name__)
        sys.exit(int(sys.argv[-1]))

    if __name__ == "__main__":
        main()
""")


def _run(tmp_path, *args):
    (tmp_path / "script.py").write_text(SCRIPT)
    (tmp_path / "helper_mod.py").write_text("VALUE = 42\n")
    env = dict(os.environ, PYTHONPATH=ROOT + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "sporetorch", "run", str(tmp_path / "script.py"), *args],
                          capture_output=True, text=True, env=env, cwd=str(tmp_path.parent))


def test_run_aliases_mindspore_with_argv_and_main(tmp_path):
    proc = _run(tmp_path, "a", "--flag", "3")
    assert proc.returncode == 3, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "argv ['a', '--flag', '3']"
    assert lines[1] == "main __main__"
    assert lines[2] == "same True True True True ReLU 42"
    assert lines[3] == "real mindspore 2.10.0 sporetorch.ops.operations"


@pytest.mark.slow
def test_run_missing_script_is_a_usage_error(tmp_path):
    env = dict(os.environ, PYTHONPATH=ROOT)
    proc = subprocess.run([sys.executable, "-m", "sporetorch", "run", str(tmp_path / "nope.py")],
                          capture_output=True, text=True, env=env)
    assert proc.returncode == 2 and "no such script" in proc.stderr


@pytest.mark.slow
def test_alias_is_per_process_and_programmatic():
    code = ("import sys; import sporetorch.compat as c; assert 'mindspore' not in sys.modules; "
            "ms = c.alias_as_mindspore(); import mindspore.nn as nn; from mindspore.common.initializer import One; "
            "import sporetorch, mindspore; print(ms is mindspore, nn is sporetorch.nn)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.strip() == "True True"
