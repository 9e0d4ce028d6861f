"""Checkpoint save/load in MindSpore's ``.ckpt`` and safetensors formats.

A ``.ckpt`` file is a sequence of serialized ``Checkpoint`` protobuf messages, one per
tensor (tensors over 512 MiB are split into several messages with the same tag), read
back as one ``Checkpoint`` whose ``value`` list holds them all. With ``crc_check=True``
the file ends with ``b"crc_num"`` and the CRC32 of everything before it as a 10-byte
big-endian integer. Files written here are byte-identical to MindSpore 2.10's.

Durability: a file is written to a temporary file in the destination folder, flushed,
synced, made read-only (as MindSpore does) and renamed over the destination, so a crash
mid-save leaves the previous file intact. Safety: only protobuf and safetensors are
parsed; nothing is unpickled, every length is checked against the dims and dtype, and a
damaged file raises ``ValueError`` before anything is loaded into a network.
"""
import contextlib
import itertools
import json
import logging
import os
import signal
import stat
import tempfile
import threading
import zlib
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import torch

from .._device import default_device
from ..common import dtype as mstype
from ..common.parameter import Parameter
from ..common.tensor import Tensor
from ..nn.cell import Cell
from ..common.mindir import export, load  # MindSpore keeps its graph export/load in this module too
from . import _checkpoint_crypto as _crypto
from . import _ckpt_wire

__all__ = ["save_checkpoint", "load_checkpoint", "load_checkpoint_async", "load_segmented_checkpoints",
           "load_param_into_net", "ckpt_to_safetensors", "safetensors_to_ckpt", "async_ckpt_thread_status",
           "export", "load"]

_logger = logging.getLogger("sporetorch")

# MindSpore splits a tensor's bytes into Values of at most this many bytes.
_CHUNK_BYTES = 512 * 1024 * 1024
_CRC_MARK = b"crc_num"
_CRC_FOOTER_LEN = len(_CRC_MARK) + 10
_MAX_ZERO_CRC_BYTES = 1 << 24
_STR_TYPE = "str"
_ASYNC_THREAD_NAME = "asyn_save_ckpt"

# tensor_type spellings are MindSpore's ``str(dtype)``: "Float32", "BFloat16", "UInt8", ...
_TYPE_TO_TORCH = {str(t): t.torch_dtype for t in mstype.all_types}

_save_lock = threading.RLock()
_async_threads = []  # (thread, path) of the asynchronous saves not yet joined


# ---------------------------------------------------------------------------- saving
class _Entry:
    """One item to write: a name and either a torch tensor or a str."""

    __slots__ = ("name", "data")

    def __init__(self, name, data):
        self.name = name
        self.data = data


def _torch_of(value):
    if isinstance(value, Tensor):
        if value.has_init:  # a lazily initialised tensor gets its data now
            value.init_data()
        return value._t
    if isinstance(value, np.ndarray):
        return torch.from_numpy(np.ascontiguousarray(value))
    raise TypeError(f"For 'save_checkpoint', expected a Tensor, but got {type(value).__name__}")


def _entries_from_list(save_obj, choice_func):
    # MindSpore's save_checkpoint checks a list through this helper too, with its messages.
    return [_Entry(item["name"], _torch_of(item["data"]))
            for item in _convert_list_to_param_list(save_obj, choice_func)]


def _entries_from_dict(save_obj, choice_func):
    out = []
    for key, value in save_obj.items():
        if not isinstance(key, str):
            raise TypeError("For 'save_checkpoint', when save_obj is a dict, the keys should be str, "
                            f"but got {type(key).__name__}")
        if choice_func is not None and not choice_func(key):
            continue
        if isinstance(value, str):
            out.append(_Entry(key, value))
        elif isinstance(value, (Tensor, np.ndarray)):
            out.append(_Entry(key, _torch_of(value)))
        else:
            raise TypeError(f"For 'save_checkpoint', the value of '{key}' in save_obj should be a Parameter, "
                            f"Tensor, NumPy array or str, but got {type(value).__name__}")
    return out


def _entries_from_cell(cell, choice_func):
    by_name = OrderedDict()
    cell.init_parameters_data()
    for _, param in cell.parameters_and_names():
        if choice_func is not None and not choice_func(param.name):
            continue
        by_name[param.name] = param
    return [_Entry(name, _torch_of(p)) for name, p in by_name.items()]


def _check_append_dict(append_dict):
    if append_dict is None:
        return None
    if not isinstance(append_dict, dict):
        raise TypeError(f"For 'save_checkpoint', the argument 'append_dict' must be dict, "
                        f"but got {type(append_dict).__name__}")
    for key, value in append_dict.items():
        if not isinstance(key, str) or not isinstance(value, (int, float, bool, str, Tensor)):
            raise TypeError("For 'save_checkpoint', the items of 'append_dict' must be key: str, value: int, "
                            f"float, bool, str, Parameter or Tensor, but got key: {type(key).__name__}, "
                            f"value: {type(value).__name__}")
    return append_dict


def _append_entries(append_dict):
    out = []
    for key, value in append_dict.items():
        if isinstance(value, str):
            out.append(_Entry(key, value))
        else:
            # Python numbers follow Tensor's defaults: int -> Int64, float -> Float32, bool -> Bool.
            out.append(_Entry(key, _torch_of(value if isinstance(value, Tensor) else Tensor(value))))
    return out


def _checkpoint_path(ckpt_file_name, fmt):
    if not isinstance(ckpt_file_name, str):
        raise TypeError(f"For 'save_checkpoint', the argument 'ckpt_file_name' must be str, "
                        f"but got {type(ckpt_file_name).__name__}")
    path = os.path.realpath(ckpt_file_name)
    if os.path.isdir(path):
        raise IsADirectoryError(f"For 'save_checkpoint', the argument 'ckpt_file_name': {path} is a directory, "
                                "it must be a file name.")
    if not path.endswith(fmt):
        path += "." + fmt
    return path


def _check_bool(name, value, func="save_checkpoint"):
    if not isinstance(value, bool):
        raise TypeError(f"For '{func}', the argument '{name}' must be bool, but got {type(value).__name__}")
    return value


def _check_type(name, value, types, func):
    """MindSpore checks these arguments with ``Validator.check_isinstance``, which raises ValueError."""
    if not isinstance(value, types):
        names = " or ".join("None" if t is type(None) else t.__name__ for t in types)
        raise ValueError(f"For '{func}', the type of '{name}' should be {names}, but got {type(value).__name__}")
    return value


def _tensor_bytes(t):
    """The raw little-endian bytes of a tensor in C order (what MindSpore writes)."""
    t = t.detach()
    if t.device.type != "cpu":
        t = t.cpu()
    t = t.contiguous().reshape(-1)
    if t.numel() == 0:
        return b""
    return t.view(torch.uint8).numpy().tobytes()


