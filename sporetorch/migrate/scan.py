"""API scan of a script with ``ast``: which ``torch.*`` APIs a PyTorch script uses and their
MindSpore 2.10 counterparts, or which ``mindspore.*`` APIs a MindSpore script uses that sporetorch
does not implement. Names are resolved through the script's imports (``import torch.nn as nn``,
``from torch.nn import functional as F``, ``from torch.utils.data import DataLoader``), so
``nn.Conv2d`` and ``F.relu`` are found as ``torch.nn.Conv2d`` and ``torch.nn.functional.relu``.
Methods called on tensor values (``x.view``) cannot be resolved without running the script and
are not listed.
"""
import ast
import functools
import importlib
import importlib.util
import json
import os
from collections import namedtuple

__all__ = ["api_table", "lookup", "resolve_names", "scan_torch", "scan_mindspore", "scan", "format_scan",
           "ApiUse"]

ApiUse = namedtuple("ApiUse", ["file", "line", "api", "mindspore", "status", "note"])
ApiUse.__doc__ = """One use of an API: where it is, its full name, its counterpart and status
(``same``, ``differs``, ``none`` or ``unknown`` for a torch API missing from the table;
``implemented``/``missing`` for a MindSpore API), and the documented difference."""

_DATA = os.path.join(os.path.dirname(__file__), "data", "torch_api_map.json")


@functools.lru_cache(maxsize=1)
def api_table():
    """``{torch API: {"mindspore": name or None, "status": ..., "note": ...}}``, the shipped table."""
    with open(_DATA, encoding="utf-8") as f:
        return json.load(f)["apis"]


def lookup(api):
    """The table entry of a torch API (aliases such as ``torch.nn.modules.conv.Conv2d`` or
    ``torch.concatenate`` are not guessed), or None."""
    return api_table().get(api)


class _Resolver(ast.NodeVisitor):
    """Collects ``(line, dotted name)`` for every use of a name rooted in one of ``roots``."""

    def __init__(self, roots):
        self.roots = roots
        self.aliases = {}
        self.uses = []

    def _rooted(self, name):
        return any(name == r or name.startswith(r + ".") for r in self.roots)

    def visit_Import(self, node):
        for a in node.names:
            if self._rooted(a.name):
                if a.asname:
                    self.aliases[a.asname] = a.name
                else:
                    top = a.name.split(".")[0]
                    self.aliases[top] = top

    def visit_ImportFrom(self, node):
        if node.level or not node.module or not self._rooted(node.module):
            return
        for a in node.names:
            if a.name == "*":
                continue
            self.aliases[a.asname or a.name] = f"{node.module}.{a.name}"

    def _dotted(self, node):
        parts = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        if isinstance(node, ast.Name) and node.id in self.aliases:
            return ".".join([self.aliases[node.id]] + parts[::-1])
        return None

    def visit_Attribute(self, node):
        name = self._dotted(node)
        if name is None:
            self.generic_visit(node)
        else:
            self.uses.append((node.lineno, name))

    def visit_Name(self, node):
        if isinstance(node.ctx, ast.Load) and node.id in self.aliases and "." in self.aliases[node.id]:
            self.uses.append((node.lineno, self.aliases[node.id]))


def resolve_names(source, roots, filename="<source>"):
    """``[(line, full dotted name)]`` of the uses of names rooted in ``roots`` (e.g. ``("torch",)``),
    in source order. Module names seen only in imports are left out."""
    tree = ast.parse(source, filename=filename)
    r = _Resolver(tuple(roots))
    # imports first, so that a use before a later import line still resolves as Python would at run time
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            r.visit(node)
    r.visit(tree)
    # an imported name used bare is an API unless it is a module (``from torch import nn``)
    imported = set(r.aliases.values())
    return sorted({(line, name) for line, name in r.uses
                   if name not in imported or lookup(name) is not None or not _is_module(name)})


def _is_module(name):
    root = name.split(".")[0]
    if root == "mindspore":
        name = "sporetorch" + name[len(root):]
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def _torch_key(name):
    """The table key for a resolved name: the longest prefix with an entry (``torch.nn.Module.train``
    -> ``torch.nn.Module``), else the name."""
    parts = name.split(".")
    for k in range(len(parts), 1, -1):
        key = ".".join(parts[:k])
        if lookup(key) is not None:
            return key
    return name


