"""Write ``tests/ops/composite_ms_values.py`` from a probe record of ``tools/probe_ms_composite.py`` (MindSpore
2.10's results), keeping the names sporetorch implements.

    python -m sporetorch run tools/_write_composite_values.py PROBE.json
"""
import importlib
import json
import os
import pprint
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Their result is a new gradient environment: MindSpore's eager one is an opaque int64 handle Tensor, ours an
# empty dict, so the test checks them on their own.
ENV_HANDLES = {"_zeros_like_func", "_zeros_like_env_type", "_ones_like_func"}


def main():
    from sporetorch import _module_tree as mt
    with open(sys.argv[1], encoding="utf-8") as f:
        probe = json.load(f)
    values = {}
    for full, rows in sorted(probe.items()):
        if not isinstance(rows, list):
            continue
        module, name = full.rsplit(".", 1)
        try:
            ours = getattr(importlib.import_module("sporetorch" + module[len("mindspore"):]), name)
        except (AttributeError, ImportError):
            continue
        if getattr(ours, "_ms_unavailable", None) or isinstance(ours, mt.Unavailable) or name in ENV_HANDLES:
            continue
        kept = []
        for row in rows:
            if "ok" in row:
                kept.append((tuple(row["sig"]), row["ok"]))
            elif not row["err"].startswith("no eager value") and not any(
                    mark in row["err"] for mark in ("no result within", "Response is empty", "Get response before")):
                # (the last two are the reference install's kernel compiler failing, not MindSpore's answer)
                kept.append((tuple(row["sig"]), "ERR " + row["err"].split(":", 1)[0]))
        if kept:
            values[full] = kept
    text = ('"""MindSpore 2.10 CPU results of the ``ops.composite`` names sporetorch implements, on the inputs of\n'
            '``composite_cases.py`` (recorded by ``tools/probe_ms_composite.py``; written by\n'
            '``tools/_write_composite_values.py``)."""\n'
            "# MindSpore 2.10 CPU\n"
            "MS_VALUES = " + pprint.pformat(values, width=118, compact=True) + "\n")
    with open(os.path.join(ROOT, "tests", "ops", "composite_ms_values.py"), "w", encoding="utf-8") as f:
        f.write(text)
    print(len(values), "names")


if __name__ == "__main__":
    main()
