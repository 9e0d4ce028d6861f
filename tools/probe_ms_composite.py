"""Call every name MindSpore 2.10 defines in ``mindspore.ops.composite`` eagerly (PyNative) on real MindSpore and
record what happens; write the names its CPU build cannot run.

    ONEDNN_MAX_CPU_ISA=AVX2 /tmp/ms/bin/python tools/probe_ms_composite.py /tmp/probe.json \
        --cannot-run sporetorch/data/ms_cpu_cannot_run/ops_composite.json

(MindSpore's kernel caches go to a temporary working directory, not the repository.)

Inputs come from ``tests/ops/composite_cases.py`` (shared with the test): for a function registered on a
MultitypeFuncGraph, a value per registered type name; for the other helpers (``_compile_utils``,
``_constexpr_utils``, ``default_*``, the gradient helpers of ``base``), hand-chosen arguments. OUT.json maps
``module.name`` to ``[{"sig": [...], "ok": result} or {"sig": ..., "err": "Type: msg"}, ...]``, or to
``{"kind": ...}`` for a class or instance. ``tools/_write_composite_values.py`` turns it into the test's literals.

A name is written to the cannot-run file when every probe fails (for a graph-only argument type, a monad,
environment or map tensor, when it needs the real value), when it returns None only because its body calls a
MetaFuncGraph, when it is such a MetaFuncGraph (class or instance; its eager ``__call__`` is ``pass``) or builds
one. Failures of the reference install's AKG kernel compiler are not recorded. A call that never returns is
stopped after a timeout: the probes run in a worker process that the driver restarts past it.
"""
import gzip
import importlib
import inspect
import json
import os
import subprocess
import sys
import tempfile
import time


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TREE = os.path.join(ROOT, "tests", "data", "api", "ms_module_tree.json.gz")
HANG_S = 40


