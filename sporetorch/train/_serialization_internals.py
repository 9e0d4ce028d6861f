"""MindSpore 2.10's private helpers of ``mindspore.train.serialization`` (zoos such as mindone and mindformers
import them): argument checks with MindSpore's messages, the ``data_list`` form of a checkpoint
(``{name: [dims, type_str, data]}``), the file helpers of the split MindIR writer, and the parameter-server
warm-up bookkeeping.

They are adapters over serialization.py: checkpoint files are written by its ``_write_checkpoint`` (atomic)
and read by its ``_read_ckpt``/``_read_safetensors`` (no unpickling), so there is one writer and one reader.
"""
import io
import logging
import os
import re
import stat
import sys
import threading
import zlib
from collections import OrderedDict
from multiprocessing import active_children

import numpy as np

from ..common.file_system import FileSystem, _register_basic_file_system
from ..common.parameter import Parameter
from ..common.tensor import Tensor
from ..nn.cell import Cell
from . import _checkpoint_crypto as _crypto
from ._checkpoint_proto import Checkpoint

_logger = logging.getLogger("sporetorch")


def _ser():
    """serialization.py, which re-exports this module's names (imported when first needed, so that
    neither module imports the other at module level)."""
    from . import serialization
    return serialization

SLICE_SIZE = 512 * 1024  # KB: a tensor is written in messages of at most this many KB
PROTO_LIMIT_SIZE = 1024 * 1024 * 2  # KB: the largest network exported to ONNX in one protobuf
TOTAL_SAVE = 1024 * 1024  # KB: above this, export saves a MindIR graph and its weights apart
PARAMETER_SPLIT_SIZE = 1024 * 1024 * 1024  # KB: the largest external data file of a split MindIR
_FRONT_INFO_BYTES = 64  # the head of a split MindIR's data file

_ckpt_fs = FileSystem()
_ckpt_fs_initialized = False


# ----------------------------------------------------------------------------- file system and async saves
def init_ckpt_file_system(fs: FileSystem):
    """Point ``fs`` at the checkpoint file backend: Python's ``open`` (MindIO's backend exists only on Ascend
    hosts with the mindio package, which MindSpore tries first and finds absent on CPU)."""
    _register_basic_file_system(fs)


def _ensure_ckpt_fs_initialized():
    """Initialise the module's checkpoint file system once."""
    global _ckpt_fs_initialized
    if not _ckpt_fs_initialized:
        init_ckpt_file_system(_ckpt_fs)
        _ckpt_fs_initialized = True


def _wait_async_process_save_ckpt():
    """Join the child processes saving a checkpoint asynchronously (named ``asyn_save_ckpt``)."""
    for process in active_children():
        if process.name == _ser()._ASYNC_THREAD_NAME:
            process.join()


def _wait_async_thread_save_ckpt():
    """Join the threads saving a checkpoint asynchronously (named ``asyn_save_ckpt``)."""
    _ser()._wait_async_saves()
    for thread in threading.enumerate():
        if thread.name == _ser()._ASYNC_THREAD_NAME and thread is not threading.current_thread():
            thread.join()


def _async_save_close():
    """Wait for every asynchronous checkpoint save (processes, then threads)."""
    _wait_async_process_save_ckpt()
    _wait_async_thread_save_ckpt()


def _check_async_save(async_save):
    """``async_save`` checked: a bool, or ``"process"``/``"thread"``."""
    if not isinstance(async_save, (bool, str)):
        raise TypeError("For 'save_checkpoint', the parameter 'async_save' must be bool or str, "
                        f"but got {type(async_save)}.")
    if isinstance(async_save, str) and async_save not in ("process", "thread"):
        raise ValueError("For 'save_checkpoint', the argument 'async_save' can only be 'process' or 'thread',"
                         f"but got {async_save}.")
    return async_save


# ----------------------------------------------------------------------------- argument checks
def _check_save_obj_and_ckpt_file_name(save_obj, ckpt_file_name, format):  # noqa: A002 - MindSpore's name
    """The real path ``save_checkpoint`` writes (``.format`` appended when missing), after checking the format,
    ``save_obj`` and the name."""
    if format not in ["safetensors", "ckpt"]:
        raise ValueError(f"For 'save_checkpoint', the format must be 'safetensors' or 'ckpt', but got {format}.")
    if not isinstance(save_obj, (Cell, list, dict)):
        raise TypeError("For 'save_checkpoint', the parameter 'save_obj' must be nn.Cell, list or dict, "
                        f"but got {type(save_obj)}.")
    if not isinstance(ckpt_file_name, str):
        raise TypeError(f"For 'save_checkpoint', the parameter {ckpt_file_name} for checkpoint file name is "
                        f"invalid,'ckpt_file_name' must be string, but got {type(ckpt_file_name)}.")
    path = os.path.realpath(ckpt_file_name)
    if os.path.isdir(path):
        raise IsADirectoryError(f"For 'save_checkpoint', the parameter `ckpt_file_name`: {path} is a directory, "
                                "it must be a file name.")
    return path if path.endswith(format) else f"{path}.{format}"


def _check_unsupported(func, format, values):  # noqa: A002
    if format != "safetensors":
        return
    for name, (value, default) in values.items():
        if value != default:
            raise ValueError(f"For '{func}', when format is 'safetensors', the parameter '{name}' must be set to "
                             f"default value '{default}', but got '{value}'.")


def _check_load_checkpoint_unsupported_param(format, dec_key, dec_mode):  # noqa: A002
    """With the safetensors format, ``dec_key`` and ``dec_mode`` must keep their defaults."""
    _check_unsupported("load_checkpoint", format, {"dec_key": (dec_key, None), "dec_mode": (dec_mode, "AES-GCM")})


