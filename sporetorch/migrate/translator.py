"""Rewrite a PyTorch ``nn.Module`` file into a MindSpore ``nn.Cell`` file that imports and runs.

The rewrite edits the source text in place, node by node (spans from ``ast``), so comments,
docstrings, licence headers and formatting outside the rewritten expressions are kept.

Translated: classes derived from ``nn.Module`` (and ``Sequential``/``ModuleList``/``ModuleDict``;
``forward`` -> ``construct``), the layers and functional calls of ``translate_rules`` with their
arguments mapped to MindSpore's, every name of the shipped API table marked ``same`` (type
annotations included), layer classes used as values (``norm_layer=nn.BatchNorm2d``) through
torch-signature factories, ``torch.nn.init.*_`` through MindSpore initializers on the Parameter
torch names, ``device=`` arguments and ``.to(device)``/``.cuda()`` (dropped, with a note),
``x.size()``, ``.modules()``/``.named_modules()``/``.parameters()``. A class derived from a base
outside torch and outside the file is translated too, with a warning about its base.

Anything else becomes ``raise NotImplementedError("<construct> at line N: <what to do>")`` at its
place inside functions (a comment at module level), so that the module imports; ``translate``
reports each one.

``translate_file`` follows relative imports (``from ..ops.misc import Conv2dNormActivation``): the
model code they reach (``nn.Module`` classes, and plain-Python helpers that touch no torch) is
translated into the output file; other helpers (weights registries, usage logging) are replaced by
stand-ins with a note.

``verify(torch_file, ms_file, class_name, input_shape)`` imports both files (the MindSpore one
with ``mindspore`` aliased to sporetorch) and runs the difference finder on them.
"""
import ast
import contextlib
import importlib
import importlib.util
import os
import re
import sys
from collections import namedtuple

import torch

from . import translate_rules as rules
from .scan import lookup

__all__ = ["translate", "translate_file", "verify", "Translation", "TODO_MARK"]

TODO_MARK = "NotImplementedError("
Translation = namedtuple("Translation", ["text", "todos", "notes"])
Translation.__doc__ = """The result of a translation: the MindSpore source ``text``, ``todos`` (the
constructs left as ``raise NotImplementedError``, as ``(line, message)``) and ``notes`` (what was
changed or dropped that a reader should know, as ``(line, message)``)."""

_METHOD_RENAMES = {"named_modules": "cells_and_names", "children": "cells", "named_children": "name_cells",
                   "parameters": "get_parameters", "named_parameters": "parameters_and_names"}
_PLACEMENT_METHODS = ("cuda", "cpu")


def _resolve_torch(path):
    obj = torch
    for part in path.split(".")[1:]:
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj


class _Source:
    """Source text addressed by ``ast`` positions (line numbers from 1, UTF-8 byte columns)."""

    def __init__(self, text):
        self.text = text
        self.lines = text.splitlines(keepends=True)
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))

    def offset(self, line, col):
        row = self.lines[line - 1] if line - 1 < len(self.lines) else ""
        return self.starts[line - 1] + len(row.encode("utf-8")[:col].decode("utf-8", "replace"))

    def span(self, node):
        return self.offset(node.lineno, node.col_offset), self.offset(node.end_lineno, node.end_col_offset)

    def segment(self, node):
        a, b = self.span(node)
        return self.text[a:b]

    def indent(self, node):
        row = self.lines[node.lineno - 1]
        return row[:len(row) - len(row.lstrip())]


