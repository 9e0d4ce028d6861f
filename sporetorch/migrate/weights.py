"""Map a PyTorch module's ``state_dict`` onto a sporetorch/MindSpore Cell's Parameters by structure.

``weight_map(torch_module, cell)`` pairs the layers that own weights on both sides, then the
weights inside each pair:

1. layers with the same path and kind (``layer1.0.conv1`` Conv2d ↔ ``layer1.0.conv1`` Conv2d);
2. the rest by kind and weight shapes, in module order (``fc`` Linear(512, 10) ↔ ``classifier``
   Dense(512, 10)); when one such signature occurs a different number of times on the two sides,
   order cannot decide and ``AmbiguousMappingError`` names the candidates on both sides;
3. what is left by kind alone, in order, reported as shape mismatches.

Inside a layer pair, MindSpore's renames are applied (BatchNorm ``weight/bias/running_mean/
running_var`` → ``gamma/beta/moving_mean/moving_variance``, LayerNorm/GroupNorm/InstanceNorm →
``gamma/beta``, Embedding ``weight`` → ``embedding_table``, PReLU ``weight`` → ``w``), then equal
names, then equal shapes in order. Conv1d weights gain MindSpore's unit height axis
(``(o, i, k)`` → ``(o, i, 1, k)``). torch's ``num_batches_tracked`` has no MindSpore counterpart; it
is dropped one way and written as 0 the other way.

``convert(src, dst, wmap)`` writes a MindSpore checkpoint from a ``.pth``/``.safetensors`` file and
``convert_back(src, dst, wmap)`` does the reverse; ``.pth`` files are read with
``torch.load(weights_only=True)`` and ``.ckpt`` files with the package's own protobuf reader, so
nothing is unpickled.
"""
import json
import os
from collections import OrderedDict

import torch

__all__ = ["weight_map", "WeightMap", "AmbiguousMappingError", "convert", "convert_back", "copy_weights",
           "layer_kind"]


class AmbiguousMappingError(ValueError):
    """Raised when the structure does not decide which layers correspond."""


# torch and MindSpore class names -> one kind per family, so that Linear and Dense pair up.
_KINDS = {
    "Linear": "dense", "Dense": "dense", "LazyLinear": "dense", "Bilinear": "bilinear", "BiDense": "bilinear",
    "Conv1d": "conv1d", "Conv2d": "conv2d", "Conv3d": "conv3d",
    "ConvTranspose1d": "conv_transpose1d", "Conv1dTranspose": "conv_transpose1d",
    "ConvTranspose2d": "conv_transpose2d", "Conv2dTranspose": "conv_transpose2d",
    "ConvTranspose3d": "conv_transpose3d", "Conv3dTranspose": "conv_transpose3d",
    "BatchNorm1d": "batchnorm", "BatchNorm2d": "batchnorm", "BatchNorm3d": "batchnorm",
    "SyncBatchNorm": "batchnorm",
    "LayerNorm": "layernorm", "GroupNorm": "groupnorm",
    "InstanceNorm1d": "instancenorm", "InstanceNorm2d": "instancenorm", "InstanceNorm3d": "instancenorm",
    "Embedding": "embedding", "PReLU": "prelu",
    "LSTM": "lstm", "GRU": "gru", "RNN": "rnn", "LSTMCell": "lstmcell", "GRUCell": "grucell",
    "RNNCell": "rnncell", "MultiheadAttention": "multihead_attention",
    "ReLU": "relu", "ReLU6": "relu6", "GELU": "gelu", "SiLU": "silu", "Sigmoid": "sigmoid",
    "Tanh": "tanh", "LeakyReLU": "leaky_relu", "ELU": "elu", "Softmax": "softmax",
    "LogSoftmax": "log_softmax", "Hardswish": "hswish", "HSwish": "hswish", "Hardsigmoid": "hsigmoid",
    "HSigmoid": "hsigmoid", "Mish": "mish", "Softplus": "softplus",
    "MaxPool1d": "maxpool1d", "MaxPool2d": "maxpool2d", "MaxPool3d": "maxpool3d",
    "AvgPool1d": "avgpool1d", "AvgPool2d": "avgpool2d", "AvgPool3d": "avgpool3d",
    "AdaptiveAvgPool1d": "adaptive_avgpool1d", "AdaptiveAvgPool2d": "adaptive_avgpool2d",
    "AdaptiveMaxPool2d": "adaptive_maxpool2d",
    "Dropout": "dropout", "Dropout1d": "dropout1d", "Dropout2d": "dropout2d", "Dropout3d": "dropout3d",
    "Flatten": "flatten", "Identity": "identity", "Upsample": "upsample",
}