def _check_save_checkpoint_unsupported_param(format, enc_key, enc_mode, map_param_inc=False,  # noqa: A002
                                             global_step_num=None):
    """With the safetensors format, the encryption and map-parameter arguments must keep their defaults."""
    _check_unsupported("save_checkpoint", format,
                       {"enc_key": (enc_key, None), "enc_mode": (enc_mode, "AES-GCM"),
                        "map_param_inc": (map_param_inc, False), "global_step_num": (global_step_num, None)})


def _get_available_memory():
    """The physical memory available now, in bytes (None where the system does not say)."""
    try:
        pages = os.sysconf("SC_AVPHYS_PAGES")
        page_size = os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, OSError, TypeError, ValueError):
        return None
    if pages <= 0 or page_size <= 0:
        return None
    return pages * page_size


def _checkpoint_protobuf_memory_error(ckpt_file_name, actual_size=None, available_memory=None):
    """The message for a checkpoint whose protobuf content does not fit in memory."""
    advice = ("The ckpt format stores protobuf content as a single message that must be read into memory before "
              "parsing. Please retry on a machine with more memory, or use safetensors/segmented checkpoints for "
              "large model weights.")
    if actual_size is not None and available_memory is not None:
        return (f"For 'load_checkpoint', the checkpoint protobuf content size {actual_size} bytes exceeds current "
                f"available memory {available_memory} bytes: {ckpt_file_name}. {advice}")
    return f"For 'load_checkpoint', not enough memory to load checkpoint protobuf content: {ckpt_file_name}. {advice}"


def _check_checkpoint_protobuf_size(ckpt_file_name, actual_size, available_memory=None):
    """Raise ``_CheckpointProtobufSizeError`` when ``actual_size`` bytes exceed the available memory."""
    if available_memory is None:
        available_memory = _get_available_memory()
    if available_memory is not None and actual_size > available_memory:
        raise _ser()._CheckpointProtobufSizeError(
            _checkpoint_protobuf_memory_error(ckpt_file_name, actual_size, available_memory))


def _check_checkpoint_file_size(ckpt_file_name):
    """``_check_checkpoint_protobuf_size`` with the file's size."""
    _check_checkpoint_protobuf_size(ckpt_file_name, os.path.getsize(ckpt_file_name))


def _check_file(file, file_format):
    """The real path of a checkpoint to load (a ``BytesIO`` is kept for safetensors), after checking the
    format, the name's suffix, that it exists and that a ``.ckpt`` fits in memory."""
    if file_format not in ("ckpt", "safetensors"):
        raise ValueError("For 'load_checkpoint', the checkpoint file should end with '.ckpt' or '.safetensors', "
                         "please input the correct 'format'.")
    if isinstance(file, io.BytesIO):
        if file_format == "ckpt":
            raise TypeError("ckpt don't support BytesIO as input type, please change to safetensors.")
        return file
    if not isinstance(file, str):
        raise TypeError(f"For 'load_checkpoint', the argument 'ckpt_file_name' must be string, but got {type(file)}.")
    if not file.endswith(file_format):
        raise ValueError(f"For 'load_checkpoint', the checkpoint file format must same with 'format', but got "
                         f"file_name:'{file}', format:'{file_format}'")
    file = os.path.realpath(file)
    if not os.path.exists(file):
        raise ValueError(f"For 'load_checkpoint', the checkpoint file: {file} does not exist, please check "
                         "whether the 'ckpt_file_name' is correct.")
    if file_format == "ckpt":
        _check_checkpoint_file_size(file)
    return file


def _whether_load_param(specify_prefix, filter_prefix, param_name):
    """Whether ``param_name`` passes the deprecated prefix filters (``specify_prefix`` keeps, ``filter_prefix``
    drops; both are sequences of str)."""
    keep = True
    if specify_prefix:
        keep = any(param_name.startswith(prefix) for prefix in specify_prefix)
    if filter_prefix and any(param_name.startswith(prefix) for prefix in filter_prefix):
        keep = False
    return keep


def _check_load_param_into_net(net, parameter_dict):
    """``load_param_into_net``'s argument checks: a Cell and a ``{str: Parameter/str/list}`` dict."""
    if not isinstance(net, Cell):
        raise TypeError(f"For 'load_param_into_net', the argument 'net' should be a Cell, but got {type(net)}.")
    if not isinstance(parameter_dict, dict):
        raise TypeError("For 'load_param_into_net', the argument 'parameter_dict' should be a dict, "
                        f"but got {type(parameter_dict)}.")
    for key, value in parameter_dict.items():
        if not isinstance(key, str) or not isinstance(value, (Parameter, str, list)):
            raise TypeError("For 'parameter_dict', the element in the argument 'parameter_dict' should be a "
                            f"'str' and 'Parameter' , but got {type(key)} and {type(value)}.")


def _check_remove_redundancy_net(net):
    """Loading a deduplicated checkpoint needs a parallel run and a compiled network."""
    from ..communication.management import get_group_size
    try:
        group_size = get_group_size()
    except RuntimeError:  # communication not initialised: a stand-alone run
        group_size = 1
    if group_size == 1:
        raise TypeError("The deduplication feature for loading checkpoint can only be used "
                        "in parallel scenarios, but got stand_alone.")
    if not getattr(net, "compile_cache", None) and not getattr(net, "parameter_layout_dict", None):
        raise ValueError("When loading a parameter dict that has removed redundancy, "
                         "the network should be compiled.")


def _check_remove_redundancy(remove_redundancy, f):
    """``remove_redundancy`` corrected by what a safetensors file's metadata (``f.metadata()``) records."""
    metadata = f.metadata()
    if metadata is not None and "remove_redundancy" in metadata:
        if metadata["remove_redundancy"] == "True" and not remove_redundancy:
            _logger.warning("For 'load_checkpoint', the safetensors file is deduplicated, "
                            "but remove_redundancy is set to False.")
            return True
        if metadata["remove_redundancy"] == "False" and remove_redundancy:
            _logger.warning("For 'load_checkpoint', the safetensors file is non-deduplicated, "
                            "but remove_redundancy is set to True.")
            return False
    return remove_redundancy


