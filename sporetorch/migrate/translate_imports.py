"""Relative imports of a translated file (``from ..ops.misc import Conv2dNormActivation``).

Each imported name is looked up in the module it comes from and decided once:

- ``nn.Module`` classes (model code) and definitions whose own translation is complete (plain
  Python helpers such as ``_make_divisible``) are copied into the output file and translated, with
  the module-level definitions and imports they use;
- other definitions (usage logging, weights registries and downloads) become stand-ins that do
  nothing (``_not_migrated``), with a note in the report;
- names the module imports relatively are followed into their own module.

The copies replace the import statement, so the translated file stands alone (no package needed).
"""
import ast
import os


__all__ = ["translate_with_imports"]


def _module_file(path, level, module):
    base = os.path.dirname(os.path.abspath(path))
    for _ in range(level - 1):
        base = os.path.dirname(base)
    parts = module.split(".") if module else []
    target = os.path.join(base, *parts)
    for candidate in (target + ".py", os.path.join(target, "__init__.py")):
        if os.path.exists(candidate):
            return candidate
    return None


class _Module:
    """One source module: its definitions, imports and torch aliases."""

    def __init__(self, path):
        self.path = path
        with open(path, encoding="utf-8") as f:
            self.text = f.read()
        self.tree = ast.parse(self.text, filename=path)
        self.lines = self.text.splitlines(keepends=True)
        self.defs, self.imports, self.torch_names = {}, {}, set()
        for stmt in self.tree.body:
            if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                self.defs[stmt.name] = stmt
            elif isinstance(stmt, ast.Assign):
                for target in stmt.targets:
                    for n in ast.walk(target):
                        if isinstance(n, ast.Name):
                            self.defs[n.id] = stmt
            elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                self.defs[stmt.target.id] = stmt
            elif isinstance(stmt, (ast.Import, ast.ImportFrom)):
                for a in stmt.names:
                    bound = a.asname or a.name.split(".")[0]
                    self.imports[bound] = (stmt, a)
                    root = (stmt.module or "") if isinstance(stmt, ast.ImportFrom) else a.name
                    if not getattr(stmt, "level", 0) and root.split(".")[0] == "torch":
                        self.torch_names.add(bound)

    def segment(self, stmt):
        start = min([stmt.lineno] + [d.lineno for d in getattr(stmt, "decorator_list", [])])
        return "".join(self.lines[start - 1:stmt.end_lineno])

    @staticmethod
    def refs(stmt):
        return {n.id for n in ast.walk(stmt) if isinstance(n, ast.Name)}

    def is_model_class(self, name, seen=()):
        stmt = self.defs.get(name)
        if not isinstance(stmt, ast.ClassDef) or name in seen:
            return False
        for base in stmt.bases:
            text = ast.unparse(base)
            root = text.split(".")[0]
            if root in self.torch_names and (text.rpartition(".")[2] in ("Module", "Sequential", "ModuleList",
                                                                          "ModuleDict")):
                return True
            if isinstance(base, ast.Name) and self.is_model_class(base.id, (*seen, name)):
                return True
        return False


