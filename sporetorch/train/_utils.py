"""MindSpore 2.10's ``mindspore.train._utils``: small helpers of the training loop, summary and protobuf
reading (value checks, numpy-to-Tensor feeding, placeholder input lists, directories, a progress bar)."""
import os
import sys
import time
from collections.abc import Iterable

import numpy as np

from .._checkparam import check_file_name_by_regular
from ..common import dtype as mstype
from ..common.tensor import Tensor
from ._checkpoint_proto import Checkpoint
from .lineage_pb2 import DatasetGraph, EvaluationLineage, TrainLineage, UserDefinedInfo
from .mind_ir_pb2 import ModelProto as _MindIRModel
from .node_strategy_pb2 import ParallelStrategyMap as _StrategyMap

_MAX_PATH_LENGTH = 1024  # MindSpore 2.10's limit for directory paths


def _check_to_numpy(plugin, tensor, prim=None):
    """A copy of ``tensor`` as a numpy array, checked for what the summary ``plugin`` records."""
    value = tensor.asnumpy().copy()
    summary_name = plugin.capitalize() + "Summary" if prim else "SummaryRecord"
    if plugin == "scalar":
        if value.size == 1:
            return value
        raise ValueError(f'For "{summary_name}", the v rank must be less than or equal to 1, but got {len(value)}.')
    if plugin == "image":
        if value.ndim == 4:
            return value
        raise ValueError(f'For "{summary_name}", the tensor seems not to hold a valid image.')
    if plugin in ("tensor", "histogram"):
        if value.ndim > 0:
            return value
        raise ValueError(f'For "{summary_name}", the value should not be empty.')
    return value


def _to_tensor(elem, scaling_sens=None):
    """numpy arrays (one or a tuple/list) as Tensors, with ``scaling_sens`` appended as a float32 Tensor;
    a sequence holding a non-array is returned as a tuple (with the scale appended) unchanged."""
    out = []
    if not isinstance(elem, (tuple, list)):
        elem = [elem]
    for data in elem:
        if not isinstance(data, np.ndarray):
            if scaling_sens:
                return tuple(elem) + (Tensor(scaling_sens, mstype.float32),)
            return tuple(elem)
        out.append(Tensor(data))
    if scaling_sens:
        out.append(Tensor(scaling_sens, mstype.float32))
    return out[0] if len(out) == 1 else tuple(out)


def _make_directory(path, arg_name="path"):
    """Create the directory ``path`` (mode 0o700) if needed and return its real path."""
    if not isinstance(path, str):
        raise TypeError(f"The {arg_name} is invalid, the type should be string.")
    if path.strip() == "":
        raise ValueError(f"The {arg_name} is invalid, it should be non-blank.")
    path = os.path.realpath(path)
    if len(path) > _MAX_PATH_LENGTH:
        raise ValueError(f"The {arg_name} length is too long, it should be limited in {_MAX_PATH_LENGTH}.")
    if os.path.exists(path):
        if not os.path.isdir(path):
            raise NotADirectoryError(f"The path({path}) is a file path, it should be a directory path.")
        return path
    try:
        os.makedirs(path, mode=0o700, exist_ok=True)
    except PermissionError as e:
        raise TypeError("No write permission on the directory.") from e
    return path


def _convert_type(types):
    """MindSpore dtypes of a list of numpy types."""
    return [mstype.pytype_to_dtype(t) for t in types]


def _get_types_and_shapes(dataset):
    """A dataset's output dtypes (MindSpore's) and shapes."""
    return _convert_type(dataset.output_types()), dataset.output_shapes()


def check_value_type(arg_name, arg_value, valid_types):
    """TypeError unless ``arg_value`` is one of ``valid_types`` (a bool is no int unless bool is listed)."""
    valid_types = tuple(valid_types) if isinstance(valid_types, Iterable) else (valid_types,)
    is_valid = isinstance(arg_value, valid_types)
    if isinstance(arg_value, bool) and bool not in valid_types:
        is_valid = False
    if not is_valid:
        raise TypeError(f"For `{arg_name}` the type should be a valid type of {[t.__name__ for t in valid_types]}, "
                        f"but got {type(arg_value).__name__}.")


def _rotate_list_elements(i, input_list):
    """``input_list`` rotated left by ``i``."""
    return [input_list[(i + j) % len(input_list)] for j in range(len(input_list))]