# torch local weight name -> MindSpore local name, per kind.
_BN = {"weight": "gamma", "bias": "beta", "running_mean": "moving_mean", "running_var": "moving_variance"}
_NORM = {"weight": "gamma", "bias": "beta"}
_RENAMES = {
    "batchnorm": _BN, "instancenorm": _BN, "layernorm": _NORM, "groupnorm": _NORM,
    "embedding": {"weight": "embedding_table"}, "prelu": {"weight": "w"},
}
_UNIT_HEIGHT = ("conv1d", "conv_transpose1d")  # MindSpore keeps these weights 4-D: (o, i, 1, k)
_DROPPED = ("num_batches_tracked",)


def layer_kind(layer):
    """The family of a torch module or a Cell (``"conv2d"``, ``"batchnorm"``, ``"dense"``...), from
    the first class in its MRO with a known name; otherwise the class name itself."""
    for klass in type(layer).__mro__:
        kind = _KINDS.get(klass.__name__)
        if kind is not None:
            return kind
    return type(layer).__name__


def _ms_layout_shape(kind, local, shape):
    if kind in _UNIT_HEIGHT and local == "weight" and len(shape) == 3:
        return (shape[0], shape[1], 1, shape[2])
    return tuple(shape)


class _Unit:
    """One layer that owns weights: its path, kind, class and ``[(local, full name, shape)]``."""

    def __init__(self, path, layer, weights):
        self.path = path
        self.kind = layer_kind(layer)
        self.type = type(layer).__name__
        self.weights = weights

    def label(self):
        return f"{self.path or '<root>'} ({self.type})"


def _torch_units(module):
    if not isinstance(module, torch.nn.Module):
        raise TypeError(f"For 'weight_map', 'torch_module' must be a torch.nn.Module, but got {type(module).__name__}")
    units, dropped, seen = [], [], set()
    for path, sub in module.named_modules():
        prefix = path + "." if path else ""
        weights = []
        persistent = [(n, b) for n, b in sub._buffers.items() if n not in sub._non_persistent_buffers_set]
        for local, t in list(sub._parameters.items()) + persistent:
            if t is None:
                continue
            if local in _DROPPED:
                dropped.append(prefix + local)
                continue
            if id(t) in seen:  # a tied weight is mapped once, under its first name
                continue
            seen.add(id(t))
            weights.append((local, prefix + local, tuple(t.shape)))
        if weights:
            units.append(_Unit(path, sub, weights))
    return units, dropped


def _cell_units(cell):
    from ..nn.cell import Cell
    if not isinstance(cell, Cell):
        raise TypeError(f"For 'weight_map', 'cell' must be a Cell, but got {type(cell).__name__}")
    units, seen = [], set()
    for path, sub in cell.cells_and_names():
        weights = []
        for local, param in sub._params.items():
            if param is None or id(param) in seen:
                continue
            seen.add(id(param))
            weights.append((local, param.name, tuple(param.shape)))
        if weights:
            units.append(_Unit(path, sub, weights))
    return units


def _signature(unit, torch_side):
    shapes = [_ms_layout_shape(unit.kind, local, shape) if torch_side else shape
              for local, _, shape in unit.weights]
    return unit.kind, tuple(sorted(shapes))