def _check_param_for_integrate_save(pipeline_stages, uniform_split):
    """Integrated save of a model-parallel network supports neither pipelines nor non-uniform splits."""
    if pipeline_stages > 1:
        raise RuntimeError("Pipeline Parallel don't support Integrated save checkpoint now.")
    if uniform_split == 0:
        raise RuntimeError("For 'save_checkpoint' and in automatic model parallel scene, when set "
                           "'integrated_save' to True, the checkpoint will be integrated save, it "
                           "is only supports uniform split tensor now.")


# ----------------------------------------------------------------------------- save_obj -> param list
def _param_info_flag(param, flag):
    return bool(getattr(getattr(param, "param_info", None), flag, False))


def _is_auto_parallel_mode(save_obj):
    """Whether a parameter of the Cell was initialised by the parallel compiler (never in a stand-alone run)."""
    return any(_param_info_flag(p, "is_param_init") for _, p in save_obj.parameters_and_names())


def _handle_shared_param_for_pipeline_parallel(save_obj):
    """The ``[{"name", "data"}]`` list without the parameters a pipeline stage shares with another."""
    return [item for item in save_obj
            if not (isinstance(item["data"], Parameter) and _param_info_flag(item["data"], "is_pipeline_shared_param"))]


def _convert_list_to_param_list(save_obj, choice_func):
    """A list of Parameters, or of ``{"name", "data"}`` dicts, as the ``[{"name", "data"}]`` list to save."""
    out = []
    if not save_obj:
        return out
    if isinstance(save_obj[0], dict):
        for item in save_obj:
            if not (isinstance(item, dict) and "name" in item and "data" in item):
                raise TypeError("For save_checkpoint, save_obj should be a list of dict items, and the dict should "
                                f"have key values 'name' and 'value', but got {type(item)} and {item}.")
            if not isinstance(item["name"], str):
                raise TypeError("For save_checkpoint, when save_obj is a list of dict items, the name in dict "
                                f"should be string, but got {type(item['name'])}.")
            if not isinstance(item["data"], Tensor):
                raise TypeError("For save_checkpoint, when save_obj is a list of dict items, the data in dict "
                                f"should be parameter, but got {type(item['data'])}.")
            if choice_func is None or choice_func(item["name"]):
                out.append({"name": item["name"], "data": item["data"]})
        return out
    for param in save_obj:
        if not isinstance(param, Parameter):
            raise TypeError("For save_checkpoint, when save_obj is made up by list of Parameter,"
                            f"the param should be parameter, but got {type(param)}")
        if choice_func is None or choice_func(param.name):
            out.append({"name": param.name, "data": param})
    return out


def _convert_dict_to_param_dict(save_obj, choice_func):
    """A ``{name: Parameter/ndarray/str/buffer}`` dict as the ``[{"name", "data"}]`` list to save (an
    ndarray becomes a Parameter)."""
    out = []
    for key, value in save_obj.items():
        if not isinstance(key, str):
            raise TypeError("For save_checkpoint, when save_obj is made up by dict, the key should be str and"
                            f"value should be Parameter, but got the type of key is {type(key)} and"
                            f"the type of value is {type(value)}")
        if choice_func is not None and not choice_func(key):
            continue
        if isinstance(value, np.ndarray):
            value = Parameter(Tensor.from_numpy(value))
        elif not (isinstance(value, (Parameter, str)) or _ser()._is_buffer_type(value)):
            # MindSpore would append the previous item again (its loop variable is left over); refuse instead.
            raise TypeError(f"For save_checkpoint, the value of '{key}' should be a Parameter, numpy array or str, "
                            f"but got {type(value)}.")
        out.append({"name": key, "data": value})
    return out


def _convert_cell_param_and_names_to_dict(save_obj, choice_func, is_parallel_mode):
    """The Cell's Parameters to save, ``OrderedDict{name: Parameter}`` (a cache-enabled Parameter under
    ``name.__param_key__KEY``)."""
    out = OrderedDict()
    from ..context import GRAPH_MODE, get_context
    graph = get_context("mode") == GRAPH_MODE
    for _, param in save_obj.parameters_and_names():
        if _param_info_flag(param, "is_pipeline_shared_param"):
            continue
        if is_parallel_mode and graph and (not param.sliced or param.has_init):
            continue
        if choice_func is not None and not choice_func(param.name):
            continue
        if getattr(param, "cache_enable", False):
            out[f"{param.name}.__param_key__{param.key}"] = param
        else:
            out[param.name] = param
    return out


def _convert_cell_to_param_list(save_obj, integrated_save, append_dict, choice_func):
    """The Cell's Parameters as the ``[{"name", "data": Tensor}]`` list to save (a stand-alone network holds
    whole tensors, so nothing is merged across devices)."""
    is_parallel = _is_auto_parallel_mode(save_obj)
    if not is_parallel:
        save_obj.init_parameters_data()
    params = _convert_cell_param_and_names_to_dict(save_obj, choice_func, is_parallel)
    return [{"name": key, "data": Tensor(value.data)} for key, value in params.items()]


def _convert_save_obj_to_param_list(save_obj, integrated_save, append_dict, choice_func):
    """``save_checkpoint``'s ``save_obj`` (list, dict or Cell) as the ``[{"name", "data"}]`` list to save."""
    if isinstance(save_obj, list):
        return _handle_shared_param_for_pipeline_parallel(_convert_list_to_param_list(save_obj, choice_func))
    if isinstance(save_obj, dict):
        return _handle_shared_param_for_pipeline_parallel(_convert_dict_to_param_dict(save_obj, choice_func))
    if isinstance(save_obj, Cell):
        return _convert_cell_to_param_list(save_obj, integrated_save, append_dict, choice_func)
    raise TypeError("For 'save_checkpoint', the argument 'save_obj' must be list、dict or nn.cell, "
                    f"but got {type(save_obj)}.")