class _Translator(ast.NodeTransformer):
    def __init__(self, source, local_modules=()):
        self.src = _Source(source)
        self.aliases = {}
        self.edits = []  # (start, end, text)
        self.todos = []  # (line, message) of the whole file
        self.notes = []
        self.pending = []  # messages of the statement being translated
        self.module_classes = set(local_modules)
        self.adapters = set()
        self.helpers = set()
        self.class_context = 0
        self.function_depth = 0
        self.int_label_losses = set()  # names bound to a loss that needs int32 labels in MindSpore
        self.handled = set()  # ids of statements rewritten as a whole (training steps)

    # ------------------------------------------------------------------ reporting
    def todo(self, construct, what):
        self.pending.append((construct, what))

    def note(self, node, message):
        self.notes.append((getattr(node, "lineno", 0), message))

    # ------------------------------------------------------------------ names
    def dotted(self, node):
        parts = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        if isinstance(node, ast.Name) and node.id in self.aliases:
            return ".".join([self.aliases[node.id]] + parts[::-1])
        return None

    @staticmethod
    def ms(name):
        """``nn.X`` / ``ops.x`` / ``mindspore.x`` node for a MindSpore API name."""
        parts = name.split(".")
        if parts[:2] in (["mindspore", "nn"], ["mindspore", "ops"]):
            parts = parts[1:]
        node = ast.Name(parts[0], ast.Load())
        for p in parts[1:]:
            node = ast.Attribute(node, p, ast.Load())
        return node

    def kw(self, pairs):
        return [ast.keyword(k, v if isinstance(v, ast.AST) else ast.Constant(v)) for k, v in pairs if v is not None]

    # ------------------------------------------------------------------ edits
    def visit(self, node):
        if isinstance(node, ast.expr) and hasattr(node, "lineno"):
            before = ast.dump(node)
            new = super().visit(node)
            if new is not node or ast.dump(new) != before:
                self.edits.append((*self.src.span(node), ast.unparse(ast.fix_missing_locations(new))))
            return new
        return super().visit(node)

    def _replace_stmt(self, stmt, text):
        a, b = self.src.span(stmt)
        self.edits.append((a, b, text))

    # ------------------------------------------------------------------ statements
    def _visit_body(self, body):
        from .translate_train import port_training_step
        port_training_step(self, body, getattr(self, "loop_targets", ()))
        for stmt in body:
            if id(stmt) in self.handled:
                continue
            saved, self.pending = self.pending, []
            self.visit(stmt)
            todos, self.pending = list(dict.fromkeys(self.pending)), saved
            if todos:
                self._untranslated(stmt, todos)

    def _untranslated(self, stmt, todos):
        """Turn a statement with untranslated constructs into an explicit error at its place:
        ``raise NotImplementedError("<construct> at line N: <what to do>")`` inside functions (the
        torch statement kept below as a comment), a comment at module and class level (the module
        must import)."""
        line = stmt.lineno
        message = "; ".join(f"{c} at line {line}: {w}" for c, w in todos)
        self.todos.extend((line, f"{c}: {w}") for c, w in todos)
        indent = self.src.indent(stmt)
        compound = isinstance(stmt, (ast.If, ast.For, ast.While, ast.With, ast.Try, ast.FunctionDef, ast.ClassDef,
                                     ast.AsyncFunctionDef, ast.AsyncFor, ast.AsyncWith))
        a, _ = self.src.span(stmt)
        if compound:  # the error goes before the block; the block itself is translated as far as it can be
            head = f"raise NotImplementedError({message!r})" if self.function_depth else f"# NotImplementedError: {message}"
            self.edits.append((a, a, f"{head}\n{indent}"))
            return
        rows = self.src.lines[stmt.lineno - 1:stmt.end_lineno]
        kept = "\n".join(f"{indent}# torch: {row.rstrip()[len(indent):] if row.startswith(indent) else row.strip()}"
                         for row in rows)
        # the statement's span ends before a trailing comment, which the last kept line then carries on
        end = self.src.starts[stmt.end_lineno - 1] + len(self.src.lines[stmt.end_lineno - 1].rstrip("\r\n"))
        if self.function_depth:
            self.edits.append((a, end, f"raise NotImplementedError({message!r})\n{kept}"))
        else:
            self.edits.append((a, end, f"# NotImplementedError: {message}\n{kept}"))

    def generic_visit(self, node):
        for field, value in ast.iter_fields(node):
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                self._visit_body(value)
            elif isinstance(value, list):
                value[:] = [self.visit(item) if isinstance(item, ast.AST) else item for item in value]
            elif isinstance(value, ast.AST):
                setattr(node, field, self.visit(value))
        return node

    def visit_Module(self, node):
        for stmt in ast.walk(node):
            if isinstance(stmt, ast.Import):
                for a in stmt.names:
                    if a.name.split(".")[0] == "torch":
                        self.aliases[a.asname or a.name.split(".")[0]] = a.name if a.asname else "torch"
            elif isinstance(stmt, ast.ImportFrom) and stmt.module and stmt.module.split(".")[0] == "torch" \
                    and not stmt.level:
                for a in stmt.names:
                    self.aliases[a.asname or a.name] = f"{stmt.module}.{a.name}"
        for stmt in node.body:
            if isinstance(stmt, ast.ClassDef) and self._is_module_class(stmt):
                self.module_classes.add(stmt.name)
        self._visit_body(node.body)
        return node

    def visit_Import(self, node):
        keep = [a for a in node.names if a.name.split(".")[0] != "torch"]
        if len(keep) == len(node.names):
            return node
        if keep:
            self._replace_stmt(node, "import " + ", ".join(a.name + (f" as {a.asname}" if a.asname else "")
                                                           for a in keep))
        else:
            self._replace_stmt(node, "pass  # torch import removed" if self.function_depth else "")
        return node

    def visit_ImportFrom(self, node):
        if node.module and node.module.split(".")[0] == "torch" and not node.level:
            for a in node.names:
                full = f"{node.module}.{a.name}"
                entry = lookup(full)
                if full not in ("torch.nn", "torch.nn.functional") and not (entry and entry["status"] == "same") \
                        and full not in rules.LAYERS and full not in rules.FUNCS:
                    self.note(node, f"'{full}' imported from torch: its uses are translated where known")
            self._replace_stmt(node, "pass  # torch import removed" if self.function_depth else "")
        return node

    def _base_name(self, base):
        name = self.dotted(base)
        return name

    def _is_module_class(self, node):
        for base in node.bases:
            name = self._base_name(base)
            if name in rules.CLASS_BASES or (isinstance(base, ast.Name) and base.id in self.module_classes):
                return True
        return any(isinstance(item, ast.FunctionDef) and item.name == "forward" for item in node.body)

    def visit_ClassDef(self, node):
        is_module = node.name in self.module_classes or self._is_module_class(node)
        if is_module:
            self.module_classes.add(node.name)
            for base in node.bases:
                name = self._base_name(base)
                if name in rules.CLASS_BASES:
                    self.edits.append((*self.src.span(base), ast.unparse(self.ms(rules.CLASS_BASES[name]))))
                elif not (isinstance(base, ast.Name) and base.id in self.module_classes):
                    self.note(node, f"class {node.name}: base {ast.unparse(base)} is not torch's nor in this "
                                    "file; translated as a Cell, check that the base is a MindSpore Cell")
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "forward":
                    self._rename_def(item, "construct")
        else:
            self.class_context += 1
            for base in node.bases:
                if self._base_name(base) in rules.PLAIN_BASES:
                    self.edits.append((*self.src.span(base), "object"))
                    self.note(node, f"class {node.name}: base {self._base_name(base)} dropped; the class is a "
                                    "plain source for mindspore.dataset.GeneratorDataset")
                else:
                    self.visit(base)
            self.class_context -= 1
        for d in node.decorator_list:
            self.visit(d)
        for k in node.keywords:
            self.visit(k.value)
        self._visit_body(node.body)
        return node

    def _rename_def(self, item, new):
        row = self.src.lines[item.lineno - 1]
        m = re.search(rf"\bdef\s+{item.name}\b", row)
        if m:
            start = self.src.starts[item.lineno - 1] + m.start()
            self.edits.append((start, start + len(m.group(0)), f"def {new}"))

    def visit_FunctionDef(self, node):
        self._annotations(node.args, node.returns)
        for d in node.decorator_list:
            self.visit(d)
        for default in node.args.defaults + [d for d in node.args.kw_defaults if d is not None]:
            self.visit(default)
        self.function_depth += 1
        self._visit_body(node.body)
        self.function_depth -= 1
        return node

    visit_AsyncFunctionDef = visit_FunctionDef

    def _annotations(self, args, returns):
        annotations = [a.annotation for a in args.posonlyargs + args.args + args.kwonlyargs if a.annotation]
        annotations += [a.annotation for a in (args.vararg, args.kwarg) if a is not None and a.annotation]
        if returns is not None:
            annotations.append(returns)
        for ann in annotations:
            self._annotation(ann)

    def _annotation(self, ann):
        """A type annotation: torch types mapped to MindSpore's; one that cannot be is written as a string."""
        saved, self.pending = self.pending, []
        self.class_context += 1
        self.visit(ann)
        self.class_context -= 1
        failed, self.pending = self.pending, saved
        if failed:
            self.edits.append((*self.src.span(ann), repr(self.src.segment(ann))))

    def visit_For(self, node):
        saved = getattr(self, "loop_targets", ())
        self.loop_targets = tuple(n.id for n in ast.walk(node.target) if isinstance(n, ast.Name))
        try:
            return self.generic_visit(node)
        finally:
            self.loop_targets = saved

    def visit_Assign(self, node):
        if isinstance(node.value, ast.Call) and self.dotted(node.value.func) in rules.INT32_LABEL_LOSSES:
            self.int_label_losses.update(ast.unparse(t) for t in node.targets)
        return self.generic_visit(node)

    def visit_AnnAssign(self, node):
        if node.annotation is not None:
            self._annotation(node.annotation)
        if node.value is not None:
            node.value = self.visit(node.value)
        return node

    # ------------------------------------------------------------------ expressions
    def visit_Name(self, node):
        if not isinstance(node.ctx, ast.Load) or node.id not in self.aliases:
            return node
        name = self.aliases[node.id]
        if name in ("torch.nn", "torch.nn.functional", "torch"):
            if name == "torch":
                self.todo(f"'{node.id}' (the torch module)", "use mindspore")
            return ast.Name("nn" if name == "torch.nn" else "ops", ast.Load()) if name != "torch" else node
        return self._translate_name(name, node)

    def visit_Attribute(self, node):
        name = self.dotted(node)
        if name is None:
            return self.generic_visit(node)
        return self._translate_name(name, node)

    def _translate_name(self, name, node):
        if name in ("torch.nn", "torch.nn.functional"):
            return ast.Name("nn" if name == "torch.nn" else "ops", ast.Load())
        if not self.class_context and name in rules.ADAPTERS:
            self.adapters.add(name)
            return ast.Name("_torch_" + name.rpartition(".")[2], ast.Load())
        if name in rules.CLASS_BASES:
            return self.ms(rules.CLASS_BASES[name])
        entry = lookup(name)
        if entry is not None and entry["mindspore"] and (entry["status"] == "same" or self.class_context):
            return self.ms(entry["mindspore"])
        hint = f"MindSpore has {entry['mindspore']} ({entry.get('note', '')})" if entry and entry["mindspore"] \
            else "write it with MindSpore ops"
        self.todo(f"'{name}'", hint)
        return node

    def visit_Call(self, node):
        if isinstance(node.func, ast.Name) and node.func.id in ("isinstance", "issubclass") and len(node.args) == 2:
            node.args[0] = self.visit(node.args[0])
            self.class_context += 1
            node.args[1] = self.visit(node.args[1])
            self.class_context -= 1
            return node
        name = self.dotted(node.func)
        if name in rules.INT32_LABEL_FUNCS and len(node.args) >= 2:
            self._visit_args(node)
            node.func = self.ms(rules.INT32_LABEL_FUNCS[name])
            node.args[1] = _int32(node.args[1])
            return node
        if name in ("torch.no_grad", "torch.inference_mode", "torch.enable_grad") and not node.args:
            self.note(node, f"'{name}()' -> mindspore._no_grad(): MindSpore records gradients only inside "
                            "grad functions, so this block needs no switch")
            return ast.Call(ast.Attribute(ast.Name("mindspore", ast.Load()), "_no_grad", ast.Load()), [], [])
        if name is not None and name.startswith("torch"):
            return self._torch_call(name, node)
        if ast.unparse(node.func) in self.int_label_losses and len(node.args) >= 2:
            self._visit_args(node)
            node.args[1] = _int32(node.args[1])
            self.note(node, "labels cast to int32: MindSpore's CrossEntropyLoss/NLLLoss take int32 class indices")
            return node
        if isinstance(node.func, ast.Attribute) and node.func.attr in ("to", *_PLACEMENT_METHODS) \
                and self._placement(node):
            return self.visit(node.func.value)
        self.generic_visit(node)
        return self._method(node)

    def _placement(self, node):
        """``.cuda()``/``.cpu()``/``.to(device)``: removed (MindSpore places tensors itself)."""
        if node.func.attr == "to":
            args = node.args + [k.value for k in node.keywords if k.arg in ("device", "dtype")]
            dtype_args = [a for a in args if (self.dotted(a) or "").startswith("torch.") and
                          isinstance(_resolve_torch(self.dotted(a)), torch.dtype)]
            if dtype_args or any(k.arg == "dtype" for k in node.keywords):
                return False
        self.note(node, f"'.{node.func.attr}(...)' removed: MindSpore places tensors and Cells on the device "
                        "set by mindspore.set_context(device_target=...)")
        return True

    def _method(self, node):
        f = node.func
        if not isinstance(f, ast.Attribute):
            return node
        if f.attr == "size":  # Tensor.size is the element count in MindSpore
            shape = ast.Attribute(f.value, "shape", ast.Load())
            if not node.args and not node.keywords:
                return shape
            if len(node.args) == 1 and not node.keywords:
                return ast.Subscript(shape, node.args[0], ast.Load())
        if f.attr in ("train", "eval") and not node.keywords and len(node.args) <= (f.attr == "train"):
            flag = node.args[0] if node.args else ast.Constant(f.attr == "train")
            return ast.Call(ast.Attribute(f.value, "set_train", ast.Load()), [flag], [])
        if f.attr == "to" and len(node.args) == 1 and not node.keywords:
            return ast.Call(ast.Attribute(f.value, "astype", ast.Load()), node.args, [])
        if f.attr == "transpose" and len(node.args) == 2 and not node.keywords:
            return ast.Call(ast.Attribute(f.value, "swapaxes", ast.Load()), node.args, [])
        if f.attr == "modules" and not node.args and not node.keywords:
            cells = ast.Call(ast.Attribute(f.value, "cells_and_names", ast.Load()), [], [])
            return ast.GeneratorExp(ast.Name("_cell", ast.Load()), [ast.comprehension(
                ast.Tuple([ast.Name("_", ast.Store()), ast.Name("_cell", ast.Store())], ast.Store()), cells, [], 0)])
        if f.attr in _METHOD_RENAMES and isinstance(f.value, ast.Name) and f.value.id == "self":
            return ast.Call(ast.Attribute(f.value, _METHOD_RENAMES[f.attr], ast.Load()), node.args, node.keywords)
        if f.attr in ("backward", "zero_grad", "step") and not node.args:
            self.todo(f"'.{f.attr}()'", "train with mindspore.value_and_grad and optimizer(grads)")
        return node

    def _visit_args(self, node):
        node.args = [self.visit(a) for a in node.args]
        for k in node.keywords:
            k.value = self.visit(k.value)

    def _torch_call(self, name, node):
        if name in rules.INITS:
            return self._init(name, node)
        if name == "torch.device":  # its arguments (torch.cuda.is_available()...) go with it
            return rules.FUNCS[name](self, {}, node)
        self._visit_args(node)
        dropped = [k for k in node.keywords if k.arg in rules.DROPPED_KWARGS]
        if dropped:
            node.keywords = [k for k in node.keywords if k.arg not in rules.DROPPED_KWARGS]
            self.note(node, f"'{name}': {', '.join(k.arg + '=' for k in dropped)} dropped (MindSpore places "
                            "tensors itself)")
        handler = rules.LAYERS.get(name) or rules.FUNCS.get(name)
        if handler is not None:
            target = rules.SIGNATURES.get(name) or _resolve_torch(name)
            params = rules.bind(target, node) if target is not None else None
            if params is not None:
                saved = len(self.pending)
                result = handler(self, params, node)
                if result is not None:
                    return result
                if len(self.pending) > saved:
                    return node
        if name in rules.ADAPTERS:
            self.adapters.add(name)
            node.func = ast.Name("_torch_" + name.rpartition(".")[2], ast.Load())
            return node
        entry = lookup(name)
        if entry is not None and entry["status"] == "same" and entry["mindspore"]:
            node.func = self.ms(entry["mindspore"])
            return node
        hint = f"MindSpore has {entry['mindspore']} ({entry.get('note', '')})" if entry and entry["mindspore"] \
            else "write it with MindSpore ops"
        self.todo(f"'{name}(...)'", hint)
        return node

    def _init(self, name, node):
        """``nn.init.X_(m.weight, ...)`` -> ``_torch_init(m, "weight", X(...))``."""
        ms_init, sig, renames = rules.INITS[name]
        self._visit_args(node)
        params = rules.bind(sig, node)
        if params is None:
            self.todo(f"'{name}(...)'", "use mindspore.common.initializer with Parameter.set_data")
            return node
        target = params.pop("tensor")
        params.pop("generator", None)
        init = ast.Call(ast.Name(ms_init, ast.Load()), [], self.kw([(renames[k], v) for k, v in params.items()]))
        self.helpers.add("_torch_init")
        self.helpers.add(f"init:{ms_init}")
        if isinstance(target, ast.Attribute):
            args = [target.value, ast.Constant(target.attr), init]
        else:
            args = [target, ast.Constant(None), init]
        return ast.Call(ast.Name("_torch_init", ast.Load()), args, [])


