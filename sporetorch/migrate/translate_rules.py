"""The translation rules of ``migrate translate``: torch layer constructors and functional calls
rewritten with MindSpore's argument conventions, torch-signature factories for layer classes used
as values (``norm_layer=nn.BatchNorm2d``), and the runtime helpers a translated file may need
(``torch.nn.init`` on the Parameter torch names, dropped non-model helpers).

Each rule is ``handler(translator, bound_arguments, call_node)`` and returns the new call node, or
None when the call cannot be translated statically (the translator then reports it).
"""
import ast
import inspect

__all__ = ["LAYERS", "FUNCS", "SIGNATURES", "ADAPTERS", "INITS", "HELPERS", "CLASS_BASES", "DROPPED_KWARGS"]


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


def _call(func, args, keywords):
    return ast.Call(func, list(args), keywords)


def _conv(t, p, node, dims, ms_name):
    if "padding_mode" in p and not (isinstance(p["padding_mode"], ast.Constant) and p["padding_mode"].value == "zeros"):
        t.todo("padding_mode other than 'zeros'", "pad the input with ops.pad first, then use pad_mode='valid'")
        return None
    pad = p.get("padding")
    pad_val = _ints(pad) if pad is not None else 0
    if isinstance(pad, ast.Constant) and pad.value in ("same", "valid"):
        mode, padding = pad.value, None
    elif pad_val == 0 or pad_val == (0,) * dims:
        mode, padding = "valid", None
    elif isinstance(pad_val, tuple) and dims > 1:
        mode, padding = "pad", ast.Tuple([_const(v) for v in pad_val for _ in (0, 1)], ast.Load())
    elif pad_val is None and dims > 1:
        return None  # a run-time value that may be a tuple: the torch-signature factory handles it
    else:
        mode, padding = "pad", pad
    bias = p.get("bias", _const(True))
    keys = [("stride", p.get("stride")), ("pad_mode", mode), ("padding", padding), ("dilation", p.get("dilation")),
            ("group", p.get("groups")), ("has_bias", bias)]
    args = [p["in_channels"], p["out_channels"], p["kernel_size"]]
    return _call(t.ms(ms_name), args, t.kw(keys))