def _save_param_list_data(data_list, key, param):
    """Append ``[dims, type_str, data, key]`` of an offloaded parameter record
    (``param["data"] = [tag, data, shape, type_str, key]``) to ``data_list[key]``."""
    data_list[key].append(list(param["data"][2]))
    data_list[key].append(param["data"][3])
    data_list[key].append(param["data"][1])
    data_list[key].append(param["data"][4])


def _calculation_net_size(net):
    """The size in KB of the network's parameters as MindSpore counts it (``sys.getsizeof`` of each
    parameter's bytes)."""
    total = 0
    for param in net.parameters_dict().values():
        total += sys.getsizeof(_ser()._tensor_bytes(param._t)) / 1024
    return total


# ----------------------------------------------------------------------------- writing data_list records
def _data_list_entry(name, value):
    """One ``data_list`` item ``[dims, type_str, data]`` as serialization.py's entry."""
    if value[1] == _ser()._STR_TYPE:
        data = value[2]
        return _ser()._Entry(name, data if isinstance(data, str) else str(np.asarray(data)))
    return _ser()._Entry(name, _ser()._torch_of(value[2]))


def _write_records(name, value, f, enc_key, plain_data, crc_num, crc_check, io_time):
    for chunk in _ser()._serialize_entry(_data_list_entry(name, value)):
        if enc_key is None:
            if crc_check:
                crc_num = zlib.crc32(chunk, crc_num)
            f.write(chunk)
        else:
            plain_data.write(chunk)
    return crc_num, io_time


def _write_parameter_data(name, value, f, enc_key, plain_data, crc_num=0, crc_check=False, ckpt_total_io_time=0):
    """Write the ``Checkpoint`` messages of one ``[dims, type_str, ndarray]`` record to the open file ``f`` (or,
    with ``enc_key``, to the plaintext buffer ``plain_data``); returns ``(crc_num, ckpt_total_io_time)``."""
    return _write_records(name, value, f, enc_key, plain_data, crc_num, crc_check, ckpt_total_io_time)


def _write_parameter_bytes_data(name, value, f, enc_key, plain_data, crc_num=0, crc_check=False,
                                ckpt_total_io_time=0):
    """``_write_parameter_data`` for a ``[dims, type_str, Tensor]`` record."""
    return _write_records(name, value, f, enc_key, plain_data, crc_num, crc_check, ckpt_total_io_time)


def _exec_save(ckpt_file_name, data_list, enc_key=None, enc_mode="AES-GCM", map_param_inc=False, crc_check=False,
               format="ckpt", remove_redundancy=None):  # noqa: A002
    """Write ``data_list`` (``{name: [dims, type_str, data]}``) to ``ckpt_file_name`` in ``format``, atomically
    (the file is complete or the previous one is left)."""
    if any(value and value[0] in ("mapparameter", "offload_parameter") for value in data_list.values()):
        raise ValueError("For 'save_checkpoint', MapParameter and offloaded parameters are not supported.")
    entries = [_data_list_entry(name, value) for name, value in data_list.items()]
    _ser()._write_checkpoint(ckpt_file_name, entries, crc_check, format, enc_key, enc_mode)


def _async_process_save(ckpt_file_name, data_list, enc_key=None, enc_mode="AES-GCM", map_param_inc=False,
                        crc_check=False, format="ckpt", cond=None, remove_redundancy=None):  # noqa: A002
    """The body of an asynchronous save: tell the waiting ``cond`` that it started, then ``_exec_save``."""
    with cond:
        cond.notify()
    _exec_save(ckpt_file_name, data_list, enc_key, enc_mode, map_param_inc, crc_check, format, remove_redundancy)


def _save_weight(checkpoint_dir, model_name, iteration, params):
    """Save ``params`` (``{name: [type_str, shape, data, size]}``) as ``MODEL_iteration_ITER.ckpt`` in
    ``checkpoint_dir`` (which must exist), replacing the earlier iterations' files."""
    if not os.path.exists(checkpoint_dir):
        _logger.warning(f"Checkpoint dir: '{checkpoint_dir}' is not existed.")
        return
    prefix = os.path.join(model_name, "_iteration_")
    earlier = [name for name in os.listdir(checkpoint_dir) if name.startswith(prefix)]
    data_list = OrderedDict()
    for key, (weight_type, weight_shape, weight_data, _) in params.items():
        data_list[key] = [weight_shape, weight_type, np.array(weight_data, dtype=weight_type.lower())]
    path = os.path.join(checkpoint_dir, f"{model_name}_iteration_{iteration}.ckpt")
    _exec_save(path, data_list)
    for name in earlier:
        os.remove(os.path.join(checkpoint_dir, name))


# ----------------------------------------------------------------------------- loading into a dict
def _parse_ckpt_proto(ckpt_file_name, dec_key, dec_mode, crc_check):
    """The whole ``.ckpt`` file as one ``Checkpoint`` protobuf message (decrypted with ``dec_key``; with
    ``crc_check`` the footer's CRC is verified)."""
    try:
        if dec_key is None:
            f, _ = _ser()._open_regular(ckpt_file_name, "checkpoint file")
            with f:
                content = f.read()
        else:
            with open(ckpt_file_name, "rb") as f:
                content = _crypto.decrypt(f.read(), dec_key, dec_mode, ckpt_file_name)
        _check_checkpoint_protobuf_size(ckpt_file_name, len(content))
        has_crc = content[-17:-10] == _ser()._CRC_MARK
        if crc_check and not has_crc:
            _logger.warning("For 'load_checkpoint', the ckpt file do not contain the crc code, please check the file.")
        if has_crc:
            stored, content = int.from_bytes(content[-10:], byteorder="big"), content[:-17]
            if crc_check and zlib.crc32(content, 0) != stored:
                raise ValueError("For 'load_checkpoint', the crc check is failed, "
                                 "please check whether the ckpt file is damaged.")
        checkpoint = Checkpoint()
        checkpoint.ParseFromString(content)
    except _ser()._CheckpointProtobufSizeError:
        raise
    except Exception as e:  # noqa: BLE001 - every failure is reported as MindSpore does, as ValueError
        if isinstance(e, ValueError) and "crc check" in str(e):
            raise
        raise ValueError(f"Failed to read the checkpoint file {ckpt_file_name}. "
                         "The file may be corrupted, and the content cannot be parsed.") from e
    return checkpoint


