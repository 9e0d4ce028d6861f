"""PyTorch weights in and out of sporetorch networks (beyond MindSpore's API).

``to_torch_state_dict(cell)`` gives the ``state_dict`` that the equivalent ``torch.nn``
module expects, and ``load_torch_state_dict(cell, sd_or_path)`` loads one. Names and
layouts are mapped from the layer types:

==========================  =====================================  ==========================
sporetorch layer            sporetorch Parameter                   torch
==========================  =====================================  ==========================
BatchNorm1d/2d/3d           gamma, beta, moving_mean,              weight, bias, running_mean,
                            moving_variance                        running_var (+ num_batches_tracked)
LayerNorm, GroupNorm,       gamma, beta                            weight, bias
InstanceNorm
Embedding                   embedding_table                        weight
PReLU                       w (``a`` is accepted too)              weight
Conv1d, Conv1dTranspose     weight (out, in, 1, k)                 weight (out, in, k)
anything else               same name                              same name
==========================  =====================================  ==========================

``.pth`` files are read with ``torch.load(weights_only=True)`` only, so a file cannot run
code while it is read.
"""
import os
import pickle
from collections import OrderedDict, namedtuple

import numpy as np
import torch

from .common.parameter import Parameter
from .common.tensor import Tensor

__all__ = ["to_torch_state_dict", "load_torch_state_dict", "torch_name_map", "load_torch_file",
           "torch_names_from_mindspore", "mindspore_names_from_torch", "parameters_from_torch", "TorchLoadReport"]

TorchLoadReport = namedtuple("TorchLoadReport", ["missing", "unexpected", "mismatched"])
TorchLoadReport.__doc__ = """What ``load_torch_state_dict`` could not match.

missing: sporetorch Parameter names with no torch entry; unexpected: torch keys that match
no Parameter; mismatched: ``(name, torch shape, sporetorch shape)`` for shapes that differ."""

_NORM_RENAMES = {"gamma": "weight", "beta": "bias"}
_BN_RENAMES = {"gamma": "weight", "beta": "bias", "moving_mean": "running_mean", "moving_variance": "running_var"}
_RENAMES_BY_TYPE = (
    (("BatchNorm",), _BN_RENAMES),
    (("InstanceNorm",), _BN_RENAMES),
    (("LayerNorm", "GroupNorm"), _NORM_RENAMES),
    (("Embedding",), {"embedding_table": "weight"}),
    (("PReLU",), {"w": "weight", "a": "weight"}),
)
_CONV1D_TYPES = ("Conv1d", "Conv1dTranspose")
_DROPPED_TORCH_SUFFIXES = ("num_batches_tracked",)


def _type_names(cell):
    return [k.__name__ for k in type(cell).__mro__]


def _renames_for(cell):
    names = _type_names(cell)
    for markers, renames in _RENAMES_BY_TYPE:
        if any(m in n for n in names for m in markers):
            return renames
    return {}


def _is_conv1d(cell):
    return any(n in _CONV1D_TYPES for n in _type_names(cell))


def _from_torch_layout(t, layout):
    """A torch tensor in the sporetorch layout: Conv1d weights get back their unit height axis."""
    return t.unsqueeze(2) if layout == "conv1d" and t.dim() == 3 else t


def _is_batchnorm(cell):
    return any("BatchNorm" in n for n in _type_names(cell))


def torch_name_map(cell):
    """Return ``OrderedDict{torch_key: (Parameter, layout)}`` for every Parameter of ``cell``;
    ``layout`` is ``"conv1d"`` where torch stores the weight without the unit height axis."""
    out = OrderedDict()
    seen = set()
    for path, sub in cell.cells_and_names():
        renames = _renames_for(sub)
        conv1d = _is_conv1d(sub)
        prefix = path + "." if path else ""
        for attr, param in sub._params.items():
            if param is None or id(param) in seen:
                continue
            seen.add(id(param))
            key = prefix + renames.get(attr, attr)
            layout = "conv1d" if conv1d and attr == "weight" and param.ndim == 4 else None
            out[key] = (param, layout)
    return out