def _cases():
    """The shared inputs (``tests/ops/composite_cases.py``), built on real MindSpore."""
    import importlib.util
    import mindspore
    spec = importlib.util.spec_from_file_location("composite_cases", os.path.join(ROOT, "tests", "ops",
                                                                                  "composite_cases.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module, mindspore


def sample(type_name, module="", position=0):
    cases, ms = _cases()
    return cases.sample(ms, type_name, module, position)


def helper_args():
    cases, ms = _cases()
    return cases.helper_args(ms)


def _repr(value):
    from mindspore import Tensor, COOTensor, CSRTensor
    if isinstance(value, COOTensor):
        return {"coo": [_repr(value.indices), _repr(value.values), list(value.shape)]}
    if isinstance(value, CSRTensor):
        return {"csr": [_repr(value.indptr), _repr(value.indices), _repr(value.values), list(value.shape)]}
    if isinstance(value, Tensor):
        return {"tensor": value.asnumpy().tolist(), "dtype": str(value.dtype)}
    if isinstance(value, (tuple, list)):
        return {type(value).__name__: [_repr(v) for v in value]}
    if isinstance(value, dict):
        return {"dict": {str(k): _repr(v) for k, v in value.items()}}
    if isinstance(value, (int, float, str, bool)) or value is None:
        return value
    return f"<{type(value).__name__}>"


def registrations(module):
    """{function: [type-name tuples]} from the module's MultitypeFuncGraph objects."""
    from mindspore.ops.composite.base import MultitypeFuncGraph
    out = {}
    for obj in list(vars(module).values()):
        if isinstance(obj, MultitypeFuncGraph):
            for sigs, fn in obj.entries:
                key = tuple(str(s) for s in sigs)
                out.setdefault(fn, [])
                if key not in out[fn]:
                    out[fn].append(key)
    return out


# Functions whose body raises by design (assigning a number to a list slice is Python's TypeError): the error is
# their answer.
RAISES_BY_DESIGN = {"_list_slice_setitem_with_number"}
# Checks whose result is None (they raise on bad input): None from them is their answer, not an eager no-op.
VALIDATORS = {"_check_dim_shape_valid", "judge_tuple_index_dim", "judge_tuple_index_dim_check_error", "judge_data_dim"}


# Failures of the reference install's kernel compiler (AKG, which needs the 'decorator' package that the
# reference environment lacks), not of MindSpore's CPU build: such names are left unrecorded (sporetorch runs them).
_INSTALL_FAILURES = ("Response is empty", "Get response before Open()", "no result within")


def _reason(err):
    """The clause recorded for a name whose every probe failed with ``err``."""
    if err.startswith("no eager value of type"):
        kind = err.rsplit(" ", 1)[-1].removeprefix("Object:")
        return ("runs only inside graph compilation (it needs a value of type " + kind + ", which exists only in "
                "MindSpore's graphs)")
    return "fails when called eagerly (" + err + ")"


def _does_nothing(obj):
    """True for a MetaFuncGraph (class or instance) whose Python ``__call__`` body is only ``pass``: MindSpore's
    graph compiler expands it, and an eager call does nothing and returns None."""
    cls = obj if inspect.isclass(obj) else type(obj)
    if not any(b.__name__ == "MetaFuncGraph_" for b in inspect.getmro(cls)):
        return False
    call = cls.__dict__.get("__call__")
    if call is None:
        return False
    lines = [ln.strip() for ln in inspect.getsource(call).splitlines()[1:] if ln.strip()]
    return lines == ["pass"]


def plan(tree):
    """[(full name, kind, [(label, args factory)])] in a fixed order."""
    helpers = helper_args()
    items = []
    for path, entry in sorted(tree["modules"].items()):
        if not path.startswith("mindspore.ops.composite"):
            continue
        module = importlib.import_module(path)
        regs = registrations(module)
        for name, kind in sorted(entry["d"].items()):
            obj = getattr(module, name)
            full = f"{path}.{name}"
            probes = []
            if kind == "f" and obj in regs:
                for sig in regs[obj]:
                    probes.append((list(sig), (lambda sig=sig, path=path: [sample(s, path, i) for i, s in enumerate(sig)])))
            if full in helpers:
                probes.append((["hand-chosen"], helpers[full]))
            items.append((full, kind, probes))
    return items


def worker(done_path):
    """Probe every (name, label) not yet in ``done_path`` (JSON lines), appending one line per probe."""
    import mindspore as ms
    ms.set_context(mode=ms.PYNATIVE_MODE, device_target="CPU")
    with gzip.open(TREE, "rb") as f:
        tree = json.load(f)
    done = set()
    if os.path.exists(done_path):
        with open(done_path, encoding="utf-8") as f:
            done = {tuple(json.loads(line)["key"]) for line in f}
    with open(done_path, "a", encoding="utf-8") as out:
        for full, _kind, probes in plan(tree):
            for label, make_args in probes:
                key = (full, *label)
                if key in done:
                    continue
                out.write(json.dumps({"key": key, "start": True}) + "\n")
                out.flush()
                module, name = full.rsplit(".", 1)
                fn = getattr(importlib.import_module(module), name)
                args = []
                try:
                    args = make_args()
                    result = fn(*args)
                    rec = {"ok": _repr(result), "none_in": any(a is None for a in args)}
                    if any(type(a).__name__ == "Opaque" for a in args):
                        rec["opaque"] = True
                    if _does_nothing(result):
                        rec["meta"] = True
                except KeyError as exc:
                    rec = {"err": f"no eager value of type {exc.args[0]}"}
                except Exception as exc:  # noqa: BLE001
                    rec = {"err": f"{type(exc).__name__}: {_first_line(exc)}"}
                    opaque = [a.type_name for a in args if type(a).__name__ == "Opaque"]
                    if opaque:
                        # it needs the real value of a graph-only type: no eager value exists
                        rec["err"] = f"no eager value of type {opaque[0]}"
                out.write(json.dumps({"key": key, **rec}) + "\n")
                out.flush()


def _first_line(exc):
    """The first informative line of a MindSpore error (its C++ errors start with banner lines)."""
    for line in str(exc).splitlines():
        line = line.strip()
        if line and not set(line) <= set("-") and not line.startswith("- ") and "Kernel select failed" not in line:
            return line[:300]
    return ""


def _read(done_path):
    recs = {}
    if os.path.exists(done_path):
        with open(done_path, encoding="utf-8") as f:
            for line in f:
                rec = json.loads(line)
                recs[tuple(rec["key"])] = rec
    return recs


def drive(out_path, cannot_path):
    out_path = os.path.abspath(out_path)
    cannot_path = os.path.abspath(cannot_path) if cannot_path else None
    done_path = out_path + ".lines"
    # MindSpore writes kernel caches into the working directory: keep them out of the repository.
    workdir = tempfile.mkdtemp(prefix="probe_ms_composite_")
    while True:
        proc = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--worker", done_path],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=workdir)
        last, size = time.time(), -1
        while proc.poll() is None:
            time.sleep(2)
            now = os.path.getsize(done_path) if os.path.exists(done_path) else 0
            if now != size:
                last, size = time.time(), now
            elif time.time() - last > HANG_S:
                proc.kill()
                proc.wait()
                break
        recs = _read(done_path)
        pending = [k for k, r in recs.items() if r.get("start")]
        if proc.returncode == 0 and not pending:
            break
        with open(done_path, "a", encoding="utf-8") as f:  # the call that hung (or crashed the worker)
            for key in pending:
                f.write(json.dumps({"key": key, "err": f"no result within {HANG_S} s (the call does not return)"})
                        + "\n")
    import mindspore  # noqa: F401 - the plan imports MindSpore's modules
    with gzip.open(TREE, "rb") as f:
        tree = json.load(f)
    recs = _read(done_path)
    out, cannot = {}, {}
    for full, kind, probes in plan(tree):
        module, name = full.rsplit(".", 1)
        obj = getattr(importlib.import_module(module), name)
        if probes:
            out[full] = [{"sig": label, **{k: v for k, v in recs[(full, *label)].items() if k != "key"}}
                         for label, _ in probes]
            errs = [r for r in out[full] if "err" in r]
            nothing = [r for r in out[full] if "ok" in r and r["ok"] is None and not r.get("none_in")
                       and name not in VALIDATORS]
            metas = [r for r in out[full] if r.get("meta")]
            if name in RAISES_BY_DESIGN or any(mark in r["err"] for r in errs for mark in _INSTALL_FAILURES):
                continue
            if len(errs) == len(out[full]):
                # a hand-chosen input (the last probe) says more than a signature's sample
                cannot[full] = _reason(errs[-1]["err"])
            elif len(errs) + len(metas) == len(out[full]):
                cannot[full] = ("builds a MetaFuncGraph that only MindSpore's graph compiler expands (called eagerly, "
                                "its __call__ does nothing and returns None)")
            elif len(errs) + len(nothing) == len(out[full]):
                cannot[full] = ("does nothing when called eagerly (it returns None: its body calls a MetaFuncGraph "
                                "that only MindSpore's graph compiler expands)")
        elif _does_nothing(obj):
            out[full] = {"kind": kind, "meta": True}
            cannot[full] = ("is a MetaFuncGraph that only MindSpore's graph compiler expands (called eagerly, its "
                            "__call__ does nothing and returns None)")
        else:
            out[full] = {"kind": kind, "unprobed": True}
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump(out, f, indent=1, sort_keys=True)
    if cannot_path:
        with open(cannot_path, "w", encoding="utf-8") as f:
            json.dump(cannot, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    if sys.argv[1] == "--worker":
        worker(sys.argv[2])
    else:
        drive(sys.argv[1], sys.argv[sys.argv.index("--cannot-run") + 1] if "--cannot-run" in sys.argv else None)