def _load_map_parameter(checkpoint_list, element, element_id, map_data_list, map_shape_list, parameter_dict):
    """Collect one ``maptensor`` message of a map parameter; at its last message store
    ``parameter_dict[tag] = [keys, values, status]`` (numpy arrays joined along the first axis)."""
    values = checkpoint_list.value
    last = element_id == len(values) - 1 or element.tag != values[element_id + 1].tag
    arrays = []
    for index, tensor in enumerate(element.maptensor.tensor):
        data = np.frombuffer(tensor.tensor_content, np.dtype(tensor.tensor_type))
        map_data_list[index].append(data)
        if not last:
            map_shape_list[index] += tensor.dims[0]
            continue
        joined = np.frombuffer(b"".join(d.tobytes() for d in map_data_list[index]), np.dtype(tensor.tensor_type))
        dims = list(tensor.dims)
        dims[0] += map_shape_list[index]
        arrays.append(joined.reshape(dims))
    if last:
        parameter_dict[element.tag] = arrays


def _load_ckpt_into_param_dict(ckpt_file_name, parameter_dict, specify_prefix, filter_prefix, choice_func,
                               dec_key, dec_mode, crc_check):
    """Load a ``.ckpt`` file into ``parameter_dict`` (``{name: Parameter or str}``), filtered by the
    deprecated prefixes or else by ``choice_func``."""
    keep = _ser()._selector(specify_prefix, filter_prefix, choice_func)
    try:
        raw = _ser()._read_ckpt(ckpt_file_name, keep, crc_check, dec_key, dec_mode)
    except ValueError as e:
        raise ValueError(f"{e}\nFor 'load_checkpoint', failed to load the checkpoint file {ckpt_file_name}.") from e
    for name, data in raw.items():
        parameter_dict[name] = _ser()._as_parameter(name, data)


def _safetensors_metadata(source):
    """The ``__metadata__`` of a safetensors file, read from its header only."""
    import json
    if isinstance(source, io.BytesIO):
        raw = source.getvalue()
        head = raw[8:8 + int.from_bytes(raw[:8], "little")]
    else:
        with open(source, "rb") as f:
            head = f.read(int.from_bytes(f.read(8), "little"))
    return json.loads(head.decode("utf-8")).get("__metadata__")


class _Metadata:
    def __init__(self, metadata):
        self._metadata = metadata

    def metadata(self):
        return self._metadata


def _load_safetensors_into_param_dict(ckpt_file_name, parameter_dict, choice_func, crc_check, remove_redundancy):
    """Load a safetensors file into ``parameter_dict``; returns ``remove_redundancy`` as the file's metadata
    corrects it."""
    for name, data in _ser()._read_safetensors(ckpt_file_name, choice_func, crc_check).items():
        parameter_dict[name] = _ser()._as_parameter(name, data)
    if isinstance(ckpt_file_name, io.BytesIO):
        ckpt_file_name.seek(0)
    return _check_remove_redundancy(remove_redundancy, _Metadata(_safetensors_metadata(ckpt_file_name)))


def _load_into_param_dict(file, parameter_dict, specify_prefix, filter_prefix, choice_func, dec_key,
                          dec_mode, crc_check, format, remove_redundancy):  # noqa: A002
    """Check ``file`` and load it into ``parameter_dict`` in its format; returns ``remove_redundancy``."""
    file = _check_file(file, format)
    if format == "safetensors":
        return _load_safetensors_into_param_dict(file, parameter_dict, choice_func, crc_check, remove_redundancy)
    _load_ckpt_into_param_dict(file, parameter_dict, specify_prefix, filter_prefix, choice_func, dec_key,
                               dec_mode, crc_check)
    return remove_redundancy


# ----------------------------------------------------------------------------- load_param_into_net pieces
def _special_process_par(par, new_par):
    """Load ``new_par`` into ``par`` when it only has extra trailing size-1 axes (``(12, 2048, 1, 1)`` into
    ``(12, 2048)``); returns whether it did."""
    old_shape, new_shape = tuple(par.data.shape), tuple(new_par.data.shape)
    if len(new_shape) <= len(old_shape) or any(d != 1 for d in new_shape[len(old_shape):]):
        return False
    par.set_data(Tensor(new_par.data._t.reshape(old_shape), par.data.dtype))
    return True