def _str_bytes(s):
    # MindSpore stores np.array(s).tobytes(): UCS-4 little endian, at least one code unit.
    return s.encode("utf-32-le") or b"\0\0\0\0"


def _serialize_entry(entry):
    """Yield the serialized ``Checkpoint`` chunks of one entry, as MindSpore splits them."""
    from ._checkpoint_proto import Checkpoint
    if isinstance(entry.data, str):
        dims, ttype, content, step = [0], _STR_TYPE, _str_bytes(entry.data), None
    else:
        t = entry.data
        dims, ttype, content, step = list(t.shape), str(mstype.from_torch(t.dtype)), _tensor_bytes(t), _CHUNK_BYTES
    starts = range(0, len(content), step) if step and content else [0]
    for start in starts:
        msg = Checkpoint()
        value = msg.value.add()
        value.tag = entry.name
        value.tensor.dims.extend(dims)
        value.tensor.tensor_type = ttype
        value.tensor.tensor_content = content[start:start + step] if step else content
        yield msg.SerializeToString()


def _safetensors_crc_bytes(t):
    """The bytes MindSpore feeds to the safetensors CRC: ``bytes(ndarray)``. For a 0-d integer
    array that is ``bytes(int)``, i.e. that many zero bytes, not the raw data; follow it so
    that CRCs agree with MindSpore's (it cannot save negative or huge 0-d integers at all)."""
    if t.dim() == 0 and not t.is_floating_point() and not t.is_complex() and t.dtype != torch.bool:
        v = int(t.item())
        if 0 <= v <= _MAX_ZERO_CRC_BYTES:
            return bytes(v)
    return _tensor_bytes(t)


def _safetensors_crc(crc, name, t):
    """Fold one tensor into MindSpore's safetensors CRC: its name, then its CRC bytes."""
    crc = zlib.crc32(name.encode("utf-8"), crc)
    return zlib.crc32(_safetensors_crc_bytes(t), crc)


# Metadata key of a safetensors file written by ``sporetorch ckpt convert``: the entries' original order as a
# JSON list (the format sorts them by name), so that converting back restores it. MindSpore ignores the key.
_ORDER_KEY = "sporetorch_order"


def _safetensors_bytes(entries, crc_check, keep_order=False):
    from safetensors.torch import save as st_save
    tensors, crc = {}, 0
    metadata = {"format": "ms"}
    by_name = {e.name: e for e in entries}
    if keep_order and list(by_name) != sorted(by_name):
        metadata[_ORDER_KEY] = json.dumps(list(by_name))
    for name in sorted(by_name):
        data = by_name[name].data
        if isinstance(data, str):
            raise ValueError(f"For 'save_checkpoint', the safetensors format cannot hold the str entry '{name}'")
        t = data.detach().cpu().contiguous()
        tensors[name] = t
        if crc_check:
            crc = _safetensors_crc(crc, name, t)
    if crc_check:
        metadata["crc_num"] = str(crc)
    return st_save(tensors, metadata=metadata if tensors else None)


class _Terminated(BaseException):
    """SIGTERM arrived while a temporary checkpoint file existed."""


@contextlib.contextmanager
def _sigterm_cleans_up():
    """While a temporary file exists, let SIGTERM unwind the save (so the file is removed) and then
    end the process by SIGTERM as it would have. Only where the program left SIGTERM at its default:
    a handler of the program's own runs as usual, and SIGINT already raises KeyboardInterrupt."""
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL):
        yield
        return

    def handler(signum, frame):
        raise _Terminated()

    signal.signal(signal.SIGTERM, handler)
    try:
        yield
    except _Terminated:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGTERM)
        raise
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _pid_alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: it exists, under another user
        return True
    return True


def _remove_stale_temps(folder, base):
    """Remove ``.BASE.PID.XXXX.tmp`` files that a save killed outright (SIGKILL, power loss) left
    behind: those whose writing process is gone. Another live process's save is left alone."""
    if os.name != "posix":
        return
    prefix = "." + base + "."
    try:
        names = os.listdir(folder or ".")
    except OSError:
        return
    for name in names:
        if not (name.startswith(prefix) and name.endswith(".tmp")):
            continue
        pid = name[len(prefix):].split(".", 1)[0]
        if pid.isdigit() and int(pid) != os.getpid() and not _pid_alive(int(pid)):
            try:
                os.unlink(os.path.join(folder, name))
            except OSError:
                pass


def _atomic_write(path, write):
    """Call ``write(fileobj)`` on a temporary file beside ``path``, then rename it into place.

    The temporary file is ``.NAME.PID.XXXX.tmp``: an exception, Ctrl-C or SIGTERM removes it, and
    the next save to ``path`` removes those left by processes that were killed outright."""
    folder, base = os.path.split(path)
    _remove_stale_temps(folder, base)
    with _sigterm_cleans_up():
        fd, tmp = tempfile.mkstemp(prefix=f".{base}.{os.getpid()}.", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "wb") as f:
                write(f)
                f.flush()
                os.fsync(f.fileno())
            os.chmod(tmp, stat.S_IRUSR)
            try:
                os.replace(tmp, path)
            except PermissionError:
                # Windows refuses to replace a read-only file; POSIX only needs the folder writable.
                os.chmod(path, stat.S_IRUSR | stat.S_IWUSR)
                os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except OSError:
                pass
            raise
    if hasattr(os, "O_DIRECTORY"):
        try:
            dfd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
        except OSError:
            return
        try:
            os.fsync(dfd)
        except OSError:
            pass
        finally:
            os.close(dfd)


def _write_checkpoint(path, entries, crc_check, fmt, enc_key=None, enc_mode="AES-GCM", keep_order=False):
    with _save_lock:
        if fmt == "safetensors":
            payload = _safetensors_bytes(entries, crc_check, keep_order)
            _atomic_write(path, lambda f: f.write(payload))
            return

        def write(f):
            crc = 0
            pending = bytearray()  # plaintext waiting to be encrypted in MindSpore's 64 MiB blocks
            for entry in entries:
                for chunk in _serialize_entry(entry):
                    if enc_key is not None:
                        pending += chunk
                        while len(pending) >= _crypto.BLOCK_BYTES:
                            f.write(_crypto.encrypt_block(bytes(pending[:_crypto.BLOCK_BYTES]), enc_key, enc_mode))
                            del pending[:_crypto.BLOCK_BYTES]
                        continue
                    if crc_check:
                        crc = zlib.crc32(chunk, crc)
                    f.write(chunk)
            if pending:
                f.write(_crypto.encrypt_block(bytes(pending), enc_key, enc_mode))
            if crc_check:
                f.write(_CRC_MARK + crc.to_bytes(10, byteorder="big"))

        _atomic_write(path, write)