def _linear(t, p, node):
    return _call(t.ms("mindspore.nn.Dense"), [p["in_features"], p["out_features"]],
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
            t.todo("BatchNorm track_running_stats=False", "use use_batch_statistics=True")
            return None
        return _call(t.ms(ms_name), [p["num_features"]], t.kw([("eps", p.get("eps")), ("momentum", momentum),
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
        return _call(t.ms(ms_name), [], t.kw(keys))
    return handler


def _same_layer(ms_name, drop=(), rename=None):
    """A layer whose arguments carry over (minus ``drop``, with ``rename``)."""
    rename = rename or {}

    def handler(t, p, node):
        return _call(t.ms(ms_name), [], t.kw([(rename.get(k, k), v) for k, v in p.items() if k not in drop]))
    return handler


def _dropout(t, p, node):
    return _call(t.ms("mindspore.nn.Dropout"), [], t.kw([("p", p.get("p", _const(0.5)))]))


def _layernorm(t, p, node):
    shape = p["normalized_shape"]
    if not isinstance(shape, (ast.Tuple, ast.List)) and not (isinstance(shape, ast.Constant)):
        return None  # a run-time shape: the torch-signature factory handles an int or a tuple
    n = len(shape.elts) if isinstance(shape, (ast.Tuple, ast.List)) else 1
    shape = shape if isinstance(shape, (ast.Tuple, ast.List)) else ast.Tuple([shape], ast.Load())
    if p.get("elementwise_affine") is not None and not (isinstance(p["elementwise_affine"], ast.Constant)
                                                        and p["elementwise_affine"].value is True):
        t.todo("LayerNorm elementwise_affine=False", "freeze gamma/beta (requires_grad=False)")
        return None
    return _call(t.ms("mindspore.nn.LayerNorm"), [shape],
                 t.kw([("begin_norm_axis", -n), ("begin_params_axis", -n), ("epsilon", p.get("eps", _const(1e-5)))]))


def _gelu(t, p, node):
    a = p.get("approximate")
    tanh = isinstance(a, ast.Constant) and a.value == "tanh"
    if a is not None and not isinstance(a, ast.Constant):
        return None
    return _call(t.ms("mindspore.nn.GELU"), [], t.kw([("approximate", tanh)]))


def _leaky(t, p, node):
    return _call(t.ms("mindspore.nn.LeakyReLU"), [], t.kw([("alpha", p.get("negative_slope", _const(0.01)))]))


def _softmax(ms_name):
    def handler(t, p, node):
        dim = p.get("dim")
        if dim is None or (isinstance(dim, ast.Constant) and dim.value is None):
            t.note(node, "Softmax without dim: torch picks the axis from the rank; MindSpore uses axis=-1")
            dim = _const(-1)
        return _call(t.ms(ms_name), [], t.kw([("axis", dim)]))
    return handler


def _sequential(t, p, node):
    args = p.get("args", ())
    if len(args) == 1 and isinstance(args[0], ast.Call) and (
            t.dotted(args[0].func) == "collections.OrderedDict"
            or (isinstance(args[0].func, ast.Name) and args[0].func.id == "OrderedDict")):
        return _call(t.ms("mindspore.nn.SequentialCell"), [args[0]], [])
    if len(args) == 1 and isinstance(args[0], ast.Starred):
        return _call(t.ms("mindspore.nn.SequentialCell"), [args[0].value], [])
    return _call(t.ms("mindspore.nn.SequentialCell"), [ast.List(list(args), ast.Load())], [])


def _container(ms_name):
    def handler(t, p, node):
        return _call(t.ms(ms_name), list(p.values()), [])
    return handler


def _embedding(t, p, node):
    extra = [k for k in ("max_norm", "scale_grad_by_freq", "sparse") if p.get(k) is not None]
    if extra:
        t.todo(f"Embedding arguments {extra}", "MindSpore's Embedding has no counterpart; drop them or clip by hand")
        return None
    return _call(t.ms("mindspore.nn.Embedding"), [p["num_embeddings"], p["embedding_dim"]],
                 t.kw([("padding_idx", p.get("padding_idx"))]))


def _activation(ms_name):
    def handler(t, p, node):
        return _call(t.ms(ms_name), [], [])
    return handler


LAYERS = {
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
    "torch.nn.Hardswish": _activation("mindspore.nn.HSwish"),
    "torch.nn.Hardsigmoid": _activation("mindspore.nn.HSigmoid"),
    "torch.nn.Identity": _activation("mindspore.nn.Identity"),
    "torch.nn.CrossEntropyLoss": _same_layer("mindspore.nn.CrossEntropyLoss"),  # labels: cast where it is called
    "torch.nn.NLLLoss": _same_layer("mindspore.nn.NLLLoss"),
    "torch.nn.Sequential": _sequential,
    "torch.nn.ModuleList": _container("mindspore.nn.CellList"),
    "torch.nn.ModuleDict": _container("mindspore.nn.CellDict"),
}


def _f_simple(ms_name, rename=None, drop=("inplace",)):
    rename = rename or {}

    def handler(t, p, node):
        first, *rest = list(p.items())
        return _call(t.ms(ms_name), [first[1]], t.kw([(rename.get(k, k), v) for k, v in rest if k not in drop]))
    return handler


def _f_positional(ms_name, names):
    """Arguments passed on positionally, in torch's order (same meaning in MindSpore)."""
    def handler(t, p, node):
        return _call(t.ms(ms_name), [p[k] for k in names if k in p], [])
    return handler


def _f_flatten(t, p, node):
    return _call(t.ms("mindspore.ops.flatten"), [p["input"]],
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
        return _call(t.ms(ms_name), [p["input"]], t.kw(keys))
    return handler


def _f_dropout(t, p, node):
    return _call(t.ms("mindspore.ops.dropout"), [p["input"]],
                 t.kw([("p", p.get("p")), ("training", p.get("training", _const(True)))]))


def _f_gelu(t, p, node):
    a = p.get("approximate")
    return _call(t.ms("mindspore.ops.gelu"), [p["input"]], t.kw([("approximate", a)]))


def _creation(ms_name):
    """``torch.zeros(2, 3, dtype=..., device=...)``: the sizes as one tuple, ``device`` dropped."""
    def handler(t, p, node):
        size = list(p.get("size", ()))
        if len(size) == 1 and not isinstance(size[0], ast.Starred):
            shape = size[0]
        elif any(isinstance(s, ast.Starred) for s in size):
            return None
        else:
            shape = ast.Tuple(size, ast.Load())
        for k in ("out", "layout", "pin_memory", "requires_grad", "memory_format"):
            if p.get(k) is not None:
                t.note(node, f"'{k}=' of a tensor creation is dropped: MindSpore has no counterpart")
        return _call(t.ms(ms_name), [shape], t.kw([("dtype", p.get("dtype"))]))
    return handler


def _params_arg(t, node):
    """``model.parameters()`` -> ``model.trainable_params()`` (the optimizer's parameter list)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in (
            "parameters", "get_parameters") and not node.args:
        return ast.Call(ast.Attribute(node.func.value, "trainable_params", ast.Load()), [], [])
    return node


def _betas(p, default):
    b = p.get("betas")
    if b is None:
        return ast.Constant(default[0]), ast.Constant(default[1])
    if isinstance(b, (ast.Tuple, ast.List)) and len(b.elts) == 2:
        return b.elts[0], b.elts[1]
    return ast.Subscript(b, ast.Constant(0), ast.Load()), ast.Subscript(b, ast.Constant(1), ast.Load())


def _float(node):
    """A literal int becomes a float (MindSpore's optimizers check float arguments)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, int) and not isinstance(node.value, bool):
        return ast.Constant(float(node.value))
    return node


def _sgd(t, p, node):
    keys = [("learning_rate", _float(p.get("lr", ast.Constant(0.001)))), ("momentum", _float(p.get("momentum"))),
            ("dampening", _float(p.get("dampening"))), ("weight_decay", _float(p.get("weight_decay"))),
            ("nesterov", p.get("nesterov"))]
    return _call(t.ms("mindspore.nn.SGD"), [_params_arg(t, p["params"])], t.kw(keys))


def _adam(ms_name, default_wd):
    def handler(t, p, node):
        if p.get("amsgrad") is not None and not (isinstance(p["amsgrad"], ast.Constant) and not p["amsgrad"].value):
            t.todo("Adam amsgrad=True", "MindSpore's Adam has no amsgrad; use mindspore.nn.Adam with use_amsgrad "
                                        "(Ascend) or keep amsgrad off")
            return None
        b1, b2 = _betas(p, (0.9, 0.999))
        keys = [("learning_rate", _float(p.get("lr", ast.Constant(0.001)))), ("beta1", b1), ("beta2", b2),
                ("eps", p.get("eps", ast.Constant(1e-8))),
                ("weight_decay", _float(p.get("weight_decay", ast.Constant(default_wd))))]
        return _call(t.ms(ms_name), [_params_arg(t, p["params"])], t.kw(keys))
    return handler


def _seed(t, p, node):
    return _call(t.ms("mindspore.set_seed"), [p["seed"]], [])


def _device(t, p, node):
    t.note(node, "torch.device(...) replaced by None: MindSpore places tensors itself (set_context(device_target=...))")
    return ast.Constant(None)


def _loss_with_labels(ms_name):
    def handler(t, p, node):
        return _call(t.ms(ms_name), [], t.kw(list(p.items())))
    return handler


def _tensor(t, p, node):
    return _call(t.ms("mindspore.Tensor"), [p["data"]], t.kw([("dtype", p.get("dtype"))]))


FUNCS = {
    "torch.tensor": _tensor,
    "torch.optim.SGD": _sgd,
    "torch.optim.Adam": _adam("mindspore.nn.Adam", 0.0),
    "torch.optim.AdamW": _adam("mindspore.nn.AdamWeightDecay", 0.01),
    "torch.manual_seed": _seed,
    "torch.device": _device,
    "torch.nn.functional.relu": _f_simple("mindspore.ops.relu"),
    "torch.relu": _f_simple("mindspore.ops.relu"),
    "torch.nn.functional.relu6": _f_simple("mindspore.ops.relu6"),
    "torch.sigmoid": _f_simple("mindspore.ops.sigmoid"),
    "torch.nn.functional.sigmoid": _f_simple("mindspore.ops.sigmoid"),
    "torch.tanh": _f_simple("mindspore.ops.tanh"),
    "torch.nn.functional.silu": _f_simple("mindspore.ops.silu"),
    "torch.nn.functional.gelu": _f_gelu,
    "torch.nn.functional.softmax": _f_simple("mindspore.ops.softmax", {"dim": "axis"}, ("_stacklevel", "dtype")),
    "torch.softmax": _f_simple("mindspore.ops.softmax", {"dim": "axis"}, ("dtype",)),
    "torch.nn.functional.log_softmax": _f_simple("mindspore.ops.log_softmax", {"dim": "axis"},
                                                 ("_stacklevel", "dtype")),
    "torch.flatten": _f_flatten,
    "torch.cat": lambda t, p, n: _call(t.ms("mindspore.ops.cat"), [p["tensors"]], t.kw([("axis", p.get("dim"))])),
    "torch.concat": lambda t, p, n: _call(t.ms("mindspore.ops.cat"), [p["tensors"]], t.kw([("axis", p.get("dim"))])),
    "torch.stack": lambda t, p, n: _call(t.ms("mindspore.ops.stack"), [p["tensors"]], t.kw([("axis", p.get("dim"))])),
    "torch.gather": _f_positional("mindspore.ops.gather_elements", ("input", "dim", "index")),
    "torch.index_select": _f_positional("mindspore.ops.index_select", ("input", "dim", "index")),
    "torch.masked_fill": _f_positional("mindspore.ops.masked_fill", ("input", "mask", "value")),
    "torch.zeros": _creation("mindspore.ops.zeros"),
    "torch.ones": _creation("mindspore.ops.ones"),
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


SIGNATURES = {
    "torch.optim.SGD": _stub("params, lr=0.001, momentum=0, dampening=0, weight_decay=0, nesterov=False, *, "
                             "maximize=False, foreach=None, differentiable=False, fused=None"),
    "torch.optim.Adam": _stub("params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0, amsgrad=False, *, "
                              "foreach=None, maximize=False, capturable=False, differentiable=False, fused=None"),
    "torch.optim.AdamW": _stub("params, lr=0.001, betas=(0.9, 0.999), eps=1e-08, weight_decay=0.01, amsgrad=False, "
                               "*, maximize=False, foreach=None, capturable=False, differentiable=False, fused=None"),
    "torch.manual_seed": _stub("seed"),
    "torch.tensor": _stub("data, *, dtype=None, device=None, requires_grad=False, pin_memory=False"),
    "torch.device": _stub("*args, **kwargs"),
    "torch.flatten": _stub("input, start_dim=0, end_dim=-1"),
    "torch.cat": _stub("tensors, dim=0"), "torch.concat": _stub("tensors, dim=0"),
    "torch.stack": _stub("tensors, dim=0"),
    "torch.relu": _stub("input"), "torch.sigmoid": _stub("input"), "torch.tanh": _stub("input"),
    "torch.softmax": _stub("input, dim, dtype=None"),
    "torch.gather": _stub("input, dim, index, *, sparse_grad=False"),
    "torch.index_select": _stub("input, dim, index"),
    "torch.masked_fill": _stub("input, mask, value"),
    "torch.zeros": _stub("*size, out=None, dtype=None, layout=None, device=None, requires_grad=False"),
    "torch.ones": _stub("*size, out=None, dtype=None, layout=None, device=None, requires_grad=False"),
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

# keyword arguments of any translated torch call that MindSpore has no use for (placement)
DROPPED_KWARGS = ("device", "non_blocking", "pin_memory")

# torch base classes of non-model classes, dropped (the class becomes a plain Python class)
PLAIN_BASES = ("torch.utils.data.Dataset", "torch.utils.data.IterableDataset")

# losses whose MindSpore version needs int32 class labels (torch takes int64)
INT32_LABEL_LOSSES = ("torch.nn.CrossEntropyLoss", "torch.nn.NLLLoss")
INT32_LABEL_FUNCS = {"torch.nn.functional.cross_entropy": "mindspore.ops.cross_entropy",
                     "torch.nn.functional.nll_loss": "mindspore.ops.nll_loss"}

# torch base classes -> MindSpore base classes
CLASS_BASES = {"torch.nn.Module": "mindspore.nn.Cell", "torch.nn.Sequential": "mindspore.nn.SequentialCell",
               "torch.nn.ModuleList": "mindspore.nn.CellList", "torch.nn.ModuleDict": "mindspore.nn.CellDict"}


def _activation_factory(name, ms_name, params="inplace=False"):
    return (f"def _torch_{name}({params}):\n"
            f"    \"\"\"torch.nn.{name}'s signature, building MindSpore's {ms_name}.\"\"\"\n"
            f"    return {ms_name}()\n")


# torch-signature factories for layer classes used as values (``norm_layer=nn.BatchNorm2d``,
# ``activation_layer=nn.ReLU6``): called later with torch's arguments, they build MindSpore layers
ADAPTERS = {
    "torch.nn.Conv2d": '''def _torch_Conv2d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                  bias=True, padding_mode="zeros"):
    """torch.nn.Conv2d's signature, building MindSpore's nn.Conv2d (padding -> pad_mode/padding)."""
    if padding_mode != "zeros":
        raise NotImplementedError(f"Conv2d padding_mode={padding_mode!r}: pad the input with ops.pad first")
    if isinstance(padding, str):
        return nn.Conv2d(in_channels, out_channels, kernel_size, stride, pad_mode=padding, dilation=dilation,
                         group=groups, has_bias=bias)
    if isinstance(padding, (tuple, list)):
        padding = tuple(p for p in padding for _ in (0, 1))
    return nn.Conv2d(in_channels, out_channels, kernel_size, stride, pad_mode="pad", padding=padding,
                     dilation=dilation, group=groups, has_bias=bias)
''',
    "torch.nn.Conv1d": '''def _torch_Conv1d(in_channels, out_channels, kernel_size, stride=1, padding=0, dilation=1, groups=1,
                  bias=True, padding_mode="zeros"):
    """torch.nn.Conv1d's signature, building MindSpore's nn.Conv1d (padding -> pad_mode/padding)."""
    if padding_mode != "zeros":
        raise NotImplementedError(f"Conv1d padding_mode={padding_mode!r}: pad the input with ops.pad first")
    mode = padding if isinstance(padding, str) else "pad"
    return nn.Conv1d(in_channels, out_channels, kernel_size, stride, pad_mode=mode,
                     padding=0 if isinstance(padding, str) else padding, dilation=dilation, group=groups,
                     has_bias=bias)
''',
    "torch.nn.Linear": '''def _torch_Linear(in_features, out_features, bias=True):
    """torch.nn.Linear's signature, building MindSpore's nn.Dense."""
    return nn.Dense(in_features, out_features, has_bias=bias)
''',
    "torch.nn.BatchNorm1d": '''def _torch_BatchNorm1d(num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True):
    """torch.nn.BatchNorm1d's signature, building MindSpore's nn.BatchNorm1d (momentum -> 1 - momentum)."""
    return nn.BatchNorm1d(num_features, eps=eps, momentum=1 - momentum, affine=affine,
                          use_batch_statistics=None if track_running_stats else True)
''',
    "torch.nn.BatchNorm2d": '''def _torch_BatchNorm2d(num_features, eps=1e-5, momentum=0.1, affine=True, track_running_stats=True):
    """torch.nn.BatchNorm2d's signature, building MindSpore's nn.BatchNorm2d (momentum -> 1 - momentum)."""
    return nn.BatchNorm2d(num_features, eps=eps, momentum=1 - momentum, affine=affine,
                          use_batch_statistics=None if track_running_stats else True)
''',
    "torch.nn.LayerNorm": '''def _torch_LayerNorm(normalized_shape, eps=1e-5, elementwise_affine=True, bias=True):
    """torch.nn.LayerNorm's signature, building MindSpore's nn.LayerNorm over the last axes."""
    shape = (normalized_shape,) if isinstance(normalized_shape, int) else tuple(normalized_shape)
    return nn.LayerNorm(shape, begin_norm_axis=-len(shape), begin_params_axis=-len(shape), epsilon=eps)
''',
    "torch.nn.Dropout": '''def _torch_Dropout(p=0.5, inplace=False):
    """torch.nn.Dropout's signature, building MindSpore's nn.Dropout."""
    return nn.Dropout(p=p)
''',
    "torch.nn.GELU": '''def _torch_GELU(approximate="none"):
    """torch.nn.GELU's signature, building MindSpore's nn.GELU."""
    return nn.GELU(approximate=approximate == "tanh")
''',
    "torch.nn.Identity": '''def _torch_Identity(*args, **kwargs):
    """torch.nn.Identity's signature (any arguments, ignored), building MindSpore's nn.Identity."""
    return nn.Identity()
''',
    "torch.nn.ReLU": _activation_factory("ReLU", "nn.ReLU"),
    "torch.nn.ReLU6": _activation_factory("ReLU6", "nn.ReLU6"),
    "torch.nn.SiLU": _activation_factory("SiLU", "nn.SiLU"),
    "torch.nn.Hardswish": _activation_factory("Hardswish", "nn.HSwish"),
    "torch.nn.Hardsigmoid": _activation_factory("Hardsigmoid", "nn.HSigmoid"),
    "torch.nn.Sigmoid": _activation_factory("Sigmoid", "nn.Sigmoid", ""),
    "torch.nn.Tanh": _activation_factory("Tanh", "nn.Tanh", ""),
}

ADAPTERS["torch.utils.data.DataLoader"] = '''def _torch_DataLoader(dataset, batch_size=1, shuffle=False, sampler=None, batch_sampler=None, num_workers=0,
                      collate_fn=None, pin_memory=False, drop_last=False, **kwargs):
    """torch.utils.data.DataLoader's signature over a map-style dataset (__getitem__/__len__),
    building a MindSpore GeneratorDataset, batched. Items become NumPy arrays, one column each.
    MindSpore shuffles with its own random stream: batches match torch's only without shuffle."""
    import numpy as np
    from mindspore.dataset import GeneratorDataset

    class _NumpySource:
        def __len__(self):
            return len(dataset)

        def __getitem__(self, index):
            item = dataset[int(index)]
            items = item if isinstance(item, (tuple, list)) else (item,)
            return tuple(x.asnumpy() if hasattr(x, "asnumpy") else np.asarray(x) for x in items)

    first = dataset[0]
    columns = [f"column_{i}" for i in range(len(first) if isinstance(first, (tuple, list)) else 1)]
    data = GeneratorDataset(_NumpySource(), column_names=columns, shuffle=bool(shuffle),
                            num_parallel_workers=max(1, num_workers))
    return data.batch(batch_size, drop_remainder=drop_last)
'''


# torch.nn.init.X_(tensor, ...) -> (MindSpore initializer class, torch argument names -> its arguments)
INITS = {
    "torch.nn.init.kaiming_normal_": ("HeNormal", _stub("tensor, a=0, mode='fan_in', nonlinearity='leaky_relu', "
                                                         "generator=None"),
                                      {"a": "negative_slope", "mode": "mode", "nonlinearity": "nonlinearity"}),
    "torch.nn.init.kaiming_uniform_": ("HeUniform", _stub("tensor, a=0, mode='fan_in', nonlinearity='leaky_relu', "
                                                           "generator=None"),
                                       {"a": "negative_slope", "mode": "mode", "nonlinearity": "nonlinearity"}),
    "torch.nn.init.xavier_uniform_": ("XavierUniform", _stub("tensor, gain=1.0, generator=None"), {"gain": "gain"}),
    "torch.nn.init.xavier_normal_": ("XavierNormal", _stub("tensor, gain=1.0, generator=None"), {"gain": "gain"}),
    "torch.nn.init.normal_": ("Normal", _stub("tensor, mean=0.0, std=1.0, generator=None"),
                              {"std": "sigma", "mean": "mean"}),
    "torch.nn.init.trunc_normal_": ("TruncatedNormal", _stub("tensor, mean=0.0, std=1.0, a=-2.0, b=2.0, "
                                                              "generator=None"),
                                    {"std": "sigma", "mean": "mean", "a": "a", "b": "b"}),
    "torch.nn.init.constant_": ("Constant", _stub("tensor, val"), {"val": "value"}),
    "torch.nn.init.ones_": ("One", _stub("tensor"), {}),
    "torch.nn.init.zeros_": ("Zero", _stub("tensor"), {}),
}

HELPERS = {
    "_torch_init": '''def _torch_init(owner, name, init):
    """torch.nn.init on a Parameter: ``owner.<name>`` with torch's attribute name (a norm layer's
    weight/bias are gamma/beta in MindSpore, an Embedding's weight is embedding_table), or the
    Parameter itself when ``name`` is None; filled in place with the MindSpore initializer."""
    param = owner
    if name is not None:
        names = {"weight": ("weight", "gamma", "embedding_table"), "bias": ("bias", "beta"),
                 "running_mean": ("moving_mean",), "running_var": ("moving_variance",)}.get(name, (name,))
        param = next((getattr(owner, n) for n in names if getattr(owner, n, None) is not None), None)
        if param is None:
            return
    param.set_data(initializer(init, param.shape, param.dtype))
''',
    "_not_migrated": '''def _not_migrated(name, note):
    """A stand-in for a helper of the torch package that is not model code (weights registry,
    usage logging): called with one argument it returns it (a decorator, or a pass-through),
    otherwise it returns a decorator that changes nothing."""
    def stand_in(*args, **kwargs):
        if len(args) == 1 and not kwargs:
            return args[0]
        return lambda fn: fn
    stand_in.__name__ = name
    stand_in.__doc__ = note
    return stand_in
''',
    "_NotMigrated": '''class _NotMigratedType(type):
    def __getattr__(cls, name):
        return _not_migrated(name, f"{cls.__name__}.{name}: not model code, a stand-in")


class _NotMigrated(metaclass=_NotMigratedType):
    """A stand-in for a class of the torch package that is not model code (weights enums, presets):
    it builds, and its class attributes are stand-ins."""

    def __init__(self, *args, **kwargs):
        pass
''',
}


def bind(torch_callable, call):
    """Bind a call's AST arguments to a signature: ``{param: node}`` (``*args`` as a tuple of nodes) or None."""
    if any(isinstance(a, ast.Starred) for a in call.args) and torch_callable is not None:
        try:
            sig = inspect.signature(torch_callable)
        except (TypeError, ValueError):
            return None
        if not any(p.kind == p.VAR_POSITIONAL for p in sig.parameters.values()):
            return None
    try:
        sig = inspect.signature(torch_callable)
        bound = sig.bind(*call.args, **{k.arg: k.value for k in call.keywords if k.arg})
    except (TypeError, ValueError):
        return None
    if any(k.arg is None for k in call.keywords):
        return None
    return dict(bound.arguments)
