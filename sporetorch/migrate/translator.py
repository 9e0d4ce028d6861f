"""Rewrite a PyTorch ``nn.Module`` file into a MindSpore ``nn.Cell`` file, with ``ast``.

Translated: classes derived from ``nn.Module`` (→ ``nn.Cell``, ``forward`` → ``construct``), the
common layers with their arguments mapped to MindSpore's (Conv ``padding`` → ``pad_mode='pad'`` and
``has_bias``, Linear → Dense, BatchNorm ``momentum`` → ``1 - momentum``, pooling's default stride,
Dropout ``p``, LayerNorm ``epsilon``, GELU's ``approximate``, LeakyReLU's slope...), ``nn.Sequential``
/ ``nn.ModuleList`` / ``nn.ModuleDict``, functional calls (``F.relu``, ``torch.flatten``,
``torch.cat``...) and ``x.size()``. Every other ``torch`` construct is left as it was, under a
``# TODO(sporetorch translate): ...`` comment that says what to do.

``verify(torch_file, ms_file, class_name, input_shape)`` imports both files (the MindSpore one
with ``mindspore`` aliased to sporetorch for the duration of the import) and runs the difference
finder on them.
"""
import ast
import contextlib
import importlib.util
import inspect
import os
import re
import sys

import torch

from .scan import lookup

__all__ = ["translate", "translate_file", "verify", "TODO_MARK"]

TODO_MARK = "TODO(sporetorch translate)"
_TODO_CALL = "__sporetorch_todo__"


def _const(v):
    return ast.Constant(v)


def _num(node):
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return node.value
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub) and _num(node.operand) is not None:
        return -_num(node.operand)
    return None


def _ints(node):
    """An int, or a tuple/list of ints, from a literal node; else None."""
    v = _num(node)
    if isinstance(v, int):
        return v
    if isinstance(node, (ast.Tuple, ast.List)):
        vals = [_num(e) for e in node.elts]
        if all(isinstance(x, int) for x in vals):
            return tuple(vals)
    return None


def _bind(torch_callable, call):
    """Bind a call's AST arguments to the torch signature: ``{param: node}`` or None."""
    try:
        sig = inspect.signature(torch_callable)
        bound = sig.bind(*call.args, **{k.arg: k.value for k in call.keywords if k.arg})
    except (TypeError, ValueError):
        return None
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    return dict(bound.arguments)


def _resolve_torch(path):
    obj = torch
    for part in path.split(".")[1:]:
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj


