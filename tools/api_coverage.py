"""Compare sporetorch's public API with MindSpore 2.10's and write docs/api_coverage.md.

For every namespace of ``tests/data/api/mindspore-2.10-api.json`` (a copy of MindSpore 2.10's own listing) (and the Tensor methods)
the report counts the names sporetorch has, the names whose leading parameter names match
MindSpore's signature, and the same two figures for the names in ``core-api.txt``; it then
lists the missing and the mismatching names.

Leading parameter names are the parameters before the first keyword-only marker, ``*args``
included as ``*args`` (``self`` dropped). A name matches when sporetorch's leading names
start with MindSpore's; for Tensor methods MindSpore overloads, matching any overload counts
(their signatures come from ``tools/tensor_method_overloads.json``). Names MindSpore gives no
signature (constants, dtypes, properties) match when present, and so do names whose recorded
signature is only ``(*args, **kwargs)``: that is what MindSpore's decorators (e.g.
``opt_init_args_register`` on every optimizer) leave visible, not the real parameter list.

Usage: python tools/api_coverage.py [--api PATH] [--core PATH] [--out PATH] [--check]
"""
import argparse
import ast
import glob
import importlib
import inspect
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
API_DATA = os.path.join(ROOT, "tests", "data", "api")
NAMESPACES = ["mindspore", "mindspore.nn", "mindspore.ops", "mindspore.common.initializer", "mindspore.train",
              "mindspore.dataset", "mindspore.dataset.vision", "mindspore.dataset.transforms", "mindspore.dataset.text",
              "mindspore.dataset.audio", "mindspore.mindrecord", "mindspore.amp", "mindspore.boost",
              "mindspore.communication", "mindspore.mint", "mindspore.mint.nn", "mindspore.mint.nn.functional",
              "mindspore.mint.optim", "mindspore.numpy", "mindspore.experimental.optim",
              "mindspore.experimental.optim.lr_scheduler"]
TENSOR = "Tensor methods"


def leading_names(signature):
    """Leading parameter names of a signature string such as ``(self, axis=None, *, dtype=None)``."""
    try:
        tree = ast.parse(f"def f{signature}: pass")
    except SyntaxError:
        return None
    args = tree.body[0].args
    names = [a.arg for a in args.posonlyargs + args.args]
    if args.vararg is not None:
        names.append("*" + args.vararg.arg)
    return [n for n in names if n not in ("self", "cls")]


def our_leading_names(obj):
    """Leading parameter names of a sporetorch callable (None when it has no inspectable signature)."""
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return None
    names = []
    for p in sig.parameters.values():
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD):
            names.append(p.name)
        elif p.kind == p.VAR_POSITIONAL:
            names.append("*" + p.name)
            break
        else:
            break
    return [n for n in names if n not in ("self", "cls")]


def matches(ours, theirs):
    return ours is not None and theirs is not None and ours[:len(theirs)] == theirs


def check_name(obj, ms_signatures):
    """``(present, matched, our_names)`` for one name."""
    if obj is None or getattr(obj, "_ms_unavailable", None):
        # a module-tree placeholder (sporetorch/_module_tree.py) only raises when called: not an implementation
        return False, False, None
    sigs = [s for s in ms_signatures if s]
    if not sigs:
        return True, True, None
    if isinstance(obj, property):
        return True, True, None
    ours = our_leading_names(obj)
    theirs = [leading_names(s) for s in sigs]
    theirs = [t for t in theirs if t is not None and t != ["*args"]]
    if not theirs:
        return True, True, ours
    return True, any(matches(ours, t) for t in theirs), ours


def load_core(path):
    core = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            ns, name = line.split()
            core.setdefault(ns, set()).add(name)
    return core


def resolve(module, name):
    try:
        return getattr(module, name)
    except AttributeError:
        return None
    except Exception as e:  # noqa: BLE001 - a name that fails to load is reported as missing
        print(f"warning: {module.__name__}.{name} raised {type(e).__name__} on access", file=sys.stderr)
        return None


