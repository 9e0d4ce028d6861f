"""``export`` and ``load``: MindSpore's model files (ONNX, MindIR, AIR).

``export(..., file_format="ONNX")`` writes an ONNX model through ``torch.onnx.export``: the
network is traced on the given inputs (in inference mode, as MindSpore does) and the file can
be run by onnxruntime. MindIR and AIR files hold graphs compiled by MindSpore's own compiler,
which sporetorch does not have, so ``export`` to those formats and ``load`` check their
arguments as MindSpore does and then raise a NotImplementedError that names ONNX and the
alternatives: ``save_checkpoint``/``load_checkpoint`` for the weights (the ``.ckpt`` files
MindSpore itself reads).
"""
import inspect
import os
import stat
import warnings

__all__ = ["export", "load", "save_mindir", "load_mindir", "export_split_mindir"]

_FORMATS = ["AIR", "ONNX", "MINDIR"]
_ALTERNATIVES = ("Save the weights with save_checkpoint(net, 'net.ckpt') (MindSpore loads that file) and rebuild "
                 "the network in code, or export a deployable graph with export(net, *inputs, file_name=..., "
                 "file_format='ONNX').")


def export(net, *inputs, file_name, file_format, **kwargs):
    """Export ``net`` run on ``inputs`` as an ONNX model (``file_format="ONNX"``).

    Args:
        net (Cell): the network; it is traced in inference mode (``set_train(False)``) and its
            training flag is restored afterwards.
        inputs (Tensor, numbers, bool): the inputs of ``net``. Tensors become the inputs of the
            ONNX graph, named after ``construct``'s parameters; other values are fixed in the graph.
        file_name (str): the file; ``.onnx`` is appended when it does not end with it.
        file_format (str): ``"ONNX"``. ``"MINDIR"`` and ``"AIR"`` raise NotImplementedError.

    Differences from MindSpore: ONNX goes through ``torch.onnx`` (it needs the ``onnx`` package,
    the optional extra ``sporetorch[onnx]``), and the weights' initializer names are torch's.
    """
    if not isinstance(file_name, str):
        raise TypeError(f"For 'export', the argument 'file_name' must be str, but got {type(file_name).__name__}.")
    if file_format not in _FORMATS:
        raise ValueError(f"For 'export', 'file_format' must be one of {_FORMATS}, but got {file_format}.")
    if file_format != "ONNX":
        raise NotImplementedError(f"export(file_format='{file_format}') writes a graph compiled by MindSpore's "
                                  f"compiler, which sporetorch (on PyTorch) does not have; the supported format is "
                                  f"'ONNX'. {_ALTERNATIVES}")
    _export_onnx(net, inputs, file_name)


def _export_onnx(net, inputs, file_name):
    import torch

    from .tensor import Tensor, _wrap

    # A Cell, recognised without importing nn (common sits below nn): it has construct and cells_and_names.
    if not (callable(getattr(net, "construct", None)) and hasattr(net, "cells_and_names")):
        raise ValueError(f"Export ONNX format model only support nn.Cell object, but got {type(net)}.")
    try:
        import onnx  # noqa: F401 - torch.onnx.export needs it; fail here with the extra's name
    except ImportError as e:
        raise ImportError("export(file_format='ONNX') needs the 'onnx' package: pip install 'sporetorch[onnx]' "
                          "(onnx, onnxruntime).") from e
    positions = [i for i, x in enumerate(inputs) if isinstance(x, Tensor)]
    for i in positions:
        if -1 in inputs[i].shape:
            raise ValueError("Export ONNX format model not support dynamic shape mode.")
    try:
        params = list(inspect.signature(net.construct).parameters.values())
        names = [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    except (TypeError, ValueError):
        names = []
    input_names = [names[i] if i < len(names) else f"input_{i}" for i in positions]

    class _Traced(torch.nn.Module):
        # torch.onnx traces torch tensors: rewrap them as sporetorch Tensors around the cell call
        def forward(self, *tensors):
            args = list(inputs)
            for i, t in zip(positions, tensors):
                args[i] = _wrap(t)
            return _unwrap(net(*args))

    if not file_name.endswith(".onnx"):
        file_name += ".onnx"
    folder = os.path.dirname(os.path.abspath(file_name))
    os.makedirs(folder, exist_ok=True)
    if os.path.exists(file_name):
        os.chmod(file_name, stat.S_IWUSR | stat.S_IRUSR)
    training = net.training
    net.set_train(False)
    _register_fmax_symbolic()
    try:
        with warnings.catch_warnings():
            # the TorchScript exporter warns about its deprecation and about Python-level shape checks
            warnings.simplefilter("ignore")
            torch.onnx.export(_Traced().eval(), tuple(inputs[i]._t for i in positions), file_name,
                              input_names=input_names, dynamo=False)
    finally:
        net.set_train(training)
    os.chmod(file_name, stat.S_IRUSR)


def _fmax_symbolic(g, a, b):
    # fmax takes the other operand where one is NaN (ReLU's one-kernel form, ops.fmax); ONNX's Max
    # leaves that open, so the NaN cases are spelled out.
    larger = g.op("Max", a, b)
    return g.op("Where", g.op("IsNaN", a), b, g.op("Where", g.op("IsNaN", b), a, larger))


def _register_fmax_symbolic():
    """The TorchScript exporter has no ONNX form of ``aten::fmax``: give it one (opset 9 and later)."""
    import torch

    torch.onnx.register_custom_op_symbolic("aten::fmax", _fmax_symbolic, 9)


def _unwrap(out):
    from .tensor import Tensor

    if isinstance(out, Tensor):
        return out._t
    if isinstance(out, (tuple, list)):
        return tuple(_unwrap(o) for o in out)
    if isinstance(out, dict):
        return {k: _unwrap(v) for k, v in out.items()}
    return out


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