def _write_in_background(path, *args):
    try:
        _write_checkpoint(path, *args)
    except BaseException:
        _logger.exception("Asynchronous save_checkpoint failed to write %s; the previous file is unchanged.", path)
        raise


def _wait_async_saves(path=None):
    """Join the asynchronous saves not yet joined (only those writing ``path``, when given)."""
    for entry in list(_async_threads):
        thr, target = entry
        if path is None or target == path:
            thr.join()
            _async_threads.remove(entry)


def save_checkpoint(save_obj, ckpt_file_name, integrated_save=True, async_save=False, append_dict=None,
                    enc_key=None, enc_mode="AES-GCM", choice_func=None, crc_check=False, format="ckpt",
                    **kwargs):
    """Save a Cell's Parameters, a list or a dict of tensors to a checkpoint file.

    Args:
        save_obj (Union[Cell, list, dict]): a Cell (all its Parameters by ``Parameter.name``;
            an optimizer or ``TrainOneStepCell`` includes the optimizer state), a list of
            Parameters or of ``{"name": str, "data": Tensor}`` dicts, or a dict
            ``{name: Parameter/Tensor/ndarray/str}`` such as ``load_checkpoint`` returns.
        ckpt_file_name (str): the file; ``.ckpt`` (or ``.safetensors``) is appended when missing.
            An existing file is replaced atomically.
        integrated_save (bool): kept for MindSpore compatibility (model parallel only).
        async_save (Union[bool, str]): write the file on a background thread (``True``,
            ``"thread"`` or ``"process"``, which also uses a thread here). The values are
            captured before this function returns.
        append_dict (dict): extra ``{str: int/float/bool/str/Tensor}`` items appended after
            the parameters (int → Int64, float → Float32, bool → Bool).
        enc_key (bytes): encrypt the file with this key (16, 24 or 32 bytes for AES, 16 for SM4)
            in MindSpore's framing; needs the optional ``cryptography`` package, otherwise
            ``NotImplementedError``. Cannot be combined with ``crc_check``.
        enc_mode (str): ``"AES-GCM"``, ``"AES-CBC"`` or ``"SM4-CBC"``.
        choice_func (Callable[[str], bool]): keep only the names for which it returns True.
        crc_check (bool): append MindSpore's CRC32 footer (a ``crc_num`` metadata entry for
            safetensors).
        format (str): ``"ckpt"`` or ``"safetensors"``.

    Differences from MindSpore: writes are atomic (temporary file + rename) instead of
    removing the old file first; tensors with no elements are written rather than dropped.
    """
    if format not in ("ckpt", "safetensors"):
        raise ValueError(f"For 'save_checkpoint', the format must be 'safetensors' or 'ckpt', but got {format}.")
    if not isinstance(save_obj, (Cell, list, dict)):
        raise TypeError("For 'save_checkpoint', the parameter 'save_obj' must be nn.Cell, list or dict, "
                        f"but got {type(save_obj).__name__}.")
    path = _checkpoint_path(ckpt_file_name, format)
    _check_bool("integrated_save", integrated_save)
    if not isinstance(async_save, (bool, str)):
        raise TypeError(f"For 'save_checkpoint', the parameter 'async_save' must be bool or str, "
                        f"but got {type(async_save).__name__}.")
    if isinstance(async_save, str) and async_save not in ("process", "thread"):
        raise ValueError(f"For 'save_checkpoint', the argument 'async_save' can only be 'process' or 'thread', "
                         f"but got {async_save}.")
    append_dict = _check_append_dict(append_dict)
    if append_dict and "__exception_save__" in append_dict:
        # The fault-tolerance save's marker is not saved; MindSpore removes it from the caller's dict too.
        del append_dict["__exception_save__"]
    _check_type("enc_key", enc_key, (type(None), bytes), "save_checkpoint")
    _check_type("enc_mode", enc_mode, (str,), "save_checkpoint")
    _check_type("crc_check", crc_check, (bool,), "save_checkpoint")
    _check_type("remove_redundancy", kwargs.get("remove_redundancy"), (type(None), bool), "save_checkpoint")
    if enc_key is not None:
        if format == "safetensors":
            raise ValueError("For 'save_checkpoint', when format is 'safetensors', the parameter 'enc_key' must "
                             "be set to default value 'None'.")
        if crc_check:
            # MindSpore would append a footer that makes the encrypted file unreadable.
            raise ValueError("For 'save_checkpoint', 'enc_key' and 'crc_check' cannot be used together.")
        _crypto.check_key("save_checkpoint", enc_key, enc_mode)

    if isinstance(save_obj, Cell):
        entries = _entries_from_cell(save_obj, choice_func)
    elif isinstance(save_obj, list):
        entries = _entries_from_list(save_obj, choice_func)
    else:
        entries = _entries_from_dict(save_obj, choice_func)
    if append_dict:
        entries.extend(_append_entries(append_dict))
    # Later items with the same name replace earlier ones in place, as in MindSpore's OrderedDict.
    unique = OrderedDict()
    for e in entries:
        unique[e.name] = e
    entries = list(unique.values())

    if async_save:
        # Snapshot the values now: training continues while the file is written.
        snapshot = [_Entry(e.name, e.data if isinstance(e.data, str) else e.data.detach().cpu().clone())
                    for e in entries]
        _wait_async_saves()
        thr = threading.Thread(target=_write_in_background,
                               args=(path, snapshot, crc_check, format, enc_key, enc_mode), name=_ASYNC_THREAD_NAME)
        _async_threads.append((thr, path))
        thr.start()
        return None
    _write_checkpoint(path, entries, crc_check, format, enc_key, enc_mode)
    return None


def _save_safetensors_keeping_order(save_obj, path, crc_check):
    """``save_checkpoint(save_obj, path, crc_check=crc_check, format="safetensors")`` that also records the
    entries' order in the metadata, for ``sporetorch ckpt convert``: converting back to ``.ckpt`` then gives
    the original file byte for byte."""
    entries = _entries_from_cell(save_obj, None) if isinstance(save_obj, Cell) else _entries_from_dict(save_obj, None)
    unique = OrderedDict((e.name, e) for e in entries)  # a later duplicate replaces an earlier one in place
    _write_checkpoint(os.path.realpath(path), list(unique.values()), crc_check, "safetensors", keep_order=True)


def async_ckpt_thread_status():
    """Return whether an asynchronous ``save_checkpoint`` is still writing."""
    return any(t.name == _ASYNC_THREAD_NAME and t.is_alive() for t in threading.enumerate())


