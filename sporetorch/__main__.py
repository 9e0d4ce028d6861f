"""Command line: ``python -m sporetorch run script.py [args...]`` and the other subcommands."""
from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