def _int32(label):
    return ast.Call(ast.Attribute(label, "astype", ast.Load()),
                    [ast.Attribute(ast.Name("mindspore", ast.Load()), "int32", ast.Load())], [])


def _header_position(tree, src):
    """Where the MindSpore imports go: after the docstring and ``from __future__`` imports, before
    the first other statement (comments and licence header above it stay where they are)."""
    body = tree.body
    i = 0
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \
            and isinstance(body[0].value.value, str):
        i = 1
    while i < len(body) and isinstance(body[i], ast.ImportFrom) and body[i].module == "__future__":
        i += 1
    if i < len(body):
        first = body[i]
        line = min([first.lineno] + [d.lineno for d in getattr(first, "decorator_list", [])])
        return src.starts[line - 1]
    return len(src.text)


def _apply(text, edits):
    """Apply non-overlapping edits; an edit inside another one is dropped (the outer one's text
    already holds it). Insertions (empty spans) at the same place keep their order."""
    chosen = []
    for a, b, new in sorted(edits, key=lambda e: (e[0], e[0] != e[1], -(e[1] - e[0]))):
        if chosen and a < chosen[-1][1] and b <= chosen[-1][1] and a != b:
            continue  # contained in the previous, wider edit
        if chosen and a == b and a < chosen[-1][1] and chosen[-1][0] < a:
            continue
        chosen.append((a, b, new))
    out = []
    pos = 0
    for a, b, new in chosen:
        if a < pos:
            continue
        out.append(text[pos:a])
        out.append(new)
        pos = b
    out.append(text[pos:])
    return "".join(out)