# ---------------------------------------------------------------------------- loading
def _check_prefix(prefix):
    if prefix is None:
        return None
    if not isinstance(prefix, (str, list, tuple)):
        raise TypeError("For 'load_checkpoint', the type of 'specify_prefix' or 'filter_prefix' must be str, "
                        f"list[str] or tuple[str], but got {type(prefix).__name__}.")
    if isinstance(prefix, str):
        prefix = (prefix,)
    if not prefix:
        raise ValueError("For 'load_checkpoint', the argument 'specify_prefix' or 'filter_prefix' can't be empty "
                         "when it is a list or tuple.")
    for index, pre in enumerate(prefix):
        if not isinstance(pre, str):
            raise TypeError("For 'load_checkpoint', the elements of 'specify_prefix' or 'filter_prefix' must be "
                            f"str, but got {type(pre).__name__} at index {index}.")
        if pre == "":
            raise ValueError("For 'load_checkpoint', the value of 'specify_prefix' or 'filter_prefix' "
                             "can't include ''.")
    return tuple(prefix)


def _selector(specify_prefix, filter_prefix, choice_func):
    """Return ``keep(name)``; the deprecated prefixes override ``choice_func`` as in MindSpore."""
    if specify_prefix is None and filter_prefix is None:
        return choice_func

    def keep(name):
        if specify_prefix and not name.startswith(specify_prefix):
            return False
        return not (filter_prefix and name.startswith(filter_prefix))

    return keep


def _corrupt(path, what):
    return ValueError(f"Failed to read the checkpoint file {path}: {what}. "
                      "The file may be truncated or corrupted, or it is not a MindSpore checkpoint.")


# A tensor's rank and byte size must be representable before anything is allocated for it.
_MAX_RANK = 64
_MAX_BYTES = (1 << 63) - 1


def _decode_tensor(path, name, dims, ttype, content):
    """Build the torch tensor of one parameter from its bytes (a ``bytearray`` it takes over),
    checking rank, dims, dtype and byte length first."""
    if ttype == _STR_TYPE:
        if len(content) % 4:
            raise _corrupt(path, f"the str parameter '{name}' has {len(content)} bytes, not a multiple of 4")
        try:
            return content.decode("utf-32-le").rstrip("\0")
        except UnicodeDecodeError:
            raise _corrupt(path, f"the str parameter '{name}' is not valid UCS-4 text") from None
    tdtype = _TYPE_TO_TORCH.get(ttype)
    if tdtype is None:
        raise _corrupt(path, f"the parameter '{name}' has the unknown tensor_type {ttype!r}")
    itemsize = torch.empty((), dtype=tdtype).element_size()
    shape = list(dims)
    if len(shape) > _MAX_RANK:
        raise _corrupt(path, f"the parameter '{name}' has {len(shape)} dims, more than {_MAX_RANK}")
    if any(d < 0 for d in shape):
        raise _corrupt(path, f"the parameter '{name}' has negative dims {shape}")
    # MindSpore writes a 0-d tensor with dims [] and reads dims [0] as 0-d too.
    if shape == [0] and len(content) == itemsize:
        shape = []
    numel, extent = 1, itemsize
    for d in shape:
        numel *= d
        extent *= max(d, 1)
    if extent > _MAX_BYTES:
        raise _corrupt(path, f"the parameter '{name}' has dims {shape}, which need more than "
                             f"{_MAX_BYTES} bytes")
    if numel * itemsize != len(content):
        raise _corrupt(path, f"the parameter '{name}' has {len(content)} bytes, but dims {shape} of "
                             f"{ttype} need {numel * itemsize}")
    if tdtype == torch.bool and content.translate(None, b"\x00\x01"):
        raise _corrupt(path, f"the Bool parameter '{name}' holds bytes other than 0 and 1")
    if numel == 0:
        return torch.empty(shape, dtype=tdtype)
    return torch.frombuffer(content, dtype=tdtype).reshape(shape)


def _open_regular(path, what):
    """``(binary file, size)`` of a regular file; a device, FIFO or folder is a ValueError naming it,
    so that a read is bounded by the file's real size."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):  # before open(): opening a FIFO would block
            raise ValueError(f"Failed to read the {what} {path}: it is not a regular file.")
        f = open(path, "rb")
        size = os.fstat(f.fileno()).st_size
    except OSError as e:
        raise ValueError(f"Failed to read the {what} {path}: {e}") from e
    return f, size


def _stored_crc(f, size):
    """The CRC in a .ckpt file's footer, or None when it has none."""
    if size < _CRC_FOOTER_LEN:
        return None
    f.seek(size - _CRC_FOOTER_LEN)
    tail = f.read(_CRC_FOOTER_LEN)
    f.seek(0)
    return int.from_bytes(tail[-10:], byteorder="big") if tail[:-10] == _CRC_MARK else None


def _crc_of(f, n):
    """CRC32 of the first ``n`` bytes of ``f``, read in chunks."""
    crc = 0
    while n:
        chunk = f.read(min(n, 1 << 22))
        if not chunk:
            break
        crc = zlib.crc32(chunk, crc)
        n -= len(chunk)
    f.seek(0)
    return crc


def _read_ckpt(path, keep, crc_check, dec_key=None, dec_mode="AES-GCM"):
    """Parse a .ckpt file (decrypting it with ``dec_key``) into an OrderedDict ``{tag: torch.Tensor or str}``."""
    import io
    f, size = _open_regular(path, "checkpoint file")
    with f:
        if dec_key is None:
            return _parse_ckpt(path, f, size, keep, crc_check)
        plain = _crypto.decrypt(f.read(), dec_key, dec_mode, path)
    return _parse_ckpt(path, io.BytesIO(plain), len(plain), keep, crc_check)


def _parse_ckpt(path, f, size, keep, crc_check):
    stored = _stored_crc(f, size)
    body = size if stored is None else size - _CRC_FOOTER_LEN
    if stored is not None:
        if crc_check and _crc_of(f, body) != stored:
            raise ValueError(f"For 'load_checkpoint', the crc check failed for the checkpoint file {path}: "
                             "the file is damaged.")
    elif crc_check:
        _logger.warning("For 'load_checkpoint', the checkpoint file %s does not contain a crc code.", path)
    try:
        values = _ckpt_wire.read_values(f, body, keep)
    except _ckpt_wire.WireError as e:
        f.seek(0)
        if _crypto.is_encrypted(f.read(4)):
            raise ValueError(f"Failed to read the checkpoint file {path}: it is encrypted; pass the 'dec_key' "
                             "and 'dec_mode' it was saved with.") from None
        raise _corrupt(path, str(e)) from None
    out = OrderedDict()
    # MindSpore splits a tensor over 512 MiB into consecutive values with the same tag.
    for name, group in itertools.groupby(values, key=lambda value: value[0]):
        chunks = list(group)
        _, dims, ttype, content = chunks[-1]
        if len(chunks) > 1:
            content = bytearray().join(chunk[3] for chunk in chunks)
        out[name] = _decode_tensor(path, name, dims, ttype, content)
    return out