class _Translator(ast.NodeTransformer):
    def __init__(self):
        self.aliases = {}
        self.todos = []
        self.module_classes = set()

    # ------------------------------------------------------------------ names
    def _dotted(self, node):
        parts = []
        while isinstance(node, ast.Attribute):
            parts.append(node.attr)
            node = node.value
        if isinstance(node, ast.Name) and node.id in self.aliases:
            return ".".join([self.aliases[node.id]] + parts[::-1])
        return None

    @staticmethod
    def _ms(name):
        """``nn.X`` / ``ops.x`` / ``mindspore.x`` node for a MindSpore API name."""
        parts = name.split(".")
        if parts[:2] in (["mindspore", "nn"], ["mindspore", "ops"]):
            parts = parts[1:]
        node = ast.Name(parts[0], ast.Load())
        for p in parts[1:]:
            node = ast.Attribute(node, p, ast.Load())
        return node

    def _todo(self, text):
        self.todos.append(text)

    # ------------------------------------------------------------------ statements
    def _visit_body(self, body):
        out = []
        for stmt in body:
            saved, self.todos = self.todos, []
            new = self.visit(stmt)
            todos, self.todos = self.todos, saved
            for t in dict.fromkeys(todos):
                out.append(ast.Expr(ast.Call(ast.Name(_TODO_CALL, ast.Load()), [_const(t)], [])))
            if new is None:
                continue
            out.extend(new if isinstance(new, list) else [new])
        return out

    def generic_visit(self, node):
        for field in ("body", "orelse", "finalbody"):
            value = getattr(node, field, None)
            if isinstance(value, list) and value and isinstance(value[0], ast.stmt):
                setattr(node, field, self._visit_body(value))
        for field, value in ast.iter_fields(node):
            if field in ("body", "orelse", "finalbody") and isinstance(value, list) and value \
                    and isinstance(value[0], ast.stmt):
                continue
            if isinstance(value, list):
                new = []
                for item in value:
                    if isinstance(item, ast.AST):
                        item = self.visit(item)
                        if item is None:
                            continue
                    new.append(item)
                setattr(node, field, new)
            elif isinstance(value, ast.AST):
                setattr(node, field, self.visit(value))
        return node

    def visit_Module(self, node):
        for stmt in ast.walk(node):
            if isinstance(stmt, ast.Import):
                for a in stmt.names:
                    if a.name.split(".")[0] == "torch":
                        self.aliases[a.asname or a.name.split(".")[0]] = a.name if a.asname else "torch"
            elif isinstance(stmt, ast.ImportFrom) and stmt.module and stmt.module.split(".")[0] == "torch":
                for a in stmt.names:
                    self.aliases[a.asname or a.name] = f"{stmt.module}.{a.name}"
        body = self._visit_body(node.body)
        header = ast.parse("import mindspore\nfrom mindspore import nn, ops\n").body
        node.body = header + body
        return node

    def visit_Import(self, node):
        keep = [a for a in node.names if a.name.split(".")[0] != "torch"]
        if not keep:
            return None
        node.names = keep
        return node

    def visit_ImportFrom(self, node):
        if node.module and node.module.split(".")[0] == "torch" and not node.level:
            for a in node.names:
                full = f"{node.module}.{a.name}"
                if full not in ("torch.nn", "torch.nn.functional") and lookup(full) is None:
                    self._todo(f"'{full}' is imported from torch: import its MindSpore counterpart")
            return None
        return node

    def visit_ClassDef(self, node):
        is_module = False
        for i, base in enumerate(node.bases):
            name = self._dotted(base)
            if name == "torch.nn.Module" or (isinstance(base, ast.Name) and base.id in self.module_classes):
                is_module = True
                if name == "torch.nn.Module":
                    node.bases[i] = self._ms("mindspore.nn.Cell")
        if is_module:
            self.module_classes.add(node.name)
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "forward":
                    item.name = "construct"
        node.body = self._visit_body(node.body)
        node.decorator_list = [self.visit(d) for d in node.decorator_list]
        return node

    # ------------------------------------------------------------------ expressions
    def visit_Call(self, node):
        name = self._dotted(node.func)
        if name is not None and name.startswith("torch"):
            node.args = [self.visit(a) for a in node.args]
            for k in node.keywords:
                k.value = self.visit(k.value)
            new = self._call(name, node)
            return new if new is not None else node
        self.generic_visit(node)
        return self._method(node)

    def visit_Attribute(self, node):
        name = self._dotted(node)
        if name is None:
            return self.generic_visit(node)
        entry = lookup(name)
        if entry is not None and entry["status"] == "same" and entry["mindspore"]:
            return ast.copy_location(self._ms(entry["mindspore"]), node)
        self._todo(f"'{name}' has no automatic translation" + (f"; MindSpore: {entry['mindspore']} "
                   f"({entry.get('note', '')})" if entry and entry["mindspore"] else ""))
        return node

    def _method(self, node):
        f = node.func
        if isinstance(f, ast.Attribute) and f.attr == "size":  # Tensor.size is the element count in MindSpore
            shape = ast.Attribute(f.value, "shape", ast.Load())
            if not node.args and not node.keywords:
                return ast.copy_location(shape, node)
            if len(node.args) == 1 and not node.keywords:
                return ast.copy_location(ast.Subscript(shape, node.args[0], ast.Load()), node)
        if isinstance(f, ast.Attribute) and f.attr in ("cuda", "cpu", "to", "backward", "zero_grad", "step"):
            self._todo(f"'.{f.attr}(...)' has no Cell/Tensor counterpart: remove it or use MindSpore's way")
        return node

    def _call(self, name, node):
        handler = _LAYERS.get(name) or _FUNCS.get(name)
        if handler is not None:
            target = _SIGNATURES.get(name) or _resolve_torch(name)
            params = _bind(target, node) if target is not None else None
            if params is not None:
                result = handler(self, params, node)
                if result is not None:
                    return ast.copy_location(result, node)
        entry = lookup(name)
        if entry is not None and entry["status"] == "same" and entry["mindspore"]:
            node.func = self._ms(entry["mindspore"])
            return node
        hint = f"; MindSpore: {entry['mindspore']} ({entry.get('note', '')})" if entry and entry["mindspore"] else ""
        self._todo(f"'{name}(...)' was not translated{hint}")
        return None

    def kw(self, pairs):
        return [ast.keyword(k, v if isinstance(v, ast.AST) else _const(v)) for k, v in pairs if v is not None]