def _preamble(t, extra=""):
    lines = ["import mindspore", "from mindspore import nn, ops"]
    inits = sorted(h.split(":", 1)[1] for h in t.helpers if h.startswith("init:"))
    if inits:
        lines.append(f"from mindspore.common.initializer import {', '.join(inits)}, initializer")
    blocks = ["\n".join(lines) + "\n"]
    blocks += [rules.ADAPTERS[name] for name in sorted(t.adapters)]
    blocks += [rules.HELPERS[h] for h in sorted(t.helpers) if h in rules.HELPERS]
    if extra:
        blocks.append(extra)
    return "\n\n".join(blocks) + "\n\n"


def _translate(source, filename="<source>", local_modules=(), inline=None):
    """Translate ``source``; ``inline(node, translator)`` returns the text replacing a relative import."""
    tree = ast.parse(source, filename=filename)
    t = _Translator(source, local_modules)
    if inline is not None:
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and node.level:
                t.edits.append((*t.src.span(node), inline(node, t)))
    t.visit(tree)
    pos = _header_position(tree, t.src)
    body = _apply(source, [e for e in t.edits])
    # the header goes where the first statement was; edits before it do not move it (imports removed
    # there leave empty text)
    head_len = len(_apply(source[:pos], [e for e in t.edits if e[1] <= pos]))
    return t, body, head_len