def _safetensors_load(source):
    """``(tensors, metadata)`` of a safetensors file (path or BytesIO). Anything malformed (a short
    file, a header length past the end, a header that is not a UTF-8 JSON object, Bool bytes other
    than 0 and 1) is a ValueError naming the file."""
    from safetensors.torch import load as st_load
    label = source if isinstance(source, str) else "<BytesIO>"
    if isinstance(source, str):
        f, _ = _open_regular(source, "safetensors file")
        with f:
            raw = f.read()
    else:
        raw = source.getvalue()

    def bad(why):
        return ValueError(f"Failed to read the safetensors file {label}: {why}. The file may be truncated or "
                          "corrupted, or it is not a safetensors file.")

    if len(raw) < 8:
        raise bad(f"it has {len(raw)} bytes, fewer than the 8 of its header length")
    n = int.from_bytes(raw[:8], "little")
    if n > len(raw) - 8:
        raise bad(f"its header length is {n} bytes, but only {len(raw) - 8} follow")
    try:
        header = json.loads(raw[8:8 + n].decode("utf-8"))
    except ValueError as e:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        raise bad(f"its header is not UTF-8 JSON ({e})") from None
    if not isinstance(header, dict):
        raise bad(f"its header is a JSON {type(header).__name__}, not an object")
    metadata = header.get("__metadata__") or {}
    if not isinstance(metadata, dict):
        raise bad("its __metadata__ is not an object")
    try:
        tensors = st_load(raw)
    except Exception as e:  # noqa: BLE001 - safetensors reports every malformed file as SafetensorError
        raise bad(str(e)) from None
    for name, t in tensors.items():
        if t.dtype == torch.bool and t.view(torch.uint8).gt(1).any():
            raise bad(f"the Bool tensor '{name}' holds bytes other than 0 and 1")
    return tensors, metadata


def _saved_order(metadata, names):
    """The original entry order that ``sporetorch ckpt convert`` recorded, or None (absent or not a
    permutation of ``names``: then the file's own sorted order stands)."""
    try:
        order = json.loads(metadata.get(_ORDER_KEY, "null"))
    except (TypeError, ValueError):
        return None
    if isinstance(order, list) and len(order) == len(names) and set(order) == set(names):
        return order
    return None


def _read_safetensors(source, keep, crc_check, keep_order=False):
    """Read a safetensors file (path or BytesIO) into an OrderedDict ``{name: torch.Tensor}``, sorted by name
    as MindSpore returns it or, with ``keep_order``, in the order ``sporetorch ckpt convert`` recorded."""
    label = source if isinstance(source, str) else "<BytesIO>"
    tensors, metadata = _safetensors_load(source)
    out = OrderedDict()
    crc = 0
    for name in sorted(tensors):
        t = tensors[name]
        if t.dtype not in mstype._TORCH_TO_TYPE:
            raise ValueError(f"Failed to read the safetensors file {label}: the tensor '{name}' has the dtype "
                             f"{t.dtype}, which has no MindSpore equivalent")
        if crc_check:
            crc = _safetensors_crc(crc, name, t)
        if keep is None or keep(name):
            out[name] = t
    if crc_check:
        if metadata.get("crc_num") is None:
            _logger.warning("For 'load_checkpoint', the safetensors file %s does not contain a crc code.", label)
        elif str(crc) != metadata["crc_num"]:
            raise ValueError(f"For 'load_checkpoint', the crc check failed for the safetensors file {label}: "
                             "the file is damaged.")
    order = _saved_order(metadata, list(tensors)) if keep_order else None
    return out if order is None else OrderedDict((name, out[name]) for name in order if name in out)


def _check_load_file(ckpt_file_name, fmt):
    if fmt not in ("ckpt", "safetensors"):
        raise ValueError("For 'load_checkpoint', the format must be 'ckpt' or 'safetensors', "
                         f"but got {fmt!r}.")
    import io
    if isinstance(ckpt_file_name, io.BytesIO):
        if fmt == "ckpt":
            raise TypeError("ckpt don't support BytesIO as input type, please change to safetensors.")
        return ckpt_file_name
    if not isinstance(ckpt_file_name, str):
        raise TypeError(f"For 'load_checkpoint', the argument 'ckpt_file_name' must be str, "
                        f"but got {type(ckpt_file_name).__name__}.")
    if not ckpt_file_name.endswith(fmt):
        raise ValueError(f"For 'load_checkpoint', the checkpoint file format must same with 'format', but got "
                         f"file_name:'{ckpt_file_name}', format:'{fmt}'")
    path = os.path.realpath(ckpt_file_name)
    # mindcv saves with async_save=True, and a script may load the file it just saved: read it
    # once written, not the previous file or none (MindSpore 2.10 does not wait; its C++ writer
    # leaves a shorter window, which a loaded CI runner still hit).
    _wait_async_saves(path)
    if not os.path.exists(path):
        raise ValueError(f"For 'load_checkpoint', the checkpoint file: {path} does not exist, please check "
                         "whether the 'ckpt_file_name' is correct.")
    return path


def _as_parameter(name, data):
    if isinstance(data, str):
        return data
    dev = default_device()
    if data.device != dev:
        data = data.to(dev)
    return Parameter(data, name=name)