def _update_param(param, new_param, strict_load):
    """Load ``new_param``'s data into ``param`` as ``load_param_into_net`` does (trailing size-1 axes dropped;
    float/float and int/int dtypes converted unless ``strict_load``), or raise RuntimeError."""
    old, new = param.data, new_param.data
    if isinstance(old, Tensor) and isinstance(new, Tensor):
        if old.shape != new.shape:
            if not _special_process_par(param, new_param):
                raise RuntimeError(
                    f"For 'load_param_into_net', {param.name} in the argument 'net' should have the same shape as "
                    f"{param.name} in the argument 'parameter_dict'. But got its shape {old.shape} in the argument "
                    f"'net' and shape {new.shape} in the argument 'parameter_dict'.May you need to check whether "
                    "the checkpoint you loaded is correct or the batch size and so on in the 'net' and "
                    "'parameter_dict' are same.")
        if old.dtype != new.dtype:
            if _ser()._type_convert(param, new_param, strict_load):
                param.set_data(Tensor(new.asnumpy(), old.dtype), param.sliced)
                return
            raise RuntimeError(
                f"For 'load_param_into_net', {param.name} in the argument 'net' should have the same type as "
                f"{param.name} in the argument 'parameter_dict'. but got its type {old.dtype} in the argument "
                f"'net' and type {new.dtype} in the argument 'parameter_dict'.May you need to check whether the "
                "checkpoint you loaded is correct.")
        param.set_data(new, param.sliced)
        return
    if isinstance(old, Tensor):
        if old.shape not in ((1,), ()):
            raise RuntimeError(
                f"For 'load_param_into_net', {param.name} in the argument 'parameter_dict' is scalar, then the "
                f"shape of {param.name} in the argument 'net' should be (1,) or (), but got shape {old.shape}."
                "May you need to check whether the checkpoint you loaded is correct.")
        param.set_data(Tensor(np.full(old.shape, new), old.dtype))
    elif isinstance(new, Tensor):
        raise RuntimeError(
            f"For 'load_param_into_net', {param.name} in the argument 'parameter_dict' is Tensor, then "
            f"{param.name} in the argument 'net' also should be Tensor, but got {type(old)}.May you need to check "
            "whether the checkpoint you loaded is correct.")
    else:
        param.set_data(type(old)(new))


_PARAM_KEY = ".__param_key__"


def _warm_up_host_cache_enabled(parameter_dict):
    """Whether the dict holds a cache-enabled parameter (a name with ``.__param_key__``)."""
    return any(key.find(_PARAM_KEY) != -1 for key in parameter_dict)


def _warm_up_host_cache(parameter_dict, net):
    """Rename the ``NAME.__param_key__KEY`` entries of ``parameter_dict`` to ``NAME``; returns
    ``(is_worker, parameter_dict, warm_up_dict)``. A parameter-server worker (``MS_ROLE=MS_WORKER``) would
    move them to the host embedding cache, which exists only in MindSpore's parameter-server runtime."""
    is_worker = os.getenv("MS_ROLE") == "MS_WORKER"
    renames = {key: key[:key.find(_PARAM_KEY)] for key in parameter_dict if key.find(_PARAM_KEY) != -1}
    if is_worker and renames:
        raise RuntimeError("_warm_up_host_cache: warming up the host embedding cache of a parameter-server worker "
                           "needs MindSpore's parameter-server runtime, which sporetorch does not have.")
    for key, name in renames.items():
        parameter_dict[name] = parameter_dict.pop(key)
    return is_worker, parameter_dict, {}


def _warm_up_host_cache_post_process(is_worker, net_dict, warm_up_dict):
    """Put a worker's warmed-up entries back into ``net_dict``."""
    if is_worker:
        net_dict.update(warm_up_dict)


def _get_merged_param_data(net, parameter_layout_dict, param_name, param_data, integrated_save):
    """The whole tensor of a parameter of which this device holds a slice (layout ``[dev_matrix, tensor_map,
    slice_shape, field, uniform_split, opt_shard_group, full_shape, reshaped_slice_shape]``). A layout without
    those eight entries, an unsplit parameter, or a save without ``integrated_save`` gives ``param_data`` as
    it is; merging split slices gathers them from every device, which needs an initialised communication
    group (MindSpore's CPU build refuses the HCCL group too)."""
    layout = parameter_layout_dict[param_name]
    if len(layout) < 8:
        return param_data
    tensor_map, uniform_split, opt_shard_group = layout[1], layout[4], layout[5]
    split = any(dim != -1 for dim in tensor_map)
    merge_nets = net.__dict__.setdefault("parallel_parameter_merge_net_dict", {})
    if param_name not in merge_nets:
        if integrated_save:
            from ..parallel_context import get_auto_parallel_context
            _check_param_for_integrate_save(get_auto_parallel_context("pipeline_stages"), uniform_split)
            if split or opt_shard_group:
                raise RuntimeError(f"_get_merged_param_data: merging the slices of '{param_name}' gathers them from "
                                   "every device (AllGather over its communication group), which needs a "
                                   "distributed run; sporetorch runs this process alone.")
        merge_nets[param_name] = None
    return param_data


def _get_cur_rank_dp(parameter_layout_dict):
    """The ranks holding the same data as this rank (its smallest data-parallel group), or ``(rank,)`` when
    the groups of different parameters do not nest."""
    from ..communication.management import get_rank
    from ._utils import get_parameter_redundancy
    rank = get_rank()
    smallest, smallest_set, smallest_len = (), set(), sys.maxsize
    for key, groups in get_parameter_redundancy(parameter_layout_dict).items():
        if key.startswith("accu_grads") or key.startswith("inputs"):
            continue
        for group in groups:
            if rank not in group:
                continue
            if len(group) < smallest_len:
                if smallest_set and not set(group).issubset(smallest_set):
                    return (rank,)
                smallest, smallest_set, smallest_len = group, set(group), len(group)
            elif not smallest_set.issubset(set(group)):
                return (rank,)
    return smallest


# ----------------------------------------------------------------------------- format conversion
def _load_file_and_convert_name(path, name_map=None, format="ckpt"):  # noqa: A002
    """``load_checkpoint(path, format=format)`` with its names renamed by ``name_map``."""
    from ._utils import _load_and_transform
    if name_map is not None:
        return _load_and_transform(path, name_map, lambda p: _ser().load_checkpoint(p, format=format))
    return _ser().load_checkpoint(path, format=format)


def _process_file(file_info):
    """Convert one file of a ``_gather_all_tasks`` task ``(path, name_map, dst_dir, file_name, dst_format)``."""
    cur_path, name_map, save_path, file, dst_format = file_info
    src_format, src_suffix, dst_suffix = (("ckpt", ".ckpt", ".safetensors") if dst_format == "safetensors"
                                          else ("safetensors", ".safetensors", ".ckpt"))
    params = _load_file_and_convert_name(cur_path, name_map, format=src_format)
    _ser().save_checkpoint(params, os.path.join(save_path, file.replace(src_suffix, dst_suffix)), format=dst_format)