def translate(source, filename="<source>", report=False):
    """Return the MindSpore source for the PyTorch ``source`` (a ``Translation`` when ``report``)."""
    t, body, pos = _translate(source, filename)
    text = body[:pos] + _preamble(t) + body[pos:]
    text = re.sub(r"\n{4,}", "\n\n\n", text)
    result = Translation(text, sorted(t.todos), sorted(t.notes))
    return result if report else text


def translate_file(src, dst=None, report=False):
    """Translate the file ``src`` (following its relative imports into model code); write ``dst``
    when given. Returns the source text (a ``Translation`` when ``report``)."""
    from .translate_imports import translate_with_imports
    result = translate_with_imports(os.fspath(src))
    if dst is not None:
        with open(dst, "w", encoding="utf-8") as f:
            f.write(result.text)
    return result if report else result.text


@contextlib.contextmanager
def _mindspore_alias():
    """``import mindspore`` gives sporetorch inside the block only."""
    from .. import compat
    before = {k for k in sys.modules if k == "mindspore" or k.startswith("mindspore.")}
    finders, path, env_path = list(sys.meta_path), list(sys.path), os.environ.get("PYTHONPATH")
    compat.alias_as_mindspore()
    try:
        yield
    finally:
        for k in [k for k in sys.modules if (k == "mindspore" or k.startswith("mindspore.")) and k not in before]:
            del sys.modules[k]
        sys.meta_path[:] = finders
        sys.path[:] = path  # the alias also puts its spawn shim on the path of this process and its children
        if env_path is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = env_path