class WeightMap:
    """The reviewable result of ``weight_map``.

    Attributes:
        entries (list[dict]): one per mapped weight: ``torch``, ``mindspore`` (the Parameter name a
            checkpoint uses), ``torch_shape``, ``mindspore_shape``, ``layout`` (``"unit_height"``
            for Conv1d weights, else None), ``by`` (``"name"`` or ``"structure"``), and the layers.
        mismatched (list[dict]): pairs whose shapes differ (same keys).
        unmatched_torch, unmatched_mindspore (list[str]): weights with no counterpart.
        dropped_torch (list[str]): torch keys with no MindSpore meaning (``num_batches_tracked``).
    """

    def __init__(self, entries, mismatched=(), unmatched_torch=(), unmatched_mindspore=(), dropped_torch=()):
        self.entries = list(entries)
        self.mismatched = list(mismatched)
        self.unmatched_torch = list(unmatched_torch)
        self.unmatched_mindspore = list(unmatched_mindspore)
        self.dropped_torch = list(dropped_torch)

    @property
    def complete(self):
        """True when every weight on both sides is mapped with equal shapes."""
        return not (self.mismatched or self.unmatched_torch or self.unmatched_mindspore)

    def torch_to_mindspore(self):
        """``{torch key: MindSpore name}``."""
        return OrderedDict((e["torch"], e["mindspore"]) for e in self.entries)

    def to_dict(self):
        return {"entries": self.entries, "mismatched": self.mismatched, "unmatched_torch": self.unmatched_torch,
                "unmatched_mindspore": self.unmatched_mindspore, "dropped_torch": self.dropped_torch}

    def to_json(self, path=None):
        """Return the map as JSON text; also write it to ``path`` when given."""
        text = json.dumps(self.to_dict(), indent=1)
        if path is not None:
            with open(path, "w", encoding="utf-8") as f:
                f.write(text + "\n")
        return text

    @classmethod
    def from_json(cls, text_or_path):
        """Read a map written by ``to_json`` (possibly edited by hand)."""
        text = os.fspath(text_or_path)
        if not text.lstrip().startswith("{"):
            with open(text, encoding="utf-8") as f:
                text = f.read()
        d = json.loads(text)
        for e in d["entries"] + d.get("mismatched", []):
            e["torch_shape"], e["mindspore_shape"] = list(e["torch_shape"]), list(e["mindspore_shape"])
        return cls(d["entries"], d.get("mismatched", ()), d.get("unmatched_torch", ()),
                   d.get("unmatched_mindspore", ()), d.get("dropped_torch", ()))

    def report(self):
        """A short text report: counts, then every unmatched or shape-mismatched name."""
        lines = [f"weight map: {len(self.entries)} mapped, {len(self.mismatched)} shape mismatches, "
                 f"{len(self.unmatched_torch)} torch and {len(self.unmatched_mindspore)} MindSpore unmatched, "
                 f"{len(self.dropped_torch)} torch-only buffers dropped"]
        for e in self.mismatched:
            lines.append(f"  shape mismatch: {e['torch']} {tuple(e['torch_shape'])} <-> "
                         f"{e['mindspore']} {tuple(e['mindspore_shape'])}")
        lines += [f"  unmatched torch: {k}" for k in self.unmatched_torch]
        lines += [f"  unmatched MindSpore: {k}" for k in self.unmatched_mindspore]
        return "\n".join(lines)

    def table(self):
        """The entries as aligned text, one line per weight."""
        width = max([len(e["torch"]) for e in self.entries] + [5])
        return "\n".join(f"{e['torch']:<{width}}  ->  {e['mindspore']}  {tuple(e['mindspore_shape'])}"
                         f"{'  [' + e['layout'] + ']' if e['layout'] else ''}  ({e['by']})" for e in self.entries)

    def __len__(self):
        return len(self.entries)

    def __repr__(self):
        return f"<WeightMap {self.report().splitlines()[0][len('weight map: '):]}>"


def _pair_weights(t_unit, m_unit, by, entries, mismatched, un_t, un_m):
    renames = _RENAMES.get(t_unit.kind, {})
    m_left = OrderedDict((local, (name, shape)) for local, name, shape in m_unit.weights)
    t_left = []
    pairs = []
    for local, key, shape in t_unit.weights:
        target = renames.get(local, local)
        if target not in m_left and local in m_left:
            target = local
        if target in m_left:
            pairs.append((local, key, shape, target))
            continue
        t_left.append((local, key, shape))
    for local, key, shape, target in pairs:
        name, m_shape = m_left.pop(target)
        _record(t_unit, m_unit, local, key, shape, name, m_shape, by, entries, mismatched)
    for local, key, shape in t_left:  # leftovers pair by shape, in order
        want = _ms_layout_shape(t_unit.kind, local, shape)
        hit = next((k for k, (_, s) in m_left.items() if s == want), None)
        if hit is None:
            un_t.append(key)
            continue
        name, m_shape = m_left.pop(hit)
        _record(t_unit, m_unit, local, key, shape, name, m_shape, by, entries, mismatched)
    un_m.extend(name for name, _ in m_left.values())