def _call(func, args, keywords):
    return ast.Call(func, list(args), keywords)


def _conv(t, p, node, dims, ms_name):
    if "padding_mode" in p and not (isinstance(p["padding_mode"], ast.Constant) and p["padding_mode"].value == "zeros"):
        t._todo("padding_mode other than 'zeros': pad the input with ops.pad first")
        return None
    pad = p.get("padding")
    pad_val = _ints(pad) if pad is not None else 0
    if isinstance(pad, ast.Constant) and pad.value in ("same", "valid"):
        mode, padding = pad.value, None
    elif pad_val == 0 or pad_val == (0,) * dims:
        mode, padding = "valid", None
    elif isinstance(pad_val, tuple) and dims > 1:
        mode, padding = "pad", ast.Tuple([_const(v) for v in pad_val for _ in (0, 1)], ast.Load())
    else:
        mode, padding = "pad", pad
    bias = p.get("bias", _const(True))
    keys = [("stride", p.get("stride")), ("pad_mode", mode), ("padding", padding), ("dilation", p.get("dilation")),
            ("group", p.get("groups")), ("has_bias", bias)]
    args = [p["in_channels"], p["out_channels"], p["kernel_size"]]
    return _call(t._ms(ms_name), args, t.kw(keys))


def _linear(t, p, node):
    return _call(t._ms("mindspore.nn.Dense"), [p["in_features"], p["out_features"]],
                 t.kw([("has_bias", p.get("bias"))]))


def _batchnorm(ms_name):
    def handler(t, p, node):
        m = p.get("momentum")
        if m is None:
            momentum = 0.9
        elif _num(m) is not None:
            momentum = round(1 - _num(m), 10)
        else:
            momentum = ast.BinOp(_const(1.0), ast.Sub(), m)
        track = p.get("track_running_stats")
        if track is not None and not (isinstance(track, ast.Constant) and track.value is True):
            t._todo("track_running_stats=False: use use_batch_statistics=True")
        return _call(t._ms(ms_name), [p["num_features"]], t.kw([("eps", p.get("eps")), ("momentum", momentum),
                                                                  ("affine", p.get("affine"))]))
    return handler


def _pool(ms_name, avg):
    def handler(t, p, node):
        k = p["kernel_size"]
        stride = p.get("stride")
        if stride is None or (isinstance(stride, ast.Constant) and stride.value is None):
            stride = k  # torch's default stride is the kernel size, MindSpore's is 1
        pad = p.get("padding")
        pv = _ints(pad) if pad is not None else 0
        mode, padding = ("valid", None) if pv in (0, (0, 0), (0,)) else ("pad", pad)
        keys = [("kernel_size", k), ("stride", stride), ("pad_mode", mode), ("padding", padding),
                ("ceil_mode", p.get("ceil_mode"))]
        if avg:
            keys += [("count_include_pad", p.get("count_include_pad")), ("divisor_override", p.get("divisor_override"))]
        elif p.get("dilation") is not None:
            keys.append(("dilation", p["dilation"]))
        if not avg and p.get("return_indices") is not None:
            keys.append(("return_indices", p["return_indices"]))
        return _call(t._ms(ms_name), [], t.kw(keys))
    return handler


def _same_layer(ms_name, drop=(), rename=None):
    """A layer whose arguments carry over (minus ``drop``, with ``rename``)."""
    rename = rename or {}

    def handler(t, p, node):
        return _call(t._ms(ms_name), [], t.kw([(rename.get(k, k), v) for k, v in p.items() if k not in drop]))
    return handler


def _dropout(t, p, node):
    return _call(t._ms("mindspore.nn.Dropout"), [], t.kw([("p", p.get("p", _const(0.5)))]))


