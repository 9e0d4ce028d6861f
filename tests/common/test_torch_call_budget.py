"""The Tensor's files call torch only where no functional op fits (construction, interop, sampling, ...).

Counts the direct torch computation calls (``torch.X(...)``, ``torch.nn.functional.X(...)``) with the rules of
the project's ``torch_calls.py`` tool, and fails when a file's count grows past its budget: a new Tensor method
or operator calls its functional op in ``ops`` instead. Lower a budget when a call goes.
"""
import ast
import os

ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "sporetorch")
PLUMBING = {"no_grad", "enable_grad", "set_grad_enabled", "is_grad_enabled", "is_tensor", "device", "dtype",
            "Size", "Generator", "get_default_dtype", "finfo", "iinfo", "is_floating_point", "is_complex",
            "result_type", "promote_types", "can_cast", "is_inference_mode_enabled", "inference_mode",
            "is_autocast_enabled", "get_autocast_dtype", "autocast", "compiler", "is_compiling", "_C",
            "manual_seed", "initial_seed", "get_rng_state", "set_rng_state", "cuda", "backends", "distributed",
            "jit", "fx", "library", "overrides", "utils", "testing", "version", "Tensor", "typename"}
# file (relative to sporetorch/) -> the most direct torch computation calls it may hold
BUDGET = {
    "common/tensor.py": 14,  # construction and interop only (each call has a comment saying so)
    "common/tensor_methods": 67,
}


def _chain(node):
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return parts[::-1]
    return None


def _read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def _count(path):
    files = [path] if path.endswith(".py") else [os.path.join(d, f) for d, _, fs in os.walk(path)
                                                   for f in fs if f.endswith(".py")]
    n = 0
    for f in files:
        for node in ast.walk(ast.parse(_read(f))):
            if not isinstance(node, ast.Call):
                continue
            ch = _chain(node.func)
            if not ch or len(ch) < 2 or ch[0] not in ("torch", "F"):
                continue
            if ch[0] == "torch" and (ch[1] in PLUMBING or (ch[1] == "nn" and (len(ch) == 2 or ch[2] != "functional"))):
                continue
            n += 1
    return n


def test_tensor_files_stay_within_their_torch_call_budget():
    over = {name: _count(os.path.join(ROOT, name)) for name in BUDGET}
    over = {name: n for name, n in over.items() if n > BUDGET[name]}
    assert not over, f"direct torch calls over budget (call the functional op instead): {over}"