def _gather_all_tasks(file_path, save_path, file_name_regex, name_map, dst_format="ckpt"):
    """The conversion tasks of the ``rank*`` folders of ``file_path`` (creating their destination folders)."""
    src_suffix = ".safetensors" if dst_format == "ckpt" else ".ckpt"
    tasks = []
    for root, dirs, _ in os.walk(file_path):
        if root != file_path:
            continue
        rank_dirs = [d for d in dirs if d.startswith("rank")]
        if not rank_dirs:
            if dst_format == "safetensors":
                raise ValueError(f"For 'ckpt_to_safetensors', no directories starting with 'rank' found in "
                                 f"{file_path}.")
            if dst_format == "ckpt":
                raise ValueError(f"For 'safetensors_to_ckpt', no directories starting with 'rank' found in "
                                 f"{file_path}.")
            raise ValueError(f"For '_gather_all_tasks', error args 'format': {dst_format}.")
        for rank_dir in rank_dirs:
            src = os.path.join(root, rank_dir)
            dst = src if save_path is None else os.path.join(save_path, os.path.relpath(src, file_path))
            os.makedirs(dst, exist_ok=True)
            for file in os.listdir(src):
                if file.endswith(src_suffix) and (file_name_regex is None or re.search(file_name_regex, file)):
                    tasks.append((os.path.join(src, file), name_map, dst, file, dst_format))
    return tasks


def _convert_checkpoint_file(file_path, save_path=None, name_map=None, file_name_regex=None, processes_num=1,
                             dst_format="safetensors"):
    """``ckpt_to_safetensors`` (``dst_format="safetensors"``) or ``safetensors_to_ckpt``."""
    if dst_format == "safetensors":
        _ser()._convert_checkpoint_files("ckpt_to_safetensors", file_path, save_path, name_map, file_name_regex,
                                       "ckpt", "safetensors")
    else:
        _ser()._convert_checkpoint_files("safetensors_to_ckpt", file_path, save_path, name_map, file_name_regex,
                                       "safetensors", "ckpt")


# ----------------------------------------------------------------------------- export helpers
def _export(net, file_name, file_format, *inputs, **kwargs):
    """``export(net, *inputs, file_name=..., file_format=...)`` with MindSpore's internal argument order."""
    if kwargs.get("custom_func") is not None and file_format != "MINDIR":
        raise ValueError(f"Currently only support custom_func for MindIR format, but got {file_format} format.")
    _ser().export(net, *inputs, file_name=file_name, file_format=file_format, **kwargs)


def _save_onnx(net, file_name, *inputs, **kwargs):
    """Export ``net`` to ONNX (``export(..., file_format="ONNX")``)."""
    if not isinstance(net, Cell):
        raise ValueError(f"Export ONNX format model only support nn.Cell object, but got {type(net)}.")
    for x in inputs:
        if isinstance(x, Tensor) and -1 in x.shape:
            raise ValueError("Export ONNX format model not support dynamic shape mode.")
    total = _calculation_net_size(net)
    if total > PROTO_LIMIT_SIZE:
        raise RuntimeError(f"Export onnx model failed. Network size is: {total / 1024 / 1024}G, it exceeded the "
                           f"protobuf: {PROTO_LIMIT_SIZE / 1024 / 1024}G limit.")
    _ser().export(net, *inputs, file_name=file_name, file_format="ONNX")


def _save_graph(network, file_name):
    """Write the network's compiled graph protobuf to ``file_name``; a network with no compiled graph (every
    sporetorch Cell, and an uncompiled one in MindSpore) writes nothing."""
    getter = getattr(network, "get_func_graph_proto", None)
    graph_pb = getter() if getter is not None else None
    if graph_pb:
        path = os.path.realpath(file_name)
        _ser()._atomic_write(path, lambda f: f.write(graph_pb))


def _encrypt_bytes(data, kwargs):
    enc_mode = kwargs.get("enc_mode")
    if callable(enc_mode):
        return enc_mode(data, kwargs.get("enc_key"))
    return _crypto.encrypt_block(data, kwargs.get("enc_key"), enc_mode)


def _generate_front_info_for_param_data_file(is_encrypt, kwargs):
    """The 64-byte head of a split MindIR's data file: a byte-order flag (1 on little-endian) and zeros,
    encrypted when ``is_encrypt()``."""
    front = (sys.byteorder == "little").to_bytes(1, byteorder=sys.byteorder) + bytes(63)
    return _crypto.encrypt_block(front, kwargs.get("enc_key"), kwargs.get("enc_mode")) if is_encrypt() else front


def _get_data_file(is_encrypt, kwargs, data_file_name):
    """Open a split MindIR's data file for writing, with its 64 reserved head bytes written; returns
    ``(file, size_kb, offset)``."""
    offset = _FRONT_INFO_BYTES
    if os.path.exists(data_file_name):
        os.chmod(data_file_name, stat.S_IWUSR)
    head = bytes(offset)
    if is_encrypt():
        head = _crypto.encrypt_block(head, kwargs["enc_key"], kwargs["enc_mode"])
    f = open(data_file_name, "wb")  # noqa: SIM115 - the caller writes the parameters and closes it
    f.write(head)
    return f, offset / 1024, offset


def _change_file(f, dirname, external_local, is_encrypt, kwargs):
    """Finish the data file ``f`` (its head written, made read-only) and open the next one,
    ``dirname/external_local``."""
    front = _generate_front_info_for_param_data_file(is_encrypt, kwargs)
    f.seek(0, 0)
    f.write(front)
    f.close()
    os.chmod(f.name, stat.S_IRUSR)
    if os.path.getsize(f.name) == _FRONT_INFO_BYTES:
        raise RuntimeError("The parameter size is exceed 1T,cannot export to the file")
    return _get_data_file(is_encrypt, kwargs, os.path.join(dirname, external_local))