def _layernorm(t, p, node):
    shape = p["normalized_shape"]
    n = len(shape.elts) if isinstance(shape, (ast.Tuple, ast.List)) else 1
    shape = shape if isinstance(shape, (ast.Tuple, ast.List)) else ast.Tuple([shape], ast.Load())
    if p.get("elementwise_affine") is not None and not (isinstance(p["elementwise_affine"], ast.Constant)
                                                        and p["elementwise_affine"].value is True):
        t._todo("elementwise_affine=False: freeze gamma/beta (requires_grad=False)")
    return _call(t._ms("mindspore.nn.LayerNorm"), [shape],
                 t.kw([("begin_norm_axis", -n), ("begin_params_axis", -n), ("epsilon", p.get("eps", _const(1e-5)))]))


def _gelu(t, p, node):
    a = p.get("approximate")
    tanh = isinstance(a, ast.Constant) and a.value == "tanh"
    if a is not None and not isinstance(a, ast.Constant):
        return None
    return _call(t._ms("mindspore.nn.GELU"), [], t.kw([("approximate", tanh)]))


def _leaky(t, p, node):
    return _call(t._ms("mindspore.nn.LeakyReLU"), [], t.kw([("alpha", p.get("negative_slope", _const(0.01)))]))


def _softmax(ms_name):
    def handler(t, p, node):
        dim = p.get("dim")
        if dim is None or (isinstance(dim, ast.Constant) and dim.value is None):
            t._todo("Softmax without dim: torch picks the axis from the rank; MindSpore uses axis=-1")
            dim = _const(-1)
        return _call(t._ms(ms_name), [], t.kw([("axis", dim)]))
    return handler


def _sequential(t, p, node):
    args = p.get("args", ())
    if len(args) == 1 and not isinstance(args[0], ast.Starred) and isinstance(args[0], ast.Call) \
            and t._dotted(args[0].func) in ("collections.OrderedDict",) or (
            len(args) == 1 and isinstance(args[0], ast.Call) and isinstance(args[0].func, ast.Name)
            and args[0].func.id == "OrderedDict"):
        return _call(t._ms("mindspore.nn.SequentialCell"), [args[0]], [])
    return _call(t._ms("mindspore.nn.SequentialCell"), [ast.List(list(args), ast.Load())], [])


def _container(ms_name):
    def handler(t, p, node):
        return _call(t._ms(ms_name), [v for v in p.values()], [])
    return handler


def _embedding(t, p, node):
    extra = [k for k in ("max_norm", "scale_grad_by_freq", "sparse") if p.get(k) is not None]
    if extra:
        t._todo(f"Embedding arguments {extra} have no MindSpore counterpart")
    return _call(t._ms("mindspore.nn.Embedding"), [p["num_embeddings"], p["embedding_dim"]],
                 t.kw([("padding_idx", p.get("padding_idx"))]))


def _activation(ms_name):
    def handler(t, p, node):
        return _call(t._ms(ms_name), [], [])
    return handler