def _load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _package_of(path):
    """``(root dir, dotted module name)`` of a file inside a package (``__init__.py`` above it), else None."""
    path = os.path.abspath(path)
    d, parts = os.path.dirname(path), [os.path.splitext(os.path.basename(path))[0]]
    if not os.path.exists(os.path.join(d, "__init__.py")):
        return None
    while os.path.exists(os.path.join(d, "__init__.py")):
        parts.append(os.path.basename(d))
        d = os.path.dirname(d)
    return d, ".".join(parts[::-1])


@contextlib.contextmanager
def _no_fake_registration():
    """torch.library.register_fake as a no-op: packages that register fake kernels for their own
    compiled ops (torchvision) import on a torch without those ops."""
    lib = torch.library
    saved = getattr(lib, "register_fake", None)
    lib.register_fake = lambda *a, **k: (lambda fn: fn)
    try:
        yield
    finally:
        if saved is not None:
            lib.register_fake = saved


def load_torch_source(path):
    """Import a torch source file: through its package when it sits in one (relative imports work)."""
    pkg = _package_of(path)
    if pkg is None:
        return _load(path, f"_sporetorch_verify_torch_{abs(hash(str(path)))}")
    root, name = pkg
    if root not in sys.path:
        sys.path.insert(0, root)
    with _no_fake_registration():
        return importlib.import_module(name)


