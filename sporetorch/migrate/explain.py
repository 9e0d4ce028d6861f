"""``migrate explain``: common error messages of migrated code mapped to their cause and fix, and
``migrate loss-curve``: two training logs compared step by step.

The explanations cover the PyTorch/MindSpore differences that migrations trip on (the migration
guide's list): padding (``pad_mode``), BatchNorm momentum, Dropout ``p``/``keep_prob``, the Dense
weight layout, initialisers, label dtypes, and torch code left in a MindSpore script.
"""
import math
import re

__all__ = ["EXPLANATIONS", "explain", "format_explanations", "read_losses", "compare_losses"]

# (name, pattern of the message, cause, fix)
EXPLANATIONS = [
    ("label_dtype", r"For '(CrossEntropyLoss|NLLLoss|cross_entropy|nll_loss|SparseSoftmaxCrossEntropyWithLogits)'.*"
                    r"(labels?|target).*(Int32|int32)",
     "MindSpore's classification losses take int32 class indices; torch data pipelines give int64 labels.",
     "cast the labels: loss_fn(logits, labels.astype(mindspore.int32)) (migrate translate adds the cast)."),
    ("torch_function_on_ms_tensor", r"argument '\w+' \(position \d+\) must be Tensor, not Tensor",
     "a torch function (often F.gelu/F.relu from an activation table such as ACT2FN) is called on a "
     "MindSpore Tensor: the two Tensor types are different classes.",
     "use the MindSpore op (ops.gelu, ops.relu...) or nn layer; migrate translate maps F.* calls and activation "
     "classes used as values."),
    ("torch_left", r"(name 'torch' is not defined|No module named 'torch')",
     "torch code was left in the MindSpore script (a construct the translation could not map).",
     "search for 'torch.' in the file; migrate translate turns such constructs into NotImplementedError with "
     "the line and what to do."),
    ("pad_mode", r"(pad_mode|'padding' must be 0|padding.*pad_mode)",
     "MindSpore convolutions and poolings pad only when pad_mode='pad' (the default is 'same' for Conv2d, "
     "'valid' for pooling); torch pads with padding=N directly.",
     "write nn.Conv2d(..., pad_mode='pad', padding=N) for torch's padding=N, pad_mode='valid' for padding=0."),
    ("bn_momentum", r"(momentum.*(\[0, 1\]|range)|moving_mean|moving_variance)",
     "BatchNorm momentum is the weight of the old statistic in MindSpore (0.9 by default) and of the new one "
     "in torch (0.1): momentum_ms = 1 - momentum_torch. Moving statistics are moving_mean/moving_variance.",
     "nn.BatchNorm2d(C, momentum=1 - m_torch); map running_mean/running_var to moving_mean/moving_variance."),
    ("dropout", r"(keep_prob|For 'Dropout'.*\bp\b)",
     "nn.Dropout(keep_prob=k) keeps with probability k (deprecated); torch's p and MindSpore's p are the drop "
     "probability. Passing torch's p as keep_prob drops almost everything.",
     "use nn.Dropout(p=p_torch)."),
    ("dense_layout", r"For '(MatMul|Dense|BatchMatMul)'.*(shape|dimension|must be equal)",
     "nn.Dense is torch's Linear with the same (out, in) weight layout; a shape error usually means the input "
     "feature count differs (a missing flatten, or a pooling that leaves H and W).",
     "check in_channels against x.shape[-1]; flatten with ops.flatten(x, start_dim=1) before the Dense."),
    ("init", r"(kaiming_normal_|constant_|xavier_uniform_|initializer|set_data)",
     "torch.nn.init functions fill tensors in place; MindSpore uses initializer objects (HeNormal, Constant, "
     "XavierUniform...) applied with initializer(...) or Parameter.set_data. A norm layer's weight/bias are "
     "gamma/beta.",
     "param.set_data(initializer(HeNormal(mode='fan_out', nonlinearity='relu'), param.shape, param.dtype))."),
    ("forward_name", r"(has no attribute 'forward'|construct.*not implemented|must override construct)",
     "a Cell runs construct(), not forward().",
     "rename forward to construct (migrate translate does it)."),
    ("backward", r"(has no attribute '(backward|zero_grad|grad)')",
     "MindSpore has no tape: gradients come from a function transformed by value_and_grad.",
     "grad_fn = mindspore.value_and_grad(forward_fn, None, optimizer.parameters); loss, grads = grad_fn(x, y); "
     "optimizer(grads)."),
    ("device", r"(has no attribute '(cuda|to|device)'|device_target)",
     "tensors and Cells are not moved between devices in MindSpore.",
     "drop .cuda()/.to(device); choose the device once with mindspore.set_context(device_target=...)."),
    ("size", r"'int' object is not callable.*size|size\(\)",
     "Tensor.size is the element count (an int) in MindSpore, not a method giving the shape.",
     "use x.shape or x.shape[i]."),
    ("graph_mode", r"(GRAPH_MODE|graph mode).*(not support|unsupported)|JIT Fallback",
     "GRAPH_MODE compiles construct() and supports a subset of Python.",
     "run in PYNATIVE_MODE while migrating; move unsupported Python out of construct."),
]


def explain(text):
    """The explanations whose pattern matches ``text``: ``[(name, cause, fix)]``."""
    return [(name, cause, fix) for name, pattern, cause, fix in EXPLANATIONS
            if re.search(pattern, text, re.IGNORECASE | re.DOTALL)]


def format_explanations(found):
    if not found:
        return ("no known cause for this message. Known topics: "
                + ", ".join(name for name, *_ in EXPLANATIONS))
    lines = []
    for name, cause, fix in found:
        lines += [f"[{name}]", f"  cause: {cause}", f"  fix:   {fix}"]
    return "\n".join(lines)


_LOSS = re.compile(r"loss\W{0,3}\s*[:=]?\s*([-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|nan|inf)", re.IGNORECASE)


def read_losses(path, pattern=None):
    """The loss values of a training log, in order: one per line that matches ``pattern`` (a regex with
    one group; default: a number after the word 'loss')."""
    regex = re.compile(pattern) if pattern else _LOSS
    out = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = regex.search(line)
            if m:
                out.append(float(m.group(1)))
    return out


def compare_losses(a, b, rtol=1e-4, atol=1e-5):
    """Step-by-step comparison of two loss curves: a dict with ``rows`` (step, a, b, abs diff),
    ``first`` (the first step outside the tolerance, or None), ``max_abs``, ``steps``."""
    rows = []
    first = None
    for i, (x, y) in enumerate(zip(a, b)):
        d = abs(x - y) if math.isfinite(x) and math.isfinite(y) else (0.0 if str(x) == str(y) else math.inf)
        rows.append((i, x, y, d))
        if first is None and d > atol + rtol * abs(x):
            first = i
    return {"rows": rows, "first": first, "max_abs": max((r[3] for r in rows), default=0.0),
            "steps": (len(a), len(b))}
