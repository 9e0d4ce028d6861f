"""The speed-ups' boundary (``sporetorch/_accel``): the rest of the package calls its interface only,
and private torch APIs, ctypes and fork stay inside it. Checked on the package's code (its syntax tree;
comments and docstrings do not count)."""
import ast
import functools
import pathlib
import re

import pytest
import torch

import sporetorch

PACKAGE = pathlib.Path(sporetorch.__file__).parent
ACCEL = PACKAGE / "_accel"
# What counts as public outside _accel: torch._foreach_*/_fused_* (as torch.optim calls them), and the
# Tensor core's torch._C.DisableTorchFunctionSubclass.
PUBLIC_PREFIXES = ("torch._foreach_", "torch._fused_")
# A private torch module or name written as a string: ``importlib.import_module("torch._dynamo")``.
PRIVATE_PATH = re.compile(r"torch(\.[A-Za-z]\w*)*\._(?!_)\w+(\.\w+)*")
TENSOR_CORE_ONLY = {"torch._C.DisableTorchFunctionSubclass": "common/tensor"}
ALLOWED_CTYPES = {
    # Not a speed-up: MindSpore's ``PluggableAllocator`` API loads the user's allocator library by path
    # and hands back its function pointers, which only ctypes can resolve.
    "_runtime_limits.py",
    # Not a speed-up: MindSpore's ``common._utils.load_lib`` reports whether a user-named library loads.
    "common/_utils.py",
}


def _modules(everything=False):
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if everything or not rel.startswith("_accel/"):
            yield rel, path.read_text(encoding="utf-8")


def _module_name(rel):
    parts = rel[:-3].split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(["sporetorch", *parts])


def _imported(rel, tree):
    """Every module a file imports (absolute names), and for ``from X import a`` also ``X.a``."""
    package = _module_name(rel) if rel.endswith("__init__.py") else _module_name(rel).rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            yield node.lineno, module
            for alias in node.names:
                yield node.lineno, f"{module}.{alias.name}"


def test_nothing_outside_accel_imports_its_technique_modules():
    offenders = []
    for rel, text in _modules():
        for line, name in _imported(rel, ast.parse(text)):
            if name.startswith("sporetorch._accel.") and name.split(".")[2] in _technique_modules():
                offenders.append(f"{rel}:{line} imports {name}")
    assert not offenders, "\n".join(offenders)


def _technique_modules():
    return {p.stem for p in ACCEL.glob("*.py") if p.stem != "__init__"}


def test_the_check_sees_a_technique_import():
    # The check itself: a relative import of a technique module from a layer is caught.
    tree = ast.parse("from ..._accel import conv_plan\nfrom ... import _accel\n")
    names = [name for _, name in _imported("nn/layer/conv.py", tree)]
    assert "sporetorch._accel.conv_plan" in names and "sporetorch._accel" in names


def _private(part):
    return part.startswith("_") and not part.startswith("__")


@functools.lru_cache(maxsize=None)
def _private_tensor_attributes():
    """torch.Tensor's private attributes (``_version``, ``_make_subclass``, ...), less the names sporetorch's
    own objects define (a sparse tensor's ``_values``): an attribute of an unknown object is private torch
    only when no sporetorch object could own it."""
    own = set()
    for _, text in _modules(everything=True):
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                own.add(node.attr)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                own.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                own.add(node.id)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.isidentifier():
                own.add(node.value)     # __slots__, setattr names
    return {n for n in dir(torch.Tensor) if _private(n)} - own


