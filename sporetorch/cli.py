"""The ``sporetorch`` command: ``run`` a MindSpore script, plus the subcommands other modules add."""
import argparse
import os
import runpy
import sys


def run_script(argv):
    """Run ``argv[0]`` as ``__main__`` with ``mindspore`` aliased to sporetorch and ``sys.argv = argv``."""
    if not argv:
        print("usage: python -m sporetorch run script.py [args...]", file=sys.stderr)
        return 2
    script = argv[0]
    if not os.path.isfile(script):
        print(f"sporetorch run: no such script: {script}", file=sys.stderr)
        return 2
    from .communication._launcher import setup_worker
    from .compat import alias_as_mindspore
    setup_worker()
    alias_as_mindspore()
    sys.argv = list(argv)
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    runpy.run_path(script, run_name="__main__")
    return 0


def _demo(argv):
    from .demo import main as demo_main
    return demo_main(argv)


def _msrun(argv):
    from .communication._launcher import main as msrun_main
    return msrun_main(argv)


def _ckpt(argv):
    from .train.ckpt_cli import main as ckpt_main
    return ckpt_main(argv)


def _migrate(argv):
    from .migrate.cli import main as migrate_main
    return migrate_main(argv)


_COMMANDS = {
    "run": (run_script, "run an unmodified MindSpore script with sporetorch as 'mindspore'"),
    "demo": (_demo, "train LeNet on the bundled digits data set (the main job)"),
    "ckpt": (_ckpt, "show, convert and diff checkpoint files"),
    "migrate": (_migrate, "PyTorch to MindSpore migration: map, convert, compare, translate, dump, explain"),
    "msrun": (_msrun, "launch a script on several processes, with MindSpore's msrun options (torch.distributed)"),
}


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] not in _COMMANDS:
        parser = argparse.ArgumentParser(prog="sporetorch", description="MindSpore's programming model on PyTorch")
        sub = parser.add_subparsers(dest="command", required=True)
        for name, (_, text) in _COMMANDS.items():
            sub.add_parser(name, help=text)
        parser.parse_args(argv)
        return 2
    fn, _ = _COMMANDS[argv[0]]
    return fn(argv[1:]) or 0