_LAYERS = {
    "torch.nn.Conv1d": lambda t, p, n: _conv(t, p, n, 1, "mindspore.nn.Conv1d"),
    "torch.nn.Conv2d": lambda t, p, n: _conv(t, p, n, 2, "mindspore.nn.Conv2d"),
    "torch.nn.Conv3d": lambda t, p, n: _conv(t, p, n, 3, "mindspore.nn.Conv3d"),
    "torch.nn.Linear": _linear,
    "torch.nn.BatchNorm1d": _batchnorm("mindspore.nn.BatchNorm1d"),
    "torch.nn.BatchNorm2d": _batchnorm("mindspore.nn.BatchNorm2d"),
    "torch.nn.BatchNorm3d": _batchnorm("mindspore.nn.BatchNorm3d"),
    "torch.nn.MaxPool1d": _pool("mindspore.nn.MaxPool1d", False),
    "torch.nn.MaxPool2d": _pool("mindspore.nn.MaxPool2d", False),
    "torch.nn.AvgPool1d": _pool("mindspore.nn.AvgPool1d", True),
    "torch.nn.AvgPool2d": _pool("mindspore.nn.AvgPool2d", True),
    "torch.nn.AdaptiveAvgPool1d": _same_layer("mindspore.nn.AdaptiveAvgPool1d"),
    "torch.nn.AdaptiveAvgPool2d": _same_layer("mindspore.nn.AdaptiveAvgPool2d"),
    "torch.nn.AdaptiveMaxPool2d": _same_layer("mindspore.nn.AdaptiveMaxPool2d"),
    "torch.nn.Flatten": _same_layer("mindspore.nn.Flatten"),
    "torch.nn.Dropout": _dropout,
    "torch.nn.LayerNorm": _layernorm,
    "torch.nn.Embedding": _embedding,
    "torch.nn.GELU": _gelu,
    "torch.nn.LeakyReLU": _leaky,
    "torch.nn.Softmax": _softmax("mindspore.nn.Softmax"),
    "torch.nn.LogSoftmax": _softmax("mindspore.nn.LogSoftmax"),
    "torch.nn.ReLU": _activation("mindspore.nn.ReLU"),
    "torch.nn.ReLU6": _activation("mindspore.nn.ReLU6"),
    "torch.nn.Sigmoid": _activation("mindspore.nn.Sigmoid"),
    "torch.nn.Tanh": _activation("mindspore.nn.Tanh"),
    "torch.nn.SiLU": _activation("mindspore.nn.SiLU"),
    "torch.nn.Identity": _activation("mindspore.nn.Identity"),
    "torch.nn.Sequential": _sequential,
    "torch.nn.ModuleList": _container("mindspore.nn.CellList"),
    "torch.nn.ModuleDict": _container("mindspore.nn.CellDict"),
}


def _f_simple(ms_name, rename=None, drop=("inplace",)):
    rename = rename or {}

    def handler(t, p, node):
        first, *rest = list(p.items())
        return _call(t._ms(ms_name), [first[1]], t.kw([(rename.get(k, k), v) for k, v in rest if k not in drop]))
    return handler


def _f_flatten(t, p, node):
    return _call(t._ms("mindspore.ops.flatten"), [p["input"]],
                 t.kw([("start_dim", p.get("start_dim", _const(0))), ("end_dim", p.get("end_dim"))]))


def _f_pool(ms_name, avg):
    def handler(t, p, node):
        k = p["kernel_size"]
        stride = p.get("stride")
        if stride is None or (isinstance(stride, ast.Constant) and stride.value is None):
            stride = k
        keys = [("kernel_size", k), ("stride", stride), ("padding", p.get("padding")),
                ("ceil_mode", p.get("ceil_mode"))]
        if avg:
            keys += [("count_include_pad", p.get("count_include_pad"))]
        return _call(t._ms(ms_name), [p["input"]], t.kw(keys))
    return handler


def _f_dropout(t, p, node):
    return _call(t._ms("mindspore.ops.dropout"), [p["input"]],
                 t.kw([("p", p.get("p")), ("training", p.get("training", _const(True)))]))


_FUNCS = {
    "torch.nn.functional.relu": _f_simple("mindspore.ops.relu"),
    "torch.relu": _f_simple("mindspore.ops.relu"),
    "torch.nn.functional.relu6": _f_simple("mindspore.ops.relu6"),
    "torch.sigmoid": _f_simple("mindspore.ops.sigmoid"),
    "torch.nn.functional.sigmoid": _f_simple("mindspore.ops.sigmoid"),
    "torch.tanh": _f_simple("mindspore.ops.tanh"),
    "torch.nn.functional.silu": _f_simple("mindspore.ops.silu"),
    "torch.nn.functional.gelu": _f_simple("mindspore.ops.gelu"),
    "torch.nn.functional.softmax": _f_simple("mindspore.ops.softmax", {"dim": "axis"}, ("_stacklevel", "dtype")),
    "torch.softmax": _f_simple("mindspore.ops.softmax", {"dim": "axis"}, ("dtype",)),
    "torch.nn.functional.log_softmax": _f_simple("mindspore.ops.log_softmax", {"dim": "axis"},
                                                 ("_stacklevel", "dtype")),
    "torch.flatten": _f_flatten,
    "torch.cat": lambda t, p, n: _call(t._ms("mindspore.ops.cat"), [p["tensors"]], t.kw([("axis", p.get("dim"))])),
    "torch.concat": lambda t, p, n: _call(t._ms("mindspore.ops.cat"), [p["tensors"]], t.kw([("axis", p.get("dim"))])),
    "torch.stack": lambda t, p, n: _call(t._ms("mindspore.ops.stack"), [p["tensors"]], t.kw([("axis", p.get("dim"))])),
    "torch.nn.functional.max_pool2d": _f_pool("mindspore.ops.max_pool2d", False),
    "torch.nn.functional.avg_pool2d": _f_pool("mindspore.ops.avg_pool2d", True),
    "torch.nn.functional.adaptive_avg_pool2d": _f_simple("mindspore.ops.adaptive_avg_pool2d"),
    "torch.nn.functional.dropout": _f_dropout,
}