def collect(api, core, overloads):
    from sporetorch import Tensor  # importing sporetorch attaches the Tensor methods

    results = {}
    for ns in NAMESPACES:
        entries = api["namespaces"].get(ns, {})
        mod_name = "sporetorch" + ns[len("mindspore"):]
        try:
            module = importlib.import_module(mod_name)
        except ImportError:
            module = None
        rows = []
        for name, info in sorted(entries.items()):
            obj = resolve(module, name) if module is not None else None
            present, matched, ours = check_name(obj, [info.get("signature")])
            rows.append((name, present, matched, info.get("signature"), ours))
        results[ns] = (rows, core.get(ns, set()))
    rows = []
    for name, info in sorted(api["Tensor_methods"].items()):
        sigs = [info.get("signature")] + overloads.get(name, [])
        obj = inspect.getattr_static(Tensor, name, None)
        if isinstance(obj, (staticmethod, classmethod)):
            obj = getattr(Tensor, name)
        present, matched, ours = check_name(obj, sigs)
        rows.append((name, present, matched, " | ".join(s for s in sigs if s) or None, ours))
    results[TENSOR] = (rows, core.get("mindspore.Tensor", set()))
    return results


def harness_coverage():
    """Names the test tables exercise: OpInfo entries (functional ops), the Primitive and the
    Tensor method tests. Empty sets when the tests are not importable."""
    covered = {"functional": set(), "primitives": set(), "methods": set()}
    for sub in ("ops", "common"):
        path = os.path.join(ROOT, "tests", sub)
        if path not in sys.path:
            sys.path.insert(0, path)
    try:
        import opinfo
        covered["functional"] = set(opinfo.BY_NAME)
    except Exception as e:  # noqa: BLE001 - the report still works without the test tables
        print(f"warning: tests/ops/opinfo.py not importable: {e}", file=sys.stderr)
    for path in sorted(glob.glob(os.path.join(ROOT, "tests", "ops", "test_primitives*.py"))):
        name = os.path.splitext(os.path.basename(path))[0]
        try:
            module = importlib.import_module(name)
            if hasattr(module, "covered_primitives"):
                covered["primitives"] |= set(module.covered_primitives())
        except Exception as e:  # noqa: BLE001
            print(f"warning: {path} not importable: {e}", file=sys.stderr)
    try:
        import test_tensor_methods
        covered["methods"] = set(test_tensor_methods.covered_methods())
    except Exception as e:  # noqa: BLE001
        print(f"warning: tests/common/test_tensor_methods.py not importable: {e}", file=sys.stderr)
    return covered