def load_checkpoint(ckpt_file_name, net=None, strict_load=False, filter_prefix=None, dec_key=None,
                    dec_mode="AES-GCM", specify_prefix=None, choice_func=None, crc_check=False,
                    remove_redundancy=False, format="ckpt"):
    """Load a checkpoint file into a dict ``{name: Parameter}`` (str entries stay str).

    Args:
        ckpt_file_name (str): a ``.ckpt`` file, or with ``format="safetensors"`` a
            ``.safetensors`` file or a ``BytesIO``.
        net (Cell): when given, the parameters are also loaded into it with
            ``load_param_into_net(net, ..., strict_load)``.
        filter_prefix, specify_prefix (Union[str, list, tuple]): deprecated name filters
            (they override ``choice_func``).
        choice_func (Callable[[str], bool]): load only the names for which it returns True.
        crc_check (bool): verify the CRC footer when the file has one.
        dec_key (bytes), dec_mode (str): decrypt a file saved with ``enc_key``/``enc_mode``
            (needs the optional ``cryptography`` package).
        format (str): ``"ckpt"`` or ``"safetensors"``.

    Raises:
        ValueError: the file is missing, truncated, corrupted, fails the CRC check, is not a
            checkpoint, or nothing is left after filtering. Nothing is loaded into ``net`` then.
    """
    specify_prefix = _check_prefix(specify_prefix)
    filter_prefix = _check_prefix(filter_prefix)
    _check_type("dec_key", dec_key, (type(None), bytes), "load_checkpoint")
    _check_type("dec_mode", dec_mode, (str,), "load_checkpoint")
    _check_type("crc_check", crc_check, (bool,), "load_checkpoint")
    _check_type("remove_redundancy", remove_redundancy, (bool,), "load_checkpoint")
    if format == "safetensors" and (dec_key is not None or dec_mode != "AES-GCM"):
        raise ValueError("For 'load_checkpoint', when format is 'safetensors', the parameters 'dec_key' and "
                         "'dec_mode' must keep their default values.")
    source = _check_load_file(ckpt_file_name, format)
    if dec_key is not None:
        _crypto.check_key("load_checkpoint", dec_key, dec_mode)
    keep = _selector(specify_prefix, filter_prefix, choice_func)
    if format == "safetensors":
        raw = _read_safetensors(source, keep, crc_check)
    else:
        raw = _read_ckpt(source, keep, crc_check, dec_key, dec_mode)
    if not raw:
        raise ValueError("The loaded parameter dict is empty after filter or specify, please check whether "
                         "'filter_prefix' or 'specify_prefix' are set correctly.")
    parameter_dict = {name: _as_parameter(name, data) for name, data in raw.items()}
    if net is not None:
        load_param_into_net(net, parameter_dict, strict_load, remove_redundancy)
    return parameter_dict


def load_segmented_checkpoints(ckpt_file_dir, net=None, strict_load=False, filter_prefix=None, dec_key=None,
                               dec_mode="AES-GCM", specify_prefix=None, choice_func=None):
    """Load every ``*.ckpt`` file of ``ckpt_file_dir`` (in name order) and return the merged
    dict (later files win); with ``net``, load the merged dict into it once, after every file
    has been read, so that a damaged file leaves ``net`` untouched."""
    if not isinstance(ckpt_file_dir, str):
        raise TypeError("The ckpt_file_dir should be a str.")
    if not os.path.isdir(ckpt_file_dir):
        raise ValueError(f"The checkpoint directory {ckpt_file_dir} doesn't exist, or it is not a directory.")
    parameter_dict = {}
    for name in sorted(os.listdir(ckpt_file_dir)):
        path = os.path.join(ckpt_file_dir, name)
        if name.endswith(".ckpt") and os.path.isfile(path):
            parameter_dict.update(load_checkpoint(path, None, strict_load, filter_prefix, dec_key, dec_mode,
                                                  specify_prefix, choice_func))
    if net is not None:
        load_param_into_net(net, parameter_dict, strict_load)
    return parameter_dict


class ParamDictFuture:
    """The result of ``load_checkpoint_async``; ``result()`` waits and returns the dict."""

    def __init__(self, executor, future):
        self._executor = executor
        self._future = future

    def result(self):
        try:
            return self._future.result()
        finally:
            self._executor.shutdown(wait=False)


def load_checkpoint_async(ckpt_file_name, net=None, strict_load=False, filter_prefix=None, dec_key=None,
                          dec_mode="AES-GCM", specify_prefix=None, choice_func=None):
    """Start ``load_checkpoint`` on a background thread; call ``.result()`` on the returned
    object to get the parameter dict (or the error). ``.safetensors`` files are recognised by name."""
    fmt = "safetensors" if isinstance(ckpt_file_name, str) and ckpt_file_name.endswith(".safetensors") else "ckpt"
    executor = ThreadPoolExecutor(max_workers=1)
    future = executor.submit(load_checkpoint, ckpt_file_name, net, strict_load, filter_prefix, dec_key,
                             dec_mode, specify_prefix, choice_func, format=fmt)
    return ParamDictFuture(executor, future)


# ---------------------------------------------------------------------------- load_param_into_net
def _shape_error(param, new):
    return RuntimeError(
        f"For 'load_param_into_net', {param.name} in the argument 'net' should have the same shape as "
        f"{param.name} in the argument 'parameter_dict'. But got its shape {param.shape} in the argument "
        f"'net' and shape {new.shape} in the argument 'parameter_dict'. May you need to check whether the "
        "checkpoint you loaded is correct or the batch size and so on in the 'net' and 'parameter_dict' are same.")


def _converted(param, new, strict_load):
    """Return the torch tensor to copy into ``param`` from ``new`` (cast / reshaped as MindSpore
    allows), or raise RuntimeError; never changes ``param``."""
    data = new._t
    if param.shape != new.shape:
        extra = new.shape[len(param.shape):]
        # Trailing size-1 axes (e.g. (12, 2048, 1, 1) -> (12, 2048)) are squeezed away.
        if len(new.shape) <= len(param.shape) or any(d != 1 for d in extra) \
                or new.shape[:len(param.shape)] != param.shape:
            raise _shape_error(param, new)
        data = data.reshape(param.shape)
    if param.dtype != new.dtype:
        pair = {param.dtype, new.dtype}
        if strict_load or not (pair <= set(mstype.float_type) or pair <= set(mstype.int_type)):
            raise RuntimeError(
                f"For 'load_param_into_net', {param.name} in the argument 'net' should have the same type as "
                f"{param.name} in the argument 'parameter_dict'. but got its type {param.dtype} in the argument "
                f"'net' and type {new.dtype} in the argument 'parameter_dict'. May you need to check whether "
                "the checkpoint you loaded is correct.")
        _logger.warning("For 'load_param_into_net', converting %s from %s to %s, the type of the Parameter in "
                        "the network.", param.name, new.dtype, param.dtype)
        data = data.to(param._t.dtype)
    return data


def _plan_copy(plan, param, new, strict_load):
    """Queue the copy of ``new`` into ``param``; False for str / map entries, which carry no
    tensor for a Parameter."""
    if not isinstance(new, Parameter):
        return False
    plan.append((param, _converted(param, new, strict_load)))
    return True


def _check_load_param_args(net, parameter_dict):
    if not isinstance(net, Cell):
        raise TypeError(f"For 'load_param_into_net', the argument 'net' should be a Cell, "
                        f"but got {type(net).__name__}.")
    if not isinstance(parameter_dict, dict):
        raise TypeError(f"For 'load_param_into_net', the argument 'parameter_dict' should be a dict, "
                        f"but got {type(parameter_dict).__name__}.")
    for key, value in parameter_dict.items():
        if not isinstance(key, str) or not isinstance(value, (Parameter, str, list)):
            raise TypeError("For 'parameter_dict', the element in the argument 'parameter_dict' should be a "
                            f"'str' and 'Parameter', but got {type(key).__name__} and {type(value).__name__}.")