def _stub(text):
    """A function with the given torch signature (torch's builtins have none to inspect)."""
    namespace = {}
    exec(f"def f({text}): pass", namespace)  # noqa: S102 - a constant signature written here
    return namespace["f"]


_SIGNATURES = {
    "torch.flatten": _stub("input, start_dim=0, end_dim=-1"),
    "torch.cat": _stub("tensors, dim=0"), "torch.concat": _stub("tensors, dim=0"),
    "torch.stack": _stub("tensors, dim=0"),
    "torch.relu": _stub("input"), "torch.sigmoid": _stub("input"), "torch.tanh": _stub("input"),
    "torch.softmax": _stub("input, dim, dtype=None"),
    "torch.nn.functional.relu": _stub("input, inplace=False"),
    "torch.nn.functional.relu6": _stub("input, inplace=False"),
    "torch.nn.functional.sigmoid": _stub("input"),
    "torch.nn.functional.silu": _stub("input, inplace=False"),
    "torch.nn.functional.gelu": _stub("input, approximate='none'"),
    "torch.nn.functional.softmax": _stub("input, dim=None, _stacklevel=3, dtype=None"),
    "torch.nn.functional.log_softmax": _stub("input, dim=None, _stacklevel=3, dtype=None"),
    "torch.nn.functional.max_pool2d": _stub("input, kernel_size, stride=None, padding=0, dilation=1, "
                                            "ceil_mode=False, return_indices=False"),
    "torch.nn.functional.avg_pool2d": _stub("input, kernel_size, stride=None, padding=0, ceil_mode=False, "
                                            "count_include_pad=True, divisor_override=None"),
    "torch.nn.functional.adaptive_avg_pool2d": _stub("input, output_size"),
    "torch.nn.functional.dropout": _stub("input, p=0.5, training=True, inplace=False"),
}


def translate(source, filename="<source>"):
    """Return the MindSpore source for the PyTorch ``source``."""
    tree = ast.parse(source, filename=filename)
    t = _Translator()
    tree = t.visit(tree)
    ast.fix_missing_locations(tree)
    text = ast.unparse(tree)
    pattern = re.compile(rf"^(\s*){_TODO_CALL}\((.*)\)$", re.M)
    text = pattern.sub(lambda m: f"{m.group(1)}# {TODO_MARK}: {ast.literal_eval(m.group(2))}", text)
    return f'"""Translated from {filename} by sporetorch migrate translate; check every {TODO_MARK}."""\n' + \
        text + "\n"


def translate_file(src, dst=None):
    """Translate the file ``src``; write ``dst`` when given. Returns the source text."""
    with open(src, encoding="utf-8") as f:
        text = translate(f.read(), filename=str(src))
    if dst is not None:
        with open(dst, "w", encoding="utf-8") as f:
            f.write(text)
    return text


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


def verify(torch_file, ms_file, class_name, input_shape, args=(), seed=0, **compare_kwargs):
    """Build ``class_name(*args)`` from both files, give them the same weights and run the
    difference finder on a random input of ``input_shape``. Returns the ``DiffReport``."""
    from .finder import compare
    from .reproducibility import fix_random
    t_mod = _load(torch_file, f"_sporetorch_verify_torch_{abs(hash(str(torch_file)))}")
    with _mindspore_alias():
        m_mod = _load(ms_file, f"_sporetorch_verify_ms_{abs(hash(str(ms_file)))}")
    with fix_random(seed, deterministic=False):
        t_net = getattr(t_mod, class_name)(*args)
        m_net = getattr(m_mod, class_name)(*args)
        x = torch.randn(*input_shape)
    return compare(t_net, m_net, x, seed=seed, **compare_kwargs)