def private_torch_uses(rel, text, tensor_attributes=frozenset()):
    """``(line, name)`` for each private torch API a module's code uses: an import or an attribute path from
    torch with a private part (``torch._VF``, ``from torch import _VF``, ``torch.utils._pytree``), torch's
    operator registry (``torch.ops``), ``getattr(torch, "_x")``, and a private Tensor attribute
    (``tensor_attributes``) on any object. Comments and docstrings do not count."""
    tree = _with_parents(ast.parse(text))
    torch_names = {}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "torch":
                    torch_names[alias.asname or "torch"] = alias.name if alias.asname else "torch"
                    if any(_private(p) for p in alias.name.split(".")):
                        found.append((node.lineno, alias.name))
        elif isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").split(".")[0] == "torch":
            for alias in node.names:
                path = f"{node.module}.{alias.name}"
                torch_names[alias.asname or alias.name] = path
                if any(_private(p) for p in node.module.split(".")) or \
                        (_private(alias.name) and not path.startswith(PUBLIC_PREFIXES)):
                    found.append((node.lineno, path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and not isinstance(getattr(node, "parent", None), ast.Attribute):
            parts, base = [], node
            while isinstance(base, ast.Attribute):
                parts.append(base.attr)
                base = base.value
            if isinstance(base, ast.Name) and base.id in torch_names:
                path = ".".join([torch_names[base.id], *reversed(parts)])
                found.extend((node.lineno, path) for path in _private_prefixes(path, rel))
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and PRIVATE_PATH.fullmatch(node.value) \
                and not isinstance(getattr(node, "parent", None), ast.Expr):
            found.append((node.lineno, node.value))     # importlib/getLogger names
        if isinstance(node, ast.Attribute) and node.attr in tensor_attributes:
            found.append((node.lineno, f"Tensor.{node.attr}"))
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr" \
                and len(node.args) >= 2 and isinstance(node.args[0], ast.Name) and node.args[0].id in torch_names \
                and isinstance(node.args[1], ast.Constant) and _private(str(node.args[1].value)):
            found.append((node.lineno, f"getattr({torch_names[node.args[0].id]}, {node.args[1].value!r})"))
    return sorted(set(found))


def _private_prefixes(path, rel):
    """The private part of a full attribute path from torch, if any (one per path)."""
    parts = path.split(".")
    for i, part in enumerate(parts[1:], 1):
        prefix = ".".join(parts[:i + 1])
        if prefix == "torch.ops":
            return [prefix]
        if _private(part):
            if prefix.startswith(PUBLIC_PREFIXES):
                return []
            full = ".".join(parts[:i + 2])
            if full in TENSOR_CORE_ONLY and rel.startswith(TENSOR_CORE_ONLY[full]):
                return []
            return [full if i + 1 < len(parts) else prefix]
    return []


def _with_parents(tree):
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            child.parent = node
    return tree


def test_private_torch_apis_only_inside_accel():
    tensor_attributes = _private_tensor_attributes()
    offenders = []
    for rel, text in _modules():
        for line, name in private_torch_uses(rel, text, tensor_attributes):
            offenders.append(f"{rel}:{line}: {name}")
    assert not offenders, "private torch APIs outside sporetorch/_accel:\n" + "\n".join(offenders)


@pytest.mark.parametrize("code, name", [
    ("import torch\nk = torch._VF.lstm", "torch._VF.lstm"),
    ("from torch import _VF", "torch._VF"),
    ("import torch._dynamo", "torch._dynamo"),
    ("from torch.utils._pytree import tree_map", "torch.utils._pytree.tree_map"),
    ("import torch as T\nT._standard_gamma(a)", "torch._standard_gamma"),
    ("import torch.nn.functional as F\nF._canonical_mask(m)", "torch.nn.functional._canonical_mask"),
    ("import torch\ntorch.ops.aten.add(a, b)", "torch.ops"),
    ("import torch\ngetattr(torch, '_amp_update_scale_')", "getattr(torch, '_amp_update_scale_')"),
    ("import torch\nwith torch._C.DisableTorchFunctionSubclass(): pass", "torch._C.DisableTorchFunctionSubclass"),
    ("v = t._version", "Tensor._version"),
    ("import logging\nlogging.getLogger('torch._dynamo')", "torch._dynamo"),
])
def test_the_check_sees_private_torch(code, name):
    assert name in [n for _, n in private_torch_uses("nn/x.py", code, {"_version"})]


@pytest.mark.parametrize("code", [
    "import torch\ntorch._foreach_mul_(ts, 2.0)",
    "import torch\ntorch._fused_sgd_(p, g, b)",
    "import torch\nout = torch.lstm(x, h, w, True, 1, 0.0, False, False, False)",
    "from torch.optim.adamw import adamw as _adamw",
    "import torch\nx = torch.__version__",
    "self._values = v",
])
def test_the_check_lets_public_torch_pass(code):
    assert private_torch_uses("nn/x.py", code, {"_version"}) == []


def test_the_tensor_core_may_disable_torch_function_subclass():
    code = "import torch\nwith torch._C.DisableTorchFunctionSubclass(): pass"
    assert private_torch_uses("common/tensor.py", code) == []


def test_ctypes_and_fork_only_inside_accel():
    offenders = []
    for rel, text in _modules():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] + ([node.module or ""] if isinstance(node, ast.ImportFrom) else [])
                if any(n == "ctypes" or n.startswith("ctypes.") for n in names) and rel not in ALLOWED_CTYPES:
                    offenders.append(f"{rel}:{node.lineno}: imports ctypes")
                if isinstance(node, ast.ImportFrom) and node.module == "os" and \
                        {"fork", "forkpty"} & {a.name for a in node.names}:
                    offenders.append(f"{rel}:{node.lineno}: imports os.fork")
            if isinstance(node, ast.Attribute) and node.attr in ("fork", "forkpty") \
                    and isinstance(node.value, ast.Name) and node.value.id == "os":
                offenders.append(f"{rel}:{node.lineno}: os.{node.attr}")
    assert not offenders, "\n".join(offenders)


def test_the_tensor_does_not_import_the_compiler():
    for rel in ("common/tensor.py", "common/_placeholder.py"):
        names = {name for _, name in _imported(rel, ast.parse((PACKAGE / rel).read_text(encoding="utf-8")))}
        assert not any(n.startswith(("sporetorch.common.jit", "sporetorch._accel")) for n in names), rel