def _restructure(input_dict):
    """Spread the values of tuple keys round-robin over the tuple's members, until no key is a tuple."""
    if all(not isinstance(key, tuple) for key in input_dict):
        return input_dict
    out = {}
    for key, values in input_dict.items():
        for index, value in enumerate(values):
            out.setdefault(key[index % len(key)], []).append(value)
    return _restructure(out)


def _construct_tensor_list(types, shapes, batch_expand_num=1):
    """Zero Tensors of the given dtypes and shapes (first axis times ``batch_expand_num``) to build a network
    with. (MindSpore flags them ``virtual_flag`` for its graph compiler; eager PyTorch needs no flag.)"""
    if len(types) != len(shapes):
        raise ValueError(f"The length of dataset types must be equal to dataset shapes, but got dataset "
                         f"types={types} and dataset shapes={shapes}")
    tensors = []
    for type_, shape in zip(types, shapes):
        shape = tuple(item * batch_expand_num if i == 0 else item for i, item in enumerate(shape))
        tensors.append(Tensor(np.zeros(shape, mstype.dtype_to_nptype(type_)), dtype=type_))
    return tensors


_LINEAGE_TYPES = {"dataset_graph": DatasetGraph, "eval_lineage": EvaluationLineage, "train_lineage": TrainLineage,
                  "custom_lineage_data": UserDefinedInfo}


def _check_lineage_value(plugin, value):
    """TypeError unless ``value`` is the lineage message the ``plugin`` records."""
    prototype = _LINEAGE_TYPES.get(plugin)
    if prototype is not None and not isinstance(value, prototype):
        raise TypeError(f"Plugin {plugin!r} expects a {prototype.__name__} value.")


def check_summary_param(summary_name, tag, tensor):
    """Check the tag and value of a summary op (``ScalarSummary``, ``ImageSummary``, ...)."""
    plugin = summary_name.split("Summary")[0].lower()
    if not isinstance(tag, str) or not tag:
        raise TypeError(f'For "{summary_name}", the name must be valid string, but got "{tag}".')
    if not isinstance(tensor, Tensor):
        raise TypeError(f'For "{summary_name}", the parameter "value" expect to be Tensor, '
                        f"but got {type(tensor).__name__}")
    _check_to_numpy(plugin, tensor, prim=True)


def read_proto(file_name, proto_format="MINDIR", display_data=False):
    """Parse a protobuf file: ``"MINDIR"`` (a MindIR model), ``"CKPT"`` (a checkpoint) or ``"CKPT_STRATEGY"``
    (a parallel strategy). Without ``display_data`` the parameter and tensor bytes are blanked to ``b'\\0'``."""
    check_file_name_by_regular(file_name)
    file_name = os.path.realpath(file_name)
    models = {"MINDIR": _MindIRModel, "CKPT": Checkpoint, "CKPT_STRATEGY": _StrategyMap}
    if proto_format not in models:
        raise ValueError("Unsupported proto format.")
    model = models[proto_format]()
    try:
        with open(file_name, "rb") as f:
            model.ParseFromString(f.read())
    except BaseException as e:
        raise ValueError(str(e)) from e
    if proto_format == "MINDIR" and not display_data:
        for param in model.graph.parameter:
            param.raw_data = b"\0"
    if proto_format == "CKPT" and not display_data:
        for element in model.value:
            tensors = [element.tensor] if element.HasField("tensor") else element.maptensor.tensor
            for t in tensors:
                t.tensor_content = b"\0"
    return model


def _progress_bar(iterable, total=None):
    """Yield the items of ``iterable``, printing a progress bar with elapsed and remaining time after each."""
    total = len(iterable) if total is None else total
    start = time.time()

    def show(i):
        filled = int(40 * i // total)
        elapsed = time.time() - start
        remaining = elapsed / i * total - elapsed
        sys.stdout.reconfigure(encoding="utf-8")
        print(f"\r{100 * (i / float(total)):.1f}%|{'█' * filled + '-' * (40 - filled)}|"
              f"[{time.strftime('%H:%M:%S', time.gmtime(elapsed))}<{time.strftime('%H:%M:%S', time.gmtime(remaining))}]",
              end="")
        if i == total:
            print()

    for i, item in enumerate(iterable, start=1):
        yield item
        show(i)