def _encrypt_data(is_encrypt, write_data, kwargs):
    """``write_data`` encrypted with ``kwargs``' key and mode (a callable mode is a custom cipher) when
    ``is_encrypt()``."""
    return _encrypt_bytes(write_data, kwargs) if is_encrypt() else write_data


def _split_save(net_dict, model, file_name, is_encrypt, **kwargs):
    """Save a large MindIR apart from its weights: the parameters' bytes (each padded to 64 bytes) go to
    ``PREFIX_variables/data_N`` files (a new file past 1 TB), each parameter proto records its file, offset
    and length, and the graph goes to ``PREFIX_graph.mindir``."""
    import shutil
    if model.graph.map_parameter:
        raise ValueError("MapParameter not support save in split MindIR file now.")
    prefix = file_name.split("/")[-1]
    if prefix.endswith(".mindir"):
        prefix = prefix[:-7]
    dirname = os.path.dirname(os.path.realpath(file_name))
    data_path = os.path.join(dirname, prefix + "_variables")
    if os.path.exists(data_path):
        shutil.rmtree(data_path)
    os.makedirs(data_path, mode=0o700, exist_ok=True)
    os.chmod(data_path, stat.S_IRUSR | stat.S_IWUSR | stat.S_IXUSR)
    index = 0
    external_local = os.path.join(prefix + "_variables", f"data_{index}")
    data_file_name = os.path.join(dirname, external_local)
    f, size_kb, offset = _get_data_file(is_encrypt, kwargs, data_file_name)
    try:
        for name, proto in sorted(((_proto_param_name(p), p) for p in model.graph.parameter), key=lambda x: x[0]):
            raw = _param_bytes(net_dict[name])
            pad = (64 - len(raw) % 64) % 64
            if pad:
                size_kb += (pad + len(raw)) / 1024
            if size_kb > PARAMETER_SPLIT_SIZE:
                index += 1
                external_local = os.path.join(prefix + "_variables", f"data_{index}")
                f, size_kb, offset = _change_file(f, dirname, external_local, is_encrypt, kwargs)
                size_kb += (pad + len(raw)) / 1024
            proto.external_data.location = external_local
            proto.external_data.length = len(raw)
            proto.external_data.offset = offset
            offset += len(raw) + pad
            f.write(_encrypt_data(is_encrypt, raw + bytes(pad), kwargs))
        payload = model.SerializeToString()
        if is_encrypt():
            payload = _crypto.encrypt_block(payload, kwargs.get("enc_key"), kwargs.get("enc_mode"))
        _ser()._atomic_write(os.path.join(dirname, prefix + "_graph.mindir"), lambda g: g.write(payload))
        f.seek(0, 0)
        f.write(_generate_front_info_for_param_data_file(is_encrypt, kwargs))
    finally:
        f.close()
        os.chmod(data_file_name, stat.S_IRUSR)


def _param_bytes(value):
    data = value.data if isinstance(value, Parameter) else value
    return _ser()._tensor_bytes(data._t)


def _proto_param_name(proto):
    return proto.name[proto.name.find(":") + 1:]


def _save_together(net_dict, model):
    """Whether the MindIR ``model``'s parameters (their data in ``net_dict``) are small enough (1 GB) to be
    saved in the model file itself."""
    total = 0
    for proto in model.graph.parameter:
        name = _proto_param_name(proto)
        if name not in net_dict:
            raise ValueError("There's a mindspore.Parameter that wasn't created in nn.Cell, and mindspore.export() "
                             f"does not support exporting such Parameters. The parameter name is: {name}.\n"
                             "You can find the supported syntax range for mindspore.export() at the following link:\n"
                             "https://www.mindspore.cn/tutorials/zh-CN/master/beginner/save_load.html")
        total += sys.getsizeof(_param_bytes(net_dict[name])) / 1024
        if total > TOTAL_SAVE:
            return False
    return True


def _save_mindir_together(net_dict, model, file_name, is_encrypt, **kwargs):
    """Fill the MindIR ``model``'s parameters with their data from ``net_dict`` and write it to
    ``file_name`` (``.mindir`` appended; encrypted when ``is_encrypt()``), atomically."""
    for proto in model.graph.parameter:
        name = _proto_param_name(proto)
        if name not in net_dict:
            raise ValueError(f"The parameter '{proto.name}' is not belongs to any cell,"
                             "the data of parameter cannot be exported.")
        proto.raw_data = _param_bytes(net_dict[name])
    for proto in model.graph.map_parameter:
        raise ValueError(f"The map_parameter '{proto.name}' cannot be exported: MapParameter data is held only by "
                         "MindSpore's device runtime.")
    if not file_name.endswith(".mindir"):
        file_name += ".mindir"
    path = os.path.realpath(file_name)
    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    payload = model.SerializeToString()
    if is_encrypt():
        payload = _encrypt_bytes(payload, kwargs)
    _ser()._atomic_write(path, lambda f: f.write(payload))


def _save_dataset_to_mindir(model, dataset):
    """Record the dataset pipeline's Map operations (from ``dataset.to_json()``, innermost first) in the MindIR
    ``model``'s preprocessor."""
    import json
    node, chain = dataset.to_json(), []
    while node:
        chain.insert(0, node)
        if len(node["children"]) > 1:
            _logger.warning("Need to support dataset_node with more than one child, using child 0 as default.")
        node = node["children"][0] if node["children"] else None
    for op in chain:
        if op["op_type"] == "Map":
            item = model.preprocessor.op.add()
            item.input_columns = json.dumps(op["input_columns"])
            item.output_columns = json.dumps(op["output_columns"])
            item.op_type = json.dumps(op["op_type"])
            item.operations = json.dumps(op["operations"])
            item.offload = op.get("offload", False)