def render(results, covered):
    out = ["# API coverage against MindSpore 2.10", "",
           "Generated by `python tools/api_coverage.py` from `tests/data/api/mindspore-2.10-api.json` and "
           "`tests/data/api/core-api.txt`. *Present*: the name exists in the matching sporetorch namespace. "
           "*Signature match*: its leading parameter names (before any keyword-only marker) start with "
           "MindSpore's (any overload for Tensor methods; names without a MindSpore signature match when "
           "present). *Core*: the same two figures for the names in core-api.txt.", "",
           "| Namespace | MindSpore names | Present | Signature match | Core names | Core present | Core match |",
           "|---|---:|---:|---:|---:|---:|---:|"]
    total = [0] * 6
    for ns, (rows, core) in results.items():
        n = len(rows)
        present = sum(r[1] for r in rows)
        matched = sum(r[2] for r in rows)
        core_rows = [r for r in rows if r[0] in core]
        cp = sum(r[1] for r in core_rows)
        cm = sum(r[2] for r in core_rows)
        for i, v in enumerate((n, present, matched, len(core_rows), cp, cm)):
            total[i] += v
        out.append(f"| {ns} | {n} | {present} | {matched} | {len(core_rows)} | {cp} | {cm} |")
    out.append("| **all** | " + " | ".join(f"**{v}**" for v in total) + " |")
    ops_rows = results["mindspore.ops"][0]
    funcs = [r for r in ops_rows if r[3] is not None and not r[3].startswith("(self")]
    prims = [r for r in ops_rows if r not in funcs]
    methods = results[TENSOR][0]

    def tested(rows, names):
        return sum(1 for r in rows if r[2] and r[0] in names)

    out += ["", "## Operators and Tensor methods", "",
            "| Kind | MindSpore names | Present | Signature match | Match and covered by the op tests |",
            "|---|---:|---:|---:|---:|",
            f"| `mindspore.ops` functions | {len(funcs)} | {sum(r[1] for r in funcs)} | {sum(r[2] for r in funcs)} | "
            f"{tested(funcs, covered['functional'])} |",
            f"| `mindspore.ops` classes (Primitives, composite) | {len(prims)} | {sum(r[1] for r in prims)} | "
            f"{sum(r[2] for r in prims)} | {tested(prims, covered['primitives'])} |",
            f"| Tensor methods | {len(methods)} | {sum(r[1] for r in methods)} | {sum(r[2] for r in methods)} | "
            f"{tested(methods, covered['methods'])} |", "",
            "*Covered*: the name has an entry in the OpInfo table (`tests/ops/opinfo.py`), or is exercised by "
            "`tests/ops/test_primitives*.py` / `tests/common/test_tensor_methods.py` (their `covered_*()` lists)."]
    for ns, (rows, core) in results.items():
        missing_core = [r[0] for r in rows if r[0] in core and not r[1]]
        mismatch = [r for r in rows if r[1] and not r[2]]
        missing = [r[0] for r in rows if not r[1]]
        out += ["", f"## {ns}", ""]
        out.append("Core names missing: " + (", ".join(f"`{n}`" for n in missing_core) if missing_core else "none")
                   + ".")
        if mismatch:
            out += ["", f"Signature mismatches ({len(mismatch)}):", ""]
            for name, _, _, theirs, ours in mismatch:
                shown = "?" if ours is None else "(" + ", ".join(ours) + ")"
                out.append(f"- `{name}`: MindSpore `{theirs}`, sporetorch leading `{shown}`")
        out += ["", f"Missing ({len(missing)}): " + (", ".join(f"`{n}`" for n in missing) if missing else "none")
                + "."]
    return "\n".join(out) + "\n"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--api", default=os.path.join(API_DATA, "mindspore-2.10-api.json"))
    parser.add_argument("--core", default=os.path.join(API_DATA, "core-api.txt"))
    parser.add_argument("--overloads", default=os.path.join(ROOT, "tools", "tensor_method_overloads.json"))
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "api_coverage.md"))
    parser.add_argument("--check", action="store_true",
                        help="exit with status 1 when a core-api.txt name is missing or mismatches")
    args = parser.parse_args(argv)
    sys.path.insert(0, ROOT)
    with open(args.api) as f:
        api = json.load(f)
    with open(args.overloads) as f:
        overloads = json.load(f)["overloads"]
    results = collect(api, load_core(args.core), overloads)
    text = render(results, harness_coverage())
    notes = os.path.join(ROOT, "docs", "api_coverage_notes.md")
    if os.path.exists(notes):  # hand-written notes on names that are present but do not compute
        with open(notes) as f:
            text += "\n" + f.read()
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    if os.path.exists(args.out):  # keep the module-tree section tools/module_tree_coverage.py writes
        old = open(args.out).read()
        begin, end = "<!-- module-tree begin -->", "<!-- module-tree end -->"
        if begin in old and end in old:
            text += "\n" + begin + old.split(begin, 1)[1].split(end, 1)[0] + end + "\n"
    with open(args.out, "w") as f:
        f.write(text)
    print("\n".join(line for line in text.splitlines() if line.startswith("|")))
    if args.check:
        bad = [(ns, r[0]) for ns, (rows, core) in results.items() for r in rows if r[0] in core and not r[2]]
        if bad:
            print("core names missing or mismatching:", ", ".join(f"{ns}.{n}" for ns, n in bad))
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
