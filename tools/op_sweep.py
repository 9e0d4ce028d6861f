"""Differential sweep of the ``mindspore.ops`` functions: the same generated calls on real MindSpore
2.10 (recorded once) and on sporetorch (every test run).

Calls are generated from each function's signature in ``tests/data/api/mindspore-2.10-api.json``:
a function whose leading parameters are one Tensor (unary), two Tensors (binary) or a Tensor and an
axis with a keep-dims flag (reduction), the rest having defaults, is called with float, positive,
integer, bool, 0-d and broadcast inputs (and axis/keepdims variants). A result is the output's
dtype, shape and values, or the exception's type name.

    ONEDNN_MAX_CPU_ISA=AVX2 /path/to/mindspore-venv/bin/python tools/op_sweep.py record tests/data/op_sweep.json
    python tools/op_sweep.py compare tests/data/op_sweep.json      # sporetorch; prints the differences
"""
import json
import math
import os
import re
import sys

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
API = os.path.join(ROOT, "tests", "data", "api", "mindspore-2.10-api.json")

# Random, stateful, distributed, file/graph and Ascend-only families: not comparable value by value.
SKIP = re.compile(r"random|uniform|normal|dropout|multinomial|shuffle|gamma|poisson|randint|^rand|bernoulli|"
                  r"standard_|laplace|choice|sample|print|assign|scatter_nd_update|all_|broadcast$|send|recv|"
                  r"_sequence|depend|stop_gradient|hook|custom|auto_generate|cell|grad|vjp|jvp|jac|vmap|"
                  r"^is_tensor$|^typeof$|^dtype$|^rank$|^size$|^shape$|^tensor_|register|gumbel|rrelu|^svd$|lstsq", re.I)
AXIS_NAMES = ("axis", "dim")
KEEP_NAMES = ("keep_dims", "keepdims", "keepdim")
RTOL, ATOL = 1e-4, 1e-5


def _inputs():
    rs = np.random.RandomState(2024)
    return {
        "F": rs.randn(3, 4).astype(np.float32),
        "G": rs.randn(3, 4).astype(np.float32),
        "P": (rs.rand(3, 4) + 0.5).astype(np.float32),
        "I": rs.randint(-3, 5, (3, 4)).astype(np.int32),
        "J": rs.randint(1, 5, (3, 4)).astype(np.int32),
        "B": rs.rand(3, 4) > 0.5,
        "C": rs.rand(3, 4) > 0.3,
        "S": np.array(0.7, np.float32),
        "V": rs.randn(4).astype(np.float32),
    }


def _params(signature):
    """``[(name, has_default)]`` of the parameters before any ``*``/``**``."""
    import ast
    try:
        args = ast.parse(f"def f{signature}: pass").body[0].args
    except SyntaxError:
        return None
    if args.vararg is not None:
        return None
    plain = args.posonlyargs + args.args
    n_default = len(args.defaults)
    return [(a.arg, i >= len(plain) - n_default) for i, a in enumerate(plain)]


def generate(api):
    """``[(case id, function name, [input keys or literals], kwargs)]`` for the sweep, in a fixed order."""
    cases = []
    for name, info in sorted(api["namespaces"]["mindspore.ops"].items()):
        if info.get("kind") != "function" or SKIP.search(name):
            continue
        params = _params(info.get("signature") or "()")
        if not params:
            continue
        required = [p for p, has_default in params if not has_default]
        names = [p for p, _ in params]
        if len(required) == 1 and names[0] == required[0]:
            axis = next((n for n in names[1:] if n in AXIS_NAMES), None)
            keep = next((n for n in names[1:] if n in KEEP_NAMES), None)
            if axis and keep:
                variants = {"float_axis1_keep": (["F"], {axis: 1, keep: True}), "float_all": (["F"], {}),
                            "int_axis0": (["I"], {axis: 0}), "bool_all": (["B"], {}), "0d": (["S"], {})}
            else:
                variants = {"float": (["F"], {}), "positive": (["P"], {}), "int": (["I"], {}),
                            "bool": (["B"], {}), "0d": (["S"], {})}
        elif len(required) == 2 and names[:2] == required:
            variants = {"float": (["F", "G"], {}), "broadcast": (["F", "V"], {}), "int": (["I", "J"], {}),
                        "int_float": (["I", "F"], {}), "bool": (["B", "C"], {}), "0d": (["S", "F"], {}),
                        "int_scalar": (["I", 2], {}), "float_scalar": (["F", 2.5], {})}
        else:
            continue
        for variant, (args, kwargs) in variants.items():
            cases.append((f"{name}:{variant}", name, args, kwargs))
    return cases