def verify(torch_file, ms_file, class_name, input_shape, args=(), seed=0, mindspore_python=None, ms_rtol=1e-5,
           **compare_kwargs):
    """Build ``class_name(*args)`` (a class or a factory) from both files, give them the same weights
    and run the difference finder on a random input of ``input_shape``. Returns the ``DiffReport``.

    With ``mindspore_python`` (the interpreter of a MindSpore 2.10 environment), the translated
    file also runs there from the converted weights; ``report.mindspore_check`` holds the result
    (``ms_check.check_model_on_mindspore``) and ``report.ok`` includes it (within ``ms_rtol``)."""
    from .finder import compare
    from .reproducibility import fix_random
    t_mod = load_torch_source(torch_file)
    with _mindspore_alias():
        m_mod = _load(ms_file, f"_sporetorch_verify_ms_{abs(hash(str(ms_file)))}")
        with fix_random(seed, deterministic=False):
            t_net = getattr(t_mod, class_name)(*args)
            m_net = getattr(m_mod, class_name)(*args)
            x = torch.randn(*input_shape)
        report = compare(t_net, m_net, x, seed=seed, **compare_kwargs)
    report.mindspore_check = None
    if mindspore_python:
        from .ms_check import check_model_on_mindspore
        report.mindspore_check = check_model_on_mindspore(t_net, m_net, ms_file, class_name, (x,), mindspore_python,
                                                          rtol=ms_rtol)
        if not report.mindspore_check["ok"] and report.first_divergence is None:
            report.first_divergence = {"phase": "MindSpore run", "index": 0, "torch": "<output>",
                                       "mindspore": "<output>", "causes": []}
    return report