class _Follower:
    def __init__(self):
        self.modules = {}
        self.emitted = set()  # (file, name) already in the output
        self.status = {}
        self.notes = []
        self.todos = []
        self.adapters = set()
        self.helpers = set()
        self.model_classes = set()

    def module(self, path):
        if path not in self.modules:
            self.modules[path] = _Module(path)
        return self.modules[path]

    def _clean(self, mod, name):
        """Whether the definition ``name`` of ``mod`` translates with nothing left untranslated."""
        from .translator import _translate
        stmt = mod.defs[name]
        imports = "".join(mod.segment(s) for s in {id(s): s for s, _ in mod.imports.values()}.values()
                          if any(a.asname or a.name.split(".")[0] in mod.torch_names for a in s.names))
        t, _, _ = _translate(imports + mod.segment(stmt), mod.path)
        return not t.todos

    def decide(self, mod, name):
        key = (mod.path, name)
        if key not in self.status:
            self.status[key] = "inline"  # recursion guard
            if mod.is_model_class(name):
                self.status[key] = "inline"
                self.model_classes.add(name)
            elif name in mod.defs:
                self.status[key] = "inline" if self._clean(mod, name) else "stub"
            else:
                self.status[key] = "import"
        return self.status[key]

    def emit(self, path, level, module, names, depth=0, line=0):
        """The translated text standing for ``from <module> import <names>`` in ``path``."""
        target = _module_file(path, level, module)
        if target is None or depth > 4:
            return "".join(self._stub(n, None, f"'{n}' from '{'.' * level}{module}': not found", line=line)
                           for n in names)
        mod = self.module(target)
        wanted = []
        stubs = []
        pre = []
        order = []

        def need(name):
            if (mod.path, name) in self.emitted or name in order:
                return
            if name in mod.imports:
                stmt, alias = mod.imports[name]
                if isinstance(stmt, ast.ImportFrom) and stmt.level:
                    self.emitted.add((mod.path, name))
                    pre.append(self.emit(mod.path, stmt.level, stmt.module, [alias.name], depth + 1, line))
                    return
                order.append(name)
                wanted.append(stmt)
                return
            if name not in mod.defs:
                return
            order.append(name)
            status = self.decide(mod, name)
            if status == "stub":
                stubs.append(name)
                return
            wanted.append(mod.defs[name])
            for ref in sorted(mod.refs(mod.defs[name])):
                if ref != name and (ref in mod.defs or ref in mod.imports):
                    need(ref)

        for n in names:
            need(n)
        for n in order:
            self.emitted.add((mod.path, n))
        rel = os.path.relpath(target, os.path.dirname(os.path.abspath(path)))
        stmts = sorted({id(s): s for s in wanted}.values(), key=lambda s: s.lineno)
        parts = list(pre)
        parts += [self._stub(n, mod.defs[n], f"'{n}' of {rel}: not model code, replaced by a stand-in",
                             line=line)
                  for n in stubs]
        if stmts:
            from .translator import _translate
            snippet = "".join(mod.segment(s) + "\n" for s in stmts)
            t, body, _ = _translate(snippet, target, local_modules=self.model_classes)
            self.adapters |= t.adapters
            self.helpers |= t.helpers
            self.todos += [(line, f"{msg} [in {rel}]") for line, msg in t.todos]
            self.notes += [(line, f"{msg} [in {rel}]") for line, msg in t.notes]
            parts.append(f"# ---- from {rel} (translated) ----\n{body.strip()}\n# ---- end of {rel} ----\n")
        return "\n\n".join(p.strip("\n") for p in parts if p.strip()) + "\n"

    def definition(self, path, level, module, name, depth=0):
        """The statement defining ``name`` imported as ``from <level dots><module> import name``."""
        target = _module_file(path, level, module)
        if target is None or depth > 4:
            return None
        mod = self.module(target)
        if name in mod.defs:
            return mod.defs[name]
        if name in mod.imports:
            stmt, alias = mod.imports[name]
            if isinstance(stmt, ast.ImportFrom) and stmt.level:
                return self.definition(target, stmt.level, stmt.module, alias.name, depth + 1)
        return None

    def _stub(self, name, stmt, note, line=None):
        self.notes.append((line if line is not None else 0, note))
        if isinstance(stmt, ast.ClassDef):
            self.helpers |= {"_NotMigrated", "_not_migrated"}
            return f"class {name}(_NotMigrated):  # {note}\n    pass\n"
        self.helpers.add("_not_migrated")
        return f"{name} = _not_migrated({name!r}, {note!r})\n"


def _model_reach(mod, model_classes):
    """The names the model classes of ``mod`` use, directly or through the module's own definitions
    (decorators aside: they register or log, they do not build layers)."""
    seen = set()
    todo = [n for n in mod.defs if n in model_classes]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        stmt = mod.defs.get(name)
        if stmt is None:
            continue
        decorators = {id(n) for d in getattr(stmt, "decorator_list", []) for n in ast.walk(d)}
        refs = {n.id for n in ast.walk(stmt) if isinstance(n, ast.Name) and id(n) not in decorators}
        todo += [r for r in refs if r not in seen and (r in mod.defs or r in mod.imports)]
    return seen


def translate_with_imports(path):
    """Translate the file at ``path``, its relative imports followed. Returns a ``Translation``."""
    import re

    from .translator import Translation, _preamble, _translate
    follower = _Follower()
    main = follower.module(os.path.abspath(path))
    for name in main.defs:
        if main.is_model_class(name):
            follower.model_classes.add(name)

    reached = _model_reach(main, follower.model_classes)

    def inline(node, t):
        names = [a.name for a in node.names]
        out = [follower.emit(path, node.level, node.module, [n for n in names if n in reached], line=node.lineno)]
        rel = f"{'.' * node.level}{node.module or ''}"
        out += [follower._stub(n, follower.definition(path, node.level, node.module, n),
                               f"'{n}' from {rel}: not used by the model classes, replaced by a stand-in",
                               line=node.lineno)
                for n in names if n not in reached]
        return "".join(o for o in out if o.strip())

    t, body, pos = _translate(main.text, path, local_modules=follower.model_classes, inline=inline)
    t.adapters |= follower.adapters
    t.helpers |= follower.helpers
    text = body[:pos] + _preamble(t) + body[pos:]
    text = re.sub(r"\n{4,}", "\n\n\n", text)
    return Translation(text, sorted(t.todos) + follower.todos, sorted(t.notes) + follower.notes)