def to_torch_state_dict(cell, keep_vars=False):
    """Return the torch ``state_dict`` (an OrderedDict of CPU ``torch.Tensor`` copies) that the
    equivalent ``torch.nn`` module loads with ``load_state_dict(strict=True)``.

    BatchNorm layers also get ``num_batches_tracked = 0``, which torch expects.
    """
    sd = OrderedDict()
    for key, (param, layout) in torch_name_map(cell).items():
        t = param._t.detach()
        if layout == "conv1d":
            t = t.squeeze(2)
        sd[key] = t if keep_vars else t.cpu().clone()
    for path, sub in cell.cells_and_names():
        if _is_batchnorm(sub):
            sd[(path + "." if path else "") + "num_batches_tracked"] = torch.tensor(0, dtype=torch.int64)
    return sd


def _refused_pickle_message(path, error):
    reason = next((ln.strip() for ln in str(error).splitlines() if "WeightsUnpickler error" in ln), "")
    reason = reason.split(". Please use")[0].replace("WeightsUnpickler error: ", "")
    return (f"Refused to load {path}: besides tensors it holds Python objects ({reason or 'not plain tensors'}). "
            "Unpickling them would run code stored in the file, so sporetorch reads only tensors from .pth "
            "files. To convert it safely, load it once with torch.load where you trust the file (an isolated "
            "environment), save just the tensors with safetensors.torch.save_file(state_dict, "
            "'weights.safetensors'), and load that file instead.")


def load_torch_file(path):
    """Read a ``.pth``/``.pt`` (``torch.load(weights_only=True)``) or ``.safetensors`` file
    into a dict of tensors; checkpoints that wrap the weights in ``{"state_dict": ...}`` or
    ``{"model_state_dict": ...}`` are unwrapped."""
    path = os.fspath(path)
    if path.endswith(".safetensors"):
        from .train.serialization import _safetensors_load
        return _safetensors_load(path)[0]
    try:
        obj = torch.load(path, map_location="cpu", weights_only=True)
    except pickle.UnpicklingError as e:
        raise ValueError(_refused_pickle_message(path, e)) from None
    except Exception as e:  # noqa: BLE001 - torch reports damaged files in many ways
        raise ValueError(f"Failed to read the PyTorch weights file {path}: {e}") from e
    if isinstance(obj, dict):
        for wrapper in ("state_dict", "model_state_dict", "model"):
            inner = obj.get(wrapper)
            if isinstance(inner, dict) and inner and all(isinstance(v, torch.Tensor) for v in inner.values()):
                return inner
        return obj
    raise ValueError(f"The PyTorch file {path} holds a {type(obj).__name__}, not a state_dict")


def _as_torch(key, value):
    if isinstance(value, torch.Tensor):
        return value.detach()
    if isinstance(value, Tensor):
        return value._t.detach()
    if isinstance(value, np.ndarray):
        return torch.from_numpy(value)
    raise TypeError(f"For 'load_torch_state_dict', the value of '{key}' must be a tensor, "
                    f"but got {type(value).__name__}")


def _strip_data_parallel(sd):
    if sd and all(k.startswith("module.") for k in sd):
        return OrderedDict((k[len("module."):], v) for k, v in sd.items())
    return sd


