"""docs/migration.md's walkthrough: every `$` line of its "A whole migration" block runs, in a
scratch directory that sees the repository's tests/ folder, with the exit status it states."""
import os
import re
import shlex
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOC = os.path.join(ROOT, "docs", "migration.md")


def _commands():
    with open(DOC, encoding="utf-8") as f:
        text = f.read()
    block = text[text.index("## A whole migration"):]
    block = block[block.index("```\n") + 4:]
    block = block[:block.index("```")]
    return [line[2:] for line in block.splitlines() if line.startswith("$ ")]


@pytest.mark.slow  # runs every command of the walkthrough (about 45 s)
def test_walkthrough_commands_run(tmp_path):
    os.symlink(os.path.join(ROOT, "tests"), tmp_path / "tests")
    env = dict(os.environ, PYTHONPATH=ROOT)
    commands = _commands()
    assert len(commands) >= 14
    for cmd in commands:
        expected = 1 if re.search(r"#\s*exits 1\s*$", cmd) else 0
        cmd = re.sub(r"\s*#.*$", "", cmd)
        argv = shlex.split(cmd.split(" > ")[0])
        if argv[0] == "sporetorch":
            argv = [sys.executable, "-m", "sporetorch", *argv[1:]]
        elif argv[0] == "python":
            argv = [sys.executable, *argv[1:]]
        stdout = open(tmp_path / cmd.split(" > ")[1], "w") if " > " in cmd else subprocess.PIPE  # noqa: SIM115
        try:
            proc = subprocess.run(argv, cwd=tmp_path, env=env, stdout=stdout, stderr=subprocess.PIPE, text=True,
                                  timeout=600, check=False)
        finally:
            if stdout is not subprocess.PIPE:
                stdout.close()
        assert proc.returncode == expected, (cmd, (proc.stdout or "")[-1500:], proc.stderr[-1500:])
    assert (tmp_path / "demo" / "resnet_ms.py").exists() and (tmp_path / "demo" / "dump_ms" / "dump.json").exists()