def _plan_prefix_retry(net, parameter_dict, param_not_load, strict_load, plan):
    """MindSpore's retry for names saved under an extra prefix (``backbone.`` + ``conv.weight``)."""
    prefix_name = ""
    longest_name = param_not_load[0]
    while prefix_name != longest_name and param_not_load:
        prefix_name = longest_name
        for net_name in param_not_load:
            for dict_name in parameter_dict:
                if dict_name.endswith(net_name):
                    prefix_name = dict_name[:-len(net_name)]
                    break
            if prefix_name != longest_name:
                break
        if prefix_name == longest_name:
            break
        _logger.warning("For 'load_param_into_net', remove parameter prefix name: %s, continue to load.",
                        prefix_name)
        for _, param in net.parameters_and_names():
            candidate = prefix_name + param.name
            if param.name in param_not_load and candidate in parameter_dict \
                    and _plan_copy(plan, param, parameter_dict[candidate], strict_load):
                param_not_load.remove(param.name)


def load_param_into_net(net, parameter_dict, strict_load=False, remove_redundancy=False):
    """Copy the values of ``parameter_dict`` into the Parameters of ``net`` with the same names.

    Args:
        net (Cell): the network.
        parameter_dict (dict): ``{name: Parameter}``, e.g. from ``load_checkpoint``.
        strict_load (bool): when False, float↔float and int↔int dtype differences are cast to
            the network's dtype, and names missing from the dict are retried with the prefix
            that makes some dict name end with them. When True, dtypes must match exactly.
        remove_redundancy (bool): MindSpore's data-parallel deduplication; only False is supported.

    Returns:
        tuple(list, list): ``(param_not_load, ckpt_not_load)`` — the network names that got no
        value and the dict names that were not matched by name.

    Raises:
        TypeError: bad argument types. RuntimeError: a shape or dtype that cannot be loaded;
        in that case no Parameter of ``net`` has been changed.

    Parameter names, ``requires_grad`` and dtypes of ``net`` are kept; values are copied in place.
    """
    _check_load_param_args(net, parameter_dict)
    _check_bool("strict_load", strict_load, "load_param_into_net")
    _check_type("remove_redundancy", remove_redundancy, (bool,), "load_param_into_net")
    if remove_redundancy:
        raise TypeError("The deduplication feature for loading checkpoint can only be used in parallel "
                        "scenarios, but got stand_alone.")
    param_not_load = []
    ckpt_not_load = list(parameter_dict.keys())
    plan = []
    for _, param in net.parameters_and_names():
        name = param.name
        if name in parameter_dict:
            if _plan_copy(plan, param, parameter_dict[name], strict_load):
                ckpt_not_load.remove(name)
        elif not name.startswith("accu_grads"):
            param_not_load.append(name)
    if param_not_load and not strict_load:
        _plan_prefix_retry(net, parameter_dict, param_not_load, strict_load, plan)

    with torch.no_grad():
        for param, data in plan:
            param._t.copy_(data)
    if param_not_load:
        _logger.warning("For 'load_param_into_net', %d parameters in the 'net' are not loaded: %s",
                        len(param_not_load), param_not_load)
    return param_not_load, ckpt_not_load


# ---------------------------------------------------------------------------- format conversion
def _convert_one(src, dst_dir, name_map, src_fmt, dst_fmt):
    params = load_checkpoint(src, format=src_fmt)
    if name_map is not None:
        params = {name_map.get(k, k): v for k, v in params.items()}
    base = os.path.basename(src).replace("." + src_fmt, "." + dst_fmt)
    save_checkpoint(params, os.path.join(dst_dir, base), format=dst_fmt)


def _convert_checkpoint_files(func, file_path, save_path, name_map, file_name_regex, src_fmt, dst_fmt):
    import re
    if not isinstance(file_path, str) or not (os.path.isdir(file_path) or os.path.isfile(file_path)):
        raise ValueError(f"For {func}, the input path must be a valid path or file, but got {file_path}")
    if save_path and os.path.splitext(save_path)[1]:
        raise ValueError(f"For {func}, the save_path must be a directory, but got '{save_path}'")
    if name_map is not None and not isinstance(name_map, dict):
        raise ValueError(f"For {func}, the type of 'name_map' must be a dict, but got '{type(name_map).__name__}'")
    suffix = "." + src_fmt
    if os.path.isfile(file_path):
        if not file_path.endswith(suffix):
            raise ValueError(f"For {func}, the input file must be a {suffix} file, but got {file_path}")
        if file_name_regex is not None and not re.findall(file_name_regex, file_path):
            raise ValueError(f"For {func}, the input file does not match the regular expression.")
        dst_dir = save_path or os.path.dirname(os.path.abspath(file_path))
        os.makedirs(dst_dir, exist_ok=True)
        _convert_one(file_path, dst_dir, name_map, src_fmt, dst_fmt)
        return
    rank_dirs = sorted(d for d in os.listdir(file_path)
                       if d.startswith("rank") and os.path.isdir(os.path.join(file_path, d)))
    if not rank_dirs:
        raise ValueError(f"For '{func}', no directories starting with 'rank' found in {file_path}.")
    for rank_dir in rank_dirs:
        src_dir = os.path.join(file_path, rank_dir)
        dst_dir = os.path.join(save_path, rank_dir) if save_path else src_dir
        os.makedirs(dst_dir, exist_ok=True)
        for fname in sorted(os.listdir(src_dir)):
            if fname.endswith(suffix) and (file_name_regex is None or re.search(file_name_regex, fname)):
                _convert_one(os.path.join(src_dir, fname), dst_dir, name_map, src_fmt, dst_fmt)


def ckpt_to_safetensors(file_path, save_path=None, name_map=None, file_name_regex=None, processes_num=1):
    """Convert a ``.ckpt`` file (or the ``rank*/`` folders of a directory) to ``.safetensors``.

    ``name_map`` renames parameters; files go to ``save_path`` (a folder) or beside the
    source. ``processes_num`` is accepted for compatibility; files are converted in turn.
    """
    _convert_checkpoint_files("ckpt_to_safetensors", file_path, save_path, name_map, file_name_regex,
                              "ckpt", "safetensors")


def safetensors_to_ckpt(file_path, save_path=None, name_map=None, file_name_regex=None, processes_num=1):
    """Convert a ``.safetensors`` file (or the ``rank*/`` folders of a directory) to ``.ckpt``."""
    _convert_checkpoint_files("safetensors_to_ckpt", file_path, save_path, name_map, file_name_regex,
                              "safetensors", "ckpt")