def load_torch_state_dict(cell, state_dict_or_path, strict=True):
    """Load PyTorch weights into ``cell``, mapping names and layouts by layer type.

    Args:
        cell (Cell): the network.
        state_dict_or_path: a ``state_dict`` (``{str: torch.Tensor}``) or the path of a
            ``.pth``/``.pt``/``.safetensors`` file. A ``module.`` prefix on every key
            (``DataParallel``) is removed.
        strict (bool): when True, any missing, unexpected or shape-mismatched name raises
            ``ValueError`` and nothing is loaded; when False the matching tensors are loaded
            and the rest is reported.

    Returns:
        TorchLoadReport: ``(missing, unexpected, mismatched)``.

    Values are copied in place into the existing Parameters (names, dtypes and
    ``requires_grad`` are kept; floating tensors are cast to the Parameter's dtype).
    """
    from .nn.cell import Cell
    if not isinstance(cell, Cell):
        raise TypeError(f"For 'load_torch_state_dict', the 'cell' must be a Cell, but got {type(cell).__name__}")
    if isinstance(state_dict_or_path, (str, os.PathLike)):
        sd = load_torch_file(state_dict_or_path)
    elif isinstance(state_dict_or_path, dict):
        sd = state_dict_or_path
    else:
        raise TypeError("For 'load_torch_state_dict', the weights must be a state_dict or a file path, "
                        f"but got {type(state_dict_or_path).__name__}")
    sd = _strip_data_parallel(OrderedDict((k, _as_torch(k, v)) for k, v in sd.items()))

    plan, missing, mismatched = [], [], []
    used = set()
    for key, (param, layout) in torch_name_map(cell).items():
        if key not in sd:
            missing.append(param.name)
            continue
        used.add(key)
        t = _from_torch_layout(sd[key], layout)
        if tuple(t.shape) != param.shape:
            mismatched.append((param.name, tuple(sd[key].shape), param.shape))
            continue
        if t.dtype != param._t.dtype:
            if t.is_floating_point() != param._t.is_floating_point():
                raise TypeError(f"For 'load_torch_state_dict', '{key}' has dtype {t.dtype} but the Parameter "
                                f"'{param.name}' is {param.dtype}")
            t = t.to(param._t.dtype)
        plan.append((param, t))
    unexpected = [k for k in sd if k not in used and not k.endswith(_DROPPED_TORCH_SUFFIXES)]
    report = TorchLoadReport(missing, unexpected, mismatched)
    if strict and (missing or unexpected or mismatched):
        raise ValueError(f"For 'load_torch_state_dict', the weights do not match {type(cell).__name__}; "
                         f"nothing was loaded. Missing: {missing}; unexpected: {unexpected}; "
                         f"shape mismatches (name, torch, sporetorch): {mismatched}")
    with torch.no_grad():
        for param, t in plan:
            param._t.copy_(t)
    return report


def torch_names_from_mindspore(names):
    """Guess torch keys for MindSpore checkpoint names when no network is at hand:
    ``gamma/beta/moving_mean/moving_variance`` -> ``weight/bias/running_mean/running_var``,
    ``embedding_table`` -> ``weight``. Returns ``{mindspore_name: torch_name}``."""
    renames = dict(_BN_RENAMES, embedding_table="weight")
    out = {}
    for name in names:
        prefix, _, leaf = name.rpartition(".")
        out[name] = (prefix + "." if prefix else "") + renames.get(leaf, leaf)
    return out


def mindspore_names_from_torch(names):
    """Guess MindSpore names for torch keys when no network is at hand: a module with
    ``running_mean`` is a BatchNorm (``weight/bias/running_*`` -> ``gamma/beta/moving_*``);
    ``num_batches_tracked`` is dropped (mapped to None). Returns ``{torch_name: name or None}``."""
    names = list(names)
    bn_prefixes = {n.rpartition(".")[0] for n in names if n.endswith("running_mean")}
    back = {v: k for k, v in _BN_RENAMES.items()}
    out = {}
    for name in names:
        prefix, _, leaf = name.rpartition(".")
        if leaf in _DROPPED_TORCH_SUFFIXES:
            out[name] = None
        elif prefix in bn_prefixes and leaf in back:
            out[name] = (prefix + "." if prefix else "") + back[leaf]
        else:
            out[name] = name
    return out


def parameters_from_torch(state_dict, cell=None):
    """Return ``{mindspore_name: Parameter}`` for a torch ``state_dict`` (mapped through
    ``cell``'s layers when given, else by the name guesses above), ready for ``save_checkpoint``."""
    out = OrderedDict()
    if cell is not None:
        mapping = torch_name_map(cell)
        for key, value in state_dict.items():
            if key in mapping:
                param, layout = mapping[key]
                t = _from_torch_layout(value, layout)
                out[param.name] = Parameter(t.detach().clone(), name=param.name)
        return out
    for key, name in mindspore_names_from_torch(state_dict).items():
        if name is not None:
            out[name] = Parameter(state_dict[key].detach().clone(), name=name)
    return out
