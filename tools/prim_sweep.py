"""Differential sweep of the ``mindspore.ops`` Primitives (``ops.Abs()(x)``) and of the Tensor methods
(``x.abs()``): the same generated calls on real MindSpore 2.10 (recorded once) and on sporetorch
(every test run), with the inputs, result encoding and comparison of ``tools/op_sweep.py``.

A Primitive is built from its 2.10 constructor signature (``tests/data/api/mindspore-2.10-api.json``):
with no arguments when they all have defaults, else with the simple values of ``CTOR_VALUES``. Its
call signature exists only at run time, so the recording asks MindSpore for it (``__call__``'s
parameters, or the Primitive's ``input_names``) and stores it with the results. A Tensor method's call
signature is that of the ``mindspore.ops`` (else ``mindspore.mint``) function of the same name, less
the Tensor itself. From a call signature the sweep makes unary calls (float, positive, int, bool, 0-d,
and an axis when the second parameter is one), calls with a simple value for a known second parameter
(``k``, ``shape``, ``dims``, ...), binary calls (op_sweep's float, broadcast, int, int/float, bool,
0-d and scalar pairs) ternary and four-operand calls.

    ONEDNN_MAX_CPU_ISA=AVX2 /path/to/mindspore-venv/bin/python tools/prim_sweep.py record tests/data/prim_sweep.json
    python tools/prim_sweep.py compare tests/data/prim_sweep.json      # sporetorch; prints the differences
    python tools/prim_sweep.py open tests/data/prim_sweep.json         # also rewrites the two open lists
    python tools/prim_sweep.py compare tests/data/prim_sweep.json ACos acos   # only these names

Recording runs the cases in child processes: a case that kills MindSpore (segmentation fault) or
hangs is left out of the results and listed under ``"crashed"``, and the next child goes on after it.
"""
import glob
import importlib.util
import inspect
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def _tool(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(HERE, name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


op_sweep = _tool("op_sweep")
API = op_sweep.API
same, describe, _synchronized = op_sweep.same, op_sweep.describe, op_sweep._synchronized

# Random, stateful (updating a Parameter in place), distributed, summary/debug, graph-only and
# registration families: not comparable value by value (as in op_sweep).
PRIM_SKIP = re.compile(
    r"Random|Uniform|Normal$|NormalReverse|Truncated|Standard|Laplace|Dropout|Multinomial|Shuffle|^Gamma$|"
    r"Poisson|Bernoulli|Cauchy|Candidate|Sampler|Randperm|NonDeterministic|SampleDistorted|"
    r"^Apply|^SparseApply|^Fused|^Adam|^SGD$|LARSUpdate|Assign|^Scatter(?!Nd$)|^Inplace|"
    r"Print|Summary|Dump|Assert|^All|Barrier|^Broadcast$|Send|Receive|^Reduce$|ReduceScatter|Collective|"
    r"Neighbor|P2POp|ISendIRecv|_AllSwap|Reshard|^Push$|^Pull$|TCPStore|RegOp|Custom|Hook|InsertGradientOf|"
    r"Depend|UpdateState|StopGradient|GradOperation|^_|HyperMap|^Map$|MultitypeFuncGraph|^Partial$|"
    r"^Primitive|PyFunc|PyExecute|ForiLoop|WhileLoop|^Scan$|GeSwitch|^Merge$|GetNext|MapCache|MapUniform|"
    r"^DType$|^DataType$|DtypeToEnum|^Tensor$|^Morph$|^Reusing$|^MoveTo$|FloatStatus|^NPU|ReduceOp")
METHOD_SKIP = re.compile(
    r"random|uniform|normal|bernoulli|cauchy|exponential|multinomial|^assign_value|data|^init|flush|offload|"
    r"param_info|hook|^set_|storage|dlpack|from_numpy|device|move_to|pin|is_shared|virtual_flag|parent|"
    r"index_info|symbolic_shape|const_arg|wait_pipeline|^delete_|delta_seed|has_init|bytes|is_init|is_meta|"
    r"^asnumpy$|^numpy$|^tolist$|^item$|^itemset$|^value$|requires_grad|stride|is_contiguous|^type$|"
    r"^ptr$|^to_co|^to_cs")
# Constructor values for required constructor parameters; a Primitive needing another is left out.
CTOR_VALUES = {"axis": 1, "kernel_size": 2, "ksize": 2, "strides": 1, "stride": 1, "output_size": 2,
               "epsilon": 1e-5, "block_size": 2, "k": 2, "n": 2, "p": 2.0, "size": (2, 2), "shape": (3, 4),
               "lr": 0.1, "row": 3, "col": 4, "num_classes": 3, "nbins": 3, "dilation": 1, "padding": 0,
               "paddings": ((0, 0), (1, 1)), "pads": (1, 1, 1, 1), "out_channel": 2, "split_dim": 0,
               "equation": "ij->ji", "fill_value": 1.0, "block_shape": (1, 1), "crops": ((0, 0), (0, 0))}
# Values for a known second call parameter that is not a Tensor.
SECOND_VALUES = {"k": 2, "shifts": 1, "split_size_or_sections": 2, "dims": (1, 0), "perm": (1, 0),
                 "input_perm": (1, 0), "shape": (4, 3), "multiples": (2, 1), "repeats": 2, "chunks": 2,
                 "sections": 2, "diagonal": 1, "n": 1, "size": (4, 3), "output_num": 2, "num": 2,
                 "dst_type": None, "dtype": None, "indices_or_sections": 2, "exponent": 2}
AXIS_NAMES = ("axis", "dim", "axes")
KEEP_NAMES = op_sweep.KEEP_NAMES
UNARY = {"float": ["F"], "positive": ["P"], "int": ["I"], "bool": ["B"], "0d": ["S"]}
BINARY = {"float": ["F", "G"], "broadcast": ["F", "V"], "int": ["I", "J"], "int_float": ["I", "F"],
          "bool": ["B", "C"], "0d": ["S", "F"], "int_scalar": ["I", 2], "float_scalar": ["F", 2.5]}
TERNARY = {"float": ["F", "G", "P"], "broadcast": ["F", "V", "G"], "int": ["I", "J", "I"],
           "bool": ["B", "C", "B"], "0d": ["S", "F", "G"], "float_scalar": ["F", "G", 2.5],
           "condition": ["B", "F", "G"]}
QUATERNARY = {"float": ["F", "G", "P", "S"], "broadcast": ["F", "V", "G", "S"], "int": ["I", "J", "I", "J"],
              "float_scalar": ["F", "G", "P", 0.5]}
OPEN_LISTS = {"primitive": "prim_sweep_open.json", "method": "tensor_method_sweep_open.json"}
# Deliberate differences, ``{case id: reason}``: kept on purpose (e.g. MindSpore 2.10 has no CPU kernel).
# Folders of ``{case id: reason}`` files, one file per area, so that work on one area touches its own file.
DELIBERATE = {"primitive": "prim_sweep_deliberate", "method": "tensor_method_sweep_deliberate"}
HANG_S = 60  # a recording child that finishes no case for this long is taken as hung


def variants(params):
    """``{variant: (args, kwargs)}`` for a call signature ``[(name, has_default)]`` whose first
    parameter is the (self) Tensor; empty when the signature is not one the sweep can fill."""
    if not params or params[0][1]:
        return {}
    names = [n for n, _ in params]
    required = [n for n, has_default in params if not has_default]
    if names[:len(required)] != required:
        return {}
    if len(required) == 1:
        out = {v: (a, {}) for v, a in UNARY.items()}
        if len(names) > 1 and names[1] in AXIS_NAMES:
            out.update({"float_axis1": (["F", 1], {}), "int_axis0": (["I", 0], {})})
        return out
    if len(required) == 2:
        second = names[1]
        if second in AXIS_NAMES:
            return {"float_axis1": (["F", 1], {}), "int_axis0": (["I", 0], {}), "bool_axis0": (["B", 0], {}),
                    "0d": (["S", 0], {})}
        if second in SECOND_VALUES and SECOND_VALUES[second] is not None:
            value = SECOND_VALUES[second]
            return {v: ([a[0], value], {}) for v, a in UNARY.items()}
        if second in SECOND_VALUES:  # a dtype
            return {"float_to_int": (["F", "int32"], {}), "int_to_float": (["I", "float32"], {}),
                    "bool_to_float": (["B", "float32"], {}), "0d_to_int": (["S", "int32"], {})}
        return {v: (a, {}) for v, a in BINARY.items()}
    if len(required) in (3, 4):
        return {v: (a, {}) for v, a in (TERNARY if len(required) == 3 else QUATERNARY).items()}
    return {}


def _params(signature):
    """``[(name, has_default)]`` of the parameters of ``signature`` before any ``*``/``**``, without
    ``self``; None when it has ``*args``."""
    params = op_sweep._params(signature)
    if params and params[0][0] == "self":
        params = params[1:]
    return params


def _ctor(signature):
    """Constructor kwargs for the Primitive, or None when a required one has no known value."""
    params = _params(signature or "(self)")
    if params is None:
        return None
    kwargs = {}
    for name, has_default in params:
        if not has_default:
            if name not in CTOR_VALUES:
                return None
            kwargs[name] = CTOR_VALUES[name]
    return kwargs


def primitives(api):
    """``{name: constructor kwargs}`` of the Primitives the sweep builds."""
    out = {}
    for name, info in sorted(api["namespaces"]["mindspore.ops"].items()):
        if info.get("kind") != "class" or PRIM_SKIP.search(name):
            continue
        ctor = _ctor(info.get("signature"))
        if ctor is not None:
            out[name] = ctor
    return out


def primitive_cases(api, calls):
    """``[(case id, name, ctor kwargs, args, kwargs)]`` from the recorded call signatures ``calls``."""
    cases = []
    for name, ctor in primitives(api).items():
        params = calls.get(name)
        if not params:
            continue
        params = [tuple(p) for p in params]
        for variant, (args, kwargs) in variants(params).items():
            cases.append((f"{name}:{variant}", name, ctor, _dtype_args(args), kwargs))
        if "keep_dims" in _ctor_names(api, name) and len(params) > 1 and params[1][0] in AXIS_NAMES:
            cases.append((f"{name}:float_axis1_keep", name, {**ctor, "keep_dims": True}, ["F", 1], {}))
    return cases


def _ctor_names(api, name):
    return [n for n, _ in _params(api["namespaces"]["mindspore.ops"][name].get("signature") or "(self)") or []]


def _dtype_args(args):
    return [("dtype", a) if a in ("int32", "float32") else a for a in args]


def method_cases(api):
    """``[(case id, method, args, kwargs)]`` for the Tensor methods and properties."""
    cases = []
    functions = {ns: api["namespaces"][ns] for ns in ("mindspore.ops", "mindspore.mint")}
    for name, info in sorted(api["Tensor_methods"].items()):
        if METHOD_SKIP.search(name):
            continue
        if info.get("kind") == "property":
            cases += [(f"{name}:{v}", name, a, None) for v, a in UNARY.items()]
            continue
        base = name.removesuffix("_")
        params = None
        for ns in functions.values():
            fn = ns.get(base)
            if fn and fn.get("kind") == "function":
                params = op_sweep._params(fn.get("signature") or "()")
                if params:
                    break
        found = variants(params) if params else {v: (a, {}) for v, a in UNARY.items()}
        cases += [(f"{name}:{v}", name, _dtype_args(a), k) for v, (a, k) in found.items()]
    return cases


def _args(ms, args):
    """Resolves ``("dtype", name)`` placeholders into the namespace's dtypes."""
    return [getattr(ms, a[1]) if isinstance(a, tuple) and a[:1] == ("dtype",) else a for a in args]


def run_primitive(ms, case, data, cache):
    _, name, ctor, args, kwargs = case
    cls = getattr(ms.ops, name, None)
    if cls is None:
        return {"error": "missing"}
    key = (name, json.dumps(ctor, sort_keys=True))
    if key not in cache:
        try:
            cache[key] = cls(**ctor)
        except Exception as e:  # noqa: BLE001 - a constructor failure is a result too
            cache[key] = {"error": "ctor " + type(e).__name__}
    prim = cache[key]
    if isinstance(prim, dict):
        return prim
    return _synchronized(ms, op_sweep.run_call(ms, prim, _args(ms, args), kwargs, data))


def run_method(ms, case, data):
    _, name, args, kwargs = case
    if not hasattr(ms.Tensor, name):
        return {"error": "missing"}
    if name.endswith("_"):  # in place: the inputs must not carry over to the next case
        data = {k: v.copy() for k, v in data.items()}
    if kwargs is None:  # a property
        return _synchronized(ms, op_sweep.run_call(ms, lambda t: getattr(t, name), args, {}, data))
    return _synchronized(ms, op_sweep.run_call(ms, lambda t, *rest, **kw: getattr(t, name)(*rest, **kw),
                                         _args(ms, args), kwargs, data))


def call_signatures(ms, api):
    """``{Primitive: [[input, has_default], ...]}`` as MindSpore 2.10 defines them at run time."""
    out = {}
    for name, ctor in primitives(api).items():
        cls = getattr(ms.ops, name, None)
        try:
            prim = cls(**ctor)
        except Exception:  # noqa: BLE001 - the sweep records its constructor failure instead
            prim = None
        params = None
        if prim is not None:
            try:
                sig = inspect.signature(type(prim).__call__)
                plain = [p for p in sig.parameters.values() if p.name != "self"]
                if all(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in plain):
                    params = [[p.name, p.default is not p.empty] for p in plain]
            except (TypeError, ValueError):
                pass
            names = getattr(prim, "input_names", None)
            if params is None and isinstance(names, (list, tuple)):
                params = [[str(n), False] for n in names]
            if params is None:
                params = _documented_inputs(type(prim).__doc__ or "")
        out[name] = params if params is not None else []
    return out


def _documented_inputs(doc):
    """``[[input, optional], ...]`` from a docstring's ``Inputs:`` list (``- **x** (Tensor) - ...``)."""
    section = re.search(r"\n\s*Inputs:\n(.*?)(?:\n\s*\n\s*[A-Z][A-Za-z ]*:\n|$)", doc, re.DOTALL)
    if section is None:
        return None
    items = re.findall(r"^\s*- \*\*(\w+)\*\*(.*)$", section.group(1), re.MULTILINE)
    return [[n, "optional" in rest.lower() or "default" in rest.lower()] for n, rest in items] or None


def deliberate_cases(data_dir, kind):
    """``{case id: reason}`` of the deliberate differences of ``kind``, over every file in its folder."""
    cases = {}
    for path in sorted(glob.glob(os.path.join(data_dir, DELIBERATE[kind], "*.json"))):
        cases.update(_load(path))
    return cases


def _load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def generate(api, recorded):
    """``{"primitive": [...], "method": [...]}`` cases, given the recording (for the call signatures)."""
    return {"primitive": primitive_cases(api, recorded.get("call_signatures", {})), "method": method_cases(api)}


def run(ms, kind, case, data, cache):
    return run_primitive(ms, case, data, cache) if kind == "primitive" else run_method(ms, case, data)


def compare(ms, kind, cases, data, recorded):
    """``{case id: (our result, MindSpore's)}`` for the recorded cases of ``kind`` that disagree."""
    differences, cache = {}, {}
    results = recorded[kind]
    for case in cases:
        ref = results.get(case[0])
        if ref is None:
            continue
        ours = run(ms, kind, case, data, cache)
        if not same(ours, ref):
            differences[case[0]] = (ours, ref)
    return differences


def _record_child(partial):
    """Runs the cases not yet in ``partial`` (a JSON-lines file), appending each result as it goes."""
    import mindspore as ms
    api = _load(API)
    done, crashed, calls = set(), set(), None
    with open(partial, encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            if "call_signatures" in row:
                calls = row["call_signatures"]
            elif "crashed" in row:
                crashed.add(row["crashed"])
            elif "result" in row:
                done.add(row["id"])
    out = open(partial, "a", encoding="utf-8")  # noqa: SIM115 - written line by line until the end
    if calls is None:
        calls = call_signatures(ms, api)
        out.write(json.dumps({"call_signatures": calls, "version": ms.__version__}) + "\n")
        out.flush()
    cases = generate(api, {"call_signatures": calls})
    data, cache = op_sweep._inputs(), {}
    for kind in ("primitive", "method"):
        for case in cases[kind]:
            if case[0] in done or f"{kind}/{case[0]}" in crashed:
                continue
            out.write(json.dumps({"start": f"{kind}/{case[0]}"}) + "\n")
            out.flush()
            result = run(ms, kind, case, data, cache)
            out.write(json.dumps({"kind": kind, "id": case[0], "result": result}) + "\n")
            out.flush()
    out.close()


def last_row(partial):
    """The last complete row of the JSON-lines file ``partial`` ({} where there is none)."""
    with open(partial, "rb") as f:
        f.seek(max(0, os.path.getsize(partial) - 4096))
        lines = f.read().decode("utf-8", "replace").strip().splitlines()
    return json.loads(lines[-1]) if lines and lines[-1].startswith("{") else {}


def record_with_children(script, partial, crashed_row):
    """Run ``script record-child partial`` in children until one finishes: each appends a row per
    case to ``partial`` (a ``{"start": case}`` row before it), and a case that crashes its child or
    hangs (no new row for ``HANG_S``; MindSpore's start-up does not count) is recorded with the
    row ``crashed_row(case, reason)`` and left out by the next child."""
    if not os.path.exists(partial):
        open(partial, "w", encoding="utf-8").close()
    while True:
        child = subprocess.Popen([sys.executable, os.path.abspath(script), "record-child", partial],
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        size, since = os.path.getsize(partial), time.time()
        while child.poll() is None:
            time.sleep(0.5)
            if os.path.getsize(partial) != size:
                size, since = os.path.getsize(partial), time.time()
            elif time.time() - since > HANG_S and "start" in last_row(partial):
                child.kill()
                child.wait()
        if child.returncode == 0:
            return
        last = last_row(partial)
        if "start" not in last:
            raise RuntimeError(f"recording child failed (exit {child.returncode}) outside a case")
        reason = "hang" if child.returncode in (-9, 137) else f"exit {child.returncode}"
        print(f"{last['start']}: MindSpore {reason}; left out", file=sys.stderr)
        with open(partial, "a", encoding="utf-8") as f:
            f.write(json.dumps(crashed_row(last["start"], reason)) + "\n")


def record(path):
    """Records MindSpore's results with children that each go as far as they can."""
    partial = path + ".partial"
    record_with_children(__file__, partial, lambda case, reason: {"crashed": case, "reason": reason})
    results = {"primitive": {}, "method": {}}
    crashed, calls, version = {}, {}, ""
    with open(partial, encoding="utf-8") as f:
        for line in f:
            row = json.loads(line)
            if "call_signatures" in row:
                calls, version = row["call_signatures"], row["version"]
            elif "crashed" in row:
                crashed[row["crashed"]] = row["reason"]
            elif "result" in row:
                results[row["kind"]][row["id"]] = row["result"]
    with open(path, "w", encoding="utf-8") as f:  # one case a line, for reviewable diffs
        f.write(f'{{"mindspore_version": {json.dumps(version)},\n')
        f.write(f'"crashed": {json.dumps(crashed, sort_keys=True)},\n')
        f.write('"call_signatures": {\n' + ",\n".join(
            f"{json.dumps(k)}: {json.dumps(v)}" for k, v in sorted(calls.items())) + "\n},\n")
        for i, kind in enumerate(("primitive", "method")):
            f.write(f'"{kind}": {{\n')
            f.write(",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in results[kind].items()))
            f.write("\n}" + (",\n" if i == 0 else "}\n"))
    os.remove(partial)
    print(f"recorded {len(results['primitive'])} Primitive and {len(results['method'])} Tensor-method cases "
          f"with MindSpore {version}; {len(crashed)} left out (crash or hang)")


def main(argv):
    mode, path, names = argv[1], argv[2], set(argv[3:])
    if mode == "record-child":
        _record_child(path)
        return 0
    if mode == "record":
        record(path)
        return 0
    import warnings
    warnings.simplefilter("ignore")
    import sporetorch as ms
    recorded = _load(path)
    cases = generate(_load(API), recorded)
    data = op_sweep._inputs()
    total = agree = 0
    for kind in ("primitive", "method"):
        chosen = [case for case in cases[kind] if case[1] in names] if names else cases[kind]
        differences = compare(ms, kind, chosen, data, recorded)
        if names:  # a part of the sweep: its differences less the deliberate ones
            deliberate = deliberate_cases(os.path.dirname(path), kind)
            differences = {k: v for k, v in differences.items() if k not in deliberate}
        op_sweep.print_differences(differences, prefix=kind + " ")
        total += sum(case[0] in recorded[kind] for case in chosen)
        agree += sum(case[0] in recorded[kind] for case in chosen) - len(differences)
        if mode == "open" and not names:  # rewrites the list of cases that still disagree (less the deliberate ones)
            deliberate = deliberate_cases(os.path.dirname(path), kind)
            listed = {k: f"ours {describe(o)}, MindSpore {describe(r)}" for k, (o, r) in differences.items()
                      if k not in deliberate}
            with open(os.path.join(os.path.dirname(path), OPEN_LISTS[kind]), "w", encoding="utf-8") as f:
                json.dump(listed, f, indent=0, sort_keys=True)
                f.write("\n")
    print(f"{agree} of {total} cases agree")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