def _encode(value, ms):
    if isinstance(value, ms.Tensor):
        arr = value.asnumpy()
        flat = arr.reshape(-1)
        if arr.dtype.kind == "c":
            vals = [[_num(v.real), _num(v.imag)] for v in flat]
        else:
            vals = [_num(v) for v in flat]
        return {"dtype": str(value.dtype), "shape": list(arr.shape), "values": vals}
    if isinstance(value, (tuple, list)):
        return {"seq": [_encode(v, ms) for v in value]}
    if isinstance(value, (bool, int, float)) or value is None:
        return {"py": _num(value) if isinstance(value, float) else value}
    return {"py_type": type(value).__name__}


def _num(v):
    if isinstance(v, (bool, np.bool_)):
        return bool(v)
    if isinstance(v, (int, np.integer)):
        return int(v)
    v = float(v)
    return v if math.isfinite(v) else repr(v)


def _synchronized(ms, result):
    """``result``, or the error MindSpore reports asynchronously for the case that caused it (its
    PyNative kernels may fail after the call returned, and would otherwise surface in a later case).
    sporetorch's results are synchronous: they pass unchanged."""
    if ms.__name__ != "mindspore":
        return result
    try:
        ms.runtime.synchronize()
    except Exception as e:  # noqa: BLE001 - the exception's type is the result being recorded
        return {"error": type(e).__name__}
    return result


def write_recording(path, version, results):
    """Write ``{"mindspore_version": ..., "results": {...}}`` one case a line, for reviewable diffs."""
    with open(path, "w", encoding="utf-8") as f:
        f.write('{"mindspore_version": %s,\n"results": {\n' % json.dumps(version))
        f.write(",\n".join(f"{json.dumps(k)}: {json.dumps(v)}" for k, v in results.items()))
        f.write("\n}}\n")
    print(f"recorded {len(results)} cases with MindSpore {version}")


def print_differences(differences, describe_result=None, prefix=""):
    """One line per disagreeing case: ``[prefix ]id: ours X, MindSpore Y``."""
    describe_result = describe_result or describe
    for case_id, (ours, ref) in differences.items():
        print(f"{prefix}{case_id}: ours {describe_result(ours)}, MindSpore {describe_result(ref)}")


def run_case(ms, case, data):
    _, name, args, kwargs = case
    fn = getattr(ms.ops, name, None)
    if fn is None:
        return {"error": "missing"}
    return run_call(ms, fn, args, kwargs, data)


def run_call(ms, fn, args, kwargs, data):
    """``fn`` called with ``args`` (input keys become Tensors of ``data``): the encoded result, or the
    exception's type name."""
    call = [ms.Tensor(data[a]) if isinstance(a, str) else a for a in args]
    try:
        return _encode(fn(*call, **kwargs), ms)
    except Exception as e:  # noqa: BLE001 - the exception's type is the result being compared
        return {"error": type(e).__name__}


def _close(a, b):
    if isinstance(a, list) or isinstance(b, list):
        return isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and all(map(_close, a, b))
    if isinstance(a, str) or isinstance(b, str):
        return a == b
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    return abs(a - b) <= ATOL + RTOL * abs(b)


def same(ours, ref):
    """Whether two encoded results agree (errors by type, tensors by dtype, shape and values)."""
    if "seq" in ref or "seq" in ours:
        return "seq" in ref and "seq" in ours and len(ours["seq"]) == len(ref["seq"]) and \
            all(same(o, r) for o, r in zip(ours["seq"], ref["seq"]))
    if "values" in ref:
        return ours.get("dtype") == ref["dtype"] and ours.get("shape") == ref["shape"] and \
            len(ours["values"]) == len(ref["values"]) and all(map(_close, ours["values"], ref["values"]))
    return ours == ref


def describe(result):
    if "error" in result:
        return result["error"]
    if "values" in result:
        return f"{result['dtype']}{tuple(result['shape'])}"
    if "seq" in result:
        return "(" + ", ".join(describe(r) for r in result["seq"]) + ")"
    return json.dumps(result)


def main(argv):
    mode, path = argv[1], argv[2]
    with open(API, encoding="utf-8") as f:
        api = json.load(f)
    cases = generate(api)
    data = _inputs()
    if mode == "record":
        import mindspore as ms
        results = {case[0]: _synchronized(ms, run_case(ms, case, data)) for case in cases}
        write_recording(path, ms.__version__, results)
        return 0
    import sporetorch as ms
    with open(path, encoding="utf-8") as f:
        recorded = json.load(f)["results"]
    differences = compare(ms, cases, data, recorded)
    print_differences(differences)
    print(f"{len(recorded) - len(differences)} of {len(recorded)} cases agree")
    return 0


def compare(ms, cases, data, recorded):
    """``{case id: (our result, MindSpore's)}`` for the recorded cases that disagree."""
    differences = {}
    for case in cases:
        ref = recorded.get(case[0])
        if ref is None:
            continue
        ours = run_case(ms, case, data)
        if not same(ours, ref):
            differences[case[0]] = (ours, ref)
    return differences


if __name__ == "__main__":
    sys.exit(main(sys.argv))