def _record(t_unit, m_unit, local, key, shape, name, m_shape, by, entries, mismatched):
    layout = "unit_height" if t_unit.kind in _UNIT_HEIGHT and local == "weight" and len(shape) == 3 \
        and len(m_shape) == 4 else None
    entry = {"torch": key, "mindspore": name, "torch_shape": list(shape), "mindspore_shape": list(m_shape),
             "layout": layout, "by": by, "torch_layer": t_unit.label(), "mindspore_layer": m_unit.label()}
    (entries if _ms_layout_shape(t_unit.kind, local, shape) == tuple(m_shape) else mismatched).append(entry)


def weight_map(torch_module, cell):
    """Pair every ``state_dict`` key of ``torch_module`` with a Parameter of ``cell`` by structure.

    Args:
        torch_module (torch.nn.Module): the PyTorch network.
        cell (Cell): the sporetorch (MindSpore) network.

    Returns:
        WeightMap: the table (``to_json()`` for review), with unmatched and mismatched names.

    Raises:
        AmbiguousMappingError: a weight signature (kind and shapes) that occurs a different number
            of times among the layers left unpaired on the two sides; the message names both sides.
    """
    t_units, dropped = _torch_units(torch_module)
    m_units = _cell_units(cell)
    pairs = []  # (torch unit, ms unit, by)
    m_by_path = {(u.path, u.kind): u for u in m_units}
    t_rest = []
    for u in t_units:
        m = m_by_path.pop((u.path, u.kind), None)
        if m is None:
            t_rest.append(u)
        else:
            pairs.append((u, m, "name"))
    paired = {id(m) for _, m, _ in pairs}
    m_rest = [u for u in m_units if id(u) not in paired]

    for key_fn in (lambda u, side: _signature(u, side), lambda u, side: u.kind):
        groups_t, groups_m = OrderedDict(), OrderedDict()
        for u in t_rest:
            groups_t.setdefault(key_fn(u, True), []).append(u)
        for u in m_rest:
            groups_m.setdefault(key_fn(u, False), []).append(u)
        by = "structure"
        for sig, ts in groups_t.items():
            ms_ = groups_m.get(sig, [])
            if not ms_:
                continue
            if len(ts) != len(ms_):
                raise AmbiguousMappingError(
                    f"For 'weight_map', {len(ts)} torch layers and {len(ms_)} MindSpore layers of kind "
                    f"'{ts[0].kind}' with the same weight shapes are left unpaired, so their order cannot "
                    f"decide: torch {[u.label() for u in ts]} vs MindSpore {[u.label() for u in ms_]}. "
                    "Give the layers the same names on both sides, or edit the JSON map by hand.")
            pairs.extend((t, m, by) for t, m in zip(ts, ms_))
        done = {id(u) for p in pairs for u in p[:2]}
        t_rest = [u for u in t_rest if id(u) not in done]
        m_rest = [u for u in m_rest if id(u) not in done]

    entries, mismatched, un_t, un_m = [], [], [], []
    order = {id(u): i for i, u in enumerate(t_units)}
    for t, m, by in sorted(pairs, key=lambda p: order[id(p[0])]):
        _pair_weights(t, m, by, entries, mismatched, un_t, un_m)
    un_t += [key for u in t_rest for _, key, _ in u.weights]
    un_m += [name for u in m_rest for _, name, _ in u.weights]
    return WeightMap(entries, mismatched, un_t, un_m, dropped)


def _as_map(wmap):
    if isinstance(wmap, WeightMap):
        return wmap
    if isinstance(wmap, (str, os.PathLike)):
        return WeightMap.from_json(wmap)
    raise TypeError(f"The weight map must be a WeightMap or the path of its JSON file, but got {type(wmap).__name__}")


