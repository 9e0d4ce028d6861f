"""The speed-ups' boundary (``sporetorch/_accel``): the rest of the package calls its interface only,
and private torch APIs, ctypes and fork stay inside it. Checked on the package's source (AST and text)."""
import ast
import pathlib
import re

import sporetorch

PACKAGE = pathlib.Path(sporetorch.__file__).parent
ACCEL = PACKAGE / "_accel"
# Private torch modules (the grep, and the other private modules torch has).
PRIVATE_TORCH = re.compile(r"torch\._(dynamo|inductor|functorch|C\._|higher_order_ops|subclasses|guards|prims|"
                           r"refs|decomp|export|logging|library|VF|ops\b|utils\b)")
# Known uses outside _accel, each with the reason it stays (owned by other areas of the package).
ALLOWED_PRIVATE = {
    # torch.nn.LSTM/GRU/RNN call these kernels themselves; torch has no public functional RNN.
    ("nn/layer/rnns.py", "torch._VF"),
}
ALLOWED_CTYPES = {
    # ``PluggableAllocator`` is MindSpore's API for loading the user's allocator library by path.
    "_runtime_limits.py",
}


def _modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE).as_posix()
        if not rel.startswith("_accel/"):
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


def test_private_torch_modules_only_inside_accel():
    offenders = []
    for rel, text in _modules():
        for number, line in enumerate(text.splitlines(), 1):
            for match in PRIVATE_TORCH.finditer(line):
                if (rel, match.group(0)) not in ALLOWED_PRIVATE:
                    offenders.append(f"{rel}:{number}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


def test_private_torch_names_outside_accel_are_the_allowed_ones():
    # torch._foreach_*/_fused_* (as torch.optim calls them) and the Tensor core's
    # torch._C.DisableTorchFunctionSubclass count as public.
    offenders = []
    for rel, text in _modules():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute) \
                    and isinstance(node.value.value, ast.Name) and node.value.value.id == "torch" \
                    and node.value.attr == "_C":
                if not (node.attr == "DisableTorchFunctionSubclass" and rel.startswith("common/tensor")):
                    offenders.append(f"{rel}:{node.lineno}: torch._C.{node.attr}")
    assert not offenders, "\n".join(offenders)


def test_ctypes_and_fork_only_inside_accel():
    offenders = []
    for rel, text in _modules():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] + ([node.module] if isinstance(node, ast.ImportFrom) else [])
                if "ctypes" in names and rel not in ALLOWED_CTYPES:
                    offenders.append(f"{rel}:{node.lineno}: imports ctypes")
            if isinstance(node, ast.Attribute) and node.attr in ("fork", "forkpty") \
                    and isinstance(node.value, ast.Name) and node.value.id == "os":
                offenders.append(f"{rel}:{node.lineno}: os.{node.attr}")
    assert not offenders, "\n".join(offenders)


def test_the_tensor_does_not_import_the_compiler():
    for rel in ("common/tensor.py", "common/_placeholder.py"):
        names = {name for _, name in _imported(rel, ast.parse((PACKAGE / rel).read_text(encoding="utf-8")))}
        assert not any(n.startswith(("sporetorch.common.jit", "sporetorch._accel")) for n in names), rel
