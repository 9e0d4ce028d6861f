"""The package's module-level import graph has no cycles (layers import downward: common -> ops -> nn -> train).

The graph is read from the source with ``ast``: an edge ``a -> b`` for every ``import``/``from ... import`` that
runs when ``a`` is imported (module body, including ``if``/``try`` blocks at module level, but not function
or class-method bodies, which run later). An edge goes to the module named (``from pkg import name`` of a
non-module name goes to ``pkg/__init__``); the parent packages that Python also runs on the way are left out, as
import-linter does, so a package's ``__init__`` that re-exports its submodules is no cycle by itself.
"""
import ast
import functools
import os

ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "sporetorch")

# The module-level graph has no cycle. Counting the imports inside functions too (the "lazy" graph), these
# cycles remain, each kept alive by a function-level import; they are tolerated here, named by their modules,
# and the list may only shrink: a listed cycle that is gone fails the test until it is removed from the list.
KNOWN_LAZY_CYCLES = [
    # The Tensor's printer and initialiser: Tensor(init=...) -> initializer and repr -> _tensor_format, both of
    # which build Tensors.
    {"sporetorch.common._tensor_format", "sporetorch.common.initializer", "sporetorch.common.tensor"},
    # ops.function.graph_func's tensor_operator_registry resolves names on the ops package; ops.composite's
    # module __getattr__ reads ops.function and grad_ops; ops.composite.base's core is graph_func.add_flags.
    {"sporetorch.common.sparse_func", "sporetorch.ops", "sporetorch.ops.composite", "sporetorch.ops.composite.base",
     "sporetorch.ops.function",
     "sporetorch.ops.function.graph_func", "sporetorch.ops.functional", "sporetorch.ops.nn_ops",
     "sporetorch.ops.operations", "sporetorch.ops.operations._errors", "sporetorch.ops.operations._grad_ops",
     "sporetorch.ops.operations._inner_ops", "sporetorch.ops.operations.manually_defined",
     "sporetorch.ops.operations.array_ops",
     "sporetorch.ops.operations.extra_ops", "sporetorch.ops.operations.image_ops",
     "sporetorch.ops.operations.inner_ops", "sporetorch.ops.operations.math_ops",
     "sporetorch.ops.operations.nn_ops", "sporetorch.ops.operations.other_ops",
     "sporetorch.ops.operations.sparse_ops", "sporetorch.ops.operations.unsupported_ops"},
    # runtime.run_check prints sporetorch.__version__ (the package's own release, read from its __init__);
    # Model's step synchronisation reads runtime.synchronize when it runs.
    {"sporetorch", "sporetorch._runtime_limits", "sporetorch.hal", "sporetorch.runtime", "sporetorch.train",
     "sporetorch.train.model"},
    # serialization.py re-exports MindSpore's private helpers, which read and write through serialization.py.
    {"sporetorch.train._serialization_internals", "sporetorch.train.serialization"},
    # An iterator's worker threads report errors through _utils' ExceptionHandler, and _utils' helpers
    # build datasets.
    {"sporetorch.dataset.engine._utils", "sporetorch.dataset.engine.datasets",
     "sporetorch.dataset.engine.datasets_standard_format", "sporetorch.dataset.engine.iterators"},
    # The translator follows a file's relative imports by translating the files they reach (recursively).
    {"sporetorch.migrate.translate_imports", "sporetorch.migrate.translator"},
]


def _module_name(path):
    rel = os.path.relpath(path, os.path.dirname(ROOT))[:-3].replace(os.sep, ".")
    return rel.removesuffix(".__init__")


def _modules():
    out = {}
    for d, _, files in os.walk(ROOT):
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(d, f)
                out[_module_name(path)] = path
    return out


def _module_level(body):
    """The statements that run at import: the body, descending into if/try/with blocks, not into defs."""
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        yield node
        for field in ("body", "orelse", "finalbody", "handlers"):
            sub = getattr(node, field, None)
            if isinstance(sub, list):
                yield from _module_level([s for s in sub if isinstance(s, ast.AST)])


def _resolve(name, level, current, is_package):
    if level == 0:
        return name
    parts = current.split(".")
    base = parts if is_package else parts[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([name] if name else []))


@functools.cache
def _graph(lazy=False):
    """``{module: modules it imports}``; with ``lazy``, imports inside functions count too."""
    modules = _modules()
    edges = {m: set() for m in modules}

    def add(src, target):
        # the target itself, or the nearest module the dotted name starts with
        while target and target not in modules:
            target = target.rpartition(".")[0]
        if target and target != src:
            edges[src].add(target)

    for mod, path in modules.items():
        is_package = path.endswith("__init__.py")
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read())
        for node in (ast.walk(tree) if lazy else _module_level(tree.body)):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith("sporetorch"):
                        add(mod, alias.name)
            elif isinstance(node, ast.ImportFrom):
                base = _resolve(node.module or "", node.level, mod, is_package)
                if not base.startswith("sporetorch"):
                    continue
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    add(mod, full if full in modules else base)
    return edges


def _cycles(edges):
    """The strongly connected components with more than one module (Tarjan's algorithm)."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(frozenset(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_module_level_imports_have_no_cycle():
    cycles = _cycles(_graph())
    assert not cycles, "module-level import cycles:\n" + "\n".join(" <-> ".join(sorted(c)) for c in cycles)


def test_lazy_import_cycles_are_only_the_known_ones():
    cycles = _cycles(_graph(lazy=True))
    new = [sorted(c) for c in cycles if not any(c <= known for known in KNOWN_LAZY_CYCLES)]
    assert not new, "import cycles (counting imports inside functions):\n" + "\n".join(" <-> ".join(c) for c in new)
    gone = [sorted(k) for k in KNOWN_LAZY_CYCLES if not any(len(c & k) > 1 for c in cycles)]
    assert not gone, "cycles broken, remove them from KNOWN_LAZY_CYCLES:\n" + "\n".join(" <-> ".join(k) for k in gone)


def test_the_graph_sees_the_layers():
    """The parser finds the edges it must (guards against a graph that is acyclic because it is empty)."""
    edges = _graph()
    assert "sporetorch.common.tensor" in edges["sporetorch.nn.cell"]
    assert "sporetorch.nn.cell" in edges["sporetorch.train.serialization"]
    assert "sporetorch.nn.cell" not in _graph(lazy=True)["sporetorch.common.mindir"]  # mindir does not import nn
    assert not {m for m in _graph(lazy=True)["sporetorch.nn.cell"] if m.startswith("sporetorch.train")}