def _to_ms_layout(entry, t):
    return t.unsqueeze(2) if entry["layout"] == "unit_height" else t


def _to_torch_layout(entry, t):
    return t.squeeze(2) if entry["layout"] == "unit_height" else t


def copy_weights(torch_module, cell, wmap, direction="to_mindspore"):
    """Copy every mapped weight between live networks, in place (``"to_mindspore"`` or ``"to_torch"``)."""
    wmap = _as_map(wmap)
    sd = torch_module.state_dict(keep_vars=True)
    params = {p.name: p for _, p in cell.parameters_and_names()}
    with torch.no_grad():
        for e in wmap.entries:
            t, p = sd[e["torch"]], params[e["mindspore"]]
            if direction == "to_mindspore":
                p._t.copy_(_to_ms_layout(e, t.detach()))
            elif direction == "to_torch":
                t.copy_(_to_torch_layout(e, p._t.detach()))
            else:
                raise ValueError(f"For 'copy_weights', 'direction' must be 'to_mindspore' or 'to_torch', "
                                 f"but got {direction!r}")


def convert(src, dst, wmap):
    """Write the MindSpore checkpoint ``dst`` (``.ckpt`` or ``.safetensors``) from the PyTorch weights
    file ``src`` (``.pth``/``.pt`` read with ``weights_only=True``, or ``.safetensors``).

    Returns the list of torch keys in ``src`` that the map does not cover (dropped buffers aside).
    Raises ValueError when a mapped key is missing from ``src`` or has another shape.
    """
    from ..common.tensor import Tensor
    from ..interop import load_torch_file
    from ..train.serialization import save_checkpoint
    wmap = _as_map(wmap)
    sd = load_torch_file(src)
    if sd and all(k.startswith("module.") for k in sd):
        sd = {k[len("module."):]: v for k, v in sd.items()}
    items = []
    for e in wmap.entries:
        if e["torch"] not in sd:
            raise ValueError(f"For 'convert', '{e['torch']}' is in the weight map but not in {src}")
        t = sd[e["torch"]]
        if list(t.shape) != e["torch_shape"]:
            raise ValueError(f"For 'convert', '{e['torch']}' in {src} has shape {tuple(t.shape)}, "
                             f"the map expects {tuple(e['torch_shape'])}")
        items.append({"name": e["mindspore"], "data": Tensor.from_torch(_to_ms_layout(e, t).contiguous())})
    fmt = "safetensors" if os.fspath(dst).endswith(".safetensors") else "ckpt"
    save_checkpoint(items, os.fspath(dst), format=fmt)
    known = {e["torch"] for e in wmap.entries} | set(wmap.dropped_torch)
    return [k for k in sd if k not in known and not k.endswith(_DROPPED)]


def convert_back(src, dst, wmap):
    """Write the PyTorch ``state_dict`` file ``dst`` (``.pth``/``.pt``, or ``.safetensors``) from the
    MindSpore checkpoint ``src``; torch-only buffers (``num_batches_tracked``) are written as 0.

    Returns the checkpoint names the map does not cover."""
    from ..train.serialization import load_checkpoint
    wmap = _as_map(wmap)
    src = os.fspath(src)
    params = load_checkpoint(src, format="safetensors" if src.endswith(".safetensors") else "ckpt")
    sd = OrderedDict()
    for e in wmap.entries:
        if e["mindspore"] not in params:
            raise ValueError(f"For 'convert_back', '{e['mindspore']}' is in the weight map but not in {src}")
        sd[e["torch"]] = _to_torch_layout(e, params[e["mindspore"]]._t.detach().cpu()).contiguous().clone()
    for key in wmap.dropped_torch:
        sd[key] = torch.tensor(0, dtype=torch.int64)
    dst = os.fspath(dst)
    if dst.endswith(".safetensors"):
        from safetensors.torch import save_file
        save_file(dict(sd), dst)
    else:
        torch.save(sd, dst)
    known = {e["mindspore"] for e in wmap.entries}
    return [k for k, v in params.items() if k not in known and not isinstance(v, str)]
