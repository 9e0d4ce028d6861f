"""``export`` and ``load``: MindSpore's compiled-graph files (MindIR, AIR, ONNX).

These files hold graphs compiled by MindSpore's own compiler, which sporetorch does not have, so
both functions check their arguments as MindSpore does and then raise a NotImplementedError that
names the alternatives: ``save_checkpoint``/``load_checkpoint`` for the weights (the ``.ckpt``
files MindSpore itself reads), and ``torch.export``/``torch.onnx`` for a deployable graph.
"""
import os

__all__ = ["export", "load", "save_mindir", "load_mindir", "export_split_mindir"]

_FORMATS = ["AIR", "ONNX", "MINDIR"]
_ALTERNATIVES = ("Save the weights with save_checkpoint(net, 'net.ckpt') (MindSpore loads that file) and rebuild "
                 "the network in code, or export a deployable graph with torch.export.export / torch.onnx.export.")


def export(net, *inputs, file_name, file_format, **kwargs):
    """Refuse to write a MindSpore graph file, after MindSpore's argument checks."""
    if not isinstance(file_name, str):
        raise TypeError(f"For 'export', the argument 'file_name' must be str, but got {type(file_name).__name__}.")
    if file_format not in _FORMATS:
        raise ValueError(f"For 'export', 'file_format' must be one of {_FORMATS}, but got {file_format}.")
    raise NotImplementedError(f"export(file_format='{file_format}') writes a graph compiled by MindSpore's compiler, "
                              f"which sporetorch (on PyTorch) does not have. {_ALTERNATIVES}")


def load(file_name, **kwargs):
    """Refuse to read a MindIR file, after MindSpore's argument checks."""
    if not isinstance(file_name, str):
        raise ValueError("For 'load', the argument 'file_name' must be string, but got "
                         f"{type(file_name).__name__}.")
    if not os.path.exists(file_name):
        raise ValueError("For 'load', the argument 'file_name'(MindIR file) does not exist, please check whether "
                         "the 'file_name' is correct.")
    raise NotImplementedError(f"load('{file_name}') reads a MindIR graph compiled by MindSpore, which sporetorch (on "
                              f"PyTorch) cannot run. Load the weights with load_checkpoint instead. {_ALTERNATIVES}")


def load_mindir(file_name):
    """Refuse to read a MindIR protobuf, after checking that the file exists."""
    if not isinstance(file_name, str) or not os.path.exists(file_name):
        shown = os.path.abspath(file_name) if isinstance(file_name, str) else file_name
        raise ValueError(f"[Errno 2] No such file or directory: '{shown}'")
    raise NotImplementedError(f"load_mindir('{file_name}') reads a MindIR graph compiled by MindSpore, which "
                              f"sporetorch cannot run. {_ALTERNATIVES}")


def save_mindir(model, file_name):
    """Refuse to write a MindIR protobuf: sporetorch never holds one (no ``ModelProto`` exists here)."""
    raise TypeError(f"For 'save_mindir', the argument 'model' must be ModelProto, but got {type(model)}. sporetorch "
                    f"has no MindIR models. {_ALTERNATIVES}")


def export_split_mindir(file_name, device_num=8, rank_id=0, dynamic=True, sapp=True):
    """Refuse to split a MindIR file for distributed inference (MindSpore's compiler and several devices)."""
    raise NotImplementedError(f"export_split_mindir('{file_name}') splits a MindSpore-compiled graph across "
                              f"devices, which sporetorch (one process, no MindIR) cannot do. {_ALTERNATIVES}")