def _read(path_or_source):
    """``(filename, source)``: a path is read; text with a newline is taken as the source itself."""
    text = os.fspath(path_or_source)
    if "\n" in text:
        return "<source>", text
    with open(text, encoding="utf-8") as f:
        return text, f.read()


def scan_torch(path_or_source):
    """The torch APIs a PyTorch script uses: a list of ``ApiUse``, one per line and API."""
    filename, source = _read(path_or_source)
    out = []
    seen = set()
    for line, name in resolve_names(source, ("torch",), filename):
        key = _torch_key(name)
        if (line, key) in seen or key == "torch":
            continue
        seen.add((line, key))
        entry = lookup(key)
        if entry is None:
            out.append(ApiUse(filename, line, key, None, "unknown", "not in the mapping table"))
        else:
            out.append(ApiUse(filename, line, key, entry["mindspore"], entry["status"], entry.get("note", "")))
    return out


def _implemented(name):
    """Whether ``mindspore.a.b.c`` resolves in sporetorch (modules imported as needed)."""
    parts = ["sporetorch"] + name.split(".")[1:]
    obj = None
    for k in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:k]))
        except ImportError:
            continue
        for attr in parts[k:]:
            try:
                obj = getattr(obj, attr)
            except AttributeError:
                return False
        return True
    return False


def scan_mindspore(path_or_source, listing=None):
    """The MindSpore APIs a script uses that sporetorch does not implement (``status="missing"``),
    with file and line. ``listing``: an API listing JSON (``{"namespaces": {module: {name: ...}}}``);
    when given, names MindSpore 2.10 itself lacks are reported as ``not a MindSpore 2.10 API``."""
    filename, source = _read(path_or_source)
    known = None
    if listing is not None:
        with open(listing, encoding="utf-8") as f:
            known = {f"{mod}.{n}" for mod, names in json.load(f)["namespaces"].items() for n in names}
    out = []
    for line, name in resolve_names(source, ("mindspore",), filename):
        if name == "mindspore" or _implemented(name):
            continue
        note = "not implemented by sporetorch"
        if known is not None and name not in known and not any(k.startswith(name + ".") for k in known):
            note = "not a MindSpore 2.10 API (or not a public one)"
        out.append(ApiUse(filename, line, name, None, "missing", note))
    return out


def scan(path, listing=None):
    """Scan ``path`` as a PyTorch script when it imports torch, as a MindSpore script when it
    imports mindspore (both when both). Returns ``(torch uses, missing MindSpore APIs)``."""
    filename, source = _read(path)
    tree = ast.parse(source, filename=filename)
    roots = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            roots.update(a.name.split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            roots.add(node.module.split(".")[0])
    torch_uses = scan_torch(path) if "torch" in roots else []
    ms_missing = scan_mindspore(path, listing) if "mindspore" in roots else []
    return torch_uses, ms_missing


def format_scan(torch_uses, ms_missing=()):
    """Text report: torch APIs grouped by API with their lines, then missing MindSpore APIs."""
    lines = []
    if torch_uses:
        by_api = {}
        for u in torch_uses:
            by_api.setdefault(u.api, []).append(u)
        width = max(len(a) for a in by_api)
        lines.append(f"{len(by_api)} torch APIs ({sum(1 for u in by_api.values() if u[0].mindspore)} with a "
                     "MindSpore 2.10 counterpart):")
        for api, uses in by_api.items():
            u = uses[0]
            where = ",".join(str(x.line) for x in uses)
            target = u.mindspore or ("(none)" if u.status == "none" else "(not in the table)")
            note = f"  -- {u.note}" if u.note else ""
            lines.append(f"  {api:<{width}}  ->  {target}  [{u.status}] line {where}{note}")
    if ms_missing:
        lines.append(f"{len(ms_missing)} MindSpore API uses that sporetorch does not implement:")
        lines += [f"  {u.file}:{u.line}: {u.api} ({u.note})" for u in ms_missing]
    if not lines:
        lines.append("no torch or missing MindSpore APIs found")
    return "\n".join(lines)