def _load_dismatch_prefix_params(net, parameter_dict, param_not_load, strict_load):
    """MindSpore's private retry of ``load_param_into_net`` (mindone calls it): load the Parameters named
    in ``param_not_load`` from ``parameter_dict`` entries saved under an extra prefix, and remove the
    loaded names from ``param_not_load`` in place."""
    plan = []
    _plan_prefix_retry(net, parameter_dict, param_not_load, strict_load, plan)
    with torch.no_grad():
        for param, data in plan:
            param._t.copy_(data)
    for param, _ in plan:
        if hasattr(param, "init_param") and not param.init_param:
            param.init_param = True


# ------------------------------------------------------------- MindSpore 2.10's small serialization helpers
_tensor_to_np_type = {"Int8": np.int8, "UInt8": np.uint8, "Int16": np.int16, "UInt16": np.uint16,
                      "Int32": np.int32, "UInt32": np.uint32, "Int64": np.int64, "UInt64": np.uint64,
                      "Float16": np.float16, "Float32": np.float32, "Float64": np.float64, "Bool": np.bool_,
                      "str": "U"}


def tensor_to_np_type(tensor_type_str):
    """The numpy type of a checkpoint's ``tensor_type`` string (``"Float32"`` -> ``np.float32``); None for an
    unknown one. NumPy has no bfloat16 here, so ``"BFloat16"`` raises TypeError as MindSpore does without one."""
    if tensor_type_str == "BFloat16":
        raise TypeError("The Numpy bfloat16 data type is not supported now, please ensure that the current Numpy "
                        "version is not less than the version when the mindspore is compiled, and the major "
                        "versions are same.")
    return _tensor_to_np_type.get(tensor_type_str)


def _check_param_type(param_config, key, target_type, requested):
    """``param_config[key]`` checked to be a ``target_type``; None when absent and not ``requested``."""
    if key in param_config:
        if not isinstance(param_config[key], target_type):
            raise TypeError(f"The type of {key} must be {target_type}, but got {type(param_config[key])}.")
        return param_config[key]
    if requested:
        raise ValueError(f"The parameter {key} is requested, but not got.")
    return None


def _is_buffer_type(value):
    """Whether ``value`` is a Tensor marked as a Cell buffer."""
    return isinstance(value, Tensor) and bool(getattr(value, "_is_buffer", False))


def _check_key_mode_type(file_format, **kwargs):
    """``(enc_key, enc_mode)`` of an export's keyword arguments, checked (``enc_mode`` defaults to AES-GCM;
    a callable is a custom cipher)."""
    enc_key = kwargs.get("enc_key")
    if not isinstance(enc_key, bytes):
        raise TypeError(f"For 'enc_key', the type must be bytes, but got {type(enc_key).__name__}.")
    enc_mode = kwargs.get("enc_mode")
    if callable(enc_mode):
        return enc_key, enc_mode
    enc_mode = "AES-GCM"
    if "enc_mode" in kwargs:
        enc_mode = kwargs["enc_mode"]
        if not isinstance(enc_mode, str):
            raise TypeError(f"For 'enc_mode', the type must be str, but got {type(enc_mode).__name__}.")
    if file_format in ("AIR", "ONNX"):
        raise ValueError(f"AIR/ONNX only support customized encryption, but got {enc_mode}.")
    if enc_mode in ("AES-CBC", "AES-GCM", "SM4-CBC"):
        return enc_key, enc_mode
    raise ValueError(f"MindIR only support AES-GCM/AES-CBC/SM4-CBC encryption, but got {enc_mode}")


def _reshape_tensor(tensor, dst_shape):
    """``tensor`` reshaped to ``dst_shape`` (a new Tensor of its dtype)."""
    return Tensor(tensor.asnumpy().reshape(dst_shape), tensor.dtype)


class _CheckpointProtobufSizeError(ValueError):
    """A checkpoint's protobuf content is larger than the memory available to read it."""


def _type_convert(param, new_param, strict_load):
    """Whether loading ``new_param`` into ``param`` converts its dtype: only without ``strict_load`` and
    within the float types or within the signed int types."""
    float_type = {mstype.float16, mstype.float32, mstype.float64, mstype.bfloat16}
    int_type = {mstype.int8, mstype.int16, mstype.int32, mstype.int64}
    pair = {param.data.dtype, new_param.data.dtype}
    if not strict_load and (pair <= float_type or pair <= int_type):
        _logger.warning(f"The type of {new_param.name}:{new_param.data.dtype} in 'parameter_dict' is different from "
                       f"the type of it in 'net':{param.data.dtype}, then the type convert from "
                       f"{new_param.data.dtype} to {param.data.dtype} in the network. May consume additional memory "
                       f"and time")
        return True
    return False


# MindSpore 2.10's private helpers of this module, adapters over the writer and reader above.
from ._serialization_internals import (  # noqa: E402,F401 - re-exported at MindSpore's path
    _async_process_save, _async_save_close, _calculation_net_size, _change_file, _check_async_save,
    _check_checkpoint_file_size, _check_checkpoint_protobuf_size, _check_file, _check_load_checkpoint_unsupported_param,
    _check_load_param_into_net, _check_param_for_integrate_save, _check_remove_redundancy,
    _check_remove_redundancy_net, _check_save_checkpoint_unsupported_param, _check_save_obj_and_ckpt_file_name,
    _checkpoint_protobuf_memory_error, _convert_cell_param_and_names_to_dict, _convert_cell_to_param_list,
    _convert_checkpoint_file, _convert_dict_to_param_dict, _convert_list_to_param_list,
    _convert_save_obj_to_param_list, _encrypt_data, _ensure_ckpt_fs_initialized, _exec_save, _export,
    _gather_all_tasks, _generate_front_info_for_param_data_file, _get_available_memory, _get_cur_rank_dp,
    _get_data_file, _get_merged_param_data, _handle_shared_param_for_pipeline_parallel, _is_auto_parallel_mode, _load_ckpt_into_param_dict,
    _load_file_and_convert_name, _load_into_param_dict, _load_map_parameter, _load_safetensors_into_param_dict,
    _parse_ckpt_proto, _process_file, _save_dataset_to_mindir, _save_graph, _save_mindir_together, _save_onnx,
    _save_param_list_data, _save_together, _save_weight, _split_save, _special_process_par, _update_param,
    _wait_async_process_save_ckpt, _wait_async_thread_save_ckpt, _warm_up_host_cache, _warm_up_host_cache_enabled,
    _warm_up_host_cache_post_process, _whether_load_param, _write_parameter_bytes_data, _write_parameter_data,
    init_ckpt_file_system)
