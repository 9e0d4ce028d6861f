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


# ------------------------------------------------------------------ parallel-layout redundancy helpers
# A layout maps a parameter name to ``[dev_matrix, tensor_map, ...]`` (``net.parameter_layout_dict``; entry 5,
# where present, is the optimizer-shard group) or, from a strategy file, to ``[dev_matrix, tensor_map,
# opt_weight_shard_step, opt_weight_shard_size]``. A redundancy map gives each parameter the tuples of ranks
# that hold the same slice.

def parse_strategy_ckpt(file_name):
    """The layout dict of a parallel strategy file: ``{param_name: [dev_matrix, tensor_map,
    opt_weight_shard_step, opt_weight_shard_size]}``."""
    model = _StrategyMap()
    with open(file_name, "rb") as f:
        model.ParseFromString(f.read())
    layout = {}
    for item in model.parallel_layout_item:
        layouts = item.parallel_layouts
        dev_matrix = list(layouts.dev_matrix[0].ListFields()[0][1])
        tensor_map = list(layouts.tensor_map[0].ListFields()[0][1])
        layout[item.param_name] = [dev_matrix, tensor_map, layouts.opt_weight_shard_step,
                                   layouts.opt_weight_shard_size]
    return layout


def _split_by_opt_shard(ranks_groups, opt_para_num):
    out = []
    for ranks in ranks_groups:
        if len(ranks) % opt_para_num == 0:
            out.extend(ranks[i::opt_para_num] for i in range(opt_para_num))
    return tuple(out)


def _get_strategy_opt_shard(param_redundancy_dict, parameter_layout_opt_shard):
    """Split the redundancy groups of ``param_redundancy_dict`` in place by the optimizer shard of a strategy
    file (``{name: [opt_weight_shard_step, opt_weight_shard_size]}``; size 0 means no shard, -1 the whole
    group divided by the step)."""
    for key, (step, size) in ((k, v[:2]) for k, v in parameter_layout_opt_shard.items()):
        if size == 0:
            continue
        groups = param_redundancy_dict.get(key)
        if size != -1:
            opt_para_num = size
        elif groups:
            opt_para_num = len(groups) * len(groups[0]) // step
        else:
            raise ValueError("For get_parameter_redundancy, the format of the parallel communication domain for "
                             "the optimizer is incorrect.")
        param_redundancy_dict[key] = _split_by_opt_shard(groups, opt_para_num)


def _get_layout_opt_shard(layout_obj, param_redundancy_dict):
    """Split the redundancy groups in place by each parameter's optimizer-shard group (layout entry 5)."""
    from ..communication.management import get_group_size
    for key, value in layout_obj.items():
        if value[5]:
            param_redundancy_dict[key] = _split_by_opt_shard(param_redundancy_dict.get(key),
                                                             get_group_size(value[5]))


def _get_parameter_redundancy_without_opt_shard(parameter_layout, param_redundancy_dict, initial_rank):
    """Fill ``param_redundancy_dict`` in place with each parameter's groups of ranks holding the same slice
    (devices laid out row-major over ``dev_matrix``, ranks counted from ``initial_rank``)."""
    for key, (dev_matrix, tensor_map, *_) in parameter_layout.items():
        ndim = len(dev_matrix)
        # A device's slice is fixed by its coordinates along the device axes the tensor map uses
        # (tensor_map counts axes from the last one); the other coordinates only replicate it.
        # The slice key is ordered by tensor-map value (key[i] is the coordinate along axis ndim-1-i), which
        # fixes the order of the groups.
        used = {axis for axis in tensor_map if axis != -1}
        groups = {}
        for index, coords in enumerate(np.ndindex(*dev_matrix)):
            slice_id = tuple(coords[ndim - 1 - i] if i in used else 0 for i in range(ndim))
            groups.setdefault(slice_id, []).append(index + initial_rank)
        param_redundancy_dict[key] = tuple(tuple(groups[k]) for k in sorted(groups))


def _get_initial_rank(parameter_layout):
    """The first rank of this rank's pipeline stage: ranks are grouped by the size of the first
    parameter's device matrix."""
    from ..communication.management import get_rank
    dev_matrix = next(iter(parameter_layout.values()))[0]
    dev_num = int(np.prod(dev_matrix)) if dev_matrix else 1
    return (get_rank() // dev_num) * dev_num


def _get_pp_size_from_redundancy_map(param_redundancy):
    """The number of ranks of one pipeline stage (that of the first parameter's groups)."""
    for groups in param_redundancy.values():
        return len(groups) * len(groups[0])
    return None


def get_parameter_redundancy(layout_obj, initial_rank=None):
    """The redundancy map ``{param_name: ((ranks holding one slice), ...)}``, sorted by name, of a strategy
    file (a path), of ``net.parameter_layout_dict`` (a dict) or of a Cell (every parameter replicated over
    the world group)."""
    from ..nn.cell import Cell
    if isinstance(layout_obj, str):
        total = parse_strategy_ckpt(layout_obj)
        layout = {k: v[0:2] for k, v in total.items()}
        opt_shard = {k: v[2:] for k, v in total.items()}
    elif isinstance(layout_obj, Cell):
        from ..communication.management import get_process_group_ranks
        ranks = (tuple(get_process_group_ranks()),)
        return {name: ranks for name in sorted(p.name for _, p in layout_obj.parameters_and_names())}
    else:
        layout = {k: v[:2] for k, v in layout_obj.items()}
    redundancy = {}
    if initial_rank is None:
        initial_rank = _get_initial_rank(layout)
    _get_parameter_redundancy_without_opt_shard(layout, redundancy, initial_rank)
    if isinstance(layout_obj, str):
        _get_strategy_opt_shard(redundancy, opt_shard)
    else:
        _get_layout_opt_shard(layout_obj, redundancy)
    return {key: redundancy[key] for key in sorted(redundancy)}


def _collect_settings_by_rank(redundancy_map):
    """The redundancy map inverted: ``{ranks_group: [(param_name, group_index), ...]}``."""
    out = {}
    for key, groups in redundancy_map.items():
        for index, group in enumerate(groups):
            out.setdefault(group, []).append((key, index))
    return out


def remove_param_redundancy(param_redundancy_dict, keep_redundancy=1):
    """``{rank: set(param_names)}``: which rank saves which parameters so that each slice is kept
    ``keep_redundancy`` times (the first rank of each group, then the next one, ...)."""
    by_group = {group: [name for name, _ in entries]
                for group, entries in _collect_settings_by_rank(param_redundancy_dict).items()}
    result = {}
    for i in range(keep_redundancy):
        rotated = {tuple(_rotate_list_elements(i, list(group))): names for group, names in by_group.items()}
        for rank, names in _restructure(rotated).items():
            result.setdefault(rank, set()).update(names)
    return result


def enable_data_broadcast():
    """Whether dataset broadcast is on (MindSpore's ``dataset_broadcast_opt_level`` > 0; never here)."""
    return False


def _load_and_transform(path, name_map, load_func):
    """``load_func(path)`` with its keys renamed by ``name_map`` (names not in it are kept)."""
    loaded = load_func(path)
    if name_map is None:
        return dict(loaded)
    return {name_map.get(k, k): v for k, v in loaded.items()}


def _mstx_range_decorator(message, stream=None, domain="default"):
    """A decorator running the function inside an MSTX profiler range named ``message``. MSTX ranges are
    Ascend profiler marks; MindSpore 2.10's CPU build records none, and neither does sporetorch, so the
    decorated function just runs."""
    import functools

    def decorator(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            return func(*args, **kwargs)
        return wrapper

    return decorator
