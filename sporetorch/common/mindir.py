"""``export`` and ``load``: MindSpore's compiled-graph files (MindIR, AIR, ONNX).

These files hold graphs compiled by MindSpore's own compiler, which sporetorch does not have, so
both functions check their arguments as MindSpore does and then raise a NotImplementedError that
names the alternatives: ``save_checkpoint``/``load_checkpoint`` for the weights (the ``.ckpt``
files MindSpore itself reads), and ``torch.export``/``torch.onnx`` for a deployable graph.
"""
import os

__all__ = ["export", "load"]

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
